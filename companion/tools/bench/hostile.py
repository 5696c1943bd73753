"""``import_hostile_peak_mb``: the peak memory of importing hostile files just under the limit.

Each shape is a file a joined phone could upload, as large as an import takes
(``companion.limits.MAX_IMPORT_BYTES``), built to make a reader hold much more than the file:
millions of tiny players, millions of empty plays, nesting a million levels deep, one huge
text (plain, and of four-byte characters, which Python holds at four bytes each), a play
with millions of fields, and more valid plays than an import takes. Each is imported in a
child process of its own, the way the server does it (``read_import_file``, then the
store), and the child reports its peak resident memory (everything counted: Python, the
app's modules, the file, the import), what it holds once the import is over, and how the
import ended. The line printed is the worst peak, in MB, in the ``median_ms`` column; each
shape's figures go to stderr.

The child may not take more than :data:`CAP_MB` of address space (a reader that would take
more fails there instead of taking the machine's memory); such a shape reads as over it.
"""

from __future__ import annotations

import gc
import multiprocessing
import resource
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from companion.limits import MAX_IMPORT_BYTES

NAMES = ("import_hostile_peak_mb",)
#: The address space a child may take (MB): far above any honest import's need.
CAP_MB = 6_000

APP_HEAD = b'{"format":"merchants-companion-history","version":1,'


def _fill(
    out: BinaryIO, size: int, before: bytes, item: Callable[[int], bytes], after: bytes
) -> None:
    """``before``, then ``item(0)``, ``item(1)``, … separated by commas, then ``after``: as
    many items as keep the file within ``size`` bytes."""
    out.write(before)
    left = size - len(before) - len(after)
    i = 0
    chunk: list[bytes] = []
    held = 0
    while True:
        piece = item(i) if i == 0 else b"," + item(i)
        if len(piece) > left:
            break
        chunk.append(piece)
        held += len(piece)
        left -= len(piece)
        i += 1
        if held > 1 << 20:
            out.write(b"".join(chunk))
            chunk, held = [], 0
    out.write(b"".join(chunk))
    out.write(after)


def _uid(i: int) -> bytes:
    return b"00000000-0000-4000-8000-%012x" % i


def _same(text: bytes) -> Callable[[int], bytes]:
    return lambda _i: text


def _deep(out: BinaryIO, size: int, before: bytes, after: bytes) -> None:
    depth = (size - len(before) - len(after)) // 2
    out.write(before)
    for _ in range(depth // 1_000_000):
        out.write(b"[" * 1_000_000)
    out.write(b"[" * (depth % 1_000_000))
    for _ in range(depth // 1_000_000):
        out.write(b"]" * 1_000_000)
    out.write(b"]" * (depth % 1_000_000))
    out.write(after)


def _huge(out: BinaryIO, size: int, before: bytes, unit: bytes, after: bytes) -> None:
    count = (size - len(before) - len(after)) // len(unit)
    out.write(before)
    block = unit * (1_000_000 // len(unit))
    for _ in range(count // (1_000_000 // len(unit))):
        out.write(block)
    out.write(unit * (count % (1_000_000 // len(unit))))
    out.write(after)


VALID_PLAY = (
    b'{"uid":"%s","game_id":1,"played_at":"2024-01-01T19:00:00",'
    b'"results":[{"player_id":1,"score":3}]}'
)
BG_PLAY = (
    b'{"uuid":"%s","playDate":"2024-01-01 19:00:00","gameRefId":1,'
    b'"playerScores":[{"playerRefId":1,"score":"3"}]}'
)
BG_HEAD = b'{"players":[{"id":1,"name":"Ann"}],"games":[{"id":1,"name":"Azul"}],'


@dataclass(frozen=True)
class Shape:
    """One hostile file: its name, the import it goes to ("json" or "bgstats"), and how it
    is written (``write(out, size)``)."""

    name: str
    kind: str
    write: Callable[[BinaryIO, int], None]


SHAPES = (
    Shape(
        "backup_tiny_players",
        "json",
        lambda out, size: _fill(
            out, size, APP_HEAD + b'"players":[', lambda i: b'{"id":%d,"name":"p"}' % (i + 1), b"]}"
        ),
    ),
    Shape(
        "backup_tiny_games",
        "json",
        lambda out, size: _fill(
            out, size, APP_HEAD + b'"games":[', lambda i: b'{"id":%d,"name":"g"}' % (i + 1), b"]}"
        ),
    ),
    Shape(
        "backup_empty_plays",
        "json",
        lambda out, size: _fill(out, size, APP_HEAD + b'"plays":[', _same(b"{}"), b"]}"),
    ),
    Shape(
        "backup_valid_plays",
        "json",
        lambda out, size: _fill(
            out,
            size,
            APP_HEAD + b'"players":[{"id":1,"name":"Ann"}],"games":[{"id":1,"name":"Azul"}],'
            b'"plays":[',
            lambda i: VALID_PLAY % _uid(i),
            b"]}",
        ),
    ),
    Shape(
        "backup_deep",
        "json",
        lambda out, size: _deep(out, size, APP_HEAD + b'"players":', b"}"),
    ),
    Shape(
        "backup_huge_text",
        "json",
        lambda out, size: _huge(
            out,
            size,
            APP_HEAD + b'"players":[{"id":1,"name":"Ann"}],"games":[{"id":1,"name":"Azul"}],'
            b'"plays":[{"uid":"%s","game_id":1,"played_at":"2024-01-01T19:00:00",'
            b'"results":[{"player_id":1,"score":3}],"notes":"' % _uid(1),
            b"x",
            b'"}]}',
        ),
    ),
    Shape(
        "backup_huge_wide_text",
        "json",
        lambda out, size: _huge(
            out, size, APP_HEAD + b'"app_version":"a', "\U0001f600".encode(), b'"}'
        ),
    ),
    Shape(
        "bgstats_tiny_players",
        "bgstats",
        lambda out, size: _fill(
            out,
            size,
            b'{"games":[],"plays":[],"players":[',
            lambda i: b'{"id":%d,"name":"p"}' % (i + 1),
            b"]}",
        ),
    ),
    Shape(
        "bgstats_empty_plays",
        "bgstats",
        lambda out, size: _fill(
            out, size, b'{"players":[],"games":[],"plays":[', _same(b"{}"), b"]}"
        ),
    ),
    Shape(
        "bgstats_valid_plays",
        "bgstats",
        lambda out, size: _fill(
            out, size, BG_HEAD + b'"plays":[', lambda i: BG_PLAY % _uid(i), b"]}"
        ),
    ),
    Shape(
        "bgstats_empty_scores",
        "bgstats",
        lambda out, size: _fill(
            out,
            size,
            BG_HEAD + b'"plays":[{"uuid":"%s","playDate":"2024-01-01 19:00:00","gameRefId":1,'
            b'"playerScores":[' % _uid(1),
            _same(b"{}"),
            b"]}]}",
        ),
    ),
    Shape(
        "bgstats_deep_ignored_field",
        "bgstats",
        lambda out, size: _deep(out, size, b'{"players":[],"games":[],"plays":[],"tags":', b"}"),
    ),
    Shape(
        "bgstats_wide_play",
        "bgstats",
        lambda out, size: _fill(
            out,
            size,
            BG_HEAD
            + b'"plays":[{"uuid":"%s","playDate":"2024-01-01 19:00:00","gameRefId":1,' % _uid(1),
            lambda i: b'"k%d":0' % i,
            b"}]}",
        ),
    ),
    Shape(
        "bgstats_huge_text",
        "bgstats",
        lambda out, size: _huge(
            out,
            size,
            BG_HEAD + b'"plays":[{"uuid":"%s","playDate":"2024-01-01 19:00:00","gameRefId":1,'
            b'"comments":"' % _uid(1),
            b"x",
            b'"}]}',
        ),
    ),
)


def write_shape(shape: Shape, path: Path, size: int = MAX_IMPORT_BYTES) -> Path:
    """Write ``shape`` to ``path`` at ``size`` bytes (at most)."""
    with path.open("wb") as out:
        shape.write(out, size)
    return path


def _status(field: str) -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@dataclass(frozen=True)
class Outcome:
    """One hostile import in a child process: its peak and what it held before and after
    (MB), how long it took, and how it ended (the refusal's words, or what it imported)."""

    peak_mb: float
    before_mb: float
    after_mb: float
    seconds: float
    ended: str


def _import_in_child(path: str, url: str, kind: str, cap_mb: int, answer: Any) -> None:
    if cap_mb:
        resource.setrlimit(resource.RLIMIT_AS, (cap_mb << 20, cap_mb << 20))
    from companion.history import open_store
    from companion.history.errors import ImportFileError
    from companion.ui.history.model.exchange import ImportRefused, read_import_file

    store = open_store(url)
    method = store.import_bgstats if kind == "bgstats" else store.import_report
    gc.collect()
    before = _status("VmRSS:")
    began = time.perf_counter()
    try:
        ended = f"imported: {method(read_import_file(path))}"
    except (ImportFileError, ImportRefused) as exc:
        ended = f"refused: {exc}"
    except MemoryError:
        ended = f"out of memory (over the {cap_mb:,} MB the child may take)"
    except Exception as exc:
        ended = f"failed: {exc!r}"[:300]
    seconds = time.perf_counter() - began
    gc.collect()
    answer.send(Outcome(_status("VmHWM:"), before, _status("VmRSS:"), seconds, ended))
    store.close()


def measure(path: Path, kind: str, *, cap_mb: int = CAP_MB) -> Outcome:
    """Import the file at ``path`` in a child process of its own and say how it went."""
    context = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix="companion-hostile-db-") as folder:
        url = f"sqlite:///{Path(folder) / 'history.sqlite3'}"
        mine, theirs = context.Pipe(duplex=False)
        child = context.Process(
            target=_import_in_child, args=(str(path), url, kind, cap_mb, theirs)
        )
        child.start()
        theirs.close()
        try:
            outcome: Outcome = mine.recv()
        except EOFError:
            outcome = Outcome(float(cap_mb), 0.0, 0.0, 0.0, f"the child died ({child.exitcode})")
        child.join()
        return outcome


def run(wanted: set[str] | None = None) -> Iterator[tuple[str, float]]:
    if wanted is not None and not wanted & set(NAMES):
        return
    worst = 0.0
    with tempfile.TemporaryDirectory(prefix="companion-hostile-") as tmp:
        for shape in SHAPES:
            path = write_shape(shape, Path(tmp) / f"{shape.name}.json")
            outcome = measure(path, shape.kind)
            path.unlink()
            worst = max(worst, outcome.peak_mb)
            print(
                f"hostile: {shape.name}: peak {outcome.peak_mb:.0f} MB (before "
                f"{outcome.before_mb:.0f}, after {outcome.after_mb:.0f}), "
                f"{outcome.seconds:.1f} s, {outcome.ended[:160]}",
                file=sys.stderr,
                flush=True,
            )
    yield "import_hostile_peak_mb", worst
