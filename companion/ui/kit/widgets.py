"""Small building blocks shared by the views, so screens look and behave alike."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.rules import Catalogue, Source
from companion.ui.context import AppContext
from companion.ui.paint import SectionCard, SectionSemantics
from companion.ui.theme import GAP, PAD, TOUCH

# Any callable flet accepts as an event handler (a lambda with defaulted extras included).
Handler = Callable[..., Any] | None


def tagged(identifier: str, control: ft.Control, *, section: bool = False) -> ft.Control:
    """Give ``control`` a stable handle (``[flt-semantics-identifier=...]`` in the browser);
    ``section``: the wrapper is a section sent on its own (:mod:`companion.ui.paint`).

    The wrapper takes over the control's ``col`` and ``expand`` so layouts behave the same;
    a drop-down's label becomes its name to a screen reader (every drop-down is tagged).
    """
    kind = SectionSemantics if section else ft.Semantics
    return kind(
        identifier=identifier,
        label=_spoken_label(control),
        content=control,
        col=control.col,
        expand=control.expand,
    )


def _spoken_label(control: ft.Control) -> str | None:
    """What a screen reader calls ``control`` when flet does not say it: a drop-down's label
    (Flutter draws it but leaves the menu's button nameless)."""
    if isinstance(control, ft.Dropdown) and isinstance(control.label, str):
        return control.label
    return None


def heading(text: str, *, level: int = 2) -> ft.Text:
    style = ft.TextThemeStyle.TITLE_LARGE if level == 1 else ft.TextThemeStyle.TITLE_MEDIUM
    return ft.Text(text, theme_style=style)


def body(text: str, *, muted: bool = False, selectable: bool = False) -> ft.Text:
    return ft.Text(
        text,
        theme_style=ft.TextThemeStyle.BODY_MEDIUM,
        color=ft.Colors.ON_SURFACE_VARIANT if muted else None,
        selectable=selectable,
    )


def small(text: str, *, muted: bool = True, italic: bool = False) -> ft.Text:
    """A side note in small type (muted unless said otherwise)."""
    return ft.Text(
        text,
        theme_style=ft.TextThemeStyle.BODY_SMALL,
        color=ft.Colors.ON_SURFACE_VARIANT if muted else None,
        italic=italic,
    )


def panel(
    *controls: ft.Control, title: str | None = None, padding: int = PAD, section: bool = False
) -> ft.Card:
    """A card holding a titled group of controls (``section``: sent on its own, see
    :mod:`companion.ui.paint`)."""
    items: list[ft.Control] = [heading(title)] if title else []
    items.extend(controls)
    return (SectionCard if section else ft.Card)(
        content=ft.Container(ft.Column(items, spacing=GAP, tight=True), padding=padding),
        margin=0,
    )


def outlined(
    content: ft.Control, *, padding: ft.PaddingValue = 10, radius: int = 12, **options: Any
) -> ft.Container:
    """A card drawn as a thin outline (a contract, a token, a choice of the moment): lighter
    than :func:`panel` for the many small cards inside one."""
    return ft.Container(
        content,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        border_radius=radius,
        padding=padding,
        **options,
    )


def button(
    text: str,
    on_click: Handler,
    *,
    icon: ft.IconData | None = None,
    kind: str = "filled",
    ident: str | None = None,
    disabled: bool = False,
    expand: bool | int | None = None,
) -> ft.Control:
    """A touch-sized button: ``kind`` is ``filled``, ``tonal``, ``outlined`` or ``text``."""
    factory: Any = {
        "filled": ft.FilledButton,
        "tonal": ft.FilledTonalButton,
        "outlined": ft.OutlinedButton,
        "text": ft.TextButton,
    }[kind]
    control = factory(
        content=text, icon=icon, on_click=on_click, height=TOUCH, disabled=disabled, expand=expand
    )
    return tagged(ident, control) if ident else control


def icon_button(
    icon: ft.IconData, tooltip: str, on_click: Handler, *, disabled: bool = False
) -> ft.IconButton:
    """A touch-sized icon button whose tooltip is also its accessible name (a tooltip alone
    gives the button none in the browser's accessibility tree)."""
    return ft.IconButton(
        ft.Icon(icon, semantics_label=tooltip),
        tooltip=tooltip,
        on_click=on_click,
        disabled=disabled,
        style=ft.ButtonStyle(padding=12),
    )


class Steps:
    """``−  2  +``: touch-sized buttons either side of ``count`` (centred in a box ``width``
    wide). A tap calls ``on_step(-1)`` or ``on_step(1)``; :meth:`show` puts a value in and
    disables the button that would leave the bounds. ``ident`` tags the parts
    ``ident-minus``, ``ident-count`` and ``ident-plus``."""

    def __init__(
        self,
        count: ft.Text,
        on_step: Callable[[int], object],
        *,
        fewer: str,
        more: str,
        ident: str | None = None,
        width: int = 32,
    ) -> None:
        self.count = count
        self.minus = icon_button(ft.Icons.REMOVE, fewer, lambda e: on_step(-1))
        self.plus = icon_button(ft.Icons.ADD, more, lambda e: on_step(1))
        parts: dict[str, ft.Control] = {
            "minus": self.minus,
            "count": ft.Container(count, width=width, alignment=ft.Alignment.CENTER),
            "plus": self.plus,
        }
        self.control = ft.Row(
            [tagged(f"{ident}-{part}", c) if ident else c for part, c in parts.items()],
            spacing=0,
            tight=True,
        )

    def show(self, value: int, minimum: int, maximum: int) -> None:
        self.count.value = str(value)
        self.minus.disabled = value <= minimum
        self.plus.disabled = value >= maximum


def wrap(controls: Sequence[ft.Control], *, spacing: int = 8) -> ft.Row:
    """A row that wraps onto the next line on narrow screens."""
    return ft.Row(list(controls), wrap=True, spacing=spacing, run_spacing=spacing)


def source_text(
    catalogue: Catalogue, sources: Sequence[Source], *, prefix: str = "Source"
) -> ft.Text:
    """``Source: Mercante rulebook, Upkeep`` in small muted type."""
    cites = "; ".join(dict.fromkeys(catalogue.cite(s) for s in sources))
    return ft.Text(
        f"{prefix}: {cites}",
        theme_style=ft.TextThemeStyle.BODY_SMALL,
        color=ft.Colors.ON_SURFACE_VARIANT,
        italic=True,
    )


def notice(text: str, *, level: str = "info") -> ft.Container:
    """A coloured strip for errors, warnings and tips (``level``: error/warning/info/ok)."""
    icon, fg, bg = {
        "error": (ft.Icons.ERROR_OUTLINE, ft.Colors.ON_ERROR_CONTAINER, ft.Colors.ERROR_CONTAINER),
        "warning": (
            ft.Icons.WARNING_AMBER,
            ft.Colors.GREY_900,  # amber reads as "careful" in light and dark themes alike
            ft.Colors.AMBER_100,
        ),
        "ok": (
            ft.Icons.CHECK_CIRCLE_OUTLINE,
            ft.Colors.ON_PRIMARY_CONTAINER,
            ft.Colors.PRIMARY_CONTAINER,
        ),
        "info": (
            ft.Icons.INFO_OUTLINE,
            ft.Colors.ON_SECONDARY_CONTAINER,
            ft.Colors.SECONDARY_CONTAINER,
        ),
    }[level]
    return ft.Container(
        ft.Row(
            [ft.Icon(icon, color=fg), ft.Text(text, color=fg, expand=True)],
            spacing=GAP,
            vertical_alignment=ft.CrossAxisAlignment.START,
        ),
        bgcolor=bg,
        border_radius=12,
        padding=12,
    )


def empty_state(icon: ft.IconData, title: str, text: str, *actions: ft.Control) -> ft.Column:
    return ft.Column(
        [
            ft.Icon(icon, size=56, color=ft.Colors.PRIMARY),
            heading(title),
            body(text, muted=True),
            *actions,
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=GAP,
    )


def whole_number_field(
    label: str,
    value: str = "",
    *,
    on_change: Handler = None,
    width: int | None = None,
    expand: bool | int | None = None,
    error: str | None = None,
    hint: str | None = None,
    col: dict[str | ft.ResponsiveRowBreakpoint, int | float] | None = None,
) -> ft.TextField:
    """A text field for whole numbers; the text is kept as typed so errors can point at it."""
    return ft.TextField(
        label=label,
        value=value,
        keyboard_type=ft.KeyboardType.NUMBER,
        on_change=on_change,
        width=width,
        expand=expand,
        error=error,
        hint_text=hint,
        col=12 if col is None else col,  # flet's default: the full row
        text_align=ft.TextAlign.RIGHT,
        dense=False,
        error_max_lines=3,
    )


def labelled_switch(
    ident: str, label: str, value: bool, on_change: Handler, *, tooltip: str | None = None
) -> ft.Row:
    """A switch with its label beside it, wrapping (a Switch's own label is cut off on a
    phone). The switch itself carries the handle ``ident``."""
    return ft.Row(
        [
            tagged(ident, ft.Switch(value=value, on_change=on_change, tooltip=tooltip or label)),
            ft.Text(label, theme_style=ft.TextThemeStyle.BODY_LARGE, expand=True),
        ],
        spacing=GAP,
    )


def confirm(
    ctx: AppContext,
    *,
    title: str,
    text: str,
    action: str,
    ident: str,
    on_confirm: Callable[[], None],
    danger: bool = False,
) -> None:
    """Ask before doing something that cannot be taken back by Undo."""

    def yes(e: Any) -> None:
        ctx.page.pop_dialog()
        on_confirm()

    style = ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR) if danger else None
    ctx.page.show_dialog(
        ft.AlertDialog(
            title=ft.Text(title),
            content=ft.Text(text),
            actions=[
                tagged(
                    f"{ident}-cancel",
                    ft.TextButton("Cancel", on_click=lambda e: ctx.page.pop_dialog()),
                ),
                tagged(ident, ft.FilledButton(action, on_click=yes, style=style)),
            ],
        )
    )
