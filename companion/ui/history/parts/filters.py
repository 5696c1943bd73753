"""History's filter row (game, player) and the switch between the plays and the statistics."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.ui.context import AppContext
from companion.ui.history import ROUTE, STATS_ROUTE
from companion.ui.history.model import ALL, FILTER_KEY, HistoryFilter
from companion.ui.kit.widgets import tagged


class Filters:
    """Game and player filters, remembered between visits."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.choice = HistoryFilter.from_setting(
            ctx.setting(FILTER_KEY, {}),
            games=[g.name for g in ctx.store.games()],
            players=ctx.store.player_names(),
        )

    @property
    def game(self) -> str | None:
        return self.choice.game

    @property
    def player(self) -> str | None:
        return self.choice.player

    def picked(self, pick: Callable[[str | None], None], value: str | None) -> None:
        pick(value)
        self.ctx.set_setting(FILTER_KEY, self.choice.to_setting())

    def controls(self, on_change: Callable[[], None]) -> ft.Control:
        games = self.ctx.store.games()
        players = self.ctx.store.player_names()

        def pick_game(e: Any) -> None:
            self.picked(self.choice.pick_game, e.control.value)
            on_change()

        def pick_player(e: Any) -> None:
            self.picked(self.choice.pick_player, e.control.value)
            on_change()

        game_dd = ft.Dropdown(
            label="Game",
            value=self.game or ALL,
            options=[ft.DropdownOption(key=ALL, text="All games")]
            + [ft.DropdownOption(key=g.name, text=g.name) for g in games],
            on_select=pick_game,
            expand=True,
            col={"xs": 12, "sm": 6},
        )
        player_dd = ft.Dropdown(
            label="Player",
            value=self.player or ALL,
            options=[ft.DropdownOption(key=ALL, text="All players")]
            + [ft.DropdownOption(key=p, text=p) for p in players],
            on_select=pick_player,
            expand=True,
            col={"xs": 12, "sm": 6},
        )
        return ft.ResponsiveRow(
            [tagged("filter-game", game_dd), tagged("filter-player", player_dd)],
            spacing=8,
            run_spacing=8,
        )


def switcher(ctx: AppContext, current: str) -> ft.Control:
    return ft.SegmentedButton(
        segments=[
            ft.Segment(value="plays", label=ft.Text("Plays"), icon=ft.Icon(ft.Icons.LIST)),
            ft.Segment(value="stats", label=ft.Text("Statistics"), icon=ft.Icon(ft.Icons.INSIGHTS)),
        ],
        selected=[current],
        on_change=lambda e: ctx.navigate(
            STATS_ROUTE if "stats" in (e.control.selected or []) else ROUTE
        ),
    )


__all__ = ["Filters", "switcher"]
