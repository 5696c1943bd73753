"""The Check panel of Choose: each finding (error, warning, good to know) in its level's
colours, with its source, its "why?", the ruling in use and its one-tap fixes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine.setup import Finding, SetupGame
from companion.ui.kit.widgets import notice, tagged, wrap
from companion.ui.setup.model import finding_why, ruling_notes, sentence, taps
from companion.ui.setup.parts import (
    LEVEL_STYLE,
    action_button,
    handler,
    ruling_line,
    why,
)
from companion.ui.theme import GAP

if TYPE_CHECKING:
    from companion.ui.setup.parts.choose import ChooseScreen


def findings_panel(view: ChooseScreen, findings: list[Finding], game: SetupGame) -> ft.Control:
    problems = [f for f in findings if f.level != "info"]
    notes = [f for f in findings if f.level == "info"]
    controls: list[ft.Control] = []
    if not problems:
        controls.append(
            notice(
                "Every rule of the chosen modules is met."
                if game.modules
                else "The base game alone: nothing to check. Tick modules to add them.",
                level="ok",
            )
        )
    for finding in problems:
        controls.append(finding_card(view, finding, game))
    if notes:
        controls.append(
            ft.ExpansionTile(
                title=ft.Text(f"Good to know ({len(notes)})"),
                leading=ft.Icon(ft.Icons.INFO_OUTLINE),
                controls=[finding_card(view, f, game) for f in notes],
                controls_padding=ft.Padding.only(bottom=8),
                tile_padding=ft.Padding.only(left=4, right=4),
                expanded_cross_axis_alignment=ft.CrossAxisAlignment.STRETCH,
                maintain_state=True,
            )
        )
    return ft.Column(controls, spacing=8)


def finding_card(view: ChooseScreen, finding: Finding, game: SetupGame) -> ft.Control:
    ctx = view.ctx
    icon, fg, bg = LEVEL_STYLE[finding.level]
    lines: list[ft.Control] = [
        ft.Row(
            [
                ft.Icon(icon, color=fg),
                ft.Text(sentence(finding.message), color=fg, expand=True),
            ],
            spacing=GAP,
            vertical_alignment=ft.CrossAxisAlignment.START,
        )
    ]
    cites = "; ".join(dict.fromkeys(ctx.catalogue.cite(s) for s in finding.sources))
    keys, rulings = finding_why(finding)
    lines.append(
        ft.Row(
            [
                ft.Container(
                    ft.Text(
                        f"Source: {cites}" if cites else "",
                        color=fg,
                        italic=True,
                        theme_style=ft.TextThemeStyle.BODY_SMALL,
                    ),
                    expand=True,
                ),
                why(ctx, keys, rulings, ident=f"why-finding-{finding.key}"),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
    )
    for note in ruling_notes(ctx.catalogue, [finding.ruling], game.rules):
        lines.append(ruling_line(ctx, note, fg))
    if finding.fixes:
        lines.append(
            wrap(
                [
                    action_button(
                        fix.label,
                        handler(view.tap, taps.apply_fix, fix),
                        ident=f"fix-{finding.key}-{i}",
                        primary=i == 0,
                    )
                    for i, fix in enumerate(finding.fixes)
                ]
            )
        )
    return tagged(
        f"finding-{finding.key}",
        ft.Container(
            ft.Column(lines, spacing=8, tight=True), bgcolor=bg, border_radius=12, padding=12
        ),
    )


__all__ = ["finding_card", "findings_panel"]
