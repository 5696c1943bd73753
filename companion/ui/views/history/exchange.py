"""History › Export or import (the app bar's menu): export to a file (a download in a
browser) and import from a file or pasted text.

Imports run off the page's event loop with a progress bar, so the screen stays responsive
through a long one; the import is one transaction, all or nothing. What a file must be, and
what an import says, is :mod:`companion.ui.logic.history.exchange`.
"""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft

from companion.history import StoreError
from companion.ui.context import AppContext
from companion.ui.logic.history import (
    EXPORTS,
    IMPORTS,
    MAX_IMPORT_BYTES,
    ImportRefused,
    export_message,
    import_summary,
    import_text_of,
    not_imported,
    progress_text,
)
from companion.ui.widgets import tagged


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
        try:
            files = await self.ctx.file_picker().pick_files(
                dialog_title=IMPORTS[kind].dialog_title,
                file_type=ft.FilePickerFileType.CUSTOM,
                allowed_extensions=["json"],
                with_data=True,
            )
        except Exception as exc:
            self.ctx.notify(f"Could not open the file: {exc}", error=True)
            return
        if not files:
            return
        picked = files[0]
        data = picked.bytes
        if data is None and picked.path:
            try:
                with open(picked.path, "rb") as handle:
                    data = handle.read(MAX_IMPORT_BYTES + 1)
            except OSError as exc:
                self.ctx.notify(f"Could not read {picked.name}: {exc.strerror}", error=True)
                return
        if data is None:
            self.ctx.notify(f"Could not read {picked.name}.", error=True)
            return
        await self.import_bytes(data, picked.name, kind)

    async def import_bytes(self, data: bytes, name: str, kind: str = "json") -> None:
        try:
            text = import_text_of(data)
        except ImportRefused as exc:
            self.show_result(not_imported(name), str(exc), ok=False)
            return
        del data
        await self.import_text(text, name, kind)

    async def import_text(
        self, text: str, name: str = "The pasted text", kind: str = "json"
    ) -> None:
        method = getattr(self.ctx.store, IMPORTS[kind].method)
        bar = ft.ProgressBar(value=None, width=280)
        status = ft.Text(f"Reading {name}…")
        dialog = ft.AlertDialog(
            modal=True,
            title=ft.Text("Importing"),
            content=tagged("import-progress", ft.Column([status, bar], tight=True, spacing=12)),
        )
        self.ctx.page.show_dialog(dialog)
        loop = asyncio.get_running_loop()

        def show(done: int, total: int) -> None:
            bar.value = done / total if total else None
            status.value = progress_text(done, total)
            bar.update()
            status.update()

        def progress(done: int, total: int) -> None:  # called from the importing thread
            loop.call_soon_threadsafe(show, done, total)

        try:
            report = await asyncio.to_thread(method, text, progress=progress)
        except ValueError as exc:
            self.ctx.page.pop_dialog()
            self.show_result(not_imported(name), f"{exc}\n\nNothing was changed.", ok=False)
            return
        self.ctx.page.pop_dialog()
        self.show_result("Import finished", import_summary(report), ok=True)
        self.ctx.refresh()

    def show_result(self, title: str, text: str, *, ok: bool) -> None:
        dialog = ft.AlertDialog(
            title=ft.Text(title),
            icon=ft.Icon(ft.Icons.CHECK_CIRCLE_OUTLINE if ok else ft.Icons.ERROR_OUTLINE),
            content=ft.Column(
                [ft.Text(text, selectable=True)], tight=True, scroll=ft.ScrollMode.AUTO
            ),
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
