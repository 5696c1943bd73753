"""The setup other tools read: the most recently touched open setup of a game (the cards the
group chose there, such as the Rogue card, which a game night does not keep)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from companion.engine.setup import SetupGame
from companion.history import StoreError
from companion.ui.setup import TOOL_ID

if TYPE_CHECKING:
    from companion.ui.context import AppContext

log = logging.getLogger(__name__)


def current_setup(ctx: AppContext, game: str) -> SetupGame | None:
    """The most recently touched open setup of ``game`` (None when there is none, or it
    cannot be read)."""
    session = ctx.live
    if session is None:
        return None
    try:
        for info in session.hub.tables(TOOL_ID, "open"):
            if not info.is_open:
                continue
            setup = session.hub.open(info.id).game
            if isinstance(setup, SetupGame) and setup.game == game:
                return setup
    except StoreError as exc:
        log.warning("the setups could not be read: %s", exc)
    return None


__all__ = ["current_setup"]
