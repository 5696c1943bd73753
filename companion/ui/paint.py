"""Rendering a screen in place: sections sent on their own, the painter that sends only the
sections it changed, and slots rebuilt only when what they show changed.

A section is a control of one of the classes below, each isolated (Flet's public
``is_isolated()`` says so): a page update skips what is inside it, and the :class:`Painter`
sends it when it changed, so the whole screen is never diffed on a tap.
Build a section as one of these classes (``SectionColumn([...])``, or ``tagged(ident,
control, section=True)`` for a tagged one) and keep the object you built.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import flet as ft


class Isolated:
    """Marks a control class isolated (what ``@ft.control(isolated=True)`` marks, through
    the public method Flet asks)."""

    def is_isolated(self) -> bool:
        return True


class SectionBox(Isolated, ft.Container):
    """A container sent on its own."""


class SectionColumn(Isolated, ft.Column):
    """A column sent on its own."""


class SectionRow(Isolated, ft.Row):
    """A row sent on its own."""


class SectionResponsiveRow(Isolated, ft.ResponsiveRow):
    """A responsive row sent on its own."""


class SectionCard(Isolated, ft.Card):
    """A card sent on its own."""


class SectionText(Isolated, ft.Text):
    """A text sent on its own."""


class SectionSemantics(Isolated, ft.Semantics):
    """A tagged control sent on its own (see :func:`companion.ui.kit.widgets.tagged`)."""


def mounted(control: ft.BaseControl) -> bool:
    """Whether ``control`` is on a page now."""
    try:
        return control.page is not None
    except RuntimeError:
        return False


class Painter:
    """Renders a screen in place, sending only the sections (isolated controls) it changed.

    ``set(section, control, value=..., ...)`` changes ``control``'s properties and, if any
    really changed, marks ``section`` (a section around it) to be sent; ``touch``
    marks one outright; ``send()`` updates each marked section (once mounted on a page).
    """

    def __init__(self) -> None:
        self._dirty: dict[int, ft.BaseControl] = {}

    def set(self, section: ft.BaseControl, control: ft.BaseControl, **props: Any) -> bool:
        changed = False
        for name, value in props.items():
            if getattr(control, name) != value:
                setattr(control, name, value)
                changed = True
        if changed:
            self.touch(section)
        return changed

    def touch(self, section: ft.BaseControl) -> None:
        self._dirty[id(section)] = section

    def send(self) -> None:
        dirty = list(self._dirty.values())
        self._dirty.clear()
        for section in dirty:
            if mounted(section):
                section.update()


class Slot:
    """A section rebuilt only when what it shows (its ``key``) changed."""

    _UNSET: Any = object()

    def __init__(self, painter: Painter) -> None:
        self.box = SectionBox(visible=False)
        self._painter = painter
        self._key: Hashable = self._UNSET

    def set(self, key: Hashable, build: Callable[[], ft.Control | None]) -> bool:
        if key == self._key:
            return False
        self._key = key
        content = build()
        self.box.content = content
        self.box.visible = content is not None
        self._painter.touch(self.box)
        return True


__all__ = [
    "Painter",
    "SectionBox",
    "SectionCard",
    "SectionColumn",
    "SectionResponsiveRow",
    "SectionRow",
    "SectionSemantics",
    "SectionText",
    "Slot",
    "mounted",
]
