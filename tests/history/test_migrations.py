"""Opening databases: migrations from empty and from the first revision, and refusals.

An old database is upgraded in place with its data kept; a database of a newer version, a
damaged file, a file of another program or a bad URL is refused with a one-line StoreError
and left exactly as it was.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import threading
import time
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import MetaData, text
from sqlmodel import SQLModel

from companion.engine import cove_goods
from companion.history import StoreError, open_store
from companion.history import db as history_db

if TYPE_CHECKING:
    from tests.history_fixtures import DatabaseFactory

OLD_TABLES = ("player", "game", "play", "play_result")


def test_revisions_are_a_single_line_ending_at_head() -> None:
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(history_db.alembic_config())
    chain = [rev.revision for rev in script.walk_revisions()]
    assert chain == ["0007", "0006", "0005", "0004", "0003", "0002", "0001"]
    assert history_db.head_revision() == "0007"


def test_migrations_ship_inside_the_package() -> None:
    # hatchling packages the whole companion/ directory, so these files go into the wheel.
    root = Path(history_db.__file__).parent / "migrations"
    assert (root / "env.py").is_file()
    assert (root / "script.py.mako").is_file()
    assert sorted(p.name for p in (root / "versions").glob("*.py")) == [
        "0001_plays.py",
        "0002_settings_cards.py",
        "0003_statistics.py",
        "0004_tables.py",
        "0005_tool_ids.py",
        "0006_plays_kept.py",
        "0007_tiebreaks_victory_only.py",
    ]
    assert not (Path(history_db.__file__).parents[2] / "alembic.ini").exists()


def test_empty_database_is_migrated_to_head(databases: DatabaseFactory) -> None:
    url = databases.url()
    store = databases.store(url)
    assert history_db.current_revision(store.engine) == history_db.head_revision()
    store.record_play("Catan", [("Ann", 3)])
    store.set_setting("theme", "dark")
    store.save_custom_card("mercante", "event", "Storm", {})


def test_models_match_the_migrations(databases: DatabaseFactory) -> None:
    store = databases.store()
    with store.engine.connect() as conn:
        context = MigrationContext.configure(
            conn, opts={"compare_type": True, "version_table": history_db.VERSION_TABLE}
        )
        assert compare_metadata(context, SQLModel.metadata) == []


def test_reopening_keeps_everything(databases: DatabaseFactory) -> None:
    url = databases.url()
    first = databases.store(url)
    play_id = first.record_play("Catan", [("Ann", 3), ("Bob", 1)])
    first.set_setting("mercante:game", {"calendar": ["Visiting Nobility", None, None]})
    exported = first.export_json()
    first.close()
    again = databases.store(url)
    assert again.get_play(play_id).winners == ["Ann"]
    assert again.get_setting("mercante:game") == {"calendar": ["Visiting Nobility", None, None]}
    assert _without_time(again.export_json()) == _without_time(exported)


def _without_time(exported: str) -> str:
    return exported.split('"players"', 1)[1]


# ------------------------------------------------------------- an old database upgraded


def _rows(conn: Any, table: str) -> list[tuple[Any, ...]]:
    return [tuple(row) for row in conn.execute(text(f"SELECT * FROM {table} ORDER BY 1"))]


def _fill_first_revision(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """A database at revision 0001 with three plays in it, written as that revision's tables."""
    engine = history_db.make_engine(history_db.parse_url(url))
    command.upgrade(history_db.alembic_config(engine), "0001")
    with engine.begin() as conn:
        meta = MetaData()
        meta.reflect(conn)
        assert set(meta.tables) == {*OLD_TABLES, history_db.VERSION_TABLE}
        t = meta.tables
        at = datetime(2023, 12, 1, 12, 0)
        conn.execute(
            t["player"].insert(),
            [
                {"id": 1, "name": "Ann", "name_key": "ann", "created_at": at},
                {"id": 2, "name": "Bob", "name_key": "bob", "created_at": at},
                {"id": 3, "name": "Cat", "name_key": "cat", "created_at": at},
            ],
        )
        conn.execute(
            t["game"].insert(),
            [
                {
                    "id": 1,
                    "name": "Mercante",
                    "name_key": "mercante",
                    "key": "mercante",
                    "highest_wins": True,
                    "created_at": at,
                },
                {
                    "id": 2,
                    "name": "Golf",
                    "name_key": "golf",
                    "key": None,
                    "highest_wins": False,
                    "created_at": at,
                },
            ],
        )
        play = {
            "modules": [],
            "duration_min": None,
            "location": None,
            "notes": "",
            "tiebreakers": [],
            "created_at": at,
            "updated_at": at,
        }
        conn.execute(
            t["play"].insert(),
            [
                {
                    **play,
                    "id": 1,
                    "uid": "00000000-0000-4000-8000-000000000001",
                    "game_id": 1,
                    "played_at": datetime(2024, 1, 5, 20, 0),
                    "finished": True,
                    "highest_wins": True,
                    "location": "Club",
                    "notes": "old notes",
                    "modules": ["talk_of_peace"],
                },
                {
                    **play,
                    "id": 2,
                    "uid": "00000000-0000-4000-8000-000000000002",
                    "game_id": 2,
                    "played_at": datetime(2024, 1, 6, 20, 0),
                    "finished": True,
                    "highest_wins": False,
                },
                {
                    **play,
                    "id": 3,
                    "uid": "00000000-0000-4000-8000-000000000003",
                    "game_id": 1,
                    "played_at": datetime(2024, 1, 7, 20, 0),
                    "finished": False,
                    "highest_wins": True,
                },
            ],
        )
        result = {"breakdown": {}, "tiebreaks": [], "start_player": False}
        conn.execute(
            t["play_result"].insert(),
            [
                {
                    **result,
                    "id": 1,
                    "play_id": 1,
                    "player_id": 1,
                    "seat": 1,
                    "score": 40,
                    "rank": 1,
                    "winner": True,
                    "breakdown": {"VP": 40},
                    "start_player": True,
                },
                {
                    **result,
                    "id": 2,
                    "play_id": 1,
                    "player_id": 2,
                    "seat": 2,
                    "score": 35,
                    "rank": 2,
                    "winner": False,
                },
                {
                    **result,
                    "id": 3,
                    "play_id": 2,
                    "player_id": 1,
                    "seat": 1,
                    "score": 72,
                    "rank": 2,
                    "winner": False,
                },
                {
                    **result,
                    "id": 4,
                    "play_id": 2,
                    "player_id": 2,
                    "seat": 2,
                    "score": 68,
                    "rank": 1,
                    "winner": True,
                },
                {
                    **result,
                    "id": 5,
                    "play_id": 3,
                    "player_id": 3,
                    "seat": 1,
                    "score": 10,
                    "rank": 1,
                    "winner": False,
                },
            ],
        )
        if conn.dialect.name == "postgresql":
            # Explicit ids do not move PostgreSQL's sequences; an app at 0001 would have.
            for table in OLD_TABLES:
                conn.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                        f"(SELECT MAX(id) FROM {table}))"
                    )
                )
        before = {table: _rows(conn, table) for table in OLD_TABLES}
    engine.dispose()
    return before


def test_first_revision_with_data_is_upgraded_to_head_with_nothing_lost(
    databases: DatabaseFactory,
) -> None:
    url = databases.url()
    before = _fill_first_revision(url)
    store = databases.store(url)
    assert history_db.current_revision(store.engine) == history_db.head_revision()
    with store.engine.connect() as conn:
        # Every old column keeps its values; the new ones come after them.
        assert {
            table: [row[: len(before[table][0])] for row in _rows(conn, table)]
            for table in OLD_TABLES
        } == before

    first = store.get_play(1)
    assert (first.game, first.location, first.notes, first.modules) == (
        "Mercante",
        "Club",
        "old notes",
        ["talk_of_peace"],
    )
    assert [(r.player, r.score, r.winner, r.breakdown) for r in first.results] == [
        ("Ann", 40, True, {"VP": 40}),
        ("Bob", 35, False, {}),
    ]
    # The statistics of revision 0003 were computed from the old plays (the unfinished
    # third play does not count).
    ann, bob, cat = (store.player_stats(n) for n in ("Ann", "Bob", "Cat"))
    assert (ann.plays, ann.wins, ann.best, ann.average) == (2, 1, 40, 56.0)
    assert (bob.plays, bob.wins, bob.best, bob.average) == (2, 1, 35, 51.5)
    assert (cat.plays, cat.wins) == (0, 0)
    golf = store.game_stats("Golf")
    assert (golf.plays, golf.average_winning_score, golf.top_winners, golf.best_score) == (
        1,
        68.0,
        ("Bob",),
        68,
    )
    assert store.game_stats("Mercante").plays == 1
    # And the upgraded database takes new plays, settings and cards.
    new_id = store.record_play("Golf", [("Ann", 70), ("Cat", 75)], highest_wins=False)
    assert new_id == 4
    assert store.player_stats("Ann").wins == 2
    store.set_setting("theme", "dark")
    assert store.get_setting("theme") == "dark"


def test_a_newer_schema_is_refused_and_left_alone(databases: DatabaseFactory) -> None:
    url = databases.url()
    store = databases.store(url)
    store.record_play("Catan", [("Ann", 3)])
    with store.engine.begin() as conn:
        conn.execute(text(f"UPDATE {history_db.VERSION_TABLE} SET version_num = '0099_future'"))
    store.close()
    with pytest.raises(StoreError) as info:
        open_store(url)
    message = str(info.value)
    assert "'0099_future'" in message and "newer version" in message
    assert "\n" not in message
    engine = history_db.make_engine(history_db.parse_url(url))
    with engine.connect() as conn:
        assert (
            conn.execute(text(f"SELECT version_num FROM {history_db.VERSION_TABLE}")).scalar()
            == "0099_future"
        )
        assert conn.execute(text("SELECT COUNT(*) FROM play")).scalar() == 1
    engine.dispose()


def test_tables_of_ours_without_a_version_are_refused(databases: DatabaseFactory) -> None:
    url = databases.url()
    engine = history_db.make_engine(history_db.parse_url(url))
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE player (id INTEGER PRIMARY KEY, nickname TEXT)"))
    engine.dispose()
    with pytest.raises(StoreError, match="left untouched"):
        open_store(url)


# --------------------------------------------------------------- files that are refused


def _refused_untouched(path: Path) -> str:
    content = path.read_bytes()
    url = f"sqlite:///{path}"
    with pytest.raises(StoreError) as info:
        open_store(url)
    assert path.read_bytes() == content
    assert not Path(f"{path}-wal").exists() and not Path(f"{path}-shm").exists()
    assert "\n" not in str(info.value)
    return str(info.value)


def test_random_bytes_are_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    path.write_bytes(random.Random(7).randbytes(8192))
    assert "is not a SQLite database" in _refused_untouched(path)


def test_a_damaged_database_is_not_repaired(tmp_path: Path) -> None:
    # A SQLite header followed by garbage: it looks like a database but cannot be read.
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"SQLite format 3\x00" + random.Random(8).randbytes(8192))
    assert "history.sqlite3" in _refused_untouched(path)


def test_a_text_file_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("Ann 40, Bob 35\n")
    assert "is not a SQLite database" in _refused_untouched(path)


def test_another_programs_sqlite_file_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.execute("INSERT INTO recipes VALUES ('stew')")
    conn.commit()
    conn.close()
    assert "belongs to another program" in _refused_untouched(path)


def test_an_empty_file_is_refused_and_left_untouched(tmp_path: Path) -> None:
    """The app never leaves an empty file behind, so an empty one lost what it held (or is
    something else): it is not quietly started as a new history."""
    path = tmp_path / "history.sqlite3"
    path.touch()
    message = _refused_untouched(path)
    assert "is empty (0 bytes)" in message and "delete the file first" in message


def test_a_new_history_file_is_made_whole(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    with open_store(f"sqlite:///{path}") as store:
        store.record_play("Catan", [("Ann", 3)])
        assert store.count_plays() == 1
    assert path.read_bytes()[:16] == b"SQLite format 3\x00"
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("history")) == []
    with open_store(f"sqlite:///{path}") as store:
        assert store.count_plays() == 1


BAD_URLS = [
    ("", "not a database URL"),
    ("   ", "not a database URL"),
    ("not a url", "not a database URL"),
    ("nosuchdb://somewhere/x", "unsupported database 'nosuchdb'"),
    ("sqlite:////no/such/folder/history.sqlite3", "the folder /no/such/folder does not exist"),
]


@pytest.mark.parametrize(("url", "message"), BAD_URLS, ids=[u or "empty" for u, _ in BAD_URLS])
def test_bad_urls_give_one_line(url: str, message: str) -> None:
    with pytest.raises(StoreError) as info:
        open_store(url)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_a_directory_is_not_a_database(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a directory"):
        open_store(f"sqlite:///{tmp_path}")


def test_an_unreachable_server_gives_one_line() -> None:
    started = time.monotonic()
    with pytest.raises(StoreError) as info:
        open_store("postgresql://companion:secret@127.0.0.1:1/history")
    message = str(info.value)
    assert message.startswith("cannot connect to the database at postgresql")
    assert "127.0.0.1:1/history" in message
    assert "secret" not in message
    assert "\n" not in message
    assert time.monotonic() - started < 15


def test_in_memory_database_works() -> None:
    with open_store("sqlite://") as store:
        store.record_play("Catan", [("Ann", 3)])
        assert store.player_names() == ["Ann"]


@pytest.mark.skipif(os.name == "nt", reason="POSIX file permissions")
def test_an_unreadable_file_gives_one_line(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root reads every file")
    path = tmp_path / "locked.sqlite3"
    path.write_bytes(b"")
    path.chmod(0)
    with pytest.raises(StoreError, match="cannot"):
        open_store(f"sqlite:///{path}")


def test_several_apps_opening_one_new_database_at_once(databases: DatabaseFactory) -> None:
    # Each thread migrates (or waits for the migration of) the same new database, then saves.
    url = databases.url()
    errors: list[BaseException] = []

    def open_and_save(name: str) -> None:
        try:
            with open_store(url) as store:
                store.record_play("Catan", [(name, 1)])
        except BaseException as exc:  # collected and reported by the test thread
            errors.append(exc)

    threads = [threading.Thread(target=open_and_save, args=(f"P{i}",)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sorted(databases.store(url).player_names()) == ["P0", "P1", "P2", "P3"]


# ------------------------------------------------- 0003 → 0004: shared tables added


def test_third_revision_with_data_is_upgraded_to_tables_with_nothing_lost(
    databases: DatabaseFactory,
) -> None:
    url = databases.url()
    engine = history_db.make_engine(history_db.parse_url(url))
    command.upgrade(history_db.alembic_config(engine), "0003")
    engine.dispose()
    # A history as the app at 0003 wrote it: plays, statistics and a saved Journey game.
    engine = history_db.make_engine(history_db.parse_url(url))
    with engine.begin() as conn:
        meta = MetaData()
        meta.reflect(conn)
        assert "game_table" not in meta.tables and "table_action" not in meta.tables
        conn.execute(
            meta.tables["setting"].insert(),
            [
                {
                    "key": "journey_game",
                    "value": {"format": "companion.journey.screen", "version": 1, "game": None},
                    "updated_at": datetime(2025, 1, 1, 12, 0),
                }
            ],
        )
    engine.dispose()
    before_play = _fill_plays_at(url)
    store = databases.store(url)
    assert history_db.current_revision(store.engine) == history_db.head_revision()
    with store.engine.connect() as conn:
        assert [row[: len(before_play[0])] for row in _rows(conn, "play")] == before_play
    assert store.get_setting("journey_game")["format"] == "companion.journey.screen"
    assert store.player_stats("Ann").plays == 1
    # The new tables work on the upgraded database, and know the old plays.
    table = store.create_table(tool="journey", start={"players": ["Ann", "Bob"]}, summary={})
    store.append_action(table_id=table.id, seq=1, body={"kind": "x"}, device="d1", summary={})
    assert [a.seq for a in store.table_actions(table.id)] == [1]
    from companion.history.models import PlayCreate

    play = PlayCreate.model_validate(
        {"game": "Catan", "results": [{"player": "Ann", "score": 5}, {"player": "Bob", "score": 2}]}
    )
    play_id, created = store.save_table_play(table_id=table.id, play=play)
    assert created and play_id == before_play[-1][0] + 1
    assert store.table(table.id).saved_play_id == play_id


# ------------------------------------------------- 0004 → 0005: one spelling of each tool id


def test_tables_stored_as_cove_goods_are_upgraded_to_the_tool_id_and_back(
    databases: DatabaseFactory,
) -> None:
    url = databases.url()
    engine = history_db.make_engine(history_db.parse_url(url))
    command.upgrade(history_db.alembic_config(engine), "0004")
    at = datetime(2025, 12, 20, 20, 0)
    old = {"cove-goods": 2, "journey": 1, "seats": 1}
    with engine.begin() as conn:
        meta = MetaData()
        meta.reflect(conn)
        rows = [
            {
                "tool": tool,
                "start": {"n": n},
                "status": "open",
                "head": 0,
                "summary": {},
                "created_at": at,
                "updated_at": at,
            }
            for tool, count in old.items()
            for n in range(count)
        ]
        conn.execute(meta.tables["game_table"].insert(), rows)
        before = _rows(conn, "game_table")
    renamed = {"cove-goods": cove_goods.TABLE_RULES.tool}
    command.upgrade(history_db.alembic_config(engine), "0005")
    with engine.connect() as conn:
        after = _rows(conn, "game_table")
    assert [(r[0], renamed.get(r[1], r[1]), *r[2:]) for r in before] == after
    command.downgrade(history_db.alembic_config(engine), "0004")
    with engine.connect() as conn:
        assert _rows(conn, "game_table") == before
    engine.dispose()

    store = databases.store(url)  # opening the history upgrades it to the newest revision
    assert history_db.current_revision(store.engine) == history_db.head_revision()
    assert len(store.list_tables(tool="cove_goods")) == 2
    assert store.list_tables(tool="cove-goods") == []
    assert len(store.list_tables(tool="journey")) == 1


def _fill_plays_at(url: str) -> list[tuple[Any, ...]]:
    """One play written through the 0003 schema's own tables (players, game, stats)."""
    engine = history_db.make_engine(history_db.parse_url(url))
    at = datetime(2024, 3, 1, 20, 0)
    with engine.begin() as conn:
        meta = MetaData()
        meta.reflect(conn)
        t = meta.tables
        conn.execute(
            t["player"].insert(),
            [
                {"id": 1, "name": "Ann", "name_key": "ann", "created_at": at},
                {"id": 2, "name": "Bob", "name_key": "bob", "created_at": at},
            ],
        )
        conn.execute(
            t["game"].insert(),
            [
                {
                    "id": 1,
                    "name": "Catan",
                    "name_key": "catan",
                    "key": None,
                    "highest_wins": True,
                    "created_at": at,
                }
            ],
        )
        conn.execute(
            t["play"].insert(),
            [
                {
                    "id": 1,
                    "uid": "00000000-0000-4000-8000-000000000009",
                    "game_id": 1,
                    "played_at": at,
                    "modules": [],
                    "duration_min": None,
                    "location": None,
                    "notes": "",
                    "finished": True,
                    "highest_wins": True,
                    "tiebreakers": [],
                    "created_at": at,
                    "updated_at": at,
                }
            ],
        )
        result = {"breakdown": {}, "tiebreaks": [], "start_player": False, "play_id": 1}
        conn.execute(
            t["play_result"].insert(),
            [
                {**result, "id": 1, "player_id": 1, "seat": 1, "score": 9, "rank": 1,
                 "winner": True},
                {**result, "id": 2, "player_id": 2, "seat": 2, "score": 4, "rank": 2,
                 "winner": False},
            ],
        )  # fmt: skip
        conn.execute(
            t["stat_player_game"].insert(),
            [
                {"player_id": 1, "game_id": 1, "plays": 1, "wins": 1, "score_sum": 9,
                 "score_max": 9, "score_min": 9},
                {"player_id": 2, "game_id": 1, "plays": 1, "wins": 0, "score_sum": 4,
                 "score_max": 4, "score_min": 4},
            ],
        )  # fmt: skip
        conn.execute(t["stat_game"].insert(), [{"game_id": 1, "plays": 1, "winning_score_sum": 9}])
        if conn.dialect.name == "postgresql":
            for table in OLD_TABLES:
                conn.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                        f"(SELECT MAX(id) FROM {table}))"
                    )
                )
        rows = _rows(conn, "play")
    engine.dispose()
    return rows


# ------------------------------------------- 0004 → 0006: plays that say what was played


def test_fourth_revision_with_data_is_upgraded_with_nothing_lost(
    databases: DatabaseFactory,
) -> None:
    url = databases.url()
    engine = history_db.make_engine(history_db.parse_url(url))
    command.upgrade(history_db.alembic_config(engine), "0004")
    engine.dispose()
    before_play = _fill_plays_at(url)
    # A table saved as play 1, as the app at 0004 left it.
    engine = history_db.make_engine(history_db.parse_url(url))
    at = datetime(2024, 3, 1, 22, 0)
    with engine.begin() as conn:
        meta = MetaData()
        meta.reflect(conn)
        assert "saved_play_uid" not in meta.tables["game_table"].c
        table_id = conn.execute(
            meta.tables["game_table"]
            .insert()
            .values(
                tool="journey",
                start={"players": ["Ann", "Bob"]},
                status="finished",
                head=0,
                saved_play_id=1,
                summary={},
                created_at=at,
                updated_at=at,
            )
            .returning(meta.tables["game_table"].c.id)
        ).scalar_one()
        before = {table: _rows(conn, table) for table in (*OLD_TABLES, "stat_player_game")}
    engine.dispose()

    store = databases.store(url)
    assert history_db.current_revision(store.engine) == history_db.head_revision()
    with store.engine.connect() as conn:
        # Every old column keeps its values; the new ones come after them.
        assert {
            table: [row[: len(rows[0])] for row in _rows(conn, table)]
            for table, rows in before.items()
        } == before
    assert [row[0] for row in before["play"]] == [row[0] for row in before_play]
    play = store.get_play(1)
    assert (play.scoring, play.expansions, play.house_rules, play.started_at) == (
        "points",
        [],
        {},
        None,
    )
    assert play.table_id == table_id
    assert store.table(table_id).saved_play_uid == play.uid
    # The statistics count the old plays' scores (every play so far had them all).
    ann = store.player_stats("Ann")
    assert (ann.plays, ann.wins, ann.average, ann.best) == (1, 1, 9.0, 9)
    assert store.game_stats("Catan").average_winning_score == 9
    # Delete, undo and Save on the upgraded database: the same play, once.
    assert store.restore_play(store.delete_play(1)) == 1
    assert store.save_table_play(table_id=table_id, play=store.get_play(1).to_create()) == (
        1,
        False,
    )
    # And it takes plays without points.
    pylos = store.record_play("Pylos", [("Ann", None), ("Bob", None)], scoring="manual")
    assert store.get_play(pylos).winners == [] and store.player_stats("Bob").plays == 2


# ---------------------------- 0006 → 0007: a play's tie-breakers decide every place or the victory


def test_sixth_revision_with_data_is_upgraded_with_nothing_lost_and_back(
    databases: DatabaseFactory,
) -> None:
    url = databases.url()
    engine = history_db.make_engine(history_db.parse_url(url))
    command.upgrade(history_db.alembic_config(engine), "0006")
    engine.dispose()
    before_play = _fill_plays_at(url)
    engine = history_db.make_engine(history_db.parse_url(url))
    with engine.connect() as conn:
        before = {table: _rows(conn, table) for table in OLD_TABLES}
    engine.dispose()

    store = databases.store(url)
    assert history_db.current_revision(store.engine) == history_db.head_revision()
    with store.engine.connect() as conn:
        # Every old column keeps its values; the new one comes after them.
        assert {
            table: [row[: len(rows[0])] for row in _rows(conn, table)]
            for table, rows in before.items()
        } == before
    assert [row[0] for row in before["play"]] == [row[0] for row in before_play]
    old = store.get_play(1)
    assert old.tiebreaks_victory_only is False
    assert [(r.player, r.rank, r.winner) for r in old.results] == [
        ("Ann", 1, True),
        ("Bob", 2, False),
    ]
    # The upgraded history takes a play whose tie-breakers decide the victory only.
    ties = {"Ann": [5, 0], "Bob": [9, 0], "Cat": [3, 1], "Dan": [1, 0]}
    mercante = store.record_play(
        "mercante",
        [("Ann", 30), ("Bob", 20), ("Cat", 20), ("Dan", 10)],
        tiebreakers=[("Most crowns left", True), ("Fewest unfulfilled contracts", False)],
        tiebreak_values=ties,
        tiebreaks_victory_only=True,
    )
    assert [r.rank for r in store.get_play(mercante).results] == [1, 2, 2, 4]
    engine = store.engine
    command.downgrade(history_db.alembic_config(engine), "0006")
    with engine.connect() as conn:
        meta = MetaData()
        meta.reflect(conn)
        assert "tiebreaks_victory_only" not in meta.tables["play"].c
        # Its figures and its ranks stay as they were made.
        rows = conn.execute(
            text(
                "SELECT seat, tiebreaks, rank, winner FROM play_result "
                f"WHERE play_id = {mercante} ORDER BY seat"
            )
        ).all()
    assert [
        (seat, json.loads(ties) if isinstance(ties, str) else ties, rank, bool(won))
        for seat, ties, rank, won in rows
    ] == [
        (1, [5, 0], 1, True),
        (2, [9, 0], 2, False),
        (3, [3, 1], 2, False),
        (4, [1, 0], 4, False),
    ]
    command.upgrade(history_db.alembic_config(engine), "head")
    assert store.get_play(mercante).tiebreaks_victory_only is False
