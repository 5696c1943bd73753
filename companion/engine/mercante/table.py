"""Mercante on a shared table (:mod:`companion.engine.core.protocol`): the status line of the
games-in-progress list, what each action depends on (so several phones can fill in their own
line of the tally at once, while a move of the game reads the whole game), what changed when a
move from another phone is refused, and the rules the hub follows (:data:`TABLE_RULES`).

The table itself (the game and what the table fills in beside it) is
:mod:`~companion.engine.mercante.tabletop`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from companion.engine.core.protocol import TableRules
from companion.engine.mercante.errors import MercanteError
from companion.engine.mercante.house import HouseRules
from companion.engine.mercante.tabletop import (
    TALLY_FIGURES,
    KeepContract,
    MercanteTable,
    SetTally,
    TableMove,
    TickEndTrigger,
    TickSetupStep,
    read_table_action,
)

TOOL: Final = "mercante"

STEP_WORDS: Final[Mapping[str, str]] = {
    "remove_goods": "upkeep 1 of 4",
    "apply_event": "upkeep 2 of 4",
    "auction_vp": "upkeep 3 of 4",
    "pass_marker": "upkeep 4 of 4",
    "shipment": "shipment auction",
    "agents": "agents",
}


def status_line(table: MercanteTable) -> str:
    """``Turn 5 · Beth to play · upkeep 2 of 4`` (``the game ends with this turn``), or
    ``Game over after turn 12 · the end-game bazaar sale and victory points``."""
    game = table.game
    if game.over:
        left = "the tally" if not game.final_steps_left() else "the end-game steps"
        return f"Game over after turn {table.turn - 1} · {left}"
    line = f"Turn {table.turn} · {game.active} to play · {STEP_WORDS[game.step or 'shipment']}"
    if table.is_over:
        line += " · the game ends with this turn"
    return line


def reads(table: MercanteTable, action: TableMove) -> object:
    """What ``action`` depends on: a tally figure on that figure, a tick on that step or
    trigger, a kept contract on that player's contracts, a move of the game on the game."""
    if isinstance(action, SetTally):
        figure = action.field if action.field in TALLY_FIGURES else None
        value = table.figures(action.player).get(figure) if figure is not None else None
        return ("tally", action.player, action.field, value)
    if isinstance(action, TickSetupStep):
        return ("setup", action.step, action.step in table.setup_done)
    if isinstance(action, TickEndTrigger):
        return ("ended", action.trigger, action.trigger in table.ended)
    if isinstance(action, KeepContract):
        return ("kept", action.player, table.kept_by(action.player))
    return ("game", table.game)


def table_changed(then: MercanteTable, now: MercanteTable) -> str:
    """What another phone did since a screen showed ``then``: ``"Meanwhile: Beth sold ..."``
    or the move taken back."""
    old, new = then.log, now.log
    common = 0
    while common < min(len(old), len(new)) and old[common].action == new[common].action:
        common += 1
    if len(new) > common:
        return f"Meanwhile, on another phone: {new[common].summary}"
    if len(old) > common:
        return f"Meanwhile, on another phone, this was taken back: {old[common].summary}"
    if then.game.rules != now.game.rules:
        return "The house rules of this game changed meanwhile"
    return "The table changed since this screen showed it"


def _with_house_rules(table: MercanteTable, ids: frozenset[str]) -> MercanteTable:
    return table.with_rules(HouseRules.from_house_rules(ids))


#: Mercante on a shared table (``companion.tables``).
TABLE_RULES: Final[TableRules[MercanteTable, TableMove]] = TableRules(
    tool=TOOL,
    read_start=MercanteTable.from_dict,
    read_action=read_table_action,
    players=lambda table: table.players,
    status=status_line,
    error=MercanteError,
    reads=reads,
    changed=table_changed,
    with_rules=_with_house_rules,
)


__all__ = ["STEP_WORDS", "TABLE_RULES", "TOOL", "reads", "status_line", "table_changed"]
