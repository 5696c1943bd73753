"""Rules: search every game's quick reference as you type, browse it by topic, read an entry.

Routes: ``/rules`` (search and topics), ``/rules/<entry id>`` (one entry, with its sources,
rulings and related entries), ``/rules/topic/<game>/<topic>`` (a topic's entries).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion import reference
from companion.reference import Entry, highlight
from companion.ui.context import AppContext
from companion.ui.kit.rulings import ruling_chip
from companion.ui.kit.widgets import (
    body,
    heading,
    labelled_switch,
    panel,
    small,
    source_text,
    tagged,
)
from companion.ui.model.words import plural
from companion.ui.rules import ROUTE
from companion.ui.rules.model import search as logic
from companion.ui.screen import Screen
from companion.ui.theme import GAP

ALL_GAMES = "all"

log = logging.getLogger(__name__)


@dataclass
class Kept:
    """What Rules keeps on a page while an entry is read: the search, the game chosen and
    how far down the list was scrolled."""

    query: str = ""
    game: str = ALL_GAMES
    offset: float = 0.0


#: Each page's :class:`Kept` (by the page's id; it goes with the page).
_KEPT: dict[int, Kept] = {}


def kept(ctx: AppContext) -> Kept:
    """The page's :class:`Kept`, made on first use."""
    key = id(ctx.page)
    found = _KEPT.get(key)
    if found is None:
        found = _KEPT[key] = Kept()
        # It goes with the page (a page that cannot be watched keeps it: it is small).
        with contextlib.suppress(TypeError):
            weakref.finalize(ctx.page, _KEPT.pop, key, None)
    return found


def spans(text: str, matched: Iterable[str]) -> list[ft.TextSpan]:
    """``text`` as spans, the matched words bold in the primary colour."""
    mark = ft.TextStyle(weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)
    return [ft.TextSpan(run, style=mark if hit else None) for run, hit in highlight(text, matched)]


def marked(text: str, matched: Iterable[str], style: ft.TextThemeStyle) -> ft.Text:
    words = frozenset(matched)
    if not words:
        return ft.Text(text, theme_style=style)
    return ft.Text(spans=spans(text, words), theme_style=style)


def tile_lines(item: Entry, matched: Iterable[str] = ()) -> list[ft.Control]:
    """A result's lines: title and a line of text (the matched words marked), its topic."""
    words = frozenset(matched)
    return [
        marked(item.title, words, ft.TextThemeStyle.TITLE_MEDIUM),
        marked(logic.snippet(item, words), words, ft.TextThemeStyle.BODY_MEDIUM),
        small(item.topic),
    ]


def entry_tile(ctx: AppContext, item: Entry, matched: Iterable[str] = ()) -> ft.Control:
    """A tappable result: title, a line of text, where it belongs."""
    return tile_and_lines(ctx, item, matched)[0]


def tile_and_lines(
    ctx: AppContext, item: Entry, matched: Iterable[str] = ()
) -> tuple[ft.Control, ft.Column]:
    """:func:`entry_tile`, and the column of its lines (to mark other words in later)."""
    lines = ft.Column(tile_lines(item, matched), spacing=4, tight=True)
    tile = tagged(
        f"result-{item.id}",
        ft.Container(
            lines,
            on_click=lambda e, r=item.route: ctx.navigate(r),
            ink=True,
            border_radius=12,
            padding=ft.Padding.symmetric(horizontal=12, vertical=10),
        ),
    )
    return tile, lines


class RulesHome:
    """The search field, the game filter, and either results or the topics of each game."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.kept = kept(ctx)
        self.game = self.kept.game
        self.query = self.kept.query
        self.field = ft.TextField(
            value=self.query,
            label="Search the rules",
            hint_text="a card, a module, a phase, a word…",
            prefix_icon=ft.Icons.SEARCH,
            on_change=self.on_change,
            on_submit=self.on_change,
            error_max_lines=3,
        )
        self.chips = ft.Row(wrap=True, spacing=8, run_spacing=8)
        self.results = ft.Column(spacing=GAP)
        self.shown: tuple[Any, ...] | None = None
        """What the results show now: a keystroke that changes none of it leaves them be."""
        self.tiles: dict[str, tuple[ft.Control, ft.Column]] = {}
        self.groups: dict[str, tuple[ft.Control, ft.Column]] = {}
        """Result tiles and game panels already made, kept while the results are searched
        again: each keystroke changes their words, not the controls, so a tap on a tile
        while the last letters are still on their way is not lost to a redrawn copy."""

    def on_change(self, e: Any = None) -> None:
        self.query = self.kept.query = self.field.value or ""
        self.kept.offset = 0.0  # new results start at their top
        self.render()

    def pick_game(self, game: str) -> None:
        self.game = self.kept.game = game
        self.kept.offset = 0.0
        self.render()

    def scrolled(self, e: ft.OnScrollEvent) -> None:
        self.kept.offset = float(e.pixels)

    def restore_scroll(self, scroller: ft.Column) -> None:
        """Back from an entry: the list where it was left (once laid out)."""
        offset = self.kept.offset
        if offset <= 0:
            return

        async def go() -> None:
            await asyncio.sleep(0.1)
            try:
                await asyncio.wait_for(scroller.scroll_to(offset=offset), 5)
            except (TimeoutError, RuntimeError):
                log.debug("scrolling Rules back to %s did not happen", offset)

        self.ctx.page.run_task(go)

    def render(self) -> None:
        game = None if self.game == ALL_GAMES else self.game
        groups = logic.find(self.query, game)
        searching = logic.searching(self.query)
        shown = (
            game,
            tuple((h.entry.id, h.words) for g in groups for h in g.hits),
            self.query.strip() if searching and not groups else None,
        )
        if shown == self.shown:
            return
        self.shown = shown
        self.chips.controls = [
            tagged(
                f"rules-game-{game}",
                ft.Chip(
                    label=ft.Text(name),
                    selected=self.game == game,
                    show_checkmark=False,
                    on_select=lambda e, g=game: self.pick_game(g),
                ),
            )
            for game, name in ((ALL_GAMES, "All games"), *reference.games())
        ]
        if groups:
            self.results.controls = [self.group_panel(g) for g in groups]
        elif searching:
            self.results.controls = [self.nothing()]
        else:
            self.results.controls = self.browse(game)

    def nothing(self) -> ft.Control:
        return tagged(
            "rules-nothing",
            panel(
                body(f"Nothing in the rules matches “{self.query.strip()}”."),
                body(
                    "Try another word: a card's name or number, a module, a phase, an action.",
                    muted=True,
                ),
            ),
        )

    def group_panel(self, group: logic.Group) -> ft.Control:
        """The panel of one game's results (the same control each time it is searched)."""
        tiles: list[ft.Control] = []
        for hit in group.hits:
            made_tile = self.tiles.get(hit.entry.id)
            if made_tile is None:
                made_tile = self.tiles[hit.entry.id] = tile_and_lines(
                    self.ctx, hit.entry, hit.words
                )
            else:
                made_tile[1].controls = tile_lines(hit.entry, hit.words)
            tiles.append(made_tile[0])
        made = self.groups.get(group.game)
        if made is None:
            lines = ft.Column(spacing=2, tight=True)
            card = tagged(
                f"rules-group-{group.game}",
                ft.Card(
                    content=ft.Container(
                        lines, padding=ft.Padding.symmetric(vertical=12, horizontal=4)
                    ),
                    margin=0,
                ),
            )
            made = self.groups[group.game] = (card, lines)
        card, lines = made
        lines.controls = [
            ft.Container(heading(group.name), padding=ft.Padding.only(left=12)),
            *tiles,
        ]
        return card

    def browse(self, game: str | None) -> list[ft.Control]:
        shown = [(g, n) for g, n in reference.games() if game is None or g == game]
        panels: list[ft.Control] = []
        for game_id, name in shown:
            tiles: list[ft.Control] = []
            for t in logic.topics(game_id):
                tiles.append(
                    tagged(
                        f"topic-{game_id}-{logic.slug(t.title)}",
                        ft.ListTile(
                            title=ft.Text(t.title),
                            subtitle=ft.Text(plural(len(t.entries), "entry", "entries")),
                            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
                            on_click=lambda e, r=t.route: self.ctx.navigate(r),
                        ),
                    )
                )
            panels.append(
                ft.Card(
                    content=ft.Container(
                        ft.Column(
                            [ft.Container(heading(name), padding=ft.Padding.only(left=16)), *tiles],
                            spacing=0,
                            tight=True,
                        ),
                        padding=ft.Padding.symmetric(vertical=12),
                    ),
                    margin=0,
                )
            )
        return panels

    def build(self) -> Screen:
        self.render()
        intro = body(
            "Every game's rules in short, its cards and modules, the terms and the rulings the "
            "app uses. Type a few letters: typos and card numbers are fine.",
            muted=True,
        )
        # The screen scrolls itself, so that it can come back to where it was left.
        content = ft.Column(
            [intro, tagged("rules-search", self.field), self.chips, self.results],
            spacing=GAP,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            scroll=ft.ScrollMode.AUTO,
            expand=True,
            on_scroll=self.scrolled,
            scroll_interval=200,
        )
        self.restore_scroll(content)
        return Screen(title="Rules", content=content, scroll=False)


def paragraph_control(text: str) -> ft.Control:
    """A paragraph; its ``• `` lines become list items with a hanging indent."""
    lines = text.split("\n")
    controls: list[ft.Control] = []
    for line in lines:
        if line.startswith("• "):
            controls.append(
                ft.Row(
                    [
                        ft.Text("•", theme_style=ft.TextThemeStyle.BODY_LARGE),
                        ft.Text(line[2:], theme_style=ft.TextThemeStyle.BODY_LARGE, expand=True),
                    ],
                    spacing=8,
                    vertical_alignment=ft.CrossAxisAlignment.START,
                )
            )
        else:
            controls.append(
                ft.Text(
                    line,
                    theme_style=ft.TextThemeStyle.BODY_LARGE,
                    weight=ft.FontWeight.W_600 if len(lines) > 1 else None,
                )
            )
    if len(controls) == 1:
        return controls[0]
    return ft.Column(controls, spacing=6, tight=True)


def entry_screen(ctx: AppContext, item: Entry) -> Screen:
    parts: list[ft.Control] = [
        tagged("entry-title", ft.Text(item.title, theme_style=ft.TextThemeStyle.HEADLINE_SMALL)),
        small(f"{logic.game_name(item.game)} · {item.topic}"),
    ]
    if item.ruling is not None:
        ruling = ctx.catalogue.ruling(item.ruling)
        on = ruling.id in ctx.house_rules()
        parts += [
            ft.Text(ruling.question, theme_style=ft.TextThemeStyle.BODY_LARGE),
            ft.Text("How the app reads it", weight=ft.FontWeight.BOLD),
            ft.Text(ruling.reading, theme_style=ft.TextThemeStyle.BODY_LARGE),
        ]
        if ruling.alternative:

            def toggle(e: Any, ruling_id: str = ruling.id) -> None:
                ctx.set_house_rule(ruling_id, bool(e.control.value))
                ctx.notify(
                    f"{ruling.topic}: "
                    + (
                        "your house rule is on."
                        if e.control.value
                        else "back to the app's reading."
                    )
                )

            parts += [
                ft.Text("Other reading", weight=ft.FontWeight.BOLD),
                ft.Text(ruling.alternative, theme_style=ft.TextThemeStyle.BODY_LARGE),
                labelled_switch(f"house-rule-{ruling.id}", ruling.house_rule_label, on, toggle),
            ]
    else:
        parts += [paragraph_control(p) for p in item.paragraphs]
    parts.append(tagged("entry-sources", source_text(ctx.catalogue, item.sources)))
    blocks: list[ft.Control] = [panel(*parts)]
    if item.rulings:
        blocks.append(
            panel(
                *(ruling_chip(ctx, r) for r in item.rulings),
                title="Rulings the app applies here",
            )
        )
    related = [reference.entry(r) for r in item.related]
    if related:
        blocks.append(
            panel(
                *(
                    tagged(
                        f"related-{other.id}",
                        ft.ListTile(
                            title=ft.Text(other.title),
                            subtitle=ft.Text(f"{logic.game_name(other.game)} · {other.topic}"),
                            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
                            on_click=lambda e, r=other.route: ctx.navigate(r),
                            content_padding=ft.Padding.symmetric(horizontal=4),
                        ),
                    )
                    for other in related
                ),
                title="See also",
            )
        )
    return Screen(title=item.title, content=ft.Column(blocks, spacing=GAP), back=ROUTE)


def topic_screen(ctx: AppContext, topic: logic.Topic) -> Screen:
    tiles = [entry_tile(ctx, item) for item in topic.entries]
    content = ft.Column([small(logic.game_name(topic.game)), panel(*tiles, padding=4)], spacing=GAP)
    return Screen(title=topic.title, content=content, back=ROUTE)


__all__ = ["RulesHome", "entry_screen", "topic_screen"]
