"""The Mercante screen in Debian's Chromium at phone size: start a game, play an event, see the
at-a-glance board change, price a sale, and find it all again after a reload."""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.browser import AppPage, AppServer

pytestmark = pytest.mark.browser

BASE = "/calculators/mercante"


def type_into(app: AppPage, label: str, text: str) -> None:
    """Type into a field without tapping it first: when the field sits below the fold, a tap
    makes Flutter scroll while the tap lands, which can hit the control that scrolls under it."""
    box = app.textbox(label)
    box.focus()
    app.settle(300)  # Flutter swaps in its own editing element on focus
    app.page.keyboard.type(text)
    app.settle(300)


def press(app: AppPage, ident: str) -> None:
    """Activate a tagged button through the accessibility tree (what a screen reader does):
    no coordinates, so a control further down the page is pressed without scrolling to it."""
    target = app.by_id(ident)
    target.wait_for(state="attached", timeout=10_000)
    target.evaluate(
        "node => (node.matches('[flt-tappable]') ? node : node.querySelector('[flt-tappable]'))"
        ".click()"
    )
    app.settle(200)


def shows(app: AppPage, ident: str, text: str, timeout: float = 10_000) -> None:
    """Wait until the tagged control reads ``text``: Flutter puts a group's words in its
    ``aria-label`` and a lone text's in the node, so look at both."""
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


def test_a_mercante_game_at_phone_size_survives_a_reload(
    chromium: Any, app_server: AppServer
) -> None:
    app = AppPage.open(chromium, app_server.url, phone=True, route=BASE)
    app.expect("New Mercante game")
    for seat, name in enumerate(("Adam", "Beth", "Chris"), start=1):
        type_into(app, "Player name", name)
        press(app, "add-seat")
        shows(app, f"new-seat-{seat}", name)
    press(app, "first-event-rulebook:visiting_nobility")
    press(app, "start-game")
    shows(app, "turn-line", "Adam's turn")
    shows(app, "turn-line", "Upkeep marker: Chris · upkeep in 2 turns")
    shows(app, "slot-A", "Visiting Nobility")

    # Distant War goes into A: Visiting Nobility moves to B and raw materials close.
    press(app, "play-rulebook:distant_war")
    app.expect("Distant War went into A. Visiting Nobility moved to B.")
    shows(app, "closed-raw_materials", "CLOSED")
    shows(app, "glance-silk", "+1")
    shows(app, "glance-gold", "0")

    # Price a silk sale on a space printed 20: 20 + 1 (Visiting Nobility) = 21.
    app.tap(app.page.get_by_role("tab", name=re.compile(r"^Sale")).first)
    app.page.wait_for_url(re.compile(r"/calculators/mercante/sale$"), timeout=10_000)
    shows(app, "running-total", "Nothing chosen yet")
    app.tap(app.by_id("add-silk"))
    shows(app, "add-silk", "Silk × 1")
    shows(app, "token-silk:1", "Type the printed value to see the price.")
    type_into(app, "Printed value of its space", "20")
    shows(app, "token-silk:1", "20 + 1 = 21")
    shows(app, "bazaar-alternative", "All to the bazaar instead: 1 × 3 = 3 crowns")
    app.page.context.close()

    # Closing the tab and coming back later: the calendar and the half-priced sale are there.
    again = AppPage.open(chromium, app_server.url, phone=True, route=f"{BASE}/sale")
    shows(again, "token-silk:1", "20 + 1 = 21")
    press(again, "confirm-sale")
    again.expect("Adam sold silk 21 (20 + 1 = 21): 21 crowns.")
    again.reload()
    shows(again, "running-total", "Nothing chosen yet")  # the sale is done, the draft cleared
    again.goto(f"{BASE}/calendar")
    shows(again, "closed-raw_materials", "CLOSED")
    shows(again, "slot-A", "Distant War")
    shows(again, "slot-B", "Visiting Nobility")
    again.page.context.close()
