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
    assert unplayed_modules(store) == frozenset(NEW)  # (the Dragon Island Festival is no draw)


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


def test_tonights_players_are_the_group(store: Any) -> None:
    # Ann and Ben played the Paladins; Cleo played the Lawyers with someone else.
    store.record_play("merchants_cove", [("Ann", 40), ("Ben", 30)], modules=["paladins"])
    store.record_play("merchants_cove", [("Cleo", 40), ("Eve", 30)], modules=["lawyers"])
    everyone = unplayed_modules(store)
    assert everyone is not None and not {"paladins", "lawyers"} & everyone
    ann_and_ben = unplayed_modules(store, ("Ann", "Ben"))
    assert ann_and_ben is not None
    assert "lawyers" in ann_and_ben and "paladins" not in ann_and_ben
    assert unplayed_modules(store, ("Zoe", "Yan")) is None  # their plays say nothing


@run
async def test_with_a_game_night_open_its_players_are_the_group(store: Any, hub: TableHub) -> None:
    from companion.engine.seats import Seating

    # Ann and Ben have played everything but the Insiders and the Exemplars; Cleo and Dan
    # played just those: the whole history has played everything, tonight's table has not.
    fresh = {"insiders", "exemplars"}
    theirs = sorted(set(engine.module_ids()) - fresh - {"dragon_island_festival"})
    for i in range(0, len(theirs), 4):
        store.record_play("merchants_cove", [("Ann", 40), ("Ben", 30)], modules=theirs[i : i + 4])
    store.record_play("merchants_cove", [("Cleo", 40), ("Dan", 30)], modules=sorted(fresh))
    assert unplayed_modules(store) is None
    hub.create("seats", Seating.new("merchants_cove", seed=482913, seats=("Ann", "Ben")))
    table_id = table_with(hub)
    h = await open_table(store, hub, table_id)
    await h.select(h.by_id("surprise-size"), "1")
    for _ in range(3):
        await h.click(h.by_id("surprise-me"))
        assert game_of(hub, table_id).modules <= fresh
        assert visible(h, "unplayed-note")
