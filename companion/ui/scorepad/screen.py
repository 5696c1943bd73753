"""Score › a score pad: write down a game, watch the standings, save it to history.

The pad being filled in is a shared table (``/score/<id>``): each field is its own action, so
every phone types its own player's score at once, and each sees the others' as they go in.
Text that does not read as its field yet ("1-") stays on the phone that typed it, with the
field's error, until it does. The screen is built once and rendered in place: a push never
rebuilds a field being typed into.

The same screen edits a saved play (History › Edit): then the pad is this device's alone
(:class:`LocalPad`) and Save hands the form back to the history.

The screen is made of its parts, one a file: :mod:`.header` (the game, the way scores are
kept, the categories), :mod:`.rows` and :mod:`.row_card` (the players), :mod:`.tiebreakers`,
:mod:`.details` (when, where, notes) and :mod:`.save`; where the pad comes from is
:mod:`.source`. What it says and decides is :mod:`companion.ui.scorepad.model.words`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import flet as ft

from companion.engine.scorepad import (
    ClearScores,
    FieldKey,
    Pad,
    PadAction,
    SetGame,
    SetLowestWins,
    SetMode,
    SetPlayedAt,
    SetText,
)
from companion.history import StoreError
from companion.tables import Saved
from companion.ui.context import AppContext
from companion.ui.history.model import play_fields
from companion.ui.kit.players import standings_table
from companion.ui.kit.table_menu import UndoButton, menu_button, table_menu
from companion.ui.kit.widgets import notice, panel, tagged
from companion.ui.live import LiveTable, Painter, Slot, isolate, live_session
from companion.ui.model.live import error
from companion.ui.scorepad import ROUTE, TOOL_ID, table_route
from companion.ui.scorepad.model import PadDraft, ScorePad, form_of, pad_of, with_typed
from companion.ui.scorepad.model.words import (
    APPLIED,
    FAILED,
    field_errors,
    fresh_pad,
    not_saved,
    pad_problem,
    saved_line,
    shown_error,
    to_the_minute,
    who,
)
from companion.ui.scorepad.parts.details import DetailsPanel
from companion.ui.scorepad.parts.header import PadHeader
from companion.ui.scorepad.parts.row_card import field_col
from companion.ui.scorepad.parts.rows import PadRows
from companion.ui.scorepad.parts.save import SavePanel
from companion.ui.scorepad.parts.source import LocalPad, Settle, TablePad
from companion.ui.scorepad.parts.tiebreakers import TiebreakerPanel
from companion.ui.screen import Screen
from companion.ui.theme import GAP


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
        self.on_save = on_save
        self.fields: dict[FieldKey, ft.TextField] = {}
        self._build_controls(save_label)
        self.source: TablePad | LocalPad
        if table_id is not None:
            self.draft: PadDraft = live_session(ctx, TOOL_ID).draft(TOOL_ID, table_id, PadDraft)
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
            if how == FAILED:
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

    def set_played_at(self, value: datetime | None) -> None:
        """A date and time chosen for the play; ``None``: date it when it is saved."""
        when = None if value is None else to_the_minute(value)
        if when != self.pad.played_at:
            self.act(SetPlayedAt(when))

    def add_named(
        self,
        section: ft.BaseControl,
        field: ft.TextField,
        problem: Callable[[str], str | None],
        action: Callable[[str], PadAction],
    ) -> None:
        """Add what ``field`` names (a category, a tie-breaker): its problem on the field,
        else the action; the field empties once the table has taken it."""
        name = (field.value or "").strip()
        wrong = problem(name)
        if wrong:
            self.paint.set(section, field, error=wrong)
            self.paint.send()
            return

        def settle(how: str) -> None:
            if how == APPLIED:
                field.value = ""
                field.error = None
                self.paint.touch(section)

        self.act(action(name), settle=settle)

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
        problem = not_saved(form.errors())
        if problem:
            self.draft.show_all_errors = True
            self.render()
            self.say_error(problem)
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
            return saved_line(outcome.snapshot.game, catalogue)

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
        try:
            snapshot = self.ctx.live.hub.create(
                TOOL_ID, fresh_pad(self.pad), device=self.ctx.live.device
            )
        except StoreError as exc:
            self.say_error(f"The new pad could not be started: {exc}")
            return
        self.ctx.navigate(table_route(snapshot.table_id))

    def menu(self) -> None:
        live = self.live
        if live is None:
            return
        table_menu(
            self.ctx,
            live,
            lobby=ROUTE,
            who=who(self.pad),
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

    def forget_fields(self, row_ids: set[int]) -> None:
        """Drop the fields of rows no longer on the pad."""
        for key in [
            k for k in self.fields if len(k) > 1 and k[0] != "tiebreaker" and k[1] not in row_ids
        ]:
            del self.fields[key]

    def _build_controls(self, save_label: str) -> None:
        self.paint = Painter()
        self.problem_slot = Slot(self.paint)
        self.header = PadHeader(self)
        self.rows = PadRows(self)
        self.tiebreakers = TiebreakerPanel(self)
        self.standings = Slot(self.paint)
        self.details = DetailsPanel(self)
        self.save_panel = SavePanel(self, save_label)
        self.content = ft.Column(
            [
                self.problem_slot.box,
                self.header.box,
                self.rows.column,
                self.rows.add_box,
                self.rows.suggestions.box,
                self.tiebreakers.box,
                panel(self.standings.box, title="Standings"),
                self.details.box,
                *self.save_panel.controls,
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

    # -- rendering in place -------------------------------------------------------------------
    def render(self) -> None:
        pad = self.pad
        paint = self.paint
        closed = self.source.read_only
        self.draft.settle(pad)
        form = self.form()
        errors = field_errors(form, pad, self.draft.typed)
        live = self.live
        problem = pad_problem(None if live is None else live.snapshot)
        self.problem_slot.set(
            problem, lambda: None if problem is None else notice(problem, level="warning")
        )
        self.header.render(pad, errors, closed)
        self.rows.render(pad, form, errors, closed)
        self.tiebreakers.render(pad, closed)
        standings = form.standings()
        self.standings.set(
            tuple((s.name, s.score, s.rank, s.winner, s.shared, s.decided_by) for s in standings),
            lambda: standings_table(standings),
        )
        self.details.render(pad, errors, closed)
        play_id = None if live is None else live.snapshot.info.saved_play_id
        self.save_panel.render(form, errors, closed, play_id)
        if live is not None:
            self.undo.paint(paint, can_undo=live.snapshot.last is not None and not closed)
            paint.set(self.clear_box, self.clear_button, disabled=closed)
        paint.send()

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
        wanted = shown_error(
            errors.get(key), control.value or "", show_all=self.draft.show_all_errors
        )
        self.paint.set(section, control, error=wanted, disabled=closed)

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


__all__ = ["LocalPad", "ScorePadView", "TablePad", "field_col"]
