"""Where the score pad screen's pad comes from: a shared table (:class:`TablePad`, every
change through the session loop) or this device alone (:class:`LocalPad`, a saved play being
edited)."""

from __future__ import annotations

from collections.abc import Callable

from companion.engine.scorepad import Pad, PadAction, PadError
from companion.tables import Outcome, Snapshot
from companion.ui.context import AppContext
from companion.ui.live import LiveTable
from companion.ui.model.words import capitalized
from companion.ui.scorepad.model.words import APPLIED, REFUSED, settled

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
                settle(settled(outcome))

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
                settle(REFUSED)
            self.ctx.notify(capitalized(str(exc)), error=True)
        else:
            if settle is not None:
                settle(APPLIED)
        self.render()


__all__ = ["LocalPad", "Settle", "TablePad"]
