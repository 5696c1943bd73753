"""The installable, offline web app in a real browser: own requests only, manifest, font.

Every request a page load makes is recorded: none may leave the app's own server (Flutter
would otherwise fetch a Rive runtime from a CDN, and fallback fonts for glyphs its own font
lacks). The arrow "→" is drawn with the bundled DejaVu Sans: the font file is fetched from the
app, and the renderer never goes looking for a fallback font to draw it.
"""

from __future__ import annotations

import json
import urllib.request
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

import pytest

from companion import webapp
from companion.history import open_store
from companion.tools.browser import AppPage, AppServer

pytestmark = pytest.mark.browser

ARROW_PLACE = "Pier 1 → Pier 2"


def _record(app_server: AppServer, chromium: Any) -> tuple[AppPage, list[Any]]:
    context = chromium.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    requests: list[Any] = []
    context.on("request", lambda request: requests.append(request))
    app = AppPage(context.new_page(), app_server.url, phone=True)
    return app, requests


def test_a_page_load_asks_only_the_apps_own_server(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    with open_store(db_url) as store:
        play = store.record_play(
            "Azul", [("Ann", 30), ("Ben", 25)], datetime(2024, 5, 1, 20), location=ARROW_PLACE
        )
    app, requests = _record(app_server, chromium)
    app.goto(f"/history/play/{play}")
    app.expect(f"At {ARROW_PLACE}")
    app.settle(3000)  # late loaders (Rive, fallback fonts) ask a moment after the first frame
    own = urlsplit(app_server.url).netloc
    hosts = {
        urlsplit(r.url).netloc for r in requests if urlsplit(r.url).scheme in ("http", "https")
    }
    assert hosts == {own}, [r.url for r in requests if urlsplit(r.url).netloc != own]
    paths = [urlsplit(r.url).path for r in requests]
    # The Rive runtime came from the local stub, not from the CDN.
    assert any(p.startswith("/rive/") for p in paths), paths
    # The bundled font was fetched and served…
    font = next(r for r in requests if r.url.endswith("/" + webapp.FONT_FILES[0]))
    response = font.response()
    assert response is not None and response.status == 200
    # …and drew the arrow: the renderer looked for no fallback font (it asks for Noto fonts
    # under assets/fonts/ whenever a glyph is missing from the fonts it has).
    assert not [p for p in paths if "noto" in p.lower()], paths
    app.page.context.close()


def test_the_manifest_names_the_app_and_lists_its_icons(
    chromium: Any, app_server: AppServer
) -> None:
    app, _ = _record(app_server, chromium)
    app.goto("/")
    link = app.page.evaluate("document.querySelector('link[rel=manifest]').href")
    with urllib.request.urlopen(app_server.url + "/", timeout=10) as response:
        page = response.read().decode("utf-8")
    assert f"<title>{webapp.APP_NAME}</title>" in page  # what "Add to Home screen" shows first
    with urllib.request.urlopen(link, timeout=10) as response:
        manifest = json.load(response)
    assert manifest["name"] == webapp.APP_NAME
    assert manifest["short_name"] == webapp.APP_SHORT_NAME
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == webapp.THEME_COLOR
    sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"]}
    assert {
        ("192x192", "any"),
        ("512x512", "any"),
        ("192x192", "maskable"),
        ("512x512", "maskable"),
    } <= sizes
    for icon in manifest["icons"]:
        with urllib.request.urlopen(app_server.url + "/" + icon["src"], timeout=10) as response:
            assert response.headers["content-type"] == "image/png"
            head = response.read(24)
        width = int.from_bytes(head[16:20], "big")
        assert f"{width}x{width}" == icon["sizes"]
    # The toolbar colours of the light and dark themes (Flutter adjusts the tags once running).
    assert f'content="{webapp.THEME_COLOR}" media="(prefers-color-scheme: light)"' in page
    assert f'content="{webapp.BACKGROUND_DARK}" media="(prefers-color-scheme: dark)"' in page
    app.page.context.close()


def test_on_the_network_a_phone_installs_from_the_join_screen_and_after_joining(
    chromium: Any, db_url: str, tmp_path: Any
) -> None:
    """Behind the access code: the join screen links our manifest and icon (served without
    the code), and once joined the app's own page does too, still asking only this server."""
    with open_store(db_url) as store:
        play = store.record_play(
            "Azul", [("Ann", 30), ("Ben", 25)], datetime(2024, 5, 1, 20), location=ARROW_PLACE
        )
    with AppServer(db_url, host="127.0.0.2", log_path=tmp_path / "lan.log") as server:
        app, requests = _record(server, chromium)
        app.page.goto(server.url + f"/history/play/{play}")
        assert app.page.title().startswith("Join the table")
        manifest = app.page.evaluate(
            "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())"
        )
        assert manifest["name"] == webapp.APP_NAME
        icon = app.page.evaluate(
            "fetch(document.querySelector('link[rel=apple-touch-icon]').href)"
            ".then(r => r.status + ' ' + r.headers.get('content-type'))"
        )
        assert icon == "200 image/png"
        code = server.access_code
        assert code is not None
        app.page.fill("#code", code)
        app.page.click("button[type=submit]")
        app.wait_ready()
        app.expect(f"At {ARROW_PLACE}")
        app.settle(3000)
        assert app.page.title().endswith(webapp.APP_NAME)  # the app itself, not the join screen
        link = app.page.evaluate("document.querySelector('link[rel=manifest]').href")
        assert urlsplit(link).path == "/manifest.json"
        own = urlsplit(server.url).netloc
        foreign = [r.url for r in requests if urlsplit(r.url).netloc not in ("", own)]
        assert foreign == []
        assert any(r.url.endswith("/" + webapp.FONT_FILES[0]) for r in requests)
        app.page.context.close()


def _open_and_count(context: Any, url: str) -> dict[str, tuple[int, str | None]]:
    """Open the app in a new tab of ``context`` until its first screen shows; every request
    with the bytes that came over the network for it and its Content-Encoding."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    urls: dict[str, str] = {}
    encodings: dict[str, str | None] = {}
    received: dict[str, int] = {}
    cdp.on(
        "Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"])
    )
    cdp.on(
        "Network.responseReceived",
        lambda e: encodings.__setitem__(
            e["requestId"],
            {k.lower(): v for k, v in e["response"]["headers"].items()}.get("content-encoding"),
        ),
    )
    cdp.on(
        "Network.loadingFinished",
        lambda e: received.__setitem__(e["requestId"], int(e["encodedDataLength"])),
    )
    cdp.send("Network.enable")
    app = AppPage(page, url, phone=True)
    app.goto("/")
    app.expect("Game night")
    cdp.detach()
    page.close()
    return {
        urlsplit(urls[rid]).path: (received.get(rid, 0), encodings.get(rid))
        for rid in urls
        if rid in received
    }


def test_a_phone_gets_the_client_compressed_once_and_keeps_it(
    chromium: Any, db_url: str, tmp_path: Any
) -> None:
    """As a phone on the network asks (gzip: browsers ask for brotli only over HTTPS or from
    localhost): the first open gets the client's large files compressed; the next open, in
    the same browser, takes them from its cache and downloads almost nothing."""
    from companion.webstatic import flet_web_dir, precompress

    precompress(webapp.assets_dir())  # what the server does in the background after its start
    with AppServer(db_url, log_path=tmp_path / "server.log") as server:
        context = chromium.new_context(
            viewport={"width": 390, "height": 844},
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
            extra_http_headers={"Accept-Encoding": "gzip, deflate"},
        )
        first = _open_and_count(context, server.url)
        again = _open_and_count(context, server.url)
        context.close()
    wasm = next(path for path in first if path.endswith("/main.dart.wasm"))
    assert wasm.startswith("/static/")  # a versioned address, kept by the browser
    size, encoding = first[wasm]
    assert encoding == "gzip"
    assert size < (flet_web_dir() / "main.dart.wasm").stat().st_size / 2
    font = next(path for path in first if path.endswith(webapp.FONT_FILES[0]))
    assert first[font][1] == "gzip"
    # Nothing of the client comes over the network again: only the page (304) and the like.
    fetched_again = {path for path, (size, _) in again.items() if size > 0}
    assert not {path for path in fetched_again if path.startswith("/static/")}, fetched_again
    assert sum(size for size, _ in again.values()) < sum(size for size, _ in first.values()) / 50
