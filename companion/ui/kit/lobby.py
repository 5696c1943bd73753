"""What every tool's lobby does the same way: read the old single save once into a table
(:func:`import_old_game`), start a new table and open it, and lay out the screen (what went
wrong above, the live list of tables in progress, :class:`GamesInProgress`, then the tool's
own new-table form).

Each tool's ``ui/<tool>/lobby.py`` holds only its own form and words; these are the
steps they share.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
from collections.abc import Callable, Hashable, Sequence
from datetime import UTC, datetime
from typing import Any

import flet as ft

from companion.history import StoreError
from companion.tables import Snapshot, StatusChanged, TableInfo
from companion.ui import setup
from companion.ui.context import AppContext
from companion.ui.kit.widgets import body, confirm, notice, panel, small, tagged
from companion.ui.live import LiveSession, deliver
from companion.ui.model.live import game_lines, imported_key, info
from companion.ui.model.old_save import damaged_key
from companion.ui.paint import SectionBox
from companion.ui.screen import Screen
from companion.ui.theme import GAP, TOUCH

log = logging.getLogger(__name__)
_IMPORTING = threading.Lock()

LOBBY = 0  # the draft key of a lobby's new-table form (tables count from 1)


def carry_back(ctx: AppContext, route: str) -> str:
    """``route`` opened from this lobby, keeping where the lobby's back arrow goes (a tool
    opened from the game night: its tables go back to the night too)."""
    from companion.ui.shell import back_of, current_route, with_back

    return with_back(route, back_of(current_route(ctx) or ""))


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
    (:func:`import_old_game`): the table's id (None if none was made) and
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
    # A game night waiting for this game plays it on this table (its tally, ONE play).
    from companion.ui.seats.model.link import link_new_table
    from companion.ui.seats.model.night import now_text

    link_new_table(session.hub, tool, snapshot.table_id, device=session.device, at=now_text())
    ctx.navigate(carry_back(ctx, route(snapshot.table_id)))
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


# -- the list of games in progress, and the old save made a table ------------------------------


def on_screen(control: ft.BaseControl) -> bool:
    """Whether ``control`` is still part of what its page shows: every parent up to the page
    still holds it. (A screen the shell replaced keeps its parent links, so ``page`` alone
    cannot tell.)"""
    node: Any = control
    for _ in range(500):
        try:
            parent = node.parent
        except RuntimeError:
            return False
        if parent is None:
            return isinstance(node, ft.Page)
        if not _holds(parent, node):
            return False
        node = parent
    return False


def _holds(parent: Any, child: Any) -> bool:
    """Whether ``child`` is one of ``parent``'s public controls (a list of games in progress
    is part of a screen's content: never in a dialog or the overlay)."""
    for f in dataclasses.fields(parent):
        if f.name.startswith("_"):
            continue
        value = getattr(parent, f.name, None)
        if value is child:
            return True
        if isinstance(value, list | tuple) and any(v is child for v in value):
            return True
    return False


class GamesInProgress:
    """The live list of a tool's games in progress (see :func:`games_in_progress`): one
    section, read again and redrawn in place whenever one of the tool's tables is started,
    moves, or is finished, abandoned or saved, on this server or another one."""

    def __init__(
        self,
        ctx: AppContext,
        session: LiveSession,
        tool: str,
        *,
        route: Callable[[int], str],
        title: str,
        empty: str | None = None,
    ) -> None:
        self.ctx = ctx
        self.session = session
        self.tool = tool
        self.route = route
        self.title = title
        self.empty = empty
        self.closed = False
        self.control = SectionBox(visible=False)
        self._shown: Hashable = object()
        self._pending = False
        self._draw(self._read())
        self._subscription = session.hub.subscribe_tool(tool, self._changed)
        session.watch_list(self)

    def _read(self) -> list[TableInfo] | str:
        try:
            return self.session.hub.tables(self.tool, "open")
        except StoreError as exc:
            return f"The games in progress could not be read: {exc}"

    def _draw(self, infos: list[TableInfo] | str) -> bool:
        """Rebuild the list if what it shows changed; True if it did."""
        key: Hashable = (
            infos
            if isinstance(infos, str)
            else tuple((i.id, i.players, i.line, i.damaged, i.updated_at) for i in infos)
        )
        if key == self._shown:
            return False
        self._shown = key
        if isinstance(infos, str):
            content: ft.Control | None = notice(infos, level="error")
        else:
            content = (
                self._card(infos)
                if infos
                else (body(self.empty, muted=True) if self.empty else None)
            )
        self.control.content = content
        self.control.visible = content is not None
        return True

    def _changed(self, _tool: str) -> None:
        """From the hub, on any thread: redraw on this session's loop (once per burst)."""
        if self.closed or self._pending or self.session.closed:
            return
        self._pending = True
        if not deliver(self.session.page, self.refresh):
            self._pending = False  # not connected now, or ended (its close closes the list)

    def refresh(self) -> None:
        self._pending = False
        if self.closed:
            return
        if not on_screen(self.control):
            self.close()  # the screen was left
            return
        if self._draw(self._read()):
            self.control.update()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._subscription.close()
            self.session.unwatch_list(self)

    def _ended(self, table_id: int, how: str) -> None:
        hub = self.session.hub
        device = self.session.device
        outcome = (
            hub.finish(table_id, device=device)
            if how == "finish"
            else hub.abandon(table_id, device=device)
        )
        if isinstance(outcome, StatusChanged):
            self.refresh()
            self.ctx.notify(
                "The game is finished." if how == "finish" else "The game was abandoned."
            )
        else:
            self.ctx.notify(outcome.message, error=True)

    def _ask(self, table_id: int, how: str, who: str) -> None:
        finish = how == "finish"
        confirm(
            self.ctx,
            title="Finish this game?" if finish else "Abandon this game?",
            text=(
                f"{who}: it leaves the games in progress and takes no more moves. "
                + (
                    "Save it to history from its screen first if you want to keep the scores."
                    if finish
                    else "Nothing is saved to history; its moves are kept in the database."
                )
            ),
            action="Finish" if finish else "Abandon",
            ident=f"confirm-{how}-{table_id}",
            on_confirm=lambda: self._ended(table_id, how),
            danger=not finish,
        )

    def _card(self, infos: list[TableInfo]) -> ft.Control:
        now = datetime.now(UTC).replace(tzinfo=None)
        entries: list[ft.Control] = []
        for line in game_lines(infos, now):
            lines: list[ft.Control] = [
                ft.Text(line.title, weight=ft.FontWeight.BOLD, max_lines=2),
                body(line.status),
                small(line.touched),
            ]
            if line.problem:
                lines.append(notice(line.problem, level="warning"))
            buttons = ft.Row(
                [
                    tagged(
                        f"resume-{line.table_id}",
                        ft.FilledTonalButton(
                            "Resume",
                            icon=ft.Icons.PLAY_ARROW,
                            height=TOUCH,
                            on_click=lambda e, t=line.table_id: self.ctx.navigate(
                                carry_back(self.ctx, self.route(t))
                            ),
                        ),
                    ),
                    tagged(
                        f"finish-{line.table_id}",
                        ft.TextButton(
                            "Finish",
                            height=TOUCH,
                            on_click=lambda e, t=line.table_id, w=line.title: self._ask(
                                t, "finish", w
                            ),
                        ),
                    ),
                    tagged(
                        f"abandon-{line.table_id}",
                        ft.TextButton(
                            "Abandon",
                            height=TOUCH,
                            on_click=lambda e, t=line.table_id, w=line.title: self._ask(
                                t, "abandon", w
                            ),
                        ),
                    ),
                ],
                wrap=True,
                spacing=4,
            )
            entries.append(
                tagged(
                    f"table-{line.table_id}",
                    ft.Container(
                        ft.Column([*lines, buttons], spacing=4, tight=True),
                        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
                        border_radius=12,
                        padding=12,
                    ),
                )
            )
        # A panel like the screen's others (no margin of its own: as wide as they are), its
        # games across its whole width.
        return tagged(
            "games-in-progress",
            panel(
                ft.Column(
                    entries,
                    spacing=GAP,
                    tight=True,
                    horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                ),
                title=self.title,
            ),
        )


def games_in_progress(
    ctx: AppContext,
    tool: str,
    *,
    route: Callable[[int], str],
    title: str = "Games in progress",
    empty: str | None = None,
) -> ft.Control | None:
    """A tool's open tables, most recently touched first: who plays, the status line, when it
    was last touched, Resume, and Finish / Abandon (each after a confirmation).

    The list is live: a game started, moved, finished or abandoned on any phone (on this
    server or another one over the same database) shows at once, without leaving
    the screen. It is one section, hidden while there are no games (it appears when one
    starts; or the ``empty`` line, if given), a notice when they cannot be read; None only
    without shared tables (``ctx.live``). It stops listening once its screen is left."""
    session = ctx.live
    if not isinstance(session, LiveSession):
        return None
    return GamesInProgress(ctx, session, tool, route=route, title=title, empty=empty).control


def import_old_game(
    ctx: AppContext,
    *,
    key: str,
    tool: str,
    read: Callable[[object], Any],
    errors: tuple[type[Exception], ...],
) -> tuple[int | None, str | None]:
    """Turn the tool's old single saved game (under settings ``key``) into a table, once:
    ``(table id, None)``; ``(None, None)`` when there is nothing to import (or another
    server just imported it); ``(None, problem)`` when the old save could not be read (kept
    under ``<key>_damaged``).

    ``read(raw)`` reads the old save into its game, or None when there is nothing to import
    (e.g. ``lambda raw: old_saved_game(raw, Game.from_dict)``; a game already saved to
    history is only renamed). The table starts from the game's start and its log is the
    game's actions; the old key is kept as ``<key>_imported``. Exactly once, whatever
    happens: the table, its log and the claim of the key are one transaction
    (:meth:`~companion.tables.TableHub.import_old`), so two servers opening the list at the
    same moment, or a crash half-way, cannot make two tables of one save."""
    session = ctx.live
    if not isinstance(session, LiveSession):
        return None, None
    with _IMPORTING:  # (this server's sessions: one reads while the other waits)
        try:
            raw = ctx.setting(key)
        except StoreError as exc:
            return None, f"The old saved game could not be read: {exc}"
        if raw is None:
            return None, None
        refusals: tuple[type[Exception], ...] = (*errors, ValueError)
        try:
            game = read(raw)
            if game is not None:  # its start must still read back as a table's start
                session.hub.rules(tool).start_of(game.start)
        except refusals as exc:
            log.warning("old %s save not imported: %s", tool, exc)
            try:
                ctx.store.move_setting(key, damaged_key(key))
            except StoreError:
                log.exception("keeping the damaged %s save failed", tool)
            return None, (
                f"The game saved before could not be read back ({exc}); it is kept in the "
                f"database under “{damaged_key(key)}”."
            )
        try:
            if game is None:  # nothing to play on (saved to history already): only renamed
                ctx.store.move_setting(key, imported_key(key))
                return None, None
            snapshot = session.hub.import_old(
                tool, game, key=key, kept_as=imported_key(key), device="import"
            )
        except StoreError as exc:
            return None, f"The game saved before could not be moved to a table: {exc}"
        return (snapshot.table_id if snapshot is not None else None), None


__all__ = [
    "LOBBY",
    "GamesInProgress",
    "games_in_progress",
    "import_old_game",
    "import_old_save",
    "lobby_screen",
    "on_screen",
    "setting_or_none",
    "setup_link",
    "start_table",
]
