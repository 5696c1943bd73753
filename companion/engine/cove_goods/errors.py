"""The sale value's errors: one family on ``ValueError``, each message naming the input."""

from __future__ import annotations


class GoodsError(ValueError):
    """Base class: an input the sale calculator cannot price."""


class BaseValueError(GoodsError):
    """A base value that is not a whole number from 0 to 99 (or a Paladin Good's not 2)."""


class CountError(GoodsError):
    """A multiplier or an adventurer count that is not a whole number from 0 to 99."""


class AdventurerError(GoodsError):
    """An adventurer type that is not at the Piers, or one a Good cannot sell to."""


class RogueCardError(GoodsError):
    """Two Rogue cards' effects on one sale (a game has one Rogue card in play)."""


class ShelfError(GoodsError):
    """A Display Case Good Enchanted or Fenced where the house rule keeps it off the shelf."""


class LimitError(GoodsError):
    """More Paladin Goods, Display Cases or Enchantments in one sale than the box holds."""


class HouseRuleError(GoodsError):
    """A house-rule id that is not a sale-value ruling with an alternative reading."""


__all__ = [
    "AdventurerError",
    "BaseValueError",
    "CountError",
    "GoodsError",
    "HouseRuleError",
    "LimitError",
    "RogueCardError",
    "ShelfError",
]
