"""Settings: theme, the access code, BG Stats, house rules and rulings (:mod:`.screen`, with
the BG Stats section in :mod:`.parts.bgstats` over :mod:`.model.bgstats`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.ui.context import AppContext
    from companion.ui.screen import Screen

ROUTE = "/settings"


def ruling_route(ruling_id: str) -> str:
    """Settings with one ruling opened."""
    return f"{ROUTE}/rulings/{ruling_id}"


def open_settings(ctx: AppContext, rest: list[str]) -> Screen:
    """``/settings``, or ``/settings/rulings/<id>`` with that ruling opened."""
    # Imported when the screen opens: importing the flet-free model (which loads this
    # package first) must not load the screens.
    from companion.rules.renamed import current_ruling_ids
    from companion.ui.screen import RouteNotFound
    from companion.ui.settings.screen import SettingsView

    if not rest:
        return SettingsView(ctx).build()
    if len(rest) == 2 and rest[0] == "rulings":
        # An address kept from before a ruling was renamed opens the ruling by its new id.
        [ruling_id] = current_ruling_ids([rest[1]])
        try:
            ctx.catalogue.ruling(ruling_id)
        except KeyError:
            raise RouteNotFound(f"{ROUTE}/" + "/".join(rest)) from None
        return SettingsView(ctx, focus=ruling_id).build()
    raise RouteNotFound(f"{ROUTE}/" + "/".join(rest))


__all__ = ["ROUTE", "open_settings", "ruling_route"]
