"""Calculators › Merchant's Journey: the games in progress, a new game, and a game's table.

``/calculators/journey`` lists the games in progress (resume, finish, abandon) and seats the
players of a new one (:mod:`~companion.ui.journey.lobby`).
``/calculators/journey/<table id>`` is a shared table: every device on it sees every move
live (:mod:`~companion.ui.journey.screen`, built from its parts: ``status``, ``picker``,
``rows``, ``last_move``, ``swaps``, ``moves``, ``final``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.journey import TABLE_RULES

if TYPE_CHECKING:
    from companion.ui.context import AppContext
    from companion.ui.screen import Screen

TOOL_ID = TABLE_RULES.tool
ROUTE = "/calculators/journey"


def table_route(table_id: int) -> str:
    return f"{ROUTE}/{table_id}"


def open_journey(ctx: AppContext, rest: list[str]) -> Screen:
    """The tool's screen for ``rest``, the route after its own (see
    :func:`~companion.ui.kit.tool_entry.table_tool`)."""
    # Imported when the tool opens: importing the tool's flet-free model (which loads this
    # package first) must not load its screens.
    from companion.ui.journey.lobby import JourneyLobby
    from companion.ui.journey.screen import JourneyScreen
    from companion.ui.kit.tool_entry import table_tool

    return table_tool(ROUTE, JourneyLobby, JourneyScreen)(ctx, rest)


__all__ = ["ROUTE", "TOOL_ID", "open_journey", "table_route"]
