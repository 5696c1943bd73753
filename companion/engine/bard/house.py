"""The Bard's rulings and house rules.

Every reading of an unclear passage lives in ``data/bard/rulings.toml`` under one of the
``RULING_*`` ids. Where players could reasonably read it the other way, Settings offers the
ruling's ``alternative`` as a house rule keyed by its id; :class:`HouseRules` is the set of
those switches a song plays by, read through its properties.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from companion.engine.bard.errors import UnknownNameError
from companion.engine.core.house_rules import HouseRuleSet

__all__ = [
    "RULINGS",
    "RULING_BOAST",
    "RULING_BOAST_GAINS",
    "RULING_CARD_GOLD",
    "RULING_COINS",
    "RULING_COIN_ICONS",
    "RULING_CREATURES",
    "RULING_DRAGON_ISLAND",
    "RULING_FANS",
    "RULING_HALLS",
    "RULING_HAND_SIZE",
    "RULING_ONE_VISIT",
    "RULING_PALADINS",
    "RULING_SOUNDSTONE",
    "RULING_SOURCE_WHOLE",
    "RULING_TOWN_SQUARE_ICON",
    "SUPPORTED",
    "HouseRules",
]

RULING_DRAGON_ISLAND = "bard.dragon_island_gold"
RULING_TOWN_SQUARE_ICON = "bard.town_square_icon"
RULING_COINS = "bard.coins_from_runes"
RULING_HAND_SIZE = "bard.hand_size"
RULING_FANS = "bard.fans_per_visit"
RULING_BOAST = "bard.boast_once"
RULING_SOURCE_WHOLE = "bard.source_whole"
RULING_SOUNDSTONE = "bard.soundstone_colour"
RULING_ONE_VISIT = "bard.one_visit_each"
RULING_HALLS = "bard.dragon_island_halls"
RULING_COIN_ICONS = "bard.coin_icons"
RULING_CREATURES = "bard.creature_supply"
RULING_PALADINS = "bard.paladins_at_piers"
RULING_BOAST_GAINS = "bard.boast_gains"
RULING_CARD_GOLD = "bard.card_gold"
RULINGS = (
    RULING_DRAGON_ISLAND,
    RULING_TOWN_SQUARE_ICON,
    RULING_COINS,
    RULING_HAND_SIZE,
    RULING_FANS,
    RULING_BOAST,
    RULING_SOURCE_WHOLE,
    RULING_SOUNDSTONE,
    RULING_ONE_VISIT,
    RULING_HALLS,
    RULING_COIN_ICONS,
    RULING_CREATURES,
    RULING_PALADINS,
    RULING_BOAST_GAINS,
    RULING_CARD_GOLD,
)

#: The rulings whose alternative reading a song can play by.
SUPPORTED: Final = frozenset(
    {
        RULING_DRAGON_ISLAND,
        RULING_FANS,
        RULING_BOAST,
        RULING_PALADINS,
        RULING_TOWN_SQUARE_ICON,
        RULING_BOAST_GAINS,
        RULING_CARD_GOLD,
    }
)


@dataclass(frozen=True, repr=False)
class HouseRules(HouseRuleSet):
    """The ruling ids whose *alternative* reading the song plays by (empty: the app's
    readings). Each property reads one switch."""

    supported = SUPPORTED
    error = UnknownNameError

    @property
    def dragon_island(self) -> Literal["example", "text"]:
        """How Dragon Island pays: ``"example"`` (icons × side, the worked example) or
        ``"text"`` (hall × side Adventurers, the rule text), ruling :data:`RULING_DRAGON_ISLAND`."""
        return "text" if RULING_DRAGON_ISLAND in self.alternatives else "example"

    @property
    def fans_per_visit(self) -> int | None:
        """Fans one Town Square performance may gain (None: as many as you can pay for),
        ruling :data:`RULING_FANS`."""
        return None if RULING_FANS in self.alternatives else 1

    @property
    def boasts_per_song(self) -> int | None:
        """Boasts one song may make (None: as often as Volume allows), ruling
        :data:`RULING_BOAST`."""
        return None if RULING_BOAST in self.alternatives else 1

    @property
    def paladins_count(self) -> bool:
        """Whether Master Craft's Paladins on a Pier count, as one colour the Bard chooses,
        ruling :data:`RULING_PALADINS`."""
        return RULING_PALADINS in self.alternatives

    @property
    def gems_per_pier(self) -> bool:
        """Whether each revealed Blue Gem raises the card price only at its own Pier, ruling
        :data:`RULING_TOWN_SQUARE_ICON`."""
        return RULING_TOWN_SQUARE_ICON in self.alternatives

    @property
    def boast_gains_join_song(self) -> bool:
        """Whether the Soundstones a Boast gains join the song at once (to be spent at a later
        location of it), ruling :data:`RULING_BOAST_GAINS`."""
        return RULING_BOAST_GAINS in self.alternatives

    @property
    def cards_from_song_gold(self) -> bool:
        """Whether a card bought at a Pier must be paid from the gold the song has earned by
        then, ruling :data:`RULING_CARD_GOLD`."""
        return RULING_CARD_GOLD in self.alternatives

    @property
    def house_rules(self) -> frozenset[str]:
        """The ids of the rulings whose alternative these rules follow (the same as
        :attr:`alternatives`)."""
        return self.alternatives
