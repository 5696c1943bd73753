"""History › a play › Edit (``/history/play/<id>/edit``): the score pad, filled in from the
play; Save changes replaces the play (:func:`companion.ui.history.model.save_edit`)."""

from __future__ import annotations

from companion.history import NotFoundError
from companion.ui.context import AppContext
from companion.ui.history import edit_route, play_route
from companion.ui.history.model import pad_from_play, save_edit
from companion.ui.paint import Painter
from companion.ui.scorepad.model import PadDraft, ScorePad, pad_of
from companion.ui.scorepad.parts.pad import PadEditor
from companion.ui.scorepad.parts.source import LocalPad
from companion.ui.screen import RouteNotFound, Screen


def open_edit(ctx: AppContext, play_id: int) -> Screen:
    try:
        play = ctx.store.get_play(play_id)
    except NotFoundError:
        raise RouteNotFound(edit_route(play_id)) from None

    def save(edited: ScorePad) -> None:
        save_edit(ctx.store, play, edited)
        ctx.navigate(play_route(play_id))
        ctx.notify("Changes saved.")

    source = LocalPad(ctx, pad_of(pad_from_play(play, ctx.catalogue)), lambda: editor.render())
    editor = PadEditor(ctx, source, PadDraft(), Painter(), save_label="Save changes", on_save=save)
    editor.render()
    return Screen(title=f"Edit {play.game}", content=editor.content, back=play_route(play_id))


__all__ = ["open_edit"]
