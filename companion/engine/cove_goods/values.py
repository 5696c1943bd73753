"""What one Good sells for: the modifiers, and the value with its working
(:func:`sale_value`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from companion.engine.core.numbers import whole
from companion.engine.core.words import plural
from companion.engine.cove_goods.errors import (
    BaseValueError,
    CountError,
    GoodsError,
    HouseRuleError,
    RogueCardError,
    ShelfError,
)
from companion.engine.cove_goods.facts import facts
from companion.engine.cove_goods.house import (
    RULING_BASE_FLOOR,
    RULING_DISPLAY_CASE_SHELF,
    RULING_ENCHANTED_FENCE,
    RULING_ENCHANTMENT_BASE,
    RULING_FENCE_NO_PIER,
    RULING_MODIFIER_ORDER,
    RULING_ONE_ROGUE_CARD,
    STANDARD,
    HouseRules,
)
from companion.rules.models import Source

#: Input sanity limits, not rules: no printed base value or crowd at a Pier comes near them,
#: and a typo such as 300 should be caught rather than priced.
MAX_BASE = 99
MAX_COUNT = 99

MINUS = "−"  # a real minus sign in the working, as printed on cards


def check_flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise GoodsError(f"{what} {value!r} must be True or False")
    return value


def check_base(value: object) -> int:
    """Return ``value`` if it can be a Good's printed base value (0–99)."""
    return whole(value, "base value", BaseValueError, least=0, most=MAX_BASE)


def check_count(value: object, what: str = "multiplier") -> int:
    """Return ``value`` if it can be a multiplier or a number of adventurers (0–99)."""
    return whole(value, what, CountError, least=0, most=MAX_COUNT)


def _number(value: int) -> str:
    return str(value) if value >= 0 else f"{MINUS}{-value}"


# -- one sale ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Modifier:
    """One Master Craft change to a sale: ``+ 2`` (Display Case), ``× 3`` (Fence)..."""

    name: str
    op: Literal["+", "-", "×"]
    amount: int
    source: Source

    @property
    def symbol(self) -> str:
        return MINUS if self.op == "-" else self.op

    @property
    def label(self) -> str:
        """``'Display Case +2'``, ``'Enchantment ×2'``."""
        return f"{self.name} {self.symbol}{self.amount}"

    def __repr__(self) -> str:
        return f"Modifier({self.label!r})"


@dataclass(frozen=True)
class SaleValue:
    """What one Good sells for, with its working.

    ``adds`` change the base value (Display Case, Un-Fairies), ``factors`` multiply it
    (Enchantment, Fence); ``multiplier`` is the Pier's, or ``None`` for a Fence sale, whose
    price is the tripled base value itself. ``unused`` are modifiers spent without effect
    (an Enchantment the Fence ignores, under that house rule).
    """

    base: int
    adds: tuple[Modifier, ...]
    factors: tuple[Modifier, ...]
    multiplier: int | None
    multiply_first: bool = False
    unused: tuple[Modifier, ...] = ()
    rulings: tuple[str, ...] = ()

    @property
    def fence(self) -> bool:
        return self.multiplier is None

    @property
    def raw_base(self) -> int:
        """The base value after every modifier, before the floor at 0 (may be negative)."""
        added = sum(m.amount if m.op == "+" else -m.amount for m in self.adds)
        scale = 1
        for factor in self.factors:
            scale *= factor.amount
        if self.multiply_first:
            return self.base * scale + added
        return (self.base + added) * scale

    @property
    def base_value(self) -> int:
        """The modified base value, never below 0 (ruling ``cove_goods.base_floor``).

        For a Fence sale this is the whole price.
        """
        return max(self.raw_base, 0)

    @property
    def floored(self) -> bool:
        return self.raw_base < 0

    @property
    def value(self) -> int:
        """Gold earned."""
        if self.multiplier is None:
            return self.base_value
        return self.base_value * self.multiplier

    @property
    def modifiers(self) -> tuple[Modifier, ...]:
        return self.adds + self.factors

    def _expression(self) -> str:
        adds = "".join(f" {m.symbol} {m.amount}" for m in self.adds)
        factors = "".join(f" × {m.amount}" for m in self.factors)
        if self.multiply_first:
            return f"{self.base}{factors}{adds}"
        if adds and factors:
            return f"({self.base}{adds}){factors}"
        return f"{self.base}{adds}{factors}"

    @property
    def base_text(self) -> str:
        """``'(3 + 2) × 2 = 10'``; ``'3'`` without modifiers; ``'0 − 1 = −1 → 0'`` floored."""
        if not self.modifiers:
            return str(self.base)
        text = f"{self._expression()} = {_number(self.raw_base)}"
        if self.floored:
            text += f" → {self.base_value}"
        return text

    @property
    def text(self) -> str:
        """The working: ``'(3 + 2) × 2 = 10 base, × 3 adventurers = 30 gold'``."""
        if self.multiplier is None:
            return f"{self.base_text} gold"
        if not self.modifiers:
            return f"{self.base} base × {plural(self.multiplier, 'adventurer')} = {self.value} gold"
        return (
            f"{self.base_text} base, × {plural(self.multiplier, 'adventurer')} = {self.value} gold"
        )

    @property
    def sources(self) -> tuple[Source, ...]:
        return tuple(m.source for m in (*self.modifiers, *self.unused))

    def __repr__(self) -> str:
        return f"SaleValue({self.value}, {self.text!r})"


def sale_value(
    good_base: int,
    multiplier: int | None,
    *,
    display_case: bool = False,
    enchanted: bool = False,
    un_fairies_rogues_at_pier: int | None = None,
    fence: bool = False,
    house: HouseRules = STANDARD,
) -> SaleValue:
    """What one Good sells for, with the working.

    ``multiplier``: the Pier's multiplier as counted on the table (``None`` for a Fence sale,
    which has none). ``un_fairies_rogues_at_pier``: ``None`` unless Un-Fairies is the Rogue
    card in play, then the number of Rogues at the Pier (one or more lowers the base value
    by 1). ``fence``: the Good is sold through the Fence Rogue card. ``house``: the readings
    the table switched in Settings.
    """
    check_base(good_base)
    for flag, what in ((display_case, "display_case"), (enchanted, "enchanted"), (fence, "fence")):
        check_flag(flag, what)
    if not isinstance(house, HouseRules):
        raise HouseRuleError(f"house rules {house!r} must be a HouseRules value")
    if un_fairies_rogues_at_pier is not None:
        check_count(un_fairies_rogues_at_pier, "Rogues at the Pier")
    if fence:
        if multiplier is not None:
            raise CountError(
                f"multiplier {multiplier!r}: a Fence sale has no Pier multiplier "
                f"(ruling {RULING_FENCE_NO_PIER}); pass None"
            )
        if un_fairies_rogues_at_pier is not None:
            raise RogueCardError(
                "un_fairies_rogues_at_pier "
                f"{un_fairies_rogues_at_pier!r} with a Fence sale: Un-Fairies and Fence are both "
                f"Rogue cards and only one is in play (ruling {RULING_ONE_ROGUE_CARD})"
            )
    elif multiplier is None:
        raise CountError("multiplier None: a sale at a Pier needs the Pier's multiplier")
    else:
        check_count(multiplier)
    if house.display_case_off_shelf and display_case and (enchanted or fence):
        what = "an Enchantment" if enchanted else "a Fence sale"
        raise ShelfError(
            f"display_case True with {what}: under the house rule "
            f"{RULING_DISPLAY_CASE_SHELF!r} a Good on a Display Case is not on the Sale Shelf, "
            "so it cannot be Enchanted or Fenced"
        )
    data = facts()
    adds: list[Modifier] = []
    factors: list[Modifier] = []
    unused: list[Modifier] = []
    rulings: list[str] = []
    if display_case:
        adds.append(
            Modifier("Display Case", "+", data.display_case.bonus, data.display_case.source)
        )
    un_fairies = bool(un_fairies_rogues_at_pier)
    if un_fairies:
        adds.append(Modifier("Un-Fairies", "-", data.un_fairies.penalty, data.un_fairies.source))
    if enchanted:
        enchantment = Modifier("Enchantment", "×", data.enchantment.factor, data.enchantment.source)
        if fence and house.fence_ignores_enchantment:
            unused.append(enchantment)
        else:
            factors.append(enchantment)
    if fence:
        factors.append(Modifier("Fence", "×", data.fence.factor, data.fence.source))
        rulings.append(RULING_FENCE_NO_PIER)
        if enchanted:
            rulings.append(RULING_ENCHANTED_FENCE)
    elif enchanted:
        rulings.append(RULING_ENCHANTMENT_BASE)
    if adds and factors:
        rulings.append(RULING_MODIFIER_ORDER)
    if display_case and (enchanted or fence):
        rulings.append(RULING_DISPLAY_CASE_SHELF)
    sale = SaleValue(
        base=good_base,
        adds=tuple(adds),
        factors=tuple(factors),
        multiplier=None if fence else multiplier,
        multiply_first=house.multiply_before_adding,
        unused=tuple(unused),
    )
    if un_fairies and sale.raw_base <= 0:
        rulings.append(RULING_BASE_FLOOR)
    return replace(sale, rulings=tuple(rulings))


__all__ = [
    "MAX_BASE",
    "MAX_COUNT",
    "MINUS",
    "Modifier",
    "SaleValue",
    "check_base",
    "check_count",
    "check_flag",
    "sale_value",
]
