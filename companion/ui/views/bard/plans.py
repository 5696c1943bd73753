""" "Best song": one tap shows the best plan and two alternatives as cards, location by
location; goal chips narrow them; "Load into the calculator" puts a plan on the table as the
song's locations (one change, one Undo), where the player adjusts it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.ui.live import Painter, Slot, isolate
from companion.ui.logic.bard.goals import GoalChip
from companion.ui.logic.bard.plans import Answer, PlanCard
from companion.ui.theme import GAP, TOUCH
from companion.ui.views.bard.parts import why
from companion.ui.widgets import body, notice, small, tagged

if TYPE_CHECKING:
    from companion.ui.views.bard.table import BardTableView


class PlansPanel:
    def __init__(self, view: BardTableView) -> None:
        self.view = view
        paint = view.paint
        self.best = ft.FilledButton(
            content="Best song",
            icon=ft.Icons.AUTO_AWESOME,
            height=TOUCH,
            on_click=lambda e: view.best_song(),
        )
        self.close = ft.TextButton(
            "Hide the plans", icon=ft.Icons.EXPAND_LESS, on_click=lambda e: view.hide_plans()
        )
        self.close_box = isolate(tagged("bard-hide-plans", self.close))
        self.hint = small("")
        self.buttons = isolate(
            ft.Column(
                [
                    ft.Row(
                        [tagged("bard-best", self.best), self.close_box],
                        wrap=True,
                        spacing=8,
                        vertical_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                    self.hint,
                ],
                spacing=4,
                tight=True,
            )
        )
        self.goals = Slot(paint)
        self.cards = Slot(paint)
        self.control = isolate(
            tagged(
                "bard-plans",
                ft.Card(
                    content=ft.Container(
                        ft.Column(
                            [
                                ft.Text(
                                    "What is my best song?",
                                    theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                                ),
                                self.buttons,
                                self.cards.box,
                                self.goals.box,
                            ],
                            spacing=GAP,
                            tight=True,
                        ),
                        padding=16,
                    ),
                    margin=0,
                ),
            )
        )

    def render(
        self,
        paint: Painter,
        *,
        can_plan: str | None,
        open_: bool,
        chips: list[GoalChip],
        answer: Answer | None,
    ) -> None:
        """``can_plan``: why there is nothing to plan yet (None: there is)."""
        paint.set(self.buttons, self.best, disabled=can_plan is not None)
        paint.set(
            self.buttons,
            self.hint,
            value=can_plan
            or (
                "From where the song stands: the best songs with what is left."
                if open_
                else "One tap: the best song for this tableau on this board, and two others."
            ),
        )
        paint.set(self.close_box, self.close_box, visible=open_)
        shown = open_ and can_plan is None
        self.goals.set(
            tuple(chips) if shown else None, lambda: self._goals(chips) if shown else None
        )
        self.cards.set(
            (id(answer), answer is not None) if shown and answer is not None else None,
            lambda: self._cards(answer) if shown and answer is not None else None,
        )

    def _goals(self, chips: list[GoalChip]) -> ft.Control:
        view = self.view
        return ft.Column(
            [
                small("Want more than gold? Tap a goal and the plans follow it:"),
                ft.Row(
                    [
                        tagged(
                            f"goal-{c.id}",
                            ft.Chip(
                                label=ft.Text(c.label),
                                selected=c.selected,
                                on_select=lambda e, g=c.id: view.toggle_goal(g),
                            ),
                        )
                        for c in chips
                    ],
                    wrap=True,
                    spacing=6,
                    run_spacing=6,
                ),
            ],
            spacing=4,
            tight=True,
        )

    def _cards(self, answer: Answer) -> ft.Control:
        parts: list[ft.Control] = []
        if answer.note:
            parts.append(notice(answer.note, level="info" if answer.cards else "warning"))
        parts += [self._card(c) for c in answer.cards]
        return ft.Column(parts, spacing=GAP, tight=True)

    def _card(self, card: PlanCard) -> ft.Control:
        view = self.view
        ident = f"plan-{card.rank}"
        best = card.rank == 1
        head = ft.Row(
            [
                ft.Text(card.title, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, expand=True),
                ft.Text(
                    card.gold,
                    theme_style=ft.TextThemeStyle.HEADLINE_SMALL,
                    weight=ft.FontWeight.BOLD,
                    color=ft.Colors.PRIMARY,
                ),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        parts: list[ft.Control] = [tagged(f"{ident}-title", head)]
        if card.changes:
            parts.append(
                tagged(f"{ident}-changes", body(f"Against the best: {card.changes}", muted=True))
            )
        parts.append(small(card.gold_working))
        for stop in card.stops:
            lines: list[ft.Control] = [
                ft.Row(
                    [
                        ft.Text(
                            f"{stop.number} · {stop.name}",
                            weight=ft.FontWeight.BOLD,
                            expand=True,
                        ),
                        ft.Text(stop.headline, weight=ft.FontWeight.W_600),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                small(f"Spend {stop.spent}", muted=False),
                *(small(line) for line in stop.working),
            ]
            if stop.rewards:
                lines.append(small("Also: " + ", ".join(stop.rewards), muted=False))
            lines.append(why(view.ctx, stop.why, ident=f"{ident}-stop-{stop.number}-why"))
            parts.append(
                tagged(
                    f"{ident}-stop-{stop.number}",
                    ft.Container(
                        ft.Column(lines, spacing=2, tight=True),
                        border=ft.Border.only(left=ft.BorderSide(3, ft.Colors.PRIMARY)),
                        padding=ft.Padding.only(left=10),
                    ),
                )
            )
        if not card.stops:
            parts.append(body("Sing nowhere: keep the tableau as it is.", muted=True))
        if card.boast:
            parts.append(body(card.boast))
        parts.append(small(card.kept))
        for goal in card.goals_met:
            parts.append(small(f"✓ Goal met: {goal}", muted=False))
        for goal in card.goals_missed:
            parts.append(small(f"✗ Goal missed: {goal}", muted=False))
        if card.ahead:
            parts.append(tagged(f"{ident}-ahead", small(card.ahead, italic=True)))
        parts.append(
            tagged(
                f"{ident}-load",
                ft.FilledButton(
                    content="Load into the calculator",
                    icon=ft.Icons.PLAYLIST_ADD_CHECK,
                    height=TOUCH,
                    on_click=lambda e, p=card: view.load_plan(p),
                )
                if best
                else ft.FilledTonalButton(
                    content="Load into the calculator",
                    icon=ft.Icons.PLAYLIST_ADD_CHECK,
                    height=TOUCH,
                    on_click=lambda e, p=card: view.load_plan(p),
                ),
            )
        )
        return tagged(
            ident,
            ft.Container(
                ft.Column(parts, spacing=6, tight=True),
                bgcolor=ft.Colors.PRIMARY_CONTAINER if best else ft.Colors.SURFACE_CONTAINER_HIGH,
                border_radius=12,
                padding=12,
            ),
        )


__all__ = ["PlansPanel"]
