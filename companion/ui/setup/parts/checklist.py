"""``/setup/assistant/<id>/checklist``: one ordered checklist to set the table, ticked off
from any phone. The strip shows the progress and the next step with a Done button; each
step shows where it comes from (its source and the ruling in use, one tap away) and a
"why?" to the rules entries it rests on. A tick marks one step done (or not done): two
phones ticking different steps both count, a step someone else ticked meanwhile is refused
with a message.
"""

from __future__ import annotations

import flet as ft

from companion.engine import setup as engine
from companion.engine.setup import Progress, SetupGame, Step
from companion.tables import Applied, Outcome, Snapshot
from companion.ui.context import AppContext
from companion.ui.kit.widgets import body, button, heading, notice, panel, tagged, wrap
from companion.ui.paint import SectionCard, SectionColumn, Slot
from companion.ui.screen import Screen
from companion.ui.seats.model import Seating, current_seating
from companion.ui.setup import table_route
from companion.ui.setup.model import (
    FINISHED,
    changed_notice,
    errors_notice,
    game_name,
    next_line,
    ordered,
    plural,
    ruling_notes,
    seat_names,
    taps,
)
from companion.ui.setup.parts import LEVEL_STYLE, action_button, ruling_line, small
from companion.ui.setup.parts.step_row import StepRow
from companion.ui.setup.screen import SetupScreen
from companion.ui.theme import GAP, TOUCH


class ChecklistScreen(SetupScreen):
    page_kind = "checklist"

    def __init__(self, ctx: AppContext, table_id: int) -> None:
        # The Players & seats tool's table: the names beside steps that hand out by seat.
        self.seated = current_seating(ctx) or Seating()
        super().__init__(ctx, table_id)

    # -- acting --------------------------------------------------------------------------------
    def tick_next(self) -> None:
        """Done on the strip: the next step as the phone showed it; the list follows, so the
        step after it is in view."""

        def follow(outcome: Outcome) -> None:
            if isinstance(outcome, Applied) and isinstance(outcome.snapshot.game, SetupGame):
                upcoming = outcome.snapshot.game.progress().next_step
                if upcoming is not None:
                    self.scroll_to(f"step-{upcoming.id}")

        self.tap(taps.tick_next, on_outcome=follow)

    def reset_ticks(self) -> None:
        if self.readable:
            self.forward(taps.reset_checklist(self.game))

    def toggle_details(self, step_id: str) -> None:
        self.draft.toggle_details(step_id)  # this phone's only
        self.redraw()

    def show_step(self, step_id: str) -> None:
        self.scroll_to(f"step-{step_id}")

    def seat_names(self, step: Step, game: SetupGame) -> list[str]:
        seated = self.seated
        order = list(seated.turn_order()) if seated.draw is not None else []
        return seat_names(step, game, seated.game_id, order)

    # -- built once ----------------------------------------------------------------------------
    def build_page(self) -> None:
        paint = self.paint
        fg = LEVEL_STYLE["ok"][1]
        self.count = ft.Text("", color=fg, weight=ft.FontWeight.BOLD)
        self.bar = ft.ProgressBar(value=0, bar_height=8, border_radius=4)
        self.finished = ft.Text(FINISHED, color=fg, weight=ft.FontWeight.W_600, visible=False)
        self.next_text = ft.Text("", color=fg, weight=ft.FontWeight.W_600)
        self.next_row = ft.Row(
            [
                ft.Container(
                    tagged("next-step", self.next_text),
                    expand=True,
                    on_click=lambda e: self._show_next(),
                    tooltip="Show this step in the list",
                    padding=ft.Padding.symmetric(vertical=12),
                ),
                action_button("Done", lambda e: self.tick_next(), ident="tick-next", primary=True),
            ],
            spacing=8,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        self.strip.bgcolor = LEVEL_STYLE["ok"][2]
        self.strip.content = ft.Column(
            [
                ft.Row([tagged("progress-text", self.count)], spacing=8),
                self.bar,
                self.finished,
                self.next_row,
            ],
            spacing=6,
            tight=True,
        )
        self.errors_slot = Slot(paint)
        self.changed_slot = Slot(paint)
        self.summary_slot = Slot(paint)
        self.take_out_slot = Slot(paint)
        self.take_out_count = ft.Text("")
        self.take_out_section = tagged(
            "take-out",
            ft.Card(
                content=ft.ExpansionTile(
                    title=ft.Text("Take out of the box", weight=ft.FontWeight.W_600),
                    subtitle=self.take_out_count,
                    leading=ft.Icon(ft.Icons.INVENTORY_2_OUTLINED),
                    controls=[self.take_out_slot.box],
                    controls_padding=ft.Padding.only(left=16, right=16, bottom=12),
                    expanded_cross_axis_alignment=ft.CrossAxisAlignment.START,
                    maintain_state=True,
                ),
                margin=0,
            ),
            section=True,
        )
        self.rows: dict[str, StepRow] = {}
        self.steps_title = heading("Steps")
        self.steps_column = SectionColumn([], spacing=4)
        self.steps_section = SectionCard(
            content=ft.Container(
                ft.Column(
                    [
                        self.steps_title,
                        self.steps_column,
                        wrap(
                            [
                                button(
                                    "Untick every step",
                                    lambda e: self.reset_ticks(),
                                    icon=ft.Icons.RESTART_ALT,
                                    kind="outlined",
                                    ident="reset-checklist",
                                )
                            ]
                        ),
                    ],
                    spacing=GAP,
                    tight=True,
                ),
                padding=12,
            ),
            margin=0,
        )
        side = ft.Column([self.summary_slot.box, self.take_out_section], spacing=GAP)
        self.scroller.controls = [
            self.problem_slot.box,
            self.errors_slot.box,
            self.changed_slot.box,
            ft.ResponsiveRow(
                [
                    ft.Container(side, col={"xs": 12, "md": 5}),
                    ft.Container(self.steps_section, col={"xs": 12, "md": 7}),
                ],
                spacing=GAP,
                run_spacing=GAP,
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
        ]

    def _show_next(self) -> None:
        step = self.game.progress().next_step if self.readable else None
        if step is not None:
            self.show_step(step.id)

    # -- rendering in place --------------------------------------------------------------------
    def render_page(self, game: SetupGame, snapshot: Snapshot) -> None:
        paint = self.paint
        steps = game.steps()
        progress = game.progress(steps)
        self._render_strip(progress, steps)
        findings = game.findings()
        errors = errors_notice(findings)
        self.errors_slot.set(errors, lambda: self._errors(errors))
        changed = changed_notice(progress)
        self.changed_slot.set(
            changed, lambda: None if changed is None else notice(changed, level="warning")
        )
        summary_key = (game.game, game.players, game.modules, game.cards)
        self.summary_slot.set(summary_key, lambda: self._summary(game))
        pieces = engine.take_out(steps)
        paint.set(
            self.take_out_section,
            self.take_out_count,
            value=plural(len(pieces), "kind of piece", "kinds of pieces"),
        )
        self.take_out_slot.set(
            tuple((c.item, c.count) for c in pieces), lambda: self._take_out(pieces)
        )
        paint.set(self.steps_section, self.steps_title, value=f"Steps ({len(steps)})")
        wanted: list[ft.Control] = []
        for number, step in enumerate(steps, start=1):
            row = self.rows.get(step.id)
            if row is None:
                row = self.rows[step.id] = StepRow(self, step.id)
            row.show(self, step, number, game, progress)
            wanted.append(row.control)
        shown = self.steps_column.controls
        if len(shown) != len(wanted) or any(
            a is not b for a, b in zip(shown, wanted, strict=False)
        ):
            self.steps_column.controls = wanted
            paint.touch(self.steps_column)

    def _render_strip(self, progress: Progress, steps: list[Step]) -> None:
        paint = self.paint
        section = self.strip_section
        paint.set(section, self.count, value=progress.text)
        paint.set(
            section,
            self.bar,
            value=progress.fraction,
            semantics_label=f"Checklist progress: {progress.text}",
        )
        paint.set(section, self.finished, visible=progress.finished)
        step = progress.next_step
        line = None if step is None else next_line(progress, steps, self.step_where(step))
        paint.set(section, self.next_row, visible=line is not None and not progress.finished)
        paint.set(section, self.next_text, value=line or "")

    # -- parts rebuilt when what they show changed -----------------------------------------------
    def _errors(self, text: str | None) -> ft.Control | None:
        if text is None:
            return None
        return tagged(
            "checklist-errors",
            ft.Container(
                ft.Column(
                    [
                        notice(text, level="error"),
                        button(
                            "Fix under Choose",
                            lambda e: self.ctx.navigate(table_route(self.table_id)),
                            icon=ft.Icons.TUNE,
                            kind="outlined",
                        ),
                    ],
                    spacing=8,
                )
            ),
        )

    def _summary(self, game: SetupGame) -> ft.Control:
        lines: list[ft.Control] = [
            ft.Text(
                f"{game_name(self.ctx.catalogue, game.game)}, {game.players} players",
                theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
            )
        ]
        if game.has_modules:
            names = [self.module_name(m) for m in ordered(game.modules)]
            lines.append(body("Modules: " + (", ".join(names) if names else "none (base game)")))
            cards = [engine.describe_card(engine.card(c)) for c in sorted(game.cards)]
            if cards:
                lines.append(body("Cards: " + ", ".join(cards)))
        lines.append(
            ft.TextButton(
                "Change the choice",
                icon=ft.Icons.TUNE,
                on_click=lambda e: self.ctx.navigate(table_route(self.table_id)),
                height=TOUCH,
            )
        )
        return tagged("checklist-summary", panel(*lines))

    def _take_out(self, pieces: list[engine.Component]) -> ft.Control:
        rows: list[ft.Control] = [
            ft.Row(
                [
                    ft.Container(
                        ft.Text(
                            "—" if c.count is None else str(c.count),
                            weight=ft.FontWeight.BOLD,
                            text_align=ft.TextAlign.RIGHT,
                        ),
                        width=40,
                    ),
                    ft.Text(c.item, expand=True),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
            for c in pieces
        ]
        if any(c.count is None for c in pieces):
            rows.append(small("—: the rulebook gives no count; take the whole set."))
        if not pieces:
            rows.append(body("No pieces listed for these steps.", muted=True))
        return ft.Column(rows, spacing=4, tight=True)

    def step_details(self, step: Step, game: SetupGame) -> ft.Control:
        cites = "; ".join(dict.fromkeys(self.ctx.catalogue.cite(s) for s in step.sources))
        lines: list[ft.Control] = [small(f"Source: {cites}", italic=True)]
        if step.components:
            lines.append(small("Takes: " + "; ".join(str(c) for c in step.components)))
        for note in ruling_notes(self.ctx.catalogue, step.rulings, game.rules):
            lines.append(ruling_line(self.ctx, note, full=True))
        return tagged(
            f"details-{step.id}",
            ft.Container(
                ft.Column(lines, spacing=4, tight=True),
                padding=ft.Padding.only(left=8, top=4),
                border=ft.Border.only(left=ft.BorderSide(3, ft.Colors.OUTLINE_VARIANT)),
            ),
        )

    # -- the screen ----------------------------------------------------------------------------
    def page_actions(self) -> list[ft.Control]:
        return [
            tagged(
                "reset-icon",
                ft.IconButton(
                    ft.Icon(ft.Icons.RESTART_ALT, semantics_label="Untick every step"),
                    tooltip="Untick every step",
                    on_click=lambda e: self.reset_ticks(),
                ),
            )
        ]

    def build(self) -> Screen:
        screen = super().build()
        if self.readable and self.ctx.narrow:
            progress = self.game.progress()
            if progress.done and progress.next_step is not None:
                # Back at the table after a break: a phone opens where the group left off.
                # (A wide window shows the summary beside the steps; it stays at the top.)
                self.scroll_to(f"step-{progress.next_step.id}", delay=0.4)
        return screen


__all__ = ["ChecklistScreen"]
