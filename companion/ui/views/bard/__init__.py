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

from companion.ui.views.bard.lobby import BardLobby
from companion.ui.views.bard.table import ROUTE, TOOL_ID, BardTableView, table_route
from companion.ui.views.tool_entry import table_tool

# While the Bard were its section's only tool the shell would hand over the tool id too.
open_bard = table_tool(ROUTE, TOOL_ID, BardLobby, BardTableView, section_tool=TOOL_ID)


__all__ = ["ROUTE", "BardLobby", "BardTableView", "open_bard", "table_route"]
