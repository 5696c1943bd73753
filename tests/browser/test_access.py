"""The access code in a real browser at phone size, and a page of another origin trying in.

The server on 127.0.0.2 stands in for one on the network (it needs the code).
"""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.history import open_store
from companion.tools.browser import PHONE, AppPage, AppServer, free_port

pytestmark = pytest.mark.browser

NOTES = "Alice owes Bob 20 EUR"

# Opens the app's WebSocket from whatever page it runs in and says what happened.
PROBE = """(target) => new Promise(resolve => {
    const ws = new WebSocket(target);
    const timer = setTimeout(() => resolve("no answer"), 8000);
    ws.onopen = () => { clearTimeout(timer); ws.close(); resolve("open"); };
    ws.onerror = () => { clearTimeout(timer); resolve("refused"); };
})"""
READ = """(target) => fetch(target).then(r => r.text()).then(t => "read " + t.length,
                                                     e => "blocked")"""


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


def phone(chromium: Any, **options: Any) -> Any:
    context = chromium.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, **options
    )
    return context.new_page()


def test_the_printed_address_opens_the_app_on_a_phone(chromium: Any, lan_server: AppServer) -> None:
    printed = lan_server.printed_url
    assert printed.startswith(lan_server.url) and "?code=" in printed
    app = AppPage.open(chromium, lan_server.url, route=printed[len(lan_server.url) :])
    # The code left the address bar (the app may already have opened its first section).
    assert app.page.url.startswith(lan_server.url + "/") and "code=" not in app.page.url
    app.tap(app.tab("History"))
    app.expect("Catan: Bob won with 5")
    # The device is remembered: the bare address now opens the app, not the join screen.
    app.goto("/history/play/1")
    app.expect("Standings")
    app.page.context.close()


def test_the_bare_address_shows_the_join_screen_and_the_code_opens_the_app(
    chromium: Any, lan_server: AppServer
) -> None:
    page = phone(chromium)
    page.goto(lan_server.url + "/history/play/1")
    assert page.get_by_role("heading", name="Join the table").is_visible()
    assert NOTES not in page.content() and page.locator("flutter-view").count() == 0
    # Readable at 390 px: nothing wider than the screen, the field and button in view.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    code_box = page.get_by_label("Access code")
    assert code_box.is_visible() and page.get_by_role("button", name="Join").is_visible()

    code_box.fill("WRONG9")
    page.get_by_role("button", name="Join").tap()
    page.get_by_text("That is not the code").wait_for()
    assert page.locator("flutter-view").count() == 0

    code = lan_server.access_code
    assert code is not None
    page.get_by_label("Access code").fill(f"{code[:3].lower()} {code[3:]}")  # as people type
    page.get_by_role("button", name="Join").tap()
    # The join screen stays until the server's answer (the app, at the bare address) arrives.
    page.wait_for_url(lan_server.url + "/history/play/1", timeout=30_000)
    app = AppPage(page, lan_server.url, phone=True)
    app.wait_ready()
    app.expect("Standings")
    page.context.close()


def test_the_join_screen_follows_the_dark_theme(chromium: Any, lan_server: AppServer) -> None:
    colours = []
    for scheme in ("light", "dark"):
        page = phone(chromium, color_scheme=scheme)
        page.goto(lan_server.url + "/")
        colours.append(page.evaluate("getComputedStyle(document.body).backgroundColor"))
        page.context.close()
    assert colours[0] != colours[1]


class _Evil(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = b"<!DOCTYPE html><title>Free recipes</title><p>Nothing to see."
        self.send_response(200)
        self.send_header("content-type", "text/html")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def evil_site() -> Iterator[Any]:
    """Pages of another origin: another port on the app's own address (same site)."""
    servers: list[http.server.ThreadingHTTPServer] = []

    def on(host: str) -> str:
        server = http.server.ThreadingHTTPServer((host, free_port()), _Evil)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://{host}:{server.server_address[1]}/"

    yield on
    for server in servers:
        server.shutdown()
        server.server_close()


def test_a_page_of_another_origin_cannot_reach_the_app_on_loopback(
    chromium: Any, app_server: AppServer, evil_site: Any
) -> None:
    target = app_server.url.replace("http://", "ws://") + "/ws"
    own = AppPage.open(chromium, app_server.url, route="/")
    assert own.page.evaluate(PROBE, target) == "open"  # the control: the app's own page
    evil = own.page.context.new_page()
    evil.goto(evil_site("127.0.0.1"))
    assert evil.evaluate(PROBE, target) == "refused"
    assert evil.evaluate(READ, app_server.url + "/") == "blocked"  # no wildcard CORS
    own.page.context.close()


def test_a_page_of_another_origin_cannot_use_a_joined_device(
    chromium: Any, lan_server: AppServer, evil_site: Any
) -> None:
    """Even in the browser of a device that joined (its cookie is sent to every port of the
    same address), a page of another origin is refused at the handshake."""
    target = lan_server.url.replace("http://", "ws://") + "/ws"
    own = AppPage.open(
        chromium, lan_server.url, route=lan_server.printed_url[len(lan_server.url) :]
    )
    assert own.page.evaluate(PROBE, target) == "open"
    evil = own.page.context.new_page()
    evil.goto(evil_site("127.0.0.2"))
    assert evil.evaluate(PROBE, target) == "refused"
    own.page.context.close()


def test_a_new_code_from_settings_keeps_this_phone_in_and_shuts_out_the_others(
    chromium: Any, lan_server: AppServer
) -> None:
    joining = lan_server.printed_url[len(lan_server.url) :]
    other = AppPage.open(chromium, lan_server.url, route=joining)
    host = AppPage.open(chromium, lan_server.url, route=joining)
    host.goto("/settings")
    old = lan_server.access_code
    host.press("new-access-code")
    # This phone reopens at the new code's address (which signs its cookie again) ...
    with host.page.expect_navigation(url=f"{lan_server.url}/settings", timeout=20_000):
        host.press("confirm-new-access-code")
    host.wait_ready()
    assert lan_server.access_code not in (None, old)  # printed in the terminal too
    # ... so a reload still opens the app, showing the new code.
    host.reload()
    code = lan_server.access_code
    assert code is not None
    host.shows("access-code", f"{code[:3]} {code[3:]}")
    host.expect(f"QR code for {lan_server.url}/?code={code}")
    # The other phone is shut out: a reload shows the join screen.
    other.page.reload()
    other.page.get_by_role("heading", name="Join the table").wait_for(timeout=10_000)
    other.page.context.close()
    host.page.context.close()


def test_a_new_code_made_on_another_server_shows_the_join_screen_here(
    chromium: Any, history: str, tmp_path: Path
) -> None:
    """Two servers of one history: a phone on the second is shut out by a new code made on
    the first, and its page turns into the join screen by itself (no reload by hand)."""
    with (
        AppServer(history, host="127.0.0.2", log_path=tmp_path / "one.log") as one,
        AppServer(history, host="127.0.0.2", log_path=tmp_path / "two.log") as two,
    ):
        assert one.access_code == two.access_code
        other = AppPage.open(chromium, two.url, route=two.address("/history"))
        other.expect("Catan: Bob won with 5")
        host = AppPage.open(chromium, one.url, route=one.address("/settings"))
        host.press("new-access-code")
        with host.page.expect_navigation(url=f"{one.url}/settings", timeout=20_000):
            host.press("confirm-new-access-code")
        other.page.get_by_role("heading", name="Join the table").wait_for(timeout=20_000)
        assert NOTES not in other.page.content()
        host.wait_ready()
        host.reload()  # the host stays in
        code = one.access_code
        assert code is not None
        host.shows("access-code", f"{code[:3]} {code[3:]}")
        other.page.context.close()
        host.page.context.close()
