"""Shared tables in the history database (migration 0004): a table's start and log, steps
appended only where the log ends, and a table saved to history exactly once.

Each test runs on a fresh SQLite file and, when COMPANION_TEST_PG is set, on PostgreSQL;
the races run two stores (two servers) on one database.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import pytest

from companion.history import (
    NotFoundError,
    PlayCreate,
    PlayDataError,
    SavedBeforeError,
    SeqTakenError,
    Store,
    StoreError,
    TableClosedError,
)
from tests.table_fixtures import race, writes_failing

if TYPE_CHECKING:
    from tests.history_fixtures import DatabaseFactory

START = {"format": "x", "players": ["Ann", "Bob"]}


def a_play(score: int = 5) -> PlayCreate:
    return PlayCreate.model_validate(
        {
            "game": "Catan",
            "results": [{"player": "Ann", "score": score}, {"player": "Bob", "score": 2}],
        }
    )


def new_table(store: Store, tool: str = "journey") -> int:
    return store.create_table(tool=tool, start=START, summary={"players": ["Ann", "Bob"]}).id


def append(store: Store, table_id: int, seq: int, kind: str = "step") -> None:
    store.append_action(
        table_id=table_id, seq=seq, body={"kind": kind, "n": seq}, device="dev1", summary={"s": seq}
    )


# ------------------------------------------------------------------------ start and log


def test_a_new_table_is_open_with_an_empty_log(store: Store) -> None:
    table = store.create_table(tool="journey", start=START, summary={"players": ["Ann", "Bob"]})
    assert (table.tool, table.status, table.head, table.saved_play_id) == (
        "journey",
        "open",
        0,
        None,
    )
    again = store.table(table.id)
    assert again.start == START and again.summary == {"players": ["Ann", "Bob"]}
    assert store.table_actions(table.id) == []


def test_steps_are_appended_in_order_and_read_back(store: Store) -> None:
    table_id = new_table(store)
    for seq in (1, 2, 3):
        append(store, table_id, seq)
    assert [(a.seq, a.body, a.device) for a in store.table_actions(table_id)] == [
        (1, {"kind": "step", "n": 1}, "dev1"),
        (2, {"kind": "step", "n": 2}, "dev1"),
        (3, {"kind": "step", "n": 3}, "dev1"),
    ]
    assert [a.seq for a in store.table_actions(table_id, after=1)] == [2, 3]
    table = store.table(table_id)
    assert table.head == 3 and table.summary == {"s": 3}
    assert store.table_heads([table_id, 999])[table_id].head == 3
    assert 999 not in store.table_heads([table_id, 999])


def test_a_step_is_stored_as_the_session_would_store_it(store: Store) -> None:
    """A move at a table is written without a session on SQLite (tables.Appender): the rows
    it leaves are the ones the session's write leaves, text for text."""
    from sqlalchemy import text
    from sqlalchemy.orm import Session

    from companion.history import tables

    body: dict[Any, Any] = {"kind": "sell", "goods": ["silk"], "n": 1.5, "who": "Zoë", 3: None}
    summary = {"players": ["Ann", "Bob"], "status": "Ann's turn"}
    assert (store.appender is not None) == (store.dialect == "sqlite")
    fast, slow = new_table(store), new_table(store)
    store.append_action(table_id=fast, seq=1, body=body, device="d", summary=summary)
    with Session(store.engine) as session, session.begin():
        tables.append_action(
            session=session, table_id=slow, seq=1, body=body, device="d", summary=summary
        )
    with store.engine.connect() as conn:
        steps = {
            row[0]: tuple(row[1:])
            for row in conn.execute(
                text("SELECT table_id, seq, body, device, created_at FROM table_action")
            )
        }
        heads = {
            row[0]: tuple(row[1:])
            for row in conn.execute(text("SELECT id, head, summary, status FROM game_table"))
        }
    assert steps[fast][:3] == steps[slow][:3] and heads[fast] == heads[slow]
    assert type(steps[fast][3]) is type(steps[slow][3])  # the timestamp in the same form
    stored = {"kind": "sell", "goods": ["silk"], "n": 1.5, "who": "Zoë", "3": None}
    assert [a.body for a in store.table_actions(fast)] == [stored]


def test_a_step_already_written_is_refused_and_nothing_changes(store: Store) -> None:
    table_id = new_table(store)
    append(store, table_id, 1)
    with pytest.raises(SeqTakenError) as info:
        store.append_action(
            table_id=table_id, seq=1, body={"kind": "other"}, device="d2", summary={}
        )
    assert (info.value.table_id, info.value.seq) == (table_id, 1)
    assert [a.body for a in store.table_actions(table_id)] == [{"kind": "step", "n": 1}]
    assert store.table(table_id).summary == {"s": 1}


def test_a_step_that_would_skip_one_is_refused(store: Store) -> None:
    table_id = new_table(store)
    with pytest.raises(StoreError, match="would skip a step"):
        append(store, table_id, 2)
    assert store.table_actions(table_id) == []


def test_a_finished_or_abandoned_table_takes_no_more_steps(store: Store) -> None:
    table_id = new_table(store)
    append(store, table_id, 1)
    assert store.set_table_status(table_id=table_id, status="abandoned").status == "abandoned"
    with pytest.raises(TableClosedError, match="abandoned"):
        append(store, table_id, 2)
    assert [a.seq for a in store.table_actions(table_id)] == [1]  # the log is kept


def test_tables_are_listed_by_tool_and_status(store: Store) -> None:
    first, second, other = new_table(store), new_table(store), new_table(store, "mercante")
    append(store, first, 1)
    store.set_table_status(table_id=second, status="finished")
    assert {t.id for t in store.list_tables(tool="journey")} == {first, second}
    assert [t.id for t in store.list_tables(tool="journey", status="open")] == [first]
    assert {t.id for t in store.list_tables(status=["open"])} == {first, other}
    assert {t.id for t in store.list_tables()} == {first, second, other}
    # Most recently touched first (to the second; ties newest table first).
    listed = store.list_tables()
    assert [(t.updated_at, t.id) for t in listed] == sorted(
        ((t.updated_at, t.id) for t in listed), reverse=True
    )


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda s, t: s.create_table(tool="", start={}, summary={}), "tool"),
        (lambda s, t: s.create_table(tool="journey", start=[1], summary={}), "start"),
        (lambda s, t: s.create_table(tool="j", start={"x": float("nan")}, summary={}), "start"),
        (lambda s, t: s.set_table_status(table_id=t, status="lost"), "'lost'"),
        (lambda s, t: s.append_action(table_id=t, seq=0, body={}, device="", summary={}), "seq"),
        (
            lambda s, t: s.append_action(
                table_id=t, seq=1, body={"x": "y" * 30_000}, device="", summary={}
            ),
            "too large",
        ),
    ],
)
def test_bad_input_is_refused_with_its_name(
    store: Store, call: Callable[[Store, int], Any], message: str
) -> None:
    table_id = new_table(store)
    with pytest.raises(PlayDataError, match=message):
        call(store, table_id)
    assert store.table_actions(table_id) == []


def test_a_missing_table_is_not_found(store: Store) -> None:
    with pytest.raises(NotFoundError):
        store.table(12345)
    with pytest.raises(NotFoundError):
        append(store, 12345, 1)
    with pytest.raises(NotFoundError):
        store.save_table_play(table_id=12345, play=a_play())


# --------------------------------------------------------------- saved to history once


def test_save_records_the_play_and_the_mark_together(store: Store) -> None:
    table_id = new_table(store)
    play_id, created = store.save_table_play(table_id=table_id, play=a_play())
    assert created
    table = store.table(table_id)
    assert (table.saved_play_id, table.status) == (play_id, "finished")
    assert store.get_play(play_id).winners == ["Ann"]


def test_a_second_save_finds_the_mark_and_records_nothing(store: Store) -> None:
    table_id = new_table(store)
    first = store.save_table_play(table_id=table_id, play=a_play(5))
    again = store.save_table_play(table_id=table_id, play=a_play(9))
    assert again == (first[0], False)
    assert store.count_plays() == 1
    assert store.get_play(first[0]).results[0].score == 5


def test_a_save_of_a_table_that_moved_on_records_nothing(store: Store) -> None:
    table_id = new_table(store)
    append(store, table_id, 1)
    with pytest.raises(SeqTakenError):
        store.save_table_play(table_id=table_id, play=a_play(), head=0)
    assert store.count_plays() == 0 and store.table(table_id).saved_play_id is None
    assert store.save_table_play(table_id=table_id, play=a_play(), head=1)[1]


def test_a_failure_while_marking_keeps_no_play(store: Store) -> None:
    """The play and the mark commit together: a crash (here a database error) between the
    two writes leaves neither, so the table still offers to be saved, once."""
    table_id = new_table(store)
    marking_fails = writes_failing(store, "disk I/O error", table="game_table", write="UPDATE")
    with marking_fails, pytest.raises(StoreError, match="disk I/O error"):
        store.save_table_play(table_id=table_id, play=a_play())
    assert store.count_plays() == 0
    assert store.table(table_id).saved_play_id is None
    assert store.save_table_play(table_id=table_id, play=a_play())[1]
    assert store.count_plays() == 1


def test_deleting_the_saved_play_clears_the_mark(store: Store) -> None:
    table_id = new_table(store)
    play_id, _ = store.save_table_play(table_id=table_id, play=a_play())
    store.delete_play(play_id)
    assert store.table(table_id).saved_play_id is None


# ------------------------------------------- never doubled, whatever happened to the play


def test_delete_undo_and_save_again_is_one_play(store: Store) -> None:
    """Delete the saved play, undo, tap Save on the table: the same play, once."""
    table_id = new_table(store)
    play_id, _ = store.save_table_play(table_id=table_id, play=a_play())
    before = store.get_play(play_id)
    assert before.table_id == table_id
    snapshot = store.delete_play(play_id)
    table = store.table(table_id)
    assert (table.saved_play_id, table.saved_play_uid, table.saved) == (None, before.uid, True)
    assert store.restore_play(snapshot) == play_id
    # The same play: id, uid, every detail, and the table it came from points at it again.
    assert store.get_play(play_id) == before
    assert store.table(table_id).saved_play_id == play_id
    assert store.save_table_play(table_id=table_id, play=a_play(9)) == (play_id, False)
    assert store.count_plays() == 1
    assert store.player_stats("Ann").plays == 1


def test_delete_undo_and_save_on_two_servers_is_one_play(databases: DatabaseFactory) -> None:
    url = databases.url()
    one, two = databases.store(url), databases.store(url)
    table_id = new_table(one)
    play_id, _ = one.save_table_play(table_id=table_id, play=a_play())
    snapshot = two.delete_play(play_id)
    assert two.restore_play(snapshot) == play_id
    assert one.save_table_play(table_id=table_id, play=a_play()) == (play_id, False)
    assert two.save_table_play(table_id=table_id, play=a_play()) == (play_id, False)
    assert one.count_plays() == 1 and one.get_play(play_id).table_id == table_id


def test_a_table_whose_play_was_deleted_is_not_saved_again(databases: DatabaseFactory) -> None:
    """Deleted (and then removed for good), the play is not made again by a later Save on
    this server or another: the table remembers it was saved."""
    url = databases.url()
    one, two = databases.store(url), databases.store(url)
    table_id = new_table(one)
    play_id, _ = one.save_table_play(table_id=table_id, play=a_play())
    one.delete_play(play_id)
    for store in (one, two):
        with pytest.raises(SavedBeforeError, match="deleted since"):
            store.save_table_play(table_id=table_id, play=a_play())
    assert two.purge_deleted_plays() == 1
    with pytest.raises(SavedBeforeError):
        two.save_table_play(table_id=table_id, play=a_play())
    assert one.count_plays() == 0 and one.table(table_id).saved


def test_saving_again_after_a_real_deletion_is_an_explicit_call(store: Store) -> None:
    table_id = new_table(store)
    first, _ = store.save_table_play(table_id=table_id, play=a_play())
    old_uid = store.get_play(first).uid
    store.delete_play(first)
    store.purge_deleted_plays()
    second, created = store.save_table_play(table_id=table_id, play=a_play(7), again=True)
    # A new play (SQLite may give it the id the removed one had: its uid is its own).
    assert created and store.get_play(second).uid != old_uid
    table = store.table(table_id)
    assert (table.saved_play_id, table.saved_play_uid) == (second, store.get_play(second).uid)
    # Asked again, a table whose play is there gives that play.
    assert store.save_table_play(table_id=table_id, play=a_play(), again=True) == (second, False)
    assert store.count_plays() == 1


def test_an_undo_after_a_real_deletion_links_the_table_again(store: Store) -> None:
    table_id = new_table(store)
    play_id, _ = store.save_table_play(table_id=table_id, play=a_play())
    uid = store.get_play(play_id).uid
    snapshot = store.delete_play(play_id)
    assert store.purge_deleted_plays(older_than=timedelta(hours=1)) == 0  # deleted just now
    assert store.purge_deleted_plays() == 1
    back = store.restore_play(snapshot)
    assert store.get_play(back).uid == uid
    assert store.table(table_id).saved_play_id == back
    assert store.save_table_play(table_id=table_id, play=a_play()) == (back, False)
    assert store.count_plays() == 1


# ------------------------------------------------------- two servers on one database


def test_two_servers_never_both_write_the_same_step(databases: DatabaseFactory) -> None:
    url = databases.url()
    one, two = databases.store(url), databases.store(url)
    table_id = new_table(one)
    for seq in range(1, 11):
        results = race(
            [
                lambda s=seq: one.append_action(
                    table_id=table_id, seq=s, body={"by": "one"}, device="one", summary={}
                ),
                lambda s=seq: two.append_action(
                    table_id=table_id, seq=s, body={"by": "two"}, device="two", summary={}
                ),
            ]
        )
        won = [r for r in results if r is None]
        lost = [r for r in results if isinstance(r, SeqTakenError)]
        assert len(won) == 1 and len(lost) == 1, results
    log = one.table_actions(table_id)
    assert [a.seq for a in log] == list(range(1, 11))
    assert all(a.body["by"] == a.device for a in log)
    assert two.table(table_id).head == 10


def test_two_servers_saving_at_once_record_one_play(databases: DatabaseFactory) -> None:
    url = databases.url()
    one, two = databases.store(url), databases.store(url)
    for _ in range(5):
        table_id = new_table(one)
        results = race(
            [
                lambda t=table_id: one.save_table_play(table_id=t, play=a_play(5)),
                lambda t=table_id: two.save_table_play(table_id=t, play=a_play(5)),
            ]
        )
        assert all(isinstance(r, tuple) for r in results), results
        ids = {r[0] for r in results if isinstance(r, tuple)}
        created = [r[1] for r in results if isinstance(r, tuple)]
        assert len(ids) == 1 and sorted(created) == [False, True]
    assert one.count_plays() == 5
