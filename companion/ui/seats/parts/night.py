"""The night's panels: what is played (a summary, and the way to the setup assistant),
where and when (the place, the start), the tools to open (the first one opened starts the
night), and the running tally per player with its lines, their working and a Strike each,
and a line typed by hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine.seats import AddToTally, Seating, SeatsError, SetLocation, Start, Strike
from companion.engine.seats.night import GAME_TABLES
from companion.tables import Snapshot
from companion.ui.kit.widgets import body, button, icon_button, panel, small, tagged, wrap
from companion.ui.paint import Slot
from companion.ui.seats.model.night import (
    SETUP_ROUTE,
    TOOL_NAMES,
    TOOL_ROUTES,
    has_setup,
    now_text,
    parse_points,
    played_lines,
    started_line,
    tally_of,
    tools_for,
)
from companion.ui.shell import current_route, with_back
from companion.ui.theme import GAP, TOUCH

if TYPE_CHECKING:
    from companion.ui.seats.screen import SeatsScreen

TOOL_ICONS = {
    "bard": ft.Icons.MUSIC_NOTE_OUTLINED,
    "cove_goods": ft.Icons.CALCULATE_OUTLINED,
    "scorepad": ft.Icons.SCOREBOARD_OUTLINED,
    "mercante": ft.Icons.STOREFRONT_OUTLINED,
    "journey": ft.Icons.STYLE_OUTLINED,
}


class NightPanels:
    """What is played, where and when, the tools, the running tally."""

    def __init__(self, view: SeatsScreen) -> None:
        self.view = view
        paint = view.paint
        self.played = Slot(paint)
        self.played_box = tagged("night-played", panel(self.played.box, title="What is played"))
        self.location = ft.TextField(
            label="Where",
            hint_text="Harbour Café, Ann's kitchen…",
            on_change=lambda e: self.typed_location(),
            on_focus=lambda e: view.focused(),
            on_blur=lambda e: self.set_location(),
            on_submit=lambda e: self.set_location(),
            error_max_lines=3,
        )
        self.started = Slot(paint)
        self.when_box = panel(
            tagged("night-location", self.location),
            self.started.box,
            title="Where and when",
            section=True,
        )
        self.tools = Slot(paint)
        self.tools_box = tagged("night-tools", panel(self.tools.box, title="Tools for tonight"))
        self.tally = Slot(paint)
        self.line_players = Slot(paint)
        self.points = ft.TextField(
            label="Points",
            keyboard_type=ft.KeyboardType.NUMBER,
            width=110,
            on_change=lambda e: self.typed(),
            on_focus=lambda e: view.focused(),
            error_max_lines=3,
        )
        self.what = ft.TextField(
            label="What for",
            hint_text="Gold spent, a sale…",
            expand=True,
            on_change=lambda e: self.typed(),
            on_focus=lambda e: view.focused(),
            on_submit=lambda e: self.add_line(),
            error_max_lines=3,
        )
        self.add_button = ft.FilledButton(
            "Add the line", icon=ft.Icons.ADD, height=TOUCH, on_click=lambda e: self.add_line()
        )
        self.add_form = ft.Column(
            [
                small("Add a line by hand: whose, how many points, what for."),
                self.line_players.box,
                ft.Row([self.points, self.what], vertical_alignment=ft.CrossAxisAlignment.START),
                wrap([tagged("tally-add", self.add_button)]),
            ],
            spacing=8,
        )
        self.tally_box = panel(self.tally.box, self.add_form, title="Running tally", section=True)
        self.controls: list[ft.Control] = [
            self.played_box,
            self.when_box,
            self.tools_box,
            tagged("night-tally", self.tally_box),
        ]

    # -- acting -------------------------------------------------------------------------------
    @property
    def night(self) -> Seating:
        return self.view.seating

    def typed_location(self) -> None:
        self.view.draft.location_text = self.location.value or ""

    def set_location(self) -> None:
        """Send the place typed (on leaving the field, or Enter)."""
        draft = self.view.draft
        if draft.location_text is None:
            return
        text = " ".join(draft.location_text.split())
        draft.location_text = None
        if text != self.night.location and self.view.playing:
            self.view.act(SetLocation(text))
        else:
            self.view.redraw()

    def start(self) -> None:
        if self.night.started_at is None:
            self.view.act(Start(now_text()))

    def open_tool(self, tool: str) -> None:
        """Open ``tool``: the first tool opened starts the night (the clock of this phone)."""
        night = self.night
        if night.started_at is None and self.view.playing:
            self.view.act(Start(now_text()), quiet=True)
        if tool == "scorepad":
            self.view.score_this_table()
        else:
            ctx = self.view.ctx
            route = TOOL_ROUTES[tool]
            if night.game_table is not None and GAME_TABLES.get(night.game_id) == tool:
                # The night's game is played on this table already: back to it, not a new one.
                route = f"{route}/{night.game_table}"
            # The tool's back arrow (and its tables', see kit/lobby.py) returns to the night.
            ctx.navigate(with_back(route, current_route(ctx)))

    def pick_player(self, name: str) -> None:
        self.view.draft.line_player = name
        self.view.redraw()

    def typed(self) -> None:
        paint = self.view.paint
        paint.set(self.tally_box, self.points, error=None)
        paint.set(self.tally_box, self.what, error=None)
        paint.send()

    def add_line(self) -> None:
        draft = self.view.draft
        night = self.night
        player = draft.line_player if draft.line_player in night.seats else None
        if player is None:
            if not night.seats:
                self.view.hint("Seat the players first.")
            else:
                self.view.hint("Tap whose line it is first.")
            return
        paint = self.view.paint
        try:
            points = parse_points(self.points.value or "")
        except SeatsError as exc:
            paint.set(self.tally_box, self.points, error=str(exc))
            paint.send()
            return
        action = AddToTally(player, points, self.what.value or "")
        try:
            night.verify(action)
        except SeatsError as exc:
            paint.set(self.tally_box, self.what, error=_sentence(str(exc)))
            paint.send()
            return

        def settle() -> None:
            self.points.value = ""
            self.what.value = ""
            paint.touch(self.tally_box)

        self.view.act(action, then=settle)

    # -- rendering ----------------------------------------------------------------------------
    def render(self, night: Seating, snapshot: Snapshot) -> None:
        paint = self.view.paint
        closed = snapshot.read_only or night.is_over
        setup = has_setup(night)
        self.played.set(
            (night.game_id, night.modules, night.expansions, night.house_rules, setup),
            lambda: self.played_part(night, setup),
        )
        if self.location.value != night.location and self.view.draft.location_text is None:
            paint.set(self.when_box, self.location, value=night.location)
        paint.set(self.when_box, self.location, disabled=closed)
        self.started.set(
            (night.started_at, night.finished_at, closed), lambda: self.started_part(night, closed)
        )
        self.tools.set((tools_for(night), night.game_id), lambda: self.tools_part(night))
        chosen = self.view.draft.line_player
        self.tally.set((night.seats, night.tally, closed), lambda: self.tally_part(night, closed))
        self.line_players.set((night.seats, chosen), lambda: self.players_part(night, chosen))
        paint.set(self.tally_box, self.add_form, visible=not closed and bool(night.seats))
        whose = chosen if chosen in night.seats else None
        label = f"Add the line for {whose}" if whose else "Add the line"
        paint.set(self.tally_box, self.add_button, content=label)

    def played_part(self, night: Seating, setup: bool) -> ft.Control:
        lines: list[ft.Control] = [body(line) for line in played_lines(night)]
        if setup:
            lines.append(
                button(
                    "Choose in the setup assistant",
                    lambda e: self.view.ctx.navigate(SETUP_ROUTE),
                    icon=ft.Icons.CHECKLIST,
                    kind="outlined",
                    ident="night-setup",
                )
            )
        return ft.Column(lines, spacing=8)

    def started_part(self, night: Seating, closed: bool) -> ft.Control:
        items: list[ft.Control] = [tagged("night-started", body(started_line(night)))]
        if night.started_at is None and not closed:
            items.append(
                button(
                    "Start now",
                    lambda e: self.start(),
                    icon=ft.Icons.PLAY_ARROW,
                    kind="tonal",
                    ident="night-start",
                )
            )
        return ft.Column(items, spacing=8)

    def tools_part(self, night: Seating) -> ft.Control:
        buttons = [
            button(
                TOOL_NAMES[tool],
                lambda e, t=tool: self.open_tool(t),
                icon=TOOL_ICONS[tool],
                kind="tonal",
                ident=f"open-{tool}",
            )
            for tool in tools_for(night)
        ]
        return ft.Column(
            [
                small("Each tool starts with tonight's players; what it adds goes to the tally."),
                wrap(buttons),
            ],
            spacing=8,
        )

    def players_part(self, night: Seating, chosen: str | None) -> ft.Control | None:
        if not night.seats:
            return None
        return wrap(
            [
                button(
                    name,
                    lambda e, n=name: self.pick_player(n),
                    kind="filled" if name == chosen else "outlined",
                    ident=f"line-player-{i}",
                )
                for i, name in enumerate(night.seats, start=1)
            ]
        )

    def tally_part(self, night: Seating, closed: bool) -> ft.Control:
        if not night.seats:
            return body("Seat the players: each gets a running tally here.", muted=True)
        rows: list[ft.Control] = []
        for i, player in enumerate(tally_of(night), start=1):
            head = ft.Row(
                [
                    ft.Text(
                        player.player,
                        theme_style=ft.TextThemeStyle.TITLE_SMALL,
                        weight=ft.FontWeight.BOLD,
                        expand=True,
                    ),
                    ft.Text(
                        str(player.total),
                        theme_style=ft.TextThemeStyle.TITLE_SMALL,
                        weight=ft.FontWeight.BOLD,
                    ),
                ]
            )
            lines: list[ft.Control] = [head]
            for row in player.rows:
                text = ft.Column(
                    [body(row.text), *([small(row.working)] if row.working else [])],
                    spacing=0,
                    tight=True,
                    expand=True,
                )
                strike = icon_button(
                    ft.Icons.CLOSE,
                    f"Strike {row.text} for {player.player}",
                    lambda e, n=row.number: self.view.act(Strike(n)),
                    disabled=closed,
                )
                lines.append(tagged(f"tally-line-{row.number}", ft.Row([text, strike], spacing=4)))
            if not player.rows:
                lines.append(small("Nothing yet."))
            elif len(player.rows) > 1:
                lines.append(small(f"Working: {player.working}"))
            rows.append(tagged(f"tally-{i}", ft.Column(lines, spacing=4)))
        return ft.Column(rows, spacing=GAP)


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


__all__ = ["NightPanels"]
