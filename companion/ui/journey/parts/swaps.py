"""The swaps a Journey table offers: the 10 or 5 just played trading places with the card it
was placed beside, and each player's once-a-game Ghorralands switch."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine import journey as engine
from companion.engine.journey import JourneyGame, SwapOption
from companion.ui.context import AppContext
from companion.ui.journey.model import swap_label
from companion.ui.journey.model.why import why_swap
from companion.ui.kit.rulings import ruling_chip
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import button, panel, small, source_text, tagged


def swap_offer(
    game: JourneyGame, swaps: tuple[SwapOption, ...], swap: Callable[[SwapOption], None]
) -> ft.Control | None:
    """``swap-played``: the swap the card just played allows (the last move's why? explains
    the ability). Shown above the card picker, where the player who just played still
    looks."""
    if not swaps:
        return None
    items: list[ft.Control] = [
        button(
            swap_label(option, game),
            lambda e, o=option: swap(o),
            icon=ft.Icons.SWAP_HORIZ,
            kind="tonal",
            ident="swap-played",
        )
        for option in swaps
    ]
    return tagged("swap-offer", ft.Column(items, spacing=6, tight=True))


def ghorralands_panel(
    ctx: AppContext,
    game: JourneyGame,
    options: tuple[SwapOption, ...],
    swap: Callable[[SwapOption], None],
) -> ft.Control | None:
    """``switch-<card>-<other>``: the Ghorralands switches still open, folded away."""
    if not options:
        return None
    six = engine.card_facts("6")
    items: list[ft.Control] = [
        ft.Container(small(six.ability_text or ""), padding=ft.Padding.only(bottom=4))
    ]
    for option in options:
        items.append(
            button(
                swap_label(option, game),
                lambda e, o=option: swap(o),
                icon=ft.Icons.SWAP_HORIZ,
                kind="outlined",
                ident=f"switch-{option.card.id}-{option.other.id}",
            )
        )
    items.append(
        ft.Column(
            [ruling_chip(ctx, rid) for rid in (engine.GHORRALANDS, engine.SWAP_SCORES)],
            spacing=0,
            tight=True,
        )
    )
    why = why_swap(options[0])
    items.append(why_link(ctx, why.entries, why.rulings, ident="why-ghorralands"))
    if six.ability_source is not None:
        items.append(source_text(ctx.catalogue, [six.ability_source]))
    players = sorted({o.player for o in options})
    return panel(
        ft.ExpansionTile(
            title=ft.Text("Ghorralands switch"),
            subtitle=ft.Text(f"Once per game: {', '.join(players)} may still switch"),
            leading=ft.Icon(ft.Icons.SWAP_HORIZ),
            controls=[ft.Column(items, spacing=8)],
            controls_padding=ft.Padding.symmetric(horizontal=8, vertical=8),
            expanded_cross_axis_alignment=ft.CrossAxisAlignment.START,
        ),
        padding=4,
    )


__all__ = ["ghorralands_panel", "swap_offer"]
