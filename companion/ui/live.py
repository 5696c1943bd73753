"""The session loop on the page, written once for every tool that keeps a table.

- :class:`LiveSession`: one per browser session (``ctx.live``): its device id, the table
  screen on show, and what this device is only typing (``draft``), kept per table across
  pushes, rebuilds and reloads. On a reconnect (a reload re-attaches to the same Flet
  session) the screen is rendered again from the hub and every message is dropped; when
  the session closes the screen unsubscribes.
- :class:`LiveTable`: one table screen's seat at its table. ``act(action)`` submits with the
  seq the screen last showed and renders the outcome in place, with a message whose Undo is
  bound to that action's seq; ``undo``, ``save``, ``finish`` and ``abandon`` likewise. Pushes
  from other devices arrive on any thread, are handed to this session's event loop
  (:func:`deliver`) and re-render in place, silently. A table screen
  (:class:`~companion.ui.kit.table_screen.TableScreen`) puts ``live.footer`` below its
  content and closes the table when it is left.
- :class:`MessageStrip`: the messages, below the scrolling screen (never over its
  controls), timed out on the server, the Undo taken away as soon as its step is no longer the
  table's last (and the message saying so when another phone took that step back).
- Taps on controls a push replaced: a tap the phone sent from its screen before another
  phone's change reached it may name a control that change has just rebuilt (a panel of a
  :class:`~companion.ui.paint.Slot`); Flet drops an event for a control no longer on the
  page without a word. :meth:`LiveTable.keep_tappable` keeps such controls on the page,
  hidden, for :data:`KEEP_SECONDS`, so that tap still reaches its handler and is applied or
  refused with a message like any other (judged against the screen it was made on, see
  :attr:`LiveTable.seen`).
- :func:`deliver`: hands a change to a session's event loop, counted until it is drawn
  (:func:`pushes_pending`, :func:`answers_pending`: what a test waits for).

The lobby's live list of games in progress and the import of an old save are
:mod:`companion.ui.kit.lobby`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import dataclasses
import logging
import threading
import time
import typing
from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import flet as ft
from flet.controls.context import _context_page

from companion.history import PlayCreate, StoreError
from companion.tables import (
    Applied,
    Failed,
    Outcome,
    Refused,
    Saved,
    Snapshot,
    StatusChanged,
    TableHub,
    TableNotFound,
)
from companion.ui import history
from companion.ui.context import AppContext

if TYPE_CHECKING:
    from companion.ui.kit.lobby import GamesInProgress
from companion.ui.kit.widgets import tagged
from companion.ui.model.live import (
    Describe,
    Message,
    after,
    describe_record,
    error,
    info,
    new_device_id,
)
from companion.ui.paint import SectionColumn, mounted

log = logging.getLogger(__name__)

SAVED_BEFORE_QUESTION = (
    "This game was saved to your history before, and that play has been deleted since. "
    "Save it again as a new play?"
)


def saved_before(snapshot: Snapshot) -> bool:
    """The table was saved to history and its play has been deleted since."""
    return snapshot.info.saved and snapshot.info.saved_play_id is None


#: How long after the phone has drawn a pushed change a tap still counts as made on the
#: screen before it (seconds): the time a player takes to see that the table changed.
SEEN_DELAY = 0.3
#: How long to wait for the phone to say it has the change (then it is taken as drawn).
ACK_TIMEOUT = 10.0
#: How long a tappable control a push replaced stays on the page, hidden, so that a tap
#: already on its way from the phone still reaches it (seconds; beyond ACK_TIMEOUT).
KEEP_SECONDS = 15.0
#: The events a kept control still answers (what a phone sends when it is touched or typed in).
TAP_EVENTS = ("on_click", "on_change", "on_submit", "on_select", "on_long_press", "on_tap")
#: At most this many controls are kept at once (the oldest go first).
KEEP_MOST = 200

D = TypeVar("D")
C = TypeVar("C", bound=ft.BaseControl)
_IMPORTING = threading.Lock()


def bind_page(page: ft.Page) -> None:
    """Make ``page`` the current Flet page in this context (what ``ft.context.page`` returns).

    Flet 1.0 offers a public getter, ``ft.context.page``, but no public setter: its own event
    dispatch and ``Page.run_task``/``run_thread`` set the private context variable
    ``flet.controls.context._context_page``. Updating another session's screen from here (and
    the fan-out benchmark's sessions without a server) needs the same, and ``run_thread``
    would move the update to another thread; so this is the one place that sets it.
    """
    _context_page.set(page)  # type: ignore[arg-type]


class _Pending:
    """Changes on their way to each page's screen: handed to its session's event loop and
    not yet drawn (``pushes``), or drawn and not yet answered by the phone (``answers``)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.pushes: Counter[int] = Counter()
        self.answers: Counter[int] = Counter()

    def add(self, counter: Counter[int], page: ft.Page, step: int) -> None:
        with self._lock:
            counter[id(page)] += step
            if counter[id(page)] <= 0:
                del counter[id(page)]

    def count(self, counter: Counter[int], page: ft.Page | None) -> int:
        with self._lock:
            return sum(counter.values()) if page is None else counter[id(page)]


_PENDING = _Pending()


def pushes_pending(page: ft.Page | None = None) -> int:
    """How many changes are on their way to ``page``'s screen (to any screen of this process:
    None), handed to its session's event loop and not yet drawn there. Tests wait until
    there are none instead of waiting a fixed time."""
    return _PENDING.count(_PENDING.pushes, page)


def answers_pending(page: ft.Page | None = None) -> int:
    """How many changes drawn on ``page``'s screen (any: None) the phone has not yet said it
    has (see :attr:`LiveTable.seen`)."""
    return _PENDING.count(_PENDING.answers, page)


def deliver(page: ft.Page, fn: Callable[..., None], *args: Any, threadsafe: bool = True) -> bool:
    """Run ``fn(*args)`` as an event of ``page``'s session on its event loop, soon (from any
    thread; ``threadsafe=False`` from the loop itself, after the current turn). Counted in
    :func:`pushes_pending` until it has run. False when the session's loop is gone."""

    def run() -> None:
        try:
            run_as_event(page, fn, *args)
        finally:
            _PENDING.add(_PENDING.pushes, page, -1)

    _PENDING.add(_PENDING.pushes, page, 1)
    try:
        loop = page.loop
        if threadsafe:
            loop.call_soon_threadsafe(run)
        else:
            loop.call_soon(run)
    except (AttributeError, RuntimeError):  # no loop: the session is not connected now
        _PENDING.add(_PENDING.pushes, page, -1)
        return False
    return True


def run_as_event(page: ft.Page, fn: Callable[..., None], *args: Any) -> None:
    """Run ``fn`` as if it were an event of ``page``'s session: its own update bookkeeping
    (so an update here can never suppress another session's automatic update)."""

    def run() -> None:
        bind_page(page)
        ft.context.reset_auto_update()  # type: ignore[no-untyped-call]
        try:
            fn(*args)
        except RuntimeError as exc:  # the session ended meanwhile: nobody to show it to
            log.debug("not shown, the session is gone: %s", exc)
        except Exception:
            log.exception("updating a screen failed")

    contextvars.Context().run(run)


class LiveSession:
    """One browser session at the tables (``ctx.live``)."""

    def __init__(self, page: ft.Page, hub: TableHub, device: str | None = None) -> None:
        self.page = page
        self.hub = hub
        self.device = device or new_device_id()
        self.current: LiveTable | None = None
        self._drafts: dict[tuple[str, int], Any] = {}
        self._lists: list[GamesInProgress] = []
        self.closed = False
        self._previous_connect = page.on_connect
        self._previous_close = page.on_close
        page.on_connect = self._on_connect
        page.on_close = self._on_close

    def draft(self, tool: str, table_id: int, factory: Callable[[], D]) -> D:
        """What this device is typing for a table (a card chosen, a form): kept here, never
        written to the table, surviving pushes and screen rebuilds."""
        key = (tool, table_id)
        if key not in self._drafts:
            self._drafts[key] = factory()
        value: D = self._drafts[key]
        return value

    def attach(self, table: LiveTable) -> None:
        if self.current is not None and self.current is not table:
            self.current.close()
        self.current = table
        for games in list(self._lists):  # a table screen replaced the list's screen
            games.close()

    @property
    def lists(self) -> tuple[GamesInProgress, ...]:
        """The lists of games in progress that this session's screen listens with."""
        return tuple(self._lists)

    def watch_list(self, games: GamesInProgress) -> None:
        """A new list of games in progress is on screen; the lists of screens built before
        it stop listening (a screen shows one)."""
        for old in list(self._lists):
            if old is not games:
                old.close()
        self._lists = [games]

    def unwatch_list(self, games: GamesInProgress) -> None:
        if games in self._lists:
            self._lists.remove(games)

    def detach(self, table: LiveTable) -> None:
        if self.current is table:
            self.current = None

    def _on_connect(self, e: Any) -> None:
        # A reload: the same session and controls come back. Messages do not survive it
        # (the app's snack bars are closed by AppContext), and the table is shown as the hub
        # has it now.
        if self.current is not None:
            self.current.reconnected()
        if self._previous_connect is not None:
            self._previous_connect(e)  # type: ignore[call-arg]

    def _on_close(self, e: Any) -> None:
        self.closed = True
        if self.current is not None:
            self.current.close()
        for games in list(self._lists):
            games.close()
        if self._previous_close is not None:
            self._previous_close(e)  # type: ignore[call-arg]


def live_session(ctx: AppContext, tool: str) -> LiveSession:
    """This session at the shared tables (``ctx.live``), which no lobby or table screen can
    do without; ``tool`` (its id) says who asked."""
    if not isinstance(ctx.live, LiveSession):
        raise RuntimeError(f"the {tool!r} screens need the shared tables (ctx.live)")
    return ctx.live


class MessageStrip:
    """The table screen's message line (``control``), below the scrolling content: it takes
    its own room (it covers nothing), goes after its ``seconds`` (a server-side timer), and
    its Undo is disabled once that step is no longer the table's last."""

    def __init__(self, on_undo: Callable[[int], None], on_action: Callable[[], None]) -> None:
        self.text = ft.Text("", expand=True, max_lines=4, overflow=ft.TextOverflow.ELLIPSIS)
        action_style = ft.ButtonStyle(color=ft.Colors.INVERSE_PRIMARY)
        self.undo_button = ft.TextButton(
            "Undo", on_click=lambda e: self._pressed_undo(), style=action_style
        )
        self.action_button = ft.TextButton("", on_click=lambda e: on_action(), style=action_style)
        self.close_button = ft.IconButton(
            ft.Icon(ft.Icons.CLOSE, semantics_label="Close the message"),
            tooltip="Close the message",
            on_click=lambda e: self.hide(),
        )
        self.message: Message | None = None
        self._on_undo = on_undo
        self._timer: asyncio.TimerHandle | None = None
        # Shown and hidden by their handles: a Semantics node must have visible content.
        self.undo_box = tagged("message-undo", self.undo_button)
        self.action_box = tagged("message-action", self.action_button)
        self.action_box.visible = False
        self.box = ft.Container(
            content=ft.Row(
                [
                    self.text,
                    self.undo_box,
                    self.action_box,
                    tagged("message-close", self.close_button),
                ],
                spacing=4,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            padding=ft.Padding.only(left=16, right=4, top=2, bottom=2),
            bgcolor=ft.Colors.INVERSE_SURFACE,
            border_radius=ft.BorderRadius.only(top_left=12, top_right=12),
        )
        self.control = tagged("message", self.box, section=True)
        self.control.visible = False

    @property
    def visible(self) -> bool:
        return bool(self.control.visible)

    def show(self, message: Message, snapshot: Snapshot, loop: asyncio.AbstractEventLoop) -> None:
        self.cancel_timer()
        self.message = message
        fg = ft.Colors.ON_ERROR if message.error else ft.Colors.ON_INVERSE_SURFACE
        self.box.bgcolor = ft.Colors.ERROR if message.error else ft.Colors.INVERSE_SURFACE
        self.text.value = message.text
        self.text.color = fg
        self.undo_box.visible = message.undo_of is not None
        self.undo_button.disabled = False
        self.action_box.visible = message.action is not None
        self.action_button.content = message.action or ""
        self.close_button.icon_color = fg
        self.sync(snapshot)
        self.control.visible = True
        self._timer = loop.call_later(message.seconds, self._expire, message)

    def sync(self, snapshot: Snapshot) -> None:
        """Offer the Undo only while its step is the table's last effective action; once it
        is not, the Undo goes (a later move stands on it, or it was taken back), and a step
        taken back on another phone is said so in the message."""
        message = self.message
        if message is None or message.undo_of is None:
            return
        allowed = message.undo_allowed(snapshot)
        self.undo_button.disabled = not allowed
        self.undo_button.tooltip = None if allowed else "No longer the last move"
        self.undo_box.visible = allowed
        taken_back = snapshot.last is None or snapshot.last < message.undo_of
        if taken_back and not snapshot.read_only and self.text.value == message.text:
            self.text.value = f"Taken back on another phone: {message.text}"

    def _pressed_undo(self) -> None:
        message = self.message
        if message is not None and message.undo_of is not None and not self.undo_button.disabled:
            self._on_undo(message.undo_of)

    def _expire(self, token: Message) -> None:
        if self.message is token and self.visible:
            self.hide()
            if mounted(self.control):
                run_as_event(self.control.page, self.control.update)

    def cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def hide(self) -> None:
        self.cancel_timer()
        self.message = None
        self.control.visible = False


class LiveTable:
    """One table screen's seat at its table (see the module docstring).

    ``render(snapshot)`` is the tool's: it updates the screen's controls IN PLACE from the
    snapshot (and its own drafts) and never writes the table. ``describe(record)`` words an
    engine record for messages (default: the record's ``summary``).
    Raises :class:`TableNotFound` when there is no such table and
    :class:`~companion.history.StoreError` when the database cannot be read.
    """

    def __init__(
        self,
        ctx: AppContext,
        table_id: int,
        render: Callable[[Snapshot], None],
        *,
        describe: Describe = describe_record,
    ) -> None:
        session = ctx.live
        if not isinstance(session, LiveSession):
            raise RuntimeError("the page has no LiveSession (create_main sets ctx.live)")
        self.ctx = ctx
        self.session = session
        self.hub = session.hub
        self.table_id = table_id
        self.render = render
        self.describe = describe
        self.snapshot = self.hub.open(table_id)
        # Per push: [the step the screen showed before it, when the phone had drawn it (None
        # until the phone answers; see seen), the last effective step the screen showed then].
        self._pushes: list[list[Any]] = []
        self._own_last: int | None = None  # the step this screen's own last action made
        self.closed = False
        self.strip = MessageStrip(self._undo_pressed, self._message_action)
        self._message_action_fn: Callable[[], None] | None = None
        #: Whether what the screen shows last came from another device (a push), not from
        #: this screen's own tap: what its render replaces now, the phone may still be tapping.
        self.from_push = False
        # Tappable controls a push replaced, kept on the page (hidden) for a while.
        self._kept = SectionColumn([], visible=False, spacing=0, tight=True)
        self._kept_since: list[tuple[float, ft.Control]] = []
        self._kept_timer: asyncio.TimerHandle | None = None
        self._footer = SectionColumn([self.strip.control, self._kept], spacing=0, tight=True)
        self._subscription = self.hub.subscribe(table_id, self._from_hub)
        session.attach(self)

    # -- what the screen shows ----------------------------------------------------------------
    @property
    def seen(self) -> int:
        """The step this screen last showed: what its next action is judged against.

        A change pushed from another device reaches this session at once but the phone's
        glass a moment later. After each push the session asks the phone a question (a
        round trip on the same connection); the phone answers once it has the change, and
        its taps arrive in the order it sent them. So a tap that arrives before that answer,
        or within :data:`SEEN_DELAY` after it, was made looking at the screen before the
        push: it is judged against that older step (the hub then applies it only if it
        still fits, else says what changed)."""
        return self._seen()[0]

    def _seen(self) -> tuple[int, int | None]:
        """(:attr:`seen`, the table's last effective step as the screen showed it then)."""
        now = time.monotonic()
        self._pushes = [p for p in self._pushes if p[1] is None or now - p[1] < SEEN_DELAY]
        if self._pushes:
            oldest = min(self._pushes, key=lambda p: int(p[0]))
            return int(oldest[0]), oldest[2]
        return self.snapshot.seq, self.snapshot.last

    @property
    def footer(self) -> ft.Control:
        """The message strip (and, hidden, the controls kept for taps on their way)."""
        return self._footer

    @property
    def page(self) -> ft.Page:
        return self.ctx.page

    def _show(self, snapshot: Snapshot, *, pushed: bool = False) -> None:
        self.snapshot = snapshot
        self.from_push = pushed
        self.render(snapshot)
        self.strip.sync(snapshot)

    def say(self, message: Message | None, *, on_action: Callable[[], None] | None = None) -> None:
        """Show ``message`` in the strip (None: leave it as it is)."""
        if message is None:
            return
        self._message_action_fn = on_action
        self.strip.show(message, self.snapshot, self.page.loop)

    def tell(self, message: Message) -> None:
        """Show ``message`` now (outside a tap's outcome: a hint, a greeting)."""
        self.say(message)
        self._update()

    def _update(self) -> None:
        """Send the message strip (the screen's sections were sent by its render)."""
        if not self.closed and mounted(self.strip.control):
            self.strip.control.update()

    # -- acting -------------------------------------------------------------------------------
    def act(
        self,
        action: Any,
        *,
        confirm: Callable[[Applied], str] | None = None,
        on_outcome: Callable[[Outcome], None] | None = None,
        quiet: bool = False,
    ) -> Outcome:
        """Submit ``action`` for this screen; render and say what came of it.

        ``confirm(applied)`` words the message of an applied action (default: the engine
        record's words, ``describe``); ``on_outcome(outcome)`` runs before the screen is
        drawn, to settle this device's drafts (a card played is no longer chosen).
        ``quiet``: an applied action says nothing (a value typed into a field shows in the
        field); a refusal or a failure still does."""
        seen = self.seen
        outcome = self.hub.submit(self.table_id, action, seen=seen, device=self.session.device)
        own = self._own_last
        if isinstance(outcome, Refused) and own is not None and seen < own:
            # The screen's own last step was made on top of the steps before it: a quick
            # second tap follows on from it (three taps on a + are 3, not 1 and two
            # refusals because another phone's change came in between). Changes made after
            # it are still judged; the engine still verifies the action on the table now.
            outcome = self.hub.submit(self.table_id, action, seen=own, device=self.session.device)
        if on_outcome is not None:
            on_outcome(outcome)
        self._after(outcome, confirm=confirm, quiet=quiet)
        return outcome

    def undo(self, of: int | None = None) -> Outcome | None:
        """Take back step ``of`` (default: the table's last effective action as the phone
        shows it: a move pushed a moment ago that the player has not seen yet is not the one
        their Undo means, so that undo is refused, saying what changed)."""
        seen, last = self._seen()
        target = last if of is None else of
        if target is None:
            self.say(info("Nothing to undo."))
            self._update()
            return None
        outcome = self.hub.undo(self.table_id, of=target, seen=seen, device=self.session.device)
        self._after(outcome)
        return outcome

    @property
    def me(self) -> str | None:
        """The seated player this device holds at the table ("This phone is Ann"), or None."""
        return self.snapshot.held_by(self.session.device)

    def hold(self, player: str | None) -> Outcome:
        """Say which seated player holds this device (None: nobody); every phone sees it."""
        outcome = self.hub.hold(
            self.table_id, player=player, seen=self.seen, device=self.session.device
        )
        if isinstance(outcome, Failed):
            self.say(error(outcome.message))
        else:
            self._show(outcome.snapshot)
            if isinstance(outcome, Refused):
                self.say(error(outcome.message))
            else:  # not a move: nothing to undo
                self.say(
                    info(f"This phone is {player}'s." if player else "This phone is no one's.")
                )
        self._update()
        return outcome

    def set_house_rules(self, ids: frozenset[str]) -> Outcome:
        outcome = self.hub.set_house_rules(
            self.table_id, ids, seen=self.seen, device=self.session.device
        )
        if not isinstance(outcome, Failed):
            self._show(outcome.snapshot)
        return outcome

    def follow_house_rules(
        self, in_use: frozenset[str] | None, wanted: frozenset[str]
    ) -> str | None:
        """Play by the house rules chosen in Settings (``wanted``: the ruling ids whose other
        reading this tool should play by) where the table plays by others (``in_use``; None
        when the table cannot be read). A table whose moves the new rules forbid keeps the
        rules it was played with: the message saying so is returned for the screen to show."""
        if in_use is None or self.snapshot.read_only or in_use == wanted:
            return None
        outcome = self.set_house_rules(wanted)
        return None if isinstance(outcome, Applied) else outcome.message

    def save(
        self,
        play: Callable[[Any], PlayCreate | Mapping[str, Any]],
        *,
        saved: Callable[[Saved], str],
        again: bool = False,
    ) -> Saved | Refused | Failed:
        """Save the table to history exactly once. A table saved already (from any device,
        or before a crash) opens its play instead of saving again. A table whose play was
        deleted since it was saved is not saved again by a tap: a dialog says so and offers
        "Save again as a new play" (the explicit ``again``)."""
        outcome = self.hub.save_to_history(
            self.table_id, play, seen=self.seen, device=self.session.device, again=again
        )
        if isinstance(outcome, Saved) and not outcome.created:
            self._show(outcome.snapshot)
            self.ctx.navigate(history.play_route(outcome.play_id))
            return outcome
        self._show(outcome.snapshot)
        if isinstance(outcome, Saved):
            play_id = outcome.play_id
            self.say(
                Message(saved(outcome), action="View"),
                on_action=lambda: self.ctx.navigate(history.play_route(play_id)),
            )
        elif isinstance(outcome, Refused) and saved_before(outcome.snapshot) and not again:
            self._ask_save_again(play, saved)
        else:
            self.say(error(outcome.message))
        self._update()
        return outcome

    def _ask_save_again(
        self, play: Callable[[Any], PlayCreate | Mapping[str, Any]], saved: Callable[[Saved], str]
    ) -> None:
        """The play this table was saved as has been deleted: saving it again is a choice."""

        def again(e: Any) -> None:
            self.page.pop_dialog()
            self.save(play, saved=saved, again=True)

        self.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text("Saved before"),
                content=ft.Text(SAVED_BEFORE_QUESTION),
                actions=[
                    ft.TextButton("Cancel", on_click=lambda e: self.page.pop_dialog()),
                    tagged(
                        "save-again",
                        ft.FilledButton("Save again as a new play", on_click=again),
                    ),
                ],
            )
        )

    def finish(self) -> StatusChanged | Refused | Failed:
        return self._status(self.hub.finish(self.table_id, device=self.session.device))

    def abandon(self) -> StatusChanged | Refused | Failed:
        return self._status(self.hub.abandon(self.table_id, device=self.session.device))

    def _status(
        self, outcome: StatusChanged | Refused | Failed
    ) -> StatusChanged | Refused | Failed:
        self._show(outcome.snapshot)
        if not isinstance(outcome, StatusChanged):
            self.say(error(outcome.message))
        self._update()
        return outcome

    def _after(
        self,
        outcome: Outcome,
        *,
        confirm: Callable[[Applied], str] | None = None,
        quiet: bool = False,
    ) -> None:
        if isinstance(outcome, Failed):
            # Nothing changed anywhere: the screen stays as it was (drafts too).
            self.say(after(outcome, describe=self.describe))
        else:
            if isinstance(outcome, Applied):
                self._own_last = outcome.snapshot.seq
            self._show(outcome.snapshot)
            if not (quiet and isinstance(outcome, Applied)):
                self.say(after(outcome, describe=self.describe, confirm=confirm))
        self._update()

    def _undo_pressed(self, of: int) -> None:
        self.undo(of)

    def _message_action(self) -> None:
        fn = self._message_action_fn
        self.strip.hide()
        if fn is not None:
            fn()
        else:
            self._update()

    # -- pushes -------------------------------------------------------------------------------
    def _from_hub(self, snapshot: Snapshot) -> None:
        """Called by the hub on whichever thread made the change: hand it to our loop."""
        if self.closed or self.session.closed:
            return
        # (not delivered: the page is not connected now, and shows the table when it comes
        # back, or the session ended)
        deliver(self.page, self._pushed, snapshot)

    def _pushed(self, snapshot: Snapshot) -> None:
        if self.closed or snapshot.version <= self.snapshot.version:
            return  # this screen's own action (already shown), or an older push
        push: list[Any] | None = None
        if snapshot.seq != self.snapshot.seq:
            push = [self.snapshot.seq, None, self.snapshot.last]
            self._pushes.append(push)
        try:
            self._show(snapshot, pushed=True)
            self._update()
            if self._kept_since:  # each push also lets go what was kept long enough
                self._prune_kept()
        except Exception:
            log.exception("showing a change of table %s failed", self.table_id)
        if push is not None:
            _PENDING.add(_PENDING.answers, self.page, 1)  # until the phone answers
            try:
                self.page.run_task(self._drawn, push)
            except RuntimeError:  # the session is gone
                push[1] = time.monotonic()
                _PENDING.add(_PENDING.answers, self.page, -1)

    async def _drawn(self, push: list[Any]) -> None:
        """Note when the phone has the change: it answers a question sent after it."""
        # No answer (a phone gone, a silent test client): count it as drawn after all.
        try:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.page.get_device_info(), ACK_TIMEOUT)
            push[1] = time.monotonic()
        finally:
            _PENDING.add(_PENDING.answers, self.page, -1)

    def reconnected(self) -> None:
        """After a reload: the table as it is now, and no old message."""
        self.strip.hide()
        self._pushes.clear()  # the page is drawn afresh: what it shows is the table now
        try:
            self._show(self.hub.open(self.table_id))
        except (StoreError, TableNotFound) as exc:
            self.say(error(f"The game could not be read again: {exc}"))
        self._update()

    # -- taps on their way ------------------------------------------------------------------
    def keep_tappable(self, controls: list[ft.Control]) -> int:
        """Keep ``controls`` (tappable ones a push's render took off the screen:
        :func:`tappable`) on the page, hidden, for :data:`KEEP_SECONDS`: a tap the phone sent
        before it drew the push still reaches its handler (and is applied or refused with a
        message, judged against the screen it was made on) instead of being dropped by Flet
        as a tap on a control that is gone. How many were kept."""
        now = time.monotonic()
        known = {id(c) for _t, c in self._kept_since}
        found: list[ft.Control] = []
        for control in controls:
            if id(control) not in known:
                known.add(id(control))
                found.append(control)
        alive = [(t, c) for t, c in self._kept_since if now - t < KEEP_SECONDS]
        alive += [(now, c) for c in found]
        self._kept_since = alive[-KEEP_MOST:]
        self._send_kept()
        if found and self._kept_timer is None:
            try:
                self._kept_timer = self.page.loop.call_later(KEEP_SECONDS, self._forget_kept)
            except (AttributeError, RuntimeError):
                self._kept_timer = None
        return len(found)

    @property
    def keeping(self) -> bool:
        """Whether any control a push replaced is kept on the page now."""
        return bool(self._kept_since)

    def release_kept(self, shown: set[int]) -> None:
        """The controls (by ``id``) the screen shows again: they are no longer kept (sent at
        once, before the screen puts them back, so each is on the page in one place)."""
        if any(id(c) in shown for _t, c in self._kept_since):
            self._kept_since = [(t, c) for t, c in self._kept_since if id(c) not in shown]
            self._send_kept()

    def _send_kept(self) -> None:
        controls = [c for _t, c in self._kept_since]
        if controls == self._kept.controls:
            return
        self._kept.controls = controls
        if not self.closed and mounted(self._kept):
            self._kept.update()

    def _prune_kept(self) -> None:
        now = time.monotonic()
        self._kept_since = [(t, c) for t, c in self._kept_since if now - t < KEEP_SECONDS]
        self._send_kept()

    def _forget_kept(self) -> None:
        self._kept_timer = None
        now = time.monotonic()
        if mounted(self._kept):
            run_as_event(self.page, self._prune_kept)
        else:
            self._kept_since = [(t, c) for t, c in self._kept_since if now - t < KEEP_SECONDS]
        if self._kept_since and not self.closed:
            wait = KEEP_SECONDS - (now - self._kept_since[0][0])
            with contextlib.suppress(AttributeError, RuntimeError):  # the session is gone
                self._kept_timer = self.page.loop.call_later(max(wait, 0.1), self._forget_kept)

    def close(self) -> None:
        """Leave the table: unsubscribe and stop the message timer (idempotent)."""
        if self.closed:
            return
        self.closed = True
        self._subscription.close()
        self.strip.cancel_timer()
        if self._kept_timer is not None:
            self._kept_timer.cancel()
            self._kept_timer = None
        self.session.detach(self)


def tappable(root: ft.BaseControl) -> list[ft.Control]:
    """The controls under ``root`` (itself included) that answer a tap or typing."""
    found: list[ft.Control] = []
    seen: set[int] = set()
    stack: list[Any] = [root]
    while stack:
        node = stack.pop()
        if not isinstance(node, ft.BaseControl) or id(node) in seen:
            continue
        seen.add(id(node))
        children, events = _fields_of(type(node))
        if isinstance(node, ft.Control) and any(getattr(node, e) is not None for e in events):
            found.append(node)
        for name in children:
            value = getattr(node, name, None)
            if isinstance(value, ft.BaseControl):
                stack.append(value)
            elif isinstance(value, (list, tuple)):
                stack.extend(v for v in value if isinstance(v, ft.BaseControl))
    return found


_FIELDS: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _fields_of(kind: type) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A control class's fields that may hold controls, and its tap events (worked out once
    per class from its declared types: a walk reads only those)."""
    known = _FIELDS.get(kind)
    if known is None:
        children: list[str] = []
        events: list[str] = []
        for f in dataclasses.fields(kind):
            if f.name.startswith("_") or f.name == "parent":
                continue
            if f.name in TAP_EVENTS:
                events.append(f.name)
            elif not f.name.startswith("on_") and _may_hold_control(f.type):
                children.append(f.name)
        known = _FIELDS[kind] = (tuple(children), tuple(events))
    return known


def _may_hold_control(declared: Any) -> bool:
    if isinstance(declared, str):
        return "Control" in declared
    if isinstance(declared, typing.ForwardRef):
        return "Control" in declared.__forward_arg__
    if isinstance(declared, type):
        return issubclass(declared, ft.BaseControl)
    return any(_may_hold_control(arg) for arg in typing.get_args(declared))


__all__ = [
    "KEEP_SECONDS",
    "LiveSession",
    "LiveTable",
    "MessageStrip",
    "answers_pending",
    "bind_page",
    "deliver",
    "live_session",
    "pushes_pending",
    "run_as_event",
    "tappable",
]
