"""The real server's answers to a phone: compressed and cached where they are the web client,
never cached where they carry a player's data, and the access code still asked for first.

A server bound to 127.0.0.2 stands in for one on the network (it needs the access code).
"""

from __future__ import annotations

import gzip
import re
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from companion import webapp, webstatic
from companion.history import open_store
from companion.tools.browser import AppServer

NOTES = "Carol keeps the bank"
LAN = "127.0.0.2"
#: What lets a browser keep an answer or ask for it again by validator.
CACHING = ("etag", "last-modified", "expires")


@pytest.fixture(scope="module")
def lan_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    folder = tmp_path_factory.mktemp("caching")
    with open_store(f"sqlite:///{folder / 'history.sqlite3'}") as store:
        store.record_play("Catan", [("Carol", 3), ("Dan", 5)], notes=NOTES)
    url = f"sqlite:///{folder / 'history.sqlite3'}"
    with AppServer(url, host=LAN, log_path=folder / "server.log") as server:
        yield server


@pytest.fixture(scope="module")
def cookie(lan_server: AppServer) -> str:
    response = httpx.get(lan_server.printed_url)
    assert response.status_code == 303
    return response.headers["set-cookie"].split(";")[0]


def not_cacheable(response: httpx.Response) -> None:
    for name in CACHING:
        assert name not in response.headers, name
    control = response.headers.get("cache-control", "")
    assert "max-age" not in control and "immutable" not in control and "public" not in control


def base(server: AppServer, cookie: str) -> str:
    page = httpx.get(server.url + "/", headers={"Cookie": cookie}).text
    found = re.search(r'flet\.entrypointBaseUrl = "(/static/[^"]+/)"', page)
    assert found, page
    return found.group(1)


def test_without_the_code_the_versioned_files_are_the_join_screen_uncached(
    lan_server: AppServer, cookie: str
) -> None:
    address = base(lan_server, cookie)
    for path in ("/", address + "main.dart.wasm", address + "assets/FontManifest.json"):
        response = httpx.get(lan_server.url + path, headers={"Accept-Encoding": "gzip"})
        assert response.status_code == 403, path
        assert "Join the table" in response.text and "flutter" not in response.text.lower()
        assert response.headers["cache-control"] == "no-store"
        not_cacheable(response)


def test_the_install_files_are_small_and_validated_without_the_code(lan_server: AppServer) -> None:
    for path in ("/manifest.json", "/icons/icon-192.png", "/favicon.png"):
        first = httpx.get(lan_server.url + path, headers={"Accept-Encoding": "gzip"})
        assert first.status_code == 200 and first.headers["cache-control"] == "no-cache"
        again = httpx.get(
            lan_server.url + path,
            headers={"Accept-Encoding": "gzip", "If-None-Match": first.headers["etag"]},
        )
        assert again.status_code == 304 and again.content == b""
        assert "set-cookie" not in first.headers
    manifest = httpx.get(lan_server.url + "/manifest.json", headers={"Accept-Encoding": "gzip"})
    assert manifest.headers["content-encoding"] == "gzip"
    assert manifest.json()["name"] == webapp.APP_NAME


def test_a_joined_phone_gets_the_page_validated_and_the_client_kept(
    lan_server: AppServer, cookie: str
) -> None:
    page = httpx.get(lan_server.url + "/history/play/1", headers={"Cookie": cookie})
    assert page.status_code == 200 and page.headers["cache-control"] == "no-cache"
    assert NOTES not in page.text  # the page is the same for everyone: the data comes later
    again = httpx.get(
        lan_server.url + "/history/play/1",
        headers={"Cookie": cookie, "If-None-Match": page.headers["etag"]},
    )
    assert again.status_code == 304
    address = base(lan_server, cookie)
    for name in ("main.dart.mjs", "flutter_bootstrap.js", webapp.FONT_FILES[1]):
        # identity: a compressed copy made between the two requests would change the length
        plain = {"Cookie": cookie, "Accept-Encoding": "identity"}
        response = httpx.get(lan_server.url + address + name, headers=plain)
        assert response.status_code == 200, name
        assert response.headers["cache-control"] == "private, max-age=31536000, immutable"
        head = httpx.head(lan_server.url + address + name, headers=plain)
        assert head.status_code == 200 and head.content == b""
        assert head.headers["content-length"] == response.headers["content-length"]


def test_the_client_comes_compressed_once_its_copies_are_made(
    lan_server: AppServer, cookie: str
) -> None:
    """The server compresses in the background after its first answer (at once where an
    earlier start already did): wait for the copy, then it is the file, byte for byte."""
    address = base(lan_server, cookie)
    url = lan_server.url + address + "main.dart.mjs"
    headers = {"Cookie": cookie, "Accept-Encoding": "gzip"}
    deadline = time.monotonic() + 300
    with httpx.Client() as client:
        while True:
            with client.stream("GET", url, headers=headers) as response:
                raw = b"".join(response.iter_raw())
            if response.headers.get("content-encoding") == "gzip" or time.monotonic() > deadline:
                break
            time.sleep(0.5)
    assert response.headers.get("content-encoding") == "gzip"
    assert int(response.headers["content-length"]) == len(raw)
    original = (webstatic.flet_web_dir() / "main.dart.mjs").read_bytes()
    assert gzip.decompress(raw) == original and len(raw) < len(original) / 2
    plain = httpx.get(url, headers={"Cookie": cookie, "Accept-Encoding": "identity"})
    assert plain.content == original and "content-encoding" not in plain.headers


def test_nothing_that_carries_a_players_data_is_cacheable(
    lan_server: AppServer, cookie: str
) -> None:
    ws_url = lan_server.url.replace("http://", "ws://") + "/ws"
    with connect(
        ws_url,
        origin=lan_server.url,  # type: ignore[arg-type]
        additional_headers={"Cookie": cookie},
        open_timeout=10,
    ) as ws:
        handshake = ws.response
    assert handshake is not None
    for name in (*CACHING, "cache-control"):
        assert name not in {k.lower() for k in handshake.headers}, name
    upload = lan_server.url + "/upload?f=" + "0" * 32 + ".json&e=2999-01-01T00%3A00%3A00&s=x"
    refused = httpx.put(
        upload,
        content=b"{}",
        headers={"Cookie": cookie, "Origin": lan_server.url, "Content-Type": "text/plain"},
    )
    assert refused.status_code == 403
    not_cacheable(refused)
    wrong = httpx.get(lan_server.url + "/?code=WRONG9", headers={"Accept-Encoding": "gzip"})
    not_cacheable(wrong)


def test_the_page_is_the_same_for_every_phone(lan_server: AppServer, cookie: str) -> None:
    """So it may be validated: nothing of a session or a device is in it."""
    other = httpx.get(lan_server.printed_url).headers["set-cookie"].split(";")[0]
    mine = httpx.get(lan_server.url + "/", headers={"Cookie": cookie})
    theirs = httpx.get(lan_server.url + "/", headers={"Cookie": other})
    assert mine.content == theirs.content and mine.headers["etag"] == theirs.headers["etag"]
    assert cookie.split("=", 1)[1] not in mine.text


def test_the_cache_folder_is_the_users(tmp_path: Path) -> None:
    assert webstatic.default_cache_dir().parts[-2:] == ("merchants-companion", "web")
