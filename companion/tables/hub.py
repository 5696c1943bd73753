"""The table hub: one per server process, applying each table's actions one at a time.

See the package docstring (``companion.tables``) for how a tool joins. In short: a screen
sends ``submit(table_id, action, seen=<the seq it last showed>, device=...)`` and gets back

- :class:`Applied`: committed to the database, then applied in memory, then pushed to every
  subscriber (so no screen ever shows an action that was not kept);
- :class:`Refused`: not allowed (the rules say no, or the table moved on in a way that
  matters to this action, or it is finished); nothing written; ``message`` says why and
  ``snapshot`` is the table as it now is, for the screen to catch up;
- :class:`Failed`: the database refused the write (disk full, server down); nothing changed
  in memory either; ``message`` says so.

Undo is the log row ``{"kind": "undo", "of": seq}``: it takes back the table's last
effective action and is refused unless ``of`` is still that action. A change of house rules
is ``{"kind": "house_rules", "ids": [...]}`` (the game scored again from its start).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from companion.engine.core.protocol import HOLDER, HOUSE_RULES, UNDO, TableRules
from companion.engine.core.words import sentence
from companion.history import (
    NotFoundError,
    PlayCreate,
    SavedBeforeError,
    SeqTakenError,
    Store,
    StoreError,
    TableClosedError,
    TablePublic,
)
from companion.history.models import DEVICE_MAX
from companion.tables.outcomes import (
    Applied,
    Failed,
    Outcome,
    Refused,
    Saved,
    Snapshot,
    StatusChanged,
    TableInfo,
    TableNotFound,
)

log = logging.getLogger(__name__)

#: How often a submit re-reads the log and decides again after another server took the step.
RETRIES = 5
SAVED_BEFORE = (
    "this game was saved to history before, and its play has been deleted since; "
    "save it again only if you mean to"
)
STATUS_WORDS = {"finished": "finished", "abandoned": "abandoned"}


def _sentence(text: str) -> str:
    """A hub message as a sentence (a closing bracket still gets its full stop)."""
    return sentence(text, stops=".!?")


Callback = Callable[[Snapshot], None]
ToolCallback = Callable[[str], None]


class Subscription:
    """A screen's subscription to a table's changes; ``close()`` ends it (idempotent)."""

    def __init__(self, hub: TableHub, table_id: int, key: int) -> None:
        self._hub = hub
        self.table_id = table_id
        self._key = key
        self.closed = False

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._hub._unsubscribe(self.table_id, self._key)


class ToolSubscription:
    """A list's subscription to a tool's tables (created, moved, finished, abandoned, saved
    on any server); ``close()`` ends it (idempotent)."""

    def __init__(self, hub: TableHub, tool: str, key: int) -> None:
        self._hub = hub
        self.tool = tool
        self._key = key
        self.closed = False

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._hub._unsubscribe_tool(self.tool, self._key)


# -- one table in memory ---------------------------------------------------------------------------


class _Refusal(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = _sentence(message)


class _Table:
    """A table in memory: every state by seq, the effective actions, its subscribers."""

    def __init__(self, rules: TableRules[Any, Any], row: TablePublic) -> None:
        self.lock = threading.RLock()
        self.rules = rules
        self.row = row
        self.damaged: str | None = None
        self.states: list[Any] = []  # states[s]: the game after step s (states[0]: the start)
        self.records: list[Any] = [None]  # records[s]: what step s did
        self.effective: list[int] = []  # the steps not taken back, oldest first
        # house[s]: the house rules a house-rules step chose, in force after step s (None: the
        # start's). A change of house rules reads only these (see step).
        self.house: list[tuple[str, ...] | None] = [None]
        # holders[s]: which player each device holds after step s (see HOLDER).
        self.holders: list[dict[str, str]] = [{}]
        self.subscribers: dict[int, Callback] = {}
        self.version = 0
        try:
            self.states.append(rules.read_start(row.start))
        except (ValueError, TypeError, KeyError) as exc:
            self.damaged = f"its start cannot be read: {exc}"

    @property
    def head(self) -> int:
        return len(self.states) - 1

    @property
    def game(self) -> Any:
        return self.states[-1] if self.states else None

    def state_at(self, seq: int) -> Any:
        return self.states[seq]

    def step(
        self, body: Mapping[str, Any], seen: int, action: Any = None
    ) -> tuple[Any, Any, int | None]:
        """``(game, record, undone)`` if ``body`` may be the next step for a screen that saw
        step ``seen``; raises :class:`_Refusal` saying why not. Changes nothing."""
        kind = body.get("kind")
        now = self.game
        if kind == UNDO:
            of = body.get("of")
            if isinstance(of, bool) or not isinstance(of, int):
                raise _Refusal("Not undone: this phone did not say which move to take back")
            if not self.effective or self.effective[-1] != of:
                if of in self.effective:  # something happened after it
                    what = self.rules.changed(self.state_at(of), now)
                    raise _Refusal(f"Not undone: that is no longer the last move ({what})")
                if 0 < of <= self.head:
                    raise _Refusal("Not undone: that move was already taken back")
                raise _Refusal("Not undone: there is no such move on this table")
            return self.state_at(of - 1), self.records[of], of
        if kind == HOUSE_RULES:
            ids = body.get("ids")
            if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
                raise _Refusal("Not changed: this phone did not send the house rules as a list")
            if self.rules.with_rules is None:
                raise _Refusal("this game has no house rules to change")
            if seen < self.head and self.house[seen] != self.house[-1]:
                # The screen sends the whole set it shows: applied over another screen's
                # change, it would quietly undo that change.
                raise _Refusal(
                    "Not changed: the house rules were changed on another screen meanwhile "
                    "(shown now as they are)"
                )
            try:
                return self.rules.with_rules(now, frozenset(ids)), None, None
            except self.rules.error as exc:
                raise _Refusal(
                    "this game keeps the house rules it was played with: a move already made "
                    f"is not allowed under the new ones: {exc}"
                ) from None
        if kind == HOLDER:
            device, player = body.get("device"), body.get("player")
            if not isinstance(device, str) or not 0 < len(device) <= DEVICE_MAX:
                raise _Refusal("this phone could not be told apart from the others")
            if player is not None and player not in self.rules.players(now):
                raise _Refusal(f"{player} is not seated at this table")
            return now, None, None
        try:
            parsed = action if action is not None else self.rules.read_action(dict(body))
        except self.rules.error as exc:
            raise _Refusal(str(exc)) from None
        if seen < self.head:
            then = self.state_at(seen)
            if not self.rules.fits(then, now, parsed):
                raise _Refusal(self.rules.changed(then, now))
        try:
            game, record = now.apply(parsed)
        except self.rules.error as exc:
            raise _Refusal(str(exc)) from None
        return game, record, None

    def advance(self, game: Any, record: Any, undone: int | None, body: Mapping[str, Any]) -> None:
        seq = self.head + 1
        kind = body.get("kind")
        self.states.append(game)
        self.records.append(record)
        if kind == HOUSE_RULES:
            self.house.append(tuple(body["ids"]))
        elif undone is not None:
            self.house.append(self.house[undone - 1])
        else:
            self.house.append(self.house[-1])
        holders = self.holders[-1]
        if kind == HOLDER:
            holders = {d: p for d, p in holders.items() if d != body["device"]}
            if body.get("player") is not None:
                holders[body["device"]] = body["player"]
        self.holders.append(holders)
        if undone is not None:
            self.effective.pop()
        elif kind is not None and kind != HOLDER:
            self.effective.append(seq)
        self.version += 1

    def replay(self, seq: int, body: Mapping[str, Any]) -> bool:
        """Apply logged step ``seq`` as it was committed; False (the table marked damaged,
        nothing applied) when it no longer replays."""
        if self.damaged is not None:
            return False
        if seq != self.head + 1:
            self.damaged = f"step {seq} follows step {self.head}: a step is missing"
            return False
        try:
            game, record, undone = self.step(body, self.head)
        except _Refusal as exc:
            self.damaged = f"step {seq} ({body.get('kind')!r}) no longer replays: {exc.message}"
            return False
        self.advance(game, record, undone, body)
        return True

    def info(self) -> TableInfo:
        game = self.game
        players: tuple[str, ...] = ()
        line = ""
        if game is not None:
            players = tuple(self.rules.players(game))
            line = self.rules.status(game)
        return TableInfo(
            id=self.row.id,
            tool=self.row.tool,
            status=self.row.status,
            players=players,
            line=line,
            saved_play_id=self.row.saved_play_id,
            created_at=self.row.created_at,
            updated_at=self.row.updated_at,
            damaged=self.damaged,
            saved=self.row.saved,
        )

    def snapshot(self) -> Snapshot:
        return Snapshot(
            info=self.info(),
            seq=self.head,
            game=self.game,
            last=self.effective[-1] if self.effective else None,
            version=self.version,
            holders=self.holders[-1],
        )

    def summary(self, game: Any) -> dict[str, Any]:
        return {"players": list(self.rules.players(game)), "status": self.rules.status(game)}


# -- the hub ---------------------------------------------------------------------------------------


class TableHub:
    """Every table of one server process: opened from the database once, kept in memory,
    changed one action at a time per table (a lock), each change committed before it is
    applied and pushed to the table's subscribers.

    ``registry`` maps each tool id to its engine's :class:`TableRules` (default: every tool
    that has joined, see :mod:`companion.tables.registry`).
    """

    def __init__(
        self, store: Store, registry: Mapping[str, TableRules[Any, Any]] | None = None
    ) -> None:
        if registry is None:
            from companion.tables.registry import tools

            registry = tools()
        self.store = store
        self.registry = dict(registry)
        self._tables: dict[int, _Table] = {}
        self._lock = threading.Lock()  # guards _tables and subscription keys
        self._next_key = 0
        self._watcher: Any = None
        self._tool_subscribers: dict[str, dict[int, ToolCallback]] = {}

    def __repr__(self) -> str:
        return f"TableHub({self.store!r}, tools={sorted(self.registry)!r})"

    def rules(self, tool: str) -> TableRules[Any, Any]:
        try:
            return self.registry[tool]
        except KeyError:
            raise TableNotFound(f"no tool {tool!r} keeps tables") from None

    # -- opening ----------------------------------------------------------------------------
    def _load(self, table_id: int) -> _Table:
        """The table in memory, read and replayed from the database the first time.
        Raises :class:`TableNotFound` or :class:`StoreError`."""
        with self._lock:
            table = self._tables.get(table_id)
        if table is not None:
            return table
        try:
            row = self.store.table(table_id)
        except NotFoundError:
            raise TableNotFound(f"no table {table_id!r}") from None
        table = _Table(self.rules(row.tool), row)
        for entry in self.store.table_actions(table_id):
            if not table.replay(entry.seq, entry.body):
                log.warning("table %s is damaged: %s", table_id, table.damaged)
                break
        with self._lock:
            # Another thread may have loaded it meanwhile: keep the first (it may have
            # subscribers already).
            return self._tables.setdefault(table_id, table)

    def open(self, table_id: int) -> Snapshot:
        """The table as it is now (caught up with the database: another server may have
        moved it). Raises :class:`TableNotFound`; a database error is a
        :class:`StoreError`."""
        table = self._load(table_id)
        with table.lock:
            self._catch_up(table, notify=True)
            return table.snapshot()

    def peek(self, table_id: int) -> Snapshot:
        """The table as this hub knows it, without reading the database (after the first
        load)."""
        table = self._load(table_id)
        with table.lock:
            return table.snapshot()

    def create(self, tool: str, game: Any, *, device: str = "") -> Snapshot:
        """A new open table of ``tool`` starting from ``game`` (a fresh game: its saved form
        is the start). Raises :class:`StoreError` when it cannot be written."""
        rules = self.rules(tool)
        start = rules.start_of(game)
        row = self.store.create_table(
            tool=tool,
            start=start,
            summary={"players": list(rules.players(game)), "status": rules.status(game)},
        )
        table = _Table(rules, row)
        with self._lock:
            self._tables[row.id] = table
        log.info("table %s (%s) created by %s", row.id, tool, device or "?")
        self.tool_changed(tool)
        return table.snapshot()

    def import_old(
        self, tool: str, game: Any, *, key: str, kept_as: str, device: str = "import"
    ) -> Snapshot | None:
        """A tool's old single saved game (``game``, with its log) becomes a table, exactly
        once: the log is checked by replaying it here (a move the rules no longer allow ends
        it), then the table, its log and the claim of settings ``key`` (kept as ``kept_as``)
        are written in ONE transaction. None when ``key`` was already claimed (another server
        or an earlier run imported it): nothing is written. Raises :class:`StoreError`."""
        rules = self.rules(tool)
        start = rules.start_of(game.start)
        state = rules.read_start(start)
        bodies: list[dict[str, Any]] = []
        for record in game.log:
            try:
                state = state.apply(record.action)[0]
            except rules.error:
                break  # the rules changed since: the table keeps what still replays
            bodies.append(record.action.to_dict())
        row = self.store.import_table(
            key=key,
            kept_as=kept_as,
            tool=tool,
            start=start,
            actions=bodies,
            summary={"players": list(rules.players(state)), "status": rules.status(state)},
            device=device,
        )
        if row is None:
            return None
        log.info("table %s (%s) imported from setting %r", row.id, tool, key)
        self.tool_changed(tool)
        return self.peek(row.id)

    def tables(self, tool: str, status: str | Sequence[str] = "open") -> list[TableInfo]:
        """The tool's tables in ``status``, most recently touched first (for the list of
        games in progress). Raises :class:`StoreError`."""
        rows = self.store.list_tables(tool=tool, status=status)
        infos = []
        for row in rows:
            with self._lock:
                table = self._tables.get(row.id)
            if table is not None:
                with table.lock:
                    if table.head >= row.head:
                        table.row = row
                        infos.append(table.info())
                        continue
            summary = row.summary
            players = summary.get("players", [])
            infos.append(
                TableInfo(
                    id=row.id,
                    tool=row.tool,
                    status=row.status,
                    players=tuple(p for p in players if isinstance(p, str)),
                    line=str(summary.get("status", "")),
                    saved_play_id=row.saved_play_id,
                    created_at=row.created_at,
                    updated_at=row.updated_at,
                    saved=row.saved,
                )
            )
        return infos

    def resume(self) -> list[TableInfo]:
        """Load and replay every open table (at start-up): each resumes where it was. Returns
        their infos; a damaged one (its log no longer replays) is kept, marked and logged."""
        infos = []
        for row in self.store.list_tables(status="open"):
            if row.tool not in self.registry:
                continue
            try:
                infos.append(self.peek(row.id).info)
            except StoreError:
                log.exception("resuming table %s failed", row.id)
        return infos

    # -- acting -----------------------------------------------------------------------------
    def submit(self, table_id: int, action: Any, *, seen: int, device: str) -> Outcome:
        """Apply a tool's action for a screen that last showed step ``seen``."""
        return self._commit(table_id, action.to_dict(), seen=seen, device=device, action=action)

    def undo(self, table_id: int, *, of: int, seen: int, device: str) -> Outcome:
        """Take back step ``of``, if it is still the table's last effective action."""
        return self._commit(table_id, {"kind": UNDO, "of": of}, seen=seen, device=device)

    def hold(self, table_id: int, *, player: str | None, seen: int, device: str) -> Outcome:
        """``device`` says which seated player holds it (``None``: nobody); another device
        holding that player keeps holding them too (a player may use two phones). Not a move:
        Undo passes over it."""
        body = {"kind": HOLDER, "device": device, "player": player}
        return self._commit(table_id, body, seen=seen, device=device)

    def set_house_rules(
        self, table_id: int, ids: Iterable[str], *, seen: int, device: str
    ) -> Outcome:
        """Score the game again from its start under house rules ``ids``."""
        body = {"kind": HOUSE_RULES, "ids": sorted(set(ids))}
        return self._commit(table_id, body, seen=seen, device=device)

    def _open_for(self, table_id: int) -> _Table | Failed | Refused:
        try:
            return self._load(table_id)
        except TableNotFound as exc:
            return Refused(_missing(table_id), _sentence(str(exc)))
        except StoreError as exc:
            return Failed(_missing(table_id), _sentence(f"Not done: {exc}"))

    def _commit(
        self,
        table_id: int,
        body: Mapping[str, Any],
        *,
        seen: int,
        device: str,
        action: Any = None,
    ) -> Outcome:
        table = self._open_for(table_id)
        if not isinstance(table, _Table):
            return table
        with table.lock:
            for _ in range(RETRIES):
                refused = self._closed(table) or self._bad_seen(table, seen)
                if refused:
                    return Refused(table.snapshot(), refused)
                try:
                    game, record, undone = table.step(body, seen, action)
                except _Refusal as exc:
                    return Refused(table.snapshot(), exc.message)
                seq = table.head + 1
                try:
                    self.store.append_action(
                        table_id=table_id,
                        seq=seq,
                        body=body,
                        device=device,
                        summary=table.summary(game),
                    )
                except SeqTakenError:
                    # Another server wrote this step: read what it wrote, then decide again.
                    failed = self._try_catch_up(table)
                    if failed:
                        return failed
                    continue
                except TableClosedError:
                    failed = self._try_catch_up(table)
                    return failed or Refused(table.snapshot(), self._closed(table) or "")
                except StoreError as exc:
                    log.warning("table %s: step %s not saved: %s", table_id, seq, exc)
                    return Failed(table.snapshot(), _sentence(f"Not saved: {exc}"))
                table.advance(game, record, undone, body)
                snapshot = table.snapshot()
                self._notify(table, snapshot)
                self.tool_changed(table.row.tool)
                return Applied(snapshot, seq, record, undone)
            return Failed(table.snapshot(), "The table kept changing: try again.")

    def _closed(self, table: _Table) -> str | None:
        if table.damaged is not None:
            return _sentence(f"This game is read-only: {table.damaged}")
        if table.row.status != "open":
            return _sentence(
                f"This game is {STATUS_WORDS.get(table.row.status, table.row.status)}: "
                "it takes no more moves"
            )
        return None

    def _bad_seen(self, table: _Table, seen: int) -> str | None:
        if isinstance(seen, bool) or not isinstance(seen, int) or not 0 <= seen <= table.head:
            return "This screen showed a table this server does not have; it is up to date now."
        return None

    def _try_catch_up(self, table: _Table) -> Failed | None:
        try:
            self._catch_up(table, notify=True)
        except StoreError as exc:
            return Failed(table.snapshot(), _sentence(f"Not saved: {exc}"))
        return None

    def _catch_up(self, table: _Table, *, notify: bool) -> bool:
        """Read what other servers wrote (steps, status, mark); True if anything changed.
        Call with the table's lock held."""
        row = self.store.table(table.row.id)
        changed = False
        if row.head > table.head and table.damaged is None:
            for entry in self.store.table_actions(row.id, after=table.head):
                if not table.replay(entry.seq, entry.body):
                    log.warning("table %s is damaged: %s", row.id, table.damaged)
                    break
            changed = True
        if (row.status, row.saved_play_id, row.saved_play_uid) != (
            table.row.status,
            table.row.saved_play_id,
            table.row.saved_play_uid,
        ):
            changed = True
        table.row = row
        if changed:
            table.version += 1
            if notify:
                self._notify(table, table.snapshot())
                self.tool_changed(row.tool)
        return changed

    def refresh(self, table_id: int) -> bool:
        """Catch a table in memory up with the database (the watcher calls this when another
        server moved it); True if it changed. Raises :class:`StoreError`."""
        with self._lock:
            table = self._tables.get(table_id)
        if table is None:
            return False
        with table.lock:
            return self._catch_up(table, notify=True)

    # -- ending -----------------------------------------------------------------------------
    def save_to_history(
        self,
        table_id: int,
        play: Callable[[Any], PlayCreate | Mapping[str, Any]],
        *,
        seen: int,
        device: str,
        again: bool = False,
    ) -> Saved | Refused | Failed:
        """Save the table to history exactly once: ``play(game)`` builds the play from the
        game as it now is. When the table is already saved (from any device or server, or
        before a crash) this returns that play with ``created=False`` and records nothing.
        A table whose play was deleted after it was saved is refused (saying so), whatever
        the device or server: saving it as a new play is the explicit ``again=True``."""
        table = self._open_for(table_id)
        if not isinstance(table, _Table):
            return table
        with table.lock:
            # The mark as the database has it now: its play may have been deleted, or put
            # back, from any device or server since this server last looked.
            failed = self._try_catch_up(table)
            if failed:
                return failed
            for _ in range(RETRIES):
                saved = table.row.saved_play_id
                if saved is not None and not again:
                    return Saved(table.snapshot(), saved, False)
                if table.row.saved and saved is None and not again:
                    return Refused(table.snapshot(), _sentence(f"Not saved: {SAVED_BEFORE}"))
                if table.damaged is not None:
                    return Refused(table.snapshot(), self._closed(table) or "")
                if table.row.status == "abandoned":
                    return Refused(table.snapshot(), self._closed(table) or "")
                if seen != table.head:
                    then = table.state_at(min(seen, table.head)) if seen >= 0 else table.game
                    return Refused(
                        table.snapshot(),
                        _sentence(f"Not saved: {table.rules.changed(then, table.game)}"),
                    )
                try:
                    built = play(table.game)
                    checked = PlayCreate.model_validate(
                        built.model_dump() if isinstance(built, PlayCreate) else built
                    )
                except ValueError as exc:  # the tool's own check, or the play's validation
                    return Refused(table.snapshot(), _sentence(f"Not saved: {exc}"))
                try:
                    play_id, created = self.store.save_table_play(
                        table_id=table_id, play=checked, head=table.head, again=again
                    )
                except SavedBeforeError:
                    failed = self._try_catch_up(table)  # another server's save, since deleted
                    if failed:
                        return failed
                    continue
                except SeqTakenError:
                    failed = self._try_catch_up(table)
                    if failed:
                        return failed
                    continue
                except StoreError as exc:
                    log.warning("table %s not saved to history: %s", table_id, exc)
                    return Failed(table.snapshot(), _sentence(f"Not saved: {exc}"))
                try:
                    table.row = self.store.table(table_id)
                except StoreError:  # saved all the same; the mark is in memory below
                    table.row = table.row.model_copy(
                        update={"saved_play_id": play_id, "status": "finished"}
                    )
                table.version += 1
                snapshot = table.snapshot()
                self._notify(table, snapshot)
                self.tool_changed(table.row.tool)
                return Saved(snapshot, play_id, created)
            return Failed(table.snapshot(), "The table kept changing: try again.")

    def finish(self, table_id: int, *, device: str) -> StatusChanged | Refused | Failed:
        """Mark the table finished: it leaves the games in progress and takes no more moves."""
        return self._set_status(table_id, "finished", device)

    def abandon(self, table_id: int, *, device: str) -> StatusChanged | Refused | Failed:
        """Give the table up: it leaves the games in progress; its log is kept."""
        return self._set_status(table_id, "abandoned", device)

    def _set_status(
        self, table_id: int, status: str, device: str
    ) -> StatusChanged | Refused | Failed:
        table = self._open_for(table_id)
        if not isinstance(table, _Table):
            return table
        with table.lock:
            if table.row.status != "open":
                return Refused(table.snapshot(), self._closed(table) or "")
            try:
                table.row = self.store.set_table_status(table_id=table_id, status=status)
            except StoreError as exc:
                return Failed(table.snapshot(), _sentence(f"Not done: {exc}"))
            table.version += 1
            snapshot = table.snapshot()
            log.info("table %s %s by %s", table_id, status, device or "?")
            self._notify(table, snapshot)
            self.tool_changed(table.row.tool)
            return StatusChanged(snapshot)

    # -- subscribers ------------------------------------------------------------------------
    def subscribe(self, table_id: int, callback: Callback) -> Subscription:
        """Call ``callback(snapshot)`` after every change of the table, from whichever thread
        made it (the thread of the screen that acted, or the watcher's). The callback must
        return at once: hand the snapshot to the screen's own event loop."""
        table = self._load(table_id)
        with self._lock:
            key = self._next_key
            self._next_key += 1
        with table.lock:
            table.subscribers[key] = callback
        return Subscription(self, table_id, key)

    def _unsubscribe(self, table_id: int, key: int) -> None:
        with self._lock:
            table = self._tables.get(table_id)
        if table is None:
            return
        with table.lock:
            table.subscribers.pop(key, None)
            idle = not table.subscribers and table.row.status != "open"
        if idle:  # a finished game nobody looks at is read again when someone does
            with self._lock:
                if self._tables.get(table_id) is table and not table.subscribers:
                    del self._tables[table_id]

    def subscriber_count(self, table_id: int) -> int:
        with self._lock:
            table = self._tables.get(table_id)
        return 0 if table is None else len(table.subscribers)

    def subscribe_tool(self, tool: str, callback: ToolCallback) -> ToolSubscription:
        """Call ``callback(tool)`` whenever one of ``tool``'s tables is created, moves, or is
        finished, abandoned or saved, here or (noticed by the watcher) on another server:
        for a list of games in progress to read :meth:`tables` again. Called from whichever
        thread made the change; it must return at once."""
        with self._lock:
            key = self._next_key
            self._next_key += 1
            self._tool_subscribers.setdefault(tool, {})[key] = callback
        return ToolSubscription(self, tool, key)

    def _unsubscribe_tool(self, tool: str, key: int) -> None:
        with self._lock:
            subscribers = self._tool_subscribers.get(tool)
            if subscribers is not None:
                subscribers.pop(key, None)
                if not subscribers:
                    del self._tool_subscribers[tool]

    def tool_changed(self, tool: str) -> None:
        """Tell ``tool``'s list subscribers that its tables changed."""
        with self._lock:
            callbacks = list(self._tool_subscribers.get(tool, {}).values())
        for callback in callbacks:
            try:
                callback(tool)
            except Exception:  # one broken list must not stop the others
                log.exception("a list of %s tables failed", tool)

    def watched_tools(self) -> set[str]:
        """The tools whose lists of games are on some screen of this server."""
        with self._lock:
            return {tool for tool, subscribers in self._tool_subscribers.items() if subscribers}

    def watched(self) -> dict[int, tuple[int, str, int | None]]:
        """The tables with subscribers: ``id → (head, status, mark)`` as this hub knows them."""
        with self._lock:
            tables = list(self._tables.items())
        return {
            table_id: (t.head, t.row.status, t.row.saved_play_id)
            for table_id, t in tables
            if t.subscribers
        }

    def _notify(self, table: _Table, snapshot: Snapshot) -> None:
        for callback in list(table.subscribers.values()):
            try:
                callback(snapshot)
            except Exception:  # one broken screen must not stop the others
                log.exception("a subscriber of table %s failed", snapshot.table_id)

    # -- several servers --------------------------------------------------------------------
    def start_watcher(self, interval: float = 0.25) -> None:
        """Poll the database for changes other servers make to watched tables (idempotent)."""
        from companion.tables.watcher import Watcher

        if self._watcher is None:
            self._watcher = Watcher(self, interval=interval)
            self._watcher.start()

    def close(self) -> None:
        """Stop the watcher (the store stays open: it belongs to the caller)."""
        if self._watcher is not None:
            self._watcher.stop()
            self._watcher = None


def _missing(table_id: int) -> Snapshot:
    """A placeholder snapshot for a table that could not be opened."""
    epoch = datetime(1970, 1, 1)
    info = TableInfo(
        id=table_id,
        tool="",
        status="abandoned",
        players=(),
        line="",
        saved_play_id=None,
        created_at=epoch,
        updated_at=epoch,
        damaged="it could not be opened",
    )
    return Snapshot(info=info, seq=0, game=None, last=None, version=0)


__all__ = [
    "Callback",
    "Subscription",
    "TableHub",
    "ToolCallback",
    "ToolSubscription",
]
