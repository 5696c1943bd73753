"""``/calculators/journey``: the games in progress and the new-game form."""

from __future__ import annotations

import flet as ft

from companion.engine import journey as engine
from companion.engine.journey import HouseRules, JourneyError
from companion.ui.context import AppContext
from companion.ui.journey import TOOL_ID, table_route
from companion.ui.journey.model import (
    GAME_KEY,
    NewGameForm,
    StateError,
    form_of_old_save,
    read_old_save,
)
from companion.ui.journey.model.why import why_setup
from companion.ui.journey.parts.readings import readings_panel
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
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import (
    body,
    button,
    icon_button,
    notice,
    panel,
    small,
    source_text,
    tagged,
)
from companion.ui.live import live_session
from companion.ui.screen import Screen
from companion.ui.seats.model import Seating, current_seating


class JourneyLobby:
    """``/calculators/journey``: the games in progress and the new-game form. The form is
    this device's own draft (kept in its session, never in the database)."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.session = live_session(ctx, TOOL_ID)
        self.form: NewGameForm = self.session.draft(TOOL_ID, LOBBY, NewGameForm)
        self.problems = self._import_old_game()
        self.rules = HouseRules.from_house_rules(rules_tonight(ctx, engine.GAME_ID))
        self._seat_from_table()
        self.name_field = player_name_field("Clockwise order", self.add_player)

    def _import_old_game(self) -> list[str]:
        """The one game an older version kept in the settings becomes a table, once; the
        form seats its players."""
        raw = setting_or_none(self.ctx, GAME_KEY)
        if raw is not None and not self.form.seats:
            old_form = form_of_old_save(raw)  # the players the old save had seated
            self.form.fill(old_form.seats, old_form.first)
        _, problems = import_old_save(
            self.ctx,
            key=GAME_KEY,
            tool=TOOL_ID,
            read=read_old_save,
            errors=(StateError, JourneyError),
            moved="The game saved before is now a shared table",
        )
        return problems

    def _table(self) -> Seating:
        return current_seating(self.ctx) or Seating()

    def _seat_from_table(self) -> None:
        """Seat tonight's players (seat order, first player) without a tap, unless this
        phone changed the form since it was last filled from the night."""
        table = self._table()
        limits = engine.facts().players
        now = (tuple(self.form.seats), self.form.first)
        if limits.min <= len(table.seats) <= limits.max and seated_form(self.session, TOOL_ID, now):
            self.form.fill(table.seats, table.draw.first if table.draw else 0)
            remember_seated(self.session, TOOL_ID, (tuple(self.form.seats), self.form.first))

    def done(self) -> None:
        self.ctx.refresh()

    def add_player(self, name: str | None = None) -> None:
        try:
            self.form.add((self.name_field.value or "") if name is None else name)
        except ValueError as exc:
            self.name_field.error = str(exc)
            self.name_field.update()
            return
        self.done()

    def form_action(self, what: str, index: int, offset: int = 0) -> None:
        if what == "remove":
            self.form.remove(index)
        elif what == "move":
            self.form.move(index, offset)
        else:
            self.form.set_first(index)
        self.done()

    def use_table(self) -> None:
        table = self._table()
        self.form.fill(table.seats, table.draw.first if table.draw else 0)
        self.done()

    def start(self) -> None:
        try:
            game = self.form.build(self.rules)
        except (ValueError, JourneyError) as exc:
            self.ctx.notify(str(exc), error=True)
            return
        start_table(
            self.ctx,
            self.session,
            TOOL_ID,
            game,
            route=table_route,
            what="game",
            told=f"Game started: {game.active} goes first; {game.pile_size} cards in the "
            "draw pile. Other phones open it from Merchant's Journey.",
        )

    def build(self) -> Screen:
        form = self.form
        facts = engine.facts()
        seats: list[ft.Control] = []
        for i, name in enumerate(form.seats):
            first = i == form.first
            seats.append(
                seat_row(
                    f"journey-seat-{i + 1}",
                    i + 1,
                    name,
                    "goes first" if first else None,
                    [
                        ft.IconButton(
                            ft.Icon(
                                ft.Icons.STAR if first else ft.Icons.STAR_OUTLINE,
                                semantics_label="Goes first" if first else f"{name} goes first",
                            ),
                            tooltip="Goes first" if first else f"{name} goes first",
                            selected=first,
                            on_click=lambda e, i=i: self.form_action("first", i),
                            style=ft.ButtonStyle(padding=12),
                        ),
                        icon_button(
                            ft.Icons.ARROW_UPWARD,
                            f"Move {name} up a seat",
                            lambda e, i=i: self.form_action("move", i, -1),
                            disabled=i == 0,
                        ),
                        icon_button(
                            ft.Icons.CLOSE,
                            f"Remove {name}",
                            lambda e, i=i: self.form_action("remove", i),
                        ),
                    ],
                    spacing=8,
                )
            )
        if not seats:
            seats.append(body("Nobody seated yet.", muted=True))
        table = self._table()
        offer: list[ft.Control] = []
        table_first = table.draw.first if table.draw else 0
        seated = facts.players.min <= len(table.seats) <= facts.players.max
        same = list(table.seats) == form.seats and table_first == form.first
        if seated and not same:
            who = f", {table.draw.first_player} first" if table.draw else ""
            offer.append(
                use_table_button(
                    f"Use the table: {', '.join(table.seats)}{who}", lambda e: self.use_table()
                )
            )
        elif not seated:
            offer.append(
                seat_players_link(
                    self.ctx, "Seat the players and draw a first player in Players & seats"
                )
            )
        problem = form.problem()
        status: list[ft.Control] = []
        if problem and form.seats:
            status.append(notice(problem, level="info"))
        elif not problem:
            why = why_setup()
            status.append(
                ft.Row(
                    [
                        ft.Container(tagged("journey-pile", body(form.pile_line())), expand=True),
                        why_link(self.ctx, why.entries, why.rulings, ident="why-setup"),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                )
            )
        content: list[ft.Control] = [
            panel(
                body(
                    "The app keeps the table: rows of cards, what each card scores and why, the "
                    "draw pile and the scores. Hands stay in hands. Every phone that opens the "
                    "game sees each move as it is made.",
                ),
                title="New game",
            ),
            panel(
                *offer,
                # Its own semantics node, so the panel's texts are not read as the field's
                # label and a tap on the field lands on the field.
                tagged(
                    "journey-name-row",
                    add_seat_row(self.name_field, self.add_player, ident="add-seat"),
                ),
                *seats,
                *status,
                small("Play goes round the table in seat order from the player with the star."),
                source_text(
                    self.ctx.catalogue,
                    [facts.players.source, facts.deck.hand_source, facts.deck.pile_source],
                ),
                title="Players in seat order",
            ),
            button(
                "Start the game",
                lambda e: self.start(),
                icon=ft.Icons.PLAY_ARROW,
                ident="start-journey",
                disabled=problem is not None,
            ),
            readings_panel(self.ctx, self.rules),
            setup_link(self.ctx, "Setup checklist in the Setup assistant"),
        ]
        return lobby_screen(
            self.ctx,
            TOOL_ID,
            title="Merchant's Journey",
            problems=self.problems,
            route=table_route,
            content=content,
        )


__all__ = ["JourneyLobby"]
