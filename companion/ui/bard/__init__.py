"""Calculators › The Bard (Entertainer): the best Swan Song in one tap, and every song
location by location, on a table every phone shares.

- :mod:`~companion.ui.bard.lobby` — ``/calculators/bard``: tables in progress, a new one;
- :mod:`~companion.ui.bard.screen` — ``/calculators/bard/<id>``: one table, built once and
  rendered in place, made of
  :mod:`~companion.ui.bard.parts.board` (the board, entered once),
  :mod:`~companion.ui.bard.parts.tableau` (the cards and the song's numbers),
  :mod:`~companion.ui.bard.parts.plans` ("Best song" and its plan cards),
  :mod:`~companion.ui.bard.parts.stop` (a location of the song, sung or being typed),
  :mod:`~companion.ui.bard.parts.totals` (the Boast, the total, the helpers), with the
  small shared pieces of :mod:`~companion.ui.bard.parts`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.bard import TABLE_RULES

if TYPE_CHECKING:
    from companion.ui.context import AppContext
    from companion.ui.screen import Screen


TOOL_ID = TABLE_RULES.tool
ROUTE = "/calculators/bard"


def table_route(table_id: int) -> str:
    return f"{ROUTE}/{table_id}"


def open_bard(ctx: AppContext, rest: list[str]) -> Screen:
    """The tool's screen for ``rest``, the route after its own (see
    :func:`~companion.ui.kit.tool_entry.table_tool`)."""
    # Imported when the tool opens: importing the tool's flet-free model (which loads this
    # package first) must not load its screens.
    from companion.ui.bard.lobby import BardLobby
    from companion.ui.bard.screen import BardScreen
    from companion.ui.kit.tool_entry import table_tool

    return table_tool(ROUTE, BardLobby, BardScreen)(ctx, rest)


__all__ = ["ROUTE", "TOOL_ID", "open_bard", "table_route"]
