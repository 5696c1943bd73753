"""History › Export or import (the app bar's menu): export to a file (a download in a
browser) and import from a file or pasted text.

Imports run off the page's event loop with a progress bar, so the screen stays responsive
through a long one; the import is one transaction, all or nothing. In a browser the file is
first uploaded to the server over HTTP (its progress shown too), then read from there. What a
file must be, and what an import says, is :mod:`companion.ui.history.model.exchange`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.history import StoreError
from companion.ui.context import AppContext
from companion.ui.history.model import (
    CANCELLED,
    EXPORTS,
    IMPORTS,
    NO_UPLOADS,
    PAGE_LEFT,
    TOO_SLOW,
    ImportRefused,
    UploadWatch,
    check_size,
    export_message,
    import_summary,
    not_imported,
    progress_text,
    read_import_file,
)
from companion.ui.kit.widgets import tagged
from companion.uploads import Uploads

log = logging.getLogger(__name__)
POLL_SECONDS = 0.5  # how often the dialog asks how much of an upload has arrived


class Progress:
    """The modal "Importing" dialog: a line saying what happens and a bar (moving without a
    value while the size of the work is unknown), with a Cancel while that is possible."""

    def __init__(self, page: ft.Page, text: str) -> None:
        self.page = page
        self.bar = ft.ProgressBar(value=None, width=280)
        self.status = ft.Text(text)
        self.cancel = ft.TextButton("Cancel", visible=False)
        self.dialog = ft.AlertDialog(
            modal=True,
            title=ft.Text("Importing"),
            content=tagged(
                "import-progress", ft.Column([self.status, self.bar], tight=True, spacing=12)
            ),
            actions=[tagged("import-cancel", self.cancel)],
        )
        self.open = True
        page.show_dialog(self.dialog)

    def show(self, fraction: float | None, text: str) -> None:
        if not self.open:
            return
        self.bar.value = fraction
        self.status.value = text
        self.bar.update()
        self.status.update()

    def cancellable(self, on_cancel: Callable[[], None] | None) -> None:
        self.cancel.visible = on_cancel is not None
        self.cancel.on_click = (lambda e: on_cancel()) if on_cancel is not None else None
        if self.open:
            self.cancel.update()

    def close(self) -> None:
        if self.open:
            self.open = False
            self.page.pop_dialog()


class Exchange:
    """The export and import menu, its dialogs and its progress."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    async def export(self, kind: str) -> None:
        export = EXPORTS[kind]
        try:
            text: str = getattr(self.ctx.store, export.method)()
        except StoreError as exc:
            self.ctx.notify(f"Export failed: {exc}", error=True)
            return
        try:
            saved = await self.ctx.file_picker().save_file(
                dialog_title="Save history",
                file_name=export.file_name,
                src_bytes=text.encode("utf-8"),
            )
        except Exception as exc:  # the client could not save (no dialog support here)
            self.ctx.notify(f"Could not save the file: {exc}", error=True)
            return
        message = export_message(export.file_name, saved, web=bool(self.ctx.page.web))
        if message:
            self.ctx.notify(message)

    async def import_file(self, kind: str = "json") -> None:
        """Pick a file and import it. A desktop window reads it from its path; a browser
        uploads it to the server over HTTP first (:mod:`companion.uploads`), never over the
        page's WebSocket, so a large backup fits."""
        picker = self.ctx.file_picker()
        try:
            files = await picker.pick_files(
                dialog_title=IMPORTS[kind].dialog_title,
                file_type=ft.FilePickerFileType.CUSTOM,
                allowed_extensions=["json"],
            )
        except Exception as exc:
            self.ctx.notify(f"Could not open the file: {exc}", error=True)
            return
        if not files:
            return
        picked = files[0]
        try:
            check_size(picked.size)
        except ImportRefused as exc:
            self.show_result(not_imported(picked.name), str(exc), ok=False)
            return
        if picked.path and not self.ctx.page.web:
            path = picked.path
            await self.run_import(lambda: read_import_file(path), picked.name, kind)
            return
        uploads = self.ctx.uploads
        if uploads is None:
            self.show_result(not_imported(picked.name), NO_UPLOADS, ok=False)
            return
        upload = uploads.expect()
        try:
            progress = Progress(self.ctx.page, f"Sending {picked.name} to the server…")
            why_not = await self.upload(picker, picked, uploads, upload, progress)
            if why_not:
                progress.close()
                self.show_result(not_imported(picked.name), why_not, ok=False)
                return
            where = uploads.path(upload)
            await self.run_import(
                lambda: read_import_file(where), picked.name, kind, progress=progress
            )
        finally:
            uploads.discard(upload)

    async def upload(
        self,
        picker: ft.FilePicker,
        picked: ft.FilePickerFile,
        uploads: Uploads,
        upload: str,
        progress: Progress,
    ) -> str:
        """Send the picked file to the server under the name ``upload``, the dialog showing
        how much has arrived; "" once it is there, otherwise why not (failed, cancelled, the
        page gone, too slow)."""
        page = self.ctx.page
        watch = UploadWatch(picked.name, picked.size)
        over = asyncio.Event()

        def on_upload(e: ft.FilePickerUploadEvent) -> None:
            watch.event(e.progress, e.error)
            if watch.outcome is not None:
                over.set()

        def stop(why: str) -> None:
            watch.give_up(why)
            over.set()

        previous = page.on_disconnect

        def on_disconnect(e: Any) -> None:  # a reload or a closed tab ends the browser's upload
            stop(PAGE_LEFT)
            if previous is not None:
                previous(e)  # type: ignore[call-arg]

        picker.on_upload = on_upload
        page.on_disconnect = on_disconnect
        picker.update()  # the client reports an upload only to a picker that listens
        page.update()
        progress.cancellable(lambda: stop(CANCELLED))
        try:
            url = page.get_upload_url(upload, round(uploads.seconds))
            await picker.upload(
                [ft.FilePickerUploadFile(upload_url=url, id=picked.id, name=picked.name)]
            )
            await self._watch(watch, over, uploads, upload, progress)
            if not over.is_set():
                stop(TOO_SLOW)
        except Exception as exc:  # the client could not start the upload
            log.warning("starting an upload failed", exc_info=True)
            stop(f"The file could not be sent to the server: {exc}")
        finally:
            picker.on_upload = None
            if page.on_disconnect is on_disconnect:
                page.on_disconnect = previous
            progress.cancellable(None)
            picker.update()
            page.update()
        return watch.outcome or ""

    async def _watch(
        self,
        watch: UploadWatch,
        over: asyncio.Event,
        uploads: Uploads,
        upload: str,
        progress: Progress,
    ) -> None:
        """Until the upload is over (or its time is), show how much reached the server."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + uploads.seconds
        while not over.is_set() and (left := deadline - loop.time()) > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(over.wait(), min(POLL_SECONDS, left))
            before = watch.fraction
            watch.arrived(uploads.received(upload))
            if watch.fraction != before:
                progress.show(watch.fraction, watch.text)

    async def import_text(
        self, text: str, name: str = "The pasted text", kind: str = "json"
    ) -> None:
        await self.run_import(lambda: text, name, kind)

    async def run_import(
        self,
        read: Callable[[], str | bytes],
        name: str,
        kind: str = "json",
        *,
        progress: Progress | None = None,
    ) -> None:
        """Read the text (``read``, which may raise :class:`ImportRefused`) and import it, both
        off the page's event loop, the dialog showing the plays going in; then say how it
        went."""
        method = getattr(self.ctx.store, IMPORTS[kind].method)
        if progress is None:
            progress = Progress(self.ctx.page, f"Reading {name}…")
        else:
            progress.show(None, f"Reading {name}…")
        loop = asyncio.get_running_loop()

        def report(done: int, total: int) -> None:  # called from the importing thread
            loop.call_soon_threadsafe(
                progress.show, done / total if total else None, progress_text(done, total)
            )

        def work() -> Any:
            text = read()
            return method(text, progress=report)

        try:
            result = await asyncio.to_thread(work)
        except ValueError as exc:  # ImportRefused, or the store's ImportFileError
            progress.close()
            self.show_result(not_imported(name), f"{exc}\n\nNothing was changed.", ok=False)
            return
        except Exception as exc:  # out of memory, a fault: one transaction, rolled back
            log.exception("importing %s failed", name)
            progress.close()
            self.show_result(
                not_imported(name), f"The import failed: {exc!r}.\n\nNothing was changed.", ok=False
            )
            return
        progress.close()
        self.show_result("Import finished", import_summary(result), ok=True)
        self.ctx.refresh()

    def show_result(self, title: str, text: str, *, ok: bool) -> None:
        dialog = ft.AlertDialog(
            title=ft.Text(title),
            icon=ft.Icon(ft.Icons.CHECK_CIRCLE_OUTLINE if ok else ft.Icons.ERROR_OUTLINE),
            # Selectable text (to copy a list of problems) is not in the accessibility tree by
            # itself: the label is what a screen reader reads.
            content=ft.Semantics(
                identifier="import-result", label=text, content=ft.Text(text, selectable=True)
            ),
            scrollable=True,  # as tall as its words, scrolling when they are many
            actions=[ft.TextButton("OK", on_click=lambda e: self.ctx.page.pop_dialog())],
        )
        self.ctx.page.show_dialog(dialog)

    def paste_dialog(self) -> None:
        field = ft.TextField(
            label="History file contents",
            multiline=True,
            min_lines=4,
            max_lines=10,
            hint_text='Paste a backup made by "Export › Backup"',
            error_max_lines=3,
        )

        def go(e: Any) -> None:
            self.ctx.page.pop_dialog()
            self.ctx.page.run_task(self.import_text, field.value or "")

        self.ctx.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text("Import from text"),
                content=field,
                actions=[
                    ft.TextButton("Cancel", on_click=lambda e: self.ctx.page.pop_dialog()),
                    ft.FilledButton("Import", on_click=go),
                ],
            )
        )

    def menu(self) -> ft.Control:
        items: list[ft.PopupMenuItem] = [
            ft.PopupMenuItem(
                content=f"Export: {export.label}",
                icon=ft.Icons.DOWNLOAD,
                on_click=lambda e, k=kind: self.ctx.page.run_task(self.export, k),
            )
            for kind, export in EXPORTS.items()
        ]
        items.append(ft.PopupMenuItem())
        items += [
            ft.PopupMenuItem(
                content=found.label,
                icon=ft.Icons.UPLOAD_FILE,
                on_click=lambda e, k=kind: self.ctx.page.run_task(self.import_file, k),
            )
            for kind, found in IMPORTS.items()
        ]
        items.append(
            ft.PopupMenuItem(
                content="Import pasted text",
                icon=ft.Icons.CONTENT_PASTE,
                on_click=lambda e: self.paste_dialog(),
            )
        )
        return tagged(
            "history-menu",
            ft.PopupMenuButton(
                icon=ft.Icons.IMPORT_EXPORT, tooltip="Export or import", items=items
            ),
        )


__all__ = ["Exchange"]
