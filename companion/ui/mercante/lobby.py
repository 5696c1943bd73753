"""Calculators › Mercante: the games in progress, and starting a new one: players in turn
order (or the table from Players & seats), the first calendar event, the variants and, if the
group likes, the market board's printed values (offered again from the last game that tracked
them). Starting makes a shared table; every phone opens it from the list here.

The form is this device's own draft (kept in its session, never in the database). The single
game an older version kept in the settings is imported once as a table.
"""

from __future__ import annotations

import logging
from typing import Any

import flet as ft

from companion.engine.mercante import (
    LONGER_OR_SHORTER_GAMES,
    TALK_OF_PEACE,
    MercanteError,
    MercanteTable,
    facts,
    markets,
    rules,
)
from companion.history import StoreError
from companion.ui.context import AppContext
from companion.ui.kit.lobby import (
    LOBBY,
    import_old_save,
    lobby_screen,
    setting_or_none,
    setup_link,
    start_table,
)
from companion.ui.kit.players import (
    add_seat_row,
    player_name_field,
    remember_seated,
    rules_tonight,
    seat_players_link,
    seat_row,
    seated_form,
    use_table_button,
)
from companion.ui.kit.widgets import body, button, icon_button, notice, panel, small, tagged, wrap
from companion.ui.live import live_session
from companion.ui.mercante import ROUTE, TOOL_ID, table_route
from companion.ui.mercante.model import (
    GAME_ID,
    GAME_KEY,
    PRINTED_KEY,
    SWITCHED_VARIANTS,
    NewGameForm,
    StateError,
    form_of_old_save,
    house_rules_from,
    market_name,
    printed_of,
    printed_of_setting,
    read_old_save,
)
from companion.ui.mercante.parts import check_row, cite, switched, tap
from companion.ui.mercante.screen import read_choices
from companion.ui.paint import mounted
from companion.ui.screen import Screen
from companion.ui.seats.model import Seating, current_seating

log = logging.getLogger(__name__)

OWN = "__own__"
ENDED = ("open", "finished", "abandoned")


class MercanteLobby:
    """``/calculators/mercante``: the games in progress and the new-game form."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.session = live_session(ctx, TOOL_ID)
        self.form: NewGameForm = self.session.draft(TOOL_ID, LOBBY, NewGameForm)
        self.problems = self._import_old_game()
        self.choices, _damaged = read_choices(ctx, self.problems)
        self.house = house_rules_from(rules_tonight(ctx, GAME_ID))
        self._seat_tonight()
        self.show_errors = False
        if not any(self.form.printed.values()):
            self.form.printed = self._last_printed()
        self.name_field = player_name_field("In turn order", self.add)
        self.seats = ft.Column(spacing=4)
        self.seat_problem = ft.Column()
        self.events = ft.Column(spacing=8)
        self.board_box = ft.Column(spacing=8)
        self.printed_fields: dict[str, ft.TextField] = {}
        self.start_problem = ft.Column()
        self.variants_box = ft.Column(spacing=4)

    def _seat_tonight(self) -> None:
        """Tonight's players in turn order and the variants the night plays (kept as its
        modules), without a tap, while the form shows what it last took from the night."""
        table = current_seating(self.ctx)
        count = rules().players
        if table is None or not count.min <= len(table.seats) <= count.max:
            return
        if table.game_id != GAME_ID and self.form.seats:
            return
        if seated_form(self.session, TOOL_ID, self._seated_now()):
            self.use_table(table.turn_order(), redraw=False)
            if table.game_id == GAME_ID:
                for variant in SWITCHED_VARIANTS:
                    self.form.set_variant(variant, variant in table.modules)
            remember_seated(self.session, TOOL_ID, self._seated_now())

    def _seated_now(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return tuple(self.form.seats), tuple(sorted(self.form.variants))

    def _import_old_game(self) -> list[str]:
        """The one game an older version kept in the settings becomes a table, once; the
        form seats its players."""
        raw = setting_or_none(self.ctx, GAME_KEY)
        if raw is not None and not self.form.seats:
            old = form_of_old_save(raw)  # the players the old save had seated
            self.form.seats = list(old.seats)
        _, problems = import_old_save(
            self.ctx,
            key=GAME_KEY,
            tool=TOOL_ID,
            read=read_old_save,
            errors=(StateError, MercanteError),
            moved="The game saved before is now a shared table",
            after_problem=" A fresh game is ready to start.",
        )
        return problems

    def _last_printed(self) -> dict[str, str]:
        """The printed values of the last game that tracked the board (the board is the same
        box every time), else those an older version kept in the settings."""
        try:
            for row in self.ctx.store.list_tables(tool=TOOL_ID, status=ENDED):
                found = printed_of(row.start)
                if found:
                    return found
            return printed_of_setting(self.ctx.setting(PRINTED_KEY))
        except StoreError:
            return {}

    def update(self, control: ft.Control) -> None:
        if mounted(control):
            self.ctx.page.update()

    # -- actions ----------------------------------------------------------------------------
    def changed(self) -> None:
        self.render()
        self.update(self.seats)

    def add(self, name: str | None = None) -> None:
        try:
            self.form.add((self.name_field.value or "") if name is None else name)
        except ValueError as exc:
            self.name_field.error = str(exc)
            self.update(self.name_field)
            return
        self.name_field.value = ""
        self.name_field.error = None
        self.changed()

    def use_table(self, order: tuple[str, ...], *, redraw: bool = True) -> None:
        self.form.seats = []
        for name in order:
            self.form.add(name)
        if redraw:
            self.changed()

    def remove(self, index: int) -> None:
        self.form.remove(index)
        self.changed()

    def move(self, index: int, offset: int) -> None:
        self.form.move(index, offset)
        self.changed()

    def pick_event(self, key: str | None) -> None:
        self.form.first_event = key
        self.changed()

    def set_track(self, on: bool) -> None:
        self.form.track = on
        self.changed()

    def set_printed(self, market: str, text: str) -> None:
        self.form.printed[market] = text
        if self.show_errors or text.strip():
            self.refresh_errors()
            self.update(self.board_box)

    def set_variant(self, variant: str, on: bool) -> None:
        self.form.set_variant(variant, on)
        self.changed()

    def set_reference_track(self, value: str | None) -> None:
        self.form.reference_track = None if value in (None, OWN) else int(value)
        self.changed()

    def set_talk_of_peace(self, on: bool) -> None:
        self.form.talk_of_peace = on
        self.changed()

    def set_partner(self, name: str | None) -> None:
        self.form.partner = None if name in (None, OWN) else name
        self.changed()

    def start(self) -> None:
        problems = self.form.errors(self.choices)
        if problems:
            self.show_errors = True
            self.render()
            self.start_problem.controls = [
                notice("Fix what is marked, then start the game.", level="error")
            ]
            self.update(self.seats)
            return
        game = self.form.build(self.choices, self.house)
        first = game.slots[0]

        def refused(text: str) -> None:
            self.start_problem.controls = [notice(text, level="error")]
            self.update(self.start_problem)

        start_table(
            self.ctx,
            self.session,
            TOOL_ID,
            MercanteTable.new(game),
            route=table_route,
            what="game",
            told=f"Game started: {game.active} goes first"
            + (f", {first.name} is in A." if first else ".")
            + " Other phones open it from Mercante.",
            refused=refused,
        )

    # -- rendering --------------------------------------------------------------------------
    def refresh_errors(self) -> None:
        problems = self.form.errors(self.choices)
        for market, field in self.printed_fields.items():
            typed = (field.value or "").strip()
            message = problems.get(("printed", market))
            field.error = message if message and (self.show_errors or typed) else None

    def render(self) -> None:
        form = self.form
        rows: list[ft.Control] = []
        last = len(form.seats) - 1
        # Every seat's starting crowns, not the first player's alone.
        for i, (name, note) in enumerate(zip(form.seats, form.seat_notes(), strict=True)):
            rows.append(
                seat_row(
                    f"new-seat-{i + 1}",
                    i + 1,
                    name,
                    note,
                    [
                        icon_button(
                            ft.Icons.ARROW_UPWARD,
                            f"Move {name} earlier",
                            tap(self.move, i, -1),
                            disabled=i == 0,
                        ),
                        icon_button(
                            ft.Icons.ARROW_DOWNWARD,
                            f"Move {name} later",
                            tap(self.move, i, 1),
                            disabled=i == last,
                        ),
                        icon_button(ft.Icons.CLOSE, f"Remove {name}", tap(self.remove, i)),
                    ],
                    spacing=4,
                )
            )
        if not rows:
            rows.append(body("Nobody seated yet.", muted=True))
        self.seats.controls = rows
        problems = form.errors(self.choices)
        count_problem = problems.get(("seats",))
        self.seat_problem.controls = (
            [notice(count_problem, level="error" if self.show_errors else "info")]
            if count_problem and (self.show_errors or form.seats)
            else []
        )

        enduring = [c for c in self.choices if c.event.is_enduring]
        chips: list[ft.Control] = [
            tagged(
                "first-event-none",
                ft.Chip(
                    label=ft.Text("Not turned over yet"),
                    selected=form.first_event is None,
                    on_select=lambda e: self.pick_event(None),
                ),
            )
        ]
        for choice in enduring:
            chips.append(
                tagged(
                    f"first-event-{choice.key}",
                    ft.Chip(
                        label=ft.Text(choice.event.name),
                        selected=form.first_event == choice.key,
                        on_select=lambda e, k=choice.key: self.pick_event(k),
                    ),
                )
            )
        first_problem = problems.get(("first_event",))
        self.events.controls = [
            body(
                "Turn over the top event card. While it is Fleeting, discard it and turn over "
                "the next: the first Enduring card goes in calendar space A.",
            ),
            wrap(chips),
            *([notice(first_problem, level="error")] if first_problem else []),
            cite(self.ctx, rules().setup.first_event_source),
        ]

        self.printed_fields = {}
        board: list[ft.Control] = [
            tagged(
                "track-board",
                ft.Switch(
                    label="Track the market board",
                    value=form.track,
                    on_change=lambda e: self.set_track(bool(e.control.value)),
                ),
            ),
            body(
                "The rulebook does not print the markets' space values. Without them, the sale "
                "calculator asks for the value of the space each token lands on. Type them here "
                "once (highest first, as the spaces fill) and the app finds each space itself "
                "and takes tokens off during upkeep.",
                muted=True,
            ),
        ]
        if form.track:
            for market in markets():
                field = ft.TextField(
                    label=f"{market_name(market)}: printed values",
                    hint_text="Highest first, e.g. 20 18 16",
                    value=form.printed.get(market, ""),
                    keyboard_type=ft.KeyboardType.NUMBER,
                    on_change=lambda e, m=market: self.set_printed(m, e.control.value or ""),
                    error_max_lines=3,
                )
                self.printed_fields[market] = field
                board.append(tagged(f"printed-{market}", field))
            self.refresh_errors()
        self.board_box.controls = board
        self.render_variants(problems)

    def render_variants(self, problems: dict[Any, str]) -> None:
        form = self.form
        rows: list[ft.Control] = [
            body(
                "Optional rules and variants from the rulebook, chosen before the game starts.",
                muted=True,
            )
        ]
        for variant in SWITCHED_VARIANTS:
            entry = facts().variant(variant)
            sizes = " or ".join(map(str, entry.players))
            label = entry.name + (f" ({sizes} players)" if sizes else "")
            rows.append(
                check_row(
                    label,
                    variant in form.variants,
                    switched(self.set_variant, variant),
                    ident=f"variant-{variant}",
                )
            )
            rows.append(small(entry.summary))
        tracks = form.track_options()
        longer = facts().variant(LONGER_OR_SHORTER_GAMES)
        rows.append(
            tagged(
                "reference-track",
                ft.Dropdown(
                    label=longer.name,
                    value=str(form.reference_track) if form.reference_track in tracks else OWN,
                    options=[ft.DropdownOption(key=OWN, text="The table's own reference track")]
                    + [
                        ft.DropdownOption(
                            key=str(t),
                            text=f"The {t}-player track ("
                            + (
                                "shorter, more tactical"
                                if t < len(form.seats)
                                else "longer, more strategic"
                            )
                            + ")",
                        )
                        for t in tracks
                    ],
                    on_select=lambda e: self.set_reference_track(e.control.value),
                    expand=True,
                ),
            )
        )
        peace = facts().variant(TALK_OF_PEACE)
        rows.append(
            check_row(
                f"{peace.name} (4 players, two teams)",
                form.talk_of_peace,
                switched(self.set_talk_of_peace),
                ident="variant-talk_of_peace",
            )
        )
        rows.append(small(peace.summary))
        if form.talk_of_peace and form.seats:
            first = form.seats[0]
            rows.append(
                tagged(
                    "partner",
                    ft.Dropdown(
                        label=f"{first}'s teammate",
                        value=form.partner if form.partner in form.seats[1:] else OWN,
                        options=[ft.DropdownOption(key=OWN, text="Choose")]
                        + [ft.DropdownOption(key=n, text=n) for n in form.seats[1:]],
                        on_select=lambda e: self.set_partner(e.control.value),
                        error_text=problems.get(("partner",)) if self.show_errors else None,
                        expand=True,
                    ),
                )
            )
        problem = problems.get(("variants",))
        if problem and (self.show_errors or form.seats):
            rows.append(notice(problem, level="error" if self.show_errors else "warning"))
        table_only = [v.name for v in facts().variants if v.plays == "table"]
        rows.append(
            small(
                "Also in the rulebook, played at the table without changing what the app works "
                "out: " + ", ".join(table_only) + "."
            )
        )
        self.variants_box.controls = rows

    def build(self) -> Screen:
        self.render()
        table = current_seating(self.ctx) or Seating()
        players = rules().players
        offer: list[ft.Control] = []
        seated = players.min <= len(table.seats) <= players.max
        if seated and list(table.turn_order()) != self.form.seats:
            order = table.turn_order()
            first = f"{order[0]} first" if table.draw else "in seat order"
            offer.append(
                use_table_button(
                    f"Use the table: {', '.join(order)} ({first})", tap(self.use_table, order)
                )
            )
        elif not seated:
            offer.append(
                seat_players_link(
                    self.ctx, "Seat the players and draw the first player in Players & seats"
                )
            )
        content: list[ft.Control] = [
            panel(
                body(
                    "Keep the calendar, the prices, upkeep and the final tally of a Mercante "
                    "game as you play. Every phone that opens the game sees each move as it "
                    "is made; several games can run at once.",
                ),
                title="New Mercante game",
            ),
            panel(
                *offer,
                add_seat_row(self.name_field, self.add, ident="add-seat"),
                self.seat_problem,
                self.seats,
                small(
                    "Turns go to the left (clockwise) from the first player; the player on the "
                    "first player's right holds the upkeep marker."
                ),
                cite(self.ctx, rules().setup.upkeep_marker_source, rules().players.source),
                title="Players in turn order",
            ),
            panel(self.events, title="First event"),
            panel(self.board_box, title="Market board (optional)"),
            tagged("variants-panel", panel(self.variants_box, title="Variants")),
            self.start_problem,
            button(
                "Start the game",
                lambda e: self.start(),
                icon=ft.Icons.PLAY_ARROW,
                ident="start-game",
            ),
            setup_link(self.ctx, "Full setup checklist in the Setup assistant"),
        ]
        return lobby_screen(
            self.ctx,
            TOOL_ID,
            title="Mercante",
            problems=self.problems,
            route=table_route,
            content=content,
            actions=[
                ft.IconButton(
                    ft.Icon(ft.Icons.STYLE_OUTLINED, semantics_label="Your event cards"),
                    tooltip="Your event cards",
                    on_click=lambda e: self.ctx.navigate(f"{ROUTE}/events"),
                )
            ],
        )


__all__ = ["MercanteLobby"]
