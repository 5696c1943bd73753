"""Benchmarks: ``python -m companion.bench [name ...]`` prints ``name median_ms`` lines.

Each submodule of this package defines ``run() -> Iterator[tuple[str, float]]`` yielding
``(name, median_ms)`` pairs; they are discovered automatically, so adding a benchmark means
adding a module. Nothing but the result lines goes to stdout (progress goes to stderr).
Timings are never asserted in tests.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_ms(fn: Callable[[], object], *, repeat: int = 7, warmup: int = 1) -> float:
    """Median wall time of ``fn()`` in milliseconds over ``repeat`` runs after ``warmup``."""
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)
