"""Calculators › The Bard (Entertainer): the best Swan Song in one tap, and every song
location by location, on a table every phone shares.

- :mod:`~companion.ui.views.bard.lobby` — ``/calculators/bard``: tables in progress, a new one;
- :mod:`~companion.ui.views.bard.table` — ``/calculators/bard/<id>``: one table, built once and
  rendered in place, made of
  :mod:`~companion.ui.views.bard.board` (the board, entered once),
  :mod:`~companion.ui.views.bard.tableau` (the cards and the song's numbers),
  :mod:`~companion.ui.views.bard.plans` ("Best song" and its plan cards),
  :mod:`~companion.ui.views.bard.stop` (a location of the song, sung or being typed),
  :mod:`~companion.ui.views.bard.totals` (the Boast, the total, the helpers), with the
  small shared pieces of :mod:`~companion.ui.views.bard.parts`.
"""

from __future__ import annotations

from companion.tables import TableNotFound
from companion.ui.context import AppContext
from companion.ui.screen import RouteNotFound, Screen
from companion.ui.views.bard.lobby import BardLobby
from companion.ui.views.bard.table import ROUTE, TOOL_ID, BardTableView, table_route


def open_bard(ctx: AppContext, rest: list[str]) -> Screen:
    # As the section's only tool the shell would hand over the path after the section.
    if rest[:1] == [TOOL_ID]:
        rest = rest[1:]
    if not rest:
        return BardLobby(ctx).build()
    if len(rest) == 1 and rest[0].isdigit() and int(rest[0]) > 0:
        try:
            view = BardTableView(ctx, int(rest[0]))
        except TableNotFound:
            raise RouteNotFound(f"{ROUTE}/{rest[0]}") from None
        if view.live.snapshot.info.tool != TOOL_ID:
            view.live.close()
            raise RouteNotFound(f"{ROUTE}/{rest[0]}")
        return view.build()
    raise RouteNotFound(f"{ROUTE}/{'/'.join(rest)}")


__all__ = ["ROUTE", "BardLobby", "BardTableView", "open_bard", "table_route"]
