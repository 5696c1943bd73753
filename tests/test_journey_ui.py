"""The Merchant's Journey screen on a real flet Session and a real (temporary) history, without
a browser: the seated table starts a game, two taps play a card, the working is shown, swaps,
undo, house rules from Settings, the end of the game saved to history, damaged saves."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.engine import journey as j
from companion.engine.journey import JourneyGame
from companion.history import open_store
from companion.ui.app import create_main
from companion.ui.context import HOUSE_RULES_KEY
from companion.ui.logic.journey import DAMAGED_KEY, GAME_KEY, JourneyState
from tests.ui_harness import Harness, run

ROUTE = "/calculators/journey"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Any]:
    s = open_store(f"sqlite:///{tmp_path / 'history.sqlite3'}")
    s.set_setting(
        "table",
        {"game": "merchants_journey", "seats": ["Anna", "Ben", "Cleo"], "seed": 5, "first": None},
    )
    yield s
    s.close()


def saved_game(store: Any) -> JourneyGame:
    game = JourneyState.from_dict(store.get_setting(GAME_KEY)).game
    assert game is not None
    return game


def with_game(store: Any, game: JourneyGame, card: str | None = None) -> None:
    state = JourneyState()
    state.start(game)
    state.card = card
    store.set_setting(GAME_KEY, state.to_dict())


def score(h: Harness, name: str) -> str:
    tile = h.by_id(f"score-{name}")
    return str(tile.content.controls[1].value)


async def play_card(h: Harness, rank: str, end: str) -> None:
    await h.click(h.by_id(f"card-{rank}"))
    await h.click(h.by_id(end))


@run
async def test_the_seated_table_starts_and_two_taps_play_a_card(store: Any) -> None:
    h = await Harness.start(create_main(store), route=ROUTE)
    assert h.has_text("3 players: 5 cards each (15 dealt), 33 in the draw pile.")
    await h.click(h.by_id("start-journey"))
    assert h.by_id("journey-status").content.controls[0].value == "Turn 1 of 33 · Anna to play"
    await play_card(h, "9", "new-row")
    await h.click(h.by_id("card-8"))
    right = h.by_id("row-1-right")
    assert right.content.controls[0].value == "+17"  # the preview before the tap
    await h.click(right)
    assert h.by_id("last-working").value == "8 + 9 = 17"
    assert score(h, "Ben") == "17"
    assert h.has_text("Draw pile: 31 of 33 left · Cleo draws, then plays a card")
    assert [c.rank for c in saved_game(store).rows[0]] == ["9", "8"]
    # Close the app and open it again: the table is still there.
    again = await Harness.start(create_main(store), route=ROUTE)
    assert again.by_id("last-working").value == "8 + 9 = 17"
    assert score(again, "Ben") == "17"


@run
async def test_blight_example_and_the_house_rule_from_settings(store: Any) -> None:
    with_game(
        store, JourneyGame.new(["Anna", "Ben", "Cleo"]).start_row("9")[0].place("2", 0, "right")[0]
    )
    h = await Harness.start(create_main(store), route=ROUTE)
    await play_card(h, "8", "row-1-left")
    assert h.by_id("last-working").value == "Blight beside 9: 8 + 0 = 8"
    assert h.has_text("Ruling: What a pair is worth")
    assert h.has_text("Ruling: How long a Blight cancels its neighbours")
    store.set_setting(HOUSE_RULES_KEY, [j.BLIGHT_LASTS])
    again = await Harness.start(create_main(store), route=ROUTE)
    assert again.by_id("last-working").value == "8 + 9 = 17"  # the game is scored again
    assert score(again, "Cleo") == "17"
    assert again.has_text("Ruling: How long a Blight cancels its neighbours · house rule on")
    assert saved_game(store).rules == j.JourneyRules.of(j.BLIGHT_LASTS)


@run
async def test_a_ten_swaps_with_the_card_it_was_placed_beside_and_undo(store: Any) -> None:
    game = JourneyGame.new(["Anna", "Ben", "Cleo"]).start_row("7")[0].place("K", 0, "right")[0]
    with_game(store, game)
    h = await Harness.start(create_main(store), route=ROUTE)
    await play_card(h, "10", "row-1-right")
    assert h.by_id("last-working").value == "10 + 13 = 23"
    await h.click(h.by_id("swap-played"))
    assert [c.rank for c in saved_game(store).rows[0]] == ["7", "10", "K"]
    assert h.has_text("Last move: Cleo's 10 traded places with the K")
    assert not h.find_all(ft.Semantics, identifier="swap-played")  # once only
    await h.click(h.by_id("undo-last"))
    assert [c.rank for c in saved_game(store).rows[0]] == ["7", "K", "10"]
    assert h.by_id("swap-played")  # offered again


@run
async def test_a_rank_with_all_four_on_the_table_cannot_be_chosen(store: Any) -> None:
    game = JourneyGame.new(["Anna", "Ben", "Cleo"])
    for move in (("K",), ("K", 0, "left"), ("K", 0, "left"), ("K",)):
        game = game.start_row(move[0])[0] if len(move) == 1 else game.place(*move)[0]
    with_game(store, game)
    h = await Harness.start(create_main(store), route=ROUTE)
    tile = h.by_id("card-K")
    assert tile.on_click is None and tile.content.controls[1].value == "0 left"


@run
async def test_the_last_turn_ends_the_game_and_it_is_saved_to_history(store: Any) -> None:
    game = JourneyGame.new(["Anna", "Ben"])
    for i in range(37):
        rank = j.ranks()[i % 12]
        game = game.start_row(rank)[0] if i < 12 else game.place(rank, i % 12, "right")[0]
    with_game(store, game)
    h = await Harness.start(create_main(store), route=ROUTE)
    assert h.has_text("Draw pile: 1 of 38 left · Ben draws, then plays a card")
    await play_card(h, "3", "row-2-left")
    assert h.by_id("journey-status").content.controls[0].value == "Game over after 38 turns"
    assert h.find_all(ft.Semantics, identifier="journey-standings")
    await h.click(h.by_id("save-journey"))
    assert store.count_plays() == 1
    play = store.list_plays()[0]
    final = saved_game(store)
    assert {r.player: r.score for r in play.results} == {n: final.score(n) for n in final.players}
    assert all(set(r.breakdown) == {"Pairs", "Blight bonus"} for r in play.results)
    assert h.find_all(ft.Semantics, identifier="view-saved")
    assert not h.find_all(ft.Semantics, identifier="save-journey")


@run
async def test_new_game_keeps_the_players(store: Any) -> None:
    with_game(store, JourneyGame.new(["Anna", "Ben", "Cleo"], first=1).start_row("9")[0])
    h = await Harness.start(create_main(store), route=ROUTE)
    await h.click(h.by_id("new-game"))
    await h.click(h.by_id("confirm-new-game"))
    assert JourneyState.from_dict(store.get_setting(GAME_KEY)).game is None
    assert h.find_all(ft.Semantics, identifier="start-journey")
    assert h.has_text("goes first")


@run
async def test_a_damaged_save_is_kept_aside_and_a_fresh_game_offered(store: Any) -> None:
    broken = {"format": "companion.journey.screen", "version": 1, "game": {"format": "x"}}
    store.set_setting(GAME_KEY, broken)
    h = await Harness.start(create_main(store), route=ROUTE)
    assert h.has_text("The saved game could not be read back")
    assert store.get_setting(DAMAGED_KEY) == broken
    assert h.find_all(ft.Semantics, identifier="start-journey")


@run
async def test_an_unknown_sub_route_is_not_found(store: Any) -> None:
    h = await Harness.start(create_main(store), route=f"{ROUTE}/nowhere")
    assert h.page.appbar.title.value == "Not found"
