"""One step of the checklist on screen: its box, its words (struck through once done), its
module, Source and "why?", a note, the names by seat, and its details when opened; built once
per step id and brought up to date in place."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import flet as ft

from companion.engine.setup import Progress, SetupGame, Step
from companion.ui.kit.widgets import body, notice, tagged
from companion.ui.paint import Slot
from companion.ui.setup.model import step_why, taps
from companion.ui.setup.parts import scroll_key, why

if TYPE_CHECKING:
    from companion.ui.setup.parts.checklist import ChecklistScreen


class StepRow:
    """One step on screen, built once per step id and brought up to date in place."""

    def __init__(self, view: ChecklistScreen, step_id: str) -> None:
        self.step_id = step_id
        paint = view.paint
        self.box = ft.Checkbox(value=False, on_change=lambda e: view.tap(taps.tap_step, step_id))
        self.text = ft.Text("", theme_style=ft.TextThemeStyle.BODY_LARGE)
        self.where = ft.Text(
            "", theme_style=ft.TextThemeStyle.LABEL_MEDIUM, color=ft.Colors.ON_SECONDARY_CONTAINER
        )
        # No icon: the module, the source and the "why?" share one line on a phone.
        self.source = ft.TextButton(
            "Source",
            on_click=lambda e: view.toggle_details(step_id),
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=6, vertical=12)),
        )
        self.why_slot = Slot(paint)
        self.changed = ft.Row(
            [
                ft.Icon(ft.Icons.WARNING_AMBER, color=ft.Colors.AMBER_800, size=20),
                ft.Text(
                    "Changed since you ticked it: check it again, then tap to confirm.",
                    expand=True,
                ),
            ],
            spacing=4,
            vertical_alignment=ft.CrossAxisAlignment.START,
            visible=False,
        )
        self.note_slot = Slot(paint)
        self.seats = body("")
        self.seats.visible = False
        self.details_slot = Slot(paint)
        texts = ft.Column(
            [
                self.text,
                ft.Row(
                    [
                        ft.Container(
                            self.where,
                            bgcolor=ft.Colors.SECONDARY_CONTAINER,
                            border_radius=8,
                            padding=ft.Padding.symmetric(horizontal=8, vertical=2),
                        ),
                        tagged(f"source-{step_id}", self.source),
                        self.why_slot.box,
                    ],
                    wrap=True,
                    spacing=4,
                    run_spacing=0,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                self.changed,
                self.note_slot.box,
                self.seats,
                self.details_slot.box,
            ],
            spacing=4,
            expand=True,
        )
        self.container = ft.Container(
            ft.Row(
                [tagged(f"tick-{step_id}", self.box), texts],
                spacing=4,
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
            key=scroll_key(f"step-{step_id}"),
            padding=ft.Padding.only(top=4, bottom=8, right=4),
            border_radius=12,
            on_click=lambda e: view.tap(taps.tap_step, step_id),
            ink=True,
        )
        self.control = tagged(f"step-{step_id}", self.container, section=True)
        view.input_sections.append(self.control)

    def show(
        self,
        view: ChecklistScreen,
        step: Step,
        number: int,
        game: SetupGame,
        progress: Progress,
    ) -> None:
        paint = view.paint
        section = self.control
        done = game.is_ticked(step.id)
        changed = done and step.id in progress.changed
        is_next = progress.next_step is not None and progress.next_step.id == step.id
        struck = done and not changed
        paint.set(
            section,
            self.box,
            value=None if changed else done,  # a dash: ticked once, to be checked again
            tristate=changed,
            semantics_label=f"Step {number} done",
        )
        paint.set(
            section,
            self.text,
            value=f"{number}. {step.text}",
            color=ft.Colors.ON_SURFACE_VARIANT if struck else None,
            style=ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH) if struck else None,
        )
        paint.set(section, self.where, value=view.step_where(step))
        open_ = step.id in view.draft.open_steps
        paint.set(section, self.source, content="Hide source" if open_ else "Source")
        keys, rulings = step_why(step, game.game)
        self.why_slot.set(
            (tuple(str(k) for k in keys), tuple(rulings)),
            lambda: why(view.ctx, keys, rulings, ident=f"why-step-{step.id}"),
        )
        paint.set(section, self.changed, visible=changed)
        note = step.note
        self.note_slot.set(note, lambda: None if note is None else notice(note, level="info"))
        names = view.seat_names(step, game)
        pairs = ", ".join(f"{n} {v}" for n, v in zip(names, step.per_seat, strict=False))
        paint.set(
            section,
            self.seats,
            visible=bool(names),
            value=f"At your table, in turn order: {pairs}." if names else "",
        )
        key: Hashable = None
        if open_:
            cites = tuple(view.ctx.catalogue.cite(s) for s in step.sources)
            parts = tuple(str(c) for c in step.components)
            key = (step.id, cites, parts, step.rulings, game.rules)
        self.details_slot.set(key, lambda: view.step_details(step, game) if open_ else None)
        paint.set(
            section,
            self.container,
            border=ft.Border.all(2, ft.Colors.PRIMARY) if is_next else None,
            bgcolor=ft.Colors.with_opacity(0.06, ft.Colors.PRIMARY) if is_next else None,
        )


__all__ = ["StepRow"]
