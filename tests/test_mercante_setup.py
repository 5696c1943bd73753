"""Mercante setup facts, checked against the rulebook's Setup section."""

from __future__ import annotations

import pytest

from companion.engine.mercante import SeatError, starting_crowns


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
