"""The Merchants Cove sale value in Debian's Chromium at phone size: price a Good with a
Display Case and an Enchantment, add it to the Pier's sale, reload, and it is all still there;
and two phones on one Pier: a count on one shows on the other without a reload."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from companion.tools.browser import PUSHED, AppPage, AppServer

pytestmark = pytest.mark.browser


def test_price_add_to_the_pier_and_reload(chromium: Any, app_server: AppServer) -> None:
    app = AppPage.open(chromium, app_server.url, phone=True, route="/calculators")
    app.press("tool-cove-goods")
    app.page.wait_for_url(re.compile(r"/calculators/cove-goods$"), timeout=10_000)
    app.press("new-sale")
    app.page.wait_for_url(re.compile(r"/calculators/cove-goods/\d+$"), timeout=10_000)
    app.text("0 gold", exact=True).wait_for(state="attached", timeout=10_000)

    for _ in range(3):
        app.press("count-warriors-plus")
    app.text("9 gold", exact=True).wait_for(state="attached", timeout=10_000)
    app.press("display-case")
    app.press("enchanted")
    app.expect("(3 + 2) × 2 = 10 base, × 3 adventurers = 30 gold")

    app.press("add-to-pier")
    app.expect("Sold at this Pier: 1 Good, 30 gold")

    app.reload()
    app.expect("Sold at this Pier: 1 Good, 30 gold")
    app.expect("3 base × 3 adventurers = 9 gold")  # the next Good, its tokens used up

    # A second phone on the same Pier: a count there shows here without a reload.
    other = AppPage.open(
        chromium, app_server.url, phone=True, route=app.page.url[len(app_server.url) :]
    )
    other.expect("Sold at this Pier: 1 Good, 30 gold")
    other.settle(600)
    other.press("count-warriors-plus")
    app.shows("count-warriors-count", "4", timeout=PUSHED)
    app.expect("3 base × 4 adventurers = 12 gold")  # this phone's Good, priced anew
    other.expect("3 base × 4 adventurers = 12 gold")
    for page in (app, other):
        page.page.context.close()


def test_a_night_with_modules_opens_the_calculator_preset_and_a_piers_total_joins_the_tally(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    """Issue 19 at 390 px: a Merchants Cove night with Master Craft modules → the Cove sale
    calculator from the night (its pieces preset) → a Pier priced → "Add 20 gold to Ann" →
    the night on another phone shows the line. Taps counted; no name or number typed."""
    from companion.engine.seats import Choose, Seating
    from tests.table_fixtures import game_at, table_at

    night = Seating.new("merchants_cove", seed=482913, seats=("Ann", "Ben", "Cleo", "Dan"))
    modules = ("faction_festival", "paladins", "display_cases")
    night_id = table_at(db_url, "seats", night, [Choose(modules=modules)])
    route = f"/setup/seats/{night_id}"
    app = AppPage.open(chromium, app_server.url, phone=True, route=route)
    other = AppPage.open(chromium, app_server.url, phone=True, route=route)
    taps = 0

    def press(ident: str) -> None:
        nonlocal taps
        taps += 1
        app.press(ident)

    press("open-cove_goods")  # the night's tools
    app.page.wait_for_url(re.compile(r"/calculators/cove-goods(\?back=.*)?$"), timeout=10_000)
    press("new-sale")
    app.page.wait_for_url(re.compile(r"/calculators/cove-goods/\d+(\?back=.*)?$"), timeout=10_000)
    app.expect("Tonight's modules bring Paladins, Paladin Goods and Display Cases.")
    shots = os.environ.get("NIGHT_SHOTS")  # NIGHT_SHOTS=<folder>: the phone's screens saved
    if shots:
        app.screenshot(Path(shots) / "cove-presets.png")
    assert app.by_id("enchanted").count() == 0  # no Enchantment tokens tonight
    for _ in range(4):
        press("count-warriors-plus")
    press("display-case")
    app.expect("3 + 2 = 5 base, × 4 adventurers = 20 gold")
    press("add-to-pier")
    app.expect("Total 20 gold")
    app.shows("tally-pier-1", "Add 20 gold to Ann")
    press("tally-pier-1")
    app.expect("Added 20 gold to Ann's tally")
    if shots:
        app.bring_into_view(app.by_id("tally-pier-4"))
        app.screenshot(Path(shots) / "cove-tally.png")
    assert taps == 9  # open, new Pier, 4 Warriors, Display Case, add, "Add 20 gold to Ann"
    other.expect("+20 A sale at a Pier (1 Good)", timeout=PUSHED)
    (line,) = game_at(db_url, night_id, Seating).tally
    assert (line.player, line.points) == ("Ann", 20)
    assert (
        line.working == "Warrior Good (3) · Display Case: 3 + 2 = 5 base, × 4 adventurers = 20 gold"
    )
    if shots:
        other.screenshot(Path(shots) / "night-tally.png")
    for page in (app, other):
        page.page.context.close()
