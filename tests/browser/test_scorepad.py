"""The score pad in Debian's Chromium at phone size, two phones on one pad: each types its own
player's score, each score shows on the other phone without a reload, a
half-typed number stays on the phone that typed it, and Save on one phone saves one play
that the other phone sees saved."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine.scorepad import Pad
from companion.history import open_store
from companion.tools.browser import PUSHED, AppPage, AppServer
from tests.table_fixtures import game_at, table_at

pytestmark = pytest.mark.browser


def seeded(db_url: str) -> int:
    return table_at(db_url, "scorepad", Pad.new(names=["Anna", "Ben", "Cleo"]))


def scores(db_url: str, table_id: int) -> dict[str, str]:
    return {r.name: r.score for r in game_at(db_url, table_id, Pad).rows}


def test_two_phones_type_their_own_scores_and_one_save_keeps_one_play(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    table_id = seeded(db_url)
    anna, ben = [
        AppPage.open(chromium, app_server.url, phone=True, route=f"/score/{table_id}")
        for _ in range(2)
    ]
    for app in (anna, ben):
        app.by_id("player-row-3").wait_for(state="attached", timeout=30_000)
    anna.page.get_by_role("textbox", name="Score").nth(0).focus()
    anna.settle(300)  # Flutter swaps in its own editing element on focus
    anna.page.keyboard.type("12")
    # Flutter keeps a field's text off the accessibility tree; the standings show it.
    ben.shows("standings", "Anna\n12", timeout=PUSHED)
    ben.type_into("Score", "15", nth=1)
    anna.shows("standings", "Ben\n15", timeout=PUSHED)
    # A half-typed number stays on the phone typing it.
    ben.type_into("Score", "-", nth=2)
    ben.expect("Whole number, like 12 or -3")
    anna.settle(500)
    assert scores(db_url, table_id) == {"Anna": "12", "Ben": "15", "Cleo": ""}
    ben.page.keyboard.type("9")
    anna.shows("standings", "Cleo\n-9", timeout=PUSHED)
    assert scores(db_url, table_id)["Cleo"] == "-9"
    # A tap within a moment of a push counts as made on the screen before it (and Save
    # reads the whole pad): Anna looks at Cleo's score first.
    anna.settle(600)
    anna.press("save-play")
    anna.expect("Saved Mercante: Ben won.")
    ben.by_id("view-saved").wait_for(state="attached", timeout=PUSHED)
    for app in (anna, ben):  # nothing on either screen is a broken control
        broken = app.page.get_by_text("must be provided").or_(
            app.page.get_by_label("must be provided")
        )
        assert broken.count() == 0
    store = open_store(db_url)
    try:
        assert store.count_plays() == 1
        assert store.table(table_id).saved_play_id == store.list_plays()[0].id
    finally:
        store.close()
    for app in (anna, ben):
        app.page.context.close()
