"""What both pages of a setup table share: the frame (the Choose/Checklist switch, the strip
that always shows what matters most, the scrolling part), the seat at the table
(:class:`~companion.ui.live.LiveTable`), the menu, and the small pieces both draw.

A page is built ONCE; :meth:`SetupScreen.render` brings it up to date in place from each
snapshot (this device's own tap, or a push from another phone), sending only the sections
that changed, so a push never disturbs what this phone is doing (a seed half typed, a step's
source opened, the scroll position).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.engine import setup as engine
from companion.engine.setup import SetupGame, Step
from companion.tables import Applied, Outcome, Snapshot
from companion.ui.context import AppContext
from companion.ui.kit.table_screen import TableScreen
from companion.ui.kit.widgets import confirm, notice, tagged
from companion.ui.model.live import closed_note
from companion.ui.paint import SectionRow, Slot, mounted
from companion.ui.setup import ROUTE, TOOL_ID, Page, table_route
from companion.ui.setup.model import (
    SetupDraft,
    confirm_words,
    module_name,
    table_house_rules,
)
from companion.ui.setup.model.taps import Hint, Tap
from companion.ui.theme import GAP

log = logging.getLogger(__name__)

SHOWN_KEPT = 16  # steps of the table a screen remembers having shown


class SetupScreen(TableScreen[SetupGame, SetupDraft]):
    """One page of a setup table (Choose or Checklist): built once, rendered in place.

    Subclasses build their strip and body in :meth:`build_page` and bring them up to date
    in :meth:`render_page`; taps go through :meth:`act` (the one session loop).
    """

    tool_id = TOOL_ID
    lobby = ROUTE
    game_type = SetupGame
    draft_type = SetupDraft
    title = "Setup"
    noun = "setup"
    scroll = False
    page_kind: Page = "choose"

    def __init__(self, ctx: AppContext, table_id: int) -> None:
        # The games this screen showed, by step: a tap means what it meant on the screen the
        # phone had in front of it (see shown), which may be a step or two behind the table.
        self._shown: dict[int, SetupGame] = {}
        # Sections holding controls the phone changes itself (a segment picked, a box
        # ticked): sent on every render, so what the phone changed is set right again when
        # the table says otherwise (an update that changes nothing sends nothing).
        self.input_sections: list[ft.BaseControl] = []
        super().__init__(ctx, table_id)

    # -- the table -----------------------------------------------------------------------------
    @property
    def here(self) -> str:
        return table_route(self.table_id, self.page_kind)

    @property
    def shown(self) -> SetupGame | None:
        """The game as the phone's glass showed it when the player tapped (the step the
        session judges its taps against, ``LiveTable.seen``): what "tap a ticked step"
        means (untick it) is read off this, never off a table the player had not seen."""
        game = self._shown.get(self.live.seen)
        if game is not None:
            return game
        return self.game if self.readable else None

    def house_rules(self) -> tuple[frozenset[str] | None, frozenset[str]]:
        """Those a setup reads."""
        in_use = self.game.rules if self.readable else None
        return in_use, table_house_rules(self.ctx.catalogue, self.ctx.house_rules())

    def house_rules_problem(self, message: str) -> str:
        return f"The house rules from Settings are not in use: {message}"

    def act(
        self,
        action: Any,
        *,
        confirm: Callable[[Applied], str] | None = None,
        then: Callable[[], None] | None = None,
        on_outcome: Callable[[Outcome], None] | None = None,
        quiet: bool = False,
    ) -> None:
        """Submit ``action``; the message says what came of it (with an Undo of exactly it)."""

        def said(applied: Applied) -> str:
            game = applied.snapshot.game
            assert isinstance(game, SetupGame)
            return confirm_words(applied.record, game)

        super().act(action, confirm=confirm or said, then=then, on_outcome=on_outcome, quiet=quiet)

    def tap(
        self,
        meaning: Callable[..., Tap],
        *args: Any,
        on_outcome: Callable[[Outcome], None] | None = None,
    ) -> None:
        """A tap: ``meaning(game as the phone showed it, *args)`` (a function of
        :mod:`companion.ui.setup.model.taps`) says what to send or tell."""
        game = self.shown
        if game is None:
            self.refuse("This setup cannot be read.")
            return
        self.forward(meaning(game, *args), on_outcome=on_outcome)

    def forward(self, tap: Tap, *, on_outcome: Callable[[Outcome], None] | None = None) -> None:
        """Send the action a tap means, or say its hint on this screen (nothing sent)."""
        if isinstance(tap, Hint):
            if tap.text:
                (self.refuse if tap.problem else self.hint)(tap.text)
            if tap.redraw:
                self.redraw()
        elif tap is not None:
            self.act(tap, on_outcome=on_outcome)

    def module_name(self, module_id: str | None) -> str:
        game = self.game.game if self.readable else engine.COVE
        return module_name(module_id, self.ctx.catalogue, game)

    def step_where(self, step: Step) -> str:
        return self.module_name(step.module)

    # -- the frame, built once -----------------------------------------------------------------
    def build_controls(self) -> None:
        self.draft.page = self.page_kind  # where Resume comes back to
        self._build_frame()
        self.build_page()
        self.content = ft.Column(
            [self.tabs, self.strip_section, self.scroller], spacing=8, expand=True
        )

    def _build_frame(self) -> None:
        self.problem_slot = Slot(self.paint)
        self.checklist_label = ft.Text("Checklist")
        self.tabs_control = ft.SegmentedButton(
            segments=[
                ft.Segment(value="choose", label=ft.Text("Choose"), icon=ft.Icon(ft.Icons.TUNE)),
                ft.Segment(
                    value="checklist",
                    label=self.checklist_label,
                    icon=ft.Icon(ft.Icons.CHECKLIST),
                ),
            ],
            selected=[self.page_kind],
            show_selected_icon=False,
            on_change=lambda e: self.switch_page(e.control.selected or []),
            expand=True,
        )
        self.tabs = SectionRow([tagged("assistant-tabs", self.tabs_control)], spacing=0)
        self.input_sections.append(self.tabs)
        self.strip = ft.Container(
            border_radius=12, padding=ft.Padding.symmetric(vertical=8, horizontal=12)
        )
        self.strip_section = tagged("assistant-strip", self.strip, section=True)
        self.scroller = ft.Column(spacing=GAP, expand=True, scroll=ft.ScrollMode.AUTO)

    def switch_page(self, selected: Sequence[str]) -> None:
        page: Page = "checklist" if "checklist" in selected else "choose"
        if page != self.page_kind:
            self.ctx.navigate(table_route(self.table_id, page))

    def build_page(self) -> None:
        raise NotImplementedError

    # -- rendering -----------------------------------------------------------------------------
    def render(self, snapshot: Snapshot) -> None:
        """The problems, the page (for a readable table), and the sections the phone changes
        itself; sending only what changed."""
        game = snapshot.game
        self.problem_slot.set(
            (tuple(self.problems), snapshot.info.damaged, snapshot.info.status, game is None),
            lambda: self._problems(snapshot),
        )
        if isinstance(game, SetupGame):
            self._shown[snapshot.seq] = game
            for seq in sorted(self._shown)[:-SHOWN_KEPT]:
                del self._shown[seq]
            progress = game.progress()
            self.paint.set(
                self.tabs, self.checklist_label, value=f"Checklist {progress.done}/{progress.total}"
            )
            self.render_page(game, snapshot)
        for section in self.input_sections:
            self.paint.touch(section)
        self.paint.send()

    def _problems(self, snapshot: Snapshot) -> ft.Control | None:
        lines: list[ft.Control] = [notice(p, level="warning") for p in self.problems]
        if snapshot.game is None or snapshot.info.damaged:
            lines.append(
                notice(
                    "This setup cannot be read: "
                    f"{snapshot.info.damaged or 'its start is damaged'}.",
                    level="error",
                )
            )
        elif snapshot.read_only and (note := closed_note(snapshot.info, noun="setup")):
            lines.append(notice(f"{note} Start a new one from the Setup assistant.", level="info"))
        return ft.Column(lines, spacing=GAP) if lines else None

    def render_page(self, game: SetupGame, snapshot: Snapshot) -> None:
        raise NotImplementedError

    # -- scrolling -----------------------------------------------------------------------------
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

    # -- the menu ------------------------------------------------------------------------------
    def menu(self) -> None:
        """Undo the last change, or end this setup (each explicit)."""
        snapshot = self.live.snapshot

        def undo(e: Any) -> None:
            self.ctx.page.pop_dialog()
            self.undo()

        def end(how: str) -> None:
            self.ctx.page.pop_dialog()
            finish = how == "finish"
            confirm(
                self.ctx,
                title="Finish this setup?" if finish else "Abandon this setup?",
                text=(
                    "It leaves the setups in progress and takes no more changes on any phone."
                    + ("" if finish else " Its steps are kept in the database.")
                ),
                action="Finish" if finish else "Abandon",
                ident=f"confirm-{how}",
                on_confirm=lambda: self._ended(how),
                danger=not finish,
            )

        actions: list[ft.Control] = []
        if not snapshot.read_only:
            actions += [
                tagged(
                    "undo-last",
                    ft.TextButton(
                        "Undo the last change",
                        icon=ft.Icons.UNDO,
                        on_click=undo,
                        disabled=snapshot.last is None,
                    ),
                ),
                tagged(
                    "finish-setup",
                    ft.TextButton(
                        "Finish this setup", icon=ft.Icons.FLAG, on_click=lambda e: end("finish")
                    ),
                ),
                tagged(
                    "abandon-setup",
                    ft.TextButton(
                        "Abandon this setup",
                        icon=ft.Icons.DELETE_OUTLINE,
                        on_click=lambda e: end("abandon"),
                    ),
                ),
            ]
        actions.append(
            tagged(
                "all-setups",
                ft.TextButton(
                    "All setups in progress",
                    icon=ft.Icons.LIST,
                    on_click=lambda e: self._to_lobby(),
                ),
            )
        )
        self.ctx.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text("This setup"),
                content=ft.Column(
                    actions, tight=True, spacing=4, horizontal_alignment=ft.CrossAxisAlignment.START
                ),
                actions=[ft.TextButton("Close", on_click=lambda e: self.ctx.page.pop_dialog())],
            )
        )

    def _to_lobby(self) -> None:
        self.ctx.page.pop_dialog()
        self.ctx.navigate(ROUTE)

    def _ended(self, how: str) -> None:
        outcome = self.live.finish() if how == "finish" else self.live.abandon()
        if outcome.ok:
            self.ctx.navigate(ROUTE)
            self.ctx.notify(
                "The setup is finished." if how == "finish" else "The setup was abandoned."
            )

    # -- the screen ----------------------------------------------------------------------------
    def page_actions(self) -> list[ft.Control]:
        return []

    def actions(self) -> list[ft.Control]:
        return [
            *self.page_actions(),
            tagged(
                "setup-menu",
                ft.IconButton(
                    ft.Icon(ft.Icons.MORE_VERT, semantics_label="This setup"),
                    tooltip="This setup",
                    on_click=lambda e: self.menu(),
                ),
            ),
        ]


__all__ = ["SetupScreen"]
