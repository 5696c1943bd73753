"""``/calculators/bard``: the Bard tables in progress and a new one.

A Bard table keeps the board entered once and song after song; any phone opens it from here
and sees every change live. The song an older version of the app kept on this device is
imported as a table the first time this screen opens (the old setting is kept renamed).
"""

from __future__ import annotations

import flet as ft

from companion.engine.bard import BardError, BardGame, HouseRules
from companion.ui.bard import TOOL_ID, table_route
from companion.ui.bard.model import BARD_KEY, NewTableForm, StateError, read_old_save
from companion.ui.context import AppContext
from companion.ui.kit.lobby import LOBBY, import_old_save, lobby_screen, start_table
from companion.ui.kit.players import suggestion_chips
from companion.ui.kit.widgets import body, button, panel, tagged
from companion.ui.live import live_session
from companion.ui.screen import Screen
from companion.ui.seats.model import current_seating


class BardLobby:
    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.session = live_session(ctx, TOOL_ID)
        self.form: NewTableForm = self.session.draft(TOOL_ID, LOBBY, NewTableForm)
        self.rules = HouseRules.from_house_rules(ctx.house_rules())
        rules = self.rules
        _, self.problems = import_old_save(
            ctx,
            key=BARD_KEY,
            tool=TOOL_ID,
            read=lambda raw: read_old_save(raw, rules),
            errors=(StateError, BardError),
            moved="The song saved before is now a shared table",
        )
        self.name = ft.TextField(
            label="Who plays the Bard? (optional)",
            value=self.form.player,
            max_length=40,
            on_change=lambda e: self._typed(e.control.value or ""),
            on_submit=lambda e: self.start(),
            error_max_lines=3,
        )

    def _typed(self, text: str) -> None:
        try:
            self.form.set_player(text)
        except ValueError as exc:
            self.name.error = str(exc)
        else:
            self.name.error = None

    def _seated_picker(self) -> list[ft.Control]:
        """The players seated tonight, one tap each to say who plays the Bard."""
        seating = current_seating(self.ctx)
        if seating is None or not seating.seats:
            return []
        return [
            tagged(
                "bard-seated",
                suggestion_chips(seating.seats, self._picked, limit=len(seating.seats)),
            )
        ]

    def _picked(self, name: str) -> None:
        self.name.value = name
        self._typed(name)
        self.name.update()

    def start(self) -> None:
        game = BardGame.new(player=self.form.player, rules=self.rules)
        started = start_table(
            self.ctx,
            self.session,
            TOOL_ID,
            game,
            route=table_route,
            what="table",
            told="A Bard table: count the board once, then the tableau. Other phones open it "
            "from The Bard.",
        )
        if started is not None:
            self.form.player = ""

    def build(self) -> Screen:
        new_table = panel(
            body(
                "The board is counted once and kept with the table: the Adventurers at "
                "the Piers, in the Faction Halls and around Dragon Island, your Runes and "
                "Badges. Each Singing step and the Swan Song then needs only the cards of "
                "your Song tableau; Best song answers with the most gold, and the "
                "calculator shows every location's gold with its working."
            ),
            tagged("bard-player-name", self.name),
            *self._seated_picker(),
            button(
                "Start a Bard table",
                lambda e: self.start(),
                icon=ft.Icons.PLAY_ARROW,
                ident="start-bard",
            ),
            title="New table",
        )
        return lobby_screen(
            self.ctx,
            TOOL_ID,
            title="The Bard",
            problems=self.problems,
            route=table_route,
            running="Bard tables in progress",
            content=[new_table],
        )


__all__ = ["BardLobby"]
