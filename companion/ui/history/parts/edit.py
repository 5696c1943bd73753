"""History › a play › Edit (``/history/play/<id>/edit``): how the play was won (on points, a
winner chosen by hand, co-operative), then the score pad, filled in from the play; Save
changes replaces the play (:func:`companion.ui.history.model.save_edit`), keeping its
expansions, house rules and start."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.history import NotFoundError
from companion.ui.context import AppContext
from companion.ui.history import edit_route, play_route
from companion.ui.history.model import SCORINGS, Verdict, edit_errors, pad_from_play, save_edit
from companion.ui.kit.widgets import body, panel, tagged
from companion.ui.paint import Painter, SectionBox
from companion.ui.scorepad.model import PadDraft, ScorePad, pad_of
from companion.ui.scorepad.model.words import not_saved
from companion.ui.scorepad.parts.pad import PadEditor
from companion.ui.scorepad.parts.source import LocalPad
from companion.ui.screen import RouteNotFound, Screen

HOW_WON = {
    "points": "The scores decide, as the game says.",
    "manual": "Tick who won. Scores are optional.",
    "cooperative": "Everyone wins or loses together. Scores are optional.",
}


class EditPad(PadEditor):
    """The score pad of a play being edited: without points, a score may stay empty."""

    verdict: Verdict
    victory_only = False  # the play's own rule on its tie-breakers, kept as it was saved

    def form(self) -> ScorePad:
        form = super().form()
        form.tiebreaks_victory_only = self.victory_only
        return form

    def save(self) -> None:
        if self.verdict.scoring == "points":
            super().save()
            return
        form = self.form()
        problem = not_saved(edit_errors(form, self.verdict), form)
        if problem:
            self.draft.show_all_errors = True
            self.render()
            self.say_error(problem)
            return
        if self.on_save is not None:
            try:
                self.on_save(form)
            except ValueError as exc:
                self.ctx.notify(f"Not saved: {exc}", error=True)


class HowWon:
    """The choice of how the play was won, and who won when it is not on points."""

    def __init__(self, ctx: AppContext, editor: EditPad) -> None:
        self.ctx = ctx
        self.editor = editor
        self.choice = ft.RadioGroup(
            value=editor.verdict.scoring,
            content=ft.Column(
                [
                    tagged(f"scoring-{key}", ft.Radio(value=key, label=label))
                    for key, label in SCORINGS.items()
                ],
                spacing=0,
            ),
            on_change=self.pick,
        )
        self.hint = body("", muted=True)
        self.who = ft.Column(spacing=0)
        self.box = SectionBox(panel(self.choice, self.hint, self.who, title="How was it won?"))
        self.shown: object = None

    def pick(self, e: Any) -> None:
        value = e.control.value
        if value in SCORINGS:
            self.editor.verdict.scoring = value
        self.render()
        self.editor.paint.send()

    def tick(self, row_id: int, won: bool) -> None:
        self.editor.verdict.toggle(row_id, won)
        self.render()
        self.editor.paint.send()

    def everyone(self, won: bool) -> None:
        self.editor.verdict.all_won = won
        self.render()
        self.editor.paint.send()

    def render(self) -> None:
        """Draw the choice again, only when it or the players' names changed (the pad
        renders on every keystroke)."""
        verdict = self.editor.verdict
        rows = self.editor.pad.rows
        shown = (
            verdict.scoring,
            verdict.all_won,
            tuple((r.id, r.name.strip(), verdict.won(r.id)) for r in rows),
        )
        if shown == self.shown:
            return
        self.shown = shown
        self.hint.value = HOW_WON[verdict.scoring]
        controls: list[ft.Control] = []
        if verdict.scoring == "manual":
            for row in rows:
                name = row.name.strip() or "This player"
                controls.append(
                    tagged(
                        f"won-{row.id}",
                        ft.Checkbox(
                            label=f"{name} won",
                            value=verdict.won(row.id),
                            on_change=lambda e, i=row.id: self.tick(i, bool(e.control.value)),
                        ),
                    )
                )
        elif verdict.scoring == "cooperative":
            controls.append(
                ft.RadioGroup(
                    value="won" if verdict.all_won else "lost",
                    content=ft.Column(
                        [
                            tagged("coop-won", ft.Radio(value="won", label="Everyone won")),
                            tagged("coop-lost", ft.Radio(value="lost", label="Everyone lost")),
                        ],
                        spacing=0,
                    ),
                    on_change=lambda e: self.everyone(e.control.value == "won"),
                )
            )
        self.who.controls = controls
        self.editor.paint.touch(self.box)


def open_edit(ctx: AppContext, play_id: int) -> Screen:
    try:
        play = ctx.store.get_play(play_id)
    except NotFoundError:
        raise RouteNotFound(edit_route(play_id)) from None

    def save(edited: ScorePad) -> None:
        save_edit(ctx.store, play, edited, editor.verdict, editor.pad)
        ctx.navigate(play_route(play_id))
        ctx.notify("Changes saved.")

    def render() -> None:
        how.render()
        editor.render()  # sends both

    pad = pad_of(pad_from_play(play, ctx.catalogue))
    source = LocalPad(ctx, pad, render)
    editor = EditPad(ctx, source, PadDraft(), Painter(), save_label="Save changes", on_save=save)
    editor.verdict = Verdict.of(play, pad)
    editor.victory_only = bool(play.tiebreaks_victory_only)
    how = HowWon(ctx, editor)
    render()
    content = ft.Column([how.box, editor.content], spacing=editor.content.spacing)
    return Screen(title=f"Edit {play.game}", content=content, back=play_route(play_id))


__all__ = ["EditPad", "HowWon", "open_edit"]
