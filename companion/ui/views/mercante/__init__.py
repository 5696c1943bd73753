"""Calculators › Mercante: a game in progress at the table.

Routes (under ``/calculators/mercante``): ``calendar`` (the default), ``turn`` (upkeep, the
shipment auction and the agents; ``upkeep`` still leads there), ``sale``, ``setup``, ``end``
(the final tally) and ``events`` (the group's own event cards, with
``events/new``, ``events/<id>`` and ``events/copy/<rulebook card id>``). Until a game is
started, every tab shows the new-game form.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from companion.ui.context import AppContext
from companion.ui.logic.mercante import TAB_ALIASES, TABS
from companion.ui.screen import RouteNotFound, Screen
from companion.ui.views.mercante.base import BASE, MercanteSession
from companion.ui.views.mercante.calendar import CalendarView
from companion.ui.views.mercante.events import open_events
from companion.ui.views.mercante.new_game import open_new_game
from companion.ui.views.mercante.sale import SaleTab
from companion.ui.views.mercante.setup import SetupTab
from companion.ui.views.mercante.tally import TallyTab
from companion.ui.views.mercante.turn import TurnTab

TOOL_ID = "mercante"


class _View(Protocol):
    def build(self) -> Screen: ...


def open_mercante(ctx: AppContext, rest: list[str]) -> Screen:
    # While Mercante is the section's only tool the shell hands over the whole path after
    # the section (``["mercante", "sale"]``); with several tools, only what follows the tool.
    if rest and rest[0] == TOOL_ID:
        rest = rest[1:]
    session = MercanteSession(ctx)
    if rest and rest[0] == "events":
        return open_events(session, rest[1:])
    if len(rest) > 1:
        raise RouteNotFound(f"{BASE}/{'/'.join(rest)}")
    tab = rest[0] if rest else "calendar"
    tab = TAB_ALIASES.get(tab, tab)
    if tab not in {t for t, _ in TABS}:
        raise RouteNotFound(f"{BASE}/{tab}")
    if session.state.game is None:
        return open_new_game(session, tab)
    views: dict[str, Callable[[MercanteSession], _View]] = {
        "calendar": CalendarView,
        "turn": TurnTab,
        "sale": SaleTab,
        "setup": SetupTab,
        "end": TallyTab,
    }
    return views[tab](session).build()


__all__ = ["BASE", "open_mercante"]
