"""Statistics against figures worked out by hand, and the running totals against a recount.

The small history used throughout (dates in January–February 2024):

====  ========  ==============================  =========================================
play  game      scores                          outcome
====  ========  ==============================  =========================================
P1    Mercante  Ann 40, Bob 35, Cat 28          Ann wins
P2    Mercante  Ann 31, Bob 45, Cat 45          Bob and Cat tie; most crowns left (Bob 12,
                                                Cat 9) gives Bob the win, Cat 2nd, Ann 3rd
P3    Mercante  Ann 50, Bob 50, Cat 20          Ann and Bob share the win
P4    Mercante  Ann 10, Bob 90, Cat 5           not finished: counts for nothing
P5    Golf      Ann 72, Bob 68, Dan 75          lowest wins: Bob wins
P6    Golf      Ann 70, Dan 70                  Ann and Dan share the win
====  ========  ==============================  =========================================

Worked out from the table:

- Ann: 5 plays (P1 P2 P3 P5 P6), 3 wins (P1 P3 P6), win rate 0.6, scores 40+31+50+72+70 =
  263, average 52.6, best 50 (the highest in a highest-wins game). Mercante: 3 plays, 2 wins,
  best 50, average 121/3. Golf: 2 plays, 1 win, best 70 (lowest wins), average 71.
- Bob: 4 plays, 3 wins (P2 P3 P5), rate 0.75, 35+45+50+68 = 198, average 49.5, best 50.
- Cat: 3 plays, 0 wins, 28+45+20 = 93, average 31, best 45.
- Dan: 2 plays (Golf only), 1 win, average 72.5, best 70: only lowest-wins games, so his
  best is his lowest score.
- Mercante: 3 plays, winning scores 40, 45, 50 → average 45; Ann and Bob 2 wins each;
  highest score 50, lowest 20.
- Golf: 2 plays, winning scores 68 and 70 → 69; Ann, Bob and Dan 1 win each; best 68.
"""

from __future__ import annotations

import tempfile
from collections import defaultdict
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.orm import Session

from companion.history import GameStats, NotFoundError, PlayerStats, Store, open_store
from companion.history import stats as stats_module

CROWNS = [("Most crowns left", True)]


def day(n: int) -> datetime:
    return datetime(2024, 1, 5, 20, 0) + timedelta(days=7 * (n - 1))


def record_example(store: Store) -> dict[str, int]:
    return {
        "P1": store.record_play("Mercante", [("Ann", 40), ("Bob", 35), ("Cat", 28)], day(1)),
        "P2": store.record_play(
            "Mercante",
            [("Ann", 31), ("Bob", 45), ("Cat", 45)],
            day(2),
            tiebreakers=CROWNS,
            tiebreak_values={"Ann": [30], "Bob": [12], "Cat": [9]},
        ),
        "P3": store.record_play("Mercante", [("Ann", 50), ("Bob", 50), ("Cat", 20)], day(3)),
        "P4": store.record_play(
            "Mercante", [("Ann", 10), ("Bob", 90), ("Cat", 5)], day(4), finished=False
        ),
        "P5": store.record_play(
            "Golf", [("Ann", 72), ("Bob", 68), ("Dan", 75)], day(5), highest_wins=False
        ),
        "P6": store.record_play("Golf", [("Ann", 70), ("Dan", 70)], day(6), highest_wins=False),
    }


def test_player_stats_by_hand(store: Store) -> None:
    record_example(store)
    ann = store.player_stats("Ann")
    assert (ann.plays, ann.wins, ann.win_rate, ann.best) == (5, 3, 0.6, 50)
    assert ann.average == pytest.approx(52.6)
    mercante, golf = ann.per_game
    assert (mercante.game, mercante.game_key) == ("Mercante", "mercante")
    assert (mercante.plays, mercante.wins, mercante.best) == (3, 2, 50)
    assert mercante.win_rate == pytest.approx(2 / 3)
    assert mercante.average == pytest.approx(121 / 3)
    assert (golf.game, golf.game_key, golf.plays, golf.wins, golf.best) == ("Golf", None, 2, 1, 70)
    assert (golf.win_rate, golf.average) == (0.5, 71.0)

    bob = store.player_stats("bob")
    assert (bob.name, bob.plays, bob.wins, bob.win_rate, bob.best, bob.average) == (
        "Bob",
        4,
        3,
        0.75,
        50,
        49.5,
    )
    cat = store.player_stats("Cat")
    assert (cat.plays, cat.wins, cat.win_rate, cat.best, cat.average) == (3, 0, 0.0, 45, 31.0)
    dan = store.player_stats("Dan")
    assert (dan.plays, dan.wins, dan.win_rate, dan.best, dan.average) == (2, 1, 0.5, 70, 72.5)


def test_game_stats_by_hand(store: Store) -> None:
    record_example(store)
    mercante = store.game_stats("mercante")
    assert mercante == GameStats(
        game="Mercante",
        game_key="mercante",
        highest_wins=True,
        plays=3,
        average_winning_score=45.0,
        top_winners=("Ann", "Bob"),
        top_wins=2,
        highest_score=50,
        lowest_score=20,
    )
    assert mercante.best_score == 50
    golf = store.game_stats("golf")
    assert (golf.plays, golf.average_winning_score, golf.top_winners, golf.top_wins) == (
        2,
        69.0,
        ("Ann", "Bob", "Dan"),
        1,
    )
    assert (golf.highest_score, golf.lowest_score, golf.best_score) == (75, 68, 68)
    assert [g.game for g in store.all_game_stats()] == ["Mercante", "Golf"]


def test_all_player_stats_and_charts_by_hand(store: Store) -> None:
    record_example(store)
    everyone = store.all_player_stats()
    assert [(s.name, s.plays, s.wins) for s in everyone] == [
        ("Ann", 5, 3),
        ("Bob", 4, 3),
        ("Cat", 3, 0),
        ("Dan", 2, 1),
    ]
    assert everyone[0] == store.player_stats("Ann")
    assert store.wins_per_player() == [("Ann", 3), ("Bob", 3), ("Dan", 1), ("Cat", 0)]
    assert store.wins_per_player("Golf") == [("Ann", 1), ("Bob", 1), ("Dan", 1)]
    assert store.wins_per_player("Chess") == []
    assert store.score_series("Ann", "Mercante") == [
        (day(1), 40, "Mercante"),
        (day(2), 31, "Mercante"),
        (day(3), 50, "Mercante"),
    ]
    assert [score for _, score, _ in store.score_series("ann")] == [40, 31, 50, 72, 70]
    assert store.player_names() == ["Ann", "Bob", "Cat", "Dan"]


def test_stats_follow_a_delete_and_its_undo(store: Store) -> None:
    plays = record_example(store)
    before = (store.all_player_stats(), store.all_game_stats())
    snapshot = store.delete_play(plays["P3"])
    # Without P3 Ann's best Mercante score falls back from 50 to 40, Bob's to 45, and the
    # lowest Mercante score (Cat's 20) goes too.
    ann = store.player_stats("Ann")
    assert (ann.plays, ann.wins, ann.best) == (4, 2, 40)
    assert {g.game: g.best for g in ann.per_game} == {"Mercante": 40, "Golf": 70}
    assert store.player_stats("Bob").best == 45
    mercante = store.game_stats("Mercante")
    assert (mercante.plays, mercante.average_winning_score) == (2, 42.5)
    assert (mercante.top_winners, mercante.top_wins) == (("Ann", "Bob"), 1)
    assert (mercante.highest_score, mercante.lowest_score) == (45, 28)
    store.restore_play(snapshot)
    assert (store.all_player_stats(), store.all_game_stats()) == before


def test_stats_follow_an_edit(store: Store) -> None:
    plays = record_example(store)
    edited = store.get_play(plays["P2"]).to_create()
    for result in edited.results:
        if result.player == "Cat":
            result.tiebreaks = [15]  # Cat had more crowns after all: Cat wins P2
    store.update_play(plays["P2"], edited)
    assert store.player_stats("Cat").wins == 1
    assert store.player_stats("Bob").wins == 2
    assert store.game_stats("Mercante").top_winners == ("Ann",)
    # Finishing P4 makes it count: Bob's 90 becomes the best Mercante score.
    finished = store.get_play(plays["P4"]).to_create()
    finished.finished = True
    store.update_play(plays["P4"], finished)
    assert store.player_stats("Bob").best == 90
    assert store.game_stats("Mercante").plays == 4
    assert store.game_stats("Mercante").average_winning_score == pytest.approx(
        (40 + 45 + 50 + 90) / 4
    )


def test_unfinished_plays_count_for_nothing(store: Store) -> None:
    store.record_play("Catan", [("Ann", 5), ("Bob", 9)], finished=False)
    ann = store.player_stats("Ann")
    assert ann == PlayerStats(
        name="Ann", plays=0, wins=0, win_rate=0.0, best=None, average=None, per_game=()
    )
    catan = store.game_stats("Catan")
    assert (catan.plays, catan.average_winning_score, catan.top_winners, catan.highest_score) == (
        0,
        None,
        (),
        None,
    )
    assert store.wins_per_player() == []
    assert store.score_series("Ann") == []


def test_stats_for_unknown_names(store: Store) -> None:
    with pytest.raises(NotFoundError, match="no player named 'Zed'"):
        store.player_stats("Zed")
    with pytest.raises(NotFoundError, match="no game 'Chess'"):
        store.game_stats("Chess")
    with pytest.raises(NotFoundError):
        store.score_series("Zed")


# ------------------------------------------------------------- running totals vs recount


def recount(store: Store) -> tuple[dict[str, PlayerStats], dict[str, tuple[int, float | None]]]:
    """Statistics computed the slow way, from every play's stored results."""
    plays = store.list_plays(limit=100_000)
    per: dict[str, dict[str, list[tuple[int, bool]]]] = defaultdict(lambda: defaultdict(list))
    direction: dict[str, bool] = {g.name: g.highest_wins for g in store.games()}
    games: dict[str, list[int | None]] = defaultdict(list)
    for play in plays:
        if not play.finished:
            continue
        for r in play.results:
            per[r.player][play.game].append((r.score, r.winner))  # type: ignore[arg-type]
        # The winning score: the winners' (the best of them where they were chosen), if any.
        won = [r.score for r in play.results if r.winner and r.score is not None]
        games[play.game].append(max(won) if won else None)
    players = {}
    for name in store.player_names():
        results = [s for g in per[name].values() for s, _ in g]
        scores = [s for s in results if s is not None]
        wins = sum(w for g in per[name].values() for _, w in g)
        high = [s for g, rs in per[name].items() if direction[g] for s, _ in rs if s is not None]
        low = [s for g, rs in per[name].items() if not direction[g] for s, _ in rs if s is not None]
        players[name] = PlayerStats(
            name=name,
            plays=len(results),
            wins=wins,
            win_rate=wins / len(results) if results else 0.0,
            best=max(high) if high else (min(low) if low else None),
            average=sum(scores) / len(scores) if scores else None,
        )
    averages = {}
    for game, winning in games.items():
        scored = [w for w in winning if w is not None]
        averages[game] = (len(winning), sum(scored) / len(scored) if scored else None)
    return players, averages


def check_totals(store: Store) -> None:
    players, games = recount(store)
    for stats in store.all_player_stats():
        expected = players[stats.name]
        assert (stats.plays, stats.wins, stats.best) == (
            expected.plays,
            expected.wins,
            expected.best,
        )
        assert stats.win_rate == pytest.approx(expected.win_rate)
        assert stats.average == pytest.approx(expected.average)
    for game in store.all_game_stats():
        plays, average = games.get(game.game, (0, None))
        assert game.plays == plays
        assert game.average_winning_score == pytest.approx(average)
    # And the maintained tables equal a rebuild from scratch.
    with Session(store.engine) as session:
        kept = sorted(session.execute(stats_module.PAIRS.select()).all())
        kept_games = sorted(session.execute(stats_module.GAMES.select()).all())
        stats_module.rebuild_statistics(session)
        assert sorted(session.execute(stats_module.PAIRS.select()).all()) == kept
        assert sorted(session.execute(stats_module.GAMES.select()).all()) == kept_games
        session.rollback()


# Few names, games and scores, so plays pile up on the same player and game and a deleted or
# edited play often held someone's best or worst score there.
NAMES = ["Ann", "Bob", "Cat"]
GAME_TITLES = ["Mercante", "Golf"]

plays_strategy = st.fixed_dictionaries(
    {
        "game": st.sampled_from(GAME_TITLES),
        "players": st.lists(st.sampled_from(NAMES), min_size=1, max_size=4, unique=True),
        "scores": st.lists(st.integers(-3, 6), min_size=4, max_size=4),
        "finished": st.booleans(),
        # Plays whose winners were chosen, with and without points, and co-operative ones.
        "scoring": st.sampled_from(["points", "points", "manual", "cooperative"]),
        "no_points": st.booleans(),
        "winners": st.lists(st.booleans(), min_size=4, max_size=4),
    }
)


def _lines(play: dict[str, Any]) -> list[tuple[str, int | None, bool | None]]:
    """(name, score, winner) of a generated play as its scoring has them."""
    chosen = play["scoring"] != "points"
    lines = []
    for i, name in enumerate(play["players"]):
        score = None if chosen and play["no_points"] else play["scores"][i]
        won = play["winners"][0 if play["scoring"] == "cooperative" else i]
        lines.append((name, score, (won and play["finished"]) if chosen else None))
    return lines


# A few plays first, so that deletes and edits have something to hit.
starts = st.lists(plays_strategy, min_size=2, max_size=8).map(lambda ps: [("add", p) for p in ps])
operations = st.lists(
    st.one_of(
        st.tuples(st.just("add"), plays_strategy),
        st.tuples(st.just("delete"), st.integers(0, 50)),
        st.tuples(st.just("edit"), st.tuples(st.integers(0, 50), plays_strategy)),
        st.tuples(st.just("undo"), st.just(None)),
    ),
    min_size=3,
    max_size=20,
)


def apply(store: Store, ops: list[tuple[str, object]]) -> None:
    snapshots = []
    for kind, arg in ops:
        ids = [p.id for p in store.list_plays(limit=1000)]
        if kind == "add":
            play: dict[str, Any] = arg  # type: ignore[assignment]
            lines = _lines(play)
            store.record_play(
                play["game"],
                [(name, score) for name, score, _ in lines],
                finished=play["finished"],
                highest_wins=None if play["game"] != "Golf" else False,
                scoring=play["scoring"],
                winners=[name for name, _, won in lines if won],
            )
        elif kind == "delete" and ids:
            snapshots.append(store.delete_play(ids[arg % len(ids)]))  # type: ignore[operator]
        elif kind == "edit" and ids:
            index, play = arg  # type: ignore[misc]
            edited = store.get_play(ids[index % len(ids)]).to_create()
            edited.game = play["game"]
            edited.highest_wins = None if play["game"] != "Golf" else False
            edited.finished = play["finished"]
            edited.scoring = play["scoring"]
            edited.results = [
                edited.results[0].model_copy(
                    update={
                        "player": name,
                        "score": score,
                        "winner": won,
                        "seat": seat,
                        "start_player": False,
                        "tiebreaks": [],
                        "breakdown": {},
                    }
                )
                for seat, (name, score, won) in enumerate(_lines(play), start=1)
            ]
            edited.tiebreakers = []
            store.update_play(ids[index % len(ids)], edited)
        elif kind == "undo" and snapshots:
            store.restore_play(snapshots.pop())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=starts, ops=operations)
def test_running_totals_equal_a_recount_after_any_edits(
    start: list[tuple[str, object]], ops: list[tuple[str, object]]
) -> None:
    with (
        tempfile.TemporaryDirectory() as tmp,
        open_store(f"sqlite:///{Path(tmp) / 'h.sqlite3'}") as store,
    ):
        apply(store, start + ops)
        check_totals(store)


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(start=starts, ops=operations)
def test_running_totals_equal_a_recount_on_every_backend(
    store: Store, start: list[tuple[str, object]], ops: list[tuple[str, object]]
) -> None:
    # The store is shared by the examples: the totals must stay right as plays pile up.
    apply(store, start + ops)
    check_totals(store)
