"""Saving, reading, editing and deleting plays through the Store; settings and custom cards.

Each test runs on a fresh SQLite file and, when COMPANION_TEST_PG is set, on PostgreSQL.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError

from companion.history import (
    NotFoundError,
    PlayCreate,
    PlayDataError,
    Store,
    StoreError,
    open_store,
)
from companion.history import stats as stats_module
from companion.rules import catalogue

T0 = datetime(2024, 3, 2, 19, 30)


def ranks(store: Store, play_id: int) -> dict[str, tuple[int, bool]]:
    return {r.player: (r.rank, r.winner) for r in store.get_play(play_id).results}


# ----------------------------------------------------------------------- ranks and winners


def test_record_play_returns_id_and_ranks_highest_first(store: Store) -> None:
    play_id = store.record_play("Mercante", [("Ann", 31), ("Bob", 45), ("Cat", 12)], T0)
    assert isinstance(play_id, int)
    assert ranks(store, play_id) == {"Bob": (1, True), "Ann": (2, False), "Cat": (3, False)}
    play = store.get_play(play_id)
    assert (play.game, play.game_key, play.highest_wins) == ("Mercante", "mercante", True)
    assert play.winners == ["Bob"]
    assert play.played_at == T0


def test_ties_share_a_rank_and_the_win(store: Store) -> None:
    play_id = store.record_play("Azul", [("Ann", 60), ("Bob", 60), ("Cat", 41), ("Dan", 41)])
    assert ranks(store, play_id) == {
        "Ann": (1, True),
        "Bob": (1, True),
        "Cat": (3, False),
        "Dan": (3, False),
    }


def test_typed_title_is_highest_wins_unless_the_play_says_otherwise(store: Store) -> None:
    high = store.record_play("Golf night", [("Ann", 72), ("Bob", 68)])
    assert ranks(store, high)["Ann"] == (1, True)
    low = store.record_play("Golf night", [("Ann", 72), ("Bob", 68)], highest_wins=False)
    assert ranks(store, low) == {"Bob": (1, True), "Ann": (2, False)}
    assert store.get_play(low).highest_wins is False
    # The earlier play keeps the direction it was scored in.
    assert store.get_play(high).highest_wins is True
    assert [g.highest_wins for g in store.games() if g.name == "Golf night"] == [False]


def test_catalogue_game_refuses_the_other_direction(store: Store) -> None:
    with pytest.raises(PlayDataError, match="Mercante is won by the highest score"):
        store.record_play("mercante", [("Ann", 1), ("Bob", 2)], highest_wins=False)
    assert store.count_plays() == 0
    assert store.player_names() == []


def test_game_is_matched_by_catalogue_id_name_or_typed_title(store: Store) -> None:
    a = store.record_play("mercante", [("Ann", 1)])
    b = store.record_play("  MERCANTE ", [("Ann", 2)])
    c = store.record_play("Catan", [("Ann", 3)])
    d = store.record_play("catan", [("Ann", 4)])
    assert store.get_play(a).game == store.get_play(b).game == "Mercante"
    assert store.get_play(c).game == store.get_play(d).game == "Catan"
    assert store.get_play(c).game_key is None
    assert sorted((g.name, g.key, g.plays) for g in store.games()) == [
        ("Catan", None, 2),
        ("Mercante", "mercante", 2),
    ]


def test_game_end_scoring_tie_goes_to_most_crowns_left(store: Store) -> None:
    # Mercante, Game End › Scoring: a tie goes to the most crowns remaining, then to the
    # fewest unfulfilled contracts. The tie-breakers come from the catalogue, in order.
    breakers = [(t.name, t.higher_wins) for t in catalogue().game("mercante").tiebreakers]
    play_id = store.record_play(
        "mercante",
        [("Ann", 9), ("Bob", 9), ("Cat", 9), ("Dan", 7)],
        tiebreakers=breakers,
        tiebreak_values={"Ann": [30, 1], "Bob": [42, 2], "Cat": [42, 0], "Dan": [99, 0]},
    )
    assert ranks(store, play_id) == {
        "Cat": (1, True),
        "Bob": (2, False),
        "Ann": (3, False),
        "Dan": (4, False),
    }
    play = store.get_play(play_id)
    assert [t.name for t in play.tiebreakers] == [name for name, _ in breakers]
    assert [r.tiebreaks for r in play.results] == [[42, 0], [42, 2], [30, 1], [99, 0]]


def test_game_end_scoring_tie_still_equal_after_tiebreakers_is_shared(store: Store) -> None:
    breakers = [(t.name, t.higher_wins) for t in catalogue().game("mercante").tiebreakers]
    play_id = store.record_play(
        "mercante",
        [("Ann", 9), ("Bob", 9), ("Cat", 3)],
        tiebreakers=breakers,
        tiebreak_values={"Ann": [30, 1], "Bob": [30, 1], "Cat": [50, 0]},
    )
    assert ranks(store, play_id) == {"Ann": (1, True), "Bob": (1, True), "Cat": (3, False)}


def test_missing_tiebreak_value_never_wins_the_tiebreak(store: Store) -> None:
    play_id = store.record_play(
        "Catan",
        [("Ann", 10), ("Bob", 10)],
        tiebreakers=[("Longest road", True)],
        tiebreak_values={"Ann": [None], "Bob": [0]},
    )
    assert ranks(store, play_id) == {"Bob": (1, True), "Ann": (2, False)}


def test_unfinished_play_has_standings_but_no_winner(store: Store) -> None:
    play_id = store.record_play("Catan", [("Ann", 7), ("Bob", 9)], finished=False)
    play = store.get_play(play_id)
    assert play.finished is False
    assert play.winners == []
    assert [(r.player, r.rank) for r in play.results] == [("Bob", 1), ("Ann", 2)]


def test_extras_are_stored(store: Store) -> None:
    play_id = store.record_play(
        "Merchants Cove",
        [("Ann", 30), ("Bob", 25)],
        T0,
        modules=["faction_festival", "paladins"],
        duration_min=95,
        location="  The   Crooked Tankard ",
        notes="  First game with the Bard.\nAnn's pirate strategy.  ",
        seats=["Bob", "Ann"],
        start_player="bob",
        breakdowns={"Ann": {"Coins": 22, "Bonus": 8}, "Bob": {"Coins": 25, "Bonus": 0}},
    )
    play = store.get_play(play_id)
    assert play.modules == ["faction_festival", "paladins"]
    assert play.duration_min == 95
    assert play.location == "The Crooked Tankard"
    assert play.notes == "First game with the Bard.\nAnn's pirate strategy."
    by_name = {r.player: r for r in play.results}
    assert (by_name["Bob"].seat, by_name["Ann"].seat) == (1, 2)
    assert by_name["Bob"].start_player and not by_name["Ann"].start_player
    assert by_name["Ann"].breakdown == {"Coins": 22, "Bonus": 8}


def test_seats_as_numbers(store: Store) -> None:
    play_id = store.record_play("Catan", [("Ann", 1), ("Bob", 2)], seats={"Ann": 2, "Bob": 1})
    assert {r.player: r.seat for r in store.get_play(play_id).results} == {"Ann": 2, "Bob": 1}


def test_results_come_ordered_by_rank_then_seat(store: Store) -> None:
    play_id = store.record_play(
        "Catan",
        [("Ann", 5), ("Bob", 9), ("Cat", 9), ("Dan", 1)],
        seats=["Dan", "Cat", "Bob", "Ann"],
    )
    assert [r.player for r in store.get_play(play_id).results] == ["Cat", "Bob", "Ann", "Dan"]


def test_players_are_one_person_whatever_the_case(store: Store) -> None:
    store.record_play("Catan", [("Ann", 5), ("Bob", 9)])
    play_id = store.record_play("Catan", [("ANN", 7), ("bob  ", 3)])
    assert sorted(store.player_names()) == ["Ann", "Bob"]
    assert {r.player for r in store.get_play(play_id).results} == {"Ann", "Bob"}
    assert store.player_stats("aNN").plays == 2


def test_played_at_defaults_to_now_and_zone_aware_times_become_local(store: Store) -> None:
    before = datetime.now().replace(microsecond=0)
    first = store.record_play("Catan", [("Ann", 1)])
    after = datetime.now()
    assert before <= store.get_play(first).played_at <= after
    aware = datetime(2024, 3, 2, 18, 30, 15, 999, tzinfo=UTC)
    second = store.record_play("Catan", [("Ann", 1)], aware)
    expected = aware.astimezone().replace(tzinfo=None, microsecond=0)
    assert store.get_play(second).played_at == expected
    other_zone = datetime(2024, 3, 2, 20, 30, tzinfo=timezone(timedelta(hours=2)))
    third = store.record_play("Catan", [("Ann", 1)], other_zone)
    assert store.get_play(third).played_at == expected.replace(second=0)


# ------------------------------------------------------------------ refused plays


BAD_RECORDS: list[tuple[str, dict[str, Any], str]] = [
    ("empty name", {"results": [("", 3)]}, "results[0].player: must not be empty"),
    ("blank name", {"results": [("   ", 3)]}, "results[0].player: must not be empty"),
    (
        "long name",
        {"results": [("x" * 41, 3)]},
        "results[0].player: too long (41 characters; at most 40)",
    ),
    (
        "same name twice",
        {"results": [("Ann", 3), ("ANN", 4)]},
        "results[1].player: 'ANN' is already the name in results[0]",
    ),
    (
        "score as text",
        {"results": [("Ann", "10")]},
        'results[0].score: expected a whole number, got "10"',
    ),
    (
        "fractional score",
        {"results": [("Ann", 1.5)]},
        "results[0].score: expected a whole number, got 1.5",
    ),
    (
        "boolean score",
        {"results": [("Ann", True)]},
        "results[0].score: expected a whole number, got true",
    ),
    (
        "score too high",
        {"results": [("Ann", 10**9 + 1)]},
        "results[0].score: must be at most 1000000000",
    ),
    (
        "score too low",
        {"results": [("Ann", -(10**9) - 1)]},
        "results[0].score: must be at least -1000000000",
    ),
    ("no results", {"results": []}, "results: needs at least 1 item(s)"),
    ("not a pair", {"results": [("Ann", 1, 2)]}, "results[0]: expected a (name, score) pair"),
    ("notes too long", {"notes": "n" * 2001}, "notes: too long (2001 characters; at most 2000)"),
    (
        "location too long",
        {"location": "l" * 121},
        "location: too long (121 characters; at most 120)",
    ),
    (
        "too many categories",
        {"breakdowns": {"Ann": {f"c{i}": 0 for i in range(21)} | {"x": 3}}},
        "results[0].breakdown: too many items (22; at most 20)",
    ),
    (
        "breakdown does not add up",
        {"breakdowns": {"Ann": {"Gold": 2, "Gems": 2}}},
        "results[0].breakdown: the categories add up to 4, not the score 3",
    ),
    (
        "breakdown of a stranger",
        {"breakdowns": {"Zed": {"Gold": 3}}},
        "breakdowns: 'Zed' is not one of this play's players",
    ),
    ("start player stranger", {"start_player": "Zed"}, "start_player: 'Zed' is not one of"),
    (
        "too many tiebreak values",
        {"tiebreak_values": {"Ann": [1, 2]}, "tiebreakers": [("Gold", True)]},
        "results[0].tiebreaks: 2 tie-breaker values for 1 tie-breakers",
    ),
    (
        "tiebreaker twice",
        {"tiebreakers": [("Gold", True), ("gold", False)]},
        "tiebreakers[1].name: this tie-breaker is listed twice",
    ),
    ("duration negative", {"duration_min": -5}, "duration_min: must be at least 0"),
    ("duration as text", {"duration_min": "90"}, "duration_min: expected a whole number"),
    (
        "module twice",
        {"modules": ["paladins", "paladins"]},
        "modules[1]: 'paladins' is listed twice",
    ),
    ("empty game", {"game": "  "}, "game: must not be empty"),
    ("finished as text", {"finished": "no"}, "finished: expected true or false"),
]


@pytest.mark.parametrize(
    ("case", "changes", "message"), BAD_RECORDS, ids=[c[0] for c in BAD_RECORDS]
)
def test_invalid_play_is_refused_and_nothing_written(
    store: Store, case: str, changes: dict[str, Any], message: str
) -> None:
    store.record_play("Catan", [("Old", 1)])
    before = store.export_json().split('"players"')[1]
    kwargs: dict[str, Any] = {"game": "Catan", "results": [("Ann", 3)], **changes}
    with pytest.raises(PlayDataError) as info:
        store.record_play(**kwargs)
    assert message in str(info.value)
    assert "\n" not in str(info.value)
    assert isinstance(info.value, ValueError)
    assert store.export_json().split('"players"')[1] == before
    assert store.count_plays() == 1


def test_two_start_players_refused(store: Store) -> None:
    play = {
        "game": "Catan",
        "results": [
            {"player": "Ann", "score": 1, "start_player": True},
            {"player": "Bob", "score": 2, "start_player": True},
        ],
    }
    with pytest.raises(ValueError, match=r"results\[1\].start_player: only one start player"):
        PlayCreate.model_validate(play)
    # A valid play changed afterwards is checked again when saved.
    play["results"][1]["start_player"] = False  # type: ignore[index]
    valid = PlayCreate.model_validate(play)
    valid.results[1].start_player = True
    with pytest.raises(PlayDataError, match=r"results\[1\].start_player: only one start player"):
        store.save_play(valid)
    assert store.count_plays() == 0


def test_seats_must_be_all_or_none_and_distinct() -> None:
    with pytest.raises(ValueError, match=r"results\[1\].seat: give every player a seat, or none"):
        PlayCreate.model_validate(
            {
                "game": "X",
                "results": [{"player": "A", "score": 1, "seat": 1}, {"player": "B", "score": 1}],
            }
        )
    with pytest.raises(ValueError, match=r"results\[1\].seat: seat 1 is taken twice"):
        PlayCreate.model_validate(
            {
                "game": "X",
                "results": [
                    {"player": "A", "score": 1, "seat": 1},
                    {"player": "B", "score": 1, "seat": 1},
                ],
            }
        )


def test_a_changed_playcreate_is_validated_again_before_saving(store: Store) -> None:
    play = PlayCreate.model_validate({"game": "Catan", "results": [{"player": "Ann", "score": 3}]})
    play.results[0].score = "lots"  # type: ignore[assignment]
    with pytest.raises(PlayDataError, match="expected a whole number"):
        store.save_play(play)
    assert store.count_plays() == 0


def test_a_failing_write_leaves_nothing_behind(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.record_play("Catan", [("Ann", 1)])
    before = store.export_json().split('"players"')[1]

    def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("disk on fire")

    # The failure comes after the new player, the game, the play and its results were
    # written inside the transaction: all of them must be rolled back.
    monkeypatch.setattr(stats_module, "add_to_stats", broken)
    with pytest.raises(RuntimeError, match="disk on fire"):
        store.record_play("Brand new game", [("Newcomer", 5), ("Ann", 2)])
    monkeypatch.undo()
    assert store.export_json().split('"players"')[1] == before
    assert store.player_names() == ["Ann"]


# ---------------------------------------------------------------- listing and filtering


def _three_games(store: Store) -> list[int]:
    return [
        store.record_play("Catan", [("Ann", 5), ("Bob", 9)], T0),
        store.record_play("Mercante", [("Ann", 5), ("Cat", 9), ("Bob", 1)], T0 + timedelta(days=2)),
        store.record_play("Catan", [("Cat", 5), ("Dan", 9)], T0 + timedelta(days=1)),
        store.record_play("Catan", [("Cat", 6), ("Dan", 2)], T0 + timedelta(days=1)),
    ]


def test_list_plays_newest_first(store: Store) -> None:
    ids = _three_games(store)
    # Same time: the later saved comes first.
    assert [p.id for p in store.list_plays()] == [ids[1], ids[3], ids[2], ids[0]]
    assert store.count_plays() == 4


def test_list_plays_filters_by_game_and_player(store: Store) -> None:
    ids = _three_games(store)
    assert [p.id for p in store.list_plays(game="catan")] == [ids[3], ids[2], ids[0]]
    assert [p.id for p in store.list_plays(game="mercante")] == [ids[1]]
    assert [p.id for p in store.list_plays(player="bob")] == [ids[1], ids[0]]
    assert [p.id for p in store.list_plays(game="Catan", player="Dan")] == [ids[3], ids[2]]
    assert store.count_plays(game="Catan", player="Dan") == 2
    assert store.count_plays(player="ann") == 2
    assert store.list_plays(game="Chess") == [] and store.count_plays(game="Chess") == 0
    assert store.list_plays(player="Nobody") == [] and store.count_plays(player="Nobody") == 0


def test_list_plays_pages(store: Store) -> None:
    ids = _three_games(store)
    newest_first = [ids[1], ids[3], ids[2], ids[0]]
    assert [p.id for p in store.list_plays(limit=2)] == newest_first[:2]
    assert [p.id for p in store.list_plays(limit=2, offset=2)] == newest_first[2:]
    assert store.list_plays(limit=2, offset=4) == []
    with pytest.raises(PlayDataError, match="limit"):
        store.list_plays(limit=-1)


def test_player_names_most_plays_first(store: Store) -> None:
    _three_games(store)
    store.record_play("Catan", [("Eve", 1)], finished=False)
    # Cat 3, Ann 2, Bob 2, Dan 2 (finished plays); Eve has only an unfinished one.
    assert store.player_names() == ["Cat", "Ann", "Bob", "Dan", "Eve"]


def test_get_play_unknown_id(store: Store) -> None:
    with pytest.raises(NotFoundError, match="no play with id 999"):
        store.get_play(999)
    with pytest.raises(LookupError):
        store.delete_play(999)


# ------------------------------------------------------------ edit, delete and restore


def test_update_play_replaces_results_and_keeps_identity(store: Store) -> None:
    play_id = store.record_play("Catan", [("Ann", 5), ("Bob", 9)], T0)
    before = store.get_play(play_id)
    edited = before.to_create()
    edited.results[0].score = 12
    edited.results.append(
        edited.results[0].model_copy(update={"player": "Cat", "score": 2, "seat": 3})
    )
    edited.notes = "Ann's longest road was missed"
    store.update_play(play_id, edited)
    after = store.get_play(play_id)
    assert (after.id, after.uid, after.created_at) == (before.id, before.uid, before.created_at)
    assert after.updated_at >= before.updated_at
    assert [(r.player, r.score, r.rank, r.winner) for r in after.results] == [
        ("Ann", 12, 1, True),
        ("Bob", 9, 2, False),
        ("Cat", 2, 3, False),
    ]
    assert after.notes == "Ann's longest road was missed"
    assert store.player_stats("Ann").wins == 1
    assert store.player_stats("Bob").wins == 0


def test_update_can_move_a_play_to_another_game(store: Store) -> None:
    play_id = store.record_play("Catan", [("Ann", 5)], T0)
    edited = store.get_play(play_id).to_create()
    edited.game = "Mercante"
    store.update_play(play_id, edited)
    assert store.get_play(play_id).game == "Mercante"
    assert [(g.name, g.plays) for g in store.games()] == [("Mercante", 1), ("Catan", 0)]


def test_update_unknown_play(store: Store) -> None:
    play = PlayCreate.model_validate({"game": "X", "results": [{"player": "A", "score": 1}]})
    with pytest.raises(NotFoundError):
        store.update_play(12345, play)


def test_delete_and_restore(store: Store) -> None:
    play_id = store.record_play(
        "Mercante",
        [("Ann", 9), ("Bob", 9)],
        T0,
        tiebreakers=[("Most crowns left", True)],
        tiebreak_values={"Ann": [40], "Bob": [12]},
        location="Club",
        notes="undo me",
        breakdowns={"Ann": {"VP": 11, "Penalties": -2}, "Bob": {"VP": 9, "Penalties": 0}},
        start_player="Bob",
        modules=["talk_of_peace"],
        duration_min=80,
    )
    original = store.get_play(play_id)
    stats_before = store.player_stats("Ann")
    snapshot = store.delete_play(play_id)
    assert isinstance(snapshot, PlayCreate)
    assert store.count_plays() == 0
    with pytest.raises(NotFoundError):
        store.get_play(play_id)
    assert store.player_stats("Ann").plays == 0
    new_id = store.restore_play(snapshot)
    restored = store.get_play(new_id)
    assert restored.uid == original.uid
    assert restored.model_dump(exclude={"id"}) == original.model_dump(exclude={"id"})
    assert store.player_stats("Ann") == stats_before
    # Restoring twice would duplicate the play: refused.
    with pytest.raises(PlayDataError, match="already saved"):
        store.restore_play(snapshot)


def test_restore_needs_the_uid(store: Store) -> None:
    play = PlayCreate.model_validate({"game": "X", "results": [{"player": "A", "score": 1}]})
    with pytest.raises(PlayDataError, match="uid"):
        store.restore_play(play)


# ------------------------------------------------------------------------- settings


def test_settings_round_trip(store: Store) -> None:
    assert store.get_setting("theme") is None
    assert store.get_setting("theme", "light") == "light"
    store.set_setting("theme", "dark")
    store.set_setting("checklist:merchants_cove", {"done": ["setup.1", "setup.4"], "players": 4})
    store.set_setting("theme", "light")
    assert store.get_setting("theme") == "light"
    assert store.get_setting("checklist:merchants_cove") == {
        "done": ["setup.1", "setup.4"],
        "players": 4,
    }
    store.set_setting("pair", (1, 2))
    assert store.get_setting("pair") == [1, 2]
    store.set_setting("nothing", None)
    assert store.get_setting("nothing", "default") is None
    assert store.delete_setting("theme") is True
    assert store.delete_setting("theme") is False
    assert store.get_setting("theme", "gone") == "gone"


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("", 1, "setting key"),
        ("x" * 201, 1, "setting key"),
        ("k", float("nan"), "not a JSON value"),
        ("k", object(), "not a JSON value"),
        ("k", {1, 2}, "not a JSON value"),
        ("k", "x" * 1_000_001, "too large"),
    ],
    ids=["empty key", "long key", "nan", "object", "set", "huge"],
)
def test_settings_refuse_bad_keys_and_values(
    store: Store, key: str, value: object, message: str
) -> None:
    with pytest.raises(PlayDataError, match=message):
        store.set_setting(key, value)
    assert store.get_setting("k") is None


# ----------------------------------------------------------------------- custom cards


def test_custom_cards(store: Store) -> None:
    storm = {"kind": "enduring", "reaction": False, "modifiers": {"spices": -2}}
    card_id = store.save_custom_card("mercante", "event", "Spice Storm", storm)
    other = store.save_custom_card("mercante", "event", "Grain Glut", {"modifiers": {"grain": -1}})
    store.save_custom_card("mercante", "contract", "Big Deal", {"value": 10})
    assert [c.name for c in store.list_custom_cards("mercante", "event")] == [
        "Grain Glut",
        "Spice Storm",
    ]
    assert len(store.list_custom_cards("mercante")) == 3
    assert store.list_custom_cards("merchants_cove", "event") == []
    card = next(c for c in store.list_custom_cards("mercante", "event") if c.id == card_id)
    assert card.data == storm and card.kind == "event" and card.game == "mercante"

    store.save_custom_card(
        "mercante", "event", "Spice Storm II", {"modifiers": {}}, card_id=card_id
    )
    assert {c.name for c in store.list_custom_cards("mercante", "event")} == {
        "Grain Glut",
        "Spice Storm II",
    }
    with pytest.raises(PlayDataError, match="already a event card named 'grain glut'"):
        store.save_custom_card("mercante", "event", "grain glut", {})
    # Renaming a card to its own name (any case) is fine.
    assert store.save_custom_card("mercante", "event", "GRAIN GLUT", {}, card_id=other) == other

    store.delete_custom_card(card_id)
    assert [c.name for c in store.list_custom_cards("mercante", "event")] == ["GRAIN GLUT"]
    with pytest.raises(NotFoundError):
        store.delete_custom_card(card_id)
    with pytest.raises(NotFoundError):
        store.save_custom_card("mercante", "event", "Ghost", {}, card_id=card_id)
    with pytest.raises(PlayDataError, match="name: must not be empty"):
        store.save_custom_card("mercante", "event", " ", {})
    with pytest.raises(PlayDataError, match="data"):
        store.save_custom_card("mercante", "event", "Bad", {"x": float("inf")})


# -------------------------------------------------------------------- stores and files


def test_two_stores_on_one_file_see_each_others_plays(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    with open_store(url) as first, open_store(url) as second:
        first.record_play("Catan", [("Ann", 3)])
        assert second.count_plays() == 1
        second.record_play("Catan", [("Bob", 3)])
        assert first.player_names() == ["Ann", "Bob"]


def test_default_store_lives_in_the_user_data_directory(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-home"))
    with open_store() as store:
        store.record_play("Catan", [("Ann", 3)])
        assert "merchants-companion" in store.url
    path = tmp_path / "data-home" / "merchants-companion" / "history.sqlite3"
    assert path.is_file()
    with open_store() as again:
        assert again.count_plays() == 1


def test_sqlite_runs_with_foreign_keys_and_wal(tmp_path: Any) -> None:
    import sqlite3

    url = f"sqlite:///{tmp_path / 'h.sqlite3'}"
    with open_store(url) as store:
        play_id = store.record_play("Catan", [("Ann", 3), ("Bob", 1)])
        with store.engine.connect() as conn:  # the store's own connection settings
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            with pytest.raises(IntegrityError, match="FOREIGN KEY"):
                conn.exec_driver_sql(
                    "INSERT INTO play_result (play_id, player_id, seat, score, breakdown, "
                    "tiebreaks, start_player, rank, winner) "
                    "VALUES (?, 999, 9, 1, '{}', '[]', 0, 1, 0)",
                    (play_id,),
                )
    raw = sqlite3.connect(tmp_path / "h.sqlite3")
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    raw.close()


def test_store_errors_are_value_errors() -> None:
    assert issubclass(StoreError, ValueError)
    assert issubclass(PlayDataError, StoreError)
    assert issubclass(NotFoundError, StoreError) and issubclass(NotFoundError, LookupError)
