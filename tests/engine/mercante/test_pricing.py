"""Mercante sale prices, the bazaar, cartage and Reactions (Agent Actions › Selling Goods,
Hire Dockworkers, Reaction Events, Closed Markets and Full Markets, The Bazaar)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine.mercante import (
    REACTION_CLOSES_MARKET,
    Calendar,
    Event,
    HouseRules,
    LimitError,
    MarketBoard,
    MarketClosedError,
    MercanteError,
    PriceError,
    ReactionError,
    UnknownGoodError,
    bazaar_price,
    cartage_check,
    cartage_points,
    goods,
    legal_reactions,
    market_of,
    markets,
    price_breakdown,
    quote_sale,
    reaction_is_legal,
    reaction_what_if,
    rulebook_event,
    sale_price,
)

VISITING_NOBILITY = rulebook_event("Visiting Nobility")
DISTANT_WAR = rulebook_event("Distant War")
ECONOMIC_WOES = rulebook_event("Economic Woes")


def art_example_calendar() -> Calendar:
    calendar = Calendar()
    calendar.add(Event("Art +6", "enduring", {"art": 6}))
    calendar.add(Event("Luxuries Market +1", "enduring", {"luxuries": 1}))
    calendar.add(Event("Luxuries Market −2", "enduring", {"luxuries": -2}))
    return calendar


def board(**printed: list[int]) -> MarketBoard:
    values = {m: [20, 18, 16, 14] for m in markets()}
    values.update(printed)
    return MarketBoard.from_printed(values)


# -- golden examples -----------------------------------------------------------------------------


def test_selling_goods_example_art_sale_pays_25() -> None:
    assert sale_price("art", 20, art_example_calendar()) == 25


def test_selling_goods_example_breakdown_reads_20_minus_2_plus_1_plus_6() -> None:
    breakdown = price_breakdown("art", 20, art_example_calendar())
    assert breakdown.text == "20 − 2 + 1 + 6 = 25"
    assert [(t.slot, t.target, t.amount) for t in breakdown.terms] == [
        ("A", "luxuries", -2),
        ("B", "luxuries", 1),
        ("C", "art", 6),
    ]
    assert "mercante.modifiers_cumulative" in breakdown.rulings
    assert not breakdown.clamped


def test_selling_goods_example_gems_get_only_the_market_modifiers() -> None:
    assert sale_price("gems", 20, art_example_calendar()) == 19


def test_sample_turn_silk_at_20_pays_15() -> None:
    calendar = Calendar([VISITING_NOBILITY])
    calendar.add(DISTANT_WAR)
    calendar.add(ECONOMIC_WOES)
    assert sale_price("silk", 20, calendar) == 15
    assert price_breakdown("silk", 20, calendar).text == "20 − 6 + 1 = 15"


def test_sample_turn_raw_materials_closed_by_distant_war() -> None:
    calendar = Calendar([DISTANT_WAR, VISITING_NOBILITY])
    for good in ("dyes", "ore", "textiles", "timber"):
        with pytest.raises(MarketClosedError, match="Distant War"):
            sale_price(good, 12, calendar)
    assert isinstance(MarketClosedError("x"), ValueError)


# -- the floor -----------------------------------------------------------------------------------


def test_selling_goods_price_never_below_one_crown() -> None:
    calendar = Calendar([Event("Slump", "enduring", {"silk": -30})])
    breakdown = price_breakdown("silk", 3, calendar)
    assert breakdown.price == 1 and breakdown.total == -27
    assert breakdown.clamped
    assert breakdown.text == "3 − 30 = −27 → 1"
    assert "mercante.price_floor" in breakdown.rulings


def test_selling_goods_floor_applies_once_to_the_total() -> None:
    # −6 then +4 on a 3: floor at the end gives max(1, 1) = 1; clamping the −6 first
    # (3 − 6 → 1, then + 4) would give 5. The ruling takes the total.
    calendar = Calendar([Event("Up", "enduring", {"silk": 4})])
    calendar.add(Event("Down", "enduring", {"silk": -6}))
    assert sale_price("silk", 3, calendar) == 1


price_events = st.builds(
    lambda mods: Event("E", "enduring", mods),
    st.dictionaries(st.sampled_from(goods() + markets()), st.integers(-40, 40), max_size=5),
)


@given(st.sampled_from(goods()), st.integers(1, 60), st.lists(price_events, max_size=5))
def test_property_a_price_is_never_below_1(good: str, base: int, events: list[Event]) -> None:
    calendar = Calendar()
    for event in events:
        calendar.add(event)
    price = sale_price(good, base, calendar)
    assert price >= 1
    assert price == max(1, base + calendar.net_modifier(good))
    assert price_breakdown(good, base, calendar).price == price


# -- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize("good", ["pepper", "Art", "", "luxuries", None, 3])
def test_sale_price_unknown_good_is_named(good: object) -> None:
    named = good if good != "" else "without a name"
    with pytest.raises(UnknownGoodError, match=f"there is no good {named}"):
        sale_price(good, 10, Calendar())  # type: ignore[arg-type]


@pytest.mark.parametrize("base", [0, -3])
def test_sale_price_base_below_one_is_refused(base: int) -> None:
    with pytest.raises(PriceError, match=f"at least 1 crown, not {base}"):
        sale_price("art", base, Calendar())


@pytest.mark.parametrize("base", [2.5, "20", True, None])
def test_sale_price_base_must_be_whole(base: object) -> None:
    with pytest.raises(PriceError, match="whole number"):
        sale_price("art", base, Calendar())  # type: ignore[arg-type]


def test_sale_price_leaves_the_calendar_unchanged() -> None:
    calendar = art_example_calendar()
    before = calendar.slots
    sale_price("art", 20, calendar)
    with pytest.raises(PriceError):
        sale_price("art", 0, calendar)
    assert calendar.slots == before


# -- cartage -------------------------------------------------------------------------------------


def test_hire_dockworkers_example_beth_spices_and_livestock_with_three_points() -> None:
    assert cartage_points(["spices", "livestock"]) == 3
    check = cartage_check(["spices", "livestock"], 3)
    assert check.enough and check.spare == 0
    # Selling the silver too would need a fourth point.
    assert cartage_points(["spices", "livestock", "silver"]) == 4
    assert not cartage_check(["spices", "livestock", "silver"], 3).enough
    assert cartage_check(["spices", "livestock", "silver"], 3).short == 1


def test_cartage_points_by_class() -> None:
    assert cartage_points(["art"]) == 2
    assert cartage_points(["gold"]) == 1
    assert cartage_points(["ore"]) == 1
    assert cartage_points(["wine"]) == 1
    assert cartage_points(["wine", "grain"]) == 1
    assert cartage_points(["wine", "grain", "coffee"]) == 2
    assert cartage_points([]) == 0


def test_cartage_unknown_good_and_bad_agents() -> None:
    with pytest.raises(UnknownGoodError, match="pepper"):
        cartage_points(["art", "pepper"])
    with pytest.raises(MercanteError, match=r"\(art\)"):
        cartage_points("art")
    with pytest.raises(LimitError, match="5"):
        cartage_check(["art"], 5)
    with pytest.raises(LimitError, match="-1"):
        cartage_check(["art"], -1)


def _expected_cartage(items: list[str]) -> int:
    lux = sum(market_of(g) == "luxuries" for g in items)
    food = sum(market_of(g) == "foodstuffs" for g in items)
    return 2 * lux + (len(items) - lux - food) + (food + 1) // 2


@given(st.lists(st.sampled_from(goods()), max_size=12), st.sampled_from(goods()))
def test_property_cartage_is_monotone(items: list[str], extra: str) -> None:
    assert cartage_points(items) == _expected_cartage(items)
    assert cartage_points([*items, extra]) >= cartage_points(items)
    assert cartage_points(items) == cartage_points(list(reversed(items)))


# -- the bazaar and multi-token quotes -------------------------------------------------------------


def test_the_bazaar_pays_3_unmodified_and_needs_no_agent() -> None:
    calendar = Calendar([ECONOMIC_WOES, DISTANT_WAR, VISITING_NOBILITY])
    quote = quote_sale(["silk", "ore"], calendar, bases=[20, 12], bazaar=[0, 1])
    assert bazaar_price() == 3
    assert [t.price for t in quote.tokens] == [3, 3]
    assert quote.cartage.needed == 0 and quote.cartage.enough
    assert quote.total == 6 == quote.all_bazaar_total


def test_selling_goods_several_tokens_priced_one_by_one_on_the_board() -> None:
    tracked = board(luxuries=[20, 18, 16])
    calendar = Calendar([VISITING_NOBILITY])
    quote = quote_sale(["silk", "art", "gems"], calendar, board=tracked, agents=4)
    assert [t.base for t in quote.tokens] == [20, 18, 16]
    assert [t.price for t in quote.tokens] == [21, 19, 17]
    assert quote.cartage.needed == 6 and not quote.cartage.enough
    assert quote.board_after is not None
    assert quote.board_after.market("luxuries").is_full
    assert tracked.market("luxuries").covered == 0  # quoting changes nothing


def test_full_market_refuses_the_token_that_does_not_fit() -> None:
    tracked = board(luxuries=[20])
    quote = quote_sale(["silk", "art"], Calendar(), board=tracked, agents=4)
    assert [t.destination for t in quote.tokens] == ["market", "refused"]
    assert "full" in quote.tokens[1].reason
    assert quote.tokens[1].bazaar == 3
    assert not quote.can_complete


def test_printed_mode_none_means_no_empty_space() -> None:
    quote = quote_sale(["gold", "tin"], Calendar(), bases=[14, None], agents=2)
    assert [t.destination for t in quote.tokens] == ["market", "refused"]
    assert quote.cartage.needed == 1


def test_closed_market_token_is_refused_in_a_quote() -> None:
    quote = quote_sale(["ore", "gold"], Calendar([DISTANT_WAR]), bases=[12, 14], agents=2)
    assert quote.tokens[0].destination == "refused"
    assert "Distant War" in quote.tokens[0].reason
    assert quote.tokens[1].price == 14
    assert quote.cartage.needed == 1


def test_quote_bad_input_is_named() -> None:
    with pytest.raises(UnknownGoodError, match="pepper"):
        quote_sale(["pepper"], Calendar(), bases=[10])
    with pytest.raises(PriceError, match=r"\(art\)"):
        quote_sale(["art"], Calendar(), bases=[0])
    with pytest.raises(PriceError, match="one printed value per good"):
        quote_sale(["art", "gems"], Calendar(), bases=[10])
    with pytest.raises(MercanteError, match="either"):
        quote_sale(["art"], Calendar())
    with pytest.raises(MercanteError, match="7"):
        quote_sale(["art"], Calendar(), bases=[10], bazaar=[7])
    with pytest.raises(LimitError, match="5"):
        quote_sale(["art"], Calendar(), bases=[10], agents=5)


# -- Reactions -----------------------------------------------------------------------------------


def test_reaction_events_legal_only_when_they_change_that_good() -> None:
    assert reaction_is_legal(ECONOMIC_WOES, "silk")
    assert not reaction_is_legal(ECONOMIC_WOES, "art")  # as far as the rulebook tells
    metals_down = Event("Metals −1", "enduring", {"precious_metals": -1}, reaction=True)
    assert reaction_is_legal(metals_down, "silver")  # Reaction Events example
    assert not reaction_is_legal(metals_down, "wine")
    assert not reaction_is_legal(VISITING_NOBILITY, "silk")  # not a Reaction card
    closer = Event("Blockade", "enduring", closes=["luxuries"], reaction=True)
    assert not reaction_is_legal(closer, "silk")  # closing alone changes no price
    remover = Event("Glut", "fleeting", removes={"luxuries": 2}, reaction=True)
    assert reaction_is_legal(remover, "silk")  # changes the quantity in the market
    assert legal_reactions([ECONOMIC_WOES, metals_down, remover], "silk") == (
        ECONOMIC_WOES,
        remover,
    )


def test_sample_turn_economic_woes_what_if_goes_on_the_calendar_first() -> None:
    calendar = Calendar([DISTANT_WAR, VISITING_NOBILITY])
    what_if = reaction_what_if(["silk"], calendar, ECONOMIC_WOES, bases=[20], agents=2)
    assert what_if.without.total == 21
    assert what_if.with_reaction.total == 15
    assert what_if.change == -6
    assert what_if.with_reaction.calendar_after == (ECONOMIC_WOES, DISTANT_WAR, VISITING_NOBILITY)
    assert what_if.with_reaction.pushed_out is None
    assert calendar.slots == (DISTANT_WAR, VISITING_NOBILITY, None)


def test_enduring_reaction_can_push_an_event_off_and_counts_for_later_tokens() -> None:
    calendar = Calendar([Event("Silk +3", "enduring", {"silk": 3}), DISTANT_WAR, VISITING_NOBILITY])
    quote = quote_sale(
        ["gold", "silk", "silk"],
        calendar,
        bases=[14, 20, 18],
        agents=4,
        reaction=ECONOMIC_WOES,
        reaction_at=1,
    )
    assert quote.pushed_out == VISITING_NOBILITY
    # gold unaffected; silk: 20 − 6 + 3 = 17, then 18 − 6 + 3 = 15 (Visiting Nobility gone).
    assert [t.price for t in quote.tokens] == [14, 17, 15]
    assert [t.reaction for t in quote.tokens] == [False, True, False]


def test_fleeting_reaction_counts_for_its_token_only() -> None:
    dip = Event("Silk dip", "fleeting", {"silk": -4}, reaction=True)
    quote = quote_sale(["silk", "silk"], Calendar(), bases=[20, 18], agents=4, reaction=dip)
    assert [t.price for t in quote.tokens] == [16, 18]
    assert quote.calendar_after == (None, None, None)
    assert quote.tokens[0].breakdown is not None
    assert quote.tokens[0].breakdown.text == "20 − 4 = 16"
    assert "mercante.fleeting_reaction" in quote.tokens[0].breakdown.rulings


def test_illegal_reaction_is_refused_and_names_the_card() -> None:
    with pytest.raises(ReactionError, match=r"'Economic Woes'.*'gold'"):
        quote_sale(["gold"], Calendar(), bases=[14], reaction=ECONOMIC_WOES)
    with pytest.raises(ReactionError, match="'Visiting Nobility' is not a Reaction"):
        quote_sale(["silk"], Calendar(), bases=[20], reaction=VISITING_NOBILITY)
    with pytest.raises(ReactionError, match="bazaar"):
        quote_sale(["silk"], Calendar(), bases=[20], bazaar=[0], reaction=ECONOMIC_WOES)


def test_reaction_cannot_reopen_a_full_market() -> None:
    glut = Event("Glut", "fleeting", removes={"luxuries": 1}, reaction=True)
    tracked, _ = board(luxuries=[20]).sell("art")
    with pytest.raises(ReactionError, match="full"):
        quote_sale(["silk"], Calendar(), board=tracked, agents=2, reaction=glut)


def test_reaction_removing_tokens_moves_the_landing_space_up() -> None:
    glut = Event("Glut", "fleeting", removes={"luxuries": 1}, reaction=True)
    tracked, _ = board(luxuries=[20, 18, 16]).sell("art")
    assert quote_sale(["silk"], Calendar(), board=tracked, agents=2).tokens[0].base == 18
    quote = quote_sale(["silk"], Calendar(), board=tracked, agents=2, reaction=glut)
    assert quote.tokens[0].base == 20
    assert quote.removed == (("luxuries", ("art",)),)


def test_reaction_events_a_reaction_closing_the_market_keeps_the_token_home() -> None:
    """Closed Markets: no goods may be sold to a closed market, so a Reaction that closes it
    mid-sale leaves the token in its warehouse (the agents are spent); never the bazaar."""
    crash = Event("Crash", "enduring", {"silk": -2}, closes=["luxuries"], reaction=True)
    quote = quote_sale(["silk", "gold"], Calendar(), bases=[20, 9], agents=3, reaction=crash)
    silk = quote.tokens[0]
    assert (silk.destination, silk.price) == ("kept", 0) and "stays in its warehouse" in silk.reason
    assert quote.cartage.needed == 3 and quote.total == 9  # the silk's cartage is spent
    assert quote.calendar_after[0] == crash and quote.can_complete
    sold = quote_sale(
        ["silk"],
        Calendar(),
        bases=[20],
        agents=2,
        reaction=crash,
        house=HouseRules.of(REACTION_CLOSES_MARKET),
    )
    token = sold.tokens[0]
    assert (token.destination, token.price) == ("market", 18)  # 20 − 2: sold all the same
    assert "closed during the sale" in token.reason


def test_reaction_events_multiple_reactions_impact_the_same_sale() -> None:
    """Reaction Events: "multiple Reactions can impact the same sale" — two Fleeting
    Reactions on one silk both count (19 − 3 − 3 = 13), in the order played."""
    slump = Event("Slump", "fleeting", {"silk": -3}, reaction=True)
    glut = Event("Glut", "fleeting", {"luxuries": -3}, reaction=True)
    one = quote_sale(["silk"], Calendar(), bases=[19], agents=2, reactions=[(slump, "Beth")])
    assert one.total == 16
    both = quote_sale(
        ["silk"], Calendar(), bases=[19], agents=2, reactions=[(slump, "Beth"), (glut, "Chris")]
    )
    assert both.total == 13
    assert both.tokens[0].breakdown is not None
    assert both.tokens[0].breakdown.text == "19 − 3 − 3 = 13"
    assert [(r.event.name, r.by, r.at) for r in both.reactions] == [
        ("Slump", "Beth", 0),
        ("Glut", "Chris", 0),
    ]
    assert both.calendar_after == both.calendar_before  # Fleeting: discarded


def test_reaction_events_several_enduring_reactions_go_on_in_the_order_played() -> None:
    crash = Event("Crash", "enduring", {"silk": -2}, reaction=True)
    boom = Event("Boom", "enduring", {"gold": 2}, reaction=True)
    calendar = Calendar([VISITING_NOBILITY, DISTANT_WAR])
    quote = quote_sale(
        ["silk", "gold"],
        calendar,
        bases=[20, 10],
        agents=3,
        reactions=[(crash, "Beth", 0), (boom, None, 1)],
    )
    # Crash into A (VN to B, DW to C); then Boom into A pushes Distant War off C.
    assert quote.calendar_after == (boom, crash, VISITING_NOBILITY)
    assert quote.pushed == (DISTANT_WAR,)
    assert [t.price for t in quote.tokens] == [19, 12]  # 20 − 2 + 1; 10 + 2


def test_reaction_events_reactions_are_checked_one_by_one() -> None:
    slump = Event("Slump", "fleeting", {"silk": -3}, reaction=True)
    with pytest.raises(ReactionError, match=r"'Economic Woes'.*'gold'"):
        quote_sale(["gold"], Calendar(), bases=[10], agents=1, reactions=[(ECONOMIC_WOES, "A")])
    with pytest.raises(ReactionError, match="not both"):
        quote_sale(
            ["silk"], Calendar(), bases=[19], agents=2, reaction=slump, reactions=[(slump, None)]
        )
    with pytest.raises(ReactionError, match="token position 3"):
        quote_sale(["silk"], Calendar(), bases=[19], agents=2, reactions=[(slump, None, 3)])


def test_selling_goods_without_a_board_values_of_one_market_cannot_rise() -> None:
    """Selling Goods: each token of a market lands on the next space down, so without a
    tracked board a later token's printed value cannot be higher (unless a Reaction took
    tokens off that market in between)."""
    with pytest.raises(PriceError, match=r"token 2 \(art\).*token 1's 18.*20 cannot be higher"):
        quote_sale(["silk", "art"], Calendar(), bases=[18, 20], agents=4)
    assert quote_sale(["silk", "gold", "art"], Calendar(), bases=[18, 20, 16], agents=4).total == 54
    flood = Event("Flood", "enduring", removes={"luxuries": 2}, reaction=True)
    lifted = quote_sale(
        ["silk", "art"], Calendar(), bases=[16, 20], agents=4, reactions=[(flood, None, 1)]
    )
    assert [t.price for t in lifted.tokens] == [16, 20]
