"""``/setup/assistant/<id>``: choose the game, players, modules and cards; see at once whether
the combination is legal (with one-tap fixes and a "why?" to the rules behind each finding);
Surprise me draws a legal combination from a seed anyone can replay.

On a phone: game and modules, then the check, then cards and Surprise me (the check sits
below the modules so ticking one never shifts the list under the thumb). Wide: the check
stands beside the modules.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import flet as ft

from companion.engine import setup as engine
from companion.engine.setup import Module, SetupGame
from companion.tables import Applied, Outcome, Snapshot
from companion.ui.kit.widgets import button, notice, panel, tagged
from companion.ui.paint import SectionBox, Slot
from companion.ui.setup import table_route
from companion.ui.setup.model import (
    COVE,
    choice_status,
    game_name,
    game_options,
    taps,
)
from companion.ui.setup.parts import LEVEL_STYLE, action_button, scroll_key
from companion.ui.setup.parts.cards import CardsPanel
from companion.ui.setup.parts.findings import findings_panel
from companion.ui.setup.parts.module_sheet import ModuleSheet
from companion.ui.setup.parts.modules import ModulesPanel
from companion.ui.setup.parts.night import NightPanel
from companion.ui.setup.parts.surprise import SurprisePanel
from companion.ui.setup.screen import SetupScreen
from companion.ui.theme import GAP


class ChooseScreen(SetupScreen):
    page_kind = "choose"
    sheet: ModuleSheet | None = None  # the module sheet open on this phone

    # -- acting (what a tap means is the model's: taps) ------------------------------------------
    def commit_seed(self) -> None:
        """The seed field left (or submitted): a good seed becomes the table's."""
        if self.readable:
            self.forward(taps.commit_seed(self.game, self.draft), on_outcome=self.seed_used)

    def act(
        self,
        action: Any,
        *,
        confirm: Callable[[Applied], str] | None = None,
        then: Callable[[], None] | None = None,
        on_outcome: Callable[[Outcome], None] | None = None,
        quiet: bool = False,
    ) -> None:
        """Send ``action``; tonight's night follows when it played this choice until now (or
        this phone used the choice for tonight)."""
        in_step = self.night_panel.in_step()
        super().act(action, confirm=confirm, then=then, on_outcome=on_outcome, quiet=quiet)
        self.night_panel.follow(in_step)

    def seed_used(self, outcome: Outcome) -> None:
        if isinstance(outcome, Applied):
            self.draft.settle_seed()

    def clear_choice(self) -> None:
        game = self.shown
        name = game_name(self.ctx.catalogue, game.game if game else COVE)
        self.tap(taps.clear_choice, name)

    def show_findings(self) -> None:
        self.scroll_to("findings")

    def open_module_sheet(self, module: Module) -> None:
        if not self.readable:
            return
        sheet = self.sheet = ModuleSheet(self, module)
        sheet.open(self.game)

    def leave(self) -> None:
        """The screen is replaced: its sheet goes with it."""
        sheet = self.sheet
        if sheet is not None and sheet.sheet.open:
            sheet.close()
        super().leave()

    def sheet_closed(self, sheet: ModuleSheet) -> None:
        if self.sheet is sheet:
            self.sheet = None

    # -- built once ----------------------------------------------------------------------------
    def build_page(self) -> None:
        self.sheet = None
        self._build_strip()
        self._build_game()
        self.nothing_slot = Slot(self.paint)  # a game with nothing to choose
        self.modules = ModulesPanel(self)
        self.findings_slot = Slot(self.paint)
        check = panel(self.findings_slot.box, title="Check")
        check.key = scroll_key("findings")  # "Show" brings the heading and all into view
        self.check_section = SectionBox(check, col={"xs": 12, "md": 5})
        self.cards = CardsPanel(self)
        self.surprise = SurprisePanel(self)
        self.night_panel = NightPanel(self)
        self.input_sections += [self.game_section, self.cards.section, self.surprise.section]
        # Together: on a phone the check sits below the modules; wide, beside them.
        left_top = SectionBox(
            ft.Column(
                [self.game_section, self.nothing_slot.box, self.modules.section], spacing=GAP
            ),
            col={"xs": 12, "md": 7},
        )
        self.cove_bottom = SectionBox(
            ft.Column([self.cards.section, self.surprise.section], spacing=GAP),
            col={"xs": 12, "md": 7},
        )
        go = button(
            "Go to the checklist",
            lambda e: self.ctx.navigate(table_route(self.table_id, "checklist")),
            icon=ft.Icons.CHECKLIST,
            kind="tonal",
            ident="go-checklist",
        )
        self.scroller.controls = [
            self.problem_slot.box,
            ft.ResponsiveRow(
                [
                    left_top,
                    self.check_section,
                    self.cove_bottom,
                    ft.Container(self.night_panel.section, col={"xs": 12, "md": 7}),
                    ft.Container(go, col={"xs": 12, "md": 7}),
                ],
                spacing=GAP,
                run_spacing=GAP,
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
        ]

    def _build_strip(self) -> None:
        """The strip: how the combination stands, and the way on."""
        self.strip_icon = ft.Icon(ft.Icons.CHECK_CIRCLE_OUTLINE)
        self.status_text = ft.Text("", weight=ft.FontWeight.W_600, expand=True)
        self.show_button = action_button(
            "Show", lambda e: self.show_findings(), ident="show-problems", primary=True
        )
        self.go_button = action_button(
            "Checklist",
            lambda e: self.ctx.navigate(table_route(self.table_id, "checklist")),
            ident="to-checklist",
            primary=True,
        )
        self.strip.content = ft.Row(
            [
                self.strip_icon,
                tagged("assistant-status", self.status_text),
                self.show_button,
                self.go_button,
            ],
            spacing=8,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def _build_game(self) -> None:
        """The game and its players."""
        self.game_picker = ft.Dropdown(
            label="Game",
            options=[ft.DropdownOption(key=k, text=t) for k, t in game_options(self.ctx.catalogue)],
            on_select=lambda e: self.tap(taps.choose_game, e.control.value),
            expand=True,
        )
        self.players_picker = ft.SegmentedButton(
            segments=[ft.Segment(value="4", label=ft.Text("4"))],
            selected=["4"],
            show_selected_icon=False,
            on_change=lambda e: self.tap(taps.set_players, list(e.control.selected or [])),
            expand=True,
        )
        self._players_range: tuple[int, int] | None = None
        self.game_section = panel(
            ft.Row([tagged("assistant-game", self.game_picker)]),
            ft.Text("Players", theme_style=ft.TextThemeStyle.LABEL_LARGE),
            ft.Row([tagged("assistant-players", self.players_picker)]),
            section=True,
        )

    # -- rendering in place --------------------------------------------------------------------
    def render_page(self, game: SetupGame, snapshot: Snapshot) -> None:
        paint = self.paint
        findings = game.findings()
        self._render_strip(game)
        self._render_game(game)
        cove = game.has_modules
        nothing = (
            None
            if cove
            else f"{game_name(self.ctx.catalogue, game.game)} has no modules or cards to "
            "choose: its checklist is ready."
        )
        self.nothing_slot.set(
            nothing, lambda: None if nothing is None else notice(nothing, level="info")
        )
        for section in (self.modules.section, self.check_section, self.cove_bottom):
            paint.set(section, section, visible=cove)
        if cove:
            self.modules.render(game, findings)
            key: Hashable = (
                tuple((f.key, f.level, f.message, f.fixes, f.ruling) for f in findings),
                bool(game.modules),
                game.rules,
            )
            self.findings_slot.set(key, lambda: findings_panel(self, findings, game))
            self.cards.render(game)
            self.surprise.render(game)
        self.night_panel.render(game)
        if self.sheet is not None:
            self.sheet.render(game, paint)
            paint.touch(self.sheet.pins_section)

    def _render_strip(self, game: SetupGame) -> None:
        paint = self.paint
        section = self.strip_section
        stand = choice_status(game, self.ctx.catalogue)
        icon, fg, bg = LEVEL_STYLE[stand.level]
        paint.set(section, self.strip, bgcolor=bg)
        paint.set(section, self.strip_icon, icon=icon, color=fg)
        paint.set(section, self.status_text, value=stand.headline, color=fg)
        paint.set(section, self.show_button, visible=stand.level == "error")
        paint.set(section, self.go_button, visible=stand.level != "error")

    def _render_game(self, game: SetupGame) -> None:
        paint = self.paint
        section = self.game_section
        paint.set(section, self.game_picker, value=game.game)
        span = engine.player_range(game.game)
        if span != self._players_range:
            self._players_range = span
            low, high = span
            self.players_picker.segments = [
                ft.Segment(value=str(n), label=ft.Text(str(n))) for n in range(low, high + 1)
            ]
            paint.touch(section)
        paint.set(section, self.players_picker, selected=[str(game.players)])

    # -- the screen ----------------------------------------------------------------------------
    def page_actions(self) -> list[ft.Control]:
        return [
            tagged(
                "clear-choice",
                ft.IconButton(
                    ft.Icon(
                        ft.Icons.LAYERS_CLEAR_OUTLINED,
                        semantics_label="Start over: base game, no modules or cards",
                    ),
                    tooltip="Start over: base game, no modules or cards",
                    on_click=lambda e: self.clear_choice(),
                ),
            )
        ]


__all__ = ["COVE", "ChooseScreen"]
