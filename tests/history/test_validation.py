"""Every input path of the history is total: wrong types, huge and nested values, every code
point and the calendar's edge dates end in a ValueError subclass naming the argument, and a
refused input writes nothing (the database is compared before and after).
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import inspect, text

from companion.history import ImportFileError, PlayDataError, Store, StoreError
from companion.history.exchange import parse_history
from tests.paths import ROOT

EDGE_TEXTS = ["0001-01-01T00:00:00+01:00", "9999-12-31T23:00:00-05:00"]
EDGE_DATES = [datetime.fromisoformat(t) for t in EDGE_TEXTS] + [
    datetime(1, 1, 1),
    datetime(9999, 12, 31, 23, 59, 59),
    datetime(1899, 12, 31, 23, 59),
    datetime(3000, 1, 1),
    datetime(9999, 12, 31, 23, 59, tzinfo=timezone(timedelta(hours=14))),
    datetime(1, 1, 1, tzinfo=timezone(timedelta(hours=-12))),
]


def snapshot(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, for comparing the database before and after."""
    with store.engine.connect() as conn:
        tables = sorted(inspect(conn).get_table_names())
        return {
            t: sorted(
                (tuple(map(repr, row)) for row in conn.execute(text(f'SELECT * FROM "{t}"'))),
            )
            for t in tables
        }


def refused(store: Store, call: Callable[[], object], *needles: str) -> str:
    before = snapshot(store)
    with pytest.raises(ValueError) as info:
        call()
    assert snapshot(store) == before
    message = str(info.value)
    for needle in needles:
        assert needle in message, message
    return message


# --------------------------------------------------------------------- what the issue found


@pytest.mark.parametrize("when", EDGE_DATES, ids=[d.isoformat() for d in EDGE_DATES])
def test_edge_dates_are_refused_naming_played_at(store: Store, when: datetime) -> None:
    message = refused(store, lambda: store.record_play("Catan", [("Ann", 3)], when), "played_at")
    assert "between 1900-01-01 and 2999-12-31" in message
    assert isinstance(_error(lambda: store.record_play("Catan", [("Ann", 3)], when)), PlayDataError)


def _error(call: Callable[[], object]) -> BaseException:
    try:
        call()
    except BaseException as exc:
        return exc
    raise AssertionError("no error")


def test_the_first_and_last_allowed_moments_are_kept(store: Store) -> None:
    first = store.record_play("Catan", [("Ann", 3)], datetime(1900, 1, 1))
    last = store.record_play("Catan", [("Ann", 3)], datetime(2999, 12, 31, 23, 59, 59))
    assert store.get_play(first).played_at == datetime(1900, 1, 1)
    assert store.get_play(last).played_at == datetime(2999, 12, 31, 23, 59, 59)
    assert store.export_bgstats()  # no time zone can push these over the edge


def _file(**play: Any) -> str:
    entry = {
        "uid": "00000000-0000-4000-8000-000000000001",
        "game_id": 1,
        "played_at": "2024-05-01T19:30:00",
        "results": [{"player_id": 1, "score": 3}],
    }
    entry.update(play)
    return json.dumps(
        {
            "format": "merchants-companion-history",
            "version": 1,
            "players": [{"id": 1, "name": "Ann"}],
            "games": [{"id": 1, "name": "Catan"}],
            "plays": [entry],
        }
    )


@pytest.mark.parametrize("field", ["played_at", "created_at", "updated_at"])
@pytest.mark.parametrize("when", EDGE_TEXTS)
def test_import_files_with_edge_dates_are_refused(store: Store, field: str, when: str) -> None:
    message = refused(store, lambda: store.import_report(_file(**{field: when})), field)
    assert message.startswith(f"plays[0].{field}:")


@pytest.mark.parametrize("version", [1.0, "1", True, 1.5, None, [1]])
def test_import_refuses_a_version_that_is_not_the_whole_number_1(
    store: Store, version: object
) -> None:
    document = json.loads(_file())
    document["version"] = version
    with pytest.raises(ImportFileError, match="version"):
        parse_history(json.dumps(document))
    refused(store, lambda: store.import_report(json.dumps(document)), "version")


@pytest.mark.parametrize(
    ("arguments", "needle"),
    [
        ({"modules": None}, "modules: expected a list of module names, got None"),
        ({"modules": "abc"}, "modules: expected a list of module names, got 'abc'"),
        ({"breakdowns": {"Ann": 5}}, "breakdowns['Ann']: expected a mapping"),
        ({"breakdowns": ["Ann"]}, "breakdowns: expected a mapping"),
        ({"tiebreakers": [1]}, "tiebreakers[0]: expected a (name, higher_wins) pair, got 1"),
        ({"tiebreakers": "Most gold"}, "tiebreakers: expected a list"),
        ({"tiebreak_values": {"Ann": 3}}, "tiebreak_values['Ann']: expected a list"),
        ({"seats": "Ann"}, "seats: expected a list of names"),
        ({"seats": {"Ann": "first"}}, "seat"),
        ({"colour": "red"}, "unexpected keyword argument 'colour'"),
        ({"notes": None}, "notes"),
        ({"location": 5}, "location"),
        ({"duration_min": "90"}, "duration_min"),
        ({"duration_min": 10**30}, "duration_min"),
        ({"finished": "yes"}, "finished"),
        ({"highest_wins": 1}, "highest_wins"),
        ({"start_player": 3}, "start_player"),
        ({"played_at": "2024-05-01"}, "played_at: expected a date and time"),
        ({"played_at": 1714590000}, "played_at: expected a date and time"),
    ],
    ids=lambda v: repr(v)[:40],
)
def test_wrong_types_are_refused_naming_the_argument(
    store: Store, arguments: dict[str, Any], needle: str
) -> None:
    refused(store, lambda: store.record_play("Catan", [("Ann", 3)], **arguments), needle)


@pytest.mark.parametrize(
    ("results", "needle"),
    [
        ("Ann", "results: expected a list"),
        ([("Ann",)], "results[0]: expected a (name, score) pair"),
        (["Ann 3"], "results[0]: expected a (name, score) pair, got 'Ann 3'"),
        ([("Ann", "3")], "results[0].score"),
        ([("Ann", 3.0)], "results[0].score"),
        ([("Ann", True)], "results[0].score"),
        ([("Ann", 10**12)], "results[0].score"),
        ([(None, 3)], "results[0].player"),
        ([("Ann\x00", 3)], "control character (U+0000)"),
        ([("Ann\ud800", 3)], "results[0].player: not valid text: it contains a broken character"),
        ([("\u200b", 3)], "results[0].player: must not be empty"),
    ],
    ids=lambda v: repr(v)[:30],
)
def test_bad_results_are_refused(store: Store, results: Any, needle: str) -> None:
    refused(store, lambda: store.record_play("Catan", results), needle)


def test_positional_and_missing_arguments_are_value_errors(store: Store) -> None:
    refused(store, lambda: store.record_play("Catan"), "missing a required argument: 'results'")  # type: ignore[call-arg]
    refused(store, lambda: store.get_play(), "get_play")  # type: ignore[call-arg]
    refused(store, lambda: store.list_plays(5), "list_plays")  # type: ignore[misc]
    refused(store, lambda: store.list_plays(game=5), "game: expected text, got 5")  # type: ignore[arg-type]
    refused(store, lambda: store.list_plays(limit=10**30), "limit")
    refused(store, lambda: store.count_plays(player=["Ann"]), "player: expected text")  # type: ignore[arg-type]
    refused(store, lambda: store.wins_per_player(game=1.5), "game: expected text")  # type: ignore[arg-type]
    refused(store, lambda: store.get_play(10**30), "no play with id")
    refused(store, lambda: store.delete_play("1"), "no play with id")  # type: ignore[arg-type]
    refused(store, lambda: store.save_plays(None), "plays: expected a list")  # type: ignore[arg-type]
    refused(store, lambda: store.delete_custom_card(10**30), "no custom card")
    refused(
        store,
        lambda: store.save_custom_card("mercante", "event", "Storm", {}, card_id="x"),  # type: ignore[arg-type]
        "card_id",
    )


def nested(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = {"a": [value]}
    return value


def lists(depth: int) -> object:
    value: object = 1
    for _ in range(depth - 1):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("value", "needle"),
    [
        (nested(10_000), "nested more than 64 levels deep"),
        (lists(65), "nested more than 64 levels deep"),
        (math.nan, "JSON cannot hold"),
        ({"x": [math.inf]}, "JSON cannot hold"),
        (2**64, "too large"),
        ({1: "a"}, "the key 1 at the top is not text"),
        ({"a": {"b": b"bytes"}}, "a.b is a bytes"),
        ("\udcff", "broken character (U+DCFF)"),
    ],
    ids=["10000 deep", "65 deep", "nan", "inf", "2**64", "int key", "bytes", "surrogate"],
)
def test_settings_that_cannot_round_trip_are_refused(
    store: Store, value: object, needle: str
) -> None:
    refused(store, lambda: store.set_setting("k", value), "setting 'k'", needle)
    refused(
        store,
        lambda: store.save_custom_card("mercante", "event", "Storm", {"v": value}),
        "data: not a JSON value",
    )


def test_settings_at_the_limits_round_trip(store: Store) -> None:
    for value in (nested(31), 2**63 - 1, -(2**63), -0.0, 1e308, "é\U0010ffff", [(1, 2)]):
        store.set_setting("k", value)
        expected = json.loads(json.dumps(value))
        assert store.get_setting("k") == expected


def test_an_accent_typed_two_ways_is_one_player(store: Store) -> None:
    composed, decomposed = "Jos\u00e9", "Jose\u0301"
    assert composed != decomposed
    store.record_play("Catan", [(composed, 3), ("Ann", 2)])
    store.record_play("Catan", [(decomposed, 5), ("Ann\u200b", 1)])
    assert sorted(store.player_names()) == ["Ann", composed]
    assert store.player_stats(decomposed).plays == 2
    message = refused(
        store, lambda: store.record_play("Catan", [(composed, 3), (decomposed, 4)]), "results[1]"
    )
    assert "already the name" in message


# ------------------------------------------------------------------------------ Hypothesis

EVERY_CHARACTER = st.integers(0, 0x10FFFF).map(chr)
ANY_TEXT = st.lists(EVERY_CHARACTER, max_size=50).map("".join)
ZONES = st.sampled_from(
    [None, UTC, timezone(timedelta(hours=14)), timezone(timedelta(hours=-12, minutes=-30))]
)
ANY_DATETIME = st.one_of(
    st.datetimes(min_value=datetime.min, max_value=datetime.max, timezones=ZONES),
    st.sampled_from(EDGE_DATES),
    st.dates().map(lambda d: d),
)
HUGE = st.one_of(
    st.sampled_from([10**100, -(10**100), 2**63, 1e308, math.nan, math.inf]),
    st.integers(1_000, 200_000).map(lambda n: "x" * n),
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    ANY_TEXT,
    HUGE,
    ANY_DATETIME,
    st.binary(max_size=10),
)
JUNK = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(st.one_of(ANY_TEXT, st.integers()), inner, max_size=4),
        st.frozensets(st.integers(), max_size=3),
    ),
    max_leaves=12,
)
DEEP = st.integers(60, 3_000).map(nested)
KEY = st.one_of(
    st.sampled_from(["Ann", "Bob", "José", "Jose\u0301", "ann "]),
    ANY_TEXT,
    st.integers(),
    st.none(),
)
NAME = st.one_of(KEY, JUNK)
SCORE = st.one_of(st.integers(-(10**9), 10**9), JUNK)
RESULTS = st.one_of(st.lists(st.tuples(NAME, SCORE), min_size=1, max_size=4), JUNK)

RECORD_OPTIONS = {
    "modules": st.one_of(st.lists(ANY_TEXT, max_size=3), JUNK),
    "duration_min": st.one_of(st.integers(), JUNK),
    "location": st.one_of(ANY_TEXT, JUNK),
    "notes": st.one_of(ANY_TEXT, JUNK),
    "finished": st.one_of(st.booleans(), JUNK),
    "seats": st.one_of(st.lists(NAME, max_size=4), st.dictionaries(KEY, JUNK), JUNK),
    "start_player": NAME,
    "breakdowns": st.one_of(st.dictionaries(KEY, st.dictionaries(ANY_TEXT, SCORE)), JUNK, DEEP),
    "tiebreakers": st.one_of(st.lists(st.tuples(ANY_TEXT, JUNK), max_size=3), JUNK),
    "tiebreak_values": st.one_of(st.dictionaries(KEY, st.lists(JUNK, max_size=3)), JUNK),
    "highest_wins": st.one_of(st.booleans(), JUNK),
    "an_unknown_keyword": JUNK,
}

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def only_value_errors(store: Store, call: Callable[[], object]) -> None:
    """``call`` works or raises a ValueError subclass; when it raises, nothing was written."""
    before = snapshot(store)
    try:
        call()
    except ValueError as exc:
        # Our own errors with one plain line, never pydantic's (or Python's) own text.
        assert isinstance(exc, StoreError), repr(exc)
        assert "\n" not in str(exc), str(exc)
        assert snapshot(store) == before


@FUZZ
@given(
    game=st.one_of(st.sampled_from(["mercante", "Catan", "Golf"]), ANY_TEXT, JUNK),
    results=RESULTS,
    played_at=st.one_of(st.none(), ANY_DATETIME, JUNK),
    options=st.fixed_dictionaries({}, optional=RECORD_OPTIONS),
)
def test_record_play_is_total(
    store: Store, game: Any, results: Any, played_at: Any, options: dict[str, Any]
) -> None:
    only_value_errors(store, lambda: store.record_play(game, results, played_at, **options))


IDS = st.one_of(st.integers(), JUNK)
METHOD_ARGUMENTS: dict[str, st.SearchStrategy[tuple[Any, ...]]] = {
    "get_play": st.tuples(IDS),
    "delete_play": st.tuples(IDS),
    "update_play": st.tuples(IDS, JUNK),
    "save_play": st.tuples(JUNK),
    "save_plays": st.tuples(st.one_of(JUNK, st.lists(JUNK, max_size=3))),
    "restore_play": st.tuples(JUNK),
    "player_stats": st.tuples(NAME),
    "game_stats": st.tuples(NAME),
    "wins_per_player": st.tuples(NAME),
    "score_series": st.tuples(NAME, NAME),
    "get_setting": st.tuples(JUNK, JUNK),
    "set_setting": st.tuples(st.one_of(ANY_TEXT, JUNK), st.one_of(JUNK, DEEP)),
    "delete_setting": st.tuples(JUNK),
    "list_custom_cards": st.tuples(JUNK, JUNK),
    "save_custom_card": st.tuples(NAME, NAME, NAME, st.one_of(JUNK, DEEP), JUNK),
    "delete_custom_card": st.tuples(IDS),
    "import_report": st.tuples(st.one_of(ANY_TEXT, JUNK)),
    "import_json": st.tuples(st.one_of(ANY_TEXT, JUNK)),
}


@FUZZ
@given(data=st.data(), name=st.sampled_from(sorted(METHOD_ARGUMENTS)))
def test_every_method_is_total(store: Store, data: st.DataObject, name: str) -> None:
    if not store.count_plays():
        store.record_play("Catan", [("Ann", 3), ("Bob", 5)])
    args = data.draw(METHOD_ARGUMENTS[name], label="args")
    keywords = data.draw(
        st.one_of(st.just({}), st.dictionaries(st.just("bogus"), JUNK, max_size=1)),
        label="keywords",
    )
    only_value_errors(store, lambda: getattr(store, name)(*args, **keywords))


@FUZZ
@given(
    game=NAME,
    player=NAME,
    limit=st.one_of(st.integers(), JUNK),
    offset=st.one_of(st.integers(), JUNK),
)
def test_listing_is_total(store: Store, game: Any, player: Any, limit: Any, offset: Any) -> None:
    only_value_errors(store, lambda: store.list_plays(game=game, player=player, limit=limit))
    only_value_errors(store, lambda: store.list_plays(offset=offset))
    only_value_errors(store, lambda: store.count_plays(game=game, player=player))


def _json_like(value: object) -> object:
    """``value`` as something json.dumps can write (sets and bytes become lists and text)."""
    if isinstance(value, dict):
        return {str(k): _json_like(v) for k, v in value.items()}
    if isinstance(value, list | tuple | frozenset):
        return [_json_like(v) for v in value]
    if isinstance(value, bytes):
        return value.decode("latin-1")
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


FIELD_VALUES = st.one_of(JUNK.map(_json_like), ANY_DATETIME.map(lambda d: d.isoformat()))
PLAY_FIELDS = {
    name: FIELD_VALUES
    for name in (
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
        "results",
        "created_at",
        "updated_at",
        "extra",
    )
}


@FUZZ
@given(
    changes=st.fixed_dictionaries({}, optional=PLAY_FIELDS),
    player_name=st.one_of(ANY_TEXT, FIELD_VALUES),
    header=st.fixed_dictionaries(
        {}, optional={"version": FIELD_VALUES, "format": FIELD_VALUES, "players": FIELD_VALUES}
    ),
)
def test_the_import_parser_is_total(
    store: Store, changes: dict[str, Any], player_name: Any, header: dict[str, Any]
) -> None:
    document = json.loads(_file())
    document["plays"][0].update(changes)
    document["players"][0]["name"] = player_name
    document.update(header)
    text_form = json.dumps(document)
    only_value_errors(store, lambda: parse_history(text_form))
    only_value_errors(store, lambda: store.import_report(text_form))
    as_bytes = text_form.encode("utf-8", "surrogatepass")
    only_value_errors(store, lambda: store.import_report(as_bytes))


@FUZZ
@given(
    raw=st.one_of(
        ANY_TEXT,
        st.binary(max_size=200),
        st.integers(60, 20_000).map(lambda n: '{"a":[' * n + "1" + "]}" * n),
    )
)
def test_any_text_or_bytes_is_refused_or_imported(store: Store, raw: str | bytes) -> None:
    only_value_errors(store, lambda: store.import_report(raw))


def test_the_latest_allowed_timestamps_export_for_bg_stats_east_of_utc(tmp_path: Path) -> None:
    """The issue's case: one far-future timestamp made the BG Stats export raise in time
    zones east of UTC. The latest one accepted now exports in the easternmost zone."""
    probe = f"""
import json, time
from companion.history import open_store
from tests.history.test_validation import _file
time.tzset()
store = open_store({f"sqlite:///{tmp_path / 'h.sqlite3'}"!r})
edge = "2999-12-31T23:59:59"
store.import_report(_file(played_at=edge, created_at=edge + "Z", updated_at=edge + "Z"))
try:
    store.import_report(_file(uid="00000000-0000-4000-8000-000000000002",
                              created_at="9999-12-31T23:59:59Z"))
except ValueError as exc:
    refused = str(exc)
print(json.dumps([len(json.loads(store.export_bgstats())["plays"]), refused]))
"""
    env = {**os.environ, "TZ": "Pacific/Kiritimati"}  # UTC+14
    result = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    plays, refused = json.loads(result.stdout)
    assert plays == 1
    assert refused.startswith("plays[0].created_at: must be between 1900-01-01 and 2999-12-31")
