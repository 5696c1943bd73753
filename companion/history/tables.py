"""Shared tables in the history database: keyword-only functions that take a Session.

A table is one :class:`~companion.history.models.GameTable` row (its tool, start, status,
head and "saved as play N" mark) and its log of :class:`~companion.history.models.TableAction`
rows. The caller owns the transaction (:class:`~companion.history.store.Store` opens one per
call). Two rules make several servers over one database safe without any server-side lock:

- a step is appended only where the log ends: the table row's ``head`` moves from
  ``seq - 1`` to ``seq`` by a conditional UPDATE in the same transaction as the INSERT of the
  step, and ``(table_id, seq)`` is unique besides; whoever comes second gets
  :class:`SeqTakenError` and nothing is written;
- a table is saved to history once: the play and the mark are written in one transaction,
  and the mark is set by an UPDATE that only matches while there is none. When another
  transaction set it first, this one is rolled back, play and all (:class:`AlreadySaved`).
  The mark keeps the play's uid besides its id: a table whose play was deleted since still
  knows it was saved, and is saved again only when asked to (``again=True``).
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Engine, Table, insert, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session

from companion.history import crud, settings
from companion.history.db import failure_words, first_line
from companion.history.errors import (
    NotFoundError,
    PlayDataError,
    SavedBeforeError,
    SeqTakenError,
    StoreError,
    TableClosedError,
)
from companion.history.models import (
    DEVICE_MAX,
    NAIVE,
    TABLE_STATUSES,
    TOOL_MAX,
    PlayCreate,
    TableAction,
    TableActionPublic,
    TableHead,
    TablePublic,
    utcnow,
)

TABLES: Table = crud.TABLES
ACTIONS: Table = TableAction.__table__  # type: ignore[attr-defined]

START_MAX = 200_000
BODY_MAX = 20_000
SUMMARY_MAX = 4_000


class AlreadySaved(Exception):
    """Raised inside a transaction to roll it back: the table was saved meanwhile."""

    def __init__(self, play_id: int | None) -> None:
        super().__init__(play_id)
        self.play_id = play_id


def _json_text(value: object, *, where: str, limit: int) -> str:
    """``value`` (an object) as the JSON text the database keeps, checked for its size."""
    if not isinstance(value, Mapping):
        raise PlayDataError(f"{where}: expected an object, got {type(value).__name__}")
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise PlayDataError(f"{where}: not a JSON value ({exc})") from None
    if len(text) > limit:
        raise PlayDataError(f"{where}: too large ({len(text):,} characters; at most {limit:,})")
    return text


def _json(value: object, *, where: str, limit: int) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(_json_text(value, where=where, limit=limit))
    return loaded


def _tool(tool: object) -> str:
    if not isinstance(tool, str) or not tool or len(tool) > TOOL_MAX:
        raise PlayDataError(f"tool: expected text of 1 to {TOOL_MAX} characters, got {tool!r}")
    return tool


def _whole(value: object, where: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise PlayDataError(f"{where}: expected a whole number of at least {least}, got {value!r}")
    return value


def _status(status: object) -> str:
    if status not in TABLE_STATUSES:
        raise PlayDataError(f"status: expected one of {', '.join(TABLE_STATUSES)}, got {status!r}")
    return str(status)


def _public(row: Any) -> TablePublic:
    return TablePublic.model_validate(dict(row._mapping))


def create_table(
    *, session: Session, tool: str, start: Mapping[str, Any], summary: Mapping[str, Any]
) -> TablePublic:
    """A new open table with an empty log."""
    now = utcnow()
    values = {
        "tool": _tool(tool),
        "start": _json(start, where="start", limit=START_MAX),
        "status": "open",
        "head": 0,
        "saved_play_id": None,
        "saved_play_uid": None,
        "summary": _json(summary, where="summary", limit=SUMMARY_MAX),
        "created_at": now,
        "updated_at": now,
    }
    table_id = session.execute(insert(TABLES).values(**values).returning(TABLES.c.id)).scalar_one()
    return TablePublic.model_validate({**values, "id": table_id})


def read_table(*, session: Session, table_id: int) -> TablePublic:
    _whole(table_id, "table id", 1)
    row = session.execute(select(TABLES).where(TABLES.c.id == table_id)).one_or_none()
    if row is None:
        raise NotFoundError(f"no table {table_id!r} (it may have been deleted)")
    return _public(row)


def list_tables(
    *, session: Session, tool: str | None = None, status: str | Sequence[str] | None = None
) -> list[TablePublic]:
    """Tables, most recently touched first; only ``tool``'s and/or those in ``status``."""
    query = select(TABLES).order_by(TABLES.c.updated_at.desc(), TABLES.c.id.desc())
    if tool is not None:
        query = query.where(TABLES.c.tool == _tool(tool))
    if status is not None:
        wanted = [status] if isinstance(status, str) else list(status)
        query = query.where(TABLES.c.status.in_([_status(s) for s in wanted]))
    return [_public(row) for row in session.execute(query)]


def read_actions(*, session: Session, table_id: int, after: int = 0) -> list[TableActionPublic]:
    """The table's log from step ``after + 1`` on, in order."""
    _whole(after, "after", 0)
    rows = session.execute(
        select(ACTIONS.c.seq, ACTIONS.c.body, ACTIONS.c.device, ACTIONS.c.created_at)
        .where(ACTIONS.c.table_id == table_id, ACTIONS.c.seq > after)
        .order_by(ACTIONS.c.seq)
    )
    return [TableActionPublic.model_validate(dict(row._mapping)) for row in rows]


def _why_not(session: Session, table_id: int, seq: int) -> StoreError:
    """Why step ``seq`` could not be appended (the conditional UPDATE matched no row)."""
    row = session.execute(
        select(TABLES.c.status, TABLES.c.head).where(TABLES.c.id == table_id)
    ).one_or_none()
    return _why_not_found(table_id, seq, None if row is None else (row.status, row.head))


def _why_not_found(table_id: int, seq: int, row: tuple[str, int] | None) -> StoreError:
    """Why step ``seq`` could not be appended, from the table's ``(status, head)``."""
    if row is None:
        return NotFoundError(f"no table {table_id!r} (it may have been deleted)")
    status, head = row
    if status != "open":
        return TableClosedError(f"table {table_id} is {status}: it takes no more moves")
    if head >= seq:
        return SeqTakenError(
            f"step {seq} of table {table_id} is already written", table_id=table_id, seq=seq
        )
    return StoreError(f"step {seq} of table {table_id} would skip a step (the log ends at {head})")


def _append_checked(
    table_id: int, seq: int, body: Mapping[str, Any], device: str, summary: Mapping[str, Any]
) -> tuple[str, str]:
    """The arguments of an append checked: the action's and the summary's JSON text."""
    _whole(table_id, "table id", 1)
    _whole(seq, "seq", 1)
    if not isinstance(device, str) or len(device) > DEVICE_MAX:
        raise PlayDataError(f"device: expected text of at most {DEVICE_MAX} characters")
    return (
        _json_text(body, where="action", limit=BODY_MAX),
        _json_text(summary, where="summary", limit=SUMMARY_MAX),
    )


def append_action(
    *,
    session: Session,
    table_id: int,
    seq: int,
    body: Mapping[str, Any],
    device: str,
    summary: Mapping[str, Any],
) -> None:
    """Write step ``seq`` of an open table's log and move its head there.

    :class:`SeqTakenError` when the log already has step ``seq`` (nothing written),
    :class:`TableClosedError` when the table is finished or abandoned. (A move at a table
    goes through :class:`Appender`, the same two statements without a session.)
    """
    body_text, summary_text = _append_checked(table_id, seq, body, device, summary)
    stored, shown = json.loads(body_text), json.loads(summary_text)
    now = utcnow()
    moved = session.execute(
        update(TABLES)
        .where(TABLES.c.id == table_id, TABLES.c.status == "open", TABLES.c.head == seq - 1)
        .values(head=seq, summary=shown, updated_at=now)
    )
    if moved.rowcount != 1:  # type: ignore[attr-defined]
        raise _why_not(session, table_id, seq)
    try:
        session.execute(
            insert(ACTIONS).values(
                table_id=table_id, seq=seq, body=stored, device=device, created_at=now
            )
        )
    except IntegrityError:
        # The head said the step was free, but the log has it (a head written by hand?):
        # the unique (table, seq) is the last word.
        raise SeqTakenError(
            f"step {seq} of table {table_id} is already written", table_id=table_id, seq=seq
        ) from None


class Appender:
    """:func:`append_action` on a SQLite file without a session (issue 20: a move at a table
    is mostly this write).

    The same transaction with the same two statements: BEGIN IMMEDIATE, the conditional
    UPDATE of the head (and summary), the INSERT of the step, COMMIT; the values are stored
    exactly as SQLAlchemy stores them (JSON text, the timestamp's text form). What it leaves
    out is the session, the building and compiling of statements and their cache keys: the
    SQL is written once here and prepared once per connection by the driver (sqlite3 keeps
    its prepared statements), so a step costs about a tenth of the session's write.
    """

    UPDATE = (
        "UPDATE game_table SET head = ?, summary = ?, updated_at = ? "
        "WHERE id = ? AND status = 'open' AND head = ?"
    )
    INSERT = (
        "INSERT INTO table_action (table_id, seq, body, device, created_at) VALUES (?, ?, ?, ?, ?)"
    )
    WHY_NOT = "SELECT status, head FROM game_table WHERE id = ?"

    def __init__(self, engine: Engine) -> None:
        dialect = engine.dialect
        if dialect.name != "sqlite" or dialect.paramstyle != "qmark":
            raise ValueError(f"Appender writes to SQLite only, not {dialect.name}")
        self._engine = engine
        # The column type's own conversion of a timestamp (its text form in SQLite).
        self._when = NAIVE.dialect_impl(dialect).bind_processor(dialect)

    @staticmethod
    def execute(cursor: Any, statement: str, parameters: Sequence[Any]) -> None:
        """Run one statement on the driver's cursor (the one place a test can make a write
        fail as the disk would)."""
        cursor.execute(statement, parameters)

    def append(
        self,
        *,
        table_id: int,
        seq: int,
        body: Mapping[str, Any],
        device: str,
        summary: Mapping[str, Any],
    ) -> None:
        """As :func:`append_action`, committed when this returns; a failure of the database
        is a :class:`StoreError` saying what the driver said, and nothing is written."""
        body_text, summary_text = _append_checked(table_id, seq, body, device, summary)
        now: Any = utcnow()
        if self._when is not None:
            now = self._when(now)
        try:
            raw = self._engine.raw_connection()
        except SQLAlchemyError as exc:
            raise StoreError(failure_words(exc)) from None
        try:
            cursor = raw.cursor()
            try:
                self._transaction(cursor, table_id, seq, body_text, device, summary_text, now)
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    raw.rollback()
                raise
            finally:
                cursor.close()
        except sqlite3.Error as exc:
            raise StoreError(failure_words(exc)) from None
        except OverflowError as exc:
            raise StoreError(f"not usable in the database: {first_line(exc)}") from None
        finally:
            raw.close()

    def _transaction(
        self,
        cursor: Any,
        table_id: int,
        seq: int,
        body_text: str,
        device: str,
        summary_text: str,
        now: Any,
    ) -> None:
        execute = self.execute
        execute(cursor, "BEGIN IMMEDIATE", ())
        execute(cursor, self.UPDATE, (seq, summary_text, now, table_id, seq - 1))
        if cursor.rowcount != 1:
            execute(cursor, self.WHY_NOT, (table_id,))
            row = cursor.fetchone()
            raise _why_not_found(table_id, seq, None if row is None else (row[0], row[1]))
        try:
            execute(cursor, self.INSERT, (table_id, seq, body_text, device, now))
        except sqlite3.IntegrityError:
            # As in append_action: the unique (table, seq) is the last word.
            raise SeqTakenError(
                f"step {seq} of table {table_id} is already written", table_id=table_id, seq=seq
            ) from None
        execute(cursor, "COMMIT", ())


def set_status(*, session: Session, table_id: int, status: str) -> TablePublic:
    """Mark a table open, finished or abandoned (its log is kept either way)."""
    _whole(table_id, "table id", 1)
    done = session.execute(
        update(TABLES)
        .where(TABLES.c.id == table_id)
        .values(status=_status(status), updated_at=utcnow())
    )
    if done.rowcount != 1:  # type: ignore[attr-defined]
        raise NotFoundError(f"no table {table_id!r} (it may have been deleted)")
    return read_table(session=session, table_id=table_id)


def heads(*, session: Session, table_ids: Sequence[int]) -> dict[int, TableHead]:
    """Each existing table's head, status and mark (a missing id is left out)."""
    found: dict[int, TableHead] = {}
    for chunk in crud.chunks(list(table_ids)):
        rows = session.execute(
            select(
                TABLES.c.id,
                TABLES.c.head,
                TABLES.c.status,
                TABLES.c.saved_play_id,
                TABLES.c.saved_play_uid,
                TABLES.c.updated_at,
            ).where(TABLES.c.id.in_(chunk))
        )
        for row in rows:
            found[row.id] = TableHead.model_validate(dict(row._mapping))
    return found


def tool_heads(
    *, session: Session, tool: str, status: str | Sequence[str] = "open"
) -> dict[int, TableHead]:
    """Head, status and mark of each of ``tool``'s tables in ``status`` (what a list of games
    in progress on another server watches for)."""
    wanted = [status] if isinstance(status, str) else list(status)
    rows = session.execute(
        select(
            TABLES.c.id,
            TABLES.c.head,
            TABLES.c.status,
            TABLES.c.saved_play_id,
            TABLES.c.saved_play_uid,
            TABLES.c.updated_at,
        ).where(TABLES.c.tool == _tool(tool), TABLES.c.status.in_([_status(s) for s in wanted]))
    )
    return {row.id: TableHead.model_validate(dict(row._mapping)) for row in rows}


def import_table(
    *,
    session: Session,
    key: str,
    kept_as: str,
    tool: str,
    start: Mapping[str, Any],
    actions: Sequence[Mapping[str, Any]],
    summary: Mapping[str, Any],
    device: str,
) -> TablePublic | None:
    """Turn the old single saved game under settings ``key`` into a table, in this
    transaction: the setting is claimed (deleted; its value kept under ``kept_as``), the
    table created and its log written. None, with nothing written, when the setting is gone
    (another server, or an earlier run, imported it): the claim is the DELETE of that one row,
    so of two servers importing at once exactly one deletes it and the other's transaction
    writes nothing."""
    value = settings.get_setting(session=session, key=key)
    if value is None or not settings.delete_setting(session=session, key=key):
        return None
    settings.set_setting(session=session, key=kept_as, value=value)
    table = create_table(session=session, tool=tool, start=start, summary=summary)
    for seq, body in enumerate(actions, start=1):
        append_action(
            session=session, table_id=table.id, seq=seq, body=body, device=device, summary=summary
        )
    return read_table(session=session, table_id=table.id)


def save_play(
    *, session: Session, table_id: int, play: PlayCreate, head: int | None, again: bool = False
) -> tuple[int, bool]:
    """Record ``play`` and mark the table "saved as play N" (and finished) in this
    transaction: ``(play id, True)``. A table already marked gives ``(its play id, False)``
    and records nothing. A table whose play was deleted since it was saved is refused with
    :class:`SavedBeforeError`, unless ``again``: then ``play`` is recorded as a new play and
    becomes the table's mark. ``head``, if given, must still be the table's head
    (:class:`SeqTakenError` otherwise: the play would not be of the game as it now stands).
    """
    _whole(table_id, "table id", 1)
    # Lock the row where the database can (PostgreSQL): a second saver waits here and then
    # finds the mark, instead of writing a play that is thrown away.
    row = session.execute(
        select(TABLES.c.saved_play_id, TABLES.c.saved_play_uid, TABLES.c.head)
        .where(TABLES.c.id == table_id)
        .with_for_update()
    ).one_or_none()
    if row is None:
        raise NotFoundError(f"no table {table_id!r} (it may have been deleted)")
    if row.saved_play_id is not None:
        return row.saved_play_id, False
    if row.saved_play_uid is not None and not again:
        raise SavedBeforeError(
            "this game was saved to history before, and its play has been deleted since; "
            "it is saved again only if you choose to"
        )
    if head is not None and row.head != head:
        raise SeqTakenError(
            f"table {table_id} moved on to step {row.head} before it was saved",
            table_id=table_id,
            seq=row.head,
        )
    if play.uid is not None and play.uid == row.saved_play_uid:
        play = play.model_copy(update={"uid": None})  # a new play, not the deleted one again
    play_id = crud.create_play(session=session, play=play)
    uid = session.execute(select(crud.PLAYS.c.uid).where(crud.PLAYS.c.id == play_id)).scalar_one()
    guard = [TABLES.c.id == table_id, TABLES.c.saved_play_id.is_(None)]
    if head is not None:
        guard.append(TABLES.c.head == head)
    marked = session.execute(
        update(TABLES)
        .where(*guard)
        .values(saved_play_id=play_id, saved_play_uid=uid, status="finished", updated_at=utcnow())
    )
    if marked.rowcount != 1:  # type: ignore[attr-defined]
        raise AlreadySaved(None)  # rolls the play back; the store reads the mark again
    return play_id, True


__all__ = [
    "AlreadySaved",
    "Appender",
    "append_action",
    "create_table",
    "heads",
    "import_table",
    "list_tables",
    "read_actions",
    "read_table",
    "save_play",
    "set_status",
    "tool_heads",
]
