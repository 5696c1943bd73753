"""The Surprise me panel of Choose: how many modules, the seed (this phone's draft while it
is typed), Surprise me and Replay this seed, the Always/Never marks and the last draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine import setup as engine
from companion.engine.seats import new_seed
from companion.engine.setup import SetupGame
from companion.ui.kit.widgets import body, button, notice, panel, tagged, wrap
from companion.ui.paint import Slot
from companion.ui.setup.model import draw_note, marks_line, taps

if TYPE_CHECKING:
    from companion.ui.setup.parts.choose import ChooseScreen


class SurprisePanel:
    def __init__(self, view: ChooseScreen) -> None:
        self.view = view
        self.paint = view.paint
        count = len(engine.module_ids())
        seeded = view.seed_used
        self.size_picker = ft.Dropdown(
            label="How many modules",
            value="any",
            options=[ft.DropdownOption(key="any", text="Any number")]
            + [ft.DropdownOption(key=str(n), text=str(n)) for n in range(1, count + 1)],
            on_select=lambda e: view.tap(taps.set_size, view.draft, e.control.value),
            width=220,
        )
        self.seed_field = ft.TextField(
            label="Seed",
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=lambda e: self.type_seed(e.control.value or ""),
            on_blur=lambda e: view.commit_seed(),
            on_submit=lambda e: view.commit_seed(),
            width=170,
            max_length=12,
            counter="",  # the limit is enforced; a counter under the field is only noise
        )
        self.marks_slot = Slot(self.paint)
        self.problem_slot = Slot(self.paint)
        self.draw_text = body("", muted=True)
        self.draw_box = tagged("draw-note", self.draw_text)
        self.draw_box.visible = False
        self.section = panel(
            body(
                "A random legal combination, and a Paladin card if the Paladins come out. "
                "Set modules to Always or Never with the dots beside each.",
                muted=True,
            ),
            ft.Row([tagged("surprise-size", self.size_picker)]),
            ft.Row(
                [
                    tagged("surprise-seed", self.seed_field),
                    ft.IconButton(
                        ft.Icon(ft.Icons.CASINO_OUTLINED, semantics_label="New seed"),
                        tooltip="New seed",
                        on_click=lambda e: view.tap(
                            taps.new_seed, view.draft, new_seed(), on_outcome=seeded
                        ),
                        style=ft.ButtonStyle(padding=12),
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
            wrap(
                [
                    button(
                        "Surprise me",
                        lambda e: view.tap(
                            taps.surprise, view.draft, new_seed(), on_outcome=seeded
                        ),
                        icon=ft.Icons.AUTO_AWESOME,
                        ident="surprise-me",
                    ),
                    button(
                        "Replay this seed",
                        lambda e: view.tap(taps.surprise, view.draft, None, on_outcome=seeded),
                        icon=ft.Icons.REPLAY,
                        kind="outlined",
                        ident="replay-seed",
                    ),
                ]
            ),
            self.marks_slot.box,
            self.problem_slot.box,
            self.draw_box,
            title="Surprise me",
            section=True,
        )

    def type_seed(self, text: str) -> None:
        """Typing in the seed field: this device's only, until it is used or left."""
        self.view.draft.type_seed(text)
        self.paint.set(self.section, self.seed_field, error=self.view.draft.seed_problem)
        self.paint.send()

    def render(self, game: SetupGame) -> None:
        paint = self.paint
        section = self.section
        draft = self.view.draft
        paint.set(section, self.size_picker, value="any" if game.size is None else str(game.size))
        paint.set(section, self.seed_field, value=draft.seed_shown(game), error=draft.seed_problem)
        self.marks_slot.set(marks_line(game), lambda: self._marks(game))
        problem = draft.surprise_problem
        self.problem_slot.set(
            problem,
            lambda: (
                None
                if problem is None
                else tagged("surprise-error", notice(problem, level="error"))
            ),
        )
        note = draw_note(game)
        paint.set(section, self.draw_box, visible=note is not None)
        paint.set(section, self.draw_text, value=note or "")

    def _marks(self, game: SetupGame) -> ft.Control | None:
        line = marks_line(game)
        if line is None:
            return None
        return ft.Row(
            [
                ft.Text(line, expand=True),
                ft.TextButton("Clear marks", on_click=lambda e: self.view.tap(taps.clear_pins)),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )


__all__ = ["SurprisePanel"]
