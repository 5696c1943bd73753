"""Merchant's Journey in Debian's Chromium at phone size: seat two players, play the Blight
example in a few taps, and find the table again after reloading the app."""

from __future__ import annotations

from typing import Any

import pytest

from companion.browser import AppPage, AppServer

pytestmark = pytest.mark.browser


def test_blight_example_at_the_table_survives_a_reload(
    chromium: Any, app_server: AppServer
) -> None:
    app = AppPage.open(chromium, app_server.url, phone=True, route="/calculators/journey")
    for seat, name in enumerate(("Anna", "Ben"), start=1):
        app.type_into("Player name", name)
        app.press("add-seat")
        app.by_id(f"journey-seat-{seat}").wait_for(state="attached", timeout=10_000)
    app.expect("2 players: 5 cards each (10 dealt), 38 in the draw pile.")
    app.press("start-journey")
    app.expect("Turn 1 of 38 · Anna to play")

    # Each turn: the card, then where it goes (a row end shows its points first).
    for card, where, working in (
        ("9", "new-row", "new city: no pair"),
        ("2", "row-1-right", "Blight beside 9: 0 + 0 = 0"),
        ("8", "row-1-left", "Blight beside 9: 8 + 0 = 8"),
    ):
        app.press(f"card-{card}")
        app.press(where)
        app.expect(working)
    app.expect("Turn 4 of 38 · Ben to play")

    app.reload()
    app.expect("Blight beside 9: 8 + 0 = 8")
    app.expect("Draw pile: 35 of 38 left")
    app.page.context.close()
