"""The score pad's players: a card per row in seat order, Add player, and the known players
offered as chips."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine.scorepad import AddRow, FieldKey, Pad
from companion.ui.kit.players import filter_suggestions, suggestion_chips
from companion.ui.kit.widgets import body, tagged
from companion.ui.paint import SectionColumn, Slot
from companion.ui.scorepad.model import ScorePad
from companion.ui.scorepad.model.words import known_player
from companion.ui.scorepad.parts.row_card import RowCard, same
from companion.ui.theme import GAP, TOUCH

if TYPE_CHECKING:
    from companion.ui.scorepad.parts.pad import PadEditor


class PadRows:
    """The players' cards, kept by row id, and what adds a player."""

    def __init__(self, view: PadEditor) -> None:
        self.view = view
        self.known = view.ctx.store.player_names()
        self.cards: dict[int, RowCard] = {}
        self.column = SectionColumn([], spacing=GAP)
        self.add_button = ft.OutlinedButton(
            "Add player",
            icon=ft.Icons.PERSON_ADD,
            height=TOUCH,
            on_click=lambda e: view.act(AddRow("")),
        )
        self.add_box = tagged("add-player-row", self.add_button, section=True)
        self.suggestions = Slot(view.paint)

    def pick_known(self, name: str) -> None:
        view = self.view
        view.act(known_player(view.pad, view.draft.typed, name))

    def render(self, pad: Pad, form: ScorePad, errors: dict[FieldKey, str], closed: bool) -> None:
        view, paint = self.view, self.view.paint
        live_ids = {r.id for r in pad.rows}
        for row_id in [i for i in self.cards if i not in live_ids]:
            del self.cards[row_id]
        view.forget_fields(live_ids)
        for row in pad.rows:
            if row.id not in self.cards:
                self.cards[row.id] = RowCard(view, row.id)
        cards = [self.cards[r.id] for r in pad.rows]
        wanted: list[ft.Control] = [c.control for c in cards]
        if not same(self.column.controls, wanted):
            self.column.controls = wanted
            paint.touch(self.column)
        for i, (row, card) in enumerate(zip(pad.rows, cards, strict=True)):
            card.render(i, row, pad, form, errors, closed)
        paint.set(self.add_box, self.add_button, disabled=closed)
        names = tuple(filter_suggestions(self.known, "", [r.name for r in pad.rows]))
        self.suggestions.set(
            (names, closed),
            lambda: (
                None
                if not names or closed
                else ft.Column(
                    [body("Known players", muted=True), suggestion_chips(names, self.pick_known)],
                    spacing=8,
                )
            ),
        )


__all__ = ["PadRows"]
