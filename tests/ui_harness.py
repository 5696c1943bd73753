"""Running the real app's ``main(page)`` on a real flet Session without a browser.

A fake connection records what would be sent to the client; events are dispatched the way
the client would send them (see README.md, "Developer notes": UI tests without a browser).
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import threading
import weakref
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, ClassVar

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import (
    Message,
    MessageAction,
    RegisterClientResponseBody,
    configure_encode_object_for_msgpack,
)
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from companion.ui import live

#: How long :func:`settled` waits for the pushes on their way before the test fails.
SETTLE_TIMEOUT = 10.0


class FakeConnection(Connection):
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self.loop = loop
        self.executor = ThreadPoolExecutor(max_workers=2)
        self.pubsubhub = PubSubHub(loop=loop, executor=self.executor)
        self.messages: list[Any] = []
        self.page_url = "http://test.invalid/"
        self.session: Session | None = None
        # Like a browser, answer the device-info question the table screens ask after a
        # push (the answer tells the server the page has the change); False: stay silent.
        self.answers = True

    def send_message(self, message: Any) -> None:
        # Encode like the web transport does: encoding is what marks controls as sent,
        # so later updates are diffed against what the client already has.
        msgpack.packb(
            [message.action, message.body],
            default=configure_encode_object_for_msgpack(BaseControl),
        )
        self.messages.append(message)
        body = message.body
        if (
            message.action == MessageAction.INVOKE_METHOD
            and getattr(body, "name", None) == "get_device_info"
            and self.answers
            and self.session is not None
        ):
            session = self.session
            self.loop.call_soon(
                session.handle_invoke_method_results, body.control_id, body.call_id, {}, None
            )


def walk(control: Any) -> Iterator[BaseControl]:
    """Every control reachable from ``control`` (children, content, app bar, dialogs...)."""
    seen: set[int] = set()
    stack = [control]
    while stack:
        node = stack.pop()
        if not isinstance(node, BaseControl) or id(node) in seen:
            continue
        seen.add(id(node))
        yield node
        children: list[BaseControl] = []
        for f in dataclasses.fields(node):
            if f.name.startswith("_") or f.name in ("parent",):
                continue
            value = getattr(node, f.name, None)
            if isinstance(value, BaseControl):
                children.append(value)
            elif isinstance(value, (list, tuple)):
                children.extend(v for v in value if isinstance(v, BaseControl))
        stack.extend(reversed(children))  # depth first, in on-screen order


def text_of(control: Any) -> str:
    for attr in ("value", "label", "text", "content", "title", "tooltip"):
        value = getattr(control, attr, None)
        if isinstance(value, str):
            return value
    return ""


def is_shown(control: Any) -> bool:
    """Whether ``control`` is drawn: neither it nor any control around it is hidden."""
    node = control
    while node is not None:
        if getattr(node, "visible", True) is False:
            return False
        node = node.parent
    return True


def visible(h: Harness, identifier: str) -> bool:
    """Whether the page has a control tagged ``identifier`` and every one of them is shown."""
    found = h.find_all(ft.Semantics, identifier=identifier)
    return bool(found) and all(is_shown(c) for c in found)


def message(h: Harness) -> str | None:
    """The table screen's message strip (tagged ``message``), or None while it is hidden."""
    strip = h.find(ft.Semantics, identifier="message")
    return str(strip.content.content.controls[0].value) if strip.visible else None


async def settled(timeout: float = SETTLE_TIMEOUT) -> None:
    """Return once every change the hub has pushed has been drawn on every phone, and every
    phone that answers (``conn.answers``) has said it has it; fail, saying what is still on
    its way, after ``timeout`` seconds. (A phone that never answers keeps its pushes "not
    seen" as long as the test wants.)"""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    quiet = 0
    while quiet < 3:  # a few turns of the loop in a row with nothing on its way
        await asyncio.sleep(0)
        answering = [h.page for h in Harness.started if h.conn.answers]
        pushes = live.pushes_pending()
        answers = sum(live.answers_pending(page) for page in answering)
        if pushes or answers:
            quiet = 0
            if loop.time() > deadline:
                raise AssertionError(
                    f"not settled after {timeout} s: {pushes} pushes not drawn yet, "
                    f"{answers} not answered by their phone"
                )
            await asyncio.sleep(0.001)
        else:
            quiet += 1


class Harness:
    """A live page: find controls, tap them, type into them."""

    #: The pages started (for :func:`settled`; the test's own, its loop gone with it).
    started: ClassVar[weakref.WeakSet[Harness]] = weakref.WeakSet()

    def __init__(self, session: Session, conn: FakeConnection) -> None:
        self.session = session
        self.conn = conn
        self.page: ft.Page = session.page
        Harness.started.add(self)

    async def settled(self, timeout: float = SETTLE_TIMEOUT) -> None:
        """:func:`settled`: every push drawn on every phone."""
        await settled(timeout)

    @classmethod
    async def start(
        cls,
        main: Callable[[ft.Page], None],
        *,
        width: float = 390,
        height: float = 844,
        route: str = "/",
    ) -> Harness:
        conn = FakeConnection(asyncio.get_running_loop())
        session = Session(conn)
        conn.session = session
        page = session.page
        _context_page.set(page)
        # The order of a real browser connecting (flet_web's register_client): the client's
        # page properties, the initial (empty) page patch, then main() and after_event().
        session.apply_page_patch({"width": width, "height": height, "route": route, "web": True})
        conn.send_message(
            Message(
                MessageAction.REGISTER_CLIENT,
                RegisterClientResponseBody(
                    session_id=session.id, page_patch=session.get_page_patch(), error=""
                ),
            )
        )
        main(page)
        await session.after_event(page)
        harness = cls(session, conn)
        await settled()
        return harness

    # -- finding ----------------------------------------------------------------------------
    def all(self) -> list[BaseControl]:
        roots: list[Any] = [self.page, *self.page.views, self.page._dialogs, self.page._overlay]
        found: dict[int, BaseControl] = {}
        for root in roots:
            for control in walk(root):
                found.setdefault(id(control), control)
        return list(found.values())

    def find_all(self, kind: type | None = None, **match: Any) -> list[Any]:
        result = []
        for control in self.all():
            if kind is not None and not isinstance(control, kind):
                continue
            if all(_matches(getattr(control, k, None), v) for k, v in match.items()):
                result.append(control)
        return result

    def find(self, kind: type | None = None, **match: Any) -> Any:
        found = self.find_all(kind, **match)
        if not found:
            raise LookupError(f"no {kind.__name__ if kind else 'control'} with {match!r}")
        return found[0]

    def by_id(self, identifier: str) -> Any:
        """The control wrapped by ``ft.Semantics(identifier=...)``."""
        wrapper = self.find(ft.Semantics, identifier=identifier)
        return wrapper.content

    def dialogs(self, kind: type | None = None, *, open_only: bool = False) -> list[Any]:
        """The dialogs, bottom sheets and snack bars the page has shown, oldest first: only
        those of ``kind``, and with ``open_only`` only those open now (flet keeps them in the
        page's private ``_dialogs``; this is the one place tests read it)."""
        shown = [d for d in self.page._dialogs.controls if kind is None or isinstance(d, kind)]
        return [d for d in shown if getattr(d, "open", False)] if open_only else shown

    def texts(self) -> list[str]:
        return [c.value for c in self.find_all(ft.Text) if isinstance(c.value, str)]

    def has_text(self, needle: str) -> bool:
        return any(needle in t for t in self.texts())

    # -- acting -----------------------------------------------------------------------------
    async def fire(self, control: BaseControl, event: str, data: Any = None) -> None:
        # dispatch_event runs the handler and then flet's own after_event (its auto-update):
        # exactly what the server does for a browser, so a view that forgets to send a change
        # fails here too. Do not add another after_event: it would send what the browser won't.
        await self.session.dispatch_event(control._i, event, data)
        await settled()
        self.assert_all_sent(f"{event!r} on {type(control).__name__}")

    def assert_all_sent(self, after: str) -> None:
        """Fail if the handler changed controls without sending them to the client.

        A real browser only sees what an update sends; flet skips its automatic update when a
        handler already called one (a snackbar does), so later changes would be lost there.
        An update now that still finds something to send means exactly that.
        """
        before = len(self.conn.messages)
        self.page.update()
        # A page update skips what is inside isolated sections (screens rendered in place send
        # those themselves): look inside each one too.
        for control in self.all():
            if control.is_isolated() and control is not self.page and _is_mounted(control):
                control.update()
        for message in self.conn.messages[before:]:
            if message.action != MessageAction.PATCH_CONTROL:
                continue
            tree, *operations = message.body.patch
            paths = _patch_paths(tree)
            real = [op for op in operations if "_internals" not in paths.get(op[1], ())]
            if real:
                shown = [(paths.get(op[1], ()), *op[2:3]) for op in real][:5]
                raise AssertionError(f"after {after}, changes were left unsent: {shown}")

    async def click(self, control: BaseControl) -> None:
        await self.fire(control, "click")

    async def type(self, field: ft.TextField, text: str) -> None:
        self.session.apply_patch(field._i, {"value": text})
        await self.fire(field, "change", text)

    async def select(self, control: Any, value: Any) -> None:
        """Pick a drop-down option, a segment or a switch value as the client would."""
        if isinstance(control, ft.SegmentedButton):
            self.session.apply_patch(control._i, {"selected": value})
            await self.fire(control, "change", value)
        elif isinstance(control, ft.Dropdown):
            self.session.apply_patch(control._i, {"value": value})
            await self.fire(control, "select", value)
        else:
            self.session.apply_patch(control._i, {"value": value})
            await self.fire(control, "change", value)

    async def navigate(self, index: int) -> None:
        bar = self.page.navigation_bar
        assert isinstance(bar, ft.NavigationBar)
        self.session.apply_patch(bar._i, {"selected_index": index})
        await self.fire(bar, "change", index)

    async def resize(self, width: float, height: float = 800) -> None:
        self.session.apply_page_patch({"width": width, "height": height})
        await self.fire(self.page, "resize", {"width": width, "height": height})


def run(coro_fn: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Decorate an async test body: it runs on a fresh event loop in its own thread.

    A thread, because Playwright's sync API (the browser tests, in the same pytest process)
    leaves an event loop running on the main thread, where ``asyncio.run`` would refuse.
    """

    @functools.wraps(coro_fn)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        failure: list[BaseException] = []

        def target() -> None:
            try:
                asyncio.run(coro_fn(*args, **kwargs))
            except BaseException as exc:  # re-raised in the test's thread
                failure.append(exc)

        thread = threading.Thread(target=target, name=f"ui-test-{coro_fn.__name__}")
        thread.start()
        thread.join()
        if failure:
            raise failure[0]

    return wrapper


def _patch_paths(tree: Any) -> dict[int, tuple[Any, ...]]:
    """Map each node index of a flet patch tree to the keys leading to it.

    The tree is ``[index, {key: [index, {...}], ...}]``; flet's own bookkeeping lives under
    ``_internals`` keys, whose changes are not the app's and are ignored by the check.
    """
    paths: dict[int, tuple[Any, ...]] = {}
    stack: list[tuple[Any, tuple[Any, ...]]] = [(tree, ())]
    while stack:
        node, path = stack.pop()
        if not isinstance(node, list) or not node:
            continue
        paths[node[0]] = path
        if len(node) > 1 and isinstance(node[1], dict):
            for key, child in node[1].items():
                stack.append((child, (*path, key)))
    return paths


def _is_mounted(control: BaseControl) -> bool:
    try:
        return control.page is not None
    except RuntimeError:
        return False


def _matches(actual: Any, expected: Any) -> bool:
    if callable(expected) and not isinstance(expected, (str, type)):
        return bool(expected(actual))
    return bool(actual == expected)


def app_bar_title_room(page: ft.Page, width: float = 390) -> tuple[float, float]:
    """How wide the app bar's title is drawn (in the bundled bold font at the title size) and
    how much room the bar leaves it at ``width``: Flutter's AppBar gives the back arrow 56 px,
    16 px spacing and each action icon 48 px. Measured against the phone screenshots: at
    390 px with three actions "Players & seats" (172.7 px) fits and "Setup assistant"
    (174.2 px) is cut."""
    from PIL import ImageFont

    from companion import webapp

    bar = page.appbar
    assert isinstance(bar, ft.AppBar) and isinstance(bar.title, ft.Text)
    font = ImageFont.truetype(str(Path(webapp.assets_dir()) / webapp.FONT_FILES[1]), 22)
    drawn = font.getlength(str(bar.title.value))
    room = width - (56 if bar.leading is not None else 0) - 16 - 48 * len(bar.actions or [])
    return drawn, room - 1
