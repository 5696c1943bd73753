"""Calculators › Merchants Cove sale value: one Good at a time, with the Master Craft changes.

From the top: who stands at the Pier (steppers by type, the Rogue card in play), the Good
(its colour or a Paladin Good, base value, Display Case, Enchantment, a Fence sale), then its
value with the working, the rulings it rests on and the rule sources; below, the Goods already
sold at this Pier with their total. The state lives in :mod:`companion.ui.logic.cove_goods`
and is saved after every tap.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

import flet as ft

from companion.engine import cove_goods as cg
from companion.engine.cove_goods import GoodsError, HouseRules, PierSale
from companion.history import StoreError
from companion.rules import Source
from companion.ui.context import AppContext
from companion.ui.logic.cove_goods import (
    DAMAGED_KEY,
    PALADIN_GOOD,
    ROGUE_CARDS,
    STATE_KEY,
    LedgerLine,
    Result,
    RulingNote,
    SaleState,
    StateError,
    good_title,
    house_rules_in_use,
    kind_label,
    kinds,
    ledger,
    multiplier_text,
    paladin_note,
    readable,
    ruling_notes,
    un_fairies_note,
)
from companion.ui.logic.saved import restore
from companion.ui.rulings import ruling_chip
from companion.ui.screen import RouteNotFound, Screen
from companion.ui.theme import GAP, TOUCH
from companion.ui.widgets import (
    Steps,
    body,
    button,
    mounted,
    notice,
    panel,
    small,
    source_text,
    tagged,
    wrap,
)

log = logging.getLogger(__name__)

TITLE = "Merchants Cove sale value"


def strip_text(text: str) -> ft.Text:
    return ft.Text(
        text, theme_style=ft.TextThemeStyle.BODY_SMALL, color=ft.Colors.ON_PRIMARY_CONTAINER
    )


class Stepper:
    """``−  3  +`` with touch-sized buttons, updated in place (no rebuild on a tap)."""

    def __init__(
        self,
        ident: str,
        label: str,
        on_change: Callable[[int], object],
        *,
        minimum: int,
        maximum: int,
    ) -> None:
        self.value = minimum
        self.minimum = minimum
        self.maximum = maximum
        self.on_change = on_change
        self.steps = Steps(
            ft.Text("", theme_style=ft.TextThemeStyle.TITLE_MEDIUM, text_align=ft.TextAlign.CENTER),
            lambda step: self.on_change(self.value + step),
            fewer=f"One {label} fewer",
            more=f"One {label} more",
            ident=ident,
        )
        self.control = self.steps.control

    def show(self, value: int) -> None:
        self.value = value
        self.steps.show(value, self.minimum, self.maximum)


class CoveGoodsView:
    """Holds the state, builds the controls once, updates them after every tap and saves."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.house = HouseRules.from_settings(ctx.house_rules())
        self.problem: str | None = None
        self.state, damaged = restore(
            ctx,
            STATE_KEY,
            SaleState.from_dict,
            SaleState,
            lambda state: ctx.set_setting(STATE_KEY, state.to_dict()),
            error=StateError,
            what="sale-value",
            logger=log,
            tolerate=(StoreError,),
        )
        if damaged:
            self.problem = (
                f"The saved sale could not be read back ({damaged}). A fresh one is ready; the "
                f"damaged save is kept in the database under “{DAMAGED_KEY}”."
            )
        data = cg.facts()

        # -- the Pier
        self.counters: dict[str, Stepper] = {}
        for type_id in data.types:
            limit = data.paladins.meeples if type_id == data.paladin_type else cg.MAX_COUNT
            self.counters[type_id] = Stepper(
                f"count-{type_id}",
                data.adventurer(type_id).one,
                self.count_setter(type_id),
                minimum=0,
                maximum=limit,
            )
        self.rogue_card = ft.SegmentedButton(
            segments=[ft.Segment(value=v, label=ft.Text(t)) for v, t in ROGUE_CARDS],
            selected=[self.state.rogue_card],
            show_selected_icon=False,
            on_change=lambda e: self.attempt(
                lambda: self.state.with_rogue_card((e.control.selected or ["other"])[0])
            ),
        )
        self.pier_notes = ft.Column(spacing=8)
        self.pier_source = self.cite(data.adventurer("warriors").source)

        # -- the Good
        self.kind_chips: dict[str, ft.Chip] = {
            kind: ft.Chip(
                label=ft.Text(kind_label(kind)),
                selected=False,
                show_checkmark=False,
                on_select=lambda e, k=kind: self.attempt(lambda: self.state.with_kind(k)),
            )
            for kind in kinds()
        }
        self.base = Stepper(
            "base",
            "base value",
            lambda n: self.attempt(lambda: self.state.with_base(n)),
            minimum=1,
            maximum=cg.MAX_BASE,
        )
        self.base_row = ft.Row(
            [ft.Text("Base value", expand=True), self.base.control],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        self.paladin_base = small("")
        self.display_case = ft.Switch(
            label=f"Display Case (+{data.display_case.bonus} base value)",
            on_change=lambda e: self.attempt(
                lambda: self.state.with_display_case(bool(e.control.value))
            ),
        )
        self.enchanted = ft.Switch(
            label=f"Enchanted (base value ×{data.enchantment.factor})",
            on_change=lambda e: self.attempt(
                lambda: self.state.with_enchanted(bool(e.control.value))
            ),
        )
        self.fence = ft.Switch(
            label=f"Fence sale (×{data.fence.factor}, no Pier)",
            on_change=lambda e: self.attempt(lambda: self.state.with_fence(bool(e.control.value))),
        )
        self.fence_box = tagged("fence-sale", self.fence)

        # -- outputs
        self.result_box = ft.Column(spacing=8)
        self.strip = ft.Container(
            border_radius=12,
            padding=ft.Padding.symmetric(vertical=8, horizontal=12),
            bgcolor=ft.Colors.PRIMARY_CONTAINER,
        )
        self.add_button = ft.FilledButton(
            content="Add",
            icon=ft.Icons.ADD_SHOPPING_CART,
            on_click=lambda e: self.add(),
            height=TOUCH,
            tooltip="Add this Good to this Pier's sale",
        )
        self.add_box = tagged("add-to-pier", self.add_button)
        self.sale_box = ft.Column(spacing=8)
        self.house_box = ft.Column(spacing=8)

    # ====================================================================== state changes
    def save(self) -> None:
        self.ctx.set_setting(STATE_KEY, self.state.to_dict())

    def attempt(self, make: Callable[[], SaleState], *, undo: str | None = None) -> bool:
        """Adopt the state ``make`` returns, save it and redraw; an illegal change says why
        and changes nothing. ``undo``: a message offering to take the change back."""
        before = self.state
        try:
            new_state = make()
        except (GoodsError, StateError) as exc:
            self.ctx.notify(readable(exc), error=True)
            self.render()  # put switches and chips back to what the state says
            return False
        self.state = new_state
        self.problem = None
        try:
            self.save()
        except StoreError as exc:
            self.ctx.notify(f"Could not save: {exc}", error=True)
        self.render()
        if undo:
            self.ctx.notify(undo, action="Undo", on_action=lambda: self.restore(before))
        return True

    def count_setter(self, type_id: str) -> Callable[[int], object]:
        def set_count(count: int) -> object:
            return self.attempt(lambda: self.state.with_count(type_id, count))

        return set_count

    def restore(self, state: SaleState) -> None:
        self.attempt(lambda: state)

    def add(self) -> None:
        if self.attempt(lambda: self.state.add_to_pier(self.house)):
            good = self.state.sold[-1]
            self.ctx.notify(f"{good_title(good)} added to this Pier's sale.")

    def remove(self, index: int) -> None:
        good = self.state.sold[index]
        self.attempt(lambda: self.state.remove(index), undo=f"{good_title(good)} taken off.")

    def clear_sale(self) -> None:
        self.attempt(lambda: self.state.clear_sale(), undo="This Pier's sale was cleared.")

    def new_pier(self) -> None:
        self.attempt(
            lambda: self.state.new_pier(),
            undo="Counts and sale cleared for the next Pier.",
        )

    # ========================================================================= rendering
    def render(self) -> None:
        state = self.state
        for type_id, counter in self.counters.items():
            counter.show(state.pier.count(type_id))
        self.rogue_card.selected = [state.rogue_card]
        notes: list[ft.Control] = []
        fairies = un_fairies_note(state.pier, state.rogue_card)
        if fairies:
            notes.append(notice(fairies, level="warning" if state.pier.rogues else "info"))
        if state.rogue_card == "fence":
            notes.append(
                small(
                    "Fence: whenever a Boat carrying Rogues docks, anyone may take a Corruption "
                    "card to sell one Good off their Sale Shelf for triple its base value. "
                    "Switch on “Fence sale” below to price it."
                )
            )
        self.pier_notes.controls = notes
        data = cg.facts()
        sources = [data.adventurer("warriors").source]
        if state.pier.paladins:
            sources.append(data.paladins.source)
        if state.rogue_card == "un_fairies":
            sources.append(data.un_fairies.source)
        if state.rogue_card == "fence":
            sources.append(data.fence.source)
        self.pier_source.value = self.cite(*sources).value

        draft = state.draft
        for kind, chip in self.kind_chips.items():
            chip.selected = kind == draft.kind
        paladin = draft.kind == PALADIN_GOOD
        self.base_row.visible = not paladin
        self.base.show(draft.base)
        self.paladin_base.visible = paladin
        self.paladin_base.value = (
            f"A Paladin Good has base value {data.paladin_good.base}, counts as small and large, "
            "and sells at any Pier to the type of adventurer you choose there: the app picks "
            "the one that pays most."
        )
        self.display_case.value = draft.display_case
        self.enchanted.value = draft.enchanted
        self.fence.value = state.fence
        self.fence_box.visible = state.rogue_card == "fence"

        self.render_result()
        self.render_sale()
        self.render_house_rules()
        if mounted(self.result_box):
            self.ctx.page.update()

    def render_result(self) -> None:
        result = self.state.result(self.house)
        self.render_strip(result)
        lines: list[ft.Control] = []
        if result.sale is None:
            lines.append(tagged("sale-error", notice(result.error or "", level="error")))
            lines.append(self.settings_link())
        else:
            sale = result.sale
            lines.append(
                tagged(
                    "sale-ledger",
                    ft.Column(
                        [self.ledger_row(row) for row in ledger(result, self.state.pier)],
                        spacing=4,
                    ),
                )
            )
            if result.multiplier is not None and result.multiplier.value == 0:
                lines.append(
                    small("Nobody here buys this Good: count the adventurers at the Pier.")
                )
            if sale.fence:
                lines.append(
                    small(
                        f"The Fence sale costs {cg.facts().fence.corruption} Corruption card, "
                        "drawn when the Boat docks."
                    )
                )
            for unused in sale.unused:
                lines.append(
                    small(f"The {unused.name} is used up on this sale without adding to it.")
                )
            lines.extend(self.ruling_chips(result.rulings))
            if result.sources:
                lines.append(source_text(self.ctx.catalogue, list(result.sources)))
        self.result_box.controls = lines
        self.add_box.visible = not self.state.fence
        self.add_button.disabled = result.sale is None

    def ledger_row(self, row: LedgerLine) -> ft.Control:
        weight = ft.FontWeight.BOLD if row.total else None
        line = ft.Row(
            [
                ft.Text(row.label, expand=True, weight=weight),
                ft.Text(row.amount, weight=weight, text_align=ft.TextAlign.RIGHT),
            ],
            vertical_alignment=ft.CrossAxisAlignment.START,
        )
        if not row.total:
            return line
        return ft.Column([ft.Divider(height=1), line], spacing=4)

    def render_strip(self, result: Result) -> None:
        """Always in sight above the scrolling part: the value and its working, the button
        that adds the Good to this Pier's sale, and the sale's total so far."""
        ink = ft.Colors.ON_PRIMARY_CONTAINER  # readable on the strip in light and dark themes
        head: list[ft.Control] = [strip_text(good_title(result.good))]
        if result.sale is None:
            head.append(
                ft.Text("Can't be priced", theme_style=ft.TextThemeStyle.TITLE_MEDIUM, color=ink)
            )
        else:
            head.append(
                tagged(
                    "sale-value",
                    ft.Text(
                        f"{result.sale.value} gold",
                        theme_style=ft.TextThemeStyle.HEADLINE_MEDIUM,
                        weight=ft.FontWeight.BOLD,
                        color=ink,
                    ),
                )
            )
            head.append(tagged("sale-working", strip_text(result.sale.text)))
        rows: list[ft.Control] = [
            ft.Row(
                [ft.Column(head, spacing=0, tight=True, expand=True), self.add_box],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        ]
        if self.state.sold:
            sale = self.state.pier_sale(self.house)
            count = len(self.state.sold)
            total = f"{sale.total} gold" if isinstance(sale, PierSale) else "can't be priced"
            rows.append(
                tagged(
                    "strip-total",
                    strip_text(
                        f"Sold at this Pier: {count} Good{'' if count == 1 else 's'}, {total}"
                    ),
                )
            )
        self.strip.content = ft.Column(rows, spacing=4, tight=True)

    def render_sale(self) -> None:
        state = self.state
        if not state.sold:
            self.sale_box.controls = [
                body(
                    "Selling several Goods here? Price each one above and add it: the list "
                    "keeps the total, with one colour for any Paladins at the Pier.",
                    muted=True,
                )
            ]
            return
        sale = state.pier_sale(self.house)
        rows: list[ft.Control] = []
        for i, good in enumerate(state.sold):
            line = sale.lines[i] if isinstance(sale, PierSale) else None
            rows.append(self.sale_row(i, good_title(good), line))
        if isinstance(sale, str):
            rows.append(tagged("pier-sale-error", notice(sale, level="error")))
            rows.append(self.settings_link())
        else:
            note = paladin_note(sale)
            if note:
                rows.append(body(note))
            rows.append(
                tagged(
                    "pier-total",
                    ft.Text(
                        f"Total {sale.total} gold",
                        theme_style=ft.TextThemeStyle.HEADLINE_SMALL,
                        weight=ft.FontWeight.BOLD,
                    ),
                )
            )
            if len(sale.lines) > 1:
                rows.append(tagged("pier-working", body(sale.text)))
            rows.extend(self.ruling_chips(sale.rulings))
        rows.append(
            wrap(
                [
                    button(
                        "Clear the sale",
                        lambda e: self.clear_sale(),
                        icon=ft.Icons.REMOVE_SHOPPING_CART_OUTLINED,
                        kind="outlined",
                        ident="clear-sale",
                    ),
                ]
            )
        )
        self.sale_box.controls = rows

    def sale_row(self, index: int, title: str, line: cg.SaleLine | None) -> ft.Control:
        text: list[ft.Control] = [ft.Text(f"{index + 1}. {title}", weight=ft.FontWeight.W_600)]
        if line is not None:
            text.append(small(multiplier_text(line.good, line.multiplier)))
            text.append(small(line.sale.text, muted=False))
        return tagged(
            f"sold-{index}",
            ft.Container(
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
                                ft.Icons.CLOSE,
                                tooltip=f"Take {title} off the sale",
                                on_click=lambda e, i=index: self.remove(i),
                                style=ft.ButtonStyle(padding=12),
                            ),
                        ),
                    ],
                    spacing=4,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                border_radius=12,
                padding=ft.Padding.only(left=12, top=8, bottom=8, right=4),
            ),
        )

    def render_house_rules(self) -> None:
        labels = house_rules_in_use(self.ctx.catalogue, self.house)
        if not labels:
            self.house_box.controls = []
            return
        self.house_box.controls = [
            notice("House rules on: " + "; ".join(labels) + ".", level="info"),
        ]

    # ------------------------------------------------------------------ rulings and sources
    def settings_link(self) -> ft.Control:
        return button(
            "House rules in Settings",
            lambda e: self.ctx.navigate("/settings"),
            icon=ft.Icons.SETTINGS_OUTLINED,
            kind="text",
            ident="open-settings-link",
        )

    def ruling_chips(self, ids: Sequence[str]) -> list[ft.Control]:
        return [
            self.ruling_chip(note) for note in ruling_notes(self.ctx.catalogue, ids, self.house)
        ]

    def ruling_chip(self, note: RulingNote) -> ft.Control:
        """A line naming a ruling; a tap explains it and can switch the house rule there."""
        return ruling_chip(self.ctx, note.id)

    def cite(self, *sources: Source) -> ft.Text:
        return source_text(self.ctx.catalogue, list(sources))

    # =========================================================================== building
    def build(self) -> Screen:
        data = cg.facts()
        self.render()
        counters: list[ft.Control] = [
            ft.Container(
                ft.Row(
                    [
                        ft.Text(data.adventurer(type_id).name, expand=True),
                        counter.control,
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                col={"xs": 12, "sm": 6},
            )
            for type_id, counter in self.counters.items()
        ]
        pier_panel = panel(
            body("Count the adventurers standing at the Pier you sell at.", muted=True),
            ft.ResponsiveRow(counters, spacing=8, run_spacing=0),
            ft.Text("Rogue card in play", weight=ft.FontWeight.W_600),
            tagged("rogue-card", self.rogue_card),
            self.pier_notes,
            *self.ruling_chips([cg.RULING_PIER_MULTIPLIER, cg.RULING_ONE_ROGUE_CARD]),
            self.pier_source,
            title="At the Pier",
        )
        good_panel = panel(
            ft.Text("The Good's colour, or a Paladin Good", weight=ft.FontWeight.W_600),
            wrap(
                [tagged(f"kind-{kind}", chip) for kind, chip in self.kind_chips.items()],
                spacing=6,
            ),
            self.base_row,
            self.paladin_base,
            tagged("display-case", self.display_case),
            tagged("enchanted", self.enchanted),
            self.fence_box,
            title="The Good",
        )
        result_panel = panel(self.result_box, title="How it adds up")
        sale_panel = panel(
            self.sale_box,
            button(
                "Next Pier: clear counts and sale",
                lambda e: self.new_pier(),
                icon=ft.Icons.RESTART_ALT,
                kind="text",
                ident="new-pier",
            ),
            title="Sold at this Pier",
        )
        top: list[ft.Control] = []
        if self.problem:
            top.append(tagged("damaged-save", notice(self.problem, level="warning")))
        scroller = ft.Column(
            [
                *top,
                self.house_box,
                ft.ResponsiveRow(
                    [
                        ft.Column([pier_panel, good_panel], spacing=GAP, col={"xs": 12, "md": 6}),
                        ft.Column([result_panel, sale_panel], spacing=GAP, col={"xs": 12, "md": 6}),
                    ],
                    spacing=GAP,
                    run_spacing=GAP,
                ),
            ],
            spacing=GAP,
            expand=True,
            scroll=ft.ScrollMode.AUTO,
        )
        content = ft.Column([tagged("value-strip", self.strip), scroller], spacing=8, expand=True)
        return Screen(title=TITLE, content=content, scroll=False)


def open_cove_goods(ctx: AppContext, rest: list[str]) -> Screen:
    if rest:
        raise RouteNotFound("/calculators/cove-goods/" + "/".join(rest))
    return CoveGoodsView(ctx).build()


__all__ = ["CoveGoodsView", "open_cove_goods"]
