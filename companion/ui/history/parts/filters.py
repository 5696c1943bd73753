"""History's filter row (game, player, and with a game chosen its modules and expansions)
and the switch between the plays and the statistics."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.history import FeatureStats, NotFoundError
from companion.ui.context import AppContext
from companion.ui.history import ROUTE, STATS_ROUTE
from companion.ui.history.model import ALL, FILTER_KEY, HistoryFilter, alphabetical
from companion.ui.kit.widgets import tagged


class Filters:
    """Game, player, module and expansion filters, remembered between visits. The row is
    drawn again when the game changes (its modules and expansions are the game's)."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        games = [g.name for g in ctx.store.games()]
        saved = ctx.setting(FILTER_KEY, {})
        game = saved.get("game") if isinstance(saved, dict) else None
        self.features: list[FeatureStats] = self.features_of(game if game in games else None)
        self.choice = HistoryFilter.from_setting(
            saved,
            games=games,
            players=ctx.store.player_names(),
            features=[(f.kind, f.value) for f in self.features],
        )
        self.row = ft.ResponsiveRow(spacing=8, run_spacing=8)
        self.on_change: Callable[[], None] = lambda: None

    def features_of(self, game: str | None) -> list[FeatureStats]:
        """The modules and expansions the game's finished plays were played with."""
        if game is None:
            return []
        try:
            return self.ctx.store.module_stats(game)
        except NotFoundError:
            return []

    @property
    def game(self) -> str | None:
        return self.choice.game

    @property
    def player(self) -> str | None:
        return self.choice.player

    @property
    def module(self) -> str | None:
        return self.choice.module

    @property
    def expansion(self) -> str | None:
        return self.choice.expansion

    def query(self) -> dict[str, str | None]:
        return self.choice.query()

    def picked(self, pick: Callable[[str | None], None], value: str | None) -> None:
        game = self.choice.game
        pick(value)
        self.ctx.set_setting(FILTER_KEY, self.choice.to_setting())
        if self.choice.game != game:
            self.features = self.features_of(self.choice.game)
            self.render()
        self.on_change()

    def dropdown(
        self,
        ident: str,
        label: str,
        value: str | None,
        everything: str,
        options: list[tuple[str, str]],
        pick: Callable[[str | None], None],
    ) -> ft.Control:
        def select(e: Any) -> None:
            self.picked(pick, e.control.value)

        return tagged(
            ident,
            ft.Dropdown(
                label=label,
                value=value or ALL,
                options=[ft.DropdownOption(key=ALL, text=everything)]
                + [ft.DropdownOption(key=k, text=t) for k, t in options],
                on_select=select,
                expand=True,
                col={"xs": 12, "sm": 6},
            ),
        )

    def render(self) -> None:
        c = self.choice
        games = self.ctx.store.games()
        players = alphabetical(self.ctx.store.player_names())
        controls = [
            self.dropdown(
                "filter-game",
                "Game",
                c.game,
                "All games",
                [(g.name, g.name) for g in games],
                c.pick_game,
            ),
            self.dropdown(
                "filter-player",
                "Player",
                c.player,
                "All players",
                [(p, p) for p in players],
                c.pick_player,
            ),
        ]
        modules = sorted(
            ((f.value, f.name) for f in self.features if f.kind == "module"),
            key=lambda m: m[1].casefold(),
        )
        expansions = sorted(
            ((f.value, f.name) for f in self.features if f.kind == "expansion"),
            key=lambda m: m[1].casefold(),
        )
        if expansions:
            controls.append(
                self.dropdown(
                    "filter-expansion",
                    "Expansion",
                    c.expansion,
                    "With or without expansions",
                    expansions,
                    c.pick_expansion,
                )
            )
        if modules:
            controls.append(
                self.dropdown(
                    "filter-module", "Module", c.module, "Any modules", modules, c.pick_module
                )
            )
        self.row.controls = controls

    def controls(self, on_change: Callable[[], None]) -> ft.Control:
        self.on_change = on_change
        self.render()
        return self.row


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
