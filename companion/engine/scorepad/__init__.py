"""The score pad being filled in, as a shared table (see :mod:`companion.engine.scorepad.game`).

The package's rooms: ``errors``, ``values`` (a pad's limits, what each field takes),
``actions`` (each checking itself and saying what it does; the save format), ``records``
(the lines, tie-breakers and the log's records), ``game`` (:class:`Pad`, the game of this
tool) and ``table`` (:data:`TABLE_RULES`)."""

from __future__ import annotations

from companion.engine.scorepad.actions import (
    AddCategory,
    AddRow,
    AddTiebreaker,
    ClearScores,
    FlipTiebreaker,
    MoveRow,
    MoveTiebreaker,
    PadAction,
    RemoveCategory,
    RemoveRow,
    RemoveTiebreaker,
    SetGame,
    SetLowestWins,
    SetMode,
    SetPlayedAt,
    SetText,
    ToggleStart,
    read_action,
    read_field,
    read_when,
)
from companion.engine.scorepad.errors import PadError
from companion.engine.scorepad.game import Pad, read_pad
from companion.engine.scorepad.records import PadRecord, PadRow, TieBreaker
from companion.engine.scorepad.table import TABLE_RULES, players, status_line, table_changed
from companion.engine.scorepad.values import (
    DEFAULT_GAME,
    LIMITS,
    MAX_CATEGORIES,
    MAX_LABEL,
    MAX_ROWS,
    MAX_SCORE,
    MAX_TIEBREAKERS,
    NUMBERS,
    PAD_FIELDS,
    ROW_FIELDS,
    FieldKey,
    parse_whole,
    text_problem,
)

__all__ = [
    "DEFAULT_GAME",
    "LIMITS",
    "MAX_CATEGORIES",
    "MAX_LABEL",
    "MAX_ROWS",
    "MAX_SCORE",
    "MAX_TIEBREAKERS",
    "NUMBERS",
    "PAD_FIELDS",
    "ROW_FIELDS",
    "TABLE_RULES",
    "AddCategory",
    "AddRow",
    "AddTiebreaker",
    "ClearScores",
    "FieldKey",
    "FlipTiebreaker",
    "MoveRow",
    "MoveTiebreaker",
    "Pad",
    "PadAction",
    "PadError",
    "PadRecord",
    "PadRow",
    "RemoveCategory",
    "RemoveRow",
    "RemoveTiebreaker",
    "SetGame",
    "SetLowestWins",
    "SetMode",
    "SetPlayedAt",
    "SetText",
    "TieBreaker",
    "ToggleStart",
    "parse_whole",
    "players",
    "read_action",
    "read_field",
    "read_pad",
    "read_when",
    "status_line",
    "table_changed",
    "text_problem",
]
