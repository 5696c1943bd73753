"""The web client's files, compressed once and cached (companion.webstatic), over ASGI.

Flet's real web app (``flet_web.fastapi.app``, which patches the page, the manifest and the
font list) serves a small web client of our making (``FLET_WEB_PATH``) and the app's real
assets folder; :class:`WebStatic` sits in front of it with a cache folder of the test's own.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import brotli
import httpx
import pytest

from companion import webapp, webstatic
from companion.webstatic import WebStatic, accepted

HOST = "http://127.0.0.1:8550"


def _compressible(size: int, seed: int) -> bytes:
    """Bytes that compress, as a WebAssembly module does, but are not one repeated line."""
    words = [f"func_{(seed * 7919 + i * 104729) % 5003:x}" for i in range(size // 8)]
    return (" ".join(words)).encode()[:size]


@pytest.fixture
def web(tmp_path: Path) -> Path:
    """A web client like Flet's, small: its page, loader and lists as Flet ships them."""
    real = webstatic.flet_web_dir()
    folder = tmp_path / "web"
    for name in ("index.html", "flutter_bootstrap.js", "python.js", "manifest.json"):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes((real / name).read_bytes())
    (folder / "assets").mkdir()
    (folder / "assets/FontManifest.json").write_bytes(
        (real / "assets/FontManifest.json").read_bytes()
    )
    files = {
        "main.dart.wasm": _compressible(300_000, 1),
        "main.dart.mjs": _compressible(20_000, 2),
        "canvaskit/skwasm.wasm": _compressible(120_000, 3),
        "canvaskit/skwasm.js": _compressible(9_000, 4),
        "assets/fonts/MaterialIcons-Regular.otf": _compressible(50_000, 5),
        "assets/fonts/roboto.woff2": os.urandom(3_000),
        "pyodide/pyodide.asm.wasm": _compressible(40_000, 6),
        "canvaskit/skwasm.js.symbols": _compressible(40_000, 7),
        "tiny.js": b"console.log(1);\n",
    }
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    return folder


def make_static(web: Path, cache: Path, version: str = "1.0.0") -> WebStatic:
    import flet_web.fastapi as flet_fastapi

    flet_app = flet_fastapi.app(
        lambda page: None,
        assets_dir=webapp.assets_dir(),
        app_name=webapp.APP_NAME,
        app_short_name=webapp.APP_SHORT_NAME,
        app_description=webapp.APP_DESCRIPTION,
        no_cdn=True,
    )
    return WebStatic(
        flet_app, assets_dir=webapp.assets_dir(), version=version, cache_dir=cache, web_dir=web
    )


@pytest.fixture
def static(web: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[WebStatic]:
    monkeypatch.setenv("FLET_WEB_PATH", str(web))  # Flet's own server reads the same folder
    found = make_static(web, tmp_path / "cache")
    yield found
    found.stop()


@pytest.fixture
def ready(static: WebStatic) -> WebStatic:
    """The server after its background work: every compressed copy made."""
    static.compressed.run()
    return static


class Answer:
    def __init__(self, status: int, headers: httpx.Headers, raw: bytes) -> None:
        self.status, self.headers, self.raw = status, headers, raw

    @property
    def text(self) -> str:
        return self.raw.decode("utf-8")


def get(
    app: Any, path: str, *, method: str = "GET", headers: dict[str, str] | None = None
) -> Answer:
    """One request over ASGI; the body exactly as sent (not decompressed)."""

    async def go() -> Answer:
        transport = httpx.ASGITransport(app=app)
        async with (
            httpx.AsyncClient(transport=transport, base_url=HOST) as client,
            client.stream(method, path, headers={"accept-encoding": "", **(headers or {})}) as r,
        ):
            raw = b"".join([chunk async for chunk in r.aiter_raw()])
            return Answer(r.status_code, r.headers, raw)

    return asyncio.run(go())


def base_of(static: WebStatic) -> str:
    page = get(static, "/").text
    found = re.search(r'flet\.entrypointBaseUrl = "([^"]+)"', page)
    assert found, page
    return found.group(1)


# --------------------------------------------------------------------------- compression


@pytest.mark.parametrize(
    ("accept", "encoding", "decode"),
    [
        ("gzip, deflate, br, zstd", "br", brotli.decompress),
        ("gzip, deflate", "gzip", gzip.decompress),
        ("br;q=0, gzip;q=0.5", "gzip", gzip.decompress),
        ("*", "br", brotli.decompress),
        ("", None, bytes),
        ("identity", None, bytes),
        ("gzip;q=0, br;q=0", None, bytes),
    ],
)
def test_large_files_come_back_compressed_as_asked_and_whole(
    ready: WebStatic, web: Path, accept: str, encoding: str | None, decode: Any
) -> None:
    base = base_of(ready)
    for name in (
        "main.dart.wasm",
        "canvaskit/skwasm.wasm",
        "assets/fonts/MaterialIcons-Regular.otf",
    ):
        answer = get(ready, base + name, headers={"accept-encoding": accept})
        assert answer.status == 200
        assert answer.headers.get("content-encoding") == encoding
        assert int(answer.headers["content-length"]) == len(answer.raw)
        assert answer.headers["vary"] == "Accept-Encoding"
        assert decode(answer.raw) == (web / name).read_bytes()
        if encoding:
            assert len(answer.raw) < (web / name).stat().st_size / 2


def test_the_page_and_the_lists_flet_writes_are_compressed_too(ready: WebStatic) -> None:
    plain = get(ready, "/")
    zipped = get(ready, "/", headers={"accept-encoding": "gzip"})
    assert zipped.headers["content-encoding"] == "gzip"
    assert gzip.decompress(zipped.raw) == plain.raw
    assert zipped.headers["etag"] != plain.headers["etag"]  # one validator per representation
    fonts = get(
        ready, base_of(ready) + "assets/FontManifest.json", headers={"accept-encoding": "br"}
    )
    assert fonts.headers["content-encoding"] == "br"
    families = [f["family"] for f in json.loads(brotli.decompress(fonts.raw))]
    assert families == ["MaterialIcons", webapp.FONT_FAMILY, "Roboto"]  # as Flet patched it


def test_files_are_compressed_once_and_a_second_start_reuses_them(
    static: WebStatic, web: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    static.compressed.run()
    made = {p.relative_to(web).as_posix() for p in static.compressed.made if web in p.parents}
    assert {"main.dart.wasm", "canvaskit/skwasm.wasm", "main.dart.mjs"} <= made
    cache = tmp_path / "cache"

    def copies() -> dict[str, bytes]:
        return {p.name: p.read_bytes() for p in cache.iterdir() if p.suffix in (".gz", ".br")}

    before = copies()
    assert len(before) == len(static.compressed.made)  # one file a copy

    def never(*_args: object, **_kwargs: object) -> bytes:
        raise AssertionError("compressed a second time")

    monkeypatch.setattr(webstatic, "_compress", never)
    monkeypatch.setattr(webstatic, "_digest", lambda path: never())  # not even read again
    again = make_static(web, cache)  # the next start of the server
    # Its first answer is compressed already, before its background work has run.
    answer = get(again, base_of(again) + "main.dart.wasm", headers={"accept-encoding": "gzip"})
    assert answer.headers["content-encoding"] == "gzip"
    assert gzip.decompress(answer.raw) == (web / "main.dart.wasm").read_bytes()
    again.compressed.run()
    assert again.compressed.made == [] and copies() == before


def test_a_changed_file_is_not_served_from_an_old_copy(ready: WebStatic, web: Path) -> None:
    wasm = web / "main.dart.wasm"
    wasm.write_bytes(_compressible(300_000, 99))
    answer = get(ready, "/main.dart.wasm", headers={"accept-encoding": "gzip"})
    assert answer.headers.get("content-encoding") is None  # no copy of the new content yet
    assert answer.raw == wasm.read_bytes()
    ready.compressed.run()
    answer = get(ready, "/main.dart.wasm", headers={"accept-encoding": "gzip"})
    assert gzip.decompress(answer.raw) == wasm.read_bytes()


def test_until_its_copies_are_made_a_file_goes_out_as_it_is(static: WebStatic, web: Path) -> None:
    answer = get(static, base_of(static) + "main.dart.wasm", headers={"accept-encoding": "br"})
    assert answer.status == 200 and answer.headers.get("content-encoding") is None
    assert answer.raw == (web / "main.dart.wasm").read_bytes()
    assert answer.headers["vary"] == "Accept-Encoding"


def test_what_is_compressed_ahead(static: WebStatic) -> None:
    chosen = [p.name for p in static.compressed.candidates()]
    assert chosen[:2] == ["main.dart.wasm", "skwasm.wasm"]  # what the page waits for, first
    assert "DejaVuSansCondensed.ttf" in chosen  # the assets folder's too
    # Pyodide (not used by this server), debugging symbols, tiny and compressed files: never.
    for name in ("pyodide.asm.wasm", "skwasm.js.symbols", "tiny.js", "roboto.woff2"):
        assert name not in chosen


def test_a_file_another_server_is_compressing_is_waited_for(
    static: WebStatic, web: Path, tmp_path: Path
) -> None:
    target = tmp_path / "cache" / "x.gz"
    target.parent.mkdir(parents=True)
    with webstatic._file_lock(target.with_name("x.gz.lock")) as mine:
        assert mine
        # While this process holds the lock, the compressor leaves that copy to it.
        assert not static.compressed._make(web / "main.dart.mjs", target, "gz")
        assert not target.exists()
    assert static.compressed._make(web / "main.dart.mjs", target, "gz")
    assert gzip.decompress(target.read_bytes()) == (web / "main.dart.mjs").read_bytes()


def test_copies_no_version_used_for_a_month_are_removed(ready: WebStatic, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    month_ago = time.time() - 31 * 86400
    in_use = sorted(p for p in cache.iterdir() if p.suffix in (".gz", ".br"))
    for path in in_use:  # used, though not for a month: the next start marks them used
        os.utime(path, (month_ago, month_ago))
    old, recent = cache / ("0" * 64 + ".gz"), cache / ("1" * 64 + ".gz")
    old.write_bytes(b"x")
    recent.write_bytes(b"y")
    os.utime(old, (month_ago, month_ago))
    ready.compressed.run()
    assert not old.exists() and recent.exists()
    assert in_use and all(p.exists() for p in in_use)


def test_accept_encoding_is_read_with_its_weights() -> None:
    assert accepted("gzip, deflate, br, zstd") == ["br", "gzip"]
    assert accepted("gzip, deflate") == ["gzip"]
    assert accepted("br;q=0, gzip") == ["gzip"]
    assert accepted("*;q=0.1, gzip;q=0") == ["br"]
    assert accepted("BR;Q=1.0") == ["br"]
    assert accepted("gzip;q=x") == []
    assert accepted(None) == [] and accepted("") == []


# ------------------------------------------------------------------------------- caching


def test_versioned_files_are_kept_for_good_the_rest_is_validated(ready: WebStatic) -> None:
    base = base_of(ready)
    assert base == f"/static/{ready.tag}/" and ready.tag.startswith("1.0.0-")
    for name in ("main.dart.wasm", "flutter_bootstrap.js", "assets/FontManifest.json"):
        answer = get(ready, base + name)
        assert answer.headers["cache-control"] == "private, max-age=31536000, immutable", name
        assert answer.headers["etag"]
    for path in ("/", "/settings", "/manifest.json", "/icons/icon-192.png", "/python.js"):
        answer = get(ready, path)
        assert answer.status == 200, path
        assert answer.headers["cache-control"] == "no-cache", path
        assert answer.headers["etag"], path
    # An address of another version (a page open across an upgrade) still gets the file,
    # but nobody keeps it under that address.
    stale = get(ready, "/static/0.9.0-000000000000/main.dart.mjs")
    assert stale.status == 200 and stale.headers["cache-control"] == "no-cache"


@pytest.mark.parametrize(
    "path", ["/", "/history/play/3", "/manifest.json", "/python.js", "MAIN", "FONTS"]
)
def test_a_second_request_with_the_validator_gets_304(ready: WebStatic, path: str) -> None:
    base = base_of(ready)
    path = {"MAIN": base + "main.dart.wasm", "FONTS": base + "assets/FontManifest.json"}.get(
        path, path
    )
    for accept in ("", "gzip"):
        first = get(ready, path, headers={"accept-encoding": accept})
        etag = first.headers["etag"]
        again = get(ready, path, headers={"accept-encoding": accept, "if-none-match": etag})
        assert again.status == 304 and again.raw == b""
        assert again.headers["etag"] == etag
        assert "content-encoding" not in again.headers
        assert get(ready, path, headers={"if-none-match": f"W/{etag}, x"}).status in (200, 304)
        changed = get(ready, path, headers={"accept-encoding": accept, "if-none-match": '"x"'})
        assert changed.status == 200 and changed.raw == first.raw


def test_a_new_version_changes_every_address_and_validator(
    web: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FLET_WEB_PATH", str(web))
    old, new = make_static(web, tmp_path / "c"), make_static(web, tmp_path / "c", "1.0.1")
    assert base_of(old) != base_of(new) and "1.0.1" in base_of(new)
    for path in ("/", "/manifest.json", "/python.js"):
        assert get(old, path).headers["etag"] != get(new, path).headers["etag"], path
    assert base_of(old) not in get(new, "/").text
    # So does a changed file of the web client or the assets folder, the version the same.
    (web / "main.dart.mjs").write_bytes(b"export const changed = 1;\n" * 100)
    assert make_static(web, tmp_path / "c").tag != old.tag


def test_head_is_the_same_answer_without_the_body(ready: WebStatic) -> None:
    base = base_of(ready)
    for path in ("/", base + "main.dart.wasm", "/manifest.json"):
        for accept in ("", "gzip"):
            full = get(ready, path, headers={"accept-encoding": accept})
            head = get(ready, path, method="HEAD", headers={"accept-encoding": accept})
            assert head.status == 200 and head.raw == b""
            for name in ("content-length", "content-encoding", "etag", "cache-control"):
                assert head.headers.get(name) == full.headers.get(name), (path, name)


# ---------------------------------------------------------------------- the page and routes


def test_the_page_sends_the_loader_to_versioned_addresses(ready: WebStatic, web: Path) -> None:
    page = get(ready, "/").text
    base = base_of(ready)
    assert f'flet.assetBase = "{base}"' in page
    assert f'flet.canvasKitBaseUrl = "{base}canvaskit/"' in page
    assert f'<script src="{base}flutter_bootstrap.js" async>' in page
    assert f'<script src="{base}python.js">' in page
    assert f'<img src="{base}icons/loading-animation.png"' in page
    # The manifest and icons keep their plain addresses: a phone fetches them before joining.
    assert '<link rel="manifest" href="manifest.json">' in page
    assert '<link rel="icon" type="image/png" href="favicon.png"' in page
    assert webapp.APP_NAME in page and 'webSocketEndpoint="/ws"' in page  # Flet's settings
    # What the page asks for at once is what the loader fetches later, and each is there.
    preloads = json.loads(re.search(r"var files = (\[.*?\]);", page).group(1))  # type: ignore[union-attr]
    wasm = json.loads(
        re.search(r"if \(gc && blink && codecs && gl\) files = (\[.*?\])", page).group(1)
    )  # type: ignore[union-attr]
    assert wasm == [base + "main.dart.wasm", base + "canvaskit/skwasm.wasm"]
    assert base + "assets/FontManifest.json" in preloads
    assert base + webapp.FONT_FILES[0] in preloads
    assert base + "assets/fonts/MaterialIcons-Regular.otf" in preloads
    for url in [*wasm, *preloads]:
        assert get(ready, url).status == 200, url


def test_routes_get_the_page_and_missing_files_do_not(ready: WebStatic) -> None:
    page = get(ready, "/").raw
    for route in ("/setup", "/rules/cove.card.fence", "/history/play/12", "/index.html"):
        answer = get(ready, route)
        assert answer.status == 200 and answer.raw == page, route
    for missing in ("/missing.js", "/assets/fonts/missing.ttf", base_of(ready) + "missing.wasm"):
        assert get(ready, missing).status == 404, missing
    assert get(ready, base_of(ready)).status == 404  # a folder is no file


@pytest.mark.parametrize(
    "path",
    [
        "/static/{tag}/../etc/passwd",
        "/static/{tag}/../../etc/passwd",
        "/../etc/passwd",
        "/static/{tag}/canvaskit/..\\..\\etc/passwd",
    ],
)
def test_nothing_outside_the_web_folders_is_served(ready: WebStatic, web: Path, path: str) -> None:
    """As a server gets the path (an HTTP client would take the dots out first)."""
    secret = web.parent / "secret.txt"
    secret.write_text("root:x:0:0")
    path = path.format(tag=ready.tag).replace("etc/passwd", "secret.txt")
    sent: list[dict[str, Any]] = []
    asked: list[bool] = []

    async def receive() -> dict[str, Any]:
        if asked:  # the request, then nothing until the answer is sent, as a server does
            await asyncio.Event().wait()
        asked.append(True)
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "method": "GET",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "scheme": "http",
        "server": ("127.0.0.1", 8550),
        "headers": [(b"host", b"127.0.0.1:8550")],
    }
    asyncio.run(ready(scope, receive, send))  # type: ignore[arg-type]
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    assert b"root:" not in body
    assert sent[0]["status"] in (200, 404)
    for part in ("../secret.txt", "../../secret.txt", "a/../../secret.txt", "..\\secret.txt"):
        assert ready.find(part) is None


def test_what_this_module_does_not_serve_goes_to_flet_untouched(web: Path, tmp_path: Path) -> None:
    seen: list[tuple[str, str]] = []

    async def flet(scope: Any, receive: Any, send: Any) -> None:
        seen.append((scope["type"], scope.get("method", "")))
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": 418, "headers": []})
            await send({"type": "http.response.body", "body": b"flet"})

    static = WebStatic(flet, assets_dir=None, version="1", cache_dir=tmp_path, web_dir=web)
    for method in ("PUT", "POST"):
        answer = get(static, "/upload?f=x", method=method)
        assert answer.status == 418 and "cache-control" not in answer.headers
        assert "etag" not in answer.headers
    assert get(static, "/missing.txt").status == 418
    asyncio.run(static({"type": "websocket", "path": "/ws", "headers": []}, None, None))  # type: ignore[arg-type]
    assert seen == [("http", "PUT"), ("http", "POST"), ("http", "GET"), ("websocket", "")]


def test_the_renderer_keeps_its_cross_origin_isolation(ready: WebStatic) -> None:
    for path in ("/", base_of(ready) + "main.dart.wasm", "/manifest.json"):
        answer = get(ready, path)
        assert answer.headers["cross-origin-opener-policy"] == "same-origin"
        assert answer.headers["cross-origin-embedder-policy"] == "require-corp"


def test_without_a_usable_cache_folder_files_go_out_as_they_are(
    web: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A cache folder that cannot be made (here a file is in the way): the server says so in
    its log and serves every file uncompressed; nothing else changes."""
    monkeypatch.setenv("FLET_WEB_PATH", str(web))
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("x")
    static = make_static(web, blocked / "web")
    static.start()
    static.stop()  # waits for the background work, which gave up
    assert "could not compress" in caplog.text
    answer = get(static, base_of(static) + "main.dart.wasm", headers={"accept-encoding": "gzip"})
    assert answer.status == 200 and answer.headers.get("content-encoding") is None
    assert answer.raw == (web / "main.dart.wasm").read_bytes()
