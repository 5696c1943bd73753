"""One player's line on the score pad: the name, the start flag, moving and removing, the
score fields (a total, or one per category, then the tie-breakers) and the total."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

import flet as ft

from companion.engine.scorepad import FieldKey, MoveRow, Pad, PadRow, RemoveRow, ToggleStart
from companion.ui.kit.widgets import icon_button, panel, whole_number_field
from companion.ui.paint import SectionSemantics
from companion.ui.scorepad.model import ScorePad
from companion.ui.scorepad.model.words import score_fields, total_line

if TYPE_CHECKING:
    from companion.ui.scorepad.parts.pad import PadEditor


def field_col(label: str) -> dict[str | ft.ResponsiveRowBreakpoint, int | float]:
    """Half a phone's width for short labels, the full width for long ones (never cut off)."""
    if len(label) <= 14:
        return {"xs": 6, "sm": 4, "md": 3}
    return {"xs": 12, "sm": 6, "md": 4}


def same(shown: Sequence[ft.Control], wanted: Sequence[ft.Control]) -> bool:
    """The same controls in the same order (by identity: controls compare field by field)."""
    return len(shown) == len(wanted) and all(a is b for a, b in zip(shown, wanted, strict=True))


class RowCard:
    """One player's line on screen, kept for as long as its row is on the pad (a push that
    adds or moves another row moves this card, it does not rebuild its fields)."""

    def __init__(self, view: PadEditor, row_id: int) -> None:
        self.view = view
        self.row_id = row_id
        self.name = view.text_field(
            ("name", row_id),
            lambda: ft.TextField(
                label="Player",
                expand=True,
                capitalization=ft.TextCapitalization.WORDS,
                error_max_lines=3,
            ),
        )
        # The icon carries the button's name: a tooltip alone gives an icon button none, and
        # a screen reader then cannot find it, let alone press it.
        self.start_icon = ft.Icon(ft.Icons.OUTLINED_FLAG, semantics_label="Mark as start player")
        self.start = ft.IconButton(
            self.start_icon,
            tooltip="Mark as start player",
            on_click=lambda e: view.act(ToggleStart(row_id)),
            style=ft.ButtonStyle(padding=12),
        )
        self.up = icon_button(
            ft.Icons.ARROW_UPWARD, "Move up a seat", lambda e: view.act(MoveRow(row_id, -1))
        )
        self.down = icon_button(
            ft.Icons.ARROW_DOWNWARD, "Move down a seat", lambda e: view.act(MoveRow(row_id, 1))
        )
        self.remove = icon_button(
            ft.Icons.DELETE_OUTLINE, "Remove player", lambda e: view.act(RemoveRow(row_id))
        )
        self.scores = ft.ResponsiveRow([], spacing=8, run_spacing=8)
        self.total = ft.Text("", theme_style=ft.TextThemeStyle.TITLE_MEDIUM)
        self.ident = SectionSemantics(identifier="player-row", content=None)
        top = ft.Row(
            [self.name, self.start, self.up, self.down, self.remove],
            spacing=0,
            vertical_alignment=ft.CrossAxisAlignment.START,
        )
        self.ident.content = panel(top, self.scores, self.total, padding=12)
        self.control = self.ident

    def render(
        self,
        i: int,
        row: PadRow,
        pad: Pad,
        form: ScorePad,
        errors: dict[FieldKey, str],
        closed: bool,
    ) -> None:
        view = self.view
        paint = view.paint
        section = self.control
        paint.set(section, self.ident, identifier=f"player-row-{i + 1}")
        paint.set(section, self.name, label=f"Player {i + 1}")
        view.paint_field(section, ("name", row.id), self.name, errors, closed)
        start = "Start player" if row.start else "Mark as start player"
        paint.set(
            section,
            self.start_icon,
            icon=ft.Icons.FLAG if row.start else ft.Icons.OUTLINED_FLAG,
            semantics_label=start,
        )
        # No "selected": a selected icon button is a toggle, not a button, to assistive
        # technology; the icon and the name say the state.
        paint.set(section, self.start, tooltip=start, disabled=closed)
        paint.set(section, self.up, disabled=closed or i == 0)
        paint.set(section, self.down, disabled=closed or i == len(pad.rows) - 1)
        paint.set(section, self.remove, disabled=closed)
        controls: list[ft.Control] = []
        for key, label in score_fields(pad, row):
            field = view.text_field(key, functools.partial(whole_number_field, label))
            paint.set(section, field, label=label, col=field_col(label))
            view.paint_field(section, key, field, errors, closed)
            controls.append(field)
        if not same(self.scores.controls, controls):
            self.scores.controls = controls
            paint.touch(section)
        paint.set(section, self.total, visible=pad.breakdown, value=total_line(form.total(i)))


__all__ = ["RowCard", "field_col", "same"]
