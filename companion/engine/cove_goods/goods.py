"""Goods and Piers: a Good to sell, the adventurers at a Pier, the multiplier a Good gets
there, and several Goods sold at one Pier with one colour for its Paladins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.engine.core.saves import saved_fields
from companion.engine.core.words import listed, spoken
from companion.engine.cove_goods.errors import (
    AdventurerError,
    BaseValueError,
    CountError,
    GoodsError,
    HouseRuleError,
    LimitError,
)
from companion.engine.cove_goods.facts import adventurer_name, facts
from companion.engine.cove_goods.house import (
    RULING_PALADIN_COLOUR,
    RULING_PALADIN_GOOD_PALADINS,
    RULING_PALADIN_GOOD_ROGUES,
    STANDARD,
    HouseRules,
)
from companion.engine.cove_goods.values import (
    SaleValue,
    check_base,
    check_count,
    check_flag,
    sale_value,
)


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
        check_flag(self.display_case, "display_case")
        check_flag(self.enchanted, "enchanted")
        data = facts()
        if self.sells_to is None:
            if self.base != data.paladin_good.base:
                raise BaseValueError(
                    f"a Paladin Good's base value is {data.paladin_good.base}, not {self.base}"
                )
        elif self.sells_to not in data.factions:
            names = listed([adventurer_name(f) for f in data.factions], "or")
            raise AdventurerError(
                f"a Good sells to {names} (a Paladin Good to none of them), "
                f"not to {spoken(str(self.sells_to))}"
            )

    def to_dict(self) -> dict[str, Any]:
        """The saved form: ``{"base", "sells_to", "display_case", "enchanted"}``."""
        return saved_fields(self)

    @classmethod
    def from_dict(cls, raw: object) -> Good:
        """A Good back from its saved form (the flags may be left out)."""
        if not isinstance(raw, Mapping):
            raise GoodsError(f"{raw!r} must be a mapping")
        unknown = sorted(set(raw) - {"base", "sells_to", "display_case", "enchanted"}, key=repr)
        if unknown:
            raise GoodsError(f"unknown field {unknown[0]!r}")
        base: Any = raw.get("base")  # the Good checks each field
        sells_to = raw.get("sells_to")
        if sells_to is not None and not isinstance(sells_to, str):
            raise GoodsError(f"sells_to {sells_to!r} must be a type of adventurer or null")
        return cls(base, sells_to, raw.get("display_case", False), raw.get("enchanted", False))

    @property
    def words(self) -> str:
        """``Enchanted Wizard Good (4) from a Display Case``."""
        enchanted = "Enchanted " if self.enchanted else ""
        case = " from a Display Case" if self.display_case else ""
        return f"{enchanted}{self.label}{case}"

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
        sale_value(
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
    check_flag(un_fairies, "un_fairies")
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
    "Good",
    "Multiplier",
    "Pier",
    "PierSale",
    "SaleLine",
    "best_multiplier",
    "fence_sale",
    "paladin_good_choice",
    "sell_at_pier",
    "verify_pier_sale",
]
