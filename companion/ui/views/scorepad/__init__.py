"""Score › Score pad: the lobby (``/score``) and a pad being filled in (``/score/<id>``).
:class:`ScorePadView` also edits a saved play (History › Edit)."""

from __future__ import annotations

from companion.tables import TableNotFound
from companion.ui.context import AppContext
from companion.ui.logic.scorepad import TOOL_ID
from companion.ui.screen import RouteNotFound, Screen
from companion.ui.views.scorepad.lobby import ROUTE, ScorePadLobby, pad_route
from companion.ui.views.scorepad.pad import ScorePadView, field_col


def open_scorepad(ctx: AppContext, rest: list[str]) -> Screen:
    # While this is the section's only tool the shell hands over the tool id too.
    if rest[:1] == ["pad"]:
        rest = rest[1:]
    if not rest:
        return ScorePadLobby(ctx).build()
    if len(rest) == 1 and rest[0].isdigit() and int(rest[0]) > 0:
        try:
            view = ScorePadView(ctx, table_id=int(rest[0]))
        except TableNotFound:
            raise RouteNotFound(f"{ROUTE}/{rest[0]}") from None
        live = view.live
        if live is not None and live.snapshot.info.tool != TOOL_ID:
            live.close()
            raise RouteNotFound(f"{ROUTE}/{rest[0]}")
        return view.build()
    raise RouteNotFound(f"{ROUTE}/{'/'.join(rest)}")


__all__ = ["ROUTE", "ScorePadLobby", "ScorePadView", "field_col", "open_scorepad", "pad_route"]
