"""Helpers for the shared-table tests: a tiny checklist engine whose actions read only their
own step (so a stale screen's tick on another step still fits), Journey shortcuts, a table
played up to a point (:func:`table_from`; :func:`table_at` on a server's database) and read
back as a restarted server would (:func:`game_on`; :func:`game_at`), and database failures
on demand."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, TypeVar

from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from companion.engine import journey as j
from companion.engine.core import saves
from companion.engine.core.protocol import TableRules
from companion.history import Store, open_store
from companion.tables import TableHub

PLAYERS = ("Anna", "Ben", "Cleo")

G = TypeVar("G")


class ChecklistError(ValueError):
    pass


@dataclass(frozen=True)
class Tick(saves.Action):
    kind: ClassVar[str] = "tick"
    step: str
    done: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "step": self.step, "done": self.done}


@dataclass(frozen=True)
class Checklist:
    """Steps to tick off; ticking a step that is already in that state is refused."""

    steps: tuple[str, ...]
    done: frozenset[str] = frozenset()
    log: tuple[Tick, ...] = field(default=(), compare=False)

    @property
    def is_over(self) -> bool:
        return self.done == frozenset(self.steps)

    def apply(self, action: Tick) -> tuple[Checklist, Tick]:
        if action.step not in self.steps:
            raise ChecklistError(f"step {action.step!r} is not on the list")
        if (action.step in self.done) == action.done:
            raise ChecklistError(
                f"step {action.step!r} is already {'done' if action.done else 'open'}"
            )
        done = self.done | {action.step} if action.done else self.done - {action.step}
        return replace(self, done=done, log=(*self.log, action)), action

    def to_dict(self) -> dict[str, Any]:
        return {"steps": list(self.steps), "done": sorted(self.done)}

    @classmethod
    def from_dict(cls, data: object) -> Checklist:
        if not isinstance(data, dict) or not isinstance(data.get("steps"), list):
            raise ChecklistError(f"not a checklist: {data!r}")
        return cls(tuple(data["steps"]), frozenset(data.get("done", [])))


def read_tick(data: object) -> Tick:
    if not isinstance(data, dict) or data.get("kind") != "tick":
        raise ChecklistError(f"not a tick: {data!r}")
    step = data.get("step")
    if not isinstance(step, str):
        raise ChecklistError(f"step {step!r} must be text")
    return Tick(step, bool(data.get("done", True)))


CHECKLIST = TableRules[Checklist, Tick](
    tool="checklist",
    read_start=Checklist.from_dict,
    read_action=read_tick,
    players=lambda game: (),
    status=lambda game: f"{len(game.done)} of {len(game.steps)} done",
    error=ChecklistError,
    reads=lambda game, action: action.step in game.done,
    changed=lambda then, now: "someone ticked that step meanwhile",
)

REGISTRY = {"journey": j.TABLE_RULES, "checklist": CHECKLIST}


def fresh_journey(players: tuple[str, ...] = PLAYERS) -> j.JourneyGame:
    return j.JourneyGame.new(list(players))


def play(game: j.JourneyGame, *moves: tuple[Any, ...]) -> j.JourneyGame:
    """Apply moves: ``("9",)`` starts a row, ``("8", 0, "left")`` places, ``(5, 4)`` swaps."""
    for move in moves:
        if len(move) == 1:
            game = game.start_row(move[0])[0]
        elif len(move) == 3:
            game = game.place(*move)[0]
        else:
            game = game.swap(*move)[0]
    return game


def table_from(
    hub: TableHub, tool: str, game: Any, actions: Iterable[Any] = (), *, device: str = "test"
) -> int:
    """A new ``tool`` table starting from ``game``, then ``actions`` submitted one by one
    from ``device`` (each must be accepted); returns its id."""
    snapshot = hub.create(tool, game, device=device)
    for action in actions:
        outcome = hub.submit(snapshot.table_id, action, seen=snapshot.seq, device=device)
        assert outcome.ok, outcome
        snapshot = outcome.snapshot
    return snapshot.table_id


def game_on(store: Store, table_id: int, kind: type[G]) -> G:
    """The table's game as a restarted server reads it (a new hub on ``store``), which must
    be a ``kind``."""
    game = TableHub(store).open(table_id).game
    assert isinstance(game, kind), game
    return game


def table_at(
    db_url: str, tool: str, game: Any, actions: Iterable[Any] = (), *, device: str = "seed"
) -> int:
    """:func:`table_from` on the database at ``db_url`` (a server's, which opens the table on
    demand)."""
    with open_store(db_url) as store:
        return table_from(TableHub(store), tool, game, actions, device=device)


def game_at(db_url: str, table_id: int, kind: type[G]) -> G:
    """:func:`game_on` on the database at ``db_url``."""
    with open_store(db_url) as store:
        return game_on(store, table_id, kind)


@contextmanager
def writes_failing(
    store: Store,
    message: str = "database or disk is full",
    *,
    table: str = "table_action",
    write: str = "INSERT INTO",
) -> Iterator[None]:
    """While inside, every ``write`` (``INSERT INTO``, ``UPDATE``) of ``table`` fails as a
    full disk would, with ``message``."""
    prefix = f"{write} {table}".upper()

    def fail(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if statement.lstrip().upper().startswith(prefix):
            raise OperationalError(statement, {}, Exception(message))

    appender = store.appender  # a move at a table on SQLite: the driver's own cursor
    execute = appender.execute if appender is not None else None

    def fail_raw(cursor: Any, statement: str, parameters: Any) -> None:
        if statement.lstrip().upper().startswith(prefix):
            raise sqlite3.OperationalError(message)
        assert execute is not None
        execute(cursor, statement, parameters)

    engine = store.engine
    event.listen(engine, "before_cursor_execute", fail)
    if appender is not None:
        appender.execute = fail_raw  # type: ignore[method-assign]
    try:
        yield
    finally:
        event.remove(engine, "before_cursor_execute", fail)
        if appender is not None:
            del appender.execute  # the class's own again


@contextmanager
def disk_filled(store: Store) -> Iterator[None]:
    """While inside, the SQLite database cannot grow by a page (SQLite's own 'database or
    disk is full')."""

    def full(dbapi: Any, record: Any, proxy: Any) -> None:
        cursor = dbapi.cursor()
        pages = cursor.execute("PRAGMA page_count").fetchone()[0]
        cursor.execute(f"PRAGMA max_page_count = {pages}")
        cursor.close()

    engine = store.engine
    engine.dispose()  # the pooled connections were opened without the limit
    event.listen(engine, "checkout", full)
    try:
        yield
    finally:
        event.remove(engine, "checkout", full)
        engine.dispose()  # the limit belongs to each connection: new ones have none


def race(workers: list[Callable[[], Any]]) -> list[Any]:
    """Run ``workers`` at the same moment, one thread each (they start together at a barrier);
    what each returned or raised, in their order."""
    barrier = threading.Barrier(len(workers))
    results: list[Any] = [None] * len(workers)

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = workers[i]()
        except BaseException as exc:  # collected, asserted by the test thread
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(workers))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results
