"""The table's seats as other tools read them: the most recently touched open seating."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from companion.engine.seats import Seating, SeatsError
from companion.history import StoreError
from companion.ui.seats import TOOL_ID
from companion.ui.seats.model.old_save import TABLE_KEY, read_old_seating

if TYPE_CHECKING:
    from companion.ui.context import AppContext

log = logging.getLogger(__name__)


def import_old_seating(ctx: AppContext) -> tuple[int | None, str | None]:
    """The seats saved under :data:`TABLE_KEY` before shared tables become a table, once:
    ``(table id, problem)`` as :func:`companion.ui.kit.lobby.import_old_game` says."""
    from companion.ui.kit.lobby import import_old_game  # the page's loop (flet) is needed here

    return import_old_game(
        ctx, key=TABLE_KEY, tool=TOOL_ID, read=read_old_seating, errors=(SeatsError,)
    )


def current_seating(ctx: AppContext) -> Seating | None:
    """The seats of the most recently touched open Players & seats table (None when there is
    none, or it cannot be read): who sits where, the seed and the drawn first player."""
    session = ctx.live
    if session is None:
        return None
    import_old_seating(ctx)
    try:
        for info in session.hub.tables(TOOL_ID, "open"):
            if not info.is_open:
                continue
            game = session.hub.open(info.id).game
            if isinstance(game, Seating):
                return game
    except StoreError as exc:
        log.warning("the seats could not be read: %s", exc)
    return None


__all__ = ["current_seating", "import_old_seating"]
