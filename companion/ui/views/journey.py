"""Calculators › Merchant's Journey: the games in progress, a new game, and a game's table.

``/calculators/journey`` lists the games in progress (resume, finish, abandon) and seats the
players of a new one. ``/calculators/journey/<table id>`` is a shared table: every device on
it sees every move live. Choose the card being played (that choice stays on this device),
then tap the row end it goes on (each end shows what it would score), or start a new city.
The screen shows the points with their working, whose turn it is, the draw-pile countdown and
the running scores; offers the swaps the rules allow; and at the end saves the game to
history, once, whichever device taps Save.

This is the reference pattern for a tool on a shared table (see ``companion.tables``): the
screen is built once and :meth:`JourneyTableView.render` updates its controls in place from
each snapshot, so a push from another device neither rebuilds the screen nor disturbs what
this device is choosing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import flet as ft

from companion.engine import journey as engine
from companion.engine.journey import (
    Card,
    JourneyError,
    JourneyGame,
    JourneyRules,
    Place,
    PlayRecord,
    StartRow,
    Swap,
    SwapOption,
)
from companion.history import StoreError
from companion.rules import Source
from companion.tables import Applied, Outcome, Saved, Snapshot, TableNotFound
from companion.ui.context import AppContext
from companion.ui.live import (
    LiveSession,
    LiveTable,
    Painter,
    Slot,
    confirm,
    games_in_progress,
    import_old_game,
    isolate,
    run_as_event,
)
from companion.ui.logic.journey import (
    GAME_KEY,
    EndOption,
    JourneyDraft,
    NewGameForm,
    StateError,
    card_line,
    end_options,
    form_of_old_save,
    house_rules_summary,
    pile_line,
    play_of,
    plural,
    read_old_save,
    record_sources,
    record_title,
    rulings_in_use,
    score_lines,
    status_line,
    swap_label,
)
from companion.ui.logic.live import info
from companion.ui.logic.seats import Seating, current_seating
from companion.ui.rulings import ruling_chip
from companion.ui.screen import RouteNotFound, Screen
from companion.ui.theme import GAP, TOUCH
from companion.ui.views.common import (
    add_seat_row,
    player_name_field,
    seat_players_link,
    seat_row,
    standings_table,
    use_table_button,
)
from companion.ui.widgets import (
    body,
    button,
    heading,
    icon_button,
    mounted,
    notice,
    panel,
    small,
    source_text,
    tagged,
)

log = logging.getLogger(__name__)

TOOL_ID = "journey"
ROUTE = "/calculators/journey"
LOBBY = 0  # the draft key of the new-game form (tables count from 1)


def table_route(table_id: int) -> str:
    return f"{ROUTE}/{table_id}"


def _signed(points: int) -> str:
    return f"+{points}" if points >= 0 else f"−{-points}"


def _session(ctx: AppContext) -> LiveSession:
    if not isinstance(ctx.live, LiveSession):
        raise RuntimeError("Merchant's Journey needs the shared tables (ctx.live)")
    return ctx.live


# -- the games in progress and a new game ----------------------------------------------------------


class JourneyLobby:
    """``/calculators/journey``: the games in progress and the new-game form. The form is
    this device's own draft (kept in its session, never in the database)."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.session = _session(ctx)
        self.problems: list[str] = []
        self.form: NewGameForm = self.session.draft(TOOL_ID, LOBBY, NewGameForm)
        self._import_old_game()
        self.rules = JourneyRules.from_house_rules(ctx.house_rules())
        if not self.form.seats:
            self._seat_from_table()
        self.name_field = player_name_field("In seat order, going clockwise", self.add_player)

    def _import_old_game(self) -> None:
        """The one game an older version kept in the settings becomes a table, once."""
        try:
            raw = self.ctx.setting(GAME_KEY)
        except StoreError:
            raw = None
        if raw is not None and not self.form.seats:
            old_form = form_of_old_save(raw)  # the players the old save had seated
            self.form.fill(old_form.seats, old_form.first)
        table_id, problem = import_old_game(
            self.ctx,
            key=GAME_KEY,
            tool=TOOL_ID,
            read=read_old_save,
            errors=(StateError, JourneyError),
        )
        if problem:
            self.problems.append(problem)
        elif table_id is not None:
            self.problems.append(
                "The game saved before is now a shared table: resume it below, from any phone."
            )

    def _table(self) -> Seating:
        return current_seating(self.ctx) or Seating()

    def _seat_from_table(self) -> None:
        table = self._table()
        limits = engine.facts().players
        if limits.min <= len(table.seats) <= limits.max:
            self.form.fill(table.seats, table.draw.first if table.draw else 0)

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
        try:
            snapshot = self.session.hub.create(TOOL_ID, game, device=self.session.device)
        except StoreError as exc:
            self.ctx.notify(f"The game could not be started: {exc}", error=True)
            return
        self.ctx.navigate(table_route(snapshot.table_id))
        table = self.session.current
        if table is not None and table.table_id == snapshot.table_id:
            table.tell(
                info(
                    f"Game started: {game.active} goes first; {game.pile_size} cards in the "
                    "draw pile. Other phones open it from Merchant's Journey."
                )
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
                            ft.Icons.STAR if first else ft.Icons.STAR_OUTLINE,
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
            status.append(tagged("journey-pile", body(form.pile_line())))
        content: list[ft.Control] = [notice(p, level="warning") for p in self.problems]
        running = games_in_progress(self.ctx, TOOL_ID, route=table_route)
        if running is not None:
            content.append(running)
        content += [
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
            ft.TextButton(
                "Setup checklist in the Setup assistant",
                icon=ft.Icons.CHECKLIST,
                on_click=lambda e: self.ctx.navigate("/setup/assistant"),
            ),
        ]
        return Screen(
            title="Merchant's Journey",
            content=ft.Column(
                content, spacing=GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
            ),
        )


def readings_panel(ctx: AppContext, rules: JourneyRules) -> ft.Control:
    """How the app reads the rules, each reading in use, and the way to Settings."""
    lines: list[ft.Control] = []
    for line in rulings_in_use(ctx.catalogue, rules):
        lines.append(
            ft.Column(
                [
                    ft.Row(
                        [
                            ft.Text(line.topic, weight=ft.FontWeight.W_600, expand=True),
                            *(
                                [ft.Icon(ft.Icons.HOME_WORK_OUTLINED, size=18)]
                                if line.house_rule
                                else []
                            ),
                        ]
                    ),
                    body(("House rule: " if line.house_rule else "") + line.text, muted=True),
                ],
                spacing=2,
            )
        )
    lines.append(
        source_text(
            ctx.catalogue,
            [s for r in engine.RULINGS for s in ctx.catalogue.ruling(r).sources],
        )
    )
    lines.append(
        button(
            "Change in Settings",
            lambda e: ctx.navigate("/settings"),
            icon=ft.Icons.TUNE,
            kind="outlined",
            ident="journey-settings",
        )
    )
    return tagged(
        "journey-readings",
        panel(
            ft.ExpansionTile(
                title=ft.Text("How the app reads the rules"),
                subtitle=ft.Text(house_rules_summary(ctx.catalogue, rules)),
                leading=ft.Icon(ft.Icons.RULE),
                controls=[ft.Column(lines, spacing=10)],
                controls_padding=ft.Padding.symmetric(horizontal=8, vertical=8),
                expanded_cross_axis_alignment=ft.CrossAxisAlignment.START,
            ),
            padding=4,
        ),
    )


# -- one game's table --------------------------------------------------------------------------


class _Row:
    """One row of cards on screen: its two end buttons, its label and its chips. The row and
    its chips are sections of their own: a tap that only disables the end buttons does not
    send the cards again."""

    def __init__(self, view: JourneyTableView, index: int) -> None:
        self.index = index
        self.ends = {side: view.end_button(index, side) for side in engine.SIDES}
        self.label = isolate(
            ft.Text(
                "", text_align=ft.TextAlign.CENTER, expand=True, color=ft.Colors.ON_SURFACE_VARIANT
            )
        )
        self.chips = isolate(ft.Row([], wrap=True, spacing=4, run_spacing=4))
        self.chip_key: Hashable = None
        self.chip_controls: dict[Hashable, ft.Control] = {}  # by what each chip shows
        head = ft.Row(
            [self.ends["left"][0], self.label, self.ends["right"][0]],
            spacing=6,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        self.control = isolate(tagged(f"row-{index + 1}", panel(head, self.chips, padding=10)))


class JourneyTableView:
    """``/calculators/journey/<id>``: one shared table, built once, rendered in place."""

    def __init__(self, ctx: AppContext, table_id: int) -> None:
        self.ctx = ctx
        self.session = _session(ctx)
        self.table_id = table_id
        self.draft: JourneyDraft = self.session.draft(TOOL_ID, table_id, JourneyDraft)
        self.problems: list[str] = []
        self._build_controls()
        self.live = LiveTable(ctx, table_id, self.render)
        self._sync_house_rules()
        self.render(self.live.snapshot)

    # -- state ----------------------------------------------------------------------------------
    @property
    def snapshot(self) -> Snapshot:
        return self.live.snapshot

    @property
    def game(self) -> JourneyGame:
        game = self.live.snapshot.game
        if not isinstance(game, JourneyGame):
            raise RouteNotFound(table_route(self.table_id))
        return game

    def _sync_house_rules(self) -> None:
        """Play by the house rules chosen in Settings; a game whose moves they forbid keeps
        the rules it was played with (and says so)."""
        snapshot = self.live.snapshot
        game = snapshot.game
        if not isinstance(game, JourneyGame) or snapshot.read_only:
            return
        wanted = JourneyRules.from_house_rules(self.ctx.house_rules())
        if game.rules == wanted:
            return
        outcome = self.live.set_house_rules(wanted.alternatives)
        if not isinstance(outcome, Applied):
            self.problems.append(outcome.message)

    # -- acting ---------------------------------------------------------------------------------
    def choose(self, rank: str) -> None:
        """Only this device's choice: nothing is written, other phones see nothing."""
        self.draft.choose(rank)
        self.render(self.live.snapshot)

    def play(self, option: EndOption) -> None:
        card = self.draft.card
        if card is None:
            self.live.tell(info("Choose the card being played first."))
            return
        action: engine.Action = (
            StartRow(card) if option.row is None else Place(card, option.row, option.side or "left")
        )
        self._act(action)

    def swap(self, option: SwapOption) -> None:
        self._act(Swap(option.card.id, option.other.id))

    def _act(self, action: engine.Action) -> None:
        def said(applied: Applied) -> str:
            game = applied.snapshot.game
            text = str(applied.record.summary)
            if isinstance(game, JourneyGame) and game.is_over and not applied.record.before.is_over:
                text += f" Game over: {pile_line(game)}"
            return text

        def settle(outcome: Outcome) -> None:
            if isinstance(outcome, Applied) and not isinstance(action, Swap):
                self.draft.card = None  # played: no longer this device's choice

        self.live.act(action, confirm=said, on_outcome=settle)

    def undo(self) -> None:
        self.live.undo()

    def save_to_history(self) -> None:
        def saved(outcome: Saved) -> str:
            game = outcome.snapshot.game
            winners = [s.name for s in game.standings() if s.winner]
            return f"Saved Merchant's Journey: {' and '.join(winners)} won."

        self.live.save(lambda game: play_of(game, self.ctx.catalogue), saved=saved)

    def menu(self) -> None:
        """New game with these players, or end this one (each explicit)."""
        snapshot = self.live.snapshot
        game = snapshot.game

        def new_game(e: Any) -> None:
            self.ctx.page.pop_dialog()
            if isinstance(game, JourneyGame):
                form: NewGameForm = self.session.draft(TOOL_ID, LOBBY, NewGameForm)
                form.fill(game.players, game.first)
            self.ctx.navigate(ROUTE)

        def end(how: str) -> None:
            self.ctx.page.pop_dialog()
            finish = how == "finish"
            saved = snapshot.info.saved_play_id is not None
            confirm(
                self.ctx,
                title="Finish this game?" if finish else "Abandon this game?",
                text=(
                    "It leaves the games in progress and takes no more moves on any phone. "
                    + (
                        "It is saved in your history."
                        if saved
                        else "Save it to history first if it has ended."
                        if finish
                        else "Nothing is saved to history; its moves are kept in the database."
                    )
                ),
                action="Finish" if finish else "Abandon",
                ident=f"confirm-{how}",
                on_confirm=lambda: self._ended(how),
                danger=not finish,
            )

        actions: list[ft.Control] = [
            tagged(
                "new-game",
                ft.TextButton("New game with these players", icon=ft.Icons.ADD, on_click=new_game),
            )
        ]
        if not snapshot.read_only:
            actions += [
                tagged(
                    "finish-game",
                    ft.TextButton(
                        "Finish this game", icon=ft.Icons.FLAG, on_click=lambda e: end("finish")
                    ),
                ),
                tagged(
                    "abandon-game",
                    ft.TextButton(
                        "Abandon this game",
                        icon=ft.Icons.DELETE_OUTLINE,
                        on_click=lambda e: end("abandon"),
                    ),
                ),
            ]
        players = ", ".join(game.players) if isinstance(game, JourneyGame) else ""
        self.ctx.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text("This game"),
                content=ft.Column(
                    [body(players, muted=True), *actions],
                    tight=True,
                    spacing=4,
                    horizontal_alignment=ft.CrossAxisAlignment.START,
                ),
                actions=[ft.TextButton("Close", on_click=lambda e: self.ctx.page.pop_dialog())],
            )
        )

    def _ended(self, how: str) -> None:
        outcome = self.live.finish() if how == "finish" else self.live.abandon()
        if outcome.ok:
            self.ctx.navigate(ROUTE)
            self.ctx.notify(
                "The game is finished." if how == "finish" else "The game was abandoned."
            )

    # -- the controls, built once ---------------------------------------------------------------
    def _build_controls(self) -> None:
        paint = self.paint = Painter()
        self.problem_slot = Slot(paint)
        self.status_text = ft.Text("", theme_style=ft.TextThemeStyle.TITLE_MEDIUM)
        self.progress = ft.ProgressBar(value=0, border_radius=4)
        self.pile_text = ft.Text("", expand=True)
        facts = engine.facts()
        self.status = isolate(
            tagged(
                "journey-status",
                ft.Container(
                    ft.Column(
                        [
                            self.status_text,
                            self.progress,
                            ft.Row(
                                [ft.Icon(ft.Icons.LAYERS_OUTLINED, size=18), self.pile_text],
                                spacing=8,
                                vertical_alignment=ft.CrossAxisAlignment.START,
                            ),
                            source_text(
                                self.ctx.catalogue,
                                [facts.deck.pile_source, facts.play.end_source],
                            ),
                        ],
                        spacing=6,
                        tight=True,
                    ),
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
                    border_radius=12,
                    padding=ft.Padding.symmetric(horizontal=12, vertical=10),
                ),
            )
        )
        self.score_tiles: dict[str, tuple[ft.Container, ft.Text, ft.Text]] = {}
        self._score_boxes: dict[str, ft.Control] = {}
        self.scores = isolate(ft.ResponsiveRow([], spacing=6, run_spacing=6))
        self.final_slot = Slot(paint)
        self.last_title = small("", muted=False)
        self.last_working = ft.Text("", theme_style=ft.TextThemeStyle.TITLE_LARGE, expand=True)
        self.last_points = ft.Text("", weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)
        self.last_rulings = ft.Container()
        self._rulings_lines: dict[Hashable, ft.Control] = {}
        self.last_source = source_text(self.ctx.catalogue, [])
        self.last_swap = Slot(paint)
        self.last_box = isolate(
            tagged(
                "last-move",
                panel(
                    self.last_title,
                    ft.Row(
                        [tagged("last-working", self.last_working), self.last_points],
                        vertical_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                    self.last_rulings,
                    self.last_source,
                    self.last_swap.box,
                    padding=12,
                ),
            )
        )
        self.last_box.visible = False
        self.card_tiles: dict[str, tuple[ft.Container, ft.Text, ft.Text]] = {}
        self._card_boxes: dict[str, ft.Control] = {}
        self._choosers: dict[str, Callable[[Any], None]] = {}
        tiles = [self._card_tile(rank) for rank in engine.ranks()]
        self.picker_title = heading("")
        self.picker_ask = body("", muted=True)
        self.chosen_line = ft.Text("", theme_style=ft.TextThemeStyle.BODY_LARGE)
        self.chosen_box = tagged("chosen-card", self.chosen_line)
        self.chosen_box.visible = False
        self.chosen_ability = small("")
        self.chosen_ability.visible = False
        self.chosen_hint = body(
            "Now tap where it goes: a row end shows what it scores.", muted=True
        )
        self.chosen_hint.visible = False
        self.picker_info = ft.Column(
            [self.picker_ask, self.chosen_box, self.chosen_ability, self.chosen_hint],
            spacing=GAP,
            tight=True,
        )
        self.picker = isolate(
            panel(
                self.picker_title,
                ft.ResponsiveRow(tiles, spacing=6, run_spacing=6),
                self.picker_info,
            )
        )
        self.rows: list[_Row] = []
        self._options: dict[tuple[int | None, engine.Side | None], EndOption] = {}
        self.rows_column = isolate(ft.Column([], spacing=GAP))
        self.empty_box = isolate(
            ft.Container(
                body("No cards on the table yet: the first card starts a city."), visible=False
            )
        )
        self._rest_pending = False
        self._new_city_option: EndOption = EndOption(None, None, None, "Choose a card first")
        self.new_city = ft.OutlinedButton(
            content="",
            icon=ft.Icons.ADD_LOCATION_ALT_OUTLINED,
            height=TOUCH,
            on_click=lambda e: self.play(self._new_city_option),
        )
        self.new_city_box = isolate(tagged("new-row", self.new_city))
        self.ghorralands_slot = Slot(paint)
        self.move_lines = ft.Column([], spacing=6)
        self._move_texts: list[ft.Text] = []
        self._score_texts: list[ft.Text] = []
        self.moves_subtitle = ft.Text("")
        self.moves = isolate(
            panel(
                ft.ExpansionTile(
                    title=ft.Text("Scores and every move"),
                    subtitle=self.moves_subtitle,
                    leading=ft.Icon(ft.Icons.LIST_ALT),
                    controls=[self.move_lines],
                    controls_padding=ft.Padding.symmetric(horizontal=8, vertical=8),
                    expanded_cross_axis_alignment=ft.CrossAxisAlignment.START,
                ),
                padding=4,
            )
        )
        self.readings_slot = Slot(paint)
        self.undo_button = ft.IconButton(
            ft.Icons.UNDO, tooltip="Nothing to undo", disabled=True, on_click=lambda e: self.undo()
        )
        self.undo_box = isolate(tagged("undo-last", self.undo_button))
        self.content = ft.Column(
            [
                self.problem_slot.box,
                self.status,
                self.scores,
                self.final_slot.box,
                self.last_box,
                self.picker,
                self.empty_box,
                self.rows_column,
                self.new_city_box,
                self.ghorralands_slot.box,
                self.moves,
                self.readings_slot.box,
            ],
            spacing=GAP,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )

    def _card_tile(self, rank: str) -> ft.Control:
        face = ft.Text(rank, size=20, weight=ft.FontWeight.BOLD)
        left = ft.Text("", size=11)
        tile = ft.Container(
            ft.Column(
                [face, left],
                spacing=0,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                tight=True,
            ),
            height=56,
            alignment=ft.Alignment.CENTER,
            border_radius=10,
            tooltip=f"{rank}: {engine.card_facts(rank).civilization}",
            col={"xs": 2, "md": 1},
        )
        self.card_tiles[rank] = (tile, face, left)
        self._choosers[rank] = lambda e: self.choose(rank)
        # Each tile a section: choosing a card sends two tiles, not twelve.
        box = self._card_boxes[rank] = isolate(tagged(f"card-{rank}", tile))
        return box

    def end_button(
        self, row: int, side: engine.Side
    ) -> tuple[ft.Control, ft.FilledTonalButton, ft.Text]:
        """A row end: an arrow and the points the chosen card would score there."""
        arrow = ft.Icon(ft.Icons.ARROW_BACK if side == "left" else ft.Icons.ARROW_FORWARD, size=18)
        points = ft.Text("", weight=ft.FontWeight.BOLD, no_wrap=True, size=16, visible=False)
        control = ft.FilledTonalButton(
            content=ft.Row(
                [arrow, points] if side == "left" else [points, arrow],
                spacing=2,
                tight=True,
                alignment=ft.MainAxisAlignment.CENTER,
            ),
            height=TOUCH,
            width=76,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=6)),
            on_click=lambda e: self.play(self._option(row, side)),
        )
        # Each end a section of its own: a new preview sends the two buttons of a row only.
        return isolate(tagged(f"row-{row + 1}-{side}", control)), control, points

    def _option(self, row: int, side: engine.Side) -> EndOption:
        """The row end as this screen offers it (worked out now if the screen has not
        finished drawing it yet)."""
        option = self._options.get((row, side))
        if option is None:
            self._options = {(o.row, o.side): o for o in end_options(self.game, self.draft.card)}
            option = self._options.get((row, side), EndOption(row, side, None, "Not on the table"))
        return option

    # -- rendering, in place ----------------------------------------------------------------------
    def render(self, snapshot: Snapshot) -> None:
        """Bring the controls up to date with ``snapshot`` and this device's draft, sending
        only the sections that changed: first what says the move is made (the turn, the
        scores, the cards on the table, the card chosen), then, on the next turn of the event
        loop, once that has gone out, the rest (the last move's working, the previews on every
        row end, the list of moves, the final scores, the rulings)."""
        game = snapshot.game
        if not isinstance(game, JourneyGame):
            self._render_unreadable(snapshot)
            self.paint.send()
            return
        self.draft.still_playable(game)
        playing = not snapshot.read_only and not game.is_over
        self._render_problems(snapshot)
        self._render_status(game)
        self._render_scores(game)
        self.paint.set(self.picker, self.picker, visible=playing)
        if playing:
            self._render_picker(game)
        self._render_cards(game, playing)
        last_summary = game.log[-1].summary if game.log and snapshot.last is not None else ""
        self.paint.set(
            self.undo_box,
            self.undo_button,
            disabled=snapshot.last is None or snapshot.read_only,
            tooltip=f"Undo: {last_summary}" if last_summary else "Nothing to undo",
        )
        self.paint.send()
        self._render_rest_soon()

    def _render_rest_soon(self) -> None:
        """The rest of the screen after this turn of the event loop has sent the first part
        (a tap's result reaches the phone first); at once while the screen is not shown."""
        if self._rest_pending:
            return
        page = self.ctx.page
        if not mounted(self.content):
            self._render_rest()
            return
        self._rest_pending = True
        try:
            page.loop.call_soon(run_as_event, page, self._render_rest)
        except RuntimeError:  # no loop (the session ended)
            self._rest_pending = False

    def _render_rest(self) -> None:
        self._rest_pending = False
        snapshot = self.live.snapshot
        game = snapshot.game
        if not isinstance(game, JourneyGame) or self.live.closed:
            return
        playing = not snapshot.read_only and not game.is_over
        # The ruling lines say which house rules are on: they follow the table's rules.
        house = game.rules.alternatives
        self.final_slot.set(
            (snapshot.info.saved_play_id, snapshot.info.status, snapshot.info.damaged, house)
            if game.is_over
            else None,
            lambda: self.final(snapshot) if game.is_over else None,
        )
        swaps = tuple(o for o in game.legal_swaps() if o.kind == "played") if playing else ()
        self._render_last_move(swaps)
        self._render_ends(game, playing)
        ghorralands = (
            tuple(o for o in game.legal_swaps() if o.kind == "ghorralands") if playing else ()
        )
        self.ghorralands_slot.set((ghorralands, house), lambda: self.ghorralands(ghorralands))
        self._render_moves(game)
        self.readings_slot.set((game.rules, house), lambda: readings_panel(self.ctx, game.rules))
        self.paint.send()

    def _render_unreadable(self, snapshot: Snapshot) -> None:
        self._render_problems(snapshot)
        for control in self.content.controls[1:]:
            control.visible = False

    def _render_problems(self, snapshot: Snapshot) -> None:
        info = snapshot.info
        lines = list(self.problems)
        if info.damaged is not None:
            lines.append(
                f"This game is read-only: {info.damaged}. Its moves are kept in the database."
            )
        elif info.status != "open":
            lines.append(f"This game is {info.status}: it takes no more moves.")
        self.problem_slot.set(
            tuple(lines),
            lambda: (
                ft.Column([notice(p, level="warning") for p in lines], spacing=GAP)
                if lines
                else None
            ),
        )

    def _render_status(self, game: JourneyGame) -> None:
        done = game.placements / game.turns_total if game.turns_total else 1.0
        self.paint.set(self.status, self.status_text, value=status_line(game))
        self.paint.set(self.status, self.progress, value=min(1.0, done))
        self.paint.set(self.status, self.pile_text, value=pile_line(game))

    def _render_scores(self, game: JourneyGame) -> None:
        if not self.score_tiles:
            tiles: list[ft.Control] = []
            for name in game.players:
                title = ft.Text(name, overflow=ft.TextOverflow.ELLIPSIS, max_lines=1, size=14)
                score = ft.Text(
                    "", theme_style=ft.TextThemeStyle.TITLE_LARGE, weight=ft.FontWeight.BOLD
                )
                tile = ft.Container(
                    ft.Column([title, score], spacing=0, tight=True),
                    border_radius=10,
                    padding=ft.Padding.symmetric(horizontal=8, vertical=4),
                    col={"xs": 3, "md": 2},
                )
                self.score_tiles[name] = (tile, title, score)
                self._score_boxes[name] = isolate(tagged(f"score-{name}", tile))
                tiles.append(self._score_boxes[name])
            self.scores.controls = tiles
            self.paint.touch(self.scores)
        for line in score_lines(game):
            tile, title, score = self.score_tiles[line.name]
            box = self._score_boxes[line.name]  # each tile a section: a move sends two or three
            paint = self.paint.set
            paint(box, score, value=str(line.score))
            paint(box, title, weight=ft.FontWeight.BOLD if line.active else None)
            paint(
                box,
                tile,
                bgcolor=ft.Colors.PRIMARY_CONTAINER
                if line.active
                else ft.Colors.SURFACE_CONTAINER_HIGH,
                border=ft.Border.all(
                    2, ft.Colors.PRIMARY if line.active else ft.Colors.TRANSPARENT
                ),
                tooltip=f"{line.name}: {line.working}",
            )

    def _render_picker(self, game: JourneyGame) -> None:
        chosen = self.draft.card
        for rank, (tile, face, left_text) in self.card_tiles.items():
            box = self._card_boxes[rank]
            left = game.copies_left(rank)
            selected = rank == chosen
            blight = engine.is_blight(rank)
            fg = (
                ft.Colors.ON_PRIMARY
                if selected
                else ft.Colors.ON_ERROR_CONTAINER
                if blight
                else ft.Colors.ON_SURFACE
            )
            self.paint.set(box, face, color=fg)
            self.paint.set(box, left_text, color=fg, value=f"{left} left")
            self.paint.set(
                box,
                tile,
                bgcolor=ft.Colors.PRIMARY
                if selected
                else ft.Colors.ERROR_CONTAINER
                if blight
                else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                opacity=0.4 if left == 0 else 1.0,
            )
            handler = None if left == 0 else self._choosers[rank]
            if tile.on_click is not handler:
                tile.on_click = handler
                self.paint.touch(box)
        self.paint.set(self.picker, self.picker_title, value=f"{game.active} plays")
        box = self.picker
        facts = engine.card_facts(chosen) if chosen is not None else None
        self.paint.set(box, self.picker_ask, value=f"{game.active}: which card are you playing?")
        self.paint.set(box, self.picker_ask, visible=chosen is None)
        self.paint.set(box, self.chosen_box, visible=chosen is not None)
        self.paint.set(box, self.chosen_line, value=card_line(chosen) if chosen else "")
        ability = facts.ability_text if facts is not None else None
        self.paint.set(box, self.chosen_ability, value=ability or "", visible=bool(ability))
        self.paint.set(box, self.chosen_hint, visible=chosen is not None)

    def _render_cards(self, game: JourneyGame, playing: bool) -> None:
        """The rows and their cards (the end buttons come with the rest)."""
        while len(self.rows) < len(game.rows):
            self.rows.append(_Row(self, len(self.rows)))
        del self.rows[len(game.rows) :]
        wanted = [r.control for r in self.rows]
        if not _same(self.rows_column.controls, wanted):
            self.rows_column.controls = wanted
            self.paint.touch(self.rows_column)  # a new row is sent whole
        last = game.log[-1] if game.log else None
        last_id = last.card.id if isinstance(last, PlayRecord) else None
        for r, cards in enumerate(game.rows):
            row = self.rows[r]
            self.paint.set(
                row.label, row.label, value=f"Row {r + 1} · {plural(len(cards), 'card')}"
            )
            chip_key = (
                tuple(
                    (c, self._cancelled(game, r, i), c.id == last_id) for i, c in enumerate(cards)
                ),
                game.rules,
            )
            if chip_key != row.chip_key:
                row.chip_key = chip_key
                # A chip is built once for what it shows (card, struck out, last played) and
                # kept: a new card in a row sends one chip, not the row.
                keys = [(key, game.rules) for key in chip_key[0]]
                kept = {k: row.chip_controls[k] for k in keys if k in row.chip_controls}
                row.chip_controls = {
                    k: kept.get(k) or self.card_chip(c, r, i, last_id)
                    for k, (i, c) in zip(keys, enumerate(cards), strict=True)
                }
                row.chips.controls = [row.chip_controls[k] for k in keys]
                self.paint.touch(row.chips)
        self.paint.set(self.empty_box, self.empty_box, visible=playing and not game.rows)
        if not playing:
            for row in self.rows:
                for wrapper, _control, _points in row.ends.values():
                    self.paint.set(row.control, wrapper, visible=False)
            self.paint.set(self.new_city_box, self.new_city_box, visible=False)

    def _render_ends(self, game: JourneyGame, playing: bool) -> None:
        """What the chosen card would score at each row end, and the new city."""
        options = end_options(game, self.draft.card)
        self._options = {(o.row, o.side): o for o in options}
        if not playing:
            return
        for r, row in enumerate(self.rows[: len(game.rows)]):
            for side in engine.SIDES:
                wrapper, control, points = row.ends[side]
                self.paint.set(row.control, wrapper, visible=True)
                self._paint_end(wrapper, control, points, self._options[(r, side)])
        new_city = self._options[(None, None)]
        self._new_city_option = new_city
        self.paint.set(self.new_city_box, self.new_city_box, visible=True)
        self.paint.set(
            self.new_city_box,
            self.new_city,
            content=f"New city (row {len(game.rows) + 1}): no pair",
            disabled=new_city.gain is None,
            tooltip=new_city.problem or None,
        )

    def _paint_end(
        self,
        section: ft.Control,
        control: ft.FilledTonalButton,
        points: ft.Text,
        option: EndOption,
    ) -> None:
        where = f"Row {(option.row or 0) + 1}, {option.label.lower()}"
        tip = option.problem or (option.gain.working if option.gain else "")
        label = option.points_label
        self.paint.set(section, points, value=label, visible=bool(label))
        self.paint.set(
            section,
            control,
            disabled=option.gain is None,
            tooltip=f"{where}: {tip}" if tip else where,
        )

    def _cancelled(self, game: JourneyGame, row: int, position: int) -> bool:
        card = game.rows[row][position]
        return (
            not engine.is_blight(card.rank)
            and not game.rules.blight_pair_only
            and game.beside_blight(row, position)
        )

    def card_chip(self, card: Card, row: int, position: int, last_id: int | None) -> ft.Control:
        game = self.game
        blight = engine.is_blight(card.rank)
        special = engine.card_facts(card.rank).ability is not None
        cancelled = self._cancelled(game, row, position)
        bg = (
            ft.Colors.ERROR_CONTAINER
            if blight
            else ft.Colors.TERTIARY_CONTAINER
            if special
            else ft.Colors.SURFACE_CONTAINER_HIGHEST
        )
        fg = (
            ft.Colors.ON_ERROR_CONTAINER
            if blight
            else ft.Colors.ON_TERTIARY_CONTAINER
            if special
            else ft.Colors.ON_SURFACE
        )
        worth = "minus its value" if game.rules.blight_minus else "0"
        note = f" · beside a Blight: counts {worth}" if cancelled else ""
        return isolate(  # a chip never changes once drawn: rows skip it when they update
            ft.Container(
                ft.Text(
                    card.rank,
                    size=18,
                    weight=ft.FontWeight.BOLD,
                    color=fg,
                    style=ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH)
                    if cancelled
                    else None,
                ),
                width=42,
                height=48,
                alignment=ft.Alignment.CENTER,
                border_radius=8,
                bgcolor=bg,
                border=ft.Border.all(3, ft.Colors.PRIMARY) if card.id == last_id else None,
                tooltip=f"{card.rank} · {engine.card_facts(card.rank).civilization} · "
                f"played by {card.by}{note}",
            )
        )

    def _render_moves(self, game: JourneyGame) -> None:
        self.paint.set(self.moves, self.moves, visible=bool(game.log))
        lines = score_lines(game)
        while len(self._score_texts) < len(lines):
            self._score_texts.append(ft.Text("", weight=ft.FontWeight.W_600))
        for text, line in zip(self._score_texts, lines, strict=False):
            self.paint.set(self.moves, text, value=f"{line.name}: {line.working}")
        wanted = [f"{i + 1}. {record.summary}" for i, record in enumerate(game.log)]
        keep = 0
        while (
            keep < min(len(wanted), len(self._move_texts))
            and self._move_texts[keep].value == wanted[keep]
        ):
            keep += 1
        del self._move_texts[keep:]
        for line_text in wanted[keep:]:
            self._move_texts.append(body(line_text, muted=True))
        controls: list[ft.Control] = [*self._score_texts, *reversed(self._move_texts)]
        if not _same(self.move_lines.controls, controls):
            self.move_lines.controls = controls
            self.paint.touch(self.moves)
        self.paint.set(
            self.moves,
            self.moves_subtitle,
            value=f"Each total's working; {plural(len(game.log), 'move')}",
        )

    # -- the parts rebuilt when they change ------------------------------------------------------
    def rulings_line(self, ids: tuple[str, ...]) -> ft.Control:
        """The rulings behind a number, one line each; a tap explains the reading in use and
        can switch the house rule on the spot."""
        return ft.Column([ruling_chip(self.ctx, rid) for rid in ids], spacing=0, tight=True)

    def _render_last_move(self, swaps: tuple[SwapOption, ...]) -> None:
        """The last move, its working and rulings, and the swap it allows (kept controls:
        only what changed is sent)."""
        game = self.game
        record = game.log[-1] if game.log else None
        box = self.last_box
        self.paint.set(box, box, visible=record is not None)
        if record is None:
            return
        gain = record.gain
        rulings = gain.rulings
        if not isinstance(record, PlayRecord):
            rulings = (*rulings, engine.SWAP_SCORES)
        elif record.beside is None:
            rulings = (engine.CONNECT,)
        scored = bool(gain.pairs or gain.bonus)
        paint = self.paint.set
        paint(box, self.last_title, value=f"Last move: {record_title(record)}")
        paint(box, self.last_working, value=gain.working)
        paint(
            box,
            self.last_points,
            value=f"{record.player} {_signed(gain.points)}" if scored else "",
            visible=scored,
        )
        paint(box, self.last_source, value=self._cite(record_sources(record)))
        ids = tuple(dict.fromkeys(rulings))
        key = (ids, game.rules.alternatives)
        line = self._rulings_lines.get(key)
        if line is None:
            line = self._rulings_lines[key] = self.rulings_line(ids)
        if self.last_rulings.content is not line:
            self.last_rulings.content = line
            self.paint.touch(box)
        self.last_swap.set((swaps, game.rules), lambda: self._swap_buttons(swaps))

    def _cite(self, sources: Sequence[Source]) -> str:
        value = source_text(self.ctx.catalogue, sources).value
        return value if isinstance(value, str) else ""

    def _swap_buttons(self, swaps: tuple[SwapOption, ...]) -> ft.Control | None:
        if not swaps:
            return None
        game = self.game
        items: list[ft.Control] = []
        for option in swaps:
            items.append(
                button(
                    swap_label(option, game),
                    lambda e, o=option: self.swap(o),
                    icon=ft.Icons.SWAP_HORIZ,
                    kind="tonal",
                    ident="swap-played",
                )
            )
            items.append(small(engine.card_facts(option.card.rank).ability_text or ""))
        return ft.Column(items, spacing=GAP, tight=True)

    def ghorralands(self, options: tuple[SwapOption, ...]) -> ft.Control | None:
        if not options:
            return None
        game = self.game
        six = engine.card_facts("6")
        items: list[ft.Control] = [
            ft.Container(small(six.ability_text or ""), padding=ft.Padding.only(bottom=4))
        ]
        for option in options:
            items.append(
                button(
                    swap_label(option, game),
                    lambda e, o=option: self.swap(o),
                    icon=ft.Icons.SWAP_HORIZ,
                    kind="outlined",
                    ident=f"switch-{option.card.id}-{option.other.id}",
                )
            )
        items.append(self.rulings_line((engine.GHORRALANDS, engine.SWAP_SCORES)))
        if six.ability_source is not None:
            items.append(source_text(self.ctx.catalogue, [six.ability_source]))
        players = sorted({o.player for o in options})
        return panel(
            ft.ExpansionTile(
                title=ft.Text("Ghorralands switch"),
                subtitle=ft.Text(f"Once per game: {', '.join(players)} may still switch"),
                leading=ft.Icon(ft.Icons.SWAP_HORIZ),
                controls=[ft.Column(items, spacing=8)],
                controls_padding=ft.Padding.symmetric(horizontal=8, vertical=8),
                expanded_cross_axis_alignment=ft.CrossAxisAlignment.START,
            ),
            padding=4,
        )

    def final(self, snapshot: Snapshot) -> ft.Control:
        game = self.game
        items: list[ft.Control] = [
            tagged("journey-standings", standings_table(game.standings())),
        ]
        for line in score_lines(game):
            bonus = game.breakdown(line.name)[1]
            extra = f", {bonus} from Blights" if bonus else ""
            items.append(
                small(f"{line.name}: {line.working} ({plural(line.pairs, 'pair')}{extra})")
            )
        items.append(self.rulings_line((engine.TIES, engine.GAME_END)))
        facts = engine.facts()
        items.append(
            source_text(self.ctx.catalogue, [facts.play.winner_source, facts.play.end_source])
        )
        play_id = snapshot.info.saved_play_id
        if play_id is None:
            if snapshot.info.status != "abandoned" and snapshot.info.damaged is None:
                items.append(
                    button(
                        "Save to history",
                        lambda e: self.save_to_history(),
                        icon=ft.Icons.SAVE,
                        ident="save-journey",
                    )
                )
        else:
            items.append(notice("Saved in your history.", level="ok"))
            items.append(
                button(
                    "View in history",
                    lambda e: self.ctx.navigate(f"/history/play/{play_id}"),
                    icon=ft.Icons.HISTORY,
                    kind="outlined",
                    ident="view-saved",
                )
            )
        return panel(*items, title="Final scores")

    # -- the screen -------------------------------------------------------------------------------
    def build(self) -> Screen:
        return Screen(
            title="Journey",
            content=self.content,
            actions=[
                self.undo_box,
                tagged(
                    "table-menu",
                    ft.IconButton(
                        ft.Icons.MORE_VERT, tooltip="This game", on_click=lambda e: self.menu()
                    ),
                ),
            ],
            back=ROUTE,
            footer=self.live.footer,
            on_leave=self.live.close,
        )


def _same(shown: list[ft.Control], wanted: list[ft.Control]) -> bool:
    """The same controls in the same order (by identity: controls compare field by field)."""
    return len(shown) == len(wanted) and all(a is b for a, b in zip(shown, wanted, strict=True))


def open_journey(ctx: AppContext, rest: list[str]) -> Screen:
    # While this were the section's only tool the shell would hand over the tool id too.
    if rest[:1] == [TOOL_ID]:
        rest = rest[1:]
    if not rest:
        return JourneyLobby(ctx).build()
    if len(rest) == 1 and rest[0].isdigit() and int(rest[0]) > 0:
        try:
            view = JourneyTableView(ctx, int(rest[0]))
        except TableNotFound:
            raise RouteNotFound(f"{ROUTE}/{rest[0]}") from None
        if view.live.snapshot.info.tool != TOOL_ID:
            view.live.close()
            raise RouteNotFound(f"{ROUTE}/{rest[0]}")
        return view.build()
    raise RouteNotFound(f"{ROUTE}/{'/'.join(rest)}")


__all__ = ["ROUTE", "JourneyLobby", "JourneyTableView", "open_journey", "table_route"]
