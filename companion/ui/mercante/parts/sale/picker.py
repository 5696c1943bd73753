"""The goods to tap, market by market: each chip counts its tokens in the sale; a closed
market and a tracked market's next space show beside its name."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine.mercante import goods_in, markets
from companion.ui.kit.widgets import small, tagged, wrap
from companion.ui.mercante.model import good_name, market_name, next_space_text
from companion.ui.mercante.parts import CLOSED, pill
from companion.ui.model.words import article
from companion.ui.paint import SectionColumn
from companion.ui.theme import GAP

if TYPE_CHECKING:
    from companion.ui.mercante.parts.sale import SaleTab


class GoodsPicker:
    """Built once; :meth:`render` shows the counts, the closed markets and the next spaces in
    place."""

    def __init__(self, tab: SaleTab) -> None:
        self.tab = tab
        self.parts: dict[str, tuple[ft.Control, ft.Text]] = {}
        self.chips: dict[str, tuple[ft.Chip, ft.Text]] = {}
        self.control = SectionColumn(self._groups(), spacing=GAP)

    def _groups(self) -> list[ft.Control]:
        groups: list[ft.Control] = []
        for market in markets():
            closed = pill("closed", CLOSED, ident=f"closed-pill-{market}")
            closed.visible = False
            space = small("")
            space.visible = False
            self.parts[market] = (closed, space)
            head: list[ft.Control] = [
                ft.Text(market_name(market), weight=ft.FontWeight.BOLD),
                closed,
                space,
            ]
            chips: list[ft.Control] = []
            for good in goods_in(market):
                label = ft.Text(good_name(good))
                chip = ft.Chip(
                    label=label,
                    leading=ft.Icon(ft.Icons.ADD, size=18),
                    selected=False,
                    show_checkmark=False,
                    on_click=lambda e, g=good: self.tab.add(g),
                    tooltip=f"Add {article(good_name(good).lower())} token to the sale",
                )
                self.chips[good] = (chip, label)
                chips.append(tagged(f"add-{good}", chip))
            groups.append(ft.Column([wrap(head), wrap(chips, spacing=6)], spacing=4))
        return groups

    def render(self, closed: tuple[str, ...]) -> None:
        tab = self.tab
        paint, box = tab.session.paint.set, self.control
        for market, (closed_pill, space) in self.parts.items():
            tracked = next_space_text(tab.game, market)
            paint(box, closed_pill, visible=market in closed)
            paint(box, space, value=tracked, visible=bool(tracked))
        for good, (chip, label) in self.chips.items():
            count = tab.draft.counts.get(good, 0)
            paint(box, label, value=f"{good_name(good)} × {count}" if count else good_name(good))
            paint(box, chip, selected=count > 0)


__all__ = ["GoodsPicker"]
