"""A phone that says what it is doing (issue 21), without a browser: two phones on one
Merchant's Journey table, a push and a tap interleaved, and an Undo made on another phone."""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest

from companion.engine.journey import JourneyGame
from companion.tables import TableHub
from companion.ui import live as live_module
from companion.ui.app import create_main
from tests.table_fixtures import game_on, table_from
from tests.ui_harness import Harness, is_shown, message, run, settled, visible

ROUTE = "/calculators/journey"
SEATS = ("Anna", "Ben", "Cleo")

pytestmark = pytest.mark.usefixtures("players_who_look")


def table_with(hub: TableHub, game: JourneyGame) -> int:
    return table_from(hub, "journey", game.start, [record.action for record in game.log])


async def open_table(store: Any, hub: TableHub, table_id: int) -> Harness:
    return await Harness.start(create_main(store, hub=hub), route=f"{ROUTE}/{table_id}")


async def play_card(h: Harness, rank: str, end: str) -> None:
    await h.click(h.by_id(f"card-{rank}"))
    await h.click(h.by_id(end))


@run
async def test_a_tap_on_a_button_another_phones_move_replaced_is_not_dropped(
    store: Any, hub: TableHub
) -> None:
    """Anna taps the swap her screen offers while Cleo's swap is on its way to her phone:
    the push replaces the offer before the tap reaches the server. The tap is still
    answered (here refused, saying what happened), never lost without a word."""
    game = JourneyGame.new(SEATS).start_row("7")[0].place("K", 0, "right")[0]
    table_id = table_with(hub, game)
    anna = await open_table(store, hub, table_id)
    cleo = await open_table(store, hub, table_id)
    await play_card(cleo, "10", "row-1-right")
    await settled()
    offered = anna.by_id("swap-played")  # the button on Anna's glass
    anna.conn.answers = False  # her phone has not drawn what comes next
    await cleo.click(cleo.by_id("swap-played"))  # pushed to Anna: her offer is rebuilt
    await settled()
    assert not anna.find_all(ft.Semantics, identifier="swap-played")  # gone from her screen
    # Her tap, sent from the old screen, arrives now.
    await anna.session.dispatch_event(offered._i, "click", None)
    await settled()
    assert message(anna) is not None, "Anna's tap was dropped without a word"
    assert message(anna) == "Cleo's 10 already traded places with the K."
    assert [c.rank for c in game_on(hub.store, table_id, JourneyGame).rows[0]] == [
        "7",
        "10",
        "K",
    ]  # one swap, not two


@run
async def test_after_another_phones_undo_the_movers_message_offers_no_undo(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub, JourneyGame.new(SEATS).start_row("9")[0])
    ben = await open_table(store, hub, table_id)
    cleo = await open_table(store, hub, table_id)
    await play_card(ben, "8", "row-1-right")
    assert visible(ben, "message-undo") and not ben.by_id("message-undo").disabled
    await cleo.click(cleo.by_id("undo-last"))  # Cleo takes Ben's move back
    await settled()
    assert game_on(hub.store, table_id, JourneyGame).placements == 1
    assert not visible(ben, "message-undo"), "Ben's message still offers an Undo"
    assert message(ben) == (
        "Taken back on another phone: Ben played 8 beside 9 in row 1: 17 points (8 + 9 = 17)."
    )


@run
async def test_a_replaced_control_is_kept_hidden_only_for_a_while(
    store: Any, hub: TableHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = JourneyGame.new(SEATS).start_row("7")[0].place("K", 0, "right")[0]
    table_id = table_with(hub, game)
    anna = await open_table(store, hub, table_id)
    cleo = await open_table(store, hub, table_id)
    await play_card(cleo, "10", "row-1-right")
    await settled()
    offered = anna.by_id("swap-played")
    await cleo.click(cleo.by_id("swap-played"))
    await settled()
    assert any(c is offered for c in anna.all()) and not is_shown(offered)  # kept, hidden
    # Time passes (the kept controls' time is up); the next change lets it go.
    monkeypatch.setattr(live_module, "KEEP_SECONDS", 0.0)
    await play_card(cleo, "3", "row-1-left")
    await settled()
    assert not any(c is offered for c in anna.all())


@run
async def test_a_second_tap_on_this_phones_own_replaced_button_does_not_act_again(
    store: Any, hub: TableHub
) -> None:
    """Only what another phone's change replaced is kept: a double tap on a button this
    phone's own tap took away is not a second move."""
    game = JourneyGame.new(SEATS).start_row("7")[0].place("K", 0, "right")[0]
    table_id = table_with(hub, game)
    cleo = await open_table(store, hub, table_id)
    await play_card(cleo, "10", "row-1-right")
    offered = cleo.by_id("swap-played")
    await cleo.click(offered)
    await cleo.session.dispatch_event(offered._i, "click", None)  # the second tap
    await settled()
    rows = game_on(hub.store, table_id, JourneyGame).rows[0]
    assert [c.rank for c in rows] == ["7", "10", "K"]  # swapped once, not back again
