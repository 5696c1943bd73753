"""The score pad on real flet Sessions and a real (temporary) history, without a browser: the
lobby, the seated table's players, the old draft imported once, and several phones on one
pad: each types its own score at once, a field changed meanwhile is refused, a half-typed
number stays on its phone, undo, reload, a full disk, leaving; saved to history exactly once
(from two phones, and after a crash), dated when saved; and a saved play edited."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from typing import Any

import flet as ft
import pytest

from companion.engine.scorepad import Pad, SetPlayedAt, SetText
from companion.engine.seats import DrawFirst, Seat, Seating
from companion.rules import catalogue
from companion.tables import TableHub
from companion.ui.app import create_main
from companion.ui.history.model import play_fields
from companion.ui.model import live as live_logic
from companion.ui.scorepad.model import DRAFT_KEY, form_of
from tests.screen_fixtures import leave_and_close
from tests.table_fixtures import game_on, writes_failing
from tests.ui_harness import Harness, message, run, settled

pytestmark = pytest.mark.usefixtures("players_who_look")


def new_pad(hub: TableHub, names: tuple[str, ...] = ("Anna", "Ben", "Cleo")) -> int:
    return hub.create("scorepad", Pad.new("mercante", names=names)).table_id


def pad_of(hub: TableHub, table_id: int) -> Pad:
    return game_on(hub.store, table_id, Pad)


def scores_of(hub: TableHub, table_id: int) -> dict[str, str]:
    return {r.name: r.score for r in pad_of(hub, table_id).rows}


async def phone(store: Any, hub: TableHub, table_id: int) -> Harness:
    return await Harness.start(create_main(store, hub=hub), route=f"/score/{table_id}")


def score_field(h: Harness, seat: int) -> ft.TextField:
    fields: list[ft.TextField] = h.find_all(ft.TextField, label="Score")
    row = h.by_id(f"player-row-{seat}")
    return next(f for f in fields if _inside(f, row))


def name_field(h: Harness, seat: int) -> ft.TextField:
    field: ft.TextField = h.find(ft.TextField, label=f"Player {seat}")
    return field


def _inside(control: Any, ancestor: Any) -> bool:
    node = control
    while node is not None:
        if node is ancestor:
            return True
        node = node.parent
    return False


async def fill(h: Harness, scores: tuple[str, ...]) -> None:
    for seat, score in enumerate(scores, start=1):
        await h.type(score_field(h, seat), score)


# -- one phone ----------------------------------------------------------------------------------


@run
async def test_unknown_routes_and_other_tools_tables_are_not_found(
    store: Any, hub: TableHub
) -> None:
    seats = hub.create("seats", Seating.new(seed=482913)).table_id
    for route in ("/score/x", "/score/999", "/score/0", "/score/1/2", f"/score/{seats}"):
        h = await Harness.start(create_main(store, hub=hub), route=route)
        assert h.page.appbar.title.value == "Not found", route
    pad = new_pad(hub)
    for route in ("/score/pad", f"/score/pad/{pad}"):  # the tool's id in its section
        h = await Harness.start(create_main(store, hub=hub), route=route)
        assert h.page.appbar.title.value != "Not found", route


@run
async def test_the_lobby_scores_the_seated_table_and_lists_the_pads(
    store: Any, hub: TableHub
) -> None:
    seats = hub.create("seats", Seating.new(seed=482913)).table_id
    for seq, name in enumerate(("Anna", "Ben", "Cleo")):
        hub.submit(seats, Seat(name), seen=seq, device="t")
    hub.submit(seats, DrawFirst(), seen=3, device="t")
    first = TableHub(store).open(seats).game.first_player
    h = await Harness.start(create_main(store, hub=hub), route="/score")
    button = h.by_id("use-table")
    assert button.content == f"Score tonight's Mercante: Anna, Ben, Cleo, {first} first"
    await h.click(button)
    (table,) = store.list_tables(tool="scorepad")
    pad = pad_of(hub, table.id)
    assert [r.name for r in pad.rows] == ["Anna", "Ben", "Cleo"]
    assert [r.name for r in pad.rows if r.start] == [first]
    assert name_field(h, 1).value == "Anna"
    lobby = await Harness.start(create_main(store, hub=hub), route="/score")
    assert lobby.by_id(f"table-{table.id}") and lobby.has_text("Mercante · 0 of 3 scores in")


@run
async def test_the_old_draft_becomes_a_shared_pad_once(store: Any, hub: TableHub) -> None:
    old = {
        "game": "mercante",
        "rows": [{"name": "Anna", "score": "11"}, {"name": "Ben", "score": "9"}],
        "location": "Club",
    }
    store.set_setting(DRAFT_KEY, old)
    h = await Harness.start(create_main(store, hub=hub), route="/score")
    assert h.has_text("The score pad you were filling in is now shared")
    (table,) = store.list_tables(tool="scorepad")
    assert scores_of(hub, table.id) == {"Anna": "11", "Ben": "9"}
    assert pad_of(hub, table.id).location == "Club"
    assert store.get_setting(live_logic.imported_key(DRAFT_KEY)) == old
    again = await Harness.start(create_main(store, hub=hub), route="/score")
    assert len(store.list_tables(tool="scorepad")) == 1
    assert not again.has_text("now shared")


@run
async def test_a_new_category_or_tiebreaker_is_checked_on_its_field_then_added(
    store: Any, hub: TableHub
) -> None:
    table_id = new_pad(hub)
    h = await phone(store, hub, table_id)
    await h.select(h.by_id("score-mode"), ["parts"])
    category = h.find(ft.TextField, label="New category")
    await h.fire(category, "submit")
    assert category.error == "Type a category name"
    known = pad_of(hub, table_id).categories[0]
    await h.type(category, known.upper())
    await h.fire(category, "submit")
    assert category.error == "Already a category"
    await h.type(category, "Harbour bonus")
    await h.fire(category, "submit")
    assert pad_of(hub, table_id).categories[-1] == "Harbour bonus"
    assert (category.value, category.error) == ("", None)
    breaker = h.find(ft.TextField, label="New tie-breaker")
    await h.fire(breaker, "submit")
    assert breaker.error == "Type what breaks the tie"
    await h.type(breaker, "Most ships")
    await h.fire(breaker, "submit")
    assert pad_of(hub, table_id).tiebreakers[-1].name == "Most ships"
    assert (breaker.value, breaker.error) == ("", None)


@run
async def test_structure_changes_have_a_message_whose_undo_takes_them_back(
    store: Any, hub: TableHub
) -> None:
    table_id = new_pad(hub)
    h = await phone(store, hub, table_id)
    await h.click(h.by_id("add-player-row"))
    assert len(pad_of(hub, table_id).rows) == 4
    assert message(h) == "Player 4 added to the pad"
    await h.click(h.by_id("message-undo"))
    assert len(pad_of(hub, table_id).rows) == 3
    assert message(h) == "Taken back: Player 4 added to the pad"
    await h.select(h.by_id("score-mode"), ["parts"])
    assert pad_of(hub, table_id).breakdown
    vp = h.find_all(ft.TextField, label="Victory points")
    await h.type(vp[0], "11")
    assert h.find_all(ft.Text, value="Total: 11")
    await h.click(h.by_id("undo-last"))  # the app bar: the table's last action (the 11)
    assert pad_of(hub, table_id).rows[0].part("Victory points") == ""


@run
async def test_a_play_is_dated_when_it_is_saved_and_a_chosen_date_is_kept(
    store: Any, hub: TableHub
) -> None:
    table_id = new_pad(hub)
    opened = datetime.now() - timedelta(hours=3)
    h = await phone(store, hub, table_id)
    assert h.by_id("played-at").value == "When you save"
    await fill(h, ("10", "12", "9"))
    await h.click(h.by_id("save-play"))
    (play,) = store.list_plays()
    assert abs(play.played_at - datetime.now()) < timedelta(minutes=2)
    assert play.played_at > opened
    chosen = datetime(2026, 2, 27, 20, 15)
    other = new_pad(hub)
    h2 = await phone(store, hub, other)
    # The date picker's choice is an action of the table (here from another phone).
    assert hub.submit(other, SetPlayedAt(chosen), seen=0, device="t").ok
    await settled()
    assert h2.by_id("played-at").value == "Fri 27 Feb 2026, 20:15"
    await fill(h2, ("1", "2", "3"))
    await h2.click(h2.by_id("save-play"))
    assert {p.played_at for p in store.list_plays()} >= {chosen}


# -- several phones on one pad -------------------------------------------------------------------


@run
async def test_three_phones_type_their_own_scores_at_once(store: Any, hub: TableHub) -> None:
    table_id = new_pad(hub)
    anna, ben, cleo = [await phone(store, hub, table_id) for _ in range(3)]
    # Each types a digit in turn, before hearing of the others' (dispatched back to back).
    phones = (anna, ben, cleo)
    for digits in (("1", "2", "3"), ("14", "25", "36")):
        fields = [score_field(h, seat) for seat, h in enumerate(phones, start=1)]
        for h, field, text in zip(phones, fields, digits, strict=True):
            h.session.apply_patch(field._i, {"value": text})
        await asyncio.gather(
            *(
                h.session.dispatch_event(field._i, "change", text)
                for h, field, text in zip(phones, fields, digits, strict=True)
            )
        )
        await settled()
    assert scores_of(hub, table_id) == {"Anna": "14", "Ben": "25", "Cleo": "36"}
    for h in (anna, ben, cleo):
        assert [score_field(h, s).value for s in (1, 2, 3)] == ["14", "25", "36"]
        assert message(h) is None  # typing is quiet; pushes are silent
        assert h.by_id("standings")  # and each sees the standings
    assert hub.subscriber_count(table_id) == 3


@run
async def test_a_field_someone_changed_meanwhile_is_refused_with_a_message(
    store: Any, hub: TableHub
) -> None:
    table_id = new_pad(hub)
    anna = await phone(store, hub, table_id)
    ben = await phone(store, hub, table_id)
    ben_row = pad_of(hub, table_id).rows[1].id
    # Anna types Ben's score while Ben's own phone set it (the push not yet delivered).
    field = score_field(anna, 2)
    anna.session.apply_patch(field._i, {"value": "9"})
    assert hub.submit(table_id, SetText(("score", ben_row), "12"), seen=0, device="ben").ok
    await anna.session.dispatch_event(field._i, "change", "9")
    assert scores_of(hub, table_id)["Ben"] == "12"
    assert message(anna) == "Ben's score is 12 now."
    assert score_field(anna, 2).value == "12"  # the field shows the table again
    await settled()
    assert score_field(ben, 2).value == "12"


@run
async def test_a_half_typed_number_stays_on_its_phone(store: Any, hub: TableHub) -> None:
    table_id = new_pad(hub)
    anna = await phone(store, hub, table_id)
    ben = await phone(store, hub, table_id)
    await anna.type(score_field(anna, 1), "1-")
    assert score_field(anna, 1).error == "Whole number, like 12 or -3"
    assert scores_of(hub, table_id)["Anna"] == ""
    await ben.type(score_field(ben, 2), "12")  # a push while Anna is typing
    await settled()
    assert score_field(anna, 1).value == "1-" and score_field(anna, 2).value == "12"
    assert score_field(ben, 1).value == ""  # Ben never sees the half-typed text
    await anna.type(score_field(anna, 1), "15")
    assert score_field(anna, 1).error is None
    await settled()
    assert score_field(ben, 1).value == "15"


@run
async def test_a_row_removed_on_another_phone_takes_its_fields_with_it(
    store: Any, hub: TableHub
) -> None:
    table_id = new_pad(hub, ("Anna", "Ben", "Cleo", "Dev"))
    anna = await phone(store, hub, table_id)
    ben = await phone(store, hub, table_id)
    await anna.type(score_field(anna, 4), "7")
    remove = [
        b
        for b in ben.find_all(ft.IconButton)
        if isinstance(b.icon, ft.Icon)
        and b.icon.semantics_label == "Remove player"
        and _inside(b, ben.by_id("player-row-2"))
    ]
    await ben.click(remove[0])
    await settled()
    assert [name_field(anna, s).value for s in (1, 2, 3)] == ["Anna", "Cleo", "Dev"]
    assert score_field(anna, 3).value == "7"  # Dev's score moved up with Dev
    assert not anna.find_all(ft.Semantics, identifier="player-row-4")


@run
async def test_saving_from_two_phones_at_once_saves_one_play(store: Any, hub: TableHub) -> None:
    table_id = new_pad(hub)
    anna = await phone(store, hub, table_id)
    ben = await phone(store, hub, table_id)
    await fill(anna, ("10", "12", "9"))
    await settled()
    await asyncio.gather(
        anna.session.dispatch_event(anna.by_id("save-play")._i, "click", None),
        ben.session.dispatch_event(ben.by_id("save-play")._i, "click", None),
    )
    await settled()
    assert store.count_plays() == 1
    (play,) = store.list_plays()
    assert [(r.player, r.score, r.winner) for r in play.results] == [
        ("Ben", 12, True),
        ("Anna", 10, False),
        ("Cleo", 9, False),
    ]
    assert store.table(table_id).saved_play_id == play.id
    # The phone whose Save came first says so; the other's Save opens the saved play.
    shown = [h.find_all(ft.Semantics, identifier="view-saved") for h in (anna, ben)]
    opened = [h.find_all(ft.Semantics, identifier="edit-play") for h in (anna, ben)]
    assert [bool(s) for s in shown] in ([True, False], [False, True])
    assert [bool(o) for o in opened] == [not s for s in shown]
    # A Save after a crash (a new server, the mark in the database) opens the play.
    again = await Harness.start(create_main(store), route=f"/score/{table_id}")
    assert again.by_id("view-saved")
    late = TableHub(store).save_to_history(
        table_id, lambda g: play_fields(form_of(g, catalogue())), seen=3, device="late"
    )
    assert getattr(late, "created", None) is False and store.count_plays() == 1


@run
async def test_saving_with_errors_marks_every_field_and_saves_nothing(
    store: Any, hub: TableHub
) -> None:
    table_id = new_pad(hub, ("Anna", "Ben"))
    h = await phone(store, hub, table_id)
    await h.type(score_field(h, 1), "10")
    await h.click(h.by_id("save-play"))
    assert store.count_plays() == 0
    assert message(h) == "Not saved: fix Ben's score and the players."
    assert score_field(h, 2).error == "Score needed"
    assert h.has_text("Mercante is for 3–5 players; this pad has 2")


@run
async def test_a_new_pad_with_the_same_players_after_saving(store: Any, hub: TableHub) -> None:
    table_id = new_pad(hub)
    h = await phone(store, hub, table_id)
    await fill(h, ("10", "12", "9"))
    await h.click(h.by_id("save-play"))
    await h.click(h.by_id("new-pad-same"))
    tables = store.list_tables(tool="scorepad", status="open")
    assert len(tables) == 1 and tables[0].id != table_id
    pad = pad_of(hub, tables[0].id)
    assert [(r.name, r.score) for r in pad.rows] == [("Anna", ""), ("Ben", ""), ("Cleo", "")]


@run
async def test_undo_takes_back_the_pads_last_change_whoever_made_it(
    store: Any, hub: TableHub
) -> None:
    table_id = new_pad(hub)
    anna = await phone(store, hub, table_id)
    ben = await phone(store, hub, table_id)
    await anna.click(anna.by_id("add-player-row"))
    assert not anna.by_id("message-undo").disabled
    await ben.type(score_field(ben, 2), "15")
    await settled()
    assert anna.by_id("message-undo").disabled  # Ben changed the pad since
    assert score_field(anna, 2).value == "15"
    await anna.click(anna.by_id("undo-last"))  # the app bar: the pad's last change, Ben's 15
    assert scores_of(hub, table_id)["Ben"] == ""
    assert len(pad_of(hub, table_id).rows) == 4  # Anna's own row stays
    await settled()
    assert score_field(ben, 2).value == "" and score_field(anna, 2).value == ""
    await ben.click(ben.by_id("undo-last"))  # then the row, from the other phone
    assert len(pad_of(hub, table_id).rows) == 3
    await settled()
    assert not anna.find_all(ft.Semantics, identifier="player-row-4")


@run
async def test_a_reload_shows_the_pad_now_and_drops_messages(store: Any, hub: TableHub) -> None:
    table_id = new_pad(hub)
    h = await phone(store, hub, table_id)
    await h.click(h.by_id("add-player-row"))
    assert message(h) is not None
    await h.session.disconnect(60)
    row = pad_of(hub, table_id).rows[0].id
    hub.submit(table_id, SetText(("score", row), "33"), seen=1, device="other")
    await settled()
    h.session.attach_connection(h.conn)
    await h.session.dispatch_connect_event()
    await settled()
    assert message(h) is None and score_field(h, 1).value == "33"


@run
async def test_leaving_the_screen_or_closing_the_session_unsubscribes(
    store: Any, hub: TableHub
) -> None:
    table_id = new_pad(hub)
    h = await phone(store, hub, table_id)
    other = await phone(store, hub, table_id)
    await leave_and_close(hub, table_id, h, other, 0)


@run
async def test_a_full_disk_is_a_message_and_the_typed_score_is_kept_on_the_field(
    store: Any, hub: TableHub
) -> None:
    table_id = new_pad(hub)
    h = await phone(store, hub, table_id)
    other = await phone(store, hub, table_id)
    with writes_failing(store):
        await h.type(score_field(h, 1), "12")
    assert message(h) is not None and "Not saved: the disk is full" in message(h)
    assert scores_of(hub, table_id)["Anna"] == ""
    assert score_field(h, 1).value == "12"  # what was typed is not lost
    await settled()
    assert score_field(other, 1).value == ""
    await other.type(score_field(other, 2), "7")  # a push does not wipe it either
    await settled()
    assert score_field(h, 1).value == "12"
    await h.type(score_field(h, 1), "12")  # the session goes on: now it is kept
    assert scores_of(hub, table_id)["Anna"] == "12"


@run
async def test_a_saved_play_is_edited_on_the_same_pad_without_a_table(
    store: Any, hub: TableHub
) -> None:
    play_id = store.record_play("mercante", [("Anna", 10), ("Ben", 8), ("Cleo", 3)])
    h = await Harness.start(create_main(store, hub=hub), route=f"/history/play/{play_id}/edit")
    assert h.page.appbar.title.value == "Edit Mercante"
    await h.type(score_field(h, 2), "14")
    await h.type(score_field(h, 3), "x")
    assert score_field(h, 3).error == "Whole number, like 12 or -3"
    await h.click(h.by_id("save-play"))
    assert [r.score for r in store.get_play(play_id).results] == [10, 8, 3]  # nothing saved
    await h.type(score_field(h, 3), "3")
    await h.click(h.by_id("save-play"))
    play = store.get_play(play_id)
    assert sorted((r.player, r.score) for r in play.results) == [
        ("Anna", 10),
        ("Ben", 14),
        ("Cleo", 3),
    ]
    assert store.list_tables(tool="scorepad") == []  # editing a play is no shared table


@run
async def test_a_cove_night_is_scored_with_its_sheets_categories_and_the_tallys_gold(
    store: Any, hub: TableHub
) -> None:
    from companion.engine.seats import AddToTally, Choose

    night = Seating.new("merchants_cove", seed=482913, seats=("Ann", "Ben", "Cleo", "Dan"))
    seats = hub.create("seats", night).table_id
    hub.submit(seats, Choose(modules=("paladins",)), seen=0, device="t")
    hub.submit(
        seats, AddToTally("Ann", 22, "The Bard's song", "22 gold", "bard"), seen=1, device="t"
    )
    hub.submit(seats, AddToTally("Ann", 20, "A sale", "20 gold", "cove_goods"), seen=2, device="t")
    h = await Harness.start(create_main(store, hub=hub), route="/score")
    button = h.by_id("use-table")
    assert button.content == "Score tonight's Merchants Cove: Ann, Ben, Cleo, Dan"
    await h.click(button)  # one tap: nothing typed, no number copied
    (table,) = store.list_tables(tool="scorepad")
    pad = pad_of(hub, table.id)
    assert [r.name for r in pad.rows] == ["Ann", "Ben", "Cleo", "Dan"]
    assert pad.breakdown
    # The saved category is the sheet's name; the hint to type a minus is the field's only.
    assert pad.categories == ("Gold", "End-game Sponsorship", "Corruption")
    labels = [f.label for f in h.find_all(ft.TextField)]
    assert labels.count("Corruption (enter as −)") == 4 and "Corruption" not in labels
    assert [r.part("Gold") for r in pad.rows] == ["42", "", "", ""]
    assert pad.modules == ("paladins",)
    assert h.has_text("End-game Sponsorship")
