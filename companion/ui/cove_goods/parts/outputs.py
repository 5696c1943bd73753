"""The sale value's outputs: the strip always in sight (the value, its working, Add, the Pier's
total so far), how the value adds up step by step (each step with its "why?"), and the
Goods sold at this Pier with their total (and its "why?")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import flet as ft

from companion.engine import cove_goods as cg
from companion.engine.cove_goods import HouseRules, PierSale
from companion.ui import settings
from companion.ui.cove_goods.model import (
    LedgerLine,
    Result,
    SaleState,
    good_title,
    ledger,
    multiplier_text,
    paladin_note,
    ruling_notes,
    sale_why,
)
from companion.ui.kit.rulings import ruling_chip
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import (
    body,
    button,
    notice,
    outlined,
    small,
    source_text,
    tagged,
    wrap,
)
from companion.ui.model.words import plural
from companion.ui.paint import SectionCard, Slot
from companion.ui.theme import TOUCH

if TYPE_CHECKING:
    from companion.ui.cove_goods.screen import CoveScreen

INK = ft.Colors.ON_PRIMARY_CONTAINER  # readable on the strip in light and dark themes


def strip_text(text: str) -> ft.Text:
    return ft.Text(text, theme_style=ft.TextThemeStyle.BODY_SMALL, color=INK)


class ValueStrip:
    """Always in sight above the scrolling part: the value and its working, the button that
    adds the Good to this Pier's sale, and the sale's total so far."""

    def __init__(self, view: CoveScreen) -> None:
        self.view = view
        self.title = strip_text("")
        self.value = ft.Text(
            "",
            theme_style=ft.TextThemeStyle.HEADLINE_MEDIUM,
            weight=ft.FontWeight.BOLD,
            color=INK,
        )
        self.working = strip_text("")
        self.working_box = tagged("sale-working", self.working)
        self.total = strip_text("")
        self.total_box = tagged("strip-total", self.total)
        self.add_button = ft.FilledButton(
            content="Add",
            icon=ft.Icons.ADD_SHOPPING_CART,
            on_click=lambda e: view.add(),
            height=TOUCH,
            tooltip="Add this Good to this Pier's sale",
        )
        self.add_box = tagged("add-to-pier", self.add_button)
        self.container = ft.Container(
            ft.Column(
                [
                    ft.Row(
                        [
                            ft.Column(
                                [self.title, tagged("sale-value", self.value), self.working_box],
                                spacing=0,
                                tight=True,
                                expand=True,
                            ),
                            self.add_box,
                        ],
                        vertical_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                    self.total_box,
                ],
                spacing=4,
                tight=True,
            ),
            border_radius=12,
            padding=ft.Padding.symmetric(vertical=8, horizontal=12),
            bgcolor=ft.Colors.PRIMARY_CONTAINER,
        )
        self.control = tagged("value-strip", self.container, section=True)

    def paint(self, state: SaleState, result: Result, house: HouseRules, *, closed: bool) -> None:
        paint = self.view.paint
        section = self.control
        paint.set(section, self.title, value=good_title(result.good))
        if result.sale is None:
            paint.set(
                section,
                self.value,
                value="Can't be priced",
                theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
            )
            paint.set(section, self.working_box, visible=False)
        else:
            paint.set(
                section,
                self.value,
                value=f"{result.sale.value} gold",
                theme_style=ft.TextThemeStyle.HEADLINE_MEDIUM,
            )
            paint.set(section, self.working, value=result.sale.text)
            paint.set(section, self.working_box, visible=True)
        paint.set(section, self.add_box, visible=not state.fence)
        paint.set(section, self.add_button, disabled=closed or result.sale is None)
        count = len(state.sold)
        if count:
            sale = state.pier_sale(house)
            total = f"{sale.total} gold" if isinstance(sale, PierSale) else "can't be priced"
            goods = plural(count, "Good")
            paint.set(section, self.total, value=f"Sold at this Pier: {goods}, {total}")
        paint.set(section, self.total_box, visible=bool(count))


def settings_link(view: CoveScreen) -> ft.Control:
    return button(
        "House rules in Settings",
        lambda e: view.ctx.navigate(settings.ROUTE),
        icon=ft.Icons.SETTINGS_OUTLINED,
        kind="text",
        ident="open-settings-link",
    )


def ruling_chips(view: CoveScreen, ids: Sequence[str]) -> list[ft.Control]:
    """A line per ruling a number rests on; a tap explains it and can switch the house
    rule right there."""
    notes = ruling_notes(view.ctx.catalogue, ids, view.house)
    return [ruling_chip(view.ctx, note.id) for note in notes]


class ResultPanel:
    """How it adds up: the sale step by step (a "why?" on each modifier and on the value),
    the rulings it rests on and the rule sources; or why the Good cannot be priced."""

    def __init__(self, view: CoveScreen) -> None:
        self.view = view
        self.slot = Slot(view.paint)
        self.control = SectionCard(
            content=ft.Container(
                ft.Column(
                    [
                        ft.Text("How it adds up", theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
                        self.slot.box,
                        view.tally_fence.control,
                    ],
                    spacing=12,
                    tight=True,
                ),
                padding=16,
            ),
            margin=0,
        )

    def paint(self, state: SaleState, result: Result) -> None:
        key = (result, state.pier, self.view.house, self.view.ctx.house_rules())
        self.slot.set(key, lambda: self.build(state, result))

    def build(self, state: SaleState, result: Result) -> ft.Control:
        lines: list[ft.Control] = []
        if result.sale is None:
            lines.append(tagged("sale-error", notice(result.error or "", level="error")))
            lines.append(settings_link(self.view))
            return ft.Column(lines, spacing=8)
        sale = result.sale
        rows = [self.row(i, line) for i, line in enumerate(ledger(result, state.pier))]
        lines.append(tagged("sale-ledger", ft.Column(rows, spacing=4)))
        if result.multiplier is not None and result.multiplier.value == 0:
            lines.append(small("Nobody here buys this Good: count the adventurers at the Pier."))
        if sale.fence:
            lines.append(
                small(
                    f"The Fence sale costs {cg.facts().fence.corruption} Corruption card, "
                    "drawn when the Boat docks."
                )
            )
        for unused in sale.unused:
            lines.append(small(f"The {unused.name} is used up on this sale without adding to it."))
        lines.extend(ruling_chips(self.view, result.rulings))
        if result.sources:
            lines.append(source_text(self.view.ctx.catalogue, list(result.sources)))
        return ft.Column(lines, spacing=8)

    def row(self, index: int, line: LedgerLine) -> ft.Control:
        weight = ft.FontWeight.BOLD if line.total else None
        parts: list[ft.Control] = [
            ft.Text(line.label, expand=True, weight=weight),
            ft.Text(line.amount, weight=weight, text_align=ft.TextAlign.RIGHT),
        ]
        if line.why or line.rulings:
            parts.append(why_link(self.view.ctx, line.why, line.rulings, ident=f"why-step-{index}"))
        row = ft.Row(parts, vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=4)
        if not line.total:
            return row
        return ft.Column([ft.Divider(height=1), row], spacing=4)


class SalePanel:
    """The Goods sold at this Pier with their values and the total (with its "why?")."""

    def __init__(self, view: CoveScreen) -> None:
        self.view = view
        self.slot = Slot(view.paint)
        self.new_pier_button = ft.TextButton(
            "Next Pier: clear counts and sale",
            icon=ft.Icons.RESTART_ALT,
            height=TOUCH,
            on_click=lambda e: view.new_pier(),
        )
        self.new_pier = tagged("new-pier", self.new_pier_button)
        self.control = SectionCard(
            content=ft.Container(
                ft.Column(
                    [
                        ft.Text("Sold at this Pier", theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
                        self.slot.box,
                        view.tally_pier.control,
                        self.new_pier,
                    ],
                    spacing=12,
                    tight=True,
                ),
                padding=16,
            ),
            margin=0,
        )

    def paint(self, state: SaleState, *, closed: bool) -> None:
        sale = state.pier_sale(self.view.house) if state.sold else None
        key = (state.sold, state.pier, state.rogue_card, self.view.house, closed)
        self.slot.set(key, lambda: self.build(state, sale, closed))
        self.view.paint.set(self.control, self.new_pier_button, disabled=closed)

    def build(self, state: SaleState, sale: PierSale | str | None, closed: bool) -> ft.Control:
        if not state.sold:
            return body(
                "Selling several Goods here? Price each one above and add it: the list keeps "
                "the total, with one colour for any Paladins at the Pier.",
                muted=True,
            )
        rows: list[ft.Control] = []
        for i, good in enumerate(state.sold):
            line = sale.lines[i] if isinstance(sale, PierSale) else None
            rows.append(self.sold_row(i, good_title(good), line, closed))
        if isinstance(sale, str) or sale is None:
            rows.append(tagged("pier-sale-error", notice(str(sale), level="error")))
            rows.append(settings_link(self.view))
        else:
            note = paladin_note(sale)
            if note:
                rows.append(body(note))
            entries, rulings = sale_why(sale)
            rows.append(
                ft.Row(
                    [
                        tagged(
                            "pier-total",
                            ft.Text(
                                f"Total {sale.total} gold",
                                theme_style=ft.TextThemeStyle.HEADLINE_SMALL,
                                weight=ft.FontWeight.BOLD,
                            ),
                        ),
                        why_link(self.view.ctx, entries, rulings, ident="why-pier-total"),
                    ],
                    wrap=True,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                )
            )
            if len(sale.lines) > 1:
                rows.append(tagged("pier-working", body(sale.text)))
            rows.extend(ruling_chips(self.view, sale.rulings))
        rows.append(
            wrap(
                [
                    button(
                        "Clear the sale",
                        lambda e: self.view.clear_sale(),
                        icon=ft.Icons.REMOVE_SHOPPING_CART_OUTLINED,
                        kind="outlined",
                        ident="clear-sale",
                        disabled=closed,
                    ),
                ]
            )
        )
        return ft.Column(rows, spacing=8)

    def sold_row(
        self, index: int, title: str, line: cg.SaleLine | None, closed: bool
    ) -> ft.Control:
        text: list[ft.Control] = [ft.Text(f"{index + 1}. {title}", weight=ft.FontWeight.W_600)]
        if line is not None:
            text.append(small(multiplier_text(line.good, line.multiplier)))
            text.append(small(line.sale.text, muted=False))
        return tagged(
            f"sold-{index}",
            outlined(
                ft.Row(
                    [
                        ft.Column(text, spacing=2, tight=True, expand=True),
                        ft.Text(
                            "" if line is None else f"{line.value} gold",
                            theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                        ),
                        tagged(
                            f"remove-{index}",
                            ft.IconButton(
                                ft.Icon(
                                    ft.Icons.CLOSE, semantics_label=f"Take {title} off the sale"
                                ),
                                tooltip=f"Take {title} off the sale",
                                on_click=lambda e, i=index: self.view.remove(i),
                                style=ft.ButtonStyle(padding=12),
                                disabled=closed,
                            ),
                        ),
                    ],
                    spacing=4,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                padding=ft.Padding.only(left=12, top=8, bottom=8, right=4),
            ),
        )


__all__ = ["ResultPanel", "SalePanel", "ValueStrip", "ruling_chips", "settings_link"]
