"""The score pad's values: the limits of a pad and what each field takes (whole numbers as
typed at the table, text of a bounded length)."""

from __future__ import annotations

import re
from typing import Any, Final

from companion.engine.core.players import MAX_NAME_LENGTH
from companion.engine.core.words import spoken
from companion.engine.scorepad.errors import PadError
from companion.rules import Game, catalogue
from companion.text import text_problem as storable_problem

#: A field of the pad: ``("name", row)``, ``("score", row)``, ``("part", row, category)``,
#: ``("tie", row, tie_breaker)``, ``("tiebreaker", tie_breaker)``, ``("title",)``,
#: ``("duration",)``, ``("location",)``, ``("notes",)``. Rows and tie-breakers are named by
#: their ids (which never change), categories by their names.
FieldKey = tuple[Any, ...]
ROW_FIELDS: Final = ("name", "score")
PAD_FIELDS: Final = ("title", "duration", "location", "notes")

#: How a play is won, each in players' words: on points (the scores decide, as today), a
#: winner chosen by hand (players tick who won; scores optional) or co-operative (everyone
#: won or everyone lost together; scores optional). The history's ``scoring`` values.
SCORINGS: Final = {
    "points": "on points",
    "manual": "by a winner chosen by hand",
    "cooperative": "co-operatively",
}

DEFAULT_GAME = "mercante"
MAX_SCORE = 10**9
MAX_CATEGORIES = 20
MAX_TIEBREAKERS = 5
MAX_ROWS = 30
MAX_LABEL = 40  # a category's or a tie-breaker's name
#: How long each text field may be (characters).
LIMITS: Final = {
    "name": MAX_NAME_LENGTH,
    "title": 80,
    "location": 120,
    "notes": 2000,
    "tiebreaker": MAX_LABEL,
    "score": 20,
    "part": 20,
    "tie": 20,
    "duration": 10,
}
NUMBERS: Final = frozenset({"score", "part", "tie", "duration"})
_WHOLE = re.compile(r"^[+-]?\d+$")


def parse_whole(text: str) -> int:
    """Parse a whole number as typed at the table (``"12"``, ``"-3"``, ``" +4 "``).

    Raises ``ValueError`` with a message fit for the field when it isn't one.
    """
    cleaned = text.strip().replace("−", "-")
    if not _WHOLE.match(cleaned) or not cleaned.isascii():
        raise ValueError("Whole number, like 12 or -3")
    value = int(cleaned)
    if abs(value) > MAX_SCORE:
        raise ValueError("Too large")
    return value


def text_problem(key: FieldKey, text: str) -> str | None:
    """Why the table would not take ``text`` for field ``key`` (None: it would). Empty text is
    always taken: a pad is filled in bit by bit."""
    if not isinstance(text, str):
        return f"{text!r} is not text"
    kind = key[0]
    limit = LIMITS.get(kind)
    if limit is not None and len(text.strip()) > limit:
        return f"At most {limit} characters"
    problem = storable_problem(text)
    if problem:
        return problem[:1].upper() + problem[1:]
    if kind in NUMBERS and text.strip():
        try:
            parse_whole(text)
        except ValueError as exc:
            return str(exc) if kind != "duration" else "Minutes, as a whole number"
    return None


def known_game(game_id: object) -> Game:
    """The catalogue's game ``game_id``; raises naming it when the app does not know it."""
    if not isinstance(game_id, str):
        raise PadError(f"a game is chosen from the list, not {game_id}")
    try:
        return catalogue().game(game_id)
    except KeyError:
        raise PadError(f"the app knows no game {spoken(game_id)}") from None


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
    "SCORINGS",
    "FieldKey",
    "known_game",
    "parse_whole",
    "text_problem",
]
