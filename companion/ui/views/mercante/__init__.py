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

from companion.ui.context import AppContext
from companion.ui.live import LiveTable
from companion.ui.logic.mercante import TAB_ALIASES, TABS
from companion.ui.screen import Screen
from companion.ui.views.mercante.base import BASE, TOOL_ID, MercanteSession, table_route
from companion.ui.views.mercante.calendar import CalendarView
from companion.ui.views.mercante.events import open_events
from companion.ui.views.mercante.new_game import MercanteLobby
from companion.ui.views.mercante.sale import SaleTab
from companion.ui.views.mercante.setup import SetupTab
from companion.ui.views.mercante.tally import TallyTab
from companion.ui.views.mercante.turn import TurnTab
from companion.ui.views.tool_entry import table_tool


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


class TableTab:
    """One tab of one table (:class:`TableNotFound` for a table that is not there)."""

    def __init__(self, ctx: AppContext, table_id: int, tab: str) -> None:
        self.session = MercanteSession(ctx, table_id, tab)
        self.tab = tab

    @property
    def live(self) -> LiveTable:
        return self.session.live

    def build(self) -> Screen:
        try:
            if not self.session.readable:
                return self.session.unreadable()
            return VIEWS[self.tab](self.session).build()
        except BaseException:
            self.session.live.close()
            raise


def _tab_page(tab: str) -> Callable[[AppContext, int], TableTab]:
    return lambda ctx, table_id: TableTab(ctx, table_id, tab)


def _events_or_old(ctx: AppContext, rest: list[str]) -> Screen | None:
    """The event cards (``events...``, ``<table id>/events...``), and an old address of the
    single saved game (``<tab>``), which opens the lobby."""
    head, tail = rest[0], rest[1:]
    if head == "events":
        return open_events(ctx, tail)
    if not tail and _tab(head) is not None:
        return MercanteLobby(ctx).build()
    if head.isdigit() and int(head) > 0 and tail[:1] == ["events"]:
        return open_events(ctx, tail[1:], int(head))
    return None


# While Mercante were the section's only tool the shell would hand over the tool id too.
open_mercante = table_tool(
    BASE,
    TOOL_ID,
    MercanteLobby,
    _tab_page("calendar"),
    section_tool=TOOL_ID,
    pages={name: _tab_page(tab) for name in (*VIEWS, *TAB_ALIASES) if (tab := _tab(name))},
    other=_events_or_old,
)


__all__ = ["BASE", "TableTab", "open_mercante", "table_route"]
