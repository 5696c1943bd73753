"""Ruling ids that were renamed, and the one function that reads a stored id as today's.

Ruling ids are ``<tool>.<name>`` (the tool whose folder of ``data/`` holds the ruling). Until
the data followed that rule, some ids were named after their game instead. Those ids may still
be stored: in Settings' house rules, in a shared table's start and log, in a saved game or in
an exported history file. Every reader of stored ruling ids passes them through
:func:`current_ruling_ids`, so an old id keeps meaning what it meant; nothing stored is
rewritten.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TypeVar

T = TypeVar("T")

#: Old id → new id. Entries are never removed: an old save may be opened years later.
RENAMED_RULINGS: Mapping[str, str] = MappingProxyType(
    {
        # Merchant's Journey's table tool (data/journey/rulings.toml).
        "merchants_journey.pair_value": "journey.pair_value",
        "merchants_journey.blight_lasts": "journey.blight_lasts",
        "merchants_journey.blight_negates": "journey.blight_negates",
        "merchants_journey.blight_bonus": "journey.blight_bonus",
        "merchants_journey.blight_chain": "journey.blight_chain",
        "merchants_journey.connect": "journey.connect",
        "merchants_journey.swap_when_played": "journey.swap_when_played",
        "merchants_journey.swap_scores": "journey.swap_scores",
        "merchants_journey.ghorralands": "journey.ghorralands",
        "merchants_journey.game_end": "journey.game_end",
        "merchants_journey.ties": "journey.ties",
        # The setup assistant (data/setup/rulings.toml).
        "merchants_journey.deck": "setup.journey_deck",
        "merchants_journey.first_player": "setup.journey_first_player",
        "merchants_cove.paladin_split": "setup.paladin_split",
        "merchants_cove.festival_brings_paladins": "setup.festival_brings_paladins",
        "merchants_cove.fifth_staff_side_b": "setup.fifth_staff_side_b",
        "merchants_cove.beast_tiers": "setup.beast_tiers",
        "merchants_cove.festival_tokens": "setup.festival_tokens",
        "merchants_cove.paladin_goods": "setup.paladin_goods",
        "merchants_cove.card_requirements": "setup.card_requirements",
        "merchants_cove.townsfolk_sets": "setup.townsfolk_sets",
        "merchants_cove.rogue_townsfolk": "setup.rogue_townsfolk",
        "merchants_cove.rogue_counts": "setup.rogue_counts",
        "merchants_cove.dragon_island_festival": "setup.dragon_island_festival",
        "merchants_cove.entertainer_player": "setup.entertainer_player",
        "merchants_cove.setup_order": "setup.setup_order",
        # The catalogue (data/rulings.toml, beside games.toml).
        "merchants_cove.player_count": "catalogue.merchants_cove_players",
    }
)


def current_ruling_ids(ids: Iterable[T]) -> list[T | str]:
    """``ids`` as read from storage, each renamed id replaced by its current one (order kept;
    anything that is not a renamed id, including a non-string, passes through for the caller
    to judge)."""
    return [RENAMED_RULINGS.get(i, i) if isinstance(i, str) else i for i in ids]


__all__ = ["RENAMED_RULINGS", "current_ruling_ids"]
