"""Only the table gets in: the real server, tried as a stranger would, over HTTP and WebSocket.

A server bound to 127.0.0.2 stands in for one on the network (it needs the access code); one
on 127.0.0.1 is the default that needs none. The raw WebSocket client speaks Flet's protocol
(a msgpack ``REGISTER_CLIENT``) and looks for a play's notes in what comes back, so a refused
handshake is checked against an accepted one that really does see the data.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import msgpack
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from companion import webapp
from companion.access import Throttle
from companion.history import open_store
from companion.tools.browser import AppServer

NOTES = "Alice owes Bob 20 EUR"
LAN = "127.0.0.2"  # stands in for the computer's address on the network
REGISTER = 1  # flet.messaging.protocol.MessageAction.REGISTER_CLIENT


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("security") / "history.sqlite3"
    with open_store(f"sqlite:///{path}") as store:
        store.record_play("Catan", [("Alice", 3), ("Bob", 5)], notes=NOTES)
    return f"sqlite:///{path}"


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("logs")


@pytest.fixture(scope="module")
def lan_server(history: str, logs: Path) -> Iterator[AppServer]:
    with AppServer(history, host=LAN, log_path=logs / "lan.log") as server:
        yield server


@pytest.fixture(scope="module")
def local_server(history: str, logs: Path) -> Iterator[AppServer]:
    with AppServer(history, log_path=logs / "local.log") as server:
        yield server


def ws_url(server: AppServer) -> str:
    return server.url.replace("http://", "ws://") + "/ws"


def join(server: AppServer) -> str:
    """The device cookie a browser gets for opening the printed address."""
    response = httpx.get(server.printed_url)
    assert response.status_code == 303
    cookie = response.headers["set-cookie"].split(";")[0]
    assert cookie.startswith(f"companion_device_{server.port}=")
    return cookie


def session(
    server: AppServer,
    *,
    origin: str | None = None,
    cookie: str | None = None,
    route: str = "/history/play/1",
    local_address: str | None = None,
    session_id: str | None = None,
) -> tuple[str, bytes]:
    """Open a raw Flet session; (its id, everything received), or raise InvalidStatus.

    ``origin`` defaults to the server's own; ``""`` sends no Origin header at all.
    """
    with raw_socket(server, origin=origin, cookie=cookie, local_address=local_address) as ws:
        register(ws, route, session_id)
        frames: list[bytes] = []
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and NOTES.encode() not in b"".join(frames):
            reading_notes = route == "/history/play/1"
            try:
                frames.append(bytes(ws.recv(timeout=1 if reading_notes or not frames else 0.3)))
            except TimeoutError:
                if frames and not reading_notes:
                    break
    assert frames, "the server sent nothing"
    time.sleep(0.3)  # let the server see the disconnect before the next connection
    first = msgpack.unpackb(frames[0][1:], strict_map_key=False, raw=False)
    received = b"".join(frames)
    assert first[0] == REGISTER
    return str(first[1]["session_id"]), received


def raw_socket(
    server: AppServer,
    *,
    origin: str | None = None,
    cookie: str | None = None,
    local_address: str | None = None,
) -> Any:
    extra: dict[str, Any] = {}
    if local_address:
        extra["source_address"] = (local_address, 0)
    return connect(
        ws_url(server),
        origin=(server.url if origin is None else origin) or None,  # type: ignore[arg-type]
        additional_headers={"Cookie": cookie} if cookie else {},
        open_timeout=10,
        **extra,
    )


def register(ws: Any, route: str = "/", session_id: str | None = None) -> None:
    page = {"route": route, "width": 390, "height": 844, "web": True}
    body = {"session_id": session_id, "page_name": "", "page": page}
    ws.send(b"\x00" + msgpack.packb([REGISTER, body]))


def refused(call: Any) -> int:
    with pytest.raises(InvalidStatus) as info:
        call()
    return int(info.value.response.status_code)


# ------------------------------------------------------------------------- the network


def test_the_terminal_says_the_app_is_reachable_and_prints_the_address_with_the_code(
    lan_server: AppServer,
) -> None:
    output = lan_server.output()
    assert "reachable from the network" in output
    assert f"{lan_server.url}/?code={lan_server.access_code}" in output
    code = lan_server.access_code
    assert code is not None and len(code) == 6


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/history/play/1",
        "/settings",
        "/main.dart.js",
        "/ws",
        "/index.html",
        "/assets/FontManifest.json",
        "/assets/fonts/DejaVuSansCondensed.ttf",
        "/icons/",
        "/icons/icon-192.png/x",
        "/manifest.json/",
    ],
)
def test_without_the_code_every_path_is_the_join_screen(lan_server: AppServer, path: str) -> None:
    response = httpx.get(lan_server.url + path)
    assert response.status_code == 403
    assert response.headers["content-type"].startswith("text/html")
    assert "Join the table" in response.text
    assert NOTES not in response.text
    assert "flutter" not in response.text.lower()  # no app, no control tree
    assert "access-control-allow-origin" not in response.headers


def test_without_the_code_a_phone_can_still_install_the_app(lan_server: AppServer) -> None:
    """The join screen links the manifest and icons, which need no code (they hold no data)."""
    page = httpx.get(lan_server.url + "/").text
    assert '<link rel="manifest" href="/manifest.json">' in page
    assert '<link rel="apple-touch-icon" href="/icons/apple-touch-icon-192.png">' in page
    response = httpx.get(lan_server.url + "/manifest.json")
    assert response.status_code == 200 and "set-cookie" not in response.headers
    manifest = response.json()
    assert manifest["name"] == webapp.APP_NAME and manifest["display"] == "standalone"
    assert manifest["start_url"] == "."  # the installed app opens the join screen, then the app
    icons = [icon["src"] for icon in manifest["icons"]] + ["icons/apple-touch-icon-192.png"]
    for src in icons:
        icon = httpx.get(f"{lan_server.url}/{src}")
        assert icon.status_code == 200, src
        assert icon.headers["content-type"] == "image/png"
        assert icon.content.startswith(b"\x89PNG")
        assert "access-control-allow-origin" not in icon.headers
    assert httpx.head(lan_server.url + "/favicon.png").status_code == 200


def test_without_the_code_no_websocket_no_data_no_events(lan_server: AppServer) -> None:
    assert refused(lambda: session(lan_server)) == 403
    # A forged cookie is no better than none.
    forged = f"companion_device_{lan_server.port}=abcdefghijkl.{'x' * 32}"
    assert refused(lambda: session(lan_server, cookie=forged)) == 403


def test_the_printed_address_lets_a_device_in_and_it_stays_in(lan_server: AppServer) -> None:
    response = httpx.get(lan_server.printed_url)
    assert response.status_code == 303
    assert response.headers["location"] == "/"  # the code leaves the address bar
    assert "HttpOnly" in response.headers["set-cookie"]
    assert "SameSite=Lax" in response.headers["set-cookie"]
    cookie = response.headers["set-cookie"].split(";")[0]
    page = httpx.get(lan_server.url + "/history", headers={"Cookie": cookie})
    assert page.status_code == 200 and "flutter" in page.text.lower()
    assert "access-control-allow-origin" not in page.headers
    _, received = session(lan_server, cookie=cookie)
    assert NOTES.encode() in received  # the control: a joined device does read the play


def test_the_code_is_kept_with_the_path_and_other_parameters(lan_server: AppServer) -> None:
    code = lan_server.access_code
    response = httpx.get(f"{lan_server.url}/history/play/1?code={code.lower()}&x=1")  # type: ignore[union-attr]
    assert response.status_code == 303
    assert response.headers["location"] == "/history/play/1?x=1"
    # Never a redirect to another site once the code is taken out of the address.
    for trick in ("//evil.example/", "/\\evil.example/"):
        sneaky = httpx.get(f"{lan_server.url}{trick}?code={code}")
        assert sneaky.status_code == 303
        assert sneaky.headers["location"] == "/evil.example/"


def test_a_wrong_code_is_refused_slowed_and_limited(lan_server: AppServer) -> None:
    # From an address of its own, so the other tests' client is not held up.
    transport = httpx.HTTPTransport(local_address="127.0.0.9")
    with httpx.Client(transport=transport) as client:
        started = time.monotonic()
        response = client.get(f"{lan_server.url}/?code=WRONG1")
        assert time.monotonic() - started >= 0.9
        assert response.status_code == 403
        assert "That is not the code" in response.text
        assert "set-cookie" not in response.headers
        for _ in range(Throttle().free - 1):
            client.get(f"{lan_server.url}/?code=WRONG1")
        # Now even the right code waits: the client is held off, and told for how long.
        held = client.get(lan_server.printed_url)
        assert held.status_code == 429
        assert int(held.headers["retry-after"]) >= 25
        assert "Too many wrong codes" in held.text
        assert "set-cookie" not in held.headers
    # Another client is not affected.
    assert httpx.get(lan_server.printed_url).status_code == 303


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://127.0.0.2:1"])
def test_a_foreign_origin_is_refused_on_the_network_address(
    lan_server: AppServer, origin: str
) -> None:
    cookie = join(lan_server)
    assert refused(lambda: session(lan_server, cookie=cookie, origin=origin)) == 403


@pytest.mark.parametrize("host", ["evil.example", f"evil.example:{8550}", "127.0.0.3", ""])
def test_a_foreign_host_is_refused(lan_server: AppServer, host: str) -> None:
    response = httpx.get(lan_server.url + "/", headers={"Host": host})
    assert response.status_code == 400
    cookie = join(lan_server)
    with (
        pytest.raises(InvalidStatus) as info,
        connect(
            ws_url(lan_server),
            origin=lan_server.url,  # type: ignore[arg-type]
            additional_headers={"Cookie": cookie, "Host": host or "x"},
            open_timeout=10,
        ),
    ):
        pass
    assert info.value.response.status_code == 400


def test_only_get_and_head_and_no_generated_pages(lan_server: AppServer) -> None:
    cookie = join(lan_server)
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        response = httpx.request(method, lan_server.url + "/", headers={"Cookie": cookie})
        assert response.status_code == 405
    for path in ("/docs", "/redoc", "/openapi.json", "/oauth_callback"):
        assert httpx.get(lan_server.url + path, headers={"Cookie": cookie}).status_code == 404


def test_an_upload_needs_the_access_cookie_like_every_request(lan_server: AppServer) -> None:
    # The real server, as a stranger on the network tries it: Flet's upload endpoint is
    # behind the same door (its signed address alone lets nobody in).
    url = lan_server.url + "/upload?f=" + "0" * 32 + ".json&e=2999-01-01T00%3A00%3A00&s=x"
    headers = {"origin": lan_server.url, "content-type": "application/octet-stream"}
    stranger = httpx.put(url, content=b'{"plays": []}', headers=headers)
    assert stranger.status_code == 403 and "access code" in stranger.text
    with_code = httpx.put(f"{url}&code={lan_server.access_code}", content=b"{}", headers=headers)
    assert with_code.status_code == 403  # the code in the address admits pages, not uploads
    joined = httpx.put(url, content=b"{}", headers={**headers, "Cookie": join(lan_server)})
    assert joined.status_code == 403 and "No upload is expected" in joined.text
    assert NOTES not in stranger.text + with_code.text + joined.text


def test_pages_cannot_be_framed_by_other_sites(lan_server: AppServer) -> None:
    response = httpx.get(lan_server.url + "/", headers={"Cookie": join(lan_server)})
    assert response.headers["x-frame-options"] == "SAMEORIGIN"
    assert "frame-ancestors 'self'" in response.headers["content-security-policy"]


# --------------------------------------------------------------------------- loopback


def test_loopback_needs_no_code(local_server: AppServer) -> None:
    assert local_server.access_code is None
    assert "Only this computer can open it" in local_server.output()
    response = httpx.get(local_server.url + "/history")
    assert response.status_code == 200 and "flutter" in response.text.lower()
    assert "access-control-allow-origin" not in response.headers
    _, received = session(local_server)
    assert NOTES.encode() in received


@pytest.mark.parametrize(
    "origin", ["http://evil.example", "null", "http://127.0.0.1:1", "http://localhost.evil"]
)
def test_a_foreign_origin_is_refused_on_loopback(local_server: AppServer, origin: str) -> None:
    assert refused(lambda: session(local_server, origin=origin)) == 403


def test_a_websocket_without_any_origin_is_refused(local_server: AppServer) -> None:
    assert refused(lambda: session(local_server, origin="")) == 403


def test_localhost_names_are_the_apps_own(local_server: AppServer) -> None:
    for name in ("localhost", "127.0.0.1"):
        origin = f"http://{name}:{local_server.port}"
        _, received = session(local_server, origin=origin)
        assert NOTES.encode() in received


def test_dns_rebinding_is_refused_on_loopback(local_server: AppServer) -> None:
    response = httpx.get(
        local_server.url + "/", headers={"Host": f"evil.example:{local_server.port}"}
    )
    assert response.status_code == 400


# ---------------------------------------------------------------------------- sessions


def test_live_connections_per_client_are_capped(local_server: AppServer) -> None:
    from companion.server import LIVE_PER_CLIENT

    with ExitStack() as opened:
        for _ in range(LIVE_PER_CLIENT):
            ws = opened.enter_context(raw_socket(local_server, local_address="127.0.0.5"))
            register(ws)
            ws.recv(timeout=10)
        status = refused(lambda: raw_socket(local_server, local_address="127.0.0.5"))
        assert status == 429
        # Another client still gets in.
        session(local_server, local_address="127.0.0.6", route="/")
    time.sleep(0.5)
    # Once closed, the same client gets in again.
    session(local_server, local_address="127.0.0.5", route="/")


def test_kept_sessions_per_client_are_capped_oldest_first(local_server: AppServer) -> None:
    """A stranger opening and closing sessions over and over cannot pile them up: beyond the
    cap the oldest disconnected one is gone (coming back with its id gives a new session),
    while a recent one is still there (its id is honoured)."""
    from companion.server import KEPT_PER_CLIENT

    ids = [
        session(local_server, local_address="127.0.0.7", route="/")[0]
        for _ in range(KEPT_PER_CLIENT + 3)
    ]
    oldest, newest = ids[0], ids[-1]
    again_newest, _ = session(local_server, local_address="127.0.0.7", route="/", session_id=newest)
    assert again_newest == newest
    again_oldest, _ = session(local_server, local_address="127.0.0.7", route="/", session_id=oldest)
    assert again_oldest != oldest


def test_disconnected_sessions_expire_in_the_time_asked(history: str, logs: Path) -> None:
    with AppServer(
        history, extra_args=("--session-minutes", "0.02"), log_path=logs / "expiry.log"
    ) as server:
        first, _ = session(server, route="/")
        kept, _ = session(server, route="/", session_id=first)
        assert kept == first  # back at once: the same session
        # Asked: 1.2 s; Flet sweeps expired sessions every 10 s.
        time.sleep(12)
        again, _ = session(server, route="/", session_id=first)
        assert again != first


def test_the_code_and_the_devices_are_kept_across_restarts_until_a_new_code(
    history: str, logs: Path
) -> None:
    from companion.access import AccessCode

    with AppServer(history, host=LAN, log_path=logs / "restarts.log") as server:
        code = server.access_code
        cookie = join(server)
        server.stop()
        server.start()
        assert server.access_code == code
        _, received = session(server, cookie=cookie)
        assert NOTES.encode() in received
        server.stop()
        with open_store(history) as store:
            AccessCode.load(store).rotate()  # what Settings' "New code" saves
        server.start()
        assert server.access_code not in (None, code)
        assert refused(lambda: session(server, cookie=cookie)) == 403
        _, received = session(server, cookie=join(server))
        assert NOTES.encode() in received


def test_a_huge_route_is_not_copied_into_the_log(
    history: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client may send a route (or anything) of megabytes: the log keeps a few hundred
    characters of it at most, even logging everything (Flet logs each message at DEBUG)."""
    monkeypatch.setenv("COMPANION_LOG", "DEBUG")
    log = tmp_path / "server.log"
    route = "/" + "x" * 10_000_000
    with AppServer(history, log_path=log) as server, raw_socket(server) as ws:
        ws.max_size = None
        register(ws, route)
        with contextlib.suppress(Exception):
            for _ in range(20):
                ws.recv(timeout=1)
        deadline = time.monotonic() + 10
        while "x" * 50 not in log.read_text(errors="replace") and time.monotonic() < deadline:
            time.sleep(0.1)
    written = log.read_text(errors="replace")
    assert "x" * 50 in written, "the route was not logged at all (nothing to check)"
    assert written.count("x") < 10_000, f"{written.count('x'):,} of the route's x logged"
    assert max(len(line) for line in written.splitlines()) <= 600
