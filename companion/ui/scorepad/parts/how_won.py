"""The score pad's "How is it won?" panel: on points (the scores decide, as today), a winner
chosen by hand (one tap ticks a player as a winner; scores optional) or co-operative
(everyone won or everyone lost together). Each choice is an action on the pad
(:class:`~companion.engine.scorepad.SetScoring`, ``SetWinner``, ``SetEveryone``), so every
phone at the table sees it; built once, rendered in place."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine.scorepad import Pad, SetEveryone, SetScoring, SetWinner
from companion.ui.kit.widgets import body, panel, tagged
from companion.ui.paint import Slot
from companion.ui.scorepad.model.words import HOW_WON_HINTS, SCORING_CHOICES

if TYPE_CHECKING:
    from companion.ui.scorepad.parts.pad import PadEditor


class HowWonPanel:
    """The choice of how the play is won, and who won when it is not on points."""

    def __init__(self, view: PadEditor) -> None:
        self.view = view
        self.radios = [
            tagged(f"pad-scoring-{key}", ft.Radio(value=key, label=label))
            for key, label in SCORING_CHOICES.items()
        ]
        self.choice = ft.RadioGroup(
            value="points",
            content=ft.Column(self.radios, spacing=0),
            on_change=lambda e: self.pick(str(e.control.value or "")),
        )
        self.hint = body(HOW_WON_HINTS["points"], muted=True)
        self.who = Slot(view.paint)
        self.box = panel(
            tagged("how-won", self.choice), self.hint, self.who.box, title="How is it won?",
            section=True,
        )  # fmt: skip

    def pick(self, scoring: str) -> None:
        if scoring in SCORING_CHOICES and scoring != self.view.pad.scoring:
            self.view.act(SetScoring(scoring))
        else:
            self.view.render()

    def tick(self, row_id: int, won: bool) -> None:
        pad = self.view.pad
        index = pad.row_index(row_id)
        if index is not None and pad.rows[index].won != won:
            self.view.act(SetWinner(row_id, won))
        else:
            self.view.render()

    def everyone(self, won: bool) -> None:
        if won != self.view.pad.all_won:
            self.view.act(SetEveryone(won))
        else:
            self.view.render()

    def winners(self, pad: Pad, closed: bool) -> ft.Control | None:
        if pad.scoring == "manual":
            return ft.Column(
                [
                    tagged(
                        f"pad-won-{row.id}",
                        ft.Checkbox(
                            label=f"{row.label(i + 1)} won",
                            value=row.won,
                            disabled=closed,
                            on_change=lambda e, r=row.id: self.tick(r, bool(e.control.value)),
                        ),
                    )
                    for i, row in enumerate(pad.rows)
                ],
                spacing=0,
            )
        if pad.scoring == "cooperative":
            return self.together(pad, closed)
        return None

    def together(self, pad: Pad, closed: bool) -> ft.Control:
        """Everyone won / Everyone lost, one tap."""
        return tagged(
            "pad-everyone",
            ft.RadioGroup(
                value="won" if pad.all_won else "lost",
                content=ft.Column(
                    [
                        tagged(
                            "pad-coop-won",
                            ft.Radio(value="won", label="Everyone won", disabled=closed),
                        ),
                        tagged(
                            "pad-coop-lost",
                            ft.Radio(value="lost", label="Everyone lost", disabled=closed),
                        ),
                    ],
                    spacing=0,
                ),
                on_change=lambda e: self.everyone(e.control.value == "won"),
            ),
        )

    def render(self, pad: Pad, closed: bool) -> None:
        paint, box = self.view.paint, self.box
        paint.set(box, self.choice, value=pad.scoring, disabled=closed)
        paint.set(box, self.hint, value=HOW_WON_HINTS[pad.scoring])
        rows = tuple((r.id, r.label(i + 1), r.won) for i, r in enumerate(pad.rows))
        self.who.set((pad.scoring, pad.all_won, rows, closed), lambda: self.winners(pad, closed))


__all__ = ["HowWonPanel"]
