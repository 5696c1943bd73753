"""Players & seats: the actions on a seating, as plain data (``to_dict``/:func:`read_action`),
and the save format they are read back with."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from companion.engine.saves import Action, SaveFormat
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


def read_text(data: Mapping[str, Any], name: str) -> str:
    """The text field ``name`` of a saved form; raises naming it when it is not text."""
    value = data.get(name)
    if not isinstance(value, str):
        raise SeatsError(f"{name} {value!r} must be text")
    return value


def read_int(data: Mapping[str, Any], name: str) -> int:
    """The whole-number field ``name`` of a saved form; raises naming it otherwise."""
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise SeatsError(f"{name} {value!r} must be a whole number")
    return value


def read_action(raw: object) -> SeatsAction:
    """An action back from its saved form; raises :class:`SeatsError` naming the field."""
    data = SAVE.mapping(raw, "")
    kind = data.get("kind")
    if kind in (Seat.kind, Unseat.kind):
        SAVE.known(data, "", {"kind", "name"})
        name = read_text(data, "name")
        return Seat(name) if kind == Seat.kind else Unseat(name)
    if kind == MoveSeat.kind:
        SAVE.known(data, "", {"kind", "name", "offset"})
        return MoveSeat(read_text(data, "name"), read_int(data, "offset"))
    if kind in (SetSeed.kind, NewSeed.kind):
        SAVE.known(data, "", {"kind", "seed"})
        seed = check_seed(data.get("seed"))
        return SetSeed(seed) if kind == SetSeed.kind else NewSeed(seed)
    if kind in (DrawFirst.kind, Shuffle.kind):
        SAVE.known(data, "", {"kind"})
        return DrawFirst() if kind == DrawFirst.kind else Shuffle()
    if kind == SetGame.kind:
        SAVE.known(data, "", {"kind", "game"})
        return SetGame(read_text(data, "game"))
    raise SeatsError(f"unknown action kind {kind!r}")


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
