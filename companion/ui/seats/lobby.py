"""Setup › Game night: the nights in progress, and a new one."""

from __future__ import annotations

import flet as ft

from companion.engine.seats import Seating, SeatsError, new_seed
from companion.ui.context import AppContext
from companion.ui.kit.lobby import (
    LOBBY,
    import_old_save,
    lobby_screen,
    start_table,
)
from companion.ui.kit.players import game_picker
from companion.ui.kit.widgets import body, button, panel
from companion.ui.live import live_session
from companion.ui.screen import Screen
from companion.ui.seats import TOOL_ID, table_route
from companion.ui.seats.model import TABLE_KEY, NewSeatingForm, last_played, read_old_seating


class SeatsLobby:
    """``/setup/seats``: the tables in progress (resume, finish, abandon) and a new table.
    The new table's game is this device's draft until it is started."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.session = live_session(ctx, TOOL_ID)
        # A new night starts with the game this group played last (one tap fewer, most nights).
        self.form: NewSeatingForm = self.session.draft(
            TOOL_ID, LOBBY, lambda: NewSeatingForm(last_played(ctx.store, ctx.catalogue))
        )
        _, self.problems = import_old_save(
            ctx,
            key=TABLE_KEY,
            tool=TOOL_ID,
            read=read_old_seating,
            errors=(SeatsError,),
            moved="The seats kept before are now a shared table",
        )

    def set_game(self, game_id: str) -> None:
        self.form.game_id = game_id

    def start(self) -> None:
        seating = Seating.new(self.form.game_id, seed=new_seed())
        start_table(
            self.ctx,
            self.session,
            TOOL_ID,
            seating,
            route=table_route,
            what="table",
            told="A new game night: seat the players in order, going clockwise.",
        )

    def build(self) -> Screen:
        new_table = panel(
            body(
                "Who plays, in which seat, a first player drawn from a seed anyone can "
                "replay, what is played and a running tally, to the final scores and the "
                "saved play. Every phone that opens the night sees each change as it is made; "
                "the game screens offer its players.",
                muted=True,
            ),
            game_picker(self.ctx.catalogue, self.form.game_id, self.set_game),
            button(
                "Start a game night",
                lambda e: self.start(),
                icon=ft.Icons.GROUP_ADD,
                ident="new-seating",
            ),
            title="New game night",
        )
        return lobby_screen(
            self.ctx,
            TOOL_ID,
            title="Game night",
            problems=self.problems,
            route=table_route,
            running="Nights in progress",
            empty="No game night in progress: start one below.",
            content=[new_table],
        )


__all__ = ["SeatsLobby"]
