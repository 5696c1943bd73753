"""The score pad's Tie-breakers panel: what decides equal scores, in order."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine.scorepad import (
    AddTiebreaker,
    FlipTiebreaker,
    MoveTiebreaker,
    Pad,
    RemoveTiebreaker,
)
from companion.ui.kit.widgets import body, button, icon_button, panel
from companion.ui.paint import Slot
from companion.ui.scorepad.model.words import tiebreaker_problem

if TYPE_CHECKING:
    from companion.ui.scorepad.parts.pad import PadEditor


class TiebreakerPanel:
    """The tie-breakers and the field that adds one, built once."""

    def __init__(self, view: PadEditor) -> None:
        self.view = view
        self.items = Slot(view.paint)
        self.new_tiebreaker = ft.TextField(
            label="New tie-breaker",
            hint_text="e.g. Most money left",
            on_submit=lambda e: self.add(),
            expand=True,
            error_max_lines=3,
        )
        self.add_button = button("Add", lambda e: self.add(), kind="tonal", icon=ft.Icons.ADD)
        self.box = panel(
            body("When scores are equal, these decide, in this order.", muted=True),
            self.items.box,
            ft.Row(
                [self.new_tiebreaker, self.add_button],
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
            title="Tie-breakers",
            section=True,
        )

    def add(self) -> None:
        self.view.add_named(self.box, self.new_tiebreaker, tiebreaker_problem, AddTiebreaker)

    def listed(self, pad: Pad, closed: bool) -> ft.Control:
        act = self.view.act
        items: list[ft.Control] = []
        for t, breaker in enumerate(pad.tiebreakers):
            # The name gets its own line so a long one is never cut off on a phone.
            items.append(
                ft.Column(
                    [
                        ft.Text(
                            f"{t + 1}. {breaker.name}", theme_style=ft.TextThemeStyle.BODY_LARGE
                        ),
                        ft.Row(
                            [
                                ft.OutlinedButton(
                                    "Higher wins" if breaker.higher_wins else "Lower wins",
                                    icon=ft.Icons.SWAP_VERT,
                                    on_click=lambda e, b=breaker.id: act(FlipTiebreaker(b)),
                                    tooltip="Tap to switch",
                                    disabled=closed,
                                ),
                                icon_button(
                                    ft.Icons.ARROW_UPWARD,
                                    "Try this one earlier",
                                    lambda e, b=breaker.id: act(MoveTiebreaker(b, -1)),
                                    disabled=closed or t == 0,
                                ),
                                icon_button(
                                    ft.Icons.CLOSE,
                                    f"Remove {breaker.name}",
                                    lambda e, b=breaker.id: act(RemoveTiebreaker(b)),
                                    disabled=closed,
                                ),
                            ],
                            spacing=4,
                        ),
                    ],
                    spacing=2,
                )
            )
        return ft.Column(items, spacing=8)

    def render(self, pad: Pad, closed: bool) -> None:
        breakers = tuple((t.id, t.name, t.higher_wins) for t in pad.tiebreakers)
        self.items.set((breakers, closed), lambda: self.listed(pad, closed))
        for control in (self.new_tiebreaker, self.add_button):
            self.view.paint.set(self.box, control, disabled=closed)
        # Without points nothing is tied: the panel steps aside (it keeps what it holds).
        self.view.paint.set(self.box, self.box, visible=pad.on_points)


__all__ = ["TiebreakerPanel"]
