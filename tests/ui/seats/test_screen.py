"""Players & seats on real flet Sessions and a real (temporary) history, without a browser:
the lobby starts a table, the old saved seats become a table once, and several phones on
one table: pushes, two players seated at once from two phones, a stale phone refused,
undo, quick taps, a half-typed seed, a full disk, reloads, leaving; the other tools read the
seats through current_seating()."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest
from flet.messaging.protocol import MessageAction

from companion.engine.scorepad import Pad
from companion.engine.seats import (
    Choose,
    DrawFirst,
    MoveSeat,
    Seat,
    Seating,
    draw_first_player,
)
from companion.history import tables as history_tables
from companion.history.models import utcnow
from companion.tables import TableHub
from companion.ui import live as live_module
from companion.ui.app import create_main
from companion.ui.model import live as live_logic
from companion.ui.seats.model import TABLE_KEY, current_seating
from tests.screen_fixtures import leave_and_close
from tests.table_fixtures import game_on, table_from, writes_failing
from tests.ui_harness import Harness, message, run, settled, visible, walk

ROUTE = "/setup/seats"


pytestmark = pytest.mark.usefixtures("players_who_look")


def seating_with(hub: TableHub, *names: str, seed: int = 482913) -> int:
    return table_from(hub, "seats", Seating.new(seed=seed), [Seat(name) for name in names])


def seating_of(hub: TableHub, table_id: int) -> Seating:
    return game_on(hub.store, table_id, Seating)


async def phone(store: Any, hub: TableHub, table_id: int) -> Harness:
    return await Harness.start(create_main(store, hub=hub), route=f"{ROUTE}/{table_id}")


def seat_names(h: Harness) -> list[str]:
    names = []
    for i in range(1, 31):
        found = h.find_all(ft.Semantics, identifier=f"seat-{i}")
        if not found:
            break
        texts = [c.value for c in walk(found[0]) if isinstance(c, ft.Text)]
        names.append(texts[1])  # the seat number, then the name
    return names


async def seat(h: Harness, name: str) -> None:
    await h.type(h.find(ft.TextField, label="Player name"), name)
    await h.click(h.by_id("add-player"))


def seat_button(h: Harness, label: str) -> ft.IconButton:
    for button in h.find_all(ft.IconButton):
        if isinstance(button.icon, ft.Icon) and button.icon.semantics_label == label:
            return button
    raise LookupError(label)


# -- one phone --------------------------------------------------------------------------------


@run
async def test_the_lobby_starts_a_table_at_its_own_address(store: Any, hub: TableHub) -> None:
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert h.has_text("No game night in progress")
    await h.select(h.by_id("game-picker"), "merchants_journey")
    await h.click(h.by_id("new-seating"))
    (table,) = store.list_tables(tool="seats")
    assert h.page.appbar.title.value == "Game night"
    seating = seating_of(hub, table.id)
    assert seating.game_id == "merchants_journey" and 100_000 <= seating.seed <= 999_999
    for name in ("Anna", "Ben"):
        await seat(h, name)
    assert seat_names(h) == ["Anna", "Ben"]
    assert h.find(ft.TextField, label="Player name").value == ""
    await seat(h, "anna")  # said on the field, nothing sent
    assert h.find(ft.TextField, label="Player name").error == "Anna is already seated"
    assert len(store.table_actions(table.id)) == 2
    lobby = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert lobby.by_id(f"table-{table.id}") and lobby.has_text("Anna, Ben")


@run
async def test_the_old_saved_seats_become_a_table_once(store: Any, hub: TableHub) -> None:
    draw = draw_first_player(["Anna", "Ben", "Cleo"], 482913)
    old = {
        "game": "mercante",
        "seats": ["Anna", "Ben", "Cleo"],
        "seed": 482913,
        "first": draw.first,
    }
    store.set_setting(TABLE_KEY, old)
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert h.has_text("The seats kept before are now a shared table")
    (table,) = store.list_tables(tool="seats")
    seating = seating_of(hub, table.id)
    assert seating.seats == ("Anna", "Ben", "Cleo") and seating.draw == draw
    assert store.get_setting(TABLE_KEY) is None
    assert store.get_setting(live_logic.imported_key(TABLE_KEY)) == old
    again = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert len(store.list_tables(tool="seats")) == 1 and not again.has_text("kept before")


@run
async def test_damaged_old_seats_are_kept_aside(store: Any, hub: TableHub) -> None:
    store.set_setting(TABLE_KEY, {"game": "mercante", "seats": ["Anna"], "seed": "many"})
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert h.has_text("could not be read back")
    assert store.get_setting(f"{TABLE_KEY}_damaged")["seed"] == "many"
    assert h.find_all(ft.Semantics, identifier="new-seating")


@run
async def test_a_half_typed_seed_stays_on_the_phone_and_a_whole_one_is_the_tables(
    store: Any, hub: TableHub
) -> None:
    table_id = seating_with(hub, "Anna", "Ben", "Cleo")
    h = await phone(store, hub, table_id)
    other = await phone(store, hub, table_id)
    seed = h.find(ft.TextField, label="Seed")
    assert seed.value == "482913"
    await h.type(seed, "48x")
    assert seed.error == "Digits only" and seating_of(hub, table_id).seed == 482913
    await other.click(other.by_id("draw-first"))  # a push: the typing is not disturbed
    await settled()
    assert seed.value == "48x" and h.by_id("first-player")
    await h.type(seed, "4815")
    assert seed.error is None and seating_of(hub, table_id).seed == 4815
    await settled()
    assert other.find(ft.TextField, label="Seed").value == "4815"
    assert not other.find_all(ft.Semantics, identifier="first-player")  # a new seed: no draw


@run
async def test_keep_score_for_this_table_starts_a_pad_with_its_players(
    store: Any, hub: TableHub
) -> None:
    table_id = seating_with(hub, "Anna", "Ben", "Cleo")
    hub.submit(table_id, DrawFirst(), seen=3, device="test")
    h = await phone(store, hub, table_id)
    await h.click(h.by_id("open-scorepad"))
    (pad_table,) = store.list_tables(tool="scorepad")
    pad = TableHub(store).open(pad_table.id).game
    assert isinstance(pad, Pad)
    first = seating_of(hub, table_id).first_player
    assert [r.name for r in pad.rows] == ["Anna", "Ben", "Cleo"]
    assert [r.name for r in pad.rows if r.start] == [first]
    assert h.page.appbar.title.value == "Score pad"


@run
async def test_finish_from_the_menu_asks_first_and_the_table_leaves_the_list(
    store: Any, hub: TableHub
) -> None:
    table_id = seating_with(hub, "Anna", "Ben")
    h = await phone(store, hub, table_id)
    await h.click(h.by_id("table-menu"))
    await h.click(h.by_id("finish-table"))
    await h.click(h.by_id("confirm-finish-cancel"))
    assert store.table(table_id).status == "open"
    await h.click(h.by_id("table-menu"))
    await h.click(h.by_id("finish-table"))
    await h.click(h.by_id("confirm-finish"))
    assert store.table(table_id).status == "finished"
    assert h.find_all(ft.Semantics, identifier="new-seating")  # back in the lobby
    assert not h.find_all(ft.Semantics, identifier=f"table-{table_id}")


@run
async def test_a_closed_table_says_why_in_the_shared_words(store: Any, hub: TableHub) -> None:
    table_id = seating_with(hub, "Anna", "Ben")
    hub.finish(table_id, device="test")
    h = await phone(store, hub, table_id)
    assert h.has_text("This night is finished: it takes no more changes.")


@run
async def test_unknown_routes_and_other_tools_tables_are_not_found(
    store: Any, hub: TableHub
) -> None:
    pad = hub.create("scorepad", Pad.new()).table_id
    for route in (f"{ROUTE}/x", f"{ROUTE}/999", f"{ROUTE}/0", f"{ROUTE}/1/2", f"{ROUTE}/{pad}"):
        h = await Harness.start(create_main(store, hub=hub), route=route)
        assert h.page.appbar.title.value == "Not found", route


# -- several phones on one table ----------------------------------------------------------------


@run
async def test_a_change_on_one_phone_shows_on_the_others_without_a_reload(
    store: Any, hub: TableHub
) -> None:
    table_id = seating_with(hub, "Anna", "Ben")
    anna, ben, cleo = [await phone(store, hub, table_id) for _ in range(3)]
    await cleo.type(cleo.find(ft.TextField, label="Player name"), "Cl")  # only typing
    await seat(ben, "Dev")
    await settled()
    for h in (anna, cleo):
        assert seat_names(h) == ["Anna", "Ben", "Dev"]
        assert message(h) is None  # a push redraws, it does not speak
    assert cleo.find(ft.TextField, label="Player name").value == "Cl"  # her typing survived
    await anna.click(anna.by_id("draw-first"))
    await settled()
    assert ben.by_id("first-player").value == anna.by_id("first-player").value
    assert hub.subscriber_count(table_id) == 3


@run
async def test_two_phones_seating_two_players_at_once_both_succeed(
    store: Any, hub: TableHub
) -> None:
    table_id = seating_with(hub, "Anna")
    ben = await phone(store, hub, table_id)
    cleo = await phone(store, hub, table_id)
    await ben.type(ben.find(ft.TextField, label="Player name"), "Ben")
    await cleo.type(cleo.find(ft.TextField, label="Player name"), "Cleo")
    # Both tap before either has heard of the other.
    await asyncio.gather(
        ben.session.dispatch_event(ben.by_id("add-player")._i, "click", None),
        cleo.session.dispatch_event(cleo.by_id("add-player")._i, "click", None),
    )
    await settled()
    assert set(seating_of(hub, table_id).seats) == {"Anna", "Ben", "Cleo"}
    assert message(cleo) is not None and "sits in seat" in message(cleo)
    assert seat_names(ben) == seat_names(cleo) == list(seating_of(hub, table_id).seats)


@run
async def test_a_stale_phone_cannot_undo_another_phones_change(store: Any, hub: TableHub) -> None:
    table_id = seating_with(hub, "Anna", "Ben", "Cleo")
    ben = await phone(store, hub, table_id)
    cleo = await phone(store, hub, table_id)
    await cleo.type(cleo.find(ft.TextField, label="Player name"), "dev")
    # Ben's phone seats Dev while Cleo's screen has not heard of it (no push delivered).
    assert hub.submit(table_id, Seat("Dev"), seen=3, device="ben").ok
    await cleo.session.dispatch_event(cleo.by_id("add-player")._i, "click", None)
    assert seating_of(hub, table_id).seats == ("Anna", "Ben", "Cleo", "Dev")
    assert message(cleo) == "Dev was seated meanwhile."
    assert seat_names(cleo) == ["Anna", "Ben", "Cleo", "Dev"]  # brought up to date
    # A stale draw is refused too: the seats it would draw from are not the ones shown.
    assert hub.submit(table_id, Seat("Eli"), seen=4, device="ben").ok
    await cleo.session.dispatch_event(cleo.by_id("draw-first")._i, "click", None)
    assert seating_of(hub, table_id).first is None
    assert message(cleo) == "Eli was seated meanwhile."
    await settled()
    assert seat_names(ben) == seat_names(cleo)


@run
async def test_quick_taps_of_one_phone_all_count_while_another_phone_acts(
    store: Any, hub: TableHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A phone's own taps follow on from its own: two taps on ↑ move a player two seats,
    even when another phone's change arrived just before (a push not yet 'seen')."""
    monkeypatch.setattr(live_module, "SEEN_DELAY", 5.0)
    table_id = seating_with(hub, "Anna", "Ben", "Cleo", "Dev")
    anna = await phone(store, hub, table_id)
    ben = await phone(store, hub, table_id)
    await seat(ben, "Eli")  # pushed to Anna's screen a moment before her taps
    assert seat_names(anna)[-1] == "Eli"
    await anna.click(seat_button(anna, "Move Dev up"))
    await anna.click(seat_button(anna, "Move Dev up"))
    assert seating_of(hub, table_id).seats == ("Anna", "Dev", "Ben", "Cleo", "Eli")
    assert "meanwhile" not in (message(anna) or "")


@run
async def test_undo_takes_back_the_tables_last_change_whoever_made_it(
    store: Any, hub: TableHub
) -> None:
    table_id = seating_with(hub, "Anna", "Ben", "Cleo")
    anna = await phone(store, hub, table_id)
    ben = await phone(store, hub, table_id)
    await anna.click(seat_button(anna, "Move Cleo up"))
    undo = anna.by_id("message-undo")
    assert not undo.disabled
    await ben.click(seat_button(ben, "Remove Anna"))
    await settled()
    assert anna.by_id("message-undo").disabled  # Ben changed the table since
    await anna.click(anna.by_id("undo-last"))  # the app bar: the table's last change
    assert seating_of(hub, table_id).seats == ("Anna", "Cleo", "Ben")
    assert message(anna) == "Taken back: Anna left the table"
    await settled()
    assert seat_names(ben) == ["Anna", "Cleo", "Ben"]


@run
async def test_a_reload_shows_the_table_now_and_drops_messages(store: Any, hub: TableHub) -> None:
    table_id = seating_with(hub, "Anna", "Ben")
    h = await phone(store, hub, table_id)
    await seat(h, "Cleo")
    assert message(h) is not None
    await h.session.disconnect(60)
    hub.submit(table_id, MoveSeat("Cleo", -1), seen=3, device="other")
    await settled()
    h.session.attach_connection(h.conn)
    await h.session.dispatch_connect_event()
    await settled()
    assert message(h) is None
    assert seat_names(h) == ["Anna", "Cleo", "Ben"]


@run
async def test_leaving_the_screen_or_closing_the_session_unsubscribes(
    store: Any, hub: TableHub
) -> None:
    table_id = seating_with(hub, "Anna")
    h = await phone(store, hub, table_id)
    other = await phone(store, hub, table_id)
    await leave_and_close(hub, table_id, h, other, 1)


@run
async def test_a_full_disk_is_a_message_and_the_change_is_not_shown(
    store: Any, hub: TableHub
) -> None:
    table_id = seating_with(hub, "Anna", "Ben")
    h = await phone(store, hub, table_id)
    other = await phone(store, hub, table_id)
    await h.type(h.find(ft.TextField, label="Player name"), "Cleo")
    with writes_failing(store):
        await h.click(h.by_id("add-player"))
    assert message(h) is not None and "Not saved: the disk is full" in message(h)
    assert seat_names(h) == ["Anna", "Ben"]  # not shown as done
    assert h.find(ft.TextField, label="Player name").value == "Cleo"  # the name is kept
    await settled()
    assert seat_names(other) == ["Anna", "Ben"]
    await h.click(h.by_id("add-player"))  # the session goes on
    assert seating_of(hub, table_id).seats == ("Anna", "Ben", "Cleo")


# -- the seats as the other tools read them ----------------------------------------------------


@run
async def test_the_other_tools_read_the_most_recently_touched_open_table(
    store: Any, hub: TableHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    older = seating_with(hub, "Anna", "Ben", "Cleo")
    newer = seating_with(hub, "Dev", "Eli")
    ctx: Any = SimpleNamespace(live=SimpleNamespace(hub=hub))
    seating = current_seating(ctx)
    assert seating is not None and seating.seats == ("Dev", "Eli")
    assert current_seating(SimpleNamespace(live=None)) is None  # type: ignore[arg-type]
    # Merchant's Journey's new game seats the table's players (a new session each time).
    h = await Harness.start(create_main(store, hub=hub), route="/calculators/journey")
    assert journey_seats(h) == ["Dev", "Eli"]
    # The database keeps when a table was touched to the second: the next change is made a
    # second later.
    later = utcnow() + timedelta(seconds=1)
    monkeypatch.setattr(history_tables, "utcnow", lambda: later)
    assert hub.submit(older, Seat("Dev"), seen=3, device="test").ok  # touched last now
    again = await Harness.start(create_main(store, hub=hub), route="/calculators/journey")
    assert journey_seats(again) == ["Anna", "Ben", "Cleo", "Dev"]
    hub.finish(older, device="test")
    hub.abandon(newer, device="test")
    assert current_seating(ctx) is None


def journey_seats(h: Harness) -> list[str]:
    names = []
    for i in range(1, 7):
        found = h.find_all(ft.Semantics, identifier=f"journey-seat-{i}")
        if found:
            names.append([c.value for c in walk(found[0]) if isinstance(c, ft.Text)][1])
    return names


# -- the game night (issue 19) and the names (issue 21) ----------------------------------------


def cove_night(hub: TableHub, *names: str) -> int:
    return table_from(
        hub, "seats", Seating.new("merchants_cove", seed=482913), [Seat(n) for n in names]
    )


def focus_requests(h: Harness, control: Any) -> list[Any]:
    return [
        m.body
        for m in h.conn.messages
        if m.action == MessageAction.INVOKE_METHOD
        and getattr(m.body, "name", None) == "focus"
        and m.body.control_id == control._i
    ]


def icon_named(h: Harness, label: str) -> ft.IconButton:
    return seat_button(h, label)


@run
async def test_enter_keeps_the_keyboard_for_the_next_name(
    store: Any, hub: TableHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.ui.seats.screen import SeatsScreen

    monkeypatch.setattr(SeatsScreen, "refocus_after", 0.0)
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    await h.select(h.by_id("game-picker"), "merchants_cove")
    await h.click(h.by_id("new-seating"))
    assert not h.has_text("0 seated")  # a brand-new table is not a problem yet
    field = h.find(ft.TextField, label="Player name")

    async def asked(count: int) -> list[Any]:
        for _ in range(200):  # the ask on its way: turns of the loop, no clock
            if len(focus_requests(h, field)) >= count:
                break
            await asyncio.sleep(0)
        return focus_requests(h, field)

    async def answer(request: Any) -> None:
        h.session.handle_invoke_method_results(field._i, request.call_id, None, None)

    # Ann: the phone let the first ask pass (no focus came back): the field asks again.
    h.session.apply_patch(field._i, {"value": "Ann"})
    await h.fire(field, "submit")  # Enter
    first = await asked(1)
    assert len(first) == 1  # the field asks for the keyboard back
    await answer(first[0])
    second = await asked(2)
    assert len(second) == 2
    await answer(second[1])
    await settled()
    # Ben: the field has the keyboard again (its focus event came): asked once only.
    h.session.apply_patch(field._i, {"value": "Ben"})
    await h.fire(field, "submit")
    third = await asked(3)
    assert len(third) == 3
    await h.fire(field, "focus")
    await answer(third[2])
    assert len(await asked(4)) == 3
    await settled()
    assert seat_names(h) == ["Ann", "Ben"] and field.value == ""


@run
async def test_the_draw_says_nothing_over_the_turn_order(store: Any, hub: TableHub) -> None:
    table_id = cove_night(hub, "Ann", "Ben", "Cleo")
    h = await phone(store, hub, table_id)
    await h.click(h.by_id("draw-first"))
    assert message(h) is None  # no message bar to cover the turn order
    first = seating_of(hub, table_id).first_player
    assert h.by_id("first-player").value == f"{first} goes first"
    assert h.by_id("turn-order").value.startswith("Turn order: ")


@run
async def test_a_night_from_the_tally_to_the_saved_play_and_a_rematch(
    store: Any, hub: TableHub
) -> None:
    table_id = cove_night(hub, "Ann", "Ben", "Cleo", "Dev")
    hub.submit(table_id, Choose(("paladins", "entertainer")), seen=4, device="test")
    h = await phone(store, hub, table_id)
    assert h.page.appbar.title.value == "Game night"
    # Flutter refuses a Semantics around a hidden control (a red box on the page).
    hidden = [s.identifier for s in h.find_all(ft.Semantics) if not s.content.visible]
    assert hidden == []
    assert h.has_text("Modules: Paladins, The Entertainer (the Bard)")
    assert h.has_text("Expansions: Master Craft, The Entertainer")
    # Two lines by hand, one struck off.
    for player, points, what in (("line-player-1", "22", "Song"), ("line-player-2", "44", "Sale")):
        await h.click(h.by_id(player))
        await h.type(h.find(ft.TextField, label="Points"), points)
        await h.type(h.find(ft.TextField, label="What for"), what)
        await h.click(h.by_id("tally-add"))
    assert h.find(ft.TextField, label="Points").value == ""
    await h.click(h.by_id("line-player-3"))
    await h.type(h.find(ft.TextField, label="Points"), "many")
    await h.click(h.by_id("tally-add"))
    assert (
        h.find(ft.TextField, label="Points").error == "The points must be a whole number, not many."
    )
    night = seating_of(hub, table_id)
    assert [(line.player, line.points) for line in night.tally] == [("Ann", 22), ("Ben", 44)]
    assert h.has_text("+22 Song") and h.has_text("+44 Sale")
    await h.click(icon_named(h, "Strike +44 Sale for Ben"))
    assert [line.player for line in seating_of(hub, table_id).tally] == ["Ann"]
    await h.click(h.by_id("line-player-2"))
    await h.type(h.find(ft.TextField, label="Points"), "25")
    await h.type(h.find(ft.TextField, label="What for"), "Pier sale")
    await h.click(h.by_id("tally-add"))
    # The first tool opened starts the night.
    await h.click(h.by_id("open-cove_goods"))
    assert seating_of(hub, table_id).started_at is not None
    h = await phone(store, hub, table_id)
    assert h.by_id("night-started").value.startswith("Started at ")
    # Finish: the final sheet, figures entered by the players.
    await h.click(h.by_id("night-finish"))
    assert h.has_text("Final scoring sheet")
    assert h.has_text("base game's rulebook")
    sponsorship, corruption = h.find_all(ft.TextField, label="Ann")
    await h.type(sponsorship, "10")
    await h.type(corruption, "3")
    await h.type(h.find_all(ft.TextField, label="Ben")[0], "1")
    night = seating_of(hub, table_id)
    assert night.figure("Ann", "sponsorship") == 10 and night.figure("Ann", "corruption") == 3
    await h.click(h.by_id("sheet-done"))
    night = seating_of(hub, table_id)
    assert night.is_over and night.totals() == {"Ann": 29, "Ben": 26, "Cleo": 0, "Dev": 0}
    standing = h.by_id("standing-1")
    texts = [c.value for c in walk(standing) if isinstance(c, ft.Text)]
    assert texts[0].endswith("Ann") and texts[1] == "29"
    assert "Gold 22 + End-game Sponsorship 10 − Corruption 3 = 29" in texts
    # Save: one play with everything, the duration corrected.
    await h.type(h.find(ft.TextField, label="Minutes played"), "150")
    await h.click(h.by_id("night-save"))
    (play,) = store.list_plays()
    kept = store.get_play(play.id)
    assert kept.modules == ["paladins", "entertainer"]
    assert kept.expansions == ["Master Craft", "The Entertainer"]
    assert kept.duration_min == 150 and kept.started_at is not None
    ann = next(r for r in kept.results if r.player == "Ann")
    assert ann.breakdown == {"Gold": 22, "End-game Sponsorship": 10, "Corruption": -3}
    assert message(h) == "Saved to History: Ann won."
    assert h.by_id("night-save").disabled and not visible(h, "night-save")
    assert h.by_id("night-saved").value == f"Saved as play {play.id}."
    other = await phone(store, hub, table_id)  # a stale tap elsewhere opens the play instead
    await other.click(other.by_id("night-save"))
    assert store.count_plays() == 1
    # Rematch: the same players, seats rotated, modules kept; opened at once.
    await h.click(h.by_id("night-rematch-rotated"))
    tables = [t for t in store.list_tables(tool="seats") if t.id != table_id]
    (again,) = tables
    rematch = seating_of(hub, again.id)
    assert rematch.seats == ("Dev", "Ann", "Ben", "Cleo")
    assert rematch.modules == ("paladins", "entertainer") and rematch.tally == ()
    assert message(h) == (  # review F20: the rematch says what it kept
        "A rematch: Dev, Ann, Ben and Cleo each one seat round, with the same game, modules "
        "and house rules. Draw the first player when you are ready."
    )


@run
async def test_where_and_what_is_played_and_the_tools_of_the_game(
    store: Any, hub: TableHub
) -> None:
    table_id = table_from(
        hub, "seats", Seating.new("mercante", seed=482913), [Seat(n) for n in ("Ann", "Ben")]
    )
    h = await phone(store, hub, table_id)
    assert h.has_text("The base game: no modules, expansions or house rules chosen.")
    assert h.by_id("open-mercante") and h.by_id("open-scorepad")
    assert not h.find_all(ft.Semantics, identifier="open-bard")
    where = h.find(ft.TextField, label="Where")
    await h.type(where, "  Harbour   Café ")
    assert seating_of(hub, table_id).location == ""  # nothing sent while typing
    other = await phone(store, hub, table_id)
    await other.click(other.by_id("line-player-1"))  # a push meanwhile keeps the typing
    assert where.value == "  Harbour   Café "
    await h.fire(where, "blur")
    assert seating_of(hub, table_id).location == "Harbour Café"
    assert other.find(ft.TextField, label="Where").value == "Harbour Café"
    await h.click(h.by_id("night-start"))
    assert seating_of(hub, table_id).started_at is not None
    assert h.by_id("night-started").value.startswith("Started at ")
    await h.click(h.by_id("night-setup"))
    assert h.page.appbar.title.value == "Setup assistant"


@run
async def test_a_mercante_night_breaks_a_tie_and_can_be_reopened(store: Any, hub: TableHub) -> None:
    table_id = table_from(
        hub,
        "seats",
        Seating.new("mercante", seed=482913),
        [Seat(n) for n in ("Ann", "Ben", "Cleo")],
    )
    h = await phone(store, hub, table_id)
    await h.click(h.by_id("night-finish"))
    assert h.by_id("sheet-tiebreak-1")  # Most crowns left, entered like the scores
    for name, points in (("Ann", "30"), ("Ben", "30"), ("Cleo", "12")):
        await h.type(h.find_all(ft.TextField, label=name)[0], points)  # Victory points
    await h.type(h.find_all(ft.TextField, label="Ann")[2], "4")  # crowns left
    await h.type(h.find_all(ft.TextField, label="Ben")[2], "x")
    assert h.find_all(ft.TextField, label="Ben")[2].error == "Whole number"
    await h.type(h.find_all(ft.TextField, label="Ben")[2], "9")
    await h.click(h.by_id("sheet-done"))
    texts = [c.value for c in walk(h.by_id("standing-1")) if isinstance(c, ft.Text)]
    assert (
        texts[0].endswith("Ben") and "Tie broken by most crowns left; Most crowns left: 9" in texts
    )
    # Reopen to correct: the sheet again, with what was entered.
    await h.click(h.by_id("night-reopen"))
    assert not seating_of(hub, table_id).is_over
    assert h.find_all(ft.TextField, label="Ann")[2].value == "4"
    await h.type(h.find_all(ft.TextField, label="Ann")[2], "12")
    await h.click(h.by_id("sheet-done"))
    texts = [c.value for c in walk(h.by_id("standing-1")) if isinstance(c, ft.Text)]
    assert texts[0].endswith("Ann")


@run
async def test_a_new_night_starts_with_the_game_played_last(store: Any, hub: TableHub) -> None:
    """One tap fewer most nights: the lobby's game is the one the history played last (the
    default, Mercante, on an empty history or after a game the app does not know)."""
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert h.by_id("game-picker").value == "mercante"  # an empty history: the default
    store.record_play("merchants_cove", [("Ann", 40), ("Ben", 31)])
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert h.by_id("game-picker").value == "merchants_cove"
    await h.click(h.by_id("new-seating"))
    (table,) = store.list_tables(tool="seats")
    assert seating_of(hub, table.id).game_id == "merchants_cove"
    store.record_play("Catan", [("Ann", 10), ("Ben", 8)])  # not a game the night knows
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert h.by_id("game-picker").value == "mercante"
