"""Setup › Players & seats: the lobby (``/setup/seats``) and a seating's table
(``/setup/seats/<id>``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.ui.context import AppContext
    from companion.ui.screen import Screen


def open_seats(ctx: AppContext, rest: list[str]) -> Screen:
    """The tool's screen for ``rest``, the route after its own (see
    :func:`~companion.ui.kit.tool_entry.table_tool`)."""
    # Imported when the tool opens: importing the tool's flet-free model (which loads this
    # package first) must not load its screens.
    from companion.ui.kit.tool_entry import table_tool
    from companion.ui.seats.lobby import ROUTE, SeatsLobby
    from companion.ui.seats.model import TOOL_ID
    from companion.ui.seats.screen import SeatsTableView

    return table_tool(ROUTE, TOOL_ID, SeatsLobby, SeatsTableView)(ctx, rest)


__all__ = ["open_seats"]
