"""Merchant's Journey's moves as plain data (what was asked: start a city, place a card,
swap two), their saved form and :func:`read_action`, the cards on the table, and the records
of what each move did (the game's log)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal

from companion.engine import saves
from companion.engine.journey.errors import RowError, SaveDataError, SwapError, whole
from companion.engine.journey.facts import parse_rank
from companion.engine.journey.values import Gain, a_card, points_text

if TYPE_CHECKING:
    from companion.engine.journey.game import JourneyGame

SAVE_FORMAT: Final = "companion.journey.game"
SAVE_VERSION: Final = 1
#: The save format of a game (and of its actions): header, known fields, replay.
SAVE: Final = saves.SaveFormat(SAVE_FORMAT, SAVE_VERSION, SaveDataError)

Side = Literal["left", "right"]
SIDES: Final[tuple[Side, ...]] = ("left", "right")
SwapKind = Literal["played", "ghorralands"]


@dataclass(frozen=True)
class Card:
    """A card on the table: ``id`` counts placements from 1; ``by`` is who played it."""

    id: int
    rank: str
    by: str

    def __repr__(self) -> str:
        return f"Card({self.id}, {self.rank!r}, by={self.by!r})"


@dataclass(frozen=True)
class Action(saves.Action):
    """A player's move as saved: what was asked, not what came of it."""


@dataclass(frozen=True)
class StartRow(Action):
    """Start a new city: ``rank`` becomes a row of its own."""

    kind: ClassVar[str] = "start_row"
    rank: str

    def __repr__(self) -> str:
        return f"StartRow({self.rank!r})"


@dataclass(frozen=True)
class Place(Action):
    """Connect ``rank`` to the ``side`` end of row ``row`` (rows count from 0)."""

    kind: ClassVar[str] = "place"
    rank: str
    row: int
    side: Side

    def __repr__(self) -> str:
        return f"Place({self.rank!r}, row={self.row}, side={self.side!r})"


@dataclass(frozen=True)
class Swap(Action):
    """Cards ``card`` and ``other`` (ids) trade places: a 10 or 5 just played with the card it
    was placed beside, or a Ghorralands switch (``card`` is the 6 of the player switching)."""

    kind: ClassVar[str] = "swap"
    card: int
    other: int

    def __repr__(self) -> str:
        return f"Swap({self.card}, {self.other})"


@dataclass(frozen=True, kw_only=True)
class Record:
    """What an action did. ``before`` is the game as it was (for undo)."""

    action: Action
    player: str
    gain: Gain
    before: JourneyGame = field(repr=False, compare=False)

    @property
    def summary(self) -> str:
        return f"{self.player}: {self.action!r}"


@dataclass(frozen=True, kw_only=True)
class PlayRecord(Record):
    """A card played: ``row`` is where it went; ``beside`` the card it connected to, if any."""

    card: Card
    row: int
    beside: Card | None

    @property
    def summary(self) -> str:
        if self.beside is None:
            where = f"row {self.row + 1} with {a_card(self.card.rank)}"
            return f"{self.player} started {where}: a new city."
        return (
            f"{self.player} played {self.card.rank} beside {self.beside.rank} in row "
            f"{self.row + 1}: {points_text(self.gain.points)} ({self.gain.working})."
        )


@dataclass(frozen=True, kw_only=True)
class SwapRecord(Record):
    """A swap: ``moved`` is the card whose ability moved it, ``other`` the card it traded with."""

    swap: SwapKind
    moved: Card
    other: Card

    @property
    def summary(self) -> str:
        if self.swap == "played":
            text = f"{self.player}'s {self.moved.rank} traded places with the {self.other.rank}"
        else:
            here = self.before.where(self.moved.id)[0] + 1
            there = self.before.where(self.other.id)[0] + 1
            where = f"in row {there}" if there != here else "in the same row"
            text = f"{self.player} switched their 6 in row {here} with the 6 {where}"
        if self.gain.pairs:
            return f"{text}: {points_text(self.gain.points)} ({self.gain.working})."
        return f"{text}; scores stand."


@dataclass(frozen=True)
class SwapOption:
    """A swap the rules allow now, for a screen to offer (``Swap(card.id, other.id)``)."""

    kind: SwapKind
    card: Card
    other: Card
    player: str

    @property
    def action(self) -> Swap:
        return Swap(self.card.id, self.other.id)


def read_action(raw: object) -> Action:
    """An action back from its saved form (``Place("8", row=0, side="left")``); raises
    :class:`JourneyError` (a :class:`SaveDataError` for an unknown kind) naming the field."""
    return SAVE.read_action(raw, ACTIONS, READERS)


def _side(data: Mapping[str, Any], name: str) -> Side:
    side = data.get(name)
    if side not in SIDES:
        raise RowError(f"{name} {side!r} must be 'left' or 'right'")
    return "left" if side == "left" else "right"


ACTIONS: Final = (StartRow, Place, Swap)
#: How each field of an action is read back.
READERS: Final[Mapping[str, saves.FieldReader]] = {
    "rank": lambda data, name: parse_rank(data.get(name)),
    "row": lambda data, name: whole(data.get(name), name, RowError),
    "side": _side,
    "card": lambda data, name: whole(data.get(name), name, SwapError),
    "other": lambda data, name: whole(data.get(name), name, SwapError),
}


__all__ = [
    "SAVE",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "SIDES",
    "Action",
    "Card",
    "Place",
    "PlayRecord",
    "Record",
    "Side",
    "StartRow",
    "Swap",
    "SwapKind",
    "SwapOption",
    "SwapRecord",
    "read_action",
]
