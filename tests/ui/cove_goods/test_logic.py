"""The sale-value screen's state without a page (companion.ui.cove_goods.model)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import cove_goods as cg
from companion.engine.cove_goods import STANDARD, Good, HouseRules, PierSale
from companion.rules import catalogue
from companion.ui.cove_goods.model import (
    PALADIN_GOOD,
    SaleState,
    StateError,
    good_title,
    house_rules_in_use,
    ledger,
    multiplier_text,
    paladin_note,
    ruling_notes,
    un_fairies_note,
)


def example() -> SaleState:
    """The screenshot's sale: Un-Fairies, a Pier with Wizards, a Warrior, Paladins, a Rogue."""
    state = SaleState().with_rogue_card("un_fairies")
    for type_id, count in (("warriors", 1), ("wizards", 3), ("paladins", 2), ("rogues", 1)):
        state = state.with_count(type_id, count)
    state = state.with_kind("warriors").with_base(3).add_to_pier(STANDARD)
    state = state.with_kind(PALADIN_GOOD).add_to_pier(STANDARD)
    return state.with_kind("wizards").with_base(4).with_display_case(True).with_enchanted(True)


def test_a_fresh_state_prices_a_good_of_base_three_at_an_empty_pier() -> None:
    result = SaleState().result(STANDARD)
    assert result.value == 0
    assert result.sale is not None
    assert result.sale.text == "3 base × 0 adventurers = 0 gold"
    assert result.multiplier is not None and result.multiplier.text == "0 Warriors"


def test_the_example_good_is_worth_50_with_its_working() -> None:
    result = example().result(STANDARD)
    assert result.value == 50
    assert result.sale is not None
    assert result.sale.text == "(4 + 2 − 1) × 2 = 10 base, × 5 adventurers = 50 gold"
    assert set(result.rulings) == {
        cg.RULING_ENCHANTMENT_BASE,
        cg.RULING_MODIFIER_ORDER,
        cg.RULING_DISPLAY_CASE_SHELF,
    }
    assert cg.facts().paladins.source in result.sources
    assert cg.facts().un_fairies.source in result.sources


def test_the_ledger_lists_each_step_in_the_reading_in_use() -> None:
    state = example()
    rows = [(r.label, r.amount) for r in ledger(state.result(STANDARD), state.pier)]
    assert rows == [
        ("Printed base value", "4"),
        ("Display Case", "+2"),
        ("Un-Fairies: 1 Rogue at this Pier", "−1"),
        ("Enchantment", "×2"),
        ("Base value", "10"),
        ("Multiplier: 3 Wizards + 2 Paladins = 5", "×5"),
        ("Sale value", "50 gold"),
    ]
    alt = HouseRules.of(cg.RULING_MODIFIER_ORDER)
    labels = [r.label for r in ledger(state.result(alt), state.pier)]
    assert labels[1:4] == ["Enchantment", "Display Case", "Un-Fairies: 1 Rogue at this Pier"]


def test_the_ledger_of_a_fence_sale_has_no_multiplier() -> None:
    state = SaleState().with_rogue_card("fence").with_fence(True).with_enchanted(True)
    rows = [(r.label, r.amount) for r in ledger(state.result(STANDARD), state.pier)]
    assert rows == [
        ("Printed base value", "3"),
        ("Enchantment", "×2"),
        ("Fence", "×3"),
        ("Fence sale, no Pier multiplier", "18 gold"),
    ]
    ignored = HouseRules.of(cg.RULING_ENCHANTED_FENCE)
    rows = [(r.label, r.amount) for r in ledger(state.result(ignored), state.pier)]
    assert ("Enchantment: used up, no effect", "—") in rows
    assert rows[-1] == ("Fence sale, no Pier multiplier", "9 gold")


def test_the_pier_sale_uses_one_colour_for_the_paladins() -> None:
    sale = example().pier_sale(STANDARD)
    assert isinstance(sale, PierSale)
    assert sale.text == "6 + 3 = 9 gold"
    assert sale.paladins_as == "warriors"
    note = paladin_note(sale)
    assert note is not None and "count as Warriors for every Good" in note
    per_good = example().pier_sale(HouseRules.of(cg.RULING_PALADIN_COLOUR))
    assert isinstance(per_good, PierSale)
    # Warrior Good: 2 base × 3; Paladin Good to the Wizards with the Paladins: 1 × 5.
    assert per_good.text == "6 + 5 = 11 gold"
    assert paladin_note(per_good) == "The 2 Paladins take each Good's colour (house rule)."


def test_the_paladin_note_agrees_with_one_paladin() -> None:
    state = SaleState()
    for type_id, count in (("warriors", 2), ("paladins", 1)):
        state = state.with_count(type_id, count)
    sale = state.with_kind("warriors").with_base(3).add_to_pier(STANDARD).pier_sale(STANDARD)
    assert isinstance(sale, PierSale)
    assert paladin_note(sale) == (
        "The 1 Paladin counts as Warriors for every Good in this sale: the colour that earns "
        "the most."
    )
    per_good = state.with_kind("warriors").add_to_pier(STANDARD)
    per_good_sale = per_good.pier_sale(HouseRules.of(cg.RULING_PALADIN_COLOUR))
    assert isinstance(per_good_sale, PierSale)
    assert paladin_note(per_good_sale) == "The 1 Paladin takes each Good's colour (house rule)."


def test_adding_to_the_pier_uses_up_the_tokens() -> None:
    state = example().add_to_pier(STANDARD)
    assert state.sold[-1] == Good(4, "wizards", display_case=True, enchanted=True)
    assert not state.draft.display_case and not state.draft.enchanted
    assert state.draft.kind == "wizards" and state.draft.base == 4


def test_a_fence_sale_cannot_join_the_pier_sale() -> None:
    state = SaleState().with_rogue_card("fence").with_fence(True)
    with pytest.raises(StateError, match="not a sale at a Pier"):
        state.add_to_pier(STANDARD)


def test_the_fence_switch_needs_the_fence_card_and_goes_off_with_it() -> None:
    with pytest.raises(StateError, match="Fence as the Rogue card"):
        SaleState().with_fence(True)
    state = SaleState().with_rogue_card("fence").with_fence(True)
    assert not state.with_rogue_card("un_fairies").fence
    assert state.result(STANDARD).value == 9


def test_bad_actions_raise_and_leave_the_state_alone() -> None:
    state = example()
    saved = state.to_dict()
    with pytest.raises(cg.LimitError):
        state.with_count("paladins", 8)
    with pytest.raises(cg.CountError):
        state.with_count("wizards", -1)
    with pytest.raises(cg.AdventurerError):
        state.with_count("pirates", 1)
    with pytest.raises(StateError):
        state.with_kind("rogues")
    with pytest.raises(StateError):
        state.with_rogue_card("sirens")
    with pytest.raises(cg.BaseValueError):
        state.with_base(100)
    with pytest.raises(StateError, match="fixed at 2"):
        state.with_kind(PALADIN_GOOD).with_base(3)
    with pytest.raises(StateError, match="number 5"):
        state.remove(4)
    assert state.to_dict() == saved


def test_a_house_rule_that_refuses_a_good_shows_an_error_not_a_crash() -> None:
    off_shelf = HouseRules.of(cg.RULING_DISPLAY_CASE_SHELF)
    result = example().result(off_shelf)
    assert result.sale is None
    assert result.error is not None and result.error.startswith("Display_case True")
    with pytest.raises(cg.ShelfError):
        example().add_to_pier(off_shelf)
    # A Good already in the list when the rule is switched on: the list says why.
    state = example().add_to_pier(STANDARD)
    message = state.pier_sale(off_shelf)
    assert isinstance(message, str) and "Display Case" in message


def test_new_pier_clears_counts_and_sale_but_keeps_the_rogue_card() -> None:
    state = example().new_pier()
    assert state.pier.counts == () and state.sold == ()
    assert state.rogue_card == "un_fairies"
    assert state.draft == example().draft


def test_texts_for_the_screen() -> None:
    state = example()
    assert good_title(state.draft.good()) == "Wizard Good (4) · Display Case · Enchanted"
    paladin = SaleState().with_count("nobles", 2).with_kind(PALADIN_GOOD)
    result = paladin.result(STANDARD)
    assert result.multiplier is not None
    assert multiplier_text(result.good, result.multiplier) == (
        "Sells to the Nobles, multiplier 2 Nobles"
    )
    empty = SaleState().with_kind(PALADIN_GOOD).result(STANDARD)
    assert empty.multiplier is not None
    assert multiplier_text(empty.good, empty.multiplier).startswith("No adventurers here")
    assert un_fairies_note(state.pier, "un_fairies") == (
        "Un-Fairies: 1 Rogue at this Pier, so every Good sold here loses 1 base value."
    )
    assert un_fairies_note(state.pier, "other") is None
    assert "no Rogue is at this Pier" in (
        un_fairies_note(state.new_pier().pier, "un_fairies") or ""
    )


def test_ruling_notes_say_which_reading_is_in_use() -> None:
    cat = catalogue()
    house = HouseRules.of(cg.RULING_MODIFIER_ORDER)
    (note,) = ruling_notes(cat, [cg.RULING_MODIFIER_ORDER], house)
    assert note.house_rule and note.label.endswith("· house rule on")
    assert note.reading == cat.ruling(cg.RULING_MODIFIER_ORDER).alternative
    (plain,) = ruling_notes(cat, [cg.RULING_MODIFIER_ORDER], STANDARD)
    assert not plain.house_rule and plain.reading == cat.ruling(cg.RULING_MODIFIER_ORDER).reading
    assert house_rules_in_use(cat, house) == ("Double or triple first, then add the +2 and −1",)
    assert house_rules_in_use(cat, STANDARD) == ()


# ------------------------------------------------------------------ saving and restoring
def test_the_state_survives_a_round_trip() -> None:
    state = example()
    assert SaleState.from_dict(state.to_dict()) == state
    assert SaleState.from_dict(None) == SaleState()


@pytest.mark.parametrize(
    ("damage", "named"),
    [
        (lambda d: d.update(format=2), "format 2"),
        (lambda d: d.update(pier={"wizards": -3}), "-3"),
        (lambda d: d.update(pier=[1, 2]), "pier"),
        (lambda d: d["pier"].update(paladins=9), "9"),
        (lambda d: d.update(rogue_card="sirens"), "'sirens'"),
        (lambda d: d.update(fence="yes"), "fence"),
        (lambda d: d.update(fence=True), "Fence as the Rogue card"),
        (lambda d: d["good"].update(kind="rogues"), "good.kind 'rogues'"),
        (lambda d: d["good"].update(base="4"), "not 4"),
        (lambda d: d["good"].update(enchanted=None), "good.enchanted None"),
        (lambda d: d["sold"][1].update(base=5), "sold[1]"),
        (lambda d: d.update(sold={"a": 1}), "sold"),
        (lambda d: d.update(sold=[d["sold"][1]] * 8), "Paladin Goods"),
    ],
)
def test_a_damaged_save_is_refused_naming_the_field(damage: Any, named: str) -> None:
    data = example().to_dict()
    damage(data)
    with pytest.raises(StateError) as caught:
        SaleState.from_dict(data)
    assert named in str(caught.value)


def test_a_save_that_is_not_a_table_is_refused() -> None:
    with pytest.raises(StateError, match="list"):
        SaleState.from_dict([1, 2])


actions = st.lists(
    st.one_of(
        st.tuples(st.just("count"), st.sampled_from(cg.adventurer_types()), st.integers(-1, 9)),
        st.tuples(st.just("card"), st.sampled_from(["other", "un_fairies", "fence", "x"])),
        st.tuples(st.just("kind"), st.sampled_from(["warriors", "nobles", PALADIN_GOOD, "x"])),
        st.tuples(st.just("base"), st.integers(0, 12)),
        st.tuples(st.just("case"), st.booleans()),
        st.tuples(st.just("enchant"), st.booleans()),
        st.tuples(st.just("fence"), st.booleans()),
        st.tuples(st.just("add")),
        st.tuples(st.just("remove"), st.integers(0, 3)),
    ),
    max_size=25,
)


def _apply(state: SaleState, action: tuple[Any, ...]) -> SaleState:
    kind, *args = action
    return {
        "count": lambda: state.with_count(*args),
        "card": lambda: state.with_rogue_card(*args),
        "kind": lambda: state.with_kind(*args),
        "base": lambda: state.with_base(*args),
        "case": lambda: state.with_display_case(*args),
        "enchant": lambda: state.with_enchanted(*args),
        "fence": lambda: state.with_fence(*args),
        "add": lambda: state.add_to_pier(STANDARD),
        "remove": lambda: state.remove(*args),
    }[kind]()


@given(actions)
def test_any_taps_leave_a_state_that_saves_prices_and_restores(steps: list[Any]) -> None:
    state = SaleState()
    for step in steps:
        try:
            state = _apply(state, step)
        except (StateError, cg.GoodsError):
            continue  # refused: the state is the one before the tap
    assert SaleState.from_dict(state.to_dict()) == state
    result = state.result(STANDARD)
    assert result.sale is not None and result.sale.value >= 0
    sale = state.pier_sale(STANDARD)
    assert isinstance(sale, PierSale)
    assert sale.total == sum(line.value for line in sale.lines)
    assert state.fence <= (state.rogue_card == "fence")


@settings(deadline=None)  # the first example reads the rules reference
@given(actions, st.sets(st.sampled_from(sorted(cg.HouseRules.supported))))
def test_every_step_of_any_sale_has_a_why_that_opens_rules(
    steps: list[Any], alternatives: set[str]
) -> None:
    """Whatever is being priced and whichever readings the table plays by: each step but the
    printed base value offers a why? whose entries exist, naming only rulings the sale used."""
    from companion.ui.kit.why import why_targets

    house = HouseRules.of(*alternatives)
    state = SaleState()
    for step in steps:
        try:
            state = _apply(state, step)
        except (StateError, cg.GoodsError):
            continue
    result = state.result(house)
    known = {r.id for r in catalogue().rulings}
    for line in ledger(result, state.pier):
        if line.label == "Printed base value":
            assert not line.why and not line.rulings  # a number read off the card
            continue
        assert line.why, line.label
        entries, rulings = why_targets(line.why, line.rulings)
        assert entries, line.label
        # The rulings it names exist, and are the ones this sale used (or the multiplier's).
        assert set(rulings) <= known, line.label
        assert set(rulings) <= {*result.rulings, cg.RULING_PIER_MULTIPLIER}, line.label
