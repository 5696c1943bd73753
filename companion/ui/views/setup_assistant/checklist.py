"""``/setup/assistant/<id>/checklist``: one ordered checklist to set the table, ticked off
from any phone. The strip shows the progress and the next step with a Done button; each
step shows where it comes from (its source and the ruling in use, one tap away) and a
"why?" to the rules entries it rests on. A tick marks one step done (or not done): two
phones ticking different steps both count, a step someone else ticked meanwhile is refused
with a message.
"""

from __future__ import annotations

from collections.abc import Hashable

import flet as ft

from companion.engine import setup as engine
from companion.engine.setup import MarkDone, MarkNotDone, Progress, ResetChecklist, SetupGame, Step
from companion.history import StoreError
from companion.tables import Applied, Outcome, Snapshot
from companion.ui.context import AppContext
from companion.ui.live import Slot, isolate
from companion.ui.logic.setup_assistant import (
    FINISHED,
    changed_notice,
    errors_notice,
    game_name,
    next_line,
    ordered,
    plural,
    ruling_notes,
    seat_names,
    step_why,
)
from companion.ui.logic.table import TABLE_KEY, TableState
from companion.ui.screen import Screen
from companion.ui.theme import GAP, TOUCH
from companion.ui.views.setup_assistant.base import (
    LEVEL_STYLE,
    SetupTableView,
    action_button,
    ruling_line,
    scroll_key,
    small,
    table_route,
    why,
)
from companion.ui.widgets import body, button, heading, notice, panel, tagged, wrap


class _StepRow:
    """One step on screen, built once per step id and brought up to date in place."""

    def __init__(self, view: ChecklistView, step_id: str) -> None:
        self.step_id = step_id
        paint = view.paint
        self.box = ft.Checkbox(value=False, on_change=lambda e: view.tap_step(step_id))
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
            on_click=lambda e: view.tap_step(step_id),
            ink=True,
        )
        self.control = isolate(tagged(f"step-{step_id}", self.container))
        view.input_sections.append(self.control)

    def show(
        self,
        view: ChecklistView,
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
            key = (step.id, cites, parts, step.rulings, game.house_rules)
        self.details_slot.set(key, lambda: view.step_details(step, game) if open_ else None)
        paint.set(
            section,
            self.container,
            border=ft.Border.all(2, ft.Colors.PRIMARY) if is_next else None,
            bgcolor=ft.Colors.with_opacity(0.06, ft.Colors.PRIMARY) if is_next else None,
        )


class ChecklistView(SetupTableView):
    page_kind = "checklist"

    def __init__(self, ctx: AppContext, table_id: int) -> None:
        try:
            seats = ctx.setting(TABLE_KEY)
        except StoreError:
            seats = None
        # The Players & seats tool's table: the names beside steps that hand out by seat.
        self.seated = TableState.from_dict(seats, ctx.catalogue)
        super().__init__(ctx, table_id)

    # -- acting --------------------------------------------------------------------------------
    def tap_step(self, step_id: str) -> None:
        """A tap on a step: mark it done, not done, or confirm a ticked step that changed,
        as the phone showed it (the action itself is absolute: a step another phone ticked
        meanwhile is refused as already done, never unticked)."""
        game = self.shown
        if game is None:
            return
        step = game.step(step_id)
        if step is None:
            self.tell("That step is no longer on the checklist.", problem=True)
            return
        self.act(MarkNotDone(step_id) if game.confirmed(step) else MarkDone(step_id))

    def tick_next(self) -> None:
        game = self.shown
        if game is None:
            return
        step = game.progress().next_step
        if step is None:
            return

        def follow(outcome: Outcome) -> None:
            if isinstance(outcome, Applied) and isinstance(outcome.snapshot.game, SetupGame):
                upcoming = outcome.snapshot.game.progress().next_step
                if upcoming is not None:  # the list follows, so the next step is in view
                    self.scroll_to(f"step-{upcoming.id}")

        self.act(MarkDone(step.id), on_outcome=follow)

    def reset_ticks(self) -> None:
        game = self.game
        if game is None:
            return
        if not game.ticks:
            self.tell("Nothing is ticked yet.")
            return
        self.act(ResetChecklist())

    def toggle_details(self, step_id: str) -> None:
        self.draft.toggle_details(step_id)  # this phone's only
        self.render(self.live.snapshot)

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
        self.take_out_section = isolate(
            tagged(
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
            )
        )
        self.rows: dict[str, _StepRow] = {}
        self.steps_title = heading("Steps")
        self.steps_column = isolate(ft.Column([], spacing=4))
        self.steps_section = isolate(
            ft.Card(
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
        game = self.game
        step = None if game is None else game.progress().next_step
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
                row = self.rows[step.id] = _StepRow(self, step.id)
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
        for note in ruling_notes(self.ctx.catalogue, step.rulings, game.house_rules):
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
                    ft.Icons.RESTART_ALT,
                    tooltip="Untick every step",
                    on_click=lambda e: self.reset_ticks(),
                ),
            )
        ]

    def build(self) -> Screen:
        screen = super().build()
        game = self.game
        if game is not None and self.ctx.narrow:
            progress = game.progress()
            if progress.done and progress.next_step is not None:
                # Back at the table after a break: a phone opens where the group left off.
                # (A wide window shows the summary beside the steps; it stays at the top.)
                self.scroll_to(f"step-{progress.next_step.id}", delay=0.4)
        return screen


__all__ = ["ChecklistView"]
