"""A Merchant's Journey night in Debian's Chromium at 390 px (issue 19): the night (Anna and
Ben at the Harbour Café, started 90 minutes ago) plays its game on the Journey table opened
from it; the game is driven to one card from the end through the hub (the UI path of 37 cards
is long), then the night's button opens the table, the last card and Save are tapped on the
screen, and History holds ONE play with the night's place and duration; the night then says
it was saved as that play and offers no Save."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from companion.engine import journey as j
from companion.engine.journey import JourneyGame
from companion.engine.seats import PlayAt, Seat, Seating, SetLocation, Start
from companion.history import open_store
from companion.tools.browser import AppPage, AppServer
from companion.ui import history
from companion.ui.history.model.words import duration_words
from companion.ui.seats.model.night import now_text
from tests.table_fixtures import game_at, table_at

pytestmark = pytest.mark.browser

PLAYERS = ("Anna", "Ben")


def nearly_over() -> list[Any]:
    game = JourneyGame.new(list(PLAYERS))
    moves: list[Any] = []
    for i in range(37):
        rank = j.ranks()[i % 12]
        action: Any = j.StartRow(rank) if i < 12 else j.Place(rank, i % 12, "right")
        game = game.apply(action)[0]
        moves.append(action)
    return moves


def test_a_journey_night_ends_as_one_play_with_its_place_and_duration(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    table_id = table_at(db_url, "journey", JourneyGame.new(list(PLAYERS)), nearly_over())
    started = now_text(datetime.now() - timedelta(minutes=90))
    night_id = table_at(
        db_url,
        "seats",
        Seating.new("merchants_journey", seed=482913),
        [
            Seat("Anna"),
            Seat("Ben"),
            SetLocation("Harbour Café"),
            Start(started),
            PlayAt("journey", table_id),  # as the lobby's start links it (screen-tested)
        ],
    )
    app = AppPage.open(chromium, app_server.url, phone=True, route=f"/setup/seats/{night_id}")
    app.expect("Tools for tonight")
    app.press("open-journey")  # the night opens its game's table
    app.shows("journey-status", "Turn 38 of 38")
    app.press("card-3")
    app.press("row-2-left")
    app.shows("journey-status", "Game over after 38 turns")
    app.press("save-journey")
    app.expect("Saved Merchant's Journey")
    with open_store(db_url) as store:
        (play,) = store.list_plays()
        kept = store.get_play(play.id)
        assert store.table(table_id).saved_play_id == play.id
    assert kept.location == "Harbour Café" and kept.duration_min == 90
    assert kept.started_at is not None
    final = game_at(db_url, table_id, JourneyGame)
    assert {r.player: r.score for r in kept.results} == {n: final.score(n) for n in PLAYERS}
    night = game_at(db_url, night_id, Seating)
    assert night.is_over
    # The night says which play it became, and offers no second Save.
    app.goto(f"/setup/seats/{night_id}")
    app.expect(f"Saved as play {play.id} from Merchant's Journey.")
    assert app.page.get_by_text("Save to History", exact=True).count() == 0
    # History: one play, with the night's place and how long it took.
    app.goto(history.play_route(play.id))
    app.expect(f"Took {duration_words(90)}")
    app.expect("At Harbour Café")
    with open_store(db_url) as store:
        assert store.count_plays() == 1
    app.page.context.close()
