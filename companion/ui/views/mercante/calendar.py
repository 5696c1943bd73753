"""The Calendar tab: spaces A, B and C, every good's net modifier at a glance, and the event
cards to play (the rulebook's and the group's own), with undo."""

from __future__ import annotations

import flet as ft

from companion.engine.mercante import MercanteGame, rules
from companion.engine.mercante.pricing import RULING_CUMULATIVE
from companion.ui.logic.mercante import (
    EventChoice,
    discarded_events,
    filter_choices,
    last_calendar_change,
    market_name,
)
from companion.ui.screen import Screen
from companion.ui.views.mercante.base import MercanteSession, route
from companion.ui.views.mercante.parts import (
    calendar_slots,
    card_source,
    cite,
    event_tile,
    glance_board,
    ruling_chip,
    stretched,
    tap,
)
from companion.ui.widgets import body, button, notice, panel, small, tagged, wrap

#: Above this many cards the list gets a search field.
FILTER_FROM = 6
INCOMPLETE_RULING = "mercante.economic_woes_incomplete"


class CalendarView:
    def __init__(self, session: MercanteSession) -> None:
        self.session = session
        self.ctx = session.ctx
        self.filter = ft.TextField(
            label="Find an event card",
            prefix_icon=ft.Icons.SEARCH,
            on_change=lambda e: self.render_cards(),
        )
        self.cards = ft.Column(spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def play(self, choice: EventChoice) -> None:
        """Upkeep step 2 applies the card turned over; otherwise a Manipulate Events agent
        plays it from the hand."""
        event = choice.event
        if self.session.game.step == "apply_event":
            self.session.act(lambda game: game.play_event(event))
        else:
            self.session.act(lambda game: game.manipulate_events(event))

    def play_label(self) -> tuple[str, bool]:
        """The Play buttons' label, and whether an event can be played now."""
        game = self.session.game
        if game.step == "apply_event":
            return "Apply (upkeep)", True
        return "Play (Manipulate Events)", game.can_manipulate_events()

    def render_cards(self) -> None:
        shown = filter_choices(self.session.choices, self.filter.value or "")
        tiles: list[ft.Control] = []
        label, can = self.play_label()
        for choice in shown:
            source = card_source(choice)
            actions: list[ft.Control] = [
                button(
                    label,
                    tap(self.play, choice),
                    icon=ft.Icons.PLAY_ARROW,
                    kind="tonal",
                    ident=f"play-{choice.key}",
                    disabled=not can,
                )
            ]
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
                                route(f"events/copy/{choice.key.split(':', 1)[1]}"),
                            ),
                        )
                    )
            if source is not None:
                extra.append(cite(self.ctx, source))
            tiles.append(stretched([tile, *extra], spacing=2) if extra else tile)
        if not tiles:
            tiles.append(body("No event card matches.", muted=True))
        self.cards.controls = tiles
        self.session.update(self.cards)

    def build(self) -> Screen:
        game = self.session.game
        calendar = game.calendar
        glance = game.glance()
        closed_by = {
            market: ", ".join(f"{e.name} ({slot})" for slot, e in calendar.closing_events(market))
            for market in glance.closed
        }
        change = last_calendar_change(game)
        gone = discarded_events(game)
        calendar_panel: list[ft.Control] = [
            calendar_slots(calendar.labelled()),
        ]
        if change:
            calendar_panel.append(notice(change, level="ok"))
        calendar_panel.append(
            wrap(
                [
                    button(
                        "Undo",
                        lambda e: self.session.undo_calendar(),
                        icon=ft.Icons.UNDO,
                        kind="outlined",
                        ident="undo-calendar",
                        disabled=not game.can_undo_calendar,
                    ),
                ]
            )
        )
        if gone:
            calendar_panel.append(small("Left play this game: " + "; ".join(gone[-6:])))
        calendar_panel.append(cite(self.ctx, rules().calendar.source))

        glance_panel: list[ft.Control] = [
            body(
                "What the calendar adds to or takes from each good's price. A closed market buys "
                f"nothing; the bazaar still pays {rules().bazaar.price} for anything.",
                muted=True,
            ),
            glance_board(glance, closed_by=closed_by),
        ]
        if _stacked(game):
            glance_panel.append(ruling_chip(self.ctx, RULING_CUMULATIVE))
        closed = [market_name(m).lower() for m in glance.closed]
        if closed:
            glance_panel.append(
                notice(
                    "Closed: " + ", ".join(closed) + ". Sell those goods to the bazaar only.",
                    level="warning",
                )
            )
        glance_panel.append(cite(self.ctx, rules().sale.source, rules().bazaar.source))

        self.render_cards()
        _, can = self.play_label()
        play_panel: list[ft.Control] = [
            body(
                "An Enduring card goes in A and pushes the others along to the next empty space; "
                "the card pushed out of C is discarded. A Fleeting card is resolved and "
                "discarded, never placed.",
                muted=True,
            ),
            tagged(
                "play-when",
                small(
                    "Events come into play at upkeep step 2 (one card), with a Manipulate Events "
                    "agent (one a turn), or as Reactions during a sale."
                    + ("" if can else " None can be played right now."),
                    muted=can,
                ),
            ),
        ]
        if len(self.session.choices) > FILTER_FROM:
            play_panel.append(self.filter)
        play_panel += [
            cite(self.ctx, rules().calendar.source),
            self.cards,
            button(
                "Add or edit your own event cards",
                lambda e: self.ctx.navigate(route("events")),
                icon=ft.Icons.STYLE_OUTLINED,
                kind="outlined",
                ident="open-events",
            ),
        ]
        content: list[ft.Control] = [
            panel(*calendar_panel, title="Calendar"),
            panel(*glance_panel, title="At a glance"),
            panel(*play_panel, title="Play an event"),
        ]
        return self.session.screen("calendar", content)


def _stacked(game: MercanteGame) -> bool:
    """True when some good's price adds up more than one modifier (the ruling applies)."""
    return any(len(row.terms) > 1 for row in game.glance().goods)
