"""Files a joined phone could send to take the server's memory, at the size limit itself.

Each shape of ``companion.tools.bench.hostile`` (millions of tiny players, games or plays,
more valid plays than an import takes, nesting a million deep, one huge text of one-byte
and of four-byte characters, a play of millions of fields or scores) is written just under
:data:`companion.limits.MAX_IMPORT_BYTES` and imported in a child process of its own, the
way the server does it; the child's peak memory is what is checked (everything counted:
Python, the app, the file's bytes, the import), and what it holds once the import is over.
How fast each goes is the bench's business (``python -m companion.bench
import_hostile_peak_mb``), never asserted here.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.limits import MAX_IMPORT_BYTES
from companion.tools.bench.hostile import SHAPES, Shape, measure, write_shape

#: What any file may make the importing process hold at its peak (MB).
PEAK_MB = 600
#: What it may still hold once the import is over, beyond what it held before (MB).
KEPT_MB = 60


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield tmp_path_factory.mktemp("hostile")


@pytest.mark.parametrize("shape", SHAPES, ids=[s.name for s in SHAPES])
def test_a_hostile_file_at_the_limit_is_refused_within_bounded_memory(
    shape: Shape, folder: Path
) -> None:
    path = write_shape(shape, folder / f"{shape.name}.json")
    try:
        assert MAX_IMPORT_BYTES - 1_000 < path.stat().st_size <= MAX_IMPORT_BYTES
        outcome = measure(path, shape.kind)
    finally:
        path.unlink()
    print(
        f"{shape.name}: peak {outcome.peak_mb:.0f} MB, before {outcome.before_mb:.0f}, "
        f"after {outcome.after_mb:.0f}; {outcome.ended[:120]}"
    )
    assert outcome.ended.startswith("refused: "), outcome.ended
    refusal = outcome.ended.removeprefix("refused: ")
    # In a player's words, with the place in the file; never a Python error's name.
    assert "Error" not in refusal and "Traceback" not in refusal and "\n" not in refusal
    assert len(refusal) < 300
    assert "at line " in refusal, refusal
    assert outcome.peak_mb < PEAK_MB, f"{outcome.peak_mb:.0f} MB at the peak"
    assert outcome.after_mb - outcome.before_mb < KEPT_MB, (
        f"{outcome.after_mb - outcome.before_mb:.0f} MB still held after the import"
    )
