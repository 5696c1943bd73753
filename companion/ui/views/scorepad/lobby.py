"""Score › Score pad: the pads being filled in, and a new one."""

from __future__ import annotations

import flet as ft

from companion.engine.scorepad import Pad, PadError
from companion.history import StoreError
from companion.ui.context import AppContext
from companion.ui.live import LiveSession, games_in_progress, import_old_game
from companion.ui.logic.scorepad import DRAFT_KEY, TOOL_ID, NewPadForm, read_old_draft
from companion.ui.logic.seats import current_seating
from companion.ui.screen import Screen
from companion.ui.theme import GAP
from companion.ui.views.common import game_picker, seat_players_link, use_table_button
from companion.ui.widgets import body, button, notice, panel

ROUTE = "/score"
LOBBY = 0  # the draft key of the new-pad form (tables count from 1)


def pad_route(table_id: int) -> str:
    return f"{ROUTE}/{table_id}"


class ScorePadLobby:
    """``/score``: the pads in progress (resume, put away, abandon) and a new pad, for the
    seated table's players or for names typed on the pad."""

    def __init__(self, ctx: AppContext) -> None:
        if not isinstance(ctx.live, LiveSession):
            raise RuntimeError("the score pad needs the shared tables (ctx.live)")
        self.ctx = ctx
        self.session = ctx.live
        self.form: NewPadForm = self.session.draft(TOOL_ID, LOBBY, NewPadForm)
        self.problems: list[str] = []
        table_id, problem = import_old_game(
            ctx,
            key=DRAFT_KEY,
            tool=TOOL_ID,
            read=lambda raw: read_old_draft(raw, ctx.catalogue),
            errors=(PadError,),
        )
        if problem:
            self.problems.append(problem)
        elif table_id is not None:
            self.problems.append(
                "The score pad you were filling in is now shared: resume it below, from any phone."
            )
        self.seating = current_seating(ctx)

    def set_game(self, game_id: str) -> None:
        self.form.game_id = game_id

    def start(self, *, seated: bool) -> None:
        seating = self.seating if seated else None
        game = seating.game_id if seating is not None else self.form.game_id
        pad = (
            Pad.new(game, names=seating.seats, start=seating.first_player)
            if seating is not None
            else Pad.new(game)
        )
        try:
            snapshot = self.session.hub.create(TOOL_ID, pad, device=self.session.device)
        except StoreError as exc:
            self.ctx.notify(f"The score pad could not be started: {exc}", error=True)
            return
        self.ctx.navigate(pad_route(snapshot.table_id))

    def build(self) -> Screen:
        content: list[ft.Control] = [notice(p, level="warning") for p in self.problems]
        running = games_in_progress(
            self.ctx, TOOL_ID, route=pad_route, title="Score pads being filled in"
        )
        if running is not None:
            content.append(running)
        offer: list[ft.Control] = []
        seating = self.seating
        if seating is not None and seating.seats:
            first = f", {seating.first_player} first" if seating.first_player else ""
            offer.append(
                use_table_button(
                    f"Score the table: {', '.join(seating.seats)}{first}",
                    lambda e: self.start(seated=True),
                )
            )
        else:
            offer.append(seat_players_link(self.ctx, "Seat the players in Players & seats"))
        content.append(
            panel(
                body(
                    "Write down a game's scores as totals or by category; the standings follow "
                    "as you type. Every phone that opens the pad can type its own player's "
                    "score at the same time.",
                    muted=True,
                ),
                *offer,
                game_picker(self.ctx.catalogue, self.form.game_id, self.set_game),
                button(
                    "New score pad",
                    lambda e: self.start(seated=False),
                    icon=ft.Icons.EDIT_NOTE,
                    ident="new-pad",
                ),
                title="New score pad",
            )
        )
        return Screen(
            title="Score pad",
            content=ft.Column(
                content, spacing=GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
            ),
        )


__all__ = ["LOBBY", "ROUTE", "ScorePadLobby", "pad_route"]
