"""The app's entry point for Flet: ``create_main(store)`` returns ``main(page)``.

Sections and their tools are listed here, in navigation order. A section lists only tools
that work; each tool lives in its own package, ``companion.ui.<tool>``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.access import AccessCode
from companion.rules import Catalogue, catalogue
from companion.tables import TableHub
from companion.ui import (
    bard,
    cove_goods,
    history,
    journey,
    mercante,
    rules,
    scorepad,
    seats,
    settings,
    setup,
)
from companion.ui.context import THEME_KEY, AppContext
from companion.ui.live import LiveSession
from companion.ui.screen import Section, Tool
from companion.ui.shell import Shell
from companion.ui.theme import apply_theme

if TYPE_CHECKING:
    from companion.history import Store
    from companion.uploads import Uploads

log = logging.getLogger(__name__)


def sections() -> tuple[Section, ...]:
    """The navigation destinations, in order, with their tools.

    Five go in the phone's bottom bar (and the rail); Settings is the app bar's gear icon on
    every screen, so the bar keeps five readable labels at 390 px.
    """
    return (
        Section(
            id="setup",
            title="Setup",
            icon=ft.Icons.TABLE_RESTAURANT_OUTLINED,
            selected_icon=ft.Icons.TABLE_RESTAURANT,
            intro="Get the table ready: who plays, where they sit, who goes first.",
            tools=(
                Tool(
                    route=seats.ROUTE,
                    title="Game night",
                    subtitle="Who plays where, what is played, the running tally, the final "
                    "scores and the saved play",
                    icon=ft.Icons.GROUPS,
                    open=seats.open_seats,
                ),
                Tool(
                    route=setup.ROUTE,
                    title="Setup assistant",
                    subtitle="Modules that go together, then one checklist to set the table",
                    icon=ft.Icons.CHECKLIST,
                    open=setup.open_setup,
                ),
            ),
        ),
        Section(
            id="calculators",
            title="Calculators",
            icon=ft.Icons.CALCULATE_OUTLINED,
            selected_icon=ft.Icons.CALCULATE,
            intro="Keep a game's numbers as you play, so players only decide.",
            tools=(
                Tool(
                    route=mercante.ROUTE,
                    title="Mercante",
                    subtitle="Event calendar, sale prices, upkeep, setup crowns, final tally",
                    icon=ft.Icons.STOREFRONT,
                    open=mercante.open_mercante,
                ),
                Tool(
                    route=cove_goods.ROUTE,
                    title="Merchants Cove sale value",
                    subtitle="A Good's gold with Paladins, Display Cases, Enchantments and Rogues",
                    icon=ft.Icons.SAILING,
                    open=cove_goods.open_cove_goods,
                ),
                Tool(
                    route=journey.ROUTE,
                    title="Merchant's Journey",
                    subtitle="Rows of cards, pair points with the working, the Blight, scores",
                    icon=ft.Icons.ROUTE,
                    open=journey.open_journey,
                ),
                Tool(
                    route=bard.ROUTE,
                    title="The Bard (Entertainer)",
                    subtitle="Plan a Singing step: gold per location with the working, totals",
                    icon=ft.Icons.MUSIC_NOTE,
                    open=bard.open_bard,
                ),
            ),
        ),
        Section(
            id="rules",
            title="Rules",
            icon=ft.Icons.MENU_BOOK_OUTLINED,
            selected_icon=ft.Icons.MENU_BOOK,
            intro="Look up any rule, card, module or term, and the rulings the app uses.",
            tools=(
                Tool(
                    route=rules.ROUTE,
                    title="Rules",
                    subtitle="Search the quick reference of every game",
                    icon=ft.Icons.MENU_BOOK,
                    open=rules.open_rules,
                ),
            ),
        ),
        Section(
            id="score",
            title="Score",
            icon=ft.Icons.SCOREBOARD_OUTLINED,
            selected_icon=ft.Icons.SCOREBOARD,
            intro="Write down a finished game.",
            tools=(
                Tool(
                    route=scorepad.ROUTE,
                    title="Score pad",
                    subtitle="Totals or categories, live standings",
                    icon=ft.Icons.EDIT_NOTE,
                    open=scorepad.open_scorepad,
                ),
            ),
        ),
        Section(
            id="history",
            title="History",
            icon=ft.Icons.HISTORY,
            selected_icon=ft.Icons.HISTORY_TOGGLE_OFF,
            intro="Every game you saved, and who wins what.",
            tools=(
                Tool(
                    route=history.ROUTE,
                    title="History",
                    subtitle="Plays, statistics, export and import",
                    icon=ft.Icons.HISTORY,
                    open=history.open_history,
                ),
            ),
        ),
        Section(
            id="settings",
            title="Settings",
            icon=ft.Icons.SETTINGS_OUTLINED,
            selected_icon=ft.Icons.SETTINGS,
            intro="Appearance, house rules and rulings.",
            in_bar=False,
            tools=(
                Tool(
                    route=settings.ROUTE,
                    title="Settings",
                    subtitle="Theme, house rules, rulings",
                    icon=ft.Icons.SETTINGS,
                    open=settings.open_settings,
                ),
            ),
        ),
    )


def create_main(
    store: Store,
    *,
    cat: Catalogue | None = None,
    db_label: str = "",
    share_url: str | None = None,
    access: AccessCode | None = None,
    device_of: Callable[[ft.Page], str | None] | None = None,
    hub: TableHub | None = None,
    uploads: Uploads | None = None,
) -> Callable[[ft.Page], None]:
    """Build the Flet ``main`` for a history store (shared by every browser session).

    ``share_url`` is the address phones open when the app is served to the network, and
    ``access`` its access code (companion.access); ``device_of`` tells which device (browser)
    a page belongs to (companion.server.device_of). ``hub`` is the server process's one
    :class:`~companion.tables.TableHub` (the shared tables); without one, a hub is made here
    for every session of this ``main``. ``uploads`` is the server's upload folder
    (companion.uploads), where a browser's file for an import goes; without it a browser
    session cannot import a file (a desktop window reads it from its path).
    """
    data = cat or catalogue()
    tables = hub if hub is not None else TableHub(store)

    def main(page: ft.Page) -> None:
        page.title = "Merchant's Companion"
        ctx = AppContext(
            page=page,
            store=store,
            catalogue=data,
            db_label=db_label,
            share_url=share_url,
            access=access,
            device=device_of(page) if device_of else None,
            uploads=uploads,
        )
        page.on_connect = lambda e: ctx.close_messages()  # a reload: old messages go
        ctx.live = LiveSession(page, tables, ctx.device)
        try:
            mode = ctx.setting(THEME_KEY, "system")
        except Exception:  # the store is unreadable: still open, the screens will say why
            log.exception("reading the theme setting failed")
            mode = "system"
        apply_theme(page, mode if isinstance(mode, str) else "system")
        Shell(ctx, sections()).mount()

    return main
