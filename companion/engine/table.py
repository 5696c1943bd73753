"""The old import path of :mod:`companion.engine.seats` (Players & seats).

"Table" now means a game in progress (``companion.tables``); the seating engine is
``companion.engine.seats``. Everything it exports is importable from here too.
"""

from __future__ import annotations

from companion.engine.seats import (
    MAX_NAME_LENGTH,
    SEED_DIGITS,
    Draw,
    SeatsError,
    TableError,
    check_players,
    draw_first_player,
    move_seat,
    new_seed,
    parse_seed,
    shuffle_seats,
)

__all__ = [
    "MAX_NAME_LENGTH",
    "SEED_DIGITS",
    "Draw",
    "SeatsError",
    "TableError",
    "check_players",
    "draw_first_player",
    "move_seat",
    "new_seed",
    "parse_seed",
    "shuffle_seats",
]
