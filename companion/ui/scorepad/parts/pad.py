"""The score pad itself: the game, the way scores are kept, the players, tie-breakers,
standings, when and where, and Save; built once and rendered in place from a pad, whoever
holds it (:class:`PadSource`): a shared table (:class:`~companion.ui.scorepad.screen.
ScorePadScreen`) or a saved play being edited on this device alone
(:class:`~companion.ui.scorepad.parts.source.LocalPad`, History › Edit).

Text that does not read as its field yet ("1-") stays on the phone that typed it, with the
field's error, until it does: a push never rebuilds a field being typed into. Made of its
parts, one a file: :mod:`.header` (the game, the way scores are kept, the categories),
:mod:`.rows` and :mod:`.row_card` (the players), :mod:`.tiebreakers`, :mod:`.details` (when,
where, notes) and :mod:`.save`. What it says and decides is
:mod:`companion.ui.scorepad.model.words`.
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
from companion.ui.kit.widgets import body, heading, notice, panel, tagged
from companion.ui.paint import Painter, Slot
from companion.ui.scorepad import TOOL_ID, table_route
from companion.ui.scorepad.model import PadDraft, ScorePad, form_of, with_typed
from companion.ui.scorepad.model.words import (
    APPLIED,
    FAILED,
    field_errors,
    fresh_pad,
    not_saved,
    pad_problem,
    places_note,
    saved_line,
    shown_error,
    to_the_minute,
    typed_scores,
)
from companion.ui.scorepad.parts.details import DetailsPanel
from companion.ui.scorepad.parts.header import PadHeader
from companion.ui.scorepad.parts.how_won import HowWonPanel
from companion.ui.scorepad.parts.rows import PadRows
from companion.ui.scorepad.parts.save import SavePanel
from companion.ui.scorepad.parts.source import PadSource, Settle
from companion.ui.scorepad.parts.tiebreakers import TiebreakerPanel
from companion.ui.theme import GAP


def outcome_line(outcome: str, scores: str | None) -> ft.Control:
    """Who won, as the standings of a play not won on points (the full width, wrapping),
    and the scores typed, if any (they are kept, they do not decide)."""
    text = heading(outcome)
    text.expand = True
    line = ft.Row([tagged("standings-outcome", text)])
    if scores is None:
        return line
    kept = body(scores, muted=True)
    kept.expand = True
    return ft.Column([line, ft.Row([tagged("standings-scores", kept)])], spacing=4)


class PadEditor:
    """The pad's controls, built once and rendered in place from ``source``'s pad; what this
    device is typing is ``draft``. ``on_save`` takes the form when Save is tapped on a pad
    that is no table's (a play being edited)."""

    def __init__(
        self,
        ctx: AppContext,
        source: PadSource,
        draft: PadDraft,
        paint: Painter,
        *,
        save_label: str = "Save to history",
        on_save: Callable[[ScorePad], object] | None = None,
    ) -> None:
        self.ctx = ctx
        self.source = source
        self.draft = draft
        self.paint = paint
        self.on_save = on_save
        self.fields: dict[FieldKey, ft.TextField] = {}
        self._build_controls(save_label)

    @property
    def pad(self) -> Pad:
        return self.source.pad

    # -- acting -------------------------------------------------------------------------------
    def act(self, action: PadAction, *, quiet: bool = False, settle: Settle | None = None) -> None:
        self.source.send(action, quiet=quiet, settle=settle)

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
        form = form_of(self.pad, self.ctx.catalogue, self.ctx.house_rules())
        return with_typed(form, self.pad, self.draft.typed)

    def save(self) -> None:
        """Save when valid; otherwise mark every problem on its field and say so."""
        form = self.form()
        problem = not_saved(form.errors(), form)
        if problem:
            self.draft.show_all_errors = True
            self.render()
            self.say_error(problem)
            return
        live = self.source.live
        if live is None:
            if self.on_save is not None:
                try:
                    self.on_save(form)
                except ValueError as exc:
                    self.ctx.notify(f"Not saved: {exc}", error=True)
            return
        catalogue, house_rules = self.ctx.catalogue, self.ctx.house_rules()

        def saved(outcome: Saved) -> str:
            return saved_line(outcome.snapshot.game, catalogue)

        self.draft.show_all_errors = False
        live.save(lambda game: play_fields(form_of(game, catalogue, house_rules)), saved=saved)

    def say_error(self, text: str) -> None:
        self.source.say_error(text)

    def new_pad(self) -> None:
        """A fresh pad with these players, game and layout (after this one is saved)."""
        session = self.ctx.live
        if session is None:
            return
        try:
            snapshot = session.hub.create(TOOL_ID, fresh_pad(self.pad), device=session.device)
        except StoreError as exc:
            self.say_error(f"The new pad could not be started: {exc}")
            return
        self.ctx.navigate(table_route(snapshot.table_id))

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
        self.problem_slot = Slot(self.paint)
        self.header = PadHeader(self)
        self.how_won = HowWonPanel(self)
        self.rows = PadRows(self)
        self.tiebreakers = TiebreakerPanel(self)
        self.standings = Slot(self.paint)
        self.details = DetailsPanel(self)
        self.save_panel = SavePanel(self, save_label)
        self.content = ft.Column(
            [
                self.problem_slot.box,
                self.header.box,
                self.how_won.box,
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

    # -- rendering in place -------------------------------------------------------------------
    def render(self) -> None:
        """Bring the controls up to date with the pad, sending only what changed."""
        pad = self.pad
        closed = self.source.read_only
        self.draft.settle(pad)
        form = self.form()
        errors = field_errors(form, pad, self.draft.typed)
        live = self.source.live
        problem = pad_problem(None if live is None else live.snapshot)
        self.problem_slot.set(
            problem, lambda: None if problem is None else notice(problem, level="warning")
        )
        self.header.render(pad, errors, closed)
        self.how_won.render(pad, closed)
        self.rows.render(pad, form, errors, closed)
        self.tiebreakers.render(pad, closed)
        outcome = pad.outcome()
        if outcome is not None:  # not won on points: who won, as chosen
            scores = typed_scores(form)
            self.standings.set((outcome, scores), lambda: outcome_line(outcome, scores))
        else:
            standings = form.standings()
            note = places_note(form, standings)
            self.standings.set(
                (
                    tuple(
                        (s.name, s.score, s.rank, s.winner, s.shared, s.decided_by)
                        for s in standings
                    ),
                    note,
                ),
                lambda: standings_table(standings, note=note),
            )
        self.details.render(pad, errors, closed)
        play_id = None if live is None else live.snapshot.info.saved_play_id
        self.save_panel.render(form, errors, closed, play_id)
        self.paint.send()

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


__all__ = ["PadEditor", "PadSource"]
