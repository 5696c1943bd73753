"""Uploads for History's import: the server's private folder, its names, and the door in front.

The door is the real ``build_app`` (Flet's app behind ``Guard``) driven in this process over
ASGI, on a network address that needs the access code; the addresses are signed with the
same key the app's pages sign them with.
"""

from __future__ import annotations

import asyncio
import os
import stat
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from flet_web.uploads import build_upload_url

from companion.access import AccessCode
from companion.server import build_app
from companion.uploads import PREFIX, Uploads, remove_left_behind
from tests.ui_harness import run

HOST = "192.0.2.7"  # a network address: the access code is needed
PORT = 8550
ORIGIN = f"http://{HOST}:{PORT}"


class Settings(dict[str, Any]):
    def get_setting(self, key: str, default: Any = None) -> Any:
        return self.get(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        self[key] = value


@pytest.fixture
def uploads(tmp_path: Path) -> Iterator[Uploads]:
    folder = tmp_path / "uploads"
    folder.mkdir()
    found = Uploads(folder, max_bytes=1_000)
    yield found
    found.close()


@pytest.fixture
def access() -> AccessCode:
    return AccessCode(Settings(), code="ABC234", secret="s" * 32)


@pytest.fixture
def cookie(access: AccessCode) -> str:
    return f"companion_device_{PORT}={access.admit()[1]}"


@pytest.fixture
def client(uploads: Uploads, access: AccessCode) -> httpx.AsyncClient:
    """A browser on the network, talking to the whole web app (opened in each test's loop)."""
    app = build_app(lambda page: None, host=HOST, port=PORT, access=access, uploads=uploads)
    transport = httpx.ASGITransport(app=app, client=("192.0.2.50", 40000))  # type: ignore[arg-type]
    return httpx.AsyncClient(transport=transport, base_url=ORIGIN)


@pytest.fixture
def awaited(uploads: Uploads) -> tuple[str, str]:
    """A name the server awaits an upload under, and the signed address a page gets for it."""
    name = uploads.expect()
    return name, signed(uploads, name)


def signed(uploads: Uploads, name: str) -> str:
    """The upload address a page of this server gets for ``name`` (``page.get_upload_url``)."""
    return build_upload_url("/upload", name, 60, uploads.secret)


async def put(
    client: httpx.AsyncClient,
    url: str,
    body: Any = b'{"format": "x"}',
    *,
    cookie: str | None,
    origin: str | None = ORIGIN,
) -> httpx.Response:
    headers = {"content-type": "application/octet-stream"}
    if cookie:
        headers["cookie"] = cookie
    if origin:
        headers["origin"] = origin
    return await client.put(url, content=body, headers=headers)


def files_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*"))


# ---------------------------------------------------------------------------- the folder


def test_the_folder_is_private_and_names_are_the_servers(uploads: Uploads) -> None:
    assert stat.S_IMODE(uploads.folder.stat().st_mode) == 0o700
    name = uploads.expect()
    assert uploads.expected(name) and uploads.path(name).parent == uploads.folder
    assert name != uploads.expect()  # every upload a name of its own


@pytest.mark.parametrize(
    "name",
    ["../evil.json", "/etc/passwd", "a/b.json", "..", "", "x.json", "0" * 32 + ".json/../../x"],
)
def test_a_name_the_server_did_not_make_is_never_a_path(uploads: Uploads, name: str) -> None:
    with pytest.raises(ValueError, match="not an upload name"):
        uploads.path(name)
    assert not uploads.expected(name)
    uploads.discard(name)  # harmless: nothing outside the folder is touched
    uploads.drop_file(name)


def test_discard_deletes_the_file_and_forgets_the_name(uploads: Uploads) -> None:
    name = uploads.expect()
    uploads.path(name).write_text("{}")
    uploads.discard(name)
    assert not uploads.expected(name) and files_in(uploads.folder) == []


def test_forgotten_uploads_and_stray_files_are_swept(tmp_path: Path) -> None:
    now = [0.0]
    (tmp_path / "up").mkdir()
    uploads = Uploads(tmp_path / "up", seconds=10, clock=lambda: now[0])
    old, stray = uploads.expect(), uploads.folder / "left-over.json"
    uploads.path(old).write_text("{}")
    stray.write_text("{}")
    now[0] = 11
    fresh = uploads.expect()  # sweeps first
    assert not uploads.expected(old) and uploads.expected(fresh)
    assert files_in(uploads.folder) == []
    uploads.close()
    assert not uploads.folder.exists()


def test_folders_of_servers_that_are_gone_go_at_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A server killed outright (or a machine that lost power) cannot remove its folder: the
    # next server removes every such folder of this user whose process no longer runs.
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    gone = tmp_path / f"{PREFIX}{ended.pid}-abc"
    gone.mkdir()
    (gone / "half-sent.json").write_text("[1, 2")
    running = tmp_path / f"{PREFIX}{os.getpid()}-def"  # a server still running: kept
    running.mkdir()
    other = tmp_path / f"{PREFIX}older-form"  # not a name we make: kept
    other.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    uploads = Uploads()
    try:
        assert not gone.exists() and running.exists() and other.exists()
        assert uploads.folder.parent == tmp_path.resolve()
        assert uploads.folder.name.startswith(f"{PREFIX}{os.getpid()}-")
        assert remove_left_behind(tmp_path) == []  # its own folder: its process runs
    finally:
        uploads.close()


# ------------------------------------------------------------------------------ the door


@run
async def test_an_upload_from_a_joined_device_arrives(
    client: httpx.AsyncClient, uploads: Uploads, cookie: str, awaited: tuple[str, str]
) -> None:
    name, url = awaited
    response = await put(client, url, b"[1, 2, 3]", cookie=cookie)
    assert response.status_code == 200
    assert uploads.path(name).read_bytes() == b"[1, 2, 3]"
    assert uploads.received(name) == 9  # counted at the door, for the screen's progress
    assert response.headers.get("access-control-allow-origin") is None


@run
async def test_an_upload_without_the_access_cookie_is_refused(
    client: httpx.AsyncClient, uploads: Uploads, access: AccessCode, awaited: tuple[str, str]
) -> None:
    url = awaited[1]
    for cookie in (None, f"companion_device_{PORT}=forged", "other=1"):
        response = await put(client, url, cookie=cookie)
        assert response.status_code == 403
        assert "access code" in response.text
    # Nor does the access code in the address admit an upload.
    response = await put(client, f"{url}&code={access.code}", cookie=None)
    assert response.status_code == 403
    assert files_in(uploads.folder) == []


@run
async def test_an_upload_from_another_origin_is_refused(
    client: httpx.AsyncClient, uploads: Uploads, cookie: str, awaited: tuple[str, str]
) -> None:
    url = awaited[1]
    for origin in ("http://evil.example", None):
        assert (await put(client, url, cookie=cookie, origin=origin)).status_code == 403
    assert files_in(uploads.folder) == []


@run
async def test_an_upload_is_taken_only_under_an_expected_name(
    client: httpx.AsyncClient, uploads: Uploads, cookie: str, tmp_path: Path
) -> None:
    unexpected = "0" * 32 + ".json"
    for name in (unexpected, "../escaped.json", "../../escaped.json", "sub/dir.json"):
        # Signed with the server's own key: only the name is wrong.
        response = await put(client, signed(uploads, name), cookie=cookie)
        assert response.status_code == 403, name
    assert files_in(uploads.folder) == []
    assert not (tmp_path / "escaped.json").exists()
    assert not (uploads.folder.parent.parent / "escaped.json").exists()


@run
async def test_an_unsigned_or_forged_address_is_refused_and_leaves_nothing(
    client: httpx.AsyncClient, uploads: Uploads, cookie: str, awaited: tuple[str, str]
) -> None:
    name, good = awaited
    forged = good.rsplit("&s=", 1)[0] + "&s=" + "0" * 64
    for url in (f"/upload?f={name}", forged):
        assert (await put(client, url, cookie=cookie)).status_code in (400, 403)
    assert files_in(uploads.folder) == []


@run
async def test_a_file_over_the_limit_is_refused_and_its_part_deleted(
    client: httpx.AsyncClient, uploads: Uploads, cookie: str, awaited: tuple[str, str]
) -> None:
    name, url = awaited
    declared = await put(client, url, b"x" * 1_001, cookie=cookie)
    assert declared.status_code == 413
    assert files_in(uploads.folder) == []

    async def chunks() -> AsyncIterator[bytes]:  # no declared length: Flet counts as it writes
        for _ in range(4):
            yield b"x" * 400
            await asyncio.sleep(0)

    streamed = await put(client, url, chunks(), cookie=cookie)
    assert streamed.status_code == 413
    assert files_in(uploads.folder) == []
    assert uploads.expected(name)  # the import may still say why; the screen discards it


@run
async def test_an_upload_that_nobody_waits_for_any_more_is_deleted(
    client: httpx.AsyncClient, uploads: Uploads, cookie: str, awaited: tuple[str, str]
) -> None:
    name, url = awaited

    async def slow() -> AsyncIterator[bytes]:
        yield b"[1,"
        uploads.discard(name)  # the screen gave up (cancel, the page closed) meanwhile
        yield b"2]"

    response = await put(client, url, slow(), cookie=cookie)
    assert response.status_code == 200
    assert files_in(uploads.folder) == []


@run
async def test_the_folder_goes_when_the_server_shuts_down(
    uploads: Uploads, access: AccessCode
) -> None:
    app = build_app(lambda page: None, host=HOST, port=PORT, access=access, uploads=uploads)
    uploads.path(uploads.expect()).write_text("{}")
    events: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    for kind in ("lifespan.startup", "lifespan.shutdown"):
        events.put_nowait({"type": kind})
    said: list[str] = []

    async def send(message: Any) -> None:
        said.append(message["type"])

    await app({"type": "lifespan", "asgi": {"version": "3.0"}}, events.get, send)
    assert said[-1] == "lifespan.shutdown.complete"
    assert not uploads.folder.exists()
