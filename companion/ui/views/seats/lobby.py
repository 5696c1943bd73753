"""Setup › Players & seats: the tables being seated, and a new one."""

from __future__ import annotations

import flet as ft

from companion.engine.seats import Seating, new_seed
from companion.history import StoreError
from companion.ui.context import AppContext
from companion.ui.live import LiveSession, games_in_progress
from companion.ui.logic.live import info
from companion.ui.logic.seats import TOOL_ID, NewSeatingForm, import_old_seating
from companion.ui.screen import Screen
from companion.ui.theme import GAP
from companion.ui.views.common import game_picker
from companion.ui.widgets import body, button, notice, panel

ROUTE = "/setup/seats"
LOBBY = 0  # the draft key of the new-table form (tables count from 1)


def table_route(table_id: int) -> str:
    return f"{ROUTE}/{table_id}"


def session_of(ctx: AppContext) -> LiveSession:
    if not isinstance(ctx.live, LiveSession):
        raise RuntimeError("Players & seats needs the shared tables (ctx.live)")
    return ctx.live


class SeatsLobby:
    """``/setup/seats``: the tables in progress (resume, finish, abandon) and a new table.
    The new table's game is this device's draft until it is started."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.session = session_of(ctx)
        self.form: NewSeatingForm = self.session.draft(TOOL_ID, LOBBY, NewSeatingForm)
        self.problems: list[str] = []
        table_id, problem = import_old_seating(ctx)
        if problem:
            self.problems.append(problem)
        elif table_id is not None:
            self.problems.append(
                "The seats kept before are now a shared table: resume it below, from any phone."
            )

    def set_game(self, game_id: str) -> None:
        self.form.game_id = game_id

    def start(self) -> None:
        seating = Seating.new(self.form.game_id, seed=new_seed())
        try:
            snapshot = self.session.hub.create(TOOL_ID, seating, device=self.session.device)
        except StoreError as exc:
            self.ctx.notify(f"The table could not be started: {exc}", error=True)
            return
        self.ctx.navigate(table_route(snapshot.table_id))
        table = self.session.current
        if table is not None and table.table_id == snapshot.table_id:
            table.tell(info("A new table: seat the players in order, going clockwise."))

    def build(self) -> Screen:
        content: list[ft.Control] = [notice(p, level="warning") for p in self.problems]
        running = games_in_progress(
            self.ctx,
            TOOL_ID,
            route=table_route,
            title="Tables being seated",
            empty="No table is being seated: start one below.",
        )
        if running is not None:
            content.append(running)
        content.append(
            panel(
                body(
                    "Who plays, in which seat, and a first player drawn from a seed anyone can "
                    "replay. Every phone that opens the table sees each change as it is made; "
                    "the game screens offer its players.",
                    muted=True,
                ),
                game_picker(self.ctx.catalogue, self.form.game_id, self.set_game),
                button(
                    "Seat a new table",
                    lambda e: self.start(),
                    icon=ft.Icons.GROUP_ADD,
                    ident="new-seating",
                ),
                title="New table",
            )
        )
        return Screen(
            title="Players & seats",
            content=ft.Column(
                content, spacing=GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
            ),
        )


__all__ = ["LOBBY", "ROUTE", "SeatsLobby", "session_of", "table_route"]
