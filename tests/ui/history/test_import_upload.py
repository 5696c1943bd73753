"""History's import of a file, on a real Flet page without a browser: a browser uploads it
to the server first, a desktop window reads its path; either way nothing is left behind.

The file picker is a stand-in that does what Flet's client does (the upload lands in the
server's folder under the name in its signed address, ``on_upload`` reports it); the real
browser does it in tests/browser/test_history_import.py.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import parse_qs, urlsplit

import flet as ft

from companion.history import Store
from companion.tools.bench.imports import backup
from companion.ui.context import AppContext
from companion.ui.history.model import CANCELLED, PAGE_LEFT
from companion.ui.history.parts.exchange import Exchange
from companion.uploads import Uploads
from tests.ui_harness import Harness, run, walk


class Picker:
    """Flet's FilePicker as the client answers it, for one picked file."""

    def __init__(self, data: bytes, *, name: str = "backup.json", path: str | None = None):
        self.data = data
        self.name = name
        self.path = path
        self.size = len(data)
        self.on_upload: Any = None
        self.uploads: list[str] = []
        self.then: str = "finish"  # or "stall": half the file, then nothing
        self.server: Uploads | None = None

    async def pick_files(self, **options: Any) -> list[ft.FilePickerFile]:
        assert not options.get("with_data"), "a file's bytes never go over the WebSocket"
        return [ft.FilePickerFile(id=0, name=self.name, size=self.size, path=self.path)]

    def update(self) -> None:
        pass

    async def upload(self, files: list[ft.FilePickerUploadFile]) -> None:
        (upload,) = files
        self.uploads.append(upload.upload_url)
        name = parse_qs(urlsplit(upload.upload_url).query)["f"][0]
        asyncio.get_running_loop().create_task(self._send(name))

    async def _send(self, name: str) -> None:
        """What the browser and the server's door do: the file arrives, counted."""
        server = self.server
        assert server is not None
        half = self.size // 2
        self.event(0.0)
        self.event(0.9)  # read into the request
        server.path(name).write_bytes(self.data[:half])
        server.add_received(name, half)
        if self.then == "stall":
            return
        server.path(name).write_bytes(self.data)
        server.add_received(name, self.size - half)
        self.event(1.0)

    def event(self, progress: float | None, error: str | None = None) -> None:
        if self.on_upload is not None:
            self.on_upload(SimpleNamespace(file_name=self.name, progress=progress, error=error))


async def start(store: Store, picker: Picker, uploads: Uploads | None) -> tuple[Harness, Exchange]:
    holder: dict[str, AppContext] = {}

    def main(page: ft.Page) -> None:
        ctx = AppContext(page=page, store=store, catalogue=None, uploads=uploads)  # type: ignore[arg-type]
        ctx._file_picker = picker  # type: ignore[assignment]
        holder["ctx"] = ctx

    h = await Harness.start(main)
    h.conn.get_upload_url = lambda name, expires: f"/upload?f={name}&e=x&s=y"  # type: ignore[method-assign]
    picker.server = uploads
    return h, Exchange(holder["ctx"])


def result(h: Harness) -> str:
    """The import's closing dialog: its title and text."""
    dialogs = [d for d in h.dialogs(ft.AlertDialog, open_only=True) if not d.modal]
    assert dialogs, f"no result shown; texts: {h.texts()}"
    return " ".join(c.value for c in walk(dialogs[-1]) if isinstance(c, ft.Text) and c.value)


async def until(condition: Any) -> None:
    for _ in range(500):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("never happened")


@run
async def test_a_browser_uploads_the_file_then_it_is_imported_and_deleted(
    store: Store, tmp_path: Path
) -> None:
    uploads = Uploads(tmp_path)
    picker = Picker(backup(50).encode())
    h, exchange = await start(store, picker, uploads)
    await exchange.import_file("json")
    assert len(picker.uploads) == 1
    assert "Import finished" in result(h) and "50 plays added." in result(h)
    assert store.count_plays() == 50
    assert list(uploads.folder.iterdir()) == []
    assert picker.on_upload is None and h.page.on_disconnect is None  # listening stopped


@run
async def test_a_refused_upload_says_why_and_leaves_nothing(store: Store, tmp_path: Path) -> None:
    uploads = Uploads(tmp_path)
    picker = Picker(b"{}")

    async def refused(files: list[ft.FilePickerUploadFile]) -> None:
        picker.event(0.0)
        picker.event(None, "Upload endpoint returned code 403: Join with the access code first.")

    picker.upload = refused  # type: ignore[method-assign]
    h, exchange = await start(store, picker, uploads)
    await exchange.import_file("json")
    assert "backup.json was not imported" in result(h) and "access code" in result(h)
    assert list(uploads.folder.iterdir()) == []


@run
async def test_a_closed_page_or_a_cancel_ends_the_wait_and_the_file_goes(
    store: Store, tmp_path: Path
) -> None:
    for how, said in (("disconnect", PAGE_LEFT), ("cancel", CANCELLED)):
        (tmp_path / how).mkdir()
        uploads = Uploads(tmp_path / how)
        picker = Picker(backup(5).encode())
        picker.then = "stall"
        h, exchange = await start(store, picker, uploads)
        task = asyncio.get_running_loop().create_task(exchange.import_file("json"))
        await until(lambda folder=uploads.folder: any(folder.iterdir()))
        await until(lambda h=h: h.has_text("Sending backup.json to the server: 50%"))
        if how == "disconnect":
            await h.session.dispatch_event(h.page._i, "disconnect", None)
        else:
            await h.click(h.by_id("import-cancel"))
        await asyncio.wait_for(task, 5)
        assert said in result(h)
        assert list(uploads.folder.iterdir()) == []
        assert store.count_plays() == 0


@run
async def test_too_large_or_empty_is_said_before_anything_is_sent(
    store: Store, tmp_path: Path
) -> None:
    for size, said in ((300_000_000, "The file is 300 MB"), (0, "The file is empty.")):
        uploads = Uploads(tmp_path)
        picker = Picker(b"")
        picker.size = size
        h, exchange = await start(store, picker, uploads)
        await exchange.import_file("bgstats")
        assert picker.uploads == [] and said in result(h)


@run
async def test_bad_text_is_refused_and_nothing_changes(store: Store, tmp_path: Path) -> None:
    uploads = Uploads(tmp_path)
    cases = ((b"\xff\xfe{}", "not UTF-8 text"), (b"plays!", "not valid JSON"), (b"  ", "empty"))
    for data, said in cases:
        h, exchange = await start(store, Picker(data), uploads)
        await exchange.import_file("json")
        assert said in result(h) and "Nothing was changed." in result(h)
    assert store.count_plays() == 0 and list(uploads.folder.iterdir()) == []


@run
async def test_a_desktop_window_reads_the_file_from_its_path(store: Store, tmp_path: Path) -> None:
    file = tmp_path / "backup.json"
    file.write_text(backup(7), encoding="utf-8")
    picker = Picker(b"", path=str(file))
    picker.size = file.stat().st_size
    h, exchange = await start(store, picker, None)
    h.session.apply_page_patch({"web": False})
    await exchange.import_file("json")
    assert picker.uploads == [] and "7 plays added." in result(h)


@run
async def test_an_import_that_fails_inside_says_so_and_the_file_goes(
    store: Store, tmp_path: Path, monkeypatch: Any
) -> None:
    def out_of_memory(text: str, **_: Any) -> None:
        raise MemoryError

    monkeypatch.setattr(store, "import_report", out_of_memory)
    uploads = Uploads(tmp_path)
    h, exchange = await start(store, Picker(backup(3).encode()), uploads)
    await exchange.import_file("json")
    assert "The import failed: MemoryError()." in result(h)
    assert not [d for d in h.dialogs(ft.AlertDialog, open_only=True) if d.modal]  # no progress
    assert list(uploads.folder.iterdir()) == []


@run
async def test_a_long_import_shows_its_progress_while_the_screen_keeps_working(
    store: Store, monkeypatch: Any
) -> None:
    """The import runs off the page's event loop: while it is still going (held here until
    the test has looked), the dialog shows how many plays went in and its bar the fraction,
    and the loop goes on answering (this test's own steps run on it)."""
    import threading

    reported = threading.Event()
    release = threading.Event()
    real = store.import_report

    def held(text: str, *, progress: Any = None) -> Any:
        progress(5_000, 100_000)
        reported.set()
        release.wait(timeout=10)  # never forever: a blocked loop fails below instead
        return real(text, progress=progress)

    monkeypatch.setattr(store, "import_report", held)
    h, exchange = await start(store, Picker(b""), None)
    task = asyncio.get_running_loop().create_task(exchange.import_text(backup(4)))
    await until(reported.is_set)
    await until(lambda: h.has_text("Read 5,000 of 100,000 plays"))
    assert not task.done()
    [progress] = [d for d in h.dialogs(ft.AlertDialog, open_only=True) if d.modal]
    [bar] = [c for c in walk(progress) if isinstance(c, ft.ProgressBar)]
    assert bar.value == 0.05
    release.set()
    await task
    assert "Import finished" in result(h) and "4 plays added." in result(h)
    assert not [d for d in h.dialogs(ft.AlertDialog, open_only=True) if d.modal]
