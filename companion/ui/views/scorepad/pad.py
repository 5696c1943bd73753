"""Score › a score pad: write down a game, watch the standings, save it to history.

The pad being filled in is a shared table (``/score/<id>``): each field is its own action, so
every phone types its own player's score at once, and each sees the others' as they go in.
Text that does not read as its field yet ("1-") stays on the phone that typed it, with the
field's error, until it does. The screen is built once and rendered in place: a push never
rebuilds a field being typed into.

The same screen edits a saved play (History › Edit): then the pad is this device's alone
(:class:`LocalPad`) and Save hands the form back to the history.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

import flet as ft

from companion.engine.scorepad import (
    AddCategory,
    AddRow,
    AddTiebreaker,
    ClearScores,
    FieldKey,
    FlipTiebreaker,
    MoveRow,
    MoveTiebreaker,
    Pad,
    PadAction,
    PadError,
    PadRow,
    RemoveCategory,
    RemoveRow,
    RemoveTiebreaker,
    SetGame,
    SetLowestWins,
    SetMode,
    SetPlayedAt,
    SetText,
    ToggleStart,
    text_problem,
)
from companion.history import StoreError
from companion.tables import Applied, Failed, Outcome, Saved, Snapshot
from companion.ui.context import AppContext
from companion.ui.live import LiveTable, Painter, Slot, isolate
from companion.ui.logic.history import play_fields
from companion.ui.logic.live import error
from companion.ui.logic.scorepad import (
    TOOL_ID,
    PadDraft,
    ScorePad,
    form_of,
    pad_errors,
    pad_of,
    with_typed,
)
from companion.ui.logic.words import capitalized, plural
from companion.ui.screen import Screen
from companion.ui.theme import GAP, TOUCH
from companion.ui.views.common import (
    filter_suggestions,
    game_picker,
    standings_table,
    suggestion_chips,
)
from companion.ui.views.table_menu import UndoButton, menu_button, table_menu
from companion.ui.widgets import (
    body,
    button,
    icon_button,
    notice,
    panel,
    tagged,
    whole_number_field,
    wrap,
)

ROUTE = "/score"


def field_col(label: str) -> dict[str | ft.ResponsiveRowBreakpoint, int | float]:
    """Half a phone's width for short labels, the full width for long ones (never cut off)."""
    if len(label) <= 14:
        return {"xs": 6, "sm": 4, "md": 3}
    return {"xs": 12, "sm": 6, "md": 4}


Settle = Callable[[str], None]  # told "applied", "refused" or "failed" before the redraw


class TablePad:
    """The pad of a shared table: every change goes through the session loop."""

    def __init__(self, ctx: AppContext, table_id: int, render: Callable[[], None]) -> None:
        self.live = LiveTable(ctx, table_id, lambda snapshot: render())

    @property
    def pad(self) -> Pad:
        game = self.live.snapshot.game
        return game if isinstance(game, Pad) else Pad()

    @property
    def snapshot(self) -> Snapshot:
        return self.live.snapshot

    @property
    def read_only(self) -> bool:
        return self.live.snapshot.read_only or not isinstance(self.live.snapshot.game, Pad)

    def act(self, action: PadAction, *, quiet: bool = False, settle: Settle | None = None) -> None:
        def outcome_of(outcome: Outcome) -> None:
            if settle is not None:
                settle(
                    "applied"
                    if isinstance(outcome, Applied)
                    else "failed"
                    if isinstance(outcome, Failed)
                    else "refused"
                )

        self.live.act(action, quiet=quiet, on_outcome=outcome_of)


class LocalPad:
    """A pad only this screen holds (a saved play being edited): changes apply here, a
    refusal is said at once."""

    def __init__(self, ctx: AppContext, pad: Pad, render: Callable[[], None]) -> None:
        self.ctx = ctx
        self.pad = pad
        self.render = render
        self.read_only = False

    def act(self, action: PadAction, *, quiet: bool = False, settle: Settle | None = None) -> None:
        try:
            self.pad = self.pad.apply(action)[0]
        except PadError as exc:
            if settle is not None:
                settle("refused")
            self.ctx.notify(capitalized(str(exc)), error=True)
        else:
            if settle is not None:
                settle("applied")
        self.render()


class _RowCard:
    """One player's line on screen, kept for as long as its row is on the pad (a push that
    adds or moves another row moves this card, it does not rebuild its fields)."""

    def __init__(self, view: ScorePadView, row_id: int) -> None:
        self.row_id = row_id
        self.name = view.text_field(
            ("name", row_id),
            lambda: ft.TextField(
                label="Player", expand=True, capitalization=ft.TextCapitalization.WORDS
            ),
        )
        self.start = ft.IconButton(
            ft.Icons.OUTLINED_FLAG,
            tooltip="Mark as start player",
            on_click=lambda e: view.act(ToggleStart(row_id)),
            style=ft.ButtonStyle(padding=12),
        )
        self.up = icon_button(
            ft.Icons.ARROW_UPWARD, "Move up a seat", lambda e: view.act(MoveRow(row_id, -1))
        )
        self.down = icon_button(
            ft.Icons.ARROW_DOWNWARD, "Move down a seat", lambda e: view.act(MoveRow(row_id, 1))
        )
        self.remove = icon_button(
            ft.Icons.DELETE_OUTLINE, "Remove player", lambda e: view.act(RemoveRow(row_id))
        )
        self.scores = ft.ResponsiveRow([], spacing=8, run_spacing=8)
        self.total = ft.Text("", theme_style=ft.TextThemeStyle.TITLE_MEDIUM)
        self.ident = ft.Semantics(identifier="player-row", content=None)
        top = ft.Row(
            [self.name, self.start, self.up, self.down, self.remove],
            spacing=0,
            vertical_alignment=ft.CrossAxisAlignment.START,
        )
        self.ident.content = panel(top, self.scores, self.total, padding=12)
        self.control = isolate(self.ident)


class ScorePadView:
    """The score pad screen, built once and rendered in place from the pad (a shared
    table's, or one being edited here: ``pad`` and ``on_save``)."""

    def __init__(
        self,
        ctx: AppContext,
        *,
        table_id: int | None = None,
        pad: ScorePad | None = None,
        on_save: Callable[[ScorePad], object] | None = None,
        title: str = "Score pad",
        save_label: str = "Save to history",
    ) -> None:
        self.ctx = ctx
        self.title = title
        self.save_label = save_label
        self.on_save = on_save
        self.known = ctx.store.player_names()
        self.fields: dict[FieldKey, ft.TextField] = {}
        self.cards: dict[int, _RowCard] = {}
        self._build_controls()
        self.source: TablePad | LocalPad
        if table_id is not None:
            if ctx.live is None:
                raise RuntimeError("the score pad needs the shared tables (ctx.live)")
            self.draft: PadDraft = ctx.live.draft(TOOL_ID, table_id, PadDraft)
            self.source = TablePad(ctx, table_id, self.render)
        else:
            self.draft = PadDraft()
            form = pad if pad is not None else ScorePad(catalogue=ctx.catalogue)
            self.source = LocalPad(ctx, pad_of(form), self.render)
        self.render()

    @property
    def pad(self) -> Pad:
        return self.source.pad

    @property
    def live(self) -> LiveTable | None:
        return self.source.live if isinstance(self.source, TablePad) else None

    # -- acting -------------------------------------------------------------------------------
    def act(self, action: PadAction, *, quiet: bool = False, settle: Settle | None = None) -> None:
        self.source.act(action, quiet=quiet, settle=settle)

    def typed(self, key: FieldKey, text: str) -> None:
        send = self.draft.type(key, text, self.pad)
        if send is None:
            self.render()
            return

        def settle(how: str) -> None:
            if how == "failed":
                self.draft.keep(key, text)  # not in the table: it stays on the field

        self.act(SetText(key, send), quiet=True, settle=settle)

    def set_game(self, game_id: str) -> None:
        if game_id and game_id != self.pad.game_id:
            self.act(SetGame(game_id))

    def set_mode(self, breakdown: bool) -> None:
        if breakdown != self.pad.breakdown:
            self.act(SetMode(breakdown))
        else:
            self.render()

    def set_lowest_wins(self, value: bool) -> None:
        if value != self.pad.lowest_wins:
            self.act(SetLowestWins(value))

    def add_player(self, name: str = "") -> None:
        self.act(AddRow(name))

    def pick_known(self, name: str) -> None:
        """A known player fills the first empty name, or a new line."""
        empty = next((r for r in self.pad.rows if not r.name.strip()), None)
        if empty is not None and ("name", empty.id) not in self.draft.typed:
            self.act(SetText(("name", empty.id), name))
        else:
            self.add_player(name)

    def add_category(self) -> None:
        name = (self.new_category.value or "").strip()
        problem = None
        if not name:
            problem = "Type a category name"
        elif name.casefold() in {c.casefold() for c in self.pad.categories}:
            problem = "Already a category"
        if problem:
            self.paint.set(self.header_box, self.new_category, error=problem)
            self.paint.send()
            return

        def settle(how: str) -> None:
            if how == "applied":
                self.new_category.value = ""
                self.new_category.error = None
                self.paint.touch(self.header_box)

        self.act(AddCategory(name), settle=settle)

    def add_tiebreaker(self) -> None:
        name = (self.new_tiebreaker.value or "").strip()
        if not name:
            self.paint.set(self.tie_box, self.new_tiebreaker, error="Type what breaks the tie")
            self.paint.send()
            return

        def settle(how: str) -> None:
            if how == "applied":
                self.new_tiebreaker.value = ""
                self.new_tiebreaker.error = None
                self.paint.touch(self.tie_box)

        self.act(AddTiebreaker(name), settle=settle)

    def set_played_at(self, value: datetime | None) -> None:
        """A date and time chosen for the play; ``None``: date it when it is saved."""
        when = None if value is None else value.replace(second=0, microsecond=0)
        if when != self.pad.played_at:
            self.act(SetPlayedAt(when))

    def clear(self) -> None:
        self.draft.typed.clear()
        self.draft.show_all_errors = False
        self.act(ClearScores())

    def form(self) -> ScorePad:
        """The pad as a form, with what this device typed that the table has not taken."""
        return with_typed(form_of(self.pad, self.ctx.catalogue), self.pad, self.draft.typed)

    def save(self) -> None:
        """Save when valid; otherwise mark every problem on its field and say so."""
        form = self.form()
        errors = form.errors()
        if errors:
            self.draft.show_all_errors = True
            self.render()
            self.say_error(f"Not saved: {plural(len(errors), 'field')} to fix.")
            return
        if isinstance(self.source, LocalPad):
            if self.on_save is not None:
                try:
                    self.on_save(form)
                except ValueError as exc:
                    self.ctx.notify(f"Not saved: {exc}", error=True)
            return
        catalogue = self.ctx.catalogue

        def saved(outcome: Saved) -> str:
            done = form_of(outcome.snapshot.game, catalogue)
            winners = [s.name for s in done.standings() if s.winner]
            game = done.game.name if not done.game.is_other else done.title.strip()
            return f"Saved {game}: {' and '.join(winners)} won."

        self.draft.show_all_errors = False
        self.source.live.save(lambda game: play_fields(form_of(game, catalogue)), saved=saved)

    def say_error(self, text: str) -> None:
        if self.live is not None:
            self.live.tell(error(text))
        else:
            self.ctx.notify(text, error=True)

    def new_pad(self) -> None:
        """A fresh pad with these players, game and layout (after this one is saved)."""
        if self.ctx.live is None:
            return
        fresh = self.pad.apply(ClearScores())[0] if self.pad.rows else self.pad
        start = replace(fresh, log=())
        try:
            snapshot = self.ctx.live.hub.create(TOOL_ID, start, device=self.ctx.live.device)
        except StoreError as exc:
            self.say_error(f"The new pad could not be started: {exc}")
            return
        self.ctx.navigate(f"{ROUTE}/{snapshot.table_id}")

    def menu(self) -> None:
        live = self.live
        if live is None:
            return
        names = [r.name.strip() for r in self.pad.rows if r.name.strip()]
        table_menu(
            self.ctx,
            live,
            lobby=ROUTE,
            who=", ".join(names) or "No names yet",
            finish_note="Save it to history first if you want to keep the scores.",
            ended=("The score pad is put away.", "The score pad was abandoned."),
        )

    # -- the controls, built once -------------------------------------------------------------
    def text_field(self, key: FieldKey, make: Callable[[], ft.TextField]) -> ft.TextField:
        control = self.fields.get(key)
        if control is None:
            control = make()
            control.on_change = lambda e, k=key: self.typed(k, e.control.value or "")
            self.fields[key] = control
        return control

    def _build_controls(self) -> None:
        paint = self.paint = Painter()
        self.problem_slot = Slot(paint)
        self.picker = game_picker(self.ctx.catalogue, "", self.set_game)
        self.dropdown: ft.Dropdown = self.picker.content  # type: ignore[attr-defined]
        self.title_field = self.text_field(
            ("title",), lambda: ft.TextField(label="Game title", max_length=80)
        )
        self.title_box = tagged("game-title", self.title_field)
        self.lowest = ft.Switch(
            label="Lowest score wins",
            on_change=lambda e: self.set_lowest_wins(bool(e.control.value)),
        )
        self.game_line = body("", muted=True)
        self.mode = ft.SegmentedButton(
            segments=[
                ft.Segment(
                    value="total", label=ft.Text("Totals"), icon=ft.Icon(ft.Icons.FUNCTIONS)
                ),
                ft.Segment(
                    value="parts", label=ft.Text("By category"), icon=ft.Icon(ft.Icons.VIEW_LIST)
                ),
            ],
            selected=["total"],
            on_change=lambda e: self.set_mode("parts" in (e.control.selected or [])),
        )
        self.categories = Slot(paint)
        self.new_category = ft.TextField(
            label="New category", on_submit=lambda e: self.add_category(), expand=True
        )
        self.category_add = button(
            "Add", lambda e: self.add_category(), kind="tonal", icon=ft.Icons.ADD
        )
        self.category_editor = ft.Column(
            [
                body("Categories (each player's total adds them up):", muted=True),
                self.categories.box,
                ft.Row(
                    [self.new_category, self.category_add],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
            ],
            spacing=8,
        )
        self.header_box = isolate(
            panel(
                self.picker,
                self.title_box,
                self.lowest,
                self.game_line,
                tagged("score-mode", self.mode),
                self.category_editor,
            )
        )
        self.rows_column = isolate(ft.Column([], spacing=GAP))
        self.add_row_button = ft.OutlinedButton(
            "Add player",
            icon=ft.Icons.PERSON_ADD,
            height=TOUCH,
            on_click=lambda e: self.add_player(),
        )
        self.add_row_box = isolate(tagged("add-player-row", self.add_row_button))
        self.suggestions = Slot(paint)
        self.tiebreakers = Slot(paint)
        self.new_tiebreaker = ft.TextField(
            label="New tie-breaker",
            hint_text="e.g. Most money left",
            on_submit=lambda e: self.add_tiebreaker(),
            expand=True,
        )
        self.tie_add = button(
            "Add", lambda e: self.add_tiebreaker(), kind="tonal", icon=ft.Icons.ADD
        )
        self.tie_box = isolate(
            panel(
                body("When scores are equal, these decide, in this order.", muted=True),
                self.tiebreakers.box,
                ft.Row(
                    [self.new_tiebreaker, self.tie_add],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
                title="Tie-breakers",
            )
        )
        self.standings = Slot(paint)
        self.standings_box = panel(self.standings.box, title="Standings")
        self.when_text = ft.Text("", expand=True)
        self.change_when = button("Change", self.pick_date, kind="text")
        self.now_button = button("Now", lambda e: self.set_played_at(None), kind="text")
        self.details_subtitle = ft.Text("")
        self.duration = self.text_field(
            ("duration",), lambda: whole_number_field("Duration (minutes)", width=200)
        )
        self.location = self.text_field(
            ("location",), lambda: ft.TextField(label="Where", max_length=120)
        )
        self.notes = self.text_field(
            ("notes",),
            lambda: ft.TextField(
                label="Notes", multiline=True, min_lines=2, max_lines=6, max_length=2000
            ),
        )
        self.details = ft.ExpansionTile(
            title=ft.Text("When, where, notes"),
            subtitle=self.details_subtitle,
            controls=[
                ft.Row(
                    [
                        ft.Icon(ft.Icons.EVENT),
                        tagged("played-at", self.when_text),
                        self.change_when,
                        self.now_button,
                    ]
                ),
                self.duration,
                self.location,
                self.notes,
            ],
            controls_padding=ft.Padding.symmetric(horizontal=8, vertical=8),
        )
        self.details_box = isolate(panel(self.details))
        self.notices = Slot(paint)
        self.save_button = ft.FilledButton(
            self.save_label, icon=ft.Icons.SAVE, height=TOUCH, on_click=lambda e: self.save()
        )
        self.save_box = isolate(tagged("save-play", self.save_button))
        self.saved = Slot(paint)
        self.content = ft.Column(
            [
                self.problem_slot.box,
                self.header_box,
                self.rows_column,
                self.add_row_box,
                self.suggestions.box,
                self.tie_box,
                self.standings_box,
                self.details_box,
                self.notices.box,
                self.save_box,
                self.saved.box,
            ],
            spacing=GAP,
        )
        self.undo = UndoButton(lambda: self._live())
        self.clear_button = ft.IconButton(
            ft.Icons.CLEANING_SERVICES_OUTLINED,
            tooltip="Clear the scores",
            on_click=lambda e: self.clear(),
        )
        self.clear_box = isolate(tagged("clear-scores", self.clear_button))

    def _live(self) -> LiveTable:
        live = self.live
        assert live is not None
        return live

    def pick_date(self, e: Any) -> None:
        current = self.pad.played_at or datetime.now().replace(second=0, microsecond=0)
        picker = ft.DatePicker(
            value=current,
            last_date=datetime.now(),
            on_change=lambda ev: self.set_played_at(
                datetime.combine(ev.control.value.date(), current.time())
                if ev.control.value
                else current
            ),
        )
        self.ctx.page.show_dialog(picker)

    # -- rendering in place -------------------------------------------------------------------
    def render(self) -> None:
        pad = self.pad
        paint = self.paint
        closed = self.source.read_only
        self.draft.settle(pad)
        form = self.form()
        errors = pad_errors(form, pad)
        for key, text in self.draft.typed.items():
            problem = text_problem(key, text)
            if problem and key not in errors:
                errors[key] = problem
        self.render_problem()
        # The game and how scores are kept.
        game = pad.game
        paint.set(self.header_box, self.dropdown, value=pad.game_id, disabled=closed)
        paint.set(self.header_box, self.title_box, visible=game.is_other)
        paint.set(
            self.header_box,
            self.lowest,
            visible=game.is_other,
            value=pad.lowest_wins,
            disabled=closed,
        )
        direction = "Highest score wins" if game.highest_wins else "Lowest score wins"
        paint.set(
            self.header_box,
            self.game_line,
            visible=not game.is_other,
            value=f"{game.name}: {game.min_players}–{game.max_players} players. {direction}.",
        )
        paint.set(
            self.header_box,
            self.mode,
            selected=["parts" if pad.breakdown else "total"],
            disabled=closed,
        )
        paint.set(self.header_box, self.category_editor, visible=pad.breakdown)
        for control in (self.new_category, self.category_add):
            paint.set(self.header_box, control, disabled=closed)
        cats = (pad.categories, closed)
        self.categories.set(cats, lambda: self.category_chips(pad.categories, closed))
        self.render_rows(pad, form, errors, closed)
        paint.set(self.add_row_box, self.add_row_button, disabled=closed)
        names = tuple(filter_suggestions(self.known, "", [r.name for r in pad.rows]))
        self.suggestions.set(
            (names, closed),
            lambda: (
                None
                if not names or closed
                else ft.Column(
                    [body("Known players", muted=True), suggestion_chips(names, self.pick_known)],
                    spacing=8,
                )
            ),
        )
        breakers = tuple((t.id, t.name, t.higher_wins) for t in pad.tiebreakers)
        self.tiebreakers.set((breakers, closed), lambda: self.tiebreaker_items(pad, closed))
        for control in (self.new_tiebreaker, self.tie_add):
            paint.set(self.tie_box, control, disabled=closed)
        standings = form.standings()
        self.standings.set(
            tuple((s.name, s.score, s.rank, s.winner, s.shared, s.decided_by) for s in standings),
            lambda: standings_table(standings),
        )
        self.render_details(pad, errors, closed)
        self.render_notices(form, errors)
        self.render_saved(pad, closed)
        if self.live is not None:
            snapshot = self.live.snapshot
            self.undo.paint(paint, can_undo=snapshot.last is not None and not closed)
            paint.set(self.clear_box, self.clear_button, disabled=closed)
        paint.send()

    def render_problem(self) -> None:
        problem: str | None = None
        if self.live is not None:
            snapshot = self.live.snapshot
            if not isinstance(snapshot.game, Pad):
                problem = f"This score pad cannot be read: {snapshot.info.damaged}"
            elif snapshot.info.damaged:
                problem = f"This score pad is read-only: {snapshot.info.damaged}"
            elif snapshot.info.status == "abandoned":
                problem = "This score pad was abandoned: it takes no more changes."
            elif snapshot.read_only and snapshot.info.saved_play_id is None:
                problem = "This score pad is put away: it takes no more changes."
        self.problem_slot.set(
            problem, lambda: None if problem is None else notice(problem, level="warning")
        )

    def paint_field(
        self,
        section: ft.BaseControl,
        key: FieldKey,
        control: ft.TextField,
        errors: dict[FieldKey, str],
        closed: bool,
    ) -> None:
        """The field's text from the pad (unless this device is typing text the table does
        not take yet), its error once it matters, and whether it can be typed into."""
        if key not in self.draft.typed and self.pad.has_field(key):
            self.paint.set(section, control, value=self.pad.text_of(key))
        message = errors.get(key)
        shown = (control.value or "").strip()
        wanted = message if message and (self.draft.show_all_errors or shown) else None
        self.paint.set(section, control, error=wanted, disabled=closed)

    def render_rows(
        self, pad: Pad, form: ScorePad, errors: dict[FieldKey, str], closed: bool
    ) -> None:
        live_ids = {r.id for r in pad.rows}
        for row_id in [i for i in self.cards if i not in live_ids]:
            del self.cards[row_id]
        for key in [
            k for k in self.fields if len(k) > 1 and k[0] != "tiebreaker" and k[1] not in live_ids
        ]:
            del self.fields[key]
        for row in pad.rows:
            if row.id not in self.cards:
                self.cards[row.id] = _RowCard(self, row.id)
        cards = [self.cards[r.id] for r in pad.rows]
        wanted: list[ft.Control] = [c.control for c in cards]
        if not _same(self.rows_column.controls, wanted):
            self.rows_column.controls = wanted
            self.paint.touch(self.rows_column)
        for i, (row, card) in enumerate(zip(pad.rows, cards, strict=True)):
            self.render_row(i, row, card, pad, form, errors, closed)

    def render_row(
        self,
        i: int,
        row: PadRow,
        card: _RowCard,
        pad: Pad,
        form: ScorePad,
        errors: dict[FieldKey, str],
        closed: bool,
    ) -> None:
        paint = self.paint
        section = card.control
        paint.set(section, card.ident, identifier=f"player-row-{i + 1}")
        paint.set(section, card.name, label=f"Player {i + 1}")
        self.paint_field(section, ("name", row.id), card.name, errors, closed)
        paint.set(
            section,
            card.start,
            icon=ft.Icons.FLAG if row.start else ft.Icons.OUTLINED_FLAG,
            tooltip="Start player" if row.start else "Mark as start player",
            selected=row.start,
            disabled=closed,
        )
        paint.set(section, card.up, disabled=closed or i == 0)
        paint.set(section, card.down, disabled=closed or i == len(pad.rows) - 1)
        paint.set(section, card.remove, disabled=closed)
        keys: list[tuple[FieldKey, str]] = []
        if pad.breakdown:
            keys.extend((("part", row.id, c), c) for c in pad.categories)
        else:
            keys.append((("score", row.id), "Score"))
        for k, breaker in enumerate(pad.tiebreakers):
            keys.append((("tie", row.id, breaker.id), breaker.name or f"Tie-breaker {k + 1}"))
        controls: list[ft.Control] = []
        for key, label in keys:
            field = self.text_field(key, functools.partial(whole_number_field, label))
            paint.set(section, field, label=label, col=field_col(label))
            self.paint_field(section, key, field, errors, closed)
            controls.append(field)
        if not _same(card.scores.controls, controls):
            card.scores.controls = controls
            paint.touch(section)
        total = form.total(i)
        paint.set(
            section,
            card.total,
            visible=pad.breakdown,
            value=f"Total: {total}" if total is not None else "Total: —",
        )

    def category_chips(self, categories: Sequence[str], closed: bool) -> ft.Control:
        if not categories:
            return body("No categories yet.", muted=True)
        return wrap(
            [
                ft.Chip(
                    label=ft.Text(c),
                    on_delete=None if closed else (lambda e, c=c: self.act(RemoveCategory(c))),
                    delete_icon_tooltip=f"Remove {c}",
                )
                for c in categories
            ]
        )

    def tiebreaker_items(self, pad: Pad, closed: bool) -> ft.Control:
        items: list[ft.Control] = []
        for t, breaker in enumerate(pad.tiebreakers):
            # The name gets its own line so a long one is never cut off on a phone.
            items.append(
                ft.Column(
                    [
                        ft.Text(
                            f"{t + 1}. {breaker.name}", theme_style=ft.TextThemeStyle.BODY_LARGE
                        ),
                        ft.Row(
                            [
                                ft.OutlinedButton(
                                    "Higher wins" if breaker.higher_wins else "Lower wins",
                                    icon=ft.Icons.SWAP_VERT,
                                    on_click=lambda e, b=breaker.id: self.act(FlipTiebreaker(b)),
                                    tooltip="Tap to switch",
                                    disabled=closed,
                                ),
                                icon_button(
                                    ft.Icons.ARROW_UPWARD,
                                    "Try this one earlier",
                                    lambda e, b=breaker.id: self.act(MoveTiebreaker(b, -1)),
                                    disabled=closed or t == 0,
                                ),
                                icon_button(
                                    ft.Icons.CLOSE,
                                    f"Remove {breaker.name}",
                                    lambda e, b=breaker.id: self.act(RemoveTiebreaker(b)),
                                    disabled=closed,
                                ),
                            ],
                            spacing=4,
                        ),
                    ],
                    spacing=2,
                )
            )
        return ft.Column(items, spacing=8)

    def render_details(self, pad: Pad, errors: dict[FieldKey, str], closed: bool) -> None:
        paint = self.paint
        chosen = pad.played_at
        paint.set(
            self.details_box,
            self.when_text,
            value="When you save" if chosen is None else chosen.strftime("%a %d %b %Y, %H:%M"),
        )
        paint.set(
            self.details_box,
            self.details_subtitle,
            value="Dated when you save" if chosen is None else chosen.strftime("%d %b %Y, %H:%M"),
        )
        paint.set(self.details_box, self.now_button, visible=chosen is not None, disabled=closed)
        paint.set(self.details_box, self.change_when, disabled=closed)
        for key, control in (
            (("duration",), self.duration),
            (("location",), self.location),
            (("notes",), self.notes),
        ):
            self.paint_field(self.details_box, key, control, errors, closed)
        self.paint_field(self.header_box, ("title",), self.title_field, errors, closed)

    def render_notices(self, form: ScorePad, errors: dict[FieldKey, str]) -> None:
        notes: list[tuple[str, str]] = []
        players = errors.get(("players",))
        if players:
            notes.append(("error" if self.draft.show_all_errors else "warning", players))
        notes.extend(("warning", w) for w in form.warnings())
        if self.draft.show_all_errors and errors:
            notes.append(("error", "Fix the marked fields, then save."))
        key = tuple(notes)
        self.notices.set(
            key,
            lambda: (
                None
                if not notes
                else ft.Column([notice(text, level=level) for level, text in notes], spacing=8)
            ),
        )

    def render_saved(self, pad: Pad, closed: bool) -> None:
        live = self.live
        play_id = None if live is None else live.snapshot.info.saved_play_id
        self.paint.set(self.save_box, self.save_box, visible=not closed)  # its Semantics

        def build() -> ft.Control | None:
            if play_id is None:
                return None
            return panel(
                notice("Saved in your history.", level="ok"),
                wrap(
                    [
                        button(
                            "View in history",
                            lambda e: self.ctx.navigate(f"/history/play/{play_id}"),
                            icon=ft.Icons.HISTORY,
                            kind="outlined",
                            ident="view-saved",
                        ),
                        button(
                            "New pad with these players",
                            lambda e: self.new_pad(),
                            icon=ft.Icons.ADD,
                            kind="tonal",
                            ident="new-pad-same",
                        ),
                    ]
                ),
            )

        self.saved.set(play_id, build)

    def build(self) -> Screen:
        actions: list[ft.Control] = []
        if self.live is not None:
            actions = [self.undo.control, self.clear_box, menu_button(self.menu)]
        return Screen(
            title=self.title,
            content=self.content,
            actions=actions,
            back=ROUTE if self.live is not None else None,
            footer=self.live.footer if self.live is not None else None,
            on_leave=self.live.close if self.live is not None else None,
        )


def _same(shown: Sequence[ft.Control], wanted: Sequence[ft.Control]) -> bool:
    """The same controls in the same order (by identity: controls compare field by field)."""
    return len(shown) == len(wanted) and all(a is b for a, b in zip(shown, wanted, strict=True))


__all__ = ["ROUTE", "LocalPad", "ScorePadView", "TablePad", "field_col"]
