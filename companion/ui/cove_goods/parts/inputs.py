"""The sale value's inputs, built once and painted in place: who stands at the Pier (steppers
by type, the Rogue card in play) and the Good being priced (its colour or a Paladin Good,
base value, Display Case, Enchantment, a Fence sale)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.engine import cove_goods as cg
from companion.rules import Source
from companion.ui.cove_goods.model import (
    PALADIN_GOOD,
    ROGUE_CARDS,
    SaleState,
    kind_label,
    kinds,
    presets,
    un_fairies_note,
)
from companion.ui.cove_goods.model.presets import PALADINS
from companion.ui.kit.rulings import ruling_chip
from companion.ui.kit.widgets import Steps, body, notice, panel, small, source_text, tagged, wrap
from companion.ui.paint import Painter, Slot

if TYPE_CHECKING:
    from companion.ui.cove_goods.screen import CoveScreen


class Stepper:
    """``−  3  +`` with touch-sized buttons, painted in place (no rebuild on a tap)."""

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
        self.steps = Steps(
            ft.Text("", theme_style=ft.TextThemeStyle.TITLE_MEDIUM, text_align=ft.TextAlign.CENTER),
            lambda step: on_change(self.value + step),
            fewer=f"One {label} fewer",
            more=f"One {label} more",
            ident=ident,
        )
        self.control = self.steps.control

    def paint(self, paint: Painter, section: ft.BaseControl, value: int, *, closed: bool) -> None:
        self.value = value
        paint.set(section, self.steps.count, value=str(value))
        paint.set(section, self.steps.minus, disabled=closed or value <= self.minimum)
        paint.set(section, self.steps.plus, disabled=closed or value >= self.maximum)


class PierPanel:
    """At the Pier: a stepper per type of adventurer, the Rogue card, notes and sources."""

    def __init__(self, view: CoveScreen) -> None:
        self.view = view
        data = cg.facts()
        self.counters: dict[str, Stepper] = {}
        for type_id in data.types:
            limit = data.paladins.meeples if type_id == data.paladin_type else cg.MAX_COUNT
            self.counters[type_id] = Stepper(
                f"count-{type_id}",
                data.adventurer(type_id).one,
                functools.partial(view.set_count, type_id),
                minimum=0,
                maximum=limit,
            )
        self.rogue_card = ft.SegmentedButton(
            segments=[ft.Segment(value=v, label=ft.Text(t)) for v, t in ROGUE_CARDS],
            selected=["other"],
            show_selected_icon=False,
            on_change=lambda e: view.set_rogue_card((e.control.selected or ["other"])[0]),
        )
        self.notes = Slot(view.paint)
        self.source = source_text(view.ctx.catalogue, [data.adventurer("warriors").source])
        self.counter_rows: dict[str, ft.Container] = {
            type_id: ft.Container(
                ft.Row(
                    [ft.Text(data.adventurer(type_id).name, expand=True), counter.control],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                col={"xs": 12, "sm": 6},
            )
            for type_id, counter in self.counters.items()
        }
        counters: list[ft.Control] = list(self.counter_rows.values())
        self.control = panel(
            body("Count the adventurers standing at the Pier you sell at.", muted=True),
            ft.ResponsiveRow(counters, spacing=8, run_spacing=0),
            ft.Text("Rogue card in play", weight=ft.FontWeight.W_600),
            tagged("rogue-card", self.rogue_card),
            self.notes.box,
            ruling_chip(view.ctx, cg.RULING_PIER_MULTIPLIER),
            ruling_chip(view.ctx, cg.RULING_ONE_ROGUE_CARD),
            self.source,
            title="At the Pier",
            section=True,
        )

    def paint(self, state: SaleState, *, closed: bool) -> None:
        paint = self.view.paint
        offered = self.view.offered
        data = cg.facts()
        for type_id, counter in self.counters.items():
            count = state.pier.count(type_id)
            counter.paint(paint, self.control, count, closed=closed)
            shown = type_id != data.paladin_type or count > 0 or offered(PALADINS)
            paint.set(self.control, self.counter_rows[type_id], visible=shown)
        paint.set(self.control, self.rogue_card, selected=[state.rogue_card], disabled=closed)
        fairies = un_fairies_note(state.pier, state.rogue_card)
        fence = state.rogue_card == "fence"
        level = "warning" if state.pier.rogues else "info"

        def notes() -> ft.Control | None:
            items: list[ft.Control] = []
            if fairies:
                items.append(notice(fairies, level=level))
            if fence:
                items.append(
                    small(
                        "Fence: whenever a Boat carrying Rogues docks, anyone may take a "
                        "Corruption card to sell one Good off their Sale Shelf for triple its "
                        "base value. Switch on “Fence sale” below to price it."
                    )
                )
            return ft.Column(items, spacing=8) if items else None

        self.notes.set((fairies, level, fence), notes)
        sources: list[Source] = [data.adventurer("warriors").source]
        if state.pier.paladins:
            sources.append(data.paladins.source)
        if state.rogue_card == "un_fairies":
            sources.append(data.un_fairies.source)
        if fence:
            sources.append(data.fence.source)
        cited = source_text(self.view.ctx.catalogue, sources).value
        paint.set(self.control, self.source, value=cited)


class GoodPanel:
    """The Good being priced: this device's own, until it is added to the Pier's sale."""

    def __init__(self, view: CoveScreen) -> None:
        self.view = view
        data = cg.facts()
        self.kind_chips: dict[str, ft.Chip] = {
            kind: ft.Chip(
                label=ft.Text(kind_label(kind)),
                selected=False,
                show_checkmark=False,
                on_select=lambda e, k=kind: view.change(lambda s: s.with_kind(k)),
            )
            for kind in kinds()
        }
        self.base = Stepper(
            "base",
            "base value",
            lambda n: view.change(lambda s: s.with_base(n)),
            minimum=1,
            maximum=cg.MAX_BASE,
        )
        self.base_row = ft.Row(
            [ft.Text("Base value", expand=True), self.base.control],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        self.paladin_base = small(
            f"A Paladin Good has base value {data.paladin_good.base}, counts as small and large, "
            "and sells at any Pier to the type of adventurer you choose there: the app picks "
            "the one that pays most."
        )
        self.display_case = ft.Switch(
            label=f"Display Case (+{data.display_case.bonus} base value)",
            on_change=lambda e: view.change(lambda s: s.with_display_case(bool(e.control.value))),
        )
        self.enchanted = ft.Switch(
            label=f"Enchanted (base value ×{data.enchantment.factor})",
            on_change=lambda e: view.change(lambda s: s.with_enchanted(bool(e.control.value))),
        )
        self.fence = ft.Switch(
            label=f"Fence sale (×{data.fence.factor}, no Pier)",
            on_change=lambda e: view.change(lambda s: s.with_fence(bool(e.control.value))),
        )
        self.fence_box = tagged("fence-sale", self.fence)
        self.kind_boxes = {
            kind: tagged(f"kind-{kind}", chip) for kind, chip in self.kind_chips.items()
        }
        self.display_case_box = tagged("display-case", self.display_case)
        self.enchanted_box = tagged("enchanted", self.enchanted)
        self.control = panel(
            ft.Text("The Good's colour, or a Paladin Good", weight=ft.FontWeight.W_600),
            wrap(list(self.kind_boxes.values()), spacing=6),
            self.base_row,
            self.paladin_base,
            self.display_case_box,
            self.enchanted_box,
            self.fence_box,
            title="The Good",
            section=True,
        )

    def paint(self, state: SaleState, *, closed: bool) -> None:
        paint = self.view.paint
        section = self.control
        draft = state.draft
        for kind, chip in self.kind_chips.items():
            paint.set(section, chip, selected=kind == draft.kind, disabled=closed)
        paladin = draft.kind == PALADIN_GOOD
        paint.set(section, self.base_row, visible=not paladin)
        self.base.paint(paint, section, draft.base, closed=closed)
        paint.set(section, self.paladin_base, visible=paladin)
        paint.set(section, self.display_case, value=draft.display_case, disabled=closed)
        paint.set(section, self.enchanted, value=draft.enchanted, disabled=closed)
        paint.set(section, self.fence, value=state.fence, disabled=closed)
        paint.set(section, self.fence_box, visible=state.rogue_card == "fence")
        offered = self.view.offered
        # A piece tonight's modules do not bring is left out, unless it is in use already.
        paint.set(
            section,
            self.kind_boxes[PALADIN_GOOD],
            visible=paladin or offered(presets.PALADIN_GOOD),
        )
        paint.set(
            section,
            self.display_case_box,
            visible=draft.display_case or offered(presets.DISPLAY_CASES),
        )
        paint.set(
            section,
            self.enchanted_box,
            visible=draft.enchanted or offered(presets.ENCHANTMENTS),
        )


__all__ = ["GoodPanel", "PierPanel", "Stepper"]
