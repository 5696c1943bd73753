"""The history layer's errors, and one-line messages for validation failures.

Every error is a :class:`ValueError` (the house rule), so a caller that only wants "did it
work?" can catch ``ValueError``; the subclasses let the UI tell the cases apart.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError


class StoreError(ValueError):
    """The history database cannot be opened or used; the message is one plain line."""


class PlayDataError(StoreError):
    """A play (or a setting, or a custom card) fails validation; nothing was written."""


class NotFoundError(StoreError, LookupError):
    """No play, player, game or custom card with that id or name is in the history."""


class ImportFileError(StoreError):
    """An import file is refused; the message says what is wrong and where. Nothing written."""


class SeqTakenError(StoreError):
    """Step ``seq`` of a table's log is already written (another server appended it first);
    nothing was written. Read the log again and decide anew."""

    def __init__(self, message: str, *, table_id: int, seq: int) -> None:
        super().__init__(message)
        self.table_id = table_id
        self.seq = seq


class TableClosedError(StoreError):
    """The table is finished or abandoned: its log takes no more actions; nothing written."""


class SavedBeforeError(StoreError):
    """The table was saved to history before and its play has been deleted since: it is not
    saved again unless asked to explicitly (``again=True``); nothing written."""


# Pydantic's own wording ("Input should be a valid integer") talks about "input" and types;
# players read these messages, so they get plainer ones, naming the value they typed.
_PLAIN = {
    "int_type": "expected a whole number, got {input}",
    "int_parsing": "expected a whole number, got {input}",
    "int_from_float": "expected a whole number, got {input}",
    "string_type": "expected text, got {input}",
    "string_unicode": "not valid text: it contains a broken character (a lone surrogate)",
    "bool_type": "expected true or false, got {input}",
    "bool_parsing": "expected true or false, got {input}",
    "list_type": "expected a list, got {input}",
    "tuple_type": "expected a list, got {input}",
    "dict_type": "expected an object, got {input}",
    "model_type": "expected an object, got {input}",
    "model_attributes_type": "expected an object, got {input}",
    "missing": "missing",
    "extra_forbidden": "unknown field",
    # The same, for the slotted dataclasses that hold an import file's plays and results.
    "unexpected_keyword_argument": "unknown field",
    "missing_keyword_only_argument": "missing",
    "dataclass_type": "expected an object, got {input}",
    "dataclass_args_type": "expected an object, got {input}",
    "datetime_type": 'expected a date and time like "2024-05-01T19:30:00", got {input}',
    "datetime_parsing": 'expected a date and time like "2024-05-01T19:30:00", got {input}',
    "datetime_from_date_parsing": (
        'expected a date and time like "2024-05-01T19:30:00", got {input}'
    ),
    "none_required": "expected null, got {input}",
    # The only patterns in a play are ruling ids (its house rules).
    "string_pattern_mismatch": 'expected a ruling id such as "journey.pair_value", got {input}',
}


def describe_value(value: object) -> str:
    """A short, safe rendering of an offending value (long texts are summarised, not echoed)."""
    if isinstance(value, str) and len(value) > 40:
        return f"a text of {len(value):,} characters"
    if isinstance(value, list | tuple) and len(value) > 5:
        return f"a list of {len(value):,} items"
    if isinstance(value, dict) and len(value) > 5:
        return f"an object with {len(value):,} fields"
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def format_location(loc: Sequence[int | str]) -> str:
    """``("plays", 3, "results", 1, "score")`` → ``plays[3].results[1].score``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part == "[key]":
            out += " (name)"
        else:
            out += f".{part}" if out else str(part)
    return out


def _problem(err: Any) -> tuple[str, str]:
    """(location suffix, plain message) for one pydantic error dict."""
    kind = err["type"]
    ctx = err.get("ctx") or {}
    shown = describe_value(err.get("input"))
    if kind == "play_rule":
        return str(ctx.get("where", "")), str(ctx.get("problem", err["msg"]))
    if kind in _PLAIN:
        return "", _PLAIN[kind].format(input=shown)
    if kind == "string_too_short":
        return "", "must not be empty" if ctx.get("min_length") == 1 else err["msg"].lower()
    if kind == "string_too_long":
        length = len(err["input"]) if isinstance(err.get("input"), str) else "?"
        return "", f"too long ({length} characters; at most {ctx.get('max_length')})"
    if kind == "too_long":
        # pydantic >= 2.14 stops counting a too-long dict early and reports no length
        actual = ctx.get("actual_length")
        if actual is None and hasattr(err.get("input"), "__len__"):
            actual = len(err["input"])
        return "", f"too many items ({actual}; at most {ctx.get('max_length')})"
    if kind == "too_short":
        return "", f"needs at least {ctx.get('min_length')} item(s)"
    if kind in {"less_than_equal", "less_than"}:
        return "", f"must be at most {ctx.get('le', ctx.get('lt'))}, got {shown}"
    if kind in {"greater_than_equal", "greater_than"}:
        return "", f"must be at least {ctx.get('ge', ctx.get('gt'))}, got {shown}"
    if kind == "literal_error":
        return "", f"expected {ctx.get('expected')}, got {shown}"
    message = str(err["msg"])
    return "", message.removeprefix("Value error, ")


def validation_messages(exc: ValidationError, prefix: Sequence[int | str] = ()) -> list[str]:
    """Every problem of ``exc`` as ``where: what`` lines, ``prefix`` prepended to each place."""
    lines = []
    for err in exc.errors():
        where = format_location([*prefix, *err["loc"]])
        suffix, message = _problem(err)
        if suffix:
            where = f"{where}.{suffix}" if where else suffix
        lines.append(f"{where}: {message}" if where else message)
    return lines


def validation_message(exc: ValidationError, prefix: Sequence[int | str] = ()) -> str:
    """The first problem of ``exc`` on one line, with a count of any others."""
    lines = validation_messages(exc, prefix)
    if len(lines) == 1:
        return lines[0]
    return f"{lines[0]} (and {len(lines) - 1} more problem{'s' if len(lines) > 2 else ''})"
