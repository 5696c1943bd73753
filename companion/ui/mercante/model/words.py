"""What every Mercante screen shares: the tabs, and reading and writing what players type
(crowns, lists of numbers, a market's printed values, signed modifiers, removal points)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from companion.engine.core import words
from companion.engine.mercante import (
    display_name,
)
from companion.engine.mercante.house import HouseRules
from companion.ui.scorepad.model import parse_whole

GAME_ID = "mercante"

TABS: tuple[tuple[str, str], ...] = (
    ("calendar", "Calendar"),
    ("turn", "Turn"),
    ("sale", "Sale"),
    ("setup", "Setup"),
    ("end", "Tally"),
)
#: Routes of earlier versions and the tab they now open.
TAB_ALIASES: dict[str, str] = {"upkeep": "turn"}

RULEBOOK = "rulebook"
CUSTOM = "custom"

#: Field keys, as in the score pad: ("name",), ("target", i), ("amount", i), ("removes", m)...
FieldKey = tuple[Any, ...]

_NUMBERS = re.compile(r"[\s,;]+")


class FieldErrors(ValueError):
    """What was typed cannot be sent: the problems keyed by field (:data:`FieldKey`), to
    show under each field rather than as a message."""

    def __init__(self, errors: dict[FieldKey, str]) -> None:
        super().__init__(next(iter(errors.values()), "Check what is typed"))
        self.errors = errors


# -- small formatting helpers ------------------------------------------------------------------


def signed(amount: int) -> str:
    """``+1``, ``−6`` (a real minus sign, as on the cards), and a bare ``0``."""
    return words.signed(amount, zero="0")


def points_text(value: Fraction) -> str:
    """``½``, ``1``, ``2``, ``1½`` for removal points."""
    whole, part = divmod(value, 1)
    if part == 0:
        return str(int(whole))
    halves = "½" if part == Fraction(1, 2) else f"{part.numerator}/{part.denominator}"
    return halves if whole == 0 else f"{int(whole)}{halves}"


def good_name(good: str) -> str:
    return display_name(good)


def market_name(market: str) -> str:
    return display_name(market)


def parse_numbers(text: str, *, what: str = "value") -> tuple[int, ...]:
    """``"2, 3"`` or ``"2 3"`` → ``(2, 3)``; blank → ``()``; each at least 0.

    Raises ``ValueError`` with a message for the field.
    """
    parts = [p for p in _NUMBERS.split(text.strip()) if p]
    values = []
    for part in parts:
        try:
            value = parse_whole(part)
        except ValueError:
            raise ValueError(f"“{part}” is not a whole number: list them like 2, 3") from None
        if value < 0:
            named = words.article(what)
            raise ValueError(
                f"{named[:1].upper()}{named[1:]} is 0 or more (without the minus sign)"
            )
        values.append(value)
    return tuple(values)


def parse_count(text: str, *, blank: int | None = None, maximum: int | None = None) -> int:
    """A whole number of 0 or more, as typed; ``blank`` is what an empty field means
    (``None``: the field is required)."""
    if not text.strip():
        if blank is None:
            raise ValueError("Required")
        return blank
    try:
        value = parse_whole(text)
    except ValueError as exc:  # ("like 12 or -3" would suggest a count can be negative)
        raise ValueError("Whole number, like 12" if "like" in str(exc) else str(exc)) from None
    if value < 0:
        raise ValueError("0 or more")
    if maximum is not None and value > maximum:
        raise ValueError(f"At most {maximum}")
    return value


def parse_printed(text: str) -> tuple[int, ...]:
    """A market's printed space values as typed (``"20 18 16 14"``), highest first."""
    values: list[int] = []
    for part in (p for p in _NUMBERS.split(text.strip()) if p):
        try:
            value = parse_whole(part)
        except ValueError:
            raise ValueError(f"“{part}” is not a whole number") from None
        if value < 1:
            raise ValueError(f"{value} is not a crown value: every space pays at least 1")
        if values and value > values[-1]:
            raise ValueError(
                f"Highest first, top of the board down: {value} comes after {values[-1]}"
            )
        values.append(value)
    if not values:
        raise ValueError("Type the values printed on this market's spaces, highest first")
    return tuple(values)


def more_than_they_have(name: str, crowns: int) -> str:
    """A bid or price beyond what ``name`` has: ``David has 26 crowns``."""
    return f"{name} has {crowns} crown{'' if crowns == 1 else 's'}"


def house_rules_from(ids: Iterable[str]) -> HouseRules:
    """The Mercante house rules among the ruling ids switched on in Settings."""
    return HouseRules.from_house_rules(ids)


__all__ = [
    "CUSTOM",
    "GAME_ID",
    "RULEBOOK",
    "TABS",
    "TAB_ALIASES",
    "FieldErrors",
    "FieldKey",
    "good_name",
    "house_rules_from",
    "market_name",
    "more_than_they_have",
    "parse_count",
    "parse_numbers",
    "parse_printed",
    "points_text",
    "signed",
]
