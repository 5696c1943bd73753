"""After a tool's number went on tonight's tally, one tap goes back to the game night (the
app bar's Back goes to the tool's own list) (issue 19)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.tables import TableHub
from companion.ui.app import create_main
from tests.ui.bard.test_screen import ROUTE, example, tonight
from tests.ui_harness import Harness, message, run, text_of, visible

pytestmark = pytest.mark.usefixtures("players_who_look")


@run
async def test_after_the_songs_gold_is_added_one_tap_goes_back_to_the_night(
    store: Any, hub: TableHub
) -> None:
    tonight(hub)
    h = await Harness.start(create_main(store, hub=hub), route=f"{ROUTE}/{example(hub)}")
    await h.click(h.by_id("bard-best"))
    await h.click(h.by_id("plan-1-load"))
    assert not visible(h, "bard-tally-night")  # nothing added yet: no way back offered here
    await h.click(h.by_id("bard-tally-3"))
    assert message(h) == "Added 32 gold to Cleo's tally"
    await h.click(h.by_id("bard-tally-night"))
    await h.settled()
    assert text_of(getattr(h.page.appbar, "title", None)) == "Game night"
    assert h.has_text("+32 The Bard's song")
