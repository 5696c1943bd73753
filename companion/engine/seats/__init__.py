"""Players and seats: who sits where, the seed, and a first player drawn from that seed.

The draw is a pure function of the seat order and the seed, so a disputed draw can be
replayed by anyone who types the same seed (``draw_first_player``).

On a shared table the seating is a game like any other (:data:`TABLE_RULES`): a
:class:`Seating` value, changed only by :meth:`Seating.apply` with one of the actions below,
each verified first. An action depends on as little as honestly possible (``reads``), so two
phones seating two different players at once both succeed, while a phone that had not seen
the latest change and would undo it is refused, told what changed.

A new random seed is drawn on the device that asks for one (``new_seed``) and sent as data
(:class:`NewSeed`): the table itself never draws a random number.

The package's rooms: ``errors``, ``values`` (names, seeds, the draw and the shuffle),
``actions`` (plain data, the save format) and ``game`` (:class:`Seating`, :data:`TABLE_RULES`).
"""

from __future__ import annotations

from companion.engine.seats.actions import (
    DrawFirst,
    MoveSeat,
    NewSeed,
    Seat,
    SeatsAction,
    SetGame,
    SetSeed,
    Shuffle,
    Unseat,
    read_action,
)
from companion.engine.seats.errors import SeatsError, TableError
from companion.engine.seats.game import (
    TABLE_RULES,
    Seating,
    SeatsRecord,
    reads,
    status_line,
    table_changed,
)
from companion.engine.seats.values import (
    DEFAULT_GAME,
    MAX_NAME_LENGTH,
    MAX_SEATS,
    MAX_SEED,
    SEED_DIGITS,
    Draw,
    check_seat_names,
    check_seed,
    draw_first_player,
    move_seat,
    new_seed,
    parse_seed,
    shuffle_seats,
)

__all__ = [
    "DEFAULT_GAME",
    "MAX_NAME_LENGTH",
    "MAX_SEATS",
    "MAX_SEED",
    "SEED_DIGITS",
    "TABLE_RULES",
    "Draw",
    "DrawFirst",
    "MoveSeat",
    "NewSeed",
    "Seat",
    "Seating",
    "SeatsAction",
    "SeatsError",
    "SeatsRecord",
    "SetGame",
    "SetSeed",
    "Shuffle",
    "TableError",
    "Unseat",
    "check_seat_names",
    "check_seed",
    "draw_first_player",
    "move_seat",
    "new_seed",
    "parse_seed",
    "read_action",
    "reads",
    "shuffle_seats",
    "status_line",
    "table_changed",
]
