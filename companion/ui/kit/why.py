"""“Why?” beside a number: one tap to the rules it applied.

``why_link(ctx, entry_ids, ruling_ids)`` is a small button for any screen that shows a number
with its working. ``entry_ids`` are anything :func:`companion.reference.entries_for` accepts
(an entry id such as ``"cove.card.fence"``, a key such as ``"mercante.bazaar"`` or
``"step:festival.board"``, a ruling id, a :class:`~companion.rules.Source`); ``ruling_ids`` are
the rulings the number rests on. A tap opens the one entry (its ``/rules/<id>`` route) or the
one ruling's sheet (with its house-rule switch); with more than one, a short list to pick
from. Unknown ids raise ``KeyError`` when the button is built, so a test of the screen
catches them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import flet as ft

from companion import reference
from companion.reference import Entry
from companion.rules import Source
from companion.ui.context import AppContext
from companion.ui.kit.rulings import show_ruling
from companion.ui.kit.widgets import tagged


def why_targets(
    entry_ids: Sequence[str | Source] = (), ruling_ids: Sequence[str] = ()
) -> tuple[tuple[Entry, ...], tuple[str, ...]]:
    """The entries and ruling ids a "why?" opens, in order, without repeats."""
    found: dict[str, Entry] = {}
    for key in entry_ids:
        for item in reference.entries_for(key):
            found.setdefault(item.id, item)
    rulings = tuple(dict.fromkeys(ruling_ids))
    # A ruling given both ways is offered once, as its sheet (where the switch is).
    entries = tuple(e for e in found.values() if e.ruling not in rulings)
    return entries, rulings


def why_link(
    ctx: AppContext,
    entry_ids: Sequence[str | Source] = (),
    ruling_ids: Sequence[str] = (),
    *,
    label: str = "Why?",
    ident: str | None = None,
) -> ft.Control:
    """A “Why?” button opening the entries and rulings behind a number (see the module)."""
    entries, rulings = why_targets(entry_ids, ruling_ids)
    for ruling_id in rulings:
        ctx.catalogue.ruling(ruling_id)  # KeyError now, not on the tap
    if not entries and not rulings:
        raise KeyError("why_link needs at least one entry or ruling")

    def entry(route: str) -> None:
        """The entry, whose back arrow returns to the screen that asked why."""
        from companion.ui.shell import current_route, with_back

        ctx.navigate(with_back(route, current_route(ctx)))

    def go(route: str) -> None:
        ctx.page.pop_dialog()
        entry(route)

    def sheet(ruling_id: str) -> None:
        ctx.page.pop_dialog()
        show_ruling(ctx, ruling_id)

    def open_targets(e: Any = None) -> None:
        if len(entries) == 1 and not rulings:
            entry(entries[0].route)
            return
        if not entries and len(rulings) == 1:
            show_ruling(ctx, rulings[0])
            return
        tiles: list[ft.Control] = []
        for item in entries:
            tiles.append(
                tagged(
                    f"why-entry-{item.id}",
                    ft.ListTile(
                        leading=ft.Icon(ft.Icons.MENU_BOOK_OUTLINED),
                        title=ft.Text(item.title),
                        subtitle=ft.Text(item.topic),
                        on_click=lambda e, r=item.route: go(r),
                    ),
                )
            )
        for ruling_id in rulings:
            ruling = ctx.catalogue.ruling(ruling_id)
            tiles.append(
                tagged(
                    f"why-ruling-{ruling_id}",
                    ft.ListTile(
                        leading=ft.Icon(ft.Icons.GAVEL),
                        title=ft.Text(ruling.topic),
                        subtitle=ft.Text("Ruling"),
                        on_click=lambda e, r=ruling_id: sheet(r),
                    ),
                )
            )
        ctx.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text("The rules behind this"),
                content=ft.Column(tiles, tight=True, spacing=0, scroll=ft.ScrollMode.AUTO),
                actions=[ft.TextButton("Close", on_click=lambda e: ctx.page.pop_dialog())],
            )
        )

    first = entries[0].id if entries else rulings[0]
    return tagged(
        ident or f"why-{first}",
        ft.TextButton(
            content=label,
            icon=ft.Icons.HELP_OUTLINE,
            on_click=open_targets,
            tooltip="The rules this follows",
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8, vertical=12)),
        ),
    )


__all__ = ["why_link", "why_targets"]
