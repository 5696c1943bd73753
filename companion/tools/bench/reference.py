"""Rules reference benchmark: ``rules_search`` is the median time of one search over the whole
reference (questions, typos, card numbers and prefixes a player types), the index built."""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator

from companion import reference

NAMES = ("rules_search",)

QUERIES = (
    "what does the Fence do?",
    "what happens in upkeep?",
    "can a Pirate move the Okkrgoth?",
    "how much is a Paladin Good worth?",
    "okrgoth",
    "unfairies",
    "rogue 21",
    "paladin 4",
    "skuldug",
    "bazaar",
    "swan song",
    "three blights linked",
    "how many agents can I have",
    "enchantmnet",
    "faction festival setup",
    "zxqvbnm",
)


def run(wanted: set[str] | None = None) -> Iterator[tuple[str, float]]:
    if wanted is not None and "rules_search" not in wanted:
        return
    reference.search("warm up")  # builds the entries and the index once, as the app does
    times = []
    for _ in range(21):
        for query in QUERIES:
            start = time.perf_counter()
            reference.search(query)
            times.append((time.perf_counter() - start) * 1000)
    yield "rules_search", statistics.median(times)
