"""Mercante setup facts, checked against the rulebook's Setup section."""

from __future__ import annotations

import pytest

from companion.engine.mercante import (
    CONTRACTUAL_OBLIGATIONS,
    PlayerCountError,
    SeatError,
    TallyError,
    Variants,
    check_contract_value,
    contract_values,
    contracts_kept,
    setup_seats,
    starting_crowns,
)


def test_setup_first_player_10_crowns_next_12() -> None:
    # "the starting player receives 10 crowns, the player to the left receives 12 crowns"
    assert starting_crowns(1) == 10
    assert starting_crowns(2) == 12


def test_setup_starting_crowns_rise_by_two_per_seat() -> None:
    crowns = [starting_crowns(p) for p in range(1, 6)]
    assert crowns == [10, 12, 14, 16, 18]


@pytest.mark.parametrize("position", [0, -1, 6, 99])
def test_setup_starting_crowns_rejects_seat_out_of_range(position: int) -> None:
    with pytest.raises(SeatError, match=repr(position)):
        starting_crowns(position)


@pytest.mark.parametrize("position", [1.0, "1", True, None])
def test_setup_starting_crowns_rejects_non_whole_numbers(position: object) -> None:
    with pytest.raises(ValueError, match="whole number"):
        starting_crowns(position)  # type: ignore[arg-type]


def test_setup_seats_crowns_contract_and_upkeep_marker() -> None:
    seats = setup_seats(["Adam", "Beth", "Chris", "David"], {"Adam": 10, "Chris": 6})
    assert [(s.position, s.name, s.starting) for s in seats] == [
        (1, "Adam", 10),
        (2, "Beth", 12),
        (3, "Chris", 14),
        (4, "David", 16),
    ]
    # Keeping a contract pays its value at once.
    assert [s.crowns for s in seats] == [20, 12, 20, 16]
    assert [s.name for s in seats if s.upkeep_marker] == ["David"]


def test_setup_kept_contract_must_be_worth_6_8_or_10() -> None:
    assert contract_values() == (6, 8, 10)
    assert check_contract_value(8) == 8
    with pytest.raises(TallyError, match="7"):
        setup_seats(["Adam", "Beth", "Chris"], {"Beth": 7})
    with pytest.raises(SeatError, match="Zoe"):
        setup_seats(["Adam", "Beth", "Chris"], {"Zoe": 6})


@pytest.mark.parametrize("seats", [["Adam", "Beth"], ["A", "B", "C", "D", "E", "F"]])
def test_setup_seats_player_count_three_to_five(seats: list[str]) -> None:
    with pytest.raises(PlayerCountError, match=str(len(seats))):
        setup_seats(seats)


def test_variants_contractual_obligations_twice_the_seat_and_three_contracts() -> None:
    """Contractual Obligations: twice the turn position (no base 8) and three kept contracts."""
    variants = Variants(frozenset({CONTRACTUAL_OBLIGATIONS}))
    assert [starting_crowns(p, variants=variants) for p in range(1, 5)] == [2, 4, 6, 8]
    assert contracts_kept(variants=variants) == 3 and contracts_kept() == 1
    seats = setup_seats(
        ["Adam", "Beth", "Chris"], {"Adam": (10, 6, 8), "Beth": (6,)}, variants=variants
    )
    assert [(s.starting, s.contracts, s.crowns, s.complete) for s in seats] == [
        (2, (10, 6, 8), 26, True),
        (4, (6,), 10, False),
        (6, (), 6, False),
    ]
    with pytest.raises(TallyError, match="keeps 1 contract at setup, not 3"):
        setup_seats(["Adam", "Beth", "Chris"], {"Adam": (10, 6, 8)})
    with pytest.raises(TallyError, match="keeps 3 contracts at setup, not 4"):
        setup_seats(["Adam", "Beth", "Chris"], {"Adam": (6, 6, 6, 6)}, variants=variants)
