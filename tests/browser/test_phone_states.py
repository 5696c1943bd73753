"""A phone that says what it is doing (issue 21), in Chromium at phone size through the real
server: the laptop out of reach (the server stopped, then started again) and a phone shut out
by a new access code, while it was connected and while it was away."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.access import SHUT_OUT_MESSAGE, AccessCode
from companion.history import open_store
from companion.tools.browser import AppPage, AppServer
from companion.webapp.build import RECONNECTING_KEPT, RECONNECTING_TITLE

pytestmark = pytest.mark.browser

NOTES = "Alice owes Bob 20 EUR"


@pytest.fixture
def history(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'history.sqlite3'}"
    with open_store(url) as store:
        store.record_play("Catan", [("Alice", 3), ("Bob", 5)], notes=NOTES)
    return url


@pytest.fixture
def lan_server(history: str, tmp_path: Path) -> Iterator[AppServer]:
    with AppServer(history, host="127.0.0.2", log_path=tmp_path / "server.log") as server:
        yield server


def banner(app: AppPage) -> Any:
    return app.page.get_by_role("alert").filter(has_text=RECONNECTING_TITLE)


def shows_the_join_screen_saying_the_code_changed(app: AppPage) -> None:
    app.page.get_by_role("heading", name="Join the table").wait_for(timeout=20_000)
    assert app.page.get_by_role("alert").inner_text() == SHUT_OUT_MESSAGE
    assert NOTES not in app.page.content()


def test_the_phone_says_it_is_reconnecting_and_comes_back_by_itself(
    chromium: Any, history: str, tmp_path: Path
) -> None:
    server = AppServer(history, log_path=tmp_path / "server.log").start()
    try:
        app = AppPage.open(chromium, server.url, route="/history")
        app.expect("Catan: Bob won with 5")
        assert not banner(app).is_visible()
        server.stop()  # the laptop restarts (or the Wi-Fi drops)
        gone = time.monotonic()
        banner(app).wait_for(state="visible", timeout=20_000)
        print(f"\nphone_banner_shown_s {time.monotonic() - gone:.2f}")
        assert RECONNECTING_KEPT in banner(app).inner_text()
        # The banner covers the whole page (and Flet's own "Working..." under it).
        box = banner(app).bounding_box()
        assert box is not None and box["width"] >= 390 and box["height"] >= 844
        server.start()
        back = time.monotonic()
        banner(app).wait_for(state="hidden", timeout=60_000)
        print(f"phone_reconnected_s {time.monotonic() - back:.2f}")
        app.page.evaluate("document.querySelector('flt-semantics-placeholder')?.click()")
        app.expect("Catan: Bob won with 5", timeout=30_000)
        app.page.context.close()
    finally:
        server.stop()


def test_a_phone_shut_out_by_a_new_code_is_told_so_on_the_join_screen(
    chromium: Any, lan_server: AppServer
) -> None:
    joining = lan_server.printed_url[len(lan_server.url) :]
    other = AppPage.open(chromium, lan_server.url, route=lan_server.address("/history"))
    other.expect("Catan: Bob won with 5")
    host = AppPage.open(chromium, lan_server.url, route=joining)
    host.goto("/settings")
    host.press("new-access-code")
    with host.page.expect_navigation(url=f"{lan_server.url}/settings", timeout=20_000):
        host.press("confirm-new-access-code")
    # The other phone goes to the join screen by itself, saying why.
    shows_the_join_screen_saying_the_code_changed(other)
    assert not banner(other).count()
    # The new code lets it in again, at the app.
    code = lan_server.access_code
    assert code is not None
    other.page.get_by_role("textbox", name="Access code").fill(code)
    other.page.get_by_role("button", name="Join").click()
    other.page.wait_for_url(f"{lan_server.url}/**", timeout=20_000)
    other.wait_ready()
    other.goto("/history")
    other.expect("Catan: Bob won with 5")
    other.page.context.close()
    host.page.context.close()


def test_a_phone_away_while_the_code_changed_is_told_so_when_it_comes_back(
    chromium: Any, history: str, lan_server: AppServer
) -> None:
    """The laptop restarts with a new code while the phone is away: its reconnection is
    refused at the door, and the phone says so instead of reconnecting for ever."""
    app = AppPage.open(chromium, lan_server.url, route=lan_server.address("/history"))
    app.expect("Catan: Bob won with 5")
    lan_server.stop()
    banner(app).wait_for(state="visible", timeout=20_000)
    with open_store(history) as store:
        AccessCode.load(store).rotate()
    lan_server.start()
    shows_the_join_screen_saying_the_code_changed(app)
    app.page.context.close()
