"""The Modules panel of Choose: each module's row (box, name, marker, blurb, the dots to its
sheet) under its group's heading, built once and brought up to date in place."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine import setup as engine
from companion.engine.setup import Finding, Module, SetupGame
from companion.ui.kit.widgets import body, panel, tagged
from companion.ui.paint import Painter
from companion.ui.setup.model import flagged_modules, module_blurbs, modules_summary, taps
from companion.ui.setup.parts import LEVEL_STYLE
from companion.ui.theme import TOUCH

if TYPE_CHECKING:
    from companion.ui.setup.parts.choose import ChooseScreen


class ModuleRow:
    """One module in the list: its checkbox, name, marker, blurb and the dots to its sheet."""

    def __init__(self, view: ChooseScreen, module: Module, blurb: str) -> None:
        self.module = module
        self.blurb = blurb
        self.box = ft.Checkbox(
            value=False,
            on_change=lambda e: view.tap(taps.set_module, module.id, bool(e.control.value)),
            semantics_label=module.name,
        )
        self.name = ft.Text(module.name, theme_style=ft.TextThemeStyle.BODY_LARGE, expand=True)
        self.flag = ft.Icon(ft.Icons.ERROR_OUTLINE, size=20, visible=False)
        self.subtitle = ft.Text(blurb, theme_style=ft.TextThemeStyle.BODY_SMALL)
        self.details = ft.IconButton(
            ft.Icon(
                ft.Icons.MORE_VERT, semantics_label=f"{module.name}: pieces, source, Surprise me"
            ),
            tooltip=f"{module.name}: pieces, source, Surprise me",
            on_click=lambda e: view.open_module_sheet(module),
            style=ft.ButtonStyle(padding=12),
        )
        self.tile = ft.ListTile(
            leading=self.box,
            title=ft.Row([self.name, self.flag], spacing=4),
            subtitle=self.subtitle,
            trailing=tagged(f"module-details-{module.id}", self.details),
            on_click=lambda e: view.tap(taps.toggle_module, module.id),
            on_long_press=lambda e: view.open_module_sheet(module),
            min_height=TOUCH + 16,
            content_padding=ft.Padding.only(left=0, right=0),
            horizontal_spacing=8,
            min_leading_width=40,
        )
        self.control = tagged(f"module-{module.id}", self.tile, section=True)
        view.input_sections.append(self.control)

    def show(self, paint: Painter, game: SetupGame, flag: str | None) -> None:
        on = self.module.id in game.modules
        pin = game.pin_of(self.module.id)
        section = self.control
        paint.set(section, self.box, value=on)
        paint.set(section, self.tile, selected=on)
        paint.set(section, self.name, weight=ft.FontWeight.W_600 if on else None)
        if flag:
            paint.set(
                section,
                self.flag,
                visible=True,
                icon=LEVEL_STYLE[flag][0],
                color=ft.Colors.ERROR if flag == "error" else ft.Colors.AMBER_800,
                tooltip="See the check" if flag == "error" else "See the suggestion",
            )
        else:
            paint.set(section, self.flag, visible=False)
        subtitle = self.blurb + {
            "keep": " · Always in Surprise me",
            "never": " · Never in Surprise me",
        }.get(pin or "", "")
        paint.set(section, self.subtitle, value=subtitle)
        icon = {"keep": ft.Icons.PUSH_PIN, "never": ft.Icons.BLOCK}.get(
            pin or "", ft.Icons.MORE_VERT
        )
        paint.set(section, self.details, icon=icon)


class ModulesPanel:
    """Every module of Merchants Cove by group, and a line saying how many are chosen."""

    def __init__(self, view: ChooseScreen) -> None:
        self.paint = view.paint
        self.blurbs = module_blurbs(engine.modules())
        self.rows = [ModuleRow(view, m, self.blurbs[m.id]) for m in engine.modules()]
        rows: list[ft.Control] = []
        group: str | None = None
        for row in self.rows:
            if row.module.group != group:
                group = row.module.group
                rows.append(
                    ft.Container(
                        ft.Text(
                            group,
                            theme_style=ft.TextThemeStyle.LABEL_LARGE,
                            color=ft.Colors.PRIMARY,
                        ),
                        padding=ft.Padding.only(left=8, top=8),
                    )
                )
            rows.append(row.control)
        self.summary = body("", muted=True)
        self.section = panel(
            self.summary, ft.Column(rows, spacing=0), title="Modules", padding=12, section=True
        )

    def render(self, game: SetupGame, findings: list[Finding]) -> None:
        flags = flagged_modules(findings, game.modules)
        self.paint.set(self.section, self.summary, value=modules_summary(game))
        for row in self.rows:
            row.show(self.paint, game, flags.get(row.module.id))


__all__ = ["ModuleRow", "ModulesPanel"]
