"""The Bard's benchmarks.

``swan_song_plan``: the planner's full answer (the best plan and 3 alternatives, each replayed
through the engine) for a big Swan Song: 12 sources with Volume-gated halves and any-colour
icons, 2 Soundstones, 3 Piers, 4 Faction Halls, both sides of Dragon Island, a Movement of 4,
Volume 6. ``pier_gold``: one Pier performance of 4 sources priced with its working, as the
calculator does for each location.
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.bench import median_ms
from companion.engine.bard import ANY, AtPier, Board, IconSource, Song, Table, plan, spends

NAMES = ("swan_song_plan", "pier_gold")


def swan_song() -> tuple[Song, Table]:
    sources = [
        IconSource("a", "warrior", 2),
        IconSource("a2", "warrior", 2, volume=3),
        IconSource("b", "noble", 1),
        IconSource("b2", "noble", 3, volume=2),
        IconSource("c", "wizard", 2),
        IconSource("c2", "wizard", 1, volume=1),
        IconSource("d", "bard", 1),
        IconSource("d2", "bard", 2, volume=2),
        IconSource("e", ANY, 1),
        IconSource("e2", ANY, 3, volume=4),
        IconSource("f", "warrior", 1),
        IconSource("g", "noble", 2),
    ]
    song = Song.start(
        sources,
        moves=4,
        volume=6,
        soundstones=2,
        board=Board(runes=frozenset({"wizard"}), badges=1),
        kind="swan_song",
    )
    table = Table(
        piers={
            "pier_1": {"warrior": 3, "noble": 1},
            "pier_2": {"noble": 2, "bard": 2, "wizard": 1},
            "pier_3": {"wizard": 3, "warrior": 1},
        },
        halls={"warrior": 2, "bard": 1, "wizard": 3, "noble": 1},
        dragon_island={"left": {"warrior": 2, "wizard": 4}, "right": {"noble": 3, "bard": 2}},
    )
    return song, table


def run(wanted: set[str] | None = None) -> Iterator[tuple[str, float]]:
    if wanted is None or "swan_song_plan" in wanted:
        song, table = swan_song()
        yield "swan_song_plan", median_ms(lambda: plan(song, table, top=4), repeat=15)
    if wanted is None or "pier_gold" in wanted:
        pier = Song.start(
            [
                IconSource("a", "warrior", 2),
                IconSource("b", "noble", 3),
                IconSource("c", ANY, 2),
                IconSource("d", "bard", 1, volume=2),
            ],
            moves=0,
            volume=2,
        )
        performance = AtPier(
            "pier_1", spends("a", "b", "c", "d"), adventurers={"warrior": 2, "noble": 1, "bard": 3}
        )

        def price() -> None:
            for _ in range(100):
                pier.perform(performance)

        yield "pier_gold", median_ms(price, repeat=15) / 100
