"""Score › a score pad (``/score/<id>``): write down a game, watch the standings, save it to
history.

The pad being filled in is a shared table: each field is its own action, so every phone types
its own player's score at once, and each sees the others' as they go in. The screen is the
pad (:class:`~companion.ui.scorepad.parts.pad.PadEditor`, which History's Edit shows too)
with the table's Undo, Clear and menu.
"""

from __future__ import annotations

import flet as ft

from companion.engine.scorepad import Pad, PadAction
from companion.tables import Outcome, Snapshot
from companion.ui.kit.table_menu import menu_button, table_menu
from companion.ui.kit.table_screen import TableScreen
from companion.ui.kit.widgets import tagged
from companion.ui.model.live import error
from companion.ui.scorepad import ROUTE, TOOL_ID
from companion.ui.scorepad.model import PadDraft
from companion.ui.scorepad.model.words import settled, who
from companion.ui.scorepad.parts.pad import PadEditor
from companion.ui.scorepad.parts.source import Settle


class ScorePadScreen(TableScreen[Pad, PadDraft]):
    """``/score/<id>``: one shared pad, built once and rendered in place."""

    tool_id = TOOL_ID
    lobby = ROUTE
    game_type = Pad
    draft_type = PadDraft
    title = "Score pad"

    # -- the pad's holder (:class:`~companion.ui.scorepad.parts.source.PadSource`) -------------
    @property
    def pad(self) -> Pad:
        """The table's pad (an empty one while it cannot be read)."""
        return self.game if self.readable else Pad()

    @property
    def read_only(self) -> bool:
        return not self.playing

    def send(self, action: PadAction, *, quiet: bool = False, settle: Settle | None = None) -> None:
        def told(outcome: Outcome) -> None:
            if settle is not None:
                settle(settled(outcome))

        self.act(action, quiet=quiet, on_outcome=told)

    def say_error(self, text: str) -> None:
        self.live.tell(error(text))

    # -- the screen -----------------------------------------------------------------------------
    def build_controls(self) -> None:
        self.editor = PadEditor(self.ctx, self, self.draft, self.paint)
        self.clear_button = ft.IconButton(
            ft.Icon(ft.Icons.CLEANING_SERVICES_OUTLINED, semantics_label="Clear the scores"),
            tooltip="Clear the scores",
            on_click=lambda e: self.editor.clear(),
        )
        self.clear_box = tagged("clear-scores", self.clear_button, section=True)
        self.content = self.editor.content

    def render(self, snapshot: Snapshot) -> None:
        self.editor.render()
        self.undo_button.show(self.paint, snapshot, self.pad.log if self.readable else ())
        self.paint.set(self.clear_box, self.clear_button, disabled=self.read_only)
        self.paint.send()

    def menu(self) -> None:
        table_menu(
            self.ctx,
            self.live,
            lobby=ROUTE,
            who=who(self.pad),
            finish_note="Save it to history first if you want to keep the scores.",
            ended=("The score pad is put away.", "The score pad was abandoned."),
        )

    def actions(self) -> list[ft.Control]:
        return [self.undo_button.control, self.clear_box, menu_button(self.menu)]


__all__ = ["ScorePadScreen"]
