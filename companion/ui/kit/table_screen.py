"""One table of a tool on screen: what every tool's table screen sets up the same way.

:class:`TableScreen` holds this session at the shared tables (``session``), this device's
draft for the table (``draft``), the problems to show above it (``problems``), the painter
that sends only what changed (``paint``), the table's seat (``live``, a
:class:`~companion.ui.live.LiveTable`), the notices and the Undo button, the typed ``game``
(not found when the table is another tool's), following the house rules chosen in Settings,
acting with a message for what was refused, and the screen handed to the shell.

A tool's screen subclasses it, says which tool and game it shows in its class attributes,
builds its controls once in :meth:`~TableScreen.build_controls` (``self.content``), and
brings them up to date in place in :meth:`~TableScreen.render_game`::

    class JourneyScreen(TableScreen[JourneyGame, JourneyDraft]):
        tool_id, lobby, game_type, draft_type = TOOL_ID, ROUTE, JourneyGame, JourneyDraft
        title = "Journey"

        def build_controls(self) -> None: ...
        def render_game(self, game: JourneyGame, snapshot: Snapshot) -> None: ...
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

import flet as ft

from companion.tables import Applied, Outcome, Snapshot
from companion.ui.context import AppContext
from companion.ui.kit.table_menu import UndoButton, menu_button
from companion.ui.kit.table_notices import TableNotices
from companion.ui.live import LiveSession, LiveTable, live_session, tappable
from companion.ui.model.live import error, info
from companion.ui.model.words import capitalized
from companion.ui.paint import Painter
from companion.ui.screen import RouteNotFound, Screen

G = TypeVar("G")
D = TypeVar("D")


def _children(section: ft.BaseControl) -> list[ft.BaseControl]:
    """What a section holds directly: its ``content`` and its ``controls``."""
    held: list[ft.BaseControl] = []
    content = getattr(section, "content", None)
    if isinstance(content, ft.BaseControl):
        held.append(content)
    controls = getattr(section, "controls", None)
    if isinstance(controls, list):
        held.extend(c for c in controls if isinstance(c, ft.BaseControl))
    return held


#: The painter forgets the sections gone from the screen once it remembers more than this.
HELD_MOST = 512


class KeepingPainter(Painter):
    """The table screen's painter: what a render after another phone's change (a push) took
    off the screen, a slot's old panel, is handed to
    :meth:`~companion.ui.live.LiveTable.keep_tappable`, so a tap the phone sent from its
    screen before it drew that change is still answered, never dropped without a word."""

    def __init__(self, live: Callable[[], LiveTable | None]) -> None:
        super().__init__()
        self._live = live
        # What each section held when last sent (by id, with a weak reference to the section
        # so that a new section at a dead one's address is not taken for it).
        self._held: dict[int, tuple[weakref.ref[ft.BaseControl], list[ft.BaseControl]]] = {}

    def send(self) -> None:
        live = self._live()
        sections = list(self._dirty.values())
        if live is not None and live.keeping:
            # A kept control the screen shows again leaves the kept ones first.
            live.release_kept({id(c) for s in sections for c in tappable(s)})
        gone: list[ft.BaseControl] = []
        if len(self._held) > HELD_MOST:  # sections gone with rebuilt panels
            self._held = {k: v for k, v in self._held.items() if v[0]() is not None}
        for section in sections:
            held = _children(section)
            entry = self._held.get(id(section))
            before = entry[1] if entry is not None and entry[0]() is section else None
            self._held[id(section)] = (weakref.ref(section), held)
            if before:
                kept = {id(c) for c in held}
                gone += [c for c in before if id(c) not in kept]
        super().send()
        if gone and live is not None and live.from_push and not live.closed:
            shown = {id(c) for s in sections for c in tappable(s)}
            live.keep_tappable([c for root in gone for c in tappable(root) if id(c) not in shown])


class TableScreen(Generic[G, D]):
    """One table on screen, built once and rendered in place from each snapshot (this
    phone's tap, another phone's push, a reload). Raises
    :class:`~companion.tables.TableNotFound` when there is no such table and
    :class:`~companion.ui.screen.RouteNotFound` when it is another tool's.

    What a subclass says: ``tool_id`` (its table rules' tool), ``lobby`` (its ``ROUTE``:
    the back arrow and where an ended table goes), ``game_type`` (the table's game),
    ``draft_type`` (what this device keeps while typing, made on first use), ``title``,
    ``noun``/``changes`` (the words of its notices and menu: "game", "moves"),
    ``unreadable_note`` (said over a table that cannot be read), ``scroll`` (False for a
    screen that scrolls a part of itself). What it does:
    :meth:`build_controls` and :meth:`render_game`, and where it has them
    :meth:`house_rules`, :meth:`menu` and :meth:`actions`.
    """

    tool_id: ClassVar[str]
    lobby: ClassVar[str]
    game_type: ClassVar[type[Any]]
    draft_type: ClassVar[type[Any]]
    title: ClassVar[str] = ""
    noun: ClassVar[str] = "table"
    changes: ClassVar[str] = "changes"
    scroll: ClassVar[bool] = True
    unreadable_note: ClassVar[str | None] = None

    content: ft.Control

    def __init__(self, ctx: AppContext, table_id: int) -> None:
        self.ctx = ctx
        self.table_id = table_id
        self.session: LiveSession = live_session(ctx, self.tool_id)
        self.draft: D = self.session.draft(self.tool_id, table_id, self.draft_type)
        self.problems: list[str] = []
        self.paint: Painter = KeepingPainter(lambda: getattr(self, "live", None))
        self.notices = TableNotices(self.paint, noun=self.noun, changes=self.changes)
        self.undo_button = UndoButton(lambda: self.live)
        self.live = LiveTable(ctx, table_id, self.render)
        try:
            if self.live.snapshot.info.tool != self.tool_id:
                raise RouteNotFound(self.here)
            self.build_controls()
            self.follow_house_rules()
            self.render(self.live.snapshot)
        except BaseException:
            self.live.close()
            raise

    # -- the table ------------------------------------------------------------------------------
    @property
    def here(self) -> str:
        """This table's route."""
        return f"{self.lobby}/{self.table_id}"

    @property
    def snapshot(self) -> Snapshot:
        """The table as this screen last showed it."""
        return self.live.snapshot

    @property
    def readable(self) -> bool:
        """Whether the table's game reads back (a damaged one is shown as such)."""
        return isinstance(self.live.snapshot.game, self.game_type)

    @property
    def game(self) -> G:
        """The table's game as this screen last showed it."""
        game = self.live.snapshot.game
        if not isinstance(game, self.game_type):
            raise RouteNotFound(self.here)
        value: G = game
        return value

    @property
    def me(self) -> str | None:
        """The seated player who holds this phone ("This phone is Ann", from the table's
        menu), or None: only then does the screen show that player's private cards."""
        return self.live.me

    @property
    def playing(self) -> bool:
        """The table takes changes: it is open and its game reads back."""
        return not self.live.snapshot.read_only and self.readable

    def house_rules(self) -> tuple[frozenset[str] | None, frozenset[str]] | None:
        """The house rules the table plays by (None when it cannot be read) and those chosen
        in Settings that it should play by; None for a tool without house rules."""
        return None

    def house_rules_problem(self, message: str) -> str:
        """How the screen words a table that keeps its own house rules."""
        return message

    def follow_house_rules(self) -> None:
        """Play by the house rules chosen in Settings; a table whose moves they forbid keeps
        the rules it was played with (and says so)."""
        rules = self.house_rules()
        if rules is not None and (problem := self.live.follow_house_rules(*rules)):
            self.problems.append(self.house_rules_problem(problem))

    # -- acting ---------------------------------------------------------------------------------
    def act(
        self,
        action: Any,
        *,
        confirm: Callable[[Applied], str] | None = None,
        then: Callable[[], None] | None = None,
        on_outcome: Callable[[Outcome], None] | None = None,
        quiet: bool = False,
    ) -> None:
        """Send ``action`` to the table (:meth:`~companion.ui.live.LiveTable.act`): ``then()``
        settles this device's draft once the action is applied, ``on_outcome(outcome)`` sees
        whatever came of it (both before the screen is drawn)."""

        def settle(outcome: Outcome) -> None:
            if then is not None and isinstance(outcome, Applied):
                then()
            if on_outcome is not None:
                on_outcome(outcome)

        self.live.act(action, confirm=confirm, on_outcome=settle, quiet=quiet)

    def undo(self) -> None:
        """Take back the table's last change (whoever made it)."""
        self.live.undo()

    def hint(self, text: str) -> None:
        """A word to this phone only (nothing is sent to the table)."""
        self.live.tell(info(text))

    def refuse(self, text: str) -> None:
        """A tap that cannot be sent as it is: say why, on this phone."""
        self.live.tell(error(capitalized(text)))

    def redraw(self) -> None:
        """A change of this device's draft only: render again, nothing is sent."""
        self.render(self.live.snapshot)

    # -- rendering ------------------------------------------------------------------------------
    def build_controls(self) -> None:
        """Build the screen's controls once, ending with ``self.content``."""
        raise NotImplementedError

    def render(self, snapshot: Snapshot) -> None:
        """Bring the screen up to date with ``snapshot`` and this device's draft, sending only
        the sections that changed."""
        game = snapshot.game
        readable = isinstance(game, self.game_type)
        self.notices.render(snapshot.info, self.problems_now(snapshot))
        if readable:
            self.render_game(game, snapshot)
        else:
            self.render_unreadable(snapshot)
        log = getattr(game, "log", ()) if readable else ()
        self.undo_button.show(self.paint, snapshot, log)
        self.paint.send()

    def problems_now(self, snapshot: Snapshot) -> list[str]:
        """The problems the notices show for ``snapshot``: the screen's own, and its
        ``unreadable_note`` for a table whose game cannot be read (unless the table says why
        itself)."""
        note = self.unreadable_note
        unread = not isinstance(snapshot.game, self.game_type) and not snapshot.info.damaged
        return [*self.problems, *([note] if note and unread else [])]

    def render_game(self, game: G, snapshot: Snapshot) -> None:
        """Bring the controls up to date with a readable table's ``game`` (in place, through
        ``self.paint``; :meth:`render` sends)."""
        raise NotImplementedError

    def render_unreadable(self, snapshot: Snapshot) -> None:
        """A table whose game cannot be read: only the notices are shown."""
        content = self.content
        if isinstance(content, ft.Column):
            for control in content.controls:
                if control is not self.notices.box:
                    control.visible = False

    # -- the screen -----------------------------------------------------------------------------
    def menu(self) -> None:
        """This table's menu (the tool's entries, Finish, Abandon)."""
        raise NotImplementedError

    def actions(self) -> list[ft.Control]:
        """The app bar's actions: Undo and the table's menu."""
        return [self.undo_button.control, menu_button(self.menu, noun=self.noun)]

    def screen_title(self) -> str:
        return self.title

    def build(self) -> Screen:
        return Screen(
            title=self.screen_title(),
            content=self.content,
            actions=self.actions(),
            back=self.lobby,
            scroll=self.scroll,
            footer=self.live.footer,
            on_leave=self.leave,
        )

    def leave(self) -> None:
        """The shell replaced the screen (another route): it leaves the table."""
        self.live.close()


__all__ = ["TableScreen"]
