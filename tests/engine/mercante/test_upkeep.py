"""Mercante upkeep: removal points and costs, the marker going right, victory point auctions
(Upkeep, Turn Order, Optional Rules › Alternate Five-Player Upkeep)."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine.mercante import (
    ALTERNATE_FIVE_PLAYER_UPKEEP,
    AuctionError,
    MarketBoard,
    PlayerCountError,
    RemovalError,
    SeatError,
    UnknownMarketError,
    Variants,
    markets,
    pass_upkeep_marker,
    removal_cost,
    removal_points,
    setup_upkeep_holder,
    upkeep_costs,
    upkeep_schedule,
    verify_removal,
    vp_auction_winner,
)

FOUR = ("Adam", "Beth", "Chris", "David")
FIVE = ("Adam", "Beth", "Chris", "David", "Eve")
VARIANT = Variants(frozenset({ALTERNATE_FIVE_PLAYER_UPKEEP}))


# -- removal points and costs ----------------------------------------------------------------------


def test_upkeep_five_players_get_three_removal_points() -> None:
    assert removal_points(5) == 3


def test_sample_turn_four_players_get_two_removal_points() -> None:
    assert removal_points(4) == 2
    assert removal_points(3) == 1


def test_upkeep_removal_costs_by_market() -> None:
    assert removal_cost("luxuries", 4) == 2
    assert removal_cost("precious_metals", 4) == 1
    assert removal_cost("raw_materials", 5) == 1
    assert removal_cost("foodstuffs", 5) == Fraction(1, 2)
    assert isinstance(removal_cost("foodstuffs", 5), Fraction)


def test_upkeep_three_player_luxuries_cost_one() -> None:
    assert removal_cost("luxuries", 3) == 1
    assert removal_cost("foodstuffs", 3) == Fraction(1, 2)
    assert removal_cost("luxuries", 5) == 2


def test_upkeep_example_beth_five_player_removal_costs_exactly_three() -> None:
    plan = verify_removal({"precious_metals": 1, "raw_materials": 1, "foodstuffs": 2}, 5)
    assert plan.cost == 3 == plan.points
    assert plan.left == 0
    assert plan.tokens == 4


def test_sample_turn_adam_spends_two_points_on_one_luxury() -> None:
    assert verify_removal({"luxuries": 1}, 4).cost == 2


def test_removal_costing_more_than_the_points_is_refused() -> None:
    with pytest.raises(RemovalError, match=r"costs 4 removal points.*has 3"):
        verify_removal({"luxuries": 2}, 5)


def test_removal_must_spend_points_while_a_token_can_go() -> None:
    board = MarketBoard.from_printed({m: [9, 8, 7, 6] for m in markets()})
    board, _ = board.sell("gold")
    board, _ = board.sell("wine")
    with pytest.raises(RemovalError, match="must be spent"):
        verify_removal({"precious_metals": 1}, 4, board=board)
    plan = verify_removal({"precious_metals": 1, "foodstuffs": 1}, 4, board=board)
    assert plan.left == Fraction(1, 2)  # nothing left it could remove: allowed
    with pytest.raises(RemovalError, match="holds 1"):
        verify_removal({"foodstuffs": 2}, 4, board=board)


def test_removal_bad_input_is_named() -> None:
    with pytest.raises(UnknownMarketError, match="'spices'"):
        verify_removal({"spices": 1}, 4)
    with pytest.raises(RemovalError, match="-1"):
        verify_removal({"luxuries": -1}, 4)


@pytest.mark.parametrize("players", [2, 6, 0, -1])
def test_player_counts_outside_three_to_five_are_refused(players: int) -> None:
    with pytest.raises(PlayerCountError, match=repr(players)):
        removal_points(players)
    with pytest.raises(PlayerCountError, match=repr(players)):
        removal_cost("luxuries", players)
    with pytest.raises(PlayerCountError, match=repr(players)):
        upkeep_costs(players)


def test_player_count_must_be_whole() -> None:
    with pytest.raises(PlayerCountError, match=r"4\.0"):
        removal_points(4.0)  # type: ignore[arg-type]


# -- alternate five-player upkeep ------------------------------------------------------------------


def test_alternate_five_player_upkeep_resolves_as_four_players() -> None:
    costs = upkeep_costs(5, variants=VARIANT)
    assert costs.points == 2 and costs.resolved_as == 4 and costs.pass_seats == 2
    assert costs.cost("luxuries") == 2
    assert removal_points(5, variants=VARIANT) == 2


def test_alternate_five_player_upkeep_changes_nothing_with_fewer_players() -> None:
    assert upkeep_costs(4, variants=VARIANT) == upkeep_costs(4)
    assert upkeep_costs(3, variants=VARIANT) == upkeep_costs(3)


def test_alternate_five_player_upkeep_passes_two_seats() -> None:
    assert pass_upkeep_marker(FIVE, "Adam") == "Eve"
    assert pass_upkeep_marker(FIVE, "Adam", variants=VARIANT) == "David"


# -- the marker and the schedule -------------------------------------------------------------------


def test_setup_upkeep_marker_to_the_first_players_right() -> None:
    assert setup_upkeep_holder(FOUR) == "David"


def test_pass_upkeep_marker_sample_turn_adam_passes_to_david() -> None:
    assert pass_upkeep_marker(FOUR, "Adam") == "David"
    assert pass_upkeep_marker(FOUR, "David") == "Chris"


def test_assign_agents_example_chris_holds_marker_upkeep_next_turn() -> None:
    # "It's Beth's turn. Chris, whose turn is next, holds the upkeep marker."
    first = upkeep_schedule(FOUR, "Beth", "Chris", 1)[0]
    assert (first.turns_from_now, first.player) == (1, "Chris")


def test_upkeep_schedule_worked_four_player_game_from_setup() -> None:
    # Seats Adam, Beth, Chris, David; Adam starts; the marker starts with David (Adam's right).
    # Turns: 0 Adam, 1 Beth, 2 Chris, 3 David* (→ Chris), 4 Adam, 5 Beth, 6 Chris* (→ Beth),
    # 7 David, 8 Adam, 9 Beth* (→ Adam), 10 Chris, 11 David, 12 Adam* (→ David), 15 David*.
    schedule = upkeep_schedule(FOUR, "Adam", setup_upkeep_holder(FOUR), 5)
    assert [(u.turns_from_now, u.player, u.passes_to) for u in schedule] == [
        (3, "David", "Chris"),
        (6, "Chris", "Beth"),
        (9, "Beth", "Adam"),
        (12, "Adam", "David"),
        (15, "David", "Chris"),
    ]


def test_upkeep_schedule_active_holder_has_upkeep_now() -> None:
    # Sample Turn: Adam is active and holds the marker.
    schedule = upkeep_schedule(FOUR, "Adam", "Adam", 2)
    assert [(u.turns_from_now, u.player, u.passes_to) for u in schedule] == [
        (0, "Adam", "David"),
        (3, "David", "Chris"),
    ]


def test_upkeep_schedule_five_players_with_and_without_variant() -> None:
    plain = upkeep_schedule(FIVE, "Adam", "Eve", 3)
    assert [(u.turns_from_now, u.player) for u in plain] == [
        (4, "Eve"),
        (8, "David"),
        (12, "Chris"),
    ]
    variant = upkeep_schedule(FIVE, "Adam", "Eve", 3, variants=VARIANT)
    assert [(u.turns_from_now, u.player) for u in variant] == [
        (4, "Eve"),
        (7, "Chris"),
        (10, "Adam"),
    ]


@given(
    st.sampled_from([FOUR[:3], FOUR, FIVE]),
    st.integers(0, 4),
    st.integers(0, 4),
    st.booleans(),
)
def test_property_upkeep_comes_every_players_minus_pass_turns(
    seats: tuple[str, ...], active: int, holder: int, variant: bool
) -> None:
    variants = VARIANT if variant else Variants()
    schedule = upkeep_schedule(
        seats, seats[active % len(seats)], seats[holder % len(seats)], 6, variants=variants
    )
    step = len(seats) - upkeep_costs(len(seats), variants=variants).pass_seats
    gaps = [b.turns_from_now - a.turns_from_now for a, b in pairwise(schedule)]
    assert gaps == [step] * 5
    assert schedule[0].turns_from_now < len(seats)
    for upkeep, following in pairwise(schedule):
        assert following.player == upkeep.passes_to


def test_upkeep_schedule_bad_seats_are_named() -> None:
    with pytest.raises(SeatError, match="Zoe"):
        upkeep_schedule(FOUR, "Zoe", "Adam")
    with pytest.raises(SeatError, match="Zoe"):
        upkeep_schedule(FOUR, "Adam", "Zoe")
    with pytest.raises(SeatError, match="'Adam' is already seated"):
        upkeep_schedule(("Adam", "Beth", "Adam"), "Adam", "Beth")
    with pytest.raises(PlayerCountError, match="2"):
        upkeep_schedule(("Adam", "Beth"), "Adam", "Beth")


# -- victory point auctions ------------------------------------------------------------------------


def test_vp_auction_example_chris_high_bid_wins() -> None:
    result = vp_auction_winner(FOUR, "Adam", {"Adam": 5, "Beth": 2, "Chris": 8, "David": 6})
    assert (result.winner, result.bid) == ("Chris", 8)


def test_vp_auction_example_adam_and_beth_tie_at_7_adam_active_wins() -> None:
    result = vp_auction_winner(FOUR, "Adam", {"Adam": 7, "Beth": 7, "Chris": 6, "David": 0})
    assert (result.winner, result.bid) == ("Adam", 7)
    assert result.tied == ("Adam", "Beth") and result.decided_by_seat


def test_sample_turn_david_bids_8_and_wins() -> None:
    result = vp_auction_winner(FOUR, "Adam", {"Adam": 4, "Beth": 5, "Chris": 4, "David": 8})
    assert result.winner == "David"


def test_vp_auction_tie_without_active_goes_to_closest_on_the_right() -> None:
    # Adam active; to his right sits David, then Chris, then Beth.
    result = vp_auction_winner(FOUR, "Adam", {"Beth": 6, "Chris": 6})
    assert result.winner == "Chris"
    result = vp_auction_winner(FOUR, "Adam", {"Beth": 6, "David": 6})
    assert result.winner == "David"
    result = vp_auction_winner(FOUR, "Chris", {"David": 3, "Adam": 3})
    assert result.winner == "Adam"


def test_vp_auction_zero_never_wins() -> None:
    result = vp_auction_winner(FOUR, "Adam", {"Adam": 0, "Beth": 0})
    assert result.winner is None


def test_vp_auction_bad_bids_are_named() -> None:
    with pytest.raises(AuctionError, match="-1"):
        vp_auction_winner(FOUR, "Adam", {"Beth": -1})
    with pytest.raises(SeatError, match="Zoe"):
        vp_auction_winner(FOUR, "Adam", {"Zoe": 3})
    with pytest.raises(AuctionError, match=r"12.*10 crowns"):
        vp_auction_winner(FOUR, "Adam", {"Beth": 12}, crowns={"Beth": 10})


@given(
    st.lists(st.integers(0, 9), min_size=4, max_size=4),
    st.sampled_from(FOUR),
)
def test_property_vp_auction_winner_bid_the_most(bids: list[int], active: str) -> None:
    result = vp_auction_winner(FOUR, active, dict(zip(FOUR, bids, strict=True)))
    if max(bids) == 0:
        assert result.winner is None
    else:
        assert result.bid == max(bids)
        assert result.winner in result.tied
        if active in result.tied:
            assert result.winner == active
