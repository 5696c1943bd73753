"""The song's total (gold with its working, cards paid, Volume left, what it gained), the
Boast, the end of the song, and the small helpers: card price, next fan, hand size."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine.bard import RULING_BOAST, BardGame, Boasted, Song, facts
from companion.ui.bard.model import song as moves
from companion.ui.bard.model import why as reasons
from companion.ui.bard.model.lines import board_lines, rewards_lines
from companion.ui.bard.model.tally import song_offer
from companion.ui.bard.model.words import plural
from companion.ui.bard.parts import Stepper, why
from companion.ui.kit.rulings import ruling_chip
from companion.ui.kit.tally import TallyButtons
from companion.ui.kit.widgets import body, small, source_text, tagged
from companion.ui.paint import Painter, SectionColumn, Slot
from companion.ui.theme import GAP, TOUCH

if TYPE_CHECKING:
    from companion.ui.bard.screen import BardScreen


class BoastRow:
    def __init__(self, view: BardScreen) -> None:
        bard = facts()
        self.view = view
        self.label = ft.Text("", expand=True)
        self.switch = ft.Switch(on_change=lambda e: self._switched(bool(e.control.value)))
        # Under the house rule of ruling bard.boast_gains only: what the Creature cards gave.
        self.stones = Stepper(
            "Soundstones they gave",
            lambda step: view.boast(True, max(0, self.gained + step)),
            ident="bard-boast-stones",
            thing="Soundstone the Creature cards gave",
            hint="spent at a later location",
        )
        self.stones.control.visible = False
        self.gained = 0
        self.lines = Slot(view.paint)
        self.control = SectionColumn(
            [
                ft.Row(
                    [self.label, tagged("bard-boast", self.switch)],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                self.stones.control,
                self.lines.box,
                source_text(
                    view.ctx.catalogue,
                    [bard.volume.boast_source, bard.volume.boast_effect_source],
                ),
                ruling_chip(view.ctx, RULING_BOAST, label="one Boast a song"),
                why(view.ctx, reasons.BOAST, ident="why-boast"),
            ],
            spacing=8,
        )

    def _switched(self, on: bool) -> None:
        self.view.paint.touch(self.control)  # the phone moved its own switch
        self.view.boast(on)

    def render(self, song: Song | None, paint: Painter) -> None:
        bard = facts()
        on = moves.boasted(song)
        creatures = song.board.boast_area if song is not None else 0
        gains = song is not None and song.rules.boast_gains_join_song
        label = (
            f"Boast{' now' if gains else ' at the end'}: spend {bard.volume.boast_cost} "
            f"Volume to activate {plural(creatures, 'Creature card')} in your Boast area"
        )
        paint.set(self.control, self.label, value=label)
        paint.set(self.control, self.switch, tooltip=label)  # its name to a screen reader
        paint.set(self.control, self.switch, value=on, disabled=song is None)
        made, _ = moves.boast_of(song)
        self.gained = made.soundstones if made is not None else 0
        paint.set(self.control, self.stones.control, visible=gains and on)
        self.stones.show(paint, self.gained, 0, bard.soundstone.tokens)
        record = (
            next((r for r in song.log if isinstance(r, Boasted)), None)
            if song is not None
            else None
        )
        self.lines.set(
            (record.lines, record.notes) if record else None,
            lambda: (
                ft.Column(
                    [*(body(x) for x in record.lines), *(small(n) for n in record.notes)],
                    spacing=2,
                )
                if record
                else None
            ),
        )


class TotalsPanel:
    def __init__(self, view: BardScreen) -> None:
        self.view = view
        bard = facts()
        ctx = view.ctx
        self.net = ft.Text(theme_style=ft.TextThemeStyle.HEADLINE_MEDIUM, weight=ft.FontWeight.BOLD)
        self.working = body("")
        self.lines = Slot(view.paint)
        self.closing = small("")
        self.closing_source = small("", italic=True)
        self.end = ft.FilledButton(
            content="End the song",
            icon=ft.Icons.SKIP_NEXT,
            height=TOUCH,
            on_click=lambda e: view.end_song(),
        )
        self.sung = small("")
        # Tonight's tally: the song's gold to a seated player in one tap.
        self.tally = TallyButtons(view, game="merchants_cove", ident="bard-tally")
        self.control = tagged(
            "bard-totals",
            ft.Card(
                content=ft.Container(
                    ft.Column(
                        [
                            ft.Text("Song total", theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
                            tagged("bard-net", self.net),
                            tagged("bard-net-working", self.working),
                            self.tally.control,
                            self.lines.box,
                            self.closing,
                            self.closing_source,
                            tagged("bard-end-song", self.end),
                            small(
                                "The next song keeps the board, your Runes, Badges and "
                                "Creature cards, the Volume and Soundstones left."
                            ),
                            tagged("bard-sung", self.sung),
                        ],
                        spacing=8,
                        tight=True,
                    ),
                    padding=16,
                ),
                margin=0,
            ),
            section=True,
        )
        # Card price, next fan, hand size.
        self.helpers = {k: body("") for k in ("card-price", "fan-cost", "hand-size")}
        cited = {
            "card-price": ("Card at a Pier", [bard.pier.card_price_source], reasons.CARD_PRICE),
            "fan-cost": ("Next fan", [bard.town_square.fan_cost_source], reasons.FAN_COST),
            "hand-size": (
                "Hand size",
                [bard.badges.hand_size_source, bard.badges.hand_size_badges_source],
                reasons.HAND_SIZE,
            ),
        }
        self.helpers_box = tagged(
            "bard-helpers",
            ft.Card(
                content=ft.Container(
                    ft.Column(
                        [
                            ft.Text(
                                "Card price, next fan, hand size",
                                theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                            ),
                            body("After the locations above:", muted=True),
                            *(
                                tagged(
                                    f"bard-{ident}",
                                    ft.Column(
                                        [
                                            ft.Text(label, weight=ft.FontWeight.W_600),
                                            self.helpers[ident],
                                            source_text(ctx.catalogue, sources),
                                            why(ctx, targets, ident=f"why-{ident}"),
                                        ],
                                        spacing=0,
                                        tight=True,
                                    ),
                                )
                                for ident, (label, sources, targets) in cited.items()
                            ),
                        ],
                        spacing=GAP,
                    ),
                    padding=16,
                ),
                margin=0,
            ),
            section=True,
        )

    def render(self, game: BardGame, paint: Painter) -> None:
        song = game.song
        box = self.control
        if song is None:
            paint.set(box, self.net, value="No song yet")
            paint.set(box, self.working, value="Enter the tableau to begin one.")
            self.lines.set(None, lambda: None)
            paint.set(box, self.closing, value="")
            paint.set(box, self.closing_source, value="")
        else:
            totals = song.totals()
            paint.set(box, self.net, value=f"{totals.net.value} gold")
            paint.set(box, self.working, value=f"Net: {totals.net.working}")
            gained = tuple(rewards_lines(song))
            rows = (
                ("Gold earned", totals.gold.working),
                ("Cards bought", totals.cards.working),
                ("Volume", totals.volume_left.working),
            )
            self.lines.set((rows, gained), lambda: self._lines(rows, gained))
            closing, source = song.closing()
            paint.set(box, self.closing, value=closing)
            cite = self.view.ctx.catalogue.cite(source)
            paint.set(box, self.closing_source, value=f"Source: {cite}")
        paint.set(box, self.end, disabled=song is None)
        last = game.sung[-1] if game.sung else None
        self.tally.paint(
            song_offer(song, last), closed=not self.view.playing, first=game.player or self.view.me
        )
        sung = game.sung
        line = (
            f"{plural(len(sung), 'song')} sung on this table: {game.gold} gold"
            + (" (" + ", ".join(f"{s.net}" for s in sung) + ")" if len(sung) > 1 else "")
            if sung
            else ""
        )
        paint.set(box, self.sung, value=line)
        board = song.board if song is not None else game.board
        for (_, working), text in zip(board_lines(board), self.helpers.values(), strict=True):
            paint.set(self.helpers_box, text, value=working)

    def _lines(self, rows: tuple[tuple[str, str], ...], gained: tuple[str, ...]) -> ft.Control:
        parts: list[ft.Control] = [
            ft.ResponsiveRow(
                [
                    ft.Text(label, weight=ft.FontWeight.W_600, col={"xs": 12, "sm": 4}),
                    ft.Text(value, col={"xs": 12, "sm": 8}),
                ],
                spacing=4,
                run_spacing=0,
            )
            for label, value in rows
        ]
        parts.append(why(self.view.ctx, reasons.VOLUME, ident="why-volume", label="Why? (Volume)"))
        if gained:
            parts.append(ft.Text("Gained", weight=ft.FontWeight.W_600))
            parts += [body(f"• {line}") for line in gained]
        return ft.Column(parts, spacing=8, tight=True)


__all__ = ["BoastRow", "TotalsPanel"]
