"""Calculators › Mercante: games on shared tables, every phone at the table seeing each move.

Routes (under ``/calculators/mercante``):

- ``/calculators/mercante``: the games in progress (resume, finish, abandon) and a new game;
- ``/calculators/mercante/<table id>[/<tab>]``: one game, tab ``calendar`` (the default),
  ``turn`` (upkeep, the shipment auction and the agents; ``upkeep`` still leads there),
  ``sale``, ``setup`` or ``end`` (the final tally);
- ``/calculators/mercante/events`` (or ``.../<table id>/events``): the group's own event cards,
  with ``events/new``, ``events/<id>`` and ``events/copy/<rulebook card id>``.

The addresses of the single game an older version kept (``/calculators/mercante/sale``...)
open the list of games, where that game is waiting as a table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.mercante import TABLE_RULES

if TYPE_CHECKING:
    from companion.ui.context import AppContext
    from companion.ui.screen import Screen

TOOL_ID = TABLE_RULES.tool
ROUTE = "/calculators/mercante"


def route(rest: str = "") -> str:
    """A route of the tool that belongs to no table (``events``, ``events/new``)."""
    return f"{ROUTE}/{rest}" if rest else ROUTE


def table_route(table_id: int, tab: str | None = None) -> str:
    """``/calculators/mercante/<id>`` (the calendar) or ``.../<id>/<tab>``."""
    return f"{ROUTE}/{table_id}" + (f"/{tab}" if tab else "")


def open_mercante(ctx: AppContext, rest: list[str]) -> Screen:
    """The tool's screen for ``rest``, the route after its own (see
    :func:`~companion.ui.kit.tool_entry.table_tool`)."""
    # Imported when the tool opens: importing the tool's flet-free model (which loads this
    # package first) must not load its screens.
    from companion.ui.kit.tool_entry import table_tool
    from companion.ui.mercante.lobby import MercanteLobby
    from companion.ui.mercante.model import TAB_ALIASES
    from companion.ui.mercante.parts.events import open_events
    from companion.ui.mercante.screen import VIEWS, tab_of, tab_page

    def events_or_old(ctx: AppContext, rest: list[str]) -> Screen | None:
        """The event cards (``events...``, ``<table id>/events...``), and an old address of
        the single saved game (``<tab>``), which opens the lobby."""
        head, tail = rest[0], rest[1:]
        if head == "events":
            return open_events(ctx, tail)
        if not tail and tab_of(head) is not None:
            return MercanteLobby(ctx).build()
        if head.isdigit() and int(head) > 0 and tail[:1] == ["events"]:
            return open_events(ctx, tail[1:], int(head))
        return None

    return table_tool(
        ROUTE,
        MercanteLobby,
        tab_page("calendar"),
        pages={name: tab_page(tab) for name in (*VIEWS, *TAB_ALIASES) if (tab := tab_of(name))},
        other=events_or_old,
    )(ctx, rest)


__all__ = ["ROUTE", "TOOL_ID", "open_mercante", "route", "table_route"]
