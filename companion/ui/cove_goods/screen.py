"""Calculators › Merchants Cove sale value › a Pier: one Good at a time, with the Master Craft
changes, and the Goods sold at this Pier.

A shared table (``companion.tables``): every phone on it sees the counts, the Rogue card and
the Goods sold, as they change. The Good being priced is this phone's own
(:class:`~companion.ui.cove_goods.model.CoveDraft`) until Add puts it in the sale. The screen
is built once and painted in place from each snapshot; Undo is the table's (the last change,
whoever made it).
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.cove_goods import (
    AddGood,
    ClearSale,
    CoveSale,
    GoodsError,
    HouseRules,
    NewPier,
    RemoveGood,
    SetCount,
    SetRogueCard,
)
from companion.tables import Snapshot
from companion.ui.context import AppContext
from companion.ui.cove_goods import ROUTE, TOOL_ID
from companion.ui.cove_goods.model import (
    CoveDraft,
    SaleState,
    StateError,
    house_rules_in_use,
    readable,
)
from companion.ui.cove_goods.model.presets import GAME, CovePresets, tonight
from companion.ui.cove_goods.model.tally import fence_offer, pier_offer
from companion.ui.cove_goods.parts.inputs import GoodPanel, PierPanel
from companion.ui.cove_goods.parts.outputs import ResultPanel, SalePanel, ValueStrip
from companion.ui.kit.table_menu import menu_button, table_menu
from companion.ui.kit.table_screen import TableScreen
from companion.ui.kit.tally import TallyButtons
from companion.ui.kit.widgets import notice, tagged
from companion.ui.paint import Slot
from companion.ui.theme import GAP

#: The Pier's title: short enough to stand whole beside Undo, the menu and Settings at 390 px
#: in the bundled font ("Merchants Cove sale value" and "Cove sale value" were cut off).
TABLE_TITLE = "Sale value"


class CoveScreen(TableScreen[CoveSale, CoveDraft]):
    """``/calculators/cove-goods/<id>``: one Pier's sale, built once, painted in place."""

    tool_id = TOOL_ID
    lobby = ROUTE
    game_type = CoveSale
    draft_type = CoveDraft
    title = TABLE_TITLE
    noun = "Pier"
    unreadable_note = "This sale cannot be read."
    scroll = False

    def __init__(self, ctx: AppContext, table_id: int) -> None:
        self.house = HouseRules.from_house_rules(ctx.house_rules())
        self.presets: CovePresets = tonight(ctx)
        super().__init__(ctx, table_id)

    # -- state ----------------------------------------------------------------------------------
    @property
    def table(self) -> CoveSale:
        """The table's sale (an empty one while it cannot be read)."""
        return self.game if self.readable else CoveSale()

    def state(self) -> SaleState:
        return SaleState.of(self.table, self.draft)

    def offered(self, piece: str) -> bool:
        """Whether ``piece`` (a Paladin, a Display Case...) is offered on this phone: tonight's
        modules bring it, or the player asked to see everything."""
        return self.draft.show_all or self.presets.offers(piece)

    def show_all(self, on: bool) -> None:
        self.draft.show_all = on
        self.redraw()

    # -- acting ---------------------------------------------------------------------------------
    def set_count(self, type_id: str, count: int) -> None:
        self.act(SetCount(type_id, count), quiet=True)

    def set_rogue_card(self, card: str) -> None:
        if card == self.table.rogue_card:
            self.redraw()
            return
        self.act(SetRogueCard(card), quiet=True)  # type: ignore[arg-type]  # the action checks it

    def change(self, make: Callable[[SaleState], SaleState]) -> None:
        """A change to this device's Good only (nothing is sent): adopt it and redraw; one
        that is not allowed says why and puts the switches back."""
        try:
            changed = make(self.state())
        except (GoodsError, StateError) as exc:
            self.refuse(readable(exc))
        else:
            self.draft.take(changed)
        self.redraw()

    def add(self) -> None:
        """Put the Good being priced in this Pier's sale; its tokens are used up, so the next
        Good starts without a Display Case or an Enchantment."""
        try:
            after = self.state().add_to_pier(self.house)
        except (GoodsError, StateError) as exc:
            self.refuse(readable(exc))
            return

        def settle() -> None:
            self.draft.good = after.draft

        self.act(AddGood(after.sold[-1]), then=settle)

    def remove(self, index: int) -> None:
        sold = self.table.sold
        if 0 <= index < len(sold):
            self.act(RemoveGood(index, sold[index]))

    def clear_sale(self) -> None:
        self.act(ClearSale())

    def new_pier(self) -> None:
        def settle() -> None:
            self.draft.fence = False

        self.act(NewPier(), then=settle)

    def menu(self) -> None:
        table_menu(
            self.ctx,
            self.live,
            lobby=ROUTE,
            who=self.table.pier.text.capitalize(),
            ended=("The Pier is put away.", "The Pier was abandoned."),
        )

    def actions(self) -> list[ft.Control]:
        return [self.undo_button.control, menu_button(self.menu)]

    # -- the controls, built once and painted in place ------------------------------------------
    def build_controls(self) -> None:
        self.house_box = Slot(self.paint)
        self.presets_box = Slot(self.paint)
        self.tally_pier = TallyButtons(self, game=GAME, ident="tally-pier")
        self.tally_fence = TallyButtons(
            self, game=GAME, ident="tally-fence", night=self.tally_pier.night
        )
        self.pier = PierPanel(self)
        self.good = GoodPanel(self)
        self.strip = ValueStrip(self)
        self.result = ResultPanel(self)
        self.sale = SalePanel(self)
        scroller = ft.Column(
            [
                self.notices.box,
                self.house_box.box,
                self.presets_box.box,
                ft.ResponsiveRow(
                    [
                        ft.Column(
                            [self.pier.control, self.good.control],
                            spacing=GAP,
                            col={"xs": 12, "md": 6},
                        ),
                        ft.Column(
                            [self.result.control, self.sale.control],
                            spacing=GAP,
                            col={"xs": 12, "md": 6},
                        ),
                    ],
                    spacing=GAP,
                    run_spacing=GAP,
                ),
            ],
            spacing=GAP,
            expand=True,
            scroll=ft.ScrollMode.AUTO,
        )
        self.content = ft.Column([self.strip.control, scroller], spacing=8, expand=True)

    def render_game(self, game: CoveSale, snapshot: Snapshot) -> None:
        self._paint_sale(closed=snapshot.read_only)

    def render_unreadable(self, snapshot: Snapshot) -> None:
        self._paint_sale(closed=True)

    def _paint_sale(self, *, closed: bool) -> None:
        if self.table.rogue_card != "fence":
            self.draft.fence = False  # the Fence left play (on this phone or another)
        state = self.state()
        result = state.result(self.house)
        labels = house_rules_in_use(self.ctx.catalogue, self.house)
        self.house_box.set(
            labels,
            lambda: (
                notice("House rules on: " + "; ".join(labels) + ".", level="info")
                if labels
                else None
            ),
        )
        self._paint_presets()
        self.pier.paint(state, closed=closed)
        self.good.paint(state, closed=closed)
        self.strip.paint(state, result, self.house, closed=closed)
        self.result.paint(state, result)
        self.sale.paint(state, closed=closed)
        me = self.me  # the player holding this phone: their button first
        self.tally_pier.paint(pier_offer(state.pier_sale(self.house)), closed=closed, first=me)
        self.tally_fence.paint(
            fence_offer(result) if state.fence else None, closed=closed, first=me
        )

    def _paint_presets(self) -> None:
        line = self.presets.line()
        limited = self.presets.known
        show_all = self.draft.show_all
        self.presets_box.set(
            (line, show_all),
            lambda: (
                tagged(
                    "cove-presets",
                    ft.Column(
                        [
                            notice(line, level="info"),
                            *(
                                [
                                    ft.TextButton(
                                        "Show only tonight's pieces"
                                        if show_all
                                        else "Show every piece of Master Craft",
                                        on_click=lambda e: self.show_all(not show_all),
                                    )
                                ]
                                if limited
                                else []
                            ),
                        ],
                        spacing=4,
                    ),
                )
                if line
                else None
            ),
        )


__all__ = ["CoveScreen"]
