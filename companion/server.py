"""Browser mode: Flet's web app behind our own door.

:func:`build_app` wraps ``flet_web.fastapi.app(main, ...)`` in :class:`Guard`, a plain ASGI
app that every request passes first, and :func:`serve` runs it under uvicorn. The guard
enforces, where requests enter (HTTP and the WebSocket handshake, not by hiding controls):

* **Host** — only the names and addresses this server answers to (the bound address, the
  loopback names, this machine's network address): a page on another domain that rebinds
  its name to this machine (DNS rebinding) is refused.
* **Origin** — the WebSocket handshake (the only way to the app's data and controls) is
  refused unless it comes from one of the app's own origins, on every address, loopback
  included; no ``Access-Control-Allow-Origin: *``; pages may not be framed by other sites;
  only GET and HEAD are served.
* **Access code** — served on anything but a loopback address, a browser without a device
  cookie signed with the history's secret gets the join screen (plain HTML, no app, no
  data) for every path, and its WebSocket handshake is refused. ``/?code=…`` (the printed
  address) or the join screen's form admits the device; wrong codes are slowed and limited
  per client and for the whole server (``Throttle``). The code is the shared history's: a
  new one made on another server is followed (read every second, and at once when a cookie
  or a code is refused), its shut-out devices' connections here closed with code 4001, on
  which their page reloads to the join screen.
* **Logs** — every log line is cut to ``LOG_CHARS`` characters (``BoundedLog``): a client
  can send a route of megabytes, which is not copied into the log.
* **Uploads** — ``PUT /upload`` (a file for History's import, :mod:`companion.uploads`) is
  the one request besides GET and HEAD: it needs the device cookie exactly like a page (no
  code in its address admits anyone), the app's own Origin, a name the app is waiting for,
  and a size within ``Uploads.max_bytes`` (the import's limit); a failed upload's file is
  deleted at once, and the upload folder goes when the server shuts down.
* **Installing** — the paths in ``public_paths`` (the web app manifest and its icons, nothing
  of anyone's history) are served without the code too, and the join screen links them, so a
  phone can add the app to its home screen from the join screen.
* **Sessions** — a disconnected session expires after minutes; each client may hold only a
  few live connections and kept sessions (the oldest disconnected ones go first), and the
  whole server a bounded number, so nobody can grow the server's memory without limit.

The device a session belongs to is available to the app: :func:`device_of` (any time) and
:func:`current_device` (inside ``main``).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import ipaddress
import logging
import secrets
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

from companion import __version__
from companion.access import AccessCode, Throttle, normal_code
from companion.addresses import (
    ALL_INTERFACES,
    LOOPBACK_NAMES,
    is_loopback,
    local_names,
    split_host,
    url_host,
)
from companion.logs import bound_logs
from companion.uploads import UPLOAD_PATH, Uploads
from companion.webapp import APP_DESCRIPTION, APP_NAME, APP_SHORT_NAME
from companion.webapp.join import join_page
from companion.webstatic import WebStatic

log = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

COOKIE_PREFIX = "companion_device_"
COOKIE_MAX_AGE = 400 * 24 * 3600  # browsers keep a cookie at most 400 days
WRONG_CODE_DELAY = 1.0
#: A request the code refuses reads the history's code again, at most this often (seconds).
REFRESH_SECONDS = 0.5
SESSION_MINUTES = 5.0
LIVE_PER_CLIENT = 8
KEPT_PER_CLIENT = 12
KEPT_IN_ALL = 200
# FastAPI's generated pages and Flet's OAuth callback: nothing the app uses.
BLOCKED_PATHS = frozenset(
    {"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json", "/oauth_callback"}
)
SAFE_HEADERS = [
    (b"x-frame-options", b"SAMEORIGIN"),
    (b"content-security-policy", b"frame-ancestors 'self'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]


@dataclass(frozen=True)
class Client:
    """Who is on the other end of a connection: their address and device id (if joined)."""

    ip: str
    device: str | None
    # (Flet's session key, the connection object) of every session this connection served.
    attached: list[tuple[str, Any]] = field(default_factory=list, compare=False, repr=False)


_client: contextvars.ContextVar[Client | None] = contextvars.ContextVar(
    "companion_client", default=None
)


def current_device() -> str | None:
    """The device id of the connection being served (set while ``main`` runs), or None."""
    client = _client.get()
    return client.device if client else None


# ------------------------------------------------------------------------- kept sessions


@dataclass
class _Sessions:
    """Flet's sessions as this server knows them: whose, and how many each client keeps."""

    kept_per_client: int = KEPT_PER_CLIENT
    kept_in_all: int = KEPT_IN_ALL
    owners: OrderedDict[str, tuple[str, weakref.ref[Any]]] = field(default_factory=OrderedDict)
    devices: weakref.WeakKeyDictionary[Any, str] = field(default_factory=weakref.WeakKeyDictionary)

    async def add(self, manager: Any, original: Any, session_id: str, session: Any) -> None:
        client = _client.get()
        ip = client.ip if client else ""
        if client is not None:
            client.attached.append((session_id, session.connection))
            if client.device:
                self.devices[session] = client.device
        await self._make_room(manager, ip)
        await original(session_id, session)
        self.owners[session_id] = (ip, weakref.ref(session))

    async def _make_room(self, manager: Any, ip: str) -> None:
        for sid in list(self.owners):
            if await manager.get_session(sid) is None:
                del self.owners[sid]
        mine = [sid for sid, (owner, _) in self.owners.items() if owner == ip]
        await self._evict(manager, mine, len(mine) - self.kept_per_client + 1)
        await self._evict(manager, list(self.owners), len(self.owners) - self.kept_in_all + 1)

    async def _evict(self, manager: Any, candidates: list[str], how_many: int) -> None:
        """Delete up to ``how_many`` of ``candidates`` that are disconnected, oldest first."""
        for sid in candidates:
            if how_many <= 0:
                return
            session = self.owners[sid][1]()
            if session is not None and session.connection is not None:
                continue  # a live connection; the live limit bounds those
            await manager.delete_session(sid)
            self.owners.pop(sid, None)
            how_many -= 1


_SESSIONS = _Sessions()


def device_of(page: Any) -> str | None:
    """The device id (from its access cookie) of the browser a Flet page belongs to."""
    try:
        session = page.session
    except Exception:  # a page without a session (tests), or one already closed
        return None
    return _SESSIONS.devices.get(session)


def _install_session_limits(kept_per_client: int, kept_in_all: int) -> None:
    from flet_web.fastapi.flet_app_manager import app_manager

    _SESSIONS.kept_per_client = kept_per_client
    _SESSIONS.kept_in_all = kept_in_all
    if getattr(app_manager, "_companion_limits", False):
        return
    original = app_manager.add_session

    original_reconnect = app_manager.reconnect_session

    async def add_session(session_id: str, session: Any) -> None:
        await _SESSIONS.add(app_manager, original, session_id, session)

    async def reconnect_session(session_id: str, conn: Any) -> None:
        client = _client.get()
        if client is not None:
            client.attached.append((session_id, conn))
        await original_reconnect(session_id, conn)

    setattr(app_manager, "add_session", add_session)  # noqa: B010 - an instance's method
    setattr(app_manager, "reconnect_session", reconnect_session)  # noqa: B010
    setattr(app_manager, "_companion_limits", True)  # noqa: B010


async def _release(client: Client, timeout_seconds: int) -> None:
    """After a connection ends, its session counts as disconnected (and so expires).

    Flet skips this when the client goes away while it is still sending (the send raises
    before its handler reaches ``disconnect_session``): such a session would be kept forever.
    """
    from flet_web.fastapi.flet_app_manager import app_manager

    for session_id, conn in client.attached:
        session = await app_manager.get_session(session_id)
        if session is not None and conn is not None and session.connection is conn:
            try:
                await app_manager.disconnect_session(session_id, timeout_seconds)
            except Exception:  # the session's own disconnect handler failed; it still expires
                log.debug("disconnecting session %s failed", session_id, exc_info=True)


# ------------------------------------------------------------------------------ the door


def _cookies(header: str | None) -> dict[str, str]:
    """Name → value of a Cookie header, read leniently: another program's odd cookie on the
    same address (which http.cookies would stop at) must not hide ours."""
    found: dict[str, str] = {}
    for part in (header or "").split(";"):
        name, sep, value = part.strip().partition("=")
        if sep and name and name not in found:
            found[name] = value.strip().strip('"')
    return found


@dataclass
class _Live:
    """An open WebSocket: whose it is, and how to close it from outside (a new code)."""

    ip: str
    device: str | None
    loop: asyncio.AbstractEventLoop
    closing: asyncio.Event = field(default_factory=asyncio.Event)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.closing.set)


class Guard:
    """The ASGI app in front of Flet's: host, origin, access code and session limits."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        port: int,
        hosts: Iterable[str],
        access: AccessCode | None,
        throttle: Throttle | None = None,
        live_per_client: int = LIVE_PER_CLIENT,
        session_seconds: int = round(SESSION_MINUTES * 60),
        public_paths: Iterable[str] = (),
        uploads: Uploads | None = None,
    ) -> None:
        self.app = app
        self.uploads = uploads
        self.public_paths = frozenset(public_paths)
        self.session_seconds = session_seconds
        self.port = port
        self.access = access
        self.throttle = throttle or Throttle()
        self.live_per_client = live_per_client
        self.hosts = frozenset(h.lower().strip("[]") for h in hosts)
        self.origins = frozenset(
            origin
            for h in self.hosts
            for origin in (
                f"http://{url_host(h)}:{port}",
                *([f"http://{url_host(h)}"] if port == 80 else []),
            )
        )
        self.cookie = f"{COOKIE_PREFIX}{port}"
        # Without an access code the device id is only for telling browsers apart.
        self.local_devices = access or _LocalDevices()
        self.live: dict[int, _Live] = {}
        #: How many typed codes were looked at (not held back by the throttle).
        self.checked = 0
        # Called once the server has answered its first request (or a second after it
        # started, whichever comes first): for work that must not delay that answer.
        self.ready: list[Callable[[], None]] = []
        self._ready_done = False
        if access is not None:
            access.on_rotate(self._rotated)

    # -- helpers ----------------------------------------------------------------------------
    def host_ok(self, header: str | None) -> bool:
        parsed = split_host(header or "")
        if parsed is None:
            return False
        name, port = parsed
        return name in self.hosts and port in (None, self.port)

    def device(self, headers: dict[str, str]) -> str | None:
        return self._device(headers)[0]

    def _device(self, headers: dict[str, str]) -> tuple[str | None, str | None]:
        """The device of a request's cookie, and its new token where the cookie is to be
        signed again (the device kept at a new code, still holding its cookie of before)."""
        token = _cookies(headers.get("cookie")).get(self.cookie)
        if self.access is None:
            return self.local_devices.device_of(token), None
        return self.access.check(token)

    async def _followed(self) -> bool:
        """Read the history's code now (at most twice a second, off the event loop): a
        request that fails may be the first to see a new code made on another server.
        True when it had changed."""
        access = self.access
        if access is None or access.read_within(REFRESH_SECONDS):
            return False
        try:
            return await asyncio.to_thread(access.refresh, max_age=REFRESH_SECONDS)
        except Exception as exc:  # the database is away: what this server knows stays
            log.debug("reading the access code failed: %s", exc)
            return False

    def _rotated(self, _code: str, keep: str | None) -> None:
        """A new code (made here or on another server of the history): every open
        connection of another device is closed now (thread-safe), and its page reloads to
        the join screen (see ``companion.webapp``'s page script)."""
        for live in list(self.live.values()):
            if live.device != keep:
                live.close()

    # -- ASGI -------------------------------------------------------------------------------
    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await self._call(scope, receive, send)
        finally:
            if not self._ready_done and scope["type"] == "http":
                self._now_ready()

    async def _call(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "lifespan":
            await self.app(scope, receive, self._lifespan_send(send))
            return
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {
            k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])
        }
        if not self.host_ok(headers.get("host")):
            await self._plain(
                scope, receive, send, 400, "This server does not answer to that address."
            )
            return
        if kind == "websocket":
            await self._websocket(scope, receive, send, headers)
        else:
            await self._http(scope, receive, send, headers)

    def _lifespan_send(self, send: Send) -> Send:
        async def forward(message: Message) -> None:
            if message.get("type") == "lifespan.shutdown.complete" and self.uploads is not None:
                # Here, not after the server returns: on SIGTERM uvicorn raises the signal
                # again once it has shut down, and the process ends without unwinding.
                self.uploads.close()
            await send(message)
            if message.get("type") == "lifespan.startup.complete":
                asyncio.get_running_loop().call_later(1.0, self._now_ready)

        return forward

    def _now_ready(self) -> None:
        if not self._ready_done:
            self._ready_done = True
            for callback in self.ready:
                callback()

    async def _plain(
        self, scope: Scope, receive: Receive, send: Send, status: int, text: str
    ) -> None:
        body = text.encode("utf-8")
        if scope["type"] == "websocket":
            await receive()  # websocket.connect
            if "websocket.http.response" in scope.get("extensions", {}):
                await send(
                    {
                        "type": "websocket.http.response.start",
                        "status": status,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8")],
                    }
                )
                await send({"type": "websocket.http.response.body", "body": body})
            else:
                await send({"type": "websocket.close", "code": 1008})
            return
        await self._respond(scope, send, status, body, b"text/plain; charset=utf-8")

    async def _respond(
        self,
        scope: Scope,
        send: Send,
        status: int,
        body: bytes,
        content_type: bytes,
        extra: list[tuple[bytes, bytes]] | None = None,
    ) -> None:
        extra = extra or []
        given = {k for k, _ in extra}
        headers = [
            (b"content-type", content_type),
            (b"content-length", str(len(body)).encode()),
            (b"cache-control", b"no-store"),
            *[(k, v) for k, v in SAFE_HEADERS if k not in given],
            *extra,
        ]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send(
            {"type": "http.response.body", "body": b"" if scope.get("method") == "HEAD" else body}
        )

    def _cookie_header(self, token: str) -> tuple[bytes, bytes]:
        value = f"{self.cookie}={token}; Path=/; Max-Age={COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax"
        return b"set-cookie", value.encode("latin-1")

    def _passing(
        self, send: Send, cookie: str | None = None, *, status: list[int] | None = None
    ) -> Send:
        """Flet's responses, without a wildcard CORS header and with ours added (and their
        status appended to ``status``)."""

        async def forward(message: Message) -> None:
            if message.get("type") == "http.response.start":
                if status is not None:
                    status.append(int(message.get("status", 0)))
                kept = [
                    (k, v)
                    for k, v in message.get("headers", [])
                    if k.lower() != b"access-control-allow-origin"
                ]
                present = {k.lower() for k, _ in kept}
                kept += [(k, v) for k, v in SAFE_HEADERS if k not in present]
                if cookie is not None:
                    kept.append(self._cookie_header(cookie))
                message = {**message, "headers": kept}
            await send(message)

        return forward

    def _renewing(self, send: Send, token: str) -> Send:
        """``send`` that sets the device's cookie again on the WebSocket's acceptance."""
        header = self._cookie_header(token)

        async def forward(message: Message) -> None:
            if message.get("type") == "websocket.accept":
                message = {**message, "headers": [*message.get("headers", []), header]}
            await send(message)

        return forward

    # -- HTTP -------------------------------------------------------------------------------
    async def _http(
        self, scope: Scope, receive: Receive, send: Send, headers: dict[str, str]
    ) -> None:
        if scope["method"] == "PUT" and scope["path"] == UPLOAD_PATH and self.uploads is not None:
            await self._upload(scope, receive, send, headers, self.uploads)
            return
        if scope["method"] not in ("GET", "HEAD"):
            await self._respond(
                scope,
                send,
                405,
                b"Only GET and HEAD are served here.\n",
                b"text/plain; charset=utf-8",
                [(b"allow", b"GET, HEAD")],
            )
            return
        path: str = scope["path"]
        if path in BLOCKED_PATHS:
            await self._respond(scope, send, 404, b"Not found.\n", b"text/plain; charset=utf-8")
            return
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        codes = [v for k, v in query if k == "code"]
        rest = [(k, v) for k, v in query if k != "code"]
        # Only ever a path on this server: "//evil.example" (or a backslash instead of a
        # slash) must not turn into an address elsewhere once the code is taken out.
        local = "/" + path.lstrip("/\\")
        clean = quote(local, safe="/%:@!$&'()*+,;=-._~") + (f"?{urlencode(rest)}" if rest else "")
        device, renewed = self._device(headers)
        # A cookie this server does not take: signed under a new code another server just
        # made? (The new code's own page, on a second server of the club.)
        refused = device is None and self.cookie in headers.get("cookie", "")
        if refused and self.access is not None and await self._followed():
            device, renewed = self._device(headers)
        if self.access is None or device is not None:
            if codes:  # the printed address again: the code leaves the address bar
                await self._redirect(scope, send, clean, renewed)
                return
            cookie = renewed
            if device is None and "." not in path.rsplit("/", 1)[-1]:
                cookie = self.local_devices.admit()[1]  # a page, not an asset: say who
            await self.app(scope, receive, self._passing(send, cookie))
            return
        if not codes and path in self.public_paths:  # what installing needs, exact paths only
            await self.app(scope, receive, self._passing(send))
            return
        client = scope["client"][0] if scope.get("client") else ""
        if not codes:
            # A cookie that no longer opens the app: this device had joined before a new code.
            await self._join(scope, send, 403, changed=refused)
            return
        wait = self.throttle.wait(client)
        if wait > 0:
            await self._join(scope, send, 429, wait=wait)
            return
        self.checked += 1
        if self.access.matches(codes[-1]) or (
            await self._followed() and self.access.matches(codes[-1])
        ):
            self.throttle.succeeded(client)
            await self._redirect(scope, send, clean, self.access.admit()[1])
            return
        self.throttle.failed(client)
        await asyncio.sleep(WRONG_CODE_DELAY)
        wait = self.throttle.wait(client)
        if wait > 0:
            await self._join(scope, send, 429, wait=wait)
        else:
            await self._join(scope, send, 403, wrong=normal_code(codes[-1]) or "")

    async def _upload(
        self,
        scope: Scope,
        receive: Receive,
        send: Send,
        headers: dict[str, str],
        uploads: Uploads,
    ) -> None:
        """A file for an import: only from a joined device on the app's own page, only under
        a name the app awaits, never larger than the import takes; nothing kept if it fails."""
        plain = b"text/plain; charset=utf-8"
        if headers.get("origin", "").lower().rstrip("/") not in self.origins:
            await self._respond(scope, send, 403, b"Uploads come from the app's pages.\n", plain)
            return
        if self.access is not None and self.device(headers) is None:
            await self._respond(scope, send, 403, b"Join with the access code first.\n", plain)
            return
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1")[:2000])
        names = [v for k, v in query if k == "f"]
        name = names[0] if len(names) == 1 else ""
        if not uploads.expected(name):
            await self._respond(scope, send, 403, b"No upload is expected here.\n", plain)
            return
        length = headers.get("content-length", "")
        if length and (not length.isdigit() or int(length) > uploads.max_bytes):
            body = f"The file is larger than {uploads.max_bytes:,} bytes.\n".encode()
            await self._respond(scope, send, 413, body, plain)
            return
        status: list[int] = []

        async def counted() -> Message:
            message = await receive()
            if message.get("type") == "http.request":
                uploads.add_received(name, len(message.get("body", b"")))
            return message

        try:
            await self.app(scope, counted, self._passing(send, status=status))
        finally:
            if not status or not 200 <= status[0] < 300 or not uploads.expected(name):
                uploads.drop_file(name)  # a part of a file, or one nobody waits for now

    async def _redirect(
        self, scope: Scope, send: Send, location: str, token: str | None = None
    ) -> None:
        extra = [
            (b"location", location.encode("ascii", "replace")),
            (b"referrer-policy", b"no-referrer"),
        ]
        if token is not None:
            extra.append(self._cookie_header(token))
        await self._respond(scope, send, 303, b"", b"text/plain; charset=utf-8", extra)

    async def _join(
        self,
        scope: Scope,
        send: Send,
        status: int,
        *,
        wait: float = 0,
        wrong: str | None = None,
        changed: bool = False,
    ) -> None:
        extra = [(b"referrer-policy", b"no-referrer")]
        if wait > 0:
            extra.append((b"retry-after", str(int(wait) + 1).encode()))
        installable = "/manifest.json" in self.public_paths
        page = join_page(wait=wait, wrong=wrong, installable=installable, changed=changed)
        await self._respond(scope, send, status, page, b"text/html; charset=utf-8", extra)

    # -- WebSocket --------------------------------------------------------------------------
    async def _websocket(
        self, scope: Scope, receive: Receive, send: Send, headers: dict[str, str]
    ) -> None:
        origin = headers.get("origin", "").lower().rstrip("/")
        if origin not in self.origins:
            await self._plain(scope, receive, send, 403, "This app only talks to its own pages.")
            return
        device, renewed = self._device(headers)
        if self.access is not None and device is None and await self._followed():
            device, renewed = self._device(headers)
        if self.access is not None and device is None:
            await self._plain(scope, receive, send, 403, "Join with the access code first.")
            return
        client = scope["client"][0] if scope.get("client") else ""
        if sum(1 for c in self.live.values() if c.ip == client) >= self.live_per_client:
            await self._plain(
                scope, receive, send, 429, "Too many open connections from this device."
            )
            return
        live = _Live(ip=client, device=device, loop=asyncio.get_running_loop())
        key = id(live)
        self.live[key] = live
        who = Client(ip=client, device=device)
        context = _client.set(who)
        if renewed is not None:
            send = self._renewing(send, renewed)
        try:
            await self.app(scope, *_closable(live, receive, send))
        except Exception as exc:
            # The browser went away while Flet was still sending: a normal end, not an error.
            if type(exc).__name__ not in ("WebSocketDisconnect", "ClientDisconnected"):
                raise
        finally:
            _client.reset(context)
            self.live.pop(key, None)
            await _release(who, self.session_seconds)


class _LocalDevices:
    """Device ids for browsers on loopback (no access code): signed, kept for this run."""

    def __init__(self) -> None:
        self._signer = AccessCode(_NoSettings(), code="", secret=secrets.token_hex(32))

    def admit(self) -> tuple[str, str]:
        return self._signer.admit()

    def device_of(self, token: object) -> str | None:
        return self._signer.device_of(token)


class _NoSettings:
    def get_setting(self, key: str, default: Any = None) -> Any:
        return default

    def set_setting(self, key: str, value: Any) -> None:
        raise RuntimeError("loopback devices are not saved")


def _closable(live: _Live, receive: Receive, send: Send) -> tuple[Receive, Send]:
    """``receive``/``send`` for Flet that end the connection when ``live.closing`` is set."""
    closed = False
    pending: asyncio.Future[Message] | None = None

    async def close_now() -> None:
        nonlocal closed
        if not closed:
            closed = True
            with contextlib.suppress(Exception):  # already gone
                await send(
                    {"type": "websocket.close", "code": 4001, "reason": "The access code changed"}
                )

    async def guarded_receive() -> Message:
        nonlocal pending
        if live.closing.is_set():
            await close_now()
            return {"type": "websocket.disconnect", "code": 4001}
        if pending is None:
            pending = asyncio.ensure_future(receive())
        waiter: asyncio.Future[Any] = asyncio.ensure_future(live.closing.wait())
        try:
            await asyncio.wait([pending, waiter], return_when=asyncio.FIRST_COMPLETED)
        finally:
            waiter.cancel()
        if pending.done():
            message, pending = pending.result(), None
            return message
        await close_now()
        return {"type": "websocket.disconnect", "code": 4001}

    async def guarded_send(message: Message) -> None:
        if closed:
            return  # Flet may still flush; the connection is gone
        await send(message)

    return guarded_receive, guarded_send


# ------------------------------------------------------------------------------ building


def build_app(
    main: Callable[[Any], Any],
    *,
    host: str,
    port: int,
    access: AccessCode | None = None,
    extra_hosts: Iterable[str] = (),
    assets_dir: str | None = None,
    app_name: str = APP_NAME,
    app_short_name: str = APP_SHORT_NAME,
    app_description: str = APP_DESCRIPTION,
    no_cdn: bool = True,
    session_minutes: float = SESSION_MINUTES,
    live_per_client: int = LIVE_PER_CLIENT,
    kept_per_client: int = KEPT_PER_CLIENT,
    kept_in_all: int = KEPT_IN_ALL,
    throttle: Throttle | None = None,
    public_paths: Iterable[str] = (),
    uploads: Uploads | None = None,
) -> Guard:
    """The whole web app for Flet's ``main``, served on ``host``:``port``, as an ASGI app.

    ``access`` is required unless ``host`` is a loopback address (then leave it None).
    ``extra_hosts`` are further names the server answers to (a DNS name of this machine).
    ``assets_dir``, ``app_name``, ``app_short_name`` and ``app_description`` go to Flet (icons
    and fonts, the web manifest); ``session_minutes`` is how long a disconnected session is
    kept. The live/kept limits and the ``throttle`` of wrong codes bound what one client (and
    everyone together) can make the server hold. ``public_paths`` (exact paths: the web app
    manifest and icons in ``assets_dir``) are served without the access code too.
    ``uploads`` is where browsers may upload files to import (:mod:`companion.uploads`);
    without it the server takes none.
    """
    if access is None and not is_loopback(host):
        raise ValueError(f"host: serving on {host!r} reaches the network and needs an access code")
    if not 0 < session_minutes <= 24 * 60:
        raise ValueError(f"session_minutes: expected 0 to 1440 minutes, got {session_minutes!r}")
    import flet_web.fastapi as flet_fastapi

    _install_session_limits(kept_per_client, kept_in_all)
    session_seconds = max(1, round(session_minutes * 60))
    flet_app = flet_fastapi.app(
        main,
        assets_dir=assets_dir,
        app_name=app_name,
        app_short_name=app_short_name,
        app_description=app_description,
        no_cdn=no_cdn,
        session_timeout_seconds=session_seconds,
        **(
            {
                "upload_dir": str(uploads.folder),
                "max_upload_size": uploads.max_bytes,
                "secret_key": uploads.secret,
            }
            if uploads is not None
            else {}
        ),
    )
    # The web client's files compressed and cached (companion.webstatic); the rest is Flet's.
    static = WebStatic(flet_app, assets_dir=assets_dir, version=__version__)
    hosts = set(LOOPBACK_NAMES) | {h.lower() for h in extra_hosts}
    if host in ALL_INTERFACES:
        hosts |= local_names()
    else:
        hosts.add(host.lower().strip("[]"))
        try:
            if ipaddress.ip_address(host.strip("[]")).is_unspecified:
                hosts |= local_names()
        except ValueError:
            pass
    guard = Guard(
        static,
        port=port,
        hosts=hosts,
        access=access,
        throttle=throttle,
        live_per_client=live_per_client,
        session_seconds=session_seconds,
        public_paths=public_paths,
        uploads=uploads,
    )
    guard.ready.append(static.start)  # compress what is missing once the server answers
    return guard


def serve(app: Guard, *, host: str, port: int) -> None:
    """Run ``app`` under uvicorn until Ctrl+C or SIGTERM (blocks)."""
    import uvicorn

    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        ws="websockets-sansio",
        log_level="warning",
        access_log=False,
        lifespan="on",
        proxy_headers=False,  # the client's address is the socket's, never a header's
        server_header=False,
        timeout_graceful_shutdown=3,
    )
    bound_logs()  # (uvicorn has set up its handlers by now)
    uvicorn.Server(config).run()


__all__ = [
    "Client",
    "Guard",
    "build_app",
    "current_device",
    "device_of",
    "serve",
]
