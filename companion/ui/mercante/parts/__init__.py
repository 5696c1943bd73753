"""Pieces every Mercante tab shares: ruling chips, event tiles, the at-a-glance board,
modifier pills, steppers and source lines."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import Any

import flet as ft

from companion.engine.mercante import Event, Glance, facts, goods_in, markets
from companion.rules import Source
from companion.ui.context import AppContext
from companion.ui.kit.rulings import ruling_chip as shared_ruling_chip
from companion.ui.kit.widgets import Steps, body, outlined, small, source_text, tagged, wrap
from companion.ui.mercante.model import EventChoice, good_name, market_name, signed
from companion.ui.theme import GAP

#: Fixed colour pairs (text on background) that read well in the light and the dark theme.
UP = (ft.Colors.GREEN_900, ft.Colors.GREEN_100)
DOWN = (ft.Colors.RED_900, ft.Colors.RED_100)
CLOSED = (ft.Colors.ON_ERROR, ft.Colors.ERROR)


def tap(fn: Callable[..., object], *args: Any) -> Callable[[Any], None]:
    """A click handler calling ``fn(*args)``; binds loop values when it is made."""

    def handler(e: Any) -> None:
        fn(*args)

    return handler


def typed(fn: Callable[..., object], *args: Any) -> Callable[[Any], None]:
    """A change handler calling ``fn(*args, text)`` with the field's text as typed."""

    def handler(e: Any) -> None:
        fn(*args, e.control.value or "")

    return handler


def switched(fn: Callable[..., object], *args: Any) -> Callable[[Any], None]:
    """A switch or checkbox handler calling ``fn(*args, on)``."""

    def handler(e: Any) -> None:
        fn(*args, bool(e.control.value))

    return handler


def check_row(
    label: str,
    value: bool,
    on_change: Callable[..., Any],
    *,
    ident: str,
    disabled: bool = False,
) -> ft.Control:
    """A checkbox whose label wraps on a phone (a Checkbox's own label is one line) and is
    tappable too. ``ident`` tags the box; ``ident-label`` its text."""
    return check_row_parts(label, value, on_change, ident=ident, disabled=disabled)[0]


def check_row_parts(
    label: str,
    value: bool,
    on_change: Callable[..., Any],
    *,
    ident: str,
    disabled: bool = False,
) -> tuple[ft.Row, ft.Checkbox, ft.Text]:
    """:func:`check_row`, with its box and its label's text (to change them in place)."""
    box = ft.Checkbox(value=value, on_change=on_change, disabled=disabled, semantics_label=label)
    text = ft.Text(label, color=ft.Colors.ON_SURFACE_VARIANT if disabled else None)

    def toggle(e: Any) -> None:
        if box.disabled:
            return
        box.value = not box.value
        on_change(SimpleNamespace(control=box))

    row = ft.Row(
        [
            tagged(ident, box),
            tagged(
                f"{ident}-label",
                ft.Container(
                    text,
                    expand=True,
                    on_click=toggle,
                    padding=ft.Padding.symmetric(vertical=10),
                ),
            ),
        ],
        spacing=4,
        # the box stays beside the first line of a long, wrapped label
        vertical_alignment=ft.CrossAxisAlignment.START,
    )
    return row, box, text


def cite(ctx: AppContext, *sources: Source) -> ft.Text:
    return source_text(ctx.catalogue, list(sources))


def pill(text: str, colours: tuple[str, str], *, ident: str | None = None) -> ft.Control:
    fg, bg = colours
    box = ft.Container(
        ft.Text(text, color=fg, weight=ft.FontWeight.BOLD, size=14),
        bgcolor=bg,
        border_radius=8,
        padding=ft.Padding.symmetric(horizontal=8, vertical=2),
    )
    return tagged(ident, box) if ident else box


def tag_chip(text: str) -> ft.Control:
    colours = {
        "Fleeting": (ft.Colors.ON_TERTIARY_CONTAINER, ft.Colors.TERTIARY_CONTAINER),
        "Reaction": (ft.Colors.ON_SECONDARY_CONTAINER, ft.Colors.SECONDARY_CONTAINER),
        "Incomplete": (ft.Colors.GREY_900, ft.Colors.AMBER_100),
        "Yours": (ft.Colors.ON_PRIMARY_CONTAINER, ft.Colors.PRIMARY_CONTAINER),
    }.get(text, (ft.Colors.ON_SURFACE_VARIANT, ft.Colors.SURFACE_CONTAINER_HIGHEST))
    fg, bg = colours
    return ft.Container(
        ft.Text(text, color=fg, size=13),
        bgcolor=bg,
        border_radius=6,
        padding=ft.Padding.symmetric(horizontal=6, vertical=1),
    )


def event_tags(event: Event, *, custom: bool | None = None) -> list[ft.Control]:
    tags = ["Enduring" if event.is_enduring else "Fleeting"]
    if event.reaction:
        tags.append("Reaction")
    if event.incomplete:
        tags.append("Incomplete")
    if custom is not None:
        tags.append("Yours" if custom else "Rulebook")
    return [tag_chip(t) for t in tags]


def ruling_chip(ctx: AppContext, ruling_id: str) -> ft.Control:
    """A small line naming a ruling the number above rests on (see companion.ui.kit.rulings)."""
    return shared_ruling_chip(ctx, ruling_id)


def rulings(ctx: AppContext, ids: Sequence[str]) -> list[ft.Control]:
    return [ruling_chip(ctx, i) for i in dict.fromkeys(ids)]


def stepper(
    value: int,
    on_change: Callable[[int], None],
    *,
    label: str,
    minimum: int = 0,
    maximum: int = 9,
    ident: str | None = None,
) -> ft.Row:
    """``−  2  +`` with touch-sized buttons; ``ident`` tags the buttons ``ident-minus/plus``."""
    steps = Steps(
        ft.Text(theme_style=ft.TextThemeStyle.TITLE_MEDIUM, text_align=ft.TextAlign.CENTER),
        lambda step: on_change(value + step),
        fewer=f"One {label} fewer",
        more=f"One {label} more",
        ident=ident,
        width=28,
    )
    steps.show(value, minimum, maximum)
    return steps.control


def calendar_slots(slots: Sequence[tuple[str, Event | None]]) -> ft.ResponsiveRow:
    """The three calendar spaces side by side on wide screens, stacked (compact) on a phone."""
    cards: list[ft.Control] = []
    for slot, event in slots:
        if event is None:
            lines: list[ft.Control] = [body("Empty", muted=True)]
        else:
            lines = [
                wrap(
                    [
                        ft.Text(event.name, theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
                        *event_tags(event),
                    ],
                    spacing=6,
                ),
                body("; ".join(event.effects()) or "No effect on prices or markets"),
            ]
        cards.append(
            tagged(
                f"slot-{slot}",
                outlined(
                    ft.Row(
                        [
                            ft.CircleAvatar(
                                content=ft.Text(slot, weight=ft.FontWeight.BOLD), radius=18
                            ),
                            ft.Column(lines, spacing=4, tight=True, expand=True),
                        ],
                        spacing=GAP,
                        vertical_alignment=ft.CrossAxisAlignment.START,
                    ),
                    padding=10,
                    col={"xs": 12, "md": 4},
                ),
            )
        )
    return ft.ResponsiveRow(cards, spacing=8, run_spacing=8)


class GlanceBoard:
    """Every good's net modifier in its market's box, a closed market marked in red: built
    once (``control``), then shown for each calendar in place (:meth:`show`)."""

    def __init__(self) -> None:
        self.boxes: dict[str, tuple[ft.Container, ft.Text, ft.Control, ft.Text]] = {}
        self.goods: dict[str, tuple[ft.Row, ft.Text, ft.Container, ft.Text]] = {}
        columns: list[ft.Control] = []
        for market in markets():
            title = ft.Text(market_name(market), weight=ft.FontWeight.BOLD, expand=True)
            closed = tagged(
                f"closed-{market}",
                ft.Container(
                    ft.Row(
                        [
                            ft.Icon(ft.Icons.BLOCK, size=16, color=CLOSED[0]),
                            ft.Text("CLOSED", color=CLOSED[0], weight=ft.FontWeight.BOLD, size=14),
                        ],
                        spacing=4,
                        tight=True,
                    ),
                    bgcolor=CLOSED[1],
                    border_radius=6,
                    padding=ft.Padding.symmetric(horizontal=6, vertical=2),
                ),
            )
            closed.visible = False
            by = small("", muted=False)
            by.visible = False
            lines: list[ft.Control] = [ft.Row([title]), closed, by]
            for good in goods_in(market):
                name = ft.Text(good_name(good), expand=True)
                amount = ft.Text("0", size=14)
                chip = ft.Container(
                    amount, border_radius=8, padding=ft.Padding.symmetric(horizontal=8, vertical=2)
                )
                row = ft.Row([name, tagged(f"glance-{good}", chip)])
                self.goods[good] = (row, name, chip, amount)
                lines.append(row)
            box = ft.Container(
                ft.Column(lines, spacing=4, tight=True),
                border_radius=12,
                padding=10,
                col={"xs": 6, "md": 3},
            )
            self.boxes[market] = (box, title, closed, by)
            columns.append(tagged(f"glance-{market}", box))
        self.control = ft.ResponsiveRow(columns, spacing=8, run_spacing=8)

    def show(
        self,
        glance: Glance,
        closed_by: dict[str, str],
        paint: Any,
        section: ft.BaseControl,
    ) -> None:
        """Show ``glance`` (``paint``: the screen's Painter; ``section``: what to send)."""
        for market in markets():
            box, title, closed_row, by = self.boxes[market]
            closed = market in glance.closed
            on_red = ft.Colors.ON_ERROR_CONTAINER if closed else None
            paint.set(
                section,
                box,
                bgcolor=ft.Colors.ERROR_CONTAINER if closed else None,
                border=ft.Border.all(
                    2 if closed else 1, ft.Colors.ERROR if closed else ft.Colors.OUTLINE_VARIANT
                ),
            )
            paint.set(section, title, color=on_red)
            paint.set(section, closed_row, visible=closed)
            paint.set(section, by, visible=closed, value=f"by {closed_by.get(market, 'an event')}")
            for good in goods_in(market):
                row, name, chip, amount = self.goods[good]
                entry = glance.good(good)
                tip = (
                    "; ".join(f"{signed(a)} {n} ({s})" for s, n, a in entry.terms)
                    if entry.terms
                    else "No event changes this price"
                )
                fg, bg = UP if entry.modifier > 0 else DOWN if entry.modifier < 0 else (None, None)
                paint.set(section, row, tooltip=tip)
                paint.set(section, name, color=on_red)
                paint.set(section, chip, bgcolor=bg)
                paint.set(
                    section,
                    amount,
                    value=signed(entry.modifier),
                    color=fg or ft.Colors.ON_SURFACE_VARIANT,
                    weight=ft.FontWeight.BOLD if fg else None,
                )


def event_tile(
    choice: EventChoice,
    *,
    actions: Sequence[ft.Control] = (),
    ident: str | None = None,
) -> ft.Control:
    """An event card in a list: name, tags, effects and the buttons beside it."""
    lines: list[ft.Control] = [
        ft.Text(choice.event.name, theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
        wrap(event_tags(choice.event, custom=choice.custom), spacing=6),
        body(choice.effects_text),
    ]
    if choice.summary:
        lines.append(small(choice.summary))
    if actions:
        lines.append(wrap(list(actions)))
    box = outlined(
        ft.Column(lines, spacing=6, tight=True, horizontal_alignment=ft.CrossAxisAlignment.START),
        padding=12,
    )
    return tagged(ident, box) if ident else box


def stretched(controls: Sequence[ft.Control], *, spacing: int = 8) -> ft.Column:
    """A column whose children take its whole width (cards in a list line up)."""
    return ft.Column(
        list(controls), spacing=spacing, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
    )


def card_source(choice: EventChoice) -> Source | None:
    """Where a rulebook card's facts come from (custom cards have no source)."""
    if choice.custom:
        return None
    for card in facts().events:
        if f"rulebook:{card.id}" == choice.key:
            return card.source
    return None
