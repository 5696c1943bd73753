"""Players & seats: the seed, and the first-player draw and the shuffle, pure functions of the
seat order and the seed (so a disputed draw can be replayed by anyone who types the same
seed)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from companion.engine.core.numbers import whole
from companion.engine.core.players import check_seat_names
from companion.engine.seats.errors import SeatsError

SEED_DIGITS = 6
MAX_SEATS = 30  # not a rule: more than any game here seats, fewer than a typo's worth
MAX_SEED = 10**12 - 1  # twelve digits at most: still read out across a table
DEFAULT_GAME = "mercante"


def new_seed(rng: random.Random | None = None) -> int:
    """A fresh six-digit seed, short enough to read out across the table."""
    source = rng or random.SystemRandom()
    return source.randrange(10 ** (SEED_DIGITS - 1), 10**SEED_DIGITS)


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number from 0 to :data:`MAX_SEED`."""
    return whole(seed, "seed", SeatsError, least=0, most=MAX_SEED)


def parse_seed(text: str) -> int:
    """Read a seed typed by a player; raises naming the text when it is not a whole number."""
    cleaned = text.strip()
    if not cleaned.isdigit() or not cleaned.isascii():
        raise SeatsError(f"seed {text!r} must be a whole number of digits")
    if len(cleaned) > len(str(MAX_SEED)):
        raise SeatsError(f"seed {text!r} has more than {len(str(MAX_SEED))} digits")
    return int(cleaned)


@dataclass(frozen=True)
class Draw:
    """The outcome of a first-player draw: who, from which seed, among which seats."""

    seed: int
    seats: tuple[str, ...]
    first: int  # index into seats

    @property
    def first_player(self) -> str:
        return self.seats[self.first]

    def turn_order(self) -> tuple[str, ...]:
        """Seats starting with the first player, going round in seat order."""
        return self.seats[self.first :] + self.seats[: self.first]


def draw_first_player(seats: Sequence[str], seed: int) -> Draw:
    """Pick the first player from ``seats`` with ``seed``; the same inputs give the same pick."""
    players = check_seat_names(seats, SeatsError)
    if not players:
        raise SeatsError("no players are seated")
    whole(seed, "seed", SeatsError, least=0)
    return Draw(seed=seed, seats=players, first=random.Random(seed).randrange(len(players)))


def shuffle_seats(seats: Sequence[str], seed: int) -> tuple[str, ...]:
    """A random seat order from ``seed`` (reproducible like the first-player draw)."""
    players = list(check_seat_names(seats, SeatsError))
    random.Random(seed).shuffle(players)
    return tuple(players)


def move_seat(seats: Sequence[str], index: int, offset: int) -> tuple[str, ...]:
    """Move the player at ``index`` by ``offset`` seats (clamped to the table)."""
    if not 0 <= index < len(seats):
        raise SeatsError(f"seat index {index!r} is not at this table of {len(seats)}")
    order = list(seats)
    target = max(0, min(len(order) - 1, index + offset))
    order.insert(target, order.pop(index))
    return tuple(order)


__all__ = [
    "DEFAULT_GAME",
    "MAX_SEATS",
    "MAX_SEED",
    "SEED_DIGITS",
    "Draw",
    "check_seed",
    "draw_first_player",
    "move_seat",
    "new_seed",
    "parse_seed",
    "shuffle_seats",
]
