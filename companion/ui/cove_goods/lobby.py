"""Calculators › Merchants Cove sale value: the Piers being sold at, and a new one."""

from __future__ import annotations

import flet as ft

from companion.engine.cove_goods import CoveSale
from companion.ui.context import AppContext
from companion.ui.cove_goods import TOOL_ID, table_route
from companion.ui.cove_goods.model import STATE_KEY, CoveDraft, StateError, old_draft, old_sale
from companion.ui.cove_goods.model.presets import tonight
from companion.ui.kit.lobby import (
    import_old_save,
    lobby_screen,
    setting_or_none,
    start_table,
)
from companion.ui.kit.widgets import body, button, panel
from companion.ui.live import live_session
from companion.ui.screen import Screen

TITLE = "Merchants Cove sale value"


class CoveLobby:
    """``/calculators/cove-goods``: the Piers in progress (resume, put away, abandon) and a
    new one. The state saved before shared tables becomes a table once; the device that
    imports it keeps pricing the Good it was pricing."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.session = live_session(ctx, TOOL_ID)
        raw = setting_or_none(ctx, STATE_KEY)
        table_id, self.problems = import_old_save(
            ctx,
            key=STATE_KEY,
            tool=TOOL_ID,
            read=old_sale,
            errors=(StateError,),
            moved="The sale kept before is now a shared table",
        )
        if table_id is not None:
            draft = old_draft(raw) or CoveDraft()
            self.session.draft(TOOL_ID, table_id, lambda: draft)

    def start(self) -> None:
        """A new Pier, with the Rogue card chosen for tonight in the setup assistant."""
        sale = CoveSale(rogue_card=tonight(self.ctx).rogue_card)
        start_table(self.ctx, self.session, TOOL_ID, sale, route=table_route, what="sale")

    def build(self) -> Screen:
        new_pier = panel(
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
        return lobby_screen(
            self.ctx,
            TOOL_ID,
            title=TITLE,
            problems=self.problems,
            route=table_route,
            running="Piers in progress",
            problem_ident="damaged-save",
            content=[new_pier],
        )


__all__ = ["TITLE", "CoveLobby"]
