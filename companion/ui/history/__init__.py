"""History: the plays newest first with filters (:mod:`.plays`, :mod:`.filters`), a play's
page with delete and undo (:mod:`.play`), editing it on the score pad (:mod:`.edit`), the
statistics with charts (:mod:`.stats`, :mod:`.charts`), and export and import
(:mod:`.exchange`). What the screens say and decide is :mod:`companion.ui.history.model`."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.ui.context import AppContext
    from companion.ui.screen import Screen

ROUTE = "/history"
STATS_ROUTE = f"{ROUTE}/stats"


def play_route(play_id: int) -> str:
    """A saved play's page."""
    return f"{ROUTE}/play/{play_id}"


def edit_route(play_id: int) -> str:
    """A saved play on the score pad, being edited."""
    return f"{play_route(play_id)}/edit"


def open_history(ctx: AppContext, rest: list[str]) -> Screen:
    """``/history`` (the plays), ``/history/stats``, ``/history/play/<id>[/edit]``."""
    # Imported when the tool opens: importing the tool's flet-free model (which loads this
    # package first) must not load its screens.
    from companion.ui.history.parts.edit import open_edit
    from companion.ui.history.parts.play import PlayDetailView
    from companion.ui.history.parts.stats import StatsView
    from companion.ui.history.screen import PlaysView
    from companion.ui.screen import RouteNotFound

    if not rest:
        return PlaysView(ctx).build()
    if rest == ["stats"]:
        return StatsView(ctx).build()
    if len(rest) in (2, 3) and rest[0] == "play" and rest[1].isdigit():
        play_id = int(rest[1])
        if len(rest) == 2:
            return PlayDetailView(ctx, play_id).build()
        if rest[2] == "edit":
            return open_edit(ctx, play_id)
    raise RouteNotFound(f"{ROUTE}/" + "/".join(rest))


__all__ = ["ROUTE", "STATS_ROUTE", "edit_route", "open_history", "play_route"]
