"""The score pad's "When, where, notes" tile: the date and time of the play (when it is
saved, unless chosen), its length, the place and notes."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.engine.scorepad import FieldKey, Pad
from companion.ui.kit.widgets import button, panel, tagged, whole_number_field
from companion.ui.scorepad.model.words import picked_day, to_the_minute, when_lines

if TYPE_CHECKING:
    from companion.ui.scorepad.parts.pad import PadEditor


class DetailsPanel:
    """The details tile, built once."""

    def __init__(self, view: PadEditor) -> None:
        self.view = view
        self.when_text = ft.Text("", expand=True)
        self.change_when = button("Change", self.pick_date, kind="text")
        self.now_button = button("Now", lambda e: view.set_played_at(None), kind="text")
        self.subtitle = ft.Text("")
        makers: dict[FieldKey, Callable[[], ft.TextField]] = {
            ("duration",): lambda: whole_number_field("Duration (minutes)", width=200),
            ("location",): lambda: ft.TextField(label="Where", max_length=120, error_max_lines=3),
            ("notes",): lambda: ft.TextField(
                label="Notes",
                multiline=True,
                min_lines=2,
                max_lines=6,
                max_length=2000,
                error_max_lines=3,
            ),
        }
        self.fields = tuple((key, view.text_field(key, make)) for key, make in makers.items())
        self.tile = ft.ExpansionTile(
            title=ft.Text("When, where, notes"),
            subtitle=self.subtitle,
            controls=[
                ft.Row(
                    [
                        ft.Icon(ft.Icons.EVENT),
                        tagged("played-at", self.when_text),
                        self.change_when,
                        self.now_button,
                    ]
                ),
                *(field for _, field in self.fields),
            ],
            controls_padding=ft.Padding.symmetric(horizontal=8, vertical=8),
        )
        self.box = panel(self.tile, section=True)

    def pick_date(self, e: Any) -> None:
        view = self.view
        current = view.pad.played_at or to_the_minute(datetime.now())
        picker = ft.DatePicker(
            value=current,
            last_date=datetime.now(),
            on_change=lambda ev: view.set_played_at(picked_day(ev.control.value, current)),
        )
        view.ctx.page.show_dialog(picker)

    def render(self, pad: Pad, errors: dict[FieldKey, str], closed: bool) -> None:
        paint, box = self.view.paint, self.box
        chosen = pad.played_at
        when, subtitle = when_lines(chosen)
        paint.set(box, self.when_text, value=when)
        paint.set(box, self.subtitle, value=subtitle)
        paint.set(box, self.now_button, visible=chosen is not None, disabled=closed)
        paint.set(box, self.change_when, disabled=closed)
        for key, control in self.fields:
            self.view.paint_field(box, key, control, errors, closed)


__all__ = ["DetailsPanel"]
