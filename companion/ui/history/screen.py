"""History (``/history``): the plays, newest first, narrowed by game, player, module and
expansion."""

from __future__ import annotations

import flet as ft

from companion.history import PlayPublic
from companion.ui import scorepad
from companion.ui.context import AppContext
from companion.ui.history import play_route
from companion.ui.history.model import outcome, play_subtitle, scoring_of
from companion.ui.history.parts.exchange import Exchange
from companion.ui.history.parts.filters import Filters, switcher
from companion.ui.kit.widgets import body, button, empty_state, tagged
from companion.ui.model.words import plural
from companion.ui.screen import Screen
from companion.ui.theme import GAP

PAGE_SIZE = 30


class PlaysView:
    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.filters = Filters(ctx)
        self.limit = PAGE_SIZE
        self.list_box = ft.Column(spacing=8)

    def render_list(self) -> None:
        store = self.ctx.store
        f = self.filters
        plays = store.list_plays(
            game=f.game, player=f.player, module=f.module, expansion=f.expansion, limit=self.limit
        )
        total = store.count_plays(
            game=f.game, player=f.player, module=f.module, expansion=f.expansion
        )
        items: list[ft.Control] = []
        if not plays:
            filtered = self.filters.choice.narrowed
            items.append(
                empty_state(
                    ft.Icons.HISTORY,
                    "No plays here yet" if not filtered else "No plays match",
                    "Finished games you save from the score pad appear here, newest first."
                    if not filtered
                    else "Try another game, player or module, or show all.",
                    button(
                        "Open the score pad",
                        lambda e: self.ctx.navigate(scorepad.ROUTE),
                        kind="tonal",
                    ),
                )
            )
        else:
            items.append(body(plural(total, "play"), muted=True))
        items.extend(self.card(play) for play in plays)
        if len(plays) < total:
            items.append(
                button(
                    f"Show more ({total - len(plays)} older)",
                    lambda e: self.more(),
                    kind="outlined",
                )
            )
        self.list_box.controls = items

    def card(self, play: PlayPublic) -> ft.Control:
        finished, play_id = play.finished, play.id
        won = any(r.winner for r in play.results)
        if not finished:
            icon = ft.Icons.HOURGLASS_EMPTY
        elif scoring_of(play) == "cooperative":
            icon = ft.Icons.GROUPS if won else ft.Icons.GROUP_OFF
        else:
            icon = ft.Icons.EMOJI_EVENTS if won else ft.Icons.FLAG
        return tagged(
            f"play-{play_id}",
            ft.Card(
                content=ft.ListTile(
                    leading=ft.Icon(
                        icon,
                        color=ft.Colors.AMBER_700 if finished and won else None,
                    ),
                    # Both wrap: a long list of players and modules is never cut off.
                    title=ft.Text(f"{play.game}: {outcome(play)}"),
                    subtitle=ft.Text(play_subtitle(play)),
                    on_click=lambda e: self.ctx.navigate(play_route(play_id)),
                    min_height=72,
                ),
                margin=0,
            ),
        )

    def more(self) -> None:
        self.limit += PAGE_SIZE
        self.render_list()
        self.ctx.page.update()

    def refilter(self) -> None:
        self.limit = PAGE_SIZE
        self.render_list()
        self.ctx.page.update()

    def build(self) -> Screen:
        self.render_list()
        content = ft.Column(
            [switcher(self.ctx, "plays"), self.filters.controls(self.refilter), self.list_box],
            spacing=GAP,
        )
        return Screen(title="History", content=content, actions=[Exchange(self.ctx).menu()])


__all__ = ["PAGE_SIZE", "PlaysView"]
