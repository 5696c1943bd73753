"""History › a play (``/history/play/<id>``): its standings and details, Edit, Send to
BG Stats, and Delete with undo."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.history import NotFoundError, StoreError
from companion.ui.context import AppContext
from companion.ui.history import ROUTE, edit_route, play_route
from companion.ui.history.model import (
    NOT_FINISHED,
    delete_question,
    deleted_line,
    outcome,
    play_facts,
    result_lines,
    scoring_of,
)
from companion.ui.kit.players import standing_row
from companion.ui.kit.qr import qr_png
from companion.ui.kit.widgets import body, button, heading, notice, panel, tagged, wrap
from companion.ui.screen import RouteNotFound, Screen
from companion.ui.theme import GAP


class PlayDetailView:
    def __init__(self, ctx: AppContext, play_id: int) -> None:
        self.ctx = ctx
        self.play_id = play_id
        try:
            self.play = ctx.store.get_play(play_id)
        except NotFoundError:
            raise RouteNotFound(play_route(play_id)) from None

    def delete(self) -> None:
        def confirm(e: Any) -> None:
            self.ctx.page.pop_dialog()
            try:
                snapshot = self.ctx.store.delete_play(self.play_id)
            except StoreError as exc:
                self.ctx.notify(f"Not deleted: {exc}", error=True)
                return
            self.ctx.navigate(ROUTE)

            def undo() -> None:
                try:
                    new_id = self.ctx.store.restore_play(snapshot)
                except StoreError as exc:
                    self.ctx.notify(f"Could not restore: {exc}", error=True)
                    return
                self.ctx.refresh()
                self.ctx.notify(
                    "Play restored.",
                    action="Open",
                    on_action=lambda: self.ctx.navigate(play_route(new_id)),
                )

            self.ctx.notify(deleted_line(self.play), action="Undo", on_action=undo)

        self.ctx.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text("Delete this play?"),
                content=ft.Text(delete_question(self.play)),
                actions=[
                    ft.TextButton("Cancel", on_click=lambda e: self.ctx.page.pop_dialog()),
                    tagged("confirm-delete", ft.FilledButton("Delete", on_click=confirm)),
                ],
            )
        )

    def send_to_bgstats(self) -> None:
        """BG Stats' "create play" link as a QR code (scan it with the phone that has BG Stats)
        and as a link (on that phone itself)."""
        try:
            link = self.ctx.store.bgstats_link(self.play_id)
        except StoreError as exc:
            self.ctx.notify(f"Could not make the link: {exc}", error=True)
            return
        parts: list[ft.Control] = [
            body(
                "Scan this with the phone that has BG Stats: it opens BG Stats with this "
                "play ready to save. On that phone itself, use the button."
            )
        ]
        try:
            parts.append(
                tagged(
                    "bgstats-qr",
                    ft.Image(
                        src=qr_png(link, scale=4, error="l"),
                        width=260,
                        height=260,
                        semantics_label="QR code of this play for BG Stats",
                    ),
                )
            )
        except ValueError:
            parts.append(
                body(
                    "This play is too long for a QR code; use the button on the "
                    "phone with BG Stats.",
                    muted=True,
                )
            )
        self.ctx.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text("Send to BG Stats"),
                content=ft.Column(
                    parts,
                    tight=True,
                    spacing=GAP,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                actions=[
                    ft.TextButton("Close", on_click=lambda e: self.ctx.page.pop_dialog()),
                    tagged(
                        "bgstats-open",
                        ft.FilledButton("Open in BG Stats", icon=ft.Icons.OPEN_IN_NEW, url=link),
                    ),
                ],
            )
        )

    def build(self) -> Screen:
        play = self.play
        points = scoring_of(play) == "points"
        standings: list[ft.Control] = [
            standing_row(
                f"{r.rank}" if points or r.score is not None else "",
                r.player,
                r.score,
                winner=r.winner,
                lines=result_lines(play, r),
            )
            for r in play.results
        ]
        facts: list[ft.Control] = [
            body(text, muted=muted) for text, muted in play_facts(play, self.ctx.catalogue)
        ]
        if not play.finished:
            facts.append(notice(NOT_FINISHED))
        actions = [
            ("Edit", self.edit, ft.Icons.EDIT, "tonal", "edit-play"),
            ("Send to BG Stats", self.send_to_bgstats, ft.Icons.QR_CODE_2, "tonal", "send-bgstats"),
            ("Delete", self.delete, ft.Icons.DELETE_OUTLINE, "outlined", "delete-play"),
        ]
        content = ft.Column(
            [
                heading(outcome(play), level=1),
                panel(*standings, title="Standings"),
                panel(*facts, title="Details"),
                *([panel(body(play.notes, selectable=True), title="Notes")] if play.notes else []),
                wrap(
                    [
                        button(label, lambda e, tap=tap: tap(), icon=icon, kind=kind, ident=ident)
                        for label, tap, icon, kind, ident in actions
                    ]
                ),
            ],
            spacing=GAP,
            # Every card as wide as the page (the Details card was only as wide as its words).
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        return Screen(title=play.game, content=content, back=ROUTE)

    def edit(self) -> None:
        self.ctx.navigate(edit_route(self.play_id))


__all__ = ["PlayDetailView"]
