"""``night_save``: a finished game night saved to a history of 100,000 plays.

The play is what a Merchants Cove night with everything switched on hands the history: six
players with their seats, first player and tallies (three categories each), ten modules,
Master Craft and The Entertainer, three house rules, where and when it started. Each save
is of a table of its own (made before the clock starts), as the hub saves it: the play
validated from the tool's fields, then recorded and the table marked in one transaction
(``Store.save_table_play``). The history is built once per run by the app's own import of a
seeded random backup (``imports.backup``). Aim: under 20 ms.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from companion.history import PlayCreate, open_store
from companion.tools.bench import median_ms
from companion.tools.bench.imports import backup

NAMES = ("night_save",)
PLAYS = 100_000
PLAYERS = ("Ann", "Ben", "Cleo", "Dev", "Eve", "Finn")
MODULES = (
    "paladins",
    "honor_tokens",
    "advertisement_tokens",
    "enchantment_tokens",
    "display_cases",
    "beasts_of_the_bay",
    "apprentices",
    "exemplars",
    "insiders",
    "lawyers",
)
HOUSE_RULES = {
    "setup.paladin_split": "alternative",
    "setup.beast_tiers": "reading",
    "cove_goods.pier_multiplier": "reading",
}


def night(started: datetime) -> dict[str, Any]:
    """The fields of a finished six-player Merchants Cove night, as a tool hands them in."""
    results = []
    for seat, name in enumerate(PLAYERS, start=1):
        gold, sponsorship, corruption = 30 + 3 * seat, 4 + seat, -(seat % 3)
        results.append(
            {
                "player": name,
                "seat": seat,
                "score": gold + sponsorship + corruption,
                "breakdown": {
                    "Gold": gold,
                    "End-game Sponsorship": sponsorship,
                    "Corruption": corruption,
                },
                "start_player": seat == 2,
            }
        )
    return {
        "game": "merchants_cove",
        "played_at": started + timedelta(minutes=165),
        "started_at": started,
        "modules": list(MODULES),
        "expansions": ["Master Craft", "The Entertainer"],
        "house_rules": dict(HOUSE_RULES),
        "location": "Harbour Café",
        "results": results,
    }


def run(wanted: set[str] | None = None) -> Iterator[tuple[str, float]]:
    if wanted is not None and not wanted & set(NAMES):
        return
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as tmp:
        store = open_store(f"sqlite:///{Path(tmp) / 'history.sqlite3'}")
        try:
            began = time.perf_counter()
            store.import_report(backup(PLAYS, seed=19))
            print(
                f"night: a history of {store.count_plays():,} plays built in "
                f"{time.perf_counter() - began:.1f} s",
                file=sys.stderr,
            )
            start = datetime(2025, 3, 1, 19, 30)
            tables = iter(
                store.create_table(tool="cove_night", start={}, summary={}).id for _ in range(64)
            )
            saved: list[int] = []

            def save() -> None:
                table_id = next(tables)
                play = PlayCreate.model_validate(night(start + timedelta(days=len(saved))))
                play_id, created = store.save_table_play(table_id=table_id, play=play)
                assert created
                saved.append(play_id)

            yield "night_save", median_ms(save, repeat=31, warmup=3)
            kept = store.get_play(saved[-1])
            assert (len(kept.results), len(kept.modules), kept.duration_min) == (6, 10, 165)
        finally:
            store.close()
