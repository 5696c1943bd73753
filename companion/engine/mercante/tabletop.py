"""A game of Mercante on a shared table: the game itself, and what the table fills in beside it.

A :class:`MercanteTable` is what every phone at one Mercante game shares (see
``companion.tables`` and :mod:`~companion.engine.mercante.table`): the
:class:`~companion.engine.mercante.game.MercanteGame` (the turns, the calendar, the board with
its printed values, upkeep, agents, victory point tokens), the contracts each player kept at
setup, the setup checklist ticked so far, the final tally as it is filled in and the end
triggers noted. Every change is an action: the game's own moves, and four of the table's
(:class:`KeepContract`, :class:`TickSetupStep`, :class:`SetTally`, :class:`TickEndTrigger`),
each verifying itself against the table and playing itself; :func:`read_table_action` reads
them back.

The table's four are how a game whose crowns the table counts (``MercanteGame.new(...,
ledger=False)``, the screens' games for now) keeps its contracts' values, checklist, tally and
end. A game the app keeps (the ledger) holds its crowns, contracts, end and tally itself (see
:mod:`~companion.engine.mercante.ledger`); on its table only the checklist ticks are the
table's own.

Pure: no flet, SQLAlchemy or history here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Final, cast

from companion.engine.core import saves
from companion.engine.core.words import listed, plural, possessive, spoken
from companion.engine.mercante.actions import Action
from companion.engine.mercante.errors import (
    ActionError,
    MercanteError,
    SaveDataError,
    SeatError,
    TallyError,
)
from companion.engine.mercante.facts import rules
from companion.engine.mercante.game import MercanteGame, read_action, read_start
from companion.engine.mercante.house import HouseRules
from companion.engine.mercante.records import EndTurnRecord, Record
from companion.engine.mercante.scoring import max_goods_left
from companion.engine.mercante.setup import check_contract_value, contracts_kept
from companion.engine.setup import setup_checklist

TABLE_FORMAT: Final = "companion.mercante.table"
TABLE_VERSION: Final = 1
TABLE_SAVE: Final = saves.SaveFormat(TABLE_FORMAT, TABLE_VERSION, SaveDataError)

#: The tally's figures: whole numbers (``None``: not filled in yet) ...
TALLY_COUNTS: Final = ("vp", "crowns", "goods", "bought", "unfulfilled", "completed_goods")
#: ... and lists of whole numbers (empty: none), one per contract.
TALLY_LISTS: Final = ("penalties", "completed")
TALLY_FIGURES: Final = (*TALLY_COUNTS, *TALLY_LISTS)
#: How the engine words each figure (in a record's summary).
TALLY_WORDS: Final[Mapping[str, str]] = {
    "vp": "victory point tokens",
    "crowns": "crowns",
    "goods": "goods left",
    "bought": "victory points bought",
    "unfulfilled": "unfulfilled contracts",
    "penalties": "penalties of the unfulfilled contracts",
    "completed": "victory points of the contracts completed at the end",
    "completed_goods": "goods the contracts completed at the end take",
}
#: No list in the tally holds more than this many contracts (a player holds a handful).
MOST_CONTRACTS: Final = 12
#: No count in the tally is larger than this (crowns in the bank, with room to spare).
MOST_COUNT: Final = 9999

TallyValue = int | tuple[int, ...] | None


def _crowns(amount: int) -> str:
    return f"{amount} crown" if amount == 1 else f"{amount} crowns"


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_tally_value(name: str, value: object) -> TallyValue:
    """``value`` as the tally keeps figure ``name``, or :class:`TallyError` naming both.

    Counts are a whole number of 0 or more (``None``: not filled in); goods left at most what
    three warehouses hold. Lists (``penalties``, ``completed``) hold whole numbers of 1 or more.
    """
    if name in TALLY_COUNTS:
        if value is None:
            return None
        if not _whole(value) or not 0 <= cast(int, value) <= MOST_COUNT:
            raise TallyError(f"{name} {value!r} must be a whole number from 0 to {MOST_COUNT}")
        if name == "goods" and cast(int, value) > max_goods_left():
            raise TallyError(f"goods {value!r} is more than 3 warehouses hold ({max_goods_left()})")
        return cast(int, value)
    if name in TALLY_LISTS:
        if value is None:
            return ()
        if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
            raise TallyError(f"{name} {value!r} must be a list of whole numbers")
        if len(value) > MOST_CONTRACTS:
            raise TallyError(f"{name} {list(value)!r}: at most {MOST_CONTRACTS} contracts")
        for item in value:
            if not _whole(item) or not 1 <= item <= MOST_COUNT:
                raise TallyError(f"{name} {list(value)!r}: each must be a whole number, 1 or more")
        return tuple(value)
    raise TallyError(
        f"the tally has no {spoken(str(name)) or 'blank'} field: "
        f"it counts {listed(list(TALLY_WORDS.values()))}"
    )


@dataclass(frozen=True)
class TallyFigures:
    """One player's end-of-game figures as the table has filled them in so far (``None`` and
    ``()``: not filled in). See :class:`~companion.engine.mercante.scoring.PlayerTally` for
    what each means; the screen checks them against each other once they are all in."""

    vp: int | None = None
    crowns: int | None = None
    goods: int | None = None
    bought: int | None = None
    unfulfilled: int | None = None
    completed_goods: int | None = None
    penalties: tuple[int, ...] = ()
    completed: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        for name in TALLY_FIGURES:
            object.__setattr__(self, name, check_tally_value(name, getattr(self, name)))

    def get(self, name: str) -> TallyValue:
        check_tally_value(name, None)  # a known field
        value: TallyValue = getattr(self, name)
        return value

    @property
    def blank(self) -> bool:
        return self == TallyFigures()

    def to_dict(self) -> dict[str, Any]:
        """The figures filled in (JSON-able)."""
        found: dict[str, Any] = {}
        for name in TALLY_FIGURES:
            value = getattr(self, name)
            if value is not None and value != ():
                found[name] = list(value) if isinstance(value, tuple) else value
        return found

    @classmethod
    def from_dict(cls, data: object) -> TallyFigures:
        item = TABLE_SAVE.mapping(data, "tally")
        TABLE_SAVE.known(item, "tally", TALLY_FIGURES)
        values: dict[str, Any] = {n: check_tally_value(n, item.get(n)) for n in TALLY_FIGURES}
        return cls(**values)


# -- the table's own actions -----------------------------------------------------------------


@dataclass(frozen=True)
class TableAction(saves.Action):
    """One of the table's own actions: it verifies itself against the table and plays itself
    (the game's moves are played on the table's game)."""

    def verify(self, table: MercanteTable) -> Any:
        raise NotImplementedError

    def play(self, table: MercanteTable, checked: Any) -> tuple[MercanteTable, TableRecord]:
        raise NotImplementedError

    def _record(self, table: MercanteTable, summary: str, player: str | None) -> TableRecord:
        return TableRecord(action=self, before=table, summary=summary, player=player)


def _seated(table: MercanteTable, player: object) -> str:
    seats = table.game.seats
    if not isinstance(player, str) or player not in seats:
        raise SeatError(f"{player} is not seated at this table ({listed(list(seats))} are)")
    return player


@dataclass(frozen=True)
class KeepContract(TableAction):
    """Setup: ``player``'s contract ``index`` (0, or 0–2 with Contractual Obligations) is one
    worth ``value`` crowns (they come from the bank); ``None`` takes it back (the later ones
    move up)."""

    kind: ClassVar[str] = "keep_contract"
    player: str
    index: int
    value: int | None

    def verify(self, table: MercanteTable) -> tuple[int, ...]:
        """The player's kept contracts afterwards; raises why not."""
        name = _seated(table, self.player)
        index, value = self.index, self.value
        most = contracts_kept(variants=table.game.variants)
        kept = list(table.kept_by(name))
        if not _whole(index) or not 0 <= index < most:
            raise TallyError(
                f"there is no contract {index + 1 if _whole(index) else index}: "
                f"{name} keeps {plural(most, 'contract')}"
            )
        if value is None:
            if index >= len(kept):
                raise TallyError(f"{name} has no contract {index + 1} kept to take back")
            del kept[index]
            return tuple(kept)
        check_contract_value(value)
        if index > len(kept):
            raise TallyError(
                f"{possessive(name)} contract {index + 1}: choose contract {len(kept) + 1} first"
            )
        if index < len(kept) and kept[index] == value:
            raise TallyError(
                f"{possessive(name)} contract {index + 1} is already worth {_crowns(value)}"
            )
        if index < len(kept):
            kept[index] = value
        else:
            kept.append(value)
        return tuple(kept)

    def play(
        self, table: MercanteTable, checked: tuple[int, ...]
    ) -> tuple[MercanteTable, TableRecord]:
        kept = {**dict(table.kept), self.player: checked}
        if self.value is None:
            summary = f"{possessive(self.player)} contract {self.index + 1} was taken back."
        else:
            summary = f"{self.player} kept a contract worth {_crowns(self.value)}."
        after = replace(table, kept=tuple(kept.items()))
        return after, self._record(table, summary, self.player)


@dataclass(frozen=True)
class TickSetupStep(TableAction):
    """Setup checklist: step ``step`` done (or, ``done=False``, not done after all)."""

    kind: ClassVar[str] = "setup_step"
    step: str
    done: bool = True

    def verify(self, table: MercanteTable) -> str:
        """The step's words; raises why it cannot be ticked so."""
        texts = dict(table.setup_steps())
        if self.step not in texts:
            raise ActionError("that setup step is not on this table's checklist")
        if not isinstance(self.done, bool):
            raise ActionError(f"done {self.done!r} must be true or false")
        if (self.step in table.setup_done) == self.done:
            number = list(texts).index(self.step) + 1
            state = "already marked done" if self.done else "not marked done"
            raise ActionError(f"setup step {number} is {state}")
        return texts[self.step]

    def play(self, table: MercanteTable, checked: str) -> tuple[MercanteTable, TableRecord]:
        steps = [s for s, _ in table.setup_steps()]
        number = steps.index(self.step) + 1
        short = checked.split(". ")[0].rstrip(".")
        if len(short) > 70:
            short = short[:70].rsplit(" ", 1)[0].rstrip(",;:") + " …"
        state = "done" if self.done else "not done after all"
        summary = f"Setup step {number} of {len(steps)} {state}: {short}."
        step = {self.step}
        done_now = table.setup_done | step if self.done else table.setup_done - step
        return replace(table, setup_done=done_now), self._record(table, summary, None)


def _read_tally_value(raw: object) -> TallyValue:
    """A saved tally figure: a whole number, a list of them, or null (checked by its field
    when the action is played)."""
    if raw is None or (isinstance(raw, int) and not isinstance(raw, bool)):
        return raw
    if isinstance(raw, list) and all(_whole(v) for v in raw):
        return tuple(raw)
    raise TallyError(f"{raw!r} must be a whole number, a list of whole numbers or null")


@dataclass(frozen=True)
class SetTally(TableAction):
    """Final tally: ``player``'s figure ``field`` is ``value`` (``None`` or ``()``: blank)."""

    kind: ClassVar[str] = "tally"
    player: str
    field: str
    value: TallyValue = dataclasses.field(metadata=saves.saved(read=_read_tally_value))

    def verify(self, table: MercanteTable) -> TallyValue:
        """The value as the tally keeps it; raises why not."""
        who = _seated(table, self.player)
        checked = check_tally_value(self.field, self.value)
        if table.figures(who).get(self.field) == checked:
            raise TallyError(
                f"{possessive(who)} {TALLY_WORDS[self.field]} already read {_shown(checked)}"
            )
        return checked

    def play(self, table: MercanteTable, checked: TallyValue) -> tuple[MercanteTable, TableRecord]:
        change: dict[str, Any] = {self.field: checked}
        figures = replace(table.figures(self.player), **change)
        tally = {**dict(table.tally), self.player: figures}
        summary = f"{possessive(self.player)} {TALLY_WORDS[self.field]}: {_shown(checked)}."
        action = SetTally(self.player, self.field, checked)
        record = TableRecord(action=action, before=table, summary=summary, player=self.player)
        return replace(table, tally=tuple(tally.items())), record


@dataclass(frozen=True)
class TickEndTrigger(TableAction):
    """Does the game end?: end condition ``trigger`` noted as met (or not, ``done=False``)."""

    kind: ClassVar[str] = "end_trigger"
    trigger: str
    done: bool = True

    def verify(self, table: MercanteTable) -> str:
        """The trigger's words; raises why it cannot be noted so."""
        texts = {t.id: t.text for t in rules().game_end.trigger}
        if self.trigger not in texts:
            raise ActionError(
                f"{spoken(str(self.trigger)) or 'that'} is not one of the game's end conditions"
            )
        if not isinstance(self.done, bool):
            raise ActionError(f"done {self.done!r} must be true or false")
        if (self.trigger in table.ended) == self.done:
            state = "already noted" if self.done else "not noted yet"
            raise ActionError(f"{state}: {texts[self.trigger]}")
        return texts[self.trigger]

    def play(self, table: MercanteTable, checked: str) -> tuple[MercanteTable, TableRecord]:
        text = checked.rstrip(".")
        summary = f"Noted: {text}." if self.done else f"No longer noted: {text}."
        trigger = {self.trigger}
        ended = table.ended | trigger if self.done else table.ended - trigger
        return replace(table, ended=ended), self._record(table, summary, None)


TABLE_ACTIONS: Final[tuple[type[TableAction], ...]] = (
    KeepContract,
    TickSetupStep,
    SetTally,
    TickEndTrigger,
)
_TABLE_KINDS: Final = frozenset(a.kind for a in TABLE_ACTIONS)


#: Any action of a table: a move of the game, or one of the table's own.
TableMove = Action | TableAction


def read_table_action(raw: object) -> TableMove:
    """Any action of a Mercante table from its saved form: the game's (see
    :func:`~companion.engine.mercante.actions.read_action`) or the table's own; a bad one
    raises :class:`SaveDataError` naming the field."""
    data = TABLE_SAVE.mapping(raw, "action")
    if data.get("kind") not in _TABLE_KINDS:
        return read_action(data)
    action = TABLE_SAVE.read_action(data, TABLE_ACTIONS)
    if isinstance(action, SetTally):  # a figure is read by what its field holds
        with TABLE_SAVE.at("value"):
            check_tally_value(action.field, action.value)
    return action


# -- what each action did ----------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class TableRecord:
    """What one action did to the table: the ``action``, the table ``before`` it (for undo),
    the words the screens show, who it was about, and for a move of the game the game's own
    :class:`~companion.engine.mercante.records.Record` (``move``)."""

    action: TableMove
    before: MercanteTable = dataclasses.field(repr=False, compare=False)
    summary: str
    player: str | None = None
    move: Record | None = None

    @property
    def changes_calendar(self) -> bool:
        return self.move is not None and self.move.changes_calendar


def _setup_steps(players: int) -> tuple[tuple[str, str], ...]:
    """``(id, text)`` of each step of setting up Mercante for ``players``."""
    return tuple((s.id, s.text) for s in setup_checklist("mercante", (), players))


# -- the table -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MercanteTable(saves.SavedGame):
    """A Mercante game as the shared table holds it (an immutable value).

    ``game`` is the game in progress; ``kept`` the contracts each player kept at setup
    (``((name, (value, ...)), ...)``); ``setup_done`` the setup checklist's steps ticked;
    ``tally`` each player's end-of-game figures so far, in seat order; ``ended`` the end
    triggers noted as met. ``log`` holds a :class:`TableRecord` for every action: the table's
    own (:data:`TABLE_ACTIONS`) play themselves on the table, the game's moves on its game.
    """

    action_type: ClassVar[type[saves.Action]] = saves.Action
    error: ClassVar[type[ValueError]] = MercanteError

    game: MercanteGame
    kept: tuple[tuple[str, tuple[int, ...]], ...] = ()
    setup_done: frozenset[str] = frozenset()
    tally: tuple[tuple[str, TallyFigures], ...] = ()
    ended: frozenset[str] = frozenset()
    log: tuple[TableRecord, ...] = dataclasses.field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.game, MercanteGame):
            raise MercanteError(f"game {self.game!r} is not a MercanteGame")
        seats = self.game.seats
        most = contracts_kept(variants=self.game.variants)
        kept: dict[str, tuple[int, ...]] = {}
        for name, values in dict(self.kept).items():
            if name not in seats:
                raise SeatError(
                    f"{name} keeps contracts but is not seated ({listed(list(seats))} are)"
                )
            values = tuple(values)
            if len(values) > most:
                raise TallyError(f"{name} keeps {most} contracts at most, not {list(values)!r}")
            for value in values:
                check_contract_value(value)
            if values:
                kept[name] = values
        object.__setattr__(self, "kept", tuple((n, kept[n]) for n in seats if n in kept))
        figures = dict(self.tally)
        for name, entry in figures.items():
            if name not in seats:
                raise SeatError(f"{name!r} has tally figures but is not seated")
            if not isinstance(entry, TallyFigures):
                raise TallyError(f"{name}: {entry!r} is not TallyFigures")
        object.__setattr__(
            self,
            "tally",
            tuple((n, figures[n]) for n in seats if n in figures and not figures[n].blank),
        )
        for name, ids in (("setup_done", self.setup_done), ("ended", self.ended)):
            if isinstance(ids, str) or not all(isinstance(i, str) for i in ids):
                raise MercanteError(f"{name} {ids!r} must be a set of ids")
            object.__setattr__(self, name, frozenset(ids))

    @classmethod
    def new(cls, game: MercanteGame) -> MercanteTable:
        """A table for ``game`` (its start: a game already played on begins where it is)."""
        return cls(game=game if not game.log else game.start)

    # -- reading ------------------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return self.game.seats

    @property
    def turn(self) -> int:
        """The turn under way, counted from 1 (the turns ended in the game's log, plus one)."""
        return 1 + sum(1 for r in self.game.log if isinstance(r, EndTurnRecord))

    def kept_by(self, name: str) -> tuple[int, ...]:
        return dict(self.kept).get(name, ())

    def figures(self, name: str) -> TallyFigures:
        return dict(self.tally).get(name, TallyFigures())

    def setup_steps(self) -> tuple[tuple[str, str], ...]:
        """``(id, text)`` of the setup checklist for this table's player count."""
        return _setup_steps(len(self.game.seats))

    def rich(self) -> tuple[str, ...]:
        """Players whose crowns in the tally reach the end trigger (80)."""
        least = rules().game_end.crowns_trigger
        return tuple(n for n, f in self.tally if f.crowns is not None and f.crowns >= least)

    @property
    def is_over(self) -> bool:
        """True once an end condition is met or noted (the game's own, or ticked and 80 crowns
        in the tally where the table counts the crowns): the game ends with this turn (or has
        ended) and the final tally decides."""
        return bool(self.game.ending) or self.game.over or bool(self.ended) or bool(self.rich())

    # -- every action ---------------------------------------------------------------------------

    def verify(self, action: TableMove) -> Any:
        """What the table's own action or the game's move would need, or the error (naming
        the input) it would raise."""
        if isinstance(action, TableAction):
            return super().verify(action)
        return self.game.verify(action)

    def apply(self, action: TableMove) -> tuple[MercanteTable, TableRecord]:
        """Carry out any action of the table: its own, or a move of the game."""
        if isinstance(action, TableAction):
            return super().apply(action)
        game, move = self.game.apply(action)
        record = TableRecord(
            action=action, before=self, summary=move.summary, player=move.player, move=move
        )
        return replace(self, game=game, log=(*self.log, record)), record

    def set_tally(
        self, player: str, name: str, value: TallyValue
    ) -> tuple[MercanteTable, TableRecord]:
        """The final tally: one of ``player``'s figures filled in (or cleared)."""
        return self.apply(SetTally(player, name, value))

    def with_rules(self, rules: HouseRules) -> MercanteTable:
        """The same table played from its start under other house rules (every action is
        replayed, so one the new rules forbid raises and nothing changes)."""
        if not isinstance(rules, HouseRules):
            raise MercanteError(f"house rules {rules!r} are not HouseRules")
        start = self.start
        return self.replayed(replace(start, game=replace(start.game, rules=rules, log=())))

    # -- saving -------------------------------------------------------------------------------

    def state_dict(self) -> dict[str, Any]:
        """This state alone (no log), JSON-able."""
        return {
            "game": self.game.state_dict(),
            "kept": {n: list(v) for n, v in self.kept},
            "setup_done": sorted(self.setup_done),
            "tally": {n: f.to_dict() for n, f in self.tally},
            "ended": sorted(self.ended),
        }

    def to_dict(self) -> dict[str, Any]:
        """JSON-able, versioned: the table's start and every action since."""
        return {
            **TABLE_SAVE.header(),
            "start": self.start.state_dict(),
            "actions": [r.action.to_dict() for r in self.log],
        }

    @classmethod
    def from_dict(cls, data: object) -> MercanteTable:
        """Read a table back, replaying its actions; a bad one raises :class:`SaveDataError`
        naming the path of the first bad field."""
        data = TABLE_SAVE.check_header(data)
        TABLE_SAVE.known(data, "", {"format", "version", "start", "actions"})
        table = read_table_start(data.get("start"))
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise SaveDataError(f"actions {actions!r} must be a list")
        return TABLE_SAVE.replay(table, actions, read_table_action)


def _shown(value: TallyValue) -> str:
    if value is None or value == ():
        return "blank"
    if isinstance(value, tuple):
        return ", ".join(map(str, value))
    return str(value)


def read_table_start(raw: object) -> MercanteTable:
    """A table's saved start (:meth:`MercanteTable.state_dict`), checked field by field."""
    state = TABLE_SAVE.mapping(raw, "start")
    TABLE_SAVE.known(state, "start", {"game", "kept", "setup_done", "tally", "ended"})
    game = read_start(state.get("game"))
    kept = TABLE_SAVE.mapping(state.get("kept", {}), "start.kept")
    tally = TABLE_SAVE.mapping(state.get("tally", {}), "start.tally")
    ids: dict[str, frozenset[str]] = {}
    for key in ("setup_done", "ended"):
        value = state.get(key, [])
        if not isinstance(value, list) or not all(isinstance(i, str) for i in value):
            raise SaveDataError(f"start.{key}: {value!r} must be a list of ids")
        ids[key] = frozenset(value)
    figures = {}
    for name, entry in tally.items():
        with TABLE_SAVE.at(f"start.tally.{name}"):
            figures[name] = TallyFigures.from_dict(entry)
    for name, values in kept.items():
        if not isinstance(values, list):
            raise SaveDataError(f"start.kept.{name}: {values!r} must be a list of crowns")
    with TABLE_SAVE.at("start"):
        return MercanteTable(
            game=game,
            kept=tuple((n, tuple(v)) for n, v in kept.items()),
            setup_done=ids["setup_done"],
            tally=tuple(figures.items()),
            ended=ids["ended"],
        )


__all__ = [
    "MOST_CONTRACTS",
    "TABLE_ACTIONS",
    "TABLE_FORMAT",
    "TABLE_VERSION",
    "TALLY_COUNTS",
    "TALLY_FIGURES",
    "TALLY_LISTS",
    "TALLY_WORDS",
    "KeepContract",
    "MercanteTable",
    "SetTally",
    "TableAction",
    "TableMove",
    "TableRecord",
    "TallyFigures",
    "TallyValue",
    "TickEndTrigger",
    "TickSetupStep",
    "check_tally_value",
    "read_table_action",
    "read_table_start",
]
