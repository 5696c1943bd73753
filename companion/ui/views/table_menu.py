"""A table screen's app-bar pieces that every tool on a shared table offers alike: Undo (the
table's last action, whoever made it) and the menu of this table (a tool's own entries, then
Finish and Abandon, each asked first)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.ui.context import AppContext
from companion.ui.live import LiveTable, Painter, confirm, isolate
from companion.ui.widgets import body, tagged


class UndoButton:
    """The app bar's Undo: enabled while the table has an action to take back."""

    def __init__(self, live: Callable[[], LiveTable], *, what: str = "the last change") -> None:
        self.what = what
        self.button = ft.IconButton(
            ft.Icons.UNDO,
            tooltip="Nothing to undo",
            disabled=True,
            on_click=lambda e: live().undo(),
        )
        self.control = isolate(tagged("undo-last", self.button))

    def paint(self, paint: Painter, *, can_undo: bool) -> None:
        paint.set(
            self.control,
            self.button,
            disabled=not can_undo,
            tooltip=f"Undo {self.what}" if can_undo else "Nothing to undo",
        )


def table_menu(
    ctx: AppContext,
    live: LiveTable,
    *,
    lobby: str,
    who: str,
    items: Sequence[ft.Control] = (),
    finish_note: str = "",
    ended: tuple[str, str] = ("The table is finished.", "The table was abandoned."),
) -> None:
    """Open "This table": ``items`` (the tool's own entries), then Finish and Abandon while
    the table is open. Each ending is confirmed; then the lobby ``lobby`` opens."""
    snapshot = live.snapshot

    def end(how: str) -> None:
        ctx.page.pop_dialog()
        finish = how == "finish"
        confirm(
            ctx,
            title="Finish this table?" if finish else "Abandon this table?",
            text=(
                "It leaves the list in progress and takes no more changes on any phone. "
                + (finish_note if finish else "Its changes stay in the database.")
            ).strip(),
            action="Finish" if finish else "Abandon",
            ident=f"confirm-{how}",
            on_confirm=lambda: done(how),
            danger=not finish,
        )

    def done(how: str) -> None:
        outcome = live.finish() if how == "finish" else live.abandon()
        if outcome.ok:
            ctx.navigate(lobby)
            ctx.notify(ended[0] if how == "finish" else ended[1])

    actions: list[ft.Control] = list(items)
    if not snapshot.read_only:
        actions += [
            tagged(
                "finish-table",
                ft.TextButton(
                    "Finish this table", icon=ft.Icons.FLAG, on_click=lambda e: end("finish")
                ),
            ),
            tagged(
                "abandon-table",
                ft.TextButton(
                    "Abandon this table",
                    icon=ft.Icons.DELETE_OUTLINE,
                    on_click=lambda e: end("abandon"),
                ),
            ),
        ]

    def close(e: Any) -> None:
        ctx.page.pop_dialog()

    ctx.page.show_dialog(
        ft.AlertDialog(
            title=ft.Text("This table"),
            content=ft.Column(
                [body(who, muted=True), *actions],
                tight=True,
                spacing=4,
                horizontal_alignment=ft.CrossAxisAlignment.START,
            ),
            actions=[tagged("menu-close", ft.TextButton("Close", on_click=close))],
        )
    )


def menu_button(open_menu: Callable[[], None]) -> ft.Control:
    """The app bar's "This table" button (tagged ``table-menu``)."""
    return tagged(
        "table-menu",
        ft.IconButton(ft.Icons.MORE_VERT, tooltip="This table", on_click=lambda e: open_menu()),
    )


__all__ = ["UndoButton", "menu_button", "table_menu"]
