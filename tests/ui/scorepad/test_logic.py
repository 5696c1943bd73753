"""The score pad's form logic: totals, errors on the right field, standings, saving."""

from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine.scorepad import AddRow, Pad, SetText
from companion.rules import catalogue
from companion.ui.history.model import number, outcome, pad_from_play, percent, play_fields
from companion.ui.scorepad.model import ScorePad, parse_whole, words
from companion.ui.scorepad.model import form as scorepad


def pad_for(game: str = "mercante", names: tuple[str, ...] = ("Anna", "Ben", "Cleo")) -> ScorePad:
    pad = ScorePad(catalogue=catalogue())
    pad.set_game(game)
    pad.fill_names(list(names))
    return pad


@pytest.mark.parametrize(
    ("text", "value"), [("12", 12), ("-3", -3), (" +4 ", 4), ("−7", -7), ("0", 0)]
)
def test_whole_numbers_as_typed_at_the_table(text: str, value: int) -> None:
    assert parse_whole(text) == value


@pytest.mark.parametrize("text", ["", "1.5", "ten", "1e3", "--1", "12a", str(10**10)])
def test_anything_else_is_not_a_score(text: str) -> None:
    with pytest.raises(ValueError):
        parse_whole(text)


def test_each_error_is_keyed_by_the_field_that_caused_it() -> None:
    pad = pad_for(names=("Anna", "anna", ""))
    pad.rows[0].score = "12"
    pad.rows[1].score = "x"
    errors = pad.errors()
    assert errors[("name", 1)] == "anna is already on the pad"
    assert errors[("name", 2)] == "Name needed"
    assert errors[("score", 1)].startswith("Whole number")
    assert errors[("score", 2)] == "Score needed"
    assert ("score", 0) not in errors and ("name", 0) not in errors


def test_player_count_outside_the_game_range_blocks_saving() -> None:
    pad = pad_for(names=("Anna", "Ben"))
    assert "3–5 players" in pad.errors()[("players",)]
    with pytest.raises(ValueError):
        pad.record_arguments()


def test_other_game_needs_a_title_and_only_warns_about_one_player() -> None:
    pad = pad_for("other", names=("Solo",))
    pad.rows[0].score = "40"
    assert pad.errors() == {("title",): "Type the game's title"}
    pad.title = "Patience"
    assert pad.errors() == {}
    assert pad.warnings() and "1 player" in pad.warnings()[0]


def test_breakdown_totals_add_up_live() -> None:
    pad = pad_for()
    pad.breakdown = True
    assert pad.categories == ["Victory points", "Contract penalties"]
    pad.rows[0].parts = {"Victory points": "11", "Contract penalties": "-3"}
    pad.rows[1].parts = {"Victory points": "9", "Contract penalties": ""}
    pad.rows[2].parts = {"Victory points": "x", "Contract penalties": ""}
    assert (pad.total(0), pad.total(1), pad.total(2)) == (8, 9, None)
    assert [s.name for s in pad.standings()] == ["Ben", "Anna"]
    assert ("part", 2, "Victory points") in pad.errors()


def test_standings_use_the_ordered_tie_breakers() -> None:
    pad = pad_for()
    for row, score, crowns in zip(pad.rows, ("10", "10", "7"), ("5", "9", "1"), strict=True):
        row.score, row.ties = score, [crowns, ""]
    result = pad.standings()
    assert [(s.name, s.rank) for s in result] == [("Ben", 1), ("Anna", 2), ("Cleo", 3)]
    assert result[0].decided_by == "Most crowns left"
    pad.move_tiebreaker(1, -1)  # fewest unfulfilled contracts first: both blank, crowns decide
    assert [s.name for s in pad.standings()] == ["Ben", "Anna", "Cleo"]


def test_lowest_wins_for_a_typed_title() -> None:
    pad = pad_for("other", names=("A", "B"))
    pad.title = "Golf"
    pad.lowest_wins = True
    pad.rows[0].score, pad.rows[1].score = "70", "65"
    assert pad.standings()[0].name == "B"
    assert pad.record_arguments()["highest_wins"] is False


def test_record_arguments_carry_everything_typed() -> None:
    pad = pad_for()
    pad.breakdown = True
    for row, vp in zip(pad.rows, ("10", "12", "9"), strict=True):
        row.parts = {"Victory points": vp, "Contract penalties": "-2"}
    pad.rows[1].start = True
    pad.duration = "95"
    pad.location = "Club"
    args = pad.record_arguments()
    assert args["game"] == "mercante"
    assert args["results"] == [("Anna", 8), ("Ben", 10), ("Cleo", 7)]
    assert args["seats"] == ["Anna", "Ben", "Cleo"]
    assert args["start_player"] == "Ben"
    assert args["duration_min"] == 95
    assert args["breakdowns"]["Ben"] == {"Victory points": 12, "Contract penalties": -2}
    assert args["tiebreakers"] == [
        ("Most crowns left", True),
        ("Fewest unfulfilled contracts", False),
    ]


class _Clock:
    """Stands in for ``datetime`` in the score pad: ``now()`` reads a settable time."""

    at = datetime(2026, 3, 1, 19, 0, 30)

    @classmethod
    def now(cls) -> datetime:
        return cls.at

    fromisoformat = staticmethod(datetime.fromisoformat)


def test_a_play_is_dated_when_it_is_saved_not_when_the_pad_was_opened(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(scorepad, "datetime", _Clock)
    _Clock.at = datetime(2026, 3, 1, 19, 0, 30)
    pad = pad_for()  # opened at 19:00, before the game
    for row, score in zip(pad.rows, ("10", "12", "9"), strict=True):
        row.score = score
    draft = pad.to_dict()
    assert draft["when"] is None  # nothing chosen yet: survives closing the app as such
    _Clock.at = datetime(2026, 3, 1, 21, 40, 12)  # the game ends, the pad is saved
    again = ScorePad.from_dict(draft, catalogue())
    assert again.played_at is None
    assert again.record_arguments()["played_at"] == datetime(2026, 3, 1, 21, 40)
    # A time chosen (or a saved play's, when editing it) is kept as chosen.
    again.played_at = datetime(2026, 2, 27, 20, 15)
    back = ScorePad.from_dict(again.to_dict(), catalogue())
    assert back.record_arguments()["played_at"] == datetime(2026, 2, 27, 20, 15)
    # After saving, the next game is dated when it is saved in turn.
    back.clear_scores()
    assert back.played_at is None
    # A draft from before "when" (which kept the time the pad was opened) dates on save too.
    old = {**draft, "played_at": "2026-03-01T19:00"}
    del old["when"]
    assert ScorePad.from_dict(old, catalogue()).played_at is None


def test_a_draft_survives_a_round_trip_and_damage_gives_a_fresh_pad() -> None:
    pad = pad_for()
    pad.rows[0].score = "4"
    pad.add_category("Bonus")
    again = ScorePad.from_dict(pad.to_dict(), catalogue())
    assert again.to_dict() == pad.to_dict()
    broken = ScorePad.from_dict({"game": "mercante", "rows": "nonsense"}, catalogue())
    assert broken.game_id == "mercante" and len(broken.rows) == 2


@given(st.lists(st.integers(-1000, 1000), min_size=3, max_size=5))
def test_the_winner_has_the_best_total(scores: list[int]) -> None:
    pad = pad_for(names=tuple(f"P{i}" for i in range(len(scores))))
    for row, score in zip(pad.rows, scores, strict=True):
        row.score = str(score)
    result = pad.standings()
    assert result[0].score == max(scores)
    assert {s.name for s in result if s.winner} == {
        f"P{i}" for i, s in enumerate(scores) if s == max(scores)
    }


def _saved_play() -> SimpleNamespace:
    result = lambda player, seat, score, rank, winner, **kw: SimpleNamespace(  # noqa: E731
        player=player,
        seat=seat,
        score=score,
        rank=rank,
        winner=winner,
        breakdown=kw.get("breakdown", {}),
        tiebreaks=kw.get("tiebreaks", []),
        start_player=kw.get("start", False),
    )
    return SimpleNamespace(
        id=3,
        uid="u-1",
        game="Mercante",
        game_key="mercante",
        highest_wins=True,
        finished=True,
        played_at=datetime(2026, 11, 1, 20, 0),
        duration_min=90,
        location="Club",
        notes="close",
        modules=[],
        tiebreakers=[SimpleNamespace(name="Most crowns left", higher_wins=True)],
        results=[
            result("Ben", 2, 12, 1, True, breakdown={"Victory points": 12}, tiebreaks=[30]),
            result(
                "Anna",
                1,
                9,
                2,
                False,
                breakdown={"Victory points": 10, "Contract penalties": -1},
                tiebreaks=[None],
                start=True,
            ),
            result("Cleo", 3, 9, 2, False, breakdown={"Victory points": 9}, tiebreaks=[4]),
        ],
    )


def test_a_saved_play_fills_the_pad_for_editing_in_seat_order() -> None:
    pad = pad_from_play(_saved_play(), catalogue())
    assert pad.game_id == "mercante" and pad.breakdown
    assert [r.name for r in pad.rows] == ["Anna", "Ben", "Cleo"]
    assert pad.rows[0].start and pad.rows[0].parts == {
        "Victory points": "10",
        "Contract penalties": "-1",
    }
    assert pad.rows[1].parts["Contract penalties"] == ""
    assert [r.ties for r in pad.rows] == [[""], ["30"], ["4"]]
    fields = play_fields(pad, uid="u-1")
    assert fields["uid"] == "u-1"
    assert [(r["player"], r["score"], r["seat"]) for r in fields["results"]] == [
        ("Anna", 9, 1),
        ("Ben", 12, 2),
        ("Cleo", 9, 3),
    ]
    assert fields["results"][0]["start_player"] is True


def test_outcome_sentences() -> None:
    play = _saved_play()
    assert outcome(play) == "Ben won with 12"
    play.results[1].winner = True
    play.results[1].score = 12
    assert outcome(play) == "Ben and Anna shared the win (12)"
    play.finished = False
    assert outcome(play) == "Not finished"
    assert (percent(2 / 3), number(12.0), number(12.25), number(None)) == ("67%", "12", "12.2", "—")


# -- what the pad screen says and decides (scorepad.model.words) ----------------------------


def test_a_new_category_or_tiebreaker_is_checked_before_it_is_sent() -> None:
    assert words.category_problem("", ("Ships",)) == "Type a category name"
    assert words.category_problem("ships", ("Ships",)) == "Already a category"
    assert words.category_problem("Gold", ("Ships",)) is None
    assert words.tiebreaker_problem("") == "Type what breaks the tie"
    assert words.tiebreaker_problem("Most money") is None


def test_a_known_player_fills_the_first_empty_name_unless_it_is_being_typed() -> None:
    pad = Pad.new("mercante")  # two empty lines
    first = pad.rows[0].id
    assert words.known_player(pad, {}, "Anna") == SetText(("name", first), "Anna")
    typing = {("name", first): "An", ("name", pad.rows[1].id): "Be"}
    assert words.known_player(pad, typing, "Anna") == AddRow("Anna")


def test_a_fresh_pad_keeps_the_players_and_drops_the_scores_and_the_log() -> None:
    pad = Pad.new("mercante", names=("Anna", "Ben"))
    scored = pad.apply(SetText(("score", pad.rows[0].id), "12"))[0]
    fresh = words.fresh_pad(scored)
    assert [r.name for r in fresh.rows] == ["Anna", "Ben"]
    assert [r.score for r in fresh.rows] == ["", ""]
    assert fresh.log == ()
    assert words.who(fresh) == "Anna, Ben"
    assert words.who(Pad.new("mercante")) == "No names yet"


def test_errors_show_once_typed_or_once_save_asked() -> None:
    assert words.shown_error("Not a number", "", show_all=False) is None
    assert words.shown_error("Not a number", "1-", show_all=False) == "Not a number"
    assert words.shown_error("Not a number", "", show_all=True) == "Not a number"
    assert words.not_saved({}) is None
    assert words.not_saved({("title",): "x", ("players",): "y"}) == "Not saved: 2 fields to fix."


def test_save_names_the_fields_to_fix_even_when_they_are_off_the_screen() -> None:
    """A fresh-eyes walk cleared Player 4's name and tapped Save: "Not saved: 1 field to
    fix." did not say which, and the field was scrolled out of sight."""
    rows = [scorepad.Row("Ann", "3"), scorepad.Row("Ben", "4"), scorepad.Row("Cleo", "5")]
    form = ScorePad(catalogue(), rows=[*rows, scorepad.Row("")])
    assert (
        words.not_saved(form.errors(), form)
        == "Not saved: fix Player 4's name and Player 4's score."
    )
    form.rows = [
        scorepad.Row("", "1"),
        scorepad.Row("Ben"),
        scorepad.Row("Cleo"),
        scorepad.Row("Dee"),
    ]
    assert words.not_saved(form.errors(), form) == (
        "Not saved: fix Player 1's name, Ben's score and 2 more fields."
    )
    form.rows = [scorepad.Row("Ann", "12"), scorepad.Row("Ben", "x"), scorepad.Row("Cleo", "5")]
    assert words.not_saved(form.errors(), form) == "Not saved: fix Ben's score."
    assert words.not_saved({("title",): "x", ("duration",): "y"}, form) == (
        "Not saved: fix the game's title and the minutes played."
    )


def test_the_date_lines_and_a_picked_day_keep_the_time() -> None:
    assert words.when_lines(None) == ("When you save", "Dated when you save")
    at = datetime(2026, 11, 28, 20, 15)
    assert words.when_lines(at) == ("Sat 28 Nov 2026, 20:15", "28 Nov 2026, 20:15")
    assert words.picked_day(datetime(2026, 11, 2), at) == datetime(2026, 11, 2, 20, 15)
    assert words.picked_day(None, at) == at
    assert words.pad_problem(None) is None


def test_a_night_pad_keeps_the_games_categories_and_adds_the_tally_when_it_has_lines() -> None:
    from companion.engine.seats import AddToTally, DrawFirst, Seating
    from companion.ui.scorepad.model.night import night_pad

    night = Seating.new("mercante", seed=482913, seats=("Ann", "Ben", "Cleo"))
    night, _ = night.apply(DrawFirst())
    pad = night_pad(night)
    assert pad.categories == ("Victory points", "Contract penalties")
    assert [t.name for t in pad.tiebreakers] == ["Most crowns left", "Fewest unfulfilled contracts"]
    assert [r.name for r in pad.rows if r.start] == [night.first_player]
    night, _ = night.apply(AddToTally("Ben", 5, "A bonus"))
    pad = night_pad(night)
    assert pad.categories == ("Victory points", "Contract penalties", "From the tally")
    assert [r.part("From the tally") for r in pad.rows] == ["", "5", ""]
    assert pad.breakdown


def test_a_category_that_takes_gold_off_keeps_its_name_and_its_field_says_enter_a_minus() -> None:
    from companion.engine.seats import Seating
    from companion.ui.scorepad.model.night import field_label, night_pad

    pad = night_pad(Seating.new("merchants_cove", seed=482913, seats=("Ann", "Ben")))
    assert pad.categories == ("Gold", "End-game Sponsorship", "Corruption")
    assert [label for _, label in words.score_fields(pad, pad.rows[0])] == [
        "Gold",
        "End-game Sponsorship",
        "Corruption (enter as −)",
    ]
    # An old play's category keeps the name it was saved with; other games get no hint.
    assert field_label("merchants_cove", "Corruption (enter as −)") == "Corruption (enter as −)"
    assert field_label("mercante", "Corruption") == "Corruption"


def test_without_points_a_score_is_optional_and_who_won_is_asked_above_save() -> None:
    """Issue 19: a winner chosen by hand needs a tick, not scores; the notice above Save
    says so; the history gets the ticked winners and no score where none was typed; a
    typed score with categories keeps its breakdown."""
    pad = pad_for()
    pad.scoring = "manual"
    assert pad.errors() == {("winners",): "Tick who won (or choose Co-operative if everyone lost)"}
    assert words.notices(pad, pad.errors(), show_all=True) == [
        ("error", "Tick who won (or choose Co-operative if everyone lost)"),
        ("error", "Fix the marked fields, then save."),
    ]
    pad.rows[1].won = True
    pad.breakdown = True
    pad.rows[0].parts["Victory points"] = "12"
    assert pad.errors() == {}
    fields = play_fields(pad)
    assert fields["scoring"] == "manual"
    assert [(r["player"], r["score"], r["winner"], r["breakdown"]) for r in fields["results"]] == [
        ("Anna", 12, False, {"Victory points": 12, "Contract penalties": 0}),
        ("Ben", None, True, {}),
        ("Cleo", None, False, {}),
    ]
    pad.scoring = "cooperative"
    pad.all_won = False
    assert [r["winner"] for r in play_fields(pad)["results"]] == [False, False, False]
    pad.scoring = "points"  # as before: every total needed, the scores decide
    pad.breakdown = False
    assert sorted(pad.errors()) == [("score", 0), ("score", 1), ("score", 2)]
    for row, score in zip(pad.rows, ("7", "9", "8"), strict=True):
        row.score = score
    fields = play_fields(pad)
    assert "scoring" not in fields
    assert [("winner" in r, r["score"]) for r in fields["results"]] == [
        (False, 7),
        (False, 9),
        (False, 8),
    ]


def test_a_mercante_pad_ranks_lower_ties_by_the_ruling_unless_the_house_rule_says_otherwise() -> (
    None
):
    """Ruling mercante.tiebreak_first_place on the score pad as on the Mercante table: crowns
    decide the victory only, so Cleo and Dan, tied on 7 below the winner, share second; with
    the house rule, or with tie-breakers of the players' own, crowns order every place."""
    from companion.ui.scorepad.model.words import places_note

    typed = pad_for(names=("Anna", "Ben", "Cleo", "Dan"))
    for row, score, crowns in zip(
        typed.rows, ("10", "9", "7", "7"), ("3", "1", "8", "2"), strict=True
    ):
        row.score, row.ties = score, [crowns, ""]
    pad = scorepad.pad_of(typed)
    by_rule = scorepad.form_of(pad, catalogue())
    assert by_rule.tiebreaks_victory_only
    standings = by_rule.standings()
    assert [(s.name, s.rank) for s in standings][2:] == [("Cleo", 3), ("Dan", 3)]
    assert "players tied lower down share their place" in (places_note(by_rule, standings) or "")
    assert by_rule.record_arguments()["tiebreaks_victory_only"] is True
    assert by_rule.record_arguments()["tiebreak_values"]["Dan"] == [2, None]  # kept
    every = scorepad.form_of(pad, catalogue(), {"mercante.tiebreak_first_place"})
    assert [(s.name, s.rank) for s in every.standings()][2:] == [("Cleo", 3), ("Dan", 4)]
    assert places_note(every, every.standings()) is None
    assert "tiebreaks_victory_only" not in every.record_arguments()
