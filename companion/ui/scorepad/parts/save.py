"""The foot of the score pad: the notices above Save, Save itself, and once the pad is saved,
"View in history" and "New pad with these players"."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine.scorepad import FieldKey
from companion.ui import history
from companion.ui.kit.widgets import button, notice, panel, tagged, wrap
from companion.ui.paint import Slot
from companion.ui.scorepad.model import ScorePad
from companion.ui.scorepad.model.words import notices
from companion.ui.theme import TOUCH

if TYPE_CHECKING:
    from companion.ui.scorepad.parts.pad import PadEditor


class SavePanel:
    """The notices, Save and the saved play's links, built once."""

    def __init__(self, view: PadEditor, label: str) -> None:
        self.view = view
        self.notices = Slot(view.paint)
        self.button = ft.FilledButton(
            label, icon=ft.Icons.SAVE, height=TOUCH, on_click=lambda e: view.save()
        )
        self.box = tagged("save-play", self.button, section=True)
        self.saved = Slot(view.paint)

    @property
    def controls(self) -> list[ft.Control]:
        return [self.notices.box, self.box, self.saved.box]

    def saved_links(self, play_id: int) -> ft.Control:
        view = self.view
        return panel(
            notice("Saved in your history.", level="ok"),
            wrap(
                [
                    button(
                        "View in history",
                        lambda e: view.ctx.navigate(history.play_route(play_id)),
                        icon=ft.Icons.HISTORY,
                        kind="outlined",
                        ident="view-saved",
                    ),
                    button(
                        "New pad with these players",
                        lambda e: view.new_pad(),
                        icon=ft.Icons.ADD,
                        kind="tonal",
                        ident="new-pad-same",
                    ),
                ]
            ),
        )

    def render(
        self, form: ScorePad, errors: dict[FieldKey, str], closed: bool, play_id: int | None
    ) -> None:
        notes = notices(form, errors, show_all=self.view.draft.show_all_errors)
        self.notices.set(
            tuple(notes),
            lambda: (
                None
                if not notes
                else ft.Column([notice(text, level=level) for level, text in notes], spacing=8)
            ),
        )
        self.view.paint.set(self.box, self.box, visible=not closed)  # its Semantics
        self.saved.set(play_id, lambda: None if play_id is None else self.saved_links(play_id))


__all__ = ["SavePanel"]
