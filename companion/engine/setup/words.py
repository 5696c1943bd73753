"""How the setup assistant names things in a sentence: games, modules, cards, Surprise me's
marks and size."""

from __future__ import annotations

from collections.abc import Collection
from typing import Final, Literal

from companion.engine.core.words import spoken
from companion.engine.setup.check import MODULES_GAME, game_setup, module_ids
from companion.engine.setup.errors import UnknownCardError
from companion.engine.setup.facts import Card, setup_data

COVE: Final = MODULES_GAME
Pin = Literal["keep", "never"]


def cove_card(card_id: str) -> Card:
    """A Merchants Cove card by id; :class:`UnknownCardError` when there is none."""
    for card in setup_data().games[COVE].cards:
        if card.id == card_id:
            return card
    raise UnknownCardError(f"there is no card {spoken(str(card_id)) or 'without a name'}")


def card_name(card_id: str) -> str:
    """``the Fence`` card's name, or words for an id no card has."""
    try:
        return cove_card(card_id).name
    except UnknownCardError:
        return f"the card {spoken(str(card_id))}".strip()


def module_name(module_id: str) -> str:
    try:
        return game_setup(COVE).module(module_id).name
    except KeyError:
        return module_id


def module_label(module_id: str) -> str:
    """``the Faction Festival`` (how running text names a module)."""
    try:
        return game_setup(COVE).module(module_id).label
    except KeyError:
        return module_id


def game_name(game: str) -> str:
    """``Merchants Cove`` (the catalogue's name of a game id)."""
    try:
        return setup_data().catalogue.game(game).name
    except KeyError:
        return game


def ordered(ids: Collection[str]) -> list[str]:
    """Module ids in the data's order, so texts read the same every time."""
    return [m for m in module_ids() if m in ids]


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def pin_words(mode: Pin | None) -> str:
    return {"keep": "always in Surprise me", "never": "never in Surprise me"}.get(
        mode or "", "left to chance in Surprise me"
    )


def size_words(size: int | None) -> str:
    return "any number of modules" if size is None else f"exactly {size} modules"


__all__ = [
    "COVE",
    "Pin",
    "cap",
    "cove_card",
    "game_name",
    "module_label",
    "module_name",
    "ordered",
    "pin_words",
    "size_words",
]
