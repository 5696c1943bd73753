"""The Bard screen's words: colours, sources, locations and engine messages as players read
them. (``plural`` and ``sentence`` are the app's own, from :mod:`companion.engine.core.words`.)"""

from __future__ import annotations

import re

from companion.engine.bard import ANY, COIN, MAX_ADVENTURERS, IconSource, facts
from companion.ui.model.words import plural, sentence

_WHOLE = re.compile(r"^\+?\d{1,3}$")
#: The engine names the Soundstones of a song ``soundstone-1``, ``soundstone-2``…
STONE = "soundstone-"


def colour_name(colour: str, count: int = 1) -> str:
    """``Warrior``/``Warriors``; ``any colour`` for a Paladin, Soundstone or wild icon;
    ``Coin``/``Coins``."""
    if colour == ANY:
        return "any colour"
    if colour == COIN:
        return "Coin" if count == 1 else "Coins"
    faction = facts().faction_named(colour)
    return faction.name if count == 1 else faction.plural


def source_name(source_id: str) -> str:
    """How a source is called on screen: ``A`` (a card's top), ``A bottom``, ``A Coins``,
    ``A bottom Coins``, ``Soundstone 2`` (the engine's ``soundstone-2``)."""
    if source_id.startswith(STONE):
        return f"Soundstone {source_id.removeprefix(STONE)}"
    return source_id.replace("-", " ").replace("coins", "Coins")


def source_label(source: IconSource) -> str:
    """A chip's text: ``A · 2 Warrior``, ``B bottom · 2 Warrior · 3 Volume``,
    ``Soundstone 1 · 3 any``, ``C Coins · 2 Coins``."""
    if source.coin:
        text = f"{source_name(source.id)} · {plural(source.count, 'Coin')}"
    else:
        colour = "any" if source.wild else colour_name(source.colour)
        text = f"{source_name(source.id)} · {source.count} {colour}"
    if source.volume:
        text += f" · {source.volume} Volume"
    return text


def location_label(location_id: str) -> str:
    return facts().location_named(location_id).name


def parse_count(text: str, *, maximum: int = MAX_ADVENTURERS) -> int:
    """A count typed at the table; blank is 0. Raises ``ValueError`` with a field message."""
    cleaned = text.strip()
    if not cleaned:
        return 0
    if not _WHOLE.match(cleaned):
        raise ValueError(f"Whole number, 0–{maximum}")
    value = int(cleaned)
    if value > maximum:
        raise ValueError(f"At most {maximum}")
    return value


__all__ = [
    "STONE",
    "colour_name",
    "location_label",
    "parse_count",
    "plural",
    "sentence",
    "source_label",
    "source_name",
]
