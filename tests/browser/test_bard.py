"""The Bard in Debian's Chromium at phone size: a table started, the board and the tableau
entered with steppers and one-tap numbers, "Best song" shows the plans, one is loaded into
the calculator and survives a reload; and two phones on one Bard table, each change showing
on the other without a reload."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine.bard import ANY, BardGame, BeginSong, Board, IconSource, SetBoard, SetTable
from companion.engine.bard import Table as BardTable
from companion.tools.browser import PUSHED, AppPage, AppServer
from tests.table_fixtures import table_at

pytestmark = pytest.mark.browser

ROUTE = "/calculators/bard"


def seeded(db_url: str) -> int:
    """The Singing Step Example's board and tableau on a table, no location sung yet."""
    song = BeginSong(
        (
            IconSource("A", ANY, 3),
            IconSource("B", "warrior", 2),
            IconSource("C", "noble", 2),
            IconSource("C-bottom", "warrior", 2, volume=3),
        ),
        2,
        6,
        soundstones=1,
    )
    board = BardTable(halls={"warrior": 1}, dragon_island={"right": {"warrior": 4}})
    actions = (SetTable(board), SetBoard(Board(badges=1)), song)
    return table_at(db_url, "bard", BardGame.new(player="Ann"), actions)


def test_board_and_tableau_entered_best_song_loaded_and_kept_after_a_reload(
    chromium: Any, app_server: AppServer
) -> None:
    app = AppPage.open(chromium, app_server.url, phone=True, route=ROUTE)
    app.press("start-bard")
    app.shows("bard-summary", "Singing step: no song yet")
    # The board: 1 Adventurer in the Warrior Hall, 4 Warriors on the right side, 1 Badge. Each
    # number is pressed by its name, as a screen reader says it (review F2, issue 21).
    app.press("board-warrior-count", segment="1 Adventurer in the Warrior Hall")
    app.press("board-right-warrior", segment="4 Warriors on Dragon Island's right side")
    app.press("board-badges-plus")
    app.shows("bard-board", "Right side: 4 Warriors")
    # The tableau: Volume 6, a Soundstone, three cards (the last with a bottom half).
    app.press("bard-volume", segment="Volume 6 on your track")
    app.press("bard-soundstones", segment="1 Soundstone in your supply")
    app.press("bard-add-any", segment="Add a card with 3 any-colour icons on top")
    app.press("bard-add-warrior", segment="Add a card with 2 Warrior icons on top")
    app.press("bard-add-noble", segment="Add a card with 2 Noble icons on top")
    app.press("bard-bottom-warrior")
    app.press("bard-bottom-icons", segment="2 icons on the card's bottom half")
    app.press("bard-bottom-volume", segment="Volume Cost 3 for the card's bottom half")
    app.shows("bard-card-C", "C: 2 Noble icons · bottom 2 Warrior icons (3 Volume)")
    # One tap: the best song, as a card with its working.
    ms = app.timed_tap("bard-best", "plan-1-title", "32 gold")
    print(f"tap → plan shown: {ms:.0f} ms")
    app.shows("plan-1", "8 Warrior icons × 4 Warriors on the right side = 32 gold")
    app.shows("plan-2", "Option 2")
    # Loaded into the calculator, then adjusted: the Noble Hall taken out.
    app.press("plan-1-load")
    app.shows("bard-net", "32 gold")
    app.shows("stop-3-gold", "8 × 4 = 32")
    app.press("stop-2-remove")
    app.shows("bard-summary", "1 move left.")
    app.shows("bard-net", "32 gold")
    app.reload()
    app.shows("bard-net", "32 gold")
    app.shows("stop-2-gold", "8 × 4 = 32")
    app.page.context.close()


def test_two_phones_on_one_table_see_each_change_without_a_reload(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    table_id = seeded(db_url)
    pages = [
        AppPage.open(chromium, app_server.url, phone=True, route=f"{ROUTE}/{table_id}")
        for _ in range(2)
    ]
    for page in pages:
        page.by_id("bard-summary").wait_for(state="attached", timeout=30_000)
    one, two = pages
    two.settle(600)
    # A count on one phone's board shows on the other's (the board is folded, once counted).
    for page in pages:
        page.press("bard-board")
    one.by_id("board-pier_2-noble").wait_for(state="attached", timeout=10_000)
    one.press("board-pier_2-noble", segment="1 Noble at Pier 2")
    two.shows("bard-board", "Pier 2: 1 Noble", timeout=PUSHED)
    # The other phone asks for the best song on that board and loads it: the first sees it.
    two.settle(600)
    two.press("bard-best")
    two.shows("plan-1-title", "34 gold")  # 2 Noble icons × 1 Noble at Pier 2, then 32
    two.press("plan-1-load")
    one.shows("bard-net", "34 gold", timeout=PUSHED)
    one.shows("stop-1", "Pier 2")
    for page in pages:
        page.page.context.close()


#: Where the tagged control's accessibility node is on the screen: [top, bottom] in CSS
#: pixels, clipped to the viewport (None when it is not on the page).
_RECT = """(ident) => {
    const n = document.querySelector(`[flt-semantics-identifier='${ident}']`);
    if (!n) return null;
    const r = n.getBoundingClientRect();
    return [r.top, r.bottom];
}"""


def in_view(app: AppPage, ident: str) -> bool:
    """Whether the tagged control shows at least partly between the app bar and the bottom
    of a 390 × 844 screen."""
    rect = app.page.evaluate(_RECT, ident)
    return rect is not None and rect[1] > rect[0] and rect[0] < 844 and rect[1] > 56


def test_change_opens_where_the_thumb_is_and_end_song_keeps_the_page(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    """Issue 21: "Change" on a stop opened its editor ~1,460 px further down with no scroll;
    "End the song" left the page at its bottom."""
    table_id = seeded(db_url)
    app = AppPage.open(chromium, app_server.url, phone=True, route=f"{ROUTE}/{table_id}")
    app.by_id("bard-summary").wait_for(state="attached", timeout=30_000)
    app.press("bard-best")
    app.shows("plan-1-title", "32 gold")
    app.press("plan-1-load")
    app.shows("bard-net", "32 gold")
    app.settle(600)
    change = app.by_id("stop-2-change")
    app.bring_into_view(change)
    app.tap(change)
    app.by_id("stop-cancel").wait_for(state="attached", timeout=10_000)
    app.settle(800)
    assert in_view(app, "stop-cancel"), "the editor's head is on the screen"
    assert in_view(app, "stop-new")
    app.tap(app.by_id("stop-cancel"))
    app.settle(600)
    # Take out the last location: the page stays, the chips to move on show where it was.
    take_out = app.by_id("stop-3-remove")
    app.bring_into_view(take_out)
    app.tap(take_out)
    app.shows("bard-summary", "1 move left.")
    app.settle(800)
    assert in_view(app, "stop-2") or in_view(app, "bard-go-dragon_island")
    end = app.by_id("bard-end-song")
    app.bring_into_view(end)
    app.tap(end)
    app.shows("bard-net", "No song yet")
    app.settle(800)
    assert in_view(app, "bard-end-song"), "the song's total, where End was tapped, is in view"
    app.page.context.close()
