"""Setup › Setup assistant: choose the game, players, modules and cards; see at once whether
the combination is legal; then work through one ordered checklist at the table.

Two sub-routes share one saved state (:mod:`companion.ui.logic.setup_assistant`):
``/setup/assistant`` (Choose) and ``/setup/assistant/checklist`` (Checklist), switched by a
segmented button, so a phone screen never holds both at once. A strip above the scrolling
part always shows the one thing that matters most: on Choose how the combination stands
(with a jump to the problems), on Checklist the progress and the next step with a Done button.
Every change is saved at once; changes that throw work away (a reset, ticks of steps that no
longer apply) offer Undo.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any, Literal

import flet as ft

from companion.engine import setup as engine
from companion.engine.setup import Finding, Fix, Module, Step
from companion.ui.context import AppContext
from companion.ui.logic.seats import Seating, current_seating
from companion.ui.logic.setup_assistant import (
    COVE,
    SETUP_KEY,
    AssistantState,
    Pin,
    Progress,
    RulingNote,
    SeedError,
    flagged_modules,
    game_name,
    module_blurbs,
    plural,
    ruling_notes,
    sentence,
    status,
    valid_house_rules,
)
from companion.ui.rulings import show_ruling
from companion.ui.screen import RouteNotFound, Screen
from companion.ui.theme import GAP, TOUCH
from companion.ui.widgets import body, button, heading, mounted, notice, panel, tagged, wrap

log = logging.getLogger(__name__)

Page = Literal["choose", "checklist"]
CHOOSE_ROUTE = "/setup/assistant"
CHECKLIST_ROUTE = "/setup/assistant/checklist"
NONE_KEY = "none"  # drop-down key for "no card chosen"

# Colours per level, as in widgets.notice, so findings read like the app's other notices.
LEVEL_STYLE: dict[str, tuple[ft.IconData, str, str]] = {
    "error": (ft.Icons.ERROR_OUTLINE, ft.Colors.ON_ERROR_CONTAINER, ft.Colors.ERROR_CONTAINER),
    "warning": (ft.Icons.WARNING_AMBER, ft.Colors.GREY_900, ft.Colors.AMBER_100),
    "info": (
        ft.Icons.INFO_OUTLINE,
        ft.Colors.ON_SECONDARY_CONTAINER,
        ft.Colors.SECONDARY_CONTAINER,
    ),
    "ok": (
        ft.Icons.CHECK_CIRCLE_OUTLINE,
        ft.Colors.ON_PRIMARY_CONTAINER,
        ft.Colors.PRIMARY_CONTAINER,
    ),
}
PIN_CHOICES: tuple[tuple[str, str, ft.IconData], ...] = (
    ("either", "Either", ft.Icons.SHUFFLE),
    ("keep", "Always", ft.Icons.PUSH_PIN),
    ("never", "Never", ft.Icons.BLOCK),
)


def small(text: str, *, color: str | None = None, italic: bool = False) -> ft.Text:
    return ft.Text(
        text,
        theme_style=ft.TextThemeStyle.BODY_SMALL,
        color=color or ft.Colors.ON_SURFACE_VARIANT,
        italic=italic,
    )


def action_button(label: str, on_click: Callable[[Any], None], *, ident: str, primary: bool) -> Any:
    """A button whose label may wrap onto a second line on a phone instead of being cut off
    (a fixed-height button would clip a long fix such as "Add the Faction Festival and...")."""
    factory: Any = ft.FilledButton if primary else ft.OutlinedButton
    control = factory(
        content=ft.Text(label, text_align=ft.TextAlign.CENTER),
        on_click=on_click,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=14)),
    )
    return tagged(ident, control)


class SetupAssistantView:
    """Holds the state, builds the controls, saves after every change."""

    def __init__(self, ctx: AppContext, page: Page = "choose") -> None:
        self.ctx = ctx
        self.page_kind: Page = page
        self.house_rules = valid_house_rules(ctx.catalogue, ctx.house_rules())
        saved_table = current_seating(ctx)
        self.table = saved_table or Seating()
        # A first visit starts from the table the seats tool holds, if the group used it.
        fallback = (
            AssistantState.fresh(game=self.table.game_id, players=len(self.table.seats) or None)
            if saved_table is not None
            else AssistantState.fresh()
        )
        loaded = AssistantState.load(ctx.setting(SETUP_KEY), fallback=fallback)
        self.state = loaded.state
        self.load_problem = loaded.problem
        self.modules: dict[str, Module] = {m.id: m for m in engine.modules()}
        self.blurbs = module_blurbs(engine.modules())
        self.expanded: set[str] = set()  # steps whose source and rulings are shown
        self.surprise_error: str | None = None

        self.seed_field = ft.TextField(
            label="Seed",
            value=str(self.state.seed),
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=lambda e: self.set_seed(e.control.value or ""),
            width=170,
            max_length=12,
            counter="",  # the limit is enforced; a counter under the field is only noise
        )
        self.tabs = ft.Row(spacing=0)
        self.strip = ft.Container(
            border_radius=12, padding=ft.Padding.symmetric(vertical=8, horizontal=12)
        )
        self.scroller = ft.Column(spacing=GAP, expand=True, scroll=ft.ScrollMode.AUTO)
        self.findings_box = ft.Column(spacing=8)

    # ===================================================================== state changes
    def change(
        self, new_state: AssistantState, *, undo: str | None = None, choice: bool = False
    ) -> None:
        """Adopt ``new_state``, save it, redraw; offer Undo when work was thrown away.

        ``choice``: the change was to the choice itself, so ticks of steps that no longer
        exist may have been dropped; the players hear about it and can undo.
        """
        before = self.state
        self.state = new_state
        self.load_problem = None
        if new_state.seed != before.seed:  # a draw or an undo moved the seed
            self.seed_field.value = str(new_state.seed)
            self.seed_field.error = None
        self.save()
        self.render()
        dropped = len(set(before.ticks) - set(new_state.ticks)) if choice else 0
        if undo is None and dropped:
            undo = (
                f"{plural(dropped, 'ticked step')} no longer "
                f"{'applies' if dropped == 1 else 'apply'} and "
                f"{'was' if dropped == 1 else 'were'} unticked."
            )
        if undo:
            self.ctx.notify(undo, action="Undo", on_action=lambda: self.change(before))

    def save(self) -> None:
        self.ctx.set_setting(SETUP_KEY, self.state.to_dict())

    def attempt(self, make: Callable[[], AssistantState], *, undo: str | None = None) -> bool:
        """Run an action; an impossible one says why and changes nothing."""
        try:
            new_state = make()
        except engine.SetupError as exc:
            self.ctx.notify(sentence(_readable(exc)), error=True)
            return False
        self.change(new_state, undo=undo, choice=True)
        return True

    def set_game(self, game: str) -> None:
        self.attempt(lambda: self.state.with_game(game, self.house_rules))

    def set_players(self, players: int) -> None:
        self.attempt(lambda: self.state.with_players(players, self.house_rules))

    def set_module(self, module_id: str, on: bool) -> None:
        if (module_id in self.state.modules) == on:
            return
        self.attempt(lambda: self.state.toggle_module(module_id, self.house_rules))

    def apply_fix(self, fix: Fix) -> None:
        before = self.state
        applied = self.attempt(lambda: self.state.apply_fix(fix, self.house_rules))
        if applied and self.state.ticks == before.ticks:
            self.ctx.notify(
                f"Done: {fix.label[:1].lower()}{fix.label[1:]}.",
                action="Undo",
                on_action=lambda: self.change(before),
            )

    def set_card(self, kind: str, card_id: str | None) -> None:
        self.attempt(lambda: self.state.with_card(kind, card_id, self.house_rules))

    def toggle_beast(self, card_id: str) -> None:
        self.attempt(lambda: self.state.toggle_beast(card_id, self.house_rules))

    def set_pin(self, module_id: str, mode: Pin | None) -> None:
        self.change(self.state.pin(module_id, mode))

    def clear_pins(self) -> None:
        state = self.state
        for module_id in state.pinned | state.banned:
            state = state.pin(module_id, None)
        self.change(state)

    def set_size(self, value: str | None) -> None:
        size = None if value in (None, "", "any") else int(value)
        self.surprise_error = None
        self.attempt(lambda: self.state.with_size(size))

    def set_seed(self, text: str) -> None:
        """Typing in the seed field: saved when valid, marked on the field when not."""
        try:
            new_state = self.state.with_seed_text(text)
        except SeedError:
            self.seed_field.error = "Digits only, at most 12"
            self.seed_field.update()
            return
        self.seed_field.error = None
        self.seed_field.update()
        self.state = new_state
        self.save()  # no redraw: the field keeps its cursor, nothing else shows the seed

    def new_seed(self) -> None:
        self.change(self.state.reseed())

    def surprise(self, *, fresh_seed: bool) -> None:
        """Surprise me (a new seed) or Replay (the seed in the field)."""
        if self.seed_field.error and not fresh_seed:
            self.ctx.notify("Fix the seed first: digits only.", error=True)
            return
        start = self.state.reseed() if fresh_seed else self.state
        try:
            drawn = start.surprise(self.house_rules)
        except engine.NoLegalCombinationError:
            self.surprise_error = self.nothing_fits_text()
            self.render()
            return
        self.surprise_error = None
        before = self.state
        self.change(drawn, choice=True)
        if self.state.ticks == before.ticks:
            self.ctx.notify(
                f"Drawn with seed {drawn.seed}. Your previous choice is one tap away.",
                action="Undo",
                on_action=lambda: self.change(before),
            )

    def draw_card(self, kind: str) -> None:
        if self.seed_field.error:
            self.ctx.notify("Fix the seed first: digits only.", error=True)
            return
        self.attempt(lambda: self.state.draw_card(kind, self.house_rules))

    def clear_choice(self) -> None:
        if not self.state.has_modules:
            name = game_name(self.ctx.catalogue, self.state.game)
            self.ctx.notify(f"{name} has no modules or cards to clear.")
            return
        self.attempt(
            lambda: self.state.clear_choice(self.house_rules),
            undo="Back to the base game: modules and cards cleared.",
        )

    def tick(self, step: Step, on: bool) -> None:
        self.change(self.state.tick(step, on))

    def toggle_step(self, step: Step) -> None:
        """A tap on a step: tick it, untick it, or confirm a ticked step that changed."""
        self.tick(step, not self.state.confirmed(step))

    def tick_next(self) -> None:
        steps = self.steps()
        progress = self.state.progress(steps)
        if progress.next_step is not None:
            self.tick(progress.next_step, True)
            upcoming = self.state.progress(steps).next_step
            if upcoming is not None:
                self.show_step(upcoming.id)  # the list follows, so the next step is in view

    def reset_ticks(self) -> None:
        if not self.state.ticks:
            self.ctx.notify("Nothing is ticked yet.")
            return
        self.change(self.state.reset_ticks(), undo="Every step unticked.")

    def toggle_details(self, step_id: str) -> None:
        self.expanded.symmetric_difference_update({step_id})
        self.render()

    def show_findings(self) -> None:
        self.scroll_to("findings")

    def show_step(self, step_id: str) -> None:
        self.scroll_to(f"step-{step_id}")

    def scroll_to(self, key: str, *, delay: float = 0.0) -> None:
        """Bring the control with scroll key ``key`` into view (after ``delay`` seconds, to let
        a screen that was just built be laid out first)."""

        async def go() -> None:
            if delay:
                await asyncio.sleep(delay)
            if not mounted(self.scroller):
                return
            try:
                await asyncio.wait_for(
                    self.scroller.scroll_to(scroll_key=key, duration=300), timeout=5
                )
            except (TimeoutError, RuntimeError):
                # Scrolling is a convenience: a client that can't do it still shows the step.
                log.debug("scrolling to %s did not happen", key)

        self.ctx.page.run_task(go)

    # ===================================================================== derived values
    def findings(self) -> list[Finding]:
        return self.state.findings(self.house_rules)

    def steps(self) -> list[Step]:
        return self.state.steps(self.house_rules)

    def module_name(self, module_id: str | None) -> str:
        if module_id is None:
            return game_name(self.ctx.catalogue, self.state.game)
        module = self.modules.get(module_id)
        return module.name if module else module_id

    def nothing_fits_text(self) -> str:
        state = self.state
        parts = [
            f"No legal combination of {'any size' if state.size is None else state.size} "
            f"for {state.players} players"
        ]
        if state.pinned:
            parts.append(
                "keeping " + ", ".join(self.module_name(m) for m in _ordered(state.pinned))
            )
        if state.banned:
            parts.append("never " + ", ".join(self.module_name(m) for m in _ordered(state.banned)))
        return " ".join(parts) + ". Choose another number of modules, or fewer Always/Never marks."

    def seat_names(self, step: Step) -> list[str] | None:
        """The players' names in turn order, when the seats tool has this very table."""
        table = self.table
        if not step.per_seat or table.game_id != self.state.game or table.draw is None:
            return None
        order = list(table.turn_order())
        return order if len(order) == len(step.per_seat) else None

    # ===================================================================== rendering
    def render(self) -> None:
        steps = self.steps()
        progress = self.state.progress(steps)
        findings = self.findings()
        self.render_tabs(progress)
        if self.page_kind == "choose":
            self.render_choose_strip(findings)
            self.scroller.controls = self.choose_body(findings)
        else:
            self.render_checklist_strip(progress, steps)
            self.scroller.controls = self.checklist_body(steps, progress, findings)
        if mounted(self.scroller):
            self.ctx.page.update()

    def render_tabs(self, progress: Progress) -> None:
        label = f"Checklist {progress.done}/{progress.total}"
        tabs = ft.SegmentedButton(
            segments=[
                ft.Segment(value="choose", label=ft.Text("Choose"), icon=ft.Icon(ft.Icons.TUNE)),
                ft.Segment(
                    value="checklist", label=ft.Text(label), icon=ft.Icon(ft.Icons.CHECKLIST)
                ),
            ],
            selected=[self.page_kind],
            show_selected_icon=False,
            on_change=lambda e: self.ctx.navigate(
                CHECKLIST_ROUTE if "checklist" in (e.control.selected or []) else CHOOSE_ROUTE
            ),
            expand=True,
        )
        self.tabs.controls = [tagged("assistant-tabs", tabs)]

    def _strip(self, level: str, controls: list[ft.Control]) -> None:
        self.strip.bgcolor = LEVEL_STYLE[level][2]
        self.strip.content = ft.Row(
            controls, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER
        )

    def render_choose_strip(self, findings: list[Finding]) -> None:
        state = self.state
        if not state.has_modules:
            level = "ok"
            headline = (
                f"{game_name(self.ctx.catalogue, state.game)}, {state.players} players: "
                "no modules to choose"
            )
        else:
            stand = status(findings)
            level, headline = stand.level, stand.headline
        icon, fg, _ = LEVEL_STYLE[level]
        go: ft.Control
        if level == "error":
            go = action_button(
                "Show", lambda e: self.show_findings(), ident="show-problems", primary=True
            )
        else:
            go = action_button(
                "Checklist",
                lambda e: self.ctx.navigate(CHECKLIST_ROUTE),
                ident="to-checklist",
                primary=True,
            )
        self._strip(
            level,
            [
                ft.Icon(icon, color=fg),
                tagged(
                    "assistant-status",
                    ft.Text(headline, color=fg, weight=ft.FontWeight.W_600, expand=True),
                ),
                go,
            ],
        )

    def render_checklist_strip(self, progress: Progress, steps: list[Step]) -> None:
        fg = LEVEL_STYLE["ok"][1]
        count = tagged(
            "progress-text",
            ft.Text(progress.text, color=fg, weight=ft.FontWeight.BOLD),
        )
        bar = ft.ProgressBar(
            value=progress.fraction,
            bar_height=8,
            border_radius=4,
            semantics_label=f"Checklist progress: {progress.text}",
        )
        lines: list[ft.Control] = [ft.Row([count], spacing=8), bar]
        if progress.finished:
            lines.append(
                ft.Text("Every step is done: enjoy the game!", color=fg, weight=ft.FontWeight.W_600)
            )
        elif progress.next_step is not None:
            step = progress.next_step
            number = steps.index(step) + 1
            # The step's words are in the list below, highlighted and scrolled into view;
            # the strip names it, so nothing here needs cutting short on a phone.
            lines.append(
                ft.Row(
                    [
                        ft.Container(
                            tagged(
                                "next-step",
                                ft.Text(
                                    f"{'Check again' if step.id in progress.changed else 'Next'}"
                                    f": step {number}, {self.module_name(step.module)}",
                                    color=fg,
                                    weight=ft.FontWeight.W_600,
                                ),
                            ),
                            expand=True,
                            on_click=lambda e, s=step.id: self.show_step(s),
                            tooltip="Show this step in the list",
                            padding=ft.Padding.symmetric(vertical=12),
                        ),
                        action_button(
                            "Done", lambda e: self.tick_next(), ident="tick-next", primary=True
                        ),
                    ],
                    spacing=8,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                )
            )
        self.strip.bgcolor = LEVEL_STYLE["ok"][2]
        self.strip.content = ft.Column(lines, spacing=6, tight=True)

    # -- Choose -----------------------------------------------------------------------------
    def choose_body(self, findings: list[Finding]) -> list[ft.Control]:
        state = self.state
        controls: list[ft.Control] = []
        if self.load_problem:
            controls.append(notice(self.load_problem, level="warning"))
        game_panel = self.game_panel()
        if not state.has_modules:
            controls += [
                game_panel,
                notice(
                    f"{game_name(self.ctx.catalogue, state.game)} has no modules or cards to "
                    "choose: its checklist is ready.",
                    level="info",
                ),
                self.to_checklist_button(),
            ]
            return controls
        self.findings_box.controls = self.findings_controls(findings)
        left_top = ft.Column([game_panel, self.modules_panel(findings)], spacing=GAP)
        right = panel(self.findings_box, title="Check")
        right.key = scroll_key("findings")  # "Show" brings the heading and all into view
        left_bottom = ft.Column(
            [self.cards_panel(), self.surprise_panel(), self.to_checklist_button()], spacing=GAP
        )
        # Phone: game and modules, then the check, then cards and Surprise me (the check sits
        # below the modules so ticking one never shifts the list under the thumb). Wide:
        # the check stands beside the modules.
        controls.append(
            ft.ResponsiveRow(
                [
                    ft.Container(left_top, col={"xs": 12, "md": 7}),
                    ft.Container(right, col={"xs": 12, "md": 5}),
                    ft.Container(left_bottom, col={"xs": 12, "md": 7}),
                ],
                spacing=GAP,
                run_spacing=GAP,
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
        )
        return controls

    def to_checklist_button(self) -> ft.Control:
        return button(
            "Go to the checklist",
            lambda e: self.ctx.navigate(CHECKLIST_ROUTE),
            icon=ft.Icons.CHECKLIST,
            kind="tonal",
            ident="go-checklist",
        )

    def game_panel(self) -> ft.Control:
        state = self.state
        options = []
        for game in engine.setup_games():
            low, high = engine.player_range(game)
            options.append(
                ft.DropdownOption(
                    key=game, text=f"{game_name(self.ctx.catalogue, game)} ({low}–{high})"
                )
            )
        # Merchants Cove, the game with modules, first; then the others by name.
        options.sort(key=lambda o: (o.key != COVE, o.text or ""))
        picker = ft.Dropdown(
            label="Game",
            value=state.game,
            options=options,
            on_select=lambda e: self.set_game(e.control.value),
            expand=True,
        )
        low, high = engine.player_range(state.game)
        players = ft.SegmentedButton(
            segments=[
                ft.Segment(value=str(n), label=ft.Text(str(n))) for n in range(low, high + 1)
            ],
            selected=[str(state.players)],
            show_selected_icon=False,
            on_change=lambda e: self.set_players(int((e.control.selected or [state.players])[0])),
            expand=True,
        )
        return panel(
            ft.Row([tagged("assistant-game", picker)]),
            ft.Text("Players", theme_style=ft.TextThemeStyle.LABEL_LARGE),
            ft.Row([tagged("assistant-players", players)]),
        )

    def modules_panel(self, findings: list[Finding]) -> ft.Control:
        state = self.state
        flags = flagged_modules(findings, state.modules)
        rows: list[ft.Control] = []
        group: str | None = None
        for module in engine.modules():
            if module.group != group:
                group = module.group
                rows.append(
                    ft.Container(
                        ft.Text(
                            group,
                            theme_style=ft.TextThemeStyle.LABEL_LARGE,
                            color=ft.Colors.PRIMARY,
                        ),
                        padding=ft.Padding.only(left=8, top=8),
                    )
                )
            rows.append(self.module_row(module, flags.get(module.id)))
        chosen = len(state.modules)
        summary = (
            "None chosen: the base game alone."
            if not chosen
            else f"{plural(chosen, 'module')} chosen."
        )
        return panel(
            body(
                f"{summary} The dots beside a module show its pieces and source, and set it "
                "to Always or Never for Surprise me.",
                muted=True,
            ),
            ft.Column(rows, spacing=0),
            title="Modules",
            padding=12,
        )

    def module_row(self, module: Module, flag: str | None) -> ft.Control:
        state = self.state
        on = module.id in state.modules
        pin = state.pin_of(module.id)
        title_parts: list[ft.Control] = [
            ft.Text(
                module.name,
                theme_style=ft.TextThemeStyle.BODY_LARGE,
                weight=ft.FontWeight.W_600 if on else None,
                expand=True,
            )
        ]
        if flag:
            icon, _, _ = LEVEL_STYLE[flag]
            title_parts.append(
                ft.Icon(
                    icon,
                    size=20,
                    color=ft.Colors.ERROR if flag == "error" else ft.Colors.AMBER_800,
                    tooltip="See the check" if flag == "error" else "See the suggestion",
                )
            )
        subtitle = self.blurbs[module.id]
        if pin == "keep":
            subtitle += " · Always in Surprise me"
        elif pin == "never":
            subtitle += " · Never in Surprise me"
        details_icon = {"keep": ft.Icons.PUSH_PIN, "never": ft.Icons.BLOCK}.get(
            pin or "", ft.Icons.MORE_VERT
        )
        tile = ft.ListTile(
            leading=ft.Checkbox(
                value=on,
                on_change=lambda e, m=module.id: self.set_module(m, bool(e.control.value)),
                semantics_label=module.name,
            ),
            title=ft.Row(title_parts, spacing=4),
            subtitle=ft.Text(subtitle, theme_style=ft.TextThemeStyle.BODY_SMALL),
            trailing=tagged(
                f"module-details-{module.id}",
                ft.IconButton(
                    details_icon,
                    tooltip=f"{module.name}: pieces, source, Surprise me",
                    on_click=lambda e, m=module: self.open_module_sheet(m),
                    style=ft.ButtonStyle(padding=12),
                ),
            ),
            on_click=lambda e, m=module.id: self.set_module(m, m not in self.state.modules),
            on_long_press=lambda e, m=module: self.open_module_sheet(m),
            min_height=TOUCH + 16,
            content_padding=ft.Padding.only(left=0, right=0),
            horizontal_spacing=8,
            min_leading_width=40,
            selected=on,
        )
        return tagged(f"module-{module.id}", tile)

    def open_module_sheet(self, module: Module) -> None:
        pin = self.state.pin_of(module.id)
        components = engine.module_components(module.id)
        lines: list[ft.Control] = [
            heading(module.name),
            small(module.group),
            body(module.description),
        ]
        if components:
            lines.append(ft.Text("In the box", theme_style=ft.TextThemeStyle.LABEL_LARGE))
            if len(components) <= 5:
                lines.extend(body(f"• {c}") for c in components)
            else:  # a long list as one paragraph, so the sheet still fits a small phone
                lines.append(body(" · ".join(str(c) for c in components)))
        lines.append(
            small(f"Source: {self.ctx.catalogue.cite(module.source)}", italic=True),
        )

        def choose(e: Any) -> None:
            picked = (e.control.selected or ["either"])[0]
            self.set_pin(module.id, None if picked == "either" else picked)

        lines += [
            ft.Text("When you tap Surprise me", theme_style=ft.TextThemeStyle.LABEL_LARGE),
            tagged(
                "pin-choice",
                ft.SegmentedButton(
                    segments=[
                        ft.Segment(value=v, label=ft.Text(t), icon=ft.Icon(i))
                        for v, t, i in PIN_CHOICES
                    ],
                    selected=[pin or "either"],
                    show_selected_icon=False,
                    on_change=choose,
                ),
            ),
            small(
                "Always: every draw includes it. Never: no draw includes it."
                + (
                    ""
                    if module.surprise
                    else " The rulebook doesn't describe this one, so it is only drawn when "
                    "set to Always."
                )
            ),
            ft.Row(
                [
                    ft.TextButton(
                        "Close", on_click=lambda e: self.ctx.page.pop_dialog(), height=TOUCH
                    )
                ],
                alignment=ft.MainAxisAlignment.END,
            ),
        ]
        sheet = ft.BottomSheet(
            content=ft.Container(
                ft.Column(lines, spacing=8, tight=True),
                padding=ft.Padding.only(left=20, right=20, top=8, bottom=16),
            ),
            show_drag_handle=True,
            scrollable=True,
        )
        self.ctx.page.show_dialog(sheet)

    def findings_controls(self, findings: list[Finding]) -> list[ft.Control]:
        problems = [f for f in findings if f.level != "info"]
        notes = [f for f in findings if f.level == "info"]
        controls: list[ft.Control] = []
        if not problems:
            chosen = self.state.modules
            controls.append(
                notice(
                    "Every rule of the chosen modules is met."
                    if chosen
                    else "The base game alone: nothing to check. Tick modules to add them.",
                    level="ok",
                )
            )
        for finding in problems:
            controls.append(self.finding_card(finding))
        if notes:
            controls.append(
                ft.ExpansionTile(
                    title=ft.Text(f"Good to know ({len(notes)})"),
                    leading=ft.Icon(ft.Icons.INFO_OUTLINE),
                    controls=[self.finding_card(f) for f in notes],
                    controls_padding=ft.Padding.only(bottom=8),
                    tile_padding=ft.Padding.only(left=4, right=4),
                    expanded_cross_axis_alignment=ft.CrossAxisAlignment.STRETCH,
                    maintain_state=True,
                )
            )
        return controls

    def finding_card(self, finding: Finding) -> ft.Control:
        icon, fg, bg = LEVEL_STYLE[finding.level]
        lines: list[ft.Control] = [
            ft.Row(
                [
                    ft.Icon(icon, color=fg),
                    ft.Text(sentence(finding.message), color=fg, expand=True),
                ],
                spacing=GAP,
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
        ]
        if finding.sources:
            cites = "; ".join(dict.fromkeys(self.ctx.catalogue.cite(s) for s in finding.sources))
            lines.append(
                ft.Text(
                    f"Source: {cites}",
                    color=fg,
                    italic=True,
                    theme_style=ft.TextThemeStyle.BODY_SMALL,
                )
            )
        for note in ruling_notes(self.ctx.catalogue, [finding.ruling], self.house_rules):
            lines.append(self.ruling_line(note, fg))
        if finding.fixes:
            lines.append(
                wrap(
                    [
                        action_button(
                            fix.label,
                            handler(self.apply_fix, fix),
                            ident=f"fix-{finding.key}-{i}",
                            primary=i == 0,
                        )
                        for i, fix in enumerate(finding.fixes)
                    ]
                )
            )
        return tagged(
            f"finding-{finding.key}",
            ft.Container(
                ft.Column(lines, spacing=8, tight=True),
                bgcolor=bg,
                border_radius=12,
                padding=12,
            ),
        )

    def ruling_line(
        self, note: RulingNote, color: str | None = None, *, full: bool = False
    ) -> ft.Control:
        """Which reading of a ruling is in use, and the way to Settings to switch it.

        ``full`` gives the whole reading on its own line (a step's details); otherwise its
        first sentence follows in brackets (a finding, where space is short).
        """
        if full:
            controls: list[ft.Control] = [
                ft.Text(
                    f"Ruling, {note.topic}: {note.in_use.lower()} is in use.",
                    color=color,
                    weight=ft.FontWeight.W_600,
                    theme_style=ft.TextThemeStyle.BODY_SMALL,
                ),
                ft.Text(note.text, color=color, theme_style=ft.TextThemeStyle.BODY_SMALL),
            ]
        else:
            first = _first_sentence(note.text)
            text = f"Ruling, {note.topic}: {note.in_use.lower()} is in use ({first})."
            controls = [ft.Text(text, color=color, theme_style=ft.TextThemeStyle.BODY_SMALL)]
        if note.switch_to:
            controls.append(
                ft.TextButton(
                    f"Can switch to: {note.switch_to}",
                    icon=ft.Icons.SETTINGS_OUTLINED,
                    on_click=lambda e, rid=note.ruling_id: show_ruling(self.ctx, rid),
                    style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8, vertical=12)),
                )
            )
        return ft.Column(controls, spacing=0, tight=True)

    def cards_panel(self) -> ft.Control:
        state = self.state
        lines: list[ft.Control] = [
            body(
                "Optional. Unchosen, the checklist says to draw or pick one at the table; a "
                "base-game Rogue card works too.",
                muted=True,
            )
        ]
        lines.append(self.card_picker("rogue", "Rogue card"))
        if "paladins" in state.modules or state.paladin:
            lines.append(self.card_picker("paladin", "Paladin card"))
        if "beasts_of_the_bay" in state.modules or state.beasts:
            lines.append(self.beast_picker())
        return panel(*lines, title="Cards")

    def card_picker(self, kind: str, label: str) -> ft.Control:
        state = self.state
        chosen = state.paladin if kind == "paladin" else state.rogue
        options = [ft.DropdownOption(key=NONE_KEY, text="Not chosen")] + [
            ft.DropdownOption(key=c.id, text=f"{c.number} · {c.name}") for c in engine.cards(kind)
        ]
        dropdown = ft.Dropdown(
            label=label,
            value=chosen or NONE_KEY,
            options=options,
            on_select=lambda e, k=kind: self.set_card(
                k, None if e.control.value in (None, NONE_KEY) else e.control.value
            ),
            expand=True,
        )
        draw = ft.IconButton(
            ft.Icons.CASINO_OUTLINED,
            tooltip=f"Draw a {label} legal with your modules (seed {state.seed})",
            on_click=lambda e, k=kind: self.draw_card(k),
            style=ft.ButtonStyle(padding=12),
        )
        lines: list[ft.Control] = [
            ft.Row(
                [tagged(f"card-{kind}", dropdown), tagged(f"draw-{kind}", draw)],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        ]
        if chosen:
            card = engine.card(chosen)
            lines.append(body(card.summary))
            extra = []
            if card.kind == "rogue":
                extra.append(f"{card.bag} in the bag, {card.lair} in the Lair")
            lines.append(
                small(
                    "; ".join([*extra, f"Source: {self.ctx.catalogue.cite(card.source)}"]),
                    italic=True,
                )
            )
        return ft.Column(lines, spacing=4)

    def beast_picker(self) -> ft.Control:
        state = self.state
        chips: list[ft.Control] = []
        for beast in engine.cards("beast"):
            tier = "tier ?" if beast.tier == "unknown" else f"tier {beast.tier}"
            chips.append(
                tagged(
                    f"beast-{beast.id}",
                    ft.Chip(
                        label=ft.Text(f"{beast.name} · {tier}"),
                        selected=beast.id in state.beasts,
                        on_select=lambda e, b=beast.id: self.toggle_beast(b),
                        tooltip=beast.summary,
                    ),
                )
            )
        return ft.Column(
            [
                ft.Text(
                    f"Beasts deck ({len(state.beasts)} of 3, one per tier)",
                    theme_style=ft.TextThemeStyle.LABEL_LARGE,
                ),
                wrap(chips),
                small("Tier ?: the rulebook text lost the icon; read it off the card."),
            ],
            spacing=6,
        )

    def surprise_panel(self) -> ft.Control:
        state = self.state
        count = len(self.modules)
        size = ft.Dropdown(
            label="How many modules",
            value="any" if state.size is None else str(state.size),
            options=[ft.DropdownOption(key="any", text="Any number")]
            + [ft.DropdownOption(key=str(n), text=str(n)) for n in range(1, count + 1)],
            on_select=lambda e: self.set_size(e.control.value),
            width=220,
        )
        lines: list[ft.Control] = [
            body(
                "A random legal combination, and a Paladin card if the Paladins come out. "
                "Set modules to Always or Never with the dots beside each.",
                muted=True,
            ),
            ft.Row([tagged("surprise-size", size)]),
            ft.Row(
                [
                    tagged("surprise-seed", self.seed_field),
                    ft.IconButton(
                        ft.Icons.CASINO_OUTLINED,
                        tooltip="New seed",
                        on_click=lambda e: self.new_seed(),
                        style=ft.ButtonStyle(padding=12),
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
            wrap(
                [
                    button(
                        "Surprise me",
                        lambda e: self.surprise(fresh_seed=True),
                        icon=ft.Icons.AUTO_AWESOME,
                        ident="surprise-me",
                    ),
                    button(
                        "Replay this seed",
                        lambda e: self.surprise(fresh_seed=False),
                        icon=ft.Icons.REPLAY,
                        kind="outlined",
                        ident="replay-seed",
                    ),
                ]
            ),
        ]
        marks = []
        if state.pinned:
            marks.append(
                "Always: " + ", ".join(self.module_name(m) for m in _ordered(state.pinned))
            )
        if state.banned:
            marks.append("Never: " + ", ".join(self.module_name(m) for m in _ordered(state.banned)))
        if marks:
            lines.append(
                ft.Row(
                    [
                        ft.Text(". ".join(marks) + ".", expand=True),
                        ft.TextButton("Clear marks", on_click=lambda e: self.clear_pins()),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                )
            )
        if self.surprise_error:
            lines.append(tagged("surprise-error", notice(self.surprise_error, level="error")))
        if state.draw is not None:
            text = state.draw.describe()
            if not state.draw_is_current:
                text += " You have changed the choice since."
            lines.append(tagged("draw-note", body(text, muted=True)))
        return panel(*lines, title="Surprise me")

    # -- Checklist --------------------------------------------------------------------------
    def checklist_body(
        self, steps: list[Step], progress: Progress, findings: list[Finding]
    ) -> list[ft.Control]:
        controls: list[ft.Control] = []
        if self.load_problem:
            controls.append(notice(self.load_problem, level="warning"))
        errors = [f for f in findings if f.level == "error"]
        if errors:
            controls.append(
                tagged(
                    "checklist-errors",
                    ft.Container(
                        ft.Column(
                            [
                                notice(
                                    f"This choice breaks {plural(len(errors), 'rule')}: "
                                    f"{sentence(errors[0].message)} The checklist is written "
                                    "anyway; fix the choice first.",
                                    level="error",
                                ),
                                button(
                                    "Fix under Choose",
                                    lambda e: self.ctx.navigate(CHOOSE_ROUTE),
                                    icon=ft.Icons.TUNE,
                                    kind="outlined",
                                ),
                            ],
                            spacing=8,
                        )
                    ),
                )
            )
        if progress.changed:
            controls.append(
                notice(
                    f"{plural(len(progress.changed), 'ticked step')} changed since "
                    f"{'it was' if len(progress.changed) == 1 else 'they were'} ticked (the "
                    "player count, a card or a house rule changed): check the marked "
                    f"{'step' if len(progress.changed) == 1 else 'steps'} again.",
                    level="warning",
                )
            )
        side = ft.Column([self.summary_panel(), self.take_out_panel(steps)], spacing=GAP)
        main = panel(
            ft.Column(
                [self.step_row(i, step, progress) for i, step in enumerate(steps)],
                spacing=4,
            ),
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
            title=f"Steps ({len(steps)})",
            padding=12,
        )
        controls.append(
            ft.ResponsiveRow(
                [
                    ft.Container(side, col={"xs": 12, "md": 5}),
                    ft.Container(main, col={"xs": 12, "md": 7}),
                ],
                spacing=GAP,
                run_spacing=GAP,
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
        )
        return controls

    def summary_panel(self) -> ft.Control:
        state = self.state
        lines: list[ft.Control] = [
            ft.Text(
                f"{game_name(self.ctx.catalogue, state.game)}, {state.players} players",
                theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
            )
        ]
        if state.has_modules:
            names = [self.module_name(m) for m in _ordered(state.modules)]
            lines.append(body("Modules: " + (", ".join(names) if names else "none (base game)")))
            cards = [engine.describe_card(engine.card(c)) for c in sorted(state.cards)]
            if cards:
                lines.append(body("Cards: " + ", ".join(cards)))
        lines.append(
            ft.TextButton(
                "Change the choice",
                icon=ft.Icons.TUNE,
                on_click=lambda e: self.ctx.navigate(CHOOSE_ROUTE),
                height=TOUCH,
            )
        )
        return tagged("checklist-summary", panel(*lines))

    def take_out_panel(self, steps: list[Step]) -> ft.Control:
        pieces = engine.take_out(steps)
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
        tile = ft.ExpansionTile(
            title=ft.Text("Take out of the box", weight=ft.FontWeight.W_600),
            subtitle=ft.Text(plural(len(pieces), "kind of piece", "kinds of pieces")),
            leading=ft.Icon(ft.Icons.INVENTORY_2_OUTLINED),
            controls=rows,
            controls_padding=ft.Padding.only(left=16, right=16, bottom=12),
            expanded_cross_axis_alignment=ft.CrossAxisAlignment.START,
            maintain_state=True,
        )
        return tagged("take-out", ft.Card(content=tile, margin=0))

    def step_row(self, index: int, step: Step, progress: Progress) -> ft.Control:
        state = self.state
        done = state.is_ticked(step.id)
        changed = done and step.id in progress.changed
        is_next = progress.next_step is not None and progress.next_step.id == step.id
        text_style = (
            ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH)
            if done and not changed
            else None
        )
        open_ = step.id in self.expanded
        what = "source & ruling" if step.rulings else "source"
        texts: list[ft.Control] = [
            ft.Text(
                f"{index + 1}. {step.text}",
                theme_style=ft.TextThemeStyle.BODY_LARGE,
                color=ft.Colors.ON_SURFACE_VARIANT if done and not changed else None,
                style=text_style,
            ),
            ft.Row(
                [
                    ft.Container(
                        ft.Text(
                            self.module_name(step.module),
                            theme_style=ft.TextThemeStyle.LABEL_MEDIUM,
                            color=ft.Colors.ON_SECONDARY_CONTAINER,
                        ),
                        bgcolor=ft.Colors.SECONDARY_CONTAINER,
                        border_radius=8,
                        padding=ft.Padding.symmetric(horizontal=8, vertical=2),
                    ),
                    tagged(
                        f"source-{step.id}",
                        ft.TextButton(
                            f"Hide {what}" if open_ else what.capitalize(),
                            icon=ft.Icons.MENU_BOOK_OUTLINED,
                            on_click=lambda e, s=step.id: self.toggle_details(s),
                            style=ft.ButtonStyle(
                                padding=ft.Padding.symmetric(horizontal=8, vertical=12)
                            ),
                        ),
                    ),
                ],
                wrap=True,
                spacing=8,
                run_spacing=4,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        ]
        if changed:
            texts.append(
                ft.Row(
                    [
                        ft.Icon(ft.Icons.WARNING_AMBER, color=ft.Colors.AMBER_800, size=20),
                        ft.Text(
                            "Changed since you ticked it: check it again, then tap to confirm.",
                            expand=True,
                        ),
                    ],
                    spacing=4,
                    vertical_alignment=ft.CrossAxisAlignment.START,
                )
            )
        if step.note:
            texts.append(notice(step.note, level="info"))
        names = self.seat_names(step)
        if names:
            pairs = ", ".join(f"{n} {v}" for n, v in zip(names, step.per_seat, strict=True))
            texts.append(body(f"At your table, in turn order: {pairs}."))
        if open_:
            texts.append(self.step_details(step))
        # A changed step shows a dash: ticked once, to be checked again.
        box = ft.Checkbox(
            value=None if changed else done,
            tristate=changed,
            on_change=lambda e, s=step: self.toggle_step(s),
            semantics_label=f"Step {index + 1} done",
        )
        row = ft.Container(
            ft.Row(
                [box, ft.Column(texts, spacing=4, expand=True)],
                spacing=4,
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
            key=scroll_key(f"step-{step.id}"),
            padding=ft.Padding.only(top=4, bottom=8, right=4),
            border_radius=12,
            border=ft.Border.all(2, ft.Colors.PRIMARY) if is_next else None,
            bgcolor=ft.Colors.with_opacity(0.06, ft.Colors.PRIMARY) if is_next else None,
            on_click=lambda e, s=step: self.toggle_step(s),
            ink=True,
        )
        return tagged(f"step-{step.id}", row)

    def step_details(self, step: Step) -> ft.Control:
        cites = "; ".join(dict.fromkeys(self.ctx.catalogue.cite(s) for s in step.sources))
        lines: list[ft.Control] = [small(f"Source: {cites}", italic=True)]
        if step.components:
            lines.append(small("Takes: " + "; ".join(str(c) for c in step.components)))
        for note in ruling_notes(self.ctx.catalogue, step.rulings, self.house_rules):
            lines.append(self.ruling_line(note, full=True))
        return tagged(
            f"details-{step.id}",
            ft.Container(
                ft.Column(lines, spacing=4, tight=True),
                padding=ft.Padding.only(left=8, top=4),
                border=ft.Border.only(left=ft.BorderSide(3, ft.Colors.OUTLINE_VARIANT)),
            ),
        )

    # ===================================================================== screen
    def build(self) -> Screen:
        self.render()
        if self.page_kind == "checklist" and self.ctx.narrow:
            progress = self.state.progress(self.steps())
            if progress.done and progress.next_step is not None:
                # Back at the table after a break: a phone opens where the group left off.
                # (A wide window shows the summary beside the steps; it stays at the top.)
                self.scroll_to(f"step-{progress.next_step.id}", delay=0.4)
        content = ft.Column(
            [self.tabs, tagged("assistant-strip", self.strip), self.scroller],
            spacing=8,
            expand=True,
        )
        if self.page_kind == "choose":
            actions: Sequence[ft.Control] = [
                ft.IconButton(
                    ft.Icons.LAYERS_CLEAR_OUTLINED,
                    tooltip="Start over: base game, no modules or cards",
                    on_click=lambda e: self.clear_choice(),
                )
            ]
        else:
            actions = [
                ft.IconButton(
                    ft.Icons.RESTART_ALT,
                    tooltip="Untick every step",
                    on_click=lambda e: self.reset_ticks(),
                )
            ]
        return Screen(title="Setup assistant", content=content, actions=actions, scroll=False)


def handler(action: Callable[..., object], *args: object) -> Callable[[Any], None]:
    """An event handler calling ``action(*args)`` (a typed stand-in for a default-arg lambda)."""

    def run(e: Any) -> None:
        action(*args)

    return run


def scroll_key(name: str) -> ft.ScrollKey:
    """A key ``scroll_to`` can find (flet's decorator hides ScrollKey's argument from mypy)."""
    return ft.ScrollKey(name)  # type: ignore[call-arg]


def _ordered(ids: frozenset[str]) -> list[str]:
    return [m for m in engine.module_ids() if m in ids]


def _first_sentence(text: str) -> str:
    end = text.find(". ")
    return text if end < 0 else text[:end]


def _readable(exc: Exception) -> str:
    """An engine error as a player reads it (the ids in its message are for developers)."""
    if isinstance(exc, engine.CardChoiceError):
        return "A Beasts deck holds 3 cards: take one out before adding another"
    if isinstance(exc, engine.NoLegalCombinationError):
        return "No card is legal with these modules"
    return str(exc)[:1].upper() + str(exc)[1:]


def open_setup_assistant(ctx: AppContext, rest: list[str]) -> Screen:
    if not rest:
        return SetupAssistantView(ctx, "choose").build()
    if rest == ["checklist"]:
        return SetupAssistantView(ctx, "checklist").build()
    raise RouteNotFound("/setup/assistant/" + "/".join(rest))


__all__ = ["CHECKLIST_ROUTE", "CHOOSE_ROUTE", "SetupAssistantView", "open_setup_assistant"]
