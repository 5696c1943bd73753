"""Every screen at 390 × 844 in Debian's Chromium, read through Flutter's accessibility tree
(issue 21: "Nothing cut or misread at 390 px", "every tappable control has a role and a
name").

Each screen is scrolled from top to bottom; at each stop the page is checked for:

- a node reaching past either edge of the screen (text or a control that overflows);
- a word wider than the box it is drawn in (a word broken over two lines, "War / rior");
- a one-line text wider than its box (cut off or ellipsised where it should wrap);
- a tappable node without a role, or without a name (what a screen reader would say).

Widths are measured with the page's canvas at 12 px, smaller than any text the app draws in
those boxes, so a text flagged as too wide is too wide at its real size too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from companion.engine import journey as j
from companion.engine.bard import BardGame
from companion.engine.journey import JourneyGame
from companion.tools.browser import AppPage, AppServer
from tests.browser.test_bard import seeded as bard_seeded
from tests.browser.test_journey import long_rows_game, seeded_table
from tests.browser.test_scorepad import seeded as score_seeded
from tests.table_fixtures import table_at

pytestmark = pytest.mark.browser

WIDTH = 390

#: The problems on the screen now: [kind, words, detail] for each.
_PROBLEMS = """(width) => {
    const canvas = document.createElement('canvas').getContext('2d');
    canvas.font = '12px Roboto, sans-serif';
    const wide = (text) => canvas.measureText(text).width;
    const problems = [];
    const seen = new Set();
    // A control's words are its name (an icon's label, a card's description), not text
    // drawn in its box (a disabled button is no longer tappable, still a button).
    const CONTROLS = '[flt-tappable], [role=button], [role=switch], [role=checkbox], '
        + '[role=tab], [role=link], [role=menuitem], [role=radio], [role=slider]';
    const names = new Set([...document.querySelectorAll(CONTROLS)].map(
        t => (t.textContent || '').trim()));
    const own = (e) => [...e.childNodes].filter(n => n.nodeType === 3)
        .map(n => n.textContent).join('').trim();
    // Flutter clips a node's box to the scrolling area: a node is judged once wholly inside
    // it (the screen is scrolled in steps shorter than this band).
    const shown = (r) => r.width > 0 && r.height > 0 && r.top > 70 && r.bottom < 844 - 90;
    for (const e of document.querySelectorAll('flt-semantics-host *')) {
        const r = e.getBoundingClientRect();
        if (!shown(r)) continue;
        const text = (own(e) || (e.tagName === 'SPAN' ? (e.textContent || '').trim() : ''));
        if (r.right > width + 1 || r.left < -1) {
            problems.push(['past the edge', text || e.getAttribute('aria-label') || e.id,
                           `${Math.round(r.left)}..${Math.round(r.right)}`]);
        }
        // "N characters remaining" is read out, not drawn.
        const drawn = text && !e.closest(CONTROLS) && !/characters? remaining$/.test(text)
            && !names.has(text);
        if (drawn && !seen.has(text + r.top)) {
            seen.add(text + r.top);
            const longest = text.split(/\\s+/).reduce((a, w) => wide(w) > wide(a) ? w : a, '');
            if (wide(longest) > r.width + 2) {
                problems.push(['word broken', text, `${longest} in ${Math.round(r.width)} px`]);
            } else if (!text.includes('\\n') && r.height < 26 && wide(text) > r.width * 1.08) {
                problems.push(['cut off', text,
                               `${Math.round(wide(text))} px in ${Math.round(r.width)} px`]);
            }
        }
        // A drop-down's button is pressed without being flt-tappable.
        if (e.hasAttribute('flt-tappable') || e.getAttribute('role') === 'button') {
            const role = e.getAttribute('role');
            // A text field is named by its label; a button holding one (a drop-down) is not.
            const field = role !== 'button' && e.querySelector('input, textarea');
            const name = (e.getAttribute('aria-label') || '').trim() || (e.textContent || '').trim()
                || (e.getAttribute('aria-labelledby') ? 'labelled' : '')
                || (field ? 'field' : '');
            if (!role) problems.push(['tappable without a role', name || e.id, '']);
            if (!name) {
                const near = e.closest('[flt-semantics-identifier]');
                problems.push(['tappable without a name', role || '?',
                               near ? near.getAttribute('flt-semantics-identifier') : e.id]);
            }
        }
    }
    return problems;
}"""


def problems_on(app: AppPage) -> list[tuple[str, str, str]]:
    """Every problem on the screen, scrolled from its top to its bottom."""
    found: list[tuple[str, str, str]] = []
    app.page.mouse.move(WIDTH / 2, 400)
    last = None
    for _ in range(30):
        for kind, words, detail in app.page.evaluate(_PROBLEMS, WIDTH):
            item = (kind, words[:80], detail)
            if item not in found:
                found.append(item)
        where = app.page.evaluate(
            "() => [...document.querySelectorAll('flt-semantics-host *')]"
            ".slice(0, 400).map(e => Math.round(e.getBoundingClientRect().top)).join(',')"
        )
        if where == last:
            break  # the end of the screen: scrolling moved nothing
        last = where
        app.page.mouse.wheel(0, 500)
        app.settle(350)
    return found


def a_play(db_url: str) -> int:
    """A play in the history (its page has Standings and Details)."""
    from companion.history import PlayCreate, open_store

    play = PlayCreate.model_validate(
        {
            "game": "Merchants Cove",
            "results": [{"player": "Ann", "score": 61}, {"player": "Bob", "score": 58}],
        }
    )
    with open_store(db_url) as store:
        return store.save_play(play)


def journey_over() -> JourneyGame:
    """:func:`long_rows_game` played to its end (the game-over bar)."""
    game = long_rows_game()
    while not game.is_over:
        rank = next(r for r in j.ranks() if game.copies_left(r))
        game = game.place(rank, 0, "right")[0] if game.rows else game.start_row(rank)[0]
    return game


#: Each screen: how to seed the table it shows (a route made from the table's id) and what to
#: tap before walking it.
SCREENS: dict[str, tuple[Callable[[str], str], tuple[str, ...]]] = {
    "setup": (lambda db: "/setup", ()),
    "setup-assistant": (lambda db: "/setup/assistant", ()),
    "seats": (lambda db: "/setup/seats", ()),
    "calculators": (lambda db: "/calculators", ()),
    "bard-tables": (lambda db: "/calculators/bard", ()),
    "bard-new": (
        lambda db: f"/calculators/bard/{table_at(db, 'bard', BardGame.new(player='Ann'))}",
        (),
    ),
    "bard-best-song": (
        lambda db: f"/calculators/bard/{bard_seeded(db)}",
        ("bard-tableau", "bard-best"),
    ),
    "cove-goods": (lambda db: "/calculators/cove-goods", ("new-sale",)),
    "journey-tables": (lambda db: "/calculators/journey", ()),
    "journey-rows": (lambda db: f"/calculators/journey/{seeded_table(db, long_rows_game())}", ()),
    "journey-over": (lambda db: f"/calculators/journey/{seeded_table(db, journey_over())}", ()),
    "mercante-tables": (lambda db: "/calculators/mercante", ()),
    "score-pads": (lambda db: "/score", ()),
    "score-pad": (lambda db: f"/score/{score_seeded(db)}", ()),
    "rules": (lambda db: "/rules", ()),
    "rules-entry": (lambda db: "/rules/mercante.upkeep", ()),
    "history": (lambda db: "/history", ()),
    "history-play": (lambda db: f"/history/play/{a_play(db)}", ()),
    "settings": (lambda db: "/settings", ()),
}


@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_screen_at_390_px_fits_and_every_tappable_control_has_a_role_and_a_name(
    chromium: Any, app_server: AppServer, db_url: str, screen: str
) -> None:
    seed, taps = SCREENS[screen]
    app = AppPage.open(chromium, app_server.url, phone=True, route=seed(db_url))
    app.settle(1200)
    for ident in taps:
        app.press(ident)
        app.settle(800)
    problems = [f"{kind}: {words!r} {detail}" for kind, words, detail in problems_on(app)]
    app.page.context.close()
    assert not problems, "\n".join(problems)


def test_mark_as_start_player_is_a_button_a_screen_reader_can_press(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    """Issue 21: "Mark as start player" had no role, so a screen reader could not press it."""
    table_id = score_seeded(db_url)
    app = AppPage.open(chromium, app_server.url, phone=True, route=f"/score/{table_id}")
    start = app.page.get_by_role("button", name="Mark as start player", exact=True)
    start.first.wait_for(state="attached", timeout=30_000)
    assert start.count() == 3  # one for each player
    start.first.click()  # as assistive technology presses it
    app.page.get_by_role("button", name="Start player", exact=True).first.wait_for(
        state="attached", timeout=10_000
    )
    assert start.count() == 2
    app.page.context.close()
