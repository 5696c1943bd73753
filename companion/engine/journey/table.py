"""Merchant's Journey on a shared table (:mod:`companion.engine.core.protocol`): the status
line of the games-in-progress list, what changed when a move from another phone is refused,
and the rules the hub follows (:data:`TABLE_RULES`)."""

from __future__ import annotations

from typing import Final

from companion.engine.core.protocol import TableRules
from companion.engine.core.words import possessive
from companion.engine.journey.actions import Action, read_action
from companion.engine.journey.errors import JourneyError
from companion.engine.journey.game import JourneyGame
from companion.engine.journey.house import HouseRules
from companion.engine.journey.records import PlayRecord, Record, SwapRecord
from companion.engine.journey.values import a_card


def status_line(game: JourneyGame) -> str:
    """``Turn 7 of 28 · Cleo to play`` or ``Game over after 28 turns``."""
    if game.is_over:
        turns = game.turns_total
        return f"Game over after {turns} turn" + ("" if turns == 1 else "s")
    return f"Turn {game.turn} of {game.turns_total} · {game.active} to play"


def _same_move(a: Record, b: Record) -> bool:
    return a.action == b.action and a.player == b.player


def _what_happened(record: Record) -> str:
    if isinstance(record, PlayRecord):
        if record.beside is None:
            where = f"started row {record.row + 1} with {a_card(record.card.rank)}"
        else:
            where = f"played {record.card.rank} beside {record.beside.rank} in row {record.row + 1}"
        return f"{record.player} already played turn {record.card.id} ({where})"
    if isinstance(record, SwapRecord):
        if record.swap == "played":
            return (
                f"{possessive(record.player)} {record.moved.rank} already traded places with the "
                f"{record.other.rank}"
            )
        return f"{record.player} already switched their 6 with another 6"
    return f"{record.player} already made a move"


def table_changed(then: JourneyGame, now: JourneyGame) -> str:
    """What changed between the table a screen showed (``then``) and the table ``now``:
    ``"Ben already played turn 7 (8 beside 9 in row 2)"``, or the move taken back."""
    old, new = then.log, now.log
    common = 0
    while common < min(len(old), len(new)) and _same_move(old[common], new[common]):
        common += 1
    if len(new) > common:
        return _what_happened(new[common])
    if len(old) > common:
        record = old[common]
        turn = f"turn {record.card.id}" if isinstance(record, PlayRecord) else "a swap"
        return f"{possessive(record.player)} move ({turn}) was taken back"
    if then.rules != now.rules:
        return "the house rules of this game changed"
    return "the table changed since this screen showed it"


def _with_house_rules(game: JourneyGame, ids: frozenset[str]) -> JourneyGame:
    return game.with_rules(HouseRules.from_house_rules(ids))


#: Merchant's Journey on a shared table. Turn-based: an action reads the whole game, so a
#: screen that had not seen the latest move cannot place a card (it is told who moved).
TABLE_RULES: Final[TableRules[JourneyGame, Action]] = TableRules(
    tool="journey",
    read_start=JourneyGame.from_dict,
    read_action=read_action,
    players=lambda game: game.players,
    status=status_line,
    error=JourneyError,
    changed=table_changed,
    with_rules=_with_house_rules,
)


__all__ = ["TABLE_RULES", "status_line", "table_changed"]
