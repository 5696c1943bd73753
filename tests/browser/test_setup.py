"""The setup assistant in Debian's Chromium at phone size: a group's whole path through it
(Apprentices alone, the error, the fix, ticks, a reload); and two or three phones on one
setup's checklist: a tick on one shows on the others without a reload, a
phone that has not caught up cannot erase another's tick (its tick of another step counts,
its tick of the same step is refused with a message), and taps at the same moment leave one
table and one clear refusal."""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.engine import setup as engine
from companion.engine.setup import SetupGame
from companion.history import open_store
from companion.tools.browser import PHONE, PUSHED, AppPage, AppServer
from tests.table_fixtures import game_at, table_at

pytestmark = pytest.mark.browser

ROUTE = "/setup/assistant"
FESTIVAL = SetupGame.fresh(seed=5).with_modules(["faction_festival", "paladins"])
STEPS = [s.id for s in FESTIVAL.steps()]
TOTAL = len(STEPS)


def seeded_setup(db_url: str, game: SetupGame = FESTIVAL) -> int:
    """A setup on the server's database (the server opens it on demand)."""
    return table_at(db_url, "setup", game)


def table_game(db_url: str, table_id: int) -> SetupGame:
    return game_at(db_url, table_id, SetupGame)


def actions(db_url: str, table_id: int) -> int:
    store = open_store(db_url)
    try:
        return len(store.table_actions(table_id))
    finally:
        store.close()


class Held:
    """A phone whose screen stops catching up: what the server sends it is held back (its
    own taps still go out) until :meth:`release`."""

    def __init__(self) -> None:
        self.holding = False
        self.kept: list[Any] = []
        self.ws: Any = None

    def route(self, ws: Any) -> None:
        server = ws.connect_to_server()
        self.ws = ws

        def down(message: Any) -> None:
            if self.holding:
                self.kept.append(message)
            else:
                ws.send(message)

        server.on_message(down)
        ws.on_message(server.send)

    def release(self) -> None:
        self.holding = False
        for message in self.kept:
            self.ws.send(message)
        self.kept.clear()


def phone(chromium: Any, server: AppServer, route: str, held: Held | None = None) -> AppPage:
    context = chromium.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    if held is not None:
        context.route_web_socket(re.compile(r".*/ws(\?.*)?$"), held.route)
    app = AppPage(context.new_page(), server.url, phone=True)
    app.goto(route)
    app.by_id("progress-text").wait_for(state="attached", timeout=30_000)
    return app


def test_apprentices_alone_fix_work_through_the_checklist_and_reload(
    chromium: Any, app_server: AppServer
) -> None:
    app = AppPage.open(chromium, app_server.url, phone=True, route="/setup")
    app.press("tool-assistant")
    app.page.wait_for_url(re.compile(r"/setup/assistant$"), timeout=10_000)
    app.press("start-setup")
    app.page.wait_for_url(re.compile(r"/setup/assistant/\d+$"), timeout=10_000)
    app.expect("Legal combination")

    # Tick Apprentices alone: the error is there at once, in the strip at the top.
    app.press("module-apprentices")
    app.expect("1 problem to fix")
    app.press("show-problems")
    finding = app.by_id("finding-requires:apprentices:faction_festival")
    finding.wait_for(timeout=10_000)
    # Flutter reads a card of texts out as one label: the sentence, then its source.
    label = finding.get_attribute("aria-label") or ""
    assert "Apprentices can't be played without the Faction Festival" in label
    assert "Source: " in label

    # One tap on the fix.
    app.press("fix-requires:apprentices:faction_festival-0")
    app.expect("Legal, with")
    app.page.get_by_text("1 problem to fix").wait_for(state="detached", timeout=10_000)

    steps = engine.setup_checklist(
        "merchants_cove", {"apprentices", "faction_festival", "paladins"}, 4
    )
    total = len(steps)
    app.press("to-checklist")
    app.page.wait_for_url(re.compile(r"/setup/assistant/\d+/checklist$"), timeout=10_000)
    app.expect(f"0 of {total} done")

    # Work through it: Done in the strip twice, then a step ticked in the list.
    app.press("tick-next")
    app.expect(f"1 of {total} done")
    app.press("tick-next")
    app.expect(f"2 of {total} done")
    app.expect("Next: step 3, Faction Festival")
    app.settle(600)  # the list scrolls to the next step; a tap mid-scroll only stops it
    # Tick it in the list, on its checkbox (the middle of a short step is its Source button).
    app.by_id(f"step-{steps[2].id}").tap(position={"x": 24, "y": 24})
    app.expect(f"3 of {total} done")

    # Close the page and come back: the progress and the choice are still there.
    app.reload()
    app.expect(f"3 of {total} done")
    app.expect("Next: step 4, Faction Festival")
    app.tap(app.by_id("assistant-tabs").get_by_role("button", name="Choose"))
    app.page.wait_for_url(re.compile(r"/setup/assistant/\d+$"), timeout=10_000)
    app.expect("Legal, with")
    app.page.context.close()


@pytest.mark.parametrize("count", [2, 3])
def test_a_tick_on_one_phone_shows_on_the_others(
    chromium: Any, app_server: AppServer, db_url: str, count: int
) -> None:
    table_id = seeded_setup(db_url)
    route = f"{ROUTE}/{table_id}/checklist"
    pages = [phone(chromium, app_server, route) for _ in range(count)]
    for done, (page, step) in enumerate(
        [(pages[0], STEPS[0]), (pages[-1], STEPS[2]), (pages[1], STEPS[1])], start=1
    ):
        page.settle(600)  # a player looks at the list before tapping
        page.tap_now(f"step-{step}")
        for other in pages:
            other.shows("progress-text", f"{done} of {TOTAL} done", timeout=PUSHED)
    assert set(table_game(db_url, table_id).ticked) == set(STEPS[:3])
    for page in pages:
        page.shows("next-step", "Next: step 4")
        page.page.context.close()


def test_a_phone_that_has_not_caught_up_cannot_erase_a_tick(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    table_id = seeded_setup(db_url)
    route = f"{ROUTE}/{table_id}/checklist"
    ben = phone(chromium, app_server, route)
    held = Held()
    cleo = phone(chromium, app_server, route, held)
    held.holding = True  # from now on Cleo's screen shows the checklist as it was
    ben.press(f"step-{STEPS[1]}")
    ben.shows("progress-text", f"1 of {TOTAL} done")
    # Cleo ticks another step: it counts. Then the step Ben ticked, which her screen still
    # shows open: refused, and Ben's tick stays.
    cleo.tap_now(f"step-{STEPS[3]}")
    ben.shows("progress-text", f"2 of {TOTAL} done")
    cleo.tap_now(f"step-{STEPS[1]}")
    cleo.settle(500)
    assert f"0 of {TOTAL} done" in cleo.words("progress-text")  # her screen: still behind
    assert actions(db_url, table_id) == 2
    assert set(table_game(db_url, table_id).ticked) == {STEPS[1], STEPS[3]}
    held.release()
    cleo.shows("message", "Step 2 (Faction Festival) is already marked done.")
    for page in (ben, cleo):
        page.shows("progress-text", f"2 of {TOTAL} done")
    assert set(table_game(db_url, table_id).ticked) == {STEPS[1], STEPS[3]}
    for page in (ben, cleo):
        page.page.context.close()


def test_taps_at_the_same_moment_leave_one_table_and_one_refusal(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    table_id = seeded_setup(db_url)
    route = f"{ROUTE}/{table_id}/checklist"
    ben, cleo = phone(chromium, app_server, route), phone(chromium, app_server, route)
    ben.settle(600)
    ben.tap_now(f"step-{STEPS[2]}")
    cleo.tap_now(f"step-{STEPS[2]}")
    for page in (ben, cleo):
        page.shows("progress-text", f"1 of {TOTAL} done")
    refusal = "Step 3 (Faction Festival) is already marked done."
    ben.shows("message", "Step 3 (Faction Festival)")
    cleo.shows("message", "Step 3 (Faction Festival)")
    said = [ben.words("message"), cleo.words("message")]
    assert sum(refusal in s for s in said) == 1, said
    assert actions(db_url, table_id) == 1
    assert set(table_game(db_url, table_id).ticked) == {STEPS[2]}
    for page in (ben, cleo):
        page.page.context.close()


def test_modules_chosen_with_one_fix_go_to_tonights_night_in_one_tap(
    chromium: Any, app_server: AppServer, db_url: str
) -> None:
    """Issue 19 at 390 px: four players seated for the night (for Mercante, the seats' first
    game); the setup assistant's Choose, Apprentices with its one fix, then "Use for tonight":
    the night on another phone plays Merchants Cove with those modules. Taps counted."""
    import os
    from pathlib import Path

    from companion.engine.seats import Seating

    night = Seating.new("mercante", seed=482913, seats=("Ann", "Ben", "Cleo", "Dan"))
    night_id = table_at(db_url, "seats", night)
    setup_id = seeded_setup(db_url, SetupGame.fresh(seed=5))
    app = AppPage.open(chromium, app_server.url, phone=True, route=f"{ROUTE}/{setup_id}")
    other = AppPage.open(chromium, app_server.url, phone=True, route=f"/setup/seats/{night_id}")
    app.expect("Use for tonight: tonight's game night (Ann, Ben, Cleo, Dan) then plays")
    taps = 0
    for ident in ("module-apprentices", "fix-requires:apprentices:faction_festival-0"):
        app.press(ident)
        taps += 1
    app.expect("Legal, with")
    app.press("use-for-tonight")
    taps += 1
    app.expect("Tonight: Merchants Cove with Faction Festival, Paladins and Apprentices.")
    shots = os.environ.get("NIGHT_SHOTS")
    if shots:
        app.bring_into_view(app.by_id("tonight-line"))
        app.screenshot(Path(shots) / "setup-tonight.png")
    assert taps == 3
    other.expect("Modules: Faction Festival, Paladins, Apprentices", timeout=PUSHED)
    seated = game_at(db_url, night_id, Seating)
    assert (seated.game_id, seated.modules) == (
        "merchants_cove",
        ("faction_festival", "paladins", "apprentices"),
    )
    assert seated.seats == ("Ann", "Ben", "Cleo", "Dan")
    for page in (app, other):
        page.page.context.close()
