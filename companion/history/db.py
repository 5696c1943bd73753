"""Opening a history database: the engine, SQLite's settings, and migrating to the newest schema.

Opening never recreates or "repairs" anything: a file that is not a SQLite database, a
damaged database (pages, or tables and columns missing from the schema its revision
records), an empty file, a database written by a newer version of the app, or a SQLite file
that belongs to some other program is refused with a one-line :class:`StoreError`, and the
file is left exactly as it was. A new SQLite file is made whole before it appears under its
name, so the app never leaves an empty one behind. A SQLite file is checked (``PRAGMA
quick_check``) before anything is written to it, and a file, folder or disk the app could
not write to is refused up front rather than failing at the first save.

Alembic is imported only when a migration is due: the version row is read with plain SQL
first, and the revisions this app knows are read from the migration files' headers.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import importlib.util
import os
import re
import secrets
import shutil
import sqlite3
import sys
import threading
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import platformdirs
from sqlalchemy import Engine, create_engine, event, inspect, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from companion.history.errors import StoreError

if TYPE_CHECKING:
    from alembic.config import Config

APP_DIR_NAME = "merchants-companion"
DEFAULT_FILE_NAME = "history.sqlite3"
# Our own name for Alembic's bookkeeping table, so a PostgreSQL database shared with another
# Alembic-managed application cannot confuse the two histories of migrations.
VERSION_TABLE = "companion_schema_version"
MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
# Tables of the first revision: finding them without our version table means the database
# was made by something else, which we refuse to touch.
OUR_TABLES = frozenset({"player", "game", "play", "play_result"})
SQLITE_HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 10_000
# Below this much free space next to a SQLite file the disk counts as full: SQLite needs room
# for its write-ahead log and the next saves.
MIN_FREE_BYTES = 1024 * 1024
_MIGRATING = threading.Lock()
_REVISION_LINE = re.compile(
    r"^(revision|down_revision)\s*(?::[^=]*)?=\s*(?:None|[\"']([^\"']+)[\"'])", re.MULTILINE
)


def lazy_module(name: str) -> ModuleType:
    """``name`` as a module that is imported on first attribute access (startup stays quick)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.loader is not None, name
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    return module


def default_url() -> str:
    """The default database: ``history.sqlite3`` in the user's data directory (created).

    In an app built with ``flet build`` (a phone), that directory is Flet's app storage
    folder, which Flet names in ``FLET_APP_STORAGE_DATA``: the only place the app may write
    that survives updates.
    """
    storage = os.environ.get("FLET_APP_STORAGE_DATA")
    directory = Path(storage) if storage else platformdirs.user_data_path(APP_DIR_NAME)
    directory.mkdir(parents=True, exist_ok=True)
    return URL.create("sqlite", database=str(directory / DEFAULT_FILE_NAME)).render_as_string()


def shown(url: URL) -> str:
    """A URL fit for a message: the password hidden."""
    return url.render_as_string(hide_password=True)


def first_line(exc: BaseException) -> str:
    """The driver's message without SQL, parameters or continuation lines."""
    original = getattr(exc, "orig", None) or exc
    text = str(original).strip()
    return text.splitlines()[0].strip() if text else type(original).__name__


def failure_words(exc: BaseException) -> str:
    """A failed write in a player's words: ``the disk is full`` for SQLite's "database or
    disk is full"; the driver's first line, said as the database's, for anything else."""
    text = first_line(exc)
    low = text.lower()
    if "disk is full" in low or "no space left" in low:
        return "the disk is full"
    if "readonly" in low or "read-only" in low:
        return "the history can only be read, not written"
    if "database is locked" in low:
        return "the history is busy with another write (try again)"
    return f"the database refused it ({text})"


def parse_url(url: str) -> URL:
    """Parse a SQLAlchemy URL, or raise :class:`StoreError` saying what a URL looks like."""
    if not isinstance(url, str) or not url.strip():
        raise StoreError(f"not a database URL: {url!r} (try sqlite:///path/to/history.sqlite3)")
    try:
        parsed = make_url(url.strip())
    except (ArgumentError, ValueError):
        raise StoreError(
            f"not a database URL: {url!r} (try sqlite:///path/to/history.sqlite3 "
            "or postgresql://user@host/dbname)"
        ) from None
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername=f"postgresql+{_postgres_driver()}")
    return parsed


#: What to install for PostgreSQL (the optional ``postgres`` extra, README "--db URL").
POSTGRES_DRIVER_HINT = "pip install 'merchants-companion[postgres]'"


def _postgres_driver() -> str:
    # SQLAlchemy 2.1 reads a bare postgresql:// as psycopg 3; the project installs psycopg2
    # (the "postgres" extra), so a bare URL uses whichever of the two is present.
    for module, driver in (("psycopg2", "psycopg2"), ("psycopg", "psycopg")):
        if importlib.util.find_spec(module) is not None:
            return driver
    raise StoreError(f"PostgreSQL needs a driver: {POSTGRES_DRIVER_HINT}")


def _sqlite_file(url: URL) -> Path | None:
    database = url.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database).expanduser()


def _check_sqlite_file(url: URL) -> None:
    """Refuse a path that is not (and cannot become) a SQLite database, without touching it."""
    path = _sqlite_file(url)
    if path is None:
        return
    if path.is_dir():
        raise StoreError(f"{path} is a directory, not a database file")
    if not path.parent.is_dir():
        raise StoreError(f"cannot create {path}: the folder {path.parent} does not exist")
    if path.exists():
        try:
            with path.open("rb") as handle:
                header = handle.read(len(SQLITE_HEADER))
        except OSError as exc:
            raise StoreError(f"cannot read {path}: {exc.strerror or exc}") from None
        # The app never leaves an empty file behind (a new history is made whole before it
        # appears under its name, _create_whole): an empty one lost what it held (a failed
        # copy, a sync, a full disk) or is something else. Starting a new history in it would
        # hide that, so it is refused like any file without the SQLite header.
        if not header:
            raise StoreError(
                f"{path} is empty (0 bytes), not a history; left untouched (to start a new "
                "history there, delete the file first)"
            )
        if header != SQLITE_HEADER:
            raise StoreError(f"{path} is not a SQLite database (left untouched)")


def _create_whole(path: Path) -> None:
    """Make a new, empty SQLite file at ``path`` (if there is none) without it ever being an
    empty file there: it is written beside it under another name and linked into place, so
    another copy of the app starting at the same moment finds either no file or a whole one.
    """
    temporary = path.with_name(f".{path.name}.new-{os.getpid()}-{secrets.token_hex(4)}")
    try:
        conn = sqlite3.connect(temporary)
        try:
            # WAL from the start: this writes the file's first page (its header).
            conn.execute("PRAGMA journal_mode = WAL")
        finally:
            conn.close()
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass  # another copy of the app made it first: that one is used
        except OSError:
            # A file system without hard links: create it exclusively and write it at once.
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                return
            with os.fdopen(fd, "wb") as handle:
                handle.write(temporary.read_bytes())
    finally:
        for leftover in (temporary, Path(f"{temporary}-wal"), Path(f"{temporary}-shm")):
            with contextlib.suppress(OSError):
                leftover.unlink()


def _free_bytes(folder: Path) -> int:
    stat = os.statvfs(folder)
    return stat.f_bavail * stat.f_frsize


def _read_only_mount(folder: Path) -> bool:
    return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)


def _check_writable(path: Path) -> None:
    """Refuse a file, folder or disk the history could not be saved to (nothing is written).

    SQLite opens a file it may not write read-only without a word, and the first save fails
    much later; the app needs to write (settings, plays), so this is checked before opening.
    """
    folder = path.parent
    if _read_only_mount(folder):
        raise StoreError(f"cannot write to {path}: its disk is mounted read-only")
    if path.exists() and not os.access(path, os.W_OK):
        raise StoreError(f"cannot write to {path}: the file is read-only")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StoreError(
            f"cannot write to {path}: the folder {folder} is read-only "
            "(SQLite keeps its journal next to the database)"
        )
    free = _free_bytes(folder)
    if free < MIN_FREE_BYTES:
        raise StoreError(
            f"cannot write to {path}: the disk is full ({free // 1024:,} KB free; "
            f"the history needs at least {MIN_FREE_BYTES // (1024 * 1024)} MB)"
        )


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # The driver's own transaction handling is switched off so that SQLAlchemy's BEGIN (below)
    # really starts every transaction: reads see one snapshot and writes are all-or-nothing.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys = ON")
        # WAL itself is switched on once, by migrate(), after the file has been checked:
        # turning it on rewrites the file header, which must not happen to a file we refuse.
        # In WAL mode NORMAL keeps the database consistent on power loss (a just-committed
        # play may be lost, never half-written) at a fraction of FULL's fsync cost.
        cursor.execute("PRAGMA synchronous = NORMAL")
    finally:
        cursor.close()


#: The execution option of a write whose every reference is made by the code writing it (the
#: fast import's plays and results): SQLite checks no foreign key for that transaction.
UNCHECKED_WRITE = "companion_unchecked_write"


def _sqlite_begin(conn: Any) -> None:
    # Writers take the write lock up front (BEGIN IMMEDIATE): a transaction that read first
    # and then failed to upgrade its lock would have to be retried from the start.
    options = conn.get_execution_options()
    if options.get(UNCHECKED_WRITE):
        # Looking up each result's play and player costs more than writing it (at 400,000
        # results, half a second). The pragma only takes effect outside a transaction;
        # the connection gets its checks back when it returns to the pool (_sqlite_checkin).
        conn.exec_driver_sql("PRAGMA foreign_keys = OFF")
        conn.info[UNCHECKED_WRITE] = True
    if options.get("companion_write"):
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    else:
        conn.exec_driver_sql("BEGIN")


def _sqlite_checkin(dbapi_connection: Any, record: Any) -> None:
    if record.info.pop(UNCHECKED_WRITE, False):
        dbapi_connection.execute("PRAGMA foreign_keys = ON")


def make_engine(url: URL) -> Engine:
    """An engine for ``url``; SQLite gets foreign keys, WAL journaling and real transactions."""
    try:
        if url.get_backend_name() == "sqlite":
            _check_sqlite_file(url)
            kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False}}
            if _sqlite_file(url) is None:
                # One shared connection, or every new connection would see its own empty
                # in-memory database.
                kwargs["poolclass"] = StaticPool
            engine = create_engine(url, **kwargs)
            event.listen(engine, "connect", _sqlite_pragmas)
            event.listen(engine, "begin", _sqlite_begin)
            event.listen(engine, "checkin", _sqlite_checkin)
            return engine
        if url.get_backend_name() == "postgresql":
            return create_engine(
                url,
                pool_pre_ping=True,
                connect_args={"connect_timeout": 10} if url.get_driver_name() == "psycopg2" else {},
            )
        return create_engine(url, pool_pre_ping=True)
    except StoreError:
        raise
    except NoSuchModuleError:
        raise StoreError(
            f"unsupported database {url.drivername!r} in {shown(url)} (use sqlite or postgresql)"
        ) from None
    except ImportError as exc:  # the driver the URL names is not installed
        hint = f" ({POSTGRES_DRIVER_HINT})" if url.get_backend_name() == "postgresql" else ""
        raise StoreError(f"cannot use {shown(url)}: {first_line(exc)}{hint}") from None
    except (ArgumentError, ValueError, TypeError) as exc:
        raise StoreError(f"cannot use {shown(url)}: {first_line(exc)}") from None


def alembic_config(engine: Engine | None = None) -> Config:
    """Alembic's configuration pointing into the package (no alembic.ini is needed).

    With ``engine`` set, ``env.py`` migrates that engine's database. For writing a new
    revision during development::

        from alembic import command
        from companion.history.db import alembic_config, make_engine, parse_url
        cfg = alembic_config(make_engine(parse_url("sqlite:///dev.sqlite3")))
        command.revision(cfg, "what changed", autogenerate=True, rev_id="0004")
    """
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["engine"] = engine
    return config


@functools.cache
def known_revisions() -> dict[str, str | None]:
    """Every revision this app ships, each with the one it revises (read without Alembic).

    The migration files' own ``revision`` / ``down_revision`` lines are the source; a test
    checks that Alembic reads the same chain.
    """
    found: dict[str, str | None] = {}
    for script in sorted((MIGRATIONS_DIR / "versions").glob("*.py")):
        values: dict[str, str | None] = {}
        for match in _REVISION_LINE.finditer(script.read_text(encoding="utf-8")):
            values.setdefault(match.group(1), match.group(2))
        revision = values.get("revision")
        if revision:
            found[revision] = values.get("down_revision")
    return found


def head_revision() -> str:
    """The newest schema revision this version of the app knows."""
    revisions = known_revisions()
    revised = {down for down in revisions.values() if down}
    heads = [rev for rev in revisions if rev not in revised]
    assert len(heads) == 1, f"the migrations must form one line, found heads {heads}"
    return heads[0]


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at (None for a database without our tables)."""
    with engine.connect() as conn:
        heads = _version_rows(conn)
    return heads[0] if heads else None


def _version_rows(conn: Any) -> list[str]:
    if not inspect(conn).has_table(VERSION_TABLE):
        return []
    rows = conn.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalars().all()
    return [str(r) for r in rows]


def _describe_failure(url: URL, exc: BaseException) -> str:
    message = first_line(exc)
    if url.get_backend_name() == "sqlite":
        path = _sqlite_file(url)
        where = str(path) if path else "the in-memory database"
        if "file is not a database" in message or "malformed" in message:
            return f"{where} is not a usable SQLite database: {message} (left untouched)"
        return f"cannot open {where}: {message}"
    return f"cannot connect to the database at {shown(url)}: {message}"


def _quick_check(engine: Engine, url: URL) -> None:
    """``PRAGMA quick_check`` on a SQLite file, before anything is written to it.

    A file whose header is intact but whose pages are damaged would otherwise be opened,
    switched to WAL (its header rewritten) and then fail on every screen.
    """
    path = _sqlite_file(url)
    if path is None or not path.exists() or path.stat().st_size == 0:
        return
    try:
        raw = engine.raw_connection()
        try:
            cursor = raw.cursor()
            rows = cursor.execute("PRAGMA quick_check(1)").fetchall()
            cursor.close()
        finally:
            raw.close()
    except (DBAPIError, sqlite3.Error) as exc:
        message = first_line(exc)
        if isinstance(exc, sqlite3.DatabaseError | DBAPIError) and (
            "malformed" in message or "not a database" in message or "corrupt" in message
        ):
            raise StoreError(f"{path} is damaged: {message} (left untouched)") from None
        raise _os_failure(url, exc) from None
    result = str(rows[0][0]) if rows else "no answer"
    if result != "ok":
        # The first line may only say which database ("*** in database main ***").
        lines = [line.strip() for line in result.splitlines() if line.strip()]
        finding = next((line for line in lines if not line.startswith("***")), lines[0])
        raise StoreError(f"{path} is damaged (SQLite's check found: {finding}); left untouched")


def _os_failure(url: URL, exc: BaseException) -> StoreError:
    path = _sqlite_file(url)
    where = str(path) if path else shown(url)
    code = getattr(exc, "sqlite_errorcode", None)
    original = getattr(exc, "orig", None)
    if code is None and original is not None:
        code = getattr(original, "sqlite_errorcode", None)
    if (isinstance(exc, OSError) and exc.errno == errno.ENOSPC) or code == sqlite3.SQLITE_FULL:
        return StoreError(f"cannot write to {where}: the disk is full")
    if isinstance(exc, OSError) and exc.errno == errno.EROFS:
        return StoreError(f"cannot write to {where}: its disk is mounted read-only")
    if code == sqlite3.SQLITE_READONLY or "readonly" in first_line(exc):
        return StoreError(f"cannot write to {where}: it is read-only")
    if path is not None and "I/O error" in first_line(exc):
        # SQLite says "disk I/O error" when it cannot make its shared-memory file (-shm) on
        # a full disk.
        with contextlib.suppress(OSError):
            if shutil.disk_usage(path.parent).free < MIN_FREE_BYTES:
                return StoreError(f"cannot write to {where}: the disk is full")
    return StoreError(_describe_failure(url, exc))


def migrate(engine: Engine, url: URL) -> None:
    """Bring the database to the newest schema, or raise :class:`StoreError` and change nothing.

    Runs on every open. A SQLite file is checked first (damage, and whether it can be written
    at all), before anything is written to it. An old database is upgraded in place (its
    data kept, never recreated); one at a revision this app does not know was written by a
    newer version.
    """
    sqlite = url.get_backend_name() == "sqlite"
    path = _sqlite_file(url) if sqlite else None
    if path is not None:
        _check_writable(path)
        if not path.exists():
            try:
                _create_whole(path)
            except (OSError, sqlite3.Error) as exc:
                raise _os_failure(url, exc) from None
        _quick_check(engine, url)
    try:
        with engine.connect() as conn:
            tables = set(inspect(conn).get_table_names())
            heads = _version_rows(conn)
    except (DBAPIError, sqlite3.Error) as exc:
        if sqlite:
            raise _os_failure(url, exc) from None
        raise StoreError(_describe_failure(url, exc)) from None
    except SQLAlchemyError as exc:
        raise StoreError(_describe_failure(url, exc)) from None
    if not heads:
        foreign = tables - {VERSION_TABLE}
        if sqlite and foreign:
            # A SQLite file is one application's file; adding our tables to another
            # program's database would be "repairing" something that is not ours.
            raise StoreError(
                f"{shown(url)} belongs to another program (it has tables "
                f"{', '.join(sorted(foreign)[:3])}{'…' if len(foreign) > 3 else ''}) "
                "and was left untouched"
            )
        if foreign & OUR_TABLES:
            raise StoreError(
                f"{shown(url)} already has tables named like ours "
                f"({', '.join(sorted(foreign & OUR_TABLES))}) but no schema version; "
                "left untouched"
            )
    known = known_revisions()
    for revision in heads:
        if revision not in known:
            raise StoreError(
                f"the history database is at schema revision {revision!r}, which this version "
                "of Merchant's Companion does not know; it was written by a newer version "
                "(update the app to open it)"
            )
    if len(heads) == 1:
        _check_schema(engine, url, heads[0], tables)
    head = head_revision()
    try:
        if sqlite:
            _enable_wal(engine, url)
        if heads == [head]:
            return
        _upgrade(engine, url, head)
    except StoreError:
        raise
    except (OSError, sqlite3.Error) as exc:
        raise _os_failure(url, exc) from None


@functools.cache
def expected_schema(revision: str) -> dict[str, frozenset[str]]:
    """Each table of the history and its columns, as the migrations leave them at ``revision``.

    At the newest revision that is the models' own tables (a test checks they match the
    migrations); at an older one, what its migrations make of an empty in-memory database
    (Alembic is imported then anyway, to upgrade).
    """
    if revision == head_revision():
        from sqlmodel import SQLModel

        import companion.history.models  # noqa: F401  (registers the tables)

        return {
            table.name: frozenset(column.name for column in table.columns)
            for table in SQLModel.metadata.sorted_tables
        }
    from alembic import command

    scratch = make_engine(make_url("sqlite://"))
    try:
        command.upgrade(alembic_config(scratch), revision)
        with scratch.connect() as conn:
            found = inspect(conn)
            return {
                table: frozenset(column["name"] for column in found.get_columns(table))
                for table in found.get_table_names()
                if table != VERSION_TABLE
            }
    finally:
        scratch.dispose()


def _check_schema(engine: Engine, url: URL, revision: str, tables: set[str]) -> None:
    """Refuse a database whose tables or columns are not those of the revision it records
    (a table dropped, a column lost): reading only, so a refused file is left as it was.

    Without this, such a history opens and serves, and a screen fails later on "no such
    table". Tables and columns beyond the expected ones are left alone (a PostgreSQL
    database may hold another program's tables too).
    """
    expected = expected_schema(revision)
    where = str(_sqlite_file(url) or shown(url))
    missing = sorted(set(expected) - tables)
    if missing:
        what = f"the table {missing[0]}" + (
            f" and {len(missing) - 1} other{'s' if len(missing) > 2 else ''}"
            if len(missing) > 1
            else ""
        )
        raise StoreError(
            f"{where} is damaged: {what} of the history is missing (schema revision "
            f"{revision}); left untouched"
        )
    try:
        with engine.connect() as conn:
            found = inspect(conn)
            for table in sorted(expected):
                present = {column["name"] for column in found.get_columns(table)}
                lost = sorted(expected[table] - present)
                if lost:
                    raise StoreError(
                        f"{where} is damaged: the column {table}.{lost[0]} of the history is "
                        f"missing (schema revision {revision}); left untouched"
                    )
    except (DBAPIError, sqlite3.Error, SQLAlchemyError) as exc:
        raise StoreError(_describe_failure(url, exc)) from None


def _upgrade(engine: Engine, url: URL, head: str) -> None:
    from alembic import command

    try:
        # Alembic's migration context is process-global: one migration at a time. The
        # write engine makes SQLite take its write lock at BEGIN, so a second app opening
        # the same new file waits for the first instead of failing with "locked".
        with _MIGRATING:
            if current_revision(engine) != head:
                command.upgrade(
                    alembic_config(engine.execution_options(companion_write=True)), "head"
                )
    except DBAPIError as exc:
        # Two copies of the app opening one new database at the same moment both try to
        # migrate it; the one that lost is fine if the other got it to the newest schema.
        try:
            done = current_revision(engine) == head
        except DBAPIError:
            done = False
        if not done:
            if url.get_backend_name() == "sqlite":
                failure = _os_failure(url, exc)
                if "cannot open" not in str(failure):
                    raise failure from None
            raise StoreError(f"could not upgrade {shown(url)}: {first_line(exc)}") from None


def _enable_wal(engine: Engine, url: URL) -> None:
    """Switch the file to WAL journaling (it stays so; a no-op when it already is)."""
    # Outside any transaction, on the driver's own connection: SQLite refuses to change
    # the journal mode inside one. Errors of the driver's own cursor are not wrapped by
    # SQLAlchemy, hence sqlite3.Error as well.
    try:
        raw = engine.raw_connection()
        try:
            cursor = raw.cursor()
            mode = cursor.execute("PRAGMA journal_mode = WAL").fetchone()
            cursor.close()
        finally:
            raw.close()
    except (DBAPIError, sqlite3.Error) as exc:
        raise _os_failure(url, exc) from None
    if _sqlite_file(url) is not None and (not mode or str(mode[0]).lower() != "wal"):
        raise StoreError(
            f"cannot write to {_sqlite_file(url)}: SQLite could not switch it to WAL "
            f"journaling (it stayed {mode[0] if mode else 'unknown'!s})"
        )
