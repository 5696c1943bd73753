"""Opening the app on a phone: ``page_open``, ``page_bytes_*`` and ``page_open_20mbps_*``.

The real server (``companion --web``) and Debian's Chromium at phone size (390×844). Each run
opens the app in a new browser context (nothing cached: a phone's first visit), then opens it
again in a new tab of the same context (the browser's cache warm: every later visit).

- ``page_open``: milliseconds from navigation to the first screen's content (the Setup
  screen's "Game night" in the page's accessibility tree), first visit, on loopback with
  no throttling (issue 21's figure).
- ``page_open_20mbps_first`` / ``page_open_20mbps_again``: the same with Chromium's network
  held to 20 Mbit/s down and up and 10 ms latency (``Network.emulateNetworkConditions``, an
  ordinary home Wi-Fi), first visit and the visit after.
- ``page_bytes_first`` / ``page_bytes_again``: what those two visits received, in MB (10⁶
  bytes; printed in the column that holds milliseconds for the others), from the browser's
  own accounting: ``Network.loadingFinished``'s ``encodedDataLength`` of every HTTP response
  (headers and body as they came over the wire, compressed where they were) plus the
  WebSocket frames the page received up to its first screen.

The browser asks for ``gzip, deflate`` as a phone's does from ``http://192.168.…`` (brotli is
only asked for over HTTPS or from localhost), and the server's compressed copies are made
before it starts (:func:`companion.webstatic.precompress`; a real server makes them in the
background after its first start).

The time is measured in the page (``performance.now()``, whose zero is the navigation's start)
by a script that switches the accessibility tree on as soon as Flutter offers it, as a screen
reader does, and notes the moment the first screen's words appear. Skipped, with a note on
stderr, where there is no Chromium or no Playwright.
"""

from __future__ import annotations

import base64
import statistics
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

NAMES = (
    "page_open",
    "page_bytes_first",
    "page_bytes_again",
    "page_open_20mbps_first",
    "page_open_20mbps_again",
)
RUNS = 5
#: On the first screen ("/" opens Setup): its first tool's title.
FIRST_CONTENT = "Game night"
#: What a phone's browser accepts from ``http://`` on the network: brotli (and zstd) only
#: over HTTPS or from localhost, so the bench, on loopback, asks as a phone at the table does.
PHONE_ENCODINGS = "gzip, deflate"
#: An ordinary home Wi-Fi with a few people on it: 20 Mbit/s each way, 10 ms latency.
WIFI = {
    "offline": False,
    "latency": 10,
    "downloadThroughput": 20_000_000 / 8,
    "uploadThroughput": 20_000_000 / 8,
    "connectionType": "wifi",
}

_WATCH = """
(() => {
  const want = %s;
  let done = false;
  const look = () => {
    if (done) return;
    const placeholder = document.querySelector('flt-semantics-placeholder');
    if (placeholder && !window.__companionSemantics) {
      window.__companionSemantics = true;
      placeholder.click();
    }
    for (const node of document.querySelectorAll('flt-semantics')) {
      const label = node.getAttribute('aria-label') || '';
      if (label.includes(want) || (node.textContent || '').includes(want)) {
        done = true;
        window.__companionShown = performance.now();
        observer.disconnect();
        return;
      }
    }
  };
  const observer = new MutationObserver(look);
  observer.observe(document, {subtree: true, childList: true, attributes: true});
})();
"""


@dataclass
class Visit:
    """One opening of the app: milliseconds to the first screen and bytes received."""

    ms: float
    bytes: int


def _open(context: Any, url: str, network: dict[str, Any] | None) -> Visit:
    """Open ``url`` in a new tab of ``context`` until the first screen shows; the tab closes."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    received = [0]

    def finished(event: dict[str, Any]) -> None:
        received[0] += int(event.get("encodedDataLength", 0))

    def frame(event: dict[str, Any]) -> None:
        response = event.get("response", {})
        data = str(response.get("payloadData", ""))
        # binary frames (opcode 2) come base64-encoded
        received[0] += len(base64.b64decode(data)) if response.get("opcode") == 2 else len(data)

    cdp.on("Network.loadingFinished", finished)
    cdp.on("Network.webSocketFrameReceived", frame)
    cdp.send("Network.enable")
    if network is not None:
        cdp.send("Network.emulateNetworkConditions", network)
    page.add_init_script(_WATCH % repr(FIRST_CONTENT))
    try:
        page.goto(url, wait_until="commit", timeout=120_000)
        page.wait_for_function("() => window.__companionShown !== undefined", timeout=120_000)
        ms = float(page.evaluate("window.__companionShown"))
        total = received[0]
    finally:
        cdp.detach()
        page.close()
    return Visit(ms=ms, bytes=total)


def _visits(browser: Any, url: str, network: dict[str, Any] | None) -> tuple[Visit, Visit]:
    """A phone's first visit (fresh browser context) and its next one (the same context)."""
    from companion.tools.browser import PHONE

    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        extra_http_headers={"Accept-Encoding": PHONE_ENCODINGS},
    )
    try:
        first = _open(context, url, network)
        again = _open(context, url, network)
    finally:
        context.close()
    return first, again


def measure(runs: int = RUNS, wanted: set[str] | None = None) -> dict[str, float] | None:
    """The measurements of this module (all, or those ``wanted``: medians over ``runs``
    visits), or None when there is no browser to measure with."""
    plain_wanted = wanted is None or "page_open" in wanted
    slow_wanted = wanted is None or bool(wanted & set(NAMES[1:]))
    from companion import webapp
    from companion.tools.browser import AppServer, launch_chromium, playwright_for
    from companion.webstatic import precompress

    sync_playwright = playwright_for("page_open")
    if sync_playwright is None:
        return None
    # What a server has made in the background a while after its first start.
    made = precompress(webapp.assets_dir())
    if made:
        print(f"page: compressed {len(made)} files of the web client (once)", file=sys.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        db_url = f"sqlite:///{Path(tmp) / 'history.sqlite3'}"
        with (
            AppServer(db_url, log_path=Path(tmp) / "server.log") as server,
            sync_playwright() as pw,
        ):
            browser = launch_chromium(pw)
            try:
                url = server.url + "/"
                _visits(browser, url, None)  # the server imports its screens, the OS caches
                plain = [_visits(browser, url, None)[0] for _ in range(runs if plain_wanted else 0)]
                slow = [_visits(browser, url, WIFI) for _ in range(runs if slow_wanted else 0)]
            finally:
                browser.close()
    found: dict[str, float] = {}
    if plain:
        found["page_open"] = statistics.median(v.ms for v in plain)
    for i, (first, again) in enumerate(slow):
        print(
            f"page run {i + 1}: first {first.ms:.0f} ms {first.bytes / 1e6:.2f} MB, "
            f"again {again.ms:.0f} ms {again.bytes / 1e6:.3f} MB (20 Mbit/s)",
            file=sys.stderr,
        )
    if slow:
        found["page_bytes_first"] = statistics.median(f.bytes for f, _ in slow) / 1e6
        found["page_bytes_again"] = statistics.median(a.bytes for _, a in slow) / 1e6
        found["page_open_20mbps_first"] = statistics.median(f.ms for f, _ in slow)
        found["page_open_20mbps_again"] = statistics.median(a.ms for _, a in slow)
    return found


def run(wanted: set[str] | None = None) -> Iterator[tuple[str, float]]:
    if wanted is not None and not wanted & set(NAMES):
        return
    found = measure(wanted=wanted)
    if found is None:
        return
    yield from found.items()


__all__ = ["NAMES", "run"]
