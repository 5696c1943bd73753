"""Players & seats on a shared table (companion.engine.seats): the actions read back from
their saved form, the start read back, what each action depends on (so two phones seating
two players at once both succeed, and a phone that had not seen a change is refused), the
words for what changed, and a seating replayed from its save whatever was done to it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine import seats
from companion.engine.core.protocol import TableRules
from companion.engine.seats import (
    DrawFirst,
    MoveSeat,
    NewSeed,
    Seat,
    Seating,
    SeatsAction,
    SeatsError,
    SetGame,
    SetSeed,
    Shuffle,
    Unseat,
)

RULES = seats.TABLE_RULES


def three(seed: int = 482913) -> Seating:
    seating = Seating.new(seed=seed)
    for name in ("Anna", "Ben", "Cleo"):
        seating = seating.apply(Seat(name))[0]
    return seating


def test_seats_export_their_table_rules() -> None:
    assert isinstance(RULES, TableRules)
    assert (RULES.tool, RULES.error) == ("seats", SeatsError)
    seating = three()
    assert RULES.players(seating) == ("Anna", "Ben", "Cleo")
    assert RULES.status(seating) == "3 seated · no first player yet"
    drawn = seating.apply(DrawFirst())[0]
    assert RULES.status(drawn) == f"3 seated · {drawn.first_player} goes first"
    assert RULES.status(Seating.new(seed=1)) == "Nobody seated yet"


def test_the_start_is_the_fresh_seating_read_back() -> None:
    start = RULES.start_of(Seating.new("merchants_journey", seed=7))
    assert start["actions"] == [] and start["game"] == "merchants_journey"
    assert RULES.read_start(start) == Seating.new("merchants_journey", seed=7)


@pytest.mark.parametrize(
    "action",
    [
        Seat("Anna"),
        Unseat("Ben"),
        MoveSeat("Cleo", -1),
        SetSeed(42),
        NewSeed(123456),
        DrawFirst(),
        Shuffle(),
        SetGame("merchants_cove"),
    ],
)
def test_actions_read_back_from_their_saved_form(action: SeatsAction) -> None:
    assert RULES.read_action(action.to_dict()) == action


@pytest.mark.parametrize(
    ("data", "names"),
    [
        ({"kind": "seat", "name": 3}, "3"),
        ({"kind": "move", "name": "Anna", "offset": "up"}, "'up'"),
        ({"kind": "set_seed", "seed": -1}, "-1"),
        ({"kind": "draw", "extra": 1}, "'extra'"),
        ({"kind": "dance"}, "'dance'"),
        ("seat", "'seat'"),
    ],
)
def test_a_bad_action_names_the_field(data: object, names: str) -> None:
    with pytest.raises(SeatsError, match=names):
        RULES.read_action(data)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Seat("anna"), "^Anna is already seated$"),
        (Seat(" "), "a player needs a name"),
        (Seat("x" * 41), "longer than 40"),
        (Seat("Dev\x07"), "control character"),
        (Unseat("Dev"), "^Dev is not seated$"),
        (MoveSeat("Anna", -1), "^Anna already sits in the first seat$"),
        (MoveSeat("Cleo", 0), "offset 0"),
        (SetSeed(482913), "^the seed is 482913 already$"),
        (SetSeed(10**13), "from 0 to"),
        (SetGame("chess"), "^chess is not a game the app knows$"),
        (SetGame("mercante"), "^the table is seated for Mercante already$"),
    ],
)
def test_an_action_that_is_not_allowed_says_why_and_changes_nothing(
    action: SeatsAction, message: str
) -> None:
    seating = three()
    assert not seating.can_apply(action)
    with pytest.raises(SeatsError, match=message):
        seating.apply(action)
    assert seating == three() and seating.log == three().log


def test_draw_and_shuffle_need_players_and_a_draw_is_made_once() -> None:
    empty = Seating.new(seed=5)
    with pytest.raises(SeatsError, match="no players"):
        empty.apply(DrawFirst())
    with pytest.raises(SeatsError, match="two players"):
        empty.apply(Seat("Anna"))[0].apply(Shuffle())
    drawn = three().apply(DrawFirst())[0]
    with pytest.raises(SeatsError, match="the draw is made"):
        drawn.apply(DrawFirst())


def test_any_change_of_seats_or_seed_takes_the_draw_back() -> None:
    drawn = three().apply(DrawFirst())[0]
    for action in (Seat("Dev"), Unseat("Anna"), MoveSeat("Cleo", -1), SetSeed(1), Shuffle()):
        assert drawn.apply(action)[0].first is None, action
    assert drawn.apply(SetGame("merchants_cove"))[0].first == drawn.first  # the game: not the draw


def test_two_phones_seating_two_players_both_fit() -> None:
    seen = three()
    ben_seated_dev = seen.apply(Seat("Dev"))[0]
    assert RULES.fits(seen, ben_seated_dev, Seat("Eli"))
    assert not RULES.fits(seen, ben_seated_dev, Seat("dev"))  # the same player: refused
    # Moving and removing players read only the player (and who sits beside them).
    assert RULES.fits(seen, ben_seated_dev, Unseat("Anna"))
    assert RULES.fits(seen, ben_seated_dev, MoveSeat("Ben", -1))
    assert not RULES.fits(seen, ben_seated_dev, MoveSeat("Cleo", 1))  # Dev sits there now
    moved = seen.apply(MoveSeat("Cleo", -1))[0]
    assert not RULES.fits(seen, moved, MoveSeat("Ben", 1))
    # The draw reads the seats and the seed: it is refused after either changed.
    assert not RULES.fits(seen, ben_seated_dev, DrawFirst())
    assert not RULES.fits(seen, seen.apply(SetSeed(7))[0], DrawFirst())
    assert RULES.fits(seen, seen.apply(SetGame("merchants_cove"))[0], DrawFirst())
    assert not RULES.fits(seen, seen.apply(SetSeed(7))[0], SetSeed(8))


def test_what_changed_says_who_came_left_or_moved() -> None:
    seen = three()
    assert seats.table_changed(seen, seen.apply(Seat("Dev"))[0]) == "Dev was seated meanwhile"
    assert seats.table_changed(seen, seen.apply(Unseat("Ben"))[0]) == "Ben left the table meanwhile"
    assert seats.table_changed(seen, seen.apply(MoveSeat("Cleo", -1))[0]) == (
        "the seat order changed meanwhile: Anna, Cleo, Ben"
    )
    assert seats.table_changed(seen, seen.apply(SetSeed(7))[0]) == "the seed is 7 now"
    drawn = seen.apply(DrawFirst())[0]
    assert (
        seats.table_changed(seen, drawn) == f"{drawn.first_player} was drawn to go first meanwhile"
    )
    assert seats.table_changed(seen, seen.apply(SetGame("merchants_cove"))[0]) == (
        "the table is seated for Merchants Cove now"
    )


def test_the_draw_on_the_table_is_the_replayable_draw() -> None:
    drawn = three().apply(DrawFirst())[0]
    assert drawn.draw == seats.draw_first_player(["Anna", "Ben", "Cleo"], 482913)
    assert drawn.turn_order() == drawn.draw.turn_order() if drawn.draw else False


ACTIONS = st.one_of(
    st.builds(Seat, st.sampled_from(["Anna", "Ben", "Cleo", "Dev", "eli", "Eli", " "])),
    st.builds(Unseat, st.sampled_from(["Anna", "Ben", "Dev"])),
    st.builds(MoveSeat, st.sampled_from(["Anna", "Ben", "Cleo", "Dev"]), st.sampled_from([-1, 1])),
    st.builds(SetSeed, st.integers(0, 10**6)),
    st.builds(NewSeed, st.integers(10**5, 10**6 - 1)),
    st.just(DrawFirst()),
    st.just(Shuffle()),
    st.builds(SetGame, st.sampled_from(["mercante", "merchants_journey", "other"])),
)


@given(st.lists(ACTIONS, max_size=25), st.integers(0, 10**6))
def test_any_seating_replays_from_its_save_and_seats_each_player_once(
    actions: list[SeatsAction], seed: int
) -> None:
    seating = Seating.new(seed=seed)
    for action in actions:
        if seating.can_apply(action):
            seating = seating.apply(action)[0]
    again = Seating.from_dict(seating.to_dict())
    assert again == seating and len(again.log) == len(seating.log)
    keys = [name.casefold() for name in seating.seats]
    assert len(keys) == len(set(keys))
    if seating.first is not None:
        assert seating.draw == seats.draw_first_player(seating.seats, seating.seed)
    # Each record holds the seating before it: taking the last one back is exact.
    if seating.log:
        assert seating.log[-1].before.apply(seating.log[-1].action)[0] == seating


def test_new_seeds_come_from_the_device_not_the_table() -> None:
    rng = random.Random(3)
    seed = seats.new_seed(rng)
    assert seed == seats.new_seed(random.Random(3))
    assert three().apply(NewSeed(seed))[0].seed == seed
