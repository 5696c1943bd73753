"""Calculators › Merchant's Journey: the table of a game in progress.

Choose the card being played, then tap the row end it goes on (each end shows what it would
score), or start a new city. The screen shows the points with their working, whose turn it
is, the draw-pile countdown and the running scores; offers the swaps the rules allow; and at
the end saves the game to history. Everything is saved after every tap.
"""

from __future__ import annotations

import logging
from typing import Any

import flet as ft

from companion.engine import journey as engine
from companion.engine.journey import (
    Card,
    JourneyError,
    JourneyGame,
    JourneyRules,
    PlayRecord,
    Record,
    SwapOption,
)
from companion.history import StoreError
from companion.ui.context import AppContext
from companion.ui.logic.journey import (
    DAMAGED_KEY,
    GAME_KEY,
    EndOption,
    JourneyState,
    StateError,
    card_line,
    end_options,
    house_rules_summary,
    pile_line,
    plural,
    record_arguments,
    record_sources,
    record_title,
    rulings_in_use,
    score_lines,
    status_line,
    swap_label,
)
from companion.ui.logic.saved import restore
from companion.ui.logic.table import TABLE_KEY, TableState
from companion.ui.logic.words import capitalized
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
    icon_button,
    notice,
    panel,
    small,
    source_text,
    tagged,
)

log = logging.getLogger(__name__)

TOOL_ID = "journey"
ROUTE = "/calculators/journey"


def _signed(points: int) -> str:
    return f"+{points}" if points >= 0 else f"−{-points}"


class JourneyView:
    """One build of the screen from the saved state; every action saves and rebuilds it."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.problems: list[str] = []
        self.state, damaged = restore(
            ctx,
            GAME_KEY,
            JourneyState.from_dict,
            JourneyState,
            lambda state: ctx.set_setting(GAME_KEY, state.to_dict()),
            error=StateError,
            what="Merchant's Journey",
            logger=log,
        )
        if damaged:
            self.problems.append(
                f"The saved game could not be read back ({damaged}). A fresh game is ready to "
                f"start; the damaged save is kept in the database under “{DAMAGED_KEY}”."
            )
        self.rules = JourneyRules.from_house_rules(ctx.house_rules())
        before = self.state.game
        kept = self.state.sync_rules(self.rules)
        if kept:
            self.problems.append(kept)
        elif self.state.game is not before:
            self.save()
        if self.state.game is None and not self.state.form.seats:
            self._seat_from_table()
        self.name_field = player_name_field("In seat order, going clockwise", self.add_player)

    # -- state ----------------------------------------------------------------------------------
    @property
    def game(self) -> JourneyGame:
        game = self.state.game
        assert game is not None  # the game views are only built when there is one
        return game

    def save(self) -> None:
        self.ctx.set_setting(GAME_KEY, self.state.to_dict())

    def _table(self) -> TableState:
        return TableState.from_dict(self.ctx.setting(TABLE_KEY), self.ctx.catalogue)

    def _seat_from_table(self) -> None:
        table = self._table()
        limits = engine.facts().players
        if limits.min <= len(table.seats) <= limits.max:
            self.state.form.fill(table.seats, table.draw.first if table.draw else 0)

    def done(self, message: str | None = None, **notify: Any) -> None:
        self.save()
        self.ctx.refresh()
        if message:
            self.ctx.notify(message, **notify)

    # -- actions on the game --------------------------------------------------------------------
    def choose(self, rank: str) -> None:
        self.state.choose(rank)
        self.done()

    def play(self, option: EndOption) -> None:
        card = self.state.card
        if card is None:
            self.ctx.notify("Choose the card being played first.")
            return
        try:
            if option.row is None:
                game, record = self.game.start_row(card)
            else:
                game, record = self.game.place(card, option.row, option.side)
        except JourneyError as exc:
            self.ctx.notify(capitalized(str(exc)), error=True)
            return
        self._after(game, record)

    def swap(self, option: SwapOption) -> None:
        try:
            game, record = self.game.swap(option.card.id, option.other.id)
        except JourneyError as exc:
            self.ctx.notify(capitalized(str(exc)), error=True)
            return
        self._after(game, record)

    def _after(self, game: JourneyGame, record: Record) -> None:
        self.state.game = game
        self.state.card = None
        self.state.saved_play = None
        message = record.summary
        if game.is_over and not record.before.is_over:
            message += f" Game over: {pile_line(game)}"
        self.done(message, action="Undo", on_action=self.undo)

    def undo(self) -> None:
        game = self.state.game
        if game is None or not game.can_undo:
            self.ctx.notify("Nothing to undo.")
            return
        summary = game.log[-1].summary
        self.state.game = game.undo()
        self.state.saved_play = None
        self.done(f"Undone: {summary}")

    def new_game(self) -> None:
        """Ask, then close the game in progress (the form keeps the same players)."""
        game = self.state.game
        if game is None:
            return

        def confirm(e: Any) -> None:
            self.ctx.page.pop_dialog()
            self.state.form.fill(game.players, game.first)
            self.state.game = None
            self.state.card = None
            self.state.saved_play = None
            self.done()

        saved = (
            "It is saved in your history."
            if self.state.saved_play
            else ("Save it to history first if it has ended.")
        )
        self.ctx.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text("Start a new game?"),
                content=ft.Text(
                    f"The game in progress ({', '.join(game.players)}; "
                    f"{plural(game.placements, 'card')} on the table) will be closed. {saved}"
                ),
                actions=[
                    ft.TextButton("Cancel", on_click=lambda e: self.ctx.page.pop_dialog()),
                    tagged("confirm-new-game", ft.FilledButton("New game", on_click=confirm)),
                ],
            )
        )

    def save_to_history(self) -> None:
        game = self.game
        if not game.is_over:
            self.ctx.notify(f"The game is not over yet: {plural(game.turns_left, 'turn')} left.")
            return
        if self.state.saved_play is not None:
            self.ctx.notify("This game is already in your history.")
            return
        try:
            play_id = self.ctx.store.record_play(**record_arguments(game, self.ctx.catalogue))
        except (ValueError, StoreError) as exc:
            self.ctx.notify(f"Not saved: {exc}", error=True)
            return
        self.state.saved_play = play_id
        winners = [s.name for s in game.standings() if s.winner]
        self.done(
            f"Saved Merchant's Journey: {' and '.join(winners)} won.",
            action="View",
            on_action=lambda: self.ctx.navigate(f"/history/play/{play_id}"),
        )

    # -- actions on the new-game form -----------------------------------------------------------
    def add_player(self, name: str | None = None) -> None:
        try:
            self.state.form.add((self.name_field.value or "") if name is None else name)
        except ValueError as exc:
            self.name_field.error = str(exc)
            self.name_field.update()
            return
        self.done()

    def form_action(self, what: str, index: int, offset: int = 0) -> None:
        form = self.state.form
        if what == "remove":
            form.remove(index)
        elif what == "move":
            form.move(index, offset)
        else:
            form.set_first(index)
        self.done()

    def use_table(self) -> None:
        table = self._table()
        self.state.form.fill(table.seats, table.draw.first if table.draw else 0)
        self.done()

    def start(self) -> None:
        try:
            game = self.state.form.build(self.rules)
        except (ValueError, JourneyError) as exc:
            self.ctx.notify(str(exc), error=True)
            return
        self.state.start(game)
        self.done(
            f"Game started: {game.active} goes first; {game.pile_size} cards in the draw pile."
        )

    # -- pieces of the game screen --------------------------------------------------------------
    def status(self) -> ft.Control:
        game = self.game
        done = game.placements / game.turns_total if game.turns_total else 1.0
        return tagged(
            "journey-status",
            ft.Container(
                ft.Column(
                    [
                        ft.Text(status_line(game), theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
                        ft.ProgressBar(value=min(1.0, done), border_radius=4),
                        ft.Row(
                            [
                                ft.Icon(ft.Icons.LAYERS_OUTLINED, size=18),
                                ft.Text(pile_line(game), expand=True),
                            ],
                            spacing=8,
                            vertical_alignment=ft.CrossAxisAlignment.START,
                        ),
                        source_text(
                            self.ctx.catalogue,
                            [engine.facts().deck.pile_source, engine.facts().play.end_source],
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

    def scores(self) -> ft.Control:
        """A compact tile per player (name and total); the working is under Every move."""
        tiles: list[ft.Control] = []
        for line in score_lines(self.game):
            tiles.append(
                tagged(
                    f"score-{line.name}",
                    ft.Container(
                        ft.Column(
                            [
                                ft.Text(
                                    line.name,
                                    weight=ft.FontWeight.BOLD if line.active else None,
                                    overflow=ft.TextOverflow.ELLIPSIS,
                                    max_lines=1,
                                    size=14,
                                ),
                                ft.Text(
                                    str(line.score),
                                    theme_style=ft.TextThemeStyle.TITLE_LARGE,
                                    weight=ft.FontWeight.BOLD,
                                ),
                            ],
                            spacing=0,
                            tight=True,
                        ),
                        bgcolor=ft.Colors.PRIMARY_CONTAINER
                        if line.active
                        else ft.Colors.SURFACE_CONTAINER_HIGH,
                        border=ft.Border.all(
                            2, ft.Colors.PRIMARY if line.active else ft.Colors.TRANSPARENT
                        ),
                        border_radius=10,
                        padding=ft.Padding.symmetric(horizontal=8, vertical=4),
                        tooltip=f"{line.name}: {line.working}",
                        col={"xs": 3, "md": 2},
                    ),
                )
            )
        return ft.ResponsiveRow(tiles, spacing=6, run_spacing=6)

    def rulings_line(self, ids: tuple[str, ...]) -> ft.Control:
        """The rulings behind a number, one line each; a tap explains the reading in use and
        can switch the house rule on the spot."""
        return ft.Column([ruling_chip(self.ctx, rid) for rid in ids], spacing=0, tight=True)

    def last_move(self) -> ft.Control | None:
        game = self.game
        record = game.log[-1] if game.log else None
        if record is None:
            return None
        gain = record.gain
        rulings = gain.rulings
        if not isinstance(record, PlayRecord):
            rulings = (*rulings, engine.SWAP_SCORES)
        elif record.beside is None:
            rulings = (engine.CONNECT,)
        scored = gain.pairs or gain.bonus
        items: list[ft.Control] = [
            small(f"Last move: {record_title(record)}", muted=False),
            ft.Row(
                [
                    tagged(
                        "last-working",
                        ft.Text(
                            gain.working,
                            theme_style=ft.TextThemeStyle.TITLE_LARGE,
                            expand=True,
                        ),
                    ),
                    *(
                        [
                            ft.Text(
                                f"{record.player} {_signed(gain.points)}",
                                weight=ft.FontWeight.BOLD,
                                color=ft.Colors.PRIMARY,
                            )
                        ]
                        if scored
                        else []
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            self.rulings_line(tuple(dict.fromkeys(rulings))),
            source_text(self.ctx.catalogue, record_sources(record)),
        ]
        for option in game.legal_swaps():
            if option.kind == "played":
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
        return tagged("last-move", panel(*items, padding=12))

    def card_picker(self) -> ft.Control:
        game = self.game
        chosen = self.state.card
        tiles: list[ft.Control] = []
        for rank in engine.ranks():
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
            tile = ft.Container(
                ft.Column(
                    [
                        ft.Text(rank, size=20, weight=ft.FontWeight.BOLD, color=fg),
                        ft.Text(f"{left} left", size=11, color=fg),
                    ],
                    spacing=0,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    tight=True,
                ),
                height=56,
                alignment=ft.Alignment.CENTER,
                border_radius=10,
                bgcolor=ft.Colors.PRIMARY
                if selected
                else ft.Colors.ERROR_CONTAINER
                if blight
                else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                opacity=0.4 if left == 0 else 1.0,
                on_click=None if left == 0 else (lambda e, r=rank: self.choose(r)),
                tooltip=f"{rank}: {engine.card_facts(rank).civilization}",
                col={"xs": 2, "md": 1},
            )
            tiles.append(tagged(f"card-{rank}", tile))
        info: list[ft.Control]
        if chosen is None:
            info = [body(f"{game.active}: which card are you playing?", muted=True)]
        else:
            facts = engine.card_facts(chosen)
            info = [
                tagged(
                    "chosen-card",
                    ft.Text(card_line(chosen), theme_style=ft.TextThemeStyle.BODY_LARGE),
                ),
                *([small(facts.ability_text)] if facts.ability_text else []),
                body("Now tap where it goes: a row end shows what it scores.", muted=True),
            ]
        return panel(
            ft.ResponsiveRow(tiles, spacing=6, run_spacing=6),
            *info,
            title=f"{game.active} plays",
        )

    def card_chip(self, card: Card, row: int, position: int, last_id: int | None) -> ft.Control:
        game = self.game
        blight = engine.is_blight(card.rank)
        special = engine.card_facts(card.rank).ability is not None
        cancelled = (
            not blight and not game.rules.blight_pair_only and game.beside_blight(row, position)
        )
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
        return ft.Container(
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

    def table(self) -> list[ft.Control]:
        game = self.game
        options = end_options(game, self.state.card)
        by_end = {(o.row, o.side): o for o in options}
        last = game.log[-1] if game.log else None
        last_id = last.card.id if isinstance(last, PlayRecord) else None
        controls: list[ft.Control] = []
        for r, cards in enumerate(game.rows):
            chips = [self.card_chip(c, r, i, last_id) for i, c in enumerate(cards)]
            # The end buttons sit at the row's two ends, the cards below them span the width
            # (a long row wraps onto more lines, read left to right).
            head = ft.Row(
                [
                    self.end_button(by_end[(r, "left")]),
                    ft.Text(
                        f"Row {r + 1} · {plural(len(cards), 'card')}",
                        text_align=ft.TextAlign.CENTER,
                        expand=True,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                    ),
                    self.end_button(by_end[(r, "right")]),
                ],
                spacing=6,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
            controls.append(
                tagged(
                    f"row-{r + 1}",
                    panel(
                        head,
                        ft.Row(chips, wrap=True, spacing=4, run_spacing=4),
                        padding=10,
                    ),
                )
            )
        new_city = by_end[(None, None)]
        controls.append(
            tagged(
                "new-row",
                ft.OutlinedButton(
                    content=f"New city (row {len(game.rows) + 1}): no pair",
                    icon=ft.Icons.ADD_LOCATION_ALT_OUTLINED,
                    height=TOUCH,
                    disabled=new_city.gain is None,
                    tooltip=new_city.problem or None,
                    on_click=lambda e, o=new_city: self.play(o),
                ),
            )
        )
        if not game.rows:
            controls.insert(0, body("No cards on the table yet: the first card starts a city."))
        return controls

    def end_button(self, option: EndOption) -> ft.Control:
        left = option.side == "left"
        points = option.points_label
        arrow = ft.Icon(ft.Icons.ARROW_BACK if left else ft.Icons.ARROW_FORWARD, size=18)
        parts: list[ft.Control] = [arrow]
        if points:
            label = ft.Text(points, weight=ft.FontWeight.BOLD, no_wrap=True, size=16)
            parts = [arrow, label] if left else [label, arrow]
        where = f"Row {(option.row or 0) + 1}, {option.label.lower()}"
        tip = option.problem or (option.gain.working if option.gain else "")
        control = ft.FilledTonalButton(
            content=ft.Row(parts, spacing=2, tight=True, alignment=ft.MainAxisAlignment.CENTER),
            height=TOUCH,
            width=76,
            disabled=option.gain is None,
            tooltip=f"{where}: {tip}" if tip else where,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=6)),
            on_click=lambda e, o=option: self.play(o),
        )
        return tagged(option.ident, control)

    def ghorralands(self) -> ft.Control | None:
        game = self.game
        options = [o for o in game.legal_swaps() if o.kind == "ghorralands"]
        if not options:
            return None
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

    def moves(self) -> ft.Control | None:
        game = self.game
        if not game.log:
            return None
        lines: list[ft.Control] = [
            ft.Text(f"{line.name}: {line.working}", weight=ft.FontWeight.W_600)
            for line in score_lines(game)
        ]
        lines += [
            body(f"{len(game.log) - i}. {record.summary}", muted=True)
            for i, record in enumerate(reversed(game.log))
        ]
        return panel(
            ft.ExpansionTile(
                title=ft.Text("Scores and every move"),
                subtitle=ft.Text(f"Each total's working; {plural(len(game.log), 'move')}"),
                leading=ft.Icon(ft.Icons.LIST_ALT),
                controls=[ft.Column(lines, spacing=6)],
                controls_padding=ft.Padding.symmetric(horizontal=8, vertical=8),
                expanded_cross_axis_alignment=ft.CrossAxisAlignment.START,
            ),
            padding=4,
        )

    def readings(self) -> ft.Control:
        rules = self.state.game.rules if self.state.game else self.rules
        lines: list[ft.Control] = []
        for line in rulings_in_use(self.ctx.catalogue, rules):
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
                self.ctx.catalogue,
                [s for r in engine.RULINGS for s in self.ctx.catalogue.ruling(r).sources],
            )
        )
        lines.append(
            button(
                "Change in Settings",
                lambda e: self.ctx.navigate("/settings"),
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
                    subtitle=ft.Text(house_rules_summary(self.ctx.catalogue, rules)),
                    leading=ft.Icon(ft.Icons.RULE),
                    controls=[ft.Column(lines, spacing=10)],
                    controls_padding=ft.Padding.symmetric(horizontal=8, vertical=8),
                    expanded_cross_axis_alignment=ft.CrossAxisAlignment.START,
                ),
                padding=4,
            ),
        )

    def final(self) -> ft.Control:
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
        if self.state.saved_play is None:
            items.append(
                button(
                    "Save to history",
                    lambda e: self.save_to_history(),
                    icon=ft.Icons.SAVE,
                    ident="save-journey",
                )
            )
        else:
            play_id = self.state.saved_play
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

    # -- screens --------------------------------------------------------------------------------
    def actions(self) -> list[ft.Control]:
        game = self.state.game
        if game is None:
            return []
        last = game.log[-1].summary if game.log else ""
        return [
            tagged(
                "undo-last",
                ft.IconButton(
                    ft.Icons.UNDO,
                    tooltip=f"Undo: {last}" if last else "Nothing to undo",
                    disabled=not game.can_undo,
                    on_click=lambda e: self.undo(),
                ),
            ),
            tagged(
                "new-game",
                ft.IconButton(
                    ft.Icons.RESTART_ALT, tooltip="New game", on_click=lambda e: self.new_game()
                ),
            ),
        ]

    def game_screen(self) -> Screen:
        game = self.game
        content: list[ft.Control] = [notice(p, level="warning") for p in self.problems]
        content += [self.status(), self.scores()]
        if game.is_over:
            content.append(self.final())
        last = self.last_move()
        if last is not None:
            content.append(last)
        if not game.is_over:
            content.append(self.card_picker())
        content += self.table() if not game.is_over else self.finished_rows()
        for extra in (self.ghorralands(), self.moves()):
            if extra is not None:
                content.append(extra)
        content.append(self.readings())
        return Screen(
            title="Merchant's Journey",
            content=ft.Column(
                content, spacing=GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
            ),
            actions=self.actions(),
        )

    def finished_rows(self) -> list[ft.Control]:
        game = self.game
        rows: list[ft.Control] = []
        for r, cards in enumerate(game.rows):
            rows.append(
                panel(
                    ft.Text(f"Row {r + 1}", theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
                    ft.Row(
                        [self.card_chip(c, r, i, None) for i, c in enumerate(cards)],
                        wrap=True,
                        spacing=4,
                        run_spacing=4,
                    ),
                    padding=12,
                )
            )
        return rows

    def form_screen(self) -> Screen:
        form = self.state.form
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
        content += [
            panel(
                body(
                    "The app keeps the table: rows of cards, what each card scores and why, the "
                    "draw pile and the scores. Hands stay in hands.",
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
            self.readings(),
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

    def build(self) -> Screen:
        return self.form_screen() if self.state.game is None else self.game_screen()


def open_journey(ctx: AppContext, rest: list[str]) -> Screen:
    # While this were the section's only tool the shell would hand over the tool id too.
    if rest[:1] == [TOOL_ID]:
        rest = rest[1:]
    if rest:
        raise RouteNotFound(f"{ROUTE}/{'/'.join(rest)}")
    return JourneyView(ctx).build()


__all__ = ["ROUTE", "JourneyView", "open_journey"]
