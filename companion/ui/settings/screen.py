"""Settings: theme, BG Stats, house rules, and every ruling the app relies on, with its source."""

from __future__ import annotations

import flet as ft

from companion import __version__
from companion.access import shown_code
from companion.rules import Catalogue, Ruling
from companion.ui.context import THEME_KEY, AppContext
from companion.ui.kit.qr import qr_png
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import body, button, labelled_switch, panel, source_text, tagged
from companion.ui.model.words import plural
from companion.ui.screen import Screen
from companion.ui.settings import ROUTE
from companion.ui.settings.parts.bgstats import bgstats_section
from companion.ui.theme import GAP, apply_theme

THEMES = (
    ("system", "System", ft.Icons.BRIGHTNESS_AUTO),
    ("light", "Light", ft.Icons.LIGHT_MODE),
    ("dark", "Dark", ft.Icons.DARK_MODE),
)


#: Rulings are grouped by the tool they belong to (the first part of their id) ...
TOOL_AREAS = {
    "bard": "Merchants Cove: The Bard",
    "cove_goods": "Merchants Cove: sale value",
    "mercante": "Mercante",
    "journey": "Merchant's Journey",
}
#: ... and the setup assistant's and the catalogue's, which serve every game, by their game.
GAME_AREAS = {
    "merchants_cove": "Merchants Cove: setup and modules",
    "mercante": "Mercante",
    "merchants_journey": "Merchant's Journey",
}
#: The order of the groups.
AREA_ORDER = (
    "Merchants Cove: setup and modules",
    "Merchants Cove: The Bard",
    "Merchants Cove: sale value",
    "Mercante",
    "Merchant's Journey",
)


def ruling_groups(catalogue: Catalogue) -> list[tuple[str, list[Ruling]]]:
    """Rulings by area, in a fixed order, each area sorted by topic."""
    games = {g.id: g.name for g in catalogue.games}
    grouped: dict[str, list[Ruling]] = {}
    for ruling in catalogue.rulings:
        tool = ruling.id.split(".", 1)[0]
        label = (
            TOOL_AREAS.get(tool)
            or GAME_AREAS.get(ruling.game)
            or games.get(ruling.game, ruling.game)
        )
        grouped.setdefault(label, []).append(ruling)
    order = list(AREA_ORDER)
    return [
        (label, sorted(grouped[label], key=lambda r: r.topic.casefold()))
        for label in sorted(grouped, key=lambda g: (order.index(g) if g in order else 99, g))
    ]


class SettingsView:
    def __init__(self, ctx: AppContext, focus: str | None = None) -> None:
        self.ctx = ctx
        self.focus = focus  # a ruling to open, from /settings/rulings/<id>

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
                labelled_switch(
                    f"house-rule-{ruling.id}",
                    ruling.house_rule_label,
                    on,
                    lambda e, r=ruling: self.set_house_rule(r, bool(e.control.value)),
                ),
            ]
        lines.append(source_text(self.ctx.catalogue, ruling.sources))
        # The ruling's own entry in the rules reference: where it applies, linked both ways.
        lines.append(
            why_link(
                self.ctx,
                [f"ruling.{ruling.id}"],
                label="In the rules reference",
                ident=f"rules-entry-{ruling.id}",
            )
        )
        subtitle = "House rule on: using the other reading" if on else ruling.question
        return ft.ExpansionTile(
            expanded=ruling.id == self.focus,
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
        """How to open the app on a phone: a QR code (with the access code in it) when it is
        served to the network."""
        ctx = self.ctx
        if ctx.share_url and ctx.access is not None:
            link = ctx.access.link(ctx.share_url)
            return [
                panel(
                    body(
                        "Scan this with a phone on the same Wi-Fi to open the app there. The "
                        "address carries the access code, and the phone is remembered after "
                        "its first visit."
                    ),
                    ft.Row(
                        [
                            ft.Image(
                                src=qr_png(link),
                                width=200,
                                height=200,
                                semantics_label=f"QR code for {link}",
                            )
                        ],
                        alignment=ft.MainAxisAlignment.CENTER,
                    ),
                    ft.Text(link, selectable=True, text_align=ft.TextAlign.CENTER),
                    ft.Row(
                        [
                            tagged(
                                "access-code",
                                ft.Column(
                                    [
                                        body("Access code, to type in instead", muted=True),
                                        ft.Text(
                                            shown_code(ctx.access.code),
                                            theme_style=ft.TextThemeStyle.HEADLINE_MEDIUM,
                                            weight=ft.FontWeight.BOLD,
                                        ),
                                    ],
                                    spacing=2,
                                    tight=True,
                                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                                ),
                            )
                        ],
                        alignment=ft.MainAxisAlignment.CENTER,
                    ),
                    body(
                        "Anyone on this network with the code can read and change the "
                        "history. A new code shuts out every phone that joined before.",
                        muted=True,
                    ),
                    button(
                        "New code",
                        lambda e: self.confirm_new_code(),
                        icon=ft.Icons.LOCK_RESET,
                        kind="outlined",
                        ident="new-access-code",
                    ),
                    title="Open on a phone",
                )
            ]
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

    def confirm_new_code(self) -> None:
        page = self.ctx.page
        page.show_dialog(
            ft.AlertDialog(
                title=ft.Text("Make a new access code?"),
                content=ft.Text(
                    "Every phone that joined with the current code is shut out and has to "
                    "join again with the new one. This device stays in."
                ),
                actions=[
                    ft.TextButton("Cancel", on_click=lambda e: page.pop_dialog()),
                    tagged(
                        "confirm-new-access-code",
                        ft.FilledButton("New code", on_click=self.new_code),
                    ),
                ],
            )
        )

    async def new_code(self, _e: object = None) -> None:
        """Rotate the code; this page reopens with the new one so this device stays in."""
        ctx = self.ctx
        ctx.page.pop_dialog()
        if ctx.access is None:
            return
        try:
            code = ctx.access.rotate(keep=ctx.device)
        except ValueError as exc:  # StoreError: the new code could not be saved
            ctx.notify(f"The code was not changed: {exc}", error=True)
            return
        ctx.notify(f"New access code: {shown_code(code)}.")
        ctx.refresh()
        # This browser's cookie was signed with the old code's secret: the address with the
        # new code signs it again (and takes the code out of the address bar).
        await ft.UrlLauncher().launch_url(f"{ROUTE}?code={code}", web_only_window_name="_self")

    def build(self) -> Screen:
        ctx = self.ctx
        mode = ctx.setting(THEME_KEY, "system")
        theme = ft.SegmentedButton(
            # Words only, the chosen one filled: with an icon (or the chosen one's tick), "System"
            # in the bundled font does not fit a third of a 390-pixel phone and wrapped.
            segments=[ft.Segment(value=v, label=ft.Text(t), tooltip=t) for v, t, _ in THEMES],
            show_selected_icon=False,
            selected=[mode if mode in {v for v, _, _ in THEMES} else "system"],
            on_change=lambda e: self.set_theme((e.control.selected or ["system"])[0]),
        )
        house_rules = ctx.house_rules()
        groups: list[ft.Control] = []
        for label, items in ruling_groups(ctx.catalogue):
            on = sum(1 for r in items if r.id in house_rules)
            focus = self.focus in {r.id for r in items}
            subtitle = plural(len(items), "ruling") + (
                f" · {plural(on, 'house rule')} on" if on else ""
            )
            groups.append(
                ft.Card(
                    content=ft.ExpansionTile(
                        title=ft.Text(label, theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
                        subtitle=ft.Text(subtitle),
                        expanded=focus,
                        maintain_state=True,
                        controls=[self.ruling_tile(r, house_rules) for r in items],
                    ),
                    margin=0,
                )
            )
        alternatives = sum(1 for r in ctx.catalogue.rulings if r.has_house_rule)
        content = ft.Column(
            [
                panel(tagged("theme-picker", theme), title="Appearance"),
                *self.phone_panel(),
                *bgstats_section(ctx),
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


__all__ = ["SettingsView"]
