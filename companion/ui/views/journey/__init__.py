"""Calculators › Merchant's Journey: the games in progress, a new game, and a game's table.

``/calculators/journey`` lists the games in progress (resume, finish, abandon) and seats the
players of a new one (:mod:`~companion.ui.views.journey.lobby`).
``/calculators/journey/<table id>`` is a shared table: every device on it sees every move
live (:mod:`~companion.ui.views.journey.table`, built from its parts: ``status``, ``picker``,
``rows``, ``last_move``, ``swaps``, ``moves``, ``final``).
"""

from __future__ import annotations

from companion.ui.views.journey.base import ROUTE, TOOL_ID, table_route
from companion.ui.views.journey.lobby import JourneyLobby
from companion.ui.views.journey.table import JourneyTableView
from companion.ui.views.tool_entry import table_tool

# While Journey were its section's only tool the shell would hand over the tool id too.
open_journey = table_tool(ROUTE, TOOL_ID, JourneyLobby, JourneyTableView, section_tool=TOOL_ID)


__all__ = ["ROUTE", "JourneyLobby", "JourneyTableView", "open_journey", "table_route"]
