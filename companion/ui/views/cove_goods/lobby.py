"""Calculators › Merchants Cove sale value: the Piers being sold at, and a new one."""

from __future__ import annotations

import flet as ft

from companion.engine.cove_goods import CoveSale
from companion.history import StoreError
from companion.ui.context import AppContext
from companion.ui.live import LiveSession, games_in_progress, import_old_game
from companion.ui.logic.cove_goods import (
    STATE_KEY,
    TOOL_ID,
    CoveDraft,
    StateError,
    old_draft,
    old_sale,
)
from companion.ui.screen import Screen
from companion.ui.theme import GAP
from companion.ui.widgets import body, button, notice, panel, tagged

ROUTE = "/calculators/cove-goods"
TITLE = "Merchants Cove sale value"


def sale_route(table_id: int) -> str:
    return f"{ROUTE}/{table_id}"


def session_of(ctx: AppContext) -> LiveSession:
    if not isinstance(ctx.live, LiveSession):
        raise RuntimeError("the sale value needs the shared tables (ctx.live)")
    return ctx.live


class CoveLobby:
    """``/calculators/cove-goods``: the Piers in progress (resume, put away, abandon) and a
    new one. The state saved before shared tables becomes a table once; the device that
    imports it keeps pricing the Good it was pricing."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.session = session_of(ctx)
        self.problems: list[str] = []
        try:
            raw = ctx.setting(STATE_KEY)
        except StoreError:
            raw = None
        table_id, problem = import_old_game(
            ctx, key=STATE_KEY, tool=TOOL_ID, read=old_sale, errors=(StateError,)
        )
        if problem:
            self.problems.append(problem)
        elif table_id is not None:
            draft = old_draft(raw) or CoveDraft()
            self.session.draft(TOOL_ID, table_id, lambda: draft)
            self.problems.append(
                "The sale kept before is now a shared table: resume it below, from any phone."
            )

    def start(self) -> None:
        try:
            snapshot = self.session.hub.create(TOOL_ID, CoveSale(), device=self.session.device)
        except StoreError as exc:
            self.ctx.notify(f"The sale could not be started: {exc}", error=True)
            return
        self.ctx.navigate(sale_route(snapshot.table_id))

    def build(self) -> Screen:
        content: list[ft.Control] = [
            tagged("damaged-save", notice(p, level="warning")) for p in self.problems
        ]
        running = games_in_progress(self.ctx, TOOL_ID, route=sale_route, title="Piers in progress")
        if running is not None:
            content.append(running)
        content.append(
            panel(
                body(
                    "Count the adventurers at the Pier you sell at, then price each Good with "
                    "its Display Case, Enchantment or Rogue card: the app shows the gold with "
                    "its working and keeps the Pier's total. Every phone that opens the Pier "
                    "sees the counts and the sale; the Good you are pricing stays on your phone "
                    "until you add it.",
                    muted=True,
                ),
                button(
                    "Count a new Pier",
                    lambda e: self.start(),
                    icon=ft.Icons.SAILING,
                    ident="new-sale",
                ),
                title="New Pier",
            )
        )
        return Screen(
            title=TITLE,
            content=ft.Column(
                content, spacing=GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
            ),
        )


__all__ = ["ROUTE", "TITLE", "CoveLobby", "sale_route", "session_of"]
