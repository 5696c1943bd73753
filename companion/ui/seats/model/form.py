"""The lobby's form: the game a new seating is for (this device's own until Start)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.seats import DEFAULT_GAME


@dataclass
class NewSeatingForm:
    """The lobby's new table: the game it is seated for."""

    game_id: str = DEFAULT_GAME


__all__ = ["NewSeatingForm"]
