"""The Entertainer's Singing Step Example, the rulebook's worked example of a song, as data:
the engine's golden tests sing it, the demo shows it, the bench and the screens' tests
measure and tap on it.

The example: a Song tableau of three cards (the leftmost gives 1 any-colour icon per Skill
card in the song, 3; the second 2 Warrior icons; the rightmost 2 Noble icons on top and 2
Warrior icons on its bottom, unlocked with 3 Volume), 1 Soundstone, 6 Volume, a Movement of 2,
one Badge already placed; at most 1 Adventurer in the Warrior Hall and 4 Warriors on the right
side of Dragon Island, nothing on the Piers.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.engine.bard.main_board import Table
from companion.engine.bard.values import ANY, Board, IconSource

#: The cards as the screens name them, left to right (A, B, C and C's bottom half).
NAMES = ("A", "B", "C", "C-bottom")
LABELS = ("card A", "card B", "card C", "card C, bottom")

# (colour, icons, Volume that unlocks them) of each part of the tableau, left to right.
_PARTS = ((ANY, 3, 0), ("warrior", 2, 0), ("noble", 2, 0), ("warrior", 2, 3))

#: The example's board.
EXAMPLE_TABLE = Table(halls={"warrior": 1}, dragon_island={"right": {"warrior": 4}})
#: The player's board before the song: one Badge placed (the Town Square Badge is the second).
EXAMPLE_BOARD = Board(badges=1)
#: Movement, Volume and Soundstones before the song.
MOVES, VOLUME, SOUNDSTONES = 2, 6, 1


def example_tableau(
    names: Sequence[str] = NAMES, labels: Sequence[str] = LABELS
) -> tuple[IconSource, ...]:
    """The example's Song tableau, its parts named ``names`` and labelled ``labels``."""
    return tuple(
        IconSource(name, colour, icons, volume=volume, label=label)
        for name, label, (colour, icons, volume) in zip(names, labels, _PARTS, strict=True)
    )


__all__ = [
    "EXAMPLE_BOARD",
    "EXAMPLE_TABLE",
    "LABELS",
    "MOVES",
    "NAMES",
    "SOUNDSTONES",
    "VOLUME",
    "example_tableau",
]
