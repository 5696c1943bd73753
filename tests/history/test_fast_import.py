"""The fast import path (companion.history.fastimport) against the checked path, row by row.

``Store.import_report`` on SQLite tries the fast path first and falls back to the checked one
(``exchange.parse_history`` + ``import_parsed``) for anything the fast path does not take
whole. These tests import the same file both ways into equal databases and compare every
table, the report, or the refusal; and check that the app's own exports do take the fast
path (so a slow fallback cannot hide behind passing tests).
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import event
from sqlalchemy import text as sql
from sqlalchemy.exc import IntegrityError

from companion.history import ImportFileError, Store, exchange, fastimport, jsonscan, open_store
from tests.history.test_bgstats import fixture_text as bgstats_fixture
from tests.history.test_exchange import REFUSED, rich_history

T0 = datetime(2024, 4, 6, 19, 45)
# Creation times differ between two imports made a moment apart; the rest must be equal.
TIMES = {"player": ("created_at",), "game": ("created_at",)}
TABLES = ("player", "game", "play", "play_result", "stat_player_game", "stat_game", "setting")


def rows(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the history's tables (typed as SQLite holds them), in id order."""
    path = store.url.removeprefix("sqlite:///")
    with sqlite3.connect(path) as connection:
        found = {}
        for table in TABLES:
            columns = [
                c[1]
                for c in connection.execute(f"PRAGMA table_info({table})")
                if c[1] not in TIMES.get(table, ()) and not (table == "setting" and c[1] != "key")
            ]
            select = ", ".join(f'"{c}", typeof("{c}")' for c in columns)
            found[table] = sorted(connection.execute(f"SELECT {select} FROM {table}").fetchall())
    return found


@contextmanager
def only(path: str) -> Iterator[None]:
    """Imports go only the ``"fast"`` or only the ``"checked"`` way while this is open
    (``"either"``: as the store chooses)."""
    fast, checked = fastimport.import_text, exchange.parse_history

    def refuse_fast(*_args: Any, **_kwargs: Any) -> Any:
        raise fastimport.NotFast("checked path only")

    def no_checked(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("the fast path left this file to the checked path")

    try:
        if path == "fast":
            exchange.parse_history = no_checked  # type: ignore[assignment]
        elif path == "checked":
            fastimport.import_text = refuse_fast  # type: ignore[assignment]
        yield
    finally:
        fastimport.import_text, exchange.parse_history = fast, checked  # type: ignore[assignment]


class Pair:
    """Two SQLite stores with the same history, to import one file into each way."""

    def __init__(self, folder: Path, setup: Callable[[Store], object] | None = None) -> None:
        self.stores = [
            open_store(f"sqlite:///{folder / f'{name}.sqlite3'}") for name in ("fast", "checked")
        ]
        if setup is not None:
            for store in self.stores:
                setup(store)

    def close(self) -> None:
        for store in self.stores:
            store.close()

    def import_both(self, text: str, *, must_be_fast: bool = True) -> Any:
        """The report (or refusal message) of each way; asserts both wrote the same rows."""
        outcomes = []
        for store, path in zip(self.stores, ("fast", "checked"), strict=True):
            with only(path if must_be_fast or path == "checked" else "either"):
                try:
                    outcomes.append(store.import_report(text))
                except ImportFileError as exc:
                    outcomes.append(f"refused: {exc}")
        assert outcomes[0] == outcomes[1]
        assert rows(self.stores[0]) == rows(self.stores[1])
        return outcomes[0]


@pytest.fixture
def pair(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Pair]]:
    # A play without record times gets the time of its import: the same one for both ways.
    now = datetime(2025, 1, 2, 3, 4, 5)
    monkeypatch.setattr(fastimport, "utcnow", lambda: now)
    monkeypatch.setattr(fastimport.bulk, "utcnow", lambda: now)
    made: list[Pair] = []
    counter = iter(range(1_000_000))

    def make(setup: Callable[[Store], object] | None = None) -> Pair:
        folder = tmp_path / f"pair-{next(counter)}"
        folder.mkdir()
        made.append(Pair(folder, setup))
        return made[-1]

    yield make
    for each in made:
        each.close()


def exported(tmp_path: Path, fill: Callable[[Store], object] = rich_history) -> str:
    with open_store(f"sqlite:///{tmp_path / 'source.sqlite3'}") as source:
        fill(source)
        return source.export_json()


# ---------------------------------------------------------------------------- same rows


def test_an_export_takes_the_fast_path_and_writes_what_the_checked_path_writes(
    pair: Callable[..., Pair], tmp_path: Path
) -> None:
    report = pair().import_both(exported(tmp_path))
    assert report.imported == 5 and report.players_added == 5 and report.games_added == 5


def test_a_night_with_modules_and_expansions_takes_the_fast_path(
    pair: Callable[..., Pair], tmp_path: Path
) -> None:
    def night(store: Store) -> None:
        for day in range(3):
            store.record_play(
                "Merchants Cove",
                [("Ann", 50 + day), ("Ben", 48)],
                T0 + timedelta(days=day),
                modules=["the Faction Festival", "paladins"],
                expansions=["Master Craft", "The Entertainer"],
                duration_min=140,
            )

    report = pair().import_both(exported(tmp_path, night))
    assert report.imported == 3


def test_into_a_history_with_plays_already_there(pair: Callable[..., Pair], tmp_path: Path) -> None:
    text = exported(tmp_path)
    # Part of the file already imported, and other plays of the same players and games.
    document = json.loads(text)
    document["plays"] = document["plays"][:2]
    part = json.dumps(document)

    def other(store: Store) -> None:
        store.record_play("catan", [("ann", 11), ("Eve", 4)], T0 - timedelta(days=30))
        store.record_play(
            "Golf", [("Dan", 70), ("Eve", 75)], T0 - timedelta(days=20), highest_wins=True
        )

    (tmp_path / "other").mkdir()
    before = exported(tmp_path / "other", other)

    def setup(store: Store) -> None:
        with only("checked"):
            store.import_report(before)
            store.import_report(part)

    report = pair(setup).import_both(text)
    assert report.imported == 3 and len(report.duplicates) == 2


def test_other_layouts_take_the_fast_path_too(pair: Callable[..., Pair], tmp_path: Path) -> None:
    document = json.loads(exported(tmp_path))
    # Pretty-printed, and a note holding the text export_json puts between two plays.
    document["plays"][1]["notes"] = 'a "}]},{" in a note'
    assert pair().import_both(json.dumps(document, indent=2)).imported == 5
    assert pair().import_both(json.dumps(document, separators=(",", ":"))).imported == 5


def test_large_files_are_cut_into_pieces(
    pair: Callable[..., Pair], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def many(store: Store) -> None:
        for i in range(60):
            store.record_play(
                ["Catan", "mercante", "Golf"][i % 3],
                [("Ann", i % 7), ("Bob", 3), ("Cat", i % 5)],
                T0 + timedelta(hours=i),
                highest_wins=None if i % 3 != 2 else bool(i % 2),
                finished=i % 11 != 0,
                duration_min=None if i % 4 else 30,
            )

    monkeypatch.setattr(jsonscan, "PIECE_BYTES", 700)
    monkeypatch.setattr(fastimport.bulk, "REINDEX_ABOVE", 10)
    done: list[tuple[int, int]] = []
    text = exported(tmp_path, many)
    report = pair().import_both(text)
    assert report.imported == 60
    with open_store(f"sqlite:///{tmp_path / 'progress.sqlite3'}") as store:
        store.import_report(text, progress=lambda d, t: done.append((d, t)))
    assert len(done) > 5 and done[-1] == (60, 60)
    assert [d for d, _ in done] == sorted(d for d, _ in done)


def test_indexes_are_built_again_only_when_most_plays_are_new(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = exported(tmp_path)
    document = json.loads(text)
    for play in document["plays"]:
        play["uid"] = str(uuid.uuid5(uuid.NAMESPACE_URL, play["uid"]))
    more = json.dumps(document)
    monkeypatch.setattr(fastimport.bulk, "REINDEX_ABOVE", 2)
    with open_store(f"sqlite:///{tmp_path / 'reindex.sqlite3'}") as store:
        statements: list[str] = []
        event.listen(
            store.engine, "before_cursor_execute", lambda *a: statements.append(a[2].upper())
        )
        assert store.import_report(text).imported == 5  # all 5 new: built again
        assert sum("DROP INDEX" in s for s in statements) == 3
        statements.clear()
        assert store.import_report(more).imported == 5  # 5 more into 5: updated in place
        assert not any("DROP INDEX" in s for s in statements)
        assert store.count_plays() == 10


def test_an_insert_refused_by_the_database_leaves_nothing_of_the_fast_path(
    pair: Callable[..., Pair], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A piece already written stays only if the whole fast path succeeds: what the database
    # refuses later rolls it all back, and the checked path imports the file as it always did.
    text = exported(tmp_path)
    monkeypatch.setattr(jsonscan, "PIECE_BYTES", 200)
    insert, calls = fastimport.bulk.sqlite_insert, []

    def refuse_the_third(connection: Any, table: Any, values: Any) -> None:
        calls.append(table.name)
        if len(calls) == 3:
            raise IntegrityError("INSERT", None, Exception("refused for the test"))
        insert(connection, table, values)

    monkeypatch.setattr(fastimport.bulk, "sqlite_insert", refuse_the_third)
    with open_store(f"sqlite:///{tmp_path / 'refused.sqlite3'}") as store:
        assert store.import_report(text).imported == 5
        assert store.count_plays() == 5
    assert len(calls) > 3  # the fast path's third, then the checked path's own
    monkeypatch.setattr(fastimport.bulk, "sqlite_insert", insert)
    assert pair().import_both(text).imported == 5


def assert_foreign_keys_hold_and_are_checked(store: Store) -> None:
    """Every reference in the history is right, and a new one that is not is refused."""
    with store.engine.connect() as connection:
        assert connection.execute(sql("PRAGMA foreign_key_check")).all() == []
        assert connection.execute(sql("PRAGMA foreign_keys")).scalar() == 1
        with pytest.raises(IntegrityError):
            connection.execute(
                sql(
                    "INSERT INTO play_result (play_id, player_id, seat, score,"
                    " breakdown, tiebreaks, start_player, rank, winner)"
                    " VALUES (999999, 1, 1, 0, '{}', '[]', 0, 1, 0)"
                )
            )


def test_foreign_keys_hold_after_the_fast_path_and_are_checked_again_after_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The fast path's transaction checks no foreign key row by row: every reference it
    # writes must be right by construction, and the next transaction checks them again,
    # also after a fast path given up half-way.
    text = exported(tmp_path)
    write, seen = fastimport._Import.write, []

    def give_up_after_the_first_piece(self: Any, piece: Any) -> None:
        seen.append(self.session.execute(sql("PRAGMA foreign_keys")).scalar())
        write(self, piece)
        raise fastimport.NotFast("given up for the test")

    for name, fast in (("given-up", False), ("fast", True)):
        with open_store(f"sqlite:///{tmp_path / f'{name}.sqlite3'}") as store:
            if not fast:
                monkeypatch.setattr(fastimport._Import, "write", give_up_after_the_first_piece)
            assert store.import_report(text).imported == 5
            monkeypatch.setattr(fastimport._Import, "write", write)
            assert_foreign_keys_hold_and_are_checked(store)
    assert seen == [0]


def test_foreign_keys_hold_after_a_bg_stats_import(tmp_path: Path) -> None:
    # The BG Stats import's transaction checks no foreign key row by row either.
    with open_store(f"sqlite:///{tmp_path / 'bgstats.sqlite3'}") as store:
        assert store.import_bgstats(bgstats_fixture()).imported == 6
        assert_foreign_keys_hold_and_are_checked(store)


def test_what_the_checked_path_tidies_goes_through_it(
    pair: Callable[..., Pair], tmp_path: Path
) -> None:
    document = json.loads(exported(tmp_path))
    document["plays"][0]["uid"] = document["plays"][0]["uid"].upper()
    document["plays"][1]["notes"] = "  spaces to trim  "
    document["plays"][2]["played_at"] = "2024-04-08T19:45:00+02:00"
    document["players"][0]["name"] = "  =HYPERLINK(1) "
    report = pair().import_both(json.dumps(document), must_be_fast=False)
    assert report.imported == 5


@pytest.mark.parametrize(("case", "spoil", "message"), REFUSED, ids=[c[0] for c in REFUSED])
def test_refused_files_are_refused_with_the_same_words(
    pair: Callable[..., Pair],
    tmp_path: Path,
    case: str,
    spoil: Callable[[str], str],
    message: str,
) -> None:
    text = exported(tmp_path)

    def setup(store: Store) -> None:
        with only("checked"):
            store.import_report(text)

    outcome = pair(setup).import_both(spoil(text), must_be_fast=False)
    assert outcome.startswith("refused: ") and message in outcome


# ------------------------------------------------------------------------ random plays

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]
GAMES = [
    ("Mercante", "mercante", True),
    ("Golf", None, False),
    ("Catan", None, True),
    ("Merchants Cove", "merchants_cove", True),
]


@st.composite
def history_files(draw: st.DrawFn) -> str:
    """Backup files with ties, tie-breakers, unfinished plays, both directions, and details."""
    plays = []
    for i in range(draw(st.integers(1, 12))):
        game = draw(st.integers(1, len(GAMES)))
        players = draw(st.lists(st.integers(1, len(NAMES)), min_size=1, max_size=5, unique=True))
        breakers = draw(
            st.sampled_from(
                [
                    [],
                    [{"name": "Crowns", "higher_wins": True}],
                    [{"name": "Crowns"}, {"name": "Gold", "higher_wins": False}],
                ]
            )
        )
        seated = draw(st.booleans())
        results = []
        for k, player in enumerate(players):
            score = draw(st.integers(-3, 4))
            result: dict[str, Any] = {"player_id": player, "score": score}
            if seated:
                result["seat"] = k + 1
            if draw(st.booleans()):
                result["breakdown"] = {"Points": score} if draw(st.booleans()) else {}
            if breakers and draw(st.booleans()):
                result["tiebreaks"] = draw(
                    st.lists(st.one_of(st.none(), st.integers(0, 3)), max_size=len(breakers))
                )
            results.append(result)
        if draw(st.booleans()):
            results[draw(st.integers(0, len(results) - 1))]["start_player"] = True
        play: dict[str, Any] = {
            "uid": str(uuid.UUID(int=draw(st.integers(0, 2**64)) * 7919 + i)),
            "game_id": game,
            "played_at": (T0 + timedelta(minutes=draw(st.integers(0, 10**5)))).isoformat(),
            "results": results,
            "finished": draw(st.booleans()),
            "tiebreakers": breakers,
        }
        given_direction = draw(st.sampled_from([None, True, False]))
        if given_direction is not None and (
            GAMES[game - 1][1] is None or given_direction == GAMES[game - 1][2]
        ):
            play["highest_wins"] = given_direction
        scoring = draw(st.sampled_from(["points", "points", "manual", "cooperative"]))
        if scoring != "points":
            # Winners chosen (everyone's the same in a co-operative play), scores optional.
            play["scoring"] = scoring
            together = draw(st.booleans())
            for result in results:
                won = together if scoring == "cooperative" else draw(st.booleans())
                result["winner"] = won and play["finished"]
                if draw(st.booleans()):
                    result["score"] = None
                    result.pop("breakdown", None)
        if draw(st.booleans()):
            # Kept as they are, or (a Merchants Cove module or expansion not in the form the
            # history keeps it) tidied by the checked path.
            play["modules"] = draw(
                st.sampled_from([["Talk of peace"], ["A", "B"], ["paladins"], ["Paladins"]])
            )
            play["expansions"] = draw(
                st.sampled_from([["Master Craft"], ["master_craft", "The Entertainer"], ["X"]])
            )
            if draw(st.booleans()):
                play["house_rules"] = {"journey.pair_value": "alternative"}
            if draw(st.booleans()):
                play["started_at"] = (T0 - timedelta(minutes=draw(st.integers(0, 99)))).isoformat()
            play["location"] = "The Tankard"
            play["duration_min"] = draw(st.integers(0, 300))
            play["notes"] = "close\nfinish"
            play["created_at"] = "2024-01-02T03:04:05"
            play["updated_at"] = "2024-01-03T03:04:05.250000"
        plays.append(play)
    return json.dumps(
        {
            "format": "merchants-companion-history",
            "version": 1,
            "players": [{"id": i, "name": n} for i, n in enumerate(NAMES, start=1)],
            "games": [
                {"id": i, "name": n, "key": k, "highest_wins": h}
                for i, (n, k, h) in enumerate(GAMES, start=1)
            ],
            "plays": plays,
        }
    )


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(text=history_files(), again=st.booleans())
def test_any_history_writes_the_same_rows_both_ways(
    pair: Callable[..., Pair], text: str, again: bool
) -> None:
    both = pair()
    first = both.import_both(text, must_be_fast=False)
    if again and not isinstance(first, str):
        assert both.import_both(text, must_be_fast=False).imported == 0
