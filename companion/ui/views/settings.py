"""Settings: theme, house rules, and every ruling the app relies on, with its source."""

from __future__ import annotations

from itertools import groupby

import flet as ft

from companion import __version__
from companion.rules import Ruling
from companion.ui.context import THEME_KEY, AppContext
from companion.ui.qr import qr_png
from companion.ui.screen import RouteNotFound, Screen
from companion.ui.theme import GAP, apply_theme
from companion.ui.widgets import body, panel, source_text, tagged

THEMES = (
    ("system", "System", ft.Icons.BRIGHTNESS_AUTO),
    ("light", "Light", ft.Icons.LIGHT_MODE),
    ("dark", "Dark", ft.Icons.DARK_MODE),
)


class SettingsView:
    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    def set_theme(self, mode: str) -> None:
        self.ctx.set_setting(THEME_KEY, mode)
        apply_theme(self.ctx.page, mode)
        self.ctx.page.update()

    def set_house_rule(self, ruling: Ruling, on: bool) -> None:
        self.ctx.set_house_rule(ruling.id, on)
        reading = ruling.alternative if on else ruling.reading
        self.ctx.notify(f"{ruling.topic}: now using “{_first_sentence(reading or '')}”")

    def ruling_tile(self, ruling: Ruling, house_rules: frozenset[str]) -> ft.Control:
        on = ruling.id in house_rules
        lines: list[ft.Control] = [
            body(ruling.question),
            ft.Text("The app's reading", weight=ft.FontWeight.BOLD),
            body(ruling.reading),
        ]
        if ruling.alternative:
            lines += [
                ft.Text("Other reading", weight=ft.FontWeight.BOLD),
                body(ruling.alternative),
                tagged(
                    f"house-rule-{ruling.id}",
                    ft.Switch(
                        label=ruling.house_rule_label,
                        value=on,
                        on_change=lambda e, r=ruling: self.set_house_rule(r, bool(e.control.value)),
                    ),
                ),
            ]
        lines.append(source_text(self.ctx.catalogue, ruling.sources))
        subtitle = "House rule on: using the other reading" if on else ruling.question
        return ft.ExpansionTile(
            title=ft.Text(ruling.topic, weight=ft.FontWeight.W_600),
            subtitle=ft.Text(subtitle, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),
            leading=ft.Icon(ft.Icons.RULE if not on else ft.Icons.HOME_WORK_OUTLINED),
            controls=[
                ft.Container(
                    ft.Column(lines, spacing=8),
                    padding=ft.Padding.only(left=16, right=16, bottom=16),
                )
            ],
            expanded_cross_axis_alignment=ft.CrossAxisAlignment.START,
        )

    def phone_panel(self) -> list[ft.Control]:
        """How to open the app on a phone: a QR code when it is served to the network."""
        ctx = self.ctx
        if ctx.share_url:
            return [
                panel(
                    body("Scan this with a phone on the same Wi-Fi to open the app there."),
                    ft.Row(
                        [
                            ft.Image(
                                src=qr_png(ctx.share_url),
                                width=200,
                                height=200,
                                semantics_label=f"QR code for {ctx.share_url}",
                            )
                        ],
                        alignment=ft.MainAxisAlignment.CENTER,
                    ),
                    ft.Text(ctx.share_url, selectable=True, text_align=ft.TextAlign.CENTER),
                    title="Open on a phone",
                )
            ]
        if ctx.page.web:
            return [
                panel(
                    body(
                        "This computer is serving the app to itself only. To use it from phones "
                        "on the same Wi-Fi, start it with: companion --web --host 0.0.0.0",
                        selectable=True,
                    ),
                    title="Open on a phone",
                )
            ]
        return []

    def build(self) -> Screen:
        ctx = self.ctx
        mode = ctx.setting(THEME_KEY, "system")
        theme = ft.SegmentedButton(
            segments=[ft.Segment(value=v, label=ft.Text(t), icon=ft.Icon(i)) for v, t, i in THEMES],
            selected=[mode if mode in {v for v, _, _ in THEMES} else "system"],
            on_change=lambda e: self.set_theme((e.control.selected or ["system"])[0]),
        )
        house_rules = ctx.house_rules()
        groups: list[ft.Control] = []
        games = {g.id: g.name for g in ctx.catalogue.games}
        order = {g.id: i for i, g in enumerate(ctx.catalogue.games)}
        rulings = sorted(ctx.catalogue.rulings, key=lambda r: (order.get(r.game, 99), r.topic))
        for game_id, items in groupby(rulings, key=lambda r: r.game):
            tiles = [self.ruling_tile(r, house_rules) for r in items]
            groups.append(panel(*tiles, title=games.get(game_id, game_id), padding=8))
        alternatives = sum(1 for r in ctx.catalogue.rulings if r.has_house_rule)
        content = ft.Column(
            [
                panel(tagged("theme-picker", theme), title="Appearance"),
                *self.phone_panel(),
                panel(
                    body(
                        "The rulebooks leave some questions open or contradict themselves. Each "
                        "ruling below says how the app reads the passage and where it comes "
                        f"from. {alternatives} of them have another reasonable reading you can "
                        "switch on as a house rule; the calculators follow your choice.",
                    ),
                    title="Rulings and house rules",
                ),
                *groups,
                panel(
                    body(f"Merchant's Companion {__version__}"),
                    body(f"History database: {ctx.db_label}", muted=True, selectable=True),
                    body(
                        "Game facts come from the rulebooks; every text in the app is our own "
                        "summary and names the rulebook section it rests on.",
                        muted=True,
                    ),
                    title="About",
                ),
            ],
            spacing=GAP,
        )
        return Screen(title="Settings", content=content)


def _first_sentence(text: str) -> str:
    end = text.find(". ")
    return text if end < 0 else text[: end + 1]


def open_settings(ctx: AppContext, rest: list[str]) -> Screen:
    if rest:
        raise RouteNotFound("/settings/" + "/".join(rest))
    return SettingsView(ctx).build()


__all__ = ["SettingsView", "open_settings"]
