"""Upkeep step 2: the event card turned over, chosen and applied (an Enduring one goes on the
calendar, a Fleeting one is resolved)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from companion.engine.mercante import rules
from companion.ui.kit.widgets import body, button, tagged, wrap
from companion.ui.mercante import table_route
from companion.ui.mercante.parts import cite

if TYPE_CHECKING:
    from companion.ui.mercante.parts.turn import TurnTab

NONE = "__none__"


class EventStep:
    """The card picker of upkeep step 2; the card chosen is this phone's draft."""

    def __init__(self, tab: TurnTab) -> None:
        self.tab = tab

    def pick(self, key: str | None) -> None:
        self.tab.drafts.pick_event(None if key in (None, NONE) else key)

    def apply(self) -> None:
        tab = self.tab
        drafts = tab.drafts
        try:
            action = drafts.upkeep_event_action(tab.session.choices)
        except ValueError as exc:
            tab.session.refuse(str(exc))
            return
        tab.act(action, settle=lambda: drafts.pick_event(None))

    def controls(self) -> list[ft.Control]:
        tab = self.tab
        choices = tab.session.choices
        options = [ft.DropdownOption(key=NONE, text="Choose the card turned over")] + [
            ft.DropdownOption(key=c.key, text=c.event.name) for c in choices
        ]

        def pick(e: Any) -> None:
            self.pick(e.control.value)

        return [
            body("Turn over the top event card: Enduring goes in A, Fleeting is resolved."),
            tagged(
                "upkeep-event",
                ft.Dropdown(
                    label="Event card",
                    value=tab.drafts.upkeep_event or NONE,
                    options=options,
                    on_select=pick,
                    expand=True,
                ),
            ),
            wrap(
                [
                    button(
                        "Apply it",
                        lambda e: self.apply(),
                        icon=ft.Icons.PLAY_ARROW,
                        ident="apply-event",
                    ),
                    button(
                        "On the calendar",
                        lambda e: tab.ctx.navigate(table_route(tab.session.table_id, "calendar")),
                        kind="text",
                        icon=ft.Icons.CALENDAR_VIEW_WEEK,
                    ),
                ]
            ),
            cite(tab.ctx, rules().turn.event_source),
        ]


__all__ = ["EventStep"]
