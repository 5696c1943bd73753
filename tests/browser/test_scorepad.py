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


WIDTH = 390


def inside_the_phone(app: AppPage, ident: str) -> None:
    """The control tagged ``ident`` is on the page, whole, inside the phone's width, and the
    page does not scroll sideways."""
    node = app.by_id(ident)
    node.wait_for(state="attached")
    app.bring_into_view(node)
    box = node.bounding_box()
    assert box is not None, ident
    assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH + 0.5, (ident, box)
    assert app.page.evaluate("document.scrollingElement.scrollWidth") <= WIDTH


def test_a_cooperative_play_and_a_winner_chosen_by_hand_are_entered_and_found_in_history(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    """Issue 19, plays with no points: at 390 px, "How is it won?" → Co-operative →
    Everyone lost → Save; then a new pad, Winner chosen by hand, Anna ticked in one tap →
    Save; History lists both in words."""
    table_id = seeded(db_url)
    app = AppPage.open(chromium, app_server.url, phone=True, route=f"/score/{table_id}")
    app.by_id("player-row-3").wait_for(state="attached", timeout=30_000)
    app.press("pad-scoring-cooperative")
    app.shows("standings-outcome", "Everyone won together", timeout=PUSHED)
    app.press("pad-coop-lost")
    app.shows("standings-outcome", "Everyone lost together", timeout=PUSHED)
    for ident in ("how-won", "pad-coop-lost", "standings-outcome"):
        inside_the_phone(app, ident)
    app.press("save-play")
    app.expect("Saved Mercante: everyone lost together.")
    app.press("new-pad-same")
    app.by_id("player-row-3").wait_for(state="attached", timeout=30_000)
    app.press("pad-scoring-manual")
    store = open_store(db_url)
    try:
        (fresh,) = store.list_tables(tool="scorepad", status="open")
    finally:
        store.close()
    ticks = [r.id for r in game_at(db_url, fresh.id, Pad).rows]
    app.press(f"pad-won-{ticks[0]}")  # one tap: Anna won
    app.shows("standings-outcome", "Anna won", timeout=PUSHED)
    for ident in ("how-won", f"pad-won-{ticks[2]}", "standings-outcome"):
        inside_the_phone(app, ident)
    app.press("save-play")
    app.expect("Saved Mercante: Anna won.")
    store = open_store(db_url)
    try:
        plays = store.list_plays()
        assert sorted((p.scoring, tuple(r.winner for r in p.results)) for p in plays) == [
            ("cooperative", (False, False, False)),
            ("manual", (True, False, False)),
        ]
        assert {r.score for p in plays for r in p.results} == {None}
        ids = {p.scoring: p.id for p in plays}
    finally:
        store.close()
    app.goto("/history")
    app.shows(f"play-{ids['cooperative']}", "Mercante: Everyone lost together")
    app.shows(f"play-{ids['manual']}", "Mercante: Anna won")
    inside_the_phone(app, f"play-{ids['manual']}")
    app.page.context.close()
