"""History › Edit (issue 19): a play keeps what the pad does not show (expansions, house
rules, start) through an edit, plays without points are edited as such, and the way a play
was won can be changed (points, a winner chosen by hand, co-operative)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import flet as ft

from companion.rules import catalogue
from companion.ui.app import create_main
from companion.ui.history.model import Verdict, edit_errors, pad_from_play, save_edit
from companion.ui.scorepad.model import pad_of
from tests.ui_harness import Harness, run


def cove_night(store: Any) -> int:
    play_id: int = store.record_play(
        "merchants_cove",
        [("Ann", 40), ("Ben", 30)],
        datetime(2026, 11, 20, 22, 0),
        modules=["faction_festival"],
        expansions=["Master Craft", "The Entertainer"],
        house_rules={"bard.boast_once": "alternative"},
        started_at=datetime(2026, 11, 20, 20, 30),
        location="Ann's kitchen",
    )
    return play_id


def test_an_edit_on_points_keeps_expansions_house_rules_and_start(store: Any) -> None:
    play_id = cove_night(store)
    play = store.get_play(play_id)
    form = pad_from_play(play, catalogue())
    form.rows[1].score = "45"  # Ben had more, in fact
    save_edit(store, play, form)
    after = store.get_play(play_id)
    assert [(r.player, r.score, r.winner) for r in after.results] == [
        ("Ben", 45, True),
        ("Ann", 40, False),
    ]
    assert after.expansions == ["Master Craft", "The Entertainer"]
    assert after.house_rules == {"bard.boast_once": "alternative"}
    assert after.started_at == datetime(2026, 11, 20, 20, 30)
    assert after.modules == ["faction_festival"]
    assert (after.uid, after.duration_min, after.location) == (play.uid, 90, "Ann's kitchen")


def test_a_win_lose_play_survives_an_edit(store: Any) -> None:
    play_id = store.record_play(
        "Duel", [("Ann", None), ("Ben", None)], scoring="manual", winners=["Ben"]
    )
    play = store.get_play(play_id)
    form = pad_from_play(play, catalogue())
    assert [r.score for r in form.rows] == ["", ""]  # no score, not "None"
    pad = pad_of(form)
    verdict = Verdict.of(play, pad)
    assert verdict.scoring == "manual"
    assert [verdict.won(r.id) for r in pad.rows] == [False, True]  # seat order: Ann, Ben
    assert edit_errors(form, verdict) == {}
    assert ("score", 0) in edit_errors(form, Verdict("points"))  # points need scores
    form.notes = "Best of three"
    save_edit(store, play, form, verdict, pad)
    after = store.get_play(play_id)
    assert after.scoring == "manual"
    assert [(r.player, r.score, r.winner) for r in after.results] == [
        ("Ben", None, True),
        ("Ann", None, False),
    ]
    assert after.notes == "Best of three"


def test_a_cooperative_play_can_turn_into_a_loss(store: Any) -> None:
    play_id = store.record_play(
        "Spirit Island", [("Ann", None), ("Ben", 12)], scoring="cooperative", winners=["Ann", "Ben"]
    )
    play = store.get_play(play_id)
    form = pad_from_play(play, catalogue())
    pad = pad_of(form)
    verdict = Verdict.of(play, pad)
    assert (verdict.scoring, verdict.all_won) == ("cooperative", True)
    verdict.all_won = False
    save_edit(store, play, form, verdict, pad)
    after = store.get_play(play_id)
    assert [(r.player, r.score, r.winner) for r in after.results] == [
        ("Ann", None, False),
        ("Ben", 12, False),
    ]


@run
async def test_edit_changes_a_points_play_into_a_winner_chosen_by_hand(store: Any) -> None:
    play_id = cove_night(store)
    h = await Harness.start(create_main(store), route=f"/history/play/{play_id}/edit")
    assert h.has_text("How was it won?")
    choice = h.find(ft.RadioGroup)
    assert choice.value == "points"
    await h.select(choice, "manual")
    assert h.has_text("Tick who won. Scores are optional.")
    boxes = h.find_all(ft.Checkbox)
    assert [b.label for b in boxes] == ["Ann won", "Ben won"]
    assert [b.value for b in boxes] == [True, False]
    await h.type(h.find(ft.TextField, label="Player 1"), "Annie")  # the choice follows a rename
    assert [b.label for b in h.find_all(ft.Checkbox)] == ["Annie won", "Ben won"]
    await h.type(h.find(ft.TextField, label="Player 1"), "Ann")
    await h.select(h.find_all(ft.Checkbox)[0], False)
    await h.select(h.find_all(ft.Checkbox)[1], True)
    await h.click(h.by_id("save-play"))
    after = store.get_play(play_id)
    assert after.scoring == "manual"
    assert [(r.player, r.score, r.winner) for r in after.results] == [
        ("Ben", 30, True),
        ("Ann", 40, False),
    ]
    assert after.expansions == ["Master Craft", "The Entertainer"]
    assert h.has_text("Ben won")
    assert h.has_text("The winner was chosen by hand")


@run
async def test_edit_back_to_points_asks_for_the_scores(store: Any) -> None:
    play_id = store.record_play(
        "Duel", [("Ann", None), ("Ben", None)], scoring="manual", winners=["Ben"]
    )
    h = await Harness.start(create_main(store), route=f"/history/play/{play_id}/edit")
    await h.select(h.find(ft.RadioGroup), "points")
    await h.click(h.by_id("save-play"))
    assert store.get_play(play_id).scoring == "manual", "nothing saved without scores"
    assert [f.error for f in h.find_all(ft.TextField, error="Score needed")] == ["Score needed"] * 2
