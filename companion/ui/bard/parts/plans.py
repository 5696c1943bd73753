""" "Best song": one tap shows the best plan and two alternatives as cards, location by
location; goal chips narrow them; "Load into the calculator" puts a plan on the table as the
song's locations (one change, one Undo), where the player adjusts it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.ui.bard.model import names
from companion.ui.bard.model.goals import GoalChip
from companion.ui.bard.model.plans import TOP, Answer, PlanCard, PlanStop
from companion.ui.bard.parts import why
from companion.ui.kit.widgets import body, notice, small, tagged
from companion.ui.paint import Painter, SectionBox, SectionColumn, Slot
from companion.ui.theme import GAP, TOUCH

if TYPE_CHECKING:
    from companion.ui.bard.screen import BardScreen


class PlansPanel:
    def __init__(self, view: BardScreen) -> None:
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
        self.close_box = tagged("bard-hide-plans", self.close, section=True)
        self.hint = small("")
        self.buttons = SectionColumn(
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
        self.goals = Slot(paint)
        self.note = Slot(paint)
        # Built hidden with the screen (the usual number of cards and locations), so the first
        # "Best song" tap only fills in texts.
        self.card_views = [PlanCardView(view, rank) for rank in range(1, TOP + 1)]
        self.cards_column = ft.Column(
            [self.note.box, *(c.control for c in self.card_views)], spacing=GAP, tight=True
        )
        self.cards_box = SectionBox(self.cards_column, visible=False)
        self.control = tagged(
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
                            self.cards_box,
                            self.goals.box,
                        ],
                        spacing=GAP,
                        tight=True,
                    ),
                    padding=16,
                ),
                margin=0,
            ),
            section=True,
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
        self._show_cards(paint, answer if shown else None)

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

    def _show_cards(self, paint: Painter, answer: Answer | None) -> None:
        """The plan cards drawn in place: each card's texts change, a card or a location
        is only built when more are needed than ever before."""
        shown = answer is not None
        paint.set(self.cards_box, self.cards_box, visible=shown)
        cards = answer.cards if answer is not None else ()
        note = answer.note if answer is not None else None
        self.note.set(
            (note, bool(cards)) if note else None,
            lambda: notice(note, level="info" if cards else "warning") if note else None,
        )
        while len(self.card_views) < len(cards):
            view = PlanCardView(self.view, len(self.card_views) + 1)
            self.card_views.append(view)
            self.cards_column.controls.append(view.control)
            paint.touch(self.cards_box)
        for i, view in enumerate(self.card_views):
            view.show(paint, cards[i] if i < len(cards) else None)


#: The locations each plan card is built with (more are added when a plan sings at more).
STOPS = 4


class StopView:
    """One location of a plan card, its texts changed in place."""

    def __init__(self, view: BardScreen, card: str) -> None:
        self.view = view
        self.card = card
        self.name = ft.Text("", weight=ft.FontWeight.BOLD)
        self.headline = ft.Text("", weight=ft.FontWeight.W_600)
        self.spent = small("", muted=False)
        self.working = small("")
        self.rewards = small("", muted=False)
        self.why = Slot(view.paint)
        self.control = tagged(
            f"{card}-stop",
            ft.Container(
                ft.Column(
                    [
                        # The place, then what it gives: on the next line when both do not
                        # fit (squeezed side by side, "Warrior Hall" broke as "War / rior").
                        ft.Row(
                            [self.name, self.headline],
                            wrap=True,
                            spacing=8,
                            run_spacing=0,
                            vertical_alignment=ft.CrossAxisAlignment.CENTER,
                        ),
                        self.spent,
                        self.working,
                        self.rewards,
                        self.why.box,
                    ],
                    spacing=2,
                    tight=True,
                ),
                border=ft.Border.only(left=ft.BorderSide(3, ft.Colors.PRIMARY)),
                padding=ft.Padding.only(left=10),
            ),
        )

    def show(self, paint: Painter, section: ft.BaseControl, stop: PlanStop | None) -> None:
        # Tagged by the song's location number (a plan from a part-sung song starts later).
        ident = f"{self.card}-stop-{stop.number}" if stop else f"{self.card}-stop"
        paint.set(section, self.control, visible=stop is not None, identifier=ident)
        paint.set(section, self.name, value=f"{stop.number} · {stop.name}" if stop else "")
        paint.set(section, self.headline, value=stop.headline if stop else "")
        paint.set(section, self.spent, value=f"Spend {stop.spent}" if stop else "")
        paint.set(
            section,
            self.working,
            value="\n".join(stop.working) if stop else "",
            visible=bool(stop and stop.working),
        )
        rewards = "Also: " + ", ".join(stop.rewards) if stop and stop.rewards else ""
        paint.set(section, self.rewards, value=rewards, visible=bool(rewards))
        ctx = self.view.ctx
        self.why.set(
            (stop.why, ident) if stop else None,
            lambda: why(ctx, stop.why, ident=f"{ident}-why") if stop else None,
        )


class PlanCardView:
    """One plan as a card (the best first), built once and drawn in place from each answer."""

    def __init__(self, view: BardScreen, rank: int) -> None:
        self.view = view
        self.rank = rank
        self.card: PlanCard | None = None
        ident = self.ident = f"plan-{rank}"
        best = rank == 1
        self.title = ft.Text("", theme_style=ft.TextThemeStyle.TITLE_MEDIUM, expand=True)
        self.gold = ft.Text(
            "",
            theme_style=ft.TextThemeStyle.HEADLINE_SMALL,
            weight=ft.FontWeight.BOLD,
            color=ft.Colors.PRIMARY,
        )
        self.changes_text = body("", muted=True)
        self.changes = tagged(f"{ident}-changes", self.changes_text)
        self.gold_working = small("")
        self.stops = [StopView(view, ident) for _ in range(STOPS)]
        self.stops_column = ft.Column([s.control for s in self.stops], spacing=6, tight=True)
        self.nowhere = body("Sing nowhere: keep the tableau as it is.", muted=True)
        self.boast = body("")
        self.kept = small("")
        self.goals = small("", muted=False)
        self.ahead_text = small("", italic=True)
        self.ahead = tagged(f"{ident}-ahead", self.ahead_text)
        button = ft.FilledButton if best else ft.FilledTonalButton
        load = button(
            content=ft.Text("Load into the calculator", semantics_label=names.load_plan(rank)),
            icon=ft.Icons.PLAYLIST_ADD_CHECK,
            height=TOUCH,
            on_click=lambda e: self._load(),
        )
        self.control = tagged(
            ident,
            ft.Container(
                ft.Column(
                    [
                        tagged(
                            f"{ident}-title",
                            ft.Row(
                                [self.title, self.gold],
                                vertical_alignment=ft.CrossAxisAlignment.CENTER,
                            ),
                        ),
                        self.changes,
                        self.gold_working,
                        self.stops_column,
                        self.nowhere,
                        self.boast,
                        self.kept,
                        self.goals,
                        self.ahead,
                        tagged(f"{ident}-load", load),
                    ],
                    spacing=6,
                    tight=True,
                ),
                bgcolor=(ft.Colors.PRIMARY_CONTAINER if best else ft.Colors.SURFACE_CONTAINER_HIGH),
                border_radius=12,
                padding=12,
            ),
            section=True,
        )

    def _load(self) -> None:
        if self.card is not None:
            self.view.load_plan(self.card)

    def show(self, paint: Painter, card: PlanCard | None) -> None:
        self.card = card
        section = self.control
        paint.set(section, section, visible=card is not None)
        if card is None:
            return
        paint.set(section, self.title, value=card.title)
        paint.set(section, self.gold, value=card.gold)
        changes = f"Against the best: {card.changes}" if card.changes else ""
        paint.set(section, self.changes_text, value=changes)
        paint.set(section, self.changes, visible=bool(changes))
        paint.set(section, self.gold_working, value=card.gold_working)
        while len(self.stops) < len(card.stops):
            stop = StopView(self.view, self.ident)
            self.stops.append(stop)
            self.stops_column.controls.append(stop.control)
            paint.touch(section)
        for i, stop in enumerate(self.stops):
            stop.show(paint, section, card.stops[i] if i < len(card.stops) else None)
        paint.set(section, self.stops_column, visible=bool(card.stops))
        paint.set(section, self.nowhere, visible=not card.stops)
        paint.set(section, self.boast, value=card.boast or "", visible=bool(card.boast))
        paint.set(section, self.kept, value=card.kept)
        goals = [f"✓ Goal met: {g}" for g in card.goals_met]
        goals += [f"✗ Goal missed: {g}" for g in card.goals_missed]
        paint.set(section, self.goals, value="\n".join(goals), visible=bool(goals))
        paint.set(section, self.ahead_text, value=card.ahead or "")
        paint.set(section, self.ahead, visible=bool(card.ahead))


__all__ = ["PlansPanel"]
