"""The card picker of a Journey table: the twelve civilizations with the copies left, and the
card this device has chosen (its own draft: another phone choosing changes nothing here)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine import journey as engine
from companion.engine.journey import JourneyGame
from companion.ui.live import Painter, isolate
from companion.ui.logic.journey import JourneyDraft, card_line
from companion.ui.theme import GAP
from companion.ui.widgets import body, heading, panel, small, tagged


class PickerPart:
    """``card-<rank>`` tiles (each a section: choosing a card sends two tiles, not twelve)
    and ``chosen-card``."""

    def __init__(self, paint: Painter, draft: JourneyDraft, choose: Callable[[str], None]) -> None:
        self.paint = paint
        self.draft = draft
        self.tiles: dict[str, tuple[ft.Container, ft.Text, ft.Text]] = {}
        self.boxes: dict[str, ft.Control] = {}
        self._choosers: dict[str, Callable[[Any], None]] = {}
        self._choose = choose
        tiles = [self._tile(rank) for rank in engine.ranks()]
        self.title = heading("")
        self.ask = body("", muted=True)
        self.chosen_line = ft.Text("", theme_style=ft.TextThemeStyle.BODY_LARGE)
        self.chosen_box = tagged("chosen-card", self.chosen_line)
        self.chosen_box.visible = False
        self.chosen_ability = small("")
        self.chosen_ability.visible = False
        self.chosen_hint = body(
            "Now tap where it goes: a row end shows what it scores.", muted=True
        )
        self.chosen_hint.visible = False
        info = ft.Column(
            [self.ask, self.chosen_box, self.chosen_ability, self.chosen_hint],
            spacing=GAP,
            tight=True,
        )
        self.control = isolate(
            panel(self.title, ft.ResponsiveRow(tiles, spacing=6, run_spacing=6), info)
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
        box = self.boxes[rank] = isolate(tagged(f"card-{rank}", tile))
        return box

    def render(self, game: JourneyGame, playing: bool) -> None:
        self.paint.set(self.control, self.control, visible=playing)
        if not playing:
            return
        chosen = self.draft.card
        for rank, (tile, face, left_text) in self.tiles.items():
            box = self.boxes[rank]
            left = game.copies_left(rank)
            selected = rank == chosen
            blight = engine.is_blight(rank)
            fg = (
                ft.Colors.ON_PRIMARY
                if selected
                else ft.Colors.ON_ERROR_CONTAINER
                if blight
                else ft.Colors.ON_SURFACE
            )
            self.paint.set(box, face, color=fg)
            self.paint.set(box, left_text, color=fg, value=f"{left} left")
            self.paint.set(
                box,
                tile,
                bgcolor=ft.Colors.PRIMARY
                if selected
                else ft.Colors.ERROR_CONTAINER
                if blight
                else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                opacity=0.4 if left == 0 else 1.0,
            )
            handler = None if left == 0 else self._choosers[rank]
            if tile.on_click is not handler:
                tile.on_click = handler
                self.paint.touch(box)
        box = self.control
        self.paint.set(box, self.title, value=f"{game.active} plays")
        facts = engine.card_facts(chosen) if chosen is not None else None
        self.paint.set(box, self.ask, value=f"{game.active}: which card are you playing?")
        self.paint.set(box, self.ask, visible=chosen is None)
        self.paint.set(box, self.chosen_box, visible=chosen is not None)
        self.paint.set(box, self.chosen_line, value=card_line(chosen) if chosen else "")
        ability = facts.ability_text if facts is not None else None
        self.paint.set(box, self.chosen_ability, value=ability or "", visible=bool(ability))
        self.paint.set(box, self.chosen_hint, visible=chosen is not None)


__all__ = ["PickerPart"]
