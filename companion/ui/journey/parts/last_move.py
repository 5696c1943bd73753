"""The last move of a Journey table: what it was, its working and points, its why?, and the
rulings and rulebook passages behind them (kept controls: only what changed is sent)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import flet as ft

from companion.engine import journey as engine
from companion.engine.core.words import signed
from companion.engine.journey import JourneyGame, PlayRecord
from companion.rules import Source
from companion.ui.context import AppContext
from companion.ui.journey.model import record_sources, record_title
from companion.ui.journey.model.why import why_record
from companion.ui.journey.parts import WhySlot
from companion.ui.kit.rulings import ruling_chip
from companion.ui.kit.widgets import panel, small, source_text, tagged
from companion.ui.model.words import capitalized
from companion.ui.paint import Painter


def rulings_line(ctx: AppContext, ids: tuple[str, ...]) -> ft.Control:
    """The rulings behind a number, one line each; a tap explains the reading in use and can
    switch the house rule on the spot."""
    return ft.Column([ruling_chip(ctx, rid) for rid in ids], spacing=0, tight=True)


def cite(ctx: AppContext, sources: Sequence[Source]) -> str:
    value = source_text(ctx.catalogue, sources).value
    return value if isinstance(value, str) else ""


class LastMovePart:
    """``last-move`` (with ``last-working``)."""

    def __init__(self, ctx: AppContext, paint: Painter) -> None:
        self.ctx = ctx
        self.paint = paint
        self.title = small("", muted=False)
        self.working = ft.Text("", theme_style=ft.TextThemeStyle.TITLE_LARGE, expand=True)
        self.points = ft.Text("", weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)
        self.rulings = ft.Container()
        self._rulings_lines: dict[Hashable, ft.Control] = {}
        self.source = source_text(ctx.catalogue, [])
        self.why = WhySlot(ctx, paint, "why-last-move")
        self.control = tagged(
            "last-move",
            panel(
                self.title,
                ft.Row(
                    [tagged("last-working", self.working), self.points, self.why.box],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                self.rulings,
                self.source,
                padding=12,
            ),
            section=True,
        )
        self.control.visible = False

    def render(self, game: JourneyGame) -> None:
        record = game.log[-1] if game.log else None
        box = self.control
        self.paint.set(box, box, visible=record is not None)
        if record is None:
            return
        gain = record.gain
        rulings = gain.rulings
        if not isinstance(record, PlayRecord):
            rulings = (*rulings, engine.SWAP_SCORES)
        elif record.beside is None:
            rulings = (engine.CONNECT,)
        scored = bool(gain.pairs or gain.bonus)
        paint = self.paint.set
        paint(box, self.title, value=f"Last move: {record_title(record)}")
        # The working stands on its own line here: "New city: no pair" (the engine's text is
        # also used mid-sentence, so it is capitalised only at display).
        paint(box, self.working, value=capitalized(gain.working))
        paint(
            box,
            self.points,
            value=f"{record.player} {signed(gain.points)}" if scored else "",
            visible=scored,
        )
        paint(box, self.source, value=cite(self.ctx, record_sources(record)))
        ids = tuple(dict.fromkeys(rulings))
        key = (ids, game.rules.alternatives)
        line = self._rulings_lines.get(key)
        if line is None:
            line = self._rulings_lines[key] = rulings_line(self.ctx, ids)
        if self.rulings.content is not line:
            self.rulings.content = line
            self.paint.touch(box)
        self.why.set(why_record(record))


__all__ = ["LastMovePart", "cite", "rulings_line"]
