"""The Sale tab: pick the goods, read each price with its working, compare with the bazaar,
check the cartage, try a Reaction event, and confirm the sale onto the calendar and board.

One part a file: :mod:`.picker` (the goods to tap), :mod:`.tokens` (each token's card and
price), :mod:`.reactions` (the what-if), :mod:`.summary` (the total, bazaar and cartage) and
:mod:`.challenge` (Vicious Accounting)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine.mercante import MercanteGame, facts, market_of, markets, rules
from companion.tables import Applied, Outcome, Snapshot
from companion.ui.kit.widgets import button, panel, tagged, whole_number_field
from companion.ui.mercante.model import plural, running_total
from companion.ui.mercante.parts import cite, stretched, typed
from companion.ui.mercante.parts.sale.challenge import ChallengePanel
from companion.ui.mercante.parts.sale.picker import GoodsPicker
from companion.ui.mercante.parts.sale.reactions import NOBODY, reaction_panel
from companion.ui.mercante.parts.sale.summary import SaleSummary
from companion.ui.mercante.parts.sale.tokens import TokenCards
from companion.ui.paint import SectionText, Slot
from companion.ui.screen import Screen
from companion.ui.theme import GAP, TOUCH

if TYPE_CHECKING:
    from companion.ui.mercante.screen import MercanteScreen


class SaleTab:
    """The Sale tab: the sale being priced is this phone's draft (never on the table); its
    prices follow the table's calendar and board, so a push re-prices it in place and keeps
    every field as typed. Selling sends the sale to the table."""

    def __init__(self, session: MercanteScreen) -> None:
        self.session = session
        self.ctx = session.ctx
        self.draft = session.draft.sale
        self.picker = GoodsPicker(self)
        self.tokens = TokenCards(self)
        self.reaction_slot = Slot(session.paint)
        self.summary = SaleSummary(self)
        self.challenge = ChallengePanel(self)
        self.challenge_slot = Slot(session.paint)
        self.running_total = SectionText(theme_style=ft.TextThemeStyle.TITLE_MEDIUM)
        # Kept in the bottom bar, in reach of a thumb; its label follows the total.
        self.sell_button = ft.FilledButton(
            content="Sell", icon=ft.Icons.SELL, on_click=lambda e: self.confirm(), height=TOUCH
        )
        self.sell_box = tagged("confirm-sale", self.sell_button, section=True)
        self.contract_vp = whole_number_field(
            "VP for contracts it completes",
            self.draft.contract_vp,
            hint="Victory point tokens gained",
            on_change=typed(self.set_contract_vp),
        )
        self.contract_vp.error_max_lines = 2
        self.contract_box = tagged("contract-vp", self.contract_vp, section=True)
        self.intro = SectionText(
            "", theme_style=ft.TextThemeStyle.BODY_MEDIUM, color=ft.Colors.ON_SURFACE_VARIANT
        )
        self._shown: object = None
        session.on_render(self.render)

    @property
    def game(self) -> MercanteGame:
        return self.session.table.game

    # -- state changes ----------------------------------------------------------------------
    def structure(self) -> None:
        """The draft changed: price it again and send what changed."""
        self.render(self.session.snapshot)
        self.session.paint.send()

    def add(self, good: str) -> None:
        try:
            self.draft.add_token(good)
        except ValueError as exc:
            self.session.hint(str(exc))
            return
        self.structure()

    def drop(self, key: str) -> None:
        self.draft.remove_token(key)
        self.structure()

    def set_base(self, key: str, text: str) -> None:
        self.draft.bases[key] = text
        self.structure()

    def set_bazaar(self, key: str, on: bool) -> None:
        self.draft.set_bazaar(key, on)
        self.structure()

    def set_agents(self, agents: int) -> None:
        self.draft.agents = agents
        self.structure()

    def add_reaction(self) -> None:
        self.draft.add_reaction()
        self.structure()

    def remove_reaction(self, index: int) -> None:
        self.draft.remove_reaction(index)
        self.structure()

    def set_reaction(self, index: int, key: str | None) -> None:
        self.draft.set_reaction(index, None if key in (None, NOBODY) else key, self.session.choices)
        self.structure()

    def set_reaction_on(self, index: int, key: str | None) -> None:
        self.draft.reactions[index].on = key
        self.structure()

    def set_reaction_by(self, index: int, name: str | None) -> None:
        self.draft.reactions[index].by = None if name in (None, NOBODY) else name
        self.structure()

    def set_contract_vp(self, text: str) -> None:
        self.draft.contract_vp = text

    def cleared(self) -> None:
        """The calculator starts afresh (Clear, or the sale is sold)."""
        self.draft.clear()
        self.contract_vp.value = ""
        self.session.paint.touch(self.contract_box)

    def clear(self) -> None:
        self.cleared()
        self.structure()

    def confirm(self) -> None:
        try:
            action = self.draft.sale(self.game, self.session.choices)
        except ValueError as exc:
            self.session.refuse(str(exc))
            return

        def done(outcome: Outcome) -> None:
            if isinstance(outcome, Applied):
                self.cleared()

        self.session.act(action, on_outcome=done)

    # -- rendering --------------------------------------------------------------------------
    def render(self, snapshot: Snapshot) -> None:
        game = self.game
        how = (
            "The app tracks the board: each token takes the next space down."
            if game.board is not None
            else "Type the value printed on the space each token lands on."
        )
        intro = f"{game.active} sells. Tap a good to add a token. {how}"
        self.session.paint.set(self.intro, self.intro, value=intro)
        # A game the app keeps completes contracts itself (from the cards their holders told
        # it): the points are not typed there.
        self.session.paint.set(self.contract_box, self.contract_box, visible=not game.ledger)
        closed = tuple(game.calendar.closed_markets())
        self.picker.render(closed)
        if self.tokens.render(closed):
            self._shown = None  # new fields: fill them in
        options = self.draft.reaction_options(self.session.choices)
        self.reaction_slot.set(
            (
                tuple(tuple(r.to_list()) for r in self.draft.reactions),
                self.draft.tokens(),
                frozenset(self.draft.bazaar),
                tuple(c.key for c in options),
                game.seats,
            ),
            lambda: reaction_panel(self),
        )
        self.live()
        self.challenge_slot.set(
            (game.variants, game.last_sale(), self.session.playing, game.seats),
            self.challenge.panel,
        )

    def live(self) -> None:
        """Prices, errors and totals for what is typed, without rebuilding any field."""
        game = self.game
        view = self.draft.evaluate(game, self.session.choices)
        shown = (view, game.active, game.board is None, self.session.playing, game.is_over)
        if shown == self._shown:
            return  # the same prices as on screen (another phone's move left them be)
        self._shown = shown
        self.tokens.show(view)
        self.summary.show(view)
        paint = self.session.paint
        paint.set(self.running_total, self.running_total, value=running_total(view))
        quote = view.quote
        label = f"Sell for {plural(quote.total, 'crown')}" if quote is not None else "Sell"
        paint.set(
            self.sell_box,
            self.sell_button,
            content=label,
            disabled=not view.ready
            or (quote is not None and not quote.can_complete)
            or not self.session.playing
            or game.is_over,
        )

    # -- the screen -------------------------------------------------------------------------
    def build(self) -> Screen:
        sold = {market_of(g) for _, g in self.draft.tokens()} or set(markets())
        cartage_sources = [facts().market(m).cartage_source for m in markets() if m in sold]
        left = stretched(
            [
                panel(self.intro, self.picker.control, title="Goods to sell"),
                panel(
                    tagged("running-total", self.running_total),
                    self.tokens.control,
                    cite(self.ctx, rules().sale.source),
                    title="Prices",
                ),
                self.reaction_slot.box,
            ],
            spacing=GAP,
        )
        right = panel(
            self.summary.control,
            self.contract_box,
            cite(self.ctx, rules().bazaar.source, *cartage_sources),
            title="The sale",
        )
        # Side by side on a wide window (the total stays in sight); one column on a phone,
        # where the sale's summary comes after the prices it adds up.
        left.col = {"xs": 12, "md": 7}
        right.col = {"xs": 12, "md": 5}
        content: list[ft.Control] = [
            self.challenge_slot.box,
            ft.ResponsiveRow([left, right], spacing=GAP, run_spacing=GAP),
        ]
        bar: list[ft.Control] = [
            button("Clear", lambda e: self.clear(), kind="text", icon=ft.Icons.CLEAR),
            self.sell_box,
        ]
        screen = self.session.screen(content, bar=bar)
        return screen


__all__ = ["SaleTab"]
