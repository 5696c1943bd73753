"""Players and seats: who sits where, the seed, and a first player drawn from that seed.

The draw is a pure function of the seat order and the seed, so a disputed draw can be
replayed by anyone who types the same seed (``draw_first_player``).

On a shared table the seating is a game like any other (:data:`TABLE_RULES`): a
:class:`Seating` value, changed only by ``apply`` with one of the actions below, each verified
first. An action depends on as little as honestly possible (``reads``), so two phones seating
two different players at once both succeed, while a phone that had not seen the latest change
and would undo it is refused, told what changed.

A new random seed is drawn on the device that asks for one (``new_seed``) and sent as data
(:class:`NewSeed`): the table itself never draws a random number.

The package's rooms: ``errors``, ``values`` (seeds, the draw and the shuffle), ``actions``
(each checking itself and saying what it does; the save format), ``records``, ``game``
(:class:`Seating`), ``table`` (:data:`TABLE_RULES`), and the game night grown from the
seating: ``night`` (modules, expansions, house rules, place, start, the running tally, the
final sheet's figures, finish and reopen) and ``sheet`` (the final scoring sheet per game).
Names are checked by the shared kit (:func:`companion.engine.core.players.check_seat_names`).
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
from companion.engine.seats.errors import SeatsError
from companion.engine.seats.game import Seating
from companion.engine.seats.night import (
    AddToTally,
    Choose,
    Finish,
    PlayAt,
    Reopen,
    SetFigure,
    SetHouseRule,
    SetLocation,
    Start,
    Strike,
    TallyLine,
)
from companion.engine.seats.records import SeatsRecord
from companion.engine.seats.sheet import Category, Sheet, sheet_for
from companion.engine.seats.table import TABLE_RULES, status_line, table_changed
from companion.engine.seats.values import (
    DEFAULT_GAME,
    MAX_SEATS,
    MAX_SEED,
    SEED_DIGITS,
    Draw,
    check_seed,
    draw_first_player,
    move_seat,
    new_seed,
    parse_seed,
    shuffle_seats,
)

__all__ = [
    "DEFAULT_GAME",
    "MAX_SEATS",
    "MAX_SEED",
    "SEED_DIGITS",
    "TABLE_RULES",
    "AddToTally",
    "Category",
    "Choose",
    "Draw",
    "DrawFirst",
    "Finish",
    "MoveSeat",
    "NewSeed",
    "PlayAt",
    "Reopen",
    "Seat",
    "Seating",
    "SeatsAction",
    "SeatsError",
    "SeatsRecord",
    "SetFigure",
    "SetGame",
    "SetHouseRule",
    "SetLocation",
    "SetSeed",
    "Sheet",
    "Shuffle",
    "Start",
    "Strike",
    "TallyLine",
    "Unseat",
    "check_seed",
    "draw_first_player",
    "move_seat",
    "new_seed",
    "parse_seed",
    "read_action",
    "sheet_for",
    "shuffle_seats",
    "status_line",
    "table_changed",
]
