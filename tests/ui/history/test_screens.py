"""History's screens on a real flet session and a temporary history (issue 19): a play's
details say what was played, the list filters by module and expansion, the statistics give
each module's figures, plays without points read right."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import flet as ft

from companion.ui.app import create_main
from tests.ui_harness import Harness, run


def cove_nights(store: Any) -> dict[str, int]:
    """Three Merchants Cove nights and a Mercante game: Ann wins twice with the Faction
    Festival, Ben once with Paladins."""
    ids = {
        "festival": store.record_play(
            "merchants_cove",
            [("Ann", 40), ("Ben", 30), ("Cleo", 20)],
            datetime(2026, 11, 20, 22, 0),
            modules=["faction_festival"],
            expansions=["Master Craft"],
            started_at=datetime(2026, 11, 20, 20, 30),
            location="Ann's kitchen",
            house_rules={"bard.boast_once": "alternative"},
        ),
        "both": store.record_play(
            "merchants_cove",
            [("Ann", 50), ("Ben", 45)],
            datetime(2026, 11, 27, 22, 0),
            modules=["Faction Festival", "paladins", "entertainer"],
            expansions=["Master Craft", "The Entertainer"],
        ),
        "paladins": store.record_play(
            "merchants_cove",
            [("Ben", 44), ("Ann", 41)],
            datetime(2026, 11, 28, 22, 0),
            modules=["paladins"],
            expansions=["Master Craft"],
        ),
        "mercante": store.record_play("mercante", [("Dan", 10), ("Ann", 8)]),
    }
    return ids


@run
async def test_a_plays_details_show_what_was_played(store: Any) -> None:
    ids = cove_nights(store)
    h = await Harness.start(create_main(store), route=f"/history/play/{ids['festival']}")
    for line in (
        "Ann won with 40",
        "Started 20:30",
        "Took 1 hour 30 minutes",
        "At Ann's kitchen",
        "Expansions: Master Craft",
        "Modules: Faction Festival",
        "House rules: Bard: Boast more than once a song",
    ):
        assert h.has_text(line), line
    assert not h.has_text("faction_festival")


@run
async def test_the_list_filters_by_module_and_expansion(store: Any) -> None:
    ids = cove_nights(store)
    h = await Harness.start(create_main(store), route="/history")
    assert not h.find_all(ft.Semantics, identifier="filter-module"), "no game chosen yet"
    players = h.by_id("filter-player")
    assert [o.text for o in players.options] == ["All players", "Ann", "Ben", "Cleo", "Dan"]
    await h.select(h.by_id("filter-game"), "Merchants Cove")
    assert h.has_text("3 plays")
    module = h.by_id("filter-module")
    assert [o.text for o in module.options] == [
        "Any modules",
        "Faction Festival",
        "Paladins",
        "The Entertainer (the Bard)",
    ]
    await h.select(module, "faction_festival")
    assert h.has_text("2 plays")
    shown = {
        c.identifier for c in h.find_all(ft.Semantics) if str(c.identifier).startswith("play-")
    }
    assert shown == {f"play-{ids['festival']}", f"play-{ids['both']}"}
    await h.select(h.by_id("filter-expansion"), "The Entertainer")
    assert h.has_text("1 play")
    # Remembered: the next visit opens on the same choice.
    again = await Harness.start(create_main(store), route="/history")
    assert again.by_id("filter-module").value == "faction_festival"
    assert again.has_text("1 play")
    # Another game: its modules are not Merchants Cove's.
    await again.select(again.by_id("filter-game"), "Mercante")
    assert not again.find_all(ft.Semantics, identifier="filter-module")
    assert again.has_text("1 play")


@run
async def test_statistics_give_each_module_and_expansion(store: Any) -> None:
    cove_nights(store)
    h = await Harness.start(create_main(store), route="/history/stats")
    # No game chosen: each game's card has its modules.
    assert h.has_text("With the Faction Festival: 2 plays, Ann won 2")
    assert h.has_text("With Master Craft: 3 plays, Ann won 2, Ben 1")
    assert h.has_text("With the Paladins: 2 plays, Ann won 1, Ben 1")
    # The Entertainer is an expansion with its own module: said once.
    assert h.texts().count("With The Entertainer: 1 play, Ann won 1") == 1
    await h.select(h.by_id("filter-game"), "Merchants Cove")
    await h.select(h.by_id("filter-player"), "Ben")
    assert h.has_text("With the Faction Festival: 2 plays, Ben won 0")
    await h.select(h.by_id("filter-module"), "paladins")
    assert h.has_text("With the Paladins: 2 plays, Ben won 1")
    assert not h.has_text("With the Faction Festival: 2 plays, Ben won 0")
    assert h.has_text("The figures below count every play of Merchants Cove.")


@run
async def test_plays_without_points_in_the_list_the_detail_and_statistics(store: Any) -> None:
    duel = store.record_play(
        "Duel", [("Ann", None), ("Ben", None)], scoring="manual", winners=["Ben"]
    )
    store.record_play(
        "Spirit Island", [("Ann", None), ("Ben", None)], scoring="cooperative", winners=[]
    )
    h = await Harness.start(create_main(store), route="/history")
    assert h.has_text("Duel: Ben won")
    assert h.has_text("Spirit Island: Everyone lost together")
    d = await Harness.start(create_main(store), route=f"/history/play/{duel}")
    assert d.has_text("The winner was chosen by hand")
    assert not d.has_text("None")
    s = await Harness.start(create_main(store), route="/history/stats")
    assert s.has_text("Most wins: Ben (1)")
    assert not s.has_text("Best score: —")
    assert s.has_text("Duel: 1 play, 1 win")  # Ben's card: no average or best to speak of
    assert not any("—" in t for t in s.texts())
