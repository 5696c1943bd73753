"""The real app in Debian's Chromium at phone size (390×844) and desktop size (1280×800)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.tools.browser import AppPage, AppServer
from companion.ui.app import sections

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_every_section_opens(chromium: Any, app_server: AppServer, phone: bool) -> None:
    app = AppPage.open(chromium, app_server.url, phone=phone)
    # "/" opens the first section; once it has, go round the others and back to it (a tap
    # while the first screen is still being laid out could land on one of its tiles instead).
    first, *others = sections()
    app.page.wait_for_url(re.compile(rf"/{first.id}$"), timeout=30_000)
    for section in [*others, first]:
        if section.in_bar:
            app.tap(app.tab(section.title))
        else:  # Settings: the gear in the app bar
            app.press(f"nav-{section.id}")
        app.page.wait_for_url(re.compile(rf"/{section.id}$"), timeout=10_000)
        # the browser tab's title is the screen's title: a real screen, not an error page
        app.page.wait_for_function(
            '() => document.title.endsWith("Merchant\'s Companion")', timeout=10_000
        )
        title = app.page.title()
        assert not title.startswith(("Something went wrong", "Not found")), title
    app.page.context.close()


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_a_play_from_the_score_pad_is_in_history_after_a_restart(
    chromium: Any, app_server: AppServer, phone: bool
) -> None:
    app = AppPage.open(chromium, app_server.url, phone=phone, route="/score")
    app.press("new-pad")
    app.type_into("Player 1", "Anna")
    app.type_into("Player 2", "Ben")
    app.press("add-player-row")
    app.type_into("Player 3", "Cleo")
    for i, score in enumerate(("12", "15", "9")):
        app.type_into("Score", score, nth=i)
    app.shows("standings", "Ben")
    app.press("save-play")
    app.expect("Saved Mercante: Ben won.")
    app.tap(app.tab("History"))
    app.expect("Mercante: Ben won with 15")
    app.page.context.close()

    app_server.stop()
    app_server.start()
    again = AppPage.open(chromium, app_server.url, phone=phone, route="/history")
    again.expect("Mercante: Ben won with 15")
    again.tap(again.text("Mercante: Ben won with 15"))
    again.expect("Standings")
    again.page.context.close()


def test_navigation_switches_from_rail_to_bottom_bar_when_resized(
    chromium: Any, app_server: AppServer
) -> None:
    app = AppPage.open(chromium, app_server.url, phone=False, route="/settings")
    assert app.page.get_by_role("tab").count() == 0  # the rail's destinations are buttons
    app.page.set_viewport_size({"width": 390, "height": 844})
    # (the whole screen is laid out again: a busy machine takes its time)
    app.page.get_by_role("tab", name="History").wait_for(timeout=30_000)
    app.page.set_viewport_size({"width": 1280, "height": 800})
    app.page.get_by_role("tab", name="History").wait_for(state="detached", timeout=30_000)
    app.page.context.close()


def test_a_reload_keeps_the_route(chromium: Any, app_server: AppServer) -> None:
    app = AppPage.open(chromium, app_server.url, phone=True, route="/settings")
    app.expect("Rulings and house rules")
    app.reload()
    app.expect("Rulings and house rules")
    app.page.context.close()
