"""Mercante benchmarks.

- ``mercante_price``: all 16 goods priced on a full calendar.
- ``mercante_turn``: one whole turn of a game the app keeps, through the shared-table hub
  (SQLite file): the shipment auction of a silk bid once around, a sale of that silk with a
  Reaction played on it (which completes the player's contract for a silk), a second sale of
  two grain to the bazaar, and the end of the turn; each move submitted and committed as a
  phone's would be. Median of the whole turn.
- ``mercante_tap``: the real server (``companion --web``) in Debian's Chromium at phone size,
  a game the app keeps after Adam's shipment auction: from the tap on End turn to the turn
  line saying "Beth's turn", measured in the page (as ``ui_tap``); Undo (not measured) brings
  Adam's turn back between taps. Skipped, with a note on stderr, where there is no Chromium
  or no Playwright.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from companion.engine.mercante import (
    Calendar,
    ContractCard,
    EndTurn,
    Event,
    MercanteGame,
    MercanteTable,
    Sell,
    Shipment,
    ShipmentBid,
    StartShipmentAuction,
    TableMove,
    TakeContract,
    goods,
    price_breakdown,
    rulebook_event,
    sale_price,
)
from companion.tools.bench import median_ms

NAMES = ("mercante_price", "mercante_turn", "mercante_tap")
SEATS = ("Anna", "Ben", "Cleo", "Dev")


def _full_calendar() -> Calendar:
    # Three events touching every market and one good, none closing a market, so every good
    # can be priced.
    calendar = Calendar()
    calendar.add(Event("Luxuries −2", "enduring", {"luxuries": -2, "foodstuffs": 1}))
    calendar.add(Event("Metals +1", "enduring", {"precious_metals": 1, "raw_materials": -1}))
    calendar.add(Event("Art +6", "enduring", {"art": 6, "wine": -3}))
    return calendar


def _turn() -> tuple[TableMove, ...]:
    """Anna's turn: the silk won for 6 crowns, sold with Ben's Reaction, two grain to the
    bazaar, the turn ended."""
    woes = rulebook_event("Economic Woes")
    return (
        StartShipmentAuction(Shipment(("silk",), (3,))),
        ShipmentBid("Ben", 4),
        ShipmentBid("Cleo", None),
        ShipmentBid("Dev", 5),
        ShipmentBid("Anna", 6),
        Sell.of(["silk"], agents=2, bases=[20], reactions=[(woes, "Ben")]),
        Sell.of(["grain", "grain"], bazaar=[0, 1]),
        EndTurn(),
    )


def _applied(outcome: Any) -> Any:
    from companion.tables import Applied

    if not isinstance(outcome, Applied):
        raise RuntimeError(f"mercante_turn: {outcome}")
    return outcome.snapshot


def mercante_turn(tmp: Path, runs: int = 21) -> float:
    from companion.history import open_store
    from companion.tables import TableHub

    store = open_store(f"sqlite:///{tmp / 'mercante.sqlite3'}")
    try:
        hub = TableHub(store)
        times = []
        for run in range(runs + 2):
            game = MercanteGame.new(SEATS, first_event=rulebook_event("Visiting Nobility"))
            card = ContractCard("one_luxury", ("silk",), 2, 3)
            snapshot = hub.create("mercante", MercanteTable.new(game))
            kept = TakeContract("Anna", card.crowns, card)
            snapshot = _applied(
                hub.submit(snapshot.table_id, kept, seen=snapshot.seq, device="bench")
            )
            start = time.perf_counter()
            for action in _turn():
                outcome = hub.submit(snapshot.table_id, action, seen=snapshot.seq, device="bench")
                snapshot = _applied(outcome)
            elapsed = (time.perf_counter() - start) * 1000
            if snapshot.game.game.player("Anna").vp != card.vp:
                raise RuntimeError("mercante_turn: the contract was not completed")
            if run >= 2:  # the first ones warm the caches
                times.append(elapsed)
        return statistics.median(times)
    finally:
        store.close()


def mercante_tap(tmp: Path, runs: int = 9) -> float | None:
    from companion.tools.browser import phone_on_app, playwright_for

    sync_playwright = playwright_for("mercante_tap")
    if sync_playwright is None:
        return None
    from companion.history import open_store
    from companion.tables import TableHub

    url = f"sqlite:///{tmp / 'mercante-tap.sqlite3'}"
    store = open_store(url)
    try:
        hub = TableHub(store)
        game = MercanteGame.new(
            ("Adam", "Beth", "Chris"), first_event=rulebook_event("Visiting Nobility")
        )
        snapshot = hub.create("mercante", MercanteTable.new(game))
        bids: tuple[TableMove, ...] = (
            StartShipmentAuction(Shipment(("silk",), (3,))),
            *(ShipmentBid(name, None) for name in ("Beth", "Chris", "Adam")),
        )
        for action in bids:
            outcome = hub.submit(snapshot.table_id, action, seen=snapshot.seq, device="bench")
            snapshot = _applied(outcome)
        if snapshot.game.game.auction is not None:
            raise RuntimeError("mercante_tap: the shipment auction did not end")
        table_id = snapshot.table_id
    finally:
        store.close()
    times = []
    route = f"/calculators/mercante/{table_id}/turn"
    with phone_on_app(sync_playwright, url, route, tmp / "server.log") as app:
        app.shows("turn-line", "Adam's turn", timeout=30_000)
        for turn in range(runs + 1):
            app.wait_tappable("end-turn")
            ms = app.timed_tap("end-turn", "turn-line", "Beth's turn")
            app.settle(300)
            app.press("undo-last")
            app.shows("turn-line", "Adam's turn")
            app.settle(300)
            if turn >= 1:  # the first tap warms the page up
                times.append(float(ms))
    return statistics.median(times)


def run(wanted: set[str] | None = None) -> Iterator[tuple[str, float]]:
    if wanted is None or "mercante_price" in wanted:
        calendar = _full_calendar()
        all_goods = goods()

        def price_all() -> None:
            for good in all_goods:
                sale_price(good, 20, calendar)
                price_breakdown(good, 20, calendar)

        yield "mercante_price", median_ms(price_all, repeat=51)
    if wanted is None or "mercante_turn" in wanted:
        with tempfile.TemporaryDirectory() as tmp:
            yield "mercante_turn", mercante_turn(Path(tmp))
    if wanted is None or "mercante_tap" in wanted:
        with tempfile.TemporaryDirectory() as tmp:
            ms = mercante_tap(Path(tmp))
            if ms is not None:
                yield "mercante_tap", ms
