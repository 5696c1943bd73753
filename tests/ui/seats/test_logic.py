"""The game night's screen logic without flet (companion.ui.seats.model.night): what is played
in words, the start line, the tools that fit each game, the tally per player with its line
numbers and working, the sheet's help, the standings' working and tie-breakers, and what a
player types (points, minutes)."""

from __future__ import annotations

from datetime import datetime

import pytest

from companion.engine.seats import (
    AddToTally,
    Choose,
    Finish,
    Seating,
    SeatsError,
    SetFigure,
    SetHouseRule,
    Start,
    sheet_for,
)
from companion.ui.seats.model.night import (
    NightDraft,
    category_help,
    now_text,
    parse_minutes,
    parse_points,
    played_lines,
    standing_lines,
    started_line,
    tally_of,
    tools_for,
)


def night(game: str = "merchants_cove", *actions: object) -> Seating:
    seating = Seating.new(game, seed=482913, seats=("Ann", "Ben", "Cleo", "Dev"))
    for action in actions:
        seating = seating.apply(action)[0]
    return seating


def test_what_is_played_in_words() -> None:
    assert played_lines(night()) == ["The base game: no modules, expansions or house rules chosen."]
    chosen = night(
        "merchants_cove", Choose(("paladins", "entertainer")), SetHouseRule("setup.paladin_split")
    )
    lines = played_lines(chosen)
    assert lines[0] == "Modules: Paladins, The Entertainer (the Bard)"
    assert lines[1] == "Expansions: Master Craft, The Entertainer"
    assert lines[2].startswith("House rules: ") and "_" not in lines[2]


def test_the_start_line() -> None:
    assert started_line(night()).startswith("Not started yet")
    done = night("merchants_cove", Start("2026-12-02T19:30:00"), Finish("2026-12-02T21:45:00"))
    assert started_line(done) == "Started at 19:30, finished at 21:45 (135 minutes)."
    assert now_text(datetime(2026, 12, 2, 19, 30, 5, 123)) == "2026-12-02T19:30:05"


def test_the_tools_that_fit_the_game() -> None:
    assert tools_for(night()) == ("bard", "cove_goods", "scorepad")
    assert tools_for(night("merchants_cove", Choose(("paladins",)))) == ("cove_goods", "scorepad")
    assert tools_for(night("merchants_cove", Choose(("entertainer",))))[0] == "bard"
    assert tools_for(night("mercante")) == ("mercante", "scorepad")
    assert tools_for(night("merchants_journey")) == ("journey", "scorepad")


def test_the_tally_per_player_keeps_the_nights_line_numbers() -> None:
    seating = night(
        "merchants_cove",
        AddToTally("Ann", 22, "Song", "Perform 3 × 4 + Boast 10 = 22", "bard"),
        AddToTally("Ben", 44, "Pier sale"),
        AddToTally("Ann", -5, "Gold spent"),
    )
    ann, ben, cleo, _ = tally_of(seating)
    assert [r.number for r in ann.rows] == [1, 3] and ben.rows[0].number == 2
    assert ann.rows[0].text == "+22 Song" and ann.rows[1].text == "−5 Gold spent"
    assert (ann.total, ann.working) == (17, "22 − 5 = 17")
    assert (cleo.total, cleo.rows) == (0, ())


def test_sheet_help_cites_the_rulebook_and_the_base_game() -> None:
    help_text = category_help(sheet_for("merchants_cove").category("corruption"))
    assert "base game's rulebook" in help_text
    assert help_text.endswith(
        "From Merchants Cove: Master Craft rules, Rogue cards, 16) Union Busters."
    )


def test_standings_with_working_and_tiebreakers() -> None:
    cove = night(
        "merchants_cove",
        AddToTally("Ann", 22, "Song"),
        SetFigure("Ann", "sponsorship", 10),
        SetFigure("Ann", "corruption", 3),
        AddToTally("Ben", 29, "Sale"),
    )
    first, second, *_ = standing_lines(cove)
    assert (first.place, first.player, first.score) == ("1st", "Ann", 29)
    assert first.working == "Gold 22 + End-game Sponsorship 10 − Corruption 3 = 29"
    assert (second.place, second.tiebreak) == ("1st", "Shared place")
    mercante = night(
        "mercante",
        SetFigure("Ann", "victory_points", 30),
        SetFigure("Ben", "victory_points", 30),
        SetFigure("Ann", "tiebreak.1", 4),
        SetFigure("Ben", "tiebreak.1", 9),
    )
    top = standing_lines(mercante)[0]
    assert top.player == "Ben" and top.winner
    assert top.tiebreak == "Tie broken by most crowns left; Most crowns left: 9"


def test_typed_numbers() -> None:
    assert parse_points(" −12 ") == -12
    with pytest.raises(SeatsError) as caught:
        parse_points("1.5")
    assert str(caught.value) == "The points must be a whole number, not 1.5."
    with pytest.raises(SeatsError) as caught:
        parse_points("")
    assert str(caught.value) == "Type the points."
    assert parse_minutes("") is None and parse_minutes("135") == 135
    with pytest.raises(SeatsError, match="between 0 and 10,000"):
        parse_minutes("-3")


def test_the_draft_keeps_a_half_typed_seed() -> None:
    draft = NightDraft()
    assert draft.type_seed("12a") is None and draft.seed_error == "Digits only"
    assert draft.type_seed("4815") == 4815 and draft.seed_error is None
