"""A saved play says what was played: modules and expansions, house rules, when it started
and how long it took, every tie-breaker figure entered; the list filters by module and
expansion, statistics go per module and expansion, and a group's unplayed modules are found.

Each test runs on a fresh SQLite file and, when COMPANION_TEST_PG is set, on PostgreSQL.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, timedelta

import pytest
from sqlalchemy import text

from companion.history import PlayDataError, Store
from companion.history.arguments import validate_play
from companion.rules import catalogue

START = datetime(2024, 6, 1, 19, 30)
END = datetime(2024, 6, 1, 22, 5)
NIGHT_MODULES = ["the Faction Festival", "Paladins", "display_cases", "Beasts of the Bay"]


def cove_night(store: Store, **changes: object) -> int:
    """A four-player Merchants Cove night with Master Craft and The Entertainer."""
    fields: dict[str, object] = {
        "modules": NIGHT_MODULES,
        "expansions": ["Master Craft", "merchants cove: the entertainer"],
        # Settings' list of alternatives (an id from before its ruling was renamed too).
        "house_rules": ["merchants_cove.paladin_split", "setup.festival_brings_paladins"],
        "started_at": START,
        "location": "Harbour Café",
        "start_player": "Ben",
        "breakdowns": {
            "Ann": {"Gold": 40, "Sponsorship": 12, "Corruption": -4},
            "Ben": {"Gold": 38, "Sponsorship": 10, "Corruption": 0},
            "Cleo": {"Gold": 30, "Sponsorship": 9, "Corruption": -2},
            "Dev": {"Gold": 22, "Sponsorship": 6, "Corruption": -1},
        },
    } | changes
    return store.record_play(
        "Merchants Cove",
        [("Ann", 48), ("Ben", 48), ("Cleo", 37), ("Dev", 27)],
        END,
        **fields,  # type: ignore[arg-type]
    )


def test_the_saved_play_says_what_was_played(store: Store) -> None:
    play = store.get_play(cove_night(store))
    # Modules under their setup ids, however they were named; expansions by their names.
    assert play.modules == ["faction_festival", "paladins", "display_cases", "beasts_of_the_bay"]
    assert play.module_labels() == [
        "Faction Festival",
        "Paladins",
        "Display Cases",
        "Beasts of the Bay",
    ]
    assert play.expansions == ["Master Craft", "The Entertainer"]
    assert play.house_rules == {
        "setup.paladin_split": "alternative",
        "setup.festival_brings_paladins": "alternative",
    }
    # Start to finish, worked out when not given.
    assert (play.started_at, play.played_at, play.duration_min) == (START, END, 155)
    assert (play.location, play.winners) == ("Harbour Café", ["Ann", "Ben"])
    assert next(r for r in play.results if r.start_player).player == "Ben"
    assert {r.player: r.breakdown["Sponsorship"] for r in play.results} == {
        "Ann": 12,
        "Ben": 10,
        "Cleo": 9,
        "Dev": 6,
    }


def test_the_duration_can_be_edited(store: Store) -> None:
    play_id = cove_night(store, duration_min=140)  # twenty minutes' break, say
    assert store.get_play(play_id).duration_min == 140
    edited = store.get_play(play_id).to_create()
    edited.duration_min = 150
    store.update_play(play_id, edited)
    assert (store.get_play(play_id).duration_min, store.get_play(play_id).started_at) == (
        150,
        START,
    )


REFUSED = [
    ({"started_at": "2024-06-01T23:00:00"}, "started_at: 2024-06-01 23:00 is after the end"),
    (
        {"started_at": "2024-05-01T20:00:00"},
        "started_at: 44,765 minutes before the end of the play; a play lasts at most 10,000",
    ),
    ({"house_rules": {"Paladin split": "alternative"}}, 'expected a ruling id such as "journey'),
    (
        {"house_rules": {"setup.paladin_split": "both"}},
        "house_rules.setup.paladin_split: expected 'reading' or 'alternative'",
    ),
    ({"modules": ["paladins", "the Paladins"]}, "modules[1]: 'Paladins' is listed twice"),
    ({"expansions": ["Master Craft", "master_craft"]}, "expansions[1]: 'Master Craft' is listed"),
]


@pytest.mark.parametrize(("fields", "message"), REFUSED)
def test_what_was_played_is_checked(store: Store, fields: dict[str, object], message: str) -> None:
    raw = {
        "game": "merchants_cove",
        "played_at": "2024-06-01T22:05:00",
        "results": [{"player": "Ann", "score": 3}],
    } | fields
    with pytest.raises(PlayDataError) as info:
        store.save_play(validate_play(raw))
    assert message in str(info.value)
    assert store.count_plays() == 0


def test_modules_of_a_game_the_catalogue_does_not_know_are_kept_as_typed(store: Store) -> None:
    play_id = store.record_play(
        "Catan", [("Ann", 10)], modules=["Paladins"], expansions=["Seafarers"]
    )
    play = store.get_play(play_id)
    assert (play.modules, play.expansions) == (["Paladins"], ["Seafarers"])


def test_every_tie_breaker_figure_entered_is_kept(
    store: Store, make_store: Callable[[], Store]
) -> None:
    """Figures are kept for every player, also those they did not decide anything for."""
    breakers = [(t.name, t.higher_wins) for t in catalogue().game("mercante").tiebreakers]
    figures = {"Ann": [12, 0], "Ben": [12, 2], "Cleo": [3, 1]}
    play_id = store.record_play(
        "mercante",
        [("Ann", 42), ("Ben", 42), ("Cleo", 30)],
        END,
        tiebreakers=breakers,
        tiebreak_values=figures,
    )
    play = store.get_play(play_id)
    assert {r.player: r.tiebreaks for r in play.results} == figures
    # The second tie-breaker decided (fewest unfulfilled contracts): Ann first.
    assert [(r.player, r.rank) for r in play.results] == [("Ann", 1), ("Ben", 2), ("Cleo", 3)]
    fresh = make_store()
    fresh.import_json(store.export_json())
    assert {r.player: r.tiebreaks for r in fresh.list_plays()[0].results} == figures


# ---------------------------------------------------------------------------- queries


def with_festival(store: Store) -> None:
    """Seven finished plays with the Faction Festival, Ann winning four; others without it."""
    winners = ["Ann", "Ben", "Ann", "Cleo", "Ann", "Ann", "Ben"]
    for day, winner in enumerate(winners):
        scores = [(name, 50 if name == winner else 40) for name in ("Ann", "Ben", "Cleo")]
        store.record_play(
            "merchants_cove",
            scores,
            START + timedelta(days=day),
            modules=["faction_festival", "paladins"] if day % 2 else ["faction_festival"],
            expansions=["Master Craft"],
        )
    store.record_play(
        "merchants_cove", [("Ann", 60), ("Dev", 20)], START - timedelta(days=1), modules=["lawyers"]
    )
    # Neither an unfinished play nor a deleted one counts.
    store.record_play(
        "merchants_cove",
        [("Ann", 60), ("Ben", 20)],
        START - timedelta(days=2),
        modules=["faction_festival"],
        finished=False,
    )
    gone = store.record_play(
        "merchants_cove", [("Ann", 60), ("Ben", 20)], START, modules=["faction_festival"]
    )
    store.delete_play(gone)


def test_statistics_per_module_and_expansion(store: Store) -> None:
    with_festival(store)
    found = {(f.kind, f.value): f for f in store.module_stats("Merchants Cove")}
    festival = found[("module", "faction_festival")]
    assert (festival.name, festival.plays, festival.wins_of("Ann")) == ("Faction Festival", 7, 4)
    assert [(p.name, p.plays, p.wins) for p in festival.players] == [
        ("Ann", 7, 4),
        ("Ben", 7, 2),
        ("Cleo", 7, 1),
    ]
    assert found[("module", "paladins")].plays == 3
    assert found[("expansion", "Master Craft")].plays == 7
    assert (found[("module", "lawyers")].plays, found[("module", "lawyers")].wins_of("Dev")) == (
        1,
        0,
    )
    # Expansions first, then modules, most played first.
    assert [f.value for f in store.module_stats("merchants_cove")][:2] == [
        "Master Craft",
        "faction_festival",
    ]


def test_the_list_filters_by_module_and_expansion_in_any_spelling(store: Store) -> None:
    with_festival(store)
    for spelling in ("faction_festival", "Faction Festival", "the faction festival"):
        assert store.count_plays(module=spelling) == 8  # the unfinished one is listed too
    assert store.count_plays(module="paladins", player="Cleo") == 3
    assert len(store.list_plays(module="Paladins", limit=2)) == 2
    assert store.count_plays(expansion="Merchants Cove: Master Craft") == 7
    assert store.count_plays(expansion="The Entertainer") == 0
    assert store.count_plays(game="mercante", module="faction_festival") == 0
    assert [p.modules for p in store.list_plays(module="Lawyers")] == [["lawyers"]]


def test_plays_stored_with_module_names_still_count(store: Store) -> None:
    play_id = store.record_play("merchants_cove", [("Ann", 5)], modules=["paladins"])
    with store.engine.begin() as conn:  # as a play stored before modules were kept by id
        conn.execute(
            text("UPDATE play SET modules = :m WHERE id = :i"), {"m": '["Paladins"]', "i": play_id}
        )
    assert store.count_plays(module="paladins") == 1
    assert [f.value for f in store.module_stats("merchants_cove")] == ["paladins"]
    assert "paladins" not in store.modules_not_played("merchants_cove", ["Ann"])


def test_modules_the_group_has_not_played_yet(store: Store) -> None:
    with_festival(store)
    everything = store.modules_not_played("merchants_cove", ["Zed"])
    assert len(everything) == 16 and everything[0] == "faction_festival"
    group = store.modules_not_played("merchants_cove", ["Ann", "Ben", "Cleo"])
    assert "faction_festival" not in group and "paladins" not in group
    assert "lawyers" in group  # Ann played it, but not with Ben and Cleo
    assert "lawyers" not in store.modules_not_played(
        "merchants_cove", ["Ann", "Ben"], together=False
    )
    # Asked among names, answered in the same names.
    assert store.modules_not_played(
        "Merchants Cove", ["ann", "Dev"], among=["Lawyers", "Paladins", "Insiders"]
    ) == ["Paladins", "Insiders"]
    assert store.modules_not_played("Azul", ["Ann"]) == []  # no modules in the setup data


def test_a_night_goes_out_and_comes_back_with_what_was_played(
    store: Store, make_store: Callable[[], Store]
) -> None:
    play_id = cove_night(store)
    original = store.get_play(play_id)
    fresh = make_store()
    fresh.import_json(store.export_json())
    (back,) = fresh.list_plays()
    fields = ("modules", "expansions", "house_rules", "started_at", "duration_min", "location")
    assert back.model_dump(include=set(fields)) == original.model_dump(include=set(fields))
    doc = json.loads(store.export_bgstats())
    games = {g["id"]: g for g in doc["games"]}
    (play,) = doc["plays"]
    assert [games[e["gameRefId"]]["name"] for e in play["expansionPlays"]] == [
        "Merchants Cove: Master Craft",
        "Merchants Cove: The Entertainer",
    ]
    assert play["board"] == "Faction Festival; Paladins; Display Cases; Beasts of the Bay"
    assert play["durationMin"] == 155
    from_bg = make_store()
    from_bg.import_bgstats(store.export_bgstats())
    (again,) = from_bg.list_plays()
    assert (again.modules, again.expansions) == (original.modules, original.expansions)
    assert [(r.player, r.score, r.winner) for r in again.results] == [
        (r.player, r.score, r.winner) for r in original.results
    ]
