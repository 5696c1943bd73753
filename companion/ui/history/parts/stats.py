"""History › Statistics (``/history/stats``): the charts, a card per player and per game
(with its modules and expansions: "With the Faction Festival: 7 plays, Ann won 4"), narrowed
by the same filters as the plays."""

from __future__ import annotations

import flet as ft

from companion.history import NotFoundError, features
from companion.ui.context import AppContext
from companion.ui.history.model import feature_line, game_lines, player_game_line, player_summary
from companion.ui.history.parts.charts import scores_chart, wins_chart
from companion.ui.history.parts.exchange import Exchange
from companion.ui.history.parts.filters import Filters, switcher
from companion.ui.kit.widgets import body, empty_state, heading, panel, tagged
from companion.ui.screen import Screen
from companion.ui.theme import GAP


class StatsView:
    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.filters = Filters(ctx)
        self.box = ft.Column(spacing=GAP)

    def refilter(self) -> None:
        self.render()
        self.ctx.page.update()

    def player_rows(self) -> list[ft.Control]:
        """One card per player: overall figures, then plays, wins, average and best per game."""
        store, game, player = self.ctx.store, self.filters.game, self.filters.player
        all_stats = store.all_player_stats() if player is None else [store.player_stats(player)]
        cards: list[ft.Control] = []
        for s in all_stats:
            per_game = [g for g in s.per_game if game is None or g.game == game]
            if not per_game:
                continue
            head = per_game[0] if game is not None else s
            lines: list[ft.Control] = [body(player_summary(head))]
            for g in per_game:
                lines.append(
                    ft.Text(
                        player_game_line(g, with_game=game is None),
                        theme_style=ft.TextThemeStyle.BODY_SMALL,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                    )
                )
            cards.append(
                ft.Container(
                    ft.Row(
                        [
                            ft.CircleAvatar(content=ft.Text(s.name[:1].upper())),
                            ft.Column(
                                [
                                    ft.Text(s.name, theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
                                    *lines,
                                ],
                                spacing=2,
                                expand=True,
                            ),
                        ],
                        vertical_alignment=ft.CrossAxisAlignment.START,
                    ),
                    padding=8,
                    col={"xs": 12, "md": 6},
                )
            )
        if not cards:
            return [body("No finished plays for this choice yet.", muted=True)]
        return [ft.ResponsiveRow(cards, spacing=8, run_spacing=4)]

    def game_cards(self) -> list[ft.Control]:
        store, game = self.ctx.store, self.filters.game
        stats = [store.game_stats(game)] if game else store.all_game_stats()
        cards: list[ft.Control] = []
        for g in stats:
            if g.plays == 0:
                continue
            lines = game_lines(g)
            cards.append(
                panel(
                    *[body(line, muted=i == 2) for i, line in enumerate(lines)],
                    *([] if game else self.feature_lines(g.game)),
                    title=g.game,
                )
            )
        return cards

    def feature_lines(self, game: str) -> list[ft.Control]:
        """A game's modules and expansions: each one's plays and who won with it ("With the
        Faction Festival: 7 plays, Ann won 4"); with a module or expansion chosen, that one."""
        try:
            found = self.ctx.store.module_stats(game)
        except NotFoundError:
            return []
        if self.filters.module or self.filters.expansion:
            chosen = {("module", self.filters.module), ("expansion", self.filters.expansion)}
            found = [f for f in found if (f.kind, f.value) in chosen]
        else:
            # A module that is an expansion's own (The Entertainer) is said once, as it.
            expansions = {f.value.casefold() for f in found if f.kind == "expansion"}
            found = [
                f
                for f in found
                if f.kind == "expansion"
                or features.running_name(features.game_key(f.game), f.kind, f.value).casefold()
                not in expansions
            ]
        return [
            tagged(
                f"feature-{f.kind}-{f.value}",
                ft.Text(
                    feature_line(f, self.filters.player),
                    theme_style=ft.TextThemeStyle.BODY_MEDIUM,
                ),
            )
            for f in found
        ]

    def render(self) -> None:
        game, player = self.filters.game, self.filters.player
        parts: list[ft.Control] = []
        lines = self.feature_lines(game) if game else []
        if lines:
            if self.filters.module or self.filters.expansion:
                note = f"The figures below count every play of {game}."
                lines.append(tagged("feature-note", body(note, muted=True)))
            parts.append(panel(*lines, title="Modules and expansions"))
        for chart in (wins_chart(self.ctx, game), scores_chart(self.ctx, player, game)):
            if chart is not None:
                parts.append(chart)
        parts.append(panel(*self.player_rows(), title="Players", padding=8))
        games = self.game_cards()
        if games:
            parts.append(heading("Games"))
            parts.extend(games)
        self.box.controls = parts

    def build(self) -> Screen:
        if not self.ctx.store.count_plays():
            content: ft.Control = ft.Column(
                [
                    switcher(self.ctx, "stats"),
                    empty_state(
                        ft.Icons.INSIGHTS,
                        "No statistics yet",
                        "Save a finished game from the score pad and its figures appear here.",
                    ),
                ],
                spacing=GAP,
            )
        else:
            self.render()
            content = ft.Column(
                [switcher(self.ctx, "stats"), self.filters.controls(self.refilter), self.box],
                spacing=GAP,
            )
        return Screen(title="Statistics", content=content, actions=[Exchange(self.ctx).menu()])


__all__ = ["StatsView"]
