"""History: the plays newest first with filters (:mod:`.plays`, :mod:`.filters`), a play's
page with delete and undo (:mod:`.play`), editing it on the score pad (:mod:`.edit`), the
statistics with charts (:mod:`.stats`, :mod:`.charts`), and export and import
(:mod:`.exchange`). What the screens say and decide is :mod:`companion.ui.logic.history`."""

from __future__ import annotations

from companion.ui.context import AppContext
from companion.ui.screen import RouteNotFound, Screen
from companion.ui.views.history.edit import open_edit
from companion.ui.views.history.play import PlayDetailView
from companion.ui.views.history.plays import PlaysView
from companion.ui.views.history.stats import StatsView


def open_history(ctx: AppContext, rest: list[str]) -> Screen:
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
    raise RouteNotFound("/history/" + "/".join(rest))


__all__ = ["PlayDetailView", "PlaysView", "StatsView", "open_edit", "open_history"]
