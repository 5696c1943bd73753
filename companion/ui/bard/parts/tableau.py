"""The Song tableau panel: the cards in play, each with its top and its Volume-gated bottom
half, then the song's numbers (kind, Movement, Volume, Soundstones).

A new card is one tap on its colour (it starts with 1 icon); the pickers below then edit the
card chosen (its icons, Coins, bottom half and Volume Cost) with one tap each. Every tap is a
change of the song on the table (``BeginSong`` for the first, ``ChangeSong`` after), so a
change that a location already sung cannot follow is refused and says why.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from companion.engine.bard import (
    COIN,
    KINDS,
    RULING_SOUNDSTONE,
    RULING_SOURCE_WHOLE,
    BardGame,
    facts,
)
from companion.ui.bard.model import names
from companion.ui.bard.model import song as moves
from companion.ui.bard.model import why as reasons
from companion.ui.bard.model.card import COIN_CHOICES, ICON_CHOICES, Card, cards_of, colours
from companion.ui.bard.model.lines import colour_word, icons_left_line, tableau_line
from companion.ui.bard.parts import AddRow, ChoiceChips, Fold, NumberRow, Stepper, why
from companion.ui.kit.rulings import ruling_chip
from companion.ui.kit.widgets import body, outlined, small, source_text, tagged
from companion.ui.paint import Painter, Slot
from companion.ui.theme import GAP

if TYPE_CHECKING:
    from companion.ui.bard.screen import BardScreen

KIND_LABELS = {"singing": "Singing step", "swan_song": "Swan Song"}
NO_BOTTOM = "none"


class TableauPanel:
    def __init__(self, view: BardScreen, game: BardGame) -> None:
        self.view = view
        bard = facts()
        ctx = view.ctx
        paint = view.paint
        self.kind = ft.SegmentedButton(
            segments=[ft.Segment(value=k, label=ft.Text(t)) for k, t in KIND_LABELS.items()],
            selected=[KINDS[0]],
            on_change=lambda e: self._kind((e.control.selected or [KINDS[0]])[0]),
        )
        self.kind_box = tagged("bard-kind", self.kind, section=True)
        self.moves = Stepper(
            "Movement",
            lambda s: view.numbers(moves=moves.numbers_of(view.game).moves + s),
            ident="bard-moves",
            thing="move on your Tempo Wheel",
            hint="on your Tempo Wheel",
        )
        self.volume = NumberRow(
            "Volume on your track",
            range(bard.volume.max + 1),
            lambda n: view.numbers(volume=n),
            ident="bard-volume",
            name=names.volume,
        )
        self.stones = NumberRow(
            "Soundstones in your supply",
            range(bard.soundstone.tokens + 1),
            lambda n: view.numbers(soundstones=n),
            ident="bard-soundstones",
            name=names.soundstones,
        )
        # The cards in play, and one tap to add a card of a colour.
        self.cards = Slot(paint)

        # One tap adds a card: its top's colour and how many icons (or Coins) it shows.
        def adder(colour: str) -> Callable[[int], None]:
            return lambda n: view.add_card(colour, n)

        self.adds = [
            AddRow(
                colour_word(c),
                COIN_CHOICES[1:] if c == COIN else ICON_CHOICES,
                adder(c),
                ident=f"bard-add-{c}",
                name=partial(names.add_card, c),
            )
            for c in (*colours(), COIN)
        ]
        self.add = ft.Column(
            [
                ft.Text(
                    "Add a card: tap how many icons its top shows, in their colour",
                    theme_style=ft.TextThemeStyle.LABEL_LARGE,
                ),
                ft.ResponsiveRow(
                    [ft.Container(a.control, col={"xs": 12, "md": 6}) for a in self.adds],
                    spacing=8,
                    run_spacing=6,
                ),
            ],
            spacing=4,
            tight=True,
        )
        # The card chosen: its halves.
        self.editing = ft.Text("", theme_style=ft.TextThemeStyle.TITLE_SMALL, expand=True)
        self.remove = ft.TextButton(
            "Remove card", icon=ft.Icons.DELETE_OUTLINE, on_click=lambda e: view.remove_card()
        )
        self.top = ChoiceChips(
            [(c, colour_word(c)) for c in (*colours(), COIN)],
            lambda c: view.edit_card(lambda card: card.with_top(None if c == COIN else c)),
            prefix="bard-top",
            name=names.card_top,
            label="Top icons",
        )
        self.top_icons = NumberRow(
            "Icons on top",
            ICON_CHOICES,
            lambda n: view.edit_card(lambda card: card.with_count("top_icons", n)),
            ident="bard-top-icons",
            name=lambda n: names.card_count(n, "icon", "top"),
        )
        self.top_coins = NumberRow(
            "Coins on top",
            COIN_CHOICES,
            lambda n: view.edit_card(lambda card: card.with_count("top_coins", n)),
            ident="bard-top-coins",
            name=lambda n: names.card_count(n, "Coin", "top"),
        )
        self.bottom = ChoiceChips(
            [(NO_BOTTOM, "None"), *((c, colour_word(c)) for c in colours())],
            lambda c: view.edit_card(lambda card: card.with_bottom(None if c == NO_BOTTOM else c)),
            prefix="bard-bottom",
            name=lambda c: names.card_bottom(None if c == NO_BOTTOM else c),
            label="Bottom half, below a Volume Cost",
        )
        self.bottom_icons = NumberRow(
            "Icons below",
            ICON_CHOICES,
            lambda n: view.edit_card(lambda card: card.with_count("bottom_icons", n)),
            ident="bard-bottom-icons",
            name=lambda n: names.card_count(n, "icon", "bottom half"),
        )
        self.cost = NumberRow(
            "Volume Cost",
            range(1, bard.volume.max + 1),
            lambda n: view.edit_card(lambda card: card.with_count("volume", n)),
            ident="bard-bottom-volume",
            name=names.volume_cost,
        )
        self.bottom_coins = NumberRow(
            "Coins below",
            COIN_CHOICES,
            lambda n: view.edit_card(lambda card: card.with_count("bottom_coins", n)),
            ident="bard-bottom-coins",
            name=lambda n: names.card_count(n, "Coin", "bottom half"),
        )
        self.editor = tagged(
            "bard-card-editor",
            ft.Container(
                ft.Column(
                    [
                        ft.Row(
                            [self.editing, tagged("bard-remove-card", self.remove)],
                            vertical_alignment=ft.CrossAxisAlignment.CENTER,
                        ),
                        self.top.control,
                        ft.ResponsiveRow(
                            [
                                ft.Container(self.top_icons.control, col={"xs": 12, "sm": 7}),
                                ft.Container(self.top_coins.control, col={"xs": 12, "sm": 5}),
                            ],
                            spacing=8,
                            run_spacing=8,
                        ),
                        self.bottom.control,
                        ft.ResponsiveRow(
                            [
                                ft.Container(self.bottom_icons.control, col={"xs": 12, "sm": 7}),
                                ft.Container(self.cost.control, col={"xs": 12, "sm": 7}),
                                ft.Container(self.bottom_coins.control, col={"xs": 12, "sm": 5}),
                            ],
                            spacing=8,
                            run_spacing=8,
                        ),
                    ],
                    spacing=GAP,
                ),
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
                border_radius=12,
                padding=12,
            ),
            section=True,
        )
        self.left_text = small("")
        self.left = tagged("bard-icons-left", self.left_text, section=True)
        content = ft.Column(
            [
                self.kind_box,
                ft.ResponsiveRow(
                    [
                        ft.Container(self.volume.control, col={"xs": 12, "sm": 6}),
                        ft.Container(self.stones.control, col={"xs": 12, "sm": 3}),
                        ft.Container(self.moves.control, col={"xs": 12, "sm": 3}),
                    ],
                    spacing=8,
                    run_spacing=8,
                ),
                self.cards.box,
                self.add,
                self.editor,
                self.left,
                source_text(
                    ctx.catalogue,
                    [
                        bard.singing.no_split_source,
                        bard.singing.paladin_source,
                        bard.volume.unlock_source,
                        bard.singing.moves_source,
                    ],
                ),
                ruling_chip(ctx, RULING_SOURCE_WHOLE, label="a source is spent whole"),
                ruling_chip(ctx, RULING_SOUNDSTONE, label="Soundstones are any colour"),
                why(ctx, reasons.TABLEAU, ident="why-tableau"),
            ],
            spacing=GAP,
        )
        has_cards = bool(moves.sources_of(game.song))
        self.fold = Fold("Song tableau", content, ident="bard-tableau", expanded=not has_cards)
        self.control = self.fold.control

    def _kind(self, kind: str) -> None:
        self.view.paint.touch(self.kind_box)  # the phone changed its own segments
        self.view.numbers(kind=kind)

    def render(self, game: BardGame, paint: Painter) -> None:
        draft = self.view.draft
        bard = facts()
        numbers = moves.numbers_of(game)
        paint.set(self.kind_box, self.kind, selected=[numbers.kind])
        self.moves.show(paint, numbers.moves, 0, bard.singing.locations - 1)
        self.volume.show(paint, numbers.volume)
        self.stones.show(paint, numbers.soundstones)
        for add in self.adds:
            add.show(paint)
        cards = cards_of(moves.sources_of(game.song))
        if draft.card is not None and all(c.letter != draft.card for c in cards):
            draft.card = None
        spent = game.song.spent if game.song is not None else frozenset()
        key = (tuple(c.describe() for c in cards), draft.card, tuple(sorted(spent)))
        self.cards.set(key, lambda: self._cards(cards, spent))
        card = next((c for c in cards if c.letter == draft.card), None)
        paint.set(self.editor, self.editor, visible=card is not None)
        if card is not None:
            self._show_card(card, paint)
        song = game.song
        left = icons_left_line(song) if song is not None and song.sources else ""
        paint.set(self.left, self.left_text, value=left)
        self.fold.show(paint, tableau_line(cards, song))

    def _cards(self, cards: list[Card], spent: frozenset[str]) -> ft.Control | None:
        if not cards:
            return body("No card yet: add each card below with one tap.", muted=True)
        tiles: list[ft.Control] = []
        for card in cards:
            sung = any(s.id in spent for s in card.sources())
            chosen = card.letter == self.view.draft.card
            # A tile as wide as the panel, its words wrapping: a chip cut a long card off
            # ("B: 1 Bard · bottom 2 Noble (2") at phone width.
            tiles.append(
                ft.Semantics(
                    identifier=f"bard-card-{card.letter}",
                    button=True,
                    selected=chosen,
                    content=outlined(
                        ft.Row(
                            [
                                ft.Icon(
                                    ft.Icons.CHECK if chosen else ft.Icons.STYLE_OUTLINED,
                                    size=18,
                                ),
                                ft.Text(
                                    card.describe() + (" · sung" if sung else ""),
                                    expand=True,
                                    weight=ft.FontWeight.W_600 if chosen else None,
                                ),
                            ],
                            spacing=8,
                            vertical_alignment=ft.CrossAxisAlignment.CENTER,
                        ),
                        on_click=lambda e, c=card.letter: self.view.choose_card(c),
                        ink=True,
                        bgcolor=ft.Colors.SECONDARY_CONTAINER if chosen else None,
                        radius=8,
                        padding=ft.Padding.symmetric(horizontal=12, vertical=10),
                    ),
                )
            )
        return ft.Column(tiles, spacing=6, tight=True)

    def _show_card(self, card: Card, paint: Painter) -> None:
        paint.set(self.editor, self.editing, value=f"Card {card.letter}")
        self.top.show(paint, card.top if card.top is not None else COIN)
        self.top_icons.show(paint, card.top_icons, visible=card.top is not None)
        self.top_coins.show(paint, card.top_coins)
        bottom = card.bottom if card.bottom is not None else NO_BOTTOM
        self.bottom.show(paint, bottom)
        self.bottom_icons.show(paint, card.bottom_icons, visible=card.bottom is not None)
        self.cost.show(paint, card.volume, visible=card.bottom is not None)
        self.bottom_coins.show(paint, card.bottom_coins, visible=card.bottom is not None)


__all__ = ["KIND_LABELS", "TableauPanel"]
