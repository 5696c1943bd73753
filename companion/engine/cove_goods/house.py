"""The rulings the sale value rests on, and the house rules (their other readings) it can
play by."""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.core.house_rules import HouseRuleSet
from companion.engine.cove_goods.errors import HouseRuleError

# -- rulings (ids in data/cove_goods/rulings.toml) ------------------------------------------
RULING_PIER_MULTIPLIER = "cove_goods.pier_multiplier"
RULING_MODIFIER_ORDER = "cove_goods.modifier_order"
RULING_ENCHANTMENT_BASE = "cove_goods.enchantment_base"
RULING_FENCE_NO_PIER = "cove_goods.fence_no_pier"
RULING_ENCHANTED_FENCE = "cove_goods.enchanted_fence"
RULING_DISPLAY_CASE_SHELF = "cove_goods.display_case_shelf"
RULING_BASE_FLOOR = "cove_goods.base_floor"
RULING_ONE_ROGUE_CARD = "cove_goods.one_rogue_card"
RULING_PALADIN_COLOUR = "cove_goods.paladin_colour_per_pier"
RULING_PALADIN_GOOD_PALADINS = "cove_goods.paladin_good_with_paladins"
RULING_PALADIN_GOOD_ROGUES = "cove_goods.paladin_good_rogues"

#: Rulings whose alternative reading the engine can play by (Settings' house rules).
SUPPORTED: frozenset[str] = frozenset(
    {
        RULING_MODIFIER_ORDER,
        RULING_ENCHANTED_FENCE,
        RULING_DISPLAY_CASE_SHELF,
        RULING_PALADIN_COLOUR,
        RULING_PALADIN_GOOD_PALADINS,
        RULING_PALADIN_GOOD_ROGUES,
    }
)

#: Input sanity limits, not rules: no printed base value or crowd at a Pier comes near them,


@dataclass(frozen=True, repr=False)
class HouseRules(HouseRuleSet):
    """The ruling ids whose *alternative* reading this table plays by (empty: the readings)."""

    supported = SUPPORTED
    error = HouseRuleError

    @property
    def multiply_before_adding(self) -> bool:
        return RULING_MODIFIER_ORDER in self.alternatives

    @property
    def fence_ignores_enchantment(self) -> bool:
        return RULING_ENCHANTED_FENCE in self.alternatives

    @property
    def display_case_off_shelf(self) -> bool:
        return RULING_DISPLAY_CASE_SHELF in self.alternatives

    @property
    def paladin_colour_per_good(self) -> bool:
        return RULING_PALADIN_COLOUR in self.alternatives

    @property
    def paladin_good_one_type(self) -> bool:
        return RULING_PALADIN_GOOD_PALADINS in self.alternatives

    @property
    def paladin_good_sells_to_rogues(self) -> bool:
        return RULING_PALADIN_GOOD_ROGUES in self.alternatives


STANDARD = HouseRules()


__all__ = [
    "RULING_BASE_FLOOR",
    "RULING_DISPLAY_CASE_SHELF",
    "RULING_ENCHANTED_FENCE",
    "RULING_ENCHANTMENT_BASE",
    "RULING_FENCE_NO_PIER",
    "RULING_MODIFIER_ORDER",
    "RULING_ONE_ROGUE_CARD",
    "RULING_PALADIN_COLOUR",
    "RULING_PALADIN_GOOD_PALADINS",
    "RULING_PALADIN_GOOD_ROGUES",
    "RULING_PIER_MULTIPLIER",
    "STANDARD",
    "SUPPORTED",
    "HouseRules",
]
