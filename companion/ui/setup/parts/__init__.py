"""Small pieces both pages of a setup table draw: the colours of a level, small print,
buttons whose label may wrap, scroll keys, typed handlers, the "Why?" and the line saying
which reading of a ruling is in use."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.rules import Source
from companion.ui.context import AppContext
from companion.ui.kit.rulings import show_ruling
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import tagged
from companion.ui.model.words import sentence
from companion.ui.setup.model import RulingNote, first_sentence

# Colours per level, as in widgets.notice, so findings read like the app's other notices.
LEVEL_STYLE: dict[str, tuple[ft.IconData, str, str]] = {
    "error": (ft.Icons.ERROR_OUTLINE, ft.Colors.ON_ERROR_CONTAINER, ft.Colors.ERROR_CONTAINER),
    "warning": (ft.Icons.WARNING_AMBER, ft.Colors.GREY_900, ft.Colors.AMBER_100),
    "info": (
        ft.Icons.INFO_OUTLINE,
        ft.Colors.ON_SECONDARY_CONTAINER,
        ft.Colors.SECONDARY_CONTAINER,
    ),
    "ok": (
        ft.Icons.CHECK_CIRCLE_OUTLINE,
        ft.Colors.ON_PRIMARY_CONTAINER,
        ft.Colors.PRIMARY_CONTAINER,
    ),
}


def small(text: str, *, color: str | None = None, italic: bool = False) -> ft.Text:
    return ft.Text(
        text,
        theme_style=ft.TextThemeStyle.BODY_SMALL,
        color=color or ft.Colors.ON_SURFACE_VARIANT,
        italic=italic,
    )


def action_button(label: str, on_click: Callable[[Any], None], *, ident: str, primary: bool) -> Any:
    """A button whose label may wrap onto a second line on a phone instead of being cut off
    (a fixed-height button would clip a long fix such as "Add the Faction Festival and...")."""
    factory: Any = ft.FilledButton if primary else ft.OutlinedButton
    control = factory(
        content=ft.Text(label, text_align=ft.TextAlign.CENTER),
        on_click=on_click,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=14)),
    )
    return tagged(ident, control)


def scroll_key(name: str) -> ft.ScrollKey:
    """A key ``scroll_to`` can find (flet's decorator hides ScrollKey's argument from mypy)."""
    return ft.ScrollKey(name)  # type: ignore[call-arg]


def handler(action: Callable[..., object], *args: object) -> Callable[[Any], None]:
    """An event handler calling ``action(*args)`` (a typed stand-in for a default-arg lambda)."""

    def run(e: Any) -> None:
        action(*args)

    return run


def why(
    ctx: AppContext,
    keys: Sequence[str | Source],
    rulings: Sequence[str] = (),
    *,
    ident: str,
) -> ft.Control:
    """The "Why?" beside a finding or step: its rules entries and the rulings it used."""
    return why_link(ctx, keys, rulings, ident=ident)


def ruling_line(
    ctx: AppContext, note: RulingNote, color: str | None = None, *, full: bool = False
) -> ft.Control:
    """Which reading of a ruling is in use, and the way to its sheet to switch it.

    ``full`` gives the whole reading on its own line (a step's details); otherwise its
    first sentence follows as a sentence of its own (a finding, where space is short).
    """
    if full:
        controls: list[ft.Control] = [
            ft.Text(
                f"Ruling, {note.topic}: {note.in_use.lower()} is in use.",
                color=color,
                weight=ft.FontWeight.W_600,
                theme_style=ft.TextThemeStyle.BODY_SMALL,
            ),
            ft.Text(note.text, color=color, theme_style=ft.TextThemeStyle.BODY_SMALL),
        ]
    else:
        first = first_sentence(note.text)
        # Two sentences: the reading's own ends in its full stop, often after a bracket.
        text = f"Ruling, {note.topic}: {note.in_use.lower()} is in use. {sentence(first)}"
        controls = [ft.Text(text, color=color, theme_style=ft.TextThemeStyle.BODY_SMALL)]
    if note.switch_to:
        controls.append(
            ft.TextButton(
                f"Can switch to: {note.switch_to}",
                icon=ft.Icons.SETTINGS_OUTLINED,
                on_click=lambda e, rid=note.ruling_id: show_ruling(ctx, rid),
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8, vertical=12)),
            )
        )
    return ft.Column(controls, spacing=0, tight=True)


__all__ = [
    "LEVEL_STYLE",
    "action_button",
    "handler",
    "ruling_line",
    "scroll_key",
    "small",
    "why",
]
