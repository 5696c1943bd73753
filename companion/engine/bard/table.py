"""The Bard on a shared table (:mod:`companion.engine.core.protocol`): the status line, what
changed when a change from another phone is refused, and :data:`TABLE_RULES` (the board
entered once, then song after song)."""

from __future__ import annotations

from typing import Final

from companion.engine.bard.actions import BardAction, read_action
from companion.engine.bard.errors import BardError
from companion.engine.bard.game import BardGame
from companion.engine.bard.house import HouseRules
from companion.engine.bard.values import plural
from companion.engine.core.protocol import TableRules

__all__ = ["TABLE_RULES", "status_line", "table_changed"]


def status_line(game: BardGame) -> str:
    """The line of the list of games in progress (:attr:`BardGame.status`)."""
    return game.status


def table_changed(then: BardGame, now: BardGame) -> str:
    """What changed between the table a screen showed (``then``) and the table ``now``, for a
    stale screen's refused action: ``"another screen changed it meanwhile: Pier 1: 6 gold"``."""
    old, new = then.log, now.log
    common = 0
    while common < min(len(old), len(new)) and old[common].action == new[common].action:
        common += 1
    if len(new) > common:
        more = len(new) - common - 1
        tail = f" (and {plural(more, 'change')} after)" if more else ""
        return f"another screen changed this table meanwhile: {new[common].summary}{tail}"
    if len(old) > common:
        return f"a change was taken back meanwhile: {old[common].summary}"
    if then.rules != now.rules:
        return "the house rules of this table changed"
    return "the table changed since this screen showed it"


def _with_house_rules(game: BardGame, ids: frozenset[str]) -> BardGame:
    return game.with_rules(HouseRules.from_house_rules(ids))


#: The Bard on a shared table (see :mod:`companion.tables`): the board entered once, then
#: song after song. Each action reads what it depends on (:meth:`BardAction.reads`).
TABLE_RULES: Final[TableRules[BardGame, BardAction]] = TableRules(
    tool="bard",
    read_start=BardGame.from_dict,
    read_action=read_action,
    players=lambda game: game.players,
    status=status_line,
    error=BardError,
    reads=lambda game, action: action.reads(game),
    changed=table_changed,
    with_rules=_with_house_rules,
)
