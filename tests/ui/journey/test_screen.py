"""The Merchant's Journey screens on real flet Sessions and a real (temporary) history, without
a browser: the seated table starts a game (a shared table), two taps play a card, the working
is shown, swaps, undo, house rules from Settings, the end of the game saved to history once,
an old saved game imported, and several sessions on one table: live pushes, stale taps
refused, database errors, reloads, leaving the screen."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft
import pytest

from companion.engine import journey as j
from companion.engine.journey import JourneyGame, Place, StartRow
from companion.history import Store
from companion.tables import TableHub
from companion.ui import live as live_module
from companion.ui.app import create_main
from companion.ui.context import HOUSE_RULES_KEY
from companion.ui.journey.model import DAMAGED_KEY, GAME_KEY, STATE_FORMAT
from companion.ui.model import live as live_logic
from tests.screen_fixtures import abandon_with_confirm, leave_and_close
from tests.table_fixtures import game_on, table_from, writes_failing
from tests.ui_harness import (
    Harness,
    app_bar_title_room,
    is_shown,
    message,
    run,
    settled,
    visible,
    walk,
)

ROUTE = "/calculators/journey"
SEATS = ("Anna", "Ben", "Cleo")

pytestmark = pytest.mark.usefixtures("players_who_look")


@pytest.fixture
def store(store: Store) -> Store:
    """The screen's store (tests/ui/conftest.py) with the players seated."""
    store.set_setting(
        "table",
        {"game": "merchants_journey", "seats": list(SEATS), "seed": 5, "first": None},
    )
    return store


def table_with(hub: TableHub, game: JourneyGame) -> int:
    """A table whose log is ``game``'s moves (the game as a table would have played it)."""
    return table_from(hub, "journey", game.start, [record.action for record in game.log])


def game_of(hub: TableHub, table_id: int) -> JourneyGame:
    return game_on(hub.store, table_id, JourneyGame)


async def open_table(store: Any, hub: TableHub, table_id: int) -> Harness:
    return await Harness.start(create_main(store, hub=hub), route=f"{ROUTE}/{table_id}")


def status(h: Harness) -> str:
    """The turn line: the first text of the status box."""
    return str(next(c for c in walk(h.by_id("journey-status")) if isinstance(c, ft.Text)).value)


def score(h: Harness, name: str) -> str:
    tile = h.by_id(f"score-{name}")
    return str(tile.content.controls[1].value)


def undo_in_message(h: Harness) -> ft.TextButton:
    button: ft.TextButton = h.by_id("message-undo")
    return button


async def play_card(h: Harness, rank: str, end: str) -> None:
    await h.click(h.by_id(f"card-{rank}"))
    await h.click(h.by_id(end))


# -- one device ------------------------------------------------------------------------------------


@run
async def test_the_seated_table_starts_and_two_taps_play_a_card(store: Any, hub: TableHub) -> None:
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert h.has_text("3 players: 5 cards each (15 dealt), 33 in the draw pile.")
    await h.click(h.by_id("start-journey"))
    (table,) = store.list_tables(tool="journey")
    assert status(h) == "Turn 1 of 33 · Anna to play"
    await play_card(h, "9", "new-row")
    assert h.by_id("last-working").value == "New city: no pair"  # a line of its own: capital
    await h.click(h.by_id("card-8"))
    right = h.by_id("row-1-right")
    assert right.content.controls[0].value == "+17"  # the preview before the tap
    await h.click(right)
    assert h.by_id("last-working").value == "8 + 9 = 17"
    assert score(h, "Ben") == "17"
    assert h.has_text("Draw pile: 31 of 33 left")
    assert h.has_text("Cleo draws, then plays: which card?")
    assert message(h) == "Ben played 8 beside 9 in row 1: 17 points (8 + 9 = 17)."
    assert [c.rank for c in game_of(hub, table.id).rows[0]] == ["9", "8"]
    # Close the app and start it again (a new hub replays the table): it is still there,
    # and the list of games in progress offers it.
    again = await Harness.start(create_main(store), route=ROUTE)
    assert again.by_id(f"table-{table.id}")
    assert again.has_text("Turn 3 of 33 · Cleo to play")
    reopened = await Harness.start(create_main(store), route=f"{ROUTE}/{table.id}")
    assert reopened.by_id("last-working").value == "8 + 9 = 17"
    assert score(reopened, "Ben") == "17"


@run
async def test_blight_example_and_the_house_rule_from_settings(store: Any, hub: TableHub) -> None:
    table_id = table_with(hub, JourneyGame.new(SEATS).start_row("9")[0].place("2", 0, "right")[0])
    h = await open_table(store, hub, table_id)
    await play_card(h, "8", "row-1-left")
    assert h.by_id("last-working").value == "Blight beside 9: 8 + 0 = 8"
    assert h.has_text("Ruling: What a pair is worth")
    assert h.has_text("Ruling: How long a Blight cancels its neighbours")
    store.set_setting(HOUSE_RULES_KEY, [j.BLIGHT_LASTS])
    again = await open_table(store, hub, table_id)
    assert again.by_id("last-working").value == "8 + 9 = 17"  # the game is scored again
    assert score(again, "Cleo") == "17"
    assert again.has_text("Ruling: How long a Blight cancels its neighbours · house rule on")
    assert game_of(hub, table_id).rules == j.HouseRules.of(j.BLIGHT_LASTS)
    # The change is a move on the table: the first screen shows it too.
    await settled()
    assert score(h, "Cleo") == "17"


@run
async def test_a_ten_swaps_with_the_card_it_was_placed_beside_and_undo(
    store: Any, hub: TableHub
) -> None:
    game = JourneyGame.new(SEATS).start_row("7")[0].place("K", 0, "right")[0]
    table_id = table_with(hub, game)
    h = await open_table(store, hub, table_id)
    await play_card(h, "10", "row-1-right")
    assert h.by_id("last-working").value == "10 + 13 = 23"
    await h.click(h.by_id("swap-played"))
    assert [c.rank for c in game_of(hub, table_id).rows[0]] == ["7", "10", "K"]
    assert h.has_text("Last move: Cleo's 10 traded places with the K")
    assert not h.find_all(ft.Semantics, identifier="swap-played")  # once only
    await h.click(h.by_id("undo-last"))
    assert [c.rank for c in game_of(hub, table_id).rows[0]] == ["7", "K", "10"]
    assert message(h) == "Taken back: Cleo's 10 traded places with the K; scores stand."
    assert h.by_id("swap-played")  # offered again


@run
async def test_a_rank_with_all_four_on_the_table_cannot_be_chosen(
    store: Any, hub: TableHub
) -> None:
    game = JourneyGame.new(SEATS)
    for move in (("K",), ("K", 0, "left"), ("K", 0, "left"), ("K",)):
        game = game.start_row(move[0])[0] if len(move) == 1 else game.place(*move)[0]
    h = await open_table(store, hub, table_with(hub, game))
    tile = h.by_id("card-K")
    assert tile.on_click is None and tile.content.controls[1].value == "0 left"


def _nearly_over() -> JourneyGame:
    game = JourneyGame.new(["Anna", "Ben"])
    for i in range(37):
        rank = j.ranks()[i % 12]
        game = game.start_row(rank)[0] if i < 12 else game.place(rank, i % 12, "right")[0]
    return game


@run
async def test_the_last_turn_ends_the_game_and_it_is_saved_to_history_once(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub, _nearly_over())
    h = await open_table(store, hub, table_id)
    other = await open_table(store, hub, table_id)
    assert h.has_text("Draw pile: 1 of 38 left")
    assert h.has_text("Ben draws, then plays: which card?")
    await play_card(h, "3", "row-2-left")
    assert status(h) == "Game over after 38 turns"
    assert h.find_all(ft.Semantics, identifier="journey-standings")
    await h.click(h.by_id("save-journey"))
    assert store.count_plays() == 1
    play = store.list_plays()[0]
    final = game_of(hub, table_id)
    assert {r.player: r.score for r in play.results} == {n: final.score(n) for n in final.players}
    assert all(set(r.breakdown) == {"Pairs", "Blight bonus"} for r in play.results)
    assert visible(h, "view-saved") and not visible(h, "save-journey")
    assert message(h) is not None and message(h).startswith("Saved Merchant's Journey")
    # The other phone sees it saved; had it tapped Save meanwhile, it opens the saved play.
    await settled()
    assert visible(other, "view-saved")
    stale = other.find_all(ft.Semantics, identifier="save-journey")
    assert not stale
    outcome = hub.save_to_history(table_id, lambda g: {}, seen=38, device="late")
    assert getattr(outcome, "created", None) is False and store.count_plays() == 1
    assert store.table(table_id).status == "finished"


@run
async def test_new_game_keeps_the_players_and_the_game_stays_in_progress(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub, JourneyGame.new(SEATS, first=1).start_row("9")[0])
    h = await open_table(store, hub, table_id)
    await h.click(h.by_id("table-menu"))
    await h.click(h.by_id("new-game"))
    assert h.find_all(ft.Semantics, identifier="start-journey")
    assert h.has_text("goes first")
    assert h.find_all(ft.Semantics, identifier=f"table-{table_id}")  # still in progress
    assert store.table(table_id).status == "open"


@run
async def test_finish_and_abandon_ask_first(store: Any, hub: TableHub) -> None:
    kept = table_with(hub, JourneyGame.new(SEATS).start_row("9")[0])
    dropped = table_with(hub, JourneyGame.new(("Dev", "Eli")).start_row("K")[0])
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert h.has_text("Anna, Ben, Cleo") and h.has_text("Dev, Eli")
    assert h.has_text("last touched just now")
    await abandon_with_confirm(h, store, dropped)
    assert not h.find_all(ft.Semantics, identifier=f"table-{dropped}")
    # From the game's own screen: the menu, Finish, then confirm.
    t = await open_table(store, hub, kept)
    await t.click(t.by_id("table-menu"))
    await t.click(t.by_id("finish-game"))
    await t.click(t.by_id("confirm-finish"))
    assert store.table(kept).status == "finished"
    assert t.find_all(ft.Semantics, identifier="start-journey")


@run
async def test_an_old_saved_game_becomes_a_table_and_its_key_is_kept(
    store: Any, hub: TableHub
) -> None:
    game = JourneyGame.new(SEATS).start_row("9")[0].place("8", 0, "right")[0]
    old = {"format": STATE_FORMAT, "version": 1, "game": game.to_dict(), "card": "Q",
           "form": {"seats": list(SEATS), "first": 0}, "saved_play": None}  # fmt: skip
    store.set_setting(GAME_KEY, old)
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    (table,) = store.list_tables(tool="journey")
    assert h.has_text("The game saved before is now a shared table")
    assert store.get_setting(GAME_KEY) is None
    assert store.get_setting(live_logic.imported_key(GAME_KEY)) == old
    assert game_of(hub, table.id) == game
    assert [a.device for a in store.table_actions(table.id)] == ["import", "import"]
    again = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert len(store.list_tables(tool="journey")) == 1  # imported once
    assert not again.has_text("The game saved before is now a shared table")


@run
async def test_a_damaged_old_save_is_kept_aside_and_a_new_game_offered(
    store: Any, hub: TableHub
) -> None:
    broken = {"format": STATE_FORMAT, "version": 1, "game": {"format": "x"}}
    store.set_setting(GAME_KEY, broken)
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert h.has_text("The game saved before could not be read back")
    assert store.get_setting(DAMAGED_KEY) == broken
    assert store.get_setting(GAME_KEY) is None
    assert h.find_all(ft.Semantics, identifier="start-journey")


@run
async def test_unknown_routes_and_tables_are_not_found(store: Any, hub: TableHub) -> None:
    for route in (f"{ROUTE}/nowhere", f"{ROUTE}/999", f"{ROUTE}/0", f"{ROUTE}/1/x"):
        h = await Harness.start(create_main(store, hub=hub), route=route)
        assert h.page.appbar.title.value == "Not found", route


# -- several devices on one table -----------------------------------------------------------------


@run
async def test_a_move_on_one_phone_shows_on_the_others_without_a_reload(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub, JourneyGame.new(SEATS).start_row("9")[0])
    anna, ben, cleo = [await open_table(store, hub, table_id) for _ in range(3)]
    await cleo.click(cleo.by_id("card-Q"))  # Cleo is only choosing: nobody else sees it
    await play_card(ben, "8", "row-1-right")
    await settled()
    for phone in (anna, cleo):
        assert status(phone) == "Turn 3 of 33 · Cleo to play"
        assert score(phone, "Ben") == "17"
        assert phone.by_id("last-working").value == "8 + 9 = 17"
        assert message(phone) is None  # a push redraws, it does not speak
    assert cleo.by_id("chosen-card").value.startswith("Q ·")  # her choice survived the push
    assert not visible(anna, "chosen-card")
    assert hub.subscriber_count(table_id) == 3


@run
async def test_a_stale_phone_cannot_erase_another_phones_move(store: Any, hub: TableHub) -> None:
    table_id = table_with(hub, JourneyGame.new(SEATS).start_row("9")[0])
    ben = await open_table(store, hub, table_id)
    cleo = await open_table(store, hub, table_id)
    await cleo.click(cleo.by_id("card-K"))
    # Ben's move lands while Cleo's screen has not heard of it yet (no push delivered).
    outcome = hub.submit(table_id, Place("8", 0, "right"), seen=1, device="ben")
    assert outcome.ok
    await cleo.session.dispatch_event(cleo.by_id("new-row")._i, "click", None)
    game = game_of(hub, table_id)
    assert [c.rank for c in game.rows[0]] == ["9", "8"]  # Ben's move is there, unharmed
    assert game.placements == 2
    assert message(cleo) == "Ben already played turn 2 (played 8 beside 9 in row 1)."
    assert status(cleo) == "Turn 3 of 33 · Cleo to play"  # brought up to date
    await settled()
    assert status(ben) == status(cleo)


@run
async def test_simultaneous_conflicting_taps_leave_one_table_and_one_refusal(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub, JourneyGame.new(SEATS).start_row("9")[0])
    ben = await open_table(store, hub, table_id)
    cleo = await open_table(store, hub, table_id)
    await ben.click(ben.by_id("card-8"))
    await cleo.click(cleo.by_id("card-K"))
    # Both tap before either has heard of the other: dispatched back to back on one loop.
    await asyncio.gather(
        ben.session.dispatch_event(ben.by_id("row-1-right")._i, "click", None),
        cleo.session.dispatch_event(cleo.by_id("new-row")._i, "click", None),
    )
    await settled()
    game = game_of(hub, table_id)
    assert game.placements == 2 and [c.rank for c in game.rows[0]] == ["9", "8"]
    assert message(cleo) == "Ben already played turn 2 (played 8 beside 9 in row 1)."
    assert cleo.by_id("chosen-card").value.startswith("K ·")  # her card is still chosen
    assert status(cleo) == status(ben) == "Turn 3 of 33 · Cleo to play"
    assert len(store.table_actions(table_id)) == 2


@run
async def test_a_tap_right_after_a_push_counts_as_made_on_the_screen_before(
    store: Any, hub: TableHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The push reaches the server session at once but the phone's glass a moment later: a
    tap in between was aimed at the old table, so it is refused, saying what happened."""
    monkeypatch.setattr(live_module, "SEEN_DELAY", 5.0)  # (a slow test machine is no human)
    table_id = table_with(hub, JourneyGame.new(SEATS).start_row("9")[0])
    ben = await open_table(store, hub, table_id)
    cleo = await open_table(store, hub, table_id)
    await cleo.click(cleo.by_id("card-K"))
    await play_card(ben, "8", "row-1-right")  # pushed to Cleo's session at once
    assert status(cleo) == "Turn 3 of 33 · Cleo to play"
    await cleo.click(cleo.by_id("new-row"))  # within the delay
    assert message(cleo) == "Ben already played turn 2 (played 8 beside 9 in row 1)."
    assert game_of(hub, table_id).placements == 2
    monkeypatch.setattr(live_module, "SEEN_DELAY", 0.0)  # time passes: she has seen it now
    await cleo.click(cleo.by_id("new-row"))
    assert game_of(hub, table_id).placements == 3
    assert [c.rank for c in game_of(hub, table_id).rows[1]] == ["K"]


@run
async def test_a_tap_before_the_phone_has_the_push_counts_as_made_before_it(
    store: Any, hub: TableHub
) -> None:
    """Taps arrive in the order the phone sent them: one that comes before the phone said it
    has the change was aimed at the old table, however quick the machine."""
    table_id = table_with(hub, JourneyGame.new(SEATS).start_row("9")[0])
    ben = await open_table(store, hub, table_id)
    cleo = await open_table(store, hub, table_id)
    cleo.conn.answers = False  # her phone is slow: it has not drawn Ben's move yet
    await cleo.click(cleo.by_id("card-K"))
    await play_card(ben, "8", "row-1-right")
    await cleo.click(cleo.by_id("new-row"))
    assert message(cleo) == "Ben already played turn 2 (played 8 beside 9 in row 1)."
    assert game_of(hub, table_id).placements == 2


@run
async def test_undo_on_a_phone_that_has_not_drawn_a_move_does_not_take_that_move_back(
    store: Any, hub: TableHub
) -> None:
    """The app bar's Undo means the last move the phone SHOWS: pressed before the phone has
    drawn another phone's move, it is refused (saying who moved) instead of erasing it."""
    table_id = table_with(hub, JourneyGame.new(SEATS).start_row("9")[0])
    ben = await open_table(store, hub, table_id)
    cleo = await open_table(store, hub, table_id)
    cleo.conn.answers = False  # her phone has not drawn Ben's move yet
    await play_card(ben, "8", "row-1-right")
    await cleo.click(cleo.by_id("undo-last"))
    assert game_of(hub, table_id).placements == 2, "Ben's move, unseen by Cleo, was taken back"
    assert message(cleo) == (
        "Not undone: that is no longer the last move "
        "(Ben already played turn 2 (played 8 beside 9 in row 1))."
    )
    assert status(cleo) == "Turn 3 of 33 · Cleo to play"  # and she sees it now


@run
async def test_a_messages_undo_works_only_while_its_move_is_the_last(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub, JourneyGame.new(SEATS).start_row("9")[0])
    ben = await open_table(store, hub, table_id)
    cleo = await open_table(store, hub, table_id)
    await play_card(ben, "8", "row-1-right")
    assert not undo_in_message(ben).disabled
    await play_card(cleo, "3", "row-1-left")
    await settled()
    assert undo_in_message(ben).disabled  # Cleo moved after: Ben's Undo is closed
    # Even pressed (a stale client), it cannot take back Cleo's move or Ben's.
    ben_undo = hub.undo(table_id, of=2, seen=3, device="ben")
    assert not ben_undo.ok and "no longer the last move" in getattr(ben_undo, "message", "")
    assert game_of(hub, table_id).placements == 3
    await ben.click(ben.by_id("undo-last"))  # the app bar's Undo: the table's last move
    assert game_of(hub, table_id).placements == 2
    await settled()
    assert status(cleo) == "Turn 3 of 33 · Cleo to play"


@run
async def test_messages_time_out_on_the_server(
    store: Any, hub: TableHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live_logic, "SECONDS_UNDO", 0.05)
    monkeypatch.setattr(live_logic, "SECONDS_INFO", 0.05)
    table_id = table_with(hub, JourneyGame.new(SEATS).start_row("9")[0])
    h = await open_table(store, hub, table_id)
    await play_card(h, "8", "row-1-right")
    assert message(h) is not None
    for _ in range(100):  # (gone after 0.05 s; a loaded two-core machine may take longer)
        await settled()
        if message(h) is None:
            break
    assert message(h) is None


@run
async def test_a_reload_shows_the_table_now_and_drops_messages(
    store: Any, hub: TableHub, caplog: pytest.LogCaptureFixture
) -> None:
    table_id = table_with(hub, JourneyGame.new(SEATS).start_row("9")[0])
    h = await open_table(store, hub, table_id)
    await play_card(h, "8", "row-1-right")
    assert message(h) is not None
    # The session is disconnected (a reload): moves made meanwhile are not sent to it ...
    await h.session.disconnect(60)
    hub.submit(table_id, StartRow("K"), seen=2, device="other")
    await settled()
    failed = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
    assert not failed, "a push to a page away for a moment is no error"
    # ... and when the page comes back to the same session, it shows the table as it is.
    h.session.attach_connection(h.conn)
    await h.session.dispatch_connect_event()
    await settled()
    assert message(h) is None
    assert status(h) == "Turn 4 of 33 · Anna to play"


@run
async def test_leaving_the_screen_or_closing_the_session_unsubscribes(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub, JourneyGame.new(SEATS).start_row("9")[0])
    h = await open_table(store, hub, table_id)
    other = await open_table(store, hub, table_id)
    await leave_and_close(hub, table_id, h, other, 1)  # the Calculators tab


@run
async def test_a_full_disk_is_a_message_and_the_move_is_not_shown(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub, JourneyGame.new(SEATS).start_row("9")[0])
    h = await open_table(store, hub, table_id)
    other = await open_table(store, hub, table_id)
    await h.click(h.by_id("card-8"))
    with writes_failing(store):
        await h.click(h.by_id("row-1-right"))
    assert message(h) is not None and "Not saved: the disk is full" in message(h)
    assert status(h) == "Turn 2 of 33 · Ben to play"  # not shown as done
    assert h.by_id("chosen-card").value.startswith("8 ·")  # the card is still in hand
    assert score(h, "Ben") == "0" and game_of(hub, table_id).placements == 1
    await settled()
    assert status(other) == "Turn 2 of 33 · Ben to play"
    # The session goes on: the same tap, once the disk has room, is kept.
    await h.click(h.by_id("row-1-right"))
    assert status(h) == "Turn 3 of 33 · Cleo to play"
    assert game_of(hub, table_id).placements == 2


@run
async def test_a_damaged_table_is_shown_read_only(store: Any, hub: TableHub) -> None:
    table_id = table_with(hub, JourneyGame.new(SEATS).start_row("9")[0])
    store.append_action(
        table_id=table_id,
        seq=2,
        body={"kind": "place", "rank": "8", "row": 7, "side": "left"},
        device="x",
        summary={},
    )
    h = await Harness.start(create_main(store), route=f"{ROUTE}/{table_id}")
    assert h.has_text("This game is read-only: step 2 ('place') no longer replays")
    assert not visible(h, "card-8")
    assert len(store.table_actions(table_id)) == 2


# -- a game stopped early, and the "why?" links ---------------------------------------------------


@run
async def test_a_game_stopped_early_is_saved_to_history_as_unfinished(
    store: Any, hub: TableHub
) -> None:
    """Issue 12: the players stop before the draw pile runs out; the scores so far go to
    history as an unfinished play, once, and every phone on the table sees it closed."""
    fresh = await open_table(store, hub, table_with(hub, JourneyGame.new(SEATS)))
    await fresh.click(fresh.by_id("table-menu"))
    assert not fresh.find_all(ft.Semantics, identifier="save-unfinished")  # nothing to save
    game = JourneyGame.new(SEATS).start_row("9")[0].place("8", 0, "right")[0]
    table_id = table_with(hub, game)
    h = await open_table(store, hub, table_id)
    other = await open_table(store, hub, table_id)
    await h.click(h.by_id("table-menu"))
    await h.click(h.by_id("save-unfinished"))
    await h.click(h.by_id("confirm-save-unfinished-cancel"))
    assert store.count_plays() == 0
    await h.click(h.by_id("table-menu"))
    await h.click(h.by_id("save-unfinished"))
    await h.click(h.by_id("confirm-save-unfinished"))
    (play,) = store.list_plays()
    assert not play.finished and "Stopped after 2 of 33 turns" in play.notes
    assert {r.player: r.score for r in play.results} == {"Anna": 0, "Ben": 17, "Cleo": 0}
    assert store.table(table_id).status == "finished"
    assert store.table(table_id).saved_play_id == play.id
    assert (
        message(h)
        == "Saved Merchant's Journey as unfinished: Stopped after 2 of 33 turns (31 left)."
    )
    await settled()
    for phone in (h, other):
        assert phone.has_text("Scores when play stopped")
        assert phone.has_text("Saved in your history as unfinished.")
        assert visible(phone, "view-saved") and not visible(phone, "card-8")
    # Saved once: a second save from anywhere finds the play.
    again = hub.save_to_history(table_id, lambda g: {}, seen=2, device="late")
    assert getattr(again, "play_id", None) == play.id and store.count_plays() == 1


def why_links(h: Harness) -> list[str]:
    return sorted(
        s.identifier
        for s in h.find_all(ft.Semantics)
        if isinstance(s.identifier, str)
        and s.identifier.startswith("why-")
        and not s.identifier.startswith(("why-entry-", "why-ruling-"))
        and is_shown(s)
    )


async def assert_why_links_resolve(start: Any) -> list[str]:
    """Tap every "why?" on the screen ``start()`` opens: it opens an entry that exists, a
    ruling's sheet, or a list whose every item does. Returns the links' handles."""
    from companion import reference
    from companion.rules import catalogue

    h = await start()
    links = why_links(h)
    for ident in links:
        await h.click(h.by_id(ident))
        await settled()
        titles = h.find_all(ft.Semantics, identifier="entry-title")
        if titles:  # one entry: its screen (then back to the screen under test)
            assert titles[0].content.value in {e.title for e in reference.entries()}, ident
            h = await start()
            continue
        dialogs = h.dialogs(open_only=True)
        assert dialogs, f"{ident} opened nothing"
        items = [
            s.identifier
            for s in walk(dialogs[-1])
            if isinstance(s, ft.Semantics)
            and isinstance(s.identifier, str)
            and s.identifier.startswith(("why-entry-", "why-ruling-"))
        ]
        for item in items:  # a list: each entry exists, each ruling is in the catalogue
            if item.startswith("why-entry-"):
                reference.entry(item.removeprefix("why-entry-"))
            else:
                catalogue().ruling(item.removeprefix("why-ruling-"))
        assert items or isinstance(dialogs[-1], ft.AlertDialog), ident  # else: a ruling sheet
        h.page.pop_dialog()
        await settled()
    return links


@run
async def test_every_why_link_on_the_journey_screens_resolves(store: Any, hub: TableHub) -> None:
    """Issue 9: every number with its working offers a why? (the turn and draw pile, the card
    chosen and what its row ends would score, the last move's points, a Blight's bonus, each
    running total, the final scores, a Ghorralands switch, the new-game deal), and each one
    opens entries and rulings that exist."""
    from companion.tools.demo import seed_journey

    found: set[str] = set()
    lobby = await assert_why_links_resolve(
        lambda: Harness.start(create_main(store, hub=hub), route=ROUTE)
    )
    found |= set(lobby)
    table_id = seed_journey(store, stage="play")
    assert table_id is not None

    async def with_card(rank: str) -> Harness:
        h = await open_table(store, hub, table_id)
        await h.click(h.by_id(f"card-{rank}"))
        await settled()
        return h

    for rank in ("2", "10"):
        found |= set(await assert_why_links_resolve(lambda r=rank: with_card(r)))
    # A Blight linking three pays its bonus: the last move's why? names the bonus ruling.
    game = JourneyGame.new(SEATS).start_row("2")[0].place("2", 0, "right")[0]
    game = game.place("2", 0, "left")[0].start_row("6")[0].place("6", 1, "right")[0]
    linked = table_with(hub, game)
    found |= set(await assert_why_links_resolve(lambda: open_table(store, hub, linked)))
    over = seed_journey(store, stage="over")
    assert over is not None
    found |= set(await assert_why_links_resolve(lambda: open_table(store, hub, over)))
    expected = {"why-setup", "why-status", "why-card", "why-last-move", "why-final",
                "why-ghorralands", *(f"why-score-{n}" for n in SEATS)}  # fmt: skip
    assert expected <= found, expected - found


@run
async def test_the_list_of_games_in_progress_is_live(store: Any, hub: TableHub) -> None:
    """A game started on another phone shows in the list at once (no navigating back), its
    moves update its line, and it leaves the list when it is abandoned anywhere."""
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert not visible(h, "games-in-progress")
    other = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    await other.click(other.by_id("start-journey"))  # Anna, Ben and Cleo start on her phone
    (table,) = store.list_tables(tool="journey")
    await settled()
    assert visible(h, f"table-{table.id}") and h.has_text("Anna, Ben, Cleo")
    assert h.has_text("Turn 1 of 33 · Anna to play")
    hub.submit(table.id, StartRow("9"), seen=0, device="other")
    await settled()
    assert h.has_text("Turn 2 of 33 · Ben to play")
    third = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    await third.click(third.by_id(f"abandon-{table.id}"))
    await third.click(third.by_id(f"confirm-abandon-{table.id}"))
    await settled()
    assert not visible(h, f"table-{table.id}") and not visible(h, "games-in-progress")
    # Leaving the screen stops listening: the other lists are the only ones left.
    await h.navigate(0)
    hub.create("journey", JourneyGame.new(SEATS))
    await settled()
    assert all(not g.closed for g in [third.page.on_connect.__self__.lists[0]])
    assert h.page.on_connect.__self__.lists == ()


@run
async def test_the_table_screens_title_fits_beside_its_actions_at_390_px(
    store: Any, hub: TableHub
) -> None:
    for table_id in (table_with(hub, _nearly_over()),):
        h = await open_table(store, hub, table_id)
        drawn, room = app_bar_title_room(h.page)
        assert drawn <= room, (h.page.appbar.title.value, drawn, room)


@run
async def test_the_lobby_follows_tonights_night_without_a_tap_until_the_form_is_changed(
    store: Any, hub: TableHub
) -> None:
    from companion.engine.seats import DrawFirst, Seat, Seating, SetHouseRule

    await Harness.start(create_main(store, hub=hub), route=ROUTE)  # the old seats, imported
    night = Seating.new("merchants_journey", seed=482913, seats=("Dora", "Eli", "Fay"))
    night_id = hub.create("seats", night).table_id
    hub.submit(night_id, DrawFirst(), seen=0, device="t")
    hub.submit(night_id, SetHouseRule(j.BLIGHT_LASTS), seen=1, device="t")
    first = hub.open(night_id).game.first_player
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    seats = [
        [c.value for c in walk(h.by_id(f"journey-seat-{i}")) if isinstance(c, ft.Text)]
        for i in (1, 2, 3)
    ]
    assert [row[1] for row in seats] == ["Dora", "Eli", "Fay"]
    assert [row[1] for row in seats if "goes first" in row] == [first]
    assert not visible(h, "use-table")  # nothing to copy: the form is the night's
    # The night seats one more: the lobby follows, still without a tap.
    hub.submit(night_id, Seat("Gus"), seen=2, device="t")
    again = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert again.has_text("Gus")
    await again.click(again.by_id("start-journey"))  # one tap from the lobby to the game
    (table,) = store.list_tables(tool="journey")
    game = game_of(hub, table.id)
    assert game.players == ("Dora", "Eli", "Fay", "Gus")
    assert game.rules.uses(j.BLIGHT_LASTS)  # the night's house rule, not Settings'
