"""Small pieces the Bard screens share: a thumb-sized stepper, a row of numbers to pick
from with one tap, a row of chips to choose one from, a folding card, a "why?" link.

Each piece is its own section (:mod:`companion.ui.paint`): :meth:`show` changes its
values through a :class:`~companion.ui.live.Painter`, so a tap sends the piece it changed and
nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.ui.bard.model import names
from companion.ui.bard.model.why import Why
from companion.ui.context import AppContext
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import Steps, small, tagged
from companion.ui.paint import Painter, SectionBox, SectionColumn, SectionText, mounted

Cols = dict[str | ft.ResponsiveRowBreakpoint, int | float]
#: A number's name to a screen reader: what tapping it sets (``3 Nobles at Pier 1``).
Named = Callable[[int], str]
#: Two to a line on a phone, four on a wider window.
HALF: Cols = {"xs": 6, "sm": 3}


class Stepper:
    """A label over ``−  2  +`` (48-pixel buttons, tagged ``ident-minus/-count/-plus``,
    named ``One fewer <thing>`` and ``One more <thing>``: ``thing`` says which count, e.g.
    ``Creature card in your Boast area``). A tap calls ``on_step(±1)``; the value shown is the
    table's, set by :meth:`show`."""

    def __init__(
        self,
        label: str,
        on_step: Callable[[int], object],
        *,
        ident: str,
        thing: str,
        col: Cols | None = None,
        hint: str | None = None,
    ) -> None:
        self.count = ft.Text("", theme_style=ft.TextThemeStyle.TITLE_LARGE)
        self.label = ft.Text(
            label, theme_style=ft.TextThemeStyle.LABEL_MEDIUM, max_lines=2, no_wrap=False
        )
        fewer, more = names.steps(thing)
        self.steps = Steps(self.count, on_step, fewer=fewer, more=more, ident=ident)
        parts: list[ft.Control] = [self.label]
        if hint:
            parts.append(small(hint))
        parts.append(self.steps.control)
        self.column = ft.Column(parts, spacing=0, tight=True)
        self.control = SectionBox(self.column, col=col or HALF)

    def show(self, paint: Painter, value: int, low: int, high: int, *, text: str = "") -> None:
        paint.set(self.control, self.count, value=text or str(value))
        paint.set(self.control, self.steps.minus, disabled=value <= low)
        paint.set(self.control, self.steps.plus, disabled=value >= high)

    def enable(self, paint: Painter, on: bool) -> None:
        paint.set(self.control, self.control, disabled=not on)


def number(n: int, name: str) -> ft.Segment:
    """A segment showing ``n``, named ``name`` to a screen reader (a bare "3" says nothing of
    what it sets, and every row has one)."""
    return ft.Segment(value=str(n), label=ft.Text(str(n), semantics_label=name))


class NumberRow:
    """A label and the numbers ``choices`` side by side: one tap picks one (tagged
    ``ident``; the numbers are the segments' values, each named ``name(n)``)."""

    def __init__(
        self,
        label: str,
        choices: Sequence[int],
        on_pick: Callable[[int], object],
        *,
        ident: str,
        name: Named,
    ) -> None:
        self.choices = tuple(choices)
        self._picked = False

        def picked(e: Any) -> None:
            # The phone has changed its own segments: they are sent back with the next show,
            # whatever the table decides.
            self._picked = True
            chosen = list(e.control.selected or [])
            if chosen:
                on_pick(int(chosen[0]))

        self.segments = ft.SegmentedButton(
            segments=[number(n, name(n)) for n in self.choices],
            selected=[str(self.choices[0])],
            show_selected_icon=False,
            on_change=picked,
        )
        self.label = ft.Text(label, theme_style=ft.TextThemeStyle.LABEL_MEDIUM)
        self.control = SectionColumn(
            [self.label, tagged(ident, self.segments)], spacing=4, tight=True
        )

    def show(self, paint: Painter, value: int, *, visible: bool = True) -> None:
        shown = str(value) if value in self.choices else str(self.choices[-1])
        if self._picked:
            self._picked = False
            paint.touch(self.control)
        paint.set(self.control, self.segments, selected=[shown])
        paint.set(self.control, self.control, visible=visible)


class CountRow:
    """A count picked with one tap: a label over the numbers ``0`` to ``top - 1`` and a last
    segment ``top+`` (tagged ``ident``; the segments' values are the numbers and ``more``).
    A tap on a number sets it (``on_set(n)``); the last segment sets ``top``, and each tap
    on it once there adds one (its label then reads the count).

    The board is many counts, nearly all small: one tap each, where a stepper took one tap
    per Adventurer. Each number is named ``name(n)``; the last ``more(top, value)``, as the
    count stands.
    """

    MORE = "more"

    def __init__(
        self,
        label: str,
        on_set: Callable[[int], object],
        *,
        ident: str,
        name: Named,
        more: Callable[[int, int], str],
        top: int = 7,
        high: int = 40,
    ) -> None:
        self.more_name = more
        self.top = top
        self.high = high
        self.value = 0
        self._picked = False

        def picked(e: Any) -> None:
            self._picked = True  # the phone changed its own segments: sent back on show
            chosen = list(e.control.selected or [])
            if not chosen:
                return
            if chosen[0] == self.MORE:
                on_set(min(self.high, max(self.top, self.value + 1)))
            else:
                on_set(int(chosen[0]))
            if self._picked and mounted(self.control):
                # Nothing was drawn (the change was not kept): the count shown goes back.
                self._picked = False
                self.segments.selected = [self._shown(self.value)]
                self.control.update()

        style = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=2))
        self.more_text = ft.Text(f"{top}+", semantics_label=more(top, 0))
        self.more = ft.Segment(value=self.MORE, label=self.more_text)
        self.segments = ft.SegmentedButton(
            segments=[*(number(n, name(n)) for n in range(top)), self.more],
            selected=["0"],
            show_selected_icon=False,
            style=style,
            on_change=picked,
        )
        self.label = ft.Text(label, theme_style=ft.TextThemeStyle.LABEL_MEDIUM)
        self.control = SectionColumn(
            [self.label, tagged(ident, self.segments)], spacing=2, tight=True
        )

    def _shown(self, value: int) -> str:
        return str(value) if value < self.top else self.MORE

    def show(self, paint: Painter, value: int, *, visible: bool = True) -> None:
        self.value = value
        if self._picked:
            self._picked = False
            paint.touch(self.control)
        paint.set(self.control, self.segments, selected=[self._shown(value)])
        more = str(value) if value >= self.top else f"{self.top}+"
        said = self.more_name(self.top, value)
        paint.set(self.control, self.more_text, value=more, semantics_label=said)
        paint.set(self.control, self.control, visible=visible)


class AddRow:
    """A label over numbers that each add something of that many with one tap (a card of a
    colour with that many icons, named ``name(n)``); nothing stays chosen (tagged
    ``ident``)."""

    def __init__(
        self,
        label: str,
        choices: Sequence[int],
        on_add: Callable[[int], object],
        *,
        ident: str,
        name: Named,
    ) -> None:
        self._picked = False

        def picked(e: Any) -> None:
            self._picked = True  # the phone chose a segment itself: cleared on the next show
            chosen = list(e.control.selected or [])
            if chosen:
                on_add(int(chosen[0]))
            if self._picked and mounted(self.control):  # nothing drawn: clear it now
                self._picked = False
                self.segments.selected = []
                self.control.update()

        self.segments = ft.SegmentedButton(
            segments=[number(n, name(n)) for n in choices],
            selected=[],
            allow_empty_selection=True,
            show_selected_icon=False,
            on_change=picked,
        )
        self.label = ft.Text(label, theme_style=ft.TextThemeStyle.LABEL_MEDIUM)
        self.control = SectionColumn(
            [self.label, tagged(ident, self.segments)], spacing=2, tight=True
        )

    def show(self, paint: Painter) -> None:
        if self._picked:
            self._picked = False
            paint.touch(self.control)
        paint.set(self.control, self.segments, selected=[])


class ChoiceChips:
    """Chips to choose one of (``options``: value → words), tagged ``prefix-<value>`` and
    named ``name(value)`` to a screen reader (two rows of chips may show the same words). A
    tap on any chip calls ``on_choose(value)``; :meth:`show` marks the chosen one."""

    def __init__(
        self,
        options: Sequence[tuple[str, str]],
        on_choose: Callable[[str], object],
        *,
        prefix: str,
        name: Callable[[str], str],
        label: str | None = None,
    ) -> None:
        self.chips: dict[str, ft.Chip] = {}
        tagged_chips: list[ft.Control] = []
        for value, words in options:
            chip = ft.Chip(
                label=ft.Text(words, semantics_label=name(value)),
                on_select=lambda e, v=value: on_choose(v),
            )
            self.chips[value] = chip
            tagged_chips.append(tagged(f"{prefix}-{value}", chip))
        row = ft.Row(tagged_chips, wrap=True, spacing=6, run_spacing=6)
        parts: list[ft.Control] = []
        if label:
            parts.append(ft.Text(label, theme_style=ft.TextThemeStyle.LABEL_MEDIUM))
        parts.append(row)
        self.control = SectionColumn(parts, spacing=4, tight=True)

    def show(self, paint: Painter, chosen: str | None, *, visible: bool = True) -> None:
        for value, chip in self.chips.items():
            paint.set(self.control, chip, selected=value == chosen)
        paint.set(self.control, self.control, visible=visible)


class Fold:
    """A card that folds to its title and a one-line summary (tap to open)."""

    def __init__(
        self, title: str, content: ft.Control, *, ident: str, expanded: bool = True
    ) -> None:
        # A section of its own: a new summary sends one line, not the whole folded card.
        self.subtitle = SectionText(
            "", theme_style=ft.TextThemeStyle.BODY_SMALL, color=ft.Colors.ON_SURFACE_VARIANT
        )
        self.tile = ft.ExpansionTile(
            title=ft.Text(title, theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
            subtitle=self.subtitle,
            controls=[ft.Container(content, padding=ft.Padding.only(left=16, right=16, bottom=16))],
            expanded=expanded,
            maintain_state=True,
            expanded_cross_axis_alignment=ft.CrossAxisAlignment.STRETCH,
            shape=ft.RoundedRectangleBorder(radius=12),
            collapsed_shape=ft.RoundedRectangleBorder(radius=12),
        )
        self.control = tagged(ident, ft.Card(content=self.tile, margin=0), section=True)

    def show(self, paint: Painter, summary: str) -> None:
        paint.set(self.subtitle, self.subtitle, value=summary)


def why(ctx: AppContext, targets: Why, *, ident: str, label: str = "Why?") -> ft.Control:
    """A "why?" link to the entries and rulings ``targets`` names."""
    entries, rulings = targets
    return why_link(ctx, entries, rulings, ident=ident, label=label)


__all__ = [
    "HALF",
    "AddRow",
    "ChoiceChips",
    "Cols",
    "CountRow",
    "Fold",
    "Named",
    "NumberRow",
    "Stepper",
    "number",
    "why",
]
