"""One tap from a tool's result to tonight's tally: a button per seated player ("Add 22 gold
to Ann") under the number a tool worked out, for a screen of
:class:`~companion.ui.kit.table_screen.TableScreen`. The words and the action are
:mod:`companion.ui.model.tally`'s.

The tap sends one action to the night's table through the hub (saved, pushed to every phone
showing the night), and the tool's message line confirms it ("Added 22 gold to Ann's
tally") with an Undo that takes back exactly that line while it is still the night's last
change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from companion.engine.core.words import minus
from companion.tables import Applied, TableHub
from companion.ui.kit.widgets import button, small, tagged, wrap
from companion.ui.model.live import SECONDS_UNDO, Message, error, info
from companion.ui.model.tally import Night, TallyOffer, add, find_night, refreshed, take_back
from companion.ui.paint import Slot, mounted
from companion.ui.seats.model.night import now_text

if TYPE_CHECKING:
    from companion.ui.kit.table_screen import TableScreen


class TallyButtons:
    """The "Add … gold to …" buttons of one tool's screen (``control``), painted in place
    from the offer the tool works out on each render (None: nothing to add)."""

    def __init__(
        self,
        screen: TableScreen[Any, Any],
        *,
        game: str,
        ident: str,
        night: Night | bool | None = True,
    ) -> None:
        """``night``: the night another set of buttons on the screen found (None: none), or
        True to look it up."""
        self.screen = screen
        self.game = game
        self.ident = ident
        self.slot = Slot(screen.paint)
        self.control = self.slot.box
        self.night: Night | None = find_night(self.hub, game) if night is True else night or None
        # The offer this phone added last and to whom: it is not offered again (a second
        # tap would count it twice) until the number changes or the Undo takes it back.
        self.added: tuple[TallyOffer, str] | None = None

    @property
    def hub(self) -> TableHub:
        return self.screen.session.hub

    def paint(
        self, offer: TallyOffer | None, *, closed: bool = False, first: str | None = None
    ) -> None:
        """Show a button per seated player for ``offer`` (none when there is no night of
        the game, nothing to add, or the tool's table is closed); ``first``'s button first
        (the Bard's player, the player holding this phone), each tagged by its seat."""
        self.night = refreshed(self.hub, self.night, self.game) or (
            find_night(self.hub, self.game) if self.night is not None else None
        )
        night = self.night
        players = night.players if night is not None else ()
        show = offer if offer is not None and offer.points and players and not closed else None
        added = self.added if self.added is not None and self.added[0] == show else None
        order = sorted(range(len(players)), key=lambda i: players[i] != first)
        self.slot.set(
            (show, players, added, tuple(order)),
            lambda: self._buttons(show, players, added, order),
        )

    def _buttons(
        self,
        offer: TallyOffer | None,
        players: tuple[str, ...],
        added: tuple[TallyOffer, str] | None,
        order: list[int],
    ) -> ft.Control | None:
        if offer is None:
            return None
        if added is not None:
            said = f"On {added[1]}'s tally: {offer.what}, {minus(offer.points)} gold."
            return ft.Column(
                [tagged(self.ident, small(said)), self._to_night()], spacing=4, tight=True
            )
        buttons = [
            button(
                offer.label(player),
                lambda e, p=player: self.add(offer, p),
                icon=ft.Icons.ADD_CIRCLE_OUTLINE,
                kind="tonal",
                ident=f"{self.ident}-{i + 1}",
            )
            for i, player in ((i, players[i]) for i in order)
        ]
        return tagged(
            self.ident,
            ft.Column(
                [small("Add it to tonight's tally:"), wrap(buttons, spacing=8)],
                spacing=4,
                tight=True,
            ),
        )

    def _to_night(self) -> ft.Control:
        """Back to the night's screen in one tap (the app bar's Back goes to the tool's list)."""
        from companion.ui import seats

        night = self.night
        target = seats.table_route(night.table_id) if night is not None else seats.ROUTE
        return button(
            "Back to the game night",
            lambda e: self.screen.ctx.navigate(target),
            icon=ft.Icons.GROUPS,
            kind="text",
            ident=f"{self.ident}-night",
        )

    def add(self, offer: TallyOffer, player: str) -> None:
        """Add ``offer`` to ``player``'s tally on the night; say so, with an Undo."""
        night = refreshed(self.hub, self.night, self.game)
        if night is None:
            self._say(error("Tonight's game is finished or put away: nothing was added."))
            return
        device = self.screen.session.device
        outcome = add(self.hub, night, offer, player, device=device, now=now_text())
        if isinstance(outcome, Applied):
            step = outcome.seq
            self.night = refreshed(self.hub, night, self.game)
            self.added = (offer, player)
            self.screen.redraw()
            self._say(
                Message(offer.added(player), action="Undo", seconds=SECONDS_UNDO),
                on_action=lambda: self._undo(night.table_id, step, offer, player),
            )
        else:
            self._say(error(outcome.message))

    def _undo(self, table_id: int, step: int, offer: TallyOffer, player: str) -> None:
        outcome = take_back(self.hub, table_id, step, device=self.screen.session.device)
        if isinstance(outcome, Applied):
            self.added = None
            self.night = refreshed(self.hub, self.night, self.game)
            self.screen.redraw()
            self._say(info(f"Taken back: {minus(offer.points)} gold for {player}"))
        else:
            self._say(error(outcome.message))

    def _say(self, message: Message, *, on_action: Any = None) -> None:
        live = self.screen.live
        live.say(message, on_action=on_action)
        strip = live.strip.control
        if mounted(strip):
            strip.update()


__all__ = ["TallyButtons"]
