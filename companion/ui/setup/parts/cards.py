"""The Cards panel of Choose: the Rogue card and the Paladin card (a drop-down, a draw from
the seed, what the card does) and the Beasts deck's chips, built once, rendered in place."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine import setup as engine
from companion.engine.setup import SetupGame
from companion.ui.kit.widgets import body, panel, tagged, wrap
from companion.ui.model.words import article
from companion.ui.paint import Slot
from companion.ui.setup.model import card_why, taps
from companion.ui.setup.parts import small, why

if TYPE_CHECKING:
    from companion.ui.setup.parts.choose import ChooseScreen

NONE_KEY = "none"  # drop-down key for "no card chosen"


class CardPicker:
    """The Paladin card or Rogue card: a drop-down, a draw from the seed, and what it does."""

    def __init__(self, view: ChooseScreen, kind: str, label: str) -> None:
        self.view = view
        self.kind = kind
        self.label = label
        options = [ft.DropdownOption(key=NONE_KEY, text="Not chosen")] + [
            ft.DropdownOption(key=c.id, text=f"{c.number} · {c.name}") for c in engine.cards(kind)
        ]
        self.dropdown = ft.Dropdown(
            label=label,
            value=NONE_KEY,
            options=options,
            on_select=lambda e: view.tap(
                taps.set_card,
                kind,
                None if e.control.value in (None, NONE_KEY) else e.control.value,
            ),
            expand=True,
        )
        self.draw = ft.IconButton(
            ft.Icon(
                ft.Icons.CASINO_OUTLINED, semantics_label=f"Draw a {label} legal with your modules"
            ),
            tooltip=f"Draw a {label} legal with your modules",
            on_click=lambda e: view.tap(
                taps.draw_card, view.draft, kind, on_outcome=view.seed_used
            ),
            style=ft.ButtonStyle(padding=12),
        )
        self.about = Slot(view.paint)
        self.control = ft.Column(
            [
                ft.Row(
                    [tagged(f"card-{kind}", self.dropdown), tagged(f"draw-{kind}", self.draw)],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                self.about.box,
            ],
            spacing=4,
        )

    def show(self, section: ft.Control, game: SetupGame, shown: bool) -> None:
        paint = self.view.paint
        chosen = game.picked(self.kind)
        paint.set(section, self.control, visible=shown)
        paint.set(section, self.dropdown, value=chosen or NONE_KEY)
        paint.set(
            section,
            self.draw,
            tooltip=f"Draw {article(self.label)} legal with your modules (seed {game.seed})",
        )
        self.about.set(chosen, lambda: self.card_about(chosen))

    def card_about(self, card_id: str | None) -> ft.Control | None:
        if card_id is None:
            return None
        ctx = self.view.ctx
        card = engine.card(card_id)
        extra = [f"{card.bag} in the bag, {card.lair} in the Lair"] if card.kind == "rogue" else []
        return ft.Column(
            [
                body(card.summary),
                ft.Row(
                    [
                        ft.Container(
                            small(
                                "; ".join([*extra, f"Source: {ctx.catalogue.cite(card.source)}"]),
                                italic=True,
                            ),
                            expand=True,
                        ),
                        why(ctx, card_why(card.id), ident=f"why-card-{card.id}"),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
            ],
            spacing=4,
        )


class CardsPanel:
    """The Rogue card, the Paladin card (with the Paladins) and the Beasts deck (with the
    Beasts of the Bay)."""

    def __init__(self, view: ChooseScreen) -> None:
        self.paint = view.paint
        self.rogue = CardPicker(view, "rogue", "Rogue card")
        self.paladin = CardPicker(view, "paladin", "Paladin card")
        self.beast_heading = ft.Text("", theme_style=ft.TextThemeStyle.LABEL_LARGE)
        self.beast_chips: dict[str, ft.Chip] = {}
        chips: list[ft.Control] = []
        for beast in engine.cards("beast"):
            tier = "tier ?" if beast.tier == "unknown" else f"tier {beast.tier}"
            chip = ft.Chip(
                label=ft.Text(f"{beast.name} · {tier}"),
                selected=False,
                on_select=lambda e, b=beast.id: view.tap(taps.toggle_beast, b),
                tooltip=beast.summary,
            )
            self.beast_chips[beast.id] = chip
            chips.append(tagged(f"beast-{beast.id}", chip))
        self.beasts_box = ft.Column(
            [
                self.beast_heading,
                wrap(chips),
                small("Tier ?: the rulebook text lost the icon; read it off the card."),
            ],
            spacing=6,
        )
        self.section = panel(
            body(
                "Optional. Unchosen, the checklist says to draw or pick one at the table; a "
                "base-game Rogue card works too.",
                muted=True,
            ),
            self.rogue.control,
            self.paladin.control,
            self.beasts_box,
            title="Cards",
            section=True,
        )

    def render(self, game: SetupGame) -> None:
        paint = self.paint
        section = self.section
        self.rogue.show(section, game, True)
        self.paladin.show(section, game, "paladins" in game.modules or bool(game.paladin))
        shown = "beasts_of_the_bay" in game.modules or bool(game.beasts)
        paint.set(section, self.beasts_box, visible=shown)
        paint.set(
            section,
            self.beast_heading,
            value=f"Beasts deck ({len(game.beasts)} of 3, one per tier)",
        )
        for beast_id, chip in self.beast_chips.items():
            paint.set(section, chip, selected=beast_id in game.beasts)


__all__ = ["NONE_KEY", "CardPicker", "CardsPanel"]
