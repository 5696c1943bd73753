"""A game night in Debian's Chromium at 390 px (issue 19): the four names typed once (Enter
keeps the keyboard for the next name), two tally lines added on the night screen, the night
started, finished on the Merchants Cove sheet with the players' figures, saved with a
corrected duration; the history's detail of the play says its modules and duration and the
play keeps its expansions. Taps and names typed are counted."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest

from companion.engine.seats import Choose, Seating
from companion.history import open_store
from companion.tools.browser import AppPage, AppServer
from companion.ui import history
from companion.ui.history.model.words import duration_words
from tests.table_fixtures import game_at, table_at

pytestmark = pytest.mark.browser

ROUTE = "/setup/seats"
NAMES = ("Ann", "Ben", "Cleo", "Dev")
#: What the focused field holds (Flutter edits a focused field in an input of its own).
TYPED = "() => document.activeElement ? document.activeElement.value : null"
#: Flutter edits a focused text field in an input element of its own.
FOCUSED_FIELD = (
    "() => !!document.activeElement && "
    "['INPUT', 'TEXTAREA'].includes(document.activeElement.tagName)"
)


def until(check: Callable[[], bool], timeout: float = 10.0) -> None:
    """Wait until ``check()`` holds (what a phone sent has reached the table)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "the table did not get what was typed"
        time.sleep(0.1)


def shot(app: AppPage, name: str, *, scroll: int = 0) -> None:
    """With NIGHT_SHOTS set, a screenshot of the screen at this point (to look at 390 px)."""
    import os
    from pathlib import Path

    if os.environ.get("NIGHT_SHOTS"):
        if scroll:
            app.page.mouse.move(195, 500)
            app.page.mouse.wheel(0, scroll)
        app.settle(500)
        app.screenshot(Path(f"/tmp/night-core-{name}.png"))


class Counted:
    """The app page with the taps and the names typed counted."""

    def __init__(self, app: AppPage) -> None:
        self.app = app
        self.taps = 0
        self.names = 0

    def press(self, ident: str) -> None:
        self.app.press(ident)
        self.taps += 1

    def type_into(
        self, name: str, value: str, *, nth: int = 0, shown: tuple[str, str] | None = None
    ) -> None:
        """Type ``value`` into a field in place of what it holds, focused as a tap would
        focus it but without a tap's scrolling (counted as the one tap into the field); typed
        again if the field did not take it (a busy page), or if the control tagged
        ``shown[0]`` does not come to read ``shown[1]``."""
        app = self.app
        box = app.page.get_by_role("textbox", name=name).nth(nth)
        self.taps += 1
        for _ in range(3):
            box.focus()
            app.settle(300)  # Flutter swaps in its own editing element on focus
            app.page.keyboard.press("Control+A")
            app.page.keyboard.type(value)
            app.settle(300)
            if app.page.evaluate(TYPED) != value:
                continue
            if shown is None:
                return
            try:  # the app has it: the screen says so
                app.shows(*shown, timeout=3_000)
                return
            except Exception:  # typed where Flutter was not listening: again
                continue
        raise AssertionError(f"{name}: the field did not take {value}")


def test_a_cove_night_from_the_seats_to_the_saved_play(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    # The modules come from the setup assistant (the night-tools side): chosen on the night.
    table_id = table_at(
        db_url,
        "seats",
        Seating.new("merchants_cove", seed=482913),
        [Choose(("paladins", "display_cases", "entertainer"))],
    )
    app = AppPage.open(chromium, app_server.url, phone=True, route=f"{ROUTE}/{table_id}")
    night = Counted(app)
    app.expect("Modules: Paladins, Display Cases, The Entertainer (the Bard)")
    assert "0 seated" not in app.page.content()
    # The names, typed once each: Enter adds one and the field keeps the keyboard.
    app.type_into("Player name", NAMES[0])
    night.taps += 1
    night.names += 1
    for i, name in enumerate(NAMES, start=1):
        if i > 1:
            # No tap: the field took the keyboard back after Enter (its editing element is
            # the page's focus again).
            app.settle(600)
            app.page.wait_for_function(FOCUSED_FIELD, timeout=10_000)
            app.page.keyboard.type(name)
            night.names += 1
            app.settle(300)
        app.page.keyboard.press("Enter")
        app.shows(f"seat-{i}", name)
    app.settle(600)
    app.page.wait_for_function(FOCUSED_FIELD, timeout=10_000)  # ready for a fifth
    assert game_at(db_url, table_id, Seating).seats == NAMES
    shot(app, "played", scroll=900)
    # Two lines on the tally, on the night screen.
    for i, points, what in ((1, "22", "Song"), (2, "44", "Sale")):
        night.press(f"line-player-{i}")
        app.shows("tally-add", f"Add the line for {NAMES[i - 1]}")
        night.type_into("Points", points)
        night.type_into("What for", what)
        night.press("tally-add")

        def added(n: int = i) -> bool:
            return len(game_at(db_url, table_id, Seating).tally) == n

        until(added)
    app.shows("tally-2", "+44 Sale")
    lines = game_at(db_url, table_id, Seating).tally
    assert [(x.player, x.points, x.what) for x in lines] == [
        ("Ann", 22, "Song"),
        ("Ben", 44, "Sale"),
    ]
    shot(app, "tally")
    night.press("night-start")
    app.shows("night-started", "Started at")
    # Finish on the Cove sheet: the players' own figures.
    night.press("night-finish")
    app.expect("Final scoring sheet")
    app.settle(800)  # the sheet scrolls into view
    night.type_into("Ann", "10", nth=0)  # End-game Sponsorship
    until(lambda: game_at(db_url, table_id, Seating).figure("Ann", "sponsorship") == 10)
    night.type_into("Ben", "3", nth=1)  # Corruption: gold lost
    until(lambda: game_at(db_url, table_id, Seating).figure("Ben", "corruption") == 3)
    shot(app, "sheet")
    night.press("sheet-done")
    app.shows("standing-1", "Ben")
    app.shows("standing-2", "Ann")
    finished = game_at(db_url, table_id, Seating)
    assert finished.is_over and finished.totals() == {"Ann": 32, "Ben": 41, "Cleo": 0, "Dev": 0}
    # Save, the duration corrected.
    shot(app, "standings")
    app.settle(800)  # the standings scroll into view
    night.type_into("Minutes played", "150", shown=("night-saved", "it took 150 minutes"))
    night.press("night-save")
    app.shows("night-saved", "Saved as play ")
    with open_store(db_url) as store:
        (play,) = store.list_plays()
        kept = store.get_play(play.id)
    assert kept.modules == ["paladins", "display_cases", "entertainer"]
    assert kept.expansions == ["Master Craft", "The Entertainer"]
    assert kept.duration_min == 150 and kept.started_at is not None
    assert {r.player: r.score for r in kept.results} == {"Ann": 32, "Ben": 41, "Cleo": 0, "Dev": 0}
    # The history's detail says what was played and how long it took.
    app.goto(history.play_route(play.id))
    app.expect(f"Took {duration_words(150)}")
    app.expect("Expansions: Master Craft, The Entertainer")
    app.expect("Modules: Paladins, Display Cases")
    shot(app, "history")
    print(f"night: {night.taps} taps, {night.names} names typed")
    assert night.names == len(NAMES)
    app.page.context.close()


def choose_option(app: AppPage, night: Counted, dropdown: str, option: str) -> None:
    """Open the drop-down tagged ``dropdown`` and tap ``option`` in its menu (two taps)."""
    app.tap(app.by_id(dropdown))
    item = app.page.get_by_role("button", name=re.compile(rf"^{re.escape(option)}\b")).last
    item.wait_for(state="visible", timeout=10_000)
    app.tap(item)
    night.taps += 2
    app.settle(400)


def test_the_whole_cove_night_seats_setup_bard_pier_sheet_history_and_bg_stats(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    """Issue 19's whole night at 390 px, as players do it, every step from the screen the
    players are on: 4 names typed once on a new night; the setup assistant opened from the
    night, Apprentices chosen alone (the Check's problem fixed in one tap), the Fence as the
    Rogue card, "Use for tonight"; back to the night, the Bard opened from it (the players
    already there), a song sung and its gold added to a player in one tap; the Cove sale
    calculator opened from the night with the Fence preset, a Pier priced and added in one
    tap; the night finished on the Cove sheet and saved. The history's detail shows the
    modules, expansions and duration; the BG Stats export carries the expansions. Taps and
    names typed are counted and printed."""
    import json

    app = AppPage.open(chromium, app_server.url, phone=True, route=ROUTE)
    night = Counted(app)
    # A new night of Merchants Cove, the names typed once each (Enter keeps the keyboard).
    choose_option(app, night, "game-picker", "Merchants Cove")
    night.press("new-seating")
    app.page.wait_for_url(re.compile(r"/setup/seats/\d+$"), timeout=10_000)
    table_id = int(app.page.url.rsplit("/", 1)[1])
    app.type_into("Player name", NAMES[0])
    night.taps += 1
    night.names += 1
    for i, name in enumerate(NAMES, start=1):
        if i > 1:
            app.settle(600)
            app.page.wait_for_function(FOCUSED_FIELD, timeout=10_000)
            app.page.keyboard.type(name)
            night.names += 1
            app.settle(300)
        app.page.keyboard.press("Enter")
        app.shows(f"seat-{i}", name)
    until(lambda: game_at(db_url, table_id, Seating).seats == NAMES)
    seated = night.taps
    # The setup assistant from the night: Apprentices alone, the Check's fix, the Fence.
    night.press("night-setup")
    app.page.wait_for_url(re.compile(r"/setup/assistant"), timeout=10_000)
    if app.by_id("start-setup").count():
        night.press("start-setup")
    app.page.wait_for_url(re.compile(r"/setup/assistant/\d+$"), timeout=10_000)
    night.press("module-apprentices")
    app.expect("1 problem to fix")
    night.press("show-problems")
    night.press("fix-requires:apprentices:faction_festival-0")
    app.expect("Legal, with")
    night.press("module-entertainer")  # The Entertainer: the Bard plays tonight
    choose_option(app, night, "card-rogue", "21 · Fence")
    night.press("use-for-tonight")
    app.expect("Tonight: Merchants Cove with")
    chosen = game_at(db_url, table_id, Seating)
    assert chosen.game_id == "merchants_cove"
    assert {"apprentices", "faction_festival", "entertainer"} <= set(chosen.modules)
    assert chosen.seats == NAMES
    setup_taps = night.taps - seated
    # Back to the night, the Bard from it: the players are there, one tap says who sings.
    night.press("open-night")
    app.page.wait_for_url(re.compile(rf"/setup/seats/{table_id}$"), timeout=10_000)
    night.press("open-bard")
    app.page.wait_for_url(re.compile(r"/calculators/bard"), timeout=10_000)
    cleo = app.page.get_by_role("checkbox", name="Cleo", exact=True).first  # a chip
    cleo.wait_for(timeout=10_000)
    app.tap(cleo)
    night.taps += 1
    night.press("start-bard")
    app.shows("bard-summary", "Singing step: no song yet")
    # A song: the board, the tableau, Best song, loaded (the Bard's own test's song).
    song: tuple[tuple[str, str | None], ...] = (
        # Numbers are pressed by their names, as a screen reader says them.
        ("board-warrior-count", "1 Adventurer in the Warrior Hall"),
        ("board-right-warrior", "4 Warriors on Dragon Island's right side"),
        ("board-badges-plus", None),
        ("bard-volume", "Volume 6 on your track"),
        ("bard-soundstones", "1 Soundstone in your supply"),
        ("bard-add-any", None),
        ("bard-top-icons", "3 icons on the card's top"),
        ("bard-add-warrior", None),
        ("bard-top-icons", "2 icons on the card's top"),
        ("bard-add-noble", None),
        ("bard-top-icons", "2 icons on the card's top"),
        ("bard-bottom-warrior", None),
        ("bard-bottom-icons", "2 icons on the card's bottom half"),
        ("bard-bottom-volume", "Volume Cost 3 for the card's bottom half"),
    )
    for ident, segment in song:
        night.taps += 1
        app.press(ident, segment=segment)
    night.press("bard-best")
    app.shows("plan-1-title", "32 gold")
    night.press("plan-1-load")
    app.shows("bard-net", "32 gold")
    # The song's gold to Cleo in one tap.
    app.shows("bard-tally-3", "Add 32 gold to Cleo")
    night.press("bard-tally-3")
    app.expect("Added 32 gold to Cleo's tally")
    until(lambda: len(game_at(db_url, table_id, Seating).tally) == 1)
    bard_taps = night.taps - seated - setup_taps
    # Back to the night in one tap (offered once the gold is on the tally), the Cove sale
    # calculator from it.
    night.press("bard-tally-night")
    app.page.wait_for_url(re.compile(rf"{ROUTE}/{table_id}$"), timeout=10_000)
    night.press("open-cove_goods")
    app.page.wait_for_url(re.compile(r"/calculators/cove-goods"), timeout=10_000)
    night.press("new-sale")
    app.page.wait_for_url(re.compile(r"/calculators/cove-goods/\d+(\?back=.*)?$"), timeout=10_000)
    app.expect("Rogue card: the Fence.")
    for _ in range(4):
        night.press("count-warriors-plus")
    night.press("add-to-pier")
    app.shows("tally-pier-1", "Add 12 gold to Ann")
    night.press("tally-pier-1")
    app.expect("Added 12 gold to Ann's tally")
    until(lambda: len(game_at(db_url, table_id, Seating).tally) == 2)
    cove_taps = night.taps - seated - setup_taps - bard_taps
    shot(app, "pier-added")
    # Back to the night in one tap: finish on the Cove sheet, save.
    night.press("tally-pier-night")
    app.page.wait_for_url(re.compile(rf"{ROUTE}/{table_id}$"), timeout=10_000)
    app.shows("tally-line-2", "+12 A sale at a Pier")
    app.shows("tally-line-1", "+32 The Bard's song")
    app.shows("night-started", "Started at")  # the first tool opened started it
    night.press("night-finish")
    app.expect("Final scoring sheet")
    app.settle(800)
    night.type_into("Ann", "10", nth=0)  # End-game Sponsorship
    until(lambda: game_at(db_url, table_id, Seating).figure("Ann", "sponsorship") == 10)
    night.press("sheet-done")
    app.shows("standing-1", "Cleo")
    app.settle(800)
    night.type_into("Minutes played", "150", shown=("night-saved", "it took 150 minutes"))
    night.press("night-save")
    app.shows("night-saved", "Saved as play")
    with open_store(db_url) as store:
        (play,) = store.list_plays()
        kept = store.get_play(play.id)
        exported = json.loads(store.export_bgstats())
    assert "apprentices" in kept.modules and "faction_festival" in kept.modules
    assert kept.expansions == ["Master Craft", "The Entertainer"]
    assert kept.duration_min == 150
    assert {r.player: r.score for r in kept.results} == {"Ann": 22, "Ben": 0, "Cleo": 32, "Dev": 0}
    # The history's detail says what was played and how long it took.
    app.goto(history.play_route(play.id))
    app.expect(f"Took {duration_words(150)}")
    app.expect("Expansions: Master Craft, The Entertainer")
    app.expect("Modules: Faction Festival")
    # The BG Stats export: the expansion game, and the play's expansionPlays pointing at it.
    extras = {g["name"]: g["id"] for g in exported["games"] if g["isExpansion"] == 1}
    assert sorted(extras) == ["Merchants Cove: Master Craft", "Merchants Cove: The Entertainer"]
    (played,) = exported["plays"]
    assert sorted(e["gameRefId"] for e in played["expansionPlays"]) == sorted(extras.values())
    print(
        f"whole night: {night.taps} taps ({seated} seating, {setup_taps} setup, {bard_taps} "
        f"Bard, {cove_taps} Cove), {night.names} names typed"
    )
    assert night.names == len(NAMES)
    app.page.context.close()
