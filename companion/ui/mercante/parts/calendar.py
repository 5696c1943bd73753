"""The Calendar tab: spaces A, B and C, every good's net modifier at a glance, and the event
cards to play (the rulebook's and the group's own), with undo."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine.mercante import ManipulateEvents, MercanteGame, PlayEvent, rules
from companion.engine.mercante.pricing import RULING_CUMULATIVE
from companion.tables import Snapshot
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import body, button, notice, panel, small, tagged, wrap
from companion.ui.mercante import table_route
from companion.ui.mercante.model import (
    EventChoice,
    discarded_events,
    filter_choices,
    last_calendar_change,
    market_name,
)
from companion.ui.mercante.parts import (
    GlanceBoard,
    calendar_slots,
    card_source,
    cite,
    event_tile,
    ruling_chip,
    stretched,
    tap,
)
from companion.ui.paint import SectionColumn, Slot
from companion.ui.screen import Screen
from companion.ui.theme import TOUCH

if TYPE_CHECKING:
    from companion.ui.mercante.screen import MercanteScreen

#: Above this many cards the list gets a search field.
FILTER_FROM = 6
INCOMPLETE_RULING = "mercante.economic_woes_incomplete"


class CalendarView:
    """The Calendar tab, built once and rendered in place from each snapshot: the calendar
    and the glance board follow the table; the card list follows the filter typed here."""

    def __init__(self, session: MercanteScreen) -> None:
        self.session = session
        self.ctx = session.ctx
        self.filter = ft.TextField(
            label="Find an event card",
            prefix_icon=ft.Icons.SEARCH,
            on_change=lambda e: self.filtered(),
            error_max_lines=3,
        )
        paint = session.paint
        self.calendar_slot = Slot(paint)
        self.glance = GlanceBoard()
        self.glance_box = SectionColumn(spacing=8)
        self.glance_notes = ft.Column(spacing=8)
        self.glance_key: object = None
        self.when_slot = Slot(paint)
        self.cards_slot = Slot(paint)
        self.play_buttons: list[ft.FilledTonalButton] = []
        session.on_render(self.render)

    # -- actions ----------------------------------------------------------------------------
    def play(self, choice: EventChoice) -> None:
        """Upkeep step 2 applies the card turned over; otherwise a Manipulate Events agent
        plays it from the hand."""
        event = choice.event
        if self.session.table.game.step == "apply_event":
            self.session.act(PlayEvent(event))
        else:
            self.session.act(ManipulateEvents(event))

    def undo_calendar(self) -> None:
        self.session.undo()

    def filtered(self) -> None:
        self.render_cards()
        self.session.paint.send()

    def play_label(self) -> tuple[str, bool]:
        """The Play buttons' label, and whether an event can be played now."""
        game = self.session.table.game
        playing = self.session.playing
        if game.step == "apply_event":
            return "Apply (upkeep)", playing
        return "Play (Manipulate Events)", playing and game.can_apply(ManipulateEvents())

    # -- rendering --------------------------------------------------------------------------
    def render(self, snapshot: Snapshot) -> None:
        table = self.session.table
        game = table.game
        last = table.log[-1] if table.log and snapshot.last is not None else None
        can_undo = last is not None and last.changes_calendar and not snapshot.read_only
        self.calendar_slot.set(
            (game.slots, last_calendar_change(game), discarded_events(game), can_undo),
            lambda: self.calendar_panel(game, can_undo),
        )
        self.render_glance(game)
        _label, can = self.play_label()
        self.when_slot.set(can, lambda: self.when_line(can))
        self.render_cards()

    def render_cards(self) -> None:
        """The cards matching the filter (rebuilt when the filter changes); their Play
        buttons follow the turn in place."""
        label, can = self.play_label()
        text = self.filter.value or ""
        self.cards_slot.set(text, lambda: self.cards(text, label, can))
        for button_ in self.play_buttons:
            self.session.paint.set(self.cards_slot.box, button_, content=label, disabled=not can)

    def cards(self, text: str, label: str, can: bool) -> ft.Control:
        shown = filter_choices(self.session.choices, text)
        tiles: list[ft.Control] = []
        self.play_buttons = []
        for choice in shown:
            source = card_source(choice)
            play = ft.FilledTonalButton(
                content=label,
                icon=ft.Icons.PLAY_ARROW,
                on_click=tap(self.play, choice),
                height=TOUCH,
                disabled=not can,
            )
            self.play_buttons.append(play)
            actions: list[ft.Control] = [tagged(f"play-{choice.key}", play)]
            tile = event_tile(choice, actions=actions, ident=f"event-{choice.key}")
            extra: list[ft.Control] = []
            if choice.event.incomplete:
                extra.append(ruling_chip(self.ctx, INCOMPLETE_RULING))
                if not choice.custom:
                    extra.append(
                        ft.TextButton(
                            f"Complete {choice.event.name} as your own card",
                            icon=ft.Icons.EDIT_NOTE,
                            on_click=tap(
                                self.ctx.navigate,
                                self.events_route(f"copy/{choice.key.split(':', 1)[1]}"),
                            ),
                        )
                    )
            if source is not None:
                extra.append(cite(self.ctx, source))
            tiles.append(stretched([tile, *extra], spacing=2) if extra else tile)
        if not tiles:
            tiles.append(body("No event card matches.", muted=True))
        return ft.Column(tiles, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def events_route(self, rest: str = "") -> str:
        return table_route(self.session.table_id, "events" + (f"/{rest}" if rest else ""))

    def calendar_panel(self, game: MercanteGame, can_undo: bool) -> ft.Control:
        calendar = game.calendar
        change = last_calendar_change(game)
        gone = discarded_events(game)
        controls: list[ft.Control] = [calendar_slots(calendar.labelled())]
        if change:
            controls.append(notice(change, level="ok"))
        controls.append(
            wrap(
                [
                    button(
                        "Undo",
                        lambda e: self.undo_calendar(),
                        icon=ft.Icons.UNDO,
                        kind="outlined",
                        ident="undo-calendar",
                        disabled=not can_undo,
                    ),
                    why_link(self.ctx, ["mercante.calendar"], ident="why-calendar"),
                ]
            )
        )
        if gone:
            controls.append(small("Left play this game: " + "; ".join(gone[-6:])))
        controls.append(cite(self.ctx, rules().calendar.source))
        return panel(*controls, title="Calendar")

    def render_glance(self, game: MercanteGame) -> None:
        """The glance board in place; the notes under it when the calendar changed."""
        if game.slots == self.glance_key:
            return
        self.glance_key = game.slots
        calendar = game.calendar
        glance = game.glance()
        closed_by = {
            market: ", ".join(f"{e.name} ({slot})" for slot, e in calendar.closing_events(market))
            for market in glance.closed
        }
        paint = self.session.paint
        self.glance.show(glance, closed_by, paint, self.glance_box)
        notes: list[ft.Control] = []
        rulings_used: list[str] = []
        if _stacked(game):
            notes.append(ruling_chip(self.ctx, RULING_CUMULATIVE))
            rulings_used.append(RULING_CUMULATIVE)
        closed = [market_name(m).lower() for m in glance.closed]
        if closed:
            notes.append(
                notice(
                    "Closed: " + ", ".join(closed) + ". Sell those goods to the bazaar only.",
                    level="warning",
                )
            )
        keys = ["mercante.price", *(["mercante.closed"] if closed else [])]
        notes.append(why_link(self.ctx, keys, rulings_used, ident="why-glance"))
        self.glance_notes.controls = notes
        paint.touch(self.glance_box)

    def glance_panel(self) -> ft.Control:
        self.glance_box.controls = [
            body(
                "What the calendar adds to or takes from each good's price. A closed market buys "
                f"nothing; the bazaar still pays {rules().bazaar.price} for anything.",
                muted=True,
            ),
            self.glance.control,
            self.glance_notes,
            cite(self.ctx, rules().sale.source, rules().bazaar.source),
        ]
        return panel(self.glance_box, title="At a glance")

    def when_line(self, can: bool) -> ft.Control:
        return tagged(
            "play-when",
            small(
                "Events come into play at upkeep step 2 (one card), with a Manipulate Events "
                "agent (one a turn), or as Reactions during a sale."
                + ("" if can else " None can be played right now."),
                muted=can,
            ),
        )

    def build(self) -> Screen:
        play_panel: list[ft.Control] = [
            body(
                "An Enduring card goes in A and pushes the others along to the next empty space; "
                "the card pushed out of C is discarded. A Fleeting card is resolved and "
                "discarded, never placed.",
                muted=True,
            ),
            self.when_slot.box,
        ]
        if len(self.session.choices) > FILTER_FROM:
            play_panel.append(self.filter)
        play_panel += [
            cite(self.ctx, rules().calendar.source),
            self.cards_slot.box,
            button(
                "Add or edit your own event cards",
                lambda e: self.ctx.navigate(self.events_route()),
                icon=ft.Icons.STYLE_OUTLINED,
                kind="outlined",
                ident="open-events",
            ),
        ]
        content: list[ft.Control] = [
            self.calendar_slot.box,
            self.glance_panel(),
            panel(*play_panel, title="Play an event"),
        ]
        screen = self.session.screen(content)
        return screen


def _stacked(game: MercanteGame) -> bool:
    """True when some good's price adds up more than one modifier (the ruling applies)."""
    return any(len(row.terms) > 1 for row in game.glance().goods)
