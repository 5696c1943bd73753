"""Rules: search every game's quick reference, browse it by topic, read an entry
(:mod:`.screen`); what it shows, without flet, is :mod:`.model`."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.ui.context import AppContext
    from companion.ui.screen import Screen

ROUTE = "/rules"


def open_rules(ctx: AppContext, rest: list[str]) -> Screen:
    """``/rules``, ``/rules/<entry id>`` or ``/rules/topic/<game>/<topic>``."""
    # Imported when the screen opens: importing the flet-free model (which loads this
    # package first) must not load the screens.
    from companion import reference
    from companion.ui.rules.model import search
    from companion.ui.rules.screen import RulesHome, entry_screen, topic_screen
    from companion.ui.screen import RouteNotFound

    if not rest:
        return RulesHome(ctx).build()
    if len(rest) == 1:
        try:
            return entry_screen(ctx, reference.entry(rest[0]))
        except KeyError:
            raise RouteNotFound(f"{ROUTE}/{rest[0]}") from None
    if len(rest) == 3 and rest[0] == "topic":
        try:
            return topic_screen(ctx, search.topic(rest[1], rest[2]))
        except (KeyError, ValueError):
            raise RouteNotFound(f"{ROUTE}/" + "/".join(rest)) from None
    raise RouteNotFound(f"{ROUTE}/" + "/".join(rest))


__all__ = ["ROUTE", "open_rules"]
