"""A table screen's app-bar pieces that every tool on a shared table offers alike: Undo (the
table's last action, whoever made it) and the menu of this table (a tool's own entries, then
Finish and Abandon, each asked first)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.tables import Snapshot
from companion.ui.context import AppContext
from companion.ui.kit.widgets import body, confirm, tagged
from companion.ui.live import LiveTable
from companion.ui.paint import Painter


class UndoButton:
    """The app bar's Undo: enabled while the table has an action to take back."""

    def __init__(self, live: Callable[[], LiveTable], *, what: str = "the last change") -> None:
        self.what = what
        # The icon carries the button's name (a tooltip alone gives it none to assistive
        # technology); it changes with the tooltip.
        self.icon = ft.Icon(ft.Icons.UNDO, semantics_label="Nothing to undo")
        self.button = ft.IconButton(
            self.icon,
            tooltip="Nothing to undo",
            disabled=True,
            on_click=lambda e: live().undo(),
        )
        self.control = tagged("undo-last", self.button, section=True)

    def paint(self, paint: Painter, *, can_undo: bool) -> None:
        paint.set(
            self.control,
            self.button,
            disabled=not can_undo,
            tooltip=f"Undo {self.what}" if can_undo else "Nothing to undo",
        )
        paint.set(self.control, self.icon, semantics_label=self.button.tooltip)

    def show(self, paint: Painter, snapshot: Snapshot, log: Sequence[Any]) -> None:
        """Enabled while ``snapshot`` has an action to take back, named after the last record
        of the game's ``log`` ("Undo: Anna sold 2 silk")."""
        last = log[-1].summary if log and snapshot.last is not None else ""
        paint.set(
            self.control,
            self.button,
            disabled=snapshot.last is None or snapshot.read_only,
            tooltip=f"Undo: {last}" if last else "Nothing to undo",
        )
        paint.set(self.control, self.icon, semantics_label=self.button.tooltip)


def table_menu(
    ctx: AppContext,
    live: LiveTable,
    *,
    lobby: str,
    who: str,
    items: Sequence[ft.Control] = (),
    noun: str = "table",
    tag: str | None = None,
    changes: str = "changes",
    finish_note: str = "",
    abandon_note: str = "",
    ended: tuple[str, str] | None = None,
    saved: bool | None = None,
) -> None:
    """Open "This table" (or "This game": ``noun``): ``items`` (the tool's own entries), then
    Finish and Abandon while the table is open, tagged ``finish-<tag>`` / ``abandon-<tag>``
    (``tag`` defaults to ``noun``). Each ending is confirmed, saying what it means (the
    ``finish_note`` / ``abandon_note``); then the lobby ``lobby`` opens with ``ended``'s
    message. ``saved``, for a tool that saves its games to history: whether this one is
    (then both notes say so; until then Abandon says nothing is saved). Every tool's table
    menu is this one."""
    snapshot = live.snapshot
    tag = tag or noun
    if saved:
        finish_note = abandon_note = "It is saved in your history."
    elif saved is False and not abandon_note:
        abandon_note = f"Nothing is saved to history; its {changes} are kept in the database."
    finished, abandoned = ended or (f"The {noun} is finished.", f"The {noun} was abandoned.")

    def end(how: str) -> None:
        ctx.page.pop_dialog()
        finish = how == "finish"
        note = finish_note if finish else abandon_note or f"Its {changes} stay in the database."
        confirm(
            ctx,
            title=f"Finish this {noun}?" if finish else f"Abandon this {noun}?",
            text=(
                f"It leaves the {noun}s in progress and takes no more {changes} on any phone. "
                + note
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
            ctx.notify(finished if how == "finish" else abandoned)

    actions: list[ft.Control] = list(items)
    if snapshot.info.players and not snapshot.read_only:
        me = live.me
        actions.append(
            tagged(
                "whose-phone",
                ft.TextButton(
                    f"This phone is {me}'s" if me else "Whose phone is this?",
                    icon=ft.Icons.PHONE_ANDROID,
                    on_click=lambda e: whose_phone(ctx, live),
                ),
            )
        )
    if not snapshot.read_only:
        actions += [
            tagged(
                f"finish-{tag}",
                ft.TextButton(
                    f"Finish this {noun}", icon=ft.Icons.FLAG, on_click=lambda e: end("finish")
                ),
            ),
            tagged(
                f"abandon-{tag}",
                ft.TextButton(
                    f"Abandon this {noun}",
                    icon=ft.Icons.DELETE_OUTLINE,
                    on_click=lambda e: end("abandon"),
                ),
            ),
        ]

    def close(e: Any) -> None:
        ctx.page.pop_dialog()

    ctx.page.show_dialog(
        ft.AlertDialog(
            title=ft.Text(f"This {noun}"),
            content=ft.Column(
                [body(who, muted=True), *actions],
                tight=True,
                spacing=4,
                horizontal_alignment=ft.CrossAxisAlignment.START,
            ),
            actions=[tagged("menu-close", ft.TextButton("Close", on_click=close))],
        )
    )


def whose_phone(ctx: AppContext, live: LiveTable) -> None:
    """Ask which seated player holds this phone ("This phone is Ann"): that phone then shows
    that player's own cues and private cards, and only that phone."""
    ctx.page.pop_dialog()
    me = live.me

    def choose(player: str | None) -> None:
        ctx.page.pop_dialog()
        if player != me:
            live.hold(player)

    def choice(label: str, player: str | None, ident: str) -> ft.Control:
        return tagged(
            ident,
            ft.TextButton(
                label,
                icon=ft.Icons.RADIO_BUTTON_CHECKED if player == me else ft.Icons.RADIO_BUTTON_OFF,
                on_click=lambda e: choose(player),
            ),
        )

    players = live.snapshot.info.players
    ctx.page.show_dialog(
        ft.AlertDialog(
            title=ft.Text("Whose phone is this?"),
            content=ft.Column(
                [
                    body(
                        "The player who holds it sees their own cards and turn here; the other "
                        "phones never show them.",
                        muted=True,
                    ),
                    *(choice(p, p, f"phone-of-{i + 1}") for i, p in enumerate(players)),
                    choice("No one in particular", None, "phone-of-none"),
                ],
                tight=True,
                spacing=4,
                horizontal_alignment=ft.CrossAxisAlignment.START,
            ),
            actions=[tagged("whose-close", ft.TextButton("Close", on_click=lambda e: choose(me)))],
        )
    )


def game_menu(
    ctx: AppContext,
    live: LiveTable,
    *,
    lobby: str,
    players: Sequence[str],
    items: Sequence[ft.Control],
    finish_note: str,
) -> None:
    """:func:`table_menu` of a game played move by move and saved to history ("This game",
    finished and abandoned as such, saying whether it is in the history yet)."""
    table_menu(
        ctx,
        live,
        lobby=lobby,
        who=", ".join(players),
        items=items,
        noun="game",
        changes="moves",
        finish_note=finish_note,
        saved=live.snapshot.info.saved_play_id is not None,
    )


def menu_item(
    ctx: AppContext, ident: str, label: str, icon: ft.IconData, then: Callable[[], None]
) -> ft.Control:
    """One of a tool's own entries in :func:`table_menu`: closes the menu, then ``then()``."""

    def tapped(e: Any) -> None:
        ctx.page.pop_dialog()
        then()

    return tagged(ident, ft.TextButton(label, icon=icon, on_click=tapped))


def menu_button(open_menu: Callable[[], None], *, noun: str = "table") -> ft.Control:
    """The app bar's "This table" (or "This game": ``noun``) button (tagged ``table-menu``)."""
    return tagged(
        "table-menu",
        ft.IconButton(
            ft.Icon(ft.Icons.MORE_VERT, semantics_label=f"This {noun}"),
            tooltip=f"This {noun}",
            on_click=lambda e: open_menu(),
        ),
    )


__all__ = ["UndoButton", "game_menu", "menu_button", "menu_item", "table_menu", "whose_phone"]
