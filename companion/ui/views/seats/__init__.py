"""Setup › Players & seats: the lobby (``/setup/seats``) and a seating's table
(``/setup/seats/<id>``)."""

from __future__ import annotations

from companion.tables import TableNotFound
from companion.ui.context import AppContext
from companion.ui.logic.seats import TOOL_ID
from companion.ui.screen import RouteNotFound, Screen
from companion.ui.views.seats.lobby import ROUTE, SeatsLobby, table_route
from companion.ui.views.seats.table import SeatsTableView


def open_seats(ctx: AppContext, rest: list[str]) -> Screen:
    if not rest:
        return SeatsLobby(ctx).build()
    if len(rest) == 1 and rest[0].isdigit() and int(rest[0]) > 0:
        try:
            view = SeatsTableView(ctx, int(rest[0]))
        except TableNotFound:
            raise RouteNotFound(f"{ROUTE}/{rest[0]}") from None
        if view.live.snapshot.info.tool != TOOL_ID:
            view.live.close()
            raise RouteNotFound(f"{ROUTE}/{rest[0]}")
        return view.build()
    raise RouteNotFound(f"{ROUTE}/{'/'.join(rest)}")


__all__ = ["ROUTE", "SeatsLobby", "SeatsTableView", "open_seats", "table_route"]
