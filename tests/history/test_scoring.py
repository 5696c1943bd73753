"""Plays without points are plays: win/lose plays, co-operative plays and plays whose winners
were chosen by hand are recorded, listed, counted (plays, wins; score figures only from the
scores there are) and go out and come back through the app's backup, its CSV and BG Stats.

Each test runs on a fresh SQLite file and, when COMPANION_TEST_PG is set, on PostgreSQL.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import pytest

from companion.history import PlayDataError, Store
from companion.history.arguments import validate_play

T0 = datetime(2024, 5, 4, 19, 30)


def no_points_history(store: Store) -> dict[str, int]:
    """A win/lose play, two co-operative ones (won, lost), a winner chosen against the
    scores, and a play won on points of the same win/lose game for comparison."""
    return {
        "pylos": store.record_play(
            "Pylos",
            [("Ann", None), ("Ben", None)],
            T0,
            scoring="manual",
            winners=["Ann"],
        ),
        "won": store.record_play(
            "Pandemic",
            [("Ann", None), ("Ben", None), ("Cleo", None)],
            T0 + timedelta(days=1),
            scoring="cooperative",
            winners=["Ann", "Ben", "Cleo"],
        ),
        "lost": store.record_play(
            "Pandemic",
            [("Ann", None), ("Cleo", None)],
            T0 + timedelta(days=2),
            scoring="cooperative",
        ),
        "chosen": store.record_play(
            "Azul",
            [("Ann", 40), ("Ben", 52), ("Cleo", 47)],
            T0 + timedelta(days=3),
            scoring="manual",
            winners=["Cleo"],
            notes="Ben's last row did not count",
        ),
        "points": store.record_play("Pylos", [("Ann", 3), ("Ben", 5)], T0 + timedelta(days=4)),
    }


def test_a_win_lose_play_is_recorded_with_its_winner_and_no_scores(store: Store) -> None:
    ids = no_points_history(store)
    play = store.get_play(ids["pylos"])
    assert (play.scoring, play.winners, play.no_points, play.scored) == (
        "manual",
        ["Ann"],
        True,
        False,
    )
    assert [(r.player, r.score, r.rank, r.winner) for r in play.results] == [
        ("Ann", None, 1, True),
        ("Ben", None, 2, False),
    ]
    listed = store.list_plays(game="Pylos")
    assert [p.id for p in listed] == [ids["points"], ids["pylos"]]
    assert store.count_plays(player="Ben") == 4


def test_co_operative_plays_are_won_or_lost_together(store: Store) -> None:
    ids = no_points_history(store)
    won, lost = store.get_play(ids["won"]), store.get_play(ids["lost"])
    assert won.scoring == lost.scoring == "cooperative"
    assert sorted(won.winners) == ["Ann", "Ben", "Cleo"] and lost.winners == []
    assert {r.rank for r in won.results} == {r.rank for r in lost.results} == {1}


def test_a_winner_chosen_against_the_scores_is_kept(store: Store) -> None:
    ids = no_points_history(store)
    play = store.get_play(ids["chosen"])
    # Cleo won as chosen at the table; the others follow by score.
    assert [(r.player, r.score, r.rank, r.winner) for r in play.results] == [
        ("Cleo", 47, 1, True),
        ("Ben", 52, 2, False),
        ("Ann", 40, 3, False),
    ]


def test_statistics_count_plays_and_wins_and_scores_only_where_there_are_some(
    store: Store,
) -> None:
    no_points_history(store)
    ann, ben, cleo = (store.player_stats(n) for n in ("Ann", "Ben", "Cleo"))
    # Ann: Pylos won (no points), Pandemic won and lost, Azul (40), Pylos on points (3).
    assert (ann.plays, ann.wins) == (5, 2)
    assert (ann.average, ann.best) == ((40 + 3) / 2, 40)
    assert (ben.plays, ben.wins, ben.average) == (4, 2, (52 + 5) / 2)
    assert (cleo.plays, cleo.wins, cleo.average) == (3, 2, 47)
    pylos = store.game_stats("Pylos")
    # Two plays, one winning score (Ben's 5 on points): the win/lose play adds no score.
    assert (pylos.plays, pylos.average_winning_score, pylos.highest_score) == (2, 5, 5)
    assert pylos.top_winners == ("Ann", "Ben")
    pandemic = store.game_stats("Pandemic")
    assert (pandemic.plays, pandemic.average_winning_score, pandemic.best_score) == (2, None, None)
    per_game = {g.game: g for g in ann.per_game}
    assert (per_game["Pandemic"].plays, per_game["Pandemic"].wins) == (2, 1)
    assert per_game["Pandemic"].average is None and per_game["Pandemic"].best is None
    assert store.game_stats("Azul").average_winning_score == 47
    # Charts: the score series has only scores.
    assert [s for _, s, _ in store.score_series("Ann")] == [40, 3]
    assert dict(store.wins_per_player("Pandemic")) == {"Ann": 1, "Ben": 1, "Cleo": 1}


def test_deleting_and_editing_plays_without_points_keeps_the_statistics(store: Store) -> None:
    ids = no_points_history(store)
    before = store.all_player_stats()
    snapshot = store.delete_play(ids["won"])
    assert store.player_stats("Ben").wins == 1
    assert store.restore_play(snapshot) == ids["won"]
    assert store.all_player_stats() == before
    edited = store.get_play(ids["pylos"]).to_create()
    edited.results = [r.model_copy(update={"winner": not r.winner}) for r in edited.results]
    store.update_play(ids["pylos"], edited)
    assert store.get_play(ids["pylos"]).winners == ["Ben"]
    assert store.player_stats("Ann").wins == 1 and store.player_stats("Ben").wins == 3


REFUSED = [
    (
        {"results": [{"player": "Ann", "score": 3}, {"player": "Ben"}]},
        "results[1].score: missing: a play won on points needs every player's score",
    ),
    (
        {"results": [{"player": "Ann", "score": 3, "winner": True}]},
        "results[0].winner: the winners of a play won on points follow from the scores",
    ),
    (
        {"scoring": "manual", "results": [{"player": "Ann", "winner": True}, {"player": "Ben"}]},
        "results[1].winner: missing: say whether this player won",
    ),
    (
        {
            "scoring": "cooperative",
            "results": [{"player": "Ann", "winner": True}, {"player": "Ben", "winner": False}],
        },
        "results[1].winner: in a co-operative play everyone wins or everyone loses together",
    ),
    (
        {"scoring": "manual", "finished": False, "results": [{"player": "Ann", "winner": True}]},
        "results[0].winner: a play that was not finished has no winner",
    ),
    (
        {
            "scoring": "manual",
            "results": [{"player": "Ann", "winner": True, "breakdown": {"Gold": 4}}],
        },
        "results[0].breakdown: categories given without a score",
    ),
    (
        {"scoring": "sometimes", "results": [{"player": "Ann", "score": 1}]},
        "scoring: expected 'points', 'manual' or 'cooperative', got \"sometimes\"",
    ),
]


@pytest.mark.parametrize(("fields", "message"), REFUSED)
def test_a_play_that_does_not_say_who_won_is_refused(
    store: Store, fields: dict[str, Any], message: str
) -> None:
    with pytest.raises(PlayDataError) as info:
        store.save_play(validate_play({"game": "Pylos"} | fields))
    assert str(info.value).startswith(message)
    assert store.count_plays() == 0


def _plays(store: Store) -> list[tuple[Any, ...]]:
    return sorted(
        (
            p.uid,
            p.game,
            p.scoring,
            p.notes,
            tuple((r.player, r.score, r.rank, r.winner, r.seat) for r in p.results),
        )
        for p in store.list_plays(limit=100)
    )


def test_the_app_backup_takes_them_out_and_back(
    store: Store, make_store: Callable[[], Store]
) -> None:
    no_points_history(store)
    text = store.export_json()
    document = json.loads(text)
    kinds = sorted(p.get("scoring", "points") for p in document["plays"])
    assert kinds == ["cooperative", "cooperative", "manual", "manual", "points"]
    fresh = make_store()
    assert fresh.import_json(text) == 5
    assert _plays(fresh) == _plays(store)
    assert fresh.all_player_stats() == store.all_player_stats()
    assert fresh.all_game_stats() == store.all_game_stats()
    assert fresh.import_report(text).duplicates  # and once only


def test_a_backup_of_plays_won_on_points_is_written_as_before(store: Store) -> None:
    """A history without the new details is written as the first version wrote it (older
    versions of the app still read it)."""
    store.record_play("Azul", [("Ann", 40), ("Ben", 52)], T0)
    (play,) = json.loads(store.export_json())["plays"]
    assert set(play) == {
        "uid",
        "game_id",
        "played_at",
        "finished",
        "highest_wins",
        "modules",
        "duration_min",
        "location",
        "notes",
        "tiebreakers",
        "created_at",
        "updated_at",
        "results",
    }


def test_csv_has_no_score_where_there_is_none(store: Store) -> None:
    ids = no_points_history(store)
    uid = store.get_play(ids["pylos"]).uid
    rows = [r for r in csv.DictReader(io.StringIO(store.export_csv())) if r["play_uid"] == uid]
    assert [(r["player"], r["score"], r["winner"], r["scoring"]) for r in rows] == [
        ("Ann", "", "true", "manual"),
        ("Ben", "", "false", "manual"),
    ]


def test_bg_stats_gets_them_as_bg_stats_writes_them_and_gives_them_back(
    store: Store, make_store: Callable[[], Store]
) -> None:
    ids = no_points_history(store)
    doc = json.loads(store.export_bgstats())
    games = {g["name"]: g for g in doc["games"]}
    # A game every play of which has no points goes out so; a co-operative one too.
    assert (games["Pandemic"]["noPoints"], games["Pandemic"]["cooperative"]) == (True, True)
    assert (games["Pylos"]["noPoints"], games["Pylos"]["cooperative"]) == (False, False)
    assert (games["Azul"]["noPoints"], games["Azul"]["cooperative"]) == (False, False)
    by_uid = {p["uuid"].lower(): p for p in doc["plays"]}
    players = {p["id"]: p["name"] for p in doc["players"]}

    def sent(name: str) -> tuple[bool, list[tuple[str, str, bool]]]:
        play = by_uid[store.get_play(ids[name]).uid]
        return play["manualWinner"], [
            (players[s["playerRefId"]], s["score"], s["winner"]) for s in play["playerScores"]
        ]

    assert sent("pylos") == (True, [("Ann", "", True), ("Ben", "", False)])
    assert sent("lost") == (True, [("Ann", "", False), ("Cleo", "", False)])
    assert sent("chosen") == (
        True,
        [("Ann", "40", False), ("Ben", "52", False), ("Cleo", "47", True)],
    )
    assert sent("points") == (False, [("Ann", "3", False), ("Ben", "5", True)])
    fresh = make_store()
    report = fresh.import_bgstats(store.export_bgstats())
    assert (report.imported, report.skipped, report.ignored) == (5, (), 0)
    assert _plays(fresh) == _plays(store)
    assert fresh.all_player_stats() == store.all_player_stats()
