"""Every move of a Journey table, folded away: each player's total with its working and its
why?, then the moves, newest first (a new move adds one line; the others are kept), and the
passages the turn counter and draw pile follow."""

from __future__ import annotations

import flet as ft

from companion.engine import journey as engine
from companion.engine.journey import JourneyGame
from companion.ui.context import AppContext
from companion.ui.journey.model import plural, score_lines
from companion.ui.journey.model.why import why_score
from companion.ui.journey.parts import WhySlot, same_controls
from companion.ui.kit.widgets import body, panel, source_text
from companion.ui.paint import Painter


class MovesPart:
    def __init__(self, ctx: AppContext, paint: Painter) -> None:
        self.ctx = ctx
        self.paint = paint
        self.lines = ft.Column([], spacing=6)
        self._move_texts: list[ft.Text] = []
        self._score_texts: list[ft.Text] = []
        self._score_rows: list[ft.Control] = []
        self._score_whys: list[WhySlot] = []
        facts = engine.facts()
        self.sources = source_text(
            ctx.catalogue, [facts.deck.pile_source, facts.play.end_source, facts.play.pair_source]
        )
        self.subtitle = ft.Text("")
        self.control = panel(
            ft.ExpansionTile(
                title=ft.Text("Scores and every move"),
                subtitle=self.subtitle,
                leading=ft.Icon(ft.Icons.LIST_ALT),
                controls=[self.lines],
                controls_padding=ft.Padding.symmetric(horizontal=8, vertical=8),
                expanded_cross_axis_alignment=ft.CrossAxisAlignment.START,
            ),
            padding=4,
            section=True,
        )

    def render(self, game: JourneyGame) -> None:
        self.paint.set(self.control, self.control, visible=bool(game.log))
        lines = score_lines(game)
        while len(self._score_texts) < len(lines):
            text = ft.Text("", weight=ft.FontWeight.W_600, expand=True)
            why = WhySlot(self.ctx, self.paint, f"why-score-{lines[len(self._score_texts)].name}")
            self._score_texts.append(text)
            self._score_whys.append(why)
            self._score_rows.append(
                ft.Row([text, why.box], vertical_alignment=ft.CrossAxisAlignment.CENTER)
            )
        for text, why, line in zip(self._score_texts, self._score_whys, lines, strict=False):
            self.paint.set(self.control, text, value=f"{line.name}: {line.working}")
            why.set(why_score(game, line.name))
        wanted = [f"{i + 1}. {record.summary}" for i, record in enumerate(game.log)]
        keep = 0
        while (
            keep < min(len(wanted), len(self._move_texts))
            and self._move_texts[keep].value == wanted[keep]
        ):
            keep += 1
        del self._move_texts[keep:]
        for line_text in wanted[keep:]:
            self._move_texts.append(body(line_text, muted=True))
        controls: list[ft.Control] = [
            *self._score_rows[: len(lines)],
            *reversed(self._move_texts),
            self.sources,
        ]
        if not same_controls(self.lines.controls, controls):
            self.lines.controls = controls
            self.paint.touch(self.control)
        self.paint.set(
            self.control,
            self.subtitle,
            value=f"Each total's working; {plural(len(game.log), 'move')}",
        )


__all__ = ["MovesPart"]
