"""``/setup/assistant``: the setups in progress (resume, finish, abandon) and a new one.

The new-setup form (which game, how many players) is this device's draft; it starts from
the table Players & seats holds, if the group used it. Start makes the setup a shared
table that every phone opens from here. The one setup an older version kept in the settings
becomes such a table the first time this screen opens.
"""

from __future__ import annotations

import logging

import flet as ft

from companion.engine import setup as engine
from companion.engine.seats import new_seed
from companion.engine.setup import SetupGame
from companion.ui.context import AppContext
from companion.ui.kit.lobby import (
    LOBBY,
    import_old_save,
    lobby_screen,
    setting_or_none,
    start_table,
)
from companion.ui.kit.widgets import body, button, panel, tagged
from companion.ui.live import live_session
from companion.ui.screen import Screen
from companion.ui.seats.model import Seating, current_seating
from companion.ui.setup import TOOL_ID, table_route
from companion.ui.setup.model import (
    SETUP_KEY,
    NewSetupForm,
    OldSetupError,
    game_options,
    old_setup_problem,
    read_old_setup,
    table_house_rules,
)
from companion.ui.setup.model.draft import SetupDraft

log = logging.getLogger(__name__)


class SetupLobby:
    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.session = live_session(ctx, TOOL_ID)
        self.form: NewSetupForm = self.session.draft(TOOL_ID, LOBBY, NewSetupForm)
        self.problems = self._import_old_setup()
        if not self.form.filled:
            table = self._seated()
            if table is not None:
                self.form.fill(table.game_id, len(table.seats) or None)

    def _seated(self) -> Seating | None:
        """The table Players & seats holds, if the group used it (its most recently touched
        open seating; an old saved seating becomes one first)."""
        return current_seating(self.ctx)

    def _import_old_setup(self) -> list[str]:
        """The one setup an older version kept in the settings becomes a table, once (and
        what of it was left out, if anything)."""
        left_out = old_setup_problem(setting_or_none(self.ctx, SETUP_KEY))
        table_id, problems = import_old_save(
            self.ctx,
            key=SETUP_KEY,
            tool=TOOL_ID,
            read=read_old_setup,
            errors=(OldSetupError, engine.SetupError),
            moved="The setup saved before is now a shared setup",
        )
        if table_id is not None and left_out:
            problems.append(left_out)
        return problems

    def choose_game(self, game: str | None) -> None:
        if game:
            self.form.choose_game(game)
        self.ctx.refresh()

    def choose_players(self, selected: list[str]) -> None:
        if selected and selected[0].isdigit():
            self.form.choose_players(int(selected[0]))
        self.ctx.refresh()

    def start(self) -> None:
        game = self.form.build(
            seed=new_seed(),
            house_rules=table_house_rules(self.ctx.catalogue, self.ctx.house_rules()),
        )
        start_table(
            self.ctx,
            self.session,
            TOOL_ID,
            game,
            route=table_route,
            what="setup",
            told=f"A shared setup of {self.form.line(self.ctx.catalogue)}: other phones "
            "open it from the Setup assistant.",
        )

    def resume_route(self, table_id: int) -> str:
        """Where Resume opens a setup: the page this phone left it on, else the checklist once
        a step is ticked (the choosing is done), else Choose."""
        left = self.session.draft(TOOL_ID, table_id, SetupDraft).page
        if left in ("choose", "checklist"):
            return table_route(table_id, "checklist" if left == "checklist" else "choose")
        try:
            game = self.session.hub.peek(table_id).game
        except Exception:  # a table that cannot be read opens as it can, on Choose
            log.debug("table %s: no game to resume from", table_id)
            return table_route(table_id)
        ticked = isinstance(game, SetupGame) and bool(game.ticks)
        return table_route(table_id, "checklist" if ticked else "choose")

    def build(self) -> Screen:
        form = self.form
        low, high = engine.player_range(form.game)
        picker = ft.Dropdown(
            label="Game",
            value=form.game,
            options=[ft.DropdownOption(key=k, text=t) for k, t in game_options(self.ctx.catalogue)],
            on_select=lambda e: self.choose_game(e.control.value),
            expand=True,
        )
        players = ft.SegmentedButton(
            segments=[
                ft.Segment(value=str(n), label=ft.Text(str(n))) for n in range(low, high + 1)
            ],
            selected=[str(form.players)],
            show_selected_icon=False,
            on_change=lambda e: self.choose_players(e.control.selected or []),
            expand=True,
        )
        content: list[ft.Control] = [
            panel(
                body(
                    "Choose the modules and cards, see at once whether they go together, then "
                    "work through one checklist. Every phone that opens the setup sees each "
                    "choice and tick as it is made.",
                ),
                ft.Row([tagged("new-setup-game", picker)]),
                ft.Text("Players", theme_style=ft.TextThemeStyle.LABEL_LARGE),
                ft.Row([tagged("new-setup-players", players)]),
                title="New setup",
            ),
            button(
                "Start the setup",
                lambda e: self.start(),
                icon=ft.Icons.PLAY_ARROW,
                ident="start-setup",
            ),
        ]
        return lobby_screen(
            self.ctx,
            TOOL_ID,
            title="Setup assistant",
            problems=self.problems,
            route=self.resume_route,
            running="Setups in progress",
            content=content,
        )


__all__ = ["SetupLobby"]
