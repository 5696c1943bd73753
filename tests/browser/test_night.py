"""A game night in Debian's Chromium at 390 px (issue 19): the four names typed once (Enter
keeps the keyboard for the next name), two tally lines added on the night screen, the night
started, finished on the Merchants Cove sheet with the players' figures, saved with a
corrected duration; the history's detail of the play says its modules and duration and the
play keeps its expansions. Taps and names typed are counted."""

from __future__ import annotations

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
        until(lambda n=i: len(game_at(db_url, table_id, Seating).tally) == n)
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
