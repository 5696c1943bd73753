"""Calculators › Merchant's Journey: the games in progress, a new game, and a game's table.

``/calculators/journey`` lists the games in progress (resume, finish, abandon) and seats the
players of a new one (:mod:`~companion.ui.journey.lobby`).
``/calculators/journey/<table id>`` is a shared table: every device on it sees every move
live (:mod:`~companion.ui.journey.screen`, built from its parts: ``status``, ``picker``,
``rows``, ``last_move``, ``swaps``, ``moves``, ``final``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.ui.context import AppContext
    from companion.ui.screen import Screen


def open_journey(ctx: AppContext, rest: list[str]) -> Screen:
    """The tool's screen for ``rest``, the route after its own (see
    :func:`~companion.ui.kit.tool_entry.table_tool`)."""
    # Imported when the tool opens: importing the tool's flet-free model (which loads this
    # package first) must not load its screens.
    from companion.ui.journey.lobby import JourneyLobby
    from companion.ui.journey.parts.base import ROUTE, TOOL_ID
    from companion.ui.journey.screen import JourneyTableView
    from companion.ui.kit.tool_entry import table_tool

    # While Journey were its section's only tool the shell would hand over the tool id too.
    return table_tool(ROUTE, TOOL_ID, JourneyLobby, JourneyTableView, section_tool=TOOL_ID)(
        ctx, rest
    )


__all__ = ["open_journey"]
