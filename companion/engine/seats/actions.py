"""Players & seats: the actions on a seating. Each is a small frozen value that checks itself
against a seating (``verify``), says what it does (``play``) and what it depends on on a shared
table (``reads``); its saved form is its kind and its fields, read back by :func:`read_action`."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, ClassVar, Final

from companion.engine.core import saves
from companion.engine.core.numbers import is_whole
from companion.engine.core.players import check_seat_names
from companion.engine.core.words import plural
from companion.engine.seats.errors import SeatsError
from companion.engine.seats.records import SeatsRecord
from companion.engine.seats.values import (
    MAX_SEATS,
    check_seed,
    draw_first_player,
    move_seat,
    shuffle_seats,
)
from companion.rules import catalogue

if TYPE_CHECKING:
    from companion.engine.seats.game import Seating

#: The save a seating writes: version 2 holds the night (modules, expansions, house rules,
#: place and times, the tally and the sheet); version 1 (seats only) is still read.
SAVE: Final = saves.SaveFormat("companion-seats", 2, SeatsError)
SAVE_V1: Final = saves.SaveFormat("companion-seats", 1, SeatsError)


@dataclass(frozen=True)
class SeatsAction(saves.Action):
    """A change to the seating (each kind below)."""

    def verify(self, game: Seating) -> tuple[Seating, str]:
        """The seating after this action (its log not yet extended) and what it did, in a
        sentence; raises why it is not allowed."""
        raise NotImplementedError

    def play(self, game: Seating, checked: tuple[Seating, str]) -> tuple[Seating, SeatsRecord]:
        after, summary = checked
        return after, SeatsRecord(self, game, summary)

    def reads(self, seating: Seating) -> object:
        """What this action depends on (see :class:`~companion.engine.core.protocol.TableRules`):
        by default the whole seating."""
        return seating


@dataclass(frozen=True)
class Seat(SeatsAction):
    """Seat ``name`` in the next seat (clockwise after the last)."""

    kind: ClassVar[str] = "seat"
    name: str

    def verify(self, game: Seating) -> tuple[Seating, str]:
        index = game.seat_of(self.name) if isinstance(self.name, str) else None
        if index is not None:
            raise SeatsError(f"{game.seats[index]} is already seated")
        try:
            check_seat_names([self.name], SeatsError)
        except SeatsError as exc:  # in a player's words: no seat number, no quotes
            raise SeatsError(unquoted(str(exc).split(": ", 1)[-1])) from None
        seats = check_seat_names([*game.seats, self.name], SeatsError)
        if len(seats) > MAX_SEATS:
            raise SeatsError(f"a table here seats at most {MAX_SEATS}: {self.name} cannot sit down")
        return replace(game, seats=seats, first=None), f"{seats[-1]} sits in seat {len(seats)}"

    def reads(self, seating: Seating) -> object:
        return seating.seat_of(self.name) is not None


@dataclass(frozen=True)
class Unseat(SeatsAction):
    """``name`` leaves the table; the others keep their order."""

    kind: ClassVar[str] = "unseat"
    name: str

    def verify(self, game: Seating) -> tuple[Seating, str]:
        index = game.seated(self.name)
        name = game.seats[index]
        lines = sum(1 for line in game.tally if line.player == name)
        if lines:
            raise SeatsError(
                f"{name} has {plural(lines, 'line')} on the tally: strike them before {name} leaves"
            )
        if any(p == name for p, _, _ in game.sheet):
            raise SeatsError(f"{name} has figures on the final sheet: clear them first")
        seats = game.seats[:index] + game.seats[index + 1 :]
        return replace(game, seats=seats, first=None), f"{name} left the table"

    def reads(self, seating: Seating) -> object:
        return seating.seat_of(self.name) is not None


@dataclass(frozen=True)
class MoveSeat(SeatsAction):
    """``name`` moves ``offset`` seats (−1: one seat earlier, 1: one seat later)."""

    kind: ClassVar[str] = "move"
    name: str
    offset: int

    def verify(self, game: Seating) -> tuple[Seating, str]:
        index = game.seated(self.name)
        if not is_whole(self.offset) or self.offset == 0:
            raise SeatsError(f"offset {self.offset!r} must be a whole number of seats, not 0")
        name = game.seats[index]
        seats = move_seat(game.seats, index, self.offset)
        if seats == game.seats:
            end = "first" if self.offset < 0 else "last"
            raise SeatsError(f"{name} already sits in the {end} seat")
        moved = f"{name} moved to seat {seats.index(name) + 1}"
        return replace(game, seats=seats, first=None), moved

    def reads(self, seating: Seating) -> object:
        """Where the player sits and who sits beside them there."""
        index = seating.seat_of(self.name)
        if index is None or not is_whole(self.offset):
            return None
        target = index + self.offset
        return (index, seating.seats[target] if 0 <= target < len(seating.seats) else None)


@dataclass(frozen=True)
class SetSeed(SeatsAction):
    """The seed typed by a player."""

    kind: ClassVar[str] = "set_seed"
    said: ClassVar[str] = "Seed"
    seed: int = field(metadata=saves.saved(read=check_seed))

    def verify(self, game: Seating) -> tuple[Seating, str]:
        seed = check_seed(self.seed)
        if seed == game.seed:
            raise SeatsError(f"the seed is {seed} already")
        return replace(game, seed=seed, first=None), f"{self.said} {seed}"

    def reads(self, seating: Seating) -> object:
        return seating.seed


@dataclass(frozen=True)
class NewSeed(SetSeed):
    """A fresh random seed, drawn on the device that asked (see
    :func:`~companion.engine.seats.values.new_seed`)."""

    kind: ClassVar[str] = "new_seed"
    said: ClassVar[str] = "New seed"


@dataclass(frozen=True)
class DrawFirst(SeatsAction):
    """Draw the first player from the seats and the seed."""

    kind: ClassVar[str] = "draw"

    def verify(self, game: Seating) -> tuple[Seating, str]:
        if game.first is not None:
            raise SeatsError(f"the draw is made: {game.seats[game.first]} goes first")
        draw = draw_first_player(game.seats, game.seed)
        return replace(game, first=draw.first), f"{draw.first_player} goes first"

    def reads(self, seating: Seating) -> object:
        return (seating.seats, seating.seed, seating.first)


@dataclass(frozen=True)
class Shuffle(SeatsAction):
    """Shuffle the seat order with the seed (the draw, if any, goes with it)."""

    kind: ClassVar[str] = "shuffle"

    def verify(self, game: Seating) -> tuple[Seating, str]:
        if len(game.seats) < 2:
            raise SeatsError(f"{len(game.seats)} seated: shuffling needs two players or more")
        seats = shuffle_seats(game.seats, game.seed)
        return replace(game, seats=seats, first=None), "Seats shuffled: " + ", ".join(seats)

    def reads(self, seating: Seating) -> object:
        return (seating.seats, seating.seed, seating.first)


@dataclass(frozen=True)
class SetGame(SeatsAction):
    """The game this table is seated for (a catalogue id)."""

    kind: ClassVar[str] = "game"
    game: str

    def verify(self, game: Seating) -> tuple[Seating, str]:
        name = game_name(self.game)
        if self.game == game.game_id:
            raise SeatsError(f"the table is seated for {name} already")
        said = f"Seated for {name}"
        if game.modules or game.expansions or game.sheet:
            said += " (the modules, expansions and final sheet of the other game are cleared)"
        after = replace(
            game, game_id=self.game, modules=(), expansions=(), sheet=(), game_table=None
        )
        return after, said

    def reads(self, seating: Seating) -> object:
        return (seating.game_id, seating.modules, seating.expansions, seating.sheet)


def unquoted(text: str) -> str:
    """``name 'Ann' is longer…`` as a player reads it: the quotes a name was given dropped."""
    return re.sub(r"""(?<!\w)(['"])(.*?)\1(?!\w)""", r"\2", text)


def said(name: object) -> str:
    """A name as a message says it (an id's underscores read as spaces)."""
    return str(name).replace("_", " ").strip() or "a blank name"


def game_name(game_id: object) -> str:
    """The game's name, if ``game_id`` is in the catalogue."""
    if not isinstance(game_id, str):
        raise SeatsError(f"game {game_id!r} must be a game id")
    try:
        return catalogue().game(game_id).name
    except KeyError:
        raise SeatsError(f"{said(game_id)} is not a game the app knows") from None


ACTIONS: Final = (Seat, Unseat, MoveSeat, SetSeed, NewSeed, DrawFirst, Shuffle, SetGame)


@functools.cache
def every_action() -> tuple[type[SeatsAction], ...]:
    """The seating's actions and the night's (:mod:`companion.engine.seats.night`)."""
    from companion.engine.seats.night import NIGHT_ACTIONS

    return (*ACTIONS, *NIGHT_ACTIONS)


def read_action(raw: object) -> SeatsAction:
    """An action back from its saved form (a seating's or a night's); raises
    :class:`SeatsError` naming the field."""
    return SAVE.read_action(raw, every_action())


__all__ = [
    "ACTIONS",
    "SAVE",
    "SAVE_V1",
    "DrawFirst",
    "MoveSeat",
    "NewSeed",
    "Seat",
    "SeatsAction",
    "SetGame",
    "SetSeed",
    "Shuffle",
    "Unseat",
    "every_action",
    "game_name",
    "read_action",
    "said",
    "unquoted",
]
