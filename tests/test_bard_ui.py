"""The Bard screen on a real flet Session and a real (temporary) history, without a browser."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flet as ft
import msgpack
import pytest
from flet.controls.base_control import BaseControl
from flet.messaging.protocol import configure_encode_object_for_msgpack

from companion.engine import bard
from companion.history import open_store
from companion.ui.app import create_main, sections
from companion.ui.logic.bard import BARD_KEY, DAMAGED_KEY
from companion.ui.views.bard import NO_STOPS
from tests.ui_harness import Harness, run

ROUTE = "/calculators/bard"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Any]:
    s = open_store(f"sqlite:///{tmp_path / 'history.sqlite3'}")
    yield s
    s.close()


async def tap(h: Harness, ident: str) -> None:
    await h.click(h.by_id(ident))


async def pick(h: Harness, ident: str) -> None:
    """Tap a selectable chip (it reports a ``select``, not a ``click``)."""
    await h.fire(h.by_id(ident), "select", True)


async def add_icons(h: Harness, colour: str, count: int, volume: int = 0) -> None:
    await pick(h, f"bard-new-{colour}")
    while int(h.by_id("bard-new-count-count").content.value) != count:
        more = int(h.by_id("bard-new-count-count").content.value) < count
        await tap(h, f"bard-new-count-{'plus' if more else 'minus'}")
    while int(h.by_id("bard-new-volume-count").content.value) != volume:
        more = int(h.by_id("bard-new-volume-count").content.value) < volume
        await tap(h, f"bard-new-volume-{'plus' if more else 'minus'}")
    await tap(h, "bard-add-source")


async def press(h: Harness, ident: str, times: int) -> None:
    for _ in range(times):
        await tap(h, ident)


def sent_since(h: Harness, count: int) -> bytes:
    """What the app sent to the client after its first ``count`` messages, encoded as sent."""
    return b"".join(
        msgpack.packb([m.action, m.body], default=configure_encode_object_for_msgpack(BaseControl))
        for m in h.conn.messages[count:]
    )


def field(h: Harness, label: str) -> ft.TextField:
    return h.find(ft.TextField, label=label)


def test_the_bard_is_a_calculator_tool() -> None:
    calculators = next(s for s in sections() if s.id == "calculators")
    tool = next(t for t in calculators.tools if t.id == "bard")
    assert tool.title == "The Bard (Entertainer)"


@run
async def test_singing_step_example_planned_by_taps_and_restored_in_a_new_session(
    store: Any,
) -> None:
    h = await Harness.start(create_main(store), route=ROUTE)
    assert h.page.appbar.title.value == "The Bard"
    assert h.has_text("No location yet: tap where the Bard starts.")
    await press(h, "bard-volume-plus", 6)
    await tap(h, "bard-soundstones-plus")
    await tap(h, "bard-badges-plus")
    await add_icons(h, "any", 3)
    await add_icons(h, "warrior", 2)
    await add_icons(h, "noble", 2)
    await add_icons(h, "warrior", 2, volume=3)

    await tap(h, "bard-go-warrior_hall")
    await pick(h, "stop-1-src-B")
    await h.type(field(h, "Adventurers in the Warrior Hall"), "1")
    assert h.by_id("stop-1-gold").value == "A Rune in the Warrior Hall"

    await tap(h, "bard-go-town_square")
    await pick(h, "stop-2-src-C")
    assert h.by_id("stop-2-gold").value == "A fan"
    assert any("Hand size: 2 + 2 Melody icons" in t for t in h.texts())

    await tap(h, "bard-go-dragon_island")
    assert h.by_id("stop-3-hall-warrior").selected  # the only hall with a Rune
    for source in ("D", "soundstone-1", "A"):
        await pick(h, f"stop-3-warrior-src-{source}")
    await h.type(field(h, "Warriors on the right side"), "4")
    gold, expression = h.by_id("stop-3-gold").controls
    assert (gold.value, expression.value) == ("32 gold", "8 × 4 = 32")
    assert h.has_text("No moves left: the song has visited every location it may.")
    assert not h.find_all(ft.Semantics, identifier="bard-go-pier_1")

    await h.select(h.by_id("bard-boast"), True)
    assert h.by_id("bard-net").value == "32 gold"
    assert h.has_text("6 − 3 − 3 = 0 Volume left")
    saved = store.get_setting(BARD_KEY)
    assert [s["location"] for s in saved["stops"]] == [
        "warrior_hall",
        "town_square",
        "dragon_island",
    ]

    again = await Harness.start(create_main(store), route=ROUTE)
    assert again.by_id("bard-net").value == "32 gold"
    assert field(again, "Warriors on the right side").value == "4"
    tile = again.by_id("bard-before").content
    assert isinstance(tile, ft.ExpansionTile) and tile.expanded is False  # folded once planned


@run
async def test_a_bad_count_is_marked_on_its_field_and_nothing_saved_is_lost(store: Any) -> None:
    h = await Harness.start(create_main(store), route=ROUTE)
    await add_icons(h, "wizard", 2)
    await tap(h, "bard-go-pier_2")
    await pick(h, "stop-1-src-A")
    wizards = field(h, "Wizards")
    await h.type(wizards, "3")
    assert h.by_id("stop-1-gold").controls[1].value == "2 × 3 = 6"
    await h.type(wizards, "three")
    assert wizards.error == "Whole number, 0–40"
    assert h.has_text("Fix the marked count to see this location's result.")
    assert store.get_setting(BARD_KEY)["stops"][0]["fields"]["adv:wizard"] == "three"
    await h.type(wizards, "3")
    assert wizards.error is None and h.by_id("bard-net").value == "6 gold"


@run
async def test_a_card_bought_at_a_pier_costs_more_after_a_rune(store: Any) -> None:
    h = await Harness.start(create_main(store), route=ROUTE)
    await add_icons(h, "noble", 2)
    await tap(h, "bard-go-noble_hall")
    await pick(h, "stop-1-src-A")
    await tap(h, "bard-go-pier_1")
    await h.select(h.by_id("stop-2-buy"), True)
    assert any("1 + 1 Coin + 0 Blue Gems = 2 gold" in t for t in h.texts())
    assert h.by_id("bard-net").value == "-2 gold"
    assert h.has_text("Net: 0 − 2 = -2 gold")


@run
async def test_a_tap_sends_the_redrawn_screen_even_when_a_snackbar_was_shown(
    store: Any,
) -> None:
    """Flet skips its own update after a handler that updated the page (a snackbar, as Next
    song and Clear song show), so the screen sends its changes itself: check what reaches
    the client."""
    h = await Harness.start(create_main(store), route=ROUTE)
    before = len(h.conn.messages)
    # Dispatched the way the server does it: no extra update afterwards (the harness's
    # click() adds one, which would hide a screen that forgot to send its changes).
    await h.session.dispatch_event(h.by_id("bard-add-source")._i, "click", None)
    assert b"Still to spend: 1 Warrior." in sent_since(h, before)
    await h.session.dispatch_event(h.by_id("bard-go-pier_1")._i, "click", None)
    await h.session.dispatch_event(h.by_id("stop-1-src-A")._i, "select", True)
    before = len(h.conn.messages)
    await h.session.dispatch_event(h.by_id("bard-clear")._i, "click", None)
    sent = sent_since(h, before)
    assert b"Song cleared (the board is kept)." in sent  # the snackbar
    assert NO_STOPS.encode() in sent  # and the redrawn locations


@run
async def test_a_damaged_save_is_kept_aside_and_a_fresh_plan_opens(store: Any) -> None:
    store.set_setting(BARD_KEY, {"format": "companion.bard.screen", "version": 1, "moves": "x"})
    h = await Harness.start(create_main(store), route=ROUTE)
    assert h.has_text("The saved song could not be read back")
    assert store.get_setting(DAMAGED_KEY)["moves"] == "x"
    assert store.get_setting(BARD_KEY)["stops"] == []


@run
async def test_the_rule_text_house_rule_changes_the_screen_and_the_ruling_leads_to_settings(
    store: Any,
) -> None:
    store.set_setting("house_rules", [bard.RULING_DRAGON_ISLAND])
    h = await Harness.start(create_main(store), route=ROUTE)
    assert h.has_text(
        "Dragon Island pays Adventurers in the hall × matching Adventurers on the side "
        "(your house rule: the rule text)."
    )
    await pick(h, "bard-rune-warrior")
    await add_icons(h, "warrior", 3)
    await tap(h, "bard-go-dragon_island")
    await pick(h, "stop-1-warrior-src-A")
    await h.type(field(h, "Warriors on the right side"), "4")
    await h.type(field(h, "Adventurers in the Warrior Hall"), "2")
    assert h.by_id("stop-1-gold").controls[1].value == "2 × 4 = 8"

    chip = h.by_id(f"ruling-{bard.RULING_DRAGON_ISLAND}")
    await h.click(chip)
    assert h.has_text("Your house rule")
    await h.click(h.by_id("open-settings"))
    assert h.page.appbar.title.value == "Settings"


@run
async def test_next_song_keeps_the_board_and_undo_brings_the_song_back(store: Any) -> None:
    h = await Harness.start(create_main(store), route=ROUTE)
    await add_icons(h, "bard", 2)
    await tap(h, "bard-go-bard_hall")
    await pick(h, "stop-1-src-A")
    await tap(h, "bard-next-song")
    saved = store.get_setting(BARD_KEY)
    assert saved["runes"] == ["bard"] and saved["stops"] == [] and saved["sources"] == []
    assert h.has_text("No location yet: tap where the Bard starts.")
    assert h.by_id("bard-rune-bard").selected
    bar = [d for d in h.page._dialogs.controls if isinstance(d, ft.SnackBar)][-1]
    await h.fire(bar, "action")
    assert store.get_setting(BARD_KEY)["runes"] == []
    assert h.by_id("stop-1-gold").value == "A Rune in the Bard Hall"


@run
async def test_an_unknown_sub_route_says_not_found(store: Any) -> None:
    h = await Harness.start(create_main(store), route=f"{ROUTE}/encore")
    assert h.page.appbar.title.value == "Not found"


@run
async def test_swan_song_and_several_fans_under_the_house_rule(store: Any) -> None:
    store.set_setting("house_rules", [bard.RULING_FANS])
    h = await Harness.start(create_main(store), route=ROUTE)
    await h.select(h.by_id("bard-kind"), ["swan_song"])
    assert h.has_text("Swan Song: 0 gold so far")
    await press(h, "bard-badges-plus", 2)
    await add_icons(h, "any", 7)
    await tap(h, "bard-go-town_square")
    await pick(h, "stop-1-src-A")
    await tap(h, "stop-1-fans-plus")  # a third and a fourth fan: 3 + 4 icons
    assert h.by_id("stop-1-gold").value == "2 fans"
    assert h.has_text("Fan 3: 1 + 2 fans you already have = 3 icons")
    assert h.has_text("Fan 4: 1 + 3 fans you already have = 4 icons")
    assert any("After the Swan Song, discard every card" in t for t in h.texts())
    assert h.has_text("1 + 0 Coins + 2 Blue Gems = 3 gold")  # the card price helper
