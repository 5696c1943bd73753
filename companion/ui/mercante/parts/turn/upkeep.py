"""Upkeep this turn: the upkeep marker holder's four steps in order, each done one with what it
did, the one under way with its controls (:mod:`.removal`, :mod:`.event_step`,
:mod:`.vp_auction`, or passing the marker), the rest waiting."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine.mercante import PassUpkeepMarker, rules
from companion.engine.mercante.records import (
    AuctionRecord,
    EventRecord,
    PassRecord,
    RemovalRecord,
)
from companion.ui.kit.widgets import button, notice, panel, small, tagged
from companion.ui.mercante.parts import cite
from companion.ui.mercante.parts.turn.event_step import EventStep
from companion.ui.mercante.parts.turn.removal import RemovalStep
from companion.ui.mercante.parts.turn.vp_auction import VpAuctionStep

if TYPE_CHECKING:
    from companion.ui.mercante.parts.turn import TurnTab

STEP_TITLES = (
    "1. Take tokens off the markets",
    "2. Apply one event",
    "3. Auction the victory points on the marker",
    "4. Pass the upkeep marker",
)
DONE_RECORDS = (RemovalRecord, EventRecord, AuctionRecord, PassRecord)


class UpkeepSteps:
    """The "Upkeep this turn" panel of the Turn tab."""

    def __init__(self, tab: TurnTab) -> None:
        self.tab = tab
        self.removal = RemovalStep(tab)
        self.event = EventStep(tab)
        self.vp_auction = VpAuctionStep(tab)

    def panel(self) -> ft.Control:
        tab = self.tab
        game = tab.game
        at = game.upkeep_step or 1
        after = game.next_upkeeps(1)
        passes_to = after[0].passes_to if after else ""
        steps: list[ft.Control] = [
            notice(
                f"{game.active} holds the upkeep marker: these four steps come first, in order.",
                level="info",
            )
        ]
        for number, title in enumerate(STEP_TITLES, start=1):
            if number < at:
                steps.append(self.step_done(DONE_RECORDS[number - 1], title))
                continue
            if number > at:
                steps.append(step_waiting(title, number - 1))
                continue
            steps.append(tagged(f"upkeep-step-{number}", ft.Text(title, weight=ft.FontWeight.BOLD)))
            if number == 1:
                steps += self.removal.controls()
            elif number == 2:
                steps += self.event.controls()
            elif number == 3:
                steps += self.vp_auction.controls()
            else:
                steps += [
                    button(
                        f"Pass the upkeep marker to {passes_to}",
                        lambda e: tab.act(PassUpkeepMarker()),
                        icon=ft.Icons.SUBDIRECTORY_ARROW_RIGHT,
                        ident="pass-marker",
                    ),
                    cite(tab.ctx, rules().upkeep.pass_source),
                ]
        steps.append(cite(tab.ctx, rules().turn.upkeep_source))
        return tagged("upkeep-steps", panel(*steps, title="Upkeep this turn"))

    def step_done(self, record_type: type, title: str) -> ft.Control:
        turn = [r for r in self.tab.game.log if isinstance(r, record_type)]
        text = turn[-1].summary if turn else "Done."
        return ft.Column(
            [
                ft.Row(
                    [
                        ft.Icon(ft.Icons.CHECK_CIRCLE, color=ft.Colors.PRIMARY, size=20),
                        ft.Text(title, weight=ft.FontWeight.BOLD, expand=True),
                    ],
                    spacing=8,
                ),
                small(text),
            ],
            spacing=2,
        )


def step_waiting(title: str, after: int) -> ft.Control:
    return ft.Column(
        [
            ft.Text(title, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SURFACE_VARIANT),
            small(f"After step {after}."),
        ],
        spacing=2,
    )


__all__ = ["STEP_TITLES", "UpkeepSteps"]
