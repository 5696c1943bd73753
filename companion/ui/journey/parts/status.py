"""The top of a Journey table: whose turn it is with the draw-pile countdown, and the running
scores (each player's tile a section of its own: a move sends two or three tiles)."""

from __future__ import annotations

import flet as ft

from companion.engine.journey import JourneyGame
from companion.ui.context import AppContext
from companion.ui.journey.model import pile_count, score_lines, status_line
from companion.ui.journey.model.why import why_status
from companion.ui.journey.parts import WhySlot
from companion.ui.kit.widgets import tagged
from companion.ui.paint import Painter, SectionResponsiveRow


class StatusPart:
    """``journey-status``: the turn, a progress bar and the draw pile, with its why? (what
    the active player does is the card picker's question)."""

    def __init__(self, ctx: AppContext, paint: Painter) -> None:
        self.paint = paint
        self.text = ft.Text("", theme_style=ft.TextThemeStyle.TITLE_MEDIUM)
        self.progress = ft.ProgressBar(value=0, border_radius=4)
        self.pile_text = ft.Text("", expand=True)
        # Its passages are cited in the list of moves; the why? opens the entries.
        self.why = WhySlot(ctx, paint, "why-status", label="")
        pile = ft.Row(
            [ft.Icon(ft.Icons.LAYERS_OUTLINED, size=18), self.pile_text],
            spacing=8,
            vertical_alignment=ft.CrossAxisAlignment.START,
        )
        lines = ft.Column([self.text, self.progress, pile], spacing=6, tight=True, expand=True)
        self.control = tagged(
            "journey-status",
            ft.Container(
                ft.Row(
                    [lines, self.why.box],
                    spacing=0,
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
                border_radius=12,
                padding=ft.Padding.only(left=12, right=0, top=8, bottom=10),
            ),
            section=True,
        )

    def render(self, game: JourneyGame) -> None:
        done = game.placements / game.turns_total if game.turns_total else 1.0
        self.paint.set(self.control, self.text, value=status_line(game))
        self.paint.set(self.control, self.progress, value=min(1.0, done))
        self.paint.set(self.control, self.pile_text, value=pile_count(game))
        self.why.set(why_status(game))


class ScoresPart:
    """``score-<name>``: one tile per player, the active player's highlighted."""

    def __init__(self, paint: Painter) -> None:
        self.paint = paint
        self.tiles: dict[str, tuple[ft.Container, ft.Text, ft.Text]] = {}
        self.boxes: dict[str, ft.Control] = {}
        self.control = SectionResponsiveRow([], spacing=6, run_spacing=6)

    def render(self, game: JourneyGame) -> None:
        if not self.tiles:
            tiles: list[ft.Control] = []
            for name in game.players:
                title = ft.Text(name, overflow=ft.TextOverflow.ELLIPSIS, max_lines=1, size=14)
                score = ft.Text(
                    "", theme_style=ft.TextThemeStyle.TITLE_LARGE, weight=ft.FontWeight.BOLD
                )
                tile = ft.Container(
                    ft.Column([title, score], spacing=0, tight=True),
                    border_radius=10,
                    padding=ft.Padding.symmetric(horizontal=8, vertical=4),
                    # Four to a line, six when five or six play: one line of tiles.
                    col={"xs": 3 if len(game.players) <= 4 else 2, "md": 2},
                )
                self.tiles[name] = (tile, title, score)
                self.boxes[name] = tagged(f"score-{name}", tile, section=True)
                tiles.append(self.boxes[name])
            self.control.controls = tiles
            self.paint.touch(self.control)
        for line in score_lines(game):
            tile, title, score = self.tiles[line.name]
            box = self.boxes[line.name]
            paint = self.paint.set
            paint(box, score, value=str(line.score))
            paint(box, title, weight=ft.FontWeight.BOLD if line.active else None)
            paint(
                box,
                tile,
                bgcolor=ft.Colors.PRIMARY_CONTAINER
                if line.active
                else ft.Colors.SURFACE_CONTAINER_HIGH,
                border=ft.Border.all(
                    2, ft.Colors.PRIMARY if line.active else ft.Colors.TRANSPARENT
                ),
                tooltip=f"{line.name}: {line.working}",
            )


__all__ = ["ScoresPart", "StatusPart"]
