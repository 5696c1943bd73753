"""Settings › BG Stats: the player who is "me", and each game's BoardGameGeek id.

A section of its own (``bgstats_section(ctx)`` gives its cards), so the Settings screen only
lists it. Every change is saved at once through the store; a typed id that is not one shows
why in its field and is not saved.
"""

from __future__ import annotations

import flet as ft

from companion.history import StoreError
from companion.history.bgstats import FILE_NAME, Preferences
from companion.ui.context import AppContext
from companion.ui.kit.widgets import body, panel, tagged
from companion.ui.settings.model import bgstats as logic


class BGStatsSettings:
    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.players = ctx.store.player_names()
        self.games = [g.name for g in ctx.store.games()]

    def save(self, preferences: Preferences, done: str) -> bool:
        try:
            self.ctx.store.set_bgstats_preferences(preferences)
        except StoreError as exc:
            self.ctx.notify(f"Not saved: {exc}", error=True)
            return False
        self.ctx.notify(done)
        return True

    def pick_me(self, key: str) -> None:
        prefs = self.ctx.store.bgstats_preferences()
        self.save(
            logic.with_me(prefs, key),
            f"BG Stats exports now name {key} as you" if key else "BG Stats exports name nobody",
        )

    def type_id(self, field: ft.TextField, game: str) -> None:
        try:
            value = logic.parse_bgg_id(field.value)
        except ValueError as exc:
            field.error = str(exc)
            field.update()
            return
        if field.error is not None:
            field.error = None
            field.update()  # now: a notice below skips the page's own update
        prefs = self.ctx.store.bgstats_preferences()
        if value == (prefs.bgg_id(game) or None):
            return
        self.save(
            logic.with_bgg_id(prefs, game, value),
            f"{game}: BoardGameGeek id {value}" if value else f"{game}: no BoardGameGeek id",
        )

    def id_field(self, game: str, prefs: Preferences) -> ft.Control:
        # Labelled with the game alone, so a long name still fits a phone's width; the
        # heading above says what the numbers are.
        field = ft.TextField(
            label=game,
            value=logic.id_text(prefs, game),
            hint_text="e.g. 13",
            keyboard_type=ft.KeyboardType.NUMBER,
            error_max_lines=3,
        )
        field.on_change = lambda e, f=field, g=game: self.type_id(f, g)
        return tagged(f"bgg-id-{game}", field)

    def build(self) -> list[ft.Control]:
        prefs = self.ctx.store.bgstats_preferences()
        me = ft.Dropdown(
            label="You in BG Stats",
            value=logic.me_value(prefs, self.players),
            options=[ft.DropdownOption(key=k, text=t) for k, t in logic.me_options(self.players)],
            on_select=lambda e: self.pick_me(e.control.value or logic.NOBODY),
            expand=True,
        )
        games: list[ft.Control] = [self.id_field(g, prefs) for g in self.games]
        return [
            panel(
                body(
                    f"For the BG Stats backup ({FILE_NAME}): the player who is you, and the "
                    "BoardGameGeek id of each game, so BG Stats links it to its catalogue "
                    "(0 where none is set)."
                ),
                ft.Row([tagged("bgstats-me", me)]),
                ft.Text("BoardGameGeek ids", weight=ft.FontWeight.W_600),
                ft.Column(
                    games or [body("Games appear here once a play of them is saved.", muted=True)],
                    horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                    spacing=12,
                    tight=True,
                ),
                title="BG Stats",
            )
        ]


def bgstats_section(ctx: AppContext) -> list[ft.Control]:
    """The BG Stats settings card, for the Settings screen."""
    return BGStatsSettings(ctx).build()


__all__ = ["bgstats_section"]
