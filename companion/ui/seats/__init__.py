"""Setup › Players & seats: the lobby (``/setup/seats``) and a seating's table
(``/setup/seats/<id>``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.seats import TABLE_RULES

if TYPE_CHECKING:
    from companion.ui.context import AppContext
    from companion.ui.screen import Screen


TOOL_ID = TABLE_RULES.tool
ROUTE = "/setup/seats"


def table_route(table_id: int) -> str:
    return f"{ROUTE}/{table_id}"


def open_seats(ctx: AppContext, rest: list[str]) -> Screen:
    """The tool's screen for ``rest``, the route after its own (see
    :func:`~companion.ui.kit.tool_entry.table_tool`)."""
    # Imported when the tool opens: importing the tool's flet-free model (which loads this
    # package first) must not load its screens.
    from companion.ui.kit.tool_entry import table_tool
    from companion.ui.seats.lobby import SeatsLobby
    from companion.ui.seats.screen import SeatsScreen

    return table_tool(ROUTE, SeatsLobby, SeatsScreen)(ctx, rest)


__all__ = ["ROUTE", "TOOL_ID", "open_seats", "table_route"]
