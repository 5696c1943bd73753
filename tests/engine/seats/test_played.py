"""A night whose game is played on the game's own table (issue 19): the night links the table
(PlayAt), and the ONE play saved carries the table's scores with the night's facts (place,
start, duration, variants, house rules); the night shows the table's standings with their
working. Golden cases, refusals in players' words, and a property: the places a played table
gives are the scores' order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine.seats import (
    Choose,
    Finish,
    PlayAt,
    Reopen,
    Seating,
    SeatsError,
    SetGame,
    SetHouseRule,
    SetLocation,
    Start,
)
from companion.engine.seats.played import minutes_between, play_standings, with_night

PLAYERS = ("Ann", "Ben", "Cleo")


def night(game: str = "merchants_journey") -> Seating:
    return Seating.new(game, seed=7, seats=PLAYERS)


def refused(seating: Seating, action: object) -> str:
    with pytest.raises(SeatsError) as caught:
        seating.apply(action)
    return str(caught.value)


JOURNEY_PLAY = {
    "game": "merchants_journey",
    "results": [
        {"player": "Ann", "score": 31, "seat": 1, "start_player": True,
         "breakdown": {"Pairs": 25, "Blight bonus": 6}, "tiebreaks": [5]},
        {"player": "Ben", "score": 31, "seat": 2, "start_player": False,
         "breakdown": {"Pairs": 28, "Blight bonus": 3}, "tiebreaks": [6]},
        {"player": "Cleo", "score": 20, "seat": 3, "start_player": False,
         "breakdown": {"Pairs": 20, "Blight bonus": 0}, "tiebreaks": [4]},
    ],
    "tiebreakers": [{"name": "Most pairs", "higher_wins": True}],
    "notes": "",
}  # fmt: skip


def test_play_at_links_the_journey_table_opened_from_the_night() -> None:
    after, record = night().apply(PlayAt("journey", 12))
    assert after.game_table == 12
    assert record.summary == (
        "The game is played on the Merchant's Journey table opened from the night"
    )
    # Read back from its save: the link is kept.
    assert Seating.from_dict(after.to_dict()).game_table == 12
    # Another table started later (the first abandoned) takes its place.
    assert after.apply(PlayAt("journey", 13))[0].game_table == 13


def test_play_at_refusals_name_the_game_and_the_table() -> None:
    assert refused(night(), PlayAt("mercante", 3)) == (
        "tonight's game is Merchant's Journey, not Mercante"
    )
    assert refused(night("merchants_cove"), PlayAt("journey", 3)) == (
        "Merchants Cove has no game table of its own"
    )
    assert refused(night(), PlayAt("journey", 0)) == "table 0 is not a table number"
    linked = night().apply(PlayAt("journey", 4))[0]
    assert refused(linked, PlayAt("journey", 4)) == (
        "the game is played on that Merchant's Journey table already"
    )
    over = linked.apply(Finish("2026-12-02T21:00:00"))[0]
    assert refused(over, PlayAt("journey", 5)) == "The night is finished: reopen it to change it."
    assert over.apply(Reopen())[0].game_table == 4


def test_another_game_forgets_the_table() -> None:
    linked = night().apply(PlayAt("journey", 4))[0]
    assert linked.apply(SetGame("mercante"))[0].game_table is None


def test_the_one_play_carries_the_nights_facts() -> None:
    played = night("mercante")
    for action in (
        SetLocation("Harbour Café"),
        Start("2026-12-02T19:30:00"),
        Choose(("Hidden contracts",)),
        SetHouseRule("mercante.tiebreak_first_place", "alternative"),
        PlayAt("mercante", 9),
    ):
        played = played.apply(action)[0]
    fields = with_night(played, {"game": "mercante", "results": []}, at="2026-12-02T21:15:40")
    assert fields["location"] == "Harbour Café"
    assert fields["started_at"] == "2026-12-02T19:30:00"
    assert fields["played_at"] == "2026-12-02T21:15:40"
    assert fields["duration_min"] == 105  # 19:30 to 21:15:40
    assert fields["modules"] == ["Hidden contracts"]
    assert fields["house_rules"] == {"mercante.tiebreak_first_place": "alternative"}
    # Finished on the night: its finish, or the minutes the players corrected.
    done = played.apply(Finish("2026-12-02T21:00:00"))[0]
    assert with_night(done, {}, at="2026-12-02T23:00:00")["duration_min"] == 90
    assert with_night(done, {}, at="2026-12-02T23:00:00", duration_min=80)["duration_min"] == 80


def test_journey_standings_from_the_table_with_working_and_tie_breaker() -> None:
    lines = play_standings(JOURNEY_PLAY)
    assert [(x.place, x.player, x.score, x.winner) for x in lines] == [
        (1, "Ben", 31, True),
        (2, "Ann", 31, False),
        (3, "Cleo", 20, False),
    ]
    assert lines[0].working == "Pairs 28 + Blight bonus 3 = 31"
    assert lines[0].tiebreak == "Tie broken by most pairs; Most pairs: 6"


def test_a_play_whose_tie_breakers_decide_the_victory_only_shares_lower_places() -> None:
    results = [
        {"player": "Ann", "score": 12, "breakdown": {"Points": 12}, "tiebreaks": [3, 0]},
        {"player": "Ben", "score": 8, "breakdown": {"Points": 8}, "tiebreaks": [4, 0]},
        {"player": "Cleo", "score": 8, "breakdown": {"Points": 8}, "tiebreaks": [9, 0]},
    ]
    breakers = [
        {"name": "Most crowns left", "higher_wins": True},
        {"name": "Fewest unfulfilled contracts", "higher_wins": False},
    ]
    play = {"results": results, "tiebreakers": breakers, "tiebreaks_victory_only": True}
    lines = play_standings(play)
    assert [(x.place, x.player) for x in lines] == [(1, "Ann"), (2, "Ben"), (2, "Cleo")]
    assert lines[2].tiebreak == (
        "Shared place; Most crowns left: 9; Fewest unfulfilled contracts: 0"
    )
    every = play_standings({**play, "tiebreaks_victory_only": False})
    assert [(x.place, x.player) for x in every] == [(1, "Ann"), (2, "Cleo"), (3, "Ben")]


@given(st.lists(st.integers(-20, 80), min_size=1, max_size=6))
def test_places_follow_the_scores(scores: list[int]) -> None:
    play = {
        "results": [
            {"player": f"P{i}", "score": s, "breakdown": {"Points": s}}
            for i, s in enumerate(scores)
        ]
    }
    lines = play_standings(play)
    assert [x.score for x in lines] == sorted(scores, reverse=True)
    assert all(x.winner == (x.score == max(scores)) for x in lines)


def test_minutes_between_never_below_zero() -> None:
    assert minutes_between("2026-12-02T20:00:00", "2026-12-02T19:00:00") == 0
