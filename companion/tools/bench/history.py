"""History benchmarks on a database of 100,000 plays with 4 players each.

``stats_100k``: every player's and every game's statistics (``all_player_stats()`` plus
``all_game_stats()``). ``record_play``: saving one 4-player play on that database. The
database is built once per run in a temporary file, by bulk inserts through the store.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

from companion.history import PlayCreate, Store, open_store
from companion.tools.bench import median_ms

PLAYS = 100_000
PLAYERS_PER_PLAY = 4
BATCH = 5_000
PLAYER_NAMES = [f"Player {i:02d}" for i in range(1, 31)]
GAMES = ["mercante", "merchants_journey", "merchants_cove", "Catan", "Azul", "Carcassonne"]
NAMES = ("stats_100k", "record_play")


def _play(rng: random.Random, when: datetime) -> PlayCreate:
    names = rng.sample(PLAYER_NAMES, PLAYERS_PER_PLAY)
    return PlayCreate.model_validate(
        {
            "game": rng.choice(GAMES),
            "played_at": when,
            "finished": rng.random() > 0.02,
            "results": [{"player": n, "score": rng.randint(10, 140)} for n in names],
        }
    )


def build(store: Store, plays: int = PLAYS, *, seed: int = 100) -> None:
    """Fill ``store`` with ``plays`` random 4-player plays, in batches of one transaction each."""
    rng = random.Random(seed)
    start = datetime(2015, 1, 1, 19, 0)
    made = 0
    while made < plays:
        count = min(BATCH, plays - made)
        store.save_plays([_play(rng, start + timedelta(hours=made + i)) for i in range(count)])
        made += count


def run(wanted: set[str] | None = None) -> Iterator[tuple[str, float]]:
    if wanted is not None and not wanted & set(NAMES):
        return
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as tmp:
        url = f"sqlite:///{Path(tmp) / 'history.sqlite3'}"
        store = open_store(url)
        try:
            began = time.perf_counter()
            build(store)
            print(
                f"history: built {PLAYS:,} plays in {time.perf_counter() - began:.1f} s",
                file=sys.stderr,
            )
            yield (
                "stats_100k",
                median_ms(lambda: (store.all_player_stats(), store.all_game_stats()), repeat=9),
            )
            rng = random.Random(7)
            yield (
                "record_play",
                median_ms(
                    lambda: store.record_play(
                        rng.choice(GAMES),
                        [
                            (n, rng.randint(10, 140))
                            for n in rng.sample(PLAYER_NAMES, PLAYERS_PER_PLAY)
                        ],
                    ),
                    repeat=25,
                ),
            )
        finally:
            store.close()
