"""The Turn tab: the turn in the rulebook's order. On the upkeep marker holder's turn the four
upkeep steps (remove tokens, one event, the victory point auctions, pass the marker), then the
shipment auction (run here, or at the table), then the agents, one agent action each; with
Talk of Peace the teams and their goal; and when upkeep comes round, with its removal points.

One part a file: :mod:`.upkeep` (the four steps: :mod:`.removal`, :mod:`.event_step`,
:mod:`.vp_auction`), :mod:`.shipment` (the card typed in; :mod:`.bidding` the lot under way),
:mod:`.agents`, :mod:`.teams`, :mod:`.schedule` and :mod:`.removal_points`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.engine.mercante import Action, MercanteGame
from companion.tables import Snapshot
from companion.ui.mercante.parts.contracts import MyContractsPanel
from companion.ui.mercante.parts.turn.agents import agents_panel, over_panel
from companion.ui.mercante.parts.turn.removal_points import removal_points_panel
from companion.ui.mercante.parts.turn.schedule import schedule_panel
from companion.ui.mercante.parts.turn.shipment import ShipmentPanel
from companion.ui.mercante.parts.turn.teams import teams_panel
from companion.ui.mercante.parts.turn.upkeep import UpkeepSteps
from companion.ui.paint import Slot
from companion.ui.screen import Screen

if TYPE_CHECKING:
    from companion.ui.mercante.screen import MercanteScreen


class TurnTab:
    """The Turn tab, built once and rendered in place: each part is rebuilt only when what it
    shows changed (the game's state, or what this phone chose: tokens to take off, the
    shipment card typed in). What is typed here (bids, minimums) stays on this phone."""

    def __init__(self, session: MercanteScreen) -> None:
        self.session = session
        self.ctx = session.ctx
        self.drafts = session.draft
        paint = session.paint
        self.upkeep_slot = Slot(paint)
        self.shipment_slot = Slot(paint)
        self.agents_slot = Slot(paint)
        self.teams_slot = Slot(paint)
        self.schedule_slot = Slot(paint)
        self.costs_slot = Slot(paint)
        self.upkeep = UpkeepSteps(self)
        self.shipment = ShipmentPanel(self)
        session.on_render(self.render)
        self.contracts = MyContractsPanel(session)

    @property
    def game(self) -> MercanteGame:
        return self.session.table.game

    # -- actions ----------------------------------------------------------------------------
    def act(self, action: Action, *, settle: Callable[[], None] | None = None) -> None:
        """Send ``action``; ``settle`` clears this phone's draft once it is done."""
        self.session.act(action, then=settle)

    def redraw(self) -> None:
        """This phone's draft changed: render it again and send what changed."""
        self.render(self.session.snapshot)
        self.session.paint.send()

    def show_errors(self, slot: Slot) -> None:
        """Send the field errors just set on the fields of ``slot``'s part."""
        self.session.paint.touch(slot.box)
        self.session.paint.send()

    # -- rendering --------------------------------------------------------------------------
    def render(self, snapshot: Snapshot) -> None:
        game = self.game
        playing = self.session.playing
        if game.is_over:
            # after the end only the end-game steps remain: they are on the Tally tab
            self.upkeep_slot.set(None, lambda: None)
            self.shipment_slot.set(None, lambda: None)
            self.agents_slot.set("over", lambda: over_panel(self))
            return
        upkeep = game.is_upkeep_turn
        removals = tuple(sorted(self.drafts.removals.items()))
        self.upkeep_slot.set(
            (game, len(game.log), removals, playing) if upkeep else None,
            lambda: self.upkeep.panel() if upkeep else None,
        )
        draft = self.drafts.shipment
        self.shipment_slot.set(
            None
            if upkeep
            else (game, len(game.log), tuple(draft.goods), draft.single_lot, playing),
            lambda: None if upkeep else self.shipment.panel(),
        )
        self.agents_slot.set((game, playing), lambda: agents_panel(self))
        self.teams_slot.set(
            (game.players, game.rules) if game.variants.talk_of_peace else None,
            lambda: teams_panel(self.ctx, game),
        )
        self.schedule_slot.set(
            (game.active, game.upkeep_holder, game.seats, game.variants),
            lambda: schedule_panel(self.ctx, game),
        )
        self.costs_slot.set(
            (len(game.seats), game.variants), lambda: removal_points_panel(self.ctx, game)
        )

    # -- the screen -------------------------------------------------------------------------
    def build(self) -> Screen:
        content: list[ft.Control] = [
            self.upkeep_slot.box,
            self.shipment_slot.box,
            self.agents_slot.box,
            self.contracts.slot.box,
            self.teams_slot.box,
            self.schedule_slot.box,
            self.costs_slot.box,
        ]
        screen = self.session.screen(content)
        return screen


__all__ = ["TurnTab"]
