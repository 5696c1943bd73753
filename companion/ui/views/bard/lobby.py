"""``/calculators/bard``: the Bard tables in progress and a new one.

A Bard table keeps the board entered once and song after song; any phone opens it from here
and sees every change live. The song an older version of the app kept on this device is
imported as a table the first time this screen opens (the old setting is kept renamed).
"""

from __future__ import annotations

import flet as ft

from companion.engine.bard import BardError, BardGame, SongRules
from companion.history import StoreError
from companion.ui.context import AppContext
from companion.ui.live import games_in_progress, import_old_game
from companion.ui.logic.bard import BARD_KEY, NewTableForm, StateError, read_old_save
from companion.ui.logic.live import info
from companion.ui.screen import Screen
from companion.ui.theme import GAP
from companion.ui.views.bard.table import TOOL_ID, session_of, table_route
from companion.ui.widgets import body, button, notice, panel, tagged

LOBBY = 0  # the draft key of the new-table form (tables count from 1)


class BardLobby:
    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.session = session_of(ctx)
        self.form: NewTableForm = self.session.draft(TOOL_ID, LOBBY, NewTableForm)
        self.rules = SongRules.from_house_rules(ctx.house_rules())
        self.problems: list[str] = []
        self._import_old_game()
        self.name = ft.TextField(
            label="Who plays the Bard? (optional)",
            value=self.form.player,
            max_length=40,
            on_change=lambda e: self._typed(e.control.value or ""),
            on_submit=lambda e: self.start(),
        )

    def _import_old_game(self) -> None:
        rules = self.rules
        table_id, problem = import_old_game(
            self.ctx,
            key=BARD_KEY,
            tool=TOOL_ID,
            read=lambda raw: read_old_save(raw, rules),
            errors=(StateError, BardError),
        )
        if problem:
            self.problems.append(problem)
        elif table_id is not None:
            self.problems.append(
                "The song saved before is now a shared table: resume it below, from any phone."
            )

    def _typed(self, text: str) -> None:
        try:
            self.form.set_player(text)
        except ValueError as exc:
            self.name.error = str(exc)
        else:
            self.name.error = None

    def start(self) -> None:
        game = BardGame.new(player=self.form.player, rules=self.rules)
        try:
            snapshot = self.session.hub.create(TOOL_ID, game, device=self.session.device)
        except StoreError as exc:
            self.ctx.notify(f"The table could not be started: {exc}", error=True)
            return
        self.form.player = ""
        self.ctx.navigate(table_route(snapshot.table_id))
        table = self.session.current
        if table is not None and table.table_id == snapshot.table_id:
            table.tell(
                info(
                    "A Bard table: count the board once, then the tableau. Other phones open it "
                    "from The Bard."
                )
            )

    def build(self) -> Screen:
        content: list[ft.Control] = [notice(p, level="warning") for p in self.problems]
        running = games_in_progress(
            self.ctx, TOOL_ID, route=table_route, title="Bard tables in progress"
        )
        if running is not None:
            content.append(running)
        content += [
            panel(
                body(
                    "The board is counted once and kept with the table: the Adventurers at "
                    "the Piers, in the Faction Halls and around Dragon Island, your Runes and "
                    "Badges. Each Singing step and the Swan Song then needs only the cards of "
                    "your Song tableau; Best song answers with the most gold, and the "
                    "calculator shows every location's gold with its working."
                ),
                tagged("bard-player-name", self.name),
                button(
                    "Start a Bard table",
                    lambda e: self.start(),
                    icon=ft.Icons.PLAY_ARROW,
                    ident="start-bard",
                ),
                title="New table",
            ),
        ]
        return Screen(
            title="The Bard",
            content=ft.Column(
                content, spacing=GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
            ),
        )


__all__ = ["LOBBY", "BardLobby"]
