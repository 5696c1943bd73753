"""What every Mercante tab shares: the saved game, the event cards, the house rules, the tab
strip, the turn line and the app-bar actions (undo, your event cards, new game)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine.mercante import MercanteError, MercanteGame, Record
from companion.history import StoreError
from companion.ui.context import AppContext
from companion.ui.logic.mercante import (
    DAMAGED_KEY,
    GAME_KEY,
    TABS,
    MercanteState,
    StateError,
    event_choices,
    house_rules_from,
    plural,
    turn_status,
)
from companion.ui.logic.saved import restore
from companion.ui.logic.words import capitalized
from companion.ui.screen import Screen
from companion.ui.theme import GAP
from companion.ui.widgets import button, mounted, notice, small, tagged

log = logging.getLogger(__name__)

BASE = "/calculators/mercante"
TAB_ICONS = {
    "calendar": ft.Icons.CALENDAR_VIEW_WEEK,
    "turn": ft.Icons.AUTORENEW,
    "sale": ft.Icons.STOREFRONT,
    "setup": ft.Icons.CHECKLIST,
    "end": ft.Icons.EMOJI_EVENTS_OUTLINED,
}


def route(tab: str) -> str:
    return f"{BASE}/{tab}"


class MercanteSession:
    """The screen's state for one build: read from the database, saved after every action."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.problems: list[str] = []
        self.state, damaged = restore(
            ctx,
            GAME_KEY,
            MercanteState.from_dict,
            MercanteState,
            self.write,
            error=StateError,
            what="Mercante",
            logger=log,
        )
        if damaged:
            self.problems.append(
                f"The saved Mercante game could not be read back ({damaged}). A fresh game is "
                "ready to start; the damaged save is kept in the database under "
                f"“{DAMAGED_KEY}”."
            )
        try:
            cards = ctx.store.list_custom_cards("mercante", "event")
        except StoreError as exc:
            cards = []
            self.problems.append(f"Your own event cards could not be read: {exc}")
        self.choices, self.damaged = event_choices(cards)
        self.house = house_rules_from(ctx.house_rules())
        before = self.state.game
        kept = self.state.sync_house_rules(self.house)
        if kept:
            self.problems.append(kept)
        elif self.state.game is not before:
            self.save()

    @property
    def game(self) -> MercanteGame:
        """The game in progress (views that need one are only built when there is one)."""
        game = self.state.game
        assert game is not None
        return game

    def save(self) -> bool:
        """Write the state; a database that refuses says so (the screen then shows what is
        really saved the next time it is built)."""
        return self.write(self.state)

    def write(self, state: MercanteState) -> bool:
        """Write ``state`` as the saved game (see :meth:`save`)."""
        try:
            self.ctx.set_setting(GAME_KEY, state.to_dict())
        except StoreError as exc:
            log.warning("saving the Mercante game failed: %s", exc)
            self.ctx.notify(f"The game could not be saved: {exc}", error=True)
            return False
        return True

    # -- actions on the game ----------------------------------------------------------------
    def act(
        self,
        action: Callable[[MercanteGame], tuple[MercanteGame, Record]],
        *,
        after: Callable[[], None] | None = None,
    ) -> Record | None:
        """Apply an engine action; on success save, refresh and offer Undo. An illegal
        action changes nothing and says why."""
        try:
            game, record = action(self.game)
        except MercanteError as exc:
            self.ctx.notify(capitalized(str(exc)), error=True)
            return None
        self.state.game = game
        self.state.saved_play = None
        if after is not None:
            after()
        if not self.save():
            return None
        self.ctx.refresh()
        done = len(game.log)
        self.ctx.notify(record.summary, action="Undo", on_action=lambda: self.undo(expect=done))
        return record

    def undo(self, *, expect: int | None = None) -> None:
        """Undo the last action. ``expect`` (from a message's Undo) is how long the log was
        right after that action: if more has happened since, the saved game is not touched,
        so an old message can never undo a later action."""
        if expect is not None:
            try:
                self.state = MercanteState.from_dict(self.ctx.setting(GAME_KEY))
            except StateError as exc:
                self.ctx.notify(f"Nothing undone: {exc}", error=True)
                return
        game = self.state.game
        if game is None or not game.can_undo:
            self.ctx.notify("Nothing to undo.")
            return
        if expect is not None and len(game.log) != expect:
            self.ctx.notify("More has happened since: use Undo at the top to step back.")
            return
        summary = game.log[-1].summary
        self.state.game = game.undo()
        if self.save():
            self.ctx.refresh()
            self.ctx.notify(f"Undone: {summary}")

    def undo_calendar(self) -> None:
        game = self.state.game
        if game is None:
            return
        try:
            previous = game.undo_calendar()
        except MercanteError as exc:
            self.ctx.notify(capitalized(str(exc)), error=True)
            return
        summary = game.log[-1].summary
        self.state.game = previous
        if self.save():
            self.ctx.refresh()
            self.ctx.notify(f"Undone: {summary}")

    def new_game(self) -> None:
        """Ask, then drop the game in progress (the form keeps the same players)."""
        game = self.state.game

        def confirm(e: Any) -> None:
            self.ctx.page.pop_dialog()
            if game is not None:
                self.state.form.seats = list(game.seats)
            self.state.game = None
            self.save()
            self.ctx.navigate(route("calendar"))
            self.ctx.refresh()

        if game is None:
            return
        played = len(game.log)
        self.ctx.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text("Start a new game?"),
                content=ft.Text(
                    f"The game in progress ({', '.join(game.seats)}; "
                    f"{plural(played, 'action')} so far) will be closed. Save its final tally "
                    "to history first if it has ended."
                ),
                actions=[
                    ft.TextButton("Cancel", on_click=lambda e: self.ctx.page.pop_dialog()),
                    tagged("confirm-new-game", ft.FilledButton("New game", on_click=confirm)),
                ],
            )
        )

    # -- chrome -----------------------------------------------------------------------------
    def problem_notices(self) -> list[ft.Control]:
        return [notice(p, level="warning") for p in self.problems]

    def actions(self) -> list[ft.Control]:
        game = self.state.game
        controls: list[ft.Control] = [
            ft.IconButton(
                ft.Icons.STYLE_OUTLINED,
                tooltip="Your event cards",
                on_click=lambda e: self.ctx.navigate(route("events")),
            )
        ]
        if game is not None:
            last = game.log[-1].summary if game.log else ""
            controls.insert(
                0,
                tagged(
                    "undo-last",
                    ft.IconButton(
                        ft.Icons.UNDO,
                        tooltip=f"Undo: {last}" if last else "Nothing to undo",
                        disabled=not game.can_undo,
                        on_click=lambda e: self.undo(),
                    ),
                ),
            )
            controls.append(
                tagged(
                    "new-game",
                    ft.IconButton(
                        ft.Icons.RESTART_ALT,
                        tooltip="New game",
                        on_click=lambda e: self.new_game(),
                    ),
                )
            )
        return controls

    def tab_bar(self, current: str) -> ft.Control:
        ids = [t for t, _ in TABS]

        def change(e: Any) -> None:
            index = e.control.selected_index
            if isinstance(e.data, int):
                index = e.data
            if isinstance(index, int) and 0 <= index < len(ids) and ids[index] != current:
                self.ctx.navigate(route(ids[index]))

        return tagged(
            "mercante-tabs",
            ft.Tabs(
                length=len(TABS),
                selected_index=ids.index(current),
                on_change=change,
                # Five short labels with narrow padding fit a phone's width, so every tab
                # stays in sight; on a narrower screen the bar scrolls rather than clips.
                content=ft.TabBar(
                    tabs=[ft.Tab(label=label, icon=TAB_ICONS[tab]) for tab, label in TABS],
                    scrollable=True,
                    tab_alignment=ft.TabAlignment.START,
                    label_padding=ft.Padding.symmetric(horizontal=8),
                ),
            ),
        )

    def end_turn(self) -> None:
        self.act(lambda g: g.end_turn())

    def turn_line(self) -> ft.Control:
        """The turn banner of every tab: whose turn, where it stands, the agents left, the
        upkeep marker, and End turn beside them (while it cannot end, the step line says
        what comes first: the upkeep or the auction)."""
        game = self.game
        status = turn_status(game)
        upkeep = game.is_upkeep_turn
        end = button(
            "End turn",
            lambda e: self.end_turn(),
            icon=ft.Icons.SKIP_NEXT,
            kind="tonal",
            ident="end-turn",
            disabled=not status.can_end,
        )
        lines: list[ft.Control] = [
            ft.Row(
                [
                    ft.Icon(ft.Icons.PERSON, color=ft.Colors.PRIMARY),
                    ft.Column(
                        [
                            ft.Text(status.title, theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
                            tagged("turn-agents", small(status.agents, muted=False)),
                        ],
                        spacing=0,
                        tight=True,
                        expand=True,
                    ),
                    end,
                ],
                spacing=8,
            ),
            ft.Row(
                [
                    ft.Icon(
                        ft.Icons.AUTORENEW if upkeep else ft.Icons.FLAG_OUTLINED,
                        size=18,
                        color=ft.Colors.TERTIARY if upkeep else ft.Colors.ON_SURFACE_VARIANT,
                    ),
                    tagged(
                        "turn-step",
                        ft.Text(
                            status.step,
                            theme_style=ft.TextThemeStyle.BODY_MEDIUM,
                            weight=ft.FontWeight.BOLD if upkeep else None,
                            expand=True,
                        ),
                    ),
                ],
                spacing=8,
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
            tagged("turn-marker", small(status.marker)),
        ]
        return tagged(
            "turn-line",
            ft.Container(
                ft.Column(lines, spacing=4, tight=True),
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
                border_radius=12,
                padding=ft.Padding.symmetric(horizontal=12, vertical=8),
            ),
        )

    def screen(
        self,
        tab: str,
        content: list[ft.Control],
        title: str = "Mercante",
        *,
        bar: list[ft.Control] | None = None,
    ) -> Screen:
        """A tab's screen: the tab strip, the turn banner, any problems, then the tab's body;
        ``bar`` holds the tab's main action, kept at the bottom in reach of a thumb."""
        top: list[ft.Control] = [self.tab_bar(tab)]
        top += self.problem_notices()
        if self.state.game is not None:
            top.append(self.turn_line())
        # The screen scrolls itself: every tab (and every rebuild after an action) opens at
        # the top, where the turn banner and the tab's main figures are, instead of keeping
        # the previous tab's scroll position.
        body = ft.Column(
            [*top, *content],
            spacing=GAP,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            scroll=ft.ScrollMode.AUTO,
            expand=True,
        )
        if bar:
            body = ft.Column(
                [
                    body,
                    tagged(
                        "action-bar",
                        ft.Container(
                            ft.Row(bar, spacing=8, wrap=True, alignment=ft.MainAxisAlignment.END),
                            bgcolor=ft.Colors.SURFACE_CONTAINER,
                            border_radius=12,
                            padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                        ),
                    ),
                ],
                spacing=8,
                expand=True,
                horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            )
        return Screen(title=title, content=body, actions=self.actions(), scroll=False)

    def update(self, control: ft.Control) -> None:
        if mounted(control):
            self.ctx.page.update()
