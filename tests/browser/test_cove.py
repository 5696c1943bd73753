"""The Merchants Cove sale value in Debian's Chromium at phone size: price a Good with a
Display Case and an Enchantment, add it to the Pier's sale, reload, and it is all still there;
and two phones on one Pier: a count on one shows on the other without a reload."""

from __future__ import annotations

import re
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
