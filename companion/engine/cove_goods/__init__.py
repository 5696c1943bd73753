"""Merchants Cove: what a Good sells for, with the Master Craft modifiers.

At the Market Phase a player sells Goods at a Pier; the base game multiplies a Good's base
value by the adventurers of its colour standing there. The base game's rulebook is not among
our texts, so the base value and the adventurer counts are what the players read off the
table (ruling ``cove_goods.pier_multiplier``). Master Craft changes the sum:

* Paladin Goods have base value 2 and count, as their multiplier, one type of adventurer the
  seller picks at the Pier;
* Paladins at a Pier take a colour the seller picks, joining that colour's count;
* a Good sold from a Display Case gains +2 base value;
* an Enchanted Good is worth twice its base value at its next sale;
* Un-Fairies (Rogue card 19): Goods sold at a Pier with Rogues lose 1 base value;
* Fence (Rogue card 21): when a Boat with Rogues docks, one Good from the Sale Shelf sells at
  three times its base value.

How these combine is not stated; every reading is a ruling in ``data/cove_goods/rulings.toml``
(ids in the ``RULING_*`` names), and the readings players may switch are :class:`HouseRules`.
The numbers come from ``data/cove_goods/facts.toml``.

The package's rooms: ``errors``, ``facts`` (``data/cove_goods/facts.toml``), ``house`` (rulings
and house rules), ``values`` (one Good's value), ``goods`` (Goods, Piers, a sale of several),
``actions`` (each checking itself and saying what it does), ``records``, ``game`` (the sale
at a Pier as a shared table) and ``table`` (:data:`TABLE_RULES`).

Public API: :func:`sale_value` (one Good, a multiplier you give), :func:`fence_sale`,
:class:`Pier`, :class:`Good`, :func:`paladin_good_choice` (the best type for a Paladin
Good), :func:`best_multiplier` and :func:`sell_at_pier` (several Goods at one Pier, one
colour for the Paladins, a total). Every result carries its working as text.
"""

from __future__ import annotations

from companion.engine.cove_goods.actions import (
    ROGUE_CARD_IDS,
    ROGUE_CARD_NAMES,
    AddGood,
    ClearSale,
    CoveAction,
    NewPier,
    RemoveGood,
    RogueCard,
    SetCount,
    SetRogueCard,
    read_action,
)
from companion.engine.cove_goods.errors import (
    AdventurerError,
    BaseValueError,
    CountError,
    GoodsError,
    HouseRuleError,
    LimitError,
    RogueCardError,
    ShelfError,
)
from companion.engine.cove_goods.facts import (
    AdventurerFacts,
    GoodsFacts,
    adventurer_name,
    adventurer_types,
    facts,
    load_facts,
)
from companion.engine.cove_goods.game import CoveSale
from companion.engine.cove_goods.goods import (
    Good,
    Multiplier,
    Pier,
    PierSale,
    SaleLine,
    best_multiplier,
    fence_sale,
    paladin_good_choice,
    sell_at_pier,
    verify_pier_sale,
)
from companion.engine.cove_goods.house import (
    RULING_BASE_FLOOR,
    RULING_DISPLAY_CASE_SHELF,
    RULING_ENCHANTED_FENCE,
    RULING_ENCHANTMENT_BASE,
    RULING_FENCE_NO_PIER,
    RULING_MODIFIER_ORDER,
    RULING_ONE_ROGUE_CARD,
    RULING_PALADIN_COLOUR,
    RULING_PALADIN_GOOD_PALADINS,
    RULING_PALADIN_GOOD_ROGUES,
    RULING_PIER_MULTIPLIER,
    STANDARD,
    SUPPORTED,
    HouseRules,
)
from companion.engine.cove_goods.records import CoveRecord
from companion.engine.cove_goods.table import TABLE_RULES, status_line, table_changed
from companion.engine.cove_goods.values import (
    MAX_BASE,
    MAX_COUNT,
    MINUS,
    Modifier,
    SaleValue,
    check_base,
    check_count,
    sale_value,
)

__all__ = [
    "MAX_BASE",
    "MAX_COUNT",
    "MINUS",
    "ROGUE_CARD_IDS",
    "ROGUE_CARD_NAMES",
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
    "TABLE_RULES",
    "AddGood",
    "AdventurerError",
    "AdventurerFacts",
    "BaseValueError",
    "ClearSale",
    "CountError",
    "CoveAction",
    "CoveRecord",
    "CoveSale",
    "Good",
    "GoodsError",
    "GoodsFacts",
    "HouseRuleError",
    "HouseRules",
    "LimitError",
    "Modifier",
    "Multiplier",
    "NewPier",
    "Pier",
    "PierSale",
    "RemoveGood",
    "RogueCard",
    "RogueCardError",
    "SaleLine",
    "SaleValue",
    "SetCount",
    "SetRogueCard",
    "ShelfError",
    "adventurer_name",
    "adventurer_types",
    "best_multiplier",
    "check_base",
    "check_count",
    "facts",
    "fence_sale",
    "load_facts",
    "paladin_good_choice",
    "read_action",
    "sale_value",
    "sell_at_pier",
    "status_line",
    "table_changed",
    "verify_pier_sale",
]
