"""The setup assistant in Debian's Chromium at phone size: a group's whole path through it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.browser import AppPage, AppServer
from companion.engine import setup as engine

pytestmark = pytest.mark.browser


def test_apprentices_alone_fix_work_through_the_checklist_and_reload(
    chromium: Any, app_server: AppServer
) -> None:
    app = AppPage.open(chromium, app_server.url, phone=True, route="/setup")
    app.press("tool-assistant")
    app.page.wait_for_url(re.compile(r"/setup/assistant$"), timeout=10_000)
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
    app.page.wait_for_url(re.compile(r"/setup/assistant/checklist$"), timeout=10_000)
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
    app.page.wait_for_url(re.compile(r"/setup/assistant$"), timeout=10_000)
    app.expect("Legal, with")
    app.page.context.close()
