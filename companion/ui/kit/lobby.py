"""What every tool's lobby does the same way: read the old single save once into a table,
start a new table and open it, and lay out the screen (what went wrong above, the tables in
progress, then the tool's own new-table form).

Each tool's ``ui/<tool>/lobby.py`` holds only its own form and words; these are the
steps they share.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.history import StoreError
from companion.tables import Snapshot
from companion.ui import setup
from companion.ui.context import AppContext
from companion.ui.kit.widgets import notice, tagged
from companion.ui.live import LiveSession, games_in_progress, import_old_game
from companion.ui.model.live import info
from companion.ui.screen import Screen
from companion.ui.theme import GAP

LOBBY = 0  # the draft key of a lobby's new-table form (tables count from 1)


def setup_link(ctx: AppContext, text: str) -> ft.Control:
    """A game lobby's way to the Setup assistant's checklist."""
    return ft.TextButton(
        text, icon=ft.Icons.CHECKLIST, on_click=lambda e: ctx.navigate(setup.ROUTE)
    )


def setting_or_none(ctx: AppContext, key: str) -> Any:
    """A setting, or None when the store cannot be read (the import then says why)."""
    try:
        return ctx.setting(key)
    except StoreError:
        return None


def import_old_save(
    ctx: AppContext,
    *,
    key: str,
    tool: str,
    read: Callable[[object], Any],
    errors: tuple[type[Exception], ...],
    moved: str,
    after_problem: str = "",
) -> tuple[int | None, list[str]]:
    """The old single save under ``key`` made a table, once
    (:func:`companion.ui.live.import_old_game`): the table's id (None if none was made) and
    what the lobby says about it — why it could not be read (and ``after_problem``), or that
    ``moved`` ("The game saved before is now a shared table") can be resumed from any phone."""
    table_id, problem = import_old_game(ctx, key=key, tool=tool, read=read, errors=errors)
    if problem:
        return None, [problem + after_problem]
    if table_id is not None:
        return table_id, [f"{moved}: resume it below, from any phone."]
    return None, []


def start_table(
    ctx: AppContext,
    session: LiveSession,
    tool: str,
    game: object,
    *,
    route: Callable[[int], str],
    what: str,
    told: str | None = None,
    refused: Callable[[str], None] | None = None,
) -> Snapshot | None:
    """Make ``game`` a new table and open it, telling its message line ``told``; when the
    database refuses, say so ("The ``what`` could not be started: …") through ``refused``
    (default: a notification) and return None."""
    try:
        snapshot = session.hub.create(tool, game, device=session.device)
    except StoreError as exc:
        text = f"The {what} could not be started: {exc}"
        if refused is not None:
            refused(text)
        else:
            ctx.notify(text, error=True)
        return None
    ctx.navigate(route(snapshot.table_id))
    table = session.current
    if told is not None and table is not None and table.table_id == snapshot.table_id:
        table.tell(info(told))
    return snapshot


def lobby_screen(
    ctx: AppContext,
    tool: str,
    *,
    title: str,
    problems: Sequence[str],
    route: Callable[[int], str],
    content: Sequence[ft.Control],
    running: str = "Games in progress",
    empty: str | None = None,
    problem_ident: str | None = None,
    actions: Sequence[ft.Control] = (),
) -> Screen:
    """A lobby: its problems as warnings, the tables in progress (``running`` is the list's
    title, ``empty`` its line while there are none), then ``content``."""
    shown: list[ft.Control] = []
    for problem in problems:
        warning = notice(problem, level="warning")
        shown.append(warning if problem_ident is None else tagged(problem_ident, warning))
    games = games_in_progress(ctx, tool, route=route, title=running, empty=empty)
    if games is not None:
        shown.append(games)
    return Screen(
        title=title,
        content=ft.Column(
            [*shown, *content], spacing=GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
        ),
        actions=actions,
    )


__all__ = [
    "LOBBY",
    "import_old_save",
    "lobby_screen",
    "setting_or_none",
    "setup_link",
    "start_table",
]
