"""The Bard screen in Debian's Chromium at phone size: enter icons, sing at a Pier, read the
gold with its working, and find the song again after a reload."""

from __future__ import annotations

from typing import Any

import pytest

from companion.browser import AppPage, AppServer

pytestmark = pytest.mark.browser

ROUTE = "/calculators/bard"


def shows(app: AppPage, ident: str, text: str, timeout: float = 10_000) -> None:
    """Wait until the tagged control reads ``text`` (in its ``aria-label`` or its text)."""
    app.page.wait_for_function(
        """([ident, text]) => {
            const node = document.querySelector(`[flt-semantics-identifier='${ident}']`);
            if (!node) return false;
            const words = [node, ...node.querySelectorAll('*')].map(
                e => (e.getAttribute('aria-label') || '') + ' ' + (e.textContent || ''));
            return words.join(' ').includes(text);
        }""",
        arg=[ident, text],
        timeout=timeout,
    )


def test_a_pier_song_at_phone_size_shows_its_working_and_survives_a_reload(
    chromium: Any, app_server: AppServer
) -> None:
    app = AppPage.open(chromium, app_server.url, phone=True, route=ROUTE)
    shows(app, "bard-summary", "Start at any location, then 2 moves.")

    # Two Warrior icons from a card's top, then the Bard starts at Pier 1.
    app.tap(app.by_id("bard-new-count-plus"))
    shows(app, "bard-add-source", "Add 2 Warrior icons")
    app.tap(app.by_id("bard-add-source"))
    shows(app, "bard-icons-left", "Still to spend: 2 Warriors.")
    app.tap(app.by_id("bard-go-pier_1"))
    shows(app, "stop-1-problem", "Tap the icons sung here")

    app.tap(app.by_id("stop-1-src-A"))
    app.fill("Warriors", "3")
    shows(app, "stop-1-gold", "2 × 3 = 6")
    shows(app, "bard-summary", "Singing step: 6 gold so far")
    shows(app, "bard-moves-left", "2 moves left.")

    # A typo is marked on its field and changes nothing saved until it is fixed.
    app.fill("Warriors", "3x")
    app.expect("Whole number, 0–40")
    app.fill("Warriors", "4")
    shows(app, "stop-1-gold", "2 × 4 = 8")

    app.reload()
    shows(app, "stop-1-gold", "2 × 4 = 8")
    shows(app, "bard-net", "8 gold")
    app.page.context.close()
