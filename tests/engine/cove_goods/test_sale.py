"""Merchants Cove sale values with the Master Craft modifiers (companion.engine.cove_goods).

Master Craft has no worked example of a sale, so the golden figures here are the brief's
example and each modifier applied as its section states it, worked out by hand; the rulings'
own worked examples are checked in test_cove_goods_rulings.py. Tests are named after the
rulebook section they rest on.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine import cove_goods as cg
from companion.engine.cove_goods import (
    STANDARD,
    Good,
    HouseRules,
    Pier,
    best_multiplier,
    fence_sale,
    paladin_good_choice,
    sale_value,
    sell_at_pier,
)

FACTIONS = ("warriors", "bards", "wizards", "nobles")
ORDER_ALT = HouseRules.of(cg.RULING_MODIFIER_ORDER)
EVERY_ALT = HouseRules(cg.SUPPORTED)


# ------------------------------------------------------------------ golden: each modifier
def test_base_game_sale_is_base_times_matching_adventurers() -> None:
    sale = sale_value(3, 4)
    assert sale.value == 12
    assert sale.text == "3 base × 4 adventurers = 12 gold"
    assert sale.rulings == ()


def test_display_cases_add_two_to_the_base_value() -> None:
    sale = sale_value(3, 2, display_case=True)
    assert sale.value == 10
    assert sale.text == "3 + 2 = 5 base, × 2 adventurers = 10 gold"


def test_enchantment_tokens_double_the_base_value() -> None:
    sale = sale_value(5, 3, enchanted=True)
    assert sale.value == 30
    assert sale.text == "5 × 2 = 10 base, × 3 adventurers = 30 gold"
    assert cg.RULING_ENCHANTMENT_BASE in sale.rulings


def test_display_case_and_enchantment_brief_example_pays_30() -> None:
    # "(3 + 2) × 2 = 10 base, × 3 adventurers = 30 gold"
    sale = sale_value(3, 3, display_case=True, enchanted=True)
    assert sale.value == 30
    assert sale.text == "(3 + 2) × 2 = 10 base, × 3 adventurers = 30 gold"
    assert cg.RULING_MODIFIER_ORDER in sale.rulings


def test_rogue_cards_un_fairies_lowers_base_value_by_one() -> None:
    sale = sale_value(4, 3, un_fairies_rogues_at_pier=2)
    assert sale.value == 9
    assert sale.text == "4 − 1 = 3 base, × 3 adventurers = 9 gold"


def test_rogue_cards_un_fairies_one_or_more_rogues_is_still_minus_one() -> None:
    assert sale_value(4, 3, un_fairies_rogues_at_pier=1).value == 9
    assert sale_value(4, 3, un_fairies_rogues_at_pier=7).value == 9


def test_rogue_cards_un_fairies_without_rogues_at_the_pier_changes_nothing() -> None:
    sale = sale_value(4, 3, un_fairies_rogues_at_pier=0)
    assert sale.value == 12
    assert sale.adds == ()


def test_rogue_cards_fence_sells_at_three_times_base_value() -> None:
    sale = sale_value(3, None, fence=True)
    assert sale.value == 9
    assert sale.text == "3 × 3 = 9 gold"
    assert sale.fence and sale.multiplier is None
    assert cg.RULING_FENCE_NO_PIER in sale.rulings


def test_rogue_cards_fence_with_display_case_triples_the_raised_base() -> None:
    sale = fence_sale(Good(3, "nobles", display_case=True))
    assert sale.text == "(3 + 2) × 3 = 15 gold"
    assert cg.RULING_DISPLAY_CASE_SHELF in sale.rulings


def test_paladin_goods_have_base_value_two() -> None:
    good = Good.paladin_good()
    assert good.base == 2 and good.paladin
    assert good.label == "Paladin Good (2)"
    with pytest.raises(cg.BaseValueError, match="5"):
        Good(5, None)


def test_paladin_goods_take_the_best_type_at_the_pier() -> None:
    pier = Pier.of(warriors=1, bards=4, wizards=2)
    choice = paladin_good_choice(pier)
    assert (choice.sells_to, choice.value) == ("bards", 4)
    assert choice.text == "4 Bards"


def test_paladin_goods_at_an_empty_pier_earn_nothing() -> None:
    choice = paladin_good_choice(Pier.of(rogues=3))
    assert choice.sells_to is None and choice.value == 0
    line = sell_at_pier(Pier.of(rogues=3), [Good.paladin_good()]).lines[0]
    assert line.value == 0


def test_paladin_adventurers_join_the_goods_colour() -> None:
    pier = Pier.of(wizards=3, warriors=1, paladins=2)
    multiplier = best_multiplier(Good(4, "wizards"), pier)
    assert multiplier.value == 5
    assert multiplier.text == "3 Wizards + 2 Paladins = 5"
    sale = sell_at_pier(pier, [Good(4, "wizards")])
    assert sale.total == 20 and sale.paladins_as == "wizards"
    assert sale.lines[0].text == "Wizard Good (4): 4 base × 5 adventurers = 20 gold"


def test_paladin_adventurers_fixed_colour_elsewhere_do_not_help() -> None:
    pier = Pier.of(wizards=3, warriors=1, paladins=2)
    sale = sell_at_pier(pier, [Good(4, "wizards")], paladins_as="warriors")
    assert sale.total == 12
    assert sale.paladins_as == "warriors"


def test_selling_several_goods_at_one_pier_adds_up() -> None:
    pier = Pier.of(warriors=2, nobles=3)
    sale = sell_at_pier(
        pier, [Good(3, "warriors"), Good(2, "nobles", enchanted=True), Good.paladin_good()]
    )
    # 3 × 2 = 6; 2 × 2 = 4 base × 3 = 12; Paladin Good to the Nobles: 2 × 3 = 6.
    assert [line.value for line in sale.lines] == [6, 12, 6]
    assert sale.text == "6 + 12 + 6 = 24 gold"
    assert sale.paladins_as is None


def test_un_fairies_applies_to_every_good_at_the_pier() -> None:
    pier = Pier.of(warriors=2, rogues=1)
    sale = sell_at_pier(pier, [Good(3, "warriors"), Good.paladin_good()], un_fairies=True)
    assert [line.sale.text for line in sale.lines] == [
        "3 − 1 = 2 base, × 2 adventurers = 4 gold",
        "2 − 1 = 1 base, × 2 adventurers = 2 gold",
    ]
    assert sell_at_pier(pier, [Good(3, "warriors")]).total == 6  # another Rogue card


def test_an_empty_sale_is_worth_nothing() -> None:
    sale = sell_at_pier(Pier.of(paladins=3), [])
    assert sale.total == 0 and sale.text == "0 gold" and sale.paladins_as is None


def test_one_adventurer_is_singular_in_the_working() -> None:
    assert sale_value(2, 1).text == "2 base × 1 adventurer = 2 gold"


def test_values_have_readable_reprs() -> None:
    assert repr(sale_value(3, 3, display_case=True, enchanted=True)) == (
        "SaleValue(30, '(3 + 2) × 2 = 10 base, × 3 adventurers = 30 gold')"
    )
    assert repr(Pier.of(paladins=1, wizards=3)) == "Pier.of(wizards=3, paladins=1)"
    assert repr(Good(3, "bards", enchanted=True)) == "Good(3, 'bards', enchanted=True)"
    assert repr(Good.paladin_good(display_case=True)) == "Good.paladin_good(display_case=True)"
    assert repr(STANDARD) == "HouseRules()"
    assert eval(repr(Pier.of(bards=2, rogues=1)), vars(cg)) == Pier.of(rogues=1, bards=2)


def test_pier_keeps_only_types_present_in_screen_order() -> None:
    pier = Pier.of(rogues=1, warriors=0, wizards=2)
    assert pier.counts == (("wizards", 2), ("rogues", 1))
    assert pier.text == "2 Wizards, 1 Rogue"
    assert Pier().text == "no adventurers"


def test_house_rules_from_settings_keep_only_sale_value_rulings() -> None:
    house = HouseRules.from_house_rules(
        ["setup.paladin_split", cg.RULING_ENCHANTED_FENCE, "mercante.price_floor"]
    )
    assert house == HouseRules.of(cg.RULING_ENCHANTED_FENCE)
    assert house.fence_ignores_enchantment and not house.multiply_before_adding


# ------------------------------------------------------------------ bad input
@pytest.mark.parametrize("base", [-1, 100, 2.5, "3", True, None])
def test_bad_base_value_is_refused_naming_it(base: object) -> None:
    with pytest.raises(cg.BaseValueError, match=re.escape(str(base))):
        sale_value(base, 2)  # type: ignore[arg-type]


@pytest.mark.parametrize("multiplier", [-1, 100, 1.0, "2", False])
def test_bad_multiplier_is_refused_naming_it(multiplier: object) -> None:
    with pytest.raises(cg.CountError, match=re.escape(str(multiplier))):
        sale_value(3, multiplier)  # type: ignore[arg-type]


def test_a_pier_sale_needs_a_multiplier() -> None:
    with pytest.raises(cg.CountError, match="None"):
        sale_value(3, None)


def test_a_fence_sale_refuses_a_pier_multiplier() -> None:
    with pytest.raises(cg.CountError, match="multiplier 4"):
        sale_value(3, 4, fence=True)


def test_un_fairies_and_fence_together_are_refused() -> None:
    with pytest.raises(cg.RogueCardError, match="0") as caught:
        sale_value(3, None, fence=True, un_fairies_rogues_at_pier=0)
    assert cg.RULING_ONE_ROGUE_CARD in str(caught.value)
    with pytest.raises(cg.RogueCardError):
        sale_value(3, None, fence=True, un_fairies_rogues_at_pier=2)
    assert sale_value(3, None, fence=True).value == 9


@pytest.mark.parametrize("rogues", [-2, 100, "1"])
def test_bad_rogue_count_is_refused(rogues: object) -> None:
    with pytest.raises(cg.CountError, match=re.escape(str(rogues))):
        sale_value(3, 2, un_fairies_rogues_at_pier=rogues)  # type: ignore[arg-type]


@pytest.mark.parametrize("flag", ["display_case", "enchanted", "fence"])
def test_flags_must_be_booleans(flag: str) -> None:
    with pytest.raises(cg.GoodsError, match=f"{flag} 1"):
        sale_value(3, 2, **{flag: 1})  # type: ignore[arg-type]


def test_unknown_adventurer_types_are_refused() -> None:
    with pytest.raises(cg.AdventurerError, match="pirates"):
        Pier.of(pirates=2)
    with pytest.raises(cg.AdventurerError, match="rogues"):
        Good(3, "rogues")
    with pytest.raises(cg.AdventurerError, match="not to paladins"):
        Good(3, "paladins")
    with pytest.raises(cg.AdventurerError, match="rogues"):
        sell_at_pier(Pier.of(paladins=1), [Good(3, "bards")], paladins_as="rogues")


def test_more_paladins_than_the_box_holds_is_refused() -> None:
    Pier.of(paladins=7)
    with pytest.raises(cg.LimitError, match="8"):
        Pier.of(paladins=8)


@pytest.mark.parametrize(
    ("goods", "what"),
    [
        ([Good.paladin_good()] * 8, "Paladin Goods"),
        ([Good(1, "bards", display_case=True)] * 13, "Display Cases"),
        ([Good(1, "bards", enchanted=True)] * 13, "Enchantments"),
    ],
)
def test_more_tokens_than_the_box_holds_are_refused(goods: list[Good], what: str) -> None:
    with pytest.raises(cg.LimitError, match=what):
        sell_at_pier(Pier.of(bards=1), goods)
    sell_at_pier(Pier.of(bards=1), goods[:-1])  # one fewer is fine


def test_bad_goods_lists_are_refused() -> None:
    with pytest.raises(cg.GoodsError, match="'abc'"):
        sell_at_pier(Pier(), "abc")  # type: ignore[arg-type]
    with pytest.raises(cg.GoodsError, match="3"):
        sell_at_pier(Pier(), [3])  # type: ignore[list-item]
    with pytest.raises(cg.GoodsError, match="pier"):
        sell_at_pier({"bards": 1}, [])  # type: ignore[arg-type]


def test_bad_house_rules_are_refused() -> None:
    with pytest.raises(cg.HouseRuleError, match=r"'cove_goods\.nonsense'"):
        HouseRules.of("cove_goods.nonsense")
    with pytest.raises(cg.HouseRuleError, match="must be a collection"):
        HouseRules(cg.RULING_MODIFIER_ORDER)  # type: ignore[arg-type]
    with pytest.raises(cg.HouseRuleError, match="HouseRules"):
        sale_value(3, 2, house={"x"})  # type: ignore[arg-type]


def test_counts_twice_are_refused() -> None:
    with pytest.raises(cg.CountError, match="twice"):
        Pier((("bards", 1), ("bards", 2)))


# ------------------------------------------------------------------ properties
bases = st.integers(0, cg.MAX_BASE)
counts = st.integers(0, 12)
houses = st.sets(st.sampled_from(sorted(cg.SUPPORTED))).map(lambda s: HouseRules(frozenset(s)))
piers = st.builds(
    lambda c, p, r: Pier.of({**c, "paladins": p, "rogues": r}),
    st.fixed_dictionaries({f: counts for f in FACTIONS}),
    st.integers(0, 7),
    st.integers(0, 5),
)
goods = st.one_of(
    st.builds(Good, st.integers(0, 9), st.sampled_from(FACTIONS), st.booleans(), st.booleans()),
    st.builds(Good.paladin_good, display_case=st.booleans(), enchanted=st.booleans()),
)


def _legal(good: Good, house: HouseRules) -> bool:
    return not (house.display_case_off_shelf and good.display_case and good.enchanted)


@given(bases, st.integers(0, cg.MAX_COUNT), st.booleans(), st.booleans(), st.integers(0, 5))
def test_a_sale_is_never_worth_less_than_nothing(
    base: int, multiplier: int, case: bool, enchanted: bool, rogues: int
) -> None:
    for house in (STANDARD, ORDER_ALT):
        sale = sale_value(
            base, multiplier, display_case=case, enchanted=enchanted,
            un_fairies_rogues_at_pier=rogues, house=house,
        )  # fmt: skip
        assert sale.value >= 0
        assert sale.value == sale.base_value * multiplier
        assert sale.text.endswith(f"= {sale.value} gold")


@given(bases, counts, counts, st.booleans(), st.booleans(), st.integers(0, 3), houses)
def test_more_adventurers_never_earn_less(
    base: int, m1: int, m2: int, case: bool, enchanted: bool, rogues: int, house: HouseRules
) -> None:
    if house.display_case_off_shelf and case and enchanted:
        return
    low, high = sorted((m1, m2))
    options = dict(display_case=case, enchanted=enchanted, un_fairies_rogues_at_pier=rogues)
    assert (
        sale_value(base, low, **options, house=house).value  # type: ignore[arg-type]
        <= sale_value(base, high, **options, house=house).value  # type: ignore[arg-type]
    )


@given(bases, counts, st.booleans(), st.integers(0, 3))
def test_display_case_never_hurts_and_un_fairies_never_helps(
    base: int, multiplier: int, enchanted: bool, rogues: int
) -> None:
    for house in (STANDARD, ORDER_ALT):
        plain = sale_value(base, multiplier, enchanted=enchanted, house=house).value
        cased = sale_value(base, multiplier, display_case=True, enchanted=enchanted, house=house)
        fairy = sale_value(
            base, multiplier, enchanted=enchanted, un_fairies_rogues_at_pier=rogues, house=house
        )
        assert cased.value >= plain
        assert fairy.value <= plain
        assert (fairy.value < plain) == (rogues > 0 and multiplier > 0 and base > 0)


@given(bases, counts, st.booleans())
def test_the_order_of_modifiers_matters_only_with_both_kinds(
    base: int, multiplier: int, case: bool
) -> None:
    # Adds alone or a factor alone give the same value under both readings.
    assert (
        sale_value(base, multiplier, display_case=case).value
        == sale_value(base, multiplier, display_case=case, house=ORDER_ALT).value
    )
    assert (
        sale_value(base, multiplier, enchanted=True).value
        == sale_value(base, multiplier, enchanted=True, house=ORDER_ALT).value
    )
    # With a Display Case and an Enchantment, adding first earns (f − 1) × 2 more base value.
    first = sale_value(base, multiplier, display_case=True, enchanted=True)
    after = sale_value(base, multiplier, display_case=True, enchanted=True, house=ORDER_ALT)
    assert first.base_value - after.base_value == 2


@given(st.integers(0, 9), st.booleans(), st.booleans(), piers, houses)
def test_a_fence_sale_ignores_every_pier(
    base: int, case: bool, enchanted: bool, pier: Pier, house: HouseRules
) -> None:
    good = Good(base, "bards", case, enchanted)
    if house.display_case_off_shelf and case:
        with pytest.raises(cg.ShelfError):
            fence_sale(good, house=house)
        return
    sale = fence_sale(good, house=house)
    factor = 2 if enchanted and not house.fence_ignores_enchantment else 1
    added = 2 if case else 0
    expected = (
        (base + added) * factor * 3
        if not house.multiply_before_adding
        else (base * factor * 3 + added)
    )
    assert sale.value == expected
    assert sale.multiplier is None


@given(piers, houses)
def test_a_paladin_good_takes_the_largest_crowd(pier: Pier, house: HouseRules) -> None:
    types = list(FACTIONS)
    if house.paladin_good_sells_to_rogues:
        types.append("rogues")
    crowds = {t: pier.count(t) for t in types}
    if house.paladin_good_one_type:
        crowds["paladins"] = pier.paladins
        expected = max(crowds.values())
    else:
        joined = {t: n + (pier.paladins if t in FACTIONS else 0) for t, n in crowds.items()}
        expected = max(joined.values())
    choice = paladin_good_choice(pier, house=house)
    assert choice.value == expected
    assert choice.sells_to is None or pier.count(choice.sells_to) == choice.own


@given(piers, st.lists(goods, max_size=5), st.booleans(), houses)
def test_a_pier_sale_adds_its_lines_and_finds_the_best_colour(
    pier: Pier, items: list[Good], un_fairies: bool, house: HouseRules
) -> None:
    if not all(_legal(g, house) for g in items):
        with pytest.raises(cg.ShelfError):
            sell_at_pier(pier, items, un_fairies=un_fairies, house=house)
        return
    sale = sell_at_pier(pier, items, un_fairies=un_fairies, house=house)
    assert sale.total == sum(line.value for line in sale.lines)
    assert [line.good for line in sale.lines] == items
    # The order the Goods are sold in does not change the total.
    backwards = sell_at_pier(pier, items[::-1], un_fairies=un_fairies, house=house)
    assert backwards.total == sale.total
    if house.paladin_colour_per_good:
        # Each Good alone gets its best multiplier: the total is the sum of lone sales.
        alone = sum(
            sell_at_pier(pier, [g], un_fairies=un_fairies, house=house).total for g in items
        )
        assert sale.total == alone
        return
    # No fixed colour for the Paladins does better than the one the app picks...
    for colour in FACTIONS:
        fixed = sell_at_pier(pier, items, un_fairies=un_fairies, paladins_as=colour, house=house)
        assert fixed.total <= sale.total
    # ...and letting every Good count the Paladins never earns less.
    per_good = HouseRules(house.alternatives | {cg.RULING_PALADIN_COLOUR})
    assert sell_at_pier(pier, items, un_fairies=un_fairies, house=per_good).total >= sale.total


@given(piers, goods, houses)
def test_a_lone_good_at_a_pier_matches_its_best_multiplier(
    pier: Pier, good: Good, house: HouseRules
) -> None:
    if not _legal(good, house):
        return
    line = sell_at_pier(pier, [good], house=house).lines[0]
    assert line.multiplier.value == best_multiplier(good, pier, house=house).value


def test_every_alternative_together_still_prices_a_sale() -> None:
    pier = Pier.of(wizards=2, paladins=1, rogues=3)
    sale = sell_at_pier(pier, [Good(3, "wizards", enchanted=True), Good.paladin_good()],
                        house=EVERY_ALT)  # fmt: skip
    # Wizard Good: 3 × 2 = 6 base × (2 + 1) = 18; Paladin Good to the 3 Rogues: 2 × 3 = 6.
    assert [line.value for line in sale.lines] == [18, 6]
