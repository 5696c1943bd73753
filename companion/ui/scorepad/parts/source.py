"""Who holds the pad the score pad shows (:class:`PadSource`): a shared table (the score
pad's screen, every change through the session loop) or this device alone
(:class:`LocalPad`, a saved play being edited)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from companion.engine.scorepad import Pad, PadAction, PadError
from companion.ui.context import AppContext
from companion.ui.live import LiveTable
from companion.ui.model.words import capitalized
from companion.ui.scorepad.model.words import APPLIED, REFUSED

Settle = Callable[[str], None]  # told "applied", "refused" or "failed" before the redraw


class PadSource(Protocol):
    """Where the pad comes from and where its changes go."""

    @property
    def pad(self) -> Pad: ...

    @property
    def read_only(self) -> bool: ...

    @property
    def live(self) -> LiveTable | None: ...

    def send(self, action: PadAction, *, quiet: bool = False, settle: Settle | None = None) -> None:
        """Apply ``action``; ``settle`` hears how it ended before the pad is drawn again."""

    def say_error(self, text: str) -> None: ...


class LocalPad:
    """A pad only this screen holds (a saved play being edited): changes apply here, a
    refusal is said at once."""

    live = None
    read_only = False

    def __init__(self, ctx: AppContext, pad: Pad, render: Callable[[], None]) -> None:
        self.ctx = ctx
        self.pad = pad
        self.render = render

    def send(self, action: PadAction, *, quiet: bool = False, settle: Settle | None = None) -> None:
        try:
            self.pad = self.pad.apply(action)[0]
        except PadError as exc:
            if settle is not None:
                settle(REFUSED)
            self.say_error(capitalized(str(exc)))
        else:
            if settle is not None:
                settle(APPLIED)
        self.render()

    def say_error(self, text: str) -> None:
        self.ctx.notify(text, error=True)


__all__ = ["LocalPad", "PadSource", "Settle"]
