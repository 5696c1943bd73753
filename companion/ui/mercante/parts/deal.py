"""The setup deal (issue 20, "Contracts"): on the phone that says whose it is, the two
contract cards dealt to that player, told with the card-face picker, and a Keep under each.
Built only for that player's own phone while their contract is still to keep, so no other
phone is ever sent a face; every phone sees the crowns kept on the Setup tab. Optional: the
Setup tab's value picker still keeps a value alone."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from companion.engine.mercante import rules
from companion.tables import Snapshot
from companion.ui.kit.widgets import button, outlined, panel, small, tagged
from companion.ui.mercante.model.deal import (
    DEALT,
    DealDraft,
    deal_kinds,
    deal_open,
    deal_words,
    keep_action,
    keep_label,
    keep_problem,
    kind_label,
)
from companion.ui.mercante.parts import cite
from companion.ui.mercante.parts.contracts import NONE, face_fields
from companion.ui.paint import Slot

if TYPE_CHECKING:
    from companion.ui.mercante.screen import MercanteScreen


class SetupDealPanel:
    """The panel, rebuilt when this phone's player, whether their deal is open or what is
    being told here changed; nothing at all on any other phone, nor once the contract is
    kept."""

    def __init__(self, session: MercanteScreen) -> None:
        self.session = session
        self.slot = Slot(session.paint)
        session.on_render(self.render)

    @property
    def deal(self) -> DealDraft:
        return self.session.draft.deal

    def render(self, snapshot: Snapshot) -> None:
        game = self.session.table.game
        me = self.session.me
        if me is None or not deal_open(game, me):
            self.slot.set(None, lambda: None)
            return
        key = (me, self.session.playing, self.deal.key())
        self.slot.set(key, lambda: self.panel(me))

    # -- actions ----------------------------------------------------------------------------
    def choose_kind(self, index: int, kind: str | None) -> None:
        self.deal.card(index).choose_kind(None if kind in (None, NONE) else kind)
        self.session.redraw()

    def set_good(self, index: int, k: int, good: str | None) -> None:
        self.deal.card(index).set_good(k, None if good == NONE else good)
        self.session.redraw()

    def stepper(self, index: int, what: str) -> Callable[[int], None]:
        def step(change: int) -> None:
            self.deal.card(index).step(what, change)
            self.session.redraw()

        return step

    def keep(self, me: str, index: int) -> None:
        try:
            action = keep_action(me, self.deal, index)
        except ValueError as exc:
            self.session.refuse(str(exc))
            return
        problem = keep_problem(self.session.table.game, action)
        if problem:
            self.session.refuse(problem)
            return

        def done() -> None:
            self.session.draft.deal = DealDraft()

        self.session.act(action, then=done)

    # -- building ---------------------------------------------------------------------------
    def panel(self, me: str) -> ft.Control:
        playing = self.session.playing
        kinds = [(k.id, kind_label(k)) for k in deal_kinds()]
        rows: list[ft.Control] = [
            small(deal_words(), muted=True),
            small(f"Only this phone ({me}'s) shows them.", muted=True),
        ]
        for index in range(DEALT):
            number = index + 1
            lines: list[ft.Control] = [
                small(f"Card {number}", muted=False),
                *face_fields(
                    "deal",
                    number,
                    self.deal.card(index),
                    kinds,
                    playing,
                    on_kind=partial(self.choose_kind, index),
                    on_good=partial(self.set_good, index),
                    stepper=partial(self.stepper, index),
                ),
                button(
                    keep_label(self.deal.card(index), number),
                    lambda e, i=index: self.keep(me, i),
                    icon=ft.Icons.LOCK_OUTLINE,
                    kind="tonal",
                    ident=f"deal-keep-{number}",
                    disabled=not playing,
                ),
            ]
            rows.append(
                tagged(
                    f"deal-card-{number}",
                    outlined(
                        ft.Column(lines, spacing=4, tight=True),
                        padding=10,
                    ),
                )
            )
        setup = rules().setup
        rows.append(cite(self.session.ctx, setup.contracts_source, setup.contracts_returned_source))
        return tagged("setup-deal", panel(*rows, title=f"{me}'s setup deal"))


__all__ = ["SetupDealPanel"]
