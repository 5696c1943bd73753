"""The shared table's protocol (companion.engine.core.protocol) and Merchant's Journey's rules for
it: actions read back from their saved form, the start read back, what an action depends on,
and the words for what changed when a stale screen's move is refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine import journey as j
from companion.engine.core.protocol import TableRules, table_changed, whole_game
from companion.engine.journey import JourneyGame, Place, StartRow, Swap

RULES = j.TABLE_RULES


def three() -> JourneyGame:
    return JourneyGame.new(["Anna", "Ben", "Cleo"])


def test_journey_exports_its_table_rules() -> None:
    assert isinstance(RULES, TableRules)
    assert RULES.tool == "journey"
    assert RULES.error is j.JourneyError
    game = three().start_row("9")[0]
    assert RULES.players(game) == ("Anna", "Ben", "Cleo")
    assert RULES.status(game) == "Turn 2 of 33 · Ben to play"


def test_the_start_is_the_fresh_game_read_back() -> None:
    start = RULES.start_of(three())
    assert start["actions"] == []
    assert RULES.read_start(start) == three()


@pytest.mark.parametrize("action", [StartRow("9"), Place("8", 0, "left"), Swap(3, 2)])
def test_actions_read_back_from_their_saved_form(action: j.Action) -> None:
    assert RULES.read_action(action.to_dict()) == action


@pytest.mark.parametrize(
    ("data", "error", "names"),
    [
        ({"kind": "place", "rank": "8", "row": 0, "side": "up"}, j.SaveDataError, "'up'"),
        (
            {"kind": "place", "rank": "A", "row": 0, "side": "left"},
            j.SaveDataError,
            "rank: A: the Aces",
        ),
        ({"kind": "start_row", "rank": "9", "extra": 1}, j.SaveDataError, "'extra'"),
        ({"kind": "jump"}, j.SaveDataError, "'jump'"),
        (["place"], j.SaveDataError, "['place']"),
    ],
)
def test_a_bad_action_names_the_field(data: object, error: type[Exception], names: str) -> None:
    with pytest.raises(error, match=names.replace("[", r"\[").replace("]", r"\]")):
        RULES.read_action(data)


def test_a_turn_based_action_reads_the_whole_game() -> None:
    seen = three().start_row("9")[0]
    moved = seen.place("8", 0, "left")[0]
    assert RULES.fits(seen, seen, StartRow("3"))
    assert not RULES.fits(seen, moved, StartRow("3"))
    # Taken back: the table is as the screen saw it again, so its move fits.
    assert RULES.fits(seen, moved.undo(), StartRow("3"))
    assert whole_game(seen, StartRow("3")) is seen


def test_what_changed_names_who_played_which_turn() -> None:
    first = three().start_row("9")[0]
    second = first.place("8", 0, "right")[0]
    assert (
        j.table_changed(first, second) == "Ben already played turn 2 (played 8 beside 9 in row 1)"
    )
    assert j.table_changed(second, first) == "Ben's move (turn 2) was taken back"
    other = first.start_row("K")[0]
    # Ben's 8 was taken back and a King started a new city instead.
    assert j.table_changed(second, other) == "Ben already played turn 2 (started row 2 with a K)"
    ruled = first.with_rules(j.HouseRules.of(j.BLIGHT_LASTS))
    assert j.table_changed(first, ruled) == "the house rules of this game changed"
    assert table_changed(first, second) == "The table changed since this screen showed it"


def test_a_swap_that_happened_is_named() -> None:
    game = three().start_row("7")[0].place("K", 0, "right")[0].place("10", 0, "right")[0]
    swapped = game.swap(3, 2)[0]
    assert j.table_changed(game, swapped) == "Cleo's 10 already traded places with the K"


def test_house_rules_score_the_game_again() -> None:
    assert RULES.with_rules is not None
    game = three().start_row("9")[0].place("2", 0, "right")[0].place("8", 0, "left")[0]
    ruled = RULES.with_rules(game, frozenset({j.BLIGHT_LASTS, "mercante.other_tool"}))
    assert ruled.rules == j.HouseRules.of(j.BLIGHT_LASTS)
    assert ruled.score("Cleo") == 17 and game.score("Cleo") == 8


def test_table_rules_check_their_tool_id() -> None:
    with pytest.raises(ValueError, match="'no tool!'"):
        TableRules(
            tool="no tool!",
            read_start=JourneyGame.from_dict,
            read_action=j.read_action,
            players=lambda g: g.players,
            status=j.status_line,
        )


@given(st.lists(st.sampled_from(j.ranks()), min_size=1, max_size=20))
def test_every_logged_action_reads_back(ranks: list[str]) -> None:
    game = three()
    for rank in ranks:
        action: j.Action = StartRow(rank) if not game.rows else Place(rank, 0, "right")
        try:
            game = game.apply(action)[0]
        except j.JourneyError:
            continue
    for record in game.log:
        assert RULES.read_action(record.action.to_dict()) == record.action
    assert RULES.read_start(game.to_dict()) == game
