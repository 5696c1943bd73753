"""The small vocabulary shared by the shell and the views: tools, sections and screens."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import flet as ft

from companion.ui.context import AppContext


class RouteNotFound(LookupError):
    """The route names no screen (a stale bookmark, a deleted play)."""


@dataclass
class Screen:
    """What a view hands the shell: a title, the body and optional app-bar actions.

    ``back`` is the route the back arrow leads to (``None`` for a section's top screen).
    ``footer`` sits below the scrolling content, taking its own room (a table screen's
    messages); ``on_leave`` runs when the shell replaces the screen (unsubscribe there).
    """

    title: str
    content: ft.Control
    actions: Sequence[ft.Control] = ()
    back: str | None = None
    fab: ft.FloatingActionButton | None = None
    scroll: bool = True
    footer: ft.Control | None = None
    on_leave: Callable[[], None] | None = None


@dataclass(frozen=True)
class Tool:
    """One tool of a section at its ``route`` (the tool's ``ROUTE``: ``/<section>/<name>``,
    or the section's own for its only tool). ``open(ctx, rest)`` builds it; ``rest`` is the
    rest of the route."""

    route: str
    title: str
    subtitle: str
    icon: ft.IconData
    open: Callable[[AppContext, list[str]], Screen]

    @property
    def id(self) -> str:
        """The tool's name in its section's routes (the last part of its route)."""
        return self.route.rsplit("/", 1)[-1]


@dataclass(frozen=True)
class Section:
    """A navigation destination. A section with one tool opens it directly.

    ``in_bar`` false keeps it out of the bottom bar and the rail: the shell reaches it from
    an app-bar icon instead (Settings), and its screen's back arrow returns where you were.
    """

    id: str
    title: str
    icon: ft.IconData
    selected_icon: ft.IconData
    intro: str
    tools: tuple[Tool, ...] = field(default=())
    in_bar: bool = True

    def route(self) -> str:
        return f"/{self.id}"
