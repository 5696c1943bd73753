"""A module's sheet (the dots beside it on Choose): its group, description, pieces and source,
a "why?" to its rules entry, and whether Surprise me always, never or may draw it. The sheet
follows the table while it is open: another phone's mark shows on it at once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from companion.engine import setup as engine
from companion.engine.setup import Module, SetupGame
from companion.ui.kit.widgets import body, heading, tagged
from companion.ui.paint import Painter
from companion.ui.setup.model import module_why, taps
from companion.ui.setup.parts import small, why
from companion.ui.theme import TOUCH

if TYPE_CHECKING:
    from companion.ui.setup.parts.choose import ChooseScreen

PIN_CHOICES: tuple[tuple[str, str, ft.IconData], ...] = (
    ("either", "Either", ft.Icons.SHUFFLE),
    ("keep", "Always", ft.Icons.PUSH_PIN),
    ("never", "Never", ft.Icons.BLOCK),
)


class ModuleSheet:
    """The bottom sheet of one module, built once when opened."""

    def __init__(self, view: ChooseScreen, module: Module) -> None:
        self.view = view
        self.module = module
        ctx = view.ctx
        components = engine.module_components(module.id)
        lines: list[ft.Control] = [
            heading(module.name),
            small(module.group),
            body(module.description),
        ]
        if components:
            lines.append(ft.Text("In the box", theme_style=ft.TextThemeStyle.LABEL_LARGE))
            if len(components) <= 5:
                lines.extend(body(f"• {c}") for c in components)
            else:  # a long list as one paragraph, so the sheet still fits a small phone
                lines.append(body(" · ".join(str(c) for c in components)))
        lines.append(
            ft.Row(
                [
                    ft.Container(
                        small(f"Source: {ctx.catalogue.cite(module.source)}", italic=True),
                        expand=True,
                    ),
                    why(ctx, module_why(module.id), ident=f"why-module-{module.id}"),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        )
        self.pins = ft.SegmentedButton(
            segments=[
                ft.Segment(value=v, label=ft.Text(t), icon=ft.Icon(i)) for v, t, i in PIN_CHOICES
            ],
            selected=["either"],
            show_selected_icon=False,
            on_change=self._choose,
        )
        self.pins_section = tagged("pin-choice", self.pins, section=True)
        lines += [
            ft.Text("When you tap Surprise me", theme_style=ft.TextThemeStyle.LABEL_LARGE),
            self.pins_section,
            small(
                "Always: every draw includes it. Never: no draw includes it."
                + (
                    ""
                    if module.surprise
                    else " The rulebook doesn't describe this one, so it is only drawn when "
                    "set to Always."
                )
            ),
            ft.Row(
                [ft.TextButton("Close", on_click=lambda e: self.close(), height=TOUCH)],
                alignment=ft.MainAxisAlignment.END,
            ),
        ]
        self.sheet = ft.BottomSheet(
            content=ft.Container(
                ft.Column(lines, spacing=8, tight=True),
                padding=ft.Padding.only(left=20, right=20, top=8, bottom=16),
            ),
            show_drag_handle=True,
            scrollable=True,
            on_dismiss=lambda e: self.view.sheet_closed(self),
        )

    def _choose(self, e: Any) -> None:
        picked = (e.control.selected or ["either"])[0]
        self.view.tap(taps.set_pin, self.module.id, None if picked == "either" else picked)

    def open(self, game: SetupGame) -> None:
        self.render(game, Painter())
        self.view.ctx.page.show_dialog(self.sheet)

    def render(self, game: SetupGame, paint: Painter) -> None:
        pin = game.pin_of(self.module.id)
        paint.set(self.pins_section, self.pins, selected=[pin or "either"])

    def close(self) -> None:
        self.view.sheet_closed(self)
        self.view.ctx.page.pop_dialog()


__all__ = ["PIN_CHOICES", "ModuleSheet"]
