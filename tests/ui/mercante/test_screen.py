"""The Mercante screens on real flet Sessions and a real (temporary) history, no browser.

The rulebook's worked examples drive them the way players would: the Sample Turn's calendar,
the Selling Goods art sale, Economic Woes as a Reaction; then custom cards, upkeep, the final
tally saved to history. Every game is a shared table: one phone's tap reaches the others at
once, a stale phone's tap is applied when it still fits (a tally figure, a tick) or refused
saying what changed (a move of the game), undo is the table's, several games run side by
side, and an old saved game becomes a table once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

import flet as ft
import pytest

from companion import reference
from companion.engine.journey import JourneyGame
from companion.engine.mercante import (
    ALTERNATE_FIVE_PLAYER_UPKEEP,
    Action,
    EndTurn,
    Event,
    MercanteGame,
    MercanteTable,
    SetTally,
    Variants,
    rulebook_event,
)
from companion.rules import catalogue
from companion.tables import TableHub
from companion.ui.app import create_main
from companion.ui.mercante.model import DAMAGED_KEY, GAME_KEY, PRINTED_KEY, MercanteState
from companion.ui.model import live as live_logic
from tests.screen_fixtures import abandon_with_confirm, leave_and_close
from tests.table_fixtures import table_from, writes_failing
from tests.ui_harness import Harness, message, run, settled, visible, walk

#: A game whose crowns the table counts (the turn's rules alone, without the ledger).
counted_at_table = partial(MercanteGame.new, ledger=False)

BASE = "/calculators/mercante"


pytestmark = pytest.mark.usefixtures("players_who_look")


def table_with(hub: TableHub, game: MercanteGame, extra: Sequence[Action] = ()) -> int:
    """A table whose log is ``game``'s moves (then ``extra``), as a table would have played it."""
    actions = [*(r.action for r in game.log), *extra]
    return table_from(hub, "mercante", MercanteTable.new(game.start), actions)


def start_game(
    hub: TableHub,
    seats: list[str],
    first: Event | None = None,
    *,
    slots: tuple[Event | None, ...] | None = None,
    **kw: Any,
) -> int:
    """A game already in progress on a table (``slots``: the calendar it has got to; ``kw``
    may set any field of the game, e.g. its ``step``)."""
    game = counted_at_table(seats, first_event=first, board=kw.pop("board", None))
    kw.setdefault("step", None)  # the turn starts as the seats and the marker say
    game = replace(game, **kw) if slots is None else replace(game, slots=slots, **kw)
    return table_with(hub, game)


def table_of(store: Any, table_id: int) -> MercanteTable:
    table = TableHub(store).open(table_id).game  # as a restarted server reads it
    assert isinstance(table, MercanteTable)
    return table


def game_of(store: Any, table_id: int) -> MercanteGame:
    return table_of(store, table_id).game


def only_table(store: Any) -> int:
    (table,) = store.list_tables(tool="mercante")
    return int(table.id)


async def open_tab(store: Any, hub: TableHub, table_id: int, tab: str = "calendar") -> Harness:
    return await Harness.start(create_main(store, hub=hub), route=f"{BASE}/{table_id}/{tab}")


def text_of(control: Any) -> str:
    """Every text inside ``control``, joined (to read a tagged card or notice)."""
    return " | ".join(
        c.value for c in walk(control) if isinstance(c, ft.Text) and isinstance(c.value, str)
    )


def icon_named(h: Harness, name: str) -> ft.IconButton:
    """The icon button whose accessible name is ``name``."""
    found = [
        b
        for b in h.find_all(ft.IconButton)
        if isinstance(b.icon, ft.Icon) and b.icon.semantics_label == name
    ]
    assert len(found) == 1, name
    return found[0]


def custom(store: Any, name: str, kind: str = "enduring", **fields: Any) -> int:
    event = Event(name, kind, **fields)
    return int(store.save_custom_card("mercante", "event", name, event.to_dict()))


async def snackbar_action(h: Harness) -> None:
    bar = h.dialogs(ft.SnackBar)[-1]
    await h.fire(bar, "action")


async def add_players(h: Harness, *names: str) -> None:
    name = h.find(ft.TextField, label="Player name")
    for player in names:
        await h.type(name, player)
        await h.click(h.by_id("add-seat"))


# -- starting a game -----------------------------------------------------------------------------


@run
async def test_new_game_form_starts_a_game_with_the_first_event_in_a(
    store: Any, hub: TableHub
) -> None:
    h = await Harness.start(create_main(store, hub=hub), route=BASE)
    assert h.page.appbar.title.value == "Mercante"
    await add_players(h, "Adam")
    await h.click(h.by_id("start-game"))
    assert store.list_tables(tool="mercante") == [], "one player is no game"
    assert h.has_text("Mercante is for 3–5 players; 1 seated")
    await add_players(h, "Beth", "Chris", "David", "beth")
    assert h.find(ft.TextField, label="Player name").error == "Beth is already seated"
    # A player can move down the turn order as well as up.
    await h.click(icon_named(h, "Move Adam later"))
    assert [text_of(h.by_id(f"new-seat-{i}")).split(" | ")[1] for i in (1, 2)] == ["Beth", "Adam"]
    assert icon_named(h, "Move David later").disabled
    await h.click(icon_named(h, "Move Adam earlier"))
    await h.fire(h.by_id("first-event-rulebook:visiting_nobility"), "select")
    await h.click(h.by_id("start-game"))
    table_id = only_table(store)
    game = game_of(store, table_id)
    assert game.seats == ("Adam", "Beth", "Chris", "David")
    assert game.slots[0] == rulebook_event("Visiting Nobility")
    assert game.upkeep_holder == "David"  # the first player's right
    assert "Visiting Nobility" in text_of(h.by_id("slot-A"))
    assert h.has_text("Upkeep marker: David · upkeep in 3 turns")
    assert message(h) == (
        "Game started: Adam goes first, Visiting Nobility is in A. Other phones open it from "
        "Mercante."
    )
    # Another phone finds it in the list of games in progress.
    other = await Harness.start(create_main(store, hub=hub), route=BASE)
    assert other.has_text("Adam, Beth, Chris, David")
    assert other.has_text("Turn 1 · Adam to play · shipment auction")
    await other.click(other.by_id(f"resume-{table_id}"))
    assert "Visiting Nobility" in text_of(other.by_id("slot-A"))


@run
async def test_new_game_takes_the_players_from_players_and_seats(store: Any, hub: TableHub) -> None:
    from companion.engine.seats import draw_first_player

    draw = draw_first_player(["Anna", "Ben", "Cleo", "Dev"], 482913)
    store.set_setting(
        "table",
        {"game": "mercante", "seats": list(draw.seats), "seed": draw.seed, "first": draw.first},
    )
    h = await Harness.start(create_main(store, hub=hub), route=BASE)
    assert not visible(h, "use-table")  # nothing to copy: the form is the table's already
    await h.click(h.by_id("start-game"))
    assert game_of(store, only_table(store)).seats == draw.turn_order()


@run
async def test_new_game_starts_with_tonights_players_and_variants_without_a_tap(
    store: Any, hub: TableHub
) -> None:
    from companion.engine.seats import Choose, DrawFirst, Seating

    night = Seating.new("mercante", seed=482913, seats=("Ann", "Ben", "Cleo", "Dan"))
    night_id = hub.create("seats", night).table_id
    hub.submit(night_id, DrawFirst(), seen=0, device="t")
    hub.submit(night_id, Choose(modules=("vicious_accounting",)), seen=1, device="t")
    order = hub.open(night_id).game.turn_order()
    h = await Harness.start(create_main(store, hub=hub), route=BASE)
    assert not visible(h, "use-table")
    assert h.by_id("variant-vicious_accounting").value is True
    assert h.by_id("variant-treachery").value is False
    await h.click(h.by_id("start-game"))  # one tap: the game
    game = game_of(store, only_table(store))
    assert game.seats == order
    assert "vicious_accounting" in game.variants.on


@run
async def test_a_table_of_tonights_night_keeps_the_nights_house_rules_over_settings(
    store: Any, hub: TableHub
) -> None:
    from companion.engine.seats import Seating, SetHouseRule

    rule = "mercante.reaction_closes_market"
    night = Seating.new("mercante", seed=482913, seats=("Ann", "Ben", "Cleo"))
    night_id = hub.create("seats", night).table_id
    hub.submit(night_id, SetHouseRule(rule, "alternative"), seen=0, device="t")
    h = await Harness.start(create_main(store, hub=hub), route=BASE)
    await h.click(h.by_id("start-game"))
    table_id = only_table(store)
    assert rule in game_of(store, table_id).rules.alternatives
    # Opened again (Settings do not have the rule), the table still plays by the night's.
    again = await Harness.start(create_main(store, hub=hub), route=f"{BASE}/{table_id}")
    await again.settled()
    assert rule in game_of(store, table_id).rules.alternatives


@run
async def test_tracked_board_needs_printed_values_highest_first(store: Any, hub: TableHub) -> None:
    h = await Harness.start(create_main(store, hub=hub), route=BASE)
    await add_players(h, "Adam", "Beth", "Chris")
    await h.select(h.by_id("track-board"), True)
    luxuries = h.by_id("printed-luxuries")
    await h.type(luxuries, "20 22")
    assert luxuries.error == "Highest first, top of the board down: 22 comes after 20"
    await h.click(h.by_id("start-game"))
    assert store.list_tables(tool="mercante") == []
    for market, values in (
        ("luxuries", "20 18 16"),
        ("precious_metals", "12 10"),
        ("raw_materials", "9 8"),
        ("foodstuffs", "5 4 3"),
    ):
        await h.type(h.by_id(f"printed-{market}"), values)
    await h.click(h.by_id("start-game"))
    game = game_of(store, only_table(store))
    assert game.board is not None
    assert game.board.market("luxuries").spaces == (20, 18, 16)
    # The board is the same box next time: another phone's new game offers them again, from
    # the table (nothing is written to the settings).
    assert store.get_setting(PRINTED_KEY) is None
    again = await Harness.start(create_main(store, hub=hub), route=BASE)
    await again.select(again.by_id("track-board"), True)
    assert again.by_id("printed-foodstuffs").value == "5 4 3"


@run
async def test_printed_values_an_older_version_kept_are_offered_too(
    store: Any, hub: TableHub
) -> None:
    store.set_setting(PRINTED_KEY, {"luxuries": "20 18 16", "nowhere": "1"})
    h = await Harness.start(create_main(store, hub=hub), route=BASE)
    await h.select(h.by_id("track-board"), True)
    assert h.by_id("printed-luxuries").value == "20 18 16"


# -- the calendar ----------------------------------------------------------------------------------


@run
async def test_sample_turn_distant_war_pushes_visiting_nobility_and_closes_raw_materials(
    store: Any, hub: TableHub
) -> None:
    # Adam holds the upkeep marker and has taken tokens off: step 2 applies the top card.
    seats = ["Adam", "Beth", "Chris", "David"]
    game = counted_at_table(seats, first_event=rulebook_event("Visiting Nobility"))
    game = replace(game, upkeep_holder="Adam", step=None).remove_goods({})[0]
    table_id = table_with(hub, game)
    h = await open_tab(store, hub, table_id)
    assert not visible(h, "closed-raw_materials")
    assert "Upkeep 2 of 4: apply one event" in text_of(h.by_id("turn-step"))
    assert h.by_id("play-rulebook:distant_war").content == "Apply (upkeep)"
    await h.click(h.by_id("play-rulebook:distant_war"))
    assert "Distant War" in text_of(h.by_id("slot-A"))
    assert "Visiting Nobility" in text_of(h.by_id("slot-B"))
    assert "Empty" in text_of(h.by_id("slot-C"))
    assert "CLOSED" in text_of(h.by_id("closed-raw_materials"))
    assert visible(h, "closed-raw_materials")
    assert "Distant War (A)" in text_of(h.by_id("glance-raw_materials"))
    for good in ("art", "gems", "silk", "spices"):
        assert text_of(h.by_id(f"glance-{good}")) == "+1"
    assert text_of(h.by_id("glance-gold")) == "0"
    assert h.has_text("Distant War went into space A. Visiting Nobility moved to space B.")
    game = game_of(store, table_id)
    assert game.calendar.closed_markets() == ("raw_materials",)
    assert game.step == "pass_marker"  # no token on the marker: step 3 is skipped
    assert h.by_id("play-rulebook:economic_woes").disabled, "one event an upkeep"


@run
async def test_undo_takes_the_last_event_back_off_the_calendar(store: Any, hub: TableHub) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"], rulebook_event("Visiting Nobility"))
    h = await open_tab(store, hub, table_id)
    assert h.by_id("undo-calendar").disabled
    await h.click(h.by_id("play-rulebook:distant_war"))
    assert game_of(store, table_id).slots[0] == rulebook_event("Distant War")
    await h.click(h.by_id("undo-calendar"))
    game = game_of(store, table_id)
    assert game.slots[0] == rulebook_event("Visiting Nobility")
    assert not game.log
    assert (
        message(h)
        == "Taken back: Adam manipulated events: Distant War went into space A. Visiting Nobility "
        "moved to space B."
    )
    assert not visible(h, "closed-raw_materials")
    # The message's Undo after an action does the same ...
    await h.click(h.by_id("play-rulebook:distant_war"))
    await h.click(h.by_id("message-undo"))
    assert not game_of(store, table_id).log
    # ... but an old message's Undo never takes back a later action: once the turn has ended
    # (here, on another phone) it is closed, and the table refuses it all the same.
    await h.click(h.by_id("play-rulebook:distant_war"))
    assert h.by_id("play-rulebook:visiting_nobility").disabled, "one Manipulate Events a turn"
    played = table_of(store, table_id)
    other = await open_tab(store, hub, table_id, "sale")
    await other.click(other.by_id("end-turn"))
    await settled()
    assert h.by_id("message-undo").disabled
    late = hub.undo(table_id, of=len(played.log) + 0, seen=0, device="stale")
    assert not late.ok
    assert len(game_of(store, table_id).log) == 2
    assert h.by_id("undo-calendar").disabled, "the last move did not change the calendar"
    await h.click(h.by_id("undo-last"))  # the app bar's Undo: the table's last move
    assert [r.summary for r in game_of(store, table_id).log] == [
        "Adam manipulated events: Distant War went into space A. "
        "Visiting Nobility moved to space B."
    ]


@run
async def test_a_fourth_enduring_event_pushes_the_first_off_c(store: Any, hub: TableHub) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"], rulebook_event("Visiting Nobility"))
    custom(store, "Harvest Festival", modifiers={"foodstuffs": 2})
    custom(store, "Storm at Sea", "fleeting", modifiers={"wine": -1})
    h = await open_tab(store, hub, table_id)
    cards = {c.event.name: c.key for c in own_choices(store)}
    await h.click(h.by_id("play-rulebook:distant_war"))  # Adam: Manipulate Events
    await h.click(h.by_id("end-turn"))
    await h.click(h.by_id(f"play-{cards['Storm at Sea']}"))  # Beth: Manipulate Events
    assert h.has_text("Storm at Sea (Fleeting) was resolved and discarded.")
    assert "Empty" in text_of(h.by_id("slot-C")), "a Fleeting event is never placed"
    await h.click(h.by_id("end-turn"))
    # Chris holds the upkeep marker: nothing to take off, then the upkeep's one event.
    turn = await open_tab(store, hub, table_id, "turn")
    await turn.click(turn.by_id("remove-goods"))
    await settled()
    await h.click(h.by_id(f"play-{cards['Harvest Festival']}"))  # the calendar kept up
    assert "Visiting Nobility" in text_of(h.by_id("slot-C"))
    await settled()
    await turn.click(turn.by_id("pass-marker"))
    await settled()
    await h.click(h.by_id("play-rulebook:distant_war"))
    assert h.has_text("Visiting Nobility left the calendar.")
    assert h.has_text("Left play this game: Storm at Sea (Fleeting, resolved); Visiting Nobility")
    assert text_of(h.by_id("glance-art")) == "0"


def own_choices(store: Any) -> tuple[Any, ...]:
    from companion.ui.mercante.model import event_choices

    return event_choices(store.list_custom_cards("mercante", "event"))[0]


# -- the sale calculator -------------------------------------------------------------------------


@run
async def test_selling_goods_example_art_sale_shows_20_2_1_6_25_and_the_bazaar(
    store: Any, hub: TableHub
) -> None:
    calendar = (
        Event("Luxuries Market -2", "enduring", {"luxuries": -2}),
        Event("Luxuries Market +1", "enduring", {"luxuries": 1}),
        Event("Art +6", "enduring", {"art": 6}),
    )
    table_id = start_game(hub, ["Adam", "Beth", "Chris"], slots=calendar)
    h = await open_tab(store, hub, table_id, "sale")
    await h.click(h.by_id("add-art"))
    assert h.has_text("Type the printed value to see the price.")
    await h.type(h.by_id("base-art:1"), "20")
    assert h.has_text("20 − 2 + 1 + 6 = 25")
    assert text_of(h.by_id("sale-total")) == "Total: 25 crowns"
    assert text_of(h.by_id("bazaar-alternative")) == (
        "All to the bazaar instead: 1 × 3 = 3 crowns, no agents needed."
    )
    assert "Needs 2 cartage points: 2 agents on Hire Dockworkers are enough." in text_of(
        h.by_id("cartage")
    )
    assert h.find_all(ft.Semantics, identifier="ruling-mercante.modifiers_cumulative")
    assert game_of(store, table_id).log == (), "pricing a sale changes nothing on the table"
    await h.click(h.by_id("confirm-sale"))
    game = game_of(store, table_id)
    assert "Adam sold art for 25 crowns (20 − 2 + 1 + 6 = 25)." in game.log[-1].summary
    assert text_of(h.by_id("running-total")) == "Nothing chosen yet", "the calculator is cleared"


@run
async def test_sale_of_two_tokens_prices_each_and_marks_bad_values_on_their_field(
    store: Any, hub: TableHub
) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"], rulebook_event("Distant War"))
    h = await open_tab(store, hub, table_id, "sale")
    await h.click(h.by_id("add-wine"))
    await h.click(h.by_id("add-wine"))
    await h.click(h.by_id("add-ore"))
    await h.type(h.by_id("base-wine:1"), "8")
    await h.type(h.by_id("base-wine:2"), "zero")
    assert h.by_id("base-wine:2").error == "Whole number, like 12 or -3"
    assert h.by_id("confirm-sale").disabled
    await h.type(h.by_id("base-wine:2"), "0")
    assert h.by_id("base-wine:2").error == "Printed values are 1 crown or more"
    await h.type(h.by_id("base-wine:2"), "7")
    # ore's market is closed by Distant War: no value asked, the token is refused
    assert not h.find_all(ft.Semantics, identifier="base-ore:1")
    assert "only the bazaar buys it" in text_of(h.by_id("token-ore:1"))
    assert h.by_id("confirm-sale").disabled
    await h.select(h.by_id("bazaar-ore:1"), True)
    assert "3 crowns at the bazaar" in text_of(h.by_id("token-ore:1"))
    assert text_of(h.by_id("sale-total")) == "Total: 18 crowns"  # 8 + 7 + 3
    assert text_of(h.by_id("bazaar-alternative")).startswith(
        "All to the bazaar instead: 3 × 3 = 9 crowns"
    )
    assert "Needs 1 cartage point" in text_of(h.by_id("cartage"))  # 1 point carries 2 foodstuffs
    await h.click(h.by_id("confirm-sale"))
    assert game_of(store, table_id).log[-1].quote.total == 18  # type: ignore[attr-defined]


@run
async def test_sample_turn_economic_woes_as_a_reaction_what_if_then_on_the_calendar(
    store: Any, hub: TableHub
) -> None:
    calendar = (rulebook_event("Distant War"), rulebook_event("Visiting Nobility"))
    table_id = start_game(hub, ["Adam", "Beth", "Chris", "David"], slots=calendar)
    h = await open_tab(store, hub, table_id, "sale")
    await h.click(h.by_id("add-silk"))
    await h.type(h.by_id("base-silk:1"), "20")
    assert h.has_text("20 + 1 = 21")
    await h.click(h.by_id("add-reaction"))
    await h.select(h.by_id("reaction-card-1"), "rulebook:economic_woes")
    await h.select(h.by_id("reaction-by-1"), "David")
    assert h.has_text("20 − 6 + 1 = 15")
    assert "With Economic Woes: 15 crowns instead of 21 (−6)." in text_of(h.by_id("what-if"))
    assert "Visiting Nobility" not in text_of(h.by_id("what-if")), "nothing falls off C yet"
    assert game_of(store, table_id).slots[0] == rulebook_event("Distant War"), (
        "a what-if changes nothing"
    )
    await h.click(h.by_id("confirm-sale"))
    game = game_of(store, table_id)
    assert [e.name for e in game.slots if e] == [
        "Economic Woes",
        "Distant War",
        "Visiting Nobility",
    ]
    assert game.log[-1].summary.startswith("David played Economic Woes as a Reaction.")


@run
async def test_a_sale_being_priced_stays_on_this_phone_and_is_priced_again_on_a_push(
    store: Any, hub: TableHub
) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"], rulebook_event("Visiting Nobility"))
    card = custom(store, "Royal Wedding", modifiers={"luxuries": 3})
    h = await open_tab(store, hub, table_id, "sale")
    await h.click(h.by_id("add-gems"))
    await h.type(h.by_id("base-gems:1"), "18")
    assert h.has_text("18 + 1 = 19")
    field = h.by_id("base-gems:1")
    # Another phone plays the group's Royal Wedding: luxuries +3.
    other = await open_tab(store, hub, table_id, "calendar")
    await other.click(other.by_id(f"play-custom:{card}"))
    await settled()
    assert text_of(h.by_id("sale-total")) == "Total: 22 crowns"  # priced again in place ...
    assert h.by_id("base-gems:1") is field and field.value == "18"  # ... the field untouched
    assert message(h) is None  # a push redraws, it does not speak
    assert not other.find_all(ft.Semantics, identifier="token-gems:1")
    await other.click(other.by_id("end-turn"))
    await settled()
    assert h.has_text("Beth sells. Tap a good to add a token.")
    # The draft is this phone's: it survives a tab change and a reload of the page.
    tabs = h.by_id("mercante-tabs")
    h.session.apply_patch(tabs._i, {"selected_index": 0})
    await h.fire(tabs, "change", 0)
    assert h.by_id("slot-A")
    tabs = h.by_id("mercante-tabs")
    h.session.apply_patch(tabs._i, {"selected_index": 2})
    await h.fire(tabs, "change", 2)
    assert h.by_id("base-gems:1").value == "18"
    await h.session.disconnect(60)
    h.session.attach_connection(h.conn)
    await h.session.dispatch_connect_event()
    await settled()
    assert h.by_id("base-gems:1").value == "18"
    assert text_of(h.by_id("sale-total")) == "Total: 22 crowns"


# -- custom event cards --------------------------------------------------------------------------


@run
async def test_custom_event_with_a_bad_field_shows_the_error_there_and_saves_nothing(
    store: Any,
) -> None:
    h = await Harness.start(create_main(store), route=f"{BASE}/events/new")
    await h.type(h.by_id("event-name"), "Royal Wedding")
    await h.select(h.by_id("effect-target-1"), "luxuries")
    await h.type(h.by_id("effect-amount-1"), "three")
    await h.click(h.by_id("save-event"))
    assert h.by_id("effect-amount-1").error == "Whole number, like 12 or -3"
    assert h.by_id("event-name").error is None
    assert store.list_custom_cards("mercante", "event") == []
    await h.click(h.by_id("add-effect"))
    await h.select(h.by_id("effect-target-2"), "luxuries")
    await h.type(h.by_id("effect-amount-2"), "+1")
    await h.type(h.by_id("effect-amount-1"), "+3")
    await h.click(h.by_id("save-event"))
    assert h.by_id("effect-target-2").error_text == (
        "Luxuries already changes in line 1: add them up there"
    )
    assert store.list_custom_cards("mercante", "event") == []
    await h.select(h.by_id("effect-target-2"), "art")
    await h.select(h.by_id("closes-foodstuffs"), True)
    await h.select(h.by_id("event-reaction"), True)
    assert text_of(h.by_id("event-preview")) == (
        "Royal Wedding — Enduring, Reaction: Luxuries +3; Art +1; Closes foodstuffs"
    )
    await h.click(h.by_id("save-event"))
    (card,) = store.list_custom_cards("mercante", "event")
    assert Event.from_dict(card.data) == Event(
        "Royal Wedding",
        "enduring",
        {"luxuries": 3, "art": 1},
        ("foodstuffs",),
        reaction=True,
    )
    assert h.page.appbar.title.value == "Your event cards"


@run
async def test_custom_event_names_are_unique_and_editing_keeps_the_card(store: Any) -> None:
    first = custom(store, "Harvest Festival", modifiers={"foodstuffs": 2})
    h = await Harness.start(create_main(store), route=f"{BASE}/events/new")
    await h.type(h.by_id("event-name"), "harvest festival")
    await h.select(h.by_id("effect-target-1"), "grain")
    await h.type(h.by_id("effect-amount-1"), "1")
    assert h.by_id("event-name").error == "You already have a card with this name"
    await h.click(h.by_id("save-event"))
    assert len(store.list_custom_cards("mercante", "event")) == 1
    h = await Harness.start(create_main(store), route=f"{BASE}/events/{first}")
    await h.type(h.by_id("effect-amount-1"), "3")
    await h.click(h.by_id("save-event"))
    (card,) = store.list_custom_cards("mercante", "event")
    assert card.id == first and card.data["modifiers"] == {"foodstuffs": 3}


@run
async def test_custom_event_delete_with_undo_and_a_damaged_card_is_reported(store: Any) -> None:
    card_id = custom(store, "Pirates", "fleeting", modifiers={"precious_metals": -2})
    store.save_custom_card("mercante", "event", "Broken", {"name": "Broken", "kind": "sometimes"})
    h = await Harness.start(create_main(store), route=f"{BASE}/events")
    assert h.has_text("Broken: this card can no longer be read")
    await h.click(h.by_id(f"delete-custom:{card_id}"))
    assert [c.name for c in store.list_custom_cards("mercante", "event")] == ["Broken"]
    await snackbar_action(h)
    assert sorted(c.name for c in store.list_custom_cards("mercante", "event")) == [
        "Broken",
        "Pirates",
    ]


@run
async def test_a_half_written_card_survives_leaving_the_editor(store: Any) -> None:
    h = await Harness.start(create_main(store), route=f"{BASE}/events/new")
    await h.type(h.by_id("event-name"), "Guild Strike")
    await h.click(h.by_id("app-back"))
    assert h.page.appbar.title.value == "Your event cards"
    await h.click(h.by_id("new-event"))
    assert h.by_id("event-name").value == "Guild Strike"
    # It is this phone's: another phone starts its own card.
    other = await Harness.start(create_main(store), route=f"{BASE}/events/new")
    assert other.by_id("event-name").value == ""


@run
async def test_a_half_written_card_an_older_version_kept_is_taken_over_once(store: Any) -> None:
    from companion.ui.mercante.model import EVENT_DRAFT_KEY

    store.set_setting(EVENT_DRAFT_KEY, {"slot": "new", "draft": {"name": "Guild Strike"}})
    h = await Harness.start(create_main(store), route=f"{BASE}/events/new")
    assert h.by_id("event-name").value == "Guild Strike"
    assert store.get_setting(EVENT_DRAFT_KEY) is None


# -- upkeep --------------------------------------------------------------------------------------


@run
async def test_upkeep_shows_points_costs_and_whose_turn_brings_it(
    store: Any, hub: TableHub
) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris", "David"], vp_on_marker=1)
    h = await open_tab(store, hub, table_id, "upkeep")  # the old name of the tab
    assert text_of(h.by_id("upkeep-points")) == (
        "4 players: the upkeep marker holder gets 2 removal points."
    )
    assert "2 per token" in text_of(h.by_id("cost-luxuries"))
    assert "½ per token" in text_of(h.by_id("cost-foodstuffs"))
    assert "up to 4" in text_of(h.by_id("cost-foodstuffs"))
    assert text_of(h.by_id("upkeep-next-0")) == (
        "In 3 turns: David's upkeep, then the marker goes to Chris."
    )
    assert text_of(h.by_id("upkeep-next-1")) == (
        "In 6 turns: Chris's upkeep, then the marker goes to Beth."
    )
    for _ in range(3):
        await h.click(h.by_id("end-turn"))
    game = game_of(store, table_id)
    assert game.active == "David" and game.is_upkeep_turn
    assert h.has_text("David holds the upkeep marker: these four steps come first, in order.")
    assert h.by_id("end-turn").disabled, "upkeep is finished by passing the marker"
    assert text_of(h.by_id("turn-step")) == "Upkeep 1 of 4: take tokens off the markets"
    assert not h.find_all(ft.Semantics, identifier="bid-Adam"), "no bids before the token's step"
    await h.click(h.by_id("remove-goods"))  # nothing on the markets to take off
    await h.select(h.by_id("upkeep-event"), "rulebook:visiting_nobility")
    await h.click(h.by_id("apply-event"))
    assert "Token 1 of 1 on the marker" in text_of(h.by_id("vp-auction"))
    await h.type(h.by_id("bid-Adam"), "4")
    await h.type(h.by_id("bid-Beth"), "5")
    await h.type(h.by_id("bid-David"), "5")
    await h.click(h.by_id("settle-bid"))
    assert message(h) == "David won a victory point for 5 crowns (tie broken by seating)."
    assert not h.find_all(ft.Semantics, identifier="bid-Adam"), "no token left: no bid boxes"
    await h.click(h.by_id("pass-marker"))
    game = game_of(store, table_id)
    assert game.upkeep_holder == "Chris" and game.active == "David"
    # turns go Adam, Beth, Chris: upkeep again every players − 1 turns
    assert text_of(h.by_id("upkeep-next-0")) == (
        "In 3 turns: Chris's upkeep, then the marker goes to Beth."
    )
    assert not h.by_id("end-turn").disabled


@run
async def test_three_players_luxuries_cost_1_and_the_five_player_variant_follows_settings(
    store: Any, hub: TableHub
) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"])
    h = await open_tab(store, hub, table_id, "turn")
    assert "1 per token" in text_of(h.by_id("cost-luxuries"))
    assert h.find_all(ft.Semantics, identifier="ruling-mercante.three_player_luxury_removal")

    five = ["Adam", "Beth", "Chris", "David", "Eve"]
    h = await open_tab(store, hub, start_game(hub, five), "turn")
    assert text_of(h.by_id("upkeep-points")).startswith(
        "5 players: the upkeep marker holder gets 3"
    )
    # The Alternate Five-Player Upkeep is a variant chosen for the game, not a house rule.
    variant = Variants(frozenset({ALTERNATE_FIVE_PLAYER_UPKEEP}))
    h = await open_tab(store, hub, start_game(hub, five, variants=variant), "turn")
    assert text_of(h.by_id("upkeep-points")) == (
        "5 players: the upkeep marker holder gets 2 removal points "
        "(upkeep resolved as for 4 players)."
    )
    assert text_of(h.by_id("upkeep-next-0")) == (
        "In 4 turns: Eve's upkeep, then the marker goes to Chris."
    )
    assert h.has_text("Variant: Alternate Five-Player Upkeep")
    assert not h.find_all(ft.Semantics, identifier="ruling-mercante.alternate_five_player_upkeep")


@run
async def test_tracked_board_upkeep_removes_tokens_from_the_bottom(
    store: Any, hub: TableHub
) -> None:
    from companion.engine.mercante import MarketBoard

    board = MarketBoard.from_printed(
        {
            "luxuries": [20, 18],
            "precious_metals": [12, 10],
            "raw_materials": [9, 8],
            "foodstuffs": [5, 4, 3],
        }
    )
    game = counted_at_table(["Adam", "Beth", "Chris"], board=board)
    game = game.sell(["gold", "silver"], agents=2)[0]
    for _ in range(2):
        game = game.end_turn()[0]  # to Chris, who holds the marker
    table_id = table_with(hub, game)
    h = await open_tab(store, hub, table_id, "turn")
    assert h.by_id("remove-goods").disabled, "1 removal point must be spent"
    await h.click(h.by_id("remove-precious_metals-plus"))
    assert text_of(h.by_id("removal-cost")) == "1 precious metals (1) = 1 of 1 point"
    await h.click(h.by_id("remove-goods"))
    game = game_of(store, table_id)
    assert game.board is not None
    assert game.board.market("precious_metals").tokens == ("gold",)  # silver, sold last, is gone


# -- setup ---------------------------------------------------------------------------------------


@run
async def test_setup_shows_starting_crowns_per_seat_plus_the_contract_kept(
    store: Any, hub: TableHub
) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris", "David"])
    h = await open_tab(store, hub, table_id, "setup")
    assert [text_of(h.by_id(f"crowns-{i}")) for i in range(1, 5)] == [
        "10 crowns",
        "12 crowns",
        "14 crowns",
        "16 crowns",
    ]
    assert "takes the upkeep marker" in text_of(h.by_id("start-4"))
    await h.select(h.by_id("kept-2"), ["8"])
    assert text_of(h.by_id("crowns-2")) == "20 crowns"
    assert text_of(h.by_id("working-2")) == "12 to start + 8 contract"
    assert table_of(store, table_id).kept == (("Beth", (8,)),), "the contract is the table's"
    again = await open_tab(store, hub, table_id, "setup")
    assert text_of(again.by_id("crowns-2")) == "20 crowns"
    await again.select(again.by_id("kept-2"), [])
    assert text_of(again.by_id("crowns-2")) == "12 crowns"
    await settled()
    assert text_of(h.by_id("crowns-2")) == "12 crowns", "the first phone sees it at once"


@run
async def test_setup_tab_lists_the_setup_steps_and_keeps_the_ticks(
    store: Any, hub: TableHub
) -> None:
    """Setup: the rulebook's steps for this table, ticked off, still ticked after a restart."""
    from companion.engine.setup import setup_checklist

    table_id = start_game(hub, ["Adam", "Beth", "Chris", "David"])
    steps = setup_checklist("mercante", (), 4)
    h = await open_tab(store, hub, table_id, "setup")
    assert h.by_id("mercante-setup-progress").value == f"0 of {len(steps)} done."
    first = h.by_id(f"mercante-setup-step-{steps[0].id}")
    label = h.by_id(f"mercante-setup-step-{steps[0].id}-label").content
    assert label.value == f"1. {steps[0].text}"
    await h.select(first, True)
    assert h.by_id("mercante-setup-progress").value == f"1 of {len(steps)} done."
    again = await Harness.start(create_main(store), route=f"{BASE}/{table_id}/setup")
    assert again.by_id(f"mercante-setup-step-{steps[0].id}").value is True
    assert again.by_id(f"mercante-setup-step-{steps[1].id}").value is False


# -- the final tally -----------------------------------------------------------------------------


async def fill(h: Harness, player: int, **values: str) -> None:
    for name, value in values.items():
        await h.type(h.by_id(f"tally-{name}-{player}"), value)


@run
async def test_final_tally_shows_the_working_breaks_ties_and_saves_to_history(
    store: Any, hub: TableHub
) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"])
    h = await open_tab(store, hub, table_id, "end")
    await fill(
        h, 1, vp="7", crowns="31", goods="2", completed="2", unfulfilled="1", penalties="4",
        bought="3",
    )  # fmt: skip
    assert text_of(h.by_id("working-crowns-1")) == (
        "Crowns: 31 + 2 goods × 3 = 37; 3 VP × 10 = 30; 7 left"
    )
    assert text_of(h.by_id("working-score-1")) == (
        "Score: 7 VP + 2 from contracts + 3 bought = 12; − 4 in penalties = 8"
    )
    assert table_of(store, table_id).figures("Adam").crowns == 31, "each figure is the table's"
    await fill(h, 2, vp="8", crowns="12")
    await fill(h, 3, vp="8", crowns="12", unfulfilled="1", penalties="2")
    await h.type(h.by_id("tally-bought-3"), "2")
    assert h.by_id("tally-bought-3").error == "Chris can afford at most 1"
    await h.click(h.by_id("save-tally"))
    assert store.count_plays() == 0, "nothing saved while a field is wrong"
    assert message(h) == "Not saved: 1 field to fix."
    await h.type(h.by_id("tally-bought-3"), "")
    standings = text_of(h.by_id("mercante-standings"))
    # Adam 8 (7 crowns left), Beth 8 (12 crowns), Chris 8 − 2 = 6
    assert standings.index("Beth") < standings.index("Adam") < standings.index("Chris")
    assert "tie broken by most crowns left" in standings
    await h.click(h.by_id("save-tally"))
    (play,) = store.list_plays()
    results = {r.player: r for r in play.results}
    assert [(r.player, r.score, r.winner) for r in play.results if r.winner] == [("Beth", 8, True)]
    assert results["Adam"].breakdown == {"Victory points": 12, "Contract penalties": -4}
    assert results["Chris"].breakdown == {"Victory points": 8, "Contract penalties": -2}
    assert [t.name for t in play.tiebreakers] == [
        "Most crowns left",
        "Fewest unfulfilled contracts",
    ]
    # Every figure is kept, Adam's too (beaten on crowns); the play says its tie-breakers
    # decided the victor only.
    assert results["Adam"].tiebreaks == [7, 1] and results["Adam"].rank == 2
    assert play.tiebreaks_victory_only is True
    assert results["Chris"].tiebreaks == [12, 1]
    assert store.table(table_id).saved_play_id == play.id
    assert store.table(table_id).status == "finished"
    assert h.has_text("This tally is saved to history.")
    assert message(h) == "Saved Mercante: Beth won."
    # Saved once: Save again anywhere opens the saved play instead.
    outcome = hub.save_to_history(table_id, lambda t: {}, seen=99, device="late")
    assert getattr(outcome, "created", None) is False and store.count_plays() == 1


@run
async def test_end_triggers_checklist_sees_80_crowns_typed_in_the_tally(
    store: Any, hub: TableHub
) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"])
    h = await open_tab(store, hub, table_id, "end")
    assert not h.has_text("The game ends when this turn ends.")
    await fill(h, 2, crowns="80")
    assert h.by_id("trigger-crowns").value is True
    assert "(Beth)" in text_of(h.by_id("trigger-crowns-label"))
    assert h.by_id("trigger-crowns").disabled, "typed crowns decide this one"
    assert h.has_text("The game ends when this turn ends.")
    await h.select(h.by_id("trigger-last_shipment"), True)
    assert "last_shipment" in table_of(store, table_id).ended
    await h.click(h.by_id("trigger-reference_track-label"))  # the words are tappable too
    assert "reference_track" in table_of(store, table_id).ended
    lobby = await Harness.start(create_main(store, hub=hub), route=BASE)
    assert lobby.has_text("Turn 1 · Adam to play · shipment auction · the game ends with this turn")


@run
async def test_final_tally_a_count_of_0_unfulfilled_contracts_means_none(
    store: Any, hub: TableHub
) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"])
    h = await open_tab(store, hub, table_id, "end")
    for player in (1, 2, 3):
        await fill(h, player, vp="8", crowns="12", unfulfilled="0")
    assert h.has_text("Adam: 12 crowns left, 0 unfulfilled contracts")
    assert "shared win" in text_of(h.by_id("mercante-standings"))
    await h.type(h.by_id("tally-penalties-1"), "0")
    assert h.by_id("tally-penalties-1").error is not None
    assert h.by_id("tally-penalties-1").error_max_lines == 3, "long messages wrap at 390 px"
    assert table_of(store, table_id).figures("Adam").penalties == (), (
        "an unreadable figure stays here"
    )


# -- a game that outlives the phone, an old saved game -------------------------------------------


@run
async def test_the_game_is_restored_in_a_new_session(store: Any, hub: TableHub) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"], rulebook_event("Visiting Nobility"))
    h = await open_tab(store, hub, table_id)
    await h.click(h.by_id("play-rulebook:distant_war"))  # Manipulate Events
    # The app restarts (a new hub replays the table): the calendar is there.
    again = await Harness.start(create_main(store), route=f"{BASE}/{table_id}/calendar")
    assert "Distant War" in text_of(again.by_id("slot-A"))
    assert visible(again, "closed-raw_materials")
    sale = await Harness.start(create_main(store), route=f"{BASE}/{table_id}/sale")
    await sale.click(sale.by_id("add-gems"))
    await sale.type(sale.by_id("base-gems:1"), "18")
    assert sale.has_text("18 + 1 = 19")


def old_save(game: MercanteGame, **drafts: Any) -> dict[str, Any]:
    state = MercanteState()
    state.start(game)
    for name, value in drafts.items():
        setattr(state, name, value)
    return state.to_dict()


@run
async def test_an_old_saved_game_becomes_a_table_once_with_its_contracts_ticks_and_tally(
    store: Any, hub: TableHub
) -> None:
    game = counted_at_table(
        ["Adam", "Beth", "Chris"], first_event=rulebook_event("Visiting Nobility")
    )
    game = game.manipulate_events(rulebook_event("Distant War"))[0].end_turn()[0]
    state = MercanteState()
    state.start(game)
    state.kept = {"Beth": [8]}
    state.setup_ticks = ["mercante.market_board"]
    state.tally.set(0, "crowns", "31")
    state.tally.set(1, "vp", "4x")  # half typed: not a figure, left out
    state.tally.ticked = {"last_shipment"}
    state.sale.set_count("silk", 1)  # a draft: not the table's
    old = state.to_dict()
    store.set_setting(GAME_KEY, old)
    h = await Harness.start(create_main(store, hub=hub), route=BASE)
    table_id = only_table(store)
    assert h.has_text("The game saved before is now a shared table")
    assert store.get_setting(GAME_KEY) is None
    assert store.get_setting(live_logic.imported_key(GAME_KEY)) == old
    table = table_of(store, table_id)
    assert table.game == game and len(table.game.log) == 2
    assert table.kept == (("Beth", (8,)),)
    assert table.setup_done == {"mercante.market_board"}
    assert table.figures("Adam").crowns == 31 and table.figures("Beth").vp is None
    assert table.ended == {"last_shipment"}
    assert {a.device for a in store.table_actions(table_id)} == {"import"}
    again = await Harness.start(create_main(store, hub=hub), route=BASE)
    assert len(store.list_tables(tool="mercante")) == 1  # imported once
    assert not again.has_text("The game saved before is now a shared table")
    # The old addresses lead to the list, where the game is waiting.
    old_tab = await Harness.start(create_main(store, hub=hub), route=f"{BASE}/sale")
    assert old_tab.by_id(f"table-{table_id}")


@run
async def test_a_version_1_save_is_imported_where_it_had_got_to(store: Any, hub: TableHub) -> None:
    v1 = {
        "format": "companion.mercante.game",
        "version": 1,
        "start": {
            "players": [{"name": n} for n in ("Adam", "Beth", "Chris")],
            "active": "Adam",
            "upkeep_holder": "Chris",
            "calendar": [rulebook_event("Visiting Nobility").to_dict()],
        },
        "actions": [
            {"kind": "play_event", "event": rulebook_event("Distant War").to_dict()},
            {"kind": "end_turn"},
        ],
    }
    store.set_setting(GAME_KEY, {"format": "companion.mercante.screen", "version": 1, "game": v1})
    await Harness.start(create_main(store, hub=hub), route=BASE)
    game = game_of(store, only_table(store))
    assert game.active == "Beth"
    assert [e.name for e in game.slots if e] == ["Distant War", "Visiting Nobility"]


@run
async def test_a_damaged_saved_game_gives_a_notice_and_a_fresh_start(
    store: Any, hub: TableHub
) -> None:
    damaged = {
        "format": "companion.mercante.screen",
        "version": 1,
        "game": {"format": "companion.mercante.game", "version": 1, "start": {"players": 3}},
    }
    store.set_setting(GAME_KEY, damaged)
    h = await Harness.start(create_main(store, hub=hub), route=f"{BASE}/sale")
    assert h.has_text("The game saved before could not be read back")
    assert h.has_text("start.players: 3 must be a list of players")
    assert h.find_all(ft.Semantics, identifier="start-game")
    assert store.get_setting(DAMAGED_KEY) == damaged, "the damaged save is kept aside"
    assert store.get_setting(GAME_KEY) is None
    again = await Harness.start(create_main(store, hub=hub), route=BASE)
    assert not again.has_text("could not be read back")


@run
async def test_an_old_game_saved_to_history_already_is_not_imported(
    store: Any, hub: TableHub
) -> None:
    saved = old_save(counted_at_table(["Adam", "Beth", "Chris"]), saved_play=3)
    store.set_setting(GAME_KEY, saved)
    await Harness.start(create_main(store, hub=hub), route=BASE)
    assert store.list_tables(tool="mercante") == []
    assert store.get_setting(live_logic.imported_key(GAME_KEY)) == saved


@run
async def test_the_new_game_form_shows_every_players_starting_crowns(
    store: Any, hub: TableHub
) -> None:
    """Review F19 (issue 21): the seats showed crowns for the first player only."""
    h = await Harness.start(create_main(store, hub=hub), route=BASE)
    await add_players(h, "Ann", "Ben", "Cleo")
    assert [text_of(h.by_id(f"new-seat-{i}")).split(" | ", 1)[1] for i in (1, 2, 3)] == [
        "Ann | first player · 10 crowns",
        "Ben | 12 crowns",
        "Cleo | 14 crowns · upkeep marker",
    ]
    await h.select(h.by_id("variant-contractual_obligations"), True)  # 2 × the seat
    assert text_of(h.by_id("new-seat-3")).endswith("Cleo | 6 crowns · upkeep marker")


@run
async def test_new_game_from_the_menu_keeps_the_players_and_the_game_stays_in_progress(
    store: Any, hub: TableHub
) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"])
    h = await open_tab(store, hub, table_id)
    await h.click(h.by_id("table-menu"))
    await h.click(h.by_id("new-game"))
    assert h.find_all(ft.Semantics, identifier="start-game")
    assert [text_of(h.by_id(f"new-seat-{i}")).split(" | ")[1] for i in (1, 2, 3)] == [
        "Adam",
        "Beth",
        "Chris",
    ]
    assert h.find_all(ft.Semantics, identifier=f"table-{table_id}")  # still in progress
    assert store.table(table_id).status == "open"


@run
async def test_finish_and_abandon_ask_first(store: Any, hub: TableHub) -> None:
    kept = start_game(hub, ["Adam", "Beth", "Chris"])
    dropped = start_game(hub, ["Dev", "Eli", "Fay"])
    h = await Harness.start(create_main(store, hub=hub), route=BASE)
    await abandon_with_confirm(h, store, dropped)
    t = await open_tab(store, hub, kept)
    await t.click(t.by_id("table-menu"))
    await t.click(t.by_id("finish-game"))
    await t.click(t.by_id("confirm-finish"))
    assert store.table(kept).status == "finished"
    assert t.find_all(ft.Semantics, identifier="start-game")
    # A finished game still opens, read-only.
    done = await open_tab(store, hub, kept, "sale")
    assert done.has_text("This game is finished: it takes no more moves.")
    assert done.by_id("end-turn").disabled


@run
async def test_tabs_switch_screens_and_rulings_open_their_reading(
    store: Any, hub: TableHub
) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"])
    h = await open_tab(store, hub, table_id)
    tabs = h.by_id("mercante-tabs")
    h.session.apply_patch(tabs._i, {"selected_index": 1})
    await h.fire(tabs, "change", 1)
    assert h.has_text("When is upkeep?")
    chip = h.by_id("ruling-mercante.three_player_luxury_removal")
    await h.click(chip)
    assert h.has_text("How the app reads it")
    await h.click(h.by_id("open-settings"))
    assert h.page.appbar.title.value == "Settings"


@run
async def test_economic_woes_completed_as_the_groups_own_card_replaces_the_rulebooks(
    store: Any, hub: TableHub
) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"])
    h = await open_tab(store, hub, table_id)
    assert h.find_all(ft.Semantics, identifier="ruling-mercante.economic_woes_incomplete")
    h = await Harness.start(
        create_main(store, hub=hub), route=f"{BASE}/{table_id}/events/copy/economic_woes"
    )
    assert h.by_id("event-name").value == "Economic Woes"
    assert h.by_id("event-reaction").value is True
    await h.select(h.by_id("event-incomplete"), False)
    await h.click(h.by_id("add-effect"))
    await h.select(h.by_id("effect-target-2"), "luxuries")
    await h.type(h.by_id("effect-amount-2"), "-1")
    await h.click(h.by_id("save-event"))
    (card,) = store.list_custom_cards("mercante", "event")
    assert h.page.appbar.title.value == "Your event cards"
    await h.click(h.by_id("app-back"))  # back to this table's calendar
    assert not h.find_all(ft.Semantics, identifier="play-rulebook:economic_woes")
    await h.click(h.by_id(f"play-custom:{card.id}"))
    assert game_of(store, table_id).slots[0] == Event(
        "Economic Woes", "enduring", {"luxuries": -1, "silk": -6}, reaction=True
    )


# -- the turn: upkeep, the shipment auction, the agents --------------------------------------------


@run
async def test_turn_tab_runs_the_shipment_auction_and_counts_the_agents(
    store: Any, hub: TableHub
) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"])
    h = await open_tab(store, hub, table_id, "turn")
    assert "2 of 2 agents left · Beth next" in text_of(h.by_id("turn-agents"))
    await h.select(h.by_id("shipment-add"), "silk")
    field = next(c for c in h.find_all(ft.TextField) if c.label == "Silk: minimum bid")
    await h.type(field, "5")
    await h.click(h.by_id("start-auction"))
    assert "Beth to bid: at least 5 crowns" in text_of(h.by_id("auction-next"))
    assert h.by_id("end-turn").disabled  # the turn waits for the auction
    await h.type(h.by_id("shipment-bid"), "4")
    await h.click(h.by_id("place-bid"))
    assert message(h) is not None and "too low" in message(h)
    await h.type(h.by_id("shipment-bid"), "6")
    await h.click(h.by_id("place-bid"))
    for _ in range(4):  # Chris, Adam, then the second round (three players): Chris, Adam
        if not h.find_all(ft.Semantics, identifier="pass-bid"):
            break
        await h.click(h.by_id("pass-bid"))
    game = game_of(store, table_id)
    assert [(r.winner, r.price) for r in game.auction_results()] == [("Beth", 6)]
    assert "Beth won the silk for 6 crowns." in text_of(h.by_id("auction-results"))
    # The agents: each seal once; two agents in all.
    await h.click(h.by_id("select-contract"))
    assert h.by_id("select-contract").disabled
    await h.click(h.by_id("buy-vp"))
    game = game_of(store, table_id)
    assert (game.agents_left(), game.vp_on_marker, game.player("Adam").vp) == (0, 1, 1)
    assert h.by_id("gather-intelligence").disabled, "no agent left"
    assert "0 of 2 agents left" in text_of(h.by_id("turn-agents"))


@run
async def test_end_turn_is_next_to_the_banner_on_every_tab(store: Any, hub: TableHub) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"])
    for tab in ("calendar", "turn", "sale", "setup", "end"):
        h = await open_tab(store, hub, table_id, tab)
        assert h.by_id("end-turn") in [c for c in walk(h.by_id("turn-line"))]
    await h.click(h.by_id("end-turn"))
    assert game_of(store, table_id).active == "Beth"
    assert message(h) == "Adam's turn ended; Beth is next."


@run
async def test_new_game_with_variants_and_contractual_obligations_at_setup(
    store: Any, hub: TableHub
) -> None:
    h = await Harness.start(create_main(store, hub=hub), route=BASE)
    await add_players(h, "Adam", "Beth", "Chris", "David")
    await h.select(h.by_id("variant-contractual_obligations"), True)
    await h.select(h.by_id("variant-treachery"), True)  # brings Vicious Accounting with it
    await h.select(h.by_id("variant-talk_of_peace"), True)
    await h.click(h.by_id("start-game"))
    assert store.list_tables(tool="mercante") == [], "Talk of Peace needs the teams"
    await h.select(h.by_id("partner"), "Chris")
    await h.select(h.by_id("reference-track"), "5")
    await h.click(h.by_id("start-game"))
    table_id = only_table(store)
    game = game_of(store, table_id)
    assert game.variants.teams == (("Adam", "Chris"), ("Beth", "David"))
    assert game.variants.vicious_accounting and game.variants.treachery
    assert game.variants.reference_track == 5
    h = await open_tab(store, hub, table_id, "setup")
    assert text_of(h.by_id("crowns-1")) == "2 crowns"  # twice the seat, no base 8
    for k, value in enumerate(("10", "6", "8"), start=1):
        await h.select(h.by_id(f"kept-1-{k}"), [value])
    assert text_of(h.by_id("crowns-1")) == "26 crowns"
    assert "the one for 5 players (Longer or Shorter Games" in text_of(h.by_id("reference-track"))
    h = await open_tab(store, hub, table_id, "turn")
    assert "Adam and Chris: 0 VP tokens counted of the 10 to win" in text_of(h.by_id("team-1"))


@run
async def test_vicious_accounting_challenge_after_a_sale(store: Any, hub: TableHub) -> None:
    variants = Variants(frozenset({"vicious_accounting"}))
    table_id = start_game(
        hub, ["Adam", "Beth", "Chris"], rulebook_event("Visiting Nobility"), variants=variants
    )
    h = await open_tab(store, hub, table_id, "sale")
    await h.click(h.by_id("add-silk"))
    await h.type(h.by_id("base-silk:1"), "20")
    await h.click(h.by_id("confirm-sale"))
    await h.select(h.by_id("challenger"), "Beth")
    await h.type(h.by_id("claimed"), "24")
    await h.click(h.by_id("settle-challenge"))
    assert "so Adam pays the bank 6 crowns." in game_of(store, table_id).log[-1].summary


# -- several phones on one table -----------------------------------------------------------------


@run
async def test_a_move_on_one_phone_shows_on_the_others_without_a_reload(
    store: Any, hub: TableHub
) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"], rulebook_event("Visiting Nobility"))
    adam = await open_tab(store, hub, table_id, "calendar")
    beth = await open_tab(store, hub, table_id, "sale")
    chris = await open_tab(store, hub, table_id, "turn")
    await beth.click(beth.by_id("add-silk"))  # Beth is only pricing: nobody else sees it
    assert not visible(beth, "closed-pill-raw_materials")
    await adam.click(adam.by_id("play-rulebook:distant_war"))
    await settled()
    for phone in (beth, chris):
        assert "1 of 2 agents left" in text_of(phone.by_id("turn-agents"))
        assert message(phone) is None  # a push redraws, it does not speak
    assert visible(beth, "closed-pill-raw_materials")  # closed by Distant War, in her picker
    assert text_of(beth.by_id("add-silk")) == "Silk × 1"  # her draft survived the push
    assert hub.subscriber_count(table_id) == 3
    await chris.click(chris.by_id("end-turn"))
    await settled()
    assert text_of(adam.by_id("turn-line")).startswith("Beth's turn")
    assert beth.has_text("Beth sells.")


@run
async def test_a_stale_phones_move_is_refused_saying_what_happened(
    store: Any, hub: TableHub
) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"], rulebook_event("Visiting Nobility"))
    adam = await open_tab(store, hub, table_id, "turn")
    beth = await open_tab(store, hub, table_id, "turn")
    # Adam ends his turn on another device while Beth's screen has not heard of it yet.
    outcome = hub.submit(table_id, EndTurn(), seen=0, device="adam")
    assert outcome.ok
    await beth.session.dispatch_event(beth.by_id("buy-vp")._i, "click", None)
    game = game_of(store, table_id)
    assert game.active == "Beth" and game.player("Adam").vp == 0 and game.player("Beth").vp == 0
    assert message(beth) == "Meanwhile, on another phone: Adam's turn ended; Beth is next."
    assert text_of(beth.by_id("turn-line")).startswith("Beth's turn")  # brought up to date
    await settled()
    assert text_of(adam.by_id("turn-line")).startswith("Beth's turn")


@run
async def test_two_phones_fill_in_their_own_lines_of_the_tally_at_once(
    store: Any, hub: TableHub
) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"])
    adam = await open_tab(store, hub, table_id, "end")
    beth = await open_tab(store, hub, table_id, "end")
    beth.conn.answers = False  # Beth's phone is slow: it has not drawn Adam's figures yet
    await fill(adam, 1, vp="7", crowns="31")
    await fill(beth, 2, vp="8", crowns="12")  # stale, but about other figures: applied
    await settled()
    table = table_of(store, table_id)
    assert (table.figures("Adam").crowns, table.figures("Beth").crowns) == (31, 12)
    assert message(beth) == "Beth's crowns: 12."
    for phone in (adam, beth):
        assert phone.by_id("tally-crowns-1").value == "31"
        assert phone.by_id("tally-crowns-2").value == "12"
    # The same figure from a phone that had not seen the other's: refused, saying so.
    hub.submit(
        table_id, SetTally("Chris", "vp", 5), seen=len(store.table_actions(table_id)), device="x"
    )
    late = hub.submit(table_id, SetTally("Chris", "vp", 6), seen=4, device="late")
    assert not late.ok and "Chris's victory point tokens: 5" in getattr(late, "message", "")
    assert table_of(store, table_id).figures("Chris").vp == 5


@run
async def test_a_figure_being_typed_is_not_rewritten_by_a_push(store: Any, hub: TableHub) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"])
    adam = await open_tab(store, hub, table_id, "end")
    beth = await open_tab(store, hub, table_id, "end")
    await adam.type(adam.by_id("tally-penalties-1"), "2, ")  # reads as 2: on the table
    await adam.type(adam.by_id("tally-penalties-1"), "2, x")  # not a figure: this phone's
    await fill(beth, 2, vp="8")
    await settled()
    assert adam.by_id("tally-penalties-1").value == "2, x"
    assert adam.by_id("tally-penalties-1").error is not None
    assert beth.by_id("tally-penalties-1").value == "2"
    assert table_of(store, table_id).figures("Adam").penalties == (2,)


@run
async def test_two_phones_tick_different_setup_steps_at_once(store: Any, hub: TableHub) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"])
    steps = [s for s, _ in table_of(store, table_id).setup_steps()]
    adam = await open_tab(store, hub, table_id, "setup")
    beth = await open_tab(store, hub, table_id, "setup")
    boxes = [
        (phone, phone.by_id(f"mercante-setup-step-{step}"))
        for phone, step in ((adam, steps[0]), (beth, steps[1]))
    ]
    for phone, box in boxes:
        phone.session.apply_patch(box._i, {"value": True})
    # Both tick before either has heard of the other: each tick reads only its own step.
    await asyncio.gather(
        *(phone.session.dispatch_event(box._i, "change", True) for phone, box in boxes)
    )
    await settled()
    assert table_of(store, table_id).setup_done == {steps[0], steps[1]}
    assert adam.by_id("mercante-setup-progress").value.startswith("2 of ")
    assert beth.by_id("mercante-setup-progress").value.startswith("2 of ")


@run
async def test_undo_is_the_tables_last_action_whoever_made_it(store: Any, hub: TableHub) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"], rulebook_event("Visiting Nobility"))
    adam = await open_tab(store, hub, table_id, "calendar")
    beth = await open_tab(store, hub, table_id, "end")
    await adam.click(adam.by_id("play-rulebook:distant_war"))
    await fill(beth, 2, crowns="12")
    await settled()
    assert adam.by_id("message-undo").disabled  # Beth acted after: Adam's Undo is closed
    await adam.click(adam.by_id("undo-last"))  # takes back Beth's figure, the last action
    assert table_of(store, table_id).figures("Beth").crowns is None
    assert game_of(store, table_id).slots[0] == rulebook_event("Distant War")
    await settled()
    assert beth.by_id("tally-crowns-2").value == ""


@run
async def test_a_reload_shows_the_table_now_and_drops_messages(store: Any, hub: TableHub) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"])
    h = await open_tab(store, hub, table_id, "turn")
    await h.click(h.by_id("end-turn"))
    assert message(h) is not None
    await h.session.disconnect(60)
    hub.submit(table_id, EndTurn(), seen=1, device="other")
    await settled()
    h.session.attach_connection(h.conn)
    await h.session.dispatch_connect_event()
    await settled()
    assert message(h) is None
    assert text_of(h.by_id("turn-line")).startswith("Chris's turn")


@run
async def test_leaving_the_screen_or_closing_the_session_unsubscribes(
    store: Any, hub: TableHub
) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"])
    h = await open_tab(store, hub, table_id)
    other = await open_tab(store, hub, table_id, "sale")
    assert hub.subscriber_count(table_id) == 2
    tabs = h.by_id("mercante-tabs")
    h.session.apply_patch(tabs._i, {"selected_index": 3})
    await h.fire(tabs, "change", 3)  # another tab: one seat at the table still
    await leave_and_close(hub, table_id, h, other, 0)  # the Setup section


@run
async def test_a_full_disk_is_a_message_and_the_move_is_not_shown(
    store: Any, hub: TableHub
) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"], rulebook_event("Visiting Nobility"))
    h = await open_tab(store, hub, table_id, "sale")
    await h.click(h.by_id("add-silk"))
    await h.type(h.by_id("base-silk:1"), "20")
    with writes_failing(store):
        await h.click(h.by_id("confirm-sale"))
        tally = await open_tab(store, hub, table_id, "end")
        await fill(tally, 1, crowns="31")
    assert message(h) is not None and "Not saved: the disk is full" in message(h)
    assert game_of(store, table_id).log == ()  # not kept ...
    assert text_of(h.by_id("sale-total")) == "Total: 21 crowns"  # ... nor shown as done
    assert text_of(h.by_id("turn-agents")).startswith("2 of 2 agents left")
    assert message(tally) is not None and "Not saved: the disk is full" in message(tally)
    assert table_of(store, table_id).figures("Adam").crowns is None
    # The session goes on: the same tap, once the disk has room, is kept.
    await h.click(h.by_id("confirm-sale"))
    assert game_of(store, table_id).log[-1].summary.startswith("Adam sold silk for 21 crowns")


@run
async def test_a_full_disk_during_save_to_history_saves_nothing_and_the_save_can_be_retried(
    store: Any, hub: TableHub
) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"])
    h = await open_tab(store, hub, table_id, "end")
    for player, (vp, crowns) in enumerate((("8", "12"), ("7", "30"), ("6", "5")), start=1):
        await fill(h, player, vp=vp, crowns=crowns)
    with writes_failing(store, table="play"):
        await h.click(h.by_id("save-tally"))
    assert message(h) is not None and "Not saved: the disk is full" in message(h)
    assert store.count_plays() == 0
    assert store.table(table_id).saved_play_id is None  # not shown as saved ...
    assert store.table(table_id).status != "finished"
    assert not h.has_text("This tally is saved to history.")
    assert table_of(store, table_id).figures("Beth").crowns == 30  # ... and nothing typed lost
    # The session goes on: Save again, once the disk has room, saves once.
    await h.click(h.by_id("save-tally"))
    (play,) = store.list_plays()
    assert store.table(table_id).saved_play_id == play.id
    assert message(h) == "Saved Mercante: Adam won."


@run
async def test_a_damaged_table_is_shown_read_only(store: Any, hub: TableHub) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"])
    store.append_action(
        table_id=table_id,
        seq=1,
        body={"kind": "improve", "asset": "castle"},
        device="x",
        summary={},
    )
    h = await Harness.start(create_main(store), route=f"{BASE}/{table_id}/turn")
    assert h.has_text("This game is read-only: step 1 ('improve') no longer replays")
    assert h.by_id("end-turn").disabled
    assert h.by_id("buy-vp").disabled


# -- several games at once -------------------------------------------------------------------------


@run
async def test_two_mercante_games_side_by_side_never_touch_each_other(
    store: Any, hub: TableHub
) -> None:
    first = start_game(hub, ["Adam", "Beth", "Chris"], rulebook_event("Visiting Nobility"))
    second = start_game(hub, ["Dev", "Eli", "Fay", "Gus"], rulebook_event("Distant War"))
    lobby = await Harness.start(create_main(store, hub=hub), route=BASE)
    other_lobby = await Harness.start(create_main(store, hub=hub), route=BASE)
    for phone in (lobby, other_lobby):
        assert phone.by_id(f"table-{first}") and phone.by_id(f"table-{second}")
        assert phone.has_text("Adam, Beth, Chris") and phone.has_text("Dev, Eli, Fay, Gus")
    one = await open_tab(store, hub, first, "calendar")
    two = await open_tab(store, hub, second, "calendar")
    two_tally = await open_tab(store, hub, second, "end")
    await one.click(one.by_id("play-rulebook:distant_war"))
    await one.click(one.by_id("end-turn"))
    await fill(two_tally, 1, crowns="44")
    await settled()
    assert game_of(store, first).active == "Beth" and game_of(store, second).active == "Dev"
    assert game_of(store, second).slots[0] == rulebook_event("Distant War")
    assert (
        table_of(store, first).tally == () and table_of(store, second).figures("Dev").crowns == 44
    )
    assert text_of(two.by_id("turn-line")).startswith("Dev's turn")
    assert message(two) is None
    assert [a.body["kind"] for a in store.table_actions(second)] == ["tally"]
    # The list says where each stands.
    again = await Harness.start(create_main(store, hub=hub), route=BASE)
    assert again.has_text("Turn 2 · Beth to play · shipment auction")
    assert again.has_text("Turn 1 · Dev to play · shipment auction")


# -- why? ----------------------------------------------------------------------------------------


def why_idents(root: Any) -> list[str]:
    """The why? links under ``root`` (a harness: the whole page), not the lists they open."""
    controls = root.find_all(ft.Semantics) if isinstance(root, Harness) else walk(root)
    return [
        c.identifier
        for c in controls
        if isinstance(c, ft.Semantics)
        and isinstance(c.identifier, str)
        and c.identifier.startswith("why-")
        and not c.identifier.startswith(("why-entry-", "why-ruling-"))
    ]


def open_dialogs(h: Harness) -> list[Any]:
    return h.dialogs(open_only=True)


async def every_why(h: Harness, back: str) -> list[str]:
    """The idents of the why? links on screen, each one tapped: it lands on a rules entry that
    exists (showing its title), or opens a ruling's sheet, or a list whose every entry and
    ruling exists. ``back`` is the screen's route, to return to after a landing."""
    found = why_idents(h)
    titles = {e.title for e in reference.search("")}
    for ident in found:
        await h.click(h.by_id(ident))
        await settled()
        if h.find_all(ft.Semantics, identifier="entry-title"):
            assert h.by_id("entry-title").value in titles, ident
            h.session.apply_page_patch({"route": back})  # the phone's Back, as a browser sends it
            await h.fire(h.page, "route_change", {"route": back})
            assert why_idents(h) == found, f"back from {ident}"
            continue
        (dialog,) = open_dialogs(h)
        listed = [
            c.identifier
            for c in walk(dialog)
            if isinstance(c, ft.Semantics) and isinstance(c.identifier, str)
        ]
        for item in listed:
            if item.startswith("why-entry-"):
                assert reference.entry(item.removeprefix("why-entry-")), ident
            elif item.startswith("why-ruling-"):
                assert catalogue().ruling(item.removeprefix("why-ruling-")), ident
        h.page.pop_dialog()
        await settled()
        assert not open_dialogs(h), ident
    return found


@run
async def test_every_number_with_its_working_has_a_why_that_resolves(
    store: Any, hub: TableHub
) -> None:
    from companion.tools.demo import seed_mercante

    table_id = seed_mercante(store)
    seen: set[str] = set()
    for tab in ("calendar", "turn", "sale", "setup", "end"):
        h = await open_tab(store, hub, table_id, tab)
        if tab == "sale":
            await h.click(h.by_id("add-silk"))
            await h.type(h.by_id("base-silk:1"), "20")
            await h.click(h.by_id("add-reaction"))
            await h.select(h.by_id("reaction-card-1"), "rulebook:economic_woes")
        seen.update(await every_why(h, f"{BASE}/{table_id}/{tab}"))
    # Upkeep's steps show on the marker holder's turn.
    upkeep = start_game(hub, ["Adam", "Beth", "Chris"], upkeep_holder="Adam")
    h = await open_tab(store, hub, upkeep, "turn")
    seen.update(await every_why(h, f"{BASE}/{upkeep}/turn"))
    wanted = {
        "why-calendar", "why-glance", "why-price-silk:1", "why-bazaar", "why-cartage",
        "why-what-if", "why-removal", "why-removal-points", "why-schedule", "why-agents",
        "why-auction", "why-crowns", "why-tally-1", "why-standings", "why-game-end",
    }  # fmt: skip
    assert wanted <= seen, wanted - seen
    # Each one opens entries that exist (a link to nowhere fails when it is built).
    for key in ("mercante.price", "mercante.bazaar", "mercante.cartage", "mercante.removal"):
        assert reference.entries_for(key)


@run
async def test_why_beside_a_sale_price_lands_on_the_rules_entry(store: Any, hub: TableHub) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"], rulebook_event("Visiting Nobility"))
    h = await open_tab(store, hub, table_id, "sale")
    await h.click(h.by_id("add-silk"))
    await h.type(h.by_id("base-silk:1"), "20")
    await h.click(h.by_id("why-price-silk:1"))
    assert h.find_all(ft.Semantics, identifier="why-entry-mercante.selling")
    await h.click(h.by_id("why-entry-mercante.selling"))
    assert h.by_id("entry-title").value == reference.entry("mercante.selling").title
    assert hub.subscriber_count(table_id) == 0  # leaving the table screen unsubscribes


# -- addresses ------------------------------------------------------------------------------------


@run
async def test_unknown_routes_and_tables_are_not_found(store: Any, hub: TableHub) -> None:
    table_id = start_game(hub, ["Adam", "Beth", "Chris"])
    journey = hub.create("journey", JourneyGame.new(["Ann", "Bo"]))
    for route in (
        f"{BASE}/nowhere",
        f"{BASE}/999",
        f"{BASE}/0",
        f"{BASE}/{table_id}/nowhere",
        f"{BASE}/{table_id}/sale/x",
        f"{BASE}/{journey.table_id}",
    ):
        h = await Harness.start(create_main(store, hub=hub), route=route)
        assert h.page.appbar.title.value == "Not found", route
    assert hub.subscriber_count(table_id) == 0 and hub.subscriber_count(journey.table_id) == 0
