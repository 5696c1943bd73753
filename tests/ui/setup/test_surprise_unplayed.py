"""Surprise me prefers the modules this group has not played yet (issue 19): once the
history has Merchants Cove plays with modules, the draw leans to the others and says so; a
switch turns it off; without such a history nothing changes."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from companion.engine import setup as engine
from companion.tables import TableHub
from companion.ui.setup.parts.surprise import PREFER_KEY, unplayed_modules
from tests.ui.setup.test_screen import game_of, open_table, table_with
from tests.ui_harness import run, visible

pytestmark = pytest.mark.usefixtures("players_who_look")

#: Played already: every module but these three.
NEW = {"lawyers", "insiders", "apprentices"}


def played_everything_but_three(store: Any) -> None:
    played = sorted(set(engine.module_ids()) - NEW - {"dragon_island_festival"})
    for i in range(0, len(played), 3):
        store.record_play(
            "merchants_cove",
            [("Ann", 40 + i), ("Ben", 30)],
            datetime(2026, 11, 1 + i, 21),
            modules=played[i : i + 3],
        )


def test_the_modules_not_played_come_from_the_history(store: Any) -> None:
    assert unplayed_modules(store) is None  # no history: nothing to prefer
    store.record_play("merchants_cove", [("Ann", 40), ("Ben", 30)])
    assert unplayed_modules(store) is None  # plays without modules say nothing
    played_everything_but_three(store)
    assert unplayed_modules(store) == NEW | {"dragon_island_festival"}


@run
async def test_surprise_me_draws_modules_not_played_and_says_so(store: Any, hub: TableHub) -> None:
    played_everything_but_three(store)
    table_id = table_with(hub)
    h = await open_table(store, hub, table_id)
    await h.select(h.by_id("surprise-size"), "1")
    assert visible(h, "surprise-unplayed")
    for _ in range(3):
        await h.click(h.by_id("surprise-me"))
        drawn = game_of(hub, table_id)
        assert drawn.modules <= NEW, drawn.modules
        (module,) = [m.name for m in engine.modules() if m.id in drawn.modules]
        assert h.by_id("unplayed-note").value == (f"Picked modules you have not played: {module}.")
        # The seed alone replays it: the draw is the ordinary one of that seed.
        assert drawn.modules == engine.surprise_modules(drawn.seed, size=1, players=drawn.players)
    # Switched off: an ordinary draw, and nothing said about it.
    await h.select(h.by_id("surprise-unplayed"), False)
    assert store.get_setting(PREFER_KEY) is False
    assert not visible(h, "unplayed-note")


@run
async def test_without_a_history_surprise_me_is_as_before(store: Any, hub: TableHub) -> None:
    table_id = table_with(hub)
    h = await open_table(store, hub, table_id)
    assert not visible(h, "surprise-unplayed")
    await h.click(h.by_id("surprise-me"))
    assert not visible(h, "unplayed-note")
