"""The panel saying how the app reads the rules: each reading in use, its sources, and the
way to Settings."""

from __future__ import annotations

import flet as ft

from companion.engine import journey as engine
from companion.engine.journey import HouseRules
from companion.ui import settings
from companion.ui.context import AppContext
from companion.ui.journey.model import house_rules_summary, rulings_in_use
from companion.ui.kit.widgets import body, button, panel, source_text, tagged


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
            lambda e: ctx.navigate(settings.ROUTE),
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


__all__ = ["readings_panel"]
