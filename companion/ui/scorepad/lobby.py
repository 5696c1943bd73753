"""Score › Score pad: the pads being filled in, and a new one."""

from __future__ import annotations

import flet as ft

from companion.engine.scorepad import Pad, PadError
from companion.ui.context import AppContext
from companion.ui.kit.lobby import (
    LOBBY,
    import_old_save,
    lobby_screen,
    start_table,
)
from companion.ui.kit.players import game_picker, seat_players_link, use_table_button
from companion.ui.kit.widgets import body, button, panel
from companion.ui.live import live_session
from companion.ui.scorepad import TOOL_ID, table_route
from companion.ui.scorepad.model import DRAFT_KEY, NewPadForm, read_old_draft
from companion.ui.scorepad.model.night import night_pad
from companion.ui.screen import Screen
from companion.ui.seats.model import current_seating


class ScorePadLobby:
    """``/score``: the pads in progress (resume, put away, abandon) and a new pad, for the
    seated table's players or for names typed on the pad."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.session = live_session(ctx, TOOL_ID)
        self.form: NewPadForm = self.session.draft(TOOL_ID, LOBBY, NewPadForm)
        _, self.problems = import_old_save(
            ctx,
            key=DRAFT_KEY,
            tool=TOOL_ID,
            read=lambda raw: read_old_draft(raw, ctx.catalogue),
            errors=(PadError,),
            moved="The score pad you were filling in is now shared",
        )
        self.seating = current_seating(ctx)

    def set_game(self, game_id: str) -> None:
        self.form.game_id = game_id

    def start(self, *, seated: bool) -> None:
        seating = self.seating if seated else None
        pad = night_pad(seating) if seating is not None else Pad.new(self.form.game_id)
        start_table(self.ctx, self.session, TOOL_ID, pad, route=table_route, what="score pad")

    def build(self) -> Screen:
        offer: list[ft.Control] = []
        seating = self.seating
        if seating is not None and seating.seats:
            first = f", {seating.first_player} first" if seating.first_player else ""
            game = self.ctx.catalogue.game(seating.game_id).name
            offer.append(
                use_table_button(
                    f"Score tonight's {game}: {', '.join(seating.seats)}{first}",
                    lambda e: self.start(seated=True),
                )
            )
        else:
            offer.append(seat_players_link(self.ctx, "Seat the players in Players & seats"))
        new_pad = panel(
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
        return lobby_screen(
            self.ctx,
            TOOL_ID,
            title="Score pad",
            problems=self.problems,
            route=table_route,
            running="Score pads being filled in",
            content=[new_pad],
        )


__all__ = ["ScorePadLobby"]
