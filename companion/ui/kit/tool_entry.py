"""A table tool's entry: its lobby at the tool's route, one of its tables at
``<route>/<table id>`` (a sub-page of it at ``<route>/<table id>/<page>``), anything else not
found. Each tool's ``open_<tool>`` is :func:`table_tool` of its lobby and its table screen."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from companion.tables import TableNotFound
from companion.ui.context import AppContext
from companion.ui.screen import RouteNotFound, Screen


class Built(Protocol):
    def build(self) -> Screen: ...


def table_tool(
    route: str,
    lobby: Callable[[AppContext], Built],
    table: Callable[[AppContext, int], Built],
    *,
    section_tool: str | None = None,
    pages: Mapping[str, Callable[[AppContext, int], Built]] | None = None,
    other: Callable[[AppContext, list[str]], Screen | None] | None = None,
) -> Callable[[AppContext, list[str]], Screen]:
    """The tool's ``open(ctx, rest)``: for ``rest`` (the route after the tool's), the lobby,
    or the :class:`~companion.ui.kit.table_screen.TableScreen` of the table whose id it names
    (not found when there is none, or it is another tool's).
    ``section_tool`` is the tool's id in its section, which the shell hands over while the
    tool is the section's only one. ``pages`` are a table's sub-pages (``<table id>/<page>``)
    by name; ``other`` opens the tool's addresses that are neither (``None``: not found)."""
    sub_pages = pages or {}

    def open_tool(ctx: AppContext, rest: list[str]) -> Screen:
        if section_tool is not None and rest[:1] == [section_tool]:
            rest = rest[1:]
        if not rest:
            return lobby(ctx).build()
        where = f"{route}/{'/'.join(rest)}"
        if 1 <= len(rest) <= 2 and rest[0].isdigit() and int(rest[0]) > 0:
            screen = table if len(rest) == 1 else sub_pages.get(rest[1])
            if screen is not None:
                try:
                    view = screen(ctx, int(rest[0]))
                except TableNotFound:
                    raise RouteNotFound(where) from None
                return view.build()
        if other is not None and (found := other(ctx, rest)) is not None:
            return found
        raise RouteNotFound(where)

    return open_tool


__all__ = ["table_tool"]
