"""The Merchant's Journey screen's plain logic: the new-game form, the saved state, the texts the
screen shows, the previews on the row ends and what goes to history."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.engine import journey as j
from companion.engine.journey import JourneyGame, JourneyRules
from companion.history import open_store
from companion.rules import catalogue
from companion.ui.logic import journey as logic
from companion.ui.logic.journey import JourneyState, NewGameForm, StateError

FOUR = ("Anna", "Ben", "Cleo", "Dev")


def play(game: JourneyGame, *moves: tuple[Any, ...]) -> JourneyGame:
    for move in moves:
        if len(move) == 1:
            game = game.start_row(move[0])[0]
        elif len(move) == 3:
            game = game.place(*move)[0]
        else:
            game = game.swap(*move)[0]
    return game


def finished(rules: JourneyRules = j.STANDARD) -> JourneyGame:
    """A two-player game played to its last turn (38 cards in the pile)."""
    game = JourneyGame.new(("Anna", "Ben"), rules=rules)
    for i in range(38):
        rank = j.ranks()[i % 12]
        game = game.start_row(rank)[0] if i < 12 else game.place(rank, i % 12, "right")[0]
    return game


# -- the new-game form -----------------------------------------------------------------------------


def test_form_seats_players_and_refuses_bad_names() -> None:
    form = NewGameForm()
    for name in ("Anna", "  Ben  Carter ", "Cleo"):
        form.add(name)
    assert form.seats == ["Anna", "Ben Carter", "Cleo"]
    for bad, message in (("", "Type a name"), ("anna", "Anna is already seated"),
                         ("x" * 41, "At most 40 characters")):  # fmt: skip
        with pytest.raises(ValueError, match=message):
            form.add(bad)
    for name in ("Dev", "Eli", "Farah"):
        form.add(name)
    with pytest.raises(ValueError, match="at most 6 players"):
        form.add("Gus")


def test_form_keeps_the_first_player_when_seats_move() -> None:
    form = NewGameForm()
    for name in FOUR:
        form.add(name)
    form.set_first(2)
    form.move(2, -1)
    assert form.seats == ["Anna", "Cleo", "Ben", "Dev"] and form.first_player == "Cleo"
    form.remove(0)
    assert form.first_player == "Cleo"
    form.remove(0)
    assert form.first_player == "Ben"  # the first player left: the first seat goes first


def test_form_says_why_it_cannot_start_and_the_pile_for_four() -> None:
    form = NewGameForm()
    form.add("Anna")
    assert form.problem() == "Merchant's Journey is for 2–6 players; 1 player seated."
    with pytest.raises(ValueError, match="2–6 players"):
        form.build(j.STANDARD)
    for name in FOUR[1:]:
        form.add(name)
    assert form.problem() is None
    assert form.pile_line() == "4 players: 5 cards each (20 dealt), 28 in the draw pile."
    form.set_first(3)
    game = form.build(JourneyRules.of(j.TIES))
    assert (game.players, game.active, game.rules) == (FOUR, "Dev", JourneyRules.of(j.TIES))


def test_form_from_a_damaged_save_is_just_empty_or_cleaned() -> None:
    assert NewGameForm.from_dict("junk").seats == []
    form = NewGameForm.from_dict({"seats": ["Anna", "", "anna", 7, "Ben"], "first": True})
    assert form.seats == ["Anna", "7", "Ben"] and form.first == 0
    assert NewGameForm.from_dict({"seats": ["A", "B"], "first": 5}).first == 0


# -- saved state -----------------------------------------------------------------------------------


def test_state_round_trip_keeps_game_card_and_saved_play() -> None:
    state = JourneyState()
    state.form.fill(FOUR, 1)
    state.start(play(JourneyGame.new(FOUR, first=1), ("9",), ("8", 0, "left")))
    state.choose("q")
    state.saved_play = 12
    back = JourneyState.from_dict(state.to_dict())
    assert back.game == state.game and back.card == "Q" and back.saved_play == 12
    assert back.form.seats == list(FOUR) and back.form.first == 1
    back.choose("Q")
    assert back.card is None  # tapping the chosen card again clears it


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "is a list, not a record"),
        ({"format": "x"}, "format 'x'"),
        ({"format": logic.STATE_FORMAT, "version": 9}, "version 9"),
        (
            {"format": logic.STATE_FORMAT, "version": 1, "game": {"format": "nope"}},
            "could not be replayed: format 'nope'",
        ),
    ],
)
def test_state_that_cannot_be_read_says_why(data: object, message: str) -> None:
    with pytest.raises(StateError, match=message):
        JourneyState.from_dict(data)


def test_state_never_saved_is_empty() -> None:
    state = JourneyState.from_dict(None)
    assert state.game is None and state.card is None


def test_sync_rules_rescores_or_keeps_the_old_rules_with_a_reason() -> None:
    state = JourneyState()
    state.start(play(JourneyGame.new(FOUR), ("9",), ("2", 0, "right"), ("8", 0, "left")))
    assert state.sync_rules(JourneyRules.of(j.BLIGHT_LASTS)) is None
    assert state.game is not None and state.game.score("Cleo") == 17
    played_out = JourneyGame.new(("Anna", "Ben"), rules=JourneyRules.of(j.GAME_END))
    for i in range(40):
        rank = j.ranks()[i % 12]
        played_out = (
            played_out.start_row(rank)[0] if i < 12 else played_out.place(rank, i % 12, "left")[0]
        )
    state.start(played_out)
    message = state.sync_rules(j.STANDARD)
    assert message is not None and "keeps the house rules it was played with" in message
    assert state.game is played_out


# -- what the screen shows -------------------------------------------------------------------------


def test_status_and_pile_lines_count_down() -> None:
    game = JourneyGame.new(FOUR, first=2)
    assert logic.status_line(game) == "Turn 1 of 28 · Cleo to play"
    assert logic.pile_line(game) == "Draw pile: 28 of 28 left · Cleo draws, then plays a card"
    game = play(game, ("9",))
    assert logic.pile_line(game).startswith("Draw pile: 27 of 28 left · Dev draws")
    over = finished()
    assert logic.status_line(over) == "Game over after 38 turns"
    assert "cards left in hands score nothing" in logic.pile_line(over)


def test_pile_line_when_hands_are_played_out() -> None:
    game = JourneyGame.new(("Anna", "Ben"), rules=JourneyRules.of(j.GAME_END))
    for i in range(39):
        rank = j.ranks()[i % 12]
        game = game.start_row(rank)[0] if i < 12 else game.place(rank, i % 12, "left")[0]
    assert logic.pile_line(game) == (
        "Draw pile empty · playing out the hands: 9 cards left · Ben plays without drawing"
    )


def test_end_options_preview_exactly_what_placing_scores() -> None:
    game = play(JourneyGame.new(FOUR), ("9",), ("2", 0, "right"), ("K",))
    options = logic.end_options(game, "8")
    assert [(o.ident, o.points_label) for o in options] == [
        ("row-1-left", "+8"),
        ("row-1-right", "+0"),
        ("row-2-left", "+21"),
        ("row-2-right", "+21"),
        ("new-row", ""),
    ]
    for option in options[:-1]:
        assert option.gain is not None
        placed = game.place("8", option.row, option.side)[1]
        assert placed.gain == option.gain


def test_end_options_without_a_card_or_with_none_left() -> None:
    game = play(JourneyGame.new(FOUR), ("K",), ("K", 0, "left"), ("K", 0, "left"), ("K",))
    assert all(o.gain is None and o.problem == "Choose a card first"
               for o in logic.end_options(game, None))  # fmt: skip
    options = logic.end_options(game, "K")
    assert all(o.gain is None for o in options)
    assert options[0].problem.startswith("Card 'K': all 4 are already on the table")


def test_score_lines_show_each_total_with_its_working() -> None:
    game = play(JourneyGame.new(("Anna", "Ben")), ("9",), ("8", 0, "left"), ("2",),
                ("7", 0, "right"))  # fmt: skip
    lines = logic.score_lines(game)
    assert [(x.name, x.score, x.working, x.active, x.pairs) for x in lines] == [
        ("Anna", 0, "0", True, 0),
        ("Ben", 33, "17 + 16 = 33", False, 2),
    ]


def test_rulings_in_use_say_when_a_house_rule_is_on() -> None:
    lines = {x.id: x for x in logic.rulings_in_use(catalogue(), JourneyRules.of(j.PAIR_VALUE))}
    assert lines[j.PAIR_VALUE].house_rule
    assert lines[j.PAIR_VALUE].text == "A pair scores only the card just played"
    assert not lines[j.BLIGHT_LASTS].house_rule
    assert lines[j.BLIGHT_LASTS].text == "It lasts as long as the card sits beside the Blight."
    assert logic.house_rules_summary(catalogue(), j.STANDARD).startswith("The app's readings")


def test_swap_labels_and_record_texts() -> None:
    game = play(JourneyGame.new(FOUR), ("7",), ("K", 0, "right"), ("10", 0, "right"))
    [option] = game.legal_swaps()
    assert logic.swap_label(option, game) == "Swap Cleo's 10 with the K beside it"
    assert logic.record_title(game.log[-1]) == "Cleo played 10 beside K in row 1"
    record = game.swap(3, 2)[1]
    assert logic.record_title(record) == "Cleo's 10 traded places with the K"
    sources = logic.record_sources(record)
    assert sources[0].section == "Special Card Rules"
    sixes = play(JourneyGame.new(FOUR), ("6",), ("6",))
    labels = [logic.swap_label(o, sixes) for o in sixes.legal_swaps()]
    assert labels == [
        "Anna: switch the 6 in row 1 with the 6 in row 2",
        "Ben: switch the 6 in row 2 with the 6 in row 1",
    ]


def test_sources_of_a_blight_bonus_cite_the_link_passage() -> None:
    game = play(JourneyGame.new(FOUR), ("2",), ("2", 0, "left"), ("2", 0, "left"))
    quotes = [s.quote or "" for s in logic.record_sources(game.log[-1])]
    assert any("30 points" in q for q in quotes)
    assert any("negates" in q for q in quotes)


# -- history ---------------------------------------------------------------------------------------


def test_record_arguments_save_a_finished_game(tmp_path: Path) -> None:
    game = finished(JourneyRules.of(j.TIES))
    arguments = logic.record_arguments(game, catalogue())
    assert arguments["results"] == [("Anna", game.score("Anna")), ("Ben", game.score("Ben"))]
    for name in game.players:
        assert sum(arguments["breakdowns"][name].values()) == game.score(name)
    assert arguments["tiebreakers"] == [("Most pairs made", True)]
    assert arguments["notes"] == "House rules: Most pairs made breaks a tie."
    store = open_store(f"sqlite:///{tmp_path / 'h.sqlite3'}")
    try:
        play_id = store.record_play(**arguments)
        saved = store.get_play(play_id)
        winner = max(game.players, key=game.score)
        assert [r.player for r in saved.results if r.winner] == [winner]
        assert saved.game == "Merchant's Journey"
    finally:
        store.close()


def test_record_arguments_without_house_rules_have_no_notes_or_tiebreakers() -> None:
    arguments = logic.record_arguments(finished(), catalogue())
    assert arguments["notes"] == "" and "tiebreakers" not in arguments
    assert arguments["start_player"] == "Anna" and arguments["seats"] == ["Anna", "Ben"]
