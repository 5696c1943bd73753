"""The card picker of a Journey table: the twelve civilizations with the copies left, and the
card this device has chosen (its own draft: another phone choosing changes nothing here)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine import journey as engine
from companion.engine.journey import JourneyGame
from companion.ui.context import AppContext
from companion.ui.journey.model import JourneyDraft, card_line, turn_ask
from companion.ui.journey.model.why import Why
from companion.ui.journey.parts import WhySlot
from companion.ui.kit.widgets import small, tagged
from companion.ui.paint import Painter


class PickerPart:
    """``card-<rank>`` tiles (each a section: choosing a card sends two tiles, not twelve)
    and ``chosen-card``. Once a card is chosen the tiles fold away behind one line (the card,
    its why?, and ``change-card``), so the row ends it can go on are on screen below."""

    def __init__(
        self,
        ctx: AppContext,
        paint: Painter,
        draft: JourneyDraft,
        choose: Callable[[str | None], None],
    ) -> None:
        self.paint = paint
        self.draft = draft
        self.tiles: dict[str, tuple[ft.Container, ft.Text, ft.Text]] = {}
        self.boxes: dict[str, ft.Control] = {}
        self._choosers: dict[str, Callable[[Any], None]] = {}
        self._choose = choose
        self.grid = ft.ResponsiveRow(
            [self._tile(rank) for rank in engine.ranks()], spacing=6, run_spacing=6
        )
        self.ask = ft.Text("", theme_style=ft.TextThemeStyle.TITLE_MEDIUM)
        self.chosen_line = ft.Text(
            "", theme_style=ft.TextThemeStyle.BODY_LARGE, weight=ft.FontWeight.W_600
        )
        self.chosen_box = tagged("chosen-card", self.chosen_line)
        self.why = WhySlot(ctx, paint, "why-card", label="")
        change = tagged(
            "change-card",
            ft.IconButton(
                ft.Icon(ft.Icons.CLOSE, semantics_label="Choose another card"),
                tooltip="Choose another card",
                on_click=lambda e: self._choose(None),
            ),
        )
        self.chosen_row = ft.Row(
            [ft.Container(self.chosen_box, expand=True), self.why.box, change],
            spacing=0,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        self.chosen_row.visible = False
        self.chosen_ability = small("")
        self.chosen_ability.visible = False
        self.control = tagged(
            "journey-picker",
            ft.Card(
                content=ft.Container(
                    ft.Column(
                        [
                            self.ask,
                            self.grid,
                            self.chosen_row,
                            self.chosen_ability,
                        ],
                        spacing=8,
                        tight=True,
                    ),
                    padding=ft.Padding.only(left=12, right=4, top=8, bottom=10),
                ),
                margin=0,
            ),
            section=True,
        )

    def _tile(self, rank: str) -> ft.Control:
        face = ft.Text(rank, size=20, weight=ft.FontWeight.BOLD)
        left = ft.Text("", size=11)
        tile = ft.Container(
            ft.Column(
                [face, left],
                spacing=0,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                tight=True,
            ),
            height=56,
            alignment=ft.Alignment.CENTER,
            border_radius=10,
            tooltip=f"{rank}: {engine.card_facts(rank).civilization}",
            col={"xs": 2, "md": 1},
        )
        self.tiles[rank] = (tile, face, left)
        self._choosers[rank] = lambda e: self._choose(rank)
        box = self.boxes[rank] = tagged(f"card-{rank}", tile, section=True)
        return box

    def render(self, game: JourneyGame, playing: bool) -> None:
        self.paint.set(self.control, self.control, visible=playing)
        if not playing:
            return
        chosen = self.draft.card
        box = self.control
        self.paint.set(box, self.grid, visible=chosen is None)
        for rank, (tile, face, left_text) in self.tiles.items():
            tile_box = self.boxes[rank]
            left = game.copies_left(rank)
            blight = engine.is_blight(rank)
            fg = ft.Colors.ON_ERROR_CONTAINER if blight else ft.Colors.ON_SURFACE
            self.paint.set(tile_box, face, color=fg)
            self.paint.set(tile_box, left_text, color=fg, value=f"{left} left")
            self.paint.set(
                tile_box,
                tile,
                bgcolor=ft.Colors.ERROR_CONTAINER
                if blight
                else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                opacity=0.4 if left == 0 else 1.0,
            )
            handler = None if left == 0 else self._choosers[rank]
            if tile.on_click is not handler:
                tile.on_click = handler
                self.paint.touch(tile_box)
        facts = engine.card_facts(chosen) if chosen is not None else None
        self.paint.set(
            box,
            self.ask,
            value=turn_ask(game),
            visible=chosen is None,
        )
        self.paint.set(box, self.chosen_row, visible=chosen is not None)
        self.paint.set(box, self.chosen_line, value=card_line(chosen) if chosen else "")
        ability = facts.ability_text if facts is not None else None
        self.paint.set(box, self.chosen_ability, value=ability or "", visible=bool(ability))

    def render_why(self, why: Why | None) -> None:
        """The chosen card's why? (its civilization and what the previews rest on)."""
        self.why.set(why)


__all__ = ["PickerPart"]
