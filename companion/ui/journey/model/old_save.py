"""The single game an older version kept under :data:`GAME_KEY` (a whole screen saved in the
settings), read so that it can be imported as a shared table once."""

from __future__ import annotations

from collections.abc import Mapping

from companion.engine.core.saves import SaveFormat
from companion.engine.journey import JourneyError, JourneyGame
from companion.ui.journey.model.form import NewGameForm
from companion.ui.model.old_save import damaged_key, replay_game, saved_play

GAME_KEY = "journey_game"
DAMAGED_KEY = damaged_key(GAME_KEY)
STATE_FORMAT = "companion.journey.screen"
STATE_VERSION = 1


class StateError(ValueError):
    """The saved screen cannot be read back (the message says why)."""


_OLD_SAVE = SaveFormat(STATE_FORMAT, STATE_VERSION, StateError, what="the saved game")


def read_old_save(raw: object) -> JourneyGame | None:
    """The game an older version saved under :data:`GAME_KEY` (a screen save of format
    ``companion.journey.screen``), or None when there was none or it is in the history
    already. A save that cannot be replayed raises :class:`StateError` saying why."""
    if raw is None:
        return None
    data = _OLD_SAVE.check_header(raw)
    if data.get("game") is None or saved_play(data.get("saved_play")) is not None:
        return None
    return replay_game(
        JourneyGame.from_dict, data["game"], rules_error=JourneyError, error=StateError
    )


def form_of_old_save(raw: object) -> NewGameForm:
    """The new-game form an older version saved with its game (lenient: only a form)."""
    return NewGameForm.from_dict(raw.get("form") if isinstance(raw, Mapping) else None)


__all__ = [
    "DAMAGED_KEY",
    "GAME_KEY",
    "STATE_FORMAT",
    "STATE_VERSION",
    "StateError",
    "form_of_old_save",
    "read_old_save",
]
