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

How these combine is not stated; every reading is a ruling in ``data/rulings/cove_goods.toml``
(ids in the ``RULING_*`` names), and the readings players may switch are :class:`HouseRules`.
The numbers come from ``data/cove_goods.toml``.

Public API: :func:`sale_value` (one Good, a multiplier you give), :func:`fence_sale`,
:class:`Pier`, :class:`Good`, :func:`paladin_good_choice` (the best type for a Paladin
Good), :func:`best_multiplier` and :func:`sell_at_pier` (several Goods at one Pier, one
colour for the Paladins, a total). Every result carries its working as text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, model_validator

from companion.engine.house_rules import HouseRuleSet
from companion.rules.loader import (
    data_dir,
    load_entries,
    read_toml,
    validate_document,
)
from companion.rules.models import Frozen, Id, Source, Text

# -- rulings (ids in data/rulings/cove_goods.toml) ------------------------------------------
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
#: and a typo such as 300 should be caught rather than priced.
MAX_BASE = 99
MAX_COUNT = 99

MINUS = "−"  # a real minus sign in the working, as printed on cards


# -- errors --------------------------------------------------------------------------------
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


# -- facts (data/cove_goods.toml) ----------------------------------------------------------
Whole = Annotated[int, Field(ge=0, le=1000, strict=True)]
Positive = Annotated[int, Field(ge=1, le=1000, strict=True)]


class PaladinGoodFacts(Frozen):
    base: Positive
    tokens: Positive
    base_source: Source
    sizes_source: Source
    choice_source: Source
    tokens_source: Source


class DisplayCaseFacts(Frozen):
    bonus: Positive
    tokens: Positive
    source: Source
    holds_source: Source
    tokens_source: Source


class EnchantmentFacts(Frozen):
    factor: Positive
    tokens: Positive
    source: Source
    spent_source: Source
    tokens_source: Source


class UnFairiesFacts(Frozen):
    penalty: Positive
    card: Positive
    source: Source


class FenceFacts(Frozen):
    factor: Positive
    corruption: Whole
    card: Positive
    source: Source


class PaladinFacts(Frozen):
    meeples: Positive
    source: Source
    meeples_source: Source


class AdventurerFacts(Frozen):
    """A type of adventurer that can stand at a Pier."""

    id: Id
    name: Text
    one: Text
    kind: Literal["faction", "paladin", "rogue"]
    source: Source


class GoodsFacts(Frozen):
    """Everything in ``data/cove_goods.toml``, cross-checked."""

    paladin_good: PaladinGoodFacts
    display_case: DisplayCaseFacts
    enchantment: EnchantmentFacts
    un_fairies: UnFairiesFacts
    fence: FenceFacts
    paladins: PaladinFacts
    adventurers: tuple[AdventurerFacts, ...] = Field(min_length=3)

    @model_validator(mode="after")
    def _kinds(self) -> GoodsFacts:
        kinds = Counter(a.kind for a in self.adventurers)
        if kinds["paladin"] != 1 or kinds["rogue"] != 1 or kinds["faction"] < 1:
            raise ValueError(
                "adventurers need exactly one 'paladin', exactly one 'rogue' and at least one "
                f"'faction' kind, got {dict(kinds)!r}"
            )
        return self

    @property
    def types(self) -> tuple[str, ...]:
        """Every adventurer type, in screen order."""
        return tuple(a.id for a in self.adventurers)

    @property
    def factions(self) -> tuple[str, ...]:
        """The types that buy Goods of their own colour (the colours Paladins may take)."""
        return tuple(a.id for a in self.adventurers if a.kind == "faction")

    @property
    def paladin_type(self) -> str:
        return next(a.id for a in self.adventurers if a.kind == "paladin")

    @property
    def rogue_type(self) -> str:
        return next(a.id for a in self.adventurers if a.kind == "rogue")

    def adventurer(self, type_id: str) -> AdventurerFacts:
        for adventurer in self.adventurers:
            if adventurer.id == type_id:
                return adventurer
        raise AdventurerError(
            f"unknown adventurer type {type_id!r}: types are {', '.join(self.types)}"
        )


def load_facts(directory: Path | None = None) -> GoodsFacts:
    """Read and check ``cove_goods.toml`` from ``directory`` (default: the data directory)."""
    path = (directory or data_dir()) / "cove_goods.toml"
    document = read_toml(path)
    adventurers = load_entries(path, "adventurer", AdventurerFacts, document=document)
    body = {k: v for k, v in document.items() if k != "adventurer"}
    return validate_document(GoodsFacts, {**body, "adventurers": adventurers}, path=path)


@lru_cache(maxsize=1)
def facts() -> GoodsFacts:
    """``data/cove_goods.toml``, loaded and validated once."""
    return load_facts()


def adventurer_types() -> tuple[str, ...]:
    """``('warriors', 'bards', 'wizards', 'nobles', 'paladins', 'rogues')``."""
    return facts().types


def adventurer_name(type_id: str, count: int | None = None) -> str:
    """``'Wizards'``; with ``count``: ``'1 Wizard'``, ``'3 Wizards'``."""
    adventurer = facts().adventurer(type_id)
    if count is None:
        return adventurer.name
    return f"{count} {adventurer.one if count == 1 else adventurer.name}"


# -- house rules ---------------------------------------------------------------------------
@dataclass(frozen=True, repr=False)
class HouseRules(HouseRuleSet):
    """The ruling ids whose *alternative* reading this table plays by (empty: the readings)."""

    supported = SUPPORTED
    error = HouseRuleError

    @classmethod
    def from_settings(cls, ruling_ids: Iterable[str]) -> HouseRules:
        """The sale-value house rules among all the ids Settings holds."""
        return cls.from_house_rules(ruling_ids)

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


# -- checks --------------------------------------------------------------------------------
def _whole(value: object, what: str, error: type[GoodsError], high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise error(f"{what} {value!r} must be a whole number from 0 to {high}")
    return value


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise GoodsError(f"{what} {value!r} must be True or False")
    return value


def check_base(value: object) -> int:
    """Return ``value`` if it can be a Good's printed base value (0–99)."""
    return _whole(value, "base value", BaseValueError, MAX_BASE)


def check_count(value: object, what: str = "multiplier") -> int:
    """Return ``value`` if it can be a multiplier or a number of adventurers (0–99)."""
    return _whole(value, what, CountError, MAX_COUNT)


def _number(value: int) -> str:
    return str(value) if value >= 0 else f"{MINUS}{-value}"


def _adventurers(count: int) -> str:
    return f"{count} adventurer{'' if count == 1 else 's'}"


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
            return f"{self.base} base × {_adventurers(self.multiplier)} = {self.value} gold"
        return f"{self.base_text} base, × {_adventurers(self.multiplier)} = {self.value} gold"

    @property
    def sources(self) -> tuple[Source, ...]:
        return tuple(m.source for m in (*self.modifiers, *self.unused))

    def __repr__(self) -> str:
        return f"SaleValue({self.value}, {self.text!r})"


def verify_sale(
    good_base: int,
    multiplier: int | None,
    *,
    display_case: bool = False,
    enchanted: bool = False,
    un_fairies_rogues_at_pier: int | None = None,
    fence: bool = False,
    house: HouseRules = STANDARD,
) -> None:
    """Raise the :class:`GoodsError` that :func:`sale_value` would raise, or return None."""
    check_base(good_base)
    for flag, what in ((display_case, "display_case"), (enchanted, "enchanted"), (fence, "fence")):
        _flag(flag, what)
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


def can_sell(
    good_base: int,
    multiplier: int | None,
    *,
    display_case: bool = False,
    enchanted: bool = False,
    un_fairies_rogues_at_pier: int | None = None,
    fence: bool = False,
    house: HouseRules = STANDARD,
) -> bool:
    """Whether :func:`sale_value` would price this sale."""
    try:
        verify_sale(
            good_base,
            multiplier,
            display_case=display_case,
            enchanted=enchanted,
            un_fairies_rogues_at_pier=un_fairies_rogues_at_pier,
            fence=fence,
            house=house,
        )
    except GoodsError:
        return False
    return True


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
    verify_sale(
        good_base,
        multiplier,
        display_case=display_case,
        enchanted=enchanted,
        un_fairies_rogues_at_pier=un_fairies_rogues_at_pier,
        fence=fence,
        house=house,
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


# -- Goods and Piers -----------------------------------------------------------------------
@dataclass(frozen=True)
class Good:
    """A Good to sell: its printed base value and the faction whose colour it is, or
    ``sells_to=None`` for a Paladin Good (base value 2, any type of adventurer)."""

    base: int
    sells_to: str | None
    display_case: bool = False
    enchanted: bool = False

    def __post_init__(self) -> None:
        check_base(self.base)
        _flag(self.display_case, "display_case")
        _flag(self.enchanted, "enchanted")
        data = facts()
        if self.sells_to is None:
            if self.base != data.paladin_good.base:
                raise BaseValueError(
                    f"base value {self.base!r}: a Paladin Good's base value is "
                    f"{data.paladin_good.base}"
                )
        elif self.sells_to not in data.factions:
            raise AdventurerError(
                f"sells_to {self.sells_to!r}: a Good sells to one of "
                f"{', '.join(data.factions)} (or None for a Paladin Good)"
            )

    @classmethod
    def paladin_good(cls, *, display_case: bool = False, enchanted: bool = False) -> Good:
        return cls(facts().paladin_good.base, None, display_case, enchanted)

    @property
    def paladin(self) -> bool:
        return self.sells_to is None

    @property
    def label(self) -> str:
        """``'Wizard Good (3)'``, ``'Paladin Good (2)'``."""
        kind = "Paladin" if self.sells_to is None else facts().adventurer(self.sells_to).one
        return f"{kind} Good ({self.base})"

    @property
    def extras(self) -> tuple[str, ...]:
        return tuple(
            name
            for name, on in (("Display Case", self.display_case), ("Enchanted", self.enchanted))
            if on
        )

    def __repr__(self) -> str:
        flags = "".join(
            f", {name}=True"
            for name, on in (("display_case", self.display_case), ("enchanted", self.enchanted))
            if on
        )
        if self.sells_to is None:
            return f"Good.paladin_good({flags[2:]})"
        return f"Good({self.base}, {self.sells_to!r}{flags})"


@dataclass(frozen=True)
class Pier:
    """The adventurers standing at one Pier, by type (only types present are kept)."""

    counts: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.counts, tuple):
            raise CountError(f"counts {self.counts!r} must be a tuple of (type, count) pairs")
        data = facts()
        given: dict[str, int] = {}
        for pair in self.counts:
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise CountError(f"counts entry {pair!r} must be a (type, count) pair")
            type_id, count = pair
            data.adventurer(type_id)
            if type_id in given:
                raise CountError(f"adventurer type {type_id!r} is counted twice")
            given[type_id] = check_count(count, f"{type_id} count")
        paladins = given.get(data.paladin_type, 0)
        if paladins > data.paladins.meeples:
            raise LimitError(
                f"paladins count {paladins!r}: the box holds {data.paladins.meeples} Paladins"
            )
        normal = tuple((t, given[t]) for t in data.types if given.get(t))
        object.__setattr__(self, "counts", normal)

    @classmethod
    def of(cls, counts: Mapping[str, int] | None = None, **by_type: int) -> Pier:
        """``Pier.of(wizards=3, paladins=2)`` or ``Pier.of({'wizards': 3})``."""
        merged = {**(counts or {}), **by_type}
        return cls(tuple(merged.items()))

    def count(self, type_id: str) -> int:
        facts().adventurer(type_id)
        return dict(self.counts).get(type_id, 0)

    @property
    def paladins(self) -> int:
        return self.count(facts().paladin_type)

    @property
    def rogues(self) -> int:
        return self.count(facts().rogue_type)

    @property
    def text(self) -> str:
        """``'3 Wizards, 2 Paladins'``; ``'no adventurers'``."""
        if not self.counts:
            return "no adventurers"
        return ", ".join(adventurer_name(t, n) for t, n in self.counts)

    def __repr__(self) -> str:
        return f"Pier.of({', '.join(f'{t}={n}' for t, n in self.counts)})"


@dataclass(frozen=True)
class Multiplier:
    """A Pier's multiplier for one Good: ``own`` adventurers of type ``sells_to`` plus the
    ``paladins`` counted as that type. ``sells_to`` is None when nobody there buys it."""

    sells_to: str | None
    own: int
    paladins: int = 0
    rulings: tuple[str, ...] = ()

    @property
    def value(self) -> int:
        return self.own + self.paladins

    @property
    def text(self) -> str:
        """``'3 Wizards + 2 Paladins = 5'``, ``'3 Wizards'``, ``'2 Paladins counted as Bards'``,
        ``'nobody to buy it: 0'``."""
        if self.sells_to is None:
            return "nobody to buy it: 0"
        own = adventurer_name(self.sells_to, self.own)
        if not self.paladins:
            return own
        paladins = adventurer_name(facts().paladin_type, self.paladins)
        if not self.own:
            return f"{paladins} counted as {adventurer_name(self.sells_to)}"
        return f"{own} + {paladins} = {self.value}"

    def __repr__(self) -> str:
        return f"Multiplier({self.value}, {self.text!r})"


def _check_paladins_as(paladins_as: str | None, house: HouseRules) -> None:
    if not isinstance(house, HouseRules):
        raise HouseRuleError(f"house rules {house!r} must be a HouseRules value")
    if paladins_as is None:
        return
    if paladins_as not in facts().factions:
        raise AdventurerError(
            f"paladins_as {paladins_as!r}: Paladins take the colour of one of "
            f"{', '.join(facts().factions)}"
        )
    if house.paladin_colour_per_good:
        raise HouseRuleError(
            f"paladins_as {paladins_as!r}: under the house rule {RULING_PALADIN_COLOUR!r} each "
            "Good counts the Paladins as its own colour"
        )


def _paladin_good_types(house: HouseRules) -> tuple[str, ...]:
    data = facts()
    types = list(data.factions)
    if house.paladin_good_one_type:
        types.append(data.paladin_type)
    if house.paladin_good_sells_to_rogues:
        types.append(data.rogue_type)
    return tuple(types)


def _multiplier(good: Good, pier: Pier, paladins_as: str | None, house: HouseRules) -> Multiplier:
    """The multiplier for ``good`` with the Paladins counted as ``paladins_as`` (ignored when
    each Good gives the Paladins its own colour, under that house rule)."""
    data = facts()
    paladins = pier.paladins

    def joined(type_id: str) -> int:
        if not paladins or type_id not in data.factions:
            return 0
        return paladins if house.paladin_colour_per_good or type_id == paladins_as else 0

    if good.sells_to is not None:
        return Multiplier(good.sells_to, pier.count(good.sells_to), joined(good.sells_to))
    rulings = []
    if paladins:
        rulings.append(RULING_PALADIN_GOOD_PALADINS)
    if pier.rogues:
        rulings.append(RULING_PALADIN_GOOD_ROGUES)
    best: Multiplier | None = None
    for type_id in _paladin_good_types(house):
        extra = 0 if house.paladin_good_one_type else joined(type_id)
        candidate = Multiplier(type_id, pier.count(type_id), extra, tuple(rulings))
        if candidate.value and (best is None or candidate.value > best.value):
            best = candidate
    return best or Multiplier(None, 0, 0, tuple(rulings))


def paladin_good_choice(
    pier: Pier, *, paladins_as: str | None = None, house: HouseRules = STANDARD
) -> Multiplier:
    """The type of adventurer a Paladin Good does best to sell to at ``pier``.

    ``paladins_as``: the colour already chosen for the Paladins at this Pier (``None``: the
    Paladin Good is sold alone, so they take whichever colour helps it most).
    """
    _check_paladins_as(paladins_as, house)
    return best_multiplier(Good.paladin_good(), pier, paladins_as=paladins_as, house=house)


def best_multiplier(
    good: Good, pier: Pier, *, paladins_as: str | None = None, house: HouseRules = STANDARD
) -> Multiplier:
    """The highest multiplier ``good`` can have at ``pier`` when sold there alone.

    ``paladins_as`` fixes the Paladins' colour; by default it is the one that helps most.
    """
    _check_paladins_as(paladins_as, house)
    if paladins_as is not None or not pier.paladins or house.paladin_colour_per_good:
        return _multiplier(good, pier, paladins_as, house)
    options = [_multiplier(good, pier, colour, house) for colour in facts().factions]
    return max(options, key=lambda m: m.value)  # max keeps the first of equals


@dataclass(frozen=True)
class SaleLine:
    """One Good of a Pier sale with its multiplier and value."""

    good: Good
    multiplier: Multiplier
    sale: SaleValue

    @property
    def value(self) -> int:
        return self.sale.value

    @property
    def text(self) -> str:
        """``'Wizard Good (3): 3 base × 5 adventurers = 15 gold'``."""
        return f"{self.good.label}: {self.sale.text}"

    def __repr__(self) -> str:
        return f"SaleLine({self.good!r}, {self.value})"


@dataclass(frozen=True)
class PierSale:
    """Several Goods sold at one Pier: each line, the Paladins' colour and the total."""

    pier: Pier
    lines: tuple[SaleLine, ...]
    paladins_as: str | None
    un_fairies: bool
    rulings: tuple[str, ...]

    @property
    def total(self) -> int:
        return sum(line.value for line in self.lines)

    @property
    def text(self) -> str:
        """``'16 + 9 = 25 gold'`` (one Good: ``'16 gold'``)."""
        if len(self.lines) < 2:
            return f"{self.total} gold"
        return f"{' + '.join(str(line.value) for line in self.lines)} = {self.total} gold"

    def __repr__(self) -> str:
        return f"PierSale({self.total}, {self.text!r})"


def verify_pier_sale(
    goods: Sequence[Good], *, paladins_as: str | None = None, house: HouseRules = STANDARD
) -> None:
    """Raise the :class:`GoodsError` that :func:`sell_at_pier` would raise for these Goods."""
    if isinstance(goods, (str, bytes)) or not isinstance(goods, Sequence):
        raise GoodsError(f"goods {goods!r} must be a list of Good values")
    for good in goods:
        if not isinstance(good, Good):
            raise GoodsError(f"good {good!r} must be a Good value")
    _check_paladins_as(paladins_as, house)
    data = facts()
    limits = (
        ("Paladin Goods", sum(g.paladin for g in goods), data.paladin_good.tokens),
        ("Display Cases", sum(g.display_case for g in goods), data.display_case.tokens),
        ("Enchantments", sum(g.enchanted for g in goods), data.enchantment.tokens),
    )
    for what, used, box in limits:
        if used > box:
            raise LimitError(f"{used!r} {what} in one sale: the box holds {box}")
    for good in goods:
        verify_sale(
            good.base, 0, display_case=good.display_case, enchanted=good.enchanted, house=house
        )


def _lines(
    pier: Pier, goods: Sequence[Good], un_fairies: bool, colour: str | None, house: HouseRules
) -> tuple[SaleLine, ...]:
    lines = []
    for good in goods:
        multiplier = _multiplier(good, pier, colour, house)
        sale = sale_value(
            good.base,
            multiplier.value,
            display_case=good.display_case,
            enchanted=good.enchanted,
            un_fairies_rogues_at_pier=pier.rogues if un_fairies else None,
            house=house,
        )
        lines.append(SaleLine(good, multiplier, sale))
    return tuple(lines)


def sell_at_pier(
    pier: Pier,
    goods: Sequence[Good],
    *,
    un_fairies: bool = False,
    paladins_as: str | None = None,
    house: HouseRules = STANDARD,
) -> PierSale:
    """Sell ``goods`` one after another at ``pier`` during the Market Phase.

    ``un_fairies``: Un-Fairies is the Rogue card in play (the Pier's Rogues then lower every
    base value by 1). The Paladins at the Pier take one colour for the whole sale (ruling
    ``cove_goods.paladin_colour_per_pier``): ``paladins_as`` if given, else the colour that
    earns the most in total (on a tie, the one giving the larger multipliers, then the first in
    screen order).
    """
    if not isinstance(pier, Pier):
        raise GoodsError(f"pier {pier!r} must be a Pier value")
    _flag(un_fairies, "un_fairies")
    verify_pier_sale(goods, paladins_as=paladins_as, house=house)
    data = facts()
    colours: Sequence[str | None]
    if not pier.paladins or house.paladin_colour_per_good:
        colours = [None]
    elif paladins_as is not None:
        colours = [paladins_as]
    else:
        colours = data.factions
    options = [(_lines(pier, goods, un_fairies, c, house), c) for c in colours]
    # The most gold; on equal gold (a Good worth 0 base), the larger multipliers, so the
    # working shows the Paladins where they stand with a Good rather than nowhere.
    lines, colour = max(
        options,
        key=lambda o: (
            sum(line.value for line in o[0]),
            sum(line.multiplier.value for line in o[0]),
        ),
    )
    if not any(line.multiplier.paladins for line in lines) and paladins_as is None:
        colour = None  # the Paladins helped no Good: there is no choice to report
    rulings: list[str] = []
    if pier.paladins and len(goods) > 1:
        rulings.append(RULING_PALADIN_COLOUR)
    for line in lines:
        rulings.extend(line.multiplier.rulings)
        rulings.extend(line.sale.rulings)
    return PierSale(pier, lines, colour, un_fairies, tuple(dict.fromkeys(rulings)))


def fence_sale(good: Good, *, house: HouseRules = STANDARD) -> SaleValue:
    """``good`` sold through the Fence Rogue card: three times its base value, no Pier."""
    if not isinstance(good, Good):
        raise GoodsError(f"good {good!r} must be a Good value")
    return sale_value(
        good.base,
        None,
        display_case=good.display_case,
        enchanted=good.enchanted,
        fence=True,
        house=house,
    )


__all__ = [
    "MAX_BASE",
    "MAX_COUNT",
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
    "AdventurerError",
    "AdventurerFacts",
    "BaseValueError",
    "CountError",
    "Good",
    "GoodsError",
    "GoodsFacts",
    "HouseRuleError",
    "HouseRules",
    "LimitError",
    "Modifier",
    "Multiplier",
    "Pier",
    "PierSale",
    "RogueCardError",
    "SaleLine",
    "SaleValue",
    "ShelfError",
    "adventurer_name",
    "adventurer_types",
    "best_multiplier",
    "can_sell",
    "check_base",
    "check_count",
    "facts",
    "fence_sale",
    "load_facts",
    "paladin_good_choice",
    "sale_value",
    "sell_at_pier",
    "verify_pier_sale",
    "verify_sale",
]
