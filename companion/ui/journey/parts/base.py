"""What every Merchant's Journey screen shares: its routes, this session at the tables, and
the panel saying how the app reads the rules."""

from __future__ import annotations

import flet as ft

from companion.engine import journey as engine
from companion.engine.core.words import signed
from companion.engine.journey import HouseRules
from companion.ui.context import AppContext
from companion.ui.journey.model import house_rules_summary, rulings_in_use
from companion.ui.journey.model.why import Why
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import body, button, panel, source_text, tagged
from companion.ui.live import Painter, Slot

TOOL_ID = "journey"
ROUTE = "/calculators/journey"
LOBBY = 0  # the draft key of the new-game form (tables count from 1)


def table_route(table_id: int) -> str:
    return f"{ROUTE}/{table_id}"


def same_controls(shown: list[ft.Control], wanted: list[ft.Control]) -> bool:
    """The same controls in the same order (by identity: controls compare field by field)."""
    return len(shown) == len(wanted) and all(a is b for a, b in zip(shown, wanted, strict=True))


class WhySlot:
    """A "why?" link that follows the number it sits beside: rebuilt only when what the
    number rests on (its :class:`Why`) changed; hidden for None."""

    def __init__(self, ctx: AppContext, paint: Painter, ident: str, *, label: str = "Why?") -> None:
        self.ctx = ctx
        self.ident = ident
        self.label = label
        self.slot = Slot(paint)
        self.box = self.slot.box

    def set(self, why: Why | None) -> None:
        self.slot.set(
            why,
            lambda: (
                None
                if why is None
                else why_link(
                    self.ctx, why.entries, why.rulings, label=self.label, ident=self.ident
                )
            ),
        )


def readings_panel(ctx: AppContext, rules: HouseRules) -> ft.Control:
    """How the app reads the rules, each reading in use, and the way to Settings."""
    lines: list[ft.Control] = []
    for line in rulings_in_use(ctx.catalogue, rules):
        lines.append(
            ft.Column(
                [
                    ft.Row(
                        [
                            ft.Text(line.topic, weight=ft.FontWeight.W_600, expand=True),
                            *(
                                [ft.Icon(ft.Icons.HOME_WORK_OUTLINED, size=18)]
                                if line.house_rule
                                else []
                            ),
                        ]
                    ),
                    body(("House rule: " if line.house_rule else "") + line.text, muted=True),
                ],
                spacing=2,
            )
        )
    lines.append(
        source_text(
            ctx.catalogue,
            [s for r in engine.RULINGS for s in ctx.catalogue.ruling(r).sources],
        )
    )
    lines.append(
        button(
            "Change in Settings",
            lambda e: ctx.navigate("/settings"),
            icon=ft.Icons.TUNE,
            kind="outlined",
            ident="journey-settings",
        )
    )
    return tagged(
        "journey-readings",
        panel(
            ft.ExpansionTile(
                title=ft.Text("How the app reads the rules"),
                subtitle=ft.Text(house_rules_summary(ctx.catalogue, rules)),
                leading=ft.Icon(ft.Icons.RULE),
                controls=[ft.Column(lines, spacing=10)],
                controls_padding=ft.Padding.symmetric(horizontal=8, vertical=8),
                expanded_cross_axis_alignment=ft.CrossAxisAlignment.START,
            ),
            padding=4,
        ),
    )


# -- one game's table --------------------------------------------------------------------------


__all__ = [
    "LOBBY",
    "ROUTE",
    "TOOL_ID",
    "WhySlot",
    "readings_panel",
    "same_controls",
    "signed",
    "table_route",
]
