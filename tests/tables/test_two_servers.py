"""Two real servers (``companion --web``, two processes) over ONE database: a club that runs
the app on two laptops. Phones on either server share a table live (each sees the other's
move without a reload), the list of games in progress on one shows a game
started on the other, and taps at the same moment on both never write the same step twice.

Runs on a SQLite file and, with COMPANION_TEST_PG set (CI sets it, see .ci/run), on one
PostgreSQL database. The phones are the crash test's raw client: Flet's own protocol over
the WebSocket, as a browser speaks it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from companion.access import SETTING_KEY, AccessCode
from companion.engine.journey import JourneyGame, StartRow
from companion.tables import TableHub
from companion.tools.browser import AppServer
from companion.tools.crashtest import Client

if TYPE_CHECKING:
    from tests.history_fixtures import DatabaseFactory

ROUTE = "/calculators/journey"
SEATS = ("Anna", "Ben", "Cleo")
ARRIVES = 10.0  # seconds a test waits for a move to arrive (how fast: python -m companion.bench)
LOOK = 0.5  # seconds a player looks at a move before tapping (taps sooner count as before it)


@pytest.fixture
def servers(
    databases: DatabaseFactory, tmp_path: Path
) -> Iterator[tuple[str, AppServer, AppServer]]:
    url = databases.url()
    databases.store(url)  # the schema, before both servers race to make it
    with (
        AppServer(url, log_path=tmp_path / "one.log") as one,
        AppServer(url, log_path=tmp_path / "two.log") as two,
    ):
        yield url, one, two


def seen_within(client: Client, text: str, since: float) -> float:
    """Seconds from ``since`` until ``client``'s screen showed ``text`` (fails after a few)."""
    assert client.text_shown(text, timeout=ARRIVES), f"never shown: {text!r}"
    return time.monotonic() - since


def test_phones_on_two_servers_share_one_table_live(
    servers: tuple[str, AppServer, AppServer], databases: DatabaseFactory
) -> None:
    url, one, two = servers
    store = databases.store(url)
    hub = TableHub(store)
    table = hub.create("journey", JourneyGame.new(list(SEATS)), device="test")
    table_id = hub.submit(table.table_id, StartRow("9"), seen=0, device="test").snapshot.table_id
    anna = Client(one.url, f"{ROUTE}/{table_id}")
    ben = Client(two.url, f"{ROUTE}/{table_id}")
    try:
        for phone in (anna, ben):
            # (a server's first page waits for it to import its screens: give it time)
            assert phone.text_shown("Turn 2 of 33 · Ben to play", timeout=30), "the table"
        # A move on server one: its own phone confirms it, the other server's phone sees it.
        anna.tap("card-8")
        anna.tap("row-1-right")
        assert anna.text_shown("Turn 3 of 33 · Cleo to play")
        confirmed = time.monotonic()
        one_to_two = seen_within(ben, "Turn 3 of 33 · Cleo to play", confirmed)
        # And the other way round, once Ben has looked at Anna's move.
        ben.look(LOOK)
        ben.tap("card-K")
        ben.tap("new-row")
        assert ben.text_shown("Turn 4 of 33 · Anna to play")
        confirmed = time.monotonic()
        two_to_one = seen_within(anna, "Turn 4 of 33 · Anna to play", confirmed)
        print(
            f"two servers: seen on the other server after {one_to_two * 1000:.0f} ms "
            f"(1 -> 2) and {two_to_one * 1000:.0f} ms (2 -> 1)"
        )
        # Both phones tap a move at the same moment, each on its own server: one move is
        # kept, the other phone is told; no step is written twice.
        anna.look(LOOK)
        anna.tap("card-3")
        ben.tap("card-Q")
        for phone in (anna, ben):  # both have their card chosen and the previews drawn
            phone.look(LOOK)
        barrier = threading.Barrier(2)

        def tap(phone: Client) -> None:
            barrier.wait()
            phone.tap("new-row")

        threads = [threading.Thread(target=tap, args=(p,)) for p in (anna, ben)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for phone in (anna, ben):
            assert phone.text_shown("Turn 5 of 33 · Ben to play"), "one move, on both"

        def told(phone: Client) -> bool:
            return any("already played turn 4" in t for t in phone.seen_texts)

        # The refused phone's message may come a moment after the move it lost to.
        for phone in (anna, ben):
            phone.wait_for(lambda: told(anna) or told(ben), timeout=2.0)
        refused = [p for p in (anna, ben) if told(p)]
        assert len(refused) == 1, (
            "exactly one phone is told the other moved first: "
            f"{[[t for t in p.seen_texts if 'already' in t] for p in (anna, ben)]}"
        )
    finally:
        anna.close()
        ben.close()
    log = store.table_actions(table_id)
    assert [a.seq for a in log] == [1, 2, 3, 4]
    game = TableHub(store).open(table_id).game
    assert isinstance(game, JourneyGame) and game.placements == 4
    assert [c.rank for c in game.rows[0]] == ["9", "8"] and game.rows[2][0].rank in ("3", "Q")


def test_a_game_started_on_one_server_shows_in_the_other_servers_list(
    servers: tuple[str, AppServer, AppServer], databases: DatabaseFactory
) -> None:
    url, one, two = servers
    store = databases.store(url)
    store.set_setting(
        "table", {"game": "merchants_journey", "seats": list(SEATS), "seed": 1, "first": None}
    )
    watching = Client(two.url, ROUTE)  # the list on server two, open before the game starts
    starter = Client(one.url, ROUTE)
    try:
        assert watching.handle("start-journey", timeout=30) and starter.handle("start-journey", 30)
        starter.tap("start-journey")
        assert starter.text_shown("Turn 1 of 33 · Anna to play")
        (table,) = store.list_tables(tool="journey")
        assert watching.wait_for(lambda: f"table-{table.id}" in watching.ids, timeout=ARRIVES), (
            "the list is live across servers"
        )
        assert "Anna, Ben, Cleo" in watching.seen_texts
    finally:
        watching.close()
        starter.close()


# ------------------------------------------------------------------ the access code, shared

LAN = "127.0.0.2"  # stands in for the computers' address on the network (needs the code)
FOLLOWS = 10.0  # seconds the other server may take to follow a new code (how fast: printed)


@pytest.fixture
def lan_servers(
    databases: DatabaseFactory, tmp_path: Path
) -> Iterator[tuple[str, AppServer, AppServer]]:
    url = databases.url()
    AccessCode.load(databases.store(url))  # the code, before both servers race to make one
    with (
        AppServer(url, host=LAN, log_path=tmp_path / "one.log") as one,
        AppServer(url, host=LAN, log_path=tmp_path / "two.log") as two,
    ):
        yield url, one, two


def _join(server: AppServer, code: str) -> httpx.Response:
    return httpx.get(f"{server.url}/?code={code}")


def _cookie(response: httpx.Response) -> str:
    assert response.status_code == 303, response.text[:200]
    return response.headers["set-cookie"].split(";")[0]


def _page(server: AppServer, cookie: str) -> httpx.Response:
    return httpx.get(f"{server.url}/settings", headers={"Cookie": cookie})


def _until(condition: Callable[[], bool], timeout: float = FOLLOWS) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_a_new_code_on_one_server_shuts_the_old_devices_out_of_the_other(
    lan_servers: tuple[str, AppServer, AppServer], databases: DatabaseFactory
) -> None:
    url, one, two = lan_servers
    store = databases.store(url)
    old = store.get_setting(SETTING_KEY)["code"]
    assert one.access_code == two.access_code == old
    old_cookie_two = _cookie(_join(two, old))
    host_cookie = _cookie(_join(one, old))  # the phone that will press New code, on one
    assert _page(two, old_cookie_two).status_code == 200
    # A phone with the app open on server two: a live session there.
    watching = Client(two.url, "/history", cookie=old_cookie_two)
    host = Client(one.url, "/settings", cookie=host_cookie)
    try:
        assert watching.handle("filter-game", timeout=30), "History on server two"
        assert host.handle("new-access-code", timeout=30), "Settings on server one"
        # Settings › New code on server one.
        host.tap("new-access-code")
        host.tap("confirm-new-access-code")
        assert _until(lambda: store.get_setting(SETTING_KEY)["code"] != old), "no new code"
        rotated = time.monotonic()
        new = store.get_setting(SETTING_KEY)["code"]

        # Server two follows: the old cookie opens nothing, nor the WebSocket ...
        assert _until(lambda: _page(two, old_cookie_two).status_code == 403), "old cookie"
        followed = time.monotonic() - rotated
        assert "Join the table" in _page(two, old_cookie_two).text
        with pytest.raises(InvalidStatus) as refused:
            connect(
                two.url.replace("http://", "ws://") + "/ws",
                origin=Origin(two.url),
                additional_headers={"Cookie": old_cookie_two},
                open_timeout=10,
            )
        assert refused.value.response.status_code == 403
        # ... its open session is closed, with the code the page reloads on ...
        assert _until(lambda: _closed(watching)), "the open session on two stayed open"
        # ... the old code admits nobody, the new one does.
        refused_old = _join(two, old)
        assert refused_old.status_code == 403 and "That is not the code" in refused_old.text
        new_cookie_two = _cookie(_join(two, new))
        assert _page(two, new_cookie_two).status_code == 200
        # The phone that pressed New code stays in on every server: its cookie of before is
        # taken by either and signed again under the new secret (same device).
        token = host_cookie.split("=", 1)[1]
        for server in (one, two):
            kept = _page(server, f"companion_device_{server.port}={token}")
            assert kept.status_code == 200
            renewed = kept.headers["set-cookie"].split(";")[0].split("=", 1)[1]
            assert renewed.split(".")[0] == token.split(".")[0] and renewed != token
            assert _page(server, f"companion_device_{server.port}={renewed}").status_code == 200
        # And the terminal of server two says so.
        assert _until(lambda: two.access_code == new), "server two printed the new code"
        print(f"two servers: a new code reached the other server after {followed * 1000:.0f} ms")
    finally:
        watching.close()
        host.close()


def _closed(client: Client) -> bool:
    """Whether the server closed the client's connection (with the access code's 4001)."""
    try:
        client.ws.recv(timeout=0.05)
    except TimeoutError:
        return False
    except ConnectionClosed as exc:
        return exc.rcvd is not None and exc.rcvd.code == 4001
    return False
