"""A play's rule for its tie-breakers: they decide every place, or the victory only.

A saved Mercante play keeps every tie-breaker figure entered; how they place players is the
play's rule, saved with it (Mercante's: the tie-breakers decide the victory only, so players
tied on a lower score share their place; its house rule lets them decide every place). The
history ranks by that rule (plays, statistics, the detail, the exports), the app's backup
and its fast import keep it, an edit, a delete and its undo keep it; BG Stats has no such
rule, so its export carries the ranks as made and its import leaves the rule off.

Each test runs on a fresh SQLite file and, when COMPANION_TEST_PG is set, on PostgreSQL.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from companion.engine.mercante import TIEBREAK_FIRST_PLACE, HouseRules
from companion.history import Store, open_store
from companion.rules import catalogue
from companion.ui.history.model import (
    VICTORY_ONLY,
    pad_from_play,
    play_facts,
    result_lines,
    save_edit,
)
from companion.ui.mercante.model import TallyDraft, record_arguments
from tests.history.test_fast_import import Pair, pair  # noqa: F401  (the fixture)

T0 = datetime(2026, 11, 28, 22, 15)
SEATS = ["Adam", "Beth", "Chris", "Dev"]
#: crowns left, unfulfilled contracts: Beth and Chris tie on 8 points, Beth with more crowns.
FIGURES = {"Adam": [3, 0], "Beth": [9, 0], "Chris": [4, 0], "Dev": [6, 0]}
SHARED = [
    ("Adam", 12, 1, True),
    ("Beth", 8, 2, False),
    ("Chris", 8, 2, False),
    ("Dev", 5, 4, False),
]
EVERY = [("Adam", 12, 1, True), ("Beth", 8, 2, False), ("Chris", 8, 3, False), ("Dev", 5, 4, False)]


def mercante_arguments(*, every_place: bool = False) -> dict[str, Any]:
    """``Store.record_play`` arguments of a finished 4-player Mercante tally: Adam 12,
    Beth and Chris tied on 8 (Beth 9 crowns left, Chris 4), Dev 5."""
    draft = TallyDraft.for_seats(SEATS)
    for i, (vp, crowns) in enumerate(((12, 3), (8, 9), (8, 4), (5, 6))):
        draft.set(i, "vp", str(vp))
        draft.set(i, "crowns", str(crowns))
    tally = draft.tally()
    assert tally is not None
    house = HouseRules.of(TIEBREAK_FIRST_PLACE) if every_place else HouseRules()
    return record_arguments(tally, SEATS, catalogue(), house=house) | {"played_at": T0}


def standings(store: Store, play_id: int) -> list[tuple[str, int | None, int, bool]]:
    return [(r.player, r.score, r.rank, r.winner) for r in store.get_play(play_id).results]


def figures(store: Store, play_id: int) -> dict[str, list[int | None]]:
    return {r.player: list(r.tiebreaks) for r in store.get_play(play_id).results}


@pytest.mark.parametrize(("every_place", "expected"), [(False, SHARED), (True, EVERY)])
def test_a_mercante_tally_keeps_all_eight_figures_and_places_players_by_its_rule(
    store: Store, every_place: bool, expected: list[tuple[str, int, int, bool]]
) -> None:
    arguments = mercante_arguments(every_place=every_place)
    assert arguments["tiebreak_values"] == FIGURES
    assert arguments["tiebreaks_victory_only"] is not every_place
    play_id = store.record_play(**arguments)
    play = store.get_play(play_id)
    assert figures(store, play_id) == FIGURES  # all 8, whatever the rule
    assert play.tiebreaks_victory_only is not every_place
    assert standings(store, play_id) == expected
    assert store.player_stats("Adam").wins == 1 and store.player_stats("Beth").wins == 0


def test_the_rule_still_lets_the_tie_breakers_decide_the_winner(store: Store) -> None:
    ties = {"Ann": [2, 0], "Ben": [7, 1], "Cleo": [7, 0], "Dev": [1, 0], "Eve": [5, 0]}
    play_id = store.record_play(
        "mercante",
        [("Ann", 20), ("Ben", 20), ("Cleo", 20), ("Dev", 9), ("Eve", 9)],
        T0,
        tiebreakers=[("Most crowns left", True), ("Fewest unfulfilled contracts", False)],
        tiebreak_values=ties,
        tiebreaks_victory_only=True,
    )
    # Cleo wins on the second tie-breaker; Ben and Ann, beaten to the victory, share second
    # place; Dev and Eve share fourth whatever their crowns.
    assert standings(store, play_id) == [
        ("Cleo", 20, 1, True),
        ("Ann", 20, 2, False),
        ("Ben", 20, 2, False),
        ("Dev", 9, 4, False),
        ("Eve", 9, 4, False),
    ]
    assert figures(store, play_id) == ties
    # Lowest score wins (a typed game): the rule works in the game's direction.
    golf = store.record_play(
        "Mini golf",
        [("Ann", 30), ("Ben", 30), ("Cleo", 34), ("Dev", 34)],
        T0,
        highest_wins=False,
        tiebreakers=[("Holes in one", True)],
        tiebreak_values={"Ann": [1], "Ben": [2], "Cleo": [3], "Dev": [0]},
        tiebreaks_victory_only=True,
    )
    assert standings(store, golf) == [
        ("Ben", 30, 1, True),
        ("Ann", 30, 2, False),
        ("Cleo", 34, 3, False),
        ("Dev", 34, 3, False),
    ]


def test_other_plays_keep_their_tie_breakers_deciding_every_place(store: Store) -> None:
    play_id = store.record_play(
        "Azul",
        [("Ann", 50), ("Ben", 40), ("Cleo", 40)],
        T0,
        tiebreakers=[("Complete rows", True)],
        tiebreak_values={"Ann": [1], "Ben": [1], "Cleo": [2]},
    )
    assert store.get_play(play_id).tiebreaks_victory_only is False
    assert [r.rank for r in store.get_play(play_id).results] == [1, 2, 3]


def test_an_edit_a_delete_and_its_undo_keep_the_rule(store: Store) -> None:
    play_id = store.record_play(**mercante_arguments())
    play = store.get_play(play_id)
    # History › Edit: the pad ranks by the play's rule, and saving keeps it.
    pad = pad_from_play(play, catalogue())
    assert [(s.name, s.rank) for s in pad.standings()] == [
        (name, rank) for name, _, rank, _ in SHARED
    ]
    pad.notes = "Chris counted twice"
    save_edit(store, play, pad)
    edited = store.get_play(play_id)
    assert (edited.notes, edited.tiebreaks_victory_only) == ("Chris counted twice", True)
    assert standings(store, play_id) == SHARED and figures(store, play_id) == FIGURES
    # Delete, then undo: the same play, the same rule.
    assert store.restore_play(store.delete_play(play_id)) == play_id
    assert store.get_play(play_id).tiebreaks_victory_only is True
    assert standings(store, play_id) == SHARED


def test_the_app_backup_keeps_the_rule_and_an_old_backup_reads_as_every_place(
    store: Store, make_store: Callable[[], Store]
) -> None:
    shared = store.record_play(**mercante_arguments())
    every = store.record_play(
        **mercante_arguments(every_place=True) | {"played_at": T0.replace(hour=23)}
    )
    text = store.export_json()
    written = {p["uid"]: p for p in json.loads(text)["plays"]}
    assert written[store.get_play(shared).uid]["tiebreaks_victory_only"] is True
    assert "tiebreaks_victory_only" not in written[store.get_play(every).uid]  # as before
    assert [r["rank"] for r in written[store.get_play(shared).uid]["results"]] == [1, 2, 2, 4]
    fresh = make_store()
    assert fresh.import_json(text) == 2
    by_uid = {p.uid: p for p in fresh.list_plays()}
    back = by_uid[store.get_play(shared).uid]
    assert back.tiebreaks_victory_only is True
    assert [(r.player, r.score, r.rank, r.winner) for r in back.results] == SHARED
    assert {r.player: list(r.tiebreaks) for r in back.results} == FIGURES
    assert by_uid[store.get_play(every).uid].tiebreaks_victory_only is False
    assert fresh.all_player_stats() == store.all_player_stats()
    # A backup written before the rule existed: the play's tie-breakers decide every place.
    older = json.loads(text)
    for play in older["plays"]:
        play.pop("tiebreaks_victory_only", None)
    other = make_store()
    assert other.import_json(json.dumps(older)) == 2
    (old,) = [p for p in other.list_plays() if p.uid == back.uid]
    assert old.tiebreaks_victory_only is False
    assert [r.rank for r in old.results] == [1, 2, 3, 4]


def test_the_csv_says_the_rule_and_the_ranks_as_made(store: Store) -> None:
    store.record_play(**mercante_arguments())
    rows = list(csv.DictReader(io.StringIO(store.export_csv())))
    assert {r["tiebreaks_victory_only"] for r in rows} == {"true"}
    assert [(r["player"], r["rank"], r["tiebreaks"]) for r in rows] == [
        ("Adam", "1", "[3, 0]"),
        ("Beth", "2", "[9, 0]"),
        ("Chris", "2", "[4, 0]"),
        ("Dev", "4", "[6, 0]"),
    ]


def test_bg_stats_gets_the_ranks_as_made_and_its_import_leaves_the_rule_off(
    store: Store, make_store: Callable[[], Store]
) -> None:
    store.record_play(**mercante_arguments())
    exported = store.export_bgstats()
    document = json.loads(exported)
    players = {p["id"]: p["name"] for p in document["players"]}
    (play,) = document["plays"]
    assert sorted(
        (players[s["playerRefId"]], s["rank"], s["winner"]) for s in play["playerScores"]
    ) == [("Adam", 1, True), ("Beth", 2, False), ("Chris", 2, False), ("Dev", 4, False)]
    fresh = make_store()
    assert fresh.import_bgstats(exported).imported == 1
    (back,) = fresh.list_plays()
    assert back.tiebreaks_victory_only is False
    assert back.winners == ["Adam"]


def test_the_play_detail_says_the_rule_and_shows_every_figure(store: Store) -> None:
    play = store.get_play(store.record_play(**mercante_arguments()))
    facts = [text for text, _ in play_facts(play)]
    assert VICTORY_ONLY in facts
    assert (
        facts.index(VICTORY_ONLY)
        == facts.index("Tie-breakers: Most crowns left, then Fewest unfulfilled contracts") + 1
    )
    chris = next(r for r in play.results if r.player == "Chris")
    assert result_lines(play, chris)[-1] == ("Most crowns left: 4, Fewest unfulfilled contracts: 0")
    every = store.get_play(store.record_play(**mercante_arguments(every_place=True)))
    assert VICTORY_ONLY not in [text for text, _ in play_facts(every)]


def test_the_fast_import_writes_the_rule_as_the_checked_path_does(
    pair: Callable[..., Pair],  # noqa: F811
    tmp_path: Path,
) -> None:
    # (SQLite's: the fast import is SQLite's own.)
    with open_store(f"sqlite:///{tmp_path / 'source.sqlite3'}") as source:
        source.record_play(**mercante_arguments())
        source.record_play(
            **mercante_arguments(every_place=True) | {"played_at": T0.replace(hour=23)}
        )
        text = source.export_json()
    both = pair()
    report = both.import_both(text)
    assert report.imported == 2
    plays = both.stores[0].list_plays()
    assert sorted(p.tiebreaks_victory_only for p in plays) == [False, True]
    shared = next(p for p in plays if p.tiebreaks_victory_only)
    assert [r.rank for r in shared.results] == [1, 2, 2, 4]
