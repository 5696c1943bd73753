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

from collections.abc import Callable
from typing import Protocol

from companion.tables import TableNotFound
from companion.ui.context import AppContext
from companion.ui.logic.mercante import TAB_ALIASES, TABS
from companion.ui.screen import RouteNotFound, Screen
from companion.ui.views.mercante.base import BASE, TOOL_ID, MercanteSession, table_route
from companion.ui.views.mercante.calendar import CalendarView
from companion.ui.views.mercante.events import open_events
from companion.ui.views.mercante.new_game import MercanteLobby
from companion.ui.views.mercante.sale import SaleTab
from companion.ui.views.mercante.setup import SetupTab
from companion.ui.views.mercante.tally import TallyTab
from companion.ui.views.mercante.turn import TurnTab


class _View(Protocol):
    def build(self) -> Screen: ...


VIEWS: dict[str, Callable[[MercanteSession], _View]] = {
    "calendar": CalendarView,
    "turn": TurnTab,
    "sale": SaleTab,
    "setup": SetupTab,
    "end": TallyTab,
}


def _tab(name: str | None) -> str | None:
    tab = TAB_ALIASES.get(name, name) if name else "calendar"
    return tab if tab in {t for t, _ in TABS} else None


def open_table_tab(ctx: AppContext, table_id: int, tab: str) -> Screen:
    """One tab of one table (raises :class:`RouteNotFound` for a table that is not there)."""
    try:
        session = MercanteSession(ctx, table_id, tab)
    except TableNotFound:
        raise RouteNotFound(table_route(table_id, tab)) from None
    if session.snapshot.info.tool != TOOL_ID:
        session.live.close()
        raise RouteNotFound(table_route(table_id, tab))
    try:
        if not session.readable:
            return session.unreadable()
        return VIEWS[tab](session).build()
    except BaseException:
        session.live.close()
        raise


def open_mercante(ctx: AppContext, rest: list[str]) -> Screen:
    # While Mercante were the section's only tool the shell would hand over the tool id too.
    if rest[:1] == [TOOL_ID]:
        rest = rest[1:]
    if not rest:
        return MercanteLobby(ctx).build()
    head, tail = rest[0], rest[1:]
    if head == "events":
        return open_events(ctx, tail)
    if not tail and _tab(head) is not None:
        return MercanteLobby(ctx).build()  # an old address of the single saved game
    if head.isdigit() and int(head) > 0:
        table_id = int(head)
        if tail[:1] == ["events"]:
            return open_events(ctx, tail[1:], table_id)
        tab = _tab(tail[0] if tail else None)
        if tab is not None and len(tail) <= 1:
            return open_table_tab(ctx, table_id, tab)
    raise RouteNotFound(f"{BASE}/{'/'.join(rest)}")


__all__ = ["BASE", "open_mercante", "open_table_tab", "table_route"]
