"""Merchant's Journey's screen parts, one component a file, and the small pieces they share:
:class:`WhySlot` (a "why?" link that follows its number) and :func:`same_controls`."""

from __future__ import annotations

import flet as ft

from companion.ui.context import AppContext
from companion.ui.journey.model.why import Why
from companion.ui.kit.why import why_link
from companion.ui.paint import Painter, Slot


def same_controls(shown: list[ft.Control], wanted: list[ft.Control]) -> bool:
    """The same controls in the same order (by identity: controls compare field by field)."""
    return len(shown) == len(wanted) and all(a is b for a, b in zip(shown, wanted, strict=True))


class WhySlot:
    """A "why?" link that follows the number it sits beside: rebuilt only when what the
    number rests on (its :class:`Why`) changed; hidden for None."""

    def __init__(self, ctx: AppContext, paint: Painter, ident: str, *, label: str = "Why?") -> None:
        self.ctx = ctx
        self.ident = ident
        self.label = label
        self.slot = Slot(paint)
        self.box = self.slot.box

    def set(self, why: Why | None) -> None:
        self.slot.set(
            why,
            lambda: (
                None
                if why is None
                else why_link(
                    self.ctx, why.entries, why.rulings, label=self.label, ident=self.ident
                )
            ),
        )


__all__ = ["WhySlot", "same_controls"]
