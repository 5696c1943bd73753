"""Players and seats: a first player drawn from a shown seed can be replayed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine.seats import (
    DrawFirst,
    Seat,
    Seating,
    SeatsError,
    draw_first_player,
    move_seat,
    new_seed,
    parse_seed,
    shuffle_seats,
)
from companion.rules import catalogue
from companion.ui.seats.model import read_old_seating

names = st.lists(
    st.text("abcdefghij", min_size=1, max_size=8), min_size=1, max_size=8, unique_by=str.casefold
)


@given(names, st.integers(0, 10**6))
def test_the_same_seats_and_seed_replay_the_same_draw(seats: list[str], seed: int) -> None:
    first = draw_first_player(seats, seed)
    again = draw_first_player(list(seats), seed)
    assert first == again
    assert first.first_player in seats
    assert first.turn_order()[0] == first.first_player
    assert sorted(first.turn_order()) == sorted(seats)


def test_seeds_spread_the_first_player_over_the_table() -> None:
    seats = ["Anna", "Ben", "Cleo", "Dev"]
    picks = {draw_first_player(seats, seed).first_player for seed in range(200)}
    assert picks == set(seats)


def test_turn_order_goes_round_from_the_first_player() -> None:
    draw = draw_first_player(["A", "B", "C", "D"], 1)
    order = draw.turn_order()
    i = draw.first
    assert order == tuple(["A", "B", "C", "D"][i:] + ["A", "B", "C", "D"][:i])


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ([], "no players"),
        (["Anna", " "], "seat 2"),
        (["Anna", "anna"], "'anna'"),
        (["x" * 41], "seat 1"),
    ],
)
def test_bad_tables_are_refused_naming_the_seat(seats: list[str], message: str) -> None:
    with pytest.raises(SeatsError, match=message):
        draw_first_player(seats, 5)


def test_seed_text_must_be_digits() -> None:
    assert parse_seed(" 0042 ") == 42
    with pytest.raises(SeatsError, match="'4x'"):
        parse_seed("4x")


def test_new_seeds_have_six_digits() -> None:
    assert all(100_000 <= new_seed() <= 999_999 for _ in range(50))


@given(names, st.integers(0, 10**6))
def test_shuffling_keeps_everyone(seats: list[str], seed: int) -> None:
    assert sorted(shuffle_seats(seats, seed)) == sorted(s.strip() for s in seats)
    assert shuffle_seats(seats, seed) == shuffle_seats(seats, seed)


def test_moving_a_seat_clamps_at_the_ends() -> None:
    assert move_seat(["A", "B", "C"], 0, -1) == ("A", "B", "C")
    assert move_seat(["A", "B", "C"], 0, 1) == ("B", "A", "C")
    with pytest.raises(SeatsError, match="3"):
        move_seat(["A", "B", "C"], 3, 1)


def seated(*names: str, seed: int = 123456) -> Seating:
    seating = Seating.new(seed=seed)
    for name in names:
        seating = seating.apply(Seat(name))[0]
    return seating


def test_a_seating_round_trips_and_keeps_the_draw() -> None:
    seating = seated("Anna", "Ben", "Cleo").apply(DrawFirst())[0]
    again = Seating.from_dict(seating.to_dict())
    assert again == seating
    assert again.draw is not None and seating.draw is not None
    assert again.draw.first_player == seating.draw.first_player


def test_a_failed_action_changes_nothing() -> None:
    seating = seated("Anna", seed=1)
    with pytest.raises(SeatsError, match=r"^Anna is already seated$"):
        seating.apply(Seat("anna"))
    assert seating.seats == ("Anna",)


def test_a_damaged_saved_table_names_what_is_wrong() -> None:
    with pytest.raises(SeatsError, match="nope is not a game the app knows"):
        read_old_seating({"game": "nope", "seats": ["A"], "seed": 5})
    with pytest.raises(SeatsError, match="str"):
        read_old_seating("garbage")
    with pytest.raises(SeatsError, match="seed"):
        read_old_seating({"game": "mercante", "seats": ["A"], "seed": "x"})
    assert read_old_seating({"game": "mercante", "seats": [], "seed": 5}) is None


def test_player_count_problem_names_the_game_range() -> None:
    seating = seated("A", "B")
    assert seating.count_problem(catalogue()) == "Mercante is for 3–5 players; 2 seated."
    assert seating.apply(Seat("C"))[0].count_problem(catalogue()) is None
