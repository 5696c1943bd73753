"""The score pad, as plain logic: the form that checks, ranks and saves a play
(:class:`ScorePad`), the conversions between it and the shared pad, what a device is
typing, and the old draft read once. The pad's rules are the engine's
(:mod:`companion.engine.scorepad`)."""

from __future__ import annotations

from companion.engine.scorepad import MAX_CATEGORIES, MAX_ROWS, MAX_SCORE, MAX_TIEBREAKERS
from companion.ui.scorepad.model.draft import PadDraft
from companion.ui.scorepad.model.form import (
    DRAFT_KEY,
    FieldKey,
    NewPadForm,
    Row,
    ScorePad,
    TieBreakerSpec,
    form_key,
    form_of,
    pad_errors,
    pad_key,
    pad_of,
    parse_whole,
    with_typed,
)
from companion.ui.scorepad.model.old_save import read_old_draft

__all__ = [
    "DRAFT_KEY",
    "MAX_CATEGORIES",
    "MAX_ROWS",
    "MAX_SCORE",
    "MAX_TIEBREAKERS",
    "FieldKey",
    "NewPadForm",
    "PadDraft",
    "Row",
    "ScorePad",
    "TieBreakerSpec",
    "form_key",
    "form_of",
    "pad_errors",
    "pad_key",
    "pad_of",
    "parse_whole",
    "read_old_draft",
    "with_typed",
]
