"""Vicious Accounting: the sale just made may be challenged; the app settles it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from companion.engine.mercante import rules
from companion.engine.mercante.actions import RULING_VICIOUS
from companion.tables import Applied, Outcome
from companion.ui.kit.widgets import body, button, panel, small, tagged, whole_number_field
from companion.ui.mercante.model import FieldErrors, plural
from companion.ui.mercante.parts import cite, ruling_chip, typed
from companion.ui.mercante.parts.sale.reactions import NOBODY

if TYPE_CHECKING:
    from companion.ui.mercante.parts.sale import SaleTab


class ChallengePanel:
    """ "Challenge a price": who challenges and the price claimed, typed on this phone."""

    def __init__(self, tab: SaleTab) -> None:
        self.tab = tab
        self.claimed: ft.TextField | None = None

    def set_challenger(self, name: str | None) -> None:
        self.tab.session.draft.challenger = None if name in (None, NOBODY) else name

    def set_claimed(self, text: str) -> None:
        self.tab.session.draft.claimed = text

    def settle(self) -> None:
        session = self.tab.session
        drafts = session.draft
        try:
            action = drafts.challenge()
        except FieldErrors as exc:
            if self.claimed is not None:
                self.claimed.error = exc.errors.get(("claimed",))
                session.paint.touch(self.tab.challenge_slot.box)
                session.paint.send()
            return
        except ValueError as exc:
            session.refuse(str(exc))
            return

        def done(outcome: Outcome) -> None:
            if isinstance(outcome, Applied):
                drafts.challenged()

        session.act(action, on_outcome=done)

    def panel(self) -> ft.Control | None:
        tab = self.tab
        game = tab.game
        sale = game.last_sale()
        if not game.variants.vicious_accounting:
            return None
        if sale is None:
            return panel(
                body(
                    "Vicious Accounting: sellers work out their own prices. Right after a sale, "
                    "anyone may challenge the price claimed here.",
                    muted=True,
                ),
                title="Challenge a price",
            )
        others = [n for n in game.seats if n != sale.player]
        drafts = tab.session.draft
        if drafts.challenger not in others:
            drafts.challenger = None
        claimed = whole_number_field(
            "Price claimed",
            drafts.claimed,
            on_change=typed(self.set_claimed),
            col={"xs": 12, "sm": 6},
        )
        claimed.error_max_lines = 2
        self.claimed = claimed

        def pick(e: Any) -> None:
            self.set_challenger(e.control.value)

        facts_ = rules().variants.vicious_accounting
        return tagged(
            "challenge-panel",
            panel(
                body(
                    f"{sale.player} just sold for {plural(sale.quote.total, 'crown')} by the app's "
                    "working. What did they claim?"
                ),
                ft.ResponsiveRow(
                    [
                        tagged(
                            "challenger",
                            ft.Dropdown(
                                label="Challenged by",
                                value=drafts.challenger or NOBODY,
                                options=[ft.DropdownOption(key=NOBODY, text="Choose")]
                                + [ft.DropdownOption(key=n, text=n) for n in others],
                                on_select=pick,
                                col={"xs": 12, "sm": 6},
                            ),
                        ),
                        tagged("claimed", claimed),
                    ],
                    spacing=8,
                    run_spacing=8,
                ),
                button(
                    "Settle the challenge",
                    lambda e: self.settle(),
                    icon=ft.Icons.BALANCE,
                    kind="tonal",
                    ident="settle-challenge",
                ),
                small(
                    "Claimed too little: the challenger collects the difference. Too much: the "
                    f"seller pays the bank {facts_.overclaim_multiplier} times the excess."
                    + (
                        f" A right price challenged costs the challenger "
                        f"{plural(facts_.wrong_challenge_penalty, 'crown')}."
                        if game.variants.treachery
                        else ""
                    )
                ),
                ruling_chip(tab.ctx, RULING_VICIOUS),
                cite(tab.ctx, facts_.source, facts_.treachery_source),
                title="Challenge a price",
            ),
        )


__all__ = ["ChallengePanel"]
