"""Starting a Mercante game: players in turn order (or the table from Players & seats), the
first calendar event, and, if the group likes, the market board's printed values."""

from __future__ import annotations

import flet as ft

from companion.engine.mercante import markets, rules
from companion.ui.logic.mercante import PRINTED_KEY, market_name
from companion.ui.logic.table import TABLE_KEY, TableState
from companion.ui.screen import Screen
from companion.ui.views.common import (
    add_seat_row,
    player_name_field,
    seat_players_link,
    seat_row,
    use_table_button,
)
from companion.ui.views.mercante.base import MercanteSession
from companion.ui.views.mercante.parts import cite, tap
from companion.ui.widgets import body, button, icon_button, notice, panel, small, tagged, wrap


class NewGameView:
    """The form shown while no game is in progress; saved as it is filled in."""

    def __init__(self, session: MercanteSession) -> None:
        self.session = session
        self.ctx = session.ctx
        self.form = session.state.form
        self.show_errors = False
        if not any(self.form.printed.values()):
            saved = self.ctx.setting(PRINTED_KEY, {})
            if isinstance(saved, dict):
                self.form.printed = {m: str(v) for m, v in saved.items() if m in markets()}
        self.name_field = player_name_field("In turn order, first player first", self.add)
        self.seats = ft.Column(spacing=4)
        self.seat_problem = ft.Column()
        self.events = ft.Column(spacing=8)
        self.board_box = ft.Column(spacing=8)
        self.printed_fields: dict[str, ft.TextField] = {}
        self.start_problem = ft.Column()

    # -- actions ----------------------------------------------------------------------------
    def changed(self) -> None:
        self.session.save()
        self.render()
        self.session.update(self.seats)

    def add(self, name: str | None = None) -> None:
        try:
            self.form.add((self.name_field.value or "") if name is None else name)
        except ValueError as exc:
            self.name_field.error = str(exc)
            self.session.update(self.name_field)
            return
        self.name_field.value = ""
        self.name_field.error = None
        self.changed()

    def use_table(self, order: tuple[str, ...]) -> None:
        self.form.seats = []
        for name in order:
            self.form.add(name)
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
        self.session.save()
        if self.show_errors or text.strip():
            self.refresh_errors()
            self.session.update(self.board_box)

    def start(self) -> None:
        session = self.session
        problems = self.form.errors(session.choices)
        if problems:
            self.show_errors = True
            self.render()
            self.start_problem.controls = [
                notice("Fix what is marked, then start the game.", level="error")
            ]
            self.session.update(self.seats)
            return
        game = self.form.build(session.choices, session.house)
        if self.form.track:
            self.ctx.set_setting(PRINTED_KEY, dict(self.form.printed))
        session.state.start(game)
        session.save()
        self.ctx.refresh()
        first = game.slots[0]
        self.ctx.notify(
            f"Game started: {game.active} goes first"
            + (f", {first.name} is in A." if first else ".")
        )

    # -- rendering --------------------------------------------------------------------------
    def refresh_errors(self) -> None:
        problems = self.form.errors(self.session.choices)
        for market, field in self.printed_fields.items():
            typed = (field.value or "").strip()
            message = problems.get(("printed", market))
            field.error = message if message and (self.show_errors or typed) else None

    def render(self) -> None:
        form = self.form
        rows: list[ft.Control] = []
        last = len(form.seats) - 1
        for i, name in enumerate(form.seats):
            roles = []
            if i == 0:
                roles.append("first player, 10 crowns")
            if i == last and last >= 2:
                roles.append("upkeep marker")
            rows.append(
                seat_row(
                    f"new-seat-{i + 1}",
                    i + 1,
                    name,
                    ", ".join(roles) if roles else None,
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
        problems = form.errors(self.session.choices)
        count_problem = problems.get(("seats",))
        self.seat_problem.controls = (
            [notice(count_problem, level="error" if self.show_errors else "info")]
            if count_problem and (self.show_errors or form.seats)
            else []
        )

        enduring = [c for c in self.session.choices if c.event.is_enduring]
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
                )
                self.printed_fields[market] = field
                board.append(tagged(f"printed-{market}", field))
            self.refresh_errors()
        self.board_box.controls = board

    def build(self, tab: str = "calendar") -> Screen:
        self.render()
        table = TableState.from_dict(self.ctx.setting(TABLE_KEY), self.ctx.catalogue)
        players = rules().players
        offer: list[ft.Control] = []
        if players.min <= len(table.seats) <= players.max:
            order = table.turn_order()
            first = f"{order[0]} first" if table.draw else "in seat order"
            offer.append(
                use_table_button(
                    f"Use the table: {', '.join(order)} ({first})", tap(self.use_table, order)
                )
            )
        else:
            offer.append(
                seat_players_link(
                    self.ctx, "Seat the players and draw the first player in Players & seats"
                )
            )
        content = [
            panel(
                body(
                    "Keep the calendar, the prices, upkeep and the final tally of a Mercante "
                    "game as you play. Everything is saved after every action.",
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
            self.start_problem,
            button(
                "Start the game",
                lambda e: self.start(),
                icon=ft.Icons.PLAY_ARROW,
                ident="start-game",
            ),
            ft.TextButton(
                "Full setup checklist in the Setup assistant",
                icon=ft.Icons.CHECKLIST,
                on_click=lambda e: self.ctx.navigate("/setup/assistant"),
            ),
        ]
        return self.session.screen(tab, content, title="Mercante: new game")


def open_new_game(session: MercanteSession, tab: str) -> Screen:
    """Every tab needs a game: until there is one, each shows this form."""
    return NewGameView(session).build(tab)


__all__ = ["NewGameView", "open_new_game"]
