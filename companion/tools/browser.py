"""Driving the real app in Chromium: used by the browser tests and the screenshot script.

Flutter paints on a canvas; what a test can read and click is its accessibility tree, which
has to be switched on once per page load (see README.md, "Developer notes"). Needs the
``playwright`` package (test extras) and Debian's ``chromium``; nothing is downloaded.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
#: How long a browser test waits for another phone's move to show without a reload. Generous on
#: purpose: tests check THAT a push arrives; how FAST is measured by ``python -m companion.bench``
#: (``table_fanout``, ``ui_tap``), never by a timed assertion that a busy machine would fail.
PUSHED = 10_000
INSTALL_HINT = "install Debian's Chromium with `apt install chromium` (or set COMPANION_CHROMIUM)"


def chromium_path() -> str | None:
    """The Chromium binary to drive, or None where there is none."""
    override = os.environ.get("COMPANION_CHROMIUM")
    if override:
        return override if Path(override).exists() else None
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def free_port() -> int:
    with closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def spawn_web_server(
    db_url: str, host: str, port: int, out: IO[bytes], *, extra_args: Sequence[str] = ()
) -> subprocess.Popen[bytes]:
    """``python -m companion --web`` on ``host:port`` with the database ``db_url``, what it
    prints going to ``out``. ``COMPANION_DB`` is left out of its environment: the database is
    the one given."""
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_DB"}
    command = [sys.executable, "-m", "companion", "--web", "--host", host, "--port", str(port)]
    return subprocess.Popen(
        [*command, "--db", db_url, *extra_args], stdout=out, stderr=subprocess.STDOUT, env=env
    )


def wait_for_answer(url: str, process: subprocess.Popen[bytes], timeout: float) -> None:
    """Return once ``url`` answers over HTTP (an error status such as the join screen of a
    server that needs the access code is an answer too). Raises ``ChildProcessError`` when
    ``process`` exits first and ``TimeoutError`` when ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ChildProcessError(f"exited with code {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"no answer on {url} within {timeout} s")


@dataclass
class AppServer:
    """``companion --web`` in a child process with the given database.

    ``host`` is where it serves (127.0.0.1 by default; any other address, e.g. 127.0.0.2 to
    stand in for a network address in tests, makes it require the access code). What the
    app prints goes to ``log_path`` (a temporary file if none is given), so a test can read
    the address it printed: :attr:`printed_url`, :attr:`access_code`.
    """

    db_url: str
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    log_path: Path | None = None
    host: str = "127.0.0.1"
    extra_args: tuple[str, ...] = ()
    _own_log: Path | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        shown = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{shown}:{self.port}"

    def output(self) -> str:
        """Everything the app printed so far."""
        if self.log_path is None or not self.log_path.exists():
            return ""
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    @property
    def printed_url(self) -> str:
        """The address the app told the player to open (with the code, when it needs one)."""
        addresses: list[str] = re.findall(r"http://\S+", self.output())
        with_code = [a for a in addresses if "?code=" in a]
        if with_code:
            return with_code[-1]
        if not addresses:
            raise RuntimeError(f"the app printed no address: {self.output()!r}")
        return addresses[-1]

    @property
    def access_code(self) -> str | None:
        """The access code in the printed address, or None when the app needs none."""
        found: list[str] = re.findall(r"\?code=([A-Z0-9]+)", self.output())
        return found[-1] if found else None

    def address(self, route: str = "/") -> str:
        """``route`` as a new phone opens it: with the access code when the server needs one
        (the server takes the code out of the address and remembers the device), so
        ``AppPage.open(browser, server.url, route=server.address(route))`` works on any
        host."""
        code = self.access_code
        if code is None:
            return route
        return f"{route}{'&' if '?' in route else '?'}code={code}"

    def start(self, timeout: float = 60) -> AppServer:
        if self.log_path is None:
            handle, name = tempfile.mkstemp(prefix="companion-server-", suffix=".log")
            os.close(handle)
            self.log_path = self._own_log = Path(name)
        with self.log_path.open("ab") as log:
            self.process = spawn_web_server(
                self.db_url, self.host, self.port, log, extra_args=self.extra_args
            )
        try:
            wait_for_answer(self.url, self.process, timeout)
        except ChildProcessError:
            raise RuntimeError(
                f"the app exited with code {self.process.returncode} before serving: "
                f"{self.output()[-500:]!r}"
            ) from None
        except TimeoutError:
            self.stop()
            raise RuntimeError(f"the app did not answer on {self.url} within {timeout} s") from None
        return self

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        if self._own_log is not None:  # a log of our own making goes with the process
            self._own_log.unlink(missing_ok=True)
            self.log_path = self._own_log = None

    def __enter__(self) -> AppServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def launch_chromium(playwright: Any) -> Any:
    path = chromium_path()
    if path is None:
        raise RuntimeError(f"no Chromium found: {INSTALL_HINT}")
    return playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)


def playwright_for(what: str) -> Any | None:
    """Playwright's ``sync_playwright`` when it and Chromium are installed; otherwise None,
    after saying on stderr that ``what`` (a benchmark) is skipped and what to install."""
    if chromium_path() is None:
        print(f"{what} skipped: no Chromium (apt install chromium)", file=sys.stderr)
        return None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print(f"{what} skipped: no Playwright (pip install playwright)", file=sys.stderr)
        return None
    return sync_playwright


@contextmanager
def phone_on_app(
    sync_playwright: Any, db_url: str, route: str, log_path: Path
) -> Iterator[AppPage]:
    """The app served on the database ``db_url`` (its output in ``log_path``) and a phone-sized
    page in Chromium open on ``route``; all closed afterwards. ``sync_playwright`` is what
    :func:`playwright_for` returned."""
    with AppServer(db_url, log_path=log_path) as server, sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            yield AppPage.open(browser, server.url, phone=True, route=route)
        finally:
            browser.close()


class AppPage:
    """A Playwright page on the app with helpers that speak Flet's accessibility tree."""

    def __init__(self, page: Any, base_url: str, *, phone: bool) -> None:
        self.page = page
        self.base_url = base_url
        self.phone = phone

    @classmethod
    def open(cls, browser: Any, base_url: str, *, phone: bool = True, route: str = "/") -> AppPage:
        if phone:
            context = browser.new_context(
                viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
            )
        else:
            context = browser.new_context(viewport=DESKTOP, device_scale_factor=1)
        app = cls(context.new_page(), base_url, phone=phone)
        app.goto(route)
        return app

    def goto(self, route: str = "/") -> None:
        self.page.goto(self.base_url + route)
        self.wait_ready()

    def wait_ready(self) -> None:
        """Wait for the app's first frame and switch its accessibility tree on. A server that
        needs the access code answers a page without it with the join screen: that is said
        at once (open ``AppServer.address(route)``) instead of waiting for an app."""
        if self.page.locator("form input[name=code]").count():
            raise RuntimeError(
                f"{self.page.url} shows the join screen: this server needs the access code "
                "(open AppServer.address(route), which carries it)"
            )
        self.page.wait_for_selector("#loading", state="detached", timeout=60_000)
        self.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=30_000)
        self.page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
        self.page.wait_for_selector("flt-semantics", state="attached", timeout=30_000)

    def reload(self) -> None:
        self.goto(self.page.url[len(self.base_url) :] or "/")

    # -- finding things ---------------------------------------------------------------------
    def by_id(self, identifier: str) -> Any:
        return self.page.locator(f"[flt-semantics-identifier='{identifier}']").first

    def tab(self, name: str) -> Any:
        """A navigation destination: a tab in the phone's bottom bar, a button in the rail."""
        pattern = re.compile(rf"^{re.escape(name)}(\s|$)")
        return (
            self.page.get_by_role("tab", name=name, exact=True)
            .or_(self.page.get_by_role("button", name=pattern))
            .first
        )

    def button(self, name: str) -> Any:
        return self.page.get_by_role("button", name=name).first

    def textbox(self, name: str) -> Any:
        return self.page.get_by_role("textbox", name=name).first

    def text(self, text: str, *, exact: bool = False) -> Any:
        return self.page.get_by_text(text, exact=exact).first

    # -- doing things -----------------------------------------------------------------------
    def tap(self, locator: Any) -> None:
        if self.phone:
            locator.tap()
        else:
            locator.click()

    def fill(self, name: str, value: str, *, nth: int | None = None) -> None:
        """Type into the text field labelled ``name`` (the ``nth`` one if several are)."""
        box = (
            self.textbox(name)
            if nth is None
            else self.page.get_by_role("textbox", name=name, exact=True).nth(nth)
        )
        self.tap(box)
        box.fill(value)
        self.settle(150)  # let Flutter take the text before focus moves on

    def expect(self, text: str, timeout: float = 10_000) -> None:
        """Wait for ``text`` on screen: as a text node, or inside a node's accessible label
        (Flutter folds the words of a tagged group into the group's ``aria-label``)."""
        self.page.get_by_text(text).or_(self.page.get_by_label(text)).first.wait_for(
            state="attached", timeout=timeout
        )

    def shows(self, ident: str, text: str, timeout: float = 10_000) -> None:
        """Wait until the control tagged ``ident`` reads ``text`` (its label or its texts)."""
        self.page.wait_for_function(_SHOWS, arg=[ident, text], timeout=timeout)

    def words(self, ident: str) -> str:
        """What the control tagged ``ident`` reads now ("" when it is not on the screen)."""
        return str(self.page.evaluate(_WORDS, ident))

    def type_into(self, name: str, text: str, *, nth: int = 0) -> None:
        """Type into the field labelled ``name`` without tapping it: when a field sits below
        the fold, a tap makes Flutter scroll while the tap lands and can hit another control."""
        box = self.page.get_by_role("textbox", name=name).nth(nth)
        if not self.phone:
            # At desktop size Flutter ignores focus on a field scrolled out of its view
            # (nothing is typed, no change reaches the app); a phone's focus scrolls to it.
            self.bring_into_view(box)
        box.focus()
        self.settle(300)  # Flutter swaps in its own editing element on focus
        self.page.keyboard.type(text)
        self.settle(300)

    def bring_into_view(self, locator: Any) -> None:
        """Turn the mouse wheel over the screen until ``locator`` sits in its middle third
        (as far as the screen scrolls)."""
        locator.wait_for(state="attached", timeout=10_000)
        viewport = self.page.viewport_size or DESKTOP
        goal = viewport["height"] / 3
        self.page.mouse.move(viewport["width"] / 2, viewport["height"] / 2)
        for _ in range(10):
            box = locator.bounding_box()
            if box is None or goal <= box["y"] <= 2 * goal - box["height"]:
                return
            self.page.mouse.wheel(0, box["y"] - goal)
            self.settle(300)
            after = locator.bounding_box()
            if after is None or after["y"] == box["y"]:
                return  # the end of the page: nothing more to scroll

    def press(self, ident: str, timeout: float = 10_000, *, segment: str | None = None) -> None:
        """Activate the tagged control through the accessibility tree, as a screen reader
        does: no coordinates, so a control further down the page needs no scrolling. With
        ``segment``, the segment reading that label inside it (a row of numbers).

        Waits (in the page, atomically) until the control has a tappable node, then clicks it.
        """
        self.page.wait_for_function(_TAP, arg=[ident, segment], timeout=timeout)
        self.settle(200)

    def tap_now(self, ident: str) -> None:
        """Tap the tagged control as soon as it can be tapped, without waiting for anything
        to settle afterwards (taps at the same moment on several phones). A control that is
        on the page but not yet enabled (a row end before the chosen card's update arrives
        on a busy machine) is waited for, in the page, as ``press`` does."""
        self.page.wait_for_function(_TAP, arg=[ident, None], timeout=10_000)

    def tap_if_there(self, ident: str) -> bool:
        """Tap the tagged control at once if it has a tappable node; False when it has none
        (it may be gone already)."""
        return bool(self.page.evaluate(_TAP, [ident, None]))

    def wait_tappable(self, ident: str, timeout: float = 10_000) -> None:
        """Wait until the tagged control has a tappable node (without tapping it)."""
        self.page.wait_for_function(_TAPPABLE, arg=ident, timeout=timeout)

    def timed_tap(self, ident: str, show: str, want: str, *, segment: str | None = None) -> float:
        """Tap the tagged control (or its ``segment``) and return the milliseconds until the
        control tagged ``show`` reads ``want``, measured in the page (at most 10 s)."""
        return float(self.page.evaluate(_TIMED_TAP, [ident, segment, show, want]))

    def pick_file(self, menu: str, entry: str, file: Path) -> None:
        """Open the menu tagged ``menu``, choose its ``entry`` and give the browser's file
        dialog ``file``, as a player picking it on the phone."""
        self.press(menu)
        with self.page.expect_file_chooser(timeout=30_000) as chooser:
            self.tap(self.page.get_by_role("menuitem", name=entry))
        chooser.value.set_files(str(file))

    def settle(self, ms: int = 500) -> None:
        self.page.wait_for_timeout(ms)

    def screenshot(self, path: Path) -> None:
        self.settle(700)  # labels and ripples animate for ~300 ms
        self.page.screenshot(path=str(path))


#: What the page scripts below share: the control tagged ``ident``, the node a tap on it lands
#: on (with ``label``, its segment reading that label), and the words it reads (its
#: accessible labels and texts: Flutter folds a tagged group's words into its ``aria-label``).
_FIND = """
    const tagged = (ident) => document.querySelector(`[flt-semantics-identifier='${ident}']`);
    const tappable = (ident, label) => {
        const node = tagged(ident);
        if (!node) return null;
        if (label === null || label === undefined)
            return node.matches('[flt-tappable]') ? node : node.querySelector('[flt-tappable]');
        return [...node.querySelectorAll('[flt-tappable]')].find(
            e => (e.textContent || '').trim() === label
                || (e.getAttribute('aria-label') || '').trim() === label) || null;
    };
    const reads = (ident) => {
        const node = tagged(ident);
        if (!node) return '';
        return [node, ...node.querySelectorAll('*')].map(
            e => (e.getAttribute('aria-label') || '') + ' ' + (e.textContent || '')).join(' ');
    };
    const shows = (ident, text) => !!tagged(ident) && reads(ident).includes(text);
"""


def _script(params: str, body: str) -> str:
    """A page function of ``params`` that can use what ``_FIND`` defines."""
    return f"({params}) => {{{_FIND}{body}}}"


_WORDS = _script("ident", "return reads(ident);")
_SHOWS = _script("[ident, text]", "return shows(ident, text);")
_TAPPABLE = _script("ident", "return !!tappable(ident, null);")
_TAP = _script(
    "[ident, label]",
    """
    const target = tappable(ident, label);
    if (!target) return false;
    target.click();
    return true;
""",
)
_TIMED_TAP = _script(
    "[ident, label, show, want]",
    """
    return new Promise((resolve, reject) => {
        const target = tappable(ident, label);
        if (!target) { reject(new Error('nothing to tap in ' + ident + ' ' + label)); return; }
        const observer = new MutationObserver(() => {
            if (shows(show, want)) { observer.disconnect(); resolve(performance.now() - start); }
        });
        observer.observe(document.body,
            {subtree: true, childList: true, attributes: true, characterData: true});
        setTimeout(
            () => { observer.disconnect(); reject(new Error('timed out: ' + want)); }, 10000);
        const start = performance.now();
        target.click();
    });
""",
)
