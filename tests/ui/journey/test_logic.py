"""The Merchant's Journey screen's plain logic: the new-game form, the saved state, the texts the
screen shows, the previews on the row ends and what goes to history."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine import journey as j
from companion.engine.journey import HouseRules, JourneyGame
from companion.history import PlayCreate, open_store
from companion.rules import catalogue
from companion.ui.journey import model as logic
from companion.ui.journey.model import JourneyDraft, NewGameForm, StateError
from tests.table_fixtures import play

FOUR = ("Anna", "Ben", "Cleo", "Dev")


def finished(rules: HouseRules = j.STANDARD) -> JourneyGame:
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
    game = form.build(HouseRules.of(j.TIES))
    assert (game.players, game.active, game.rules) == (FOUR, "Dev", HouseRules.of(j.TIES))


def test_form_from_a_damaged_save_is_just_empty_or_cleaned() -> None:
    assert NewGameForm.from_dict("junk").seats == []
    form = NewGameForm.from_dict({"seats": ["Anna", "", "anna", 7, "Ben"], "first": True})
    assert form.seats == ["Anna", "7", "Ben"] and form.first == 0
    assert NewGameForm.from_dict({"seats": ["A", "B"], "first": 5}).first == 0


# -- what one device chooses, and the old single saved game ---------------------------------------


def test_the_draft_card_is_chosen_cleared_and_forgotten_when_gone() -> None:
    draft = JourneyDraft()
    draft.choose("q")
    assert draft.card == "Q"
    draft.choose("Q")
    assert draft.card is None  # tapping the chosen card again clears it
    draft.choose("K")
    game = JourneyGame.new(FOUR)
    for move in (("K",), ("K", 0, "left"), ("K", 0, "left")):
        game = play(game, move)
    draft.still_playable(game)
    assert draft.card == "K"  # one left
    draft.still_playable(play(game, ("K",)))
    assert draft.card is None


def test_an_old_save_is_read_back_for_the_import() -> None:
    game = play(JourneyGame.new(FOUR, first=1), ("9",), ("8", 0, "left"))
    old = {"format": logic.STATE_FORMAT, "version": 1, "game": game.to_dict(),
           "form": {"seats": list(FOUR), "first": 1}, "card": "Q", "saved_play": None}  # fmt: skip
    assert logic.read_old_save(old) == game
    assert logic.form_of_old_save(old).seats == list(FOUR)
    assert logic.read_old_save({**old, "saved_play": 12}) is None  # it lives in the history
    assert logic.read_old_save({**old, "game": None}) is None
    assert logic.read_old_save(None) is None


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "the saved game must be a mapping, got list"),
        ({"format": "x"}, "format 'x'"),
        ({"format": logic.STATE_FORMAT, "version": 9}, "version 9"),
        (
            {"format": logic.STATE_FORMAT, "version": 1, "game": {"format": "nope"}},
            "could not be replayed: format 'nope'",
        ),
    ],
)
def test_an_old_save_that_cannot_be_read_says_why(data: object, message: str) -> None:
    with pytest.raises(StateError, match=message):
        logic.read_old_save(data)


def test_house_rules_rescore_the_table_or_it_keeps_its_own_with_a_reason() -> None:
    from companion.tables import Applied, Refused, TableHub

    store = open_store("sqlite://")
    try:
        hub = TableHub(store)
        game = play(JourneyGame.new(FOUR), ("9",), ("2", 0, "right"), ("8", 0, "left"))
        snap = hub.create("journey", game.start)
        for record in game.log:
            snap = hub.submit(snap.table_id, record.action, seen=snap.seq, device="t").snapshot
        ruled = hub.set_house_rules(snap.table_id, [j.BLIGHT_LASTS], seen=snap.seq, device="t")
        assert isinstance(ruled, Applied) and ruled.snapshot.game.score("Cleo") == 17
        played_out = JourneyGame.new(("Anna", "Ben"), rules=HouseRules.of(j.GAME_END))
        for i in range(40):
            rank = j.ranks()[i % 12]
            played_out = play(played_out, (rank,) if i < 12 else (rank, i % 12, "left"))
        out = hub.create("journey", played_out.start)
        for record in played_out.log:
            out = hub.submit(out.table_id, record.action, seen=out.seq, device="t").snapshot
        refused = hub.set_house_rules(out.table_id, [], seen=out.seq, device="t")
        assert isinstance(refused, Refused)
        assert "keeps the house rules it was played with" in refused.message
        assert hub.open(out.table_id).game == played_out
    finally:
        store.close()


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
    game = JourneyGame.new(("Anna", "Ben"), rules=HouseRules.of(j.GAME_END))
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
    assert options[0].problem.startswith("Every K is on the table already: all 4")


def test_score_lines_show_each_total_with_its_working() -> None:
    game = play(JourneyGame.new(("Anna", "Ben")), ("9",), ("8", 0, "left"), ("2",),
                ("7", 0, "right"))  # fmt: skip
    lines = logic.score_lines(game)
    assert [(x.name, x.score, x.working, x.active, x.pairs) for x in lines] == [
        ("Anna", 0, "0", True, 0),
        ("Ben", 33, "17 + 16 = 33", False, 2),
    ]


def test_rulings_in_use_say_when_a_house_rule_is_on() -> None:
    lines = {x.id: x for x in logic.rulings_in_use(catalogue(), HouseRules.of(j.PAIR_VALUE))}
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


def test_the_play_of_a_finished_table_is_a_valid_history_play(tmp_path: Path) -> None:
    game = finished(HouseRules.of(j.TIES))
    played = logic.play_of(game, catalogue())
    results = played["results"]
    assert [(r["player"], r["score"]) for r in results] == [
        ("Anna", game.score("Anna")),
        ("Ben", game.score("Ben")),
    ]
    for r in results:
        assert sum(r["breakdown"].values()) == r["score"]
        assert r["tiebreaks"] == [game.pairs_made(r["player"])]
    assert played["tiebreakers"] == [{"name": "Most pairs made", "higher_wins": True}]
    assert played["notes"] == "House rules: Most pairs made breaks a tie."
    store = open_store(f"sqlite:///{tmp_path / 'h.sqlite3'}")
    try:
        table = store.create_table(tool="journey", start=game.start.to_dict(), summary={})
        play_id, created = store.save_table_play(
            table_id=table.id, play=PlayCreate.model_validate(played)
        )
        saved = store.get_play(play_id)
        winner = max(game.players, key=game.score)
        assert created and [r.player for r in saved.results if r.winner] == [winner]
        assert saved.game == "Merchant's Journey"
    finally:
        store.close()


def test_the_play_without_house_rules_has_no_notes_or_tiebreakers() -> None:
    played = logic.play_of(finished(), catalogue())
    assert played["notes"] == "" and played["tiebreakers"] == []
    assert [r["start_player"] for r in played["results"]] == [True, False]
    assert [r["seat"] for r in played["results"]] == [1, 2]


def test_an_unfinished_game_is_not_a_play() -> None:
    with pytest.raises(j.JourneyError, match="not over yet: 37 turns left"):
        logic.play_of(JourneyGame.new(("Anna", "Ben")).start_row("9")[0], catalogue())


def test_a_game_stopped_early_is_an_unfinished_play(tmp_path: Path) -> None:
    """Issue 12: players who stop before the end save the scores so far, as unfinished."""
    game = play(JourneyGame.new(FOUR), ("9",), ("8", 0, "right"), ("2", 0, "left"))
    played = logic.play_of(game, catalogue(), unfinished=True)
    assert played["finished"] is False
    assert played["notes"] == "Stopped after 3 of 28 turns (25 left)."
    assert [(r["player"], r["score"]) for r in played["results"]] == [
        (name, game.score(name)) for name in FOUR
    ]
    with_rules = play(JourneyGame.new(FOUR, rules=HouseRules.of(j.TIES)), ("9",), ("8", 0, "left"))
    notes = logic.play_of(with_rules, catalogue(), unfinished=True)["notes"]
    assert (
        notes == "Stopped after 2 of 28 turns (26 left). House rules: Most pairs made breaks a tie."
    )
    assert logic.play_of(finished(), catalogue(), unfinished=True)["finished"] is True
    with pytest.raises(j.JourneyError, match="no card has been played yet"):
        logic.play_of(JourneyGame.new(FOUR), catalogue(), unfinished=True)
    store = open_store(f"sqlite:///{tmp_path / 'h.sqlite3'}")
    try:
        table = store.create_table(tool="journey", start=game.start.to_dict(), summary={})
        play_id, _ = store.save_table_play(
            table_id=table.id, play=PlayCreate.model_validate(played)
        )
        saved = store.get_play(play_id)
        assert not saved.finished and not [r for r in saved.results if r.winner]
    finally:
        store.close()


def test_the_picker_asks_what_the_pile_line_says_the_active_player_does() -> None:
    game = JourneyGame.new(FOUR, first=2)
    assert logic.pile_count(game) == "Draw pile: 28 of 28 left"
    assert logic.turn_instruction(game) == "Cleo draws, then plays a card"
    assert logic.pile_line(game) == f"{logic.pile_count(game)} · {logic.turn_instruction(game)}"
    assert logic.turn_ask(game) == "Cleo draws, then plays: which card?"
    out = JourneyGame.new(("Anna", "Ben"), rules=HouseRules.of(j.GAME_END))
    for i in range(39):
        rank = j.ranks()[i % 12]
        out = out.start_row(rank)[0] if i < 12 else out.place(rank, i % 12, "left")[0]
    assert logic.turn_ask(out) == "Ben plays without drawing: which card?"
    assert logic.turn_instruction(finished()) == "" and logic.pile_line(finished()) == (
        logic.pile_count(finished())
    )


def test_a_long_row_shows_its_two_ends_around_a_count_on_a_phone() -> None:
    assert logic.shown_positions(0) == ()
    assert logic.shown_positions(5) == (0, 1, 2, 3, 4)
    assert logic.shown_positions(6) == (0, 1, None, 4, 5)
    assert logic.shown_positions(12) == (0, 1, None, 10, 11)
    for length in range(40):
        shown = logic.shown_positions(length)
        assert len(shown) <= logic.ROW_CHIPS
        ends = [i for i in shown if i is not None]
        if length:  # both ends of the row are always shown: that is where cards go
            assert ends[0] == 0 and ends[-1] == length - 1


# -- why? ------------------------------------------------------------------------------------------


def test_every_why_of_a_whole_game_resolves() -> None:
    """Every "why?" a game's numbers offer opens real entries and rulings (why_targets raises
    KeyError for anything unknown), and names the rulings the engine applied."""
    from companion.ui.journey.model import why
    from companion.ui.kit.why import why_targets

    game = JourneyGame.new(FOUR)
    moves = [("9",), ("2", 0, "right"), ("8", 0, "left"), ("2",), ("2", 1, "right"),
             ("2", 1, "left"), ("10", 0, "right"), ("6",), ("6", 2, "right")]  # fmt: skip
    game = play(game, *moves)
    seen: set[str] = set()
    for record in game.log:
        found = why.why_record(record)
        entries, rulings = why_targets(found.entries, found.rulings)
        assert entries or rulings
        assert set(record.gain.rulings) <= set(found.rulings)
        seen |= {e.id for e in entries}
    assert {"journey.pairs", "journey.card.2", "journey.turn"} <= seen
    bonus = next(r for r in game.log if r.gain.bonus)
    assert j.BLIGHT_BONUS in why.why_record(bonus).rulings
    assert why.BLIGHT in why.why_record(bonus).entries
    ten = next(r for r in game.log if r.card.rank == "10")
    assert j.SWAP_WHEN_PLAYED in why.why_record(ten).rulings
    for name in FOUR:
        found = why.why_score(game, name)
        why_targets(found.entries, found.rulings)
    for rank in j.ranks():
        previews = [o.gain for o in logic.end_options(game, rank) if o.gain and o.row is not None]
        found = why.why_card(rank, previews)
        why_targets(found.entries, found.rulings)
        assert why.card_key(rank) in found.entries
    assert game.legal_swaps()  # a Ghorralands switch is open
    for option in game.legal_swaps():
        found = why.why_swap(option)
        why_targets(found.entries, found.rulings)
    for found in (why.why_status(game), why.why_final(game), why.why_setup()):
        assert why_targets(found.entries, found.rulings) != ((), ())
