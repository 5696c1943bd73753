"""The Bard screen in Debian's Chromium at phone size: enter icons, sing at a Pier, read the
gold with its working, and find the song again after a reload."""

from __future__ import annotations

from typing import Any

import pytest

from companion.browser import AppPage, AppServer

pytestmark = pytest.mark.browser

ROUTE = "/calculators/bard"


def bring_up(app: AppPage, ident: str) -> None:
    """Wheel the page until ``ident`` sits in the upper part of the screen, so taps and typing
    happen on screen rather than through Flutter's scrolling into view."""
    target = app.by_id(ident)
    target.wait_for(state="attached", timeout=10_000)
    app.page.mouse.move(195, 420)
    ratio = 1.0  # page pixels moved per wheel unit, measured as we go
    for _ in range(10):
        box = target.bounding_box()
        if box is None or abs(box["y"] - 150) < 60:
            break
        delta = max(-20_000.0, min(20_000.0, (box["y"] - 150) / ratio))
        app.page.mouse.wheel(0, delta)
        app.settle(300)
        after = target.bounding_box()
        if after is None or after["y"] == box["y"]:
            break
        ratio = max(0.05, (box["y"] - after["y"]) / delta)


def test_a_pier_song_at_phone_size_shows_its_working_and_survives_a_reload(
    chromium: Any, app_server: AppServer
) -> None:
    app = AppPage.open(chromium, app_server.url, phone=True, route=ROUTE)
    app.shows("bard-summary", "Start at any location, then 2 moves.")

    # Two Warrior icons from a card's top, then the Bard starts at Pier 1.
    bring_up(app, "bard-new-count-plus")
    app.tap(app.by_id("bard-new-count-plus"))
    app.shows("bard-add-source", "Add 2 Warrior icons")
    app.tap(app.by_id("bard-add-source"))
    app.shows("bard-icons-left", "Still to spend: 2 Warriors.")
    bring_up(app, "bard-go-pier_1")
    app.tap(app.by_id("bard-go-pier_1"))
    app.shows("stop-1-problem", "Tap the icons sung here")

    bring_up(app, "stop-1")
    app.tap(app.by_id("stop-1-src-A"))
    app.fill("Warriors", "3")
    app.shows("stop-1-gold", "2 × 3 = 6")
    app.shows("bard-summary", "Singing step: 6 gold so far")
    app.shows("bard-moves-left", "2 moves left.")

    # A typo is marked on its field and changes nothing saved until it is fixed.
    app.fill("Warriors", "3x")
    app.expect("Whole number, 0–40")
    app.fill("Warriors", "4")
    app.shows("stop-1-gold", "2 × 4 = 8")

    app.reload()
    app.shows("stop-1-gold", "2 × 4 = 8")
    app.shows("bard-net", "8 gold")
    app.page.context.close()
