"""``python -m companion.crashtest --kills 200``: nothing a screen confirmed is ever lost.

Plays scripted Merchant's Journey games through the real server (``companion --web`` in a
child process) with a raw client that speaks Flet's own protocol over the WebSocket (the
messages a browser would send: register, taps), kills the server with SIGKILL at random
moments, starts it again and checks, each time, against the database:

- every action the screen had confirmed (its turn counter showed the move) is in the
  table's log, in order; nothing else is there, except at most the one tap that was in
  flight when the server died (committed, but killed before the screen heard of it);
- every game is saved to history at most once, and a save the screen confirmed is there.

Then the client opens the table again, as a phone would after the server came back, and
plays on. At the end it prints ``kills N, confirmed actions M, lost L`` (and the saves) and
exits non-zero if anything was lost or added. Needs a POSIX system (SIGKILL).

``--host 127.0.0.2`` (any address but a loopback name) serves it as on a network: the server
then requires the access code, and the client joins the way a phone does, by opening the
address the server printed (it carries the code) and keeping the device cookie it is given;
the code and the signing secret live in the database, so the cookie still admits the
client after every restart.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack  # type: ignore[import-untyped]

from companion.engine import journey
from companion.engine.journey import (
    SIDES,
    JourneyGame,
    Place,
    StartRow,
    read_action,
    status_line,
)
from companion.tools.browser import free_port, spawn_web_server, wait_for_answer

REGISTER, PATCH, EVENT, INVOKE = 1, 2, 3, 5
PLAYERS = ("Anna", "Ben")
CONFIRM_TIMEOUT = 5.0
#: A page's first screen after a (re)start: the server imports its screens first, which on a
#: busy two-core machine takes longer than a tap's answer.
FIRST_SCREEN_TIMEOUT = 60.0


class ServerGone(Exception):
    """The connection dropped: the server was killed (or crashed)."""


# -- the real server -------------------------------------------------------------------------------


class Server:
    """``python -m companion --web`` on a free port, with the given database. On any
    ``host`` but a loopback name it requires the access code (see :meth:`join`)."""

    def __init__(self, db_url: str, log: Path, *, host: str = "127.0.0.1") -> None:
        self.db_url = db_url
        self.log = log
        self.host = host
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self._cookie: str | None = None

    @property
    def url(self) -> str:
        shown = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{shown}:{self.port}"

    @property
    def needs_code(self) -> bool:
        from companion.addresses import is_loopback

        return not is_loopback(self.host)

    def start(self, timeout: float = 60) -> None:
        with self.log.open("ab") as out:
            self.process = spawn_web_server(self.db_url, self.host, self.port, out)
        try:
            wait_for_answer(self.url, self.process, timeout)
        except ChildProcessError:
            raise RuntimeError(f"the server exited with {self.process.returncode}") from None
        except TimeoutError:
            raise RuntimeError(f"the server did not answer on {self.url}") from None

    def printed_code(self) -> str | None:
        """The access code in the address the server printed last (None: it needs none)."""
        text = self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""
        found: list[str] = re.findall(r"\?code=([A-Z0-9]+)", text)
        return found[-1] if found else None

    def join(self) -> str | None:
        """The Cookie header of a device that has joined (None on loopback: no code).

        Opens the printed address, as a phone does, and keeps the device cookie the server
        sets; kept across restarts (the secret that signs it is in the database)."""
        if not self.needs_code:
            return None
        if self._cookie is None:
            code = self.printed_code()
            if code is None:
                raise RuntimeError(f"the server on {self.url} printed no access code")
            connection = http.client.HTTPConnection(self.host, self.port, timeout=10)
            try:
                connection.request("GET", f"/?code={code}")
                response = connection.getresponse()
                cookie = response.getheader("set-cookie")
            finally:
                connection.close()
            if response.status != 303 or not cookie:
                raise RuntimeError(f"the access code was refused ({response.status})")
            self._cookie = cookie.split(";")[0]
        return self._cookie

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


# -- a raw Flet client -----------------------------------------------------------------------------


def _walk(value: Any) -> Iterator[Any]:
    stack = [value]
    while stack:
        item = stack.pop()
        yield item
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)


class Client:
    """One phone: registers a page at ``route`` and taps controls by their handle
    (``ft.Semantics(identifier=...)``), as the browser's accessibility tree would.

    ``cookie`` is the device cookie of a phone that joined with the access code
    (:meth:`Server.join`). Like a browser, it answers the questions the server asks the page
    (a table screen asks after each push, to learn when the phone has the change); with
    ``answers=False`` it stays silent, as a phone that is slow to draw would."""

    def __init__(
        self, base_url: str, route: str, *, cookie: str | None = None, answers: bool = True
    ) -> None:
        from websockets.sync.client import connect
        from websockets.typing import Origin

        self.ids: dict[str, int] = {}
        self.seen_texts: list[str] = []
        self.answers = answers
        ws_url = base_url.replace("http://", "ws://") + "/ws"
        self._exit = contextlib.ExitStack()
        try:
            self.ws = self._exit.enter_context(
                connect(
                    ws_url,
                    open_timeout=10,
                    max_size=None,
                    origin=Origin(base_url),
                    additional_headers={"Cookie": cookie} if cookie else None,
                )
            )
        except Exception as exc:  # refused, or killed in the middle of the handshake
            raise ServerGone(str(exc)) from None
        page = {"route": route, "width": 390, "height": 844, "web": True}
        self._send([REGISTER, {"session_id": None, "page_name": "", "page": page}])

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._exit.close()

    def _send(self, message: list[Any]) -> None:
        try:
            self.ws.send(b"\x00" + msgpack.packb(message))
        except Exception as exc:
            raise ServerGone(str(exc)) from None

    def _receive(self, timeout: float) -> bool:
        """Read one message (False on timeout), noting handles and texts."""
        try:
            data = self.ws.recv(timeout=timeout)
        except TimeoutError:
            return False
        except Exception as exc:
            raise ServerGone(str(exc)) from None
        if not isinstance(data, bytes) or not data or data[0] != 0:
            return True
        message = msgpack.unpackb(data[1:], strict_map_key=False, raw=False)
        if isinstance(message, list) and len(message) == 2 and message[0] == INVOKE:
            self._answer(message[1])
            return True
        for item in _walk(message):
            if isinstance(item, dict):
                content = item.get("content")
                ident = item.get("identifier")
                if isinstance(ident, str) and isinstance(content, dict) and "_i" in content:
                    self.ids[ident] = content["_i"]
            elif isinstance(item, str):
                self.seen_texts.append(item)
        return True

    def _answer(self, request: object) -> None:
        """Answer a method the server invokes on the page, as the browser would (no device
        worth describing: an empty result)."""
        if not self.answers or not isinstance(request, dict) or "call_id" not in request:
            return
        reply = {
            "control_id": request.get("control_id"),
            "call_id": request["call_id"],
            "result": {},
            "error": None,
        }
        self._send([INVOKE, reply])

    def wait_for(self, found: Callable[[], bool], timeout: float = CONFIRM_TIMEOUT) -> bool:
        deadline = time.monotonic() + timeout
        while not found():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self._receive(left)
        return True

    def text_shown(self, text: str, timeout: float = CONFIRM_TIMEOUT) -> bool:
        start = len(self.seen_texts)
        return self.wait_for(lambda: text in self.seen_texts[start:], timeout)

    def handle(self, ident: str, timeout: float = CONFIRM_TIMEOUT) -> bool:
        return self.wait_for(lambda: ident in self.ids, timeout)

    def look(self, seconds: float) -> None:
        """Keep the screen up to date for ``seconds`` (a player looking at it before the next
        tap: pushes drawn, the server's questions answered)."""
        self.wait_for(lambda: False, timeout=seconds)

    def drain(self) -> None:
        """Read (and answer) whatever has arrived, as a browser has before its next tap."""
        while self._receive(0):
            pass

    def tap(self, ident: str) -> None:
        if not self.handle(ident):
            raise RuntimeError(f"no control {ident!r} on the screen")
        self.drain()
        self._send([EVENT, {"target": self.ids[ident], "name": "click", "data": None}])


# -- the game being played, as the screen confirmed it --------------------------------------------


@dataclass
class Expected:
    """What the screens confirmed, table by table."""

    tables: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    saved: set[int] = field(default_factory=set)  # saves the screen confirmed
    confirmed: int = 0


def _game_of(bodies: list[dict[str, Any]]) -> tuple[JourneyGame, list[int]]:
    """The game after ``bodies`` (as the hub replays them) and its effective steps."""
    game = JourneyGame.new(list(PLAYERS))
    states = [game]
    effective: list[int] = []
    for seq, body in enumerate(bodies, start=1):
        if body.get("kind") == "undo":
            effective.pop()
            game = states[int(body["of"]) - 1]
        else:
            game = game.apply(read_action(body))[0]
            effective.append(seq)
        states.append(game)
    return game, effective


def _choose_move(game: JourneyGame, rng: random.Random) -> tuple[str, str, dict[str, Any]]:
    """(card, where to tap, the action's log body) for a random legal move."""
    rank = rng.choice([r for r in _ranks() if game.copies_left(r)])
    if not game.rows or rng.random() < 0.25:
        return rank, "new-row", StartRow(rank).to_dict()
    row = rng.randrange(len(game.rows))
    side = rng.choice(SIDES)
    return rank, f"row-{row + 1}-{side}", Place(rank, row, side).to_dict()


def _ranks() -> tuple[str, ...]:
    from companion.engine.journey import ranks

    return ranks()


class Cycle:
    """One life of the server: the client plays until the server is killed."""

    def __init__(self, server: Server, expected: Expected, rng: random.Random) -> None:
        self.server = server
        self.expected = expected
        self.rng = rng
        self.pending: tuple[int, dict[str, Any]] | None = None  # (table, body) in flight
        self.pending_save: int | None = None
        self.on_table: Callable[[], None] = lambda: None  # called once the table is shown
        self._started = False

    def play(self, table_id: int | None) -> int | None:
        """Play on ``table_id`` (a new game from the list when None) until the server dies;
        returns the table being played."""
        client: Client | None = None
        try:
            if table_id is None or table_id in self.expected.saved:
                # (before the first look, which starts the kill timer: a new game made
                # after it, on a busy machine, may never beat the kill)
                table_id = self._new_game()
            client = self._client(f"/calculators/journey/{table_id}")
            bodies = self.expected.tables[table_id]
            game, effective = _game_of(bodies)
            client.text_shown(status_line(game), timeout=FIRST_SCREEN_TIMEOUT)
            if not self._started:
                self._started = True
                self.on_table()
            while True:
                if game.is_over:
                    if table_id in self.expected.saved:
                        client.close()
                        table_id = self._new_game()
                        client = self._client(f"/calculators/journey/{table_id}")
                        bodies = self.expected.tables[table_id]
                        game, effective = _game_of(bodies)
                        client.text_shown(status_line(game))
                        continue
                    self.pending_save = table_id
                    client.tap("save-journey")
                    if client.text_shown("Saved in your history."):
                        self.expected.saved.add(table_id)
                    self.pending_save = None
                    continue
                if effective and self.rng.random() < 0.1:
                    body: dict[str, Any] = {"kind": "undo", "of": effective[-1]}
                    self.pending = (table_id, body)
                    client.tap("undo-last")
                else:
                    rank, where, body = _choose_move(game, self.rng)
                    client.tap(f"card-{rank}")
                    self.pending = (table_id, body)
                    client.tap(where)
                after, _ = _game_of([*bodies, body])
                if not client.text_shown(status_line(after)):
                    raise RuntimeError(f"the screen never confirmed {body!r}")
                bodies.append(body)  # the screen showed it: confirmed
                self.pending = None
                self.expected.confirmed += 1
                game, effective = _game_of(bodies)
        except ServerGone:
            return table_id
        finally:
            if client is not None:
                client.close()

    def _client(self, route: str) -> Client:
        try:
            cookie = self.server.join()
        except OSError as exc:  # killed before it answered
            raise ServerGone(str(exc)) from None
        return Client(self.server.url, route, cookie=cookie)

    def _new_game(self) -> int:
        """Start a game from the list screen (its form takes the seated players)."""
        from companion.history import open_store

        seat_players(self.server.db_url)  # (a saved game closed the night it was played in)
        client = self._client("/calculators/journey")
        try:
            if not client.handle("start-journey", timeout=FIRST_SCREEN_TIMEOUT):
                raise RuntimeError("the list of games never showed its New game button")
            client.tap("start-journey")
            # Opening the game is a new screen, as slow as a first one on a loaded machine.
            first = status_line(JourneyGame.new(list(PLAYERS)))
            if not client.text_shown(first, timeout=FIRST_SCREEN_TIMEOUT):
                raise RuntimeError("the new game did not open")
        finally:
            client.close()
        store = open_store(self.server.db_url)
        try:
            newest = max(
                t.id for t in store.list_tables(tool=journey.TABLE_RULES.tool, status="open")
            )
        finally:
            store.close()
        self.expected.tables[newest] = []
        return newest


def seat_players(url: str) -> None:
    """Seat :data:`PLAYERS` in Players & seats, as the table would before a game, unless an
    open seating is there (the new-game form takes its players)."""
    from companion.engine.seats import TABLE_RULES, Seat, Seating
    from companion.history import open_store
    from companion.tables import TableHub

    store = open_store(url)
    try:
        if store.list_tables(tool=TABLE_RULES.tool, status="open"):
            return
        hub = TableHub(store)
        snapshot = hub.create(
            TABLE_RULES.tool, Seating.new("merchants_journey", seed=1), device="seat"
        )
        for name in PLAYERS:
            outcome = hub.submit(snapshot.table_id, Seat(name), seen=snapshot.seq, device="seat")
            if not outcome.ok:
                raise RuntimeError(f"{name} could not be seated: {outcome}")
            snapshot = outcome.snapshot
    finally:
        store.close()


@dataclass
class Report:
    kills: int = 0
    confirmed: int = 0
    lost: int = 0
    unexpected: int = 0
    saved: int = 0
    double_saves: int = 0
    problems: list[str] = field(default_factory=list)


def check(db_url: str, expected: Expected, cycle: Cycle, report: Report) -> None:
    """Compare the database with what the screens confirmed (the server is down)."""
    from companion.history import open_store

    store = open_store(db_url)
    try:
        for table_id, bodies in expected.tables.items():
            logged = [a.body for a in store.table_actions(table_id)]
            pending = cycle.pending[1] if cycle.pending and cycle.pending[0] == table_id else None
            missing = [b for i, b in enumerate(bodies) if i >= len(logged) or logged[i] != b]
            extra = logged[len(bodies) :]
            if pending is not None and extra[:1] == [pending]:
                bodies.append(pending)  # committed just before the kill: now it is confirmed
                expected.confirmed += 1
                extra = extra[1:]
            if missing:
                report.lost += len(missing)
                report.problems.append(f"table {table_id}: lost {missing!r}")
            if extra:
                report.unexpected += len(extra)
                report.problems.append(f"table {table_id}: not confirmed {extra!r}")
                bodies.extend(extra)  # carry on from the database
        saved = {t.id: t.saved_play_id for t in store.list_tables(tool=journey.TABLE_RULES.tool)}
        for table_id in expected.saved:
            if saved.get(table_id) is None:
                report.lost += 1
                report.problems.append(f"table {table_id}: a confirmed save is gone")
        if cycle.pending_save is not None and saved.get(cycle.pending_save) is not None:
            expected.saved.add(cycle.pending_save)
        marked = sum(1 for v in saved.values() if v is not None)
        plays = store.count_plays()
        if plays != marked:
            report.double_saves += plays - marked
            report.problems.append(f"{plays} plays for {marked} saved tables")
        report.saved = marked
    finally:
        store.close()
    cycle.pending = None
    cycle.pending_save = None
    report.confirmed = expected.confirmed


def run(
    kills: int,
    *,
    seed: int,
    db_url: str | None,
    workdir: Path,
    log: Callable[[str], None],
    host: str = "127.0.0.1",
) -> Report:
    url = db_url or f"sqlite:///{workdir / 'history.sqlite3'}"
    seat_players(url)
    rng = random.Random(seed)
    expected = Expected()
    report = Report()
    table_id: int | None = None
    server = Server(url, workdir / "server.log", host=host)
    try:
        while report.kills < kills:
            server.start()
            cycle = Cycle(server, expected, rng)
            # Killed at a random moment once the phone is back on the table: mid-tap,
            # mid-commit, mid-save, between taps.
            killer = threading.Timer(rng.uniform(0.0, 2.0), server.kill)
            cycle.on_table = killer.start
            try:
                table_id = cycle.play(table_id)
            finally:
                if killer.is_alive():
                    killer.join()
            server.kill()
            report.kills += 1
            check(url, expected, cycle, report)
            if report.kills % 10 == 0 or report.problems:
                log(
                    f"kills {report.kills}, confirmed actions {report.confirmed}, "
                    f"lost {report.lost}, saved {report.saved}"
                )
            if report.problems:
                break
    finally:
        server.stop()
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.crashtest", description=__doc__)
    parser.add_argument("--kills", type=int, default=200, help="how many times to kill the server")
    parser.add_argument("--seed", type=int, default=7, help="the script's random seed")
    parser.add_argument("--db", default=None, help="database URL (default: a new SQLite file)")
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="where the server listens; any address but a loopback name (e.g. 127.0.0.2) "
        "makes it require the access code, which the client then joins with",
    )
    args = parser.parse_args(argv)
    if not hasattr(signal, "SIGKILL"):
        print("companion.crashtest: needs SIGKILL (a POSIX system)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        report = run(
            args.kills,
            seed=args.seed,
            db_url=args.db,
            workdir=Path(tmp),
            log=lambda line: print(line, file=sys.stderr, flush=True),
            host=args.host,
        )
    print(f"kills {report.kills}, confirmed actions {report.confirmed}, lost {report.lost}")
    print(
        f"unexpected actions {report.unexpected}, games saved {report.saved}, "
        f"saved twice {report.double_saves}"
    )
    for problem in report.problems:
        print(f"problem: {problem}")
    return 1 if report.lost or report.unexpected or report.double_saves else 0


if __name__ == "__main__":
    raise SystemExit(main())
