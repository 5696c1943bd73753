"""The web client's files for phones: compressed once, cached by the browser, versioned.

Flet's web server (``flet_web.fastapi``) sends every file of its web client as it is on disk
and with no caching headers, so a phone downloads about 16 MB on every first visit and 8.5 MB
again on every later one. :class:`WebStatic` is an ASGI app in front of Flet's (behind the
access guard of :mod:`companion.server`, which is unchanged) that serves those files itself:

* **Versioned addresses, cached for good.** The page (``index.html``, Flet's own with its
  settings patched in, taken from Flet once and kept) sends Flutter's loader to
  ``/static/<tag>/`` for everything it fetches (``main.dart.wasm``, the renderer, the fonts,
  the scripts). ``<tag>`` is the app's version plus a digest of the installed web client and
  assets folder (names, sizes, modification times) and of Flet's version, so an upgrade, a
  new Flet or a changed asset gives new addresses. Those answers are
  ``Cache-Control: private, max-age=31536000, immutable``: a phone that opens the app again
  asks for none of them.
* **Validated everywhere else.** The page itself, the web app manifest, the icons and any file
  asked for at its plain address are ``Cache-Control: no-cache`` with an ``ETag``: a browser
  asks again each time and gets ``304 Not Modified`` (a few hundred bytes) while nothing
  changed. Every ETag includes the app's version. The page carries no player's data (it is
  the same for everyone); the WebSocket, uploads, the join screen and error answers never
  pass through here and carry no validators (the guard's own answers say ``no-store``).
* **Compressed once.** The large text-like files (WebAssembly, JavaScript, fonts, JSON) are
  compressed with gzip and brotli into a cache folder (:func:`default_cache_dir`), named by a
  digest of their content, by a background thread of low priority once the server has
  answered its first request; until a file's variants exist it goes out uncompressed. A
  second start finds them and compresses nothing; files no installed version uses for 30 days
  are removed. The answer is chosen by ``Accept-Encoding`` (``Vary: Accept-Encoding``) with
  its ``Content-Encoding`` and true ``Content-Length``. Browsers ask for brotli only over
  HTTPS or from ``localhost``: a phone opening ``http://192.168.…`` gets gzip.

Access rules stay the guard's: a path under ``/static/`` needs the device cookie like any
other that is not in the guard's ``public_paths``. ``GET`` and ``HEAD`` only; anything this
module does not serve (the WebSocket, ``PUT /upload``, unknown files) goes to Flet as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gzip
import hashlib
import json
import logging
import mimetypes
import os
import re
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable, Iterator, MutableMapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

log = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Where the web client's files are addressed by version (``/static/<tag>/<file>``).
PREFIX = "/static/"
#: A year: the longest a browser is asked to keep a file whose address names its version.
IMMUTABLE = b"private, max-age=31536000, immutable"
#: Ask again every time (the answer is ``304`` while nothing changed).
REVALIDATE = b"no-cache"
#: What Flet's own server adds to every answer (its multi-threaded renderer needs it).
ISOLATION = [
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-embedder-policy", b"require-corp"),
]
#: Files worth compressing: text, WebAssembly, fonts (PNG, WOFF2 and archives already are).
COMPRESSIBLE = frozenset(
    {".wasm", ".js", ".mjs", ".json", ".otf", ".ttf", ".html", ".css", ".txt", ".svg", ".frag"}
)
#: Files smaller than this are sent as they are (a compressed header costs more than it saves).
MIN_COMPRESS = 1024
#: Never compressed ahead: Pyodide (Flet's in-browser Python, which this server does not use)
#: and debugging symbols. They are still served, uncompressed.
NOT_AHEAD = ("pyodide/",)
NOT_AHEAD_SUFFIXES = (".symbols", ".map")
#: What the page loads first, compressed first (then the rest, largest first).
FIRST = (
    "main.dart.wasm",
    "canvaskit/skwasm.wasm",
    "assets/fonts/MaterialIcons-Regular.otf",
    "main.dart.mjs",
    "canvaskit/skwasm.js",
    "main.dart.js",
    "canvaskit/canvaskit.wasm",
    "canvaskit/canvaskit.js",
    "canvaskit/chromium/canvaskit.wasm",
    "canvaskit/chromium/canvaskit.js",
)
GZIP_LEVEL = 9
#: Brotli's quality 9 with a 16 MB window: main.dart.wasm 8.5 MB → 2.44 MB in about 2 s.
#: Qualities 10 and 11 save another 0.3 MB on it but take 10 to 15 times as long (half a
#: minute for that one file here), and only browsers on HTTPS or localhost ask for brotli.
BROTLI_QUALITY = 9
BROTLI_WINDOW = 24
#: A compressed file no installed version has used for this long is removed from the cache.
UNUSED_DAYS = 30
#: The cache folder's list of content digests (file, size, modification time → sha256).
INDEX = "digests.json"
#: Files Flet writes itself (its page with the settings patched in, the manifest with our
#: names, the font list with Roboto added): taken from Flet once and kept in memory.
FROM_FLET = ("index.html", "manifest.json", "assets/FontManifest.json")
#: Suffixes of files (beside Python's built-in list of types, the same on every machine): a
#: missing file with one of these is "not found", not a route of the app.
FILE_SUFFIXES = frozenset(
    {".otf", ".ttf", ".woff", ".woff2", ".map", ".symbols", ".frag", ".mjs", ".wasm", ".ico"}
)
_CHUNK = 256 * 1024
_TAG_SAFE = re.compile(r"[^A-Za-z0-9._-]+")

#: Encodings a browser may get, best first: (``Content-Encoding``, file suffix in the cache).
ENCODINGS = (("br", "br"), ("gzip", "gz"))


def brotli_module() -> Any | None:
    """The ``brotli`` package where it is installed (not in a phone build), else None."""
    try:
        import brotli
    except ImportError:
        return None
    return brotli


def default_cache_dir() -> Path:
    """Where compressed files are kept between runs: the user's cache folder."""
    import platformdirs

    return platformdirs.user_cache_path("merchants-companion") / "web"


def flet_web_dir() -> Path:
    from flet_web import get_package_web_dir

    return Path(get_package_web_dir())


def _compress(data: bytes, suffix: str) -> bytes:
    if suffix == "gz":
        return gzip.compress(data, GZIP_LEVEL, mtime=0)
    brotli = brotli_module()
    assert brotli is not None
    compressed: bytes = brotli.compress(data, quality=BROTLI_QUALITY, lgwin=BROTLI_WINDOW)
    return compressed


def _suffixes() -> list[str]:
    """The cache suffixes this installation can make (brotli only where it is installed)."""
    return [suffix for _name, suffix in ENCODINGS if suffix == "gz" or brotli_module()]


def _digest(path: Path) -> str:
    sha = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(1 << 20):
            sha.update(chunk)
    return sha.hexdigest()


def content_type(name: str) -> bytes:
    kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
    if kind.startswith("text/") or kind in ("application/json", "application/manifest+json"):
        kind += "; charset=utf-8"
    return kind.encode("latin-1")


def accepted(header: str | None) -> list[str]:
    """The content codings an ``Accept-Encoding`` header allows (q > 0), in our order."""
    allowed: dict[str, float] = {}
    for part in (header or "").split(","):
        name, *params = (p.strip() for p in part.split(";"))
        if not name:
            continue
        q = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        allowed[name.lower()] = q
    star = allowed.get("*", 0.0)
    return [name for name, _ in ENCODINGS if allowed.get(name, star) > 0]


def _etag_matches(header: str | None, etag: bytes) -> bool:
    if not header:
        return False
    wanted = etag.decode("latin-1")
    for candidate in header.split(","):
        tag = candidate.strip()
        if tag == "*" or tag.removeprefix("W/") == wanted:
            return True
    return False


# ------------------------------------------------------------------------- the cache folder


@dataclass(frozen=True)
class Variant:
    """A compressed copy of a file: where it is and how long."""

    path: Path
    length: int


@dataclass
class Precompressed:
    """The compressed copies of the web client's files, made once into ``cache_dir``.

    ``roots`` are searched in order like Flet's web server (the assets folder before Flet's
    web client). :meth:`run` compresses what is missing and registers what exists;
    :meth:`variants` says which copies of a file are ready now.
    """

    roots: list[Path]
    cache_dir: Path
    #: file → (size, mtime_ns, {cache suffix: Variant}) for the file as it was when registered
    ready: dict[Path, tuple[int, int, dict[str, Variant]]] = field(default_factory=dict)
    #: how many files this object compressed (a second start compresses none)
    made: list[Path] = field(default_factory=list)
    stopping: threading.Event = field(default_factory=threading.Event)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def candidates(self) -> list[Path]:
        """The files worth compressing ahead, the page's first ones first."""
        seen: dict[str, Path] = {}
        for root in self.roots:
            for path in sorted(root.rglob("*")):
                rel = path.relative_to(root).as_posix()
                if rel in seen or not path.is_file():
                    continue
                seen[rel] = path  # the first root that has a name is the one served
        chosen = [
            (rel, path)
            for rel, path in seen.items()
            if path.suffix.lower() in COMPRESSIBLE
            and not rel.startswith(NOT_AHEAD)
            and not rel.endswith(NOT_AHEAD_SUFFIXES)
            and path.stat().st_size >= MIN_COMPRESS
        ]
        order = {rel: i for i, rel in enumerate(FIRST)}
        chosen.sort(key=lambda item: (order.get(item[0], len(order)), -item[1].stat().st_size))
        return [path for _rel, path in chosen]

    def variants(self, path: Path, size: int, mtime_ns: int) -> dict[str, Variant]:
        """The compressed copies of ``path`` ready now (none if the file changed since)."""
        with self._lock:
            found = self.ready.get(path)
        if found is None or found[0] != size or found[1] != mtime_ns:
            return {}
        return found[2]

    def _digests(self) -> dict[Path, tuple[int, int, str]]:
        """The content digests of the last run (file → size, mtime_ns, sha256), so a start
        need not read every file again; empty when there are none or they are unreadable."""
        try:
            found = json.loads((self.cache_dir / INDEX).read_text(encoding="utf-8"))
            return {
                Path(name): (int(size), int(mtime), str(sha))
                for name, (size, mtime, sha) in found.items()
            }
        except (OSError, ValueError, TypeError, AttributeError):
            return {}

    def _save_digests(self, digests: dict[Path, tuple[int, int, str]]) -> None:
        data = {str(path): list(entry) for path, entry in digests.items()}
        with contextlib.suppress(OSError):
            handle, temp = tempfile.mkstemp(dir=self.cache_dir, prefix=".part-")
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(data, out)
            os.replace(temp, self.cache_dir / INDEX)

    def register_existing(self) -> None:
        """Register the copies an earlier run made for files unchanged since (no file is
        read: quick enough for the server's start, so its first answers are compressed)."""
        digests = self._digests()
        for path in self.candidates():
            known = digests.get(path)
            if known is None:
                continue
            stat = path.stat()
            if known[:2] != (stat.st_size, stat.st_mtime_ns):
                continue
            for suffix in _suffixes():
                target = self.cache_dir / f"{known[2]}.{suffix}"
                if target.exists():
                    self._register(path, known[0], known[1], suffix, target, touch=False)

    def forget(self, path: Path) -> None:
        """Serve ``path`` as it is from now on (its copies went missing)."""
        with self._lock:
            self.ready.pop(path, None)

    def run(self) -> None:
        """Compress every candidate not in the cache yet, registering each copy as it is
        ready; then remove copies nobody used for :data:`UNUSED_DAYS`. Files another process
        is compressing now are waited for rather than compressed twice."""
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        pending = [(path, suffix) for path in self.candidates() for suffix in _suffixes()]
        pending.sort(key=lambda item: item[1] != "gz")  # gzip (what phones on Wi-Fi get) first
        keep: set[str] = {INDEX}
        digests = self._digests()
        current: dict[Path, tuple[int, int, str]] = {}
        while pending and not self.stopping.is_set():
            waiting = []
            for path, suffix in pending:
                if self.stopping.is_set():
                    return
                stat = path.stat()
                known = digests.get(path)
                if known is None or known[:2] != (stat.st_size, stat.st_mtime_ns):
                    known = (stat.st_size, stat.st_mtime_ns, _digest(path))
                    digests[path] = known
                current[path] = known
                name = f"{known[2]}.{suffix}"
                keep.add(name)
                target = self.cache_dir / name
                if not target.exists() and not self._make(path, target, suffix):
                    waiting.append((path, suffix))  # another process is making it
                    continue
                self._register(path, known[0], known[1], suffix, target)
            self._save_digests(current)
            pending = waiting
            if pending:
                self.stopping.wait(1.0)
        self._prune(keep)

    def _make(self, source: Path, target: Path, suffix: str) -> bool:
        """Compress ``source`` into ``target``; False when another process holds its lock."""
        lock_path = target.with_name(target.name + ".lock")
        with _file_lock(lock_path) as locked:
            if not locked:
                return False
            if target.exists():  # made by the process that held the lock
                return True
            data = _compress(source.read_bytes(), suffix)
            handle, temp = tempfile.mkstemp(dir=self.cache_dir, prefix=".part-")
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(data)
                os.replace(temp, target)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(temp)
                raise
        self.made.append(source)
        return True

    def _register(
        self, path: Path, size: int, mtime_ns: int, suffix: str, target: Path, *, touch: bool = True
    ) -> None:
        try:
            length = target.stat().st_size
            if touch:
                os.utime(target)  # in use: not pruned
        except OSError:
            return
        with self._lock:
            entry = self.ready.get(path)
            copies = dict(entry[2]) if entry and entry[:2] == (size, mtime_ns) else {}
            copies[suffix] = Variant(target, length)
            self.ready[path] = (size, mtime_ns, copies)

    def _prune(self, keep: set[str]) -> None:
        too_old = time.time() - UNUSED_DAYS * 86400
        for path in self.cache_dir.iterdir():
            try:
                if path.name in keep:
                    continue
                unfinished = path.name.startswith(".part-")  # a run that was stopped
                if path.stat().st_mtime < (time.time() - 86400 if unfinished else too_old):
                    path.unlink()
            except OSError:
                continue


@contextlib.contextmanager
def _file_lock(path: Path) -> Iterator[bool]:
    """An exclusive lock on ``path`` between processes, not waited for: yields whether this
    process has it (always True where the system has no such locks)."""
    try:
        import fcntl
    except ImportError:  # Windows: at worst two servers compress the same file once each
        yield True
        return
    with path.open("a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _lower_priority() -> None:
    """Let the server's own work go first (Linux: per thread; elsewhere: nothing)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)


def precompress(assets_dir: str | None, cache_dir: Path | None = None) -> list[Path]:
    """Make the compressed copies a server would make in the background, now (the bench
    does, so that it measures what phones get); returns the files it compressed."""
    roots = [Path(assets_dir).resolve()] if assets_dir and Path(assets_dir).is_dir() else []
    work = Precompressed([*roots, flet_web_dir().resolve()], cache_dir or default_cache_dir())
    work.run()
    return work.made


# ------------------------------------------------------------------------------ serving


@dataclass(frozen=True)
class Generated:
    """A file Flet writes (the page, the manifest, the font list), kept in memory."""

    body: bytes
    content_type: bytes
    etag: str
    compressed: dict[str, bytes]


def version_tag(version: str, roots: list[Path]) -> str:
    """``<version>-<digest>``: changes with the app's version, Flet's version and any file of
    the web client or the assets folder (name, size, modification time)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as package_version

    sha = hashlib.sha256(version.encode())
    with contextlib.suppress(PackageNotFoundError):
        sha.update(package_version("flet-web").encode())
    for root in roots:
        sha.update(b"\0root\0" + str(root).encode())
        for path in sorted(root.rglob("*")):
            if path.is_file():
                stat = path.stat()
                rel = path.relative_to(root).as_posix()
                sha.update(f"{rel}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return f"{_TAG_SAFE.sub('-', version)}-{sha.hexdigest()[:12]}"


class WebStatic:
    """Flet's web client served compressed and cached; everything else passes to ``app``.

    ``assets_dir`` is the app's assets folder (searched before Flet's web client, as Flet
    does); ``version`` the app's version; ``cache_dir`` where compressed copies are kept
    (:func:`default_cache_dir` by default). Call :meth:`start` once the server is up: it
    compresses what is missing in the background.
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        assets_dir: str | None,
        version: str,
        cache_dir: Path | None = None,
        web_dir: Path | None = None,
    ) -> None:
        self.app = app
        self.version = version
        roots = [Path(assets_dir).resolve()] if assets_dir and Path(assets_dir).is_dir() else []
        roots.append((web_dir or flet_web_dir()).resolve())
        self.roots = roots
        self.tag = version_tag(version, roots)
        self.base = f"{PREFIX}{self.tag}/"
        self.compressed = Precompressed(roots, cache_dir or default_cache_dir())
        try:
            self.compressed.register_existing()  # a second start serves compressed at once
        except OSError:  # an unreadable cache folder: the background work says so later
            log.debug("no compressed copies registered", exc_info=True)
        self._generated: dict[str, Generated] = {}
        self._thread: threading.Thread | None = None

    # -- the background work ----------------------------------------------------------------
    def start(self) -> None:
        """Compress what is missing in a background thread of low priority (once)."""
        if self._thread is not None:
            return

        def work() -> None:
            _lower_priority()
            try:
                self.compressed.run()
            except Exception:  # a full disk, a read-only cache: served uncompressed then
                log.warning("could not compress the web client's files", exc_info=True)

        self._thread = threading.Thread(target=work, name="companion-compress", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self.compressed.stopping.set()
        if self._thread is not None:
            self._thread.join(timeout=30)

    # -- finding files ----------------------------------------------------------------------
    def find(self, rel: str) -> Path | None:
        """The file at ``rel`` (a path below the web root), from the first root that has it."""
        parts = PurePosixPath(rel).parts
        if not parts or any(p in ("..", ".", "") or "\\" in p or "\0" in p for p in parts):
            return None
        for root in self.roots:
            path = root.joinpath(*parts)
            if path.is_file():
                return path
        return None

    def _etag(self, *parts: object) -> str:
        seed = "\0".join([self.version, *map(str, parts)])
        return '"' + hashlib.sha256(seed.encode()).hexdigest()[:24] + '"'

    # -- ASGI -------------------------------------------------------------------------------
    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        versioned = path.startswith(PREFIX)
        if versioned:
            tag, _, rel = path[len(PREFIX) :].partition("/")
            cache = IMMUTABLE if tag == self.tag else REVALIDATE
        else:
            rel, cache = path.lstrip("/"), REVALIDATE
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        if not versioned and (
            rel in ("", "index.html")
            or (rel not in FROM_FLET and self.find(rel) is None and _is_route(rel))
        ):
            page = await self._generated_file(scope, "index.html")
            if page is not None:
                await self._send_generated(scope, send, headers, page, REVALIDATE)
                return
        elif rel in FROM_FLET:
            made = await self._generated_file(scope, rel)
            if made is not None:
                await self._send_generated(scope, send, headers, made, cache)
                return
        else:
            found = self.find(rel)
            if found is not None:
                await self._send_file(scope, send, headers, found, cache)
                return
            if versioned:
                await _plain(scope, send, 404, b"Not found.\n")
                return
        await self.app(scope, receive, send)

    async def _generated_file(self, scope: Scope, rel: str) -> Generated | None:
        """Flet's own answer for ``rel`` (asked once, then kept), the page made to point at
        the versioned addresses; None if Flet has no such file."""
        if rel in self._generated:
            return self._generated[rel]
        status, kind, body = await _ask(self.app, scope, "/" if rel == "index.html" else f"/{rel}")
        if status != 200:
            return None
        if rel == "index.html":
            fonts = await self._generated_file(scope, "assets/FontManifest.json")
            early = self.early_files(fonts.body if fonts is not None else b"[]")
            body = self.page(body.decode("utf-8"), *early).encode("utf-8")
        compressed = {"gz": gzip.compress(body, GZIP_LEVEL, mtime=0)}
        brotli = brotli_module()
        if brotli is not None:
            compressed["br"] = brotli.compress(body, quality=11)
        made = Generated(
            body=body,
            content_type=kind or content_type(rel),
            etag=self._etag("generated", rel, hashlib.sha256(body).hexdigest()),
            compressed=compressed,
        )
        self._generated[rel] = made
        return made

    def early_files(self, font_manifest: bytes) -> tuple[list[str], list[str]]:
        """What Flutter's loader fetches late that the page can ask for at once: (the
        WebAssembly files of its skwasm build, the font list and its fonts), as addresses."""
        wasm = []
        bootstrap = self.find("flutter_bootstrap.js")
        found = re.search(
            r"_flutter\.buildConfig\s*=\s*(\{.*?\});\s*$",
            bootstrap.read_text(encoding="utf-8") if bootstrap else "",
            re.MULTILINE,
        )
        try:
            builds = json.loads(found.group(1))["builds"] if found else []
        except (ValueError, KeyError, TypeError):
            builds = []
        for build in builds:
            if build.get("compileTarget") == "dart2wasm" and build.get("renderer") == "skwasm":
                wasm = [str(build.get("mainWasmPath", "")), "canvaskit/skwasm.wasm"]
        fonts = ["assets/FontManifest.json"]
        try:
            for family in json.loads(font_manifest):
                fonts += [f"assets/{font['asset']}" for font in family["fonts"]]
        except (ValueError, KeyError, TypeError):
            pass
        return (
            [self.base + rel for rel in wasm if self.find(rel)],
            [self.base + rel for rel in fonts if self.find(rel) or rel in FROM_FLET],
        )

    def page(self, html: str, wasm: Sequence[str] = (), fonts: Sequence[str] = ()) -> str:
        """Flet's ``index.html`` sending Flutter's loader to the versioned addresses: the
        settings Flet wrote are overridden at the end of the head, and the page's own scripts
        and loading picture are addressed there too (the manifest and icons, which phones
        fetch without the access code, keep their plain addresses).

        It also starts the downloads the loader would start only later (``<link
        rel=preload>``): ``fonts`` at once (the loader asks for them after the app's code has
        compiled), ``wasm`` where the loader will choose its skwasm build (the same checks:
        a Chromium browser with WebAssembly GC and WebGL; others load main.dart.js)."""
        base = self.base
        early = (
            "  <script>\n"
            "    // Merchant's Companion: start now what Flutter's loader fetches later\n"
            "    // (see companion/webstatic.py).\n"
            "    (function () {\n"
            f"      var files = {json.dumps(list(fonts))};\n"
            "      try {\n"
            "        var gc = WebAssembly.validate(new Uint8Array(\n"
            "          [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 95, 1, 120, 0]));\n"
            "        var blink = navigator.vendor === 'Google Inc.' ||\n"
            "          navigator.userAgent.indexOf('Edg/') >= 0;\n"
            "        var codecs = typeof ImageDecoder !== 'undefined' &&\n"
            "          typeof Intl.v8BreakIterator !== 'undefined' &&\n"
            "          typeof Intl.Segmenter !== 'undefined';\n"
            "        var canvas = document.createElement('canvas');\n"
            "        var gl = canvas.getContext('webgl2') || canvas.getContext('webgl');\n"
            f"        if (gc && blink && codecs && gl) files = {json.dumps(list(wasm))}"
            ".concat(files);\n"
            "      } catch (e) {}\n"
            "      files.forEach(function (href) {\n"
            "        var link = document.createElement('link');\n"
            "        link.rel = 'preload';\n"
            "        link.as = 'fetch';\n"
            "        link.crossOrigin = 'anonymous';\n"
            "        link.href = href;\n"
            "        document.head.appendChild(link);\n"
            "      });\n"
            "    })();\n"
            "  </script>\n"
        )
        head = re.search(r"<head\b[^>]*>\n?", html)
        if head is None:
            raise ValueError("Flet's index.html has no <head>")
        html = html[: head.end()] + early + html[head.end() :]
        override = (
            "  <script>\n"
            "    // Merchant's Companion: the web client's files at addresses that name their\n"
            "    // version, so a phone keeps them (see companion/webstatic.py).\n"
            f'    flet.entrypointBaseUrl = "{base}";\n'
            f'    flet.assetBase = "{base}";\n'
            f'    flet.canvasKitBaseUrl = "{base}canvaskit/";\n'
            "  </script>\n"
        )
        if "</head>" not in html:
            raise ValueError("Flet's index.html has no </head>")
        html = html.replace("</head>", override + "</head>", 1)

        def versioned(match: re.Match[str]) -> str:
            target = match.group(2)
            if "//" in target or target.startswith("/") or self.find(target) is None:
                return match.group(0)
            return f'{match.group(1)}"{base}{target}"'

        return re.sub(r'(<(?:script|img)\b[^>]*?\bsrc=)"([^"]+)"', versioned, html)

    async def _send_generated(
        self, scope: Scope, send: Send, headers: dict[str, str], made: Generated, cache: bytes
    ) -> None:
        body, encoding, etag = made.body, None, made.etag
        for name, suffix in ENCODINGS:
            if name in accepted(headers.get("accept-encoding")) and suffix in made.compressed:
                body, encoding = made.compressed[suffix], name
                etag = etag[:-1] + f'-{suffix}"'
                break
        head = self._headers(made.content_type, etag, cache, encoding, vary=True)
        if _etag_matches(headers.get("if-none-match"), etag.encode()):
            await _not_modified(send, head)
            return
        head.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": 200, "headers": head})
        await send({"type": "http.response.body", "body": b"" if _head(scope) else body})

    async def _send_file(
        self, scope: Scope, send: Send, headers: dict[str, str], path: Path, cache: bytes
    ) -> None:
        stat = path.stat()
        etag = self._etag("file", path, stat.st_size, stat.st_mtime_ns)
        source, length, encoding = path, stat.st_size, None
        variants = self.compressed.variants(path, stat.st_size, stat.st_mtime_ns)
        for name, suffix in ENCODINGS:
            if name in accepted(headers.get("accept-encoding")) and suffix in variants:
                variant = variants[suffix]
                source, length, encoding = variant.path, variant.length, name
                etag = etag[:-1] + f'-{suffix}"'
                break
        vary = path.suffix.lower() in COMPRESSIBLE and stat.st_size >= MIN_COMPRESS
        head = self._headers(content_type(path.name), etag, cache, encoding, vary=vary)
        if _etag_matches(headers.get("if-none-match"), etag.encode()):
            await _not_modified(send, head)
            return
        try:
            handle = source.open("rb")
        except OSError:  # a compressed copy removed under us: the file itself then
            if source == path:
                raise
            self.compressed.forget(path)
            await self._send_file(scope, send, headers, path, cache)
            return
        with handle:
            head.append((b"content-length", str(length).encode()))
            await send({"type": "http.response.start", "status": 200, "headers": head})
            if _head(scope):
                await send({"type": "http.response.body", "body": b""})
                return
            sent = 0
            while sent < length:
                chunk = await asyncio.to_thread(handle.read, min(_CHUNK, length - sent))
                if not chunk:
                    break
                sent += len(chunk)
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b""})

    @staticmethod
    def _headers(
        kind: bytes, etag: str, cache: bytes, encoding: str | None, *, vary: bool
    ) -> list[tuple[bytes, bytes]]:
        head = [
            (b"content-type", kind),
            (b"cache-control", cache),
            (b"etag", etag.encode("latin-1")),
            *ISOLATION,
        ]
        if vary:
            head.append((b"vary", b"Accept-Encoding"))
        if encoding is not None:
            head.append((b"content-encoding", encoding.encode()))
        return head


def _is_route(rel: str) -> bool:
    """A path the app's router handles, answered with the page: no extension, ``.html``, or
    a "suffix" no file type has, as a rules entry's ``/rules/cove.card.fence`` (Flet's own
    server answers that one with 404, so such an address could not be opened or shared)."""
    suffix = PurePosixPath(rel).suffix.lower()
    if suffix in ("", ".html"):
        return True
    return suffix not in FILE_SUFFIXES and _built_in_types().guess_type(f"x{suffix}")[0] is None


@functools.cache
def _built_in_types() -> mimetypes.MimeTypes:
    return mimetypes.MimeTypes()


def _head(scope: Scope) -> bool:
    return bool(scope.get("method") == "HEAD")


async def _not_modified(send: Send, head: list[tuple[bytes, bytes]]) -> None:
    kept = [(k, v) for k, v in head if k not in (b"content-type", b"content-encoding")]
    await send({"type": "http.response.start", "status": 304, "headers": kept})
    await send({"type": "http.response.body", "body": b""})


async def _plain(scope: Scope, send: Send, status: int, body: bytes) -> None:
    head = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"),
    ]
    await send({"type": "http.response.start", "status": status, "headers": head})
    await send({"type": "http.response.body", "body": b"" if _head(scope) else body})


async def _ask(app: ASGIApp, scope: Scope, path: str) -> tuple[int, bytes | None, bytes]:
    """Flet's answer to a plain ``GET path`` (no conditions, no compression): status,
    content type and body."""
    inner = {
        **scope,
        "method": "GET",
        "path": path,
        "raw_path": path.encode("latin-1"),
        "query_string": b"",
        "headers": [(k, v) for k, v in scope["headers"] if k.lower() == b"host"],
    }
    status = 0
    kind: bytes | None = None
    parts: list[bytes] = []

    asked = False

    async def receive() -> Message:
        nonlocal asked
        if not asked:  # the request (without a body), then nothing until Flet has answered
            asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.Event().wait()
        return {"type": "http.disconnect"}

    async def collect(message: Message) -> None:
        nonlocal status, kind
        if message["type"] == "http.response.start":
            status = int(message["status"])
            for key, value in message.get("headers", []):
                if key.lower() == b"content-type":
                    kind = bytes(value)
        elif message["type"] == "http.response.body":
            parts.append(bytes(message.get("body", b"")))

    await app(inner, receive, collect)
    return status, kind, b"".join(parts)


__all__ = [
    "PREFIX",
    "Precompressed",
    "WebStatic",
    "accepted",
    "default_cache_dir",
    "precompress",
    "version_tag",
]
