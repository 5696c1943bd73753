"""The game night grown from the seating: what is played (modules, expansions, house rules),
where and when, the running tally, the final scoring sheet, finishing and reopening.

Each action checks itself against the night (``verify``, raising :class:`SeatsError` with a
sentence in players' words) and says what it depends on on a shared table (``reads``), so two
phones adding tally lines for two players at once both succeed. Times come from the device
that acts (ISO 8601 text): the engine itself never reads a clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING, ClassVar, Final

from companion.engine.core import saves
from companion.engine.core.numbers import is_whole
from companion.engine.core.words import plural, signed
from companion.engine.seats.actions import SeatsAction, game_name, said
from companion.engine.seats.errors import SeatsError
from companion.engine.seats.sheet import sheet_for
from companion.rules import catalogue
from companion.text import normal_text

if TYPE_CHECKING:
    from companion.engine.seats.game import Seating

LOCATION_MAX: Final = 120  # as the history keeps a location
TEXT_MAX: Final = 80  # a module's, an expansion's, a tally line's "what"
WORKING_MAX: Final = 300
POINTS_MAX: Final = 100_000
READINGS: Final = ("reading", "alternative")


@dataclass(frozen=True)
class TallyLine:
    """Points for one player with what they are for and how they were worked out, and the
    tool that added them (``bard``, ``cove_goods``; empty when typed on the night)."""

    player: str
    points: int
    what: str
    working: str = ""
    tool: str = ""

    def to_dict(self) -> dict[str, object]:
        return saves.saved_fields(self)

    @classmethod
    def from_dict(cls, raw: object) -> TallyLine:
        from companion.engine.seats.actions import SAVE

        return SAVE.read_value(cls, raw)


def parse_time(at: object, what: str = "time") -> datetime:
    """An ISO 8601 time given by the acting device; raises naming it otherwise."""
    if not isinstance(at, str):
        raise SeatsError(f"the {what} must be a date and time")
    try:
        return datetime.fromisoformat(at)
    except ValueError:
        raise SeatsError(f"the {what} {at} is not a date and time") from None


def _clock(at: str) -> str:
    return parse_time(at).strftime("%H:%M")


def _text(value: object, what: str, most: int, *, blank: bool = False) -> str:
    if not isinstance(value, str):
        raise SeatsError(f"the {what} must be text")
    text = normal_text(value)
    if not text and not blank:
        raise SeatsError(f"the {what} is blank")
    if len(text) > most:
        raise SeatsError(f"the {what} is longer than {most} letters")
    return text


def _open(game: Seating) -> None:
    if game.finished_at is not None:
        raise SeatsError("the night is finished: reopen it to change it")


def module_names(game_id: str) -> dict[str, tuple[str, str]]:
    """The modules the setup data lists for ``game_id``: id → (name, the book it is in)."""
    from companion.engine.setup.facts import setup_data

    setup = setup_data().games.get(game_id)
    if setup is None:
        return {}
    return {m.id: (m.name, m.source.book) for m in setup.modules}


@dataclass(frozen=True)
class Choose(SeatsAction):
    """The modules and expansions played tonight (the setup assistant's ids). A module brings
    its expansion in; a game whose modules the app knows refuses any other."""

    kind: ClassVar[str] = "choose"
    modules: tuple[str, ...] = ()
    expansions: tuple[str, ...] = ()

    def verify(self, game: Seating) -> tuple[Seating, str]:
        _open(game)
        known = module_names(game.game_id)
        sheet = sheet_for(game.game_id)
        modules: list[str] = []
        for raw in self.modules:
            module = _text(raw, "module", TEXT_MAX)
            if known and module not in known:
                name = catalogue().game(game.game_id).name
                raise SeatsError(f"{said(module)} is not a module of {name} the app knows")
            if module not in modules:
                modules.append(module)
        expansions: list[str] = []
        for raw in self.expansions:
            expansion = _text(raw, "expansion", TEXT_MAX)
            if sheet.expansions and expansion not in {e.id for e in sheet.expansions}:
                name = catalogue().game(game.game_id).name
                raise SeatsError(f"{said(expansion)} is not an expansion of {name} the app knows")
            if expansion not in expansions:
                expansions.append(expansion)
        for module in modules:  # a module is played from its expansion's box
            book = known.get(module, ("", ""))[1]
            if book in {e.id for e in sheet.expansions} and book not in expansions:
                expansions.append(book)
        after = replace(game, modules=tuple(modules), expansions=tuple(expansions))
        if (after.modules, after.expansions) == (game.modules, game.expansions):
            raise SeatsError("these modules and expansions are chosen already")
        parts = []
        if modules:
            parts.append("Modules: " + ", ".join(known[m][0] if m in known else m for m in modules))
        if expansions:
            parts.append("Expansions: " + ", ".join(sheet.expansion_name(e) for e in expansions))
        return after, " · ".join(parts) if parts else "Playing the base game only"

    def reads(self, seating: Seating) -> object:
        return (seating.game_id, seating.modules, seating.expansions)


@dataclass(frozen=True)
class SetHouseRule(SeatsAction):
    """Play ``rule`` (a ruling id) by its ``value``: ``"alternative"`` (the house rule) or
    ``"reading"`` (the app's reading of the rulebook)."""

    kind: ClassVar[str] = "house_rule"
    rule: str
    value: str = "alternative"

    def verify(self, game: Seating) -> tuple[Seating, str]:
        _open(game)
        try:
            ruling = catalogue().ruling(self.rule)
        except KeyError:
            raise SeatsError("there is no such house rule") from None
        if ruling.alternative is None:
            raise SeatsError(f"{ruling.topic} has no house rule to switch")
        if self.value not in READINGS:
            raise SeatsError(f"{ruling.topic} is played by the reading or the house rule")
        rules = dict(game.house_rules)
        if rules.get(self.rule, "reading") == self.value and (
            self.rule in rules or self.value == "reading"
        ):
            raise SeatsError(f"{ruling.house_rule_label} is set so already")
        rules[self.rule] = self.value
        after = replace(game, house_rules=tuple(sorted(rules.items())))
        on = "on" if self.value == "alternative" else "off"
        return after, f"{ruling.house_rule_label}: {on}"

    def reads(self, seating: Seating) -> object:
        return dict(seating.house_rules).get(self.rule)


@dataclass(frozen=True)
class SetLocation(SeatsAction):
    """Where the night is played (blank: not said)."""

    kind: ClassVar[str] = "location"
    text: str

    def verify(self, game: Seating) -> tuple[Seating, str]:
        _open(game)
        text = _text(self.text, "place", LOCATION_MAX, blank=True)
        if text == game.location:
            raise SeatsError(f"the place is {text or 'not said'} already")
        return replace(game, location=text), f"Played at {text}" if text else "No place said"

    def reads(self, seating: Seating) -> object:
        return seating.location


@dataclass(frozen=True)
class Start(SeatsAction):
    """The game starts ``at`` (the acting device's clock)."""

    kind: ClassVar[str] = "start"
    at: str

    def verify(self, game: Seating) -> tuple[Seating, str]:
        _open(game)
        parse_time(self.at, "start")
        if game.started_at is not None:
            raise SeatsError(f"the game started at {_clock(game.started_at)} already")
        return replace(game, started_at=self.at), f"Started at {_clock(self.at)}"

    def reads(self, seating: Seating) -> object:
        return seating.started_at


@dataclass(frozen=True)
class AddToTally(SeatsAction):
    """Add ``points`` to ``player``'s running tally, with what for and the working."""

    kind: ClassVar[str] = "tally"
    player: str
    points: int
    what: str
    working: str = ""
    tool: str = ""

    def verify(self, game: Seating) -> tuple[Seating, str]:
        _open(game)
        index = game.seat_of(self.player)
        if index is None:
            raise SeatsError(f"{said(self.player)} is not seated at this table")
        if not is_whole(self.points) or abs(self.points) > POINTS_MAX:
            raise SeatsError(f"the points for {game.seats[index]} must be a whole number")
        line = TallyLine(
            player=game.seats[index],
            points=self.points,
            what=_text(self.what, "line's name", TEXT_MAX),
            working=_text(self.working, "working", WORKING_MAX, blank=True),
            tool=_text(self.tool, "tool", TEXT_MAX, blank=True),
        )
        after = replace(game, tally=(*game.tally, line))
        return after, f"{signed(line.points)} for {line.player}: {line.what}"

    def reads(self, seating: Seating) -> object:
        return (seating.seat_of(self.player) is not None, seating.finished_at)


@dataclass(frozen=True)
class Strike(SeatsAction):
    """Take line ``line`` (counted from 1, as the screen numbers them) off the tally."""

    kind: ClassVar[str] = "strike"
    line: int

    def verify(self, game: Seating) -> tuple[Seating, str]:
        _open(game)
        if not is_whole(self.line) or not 1 <= self.line <= len(game.tally):
            raise SeatsError(
                f"the tally has no line {self.line}: it has {plural(len(game.tally), 'line')}"
            )
        gone = game.tally[self.line - 1]
        tally = game.tally[: self.line - 1] + game.tally[self.line :]
        summary = f"Struck off: {signed(gone.points)} for {gone.player}, {gone.what}"
        return replace(game, tally=tally), summary

    def reads(self, seating: Seating) -> object:
        return seating.tally


@dataclass(frozen=True)
class SetFigure(SeatsAction):
    """``player``'s figure on the final sheet's line ``category`` (``None`` clears it)."""

    kind: ClassVar[str] = "figure"
    player: str
    category: str
    value: int | None = field(default=None)

    def verify(self, game: Seating) -> tuple[Seating, str]:
        _open(game)
        index = game.seat_of(self.player)
        if index is None:
            raise SeatsError(f"{said(self.player)} is not seated at this table")
        name = game.seats[index]
        category = game.sheet_def.category(self.category)
        if not category.entered:
            raise SeatsError(f"{category.name} comes from the tally: add or strike a line there")
        if self.value is not None and (not is_whole(self.value) or abs(self.value) > POINTS_MAX):
            raise SeatsError(f"{name}'s {category.name} must be a whole number")
        figures = {(p, c): v for p, c, v in game.sheet}
        key = (name, category.id)
        if figures.get(key) == self.value:
            if self.value is None:
                raise SeatsError(f"{name} has no {category.name} entered")
            raise SeatsError(f"{name}'s {category.name} is {self.value} already")
        if self.value is None:
            figures.pop(key, None)
        else:
            figures[key] = self.value
        order = {p: i for i, p in enumerate(game.seats)}
        ids = [c.id for c in game.sheet_def.categories]
        sheet = tuple(
            (p, c, v)
            for (p, c), v in sorted(
                figures.items(), key=lambda kv: (order[kv[0][0]], ids.index(kv[0][1]))
            )
        )
        shown = "cleared" if self.value is None else str(self.value)
        summary = f"{name}'s {category.name}: {shown}"
        return replace(game, sheet=sheet), summary

    def reads(self, seating: Seating) -> object:
        index = seating.seat_of(self.player)
        if index is None:
            return None
        return (seating.figure(seating.seats[index], self.category), seating.finished_at)


@dataclass(frozen=True)
class Finish(SeatsAction):
    """The game is over ``at`` (the acting device's clock): the standings stand, and nothing
    changes but by :class:`Reopen`."""

    kind: ClassVar[str] = "finish"
    at: str

    def verify(self, game: Seating) -> tuple[Seating, str]:
        _open(game)
        end = parse_time(self.at, "finish")
        if not game.seats:
            raise SeatsError("nobody is seated: seat the players first")
        if game.started_at is not None and end < parse_time(game.started_at):
            raise SeatsError(
                f"the finish at {_clock(self.at)} is before the start at {_clock(game.started_at)}"
            )
        return replace(game, finished_at=self.at), f"Finished at {_clock(self.at)}"


@dataclass(frozen=True)
class Reopen(SeatsAction):
    """Take the finish back, to correct the tally or the sheet."""

    kind: ClassVar[str] = "reopen"

    def verify(self, game: Seating) -> tuple[Seating, str]:
        if game.finished_at is None:
            raise SeatsError("the night is not finished")
        return replace(game, finished_at=None), "Reopened: the tally and the sheet can change"


#: The tools whose own table plays a night's game, by the game they play.
GAME_TABLES: Final = {"mercante": "mercante", "merchants_journey": "journey"}
TABLE_NAMES: Final = {"mercante": "Mercante", "journey": "Merchant's Journey"}


@dataclass(frozen=True)
class PlayAt(SeatsAction):
    """The night's game is played on ``tool``'s table number ``table``, opened from the
    night: its tally comes from that table, and the night and the table save ONE play."""

    kind: ClassVar[str] = "play_at"
    tool: str
    table: int

    def verify(self, game: Seating) -> tuple[Seating, str]:
        _open(game)
        wanted = GAME_TABLES.get(game.game_id)
        if wanted is None:
            raise SeatsError(f"{game_name(game.game_id)} has no game table of its own")
        if self.tool != wanted:
            name = TABLE_NAMES.get(self.tool, "that tool") if isinstance(self.tool, str) else ""
            raise SeatsError(f"tonight's game is {TABLE_NAMES[wanted]}, not {name or 'that tool'}")
        if not is_whole(self.table) or self.table < 1:
            raise SeatsError(f"table {self.table} is not a table number")
        if game.game_table == self.table:
            raise SeatsError(f"the game is played on that {TABLE_NAMES[wanted]} table already")
        after = replace(game, game_table=self.table)
        return after, f"The game is played on the {TABLE_NAMES[wanted]} table opened from the night"

    def reads(self, seating: Seating) -> object:
        return (seating.game_table, seating.finished_at)


NIGHT_ACTIONS: Final = (
    Choose,
    SetHouseRule,
    SetLocation,
    Start,
    AddToTally,
    Strike,
    SetFigure,
    Finish,
    Reopen,
    PlayAt,
)


__all__ = [
    "GAME_TABLES",
    "LOCATION_MAX",
    "NIGHT_ACTIONS",
    "TABLE_NAMES",
    "AddToTally",
    "Choose",
    "Finish",
    "PlayAt",
    "Reopen",
    "SetFigure",
    "SetHouseRule",
    "SetLocation",
    "Start",
    "Strike",
    "TallyLine",
    "module_names",
    "parse_time",
]
