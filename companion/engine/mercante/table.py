"""A game of Mercante on a shared table: the game itself, and what the table fills in beside it.

A :class:`MercanteTable` is what every phone at one Mercante game shares (see
``companion.tables``): the :class:`~companion.engine.mercante.game.MercanteGame` (the turns,
the calendar, the board with its printed values, upkeep, agents, victory point tokens), the
contracts each player kept at setup, the setup checklist ticked so far, the final tally as it
is filled in and the end triggers noted. Every change is an action with a ``kind`` and
``to_dict()`` (:func:`read_table_action` reads them back): the game's own actions, and four
of the table's (:class:`KeepContract`, :class:`TickSetupStep`, :class:`SetTally`,
:class:`TickEndTrigger`).

Each of the table's actions depends on one thing only (:func:`reads`): a tally field on that
field, a tick on that step, a kept contract on that player's contracts. So several phones can
fill in their own line of the tally at once, while a move of the game reads the whole game
(a phone that had not seen the last move cannot make one).

Pure: no flet, SQLAlchemy or history here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Final, cast

from companion.engine.core import saves
from companion.engine.core.protocol import TableRules, passes
from companion.engine.mercante.actions import Action, read_action
from companion.engine.mercante.errors import (
    ActionError,
    MercanteError,
    SaveDataError,
    SeatError,
    TallyError,
)
from companion.engine.mercante.facts import rules
from companion.engine.mercante.game import MercanteGame, read_start
from companion.engine.mercante.house import HouseRules
from companion.engine.mercante.records import EndTurnRecord, Record
from companion.engine.mercante.scoring import max_goods_left
from companion.engine.mercante.setup import check_contract_value, contracts_kept

TABLE_FORMAT: Final = "companion.mercante.table"
TABLE_VERSION: Final = 1
TABLE_SAVE: Final = saves.SaveFormat(TABLE_FORMAT, TABLE_VERSION, SaveDataError)
TOOL: Final = "mercante"

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
    "completed": "contracts completed at the end",
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
    raise TallyError(f"tally field {name!r} is not one of {', '.join(TALLY_FIGURES)}")


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
class KeepContract(Action):
    """Setup: ``player``'s contract ``index`` (0, or 0–2 with Contractual Obligations) is one
    worth ``value`` crowns; ``None`` takes it back (the later ones move up)."""

    kind: ClassVar[str] = "keep_contract"
    player: str
    index: int
    value: int | None


@dataclass(frozen=True)
class TickSetupStep(Action):
    """Setup checklist: step ``step`` done (or, ``done=False``, not done after all)."""

    kind: ClassVar[str] = "setup_step"
    step: str
    done: bool = True


@dataclass(frozen=True)
class SetTally(Action):
    """Final tally: ``player``'s figure ``field`` is ``value`` (``None`` or ``()``: blank)."""

    kind: ClassVar[str] = "tally"
    player: str
    field: str
    value: TallyValue


@dataclass(frozen=True)
class TickEndTrigger(Action):
    """Does the game end?: end condition ``trigger`` noted as met (or not, ``done=False``)."""

    kind: ClassVar[str] = "end_trigger"
    trigger: str
    done: bool = True


TABLE_ACTIONS: Final[tuple[type[Action], ...]] = (
    KeepContract,
    TickSetupStep,
    SetTally,
    TickEndTrigger,
)


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, True)
    if not isinstance(value, bool):
        raise SaveDataError(f"{key}: {value!r} must be true or false")
    return value


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise SaveDataError(f"{key}: {value!r} must be a text")
    return value


def read_table_action(raw: object) -> Action:
    """Any action of a Mercante table from its saved form: the game's (see
    :func:`~companion.engine.mercante.actions.read_action`) or the table's own; a bad one
    raises :class:`SaveDataError` naming the field."""
    data = TABLE_SAVE.mapping(raw, "action")
    kind = data.get("kind")
    if kind == KeepContract.kind:
        TABLE_SAVE.known(data, "", {"kind", "player", "index", "value"})
        index, value = data.get("index"), data.get("value")
        if not _whole(index):
            raise SaveDataError(f"index: {index!r} must be a whole number")
        if value is not None and not _whole(value):
            raise SaveDataError(f"value: {value!r} must be a contract's crowns or null")
        return KeepContract(_text(data, "player"), cast(int, index), value)
    if kind == TickSetupStep.kind:
        TABLE_SAVE.known(data, "", {"kind", "step", "done"})
        return TickSetupStep(_text(data, "step"), _flag(data, "done"))
    if kind == SetTally.kind:
        TABLE_SAVE.known(data, "", {"kind", "player", "field", "value"})
        name = _text(data, "field")
        with TABLE_SAVE.at("value"):
            value = check_tally_value(name, data.get("value"))
        return SetTally(_text(data, "player"), name, value)
    if kind == TickEndTrigger.kind:
        TABLE_SAVE.known(data, "", {"kind", "trigger", "done"})
        return TickEndTrigger(_text(data, "trigger"), _flag(data, "done"))
    return read_action(raw)


# -- what each action did ----------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class TableRecord:
    """What one action did to the table: the ``action``, the table ``before`` it (for undo),
    the words the screens show, who it was about, and for a move of the game the game's own
    :class:`~companion.engine.mercante.records.Record` (``move``)."""

    action: Action
    before: MercanteTable = field(repr=False, compare=False)
    summary: str
    player: str | None = None
    move: Record | None = None

    @property
    def changes_calendar(self) -> bool:
        return self.move is not None and self.move.changes_calendar


def _setup_steps(players: int) -> tuple[tuple[str, str], ...]:
    """``(id, text)`` of each step of setting up Mercante for ``players``."""
    from companion.engine.setup import setup_checklist  # the setup data loads Mercante's lazily

    return tuple((s.id, s.text) for s in setup_checklist("mercante", (), players))


def _trigger_ids() -> tuple[str, ...]:
    return tuple(t.id for t in rules().game_end.trigger)


# -- the table -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MercanteTable(saves.SavedGame):
    """A Mercante game as the shared table holds it (an immutable value).

    ``game`` is the game in progress; ``kept`` the contracts each player kept at setup
    (``((name, (value, ...)), ...)``); ``setup_done`` the setup checklist's steps ticked;
    ``tally`` each player's end-of-game figures so far, in seat order; ``ended`` the end
    triggers noted as met. ``log`` holds a :class:`TableRecord` for every action.
    """

    game: MercanteGame
    kept: tuple[tuple[str, tuple[int, ...]], ...] = ()
    setup_done: frozenset[str] = frozenset()
    tally: tuple[tuple[str, TallyFigures], ...] = ()
    ended: frozenset[str] = frozenset()
    log: tuple[TableRecord, ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.game, MercanteGame):
            raise MercanteError(f"game {self.game!r} is not a MercanteGame")
        seats = self.game.seats
        most = contracts_kept(variants=self.game.variants)
        kept: dict[str, tuple[int, ...]] = {}
        for name, values in dict(self.kept).items():
            if name not in seats:
                raise SeatError(f"{name!r} keeps contracts but is not seated: {', '.join(seats)}")
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
        """True once an end condition is noted (ticked, or 80 crowns in the tally): the game
        ends with this turn and the final tally decides."""
        return bool(self.ended) or bool(self.rich())

    # -- the table's actions ------------------------------------------------------------------

    def _seated(self, player: object) -> str:
        if not isinstance(player, str) or player not in self.game.seats:
            raise SeatError(f"player {player!r} is not seated: {', '.join(self.game.seats)}")
        return player

    def verify_keep_contract(self, player: str, index: int, value: int | None) -> tuple[int, ...]:
        """The player's kept contracts afterwards; raises why not."""
        name = self._seated(player)
        most = contracts_kept(variants=self.game.variants)
        kept = list(self.kept_by(name))
        if not _whole(index) or not 0 <= index < most:
            raise TallyError(
                f"contract {index!r}: {name} keeps {most} contract{'s' if most > 1 else ''} "
                f"(0 to {most - 1})"
            )
        if value is None:
            if index >= len(kept):
                raise TallyError(f"{name} has no contract {index + 1} kept to take back")
            del kept[index]
            return tuple(kept)
        check_contract_value(value)
        if index > len(kept):
            raise TallyError(
                f"{name}'s contract {index + 1}: choose contract {len(kept) + 1} first"
            )
        if index < len(kept) and kept[index] == value:
            raise TallyError(f"{name}'s contract {index + 1} is already worth {_crowns(value)}")
        if index < len(kept):
            kept[index] = value
        else:
            kept.append(value)
        return tuple(kept)

    def can_keep_contract(self, player: str, index: int, value: int | None) -> bool:
        return passes(lambda: self.verify_keep_contract(player, index, value), MercanteError)

    def keep_contract(
        self, player: str, index: int, value: int | None
    ) -> tuple[MercanteTable, TableRecord]:
        """Setup: note a contract ``player`` kept (its crowns come from the bank)."""
        after = self.verify_keep_contract(player, index, value)
        kept = {**dict(self.kept), player: after}
        if value is None:
            summary = f"{player}'s contract {index + 1} was taken back."
        else:
            summary = f"{player} kept a contract worth {_crowns(value)}."
        return self._done(
            KeepContract(player, index, value), summary, player, kept=tuple(kept.items())
        )

    def verify_tick_setup_step(self, step: str, done: bool = True) -> str:
        """The step's words; raises why it cannot be ticked so."""
        texts = dict(self.setup_steps())
        if step not in texts:
            raise ActionError(f"setup step {step!r} is not on this table's checklist")
        if not isinstance(done, bool):
            raise ActionError(f"done {done!r} must be true or false")
        if (step in self.setup_done) == done:
            raise ActionError(f"setup step {step!r} is already {'done' if done else 'not done'}")
        return texts[step]

    def can_tick_setup_step(self, step: str, done: bool = True) -> bool:
        return passes(lambda: self.verify_tick_setup_step(step, done), MercanteError)

    def tick_setup_step(self, step: str, done: bool = True) -> tuple[MercanteTable, TableRecord]:
        """The setup checklist: a step done (or undone)."""
        text = self.verify_tick_setup_step(step, done)
        steps = [s for s, _ in self.setup_steps()]
        number = steps.index(step) + 1
        short = text.split(". ")[0].rstrip(".")
        if len(short) > 70:
            short = short[:70].rsplit(" ", 1)[0].rstrip(",;:") + " …"
        summary = (
            f"Setup step {number} of {len(steps)} {'done' if done else 'not done after all'}: "
            f"{short}."
        )
        done_now = self.setup_done | {step} if done else self.setup_done - {step}
        return self._done(TickSetupStep(step, done), summary, None, setup_done=done_now)

    def verify_set_tally(self, player: str, name: str, value: TallyValue) -> TallyValue:
        """The value as the tally keeps it; raises why not."""
        who = self._seated(player)
        checked = check_tally_value(name, value)
        if self.figures(who).get(name) == checked:
            raise TallyError(f"{who}'s {TALLY_WORDS[name]} already read {_shown(checked)}")
        return checked

    def can_set_tally(self, player: str, name: str, value: TallyValue) -> bool:
        return passes(lambda: self.verify_set_tally(player, name, value), MercanteError)

    def set_tally(
        self, player: str, name: str, value: TallyValue
    ) -> tuple[MercanteTable, TableRecord]:
        """The final tally: one of ``player``'s figures filled in (or cleared)."""
        checked = self.verify_set_tally(player, name, value)
        change: dict[str, Any] = {name: checked}
        figures = replace(self.figures(player), **change)
        tally = {**dict(self.tally), player: figures}
        summary = f"{player}'s {TALLY_WORDS[name]}: {_shown(checked)}."
        return self._done(
            SetTally(player, name, checked), summary, player, tally=tuple(tally.items())
        )

    def verify_tick_end_trigger(self, trigger: str, done: bool = True) -> str:
        """The trigger's words; raises why it cannot be noted so."""
        texts = {t.id: t.text for t in rules().game_end.trigger}
        if trigger not in texts:
            raise ActionError(f"end trigger {trigger!r} is not one of {', '.join(texts)}")
        if not isinstance(done, bool):
            raise ActionError(f"done {done!r} must be true or false")
        if (trigger in self.ended) == done:
            raise ActionError(
                f"end trigger {trigger!r} is already {'noted' if done else 'not noted'}"
            )
        return texts[trigger]

    def can_tick_end_trigger(self, trigger: str, done: bool = True) -> bool:
        return passes(lambda: self.verify_tick_end_trigger(trigger, done), MercanteError)

    def tick_end_trigger(
        self, trigger: str, done: bool = True
    ) -> tuple[MercanteTable, TableRecord]:
        """Does the game end?: an end condition noted as met (or not)."""
        text = self.verify_tick_end_trigger(trigger, done).rstrip(".")
        summary = f"Noted: {text}." if done else f"No longer noted: {text}."
        ended = self.ended | {trigger} if done else self.ended - {trigger}
        return self._done(TickEndTrigger(trigger, done), summary, None, ended=ended)

    # -- every action ---------------------------------------------------------------------------

    def _done(
        self, action: Action, summary: str, player: str | None, **changes: Any
    ) -> tuple[MercanteTable, TableRecord]:
        record = TableRecord(action=action, before=self, summary=summary, player=player)
        return replace(self, log=(*self.log, record), **changes), record

    def apply(self, action: Action) -> tuple[MercanteTable, TableRecord]:
        """Carry out any action of the table (a move of the game, or one of the table's)."""
        if isinstance(action, KeepContract):
            return self.keep_contract(action.player, action.index, action.value)
        if isinstance(action, TickSetupStep):
            return self.tick_setup_step(action.step, action.done)
        if isinstance(action, SetTally):
            return self.set_tally(action.player, action.field, action.value)
        if isinstance(action, TickEndTrigger):
            return self.tick_end_trigger(action.trigger, action.done)
        if not isinstance(action, Action):
            raise ActionError(f"{action!r} is not a Mercante action")
        game, move = self.game.apply(action)
        record = TableRecord(
            action=action, before=self, summary=move.summary, player=move.player, move=move
        )
        return replace(self, game=game, log=(*self.log, record)), record

    def verify(self, action: Action) -> None:
        """Raise the :class:`MercanteError` :meth:`apply` would raise, or return None."""
        self.apply(action)

    def can_apply(self, action: Action) -> bool:
        return passes(lambda: self.apply(action), MercanteError)

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


# -- on a shared table (companion.engine.core.protocol) -----

STEP_WORDS: Final[Mapping[str, str]] = {
    "remove_goods": "upkeep 1 of 4",
    "apply_event": "upkeep 2 of 4",
    "auction_vp": "upkeep 3 of 4",
    "pass_marker": "upkeep 4 of 4",
    "shipment": "shipment auction",
    "agents": "agents",
}


def status_line(table: MercanteTable) -> str:
    """``Turn 5 · Beth to play · upkeep 2 of 4`` (``the game ends with this turn``)."""
    game = table.game
    line = f"Turn {table.turn} · {game.active} to play · {STEP_WORDS[game.step or 'shipment']}"
    if table.is_over:
        line += " · the game ends with this turn"
    return line


def reads(table: MercanteTable, action: Action) -> object:
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
TABLE_RULES: Final[TableRules[MercanteTable, Action]] = TableRules(
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


__all__ = [
    "MOST_CONTRACTS",
    "TABLE_ACTIONS",
    "TABLE_FORMAT",
    "TABLE_RULES",
    "TABLE_VERSION",
    "TALLY_COUNTS",
    "TALLY_FIGURES",
    "TALLY_LISTS",
    "TALLY_WORDS",
    "KeepContract",
    "MercanteTable",
    "SetTally",
    "TableRecord",
    "TallyFigures",
    "TallyValue",
    "TickEndTrigger",
    "TickSetupStep",
    "check_tally_value",
    "read_table_action",
    "read_table_start",
    "reads",
    "status_line",
    "table_changed",
]
