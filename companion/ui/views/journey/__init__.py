"""Calculators › Merchant's Journey: the games in progress, a new game, and a game's table.

``/calculators/journey`` lists the games in progress (resume, finish, abandon) and seats the
players of a new one (:mod:`~companion.ui.views.journey.lobby`).
``/calculators/journey/<table id>`` is a shared table: every device on it sees every move
live (:mod:`~companion.ui.views.journey.table`, built from its parts: ``status``, ``picker``,
``rows``, ``last_move``, ``swaps``, ``moves``, ``final``).
"""

from __future__ import annotations

from companion.tables import TableNotFound
from companion.ui.context import AppContext
from companion.ui.screen import RouteNotFound, Screen
from companion.ui.views.journey.base import ROUTE, TOOL_ID, table_route
from companion.ui.views.journey.lobby import JourneyLobby
from companion.ui.views.journey.table import JourneyTableView


def open_journey(ctx: AppContext, rest: list[str]) -> Screen:
    # While this were the section's only tool the shell would hand over the tool id too.
    if rest[:1] == [TOOL_ID]:
        rest = rest[1:]
    if not rest:
        return JourneyLobby(ctx).build()
    if len(rest) == 1 and rest[0].isdigit() and int(rest[0]) > 0:
        try:
            view = JourneyTableView(ctx, int(rest[0]))
        except TableNotFound:
            raise RouteNotFound(f"{ROUTE}/{rest[0]}") from None
        if view.live.snapshot.info.tool != TOOL_ID:
            view.live.close()
            raise RouteNotFound(f"{ROUTE}/{rest[0]}")
        return view.build()
    raise RouteNotFound(f"{ROUTE}/{'/'.join(rest)}")


__all__ = ["ROUTE", "JourneyLobby", "JourneyTableView", "open_journey", "table_route"]
