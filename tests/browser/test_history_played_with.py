"""History at phone size (390×844) in a real browser (issue 19): a play's details say what
was played (modules, expansions, duration), the list filters by module and the statistics
give each module's figures; no text cut off or wider than the screen."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from companion.history import open_store
from companion.tools.browser import AppPage, AppServer

pytestmark = pytest.mark.browser

WIDTH = 390


def seed_history(db_url: str) -> dict[str, int]:
    with open_store(db_url) as store:
        return {
            "night": store.record_play(
                "merchants_cove",
                [("Ann", 41), ("Ben", 35), ("Cleo", 30), ("Dan", 22)],
                datetime(2026, 11, 28, 22, 5),
                modules=["faction_festival", "paladins", "display_cases", "entertainer"],
                expansions=["Master Craft", "The Entertainer"],
                started_at=datetime(2026, 11, 28, 20, 15),
                location="Ann's kitchen",
            ),
            "paladins": store.record_play(
                "merchants_cove",
                [("Ben", 44), ("Ann", 40)],
                datetime(2026, 11, 21, 21, 0),
                modules=["paladins"],
                expansions=["Master Craft"],
            ),
            "festival": store.record_play(
                "merchants_cove",
                [("Ann", 50), ("Cleo", 31)],
                datetime(2026, 11, 14, 21, 0),
                modules=["faction_festival"],
                expansions=["Master Craft"],
            ),
            "mercante": store.record_play(
                "mercante", [("Dan", 10), ("Ann", 8), ("Ben", 7)], datetime(2026, 11, 7, 21)
            ),
        }


def within_the_screen(app: AppPage, text: str) -> None:
    """``text`` is on screen, whole, and inside the phone's width."""
    node = app.page.get_by_text(text).or_(app.page.get_by_label(text)).first
    node.wait_for(state="attached")
    app.bring_into_view(node)
    box = node.bounding_box()
    assert box is not None, text
    assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH + 0.5, (text, box)
    assert app.page.evaluate("document.scrollingElement.scrollWidth") <= WIDTH


def test_a_plays_details_show_modules_expansions_and_duration_at_phone_size(
    chromium: Any, app_server: AppServer, db_url: str, tmp_path: Path
) -> None:
    ids = seed_history(db_url)
    app = AppPage.open(
        chromium, app_server.url, route=app_server.address(f"/history/play/{ids['night']}")
    )
    app.expect("Ann won with 41")
    for line in (
        "Started 20:15",
        "Took 1 hour 50 minutes",
        "At Ann's kitchen",
        "Expansions: Master Craft, The Entertainer",
        "Modules: Faction Festival, Paladins, Display Cases, The Entertainer (the Bard)",
    ):
        within_the_screen(app, line)
    app.page.screenshot(path=str(tmp_path / "history-detail.png"))
    app.page.context.close()


def choose(app: AppPage, dropdown: str, option: str) -> None:
    """Open the filter ``dropdown`` and tap ``option`` in its menu."""
    app.tap(app.by_id(dropdown))
    item = app.page.get_by_role("button", name=option, exact=True).last
    item.wait_for(state="visible")
    app.tap(item)
    app.settle(400)


def test_the_list_filters_by_module_and_the_statistics_give_each_modules_figures(
    chromium: Any, app_server: AppServer, db_url: str, tmp_path: Path
) -> None:
    seed_history(db_url)
    app = AppPage.open(chromium, app_server.url, route=app_server.address("/history"))
    app.expect("4 plays")
    choose(app, "filter-game", "Merchants Cove")
    app.expect("3 plays")
    choose(app, "filter-module", "Faction Festival")
    app.expect("2 plays")
    assert app.page.get_by_text("Ben won with 44").count() == 0  # the Paladins night is out
    within_the_screen(app, "Merchants Cove: Ann won with 50")
    app.page.screenshot(path=str(tmp_path / "history-module-filter.png"))
    # The statistics, with the same filters: the module's own figures first.
    app.tap(app.button("Statistics"))
    app.expect("Modules and expansions")
    within_the_screen(app, "With the Faction Festival: 2 plays, Ann won 2")
    within_the_screen(app, "The figures below count every play of Merchants Cove.")
    choose(app, "filter-module", "Any modules")
    within_the_screen(app, "With Master Craft: 3 plays, Ann won 2, Ben 1")
    within_the_screen(app, "With the Paladins: 2 plays, Ann won 1, Ben 1")
    app.page.screenshot(path=str(tmp_path / "history-module-stats.png"))
    app.page.context.close()
