"""Players & seats: the actions on a seating, as plain data (``to_dict``/:func:`read_action`),
and the save format they are read back with."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Final

from companion.engine.core.saves import Action, KeyedReader, SaveFormat
from companion.engine.seats.errors import SeatsError
from companion.engine.seats.values import check_seed


@dataclass(frozen=True)
class SeatsAction(Action):
    """A change to the seating (each kind below)."""


@dataclass(frozen=True)
class Seat(SeatsAction):
    """Seat ``name`` in the next seat (clockwise after the last)."""

    kind: ClassVar[str] = "seat"
    name: str


@dataclass(frozen=True)
class Unseat(SeatsAction):
    """``name`` leaves the table; the others keep their order."""

    kind: ClassVar[str] = "unseat"
    name: str


@dataclass(frozen=True)
class MoveSeat(SeatsAction):
    """``name`` moves ``offset`` seats (−1: one seat earlier, 1: one seat later)."""

    kind: ClassVar[str] = "move"
    name: str
    offset: int


@dataclass(frozen=True)
class SetSeed(SeatsAction):
    """The seed typed by a player."""

    kind: ClassVar[str] = "set_seed"
    seed: int


@dataclass(frozen=True)
class NewSeed(SeatsAction):
    """A fresh random seed, drawn on the device that asked (see :func:`new_seed`)."""

    kind: ClassVar[str] = "new_seed"
    seed: int


@dataclass(frozen=True)
class DrawFirst(SeatsAction):
    """Draw the first player from the seats and the seed."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Shuffle(SeatsAction):
    """Shuffle the seat order with the seed (the draw, if any, goes with it)."""

    kind: ClassVar[str] = "shuffle"


@dataclass(frozen=True)
class SetGame(SeatsAction):
    """The game this table is seated for (a catalogue id)."""

    kind: ClassVar[str] = "game"
    game: str


SAVE: Final = SaveFormat("companion-seats", 1, SeatsError)


#: The text field ``name`` of a saved form; raises naming it when it is not text.
read_text = SAVE.text
#: The whole-number field ``name`` of a saved form; raises naming it otherwise.
read_int = SAVE.whole

ACTIONS: Final = (Seat, Unseat, MoveSeat, SetSeed, NewSeed, DrawFirst, Shuffle, SetGame)
#: How each field of an action is read back.
READERS: Final[Mapping[str, KeyedReader]] = {
    "name": SAVE.text,
    "offset": SAVE.whole,
    "seed": lambda data, name: check_seed(data.get(name)),
    "game": SAVE.text,
}


def read_action(raw: object) -> SeatsAction:
    """An action back from its saved form; raises :class:`SeatsError` naming the field."""
    return SAVE.read_action(raw, ACTIONS, READERS)


__all__ = [
    "SAVE",
    "DrawFirst",
    "MoveSeat",
    "NewSeed",
    "Seat",
    "SeatsAction",
    "SetGame",
    "SetSeed",
    "Shuffle",
    "Unseat",
    "read_action",
    "read_int",
    "read_text",
]
