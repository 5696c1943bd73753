"""Setup › Players & seats: the lobby (``/setup/seats``) and a seating's table
(``/setup/seats/<id>``)."""

from __future__ import annotations

from companion.ui.logic.seats import TOOL_ID
from companion.ui.views.seats.lobby import ROUTE, SeatsLobby, table_route
from companion.ui.views.seats.table import SeatsTableView
from companion.ui.views.tool_entry import table_tool

open_seats = table_tool(ROUTE, TOOL_ID, SeatsLobby, SeatsTableView)


__all__ = ["ROUTE", "SeatsLobby", "SeatsTableView", "open_seats", "table_route"]
