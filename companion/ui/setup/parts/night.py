"""The Choose page's "Tonight" panel: where the choice stands against tonight's game night,
and "Use for tonight", which makes the night play the setup's game, modules and house rules
(starting a night when none is open). A night that plays the choice (once used, or
because it matched already) follows the later changes made on the Choose page by itself.
The actions and words are :mod:`companion.ui.setup.model.night`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine.seats import Seating, new_seed
from companion.engine.setup import SetupGame
from companion.history import StoreError
from companion.tables import Applied, TableNotFound
from companion.ui import seats
from companion.ui.kit.widgets import body, button, panel, tagged
from companion.ui.model.live import Message, error
from companion.ui.paint import mounted
from companion.ui.setup.model.night import (
    NIGHT_TOOL,
    OpenNight,
    follows,
    night_actions,
    open_night,
    played,
    refusal,
    tonight_line,
)

if TYPE_CHECKING:
    from companion.ui.setup.parts.choose import ChooseScreen


class NightPanel:
    """Built once; :meth:`render` paints it in place."""

    def __init__(self, view: ChooseScreen) -> None:
        self.view = view
        self.night: OpenNight | None = open_night(view.session.hub)
        self.linked = False  # this phone sent the choice to the night: later changes follow
        self.line = body("")
        self.use = button(
            "Use for tonight",
            lambda e: self.use_for_tonight(),
            icon=ft.Icons.NIGHTLIFE,
            kind="tonal",
            ident="use-for-tonight",
        )
        self.open_button = button(
            "Open the game night",
            lambda e: self.open_night(),
            icon=ft.Icons.GROUPS,
            kind="text",
            ident="open-night",
        )
        self.section = panel(
            tagged("tonight-line", self.line),
            ft.Row([self.use, self.open_button], wrap=True, spacing=8, run_spacing=8),
            title="Tonight",
            section=True,
        )

    def _refresh(self) -> OpenNight | None:
        night = self.night
        if night is None:
            return None
        try:
            snapshot = self.view.session.hub.peek(night.table_id)
        except (StoreError, TableNotFound):
            self.night = None
            return None
        game = snapshot.game
        if snapshot.read_only or not isinstance(game, Seating) or game.finished_at is not None:
            self.night = None
        else:
            self.night = OpenNight(night.table_id, snapshot.seq, game)
        return self.night

    def render(self, game: SetupGame) -> None:
        night = self._refresh()
        paint = self.view.paint
        catalogue = self.view.ctx.catalogue
        paint.set(self.section, self.line, value=tonight_line(game, night, catalogue))
        done = night is not None and follows(game, night.night)
        paint.set(self.section, self.use, visible=not done, disabled=not self.view.playing)
        paint.set(self.section, self.open_button, visible=night is not None)

    # -- acting --------------------------------------------------------------------------------
    def use_for_tonight(self, *, quiet: bool = False) -> None:
        """Send the choice to tonight's night (a new night when none is open)."""
        view = self.view
        game = view.shown
        if game is None or not view.playing:
            return
        problem = refusal(game, view.ctx.catalogue)
        if problem:
            if not quiet:
                view.refuse(problem)
            return
        hub = view.session.hub
        device = view.session.device
        night = self._refresh() or open_night(hub)
        try:
            if night is None:
                snapshot = hub.create(
                    NIGHT_TOOL, Seating.new(game.game, seed=new_seed()), device=device
                )
                assert isinstance(snapshot.game, Seating)
                night = OpenNight(snapshot.table_id, snapshot.seq, snapshot.game)
        except StoreError as exc:
            self._say(error(f"No game night was started: {exc}"))
            return
        seq = night.seq
        for action in night_actions(game, night.night):
            outcome = hub.submit(night.table_id, action, seen=seq, device=device)
            if not isinstance(outcome, Applied):
                self._say(error(f"Tonight's game night was not changed: {outcome.message}"))
                return
            seq = outcome.snapshot.seq
        self.night = OpenNight(night.table_id, seq, night.night)
        self.night = self._refresh()
        self.linked = True
        if not quiet:
            table_id = night.table_id
            self._say(
                Message(f"Tonight: {played(game, view.ctx.catalogue)}.", action="Open the night"),
                on_action=lambda: view.ctx.navigate(seats.table_route(table_id)),
            )
        view.redraw()

    def in_step(self) -> bool:
        """Whether tonight's night plays the choice as this phone shows it."""
        game = self.view.shown
        night = self._refresh()
        return game is not None and night is not None and follows(game, night.night)

    def follow(self, in_step: bool = False) -> None:
        """After this phone changed the choice: the night follows when it played the choice
        until then (``in_step``), or once this phone used the choice for tonight."""
        if not (self.linked or in_step):
            return
        game = self.view.shown
        night = self._refresh()
        if game is not None and night is not None and not follows(game, night.night):
            self.use_for_tonight(quiet=True)

    def open_night(self) -> None:
        night = self.night
        if night is not None:
            self.view.ctx.navigate(seats.table_route(night.table_id))

    def _say(self, message: Message, *, on_action: object = None) -> None:
        live = self.view.live
        live.say(message, on_action=on_action)  # type: ignore[arg-type]
        if mounted(live.strip.control):
            live.strip.control.update()


__all__ = ["NightPanel"]
