"""What every tab of a Mercante table shares: its seat at the shared table (one
:class:`~companion.ui.live.LiveTable`), this device's drafts, the event cards, the house rules,
the tab strip, the turn banner with End turn, and the app-bar actions (undo, your event cards,
this game's menu).

A tab builds its controls once, registers a renderer (:meth:`MercanteSession.on_render`) and
returns :meth:`MercanteSession.screen`; every snapshot of the table (this phone's tap, another
phone's push, a reload) then renders every part in place, sending only the sections that
changed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

import flet as ft

from companion.engine.mercante import Action, MercanteGame, MercanteTable
from companion.history import StoreError
from companion.tables import Applied, Outcome, Snapshot
from companion.ui.context import AppContext
from companion.ui.kit.lobby import LOBBY
from companion.ui.kit.table_menu import UndoButton, game_menu, menu_button, menu_item
from companion.ui.kit.table_notices import TableNotices
from companion.ui.kit.widgets import body, small, tagged
from companion.ui.live import LiveTable, Painter, isolate, live_session
from companion.ui.mercante import ROUTE, TOOL_ID, table_route
from companion.ui.mercante.model import (
    TAB_ALIASES,
    TABS,
    DamagedCard,
    EventChoice,
    MercanteDrafts,
    NewGameForm,
    event_choices,
    house_rules_from,
    turn_status,
)
from companion.ui.mercante.parts.calendar import CalendarView
from companion.ui.mercante.parts.sale import SaleTab
from companion.ui.mercante.parts.setup import SetupTab
from companion.ui.mercante.parts.tally import TallyTab
from companion.ui.mercante.parts.turn import TurnTab
from companion.ui.model.live import Message, error, info
from companion.ui.model.words import capitalized
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


class MercanteSession:
    """One Mercante table screen (one tab) at its shared table.

    Raises :class:`~companion.tables.TableNotFound` when there is no such table.
    """

    def __init__(self, ctx: AppContext, table_id: int, tab: str) -> None:
        self.ctx = ctx
        self.table_id = table_id
        self.tab = tab
        self.session = live_session(ctx, TOOL_ID)
        self.drafts: MercanteDrafts = self.session.draft(TOOL_ID, table_id, MercanteDrafts)
        self.problems: list[str] = []
        self.choices, self.damaged = read_choices(ctx, self.problems)
        self.house = house_rules_from(ctx.house_rules())
        self.paint = Painter()
        self._renderers: list[Callable[[Snapshot], None]] = []
        self._build_chrome()
        self.live = LiveTable(ctx, table_id, self.render)
        self._sync_house_rules()

    # -- the table -------------------------------------------------------------------------
    @property
    def snapshot(self) -> Snapshot:
        return self.live.snapshot

    @property
    def table(self) -> MercanteTable:
        """The table as this screen last showed it (views are only built for a readable one)."""
        table = self.live.snapshot.game
        assert isinstance(table, MercanteTable)
        return table

    @property
    def readable(self) -> bool:
        return isinstance(self.live.snapshot.game, MercanteTable)

    @property
    def game(self) -> MercanteGame:
        return self.table.game

    @property
    def playing(self) -> bool:
        """The table takes moves (it is open and its log replays)."""
        return not self.live.snapshot.read_only

    def _sync_house_rules(self) -> None:
        """Play by the house rules chosen in Settings; a game whose moves they forbid keeps
        the rules it was played with (and says so)."""
        in_use = self.game.rules.alternatives if self.readable else None
        if problem := self.live.follow_house_rules(in_use, self.house.alternatives):
            self.problems.append(problem)

    # -- acting ----------------------------------------------------------------------------
    def act(
        self,
        action: Action,
        *,
        confirm: Callable[[Applied], str] | None = None,
        on_outcome: Callable[[Outcome], None] | None = None,
    ) -> Outcome:
        """Send ``action`` to the table (see :meth:`LiveTable.act`)."""
        return self.live.act(action, confirm=confirm, on_outcome=on_outcome)

    def tell(self, message: Message) -> None:
        self.live.tell(message)

    def refuse(self, text: str) -> None:
        """A tap that cannot be sent as it is: say why, on this phone."""
        self.live.tell(error(capitalized(text)))

    def hint(self, text: str) -> None:
        self.live.tell(info(text))

    def undo(self) -> None:
        self.live.undo()

    def end_turn(self) -> None:
        from companion.engine.mercante import EndTurn

        self.act(EndTurn())

    def on_render(self, renderer: Callable[[Snapshot], None]) -> None:
        """Render this part of the screen from every snapshot (in place)."""
        self._renderers.append(renderer)

    def render(self, snapshot: Snapshot) -> None:
        """Bring every part of the screen up to date with ``snapshot`` and this device's
        drafts, sending only the sections that changed."""
        self._render_chrome(snapshot)
        if isinstance(snapshot.game, MercanteTable):
            for renderer in self._renderers:
                renderer(snapshot)
        self.paint.send()

    def start(self) -> None:
        """The first render, once the tab's controls are built."""
        self.render(self.live.snapshot)

    # -- the chrome, built once ------------------------------------------------------------
    def _build_chrome(self) -> None:
        paint = self.paint
        self.notices = TableNotices(paint, noun="game", changes="moves")
        self.title_text = ft.Text("", theme_style=ft.TextThemeStyle.TITLE_MEDIUM)
        self.agents_text = small("", muted=False)
        self.step_icon = ft.Icon(ft.Icons.FLAG_OUTLINED, size=18)
        self.step_text = ft.Text("", theme_style=ft.TextThemeStyle.BODY_MEDIUM, expand=True)
        self.marker_text = small("")
        self.end_button = ft.FilledTonalButton(
            content="End turn",
            icon=ft.Icons.SKIP_NEXT,
            on_click=lambda e: self.end_turn(),
            height=48,
        )
        self.banner = isolate(
            tagged(
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
                                    tagged("end-turn", self.end_button),
                                ],
                                spacing=8,
                            ),
                            ft.Row(
                                [self.step_icon, tagged("turn-step", self.step_text)],
                                spacing=8,
                                vertical_alignment=ft.CrossAxisAlignment.START,
                            ),
                            tagged("turn-marker", self.marker_text),
                        ],
                        spacing=4,
                        tight=True,
                    ),
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
                    border_radius=12,
                    padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                ),
            )
        )
        self.undo_button = UndoButton(lambda: self.live)

    def _render_chrome(self, snapshot: Snapshot) -> None:
        table = snapshot.game
        log = table.log if isinstance(table, MercanteTable) else ()
        self.notices.render(snapshot.info, self.problems)
        self.undo_button.show(self.paint, snapshot, log)
        if not isinstance(table, MercanteTable):
            self.paint.set(self.banner, self.banner, visible=False)
            return
        game = table.game
        status = turn_status(game)
        upkeep = game.is_upkeep_turn
        paint, banner = self.paint.set, self.banner
        paint(banner, banner, visible=True)
        paint(banner, self.title_text, value=status.title)
        paint(banner, self.agents_text, value=status.agents)
        paint(
            banner, self.step_text, value=status.step, weight=ft.FontWeight.BOLD if upkeep else None
        )
        paint(
            banner,
            self.step_icon,
            icon=ft.Icons.AUTORENEW if upkeep else ft.Icons.FLAG_OUTLINED,
            color=ft.Colors.TERTIARY if upkeep else ft.Colors.ON_SURFACE_VARIANT,
        )
        paint(banner, self.marker_text, value=status.marker)
        paint(
            banner,
            self.end_button,
            disabled=not status.can_end or snapshot.read_only,
            tooltip=status.why_not if status.why_not else status.end_label,
        )

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
                ft.Icons.STYLE_OUTLINED,
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
            on_leave=self.live.close,
        )

    def unreadable(self) -> Screen:
        """A table whose start cannot be read: its problem, and the way back."""
        self.start()
        return self.screen(
            [body("This game cannot be shown. Its moves are kept in the database.", muted=True)]
        )

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


def lines(*controls: ft.Control | None, spacing: int = 8) -> ft.Column:
    """The controls given (None left out), one under the other, full width."""
    return ft.Column(
        [c for c in controls if c is not None],
        spacing=spacing,
        tight=True,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


class _View(Protocol):
    def build(self) -> Screen: ...


VIEWS: dict[str, Callable[[MercanteSession], _View]] = {
    "calendar": CalendarView,
    "turn": TurnTab,
    "sale": SaleTab,
    "setup": SetupTab,
    "end": TallyTab,
}


def tab_of(name: str | None) -> str | None:
    """The tab a route's last part names (``None``: the calendar), or None for no tab."""
    tab = TAB_ALIASES.get(name, name) if name else "calendar"
    return tab if tab in {t for t, _ in TABS} else None


class TableTab:
    """One tab of one table (:class:`TableNotFound` for a table that is not there)."""

    def __init__(self, ctx: AppContext, table_id: int, tab: str) -> None:
        self.session = MercanteSession(ctx, table_id, tab)
        self.tab = tab

    @property
    def live(self) -> LiveTable:
        return self.session.live

    def build(self) -> Screen:
        try:
            if not self.session.readable:
                return self.session.unreadable()
            return VIEWS[self.tab](self.session).build()
        except BaseException:
            self.session.live.close()
            raise


def tab_page(tab: str) -> Callable[[AppContext, int], TableTab]:
    return lambda ctx, table_id: TableTab(ctx, table_id, tab)


__all__ = ["VIEWS", "MercanteSession", "TableTab", "read_choices", "tab_of", "tab_page"]
