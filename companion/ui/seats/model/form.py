"""The lobby's form: the game a new seating is for (this device's own until Start)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.seats import DEFAULT_GAME
from companion.history import Store, StoreError
from companion.rules.models import Catalogue


@dataclass
class NewSeatingForm:
    """The lobby's new table: the game it is seated for."""

    game_id: str = DEFAULT_GAME


def last_played(store: Store, catalogue: Catalogue) -> str:
    """The game a new night starts with: the one this history played last, when the app
    knows it, else the app's default (an unreadable history is no reason to refuse a night)."""
    known = {game.id for game in catalogue.games if not game.is_other}
    try:
        newest = store.list_plays(limit=1)
    except StoreError:
        return DEFAULT_GAME
    key = newest[0].game_key if newest else None
    return key if key is not None and key in known else DEFAULT_GAME


__all__ = ["NewSeatingForm", "last_played"]
