"""``night_save``: a finished game night saved to a history of 100,000 plays.

The night is a Merchants Cove game night with everything switched on, played through the
seats engine's own actions: six players seated, ten modules (Master Craft and The
Entertainer come with them), three house rules, the place, the start, three tally lines per
player (the Bard's song, a Pier's sale, a Fence sale, with their working), the final sheet's
End-game Sponsorship and Corruption for each player, the finish. Each save goes the way the
night's Save button goes: the hub's ``save_to_history`` on a table of its own (made, with
the night's actions, before the clock starts), which builds the play from the night
(``Seating.play_fields``), validates it and records it with the table's mark in one
transaction (``Store.save_table_play``). The history is built once per run by the app's own
import of a seeded random backup (``imports.backup``). Aim: under 20 ms.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from companion.engine.seats import (
    AddToTally,
    Choose,
    Finish,
    Seat,
    Seating,
    SetFigure,
    SetHouseRule,
    SetLocation,
    Start,
)
from companion.engine.seats.table import TABLE_RULES
from companion.history import open_store
from companion.tables import Saved, TableHub
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
    "entertainer",
)
HOUSE_RULES = ("setup.paladin_split", "setup.fifth_staff_side_b", "cove_goods.modifier_order")
STARTED = datetime(2025, 3, 1, 19, 30)


def night_actions(started: datetime) -> list[Any]:
    """The actions of a finished six-player Merchants Cove night, as its phones send them."""
    actions: list[Any] = [Seat(name) for name in PLAYERS]
    actions.append(Choose(MODULES))
    actions += [SetHouseRule(rule) for rule in HOUSE_RULES]
    actions += [SetLocation("Harbour Café"), Start(started.isoformat())]
    for seat, name in enumerate(PLAYERS, start=1):
        actions += [
            AddToTally(name, 10 + seat, "The Bard's song", f"Perform {seat} × 2 + 10", "bard"),
            AddToTally(
                name, 12 + seat, "A sale at a Pier (1 Good)", "3 + 2 = 5 base", "cove_goods"
            ),
            AddToTally(name, 8 + seat, "A Fence sale", f"3 × {(8 + seat) // 3}", "cove_goods"),
            SetFigure(name, "sponsorship", 4 + seat),
            SetFigure(name, "corruption", seat % 3),
        ]
    actions.append(Finish((started + timedelta(minutes=165)).isoformat()))
    return actions


def night_table(hub: TableHub, started: datetime) -> int:
    """A finished night's table (each action submitted as a phone submits it)."""
    snapshot = hub.create("seats", Seating.new("merchants_cove", seed=19), device="bench")
    for action in night_actions(started):
        outcome = hub.submit(snapshot.table_id, action, seen=snapshot.seq, device="bench")
        assert outcome.ok, outcome
        snapshot = outcome.snapshot
    return snapshot.table_id


def play_of(game: Any) -> dict[str, Any]:
    """What the night's Save button hands the history (ui/seats/parts/finish.py)."""
    assert isinstance(game, Seating)
    return game.play_fields()


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
            hub = TableHub(store, {"seats": TABLE_RULES})
            tables = [night_table(hub, STARTED + timedelta(days=day)) for day in range(34)]
            left = iter(tables)
            saved: list[int] = []

            def save() -> None:
                table_id = next(left)
                seen = hub.peek(table_id).seq
                outcome = hub.save_to_history(table_id, play_of, seen=seen, device="bench")
                assert isinstance(outcome, Saved) and outcome.created, outcome
                saved.append(outcome.play_id)

            yield "night_save", median_ms(save, repeat=31, warmup=3)
            kept = store.get_play(saved[-1])
            assert (len(kept.results), len(kept.modules), kept.duration_min) == (6, 10, 165)
            assert kept.expansions == ["Master Craft", "The Entertainer"]
        finally:
            store.close()
