"""A saved play edited in History (issue 19) on SQLite and, with COMPANION_TEST_PG, on
PostgreSQL: the edit replaces the results but keeps what the pad does not show (expansions,
house rules, start); a play without points stays one, won as chosen; the edited play keeps
its id and uid, and the statistics follow."""

from __future__ import annotations

from datetime import datetime

from companion.history import Store
from companion.rules import catalogue
from companion.ui.history.model import Verdict, pad_from_play, save_edit
from companion.ui.scorepad.model import pad_of


def test_an_edit_keeps_what_was_played_and_the_statistics_follow(store: Store) -> None:
    play_id = store.record_play(
        "merchants_cove",
        [("Ann", 40), ("Ben", 30)],
        datetime(2026, 11, 20, 22, 0),
        modules=["faction_festival"],
        expansions=["Master Craft"],
        house_rules={"bard.boast_once": "alternative"},
        started_at=datetime(2026, 11, 20, 20, 30),
    )
    play = store.get_play(play_id)
    form = pad_from_play(play, catalogue())
    form.rows[1].score = "45"
    save_edit(store, play, form)
    after = store.get_play(play_id)
    assert (after.id, after.uid) == (play.id, play.uid)
    assert (after.expansions, after.house_rules, after.started_at) == (
        ["Master Craft"],
        {"bard.boast_once": "alternative"},
        datetime(2026, 11, 20, 20, 30),
    )
    (festival,) = [f for f in store.module_stats("merchants_cove") if f.value == "faction_festival"]
    assert (festival.wins_of("Ben"), festival.wins_of("Ann")) == (1, 0)
    assert store.player_stats("Ben").wins == 1


def test_a_play_turned_into_a_win_chosen_by_hand_and_back(store: Store) -> None:
    play_id = store.record_play("Duel", [("Ann", 12), ("Ben", 30)])
    play = store.get_play(play_id)
    form = pad_from_play(play, catalogue())
    pad = pad_of(form)
    verdict = Verdict.of(play, pad)
    assert verdict.scoring == "points"
    verdict.scoring = "manual"
    verdict.winners = {pad.rows[0].id}  # Ann won, whatever the points said
    save_edit(store, play, form, verdict, pad)
    manual = store.get_play(play_id)
    assert manual.scoring == "manual" and manual.winners == ["Ann"]
    assert store.player_stats("Ann").wins == 1 and store.player_stats("Ben").wins == 0
    # Back to points: the scores decide again.
    form = pad_from_play(manual, catalogue())
    save_edit(store, manual, form, Verdict("points"), pad_of(form))
    again = store.get_play(play_id)
    assert again.scoring == "points" and again.winners == ["Ben"]
    assert store.player_stats("Ann").wins == 0 and store.player_stats("Ben").wins == 1


def test_a_cooperative_loss_without_points_survives_an_edit(store: Store) -> None:
    play_id = store.record_play(
        "Spirit Island", [("Ann", None), ("Ben", None)], scoring="cooperative", winners=[]
    )
    play = store.get_play(play_id)
    form = pad_from_play(play, catalogue())
    pad = pad_of(form)
    verdict = Verdict.of(play, pad)
    assert (verdict.scoring, verdict.all_won) == ("cooperative", False)
    form.location = "Ben's"
    save_edit(store, play, form, verdict, pad)
    after = store.get_play(play_id)
    assert after.scoring == "cooperative" and after.winners == [] and after.no_points
    assert after.location == "Ben's"
    assert store.player_stats("Ann").plays == 1 and store.player_stats("Ann").wins == 0
