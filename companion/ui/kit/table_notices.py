"""The notices over a shared table's screen, alike for every tool: what this screen could not
do (the house rules a game keeps, cards that could not be read), then why the table takes no
more changes (:func:`~companion.ui.model.live.closed_note`)."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from companion.tables import TableInfo
from companion.ui.kit.widgets import notice
from companion.ui.model.live import closed_note
from companion.ui.paint import Painter, Slot
from companion.ui.theme import GAP


class TableNotices:
    """One warning a line, rebuilt only when the lines change; hidden while there are none."""

    def __init__(self, paint: Painter, *, noun: str = "table", changes: str = "changes") -> None:
        self.slot = Slot(paint)
        self.box = self.slot.box
        self.noun = noun
        self.changes = changes

    def render(self, info: TableInfo, problems: Sequence[str] = ()) -> None:
        note = closed_note(info, noun=self.noun, changes=self.changes)
        lines = (*problems, *([note] if note else []))
        self.slot.set(
            lines,
            lambda: (
                ft.Column([notice(p, level="warning") for p in lines], spacing=GAP, tight=True)
                if lines
                else None
            ),
        )


__all__ = ["TableNotices"]
