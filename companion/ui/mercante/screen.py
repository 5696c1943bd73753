"""One tab of a Mercante table (:class:`MercanteScreen`, a
:class:`~companion.ui.kit.table_screen.TableScreen`) and what every tab shares: the event
cards, the house rules, the tab strip, the turn banner with End turn, and the app-bar actions
(undo, your event cards, this game's menu).

A tab (:data:`VIEWS`) builds its controls once, registers a renderer
(:meth:`MercanteScreen.on_render`) and returns :meth:`MercanteScreen.screen`; every snapshot
of the table (this phone's tap, another phone's push, a reload) then renders every part in
place, sending only the sections that changed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

import flet as ft

from companion.engine.mercante import MercanteTable
from companion.engine.mercante.scoring import GAME_ID
from companion.history import StoreError
from companion.tables import Snapshot
from companion.ui.context import AppContext
from companion.ui.kit.lobby import LOBBY
from companion.ui.kit.players import rules_tonight
from companion.ui.kit.table_menu import game_menu, menu_button, menu_item
from companion.ui.kit.table_screen import TableScreen
from companion.ui.kit.widgets import body, small, tagged
from companion.ui.live import deliver
from companion.ui.mercante import ROUTE, TOOL_ID, table_route
from companion.ui.mercante.model import (
    TAB_ALIASES,
    TABS,
    DamagedCard,
    EventChoice,
    MercanteDrafts,
    NewGameForm,
    end_notice,
    event_choices,
    house_rules_from,
    player_glances,
    turn_status,
)
from companion.ui.mercante.parts.calendar import CalendarView
from companion.ui.mercante.parts.ledger_tally import LedgerTallyTab
from companion.ui.mercante.parts.sale import SaleTab
from companion.ui.mercante.parts.setup import SetupTab
from companion.ui.mercante.parts.tally import TallyTab
from companion.ui.mercante.parts.turn import TurnTab
from companion.ui.paint import mounted
from companion.ui.screen import Screen
from companion.ui.theme import GAP

log = logging.getLogger(__name__)

TAB_ICONS = {
    "calendar": ft.Icons.CALENDAR_VIEW_WEEK,
    "turn": ft.Icons.AUTORENEW,
    "sale": ft.Icons.STOREFRONT,
    "setup": ft.Icons.CHECKLIST,
    "end": ft.Icons.EMOJI_EVENTS_OUTLINED,
}


def read_choices(
    ctx: AppContext, problems: list[str]
) -> tuple[tuple[EventChoice, ...], tuple[DamagedCard, ...]]:
    """The rulebook's event cards and the group's own (a database that cannot be read is a
    problem to show, not an error)."""
    try:
        cards = ctx.store.list_custom_cards("mercante", "event")
    except StoreError as exc:
        cards = []
        problems.append(f"Your own event cards could not be read: {exc}")
    return event_choices(cards)


#: The topic on which a session says the group's own event cards changed (issue 21: a card
#: made on one phone appears in the others' lists at once).
CARDS_TOPIC = "mercante-cards"


def cards_changed(ctx: AppContext) -> None:
    """Tell every other session the group's own event cards changed (saved, deleted)."""
    try:
        ctx.page.pubsub.send_others_on_topic(CARDS_TOPIC, "changed")
    except (AttributeError, RuntimeError):  # a page without a session: nobody to tell
        log.debug("no pubsub for the event cards' change")


class CardsFollower:
    """This session's Mercante screen on show, brought up to date when another session
    changes the group's event cards (one subscription a session)."""

    def __init__(self) -> None:
        self.screen: MercanteScreen | None = None
        self.subscribed = False

    def follow(self, screen: MercanteScreen) -> None:
        self.screen = screen
        if not self.subscribed:
            screen.ctx.page.pubsub.subscribe_topic(CARDS_TOPIC, self.changed)
            self.subscribed = True

    def changed(self, topic: str, message: object) -> None:
        screen = self.screen
        if screen is not None:
            deliver(screen.ctx.page, screen.cards_changed)


class MercanteScreen(TableScreen[MercanteTable, MercanteDrafts]):
    """One tab of one Mercante table: the frame every tab shares, and the tab's own parts
    (:data:`VIEWS`), built once and rendered in place. Raises
    :class:`~companion.tables.TableNotFound` when there is no such table.
    """

    tool_id = TOOL_ID
    lobby = ROUTE
    game_type = MercanteTable
    draft_type = MercanteDrafts
    title = "Mercante"
    noun = "game"
    changes = "moves"
    scroll = False

    def __init__(self, ctx: AppContext, table_id: int, tab: str) -> None:
        self.tab = tab
        # Settings' house rules, as tonight's game night of Mercante sets them.
        self.house = house_rules_from(rules_tonight(ctx, GAME_ID))
        self._renderers: list[Callable[[Snapshot], None]] = []
        self._parts_due = False  # the tab's parts are on their way (_parts_later)
        super().__init__(ctx, table_id)
        self.follower = self.session.draft(TOOL_ID, -1, CardsFollower)
        self.follower.follow(self)

    # -- the table -------------------------------------------------------------------------
    @property
    def table(self) -> MercanteTable:
        """The table as this screen last showed it (tabs are only built for a readable one)."""
        return self.game

    def house_rules(self) -> tuple[frozenset[str] | None, frozenset[str]]:
        in_use = self.table.game.rules.alternatives if self.readable else None
        return in_use, self.house.alternatives

    # -- acting ----------------------------------------------------------------------------
    def end_turn(self) -> None:
        from companion.engine.mercante import EndTurn

        self.act(EndTurn())

    def on_render(self, renderer: Callable[[Snapshot], None]) -> None:
        """Render this part of the screen from every snapshot (in place)."""
        self._renderers.append(renderer)

    def build_controls(self) -> None:
        """The frame, then the tab's parts (their screen is built here, once)."""
        self.choices, self.damaged = read_choices(self.ctx, self.problems)
        self._build_chrome()
        self.built = (
            VIEWS[self.tab](self).build()
            if self.readable
            else self.screen(
                [body("This game cannot be shown. Its moves are kept in the database.", muted=True)]
            )
        )

    def render_game(self, table: MercanteTable, snapshot: Snapshot) -> None:
        """The turn banner, then the tab's parts; when the banner changed on a screen that is
        on show, the parts a moment later (:meth:`_parts_later`)."""
        if self._render_banner(table, snapshot) and self._parts_later():
            return
        self._render_parts(snapshot)

    def _render_parts(self, snapshot: Snapshot) -> None:
        for renderer in self._renderers:
            renderer(snapshot)

    def _parts_later(self) -> bool:
        """The turn line first (issue 21: End turn to the next player's turn line): the
        banner goes out with this render's send, and the tab's parts (a new shipment card, the
        next player's agents: most of the diffing) are rendered and sent as the session's next
        event, so the phone shows whose turn it is while they are still being diffed. The
        parts then follow the table as it is by then. False (render them now) for a screen not
        on show, where there is nothing to send first."""
        if self._parts_due:
            return True  # already on their way: they render the newest snapshot
        if not self._renderers or not mounted(self.banner):
            return False
        # Two turns of the session's loop: measured on the real server, the parts handed on
        # once still ran before the sender took the banner's patch off its queue.
        self._parts_due = deliver(self.ctx.page, self._parts_soon)
        return self._parts_due

    def _parts_soon(self) -> None:
        if not deliver(self.ctx.page, self._parts_now):
            self._parts_now()

    def _parts_now(self) -> None:
        self._parts_due = False
        if self.live.closed or not isinstance(self.live.snapshot.game, MercanteTable):
            return
        self._render_parts(self.live.snapshot)
        self.paint.send()

    def render_unreadable(self, snapshot: Snapshot) -> None:
        self.paint.set(self.banner, self.banner, visible=False)

    # -- the chrome, built once ------------------------------------------------------------
    def _build_chrome(self) -> None:
        self.title_text = ft.Text("", theme_style=ft.TextThemeStyle.TITLE_MEDIUM)
        self.agents_text = small("", muted=False)
        self.step_icon = ft.Icon(ft.Icons.FLAG_OUTLINED, size=18)
        self.step_text = ft.Text("", theme_style=ft.TextThemeStyle.BODY_MEDIUM, expand=True)
        self.marker_text = small("")
        # every player's crowns, victory points and contracts, one line each (on every tab)
        seats = self.table.game.seats if self.readable else ()
        self.glance_texts = [
            ft.Text("", size=13, color=ft.Colors.ON_SURFACE_VARIANT) for _ in seats
        ]
        self.end_text = ft.Text("", color=ft.Colors.ON_TERTIARY_CONTAINER, expand=True)
        self.end_card = ft.Container(
            ft.Row(
                [ft.Icon(ft.Icons.FLAG, color=ft.Colors.ON_TERTIARY_CONTAINER), self.end_text],
                spacing=8,
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
            border_radius=8,
            padding=8,
        )
        # shown and hidden around its tag: Flutter wants a tag's content visible
        self.end_box = ft.Container(tagged("end-notice", self.end_card), visible=False)
        self.glance_box = tagged(
            "players-glance",
            ft.Column(
                [tagged(f"glance-player-{i + 1}", t) for i, t in enumerate(self.glance_texts)],
                spacing=0,
                tight=True,
            ),
        )
        self.end_button = ft.FilledTonalButton(
            content="End turn",
            icon=ft.Icons.SKIP_NEXT,
            on_click=lambda e: self.end_turn(),
            height=48,
        )
        # Hidden as tagged wrappers, never inside one: a Semantics whose content is hidden
        # draws Flet's red "Semantics.content must be provided and visible" (the game over).
        self.end_tag = tagged("end-turn", self.end_button)
        self.marker_tag = tagged("turn-marker", self.marker_text)
        self.banner = tagged(
            "turn-line",
            ft.Container(
                ft.Column(
                    [
                        ft.Row(
                            [
                                ft.Icon(ft.Icons.PERSON, color=ft.Colors.PRIMARY),
                                ft.Column(
                                    [self.title_text, tagged("turn-agents", self.agents_text)],
                                    spacing=0,
                                    tight=True,
                                    expand=True,
                                ),
                                self.end_tag,
                            ],
                            spacing=8,
                        ),
                        ft.Row(
                            [self.step_icon, tagged("turn-step", self.step_text)],
                            spacing=8,
                            vertical_alignment=ft.CrossAxisAlignment.START,
                        ),
                        self.marker_tag,
                        self.end_box,
                        self.glance_box,
                    ],
                    spacing=4,
                    tight=True,
                ),
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
                border_radius=12,
                padding=ft.Padding.symmetric(horizontal=12, vertical=8),
            ),
            section=True,
        )

    def _render_banner(self, table: MercanteTable, snapshot: Snapshot) -> bool:
        """Whether the turn line changed (whose turn it is, the step)."""
        game = table.game
        status = turn_status(game)
        upkeep = game.is_upkeep_turn
        paint, banner = self.paint.set, self.banner
        paint(banner, banner, visible=True)
        turned = paint(banner, self.title_text, value=status.title)
        paint(banner, self.agents_text, value=status.agents)
        closed = snapshot.read_only  # saved (or abandoned): no steps left to tell
        turned |= paint(
            banner,
            self.step_text,
            value="No more moves: this game is closed" if closed else status.step,
            weight=ft.FontWeight.BOLD if upkeep and not closed else None,
        )
        paint(
            banner,
            self.step_icon,
            icon=ft.Icons.AUTORENEW if upkeep else ft.Icons.FLAG_OUTLINED,
            color=ft.Colors.TERTIARY if upkeep else ft.Colors.ON_SURFACE_VARIANT,
        )
        paint(banner, self.marker_text, value=status.marker)
        paint(banner, self.marker_tag, visible=bool(status.marker))
        notice = end_notice(game)
        paint(banner, self.end_box, visible=notice is not None and not closed)
        paint(banner, self.end_text, value=notice or "")
        for text, seen in zip(self.glance_texts, player_glances(game), strict=False):
            paint(
                banner,
                text,
                value=seen.text,
                weight=ft.FontWeight.BOLD if seen.active else None,
                color=None if seen.active else ft.Colors.ON_SURFACE_VARIANT,
            )
        paint(
            banner,
            self.end_button,
            disabled=not status.can_end or snapshot.read_only,
            tooltip=status.why_not if status.why_not else status.end_label,
        )
        paint(banner, self.end_tag, visible=not game.is_over)
        return turned

    # -- the screen ------------------------------------------------------------------------
    def tab_bar(self) -> ft.Control:
        ids = [t for t, _ in TABS]
        current = self.tab

        def change(e: Any) -> None:
            index = e.control.selected_index
            if isinstance(e.data, int):
                index = e.data
            if isinstance(index, int) and 0 <= index < len(ids) and ids[index] != current:
                self.ctx.navigate(table_route(self.table_id, ids[index]))

        return tagged(
            "mercante-tabs",
            ft.Tabs(
                length=len(TABS),
                selected_index=ids.index(current),
                on_change=change,
                # Five short labels with narrow padding fit a phone's width, so every tab
                # stays in sight; on a narrower screen the bar scrolls rather than clips.
                content=ft.TabBar(
                    tabs=[ft.Tab(label=label, icon=TAB_ICONS[tab]) for tab, label in TABS],
                    scrollable=True,
                    tab_alignment=ft.TabAlignment.START,
                    label_padding=ft.Padding.symmetric(horizontal=8),
                ),
            ),
        )

    def actions(self) -> list[ft.Control]:
        return [
            self.undo_button.control,
            ft.IconButton(
                ft.Icon(ft.Icons.STYLE_OUTLINED, semantics_label="Your event cards"),
                tooltip="Your event cards",
                on_click=lambda e: self.ctx.navigate(table_route(self.table_id, "events")),
            ),
            menu_button(self.menu, noun="game"),
        ]

    def screen(
        self,
        content: list[ft.Control],
        *,
        bar: list[ft.Control] | None = None,
        title: str = "Mercante",
    ) -> Screen:
        """The tab's screen: the tab strip, any problems, the turn banner, then the tab's body;
        ``bar`` holds the tab's main action, kept at the bottom in reach of a thumb. The
        table's messages sit below it (the footer)."""
        top: list[ft.Control] = [self.tab_bar(), self.notices.box, self.banner]
        # The screen scrolls itself: every tab opens at the top, where the turn banner and
        # the tab's main figures are.
        column = ft.Column(
            [*top, *content],
            spacing=GAP,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            scroll=ft.ScrollMode.AUTO,
            expand=True,
        )
        main: ft.Control = column
        if bar:
            main = ft.Column(
                [
                    column,
                    tagged(
                        "action-bar",
                        ft.Container(
                            ft.Row(bar, spacing=8, wrap=True, alignment=ft.MainAxisAlignment.END),
                            bgcolor=ft.Colors.SURFACE_CONTAINER,
                            border_radius=12,
                            padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                        ),
                    ),
                ],
                spacing=8,
                expand=True,
                horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            )
        return Screen(
            title=title,
            content=main,
            actions=self.actions(),
            scroll=False,
            back=ROUTE,
            footer=self.live.footer,
            on_leave=self.leave,
        )

    def leave(self) -> None:
        """The shell replaced the screen: leave the table, stop following the cards."""
        if getattr(self, "follower", None) is not None and self.follower.screen is self:
            self.follower.screen = None
        self.live.close()

    def cards_changed(self) -> None:
        """Another phone saved or deleted an event card: read them again (a rebuild)."""
        if self.follower.screen is self:
            self.ctx.refresh()

    def build(self) -> Screen:
        return self.built

    # -- this game's menu ------------------------------------------------------------------
    def menu(self) -> None:
        """New game with these players, or end this one (each explicit)."""
        table = self.live.snapshot.game

        def new_game() -> None:
            if isinstance(table, MercanteTable):
                form: NewGameForm = self.session.draft(TOOL_ID, LOBBY, NewGameForm)
                form.seats = []
                for name in table.players:
                    form.add(name)
            self.ctx.navigate(ROUTE)

        actions = [
            menu_item(self.ctx, "new-game", "New game with these players", ft.Icons.ADD, new_game)
        ]
        game_menu(
            self.ctx,
            self.live,
            lobby=ROUTE,
            players=table.players if isinstance(table, MercanteTable) else (),
            items=actions,
            finish_note="Save its final tally to history first if it has ended.",
        )


class _View(Protocol):
    def build(self) -> Screen: ...


VIEWS: dict[str, Callable[[MercanteScreen], _View]] = {
    "calendar": CalendarView,
    "turn": TurnTab,
    "sale": SaleTab,
    "setup": SetupTab,
    "end": lambda screen: LedgerTallyTab(screen) if screen.table.game.ledger else TallyTab(screen),
}


def tab_of(name: str | None) -> str | None:
    """The tab a route's last part names (``None``: the calendar), or None for no tab."""
    tab = TAB_ALIASES.get(name, name) if name else "calendar"
    return tab if tab in {t for t, _ in TABS} else None


def tab_page(tab: str) -> Callable[[AppContext, int], MercanteScreen]:
    return lambda ctx, table_id: MercanteScreen(ctx, table_id, tab)


__all__ = [
    "CARDS_TOPIC",
    "VIEWS",
    "CardsFollower",
    "MercanteScreen",
    "cards_changed",
    "read_choices",
    "tab_of",
    "tab_page",
]
