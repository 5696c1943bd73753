"""Players and seats at the table: seat order and a first player drawn from a shown seed.

The draw is a pure function of the seat order and the seed, so a disputed draw can be
replayed by anyone who types the same seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

SEED_DIGITS = 6
MAX_NAME_LENGTH = 40


class TableError(ValueError):
    """A table cannot be formed from the given names or seed."""


def check_players(names: Sequence[str]) -> tuple[str, ...]:
    """Return the names stripped, or raise naming the first empty, too long or repeated one."""
    cleaned: list[str] = []
    folded: set[str] = set()
    for seat, raw in enumerate(names, start=1):
        name = raw.strip()
        if not name:
            raise TableError(f"seat {seat}: a player needs a name")
        if len(name) > MAX_NAME_LENGTH:
            raise TableError(f"seat {seat}: name {name!r} is longer than {MAX_NAME_LENGTH}")
        if name.casefold() in folded:
            raise TableError(f"seat {seat}: {name!r} is already seated")
        folded.add(name.casefold())
        cleaned.append(name)
    return tuple(cleaned)


def new_seed(rng: random.Random | None = None) -> int:
    """A fresh six-digit seed, short enough to read out across the table."""
    source = rng or random.SystemRandom()
    return source.randrange(10 ** (SEED_DIGITS - 1), 10**SEED_DIGITS)


def parse_seed(text: str) -> int:
    """Read a seed typed by a player; raises naming the text when it is not a whole number."""
    cleaned = text.strip()
    if not cleaned.isdigit():
        raise TableError(f"seed {text!r} must be a whole number of digits")
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
    players = check_players(seats)
    if not players:
        raise TableError("no players are seated")
    if seed < 0:
        raise TableError(f"seed {seed!r} must not be negative")
    return Draw(seed=seed, seats=players, first=random.Random(seed).randrange(len(players)))


def shuffle_seats(seats: Sequence[str], seed: int) -> tuple[str, ...]:
    """A random seat order from ``seed`` (reproducible like the first-player draw)."""
    players = list(check_players(seats))
    random.Random(seed).shuffle(players)
    return tuple(players)


def move_seat(seats: Sequence[str], index: int, offset: int) -> tuple[str, ...]:
    """Move the player at ``index`` by ``offset`` seats (clamped to the table)."""
    if not 0 <= index < len(seats):
        raise TableError(f"seat index {index!r} is not at this table of {len(seats)}")
    order = list(seats)
    target = max(0, min(len(order) - 1, index + offset))
    order.insert(target, order.pop(index))
    return tuple(order)
