"""What a saved play was played with, as History says it (issue 19): its modules, expansions,
house rules, start, duration and place; plays without points; the module and expansion
filters; the figures per module and expansion; the import's ignored plays. Plain logic, no
page and no database."""

from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace
from typing import Any

from companion.history import FeatureStats
from companion.history.stats import FeaturePlayer
from companion.ui.history.model import (
    ALL,
    HistoryFilter,
    alphabetical,
    duration_words,
    feature_line,
    game_lines,
    house_rule_names,
    import_summary,
    outcome,
    play_facts,
    play_subtitle,
    player_game_line,
)


def result(player: str, score: int | None, *, winner: bool, seat: int) -> Any:
    return SimpleNamespace(player=player, score=score, winner=winner, seat=seat)


def play(**fields: Any) -> Any:
    base: dict[str, Any] = {
        "played_at": datetime(2026, 11, 28, 22, 5),
        "started_at": None,
        "duration_min": None,
        "location": None,
        "modules": [],
        "expansions": [],
        "house_rules": {},
        "scoring": "points",
        "highest_wins": True,
        "tiebreakers": [],
        "finished": True,
        "results": [],
    }
    base.update(fields)
    return SimpleNamespace(**base)


def test_a_plays_details_name_its_start_duration_place_expansions_modules_and_house_rules() -> None:
    night = play(
        started_at=datetime(2026, 11, 28, 20, 15),
        duration_min=110,
        location="Ann's kitchen",
        modules=["Faction Festival", "Paladins"],
        expansions=["Master Craft", "The Entertainer"],
        house_rules={"bard.boast_once": "alternative", "bard.card_gold": "reading"},
    )
    assert play_facts(night) == [
        ("Sat 28 Nov 2026, 22:05", False),
        ("Started 20:15", False),
        ("Took 1 hour 50 minutes", False),
        ("At Ann's kitchen", False),
        ("Expansions: Master Craft, The Entertainer", False),
        ("Modules: Faction Festival, Paladins", False),
        ("House rules: Bard: Boast more than once a song", False),
        ("Highest score wins", True),
    ]
    # A ruling read by the book is no house rule; an id the app does not know is not shown.
    assert house_rule_names({"bard.card_gold": "reading", "no.such": "alternative"}) == []


def test_a_start_on_another_day_says_its_day() -> None:
    late = play(started_at=datetime(2026, 11, 27, 23, 40), played_at=datetime(2026, 11, 28, 1))
    assert ("Started Fri 27 Nov 2026, 23:40", False) in play_facts(late)


def test_durations_read_in_hours_and_minutes() -> None:
    assert [duration_words(m) for m in (1, 45, 60, 61, 125)] == [
        "1 minute",
        "45 minutes",
        "1 hour",
        "1 hour 1 minute",
        "2 hours 5 minutes",
    ]


def test_plays_without_points_say_who_won_and_how() -> None:
    duel = play(
        scoring="manual",
        results=[
            result("Ann", None, winner=True, seat=1),
            result("Ben", None, winner=False, seat=2),
        ],
    )
    assert outcome(duel) == "Ann won"
    assert ("The winner was chosen by hand", True) in play_facts(duel)
    assert ("Highest score wins", True) not in play_facts(duel)
    pair = play(
        scoring="manual",
        results=[
            result("Ann", None, winner=True, seat=1),
            result("Ben", None, winner=True, seat=2),
        ],
    )
    assert outcome(pair) == "Ann and Ben won together"
    nobody = play(scoring="manual", results=[result("Ann", None, winner=False, seat=1)])
    assert outcome(nobody) == "No one won"
    scored_by_hand = play(
        scoring="manual",
        results=[result("Ann", 12, winner=True, seat=1), result("Ben", 30, winner=False, seat=2)],
    )
    assert outcome(scored_by_hand) == "Ann won with 12"
    team = [result("Ann", None, winner=True, seat=1), result("Ben", None, winner=True, seat=2)]
    assert outcome(play(scoring="cooperative", results=team)) == "Everyone won together"
    lost = [result("Ann", None, winner=False, seat=1), result("Ben", None, winner=False, seat=2)]
    coop = play(scoring="cooperative", results=lost)
    assert outcome(coop) == "Everyone lost together"
    assert ("Co-operative: everyone wins or loses together", True) in play_facts(coop)
    # Points plays read as before.
    points = play(
        results=[result("Ann", 42, winner=True, seat=1), result("Ben", 30, winner=False, seat=2)]
    )
    assert outcome(points) == "Ann won with 42"


def test_the_lists_line_says_what_was_played_with() -> None:
    night = play(
        results=[result("Ben", 3, winner=False, seat=2), result("Ann", 9, winner=True, seat=1)],
        modules=["Paladins"],
        expansions=["Master Craft"],
    )
    assert play_subtitle(night) == "Sat 28 Nov 2026, 22:05 · Ann, Ben · Master Craft, Paladins"
    bard = play(
        results=[result("Ann", 9, winner=True, seat=1)],
        modules=["The Entertainer (the Bard)", "Paladins"],
        expansions=["Master Craft", "The Entertainer"],
    )
    assert play_subtitle(bard).endswith(" · Master Craft, The Entertainer, Paladins")


def festival(players: tuple[FeaturePlayer, ...], plays: int = 7) -> FeatureStats:
    return FeatureStats(
        game="Merchants Cove",
        kind="module",
        value="faction_festival",
        name="Faction Festival",
        plays=plays,
        players=players,
    )


def test_a_modules_figures_read_as_players_say_them() -> None:
    stats = festival(
        (
            FeaturePlayer("Ann", 7, 4),
            FeaturePlayer("Ben", 6, 2),
            FeaturePlayer("Cleo", 5, 1),
            FeaturePlayer("Dan", 3, 0),
        )
    )
    assert feature_line(stats) == "With the Faction Festival: 7 plays, Ann won 4, Ben 2, Cleo 1"
    assert feature_line(stats, "Ann") == "With the Faction Festival: 7 plays, Ann won 4"
    assert feature_line(stats, "Dan") == "With the Faction Festival: 7 plays, Dan won 0"
    many = festival(tuple(FeaturePlayer(n, 5, 1) for n in "ABCDE"), plays=5)
    assert (
        feature_line(many) == "With the Faction Festival: 5 plays, A won 1, B 1, C 1, and 2 others"
    )
    none = festival((FeaturePlayer("Ann", 1, 0),), plays=1)
    assert feature_line(none) == "With the Faction Festival: 1 play, no one won yet"
    craft = FeatureStats("Merchants Cove", "expansion", "Master Craft", "Master Craft", 2, ())
    assert feature_line(craft) == "With Master Craft: 2 plays, no one won yet"


def test_a_game_played_without_points_has_no_score_lines() -> None:
    stats = SimpleNamespace(
        plays=3, average_winning_score=None, top_winners=("Ann",), top_wins=2, best_score=None
    )
    assert game_lines(stats) == ["3 plays", "Most wins: Ann (2)"]
    duel = SimpleNamespace(game="Duel", plays=3, wins=2, average=None, best=None)
    assert player_game_line(duel, with_game=True) == "Duel: 3 plays, 2 wins"
    scored = SimpleNamespace(game="Mercante", plays=1, wins=0, average=12.5, best=12)
    assert player_game_line(scored, with_game=False) == "1 play, 0 wins, average 12.5, best 12"


def test_module_and_expansion_filters_belong_to_the_chosen_game() -> None:
    saved = {"game": "Merchants Cove", "player": None, "module": "paladins", "expansion": "X"}
    known = [("module", "paladins"), ("expansion", "Master Craft")]
    kept = HistoryFilter.from_setting(saved, games=["Merchants Cove"], players=[], features=known)
    assert (kept.module, kept.expansion) == ("paladins", None)  # X is no longer played with
    kept.pick_expansion("Master Craft")
    assert kept.query() == {
        "game": "Merchants Cove",
        "player": None,
        "module": "paladins",
        "expansion": "Master Craft",
    }
    kept.pick_game("Merchants Cove")  # the same game: its choices stay
    assert kept.module == "paladins"
    kept.pick_game(ALL)
    assert kept.module is None and kept.expansion is None and not kept.narrowed
    kept.pick_module("paladins")  # no game: no module to choose
    assert kept.module is None


def test_the_player_filter_lists_players_alphabetically() -> None:
    assert alphabetical(["cleo", "Ben", "ann", "Ben", "Émile", "Dan"]) == [
        "ann",
        "Ben",
        "cleo",
        "Dan",
        "Émile",
    ]
    assert alphabetical(["Zoe", "Émile"]) == ["Émile", "Zoe"]  # by letter, accents aside


def test_the_import_summary_says_how_many_plays_bg_stats_ignores_were_left_out() -> None:
    report = SimpleNamespace(imported=40, duplicates=(), skipped=(), notes=(), ignored=3)
    assert import_summary(report) == (
        "40 plays added. 3 plays that BG Stats ignores (left out of its statistics) were "
        "left out, as BG Stats does."
    )
    one = SimpleNamespace(imported=1, duplicates=(), skipped=(), notes=(), ignored=1)
    assert "1 play that BG Stats ignores (left out of its statistics) was left out" in (
        import_summary(one)
    )
    none = SimpleNamespace(imported=1, duplicates=(), skipped=(), notes=(), ignored=0)
    assert "ignores" not in import_summary(none)


def test_a_real_bg_stats_import_says_its_ignored_play(tmp_path: Any) -> None:
    from companion.history import open_store
    from tests.history.test_bgstats import FIXTURE

    with open_store(f"sqlite:///{tmp_path / 'h.sqlite3'}") as store:
        report = store.import_bgstats(FIXTURE.read_text(encoding="utf-8"))
    said = import_summary(report)
    assert said.startswith("6 plays added. 1 play that BG Stats ignores (left out of its ")
    assert "was left out, as BG Stats does." in said
