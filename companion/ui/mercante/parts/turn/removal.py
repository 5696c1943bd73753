"""Upkeep step 1: the tokens to take off the markets, market by market, with what they cost
in removal points (tracked on the board, or noted as they came off)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import flet as ft

from companion.engine.mercante import markets, rules
from companion.engine.mercante.upkeep import RULING_MUST_SPEND
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import body, button, notice, small, tagged
from companion.ui.mercante.model import (
    market_name,
    plural,
    removal_cost_label,
    removal_cost_text,
)
from companion.ui.mercante.parts import cite, ruling_chip, stepper

if TYPE_CHECKING:
    from companion.ui.mercante.parts.turn import TurnTab


class RemovalStep:
    """The steppers of upkeep step 1 and its button; the choice is this phone's draft."""

    def __init__(self, tab: TurnTab) -> None:
        self.tab = tab

    def set_removal(self, market: str, count: int) -> None:
        self.tab.drafts.set_removal(market, count)
        self.tab.redraw()

    def remove(self) -> None:
        drafts = self.tab.drafts
        self.tab.act(drafts.removal(), settle=drafts.removals.clear)

    def controls(self) -> list[ft.Control]:
        tab = self.tab
        game, drafts = tab.game, tab.drafts
        costs = game.upkeep_costs()
        board = game.board
        rows: list[ft.Control] = []
        if board is None:
            rows.append(
                body(
                    f"Spend {plural(costs.points, 'removal point')} on tokens at the bottom of "
                    "the markets (the most recently sold first), then note what came off. The "
                    "app does not track the board in this game.",
                    muted=True,
                )
            )
        for market in markets():
            most = board.market(market).covered if board is not None else costs.most_tokens(market)
            count = min(drafts.removals.get(market, 0), most)
            where = (
                small(f"{board.market(market).covered} on the board")
                if board is not None
                else small(f"{removal_cost_label(costs.cost(market))} each")
            )
            rows.append(
                ft.Row(
                    [
                        ft.Column([ft.Text(market_name(market)), where], spacing=0, expand=True),
                        stepper(
                            count,
                            functools.partial(self.set_removal, market),
                            label=f"{market_name(market).lower()} token",
                            maximum=most,
                            ident=f"remove-{market}",
                        ),
                    ]
                )
            )
        chosen = drafts.chosen_removals()
        problem = drafts.removal_problem(game)
        rows.append(
            ft.Row(
                [
                    tagged("removal-cost", body(removal_cost_text(chosen, costs))),
                    why_link(
                        tab.ctx,
                        ["mercante.removal"],
                        [RULING_MUST_SPEND],
                        ident="why-removal",
                    ),
                ],
                wrap=True,
                spacing=4,
            )
        )
        if problem:
            rows.append(notice(problem, level="warning"))
        rows.append(
            button(
                "Take these tokens off" if chosen else "Nothing to take off",
                lambda e: self.remove(),
                icon=ft.Icons.REMOVE_CIRCLE_OUTLINE,
                ident="remove-goods",
                disabled=problem is not None or not tab.session.playing,
            )
        )
        rows += [
            ruling_chip(tab.ctx, RULING_MUST_SPEND),
            cite(tab.ctx, rules().upkeep.removal_source, rules().upkeep.bottom_source),
        ]
        return rows


__all__ = ["RemovalStep"]
