"""The Bard's benchmarks.

``swan_song_plan``: the planner's full answer (the best plan and 3 alternatives, each replayed
through the engine) for a big Swan Song: 12 sources with Volume-gated halves and any-colour
icons, 2 Soundstones, 3 Piers, 4 Faction Halls, both sides of Dragon Island, a Movement of 4,
Volume 6. ``pier_gold``: one Pier performance of 4 sources priced with its working, as the
calculator does for each location. ``bard_tap_to_plan``: the real server (``companion --web``)
in Debian's Chromium at phone size, the Singing Step Example's board and tableau on a table
and "Best song" open: from the tap that changes card A's icons (3 or 4) to the best plan's new
gold on screen, measured in the page (``performance.now()`` and a ``MutationObserver``), so it
holds the change committed, the planner's answer and the cards drawn. Skipped, with a note
on stderr, where there is no Chromium or no Playwright.
"""

from __future__ import annotations

import statistics
import tempfile
from collections.abc import Iterator
from pathlib import Path

from companion.engine import bard
from companion.engine.bard import (
    ANY,
    AtPier,
    BardGame,
    BeginSong,
    Board,
    IconSource,
    SetBoard,
    SetTable,
    Song,
    Table,
    plan,
    spends,
)
from companion.engine.bard.example import (
    EXAMPLE_BOARD,
    EXAMPLE_TABLE,
    MOVES,
    SOUNDSTONES,
    VOLUME,
    example_tableau,
)
from companion.tools.bench import median_ms

NAMES = ("swan_song_plan", "pier_gold", "bard_tap_to_plan")


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
    song = Song.new(
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


#: The Singing Step Example's tableau (card A's icons are what the measured taps change).
EXAMPLE = example_tableau()


def _best_gold(icons: int) -> int:
    """The best song's gold on the example with card A holding ``icons`` any-colour icons."""
    sources = (IconSource("A", ANY, icons), *EXAMPLE[1:])
    song = Song.new(
        sources, moves=MOVES, volume=VOLUME, soundstones=SOUNDSTONES, board=EXAMPLE_BOARD
    )
    return plan(song, EXAMPLE_TABLE, top=1)[0].net


def bard_tap_to_plan(tmp: Path, runs: int = 11) -> float | None:
    from companion.tools.browser import phone_on_app, playwright_for

    sync_playwright = playwright_for("bard_tap_to_plan")
    if sync_playwright is None:
        return None
    from companion.history import open_store
    from companion.tables import TableHub

    url = f"sqlite:///{tmp / 'bard.sqlite3'}"
    store = open_store(url)
    try:
        hub = TableHub(store)
        snapshot = hub.create(bard.TABLE_RULES.tool, BardGame.new(player="Ann"))
        for action in (
            SetTable(EXAMPLE_TABLE),
            SetBoard(EXAMPLE_BOARD),
            BeginSong(EXAMPLE, MOVES, VOLUME, soundstones=SOUNDSTONES),
        ):
            snapshot = hub.submit(
                snapshot.table_id, action, seen=snapshot.seq, device="bench"
            ).snapshot
        table_id = snapshot.table_id
    finally:
        store.close()
    gold = {icons: _best_gold(icons) for icons in (3, 4)}
    if gold[3] == gold[4]:
        raise AssertionError(f"the best song does not change with card A's icons: {gold}")
    times = []
    route = f"/calculators/bard/{table_id}"
    with phone_on_app(sync_playwright, url, route, tmp / "server.log") as app:
        app.by_id("bard-summary").wait_for(state="attached", timeout=30_000)
        app.press("bard-best")
        app.shows("plan-1-title", f"{gold[3]} gold")
        app.press("bard-tableau")
        app.press("bard-card-A")
        app.by_id("bard-top-icons").wait_for(state="attached", timeout=10_000)
        app.settle(500)
        for run in range(runs + 1):
            icons = 4 if run % 2 == 0 else 3
            ms = app.timed_tap(
                "bard-top-icons",
                "plan-1-title",
                f"{gold[icons]} gold",
                segment=f"{icons} icons on the card's top",  # the segment's name
            )
            app.settle(300)
            if run >= 1:  # the first tap warms the page up
                times.append(float(ms))
    return statistics.median(times)


def run(wanted: set[str] | None = None) -> Iterator[tuple[str, float]]:
    if wanted is None or "swan_song_plan" in wanted:
        song, table = swan_song()
        yield "swan_song_plan", median_ms(lambda: plan(song, table, top=4), repeat=15)
    if wanted is None or "pier_gold" in wanted:
        pier = Song.new(
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
    if wanted is None or "bard_tap_to_plan" in wanted:
        with tempfile.TemporaryDirectory() as tmp:
            ms = bard_tap_to_plan(Path(tmp))
        if ms is not None:
            yield "bard_tap_to_plan", ms
