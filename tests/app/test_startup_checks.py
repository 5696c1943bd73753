"""Startup trusts only what it checks: a damaged, read-only or full database ends in one line
and a non-zero exit, and the file is byte-for-byte what it was (hash before and after).

Some cases need privileges: a full disk and a read-only mount use a small tmpfs (root
mounts one; elsewhere the full disk is simulated by an injected error, the mount skipped);
a read-only file or folder means nothing to root, so as root those run in a child process
that has become ``nobody``.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import traceback
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import cli
from companion.history import db as history_db
from companion.history import open_store
from companion.tools.browser import free_port
from tests.app.test_cli import companion, one_line_error

NOBODY = 65534


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def make_history(path: Path, plays: int = 150) -> None:
    with open_store(f"sqlite:///{path}") as store:
        for i in range(plays):
            store.record_play("Catan", [("Ann", i), ("Bob", 3)], notes=f"play {i} " * 40)


def start(path: Path) -> subprocess.CompletedProcess[str]:
    return companion("--web", "--port", str(free_port()), "--db", f"sqlite:///{path}")


def assert_refused_untouched(path: Path, result_line: str, before: str, *needles: str) -> None:
    assert sha256(path) == before
    assert not Path(f"{path}-wal").exists() and not Path(f"{path}-shm").exists()
    for needle in needles:
        assert needle in result_line, result_line


# ------------------------------------------------------------------------------- damaged


def _damage(path: Path, how: str) -> None:
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    assert data[:16] == b"SQLite format 3\x00"
    if how == "overwritten pages":
        for offset in range(3 * page, 6 * page):
            data[offset] = 0xAB
    else:  # bytes flipped inside a table's page, near the end of the file
        last = len(data) // page - 5
        for offset in range(last * page + 100, last * page + 400):
            data[offset] ^= 0x55
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("how", ["overwritten pages", "flipped bytes"])
def test_a_database_with_damaged_pages_is_reported_and_left_untouched(
    tmp_path: Path, how: str
) -> None:
    path = tmp_path / "history.sqlite3"
    make_history(path)
    _damage(path, how)
    before = sha256(path)
    line = one_line_error(start(path))
    assert_refused_untouched(path, line, before, str(path), "is damaged", "left untouched")


def test_the_check_runs_before_the_switch_to_wal(tmp_path: Path) -> None:
    """A damaged file still in rollback-journal mode keeps its header: nothing is written."""
    path = tmp_path / "old.sqlite3"
    make_history(path)
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA journal_mode = DELETE")
    assert path.read_bytes()[18:20] == b"\x01\x01"  # rollback journal
    _damage(path, "flipped bytes")
    before = sha256(path)
    line = one_line_error(start(path))
    assert_refused_untouched(path, line, before, "is damaged")
    assert path.read_bytes()[18:20] == b"\x01\x01"


# ------------------------------------------------------------------------- the schema


@pytest.mark.parametrize(
    ("damage", "needle"),
    [
        ("DROP TABLE play_result", "the table play_result of the history is missing"),
        ("ALTER TABLE play DROP COLUMN notes", "the column play.notes of the history is missing"),
        ("DROP TABLE stat_game", "the table stat_game of the history is missing"),
    ],
    ids=["table dropped", "column dropped", "statistics table dropped"],
)
def test_a_history_missing_a_table_or_a_column_is_refused_untouched(
    tmp_path: Path, damage: str, needle: str
) -> None:
    """The schema the recorded revision makes is checked before anything is served: without
    this, History said "no such table: play_result" only once opened."""
    path = tmp_path / "history.sqlite3"
    make_history(path, plays=3)
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute(damage)
        conn.commit()
    before = sha256(path)
    line = one_line_error(start(path))
    assert_refused_untouched(path, line, before, str(path), needle, "left untouched")


def test_an_empty_file_is_refused_at_startup_untouched(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    path.touch()
    line = one_line_error(start(path))
    assert_refused_untouched(path, line, sha256(path), "is empty (0 bytes)")
    assert path.stat().st_size == 0


# ----------------------------------------------------------------------------- read-only


def _as_nobody(argv: list[str]) -> tuple[int, str]:
    """``companion argv`` in a forked child that has become ``nobody``: (exit code, stderr)."""
    with open_store("sqlite://"):  # import everything opening needs while we still may
        pass
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 99
        try:
            os.close(read)
            err = os.fdopen(write, "w")
            sys.stderr = sys.stdout = err
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            code = cli.main(argv)
        except BaseException:
            traceback.print_exc()
        finally:
            with contextlib.suppress(Exception):
                sys.stderr.flush()
            os._exit(code)
    os.close(write)
    with os.fdopen(read) as pipe:
        output = pipe.read()
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), output


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A folder outside pytest's private tmp (which only root may enter)."""
    folder = Path(tempfile.mkdtemp(prefix="companion-ro-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        for p in [folder, *folder.iterdir()]:
            with contextlib.suppress(OSError):
                p.chmod(0o755 if p.is_dir() else 0o644)
        shutil.rmtree(folder, ignore_errors=True)


def _open_refused(path: Path, *, root_setup: str) -> tuple[int, str]:
    """Start the app on ``path`` as a normal user; returns (exit code, its one line)."""
    argv = ["--web", "--port", str(free_port()), "--db", f"sqlite:///{path}"]
    if os.geteuid() != 0:
        result = companion(*argv)
        return result.returncode, one_line_error(result)
    if not hasattr(os, "fork"):
        pytest.skip("needs fork() to run as a normal user")
    assert root_setup
    code, output = _as_nobody(argv)
    lines = output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("companion: error:"), output
    return code, lines[0]


@pytest.mark.skipif(os.name == "nt", reason="POSIX permissions")
def test_a_read_only_database_file_gives_one_line(shared_dir: Path) -> None:
    path = shared_dir / "history.sqlite3"
    make_history(path, plays=5)
    if os.geteuid() == 0:
        os.chown(shared_dir, NOBODY, -1)  # the folder is writable, only the file is not
    path.chmod(0o444)
    before = sha256(path)
    code, line = _open_refused(path, root_setup="file owned by root, 0444")
    assert code != 0
    assert_refused_untouched(path, line, before, str(path), "read-only")


@pytest.mark.skipif(os.name == "nt", reason="POSIX permissions")
def test_a_database_in_a_read_only_folder_gives_one_line(shared_dir: Path) -> None:
    path = shared_dir / "history.sqlite3"
    make_history(path, plays=5)
    if os.geteuid() == 0:
        os.chown(path, NOBODY, -1)  # the file is writable, its folder is not
        path.chmod(0o644)
    else:
        shared_dir.chmod(0o555)
    before = sha256(path)
    code, line = _open_refused(path, root_setup="folder owned by root, 0755")
    assert code != 0
    assert_refused_untouched(path, line, before, "read-only", str(shared_dir))


# ----------------------------------------------------------------- read-only mount, full


@pytest.fixture
def tmpfs() -> Iterator[Path]:
    """A 2 MB tmpfs mounted for the test (root only), unmounted after."""
    if os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("mounting a tmpfs needs root")
    point = Path(tempfile.mkdtemp(prefix="companion-tmpfs-"))
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(point)], capture_output=True
    )
    if mounted.returncode != 0:
        point.rmdir()
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        yield point
    finally:
        subprocess.run(["umount", "-l", str(point)], check=False)
        with contextlib.suppress(OSError):
            point.rmdir()


def _fill(folder: Path) -> None:
    with (folder / "filler").open("wb", buffering=0) as handle, contextlib.suppress(OSError):
        while True:
            handle.write(b"\0" * 65536)
            handle.flush()


def test_a_read_only_mount_gives_one_line(tmpfs: Path) -> None:
    path = tmpfs / "history.sqlite3"
    make_history(path, plays=20)
    before = sha256(path)
    subprocess.run(["mount", "-o", "remount,ro", str(tmpfs)], check=True)
    try:
        line = one_line_error(start(path))
    finally:
        subprocess.run(["mount", "-o", "remount,rw", str(tmpfs)], check=True)
    assert_refused_untouched(path, line, before, "read-only")


def test_a_full_disk_gives_one_line(tmpfs: Path) -> None:
    path = tmpfs / "history.sqlite3"
    make_history(path, plays=20)
    before = sha256(path)
    _fill(tmpfs)
    line = one_line_error(start(path))
    assert_refused_untouched(path, line, before, str(path), "disk is full")
    # And a new database on the full disk is not half-created.
    fresh = tmpfs / "new.sqlite3"
    assert "disk is full" in one_line_error(start(fresh))
    assert not fresh.exists()


def test_a_disk_that_fills_up_during_the_upgrade_gives_one_line(
    tmpfs: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The free-space check passed (injected), then SQLite itself runs out of room."""
    path = tmpfs / "history.sqlite3"
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA journal_mode = WAL")  # a new file's first page: no tables yet
    _fill(tmpfs)
    monkeypatch.setattr(history_db, "_free_bytes", lambda folder: 10**9)
    code = cli.main(["--web", "--port", str(free_port()), "--db", f"sqlite:///{path}"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code != 0
    assert len(err) == 1 and "disk is full" in err[0], err


def test_a_full_disk_is_reported_where_none_can_be_mounted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The injected variant of the full disk: the check reads the free space as 0 bytes."""
    path = tmp_path / "history.sqlite3"
    make_history(path, plays=5)
    before = sha256(path)
    monkeypatch.setattr(history_db, "_free_bytes", lambda folder: 0)
    code = cli.main(["--web", "--port", str(free_port()), "--db", f"sqlite:///{path}"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code != 0
    assert len(err) == 1 and err[0].startswith("companion: error: cannot write to"), err
    assert "disk is full" in err[0]
    assert_refused_untouched(path, err[0], before)


# --------------------------------------------------------------------------- quick start


def test_opening_an_up_to_date_history_imports_neither_alembic_nor_the_exchange(
    tmp_path: Path,
) -> None:
    path = tmp_path / "history.sqlite3"
    make_history(path, plays=1)
    probe = (
        "import sys, types\n"
        "from companion.history import open_store\n"
        f"open_store({f'sqlite:///{path}'!r}).close()\n"
        "exchange = sys.modules.get('companion.history.exchange')\n"
        "print('alembic' in sys.modules, type(exchange) is types.ModuleType)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.split() == ["False", "False"]


def test_a_migration_still_imports_alembic_and_upgrades(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    probe = (
        "import sys\n"
        "from companion.history import open_store\n"
        f"store = open_store({f'sqlite:///{path}'!r}); store.record_play('Catan', [('Ann', 1)])\n"
        "print('alembic' in sys.modules, store.count_plays())\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.split() == ["True", "1"]


def test_the_revisions_read_without_alembic_are_alembics() -> None:
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(history_db.alembic_config())
    chain = {rev.revision: rev.down_revision for rev in script.walk_revisions()}
    assert history_db.known_revisions() == chain
    assert history_db.head_revision() == script.get_current_head()
