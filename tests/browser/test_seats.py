"""Players & seats in Debian's Chromium at phone size: seat a table from the lobby, draw the
first player and find it after a reload; and two phones on one table: a player seated on
one shows on the other without a reload, both seat players at once, and a
draw on one shows on the other."""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.engine.seats import Seat, Seating
from companion.tools.browser import PUSHED, AppPage, AppServer
from tests.table_fixtures import game_at, table_at

pytestmark = pytest.mark.browser

ROUTE = "/setup/seats"


def seeded(db_url: str, *names: str) -> int:
    return table_at(db_url, "seats", Seating.new(seed=482913), [Seat(name) for name in names])


def seating(db_url: str, table_id: int) -> Seating:
    return game_at(db_url, table_id, Seating)


def seat(app: AppPage, name: str) -> None:
    app.type_into("Player name", name)
    app.press("add-player")


def test_seat_a_table_draw_and_find_it_after_a_reload(chromium: Any, app_server: AppServer) -> None:
    app = AppPage.open(chromium, app_server.url, phone=True, route=ROUTE)
    app.press("new-seating")
    app.page.wait_for_url(re.compile(r".*/setup/seats/\d+$"))  # the table's own address
    for i, name in enumerate(("Anna", "Ben", "Cleo"), start=1):
        seat(app, name)
        app.shows(f"seat-{i}", name)
    app.press("draw-first")
    app.by_id("first-player").wait_for(state="attached", timeout=10_000)
    app.shows("turn-order", "Turn order:")
    app.reload()
    app.shows("turn-order", "Turn order:")
    app.shows("seat-3", "Cleo")
    app.page.context.close()


def test_two_phones_on_one_table_see_each_other_without_a_reload(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    table_id = seeded(db_url, "Anna")
    one, two = [
        AppPage.open(chromium, app_server.url, phone=True, route=f"{ROUTE}/{table_id}")
        for _ in range(2)
    ]
    for app in (one, two):
        app.shows("seat-1", "Anna")
    one.type_into("Player name", "Ben")
    one.press("add-player")
    two.shows("seat-2", "Ben", timeout=PUSHED)
    # Both seat a player at once: both are seated, in whichever order they arrived.
    one.type_into("Player name", "Cleo")
    two.type_into("Player name", "Dev")
    one.press("add-player")
    two.press("add-player")
    for app in (one, two):
        app.shows("seat-4", "")
    assert set(seating(db_url, table_id).seats) == {"Anna", "Ben", "Cleo", "Dev"}
    # The draw on one phone is the draw on the other.
    two.settle(600)
    two.press("draw-first")
    first = seating(db_url, table_id).first_player
    assert first is not None
    one.shows("first-player", f"{first} goes first", timeout=PUSHED)
    for app in (one, two):
        app.page.context.close()
