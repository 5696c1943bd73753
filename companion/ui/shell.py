"""The app shell: navigation (bottom bar on phones, rail on wide windows), routing, app bar.

Routes are ``/<section>[/<tool>[/...]]``; a section with a single tool opens it directly, so
``/history/play/12`` is the History tool with ``rest == ["play", "12"]``. The layout switches
live between bar and rail when the window is resized. Sections kept out of the bar (Settings)
are icons in the app bar on every screen; their screens' back arrow returns where you were.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Sequence
from urllib.parse import parse_qs, quote

import flet as ft

from companion.ui.context import AppContext
from companion.ui.kit.widgets import tagged
from companion.ui.screen import RouteNotFound, Screen, Section
from companion.ui.theme import GAP, NARROW_MAX_WIDTH, PAD, TOUCH

#: Titles longer than this (characters) wrap to two smaller lines in the app bar.
LONG_TITLE = 18
#: How often, and how long each time, a route is sent to a browser that does not answer.
PUSH_TRIES = 5
PUSH_SECONDS = 3.0

log = logging.getLogger(__name__)


#: The shell of each page (by the page's id), for :func:`current_route`.
_SHELLS: dict[int, weakref.ref[Shell]] = {}


def current_route(ctx: AppContext) -> str | None:
    """The route the page shows now (None before the shell shows one)."""
    ref = _SHELLS.get(id(ctx.page))
    shell = ref() if ref is not None else None
    return shell.route if shell is not None else None


def with_back(route: str, back: str | None) -> str:
    """``route`` whose back arrow returns to ``back`` (the screen that opened it): the
    address says so, so a reload keeps it."""
    if not back:
        return route
    return f"{route}{'&' if '?' in route else '?'}back={quote(back, safe='/')}"


def back_of(route: str) -> str | None:
    """The ``back`` an address carries (:func:`with_back`), when it is a route of the app."""
    query = route.split("?", 1)[1].split("#", 1)[0] if "?" in route else ""
    found = parse_qs(query).get("back", [])
    back = found[0] if found else None
    return back if back and back.startswith("/") and not back.startswith("//") else None


def split_route(route: str | None) -> list[str]:
    """``"/history/play/3?x=1"`` → ``["history", "play", "3"]``."""
    path = (route or "/").split("?", 1)[0].split("#", 1)[0]
    return [part for part in path.split("/") if part]


class Shell:
    """Owns the page's layout and turns routes into screens."""

    def __init__(self, ctx: AppContext, sections: Sequence[Section]) -> None:
        if not sections:
            raise ValueError("the shell needs at least one section")
        self.ctx = ctx
        self.page = ctx.page
        self.sections = tuple(sections)
        self.bar_sections = tuple(s for s in self.sections if s.in_bar)
        if not self.bar_sections:
            raise ValueError("the shell needs at least one section in the navigation bar")
        self.route: str | None = None
        self._landing: str | None = None
        """The first section's route while "/" has just been sent there (see mount)."""
        self.screen: Screen | None = None
        self.narrow: bool | None = None
        self.return_route: str | None = None  # where an app-bar section's back arrow goes
        self.nav_bar = ft.NavigationBar(
            destinations=[
                ft.NavigationBarDestination(
                    icon=s.icon, selected_icon=s.selected_icon, label=s.title
                )
                for s in self.bar_sections
            ],
            on_change=self._on_destination,
        )
        self.rail = ft.NavigationRail(
            destinations=[
                ft.NavigationRailDestination(
                    icon=s.icon, selected_icon=s.selected_icon, label=s.title
                )
                for s in self.bar_sections
            ],
            label_type=ft.NavigationRailLabelType.ALL,
            min_width=96,
            group_alignment=-0.9,
            on_change=self._on_destination,
        )
        self.body = ft.Column(spacing=GAP, expand=True, scroll=ft.ScrollMode.AUTO)
        self.frame = ft.Container(content=self.body, padding=PAD, expand=True)
        self.appbar = ft.AppBar(title=ft.Text("Merchant's Companion"), center_title=False)
        ctx.navigate = self.navigate
        ctx.refresh = self.refresh
        _SHELLS[id(self.page)] = weakref.ref(self)

    # -- wiring -----------------------------------------------------------------------------
    def mount(self) -> None:
        """Install the shell on the page and show the page's current route."""
        self.page.padding = 0
        self.page.appbar = self.appbar
        self.page.on_resize = self._on_resize
        self.page.on_route_change = self._on_route_change
        self.layout(self.page.width)
        if split_route(self.page.route):
            self.show(self.page.route)
        else:  # "/" opens the first section, and the address says so
            self._landing = self.bar_sections[0].route()
            self.navigate(self._landing)

    def _on_resize(self, e: ft.PageResizeEvent) -> None:
        self.layout(e.width)

    def _on_route_change(self, e: ft.RouteChangeEvent) -> None:
        landing = self._landing
        if landing is not None and e.route != landing:
            self._landing = None
            if landing == self.route and not split_route(e.route):
                # The browser's router sometimes reports its first address ("/") again just
                # after it took the first section's: the screen stays, the address is sent
                # again (once: a later "/" is the player going back, and shows the section).
                self.page.run_task(self._push_route, landing)
                return
        if e.route != self.route:
            self.show(e.route)

    def _on_destination(self, e: ft.Event[ft.NavigationBar] | ft.Event[ft.NavigationRail]) -> None:
        index = e.control.selected_index
        if index is not None and 0 <= index < len(self.bar_sections):
            self.navigate(self.bar_sections[index].route())

    # -- layout -----------------------------------------------------------------------------
    def layout(self, width: float | None) -> None:
        """Bottom bar below ``NARROW_MAX_WIDTH`` logical pixels, navigation rail above."""
        narrow = width is None or width < NARROW_MAX_WIDTH
        if narrow == self.narrow:
            return
        self.narrow = narrow
        if narrow:
            self.page.navigation_bar = self.nav_bar
            self.page.controls = [self.frame]
        else:
            self.page.navigation_bar = None
            self.page.controls = [
                ft.Row(
                    [self.rail, ft.VerticalDivider(width=1), self.frame],
                    expand=True,
                    spacing=0,
                    vertical_alignment=ft.CrossAxisAlignment.STRETCH,
                )
            ]
        self.page.update()

    # -- routing ----------------------------------------------------------------------------
    def navigate(self, route: str) -> None:
        """Show ``route`` now and record it in the browser's history."""
        if route == self.route:
            return
        if route != self._landing:
            self._landing = None  # the player has gone on from the first screen
        self.show(route)
        self.page.run_task(self._push_route, route)

    async def _push_route(self, route: str) -> None:
        """Put ``route`` in the browser's address bar and history. The first push of a
        session can reach the browser while the page is still being built (``main`` runs
        in its own thread), and the browser then never answers it: it is sent again, a
        few times, until the browser says it has it."""
        for _ in range(PUSH_TRIES):
            try:
                await asyncio.wait_for(self.page.push_route(route), PUSH_SECONDS)
                return
            except TimeoutError:
                if route != self.route:
                    return  # another screen was asked for meanwhile: it pushes its own
            except Exception:  # the session is gone: nothing to tell
                return

    def refresh(self) -> None:
        """Rebuild the current screen (after data changed underneath it)."""
        if self.route is not None:
            self.show(self.route)

    def resolve(self, route: str) -> tuple[int, Screen]:
        """Build the screen for ``route``; raises :class:`RouteNotFound`."""
        parts = split_route(route)
        if not parts:
            return 0, self._section_screen(self.bar_sections[0], [])
        for index, section in enumerate(self.sections):
            if section.id == parts[0]:
                return index, self._section_screen(section, parts[1:])
        raise RouteNotFound(route)

    def _section_screen(self, section: Section, rest: list[str]) -> Screen:
        if len(section.tools) == 1:
            return section.tools[0].open(self.ctx, rest)
        if not rest:
            return self._tool_list(section)
        for tool in section.tools:
            if tool.id == rest[0]:
                screen = tool.open(self.ctx, rest[1:])
                if screen.back is None:
                    screen.back = section.route()
                return screen
        raise RouteNotFound("/".join([section.id, *rest]))

    def _tool_list(self, section: Section) -> Screen:
        tiles: list[ft.Control] = [ft.Text(section.intro, theme_style=ft.TextThemeStyle.BODY_LARGE)]
        for tool in section.tools:
            route = tool.route
            card = ft.Card(
                content=ft.ListTile(
                    leading=ft.Icon(tool.icon, size=32),
                    title=ft.Text(tool.title, theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
                    subtitle=ft.Text(tool.subtitle),
                    trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
                    min_height=72,
                    on_click=lambda e, r=route: self.navigate(r),
                ),
            )
            tiles.append(tagged(f"tool-{tool.id}", card))
        return Screen(title=section.title, content=ft.Column(tiles, spacing=GAP))

    def show(self, route: str) -> None:
        """Render ``route`` into the frame; unknown routes and build errors show a message."""
        try:
            index, screen = self.resolve(route)
        except RouteNotFound:
            index = self._index_for(route)
            screen = self._message_screen(
                "Not found",
                "There is nothing at this address any more. It may have been deleted.",
                back=self.sections[index].route(),
            )
        except Exception as exc:  # a view failed to build: say so instead of a blank page
            log.exception("building %s failed", route)
            screen = self._message_screen(
                "Something went wrong", f"This screen could not open: {exc}"
            )
            index = self._index_for(route)
        section = self.sections[index]
        opener = back_of(route)
        if opener is not None and opener != route:
            screen.back = opener  # opened from another screen (a "Why?"): back goes there
        if section.in_bar:
            self.return_route = route
            bar_index: int | None = self.bar_sections.index(section)
        else:
            bar_index = None
            if screen.back is None:
                screen.back = self.return_route or self.bar_sections[0].route()
        previous = self.screen
        if previous is not None and previous is not screen and previous.on_leave is not None:
            try:
                previous.on_leave()
            except Exception:
                log.exception("leaving %s failed", self.route)
        self.route = route
        self.screen = screen
        if bar_index is not None:  # the bar must show one; it keeps the one you came from
            self.nav_bar.selected_index = bar_index
        self.rail.selected_index = bar_index
        # A long title (a rules entry, a ruling) takes two lines in a smaller size rather than
        # being cut off on a phone; a short one stays one line in the bar's own size. Each
        # icon beside the title past the first leaves a phone room for three letters fewer.
        actions = [*screen.actions, *self._app_bar_sections(section)]
        crowded = 3 * max(0, len(actions) - 1) if self.narrow is not False else 0
        long_title = len(screen.title) > LONG_TITLE - crowded
        self.appbar.title = ft.Text(
            screen.title,
            max_lines=2 if long_title else 1,
            overflow=ft.TextOverflow.ELLIPSIS,
            theme_style=ft.TextThemeStyle.TITLE_MEDIUM if long_title else None,
        )
        self.appbar.leading = (
            tagged(
                "app-back",
                ft.IconButton(
                    ft.Icon(ft.Icons.ARROW_BACK, semantics_label="Back"),  # its name
                    tooltip="Back",
                    on_click=lambda e, r=screen.back: self.navigate(r),
                    style=ft.ButtonStyle(padding=12),
                ),
            )
            if screen.back
            else None
        )
        self.appbar.automatically_imply_leading = False
        self.appbar.actions = actions
        self.page.floating_action_button = screen.fab
        # A new scrolling column per screen, so every screen opens at its top rather than
        # at the scroll position the previous one was left at.
        self.body = ft.Column(
            [screen.content],
            spacing=GAP,
            expand=True,
            scroll=ft.ScrollMode.AUTO if screen.scroll else None,
        )
        self.frame.content = (
            self.body
            if screen.footer is None
            else ft.Column([self.body, screen.footer], spacing=0, expand=True)
        )
        self.page.title = f"{screen.title} · Merchant's Companion"
        self.page.update()

    def _app_bar_sections(self, current: Section) -> list[ft.Control]:
        """An icon for each section kept out of the bar (the gear for Settings)."""
        return [
            tagged(
                f"nav-{s.id}",
                ft.IconButton(
                    ft.Icon(s.selected_icon if s is current else s.icon, semantics_label=s.title),
                    tooltip=s.title,
                    on_click=lambda e, section=s: self.navigate(section.route()),
                    style=ft.ButtonStyle(padding=12),
                ),
            )
            for s in self.sections
            if not s.in_bar
        ]

    def _index_for(self, route: str) -> int:
        parts = split_route(route)
        return next((i for i, s in enumerate(self.sections) if parts and s.id == parts[0]), 0)

    def _message_screen(self, title: str, text: str, back: str | None = None) -> Screen:
        content = ft.Column(
            [
                ft.Icon(ft.Icons.INFO_OUTLINE, size=48),
                ft.Text(text, theme_style=ft.TextThemeStyle.BODY_LARGE),
            ],
            spacing=GAP,
        )
        if back:
            content.controls.append(
                ft.Button("Go back", height=TOUCH, on_click=lambda e: self.navigate(back))
            )
        return Screen(title=title, content=content, back=back)
