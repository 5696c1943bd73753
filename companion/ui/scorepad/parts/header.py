"""The score pad's first panel: the game (or a typed title and its direction), Totals or By
category, and the categories."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import flet as ft

from companion.engine.scorepad import AddCategory, FieldKey, Pad, RemoveCategory
from companion.ui.kit.players import game_picker
from companion.ui.kit.widgets import body, button, panel, tagged, wrap
from companion.ui.paint import Slot
from companion.ui.scorepad.model.words import category_problem, game_line

if TYPE_CHECKING:
    from companion.ui.scorepad.parts.pad import PadEditor


class PadHeader:
    """The game, the way scores are kept and the categories, built once."""

    def __init__(self, view: PadEditor) -> None:
        self.view = view
        paint = view.paint
        self.picker = game_picker(view.ctx.catalogue, "", view.set_game)
        self.dropdown: ft.Dropdown = self.picker.content  # type: ignore[attr-defined]
        self.title_field = view.text_field(
            ("title",),
            lambda: ft.TextField(label="Game title", max_length=80, error_max_lines=3),
        )
        self.title_box = tagged("game-title", self.title_field)
        self.lowest = ft.Switch(
            label="Lowest score wins",
            on_change=lambda e: view.set_lowest_wins(bool(e.control.value)),
        )
        self.game_line = body("", muted=True)
        self.mode = ft.SegmentedButton(
            segments=[
                ft.Segment(
                    value="total", label=ft.Text("Totals"), icon=ft.Icon(ft.Icons.FUNCTIONS)
                ),
                ft.Segment(
                    value="parts", label=ft.Text("By category"), icon=ft.Icon(ft.Icons.VIEW_LIST)
                ),
            ],
            selected=["total"],
            on_change=lambda e: view.set_mode("parts" in (e.control.selected or [])),
        )
        self.categories = Slot(paint)
        self.new_category = ft.TextField(
            label="New category",
            on_submit=lambda e: self.add_category(),
            expand=True,
            error_max_lines=3,
        )
        self.category_add = button(
            "Add", lambda e: self.add_category(), kind="tonal", icon=ft.Icons.ADD
        )
        self.category_editor = ft.Column(
            [
                body("Categories (each player's total adds them up):", muted=True),
                self.categories.box,
                ft.Row(
                    [self.new_category, self.category_add],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
            ],
            spacing=8,
        )
        self.box = panel(
            self.picker,
            self.title_box,
            self.lowest,
            self.game_line,
            tagged("score-mode", self.mode),
            self.category_editor,
            section=True,
        )

    def add_category(self) -> None:
        view = self.view
        view.add_named(
            self.box,
            self.new_category,
            lambda name: category_problem(name, view.pad.categories),
            AddCategory,
        )

    def chips(self, categories: Sequence[str], closed: bool) -> ft.Control:
        if not categories:
            return body("No categories yet.", muted=True)
        return wrap(
            [
                ft.Chip(
                    label=ft.Text(c),
                    on_delete=None if closed else (lambda e, c=c: self.view.act(RemoveCategory(c))),
                    delete_icon_tooltip=f"Remove {c}",
                )
                for c in categories
            ]
        )

    def render(self, pad: Pad, errors: dict[FieldKey, str], closed: bool) -> None:
        paint, box = self.view.paint, self.box
        game = pad.game
        paint.set(box, self.dropdown, value=pad.game_id, disabled=closed)
        paint.set(box, self.title_box, visible=game.is_other)
        paint.set(box, self.lowest, visible=game.is_other, value=pad.lowest_wins, disabled=closed)
        paint.set(box, self.game_line, visible=not game.is_other, value=game_line(pad))
        paint.set(box, self.mode, selected=["parts" if pad.breakdown else "total"], disabled=closed)
        paint.set(box, self.category_editor, visible=pad.breakdown)
        for control in (self.new_category, self.category_add):
            paint.set(box, control, disabled=closed)
        self.categories.set((pad.categories, closed), lambda: self.chips(pad.categories, closed))
        self.view.paint_field(box, ("title",), self.title_field, errors, closed)


__all__ = ["PadHeader"]
