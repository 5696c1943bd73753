"""BG Stats both ways: the backup file we write, the backup we read, the one-play link.

What real readers of BG Stats backups need is written down here as checks of our export:
bgstats-merger starts from ``userInfo.meRefId`` (the player must exist), bgstats-wrapped reads
every game's ``bggId`` and parses ``playDate`` as ``%Y-%m-%d %H:%M:%S``, hermod-bot's reader
types every play key. ``manualWinner`` and ``newPlayer`` carry BG Stats' meanings.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import unquote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine.core.standings import Entry, TieBreak, rank
from companion.history import ImportFileError, Store, bulk
from companion.history import bgstats as bg
from companion.history.bulk import BulkPlay, BulkResult, places
from companion.rules import catalogue
from tests.paths import FIXTURES

FIXTURE = FIXTURES / "bgstats-backup.json"
T0 = datetime(2024, 4, 6, 19, 45)

PLAY_KEYS = {
    "uuid": str,
    "playDate": str,
    "entryDate": str,
    "modificationDate": str,
    "gameRefId": int,
    "durationMin": int,
    "ignored": bool,
    "manualWinner": bool,
    "rounds": int,
    "usesTeams": bool,
    "board": str,
    "comments": str,
    "rating": int,
    "scoringSetting": int,
    "playImages": str,
    "expansionPlays": list,
    "importPlayId": int,
    "nemestatsId": int,
    "bggId": int,
    "playerScores": list,
}
SCORE_KEYS = {
    "playerRefId": int,
    "score": str,
    "winner": bool,
    "newPlayer": bool,
    "startPlayer": bool,
    "rank": int,
    "seatOrder": int,
}
GAME_KEYS = {
    "id": int,
    "uuid": str,
    "name": str,
    "modificationDate": str,
    "cooperative": bool,
    "highestWins": bool,
    "noPoints": bool,
    "usesTeams": bool,
    "bggName": str,
    "bggId": int,
    "bggYear": int,
    "isBaseGame": int,
    "isExpansion": int,
    "copies": list,
}
PLAYER_KEYS = {"id": int, "uuid": str, "name": str, "isAnonymous": bool, "modificationDate": str}


def history(store: Store) -> dict[str, int]:
    breakers = [(t.name, t.higher_wins) for t in catalogue().game("mercante").tiebreakers]
    return {
        # Decided by crowns: Ann and Cleo tie on points, Ann has more crowns left.
        "crowns": store.record_play(
            "mercante",
            [("Ann", 42), ("Cleo", 42), ("Ben", 30)],
            T0,
            tiebreakers=breakers,
            tiebreak_values={"Ann": [12, 0], "Cleo": [8, 0], "Ben": [3, 1]},
            start_player="Cleo",
            duration_min=110,
            location="Harbour Café",
        ),
        "plain": store.record_play(
            "mercante", [("Ann", 30), ("Ben", 35), ("Cleo", 20)], T0 + timedelta(days=1)
        ),
        "cove": store.record_play(
            "merchants_cove",
            [("Ann", 55), ("Ben", 61)],
            T0 + timedelta(days=2),
            modules=["faction_festival", "paladins", "entertainer"],
        ),
        "unfinished": store.record_play(
            "Azul", [("Ann", 20), ("Dev", 25)], T0 + timedelta(days=3), finished=False
        ),
        "variant": store.record_play(
            "mercante",
            [("Dev", 40), ("Ben", 10), ("Cleo", 5)],
            T0 + timedelta(days=4),
            modules=["Talk of Peace"],
        ),
        "golf": store.record_play(
            "Golf", [("Ann", 72), ("Dev", 68)], T0 + timedelta(days=5), highest_wins=False
        ),
    }


def exported(store: Store) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(store.export_bgstats())
    return document


# --------------------------------------------------------------------- what readers need


def _typed(entry: dict[str, Any], keys: dict[str, type]) -> None:
    for key, kind in keys.items():
        assert key in entry, key
        value = entry[key]
        assert isinstance(value, kind) and (kind is bool or not isinstance(value, bool)), key


def test_export_has_the_fields_and_types_readers_rely_on(store: Store) -> None:
    history(store)
    doc = exported(store)
    assert {"userInfo", "players", "games", "locations", "plays"} <= set(doc)
    players = {p["id"]: p for p in doc["players"]}
    # bgstats-merger: the "me" player is looked up first and must exist.
    assert doc["userInfo"]["meRefId"] in players
    for player in players.values():
        _typed(player, PLAYER_KEYS)
        assert re.fullmatch(r"[0-9A-F-]{36}", player["uuid"])
    for game in doc["games"]:
        _typed(game, GAME_KEYS)  # bgstats-wrapped reads game["bggId"] of every game
        assert game["isBaseGame"] in (0, 1) and game["isExpansion"] in (0, 1)
        assert game["isBaseGame"] != game["isExpansion"]
    games = {g["id"]: g for g in doc["games"]}
    for play in doc["plays"]:
        _typed(play, PLAY_KEYS)
        datetime.strptime(play["playDate"], "%Y-%m-%d %H:%M:%S")  # as bgstats-wrapped does
        assert play["gameRefId"] in games
        assert games[play["gameRefId"]]["isBaseGame"] == 1
        assert play["playImages"] == "[]"
        for score in play["playerScores"]:
            _typed(score, SCORE_KEYS)
            assert score["playerRefId"] in players
        for expansion in play["expansionPlays"]:
            assert games[expansion["gameRefId"]]["isExpansion"] == 1


def test_play_date_is_the_local_wall_clock_time(store: Store) -> None:
    ids = history(store)
    doc = exported(store)
    play = next(p for p in doc["plays"] if p["uuid"].lower() == store.get_play(ids["crowns"]).uid)
    assert play["playDate"] == "2024-04-06 19:45:00"


def test_me_is_the_player_marked_in_settings_or_the_anonymous_default(store: Store) -> None:
    history(store)
    players = {p["id"]: p for p in exported(store)["players"]}
    me = players[exported(store)["userInfo"]["meRefId"]]
    assert me["isAnonymous"] is True
    store.set_bgstats_preferences(bg.Preferences(me="cleo"))
    doc = exported(store)
    players = {p["id"]: p for p in doc["players"]}
    assert players[doc["userInfo"]["meRefId"]]["name"] == "Cleo"


def test_bgg_ids_come_from_the_settings_and_default_to_zero(store: Store) -> None:
    history(store)
    store.set_bgstats_preferences(bg.Preferences(bgg_ids={"mercante": 123}))
    games = {g["name"]: g for g in exported(store)["games"]}
    assert (games["Mercante"]["bggId"], games["Mercante"]["bggName"]) == (123, "Mercante")
    assert (games["Azul"]["bggId"], games["Azul"]["bggName"]) == (0, "")


def test_manual_winner_exactly_when_winners_do_not_follow_from_scores(store: Store) -> None:
    ids = history(store)
    doc = exported(store)
    by_uid = {p["uuid"].lower(): p for p in doc["plays"]}
    manual = {name: by_uid[store.get_play(i).uid]["manualWinner"] for name, i in ids.items()}
    assert manual == {
        "crowns": True,  # Ann 42 = Cleo 42, Ann won by crowns: BG Stats must not recompute
        "plain": False,
        "cove": False,
        "unfinished": True,  # nobody won, though someone has the best score
        "variant": False,
        "golf": False,  # lowest wins, and the lowest score won
    }
    players = {p["id"]: p["name"] for p in doc["players"]}
    crowns = by_uid[store.get_play(ids["crowns"]).uid]
    assert [players[s["playerRefId"]] for s in crowns["playerScores"] if s["winner"]] == ["Ann"]
    unfinished = by_uid[store.get_play(ids["unfinished"]).uid]
    assert unfinished["ignored"] is True
    assert not any(s["winner"] for s in unfinished["playerScores"])


def test_new_player_marks_the_first_play_of_that_game(store: Store) -> None:
    ids = history(store)
    doc = exported(store)
    players = {p["id"]: p["name"] for p in doc["players"]}
    by_uid = {p["uuid"].lower(): p for p in doc["plays"]}

    def new(name: str) -> dict[str, bool]:
        play = by_uid[store.get_play(ids[name]).uid]
        return {players[s["playerRefId"]]: s["newPlayer"] for s in play["playerScores"]}

    assert new("crowns") == {"Ann": True, "Cleo": True, "Ben": True}
    assert new("plain") == {"Ann": False, "Ben": False, "Cleo": False}
    # Ann played Mercante before, but this is her first Merchants Cove.
    assert new("cove") == {"Ann": True, "Ben": True}
    assert new("variant") == {"Dev": True, "Ben": False, "Cleo": False}


def test_expansions_are_expansion_games_and_modules_go_on_the_board(store: Store) -> None:
    ids = history(store)
    ids["night"] = store.record_play(
        "Merchants Cove",
        [("Ann", 40), ("Ben", 35)],
        T0 + timedelta(days=6),
        modules=["the Faction Festival"],
        expansions=["Master Craft", "The Entertainer"],
    )
    doc = exported(store)
    games = {g["id"]: g for g in doc["games"]}
    by_uid = {p["uuid"].lower(): p for p in doc["plays"]}

    def expansions(name: str) -> list[str]:
        play = by_uid[store.get_play(ids[name]).uid]
        return [games[e["gameRefId"]]["name"] for e in play["expansionPlays"]]

    def board(name: str) -> str:
        return str(by_uid[store.get_play(ids[name]).uid]["board"])

    # The play's expansions, as BG Stats names them, each once.
    assert expansions("night") == [
        "Merchants Cove: Master Craft",
        "Merchants Cove: The Entertainer",
    ]
    assert board("night") == "Faction Festival"
    # A module of Master Craft or The Entertainer brings its expansion along.
    assert expansions("cove") == ["Merchants Cove: Master Craft", "Merchants Cove: The Entertainer"]
    assert board("cove") == "Faction Festival; Paladins; The Entertainer (the Bard)"
    # Any other module is a detail of the play, not a game: it goes on the board.
    assert (expansions("variant"), board("variant")) == ([], "Talk of Peace")
    assert (expansions("plain"), board("plain")) == ([], "")
    expansion_games = [g for g in doc["games"] if g["isExpansion"]]
    assert sorted(g["name"] for g in expansion_games) == [
        "Merchants Cove: Master Craft",
        "Merchants Cove: The Entertainer",
    ]
    assert all(g["isBaseGame"] == 0 for g in expansion_games)


def test_export_is_validated_before_it_is_written(store: Store) -> None:
    history(store)
    text = store.export_bgstats()
    bg.files.BGFile.model_validate_json(text)  # the same models, read back strictly
    assert bg.FILE_NAME == "BGStatsExport.json"


# ------------------------------------------------------------------------------ import


def fixture_text() -> str:
    return FIXTURE.read_text(encoding="utf-8")


def test_backup_imports_with_the_right_plays_winners_and_statistics(store: Store) -> None:
    report = store.import_bgstats(fixture_text())
    # Every play BG Stats counts comes in: the win/lose Pylos play without points and the
    # play in teams too; the one BG Stats ignores stays out, and the report counts it.
    assert (report.imported, report.skipped, report.ignored) == (6, (), 1)
    assert report.notes == (
        "plays[5] (Azul, 2024-03-21): played in teams; kept with each player's own score and "
        "result, without the teams",
    )
    assert "1 that BG Stats ignores left out" in str(report)
    plays = {p.uid: p for p in store.list_plays()}
    crowns = plays["4e3b1f4d-0000-4000-8000-000000000001"]
    assert crowns.game_key == "mercante" and crowns.winners == ["Ann"]
    assert [(r.player, r.score, r.rank) for r in crowns.results] == [
        ("Ann", 42, 1),
        ("Cleo", 42, 2),
        ("Ben", 30, 3),
    ]
    assert [t.name for t in crowns.tiebreakers] == [bg.HAND_DECIDED]
    assert crowns.location == "Harbour Café" and crowns.duration_min == 120
    cove = plays["4e3b1f4d-0000-4000-8000-000000000002"]
    assert cove.game_key == "merchants_cove" and cove.winners == ["Ben"]
    assert (cove.expansions, cove.modules) == (["Master Craft", "The Entertainer"], [])
    assert next(r for r in cove.results if r.start_player).player == "Dev"
    assert "4e3b1f4d-0000-4000-8000-000000000003" not in plays  # ignored in BG Stats
    pylos = plays["4e3b1f4d-0000-4000-8000-000000000004"]
    assert (pylos.scoring, pylos.winners, pylos.no_points) == ("manual", ["Ann"], True)
    assert [(r.player, r.score, r.rank) for r in pylos.results] == [
        ("Ann", None, 1),
        ("Cleo", None, 2),
    ]
    teams = plays["4e3b1f4d-0000-4000-8000-000000000006"]
    assert (teams.scoring, teams.winners) == ("points", ["Ann", "Cleo"])
    sums = plays["4e3b1f4d-0000-4000-8000-000000000005"]
    assert {r.player: r.score for r in sums.results} == {"Ann": 19, "Ben": 12}
    anonymous = plays["4e3b1f4d-0000-4000-8000-000000000007"]
    assert {r.player for r in anonymous.results} == {"Ann", bg.ANONYMOUS}
    assert anonymous.modules == ["Joker tiles"]
    ann = store.player_stats("Ann")
    assert (ann.plays, ann.wins) == (6, 5)  # the Pylos win counts; the ignored Azul does not
    # Her scores are those of the five plays with points: 42, 55, 19, 30, 30.
    assert ann.average == (42 + 55 + 19 + 30 + 30) / 5
    azul = store.game_stats("Azul")
    assert azul.plays == 3 and azul.top_winners == ("Ann",)
    pylos_stats = store.game_stats("Pylos")
    assert (pylos_stats.plays, pylos_stats.average_winning_score) == (1, None)
    assert pylos_stats.top_winners == ("Ann",)
    cleo = store.player_stats("Cleo")
    assert (cleo.plays, cleo.wins) == (3, 1)
    prefs = store.bgstats_preferences()
    assert prefs.me == "Ann"
    assert prefs.bgg_ids == {"mercante": 900001, "merchants cove": 900002}


def test_a_backup_in_many_batches_imports_as_in_one(
    store: Store, make_store: Callable[[], Store], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bulk inserts in pieces of two plays (players and games met in a later piece,
    statistics added once at the end) write what one piece writes, on either backend."""
    whole = make_store()
    whole.import_bgstats(fixture_text())
    monkeypatch.setattr(bulk, "BATCH", 2)
    calls: list[tuple[int, int]] = []
    report = store.import_bgstats(fixture_text(), progress=lambda *done: calls.append(done))
    # Progress counts the file's plays read (plays[2] is ignored): after plays 0-1, 3-4
    # and 5-6.
    assert report.imported == 6 and calls == [(2, 7), (5, 7), (7, 7)]
    assert store.export_json().split('"plays"')[1] == whole.export_json().split('"plays"')[1]
    assert store.all_player_stats() == whole.all_player_stats()
    assert store.all_game_stats() == whole.all_game_stats()


def test_progress_ends_with_the_whole_file_when_its_last_plays_are_skipped(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bulk, "BATCH", 2)
    doc = json.loads(fixture_text())
    doc["plays"].append({**doc["plays"][2], "uuid": "4E3B1F4D-0000-4000-8000-0000000000FF"})
    calls: list[tuple[int, int]] = []
    report = store.import_bgstats(json.dumps(doc), progress=lambda *done: calls.append(done))
    # The last play is ignored in BG Stats: no batch after the one holding plays 5-6.
    assert (report.imported, report.ignored) == (6, 2)
    assert calls == [(2, 8), (5, 8), (7, 8), (8, 8)]


def test_second_import_adds_nothing(store: Store) -> None:
    store.import_bgstats(fixture_text())
    before = store.export_json()
    again = store.import_bgstats(fixture_text().encode("utf-8"))
    assert again.imported == 0 and len(again.duplicates) == 6
    assert json.loads(store.export_json())["plays"] == json.loads(before)["plays"]


def test_two_players_of_one_name_become_one_and_the_report_says_so(store: Store) -> None:
    doc = json.loads(fixture_text())
    ann = next(p for p in doc["players"] if p["name"] == "Ann")
    doc["players"].append({**ann, "id": 77, "uuid": "4E3B1F4D-0000-4000-8000-0000000000AA"})
    last = doc["plays"][-1]["playerScores"]
    moved = next(s for s in last if s["playerRefId"] == ann["id"])
    moved["playerRefId"] = 77
    report = store.import_bgstats(json.dumps(doc))
    assert report.imported == 6
    said = [n for n in report.notes if "both called Ann" in n]
    ids = f"players with ids {ann['id']} and 77"
    assert said == [f"{ids} are both called Ann: their plays are kept as one player's"]
    assert store.player_stats("Ann").plays == 6


@pytest.mark.parametrize("form", ["text", "bytes"])
def test_a_byte_order_mark_at_the_start_is_dropped(store: Store, form: str) -> None:
    text = "\ufeff" + fixture_text()
    report = store.import_bgstats(text if form == "text" else text.encode("utf-8"))
    assert report.imported == 6


def test_plays_from_bg_stats_go_back_with_their_uuids_as_they_came(store: Store) -> None:
    """BG Stats writes its uuids in upper case, and tools that merge backups (bgstats-merger)
    match them as text: a play imported and exported again keeps its uuid letter for letter."""
    came = {p["uuid"] for p in json.loads(fixture_text())["plays"]}
    assert all(u == u.upper() for u in came)
    store.import_bgstats(fixture_text())
    went = {p["uuid"] for p in json.loads(store.export_bgstats())["plays"]}
    assert went and went <= came


def _mutate(change: Callable[[dict[str, Any]], None]) -> Callable[[str], str]:
    def spoil(text: str) -> str:
        doc = json.loads(text)
        change(doc)
        return json.dumps(doc)

    return spoil


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        *parts, last = path.split(".")
        target: Any = doc
        for part in parts:
            target = target[int(part)] if part.isdigit() else target[part]
        target[int(last) if last.isdigit() else last] = value

    return change


MUTATED = [
    (
        "dangling gameRefId",
        _set("plays.1.gameRefId", 99),
        "plays[1].gameRefId: no game with id 99 in games",
    ),
    (
        "dangling playerRefId",
        _set("plays.0.playerScores.2.playerRefId", 42),
        "plays[0].playerScores[2].playerRefId: no player with id 42",
    ),
    (
        "dangling location",
        _set("plays.0.locationRefId", 7),
        "plays[0].locationRefId: no location with id 7",
    ),
    (
        "dangling expansion",
        _set("plays.1.expansionPlays.0.gameRefId", 70),
        "plays[1].expansionPlays[0].gameRefId: no game with id 70",
    ),
    (
        "winner as text",
        _set("plays.0.playerScores.0.winner", "yes"),
        "plays[0].playerScores[0].winner: expected true or false",
    ),
    (
        "score as a number",
        _set("plays.1.playerScores.0.score", 48),
        "plays[1].playerScores[0].score: expected text",
    ),
    ("isExpansion 2", _set("games.2.isExpansion", 2), "games[2].isExpansion: expected 0 or 1"),
    ("id as text", _set("players.2.id", "3"), "players[2].id: expected a whole number"),
    (
        "date in another form",
        _set("plays.2.playDate", "17/03/2024"),
        'plays[2].playDate: expected a date like "2024-04-06 19:45:00"',
    ),
    ("bad uuid", _set("plays.4.uuid", "not-a-uuid"), "plays[4].uuid: expected a UUID"),
    ("huge name", _set("players.3.name", "C" * 5000), "players[3].name: too long"),
    ("huge comments", _set("plays.0.comments", "x" * 200_000), "plays[0].comments: too long"),
    (
        "uuid twice",
        _set("plays.6.uuid", "4E3B1F4D-0000-4000-8000-000000000001"),
        "plays[6].uuid: 4e3b1f4d-0000-4000-8000-000000000001 is used twice",
    ),
    ("player id twice", _set("players.4.id", 4), "players[4].id: 4 is used twice"),
    ("plays missing", lambda doc: doc.pop("plays"), "plays: missing"),
]


@pytest.mark.parametrize(("case", "change", "message"), MUTATED, ids=[m[0] for m in MUTATED])
def test_mutated_backup_is_refused_with_nothing_written(
    store: Store, case: str, change: Callable[[dict[str, Any]], None], message: str
) -> None:
    history(store)
    before = store.export_json()
    stats_before = store.all_player_stats()
    with pytest.raises(ImportFileError) as info:
        store.import_bgstats(_mutate(change)(fixture_text()))
    assert message in str(info.value)
    assert "\n" not in str(info.value) and len(str(info.value)) < 300
    after = json.loads(store.export_json())
    assert after["plays"] == json.loads(before)["plays"]
    assert after["players"] == json.loads(before)["players"]
    assert store.all_player_stats() == stats_before


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", '{"players": []}'])
def test_not_a_backup_is_refused(store: Store, text: str) -> None:
    with pytest.raises(ImportFileError):
        store.import_bgstats(text)
    assert store.count_plays() == 0


def test_our_export_comes_back_with_the_same_plays_and_winners(
    store: Store, make_store: Callable[[], Store]
) -> None:
    history(store)
    fresh = make_store()
    report = fresh.import_bgstats(store.export_bgstats())
    # Golf's lowest score wins: BG Stats' game says so, and the play comes back as it was.
    # The unfinished Azul goes out as a play BG Stats ignores, and stays out coming back.
    assert (report.imported, report.skipped, report.ignored) == (5, (), 1)
    original = {p.uid: p for p in store.list_plays()}
    for play in fresh.list_plays():
        old = original[play.uid]
        assert (play.game, play.finished, play.winners) == (old.game, old.finished, old.winners)
        assert [(r.player, r.score, r.rank, r.seat) for r in play.results] == [
            (r.player, r.score, r.rank, r.seat) for r in old.results
        ]
    assert fresh.player_stats("Ann") == store.player_stats("Ann")


# ------------------------------------------------------------------------ one-play link


def test_play_link_is_bg_stats_create_play_with_every_player_flagged(store: Store) -> None:
    ids = history(store)
    link = store.bgstats_link(ids["crowns"])
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    data = json.loads(unquote(link.split("?data=", 1)[1]))
    assert data["sourceName"] == "Merchant's Companion"
    assert data["playDate"] == "2024-04-06 19:45:00"
    assert data["game"] == {
        "name": "Mercante",
        "sourceGameId": "mercante",
        "bggId": 0,
        "highestWins": True,
        "noPoints": False,
    }
    assert data["location"] == "Harbour Café" and data["durationMin"] == 110
    for player in data["players"]:
        assert isinstance(player["startPlayer"], bool) and isinstance(player["winner"], bool)
    assert [(p["name"], p["score"], p["winner"], p["startPlayer"]) for p in data["players"]] == [
        ("Ann", 42, True, False),
        ("Cleo", 42, False, True),
        ("Ben", 30, False, False),
    ]
    cove = json.loads(unquote(store.bgstats_link(ids["cove"]).split("?data=", 1)[1]))
    assert cove["board"] == "Faction Festival; Paladins; The Entertainer (the Bard)"


# ------------------------------------------------------------------------------ pieces


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("42", 42),
        (" -3 ", -3),
        ("-10+7+22", 19),
        ("3*4", 12),
        ("", None),
        (None, None),
        ("12.5", None),
        ("1/2", None),
        ("__import__('os')", None),
        ("9" * 30, None),
    ],
)
def test_score_value(text: str | None, value: int | None) -> None:
    assert bg.score_value(text) == value


def test_module_expansions_follow_the_setup_data() -> None:
    assert bg.module_expansion("merchants_cove", "faction_festival")[0] == (  # type: ignore[index]
        "Merchants Cove: Master Craft"
    )
    assert bg.module_expansion("merchants_cove", "Beasts of the Bay")[1] == (  # type: ignore[index]
        "Master Craft"
    )
    assert bg.module_expansion("merchants_cove", "entertainer")[1] == (  # type: ignore[index]
        "The Entertainer"
    )
    assert bg.module_expansion("mercante", "faction_festival") is None


scores_st = st.lists(st.integers(-5, 5), min_size=1, max_size=6)


@given(
    scores=scores_st,
    highest=st.booleans(),
    finished=st.booleans(),
    ties=st.lists(st.one_of(st.none(), st.integers(0, 3)), min_size=6, max_size=6),
    breakers=st.integers(0, 1),
)
def test_bulk_places_are_the_standings_engines(
    scores: list[int], highest: bool, finished: bool, ties: list[int | None], breakers: int
) -> None:
    names = [f"P{i}" for i in range(len(scores))]
    tiebreakers = [("Crowns", True)][:breakers]
    values = [[ties[i]] if breakers else None for i in range(len(scores))]
    play = BulkPlay(
        uid="x",
        game="g",
        played_at=T0,
        finished=finished,
        tiebreakers=tiebreakers or None,
        results=[
            BulkResult(n, i + 1, s, None, v)
            for i, (n, s, v) in enumerate(zip(names, scores, values, strict=True))
        ],
    )
    standings = rank(
        [Entry(n, s, tuple(v or ())) for n, s, v in zip(names, scores, values, strict=True)],
        highest_wins=highest,
        tiebreaks=[TieBreak(n, h) for n, h in tiebreakers],
    )
    expected = {s.name: (s.rank, s.winner and finished) for s in standings}
    assert places(play, highest) == [expected[n] for n in names]


# Texts and dates the history refuses everywhere else (a control character, a year outside
# 1900-2999) are refused in a BG Stats backup too, saying where, before anything is written:
# written as they came, such a play could not be edited or deleted afterwards (its snapshot
# fails PlayCreate), and PostgreSQL refuses a NUL in a text.
NOT_STORABLE = [
    ("player name", _set("players.1.name", "A\x00nn"), "players[1].name: contains a control"),
    ("game name", _set("games.0.name", "Merc\x07ante"), "games[0].name: contains a control"),
    (
        "expansion name",
        _set("games.2.name", "Merchants Cove: Ma\x01ster Craft"),
        "games[2].name: contains a control",
    ),
    ("location", _set("locations.0.name", "Harb\x00our"), "locations[0].name: contains a control"),
    ("board", _set("plays.6.board", "Jo\x1bker tiles"), "plays[6].board: contains a control"),
    (
        "comments",
        _set("plays.0.comments", "kept\x00crowns"),
        "plays[0].comments: contains a control",
    ),
    (
        "playDate year 1",
        _set("plays.0.playDate", "0001-01-01 00:00:00"),
        "plays[0].playDate: must be between 1900-01-01 and 2999-12-31",
    ),
    (
        "entryDate year 1",
        _set("plays.0.entryDate", "0001-01-01 00:00:00"),
        "plays[0].entryDate: must be between 1900-01-01 and 2999-12-31",
    ),
]


@pytest.mark.parametrize(
    ("case", "change", "message"), NOT_STORABLE, ids=[m[0] for m in NOT_STORABLE]
)
def test_texts_and_dates_the_history_cannot_store_are_refused_saying_where(
    store: Store, case: str, change: Callable[[dict[str, Any]], None], message: str
) -> None:
    history(store)
    before = store.export_json()
    with pytest.raises(ImportFileError) as info:
        store.import_bgstats(_mutate(change)(fixture_text()))
    assert message in str(info.value)
    assert json.loads(store.export_json())["plays"] == json.loads(before)["plays"]


def test_manual_winner_follows_the_exported_games_direction(store: Store) -> None:
    """A typed title played once lowest-wins and later highest-wins goes out as one game with
    one ``highestWins`` (its latest): BG Stats recomputes a play not marked ``manualWinner``
    in that direction, so the lowest-wins play must be marked, or Ann becomes its winner."""
    store.record_play("Golf", [("Ann", 72), ("Dev", 68)], T0, highest_wins=False)
    store.record_play("Golf", [("Ann", 72), ("Dev", 68)], T0 + timedelta(days=1), highest_wins=True)
    doc = exported(store)
    (golf,) = doc["games"]
    players = {p["id"]: p["name"] for p in doc["players"]}
    for play in doc["plays"]:
        winners = [players[s["playerRefId"]] for s in play["playerScores"] if s["winner"]]
        scores = [int(s["score"]) for s in play["playerScores"]]
        best = max(scores) if golf["highestWins"] else min(scores)
        by_score = [
            players[s["playerRefId"]] for s in play["playerScores"] if int(s["score"]) == best
        ]
        assert play["manualWinner"] is (winners != by_score), play["playDate"]
