"""The score pad's one draft from before shared tables (settings key :data:`DRAFT_KEY`),
read once to become a shared pad."""

from __future__ import annotations

import logging
from dataclasses import replace

from companion.engine.scorepad import Pad, PadRow, text_problem
from companion.rules import Catalogue
from companion.ui.scorepad.model.form import DRAFT_KEY, ScorePad, pad_of

log = logging.getLogger(__name__)


def read_old_draft(raw: object, catalogue: Catalogue) -> Pad | None:
    """The old draft as a pad, or None when nothing was written on it (no name, no score).

    The old draft kept text as typed; the table takes only text that reads as its field, so
    a half-typed number ("1-") is left out (logged) and everything else is kept."""
    form = ScorePad.from_dict(raw, catalogue)
    pad = pad_of(form)
    if not any(
        r.name.strip() or r.score.strip() or any(v.strip() for _, v in r.parts) for r in pad.rows
    ):
        return None
    rows: list[PadRow] = []
    for row in pad.rows:
        fixed = replace(
            row,
            name=_kept(("name", row.id), row.name),
            score=_kept(("score", row.id), row.score),
            parts=tuple((c, _kept(("part", row.id, c), v)) for c, v in row.parts),
            ties=tuple((t, _kept(("tie", row.id, t), v)) for t, v in row.ties),
        )
        rows.append(fixed)
    return replace(
        pad,
        rows=tuple(rows),
        title=_kept(("title",), pad.title),
        duration=_kept(("duration",), pad.duration),
        location=_kept(("location",), pad.location),
        notes=_kept(("notes",), pad.notes),
    )


def _kept(key: tuple[object, ...], text: str) -> str:
    if text_problem(key, text) is None:
        return text
    log.warning("old score pad draft: %r in %r left out", text, key)
    return ""


__all__ = ["DRAFT_KEY", "read_old_draft"]
