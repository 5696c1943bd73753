"""The score pad's actions: plain data, each read back from its saved form by
:func:`read_action` (raising :class:`PadError` naming the field)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, ClassVar, Final

from companion.engine.core.saves import Action, KeyedReader, SaveFormat, saved
from companion.engine.scorepad.errors import PadError

#: A field of the pad: ``("name", row)``, ``("score", row)``, ``("part", row, category)``,
#: ``("tie", row, tie_breaker)``, ``("tiebreaker", tie_breaker)``, ``("title",)``,
#: ``("duration",)``, ``("location",)``, ``("notes",)``. Rows and tie-breakers are named by
#: their ids (which never change), categories by their names.
FieldKey = tuple[Any, ...]
ROW_FIELDS: Final = ("name", "score")
PAD_FIELDS: Final = ("title", "duration", "location", "notes")


SAVE: Final = SaveFormat("companion-score-pad", 1, PadError)


@dataclass(frozen=True)
class PadAction(Action):
    """A change to the score pad (each kind below)."""


@dataclass(frozen=True)
class SetText(PadAction):
    """The text of one field, as typed (it reads as that field's value: see ``Pad``)."""

    kind: ClassVar[str] = "text"
    field: FieldKey
    text: str


@dataclass(frozen=True)
class AddRow(PadAction):
    """A player's line at the bottom (with ``name``, maybe empty)."""

    kind: ClassVar[str] = "add_row"
    name: str = ""


@dataclass(frozen=True)
class RemoveRow(PadAction):
    kind: ClassVar[str] = "remove_row"
    row: int


@dataclass(frozen=True)
class MoveRow(PadAction):
    """Row ``row`` moves ``offset`` seats (−1: up, 1: down)."""

    kind: ClassVar[str] = "move_row"
    row: int
    offset: int


@dataclass(frozen=True)
class ToggleStart(PadAction):
    """Mark row ``row`` as the start player (the marked one: clear the mark)."""

    kind: ClassVar[str] = "start"
    row: int


@dataclass(frozen=True)
class SetGame(PadAction):
    kind: ClassVar[str] = "game"
    game: str


@dataclass(frozen=True)
class SetMode(PadAction):
    """Totals (``breakdown`` False) or scores by category (True)."""

    kind: ClassVar[str] = "mode"
    breakdown: bool


@dataclass(frozen=True)
class SetLowestWins(PadAction):
    """For a typed title: whether the lowest score wins."""

    kind: ClassVar[str] = "lowest_wins"
    value: bool


@dataclass(frozen=True)
class AddCategory(PadAction):
    kind: ClassVar[str] = "add_category"
    name: str


@dataclass(frozen=True)
class RemoveCategory(PadAction):
    kind: ClassVar[str] = "remove_category"
    name: str


@dataclass(frozen=True)
class AddTiebreaker(PadAction):
    kind: ClassVar[str] = "add_tiebreaker"
    name: str
    higher_wins: bool = True


@dataclass(frozen=True)
class RemoveTiebreaker(PadAction):
    kind: ClassVar[str] = "remove_tiebreaker"
    tiebreaker: int


@dataclass(frozen=True)
class MoveTiebreaker(PadAction):
    """Tie-breaker ``tiebreaker`` is tried ``offset`` places earlier (−1) or later (1)."""

    kind: ClassVar[str] = "move_tiebreaker"
    tiebreaker: int
    offset: int


@dataclass(frozen=True)
class FlipTiebreaker(PadAction):
    """Higher wins ↔ lower wins for one tie-breaker."""

    kind: ClassVar[str] = "flip_tiebreaker"
    tiebreaker: int


@dataclass(frozen=True)
class SetPlayedAt(PadAction):
    """When the play happened (to the minute); None: when it is saved."""

    kind: ClassVar[str] = "played_at"
    when: datetime | None = field(metadata=saved(lambda when: when.isoformat(timespec="minutes")))


@dataclass(frozen=True)
class ClearScores(PadAction):
    """Empty every number, the date, duration and notes; keep players, game and layout."""

    kind: ClassVar[str] = "clear_scores"


def read_when(value: object, where: str = "when") -> datetime | None:
    """A date and time as saved (``2026-11-28T21:30``), or None."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise PadError(f"{where} {value!r} must be a date and time or null")
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        raise PadError(f"{where} {value!r} is not a date and time") from None
    if when.tzinfo is not None:
        raise PadError(f"{where} {value!r} must be a local time without a zone")
    return when.replace(second=0, microsecond=0)


def read_field(value: object) -> FieldKey:
    """A field key back from its saved form (a list), checked for shape."""
    if not isinstance(value, (list, tuple)) or not value:
        raise PadError(f"field {value!r} must be a non-empty list")
    kind, *rest = value
    shapes: dict[object, tuple[type, ...]] = {
        "name": (int,),
        "score": (int,),
        "part": (int, str),
        "tie": (int, int),
        "tiebreaker": (int,),
        **{k: () for k in PAD_FIELDS},
    }
    shape = shapes.get(kind)
    if shape is None:
        raise PadError(f"field {value!r}: unknown field {kind!r}")
    if len(rest) != len(shape) or not all(
        isinstance(v, t) and not isinstance(v, bool) for v, t in zip(rest, shape, strict=True)
    ):
        raise PadError(
            f"field {value!r} must be [{kind!r}, " + ", ".join(t.__name__ for t in shape) + "]"
        )
    return (kind, *rest)


ACTIONS: Final = (
    SetText,
    AddRow,
    RemoveRow,
    MoveRow,
    ToggleStart,
    SetGame,
    SetMode,
    SetLowestWins,
    AddCategory,
    RemoveCategory,
    AddTiebreaker,
    RemoveTiebreaker,
    MoveTiebreaker,
    FlipTiebreaker,
    SetPlayedAt,
    ClearScores,
)
#: How each field of an action is read back (by its name: a name means one thing).
READERS: Final[Mapping[str, KeyedReader]] = {
    "field": lambda data, name: read_field(data.get(name)),
    "text": SAVE.text,
    "name": SAVE.text,
    "game": SAVE.text,
    "row": SAVE.whole,
    "offset": SAVE.whole,
    "tiebreaker": SAVE.whole,
    "breakdown": SAVE.flag,
    "value": SAVE.flag,
    "higher_wins": SAVE.flag,
    "when": lambda data, name: read_when(data.get(name)),
}


def read_action(raw: object) -> PadAction:
    """An action back from its saved form; raises :class:`PadError` naming the field."""
    return SAVE.read_action(raw, ACTIONS, READERS)


__all__ = [
    "PAD_FIELDS",
    "ROW_FIELDS",
    "SAVE",
    "AddCategory",
    "AddRow",
    "AddTiebreaker",
    "ClearScores",
    "FieldKey",
    "FlipTiebreaker",
    "MoveRow",
    "MoveTiebreaker",
    "PadAction",
    "RemoveCategory",
    "RemoveRow",
    "RemoveTiebreaker",
    "SetGame",
    "SetLowestWins",
    "SetMode",
    "SetPlayedAt",
    "SetText",
    "ToggleStart",
    "read_action",
    "read_field",
    "read_when",
]
