"""Export and import: the app's JSON round trip, refused files and CSV (BG Stats elsewhere)."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import pytest

from companion.history import ImportFileError, ImportReport, Store, jsonscan
from companion.history import exchange as exchange_module
from companion.history import stats as stats_module
from companion.rules import catalogue

T0 = datetime(2024, 4, 6, 19, 45)
NOTES = 'Zoë\'s first game; "close" finish,\nrematch next week'


def rich_history(store: Store) -> list[int]:
    breakers = [(t.name, t.higher_wins) for t in catalogue().game("mercante").tiebreakers]
    return [
        store.record_play(
            "Mercante",
            [("Ann", 9), ("Bob", 9), ("Cat", 3)],
            T0,
            tiebreakers=breakers,
            tiebreak_values={"Ann": [40, 1], "Bob": [40, 0], "Cat": [None, 2]},
            breakdowns={
                "Ann": {"Victory points": 11, "Unfulfilled contract penalties": -2},
                "Bob": {"Victory points": 9, "Unfulfilled contract penalties": 0},
                "Cat": {"Victory points": 3, "Unfulfilled contract penalties": 0},
            },
            start_player="Cat",
            modules=["talk_of_peace"],
            duration_min=120,
            location="The Crooked Tankard",
            notes=NOTES,
        ),
        store.record_play(
            "Golf", [("Ann", 72), ("Dan", 68)], T0 + timedelta(days=1), highest_wins=False
        ),
        store.record_play(
            "Catan", [("Bob", 5), ("=HYPERLINK(1)", 7)], T0 + timedelta(days=2), finished=False
        ),
        store.record_play("merchants_journey", [("Ann", -3), ("Bob", 0)], T0 + timedelta(days=3)),
        store.record_play("Merchants Cove", [("Dan", 31), ("Cat", 31)], T0 + timedelta(days=3)),
    ]


def body(exported: str) -> dict[str, Any]:
    """An export without its export time, for comparing two exports."""
    document: dict[str, Any] = json.loads(exported)
    document.pop("exported_at")
    return document


# --------------------------------------------------------------------------- round trip


def test_export_import_round_trip_is_equal(store: Store, make_store: Callable[[], Store]) -> None:
    rich_history(store)
    exported = store.export_json()
    fresh = make_store()
    report = fresh.import_report(exported)
    assert report == ImportReport(imported=5, duplicates=(), players_added=5, games_added=5)
    assert str(report) == "5 plays imported"
    assert body(fresh.export_json()) == body(exported)
    assert fresh.all_player_stats() == store.all_player_stats()
    assert fresh.all_game_stats() == store.all_game_stats()
    original = {p.uid: p.model_dump(exclude={"id"}) for p in store.list_plays()}
    copied = {p.uid: p.model_dump(exclude={"id"}) for p in fresh.list_plays()}
    assert copied == original


def test_export_format(store: Store) -> None:
    ids = rich_history(store)
    document = json.loads(store.export_json())
    assert (document["format"], document["version"]) == ("merchants-companion-history", 1)
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", document["exported_at"])
    assert [p["name"] for p in document["players"]] == ["=HYPERLINK(1)", "Ann", "Bob", "Cat", "Dan"]
    assert [p["id"] for p in document["players"]] == [1, 2, 3, 4, 5]
    games = {g["name"]: g for g in document["games"]}
    assert games["Mercante"]["key"] == "mercante" and games["Golf"]["key"] is None
    assert games["Golf"]["highest_wins"] is False
    first = document["plays"][0]
    assert first["uid"] == store.get_play(ids[0]).uid
    assert first["played_at"] == "2024-04-06T19:45:00"
    assert first["game_id"] == games["Mercante"]["id"]
    assert first["notes"] == NOTES
    assert first["tiebreakers"] == [
        {"name": "Most crowns left", "higher_wins": True},
        {"name": "Fewest unfulfilled contracts", "higher_wins": False},
    ]
    ann = next(r for r in first["results"] if r["player_id"] == 2)
    assert ann == {
        "player_id": 2,
        "seat": 1,
        "score": 9,
        "breakdown": {"Victory points": 11, "Unfulfilled contract penalties": -2},
        "tiebreaks": [40, 1],
        "start_player": False,
        "rank": 2,
        "winner": False,
    }


def test_importing_again_skips_duplicates_and_changes_nothing(
    store: Store, make_store: Callable[[], Store]
) -> None:
    rich_history(store)
    exported = store.export_json()
    uids = [p["uid"] for p in json.loads(exported)["plays"]]
    report = store.import_report(exported)
    assert report.imported == 0
    assert sorted(report.duplicates) == sorted(uids)
    assert str(report) == "0 plays imported, 5 already present"
    assert body(store.export_json()) == body(exported)
    assert store.import_json(exported) == 0


def test_import_merges_with_what_is_there(store: Store, make_store: Callable[[], Store]) -> None:
    rich_history(store)
    exported = store.export_json()
    other = make_store()
    other.record_play("catan", [("ann", 11), ("Eve", 4)], T0 - timedelta(days=30))
    assert other.import_json(exported) == 5
    # "ann" and "Catan" were already there: the file's Ann and Catan are the same ones.
    assert other.player_names() == ["ann", "Bob", "Cat", "Dan", "Eve", "=HYPERLINK(1)"]
    assert sorted(g.name for g in other.games()) == sorted(
        ["catan", "Golf", "Mercante", "Merchant's Journey", "Merchants Cove"]
    )
    assert other.count_plays(game="Catan") == 2
    assert other.player_stats("Ann").plays == 4


def test_import_is_all_or_nothing(
    store: Store, make_store: Callable[[], Store], monkeypatch: pytest.MonkeyPatch
) -> None:
    rich_history(store)
    exported = store.export_json()
    target = make_store()
    target.record_play("Catan", [("Zed", 1)])
    before = body(target.export_json())

    def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("power cut")

    # Fails after players, games, plays and results were written in the transaction.
    monkeypatch.setattr(stats_module, "add_totals", broken)
    with pytest.raises(RuntimeError, match="power cut"):
        target.import_json(exported)
    monkeypatch.undo()
    assert body(target.export_json()) == before


def test_an_empty_history_exports_and_imports(
    store: Store, make_store: Callable[[], Store]
) -> None:
    exported = store.export_json()
    assert json.loads(exported)["plays"] == []
    assert make_store().import_json(exported) == 0


# ------------------------------------------------------------------------ refused files


def edit(change: Callable[[dict[str, Any]], None]) -> Callable[[str], str]:
    def apply(exported: str) -> str:
        document = json.loads(exported)
        change(document)
        return json.dumps(document)

    return apply


def result(document: dict[str, Any], play: int, index: int) -> dict[str, Any]:
    found: dict[str, Any] = document["plays"][play]["results"][index]
    return found


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change that sets a dotted path, e.g. ``plays.0.results.1.score``."""

    def change(document: dict[str, Any]) -> None:
        node: Any = document
        *parents, last = path.split(".")
        for part in parents:
            node = node[int(part)] if part.isdigit() else node[part]
        node[int(last) if last.isdigit() else last] = value

    return change


def _many_results(document: dict[str, Any]) -> None:
    document["players"] = [{"id": i, "name": f"P{i}"} for i in range(1, 101)]
    document["plays"][0]["results"] = [
        {"player_id": i, "score": 1, "seat": None} for i in range(1, 101)
    ]


def _same_player_twice(document: dict[str, Any]) -> None:
    result(document, 0, 1)["player_id"] = result(document, 0, 0)["player_id"]


def _breakdown_off(document: dict[str, Any]) -> None:
    result(document, 0, 0)["breakdown"] = {"Victory points": 50}


def _lowest_wins_mercante(document: dict[str, Any]) -> None:
    document["plays"][0]["highest_wins"] = False


def _new_play_with(field: str, value: object) -> Callable[[dict[str, Any]], None]:
    # A play not in the history yet (one already there is skipped before its own checks).
    def change(document: dict[str, Any]) -> None:
        document["plays"][0].update({"uid": "5f0c4a9e-1111-4b2c-8d3e-000000000001", field: value})

    return change


def _control_in_category(document: dict[str, Any]) -> None:
    line = result(document, 0, 0)
    line["breakdown"] = {"a\u0002": line["score"]}


def _drop_score(document: dict[str, Any]) -> None:
    del result(document, 0, 0)["score"]


def _text(replacement: str) -> Callable[[str], str]:
    return lambda _exported: replacement


def _nan_score(exported: str) -> str:
    document = json.loads(exported)
    result(document, 0, 1)["score"] = 123456789
    return json.dumps(document).replace("123456789", "NaN")


DEEP = (
    '{"format": "merchants-companion-history", "version": 1, "players": '
    + "[" * 5000
    + "]" * 5000
    + "}"
)

REFUSED: list[tuple[str, Callable[[str], str], str]] = [
    ("not JSON", _text('{"format": oops'), "not valid JSON"),
    ("empty text", _text(""), "not valid JSON"),
    ("a list", _text("[1, 2, 3]"), "not a Merchant's Companion history file"),
    (
        "wrong format",
        edit(_set("format", "bgstats")),
        'format: expected "merchants-companion-history", got "bgstats"',
    ),
    (
        "no format",
        edit(lambda d: d.pop("format")),
        'format: expected "merchants-companion-history", got null',
    ),
    ("newer version", edit(_set("version", 2)), "version: this app reads version 1 files, got 2"),
    (
        "version as text",
        edit(_set("version", "1")),
        'version: this app reads version 1 files, got "1"',
    ),
    (
        "score as text",
        edit(_set("plays.0.results.1.score", "ten")),
        'plays[0].results[1].score: expected a whole number, got "ten"',
    ),
    (
        "fractional score",
        edit(_set("plays.0.results.1.score", 10.5)),
        "plays[0].results[1].score: expected a whole number, got 10.5",
    ),
    (
        "huge score",
        edit(_set("plays.0.results.1.score", 10**30)),
        "plays[0].results[1].score: must be at most 1000000000",
    ),
    ("NaN score", _nan_score, "plays[0].results[1].score: expected a whole number"),
    ("missing score", edit(_drop_score), "plays[0].results[0].score: missing"),
    (
        "huge notes",
        edit(_set("plays.0.notes", "x" * 3_000_000)),
        "plays[0].notes: too long (3000000 characters; at most 2000)",
    ),
    (
        "long player name",
        edit(_set("players.0.name", "x" * 41)),
        "players[0].name: too long (41 characters; at most 40)",
    ),
    ("empty player name", edit(_set("players.0.name", "")), "players[0].name: must not be empty"),
    (
        "player id not a number",
        edit(_set("players.0.id", "1")),
        'players[0].id: expected a whole number, got "1"',
    ),
    ("negative id", edit(_set("players.0.id", -1)), "players[0].id: must be at least 1"),
    (
        "duplicate player id",
        edit(_set("players.1.id", 1)),
        "players[1].id: 1 is used twice; also in players[0]",
    ),
    (
        "duplicate player name",
        edit(_set("players.2.name", "ANN")),
        'players[2].name: "ANN" is the same name as players[1]',
    ),
    (
        "duplicate game id",
        edit(_set("games.1.id", 1)),
        "games[1].id: 1 is used twice; also in games[0]",
    ),
    (
        "duplicate play uid",
        edit(lambda d: d["plays"][1].update(uid=d["plays"][0]["uid"])),
        "plays[1].uid: ",
    ),
    (
        "uid not a UUID",
        edit(_set("plays.0.uid", "play-1")),
        "plays[0].uid: expected a UUID, got 'play-1'",
    ),
    (
        "unknown game",
        edit(_set("plays.0.game_id", 99)),
        "plays[0].game_id: no game with id 99 in games",
    ),
    (
        "unknown player",
        edit(_set("plays.0.results.0.player_id", 99)),
        "plays[0].results[0].player_id: no player with id 99 in players",
    ),
    (
        "same player twice in a play",
        edit(_same_player_twice),
        "plays[0].results[1].player_id: player 2 is already in results[0]",
    ),
    (
        "unknown field",
        edit(_set("plays.0.winner_name", "Ann")),
        "plays[0].winner_name: unknown field",
    ),
    (
        "finished as text",
        edit(_set("plays.0.finished", "yes")),
        'plays[0].finished: expected true or false, got "yes"',
    ),
    (
        "date in words",
        edit(_set("plays.0.played_at", "last Tuesday")),
        "plays[0].played_at: expected a date and time",
    ),
    ("players not a list", edit(_set("players", {"Ann": 1})), "players: expected a list"),
    ("too many results", edit(_many_results), "plays[0].results: too many items (100; at most 99)"),
    (
        "breakdown does not add up",
        edit(_breakdown_off),
        "plays[0].results[0].breakdown: the categories add up to 50, not the score 9",
    ),
    (
        "catalogue game scored lowest-wins",
        edit(_lowest_wins_mercante),
        "plays[0].highest_wins: Mercante is won by the highest score",
    ),
    ("deep nesting", _text(DEEP), "players[0]: nested more than 32 levels deep (at line 1 column"),
    # What no stored text may hold, and times outside the years kept: written as they came,
    # the play could not be listed, edited or deleted afterwards.
    (
        "control character in a player's name",
        edit(_set("players.0.name", "A\u0000nn")),
        "players[0].name: contains a control character (U+0000) at position 2",
    ),
    (
        "control character in a game's name",
        edit(_set("games.0.name", "Mer\u0007cante")),
        "games[0].name: contains a control character (U+0007) at position 4",
    ),
    (
        "control character in a location",
        edit(_set("plays.0.location", "Ho\u0000me")),
        "plays[0].location: contains a control character (U+0000) at position 3",
    ),
    (
        "control character in the notes",
        edit(_set("plays.0.notes", "a\u001bb")),
        "plays[0].notes: contains a control character (U+001B) at position 2",
    ),
    (
        "control character in a module",
        edit(_new_play_with("modules", ["Fog\u0010"])),
        "plays[0].modules[0]: contains a control character (U+0010) at position 4",
    ),
    (
        "control character in a tie-breaker",
        edit(_set("plays.0.tiebreakers", [{"name": "Cr\u0001owns", "higher_wins": True}])),
        "plays[0].tiebreakers[0].name: contains a control character (U+0001) at position 3",
    ),
    (
        "control character in a category",
        edit(_control_in_category),
        "contains a control character (U+0002) at position 2",
    ),
    (
        "played in year 1",
        edit(_new_play_with("played_at", "0001-01-01T00:00:00")),
        "plays[0].played_at: must be between 1900-01-01 and 2999-12-31",
    ),
    (
        "played just after the last second kept",
        edit(_new_play_with("played_at", "2999-12-31T23:59:59.500000")),
        "plays[0].played_at: must be between 1900-01-01 and 2999-12-31",
    ),
    (
        "recorded in year 1",
        edit(_new_play_with("created_at", "0001-01-01T00:00:00")),
        "plays[0].created_at: must be between 1900-01-01 and 2999-12-31",
    ),
    (
        "changed in year 3000",
        edit(_new_play_with("updated_at", "3000-01-01T00:00:00")),
        "plays[0].updated_at: must be between 1900-01-01 and 2999-12-31",
    ),
]


@pytest.mark.parametrize(("case", "spoil", "message"), REFUSED, ids=[c[0] for c in REFUSED])
def test_bad_import_is_refused_and_writes_nothing(
    store: Store, case: str, spoil: Callable[[str], str], message: str
) -> None:
    rich_history(store)
    before = store.export_json()
    spoiled = spoil(before)
    with pytest.raises(ImportFileError) as info:
        store.import_json(spoiled)
    assert message in str(info.value)
    assert "\n" not in str(info.value)
    assert len(str(info.value)) < 300
    assert isinstance(info.value, ValueError)
    assert body(store.export_json()) == body(before)


def test_refused_into_an_empty_database_too(make_store: Callable[[], Store], store: Store) -> None:
    rich_history(store)
    spoiled = edit(_set("plays.4.results.1.score", "lots"))(store.export_json())
    empty = make_store()
    with pytest.raises(ImportFileError, match=r"plays\[4\].results\[1\].score"):
        empty.import_json(spoiled)
    assert empty.player_names() == [] and empty.games() == [] and empty.count_plays() == 0


def test_too_large_a_file_is_refused_before_reading(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    rich_history(store)
    exported = store.export_json()
    monkeypatch.setattr(jsonscan, "MAX_IMPORT_BYTES", len(exported) - 1)
    with pytest.raises(ImportFileError, match="the file is too large"):
        store.import_json(exported)
    with pytest.raises(ImportFileError, match="the file is too large"):
        store.import_json(exported.encode())


def test_too_many_players_are_refused(store: Store) -> None:
    document = json.loads(store.export_json())
    document["players"] = [{"id": i, "name": f"P{i}"} for i in range(1, 10_002)]
    with pytest.raises(
        ImportFileError,
        match=r"players: more than 10,000 players in the file \(the 10,001st at line 1 column",
    ):
        store.import_json(json.dumps(document))
    assert store.player_names() == []


def test_bytes_must_be_utf8(store: Store) -> None:
    assert store.import_json(store.export_json().encode("utf-8")) == 0
    with pytest.raises(ImportFileError, match="not a text file in UTF-8"):
        store.import_json(b"\xff\xfe{\x00")  # type: ignore[arg-type]


# -------------------------------------------------------------------------- other formats


def test_csv_export_parses_with_csv(store: Store) -> None:
    rich_history(store)
    rows = list(csv.DictReader(io.StringIO(store.export_csv())))
    assert len(rows) == 3 + 2 + 2 + 2 + 2
    assert list(rows[0]) == list(exchange_module.CSV_COLUMNS)
    ann = next(r for r in rows if r["player"] == "Ann" and r["game"] == "Mercante")
    assert ann["played_at"] == "2024-04-06 19:45:00"
    assert (ann["score"], ann["rank"], ann["winner"], ann["seat"]) == ("9", "2", "false", "1")
    assert ann["notes"] == NOTES
    assert ann["location"] == "The Crooked Tankard"
    assert ann["modules"] == "talk_of_peace"
    assert json.loads(ann["breakdown"]) == {
        "Victory points": 11,
        "Unfulfilled contract penalties": -2,
    }
    assert json.loads(ann["tiebreaks"]) == [40, 1]
    bob = next(r for r in rows if r["player"] == "Bob" and r["game"] == "Mercante")
    assert (bob["rank"], bob["winner"]) == ("1", "true")
    catan = [r for r in rows if r["game"] == "Catan"]
    assert {r["finished"] for r in catan} == {"false"}
    # A name that a spreadsheet would run as a formula is written as text.
    assert {r["player"] for r in catan} == {"Bob", "'=HYPERLINK(1)"}
    golf = [r for r in rows if r["game"] == "Golf"]
    assert [(r["player"], r["winner"]) for r in golf] == [("Ann", "false"), ("Dan", "true")]
    assert golf[0]["game_key"] == ""


def test_a_file_of_many_batches_imports_like_one_play_at_a_time(
    store: Store, make_store: Callable[[], Store], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bulk path in pieces (on PostgreSQL the only path; SQLite takes its fast path
    unless that declines): rows, winners and statistics as recorded play by play."""
    for _ in range(4):
        rich_history(store)
    exported = store.export_json()
    batches = exchange_module.ParsedHistory.batches
    monkeypatch.setattr(batches, "__kwdefaults__", {"skip": frozenset(), "size": 3})
    calls: list[tuple[int, int]] = []
    other = make_store()
    report = other.import_report(exported, progress=lambda done, total: calls.append((done, total)))
    assert report.imported == 20 and not report.skipped
    assert body(other.export_json()) == body(exported)
    assert other.all_player_stats() == store.all_player_stats()
    assert other.all_game_stats() == store.all_game_stats()
    assert calls[-1] == (20, 20)
    if other.dialect != "sqlite":
        assert [done for done, _ in calls] == [3, 6, 9, 12, 15, 18, 20]


@pytest.mark.parametrize("form", ["text", "bytes"])
def test_a_byte_order_mark_at_the_start_is_dropped(
    store: Store, make_store: Callable[[], Store], form: str
) -> None:
    """Editors on Windows save UTF-8 with a byte-order mark; as text or bytes it is not data."""
    rich_history(store)
    exported = "\ufeff" + store.export_json()
    other = make_store()
    report = other.import_report(exported if form == "text" else exported.encode("utf-8"))
    assert report.imported == store.count_plays() > 0
