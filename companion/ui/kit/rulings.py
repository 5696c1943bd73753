"""Rulings where the numbers are: a small tappable line naming the ruling a number rests on,
and a sheet that explains it and lets the group switch to the other reading on the spot."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.ui import settings
from companion.ui.context import AppContext
from companion.ui.kit.widgets import body, labelled_switch, source_text, tagged
from companion.ui.paint import mounted

#: The table screen open on each page (by the page's id) that can play by the house rules the
#: moment they are switched: its method returns None when the table follows them, or why not.
_FOLLOWERS: dict[int, weakref.WeakMethod[Callable[[], str | None]]] = {}


def follow_here(ctx: AppContext, follow: Callable[[], str | None] | None) -> None:
    """The screen on ``ctx``'s page that follows a house rule switched in a ruling's sheet at
    once (``follow``, a bound method: held weakly), or nobody (None)."""
    key = id(ctx.page)
    if follow is None:
        _FOLLOWERS.pop(key, None)
    else:
        _FOLLOWERS[key] = weakref.WeakMethod(follow)


def follow_now(ctx: AppContext) -> str | None:
    """Let the table on screen follow the house rules now: None when it does (or there is no
    table), else why it keeps the rules it was played with."""
    ref = _FOLLOWERS.get(id(ctx.page))
    follow = ref() if ref is not None else None
    return follow() if follow is not None else None


def show_ruling(ctx: AppContext, ruling_id: str) -> None:
    """Open the ruling: the question, the reading in use, the other reading with a house-rule
    switch, and its sources. The table on screen follows a switch at once (its numbers with
    it); a table whose moves the other reading forbids keeps its reading, the switch goes
    back and the sheet says why."""
    ruling = ctx.catalogue.ruling(ruling_id)
    state = {"on": ruling_id in ctx.house_rules(), "changed": False}
    in_use = ft.Text(weight=ft.FontWeight.BOLD)
    reading = body("")
    refusal = ft.Text("", color=ft.Colors.ERROR)
    refused = tagged(f"ruling-refused-{ruling_id}", refusal)
    refused.visible = False
    sheet = ft.Column(tight=True, spacing=8, scroll=ft.ScrollMode.AUTO)

    def render() -> None:
        on = state["on"]
        in_use.value = "Your house rule (the other reading)" if on else "How the app reads it"
        reading.value = ruling.alternative if on and ruling.alternative else ruling.reading

    def toggle(e: Any) -> None:
        on = bool(e.control.value)
        ctx.set_house_rule(ruling_id, on)
        problem = follow_now(ctx)
        if problem:
            ctx.set_house_rule(ruling_id, not on)  # the switch goes back: nothing changed
            e.control.value = not on
            refusal.value = f"Not switched: {problem}"
            refused.visible = True
        else:
            state["on"] = on
            state["changed"] = not state["changed"]
            refused.visible = False
        render()
        if mounted(sheet):
            sheet.update()  # the table's screen may have been drawn meanwhile: send this too

    def close(e: Any = None) -> None:
        ctx.page.pop_dialog()
        if state["changed"]:
            ctx.refresh()  # every number on the screen follows the new reading
            ctx.notify(
                f"{ruling.topic}: "
                + ("your house rule is on." if state["on"] else "back to the app's reading.")
            )

    def all_rulings(e: Any) -> None:
        ctx.page.pop_dialog()
        ctx.navigate(settings.ruling_route(ruling_id))

    render()
    lines: list[ft.Control] = [body(ruling.question), in_use, reading]
    if ruling.alternative:
        # Its label beside it, wrapping ("Bard: Dragon Island pays h" was cut on a phone).
        lines.append(
            labelled_switch(
                f"ruling-switch-{ruling_id}", ruling.house_rule_label, state["on"], toggle
            )
        )
        lines.append(refused)
    lines.append(source_text(ctx.catalogue, ruling.sources))
    sheet.controls = lines
    ctx.page.show_dialog(
        ft.AlertDialog(
            title=ft.Text(ruling.topic),
            content=sheet,
            actions=[
                tagged("open-settings", ft.TextButton("All rulings", on_click=all_rulings)),
                tagged("ruling-close", ft.FilledTonalButton("Close", on_click=close)),
            ],
            on_dismiss=lambda e: close() if state["changed"] else None,
        )
    )


def ruling_chip(ctx: AppContext, ruling_id: str, *, label: str | None = None) -> ft.Control:
    """``Ruling: <topic>`` (``· house rule on`` when switched), opening :func:`show_ruling`."""
    ruling = ctx.catalogue.ruling(ruling_id)
    on = ruling_id in ctx.house_rules()
    text = f"Ruling: {label or ruling.topic}" + (" · house rule on" if on else "")
    return tagged(
        f"ruling-{ruling_id}",
        ft.Container(
            ft.Row(
                [
                    ft.Icon(
                        ft.Icons.HOME_WORK_OUTLINED if on else ft.Icons.GAVEL,
                        size=18,
                        color=ft.Colors.PRIMARY,
                    ),
                    ft.Text(
                        text,
                        theme_style=ft.TextThemeStyle.BODY_SMALL,
                        color=ft.Colors.PRIMARY,
                        expand=True,
                    ),
                    ft.Icon(ft.Icons.CHEVRON_RIGHT, size=18, color=ft.Colors.PRIMARY),
                ],
                spacing=6,
            ),
            on_click=lambda e: show_ruling(ctx, ruling_id),
            ink=True,
            border_radius=8,
            padding=ft.Padding.symmetric(horizontal=4, vertical=12),
            tooltip=ruling.question,
        ),
    )
