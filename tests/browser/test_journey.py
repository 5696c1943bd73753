"""Merchant's Journey in Debian's Chromium at phone size: seat two players, play the Blight
example in a few taps and find the table again after reloading; and two or three phones on
one shared table: each move shows on the others without a reload, a phone
that has not caught up cannot erase another's move, taps at the same moment leave one table
and one clear refusal, and Save to history from two phones at once saves one play."""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.engine import journey as j
from companion.engine.journey import JourneyGame
from companion.history import open_store
from companion.tools.browser import PHONE, PUSHED, AppPage, AppServer
from tests.table_fixtures import game_at, table_at

pytestmark = pytest.mark.browser

ROUTE = "/calculators/journey"


def seeded_table(db_url: str, game: JourneyGame) -> int:
    """A table on the server's database, as if played there (the server opens it on demand)."""
    return table_at(db_url, "journey", game.start, [record.action for record in game.log])


def table_game(db_url: str, table_id: int) -> JourneyGame:
    return game_at(db_url, table_id, JourneyGame)


def plays(db_url: str) -> int:
    store = open_store(db_url)
    try:
        return store.count_plays()
    finally:
        store.close()


def phones(chromium: Any, server: AppServer, route: str, count: int) -> list[AppPage]:
    pages = [AppPage.open(chromium, server.url, phone=True, route=route) for _ in range(count)]
    for app in pages:
        app.by_id("journey-status").wait_for(state="attached", timeout=30_000)
    return pages


APP_BAR = 56  # the app bar's height on a phone, in logical pixels


def on_glass(app: AppPage) -> tuple[float, float]:
    """The part of the scrolling screen the player sees: below the app bar, above the
    message strip (while it shows) and the navigation bar."""
    bottom = float(PHONE["height"])
    tabs = app.page.get_by_role("tab")
    for i in range(tabs.count()):
        box = tabs.nth(i).bounding_box()
        if box is not None:
            bottom = min(bottom, box["y"])
    strip = app.by_id("message")
    if strip.count() and (box := strip.bounding_box()) is not None and box["height"] > 0:
        bottom = min(bottom, box["y"])
    return APP_BAR, bottom


def box_of(app: AppPage, ident: str) -> dict[str, float]:
    box = app.by_id(ident).bounding_box()
    assert box is not None, f"{ident} is not on the screen"
    return dict(box)


def assert_on_glass(app: AppPage, ident: str) -> dict[str, float]:
    top, bottom = on_glass(app)
    box = box_of(app, ident)
    assert top <= box["y"] and box["y"] + box["height"] <= bottom, (
        f"{ident} at y {box['y']:.0f}–{box['y'] + box['height']:.0f} is outside the glass "
        f"({top:.0f}–{bottom:.0f}): the player would have to scroll"
    )
    return box


def touch(app: AppPage, box: dict[str, float]) -> None:
    """A finger on the glass at the middle of ``box`` (no scrolling, no accessibility)."""
    app.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_a_journey_turn_at_390_px_without_scrolling(
    chromium: Any, db_url: str, tmp_path: Any
) -> None:
    """Issue 12: after picking a card, every row end it can go on (and the new city) is on
    the glass at 390×844, so a turn is two touches and no scroll: the example table (four
    rows, a swap on offer), with a special card whose ability shows, and with the message of
    the last move still showing."""
    from companion.tools.demo import seed_journey

    store = open_store(db_url)
    try:
        table_id = seed_journey(store, stage="play")
        assert table_id is not None
    finally:
        store.close()
    game = table_game(db_url, table_id)
    assert len(game.rows) == 4
    with AppServer(db_url, log_path=tmp_path / "server.log") as server:
        app = AppPage.open(chromium, server.url, phone=True, route=f"{ROUTE}/{table_id}")
        app.by_id("journey-status").wait_for(state="attached", timeout=30_000)
        app.settle(500)
        status_at = box_of(app, "journey-status")["y"]
        for card, where in (("10", "row-3-right"), ("8", "row-1-left"), ("K", "new-row")):
            touch(app, assert_on_glass(app, f"card-{card}"))
            app.shows("chosen-card", card)
            app.page.wait_for_function(
                """(ident) => !!document.querySelector(
                    `[flt-semantics-identifier='${ident}'] [flt-tappable],
                     [flt-semantics-identifier='${ident}'][flt-tappable]`)""",
                arg=where,
                timeout=10_000,
            )
            app.settle(300)
            ends = [f"row-{r + 1}-{side}" for r in range(len(game.rows)) for side in j.SIDES]
            for ident in [*ends, "new-row"]:
                assert_on_glass(app, ident)
            touch(app, box_of(app, where))
            turn = game.turn + 1
            app.shows("journey-status", f"Turn {turn} of {game.turns_total}")
            game = table_game(db_url, table_id)
            assert game.turn == turn and game.log[-1].card.rank == card
            app.shows("message", "")  # the move's message, below the screen, for a while
            assert box_of(app, "journey-status")["y"] == status_at  # never scrolled
        assert len(game.rows) == 5
        app.page.context.close()


def test_blight_example_at_the_table_survives_a_reload(
    chromium: Any, app_server: AppServer
) -> None:
    app = AppPage.open(chromium, app_server.url, phone=True, route=ROUTE)
    for seat, name in enumerate(("Anna", "Ben"), start=1):
        app.type_into("Player name", name)
        app.press("add-seat")
        app.by_id(f"journey-seat-{seat}").wait_for(state="attached", timeout=10_000)
    app.expect("2 players: 5 cards each (10 dealt), 38 in the draw pile.")
    app.press("start-journey")
    app.expect("Turn 1 of 38 · Anna to play")
    app.page.wait_for_url(re.compile(r".*/calculators/journey/\d+$"))  # the table's address

    # Each turn: the card, then where it goes (a row end shows its points first).
    for card, where, working in (
        ("9", "new-row", "new city: no pair"),
        ("2", "row-1-right", "Blight beside 9: 0 + 0 = 0"),
        ("8", "row-1-left", "Blight beside 9: 8 + 0 = 8"),
    ):
        app.press(f"card-{card}")
        app.press(where)
        app.expect(working)
    app.expect("Turn 4 of 38 · Ben to play")

    app.reload()
    app.expect("Blight beside 9: 8 + 0 = 8")
    app.expect("Draw pile: 35 of 38 left")
    app.page.context.close()


@pytest.mark.parametrize("count", [2, 3])
def test_a_move_on_one_phone_shows_on_the_others(
    chromium: Any, app_server: AppServer, db_url: str, count: int
) -> None:
    table_id = seeded_table(db_url, JourneyGame.new(["Anna", "Ben", "Cleo"]).start_row("9")[0])
    pages = phones(chromium, app_server, f"{ROUTE}/{table_id}", count)
    for turn, (page, card, end) in enumerate(
        [
            (pages[0], "8", "row-1-right"),
            (pages[-1], "3", "row-1-left"),
            (pages[1], "K", "new-row"),
        ],
        start=3,
    ):
        page.settle(600)  # a player looks at the last move before tapping
        page.press(f"card-{card}")
        page.tap_now(end)
        want = f"Turn {turn} of 33"
        for other in pages:
            other.shows("journey-status", want, timeout=PUSHED)
    game = table_game(db_url, table_id)
    assert [c.rank for c in game.rows[0]] == ["3", "9", "8"] and game.rows[1][0].rank == "K"
    for page in pages:
        page.shows("score-Ben", "17")
        page.page.context.close()


def test_a_phone_that_has_not_caught_up_cannot_erase_a_move(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    table_id = seeded_table(db_url, JourneyGame.new(["Anna", "Ben", "Cleo"]).start_row("9")[0])
    ben, cleo = phones(chromium, app_server, f"{ROUTE}/{table_id}", 2)
    ben.press("card-8")
    ben.press("row-1-right")
    # Cleo only chooses a card right after (the old app wrote her whole stale copy back).
    cleo.press("card-Q")
    cleo.shows("chosen-card", "Q")
    game = table_game(db_url, table_id)
    assert [c.rank for c in game.rows[0]] == ["9", "8"]
    for page in (ben, cleo):
        page.shows("journey-status", "Turn 3 of 33 · Cleo to play")
    # Her move, made now, joins Ben's instead of replacing it.
    cleo.settle(600)
    cleo.press("new-row")
    cleo.shows("journey-status", "Turn 4 of 33")
    game = table_game(db_url, table_id)
    assert game.placements == 3 and [c.rank for c in game.rows[0]] == ["9", "8"]
    ben.shows("journey-status", "Turn 4 of 33")
    for page in (ben, cleo):
        page.page.context.close()


def test_taps_at_the_same_moment_leave_one_table_and_one_refusal(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    table_id = seeded_table(db_url, JourneyGame.new(["Anna", "Ben", "Cleo"]).start_row("9")[0])
    ben, cleo = phones(chromium, app_server, f"{ROUTE}/{table_id}", 2)
    ben.press("card-8")
    cleo.press("card-K")
    cleo.shows("chosen-card", "K")
    ben.settle(600)
    ben.tap_now("row-1-right")
    cleo.tap_now("new-row")
    # Whichever reached the server first is turn 2; the other phone is told so.
    refusal = "already played turn 2"
    for page in (ben, cleo):
        page.shows("journey-status", "Turn 3 of 33 · Cleo to play")
    game = table_game(db_url, table_id)
    assert game.placements == 2
    won_by_ben = [c.rank for c in game.rows[0]] == ["9", "8"]
    loser, winner = (cleo, ben) if won_by_ben else (ben, cleo)
    loser.shows("message", refusal)
    assert refusal not in winner.words("message")
    for page in (ben, cleo):
        page.page.context.close()


def test_save_to_history_from_two_phones_at_once_saves_one_play(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    game = JourneyGame.new(["Anna", "Ben"])
    for i in range(38):
        rank = j.ranks()[i % 12]
        game = game.start_row(rank)[0] if i < 12 else game.place(rank, i % 12, "right")[0]
    table_id = seeded_table(db_url, game)
    one, two = phones(chromium, app_server, f"{ROUTE}/{table_id}", 2)
    for page in (one, two):
        page.by_id("save-journey").wait_for(state="attached", timeout=10_000)
    one.tap_now("save-journey")
    two.tap_if_there("save-journey")  # (gone already if the first save's push won)
    one.expect("Saved in your history.")
    two.page.wait_for_function(
        """() => location.pathname.includes('/history/play/')
            || document.body.innerText.includes('Saved in your history')
            || [...document.querySelectorAll('[aria-label]')].some(
                e => e.getAttribute('aria-label').includes('Saved in your history'))""",
        timeout=10_000,
    )
    one.settle(500)
    assert plays(db_url) == 1
    store = open_store(db_url)
    try:
        assert store.table(table_id).saved_play_id == store.list_plays()[0].id
    finally:
        store.close()
    for page in (one, two):
        page.page.context.close()


_WIDTHS = """() => {
    const rows = [];
    for (const node of document.querySelectorAll('[flt-semantics-identifier]')) {
        const ident = node.getAttribute('flt-semantics-identifier');
        if (!/^row-\\d+$/.test(ident) && ident !== 'new-row') continue;
        const box = node.getBoundingClientRect();
        const inner = [...node.querySelectorAll('flt-semantics')]
            .map(e => e.getBoundingClientRect()).filter(b => b.width > 0 && b.height > 0);
        rows.push({
            ident, left: box.left, right: box.right, height: box.height,
            innerLeft: Math.min(box.left, ...inner.map(b => b.left)),
            innerRight: Math.max(box.right, ...inner.map(b => b.right)),
        });
    }
    const all = [...document.querySelectorAll('flt-semantics')]
        .map(e => e.getBoundingClientRect()).filter(b => b.width > 0 && b.height > 0);
    return {
        rows,
        right: Math.max(...all.map(b => b.right)),
        left: Math.min(...all.map(b => b.left)),
        scrollWidth: document.scrollingElement.scrollWidth,
    };
}"""


def long_rows_game() -> JourneyGame:
    """A four-player game near its end, played by a greedy table: long rows (more cards than
    a phone shows), Blights and struck cards, two-digit ranks."""
    import random

    rng = random.Random(5)
    game = JourneyGame.new(["Anna", "Ben", "Cleo", "Dev"])
    while game.turns_left > 3:
        rank = rng.choice([r for r in j.ranks() if game.copies_left(r)])
        ends = [(r, s) for r in range(len(game.rows)) for s in j.SIDES]
        scored = [(game.preview_place(rank, r, s).points, r, s) for r, s in ends]
        best = max(scored, default=None)
        if best is None or len(game.rows) < 4 or (best[0] < 8 and len(game.rows) < 6):
            game = game.start_row(rank)[0]
        else:
            game = game.place(rank, best[1], best[2])[0]
    return game


def test_journey_rows_at_390_px_fit_without_horizontal_scroll(
    chromium: Any, db_url: str, tmp_path: Any
) -> None:
    """Every row of a late table is one line inside the 390 px screen, its two ends, its
    number and its chips (a long row's ends around a count) included: with no card chosen,
    with one chosen (each end shows its points) and once the game is over. Nothing on the
    screen reaches past either edge and the page never scrolls sideways."""
    game = long_rows_game()
    assert max(len(r) for r in game.rows) > 5 and len(game.rows) >= 4, "long rows to show"
    table_id = seeded_table(db_url, game)
    card = next(r for r in j.ranks() if game.copies_left(r) and r != "2")
    with AppServer(db_url, log_path=tmp_path / "server.log") as server:
        app = AppPage.open(chromium, server.url, phone=True, route=f"{ROUTE}/{table_id}")
        app.by_id("journey-status").wait_for(state="attached", timeout=30_000)
        app.settle(500)

        def check(when: str, rows: int) -> None:
            seen = app.page.evaluate(_WIDTHS)
            shown = sorted(r["ident"] for r in seen["rows"] if r["ident"] != "new-row")
            assert len(shown) == rows, f"{when}: rows on screen {shown}"
            for row in seen["rows"]:
                where = f"{when}: {row['ident']}"
                assert row["left"] >= -0.5 and row["right"] <= PHONE["width"] + 0.5, (
                    f"{where} spans x {row['left']:.0f}–{row['right']:.0f}"
                )
                assert row["innerLeft"] >= row["left"] - 0.5, f"{where}: a part sticks out left"
                assert row["innerRight"] <= row["right"] + 0.5, f"{where}: a part sticks out"
                if row["ident"] != "new-row":  # one line: a touch target and its padding
                    assert row["height"] <= 62, f"{where} wraps ({row['height']:.0f} px high)"
            assert seen["left"] >= -0.5 and seen["right"] <= PHONE["width"] + 0.5, (
                f"{when}: something on the screen spans x {seen['left']:.0f}–{seen['right']:.0f}"
            )
            assert seen["scrollWidth"] <= PHONE["width"], f"{when}: the page scrolls sideways"

        check("no card chosen", len(game.rows))
        app.press(f"card-{card}")
        app.shows("chosen-card", card)
        app.page.wait_for_function(
            """() => !!document.querySelector(
                "[flt-semantics-identifier='row-1-left'] [flt-tappable],"
                + "[flt-semantics-identifier='row-1-left'][flt-tappable]")""",
            timeout=10_000,
        )
        app.settle(300)
        check(f"{card} chosen", len(game.rows))
        finished = game
        while not finished.is_over:  # the last turns, each a new city
            finished = finished.start_row(next(r for r in j.ranks() if finished.copies_left(r)))[0]
        app.page.goto(f"{server.url}{ROUTE}/{seeded_table(db_url, finished)}")
        app.wait_ready()
        app.expect(f"Game over after {finished.turns_total} turns")
        app.settle(500)
        check("game over", len(finished.rows))
        app.page.context.close()
