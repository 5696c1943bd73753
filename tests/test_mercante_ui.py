"""The Mercante screen on a real flet Session and a real (temporary) history, no browser.

The rulebook's worked examples drive it the way players would: the Sample Turn's calendar,
the Selling Goods art sale, Economic Woes as a Reaction; then custom cards, upkeep, the final
tally saved to history, and a saved game surviving (or failing to survive) a new session.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.engine.mercante import (
    ALTERNATE_FIVE_PLAYER_UPKEEP,
    Event,
    MercanteGame,
    Variants,
    rulebook_event,
)
from companion.history import open_store
from companion.ui.app import create_main
from companion.ui.logic.mercante import DAMAGED_KEY, GAME_KEY, MercanteState
from tests.ui_harness import Harness, run, walk

BASE = "/calculators/mercante"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Any]:
    s = open_store(f"sqlite:///{tmp_path / 'history.sqlite3'}")
    yield s
    s.close()


def saved_game(store: Any) -> MercanteGame:
    game = MercanteState.from_dict(store.get_setting(GAME_KEY)).game
    assert game is not None
    return game


def start_game(
    store: Any,
    seats: list[str],
    first: Event | None = None,
    *,
    slots: tuple[Event | None, ...] | None = None,
    **kw: Any,
) -> None:
    """A game already in progress, saved the way the screen saves it (``slots``: the calendar
    it has got to; ``kw`` may set any field of the game, e.g. its ``step``)."""
    game = MercanteGame.new(seats, first_event=first, board=kw.pop("board", None))
    kw.setdefault("step", None)  # the turn starts as the seats and the marker say
    game = replace(game, **kw) if slots is None else replace(game, slots=slots, **kw)
    save_game(store, game)


def save_game(store: Any, game: MercanteGame) -> None:
    state = MercanteState()
    state.start(game)
    store.set_setting(GAME_KEY, state.to_dict())


def text_of(control: Any) -> str:
    """Every text inside ``control``, joined (to read a tagged card or notice)."""
    from tests.ui_harness import walk

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
    bar = [d for d in h.page._dialogs.controls if isinstance(d, ft.SnackBar)][-1]
    await h.fire(bar, "action")


def snackbar_text(h: Harness) -> str:
    bars = [d for d in h.page._dialogs.controls if isinstance(d, ft.SnackBar)]
    return bars[-1].content.value if bars else ""


# -- starting a game -----------------------------------------------------------------------------


@run
async def test_new_game_form_starts_a_game_with_the_first_event_in_a(store: Any) -> None:
    h = await Harness.start(create_main(store), route=BASE)
    assert h.page.appbar.title.value == "Mercante: new game"
    name = h.find(ft.TextField, label="Player name")
    await h.type(name, "Adam")
    await h.click(h.by_id("add-seat"))
    await h.click(h.by_id("start-game"))
    assert store.get_setting(GAME_KEY)["game"] is None, "one player is no game"
    assert h.has_text("Mercante is for 3–5 players; 1 seated")
    for player in ("Beth", "Chris", "David"):
        await h.type(name, player)
        await h.click(h.by_id("add-seat"))
    await h.type(name, "beth")
    await h.click(h.by_id("add-seat"))
    assert name.error == "Beth is already seated"
    # A player can move down the turn order as well as up.
    await h.click(icon_named(h, "Move Adam later"))
    assert [text_of(h.by_id(f"new-seat-{i}")).split(" | ")[1] for i in (1, 2)] == ["Beth", "Adam"]
    assert icon_named(h, "Move David later").disabled
    await h.click(icon_named(h, "Move Adam earlier"))
    await h.fire(h.by_id("first-event-rulebook:visiting_nobility"), "select")
    await h.click(h.by_id("start-game"))
    game = saved_game(store)
    assert game.seats == ("Adam", "Beth", "Chris", "David")
    assert game.slots[0] == rulebook_event("Visiting Nobility")
    assert game.upkeep_holder == "David"  # the first player's right
    assert "Visiting Nobility" in text_of(h.by_id("slot-A"))
    assert h.has_text("Upkeep marker: David · upkeep in 3 turns")


@run
async def test_new_game_takes_the_players_from_players_and_seats(store: Any) -> None:
    from companion.engine.table import draw_first_player

    draw = draw_first_player(["Anna", "Ben", "Cleo", "Dev"], 482913)
    store.set_setting(
        "table",
        {"game": "mercante", "seats": list(draw.seats), "seed": draw.seed, "first": draw.first},
    )
    h = await Harness.start(create_main(store), route=BASE)
    await h.click(h.by_id("use-table"))
    await h.click(h.by_id("start-game"))
    assert saved_game(store).seats == draw.turn_order()


@run
async def test_tracked_board_needs_printed_values_highest_first(store: Any) -> None:
    h = await Harness.start(create_main(store), route=BASE)
    name = h.find(ft.TextField, label="Player name")
    for player in ("Adam", "Beth", "Chris"):
        await h.type(name, player)
        await h.click(h.by_id("add-seat"))
    await h.select(h.by_id("track-board"), True)
    luxuries = h.by_id("printed-luxuries")
    await h.type(luxuries, "20 22")
    assert luxuries.error == "Highest first, top of the board down: 22 comes after 20"
    await h.click(h.by_id("start-game"))
    assert store.get_setting(GAME_KEY)["game"] is None
    for market, values in (
        ("luxuries", "20 18 16"),
        ("precious_metals", "12 10"),
        ("raw_materials", "9 8"),
        ("foodstuffs", "5 4 3"),
    ):
        await h.type(h.by_id(f"printed-{market}"), values)
    await h.click(h.by_id("start-game"))
    game = saved_game(store)
    assert game.board is not None
    assert game.board.market("luxuries").spaces == (20, 18, 16)
    # the board is the same box next time: the values are offered again
    assert store.get_setting("mercante_printed")["foodstuffs"] == "5 4 3"


# -- the calendar ----------------------------------------------------------------------------------


@run
async def test_sample_turn_distant_war_pushes_visiting_nobility_and_closes_raw_materials(
    store: Any,
) -> None:
    # Adam holds the upkeep marker and has taken tokens off: step 2 applies the top card.
    seats = ["Adam", "Beth", "Chris", "David"]
    start_game(store, seats, rulebook_event("Visiting Nobility"), upkeep_holder="Adam")
    save_game(store, saved_game(store).remove_goods({})[0])
    h = await Harness.start(create_main(store), route=f"{BASE}/calendar")
    assert not h.find_all(ft.Semantics, identifier="closed-raw_materials")
    assert "Upkeep 2 of 4: apply one event" in text_of(h.by_id("turn-step"))
    assert h.by_id("play-rulebook:distant_war").content == "Apply (upkeep)"
    await h.click(h.by_id("play-rulebook:distant_war"))
    assert "Distant War" in text_of(h.by_id("slot-A"))
    assert "Visiting Nobility" in text_of(h.by_id("slot-B"))
    assert "Empty" in text_of(h.by_id("slot-C"))
    assert "CLOSED" in text_of(h.by_id("closed-raw_materials"))
    assert "Distant War (A)" in text_of(h.by_id("glance-raw_materials"))
    for good in ("art", "gems", "silk", "spices"):
        assert text_of(h.by_id(f"glance-{good}")) == "+1"
    assert text_of(h.by_id("glance-gold")) == "0"
    assert h.has_text("Distant War went into A. Visiting Nobility moved to B.")
    game = saved_game(store)
    assert game.calendar.closed_markets() == ("raw_materials",)
    assert game.step == "pass_marker"  # no token on the marker: step 3 is skipped
    assert h.by_id("play-rulebook:economic_woes").disabled, "one event an upkeep"


@run
async def test_undo_takes_the_last_event_back_off_the_calendar(store: Any) -> None:
    start_game(store, ["Adam", "Beth", "Chris"], rulebook_event("Visiting Nobility"))
    h = await Harness.start(create_main(store), route=f"{BASE}/calendar")
    assert h.by_id("undo-calendar").disabled
    await h.click(h.by_id("play-rulebook:distant_war"))
    assert saved_game(store).slots[0] == rulebook_event("Distant War")
    await h.click(h.by_id("undo-calendar"))
    game = saved_game(store)
    assert game.slots[0] == rulebook_event("Visiting Nobility")
    assert not game.log
    assert not h.find_all(ft.Semantics, identifier="closed-raw_materials")
    # the snackbar's Undo after an action does the same
    await h.click(h.by_id("play-rulebook:distant_war"))
    await snackbar_action(h)
    assert not saved_game(store).log
    # ...but an old message's Undo never takes back a later action
    await h.click(h.by_id("play-rulebook:distant_war"))
    assert h.by_id("play-rulebook:visiting_nobility").disabled, "one Manipulate Events a turn"
    old = [d for d in h.page._dialogs.controls if isinstance(d, ft.SnackBar)][-1]
    await h.click(h.by_id("end-turn"))
    await h.fire(old, "action")
    assert len(saved_game(store).log) == 2
    assert snackbar_text(h) == "More has happened since: use Undo at the top to step back."
    await h.click(h.by_id("undo-last"))
    assert [r.event.name for r in saved_game(store).log] == ["Distant War"]  # type: ignore[attr-defined]


@run
async def test_a_fourth_enduring_event_pushes_the_first_off_c(store: Any) -> None:
    start_game(store, ["Adam", "Beth", "Chris"], rulebook_event("Visiting Nobility"))
    custom(store, "Harvest Festival", modifiers={"foodstuffs": 2})
    custom(store, "Storm at Sea", "fleeting", modifiers={"wine": -1})
    h = await Harness.start(create_main(store), route=f"{BASE}/calendar")
    cards = {c.event.name: c.key for c in own_choices(store)}
    await h.click(h.by_id("play-rulebook:distant_war"))  # Adam: Manipulate Events
    await h.click(h.by_id("end-turn"))
    await h.click(h.by_id(f"play-{cards['Storm at Sea']}"))  # Beth: Manipulate Events
    assert h.has_text("Storm at Sea (Fleeting) was resolved and discarded.")
    assert "Empty" in text_of(h.by_id("slot-C")), "a Fleeting event is never placed"
    await h.click(h.by_id("end-turn"))
    # Chris holds the upkeep marker: nothing to take off, then the upkeep's one event.
    h = await Harness.start(create_main(store), route=f"{BASE}/turn")
    await h.click(h.by_id("remove-goods"))
    h = await Harness.start(create_main(store), route=f"{BASE}/calendar")
    await h.click(h.by_id(f"play-{cards['Harvest Festival']}"))
    assert "Visiting Nobility" in text_of(h.by_id("slot-C"))
    h = await Harness.start(create_main(store), route=f"{BASE}/turn")
    await h.click(h.by_id("pass-marker"))
    h = await Harness.start(create_main(store), route=f"{BASE}/calendar")
    await h.click(h.by_id("play-rulebook:distant_war"))
    assert h.has_text("Visiting Nobility left the calendar.")
    assert h.has_text("Left play this game: Storm at Sea (Fleeting, resolved); Visiting Nobility")
    assert text_of(h.by_id("glance-art")) == "0"


def own_choices(store: Any) -> tuple[Any, ...]:
    from companion.ui.logic.mercante import event_choices

    return event_choices(store.list_custom_cards("mercante", "event"))[0]


# -- the sale calculator -------------------------------------------------------------------------


@run
async def test_selling_goods_example_art_sale_shows_20_2_1_6_25_and_the_bazaar(
    store: Any,
) -> None:
    calendar = (
        Event("Luxuries Market -2", "enduring", {"luxuries": -2}),
        Event("Luxuries Market +1", "enduring", {"luxuries": 1}),
        Event("Art +6", "enduring", {"art": 6}),
    )
    start_game(store, ["Adam", "Beth", "Chris"], slots=calendar)
    h = await Harness.start(create_main(store), route=f"{BASE}/sale")
    await h.click(h.by_id("add-art"))
    assert h.has_text("Type the printed value to see the price.")
    await h.type(h.by_id("base-art:1"), "20")
    assert h.has_text("20 − 2 + 1 + 6 = 25")
    assert text_of(h.by_id("sale-total")) == "Total: 25 crowns"
    assert text_of(h.by_id("bazaar-alternative")) == (
        "All to the bazaar instead: 1 × 3 = 3 crowns, no agents needed."
    )
    assert "Needs 2 cartage points: 2 agents on Hire Dockworkers is enough." in text_of(
        h.by_id("cartage")
    )
    assert h.find_all(ft.Semantics, identifier="ruling-mercante.modifiers_cumulative")
    await h.click(h.by_id("confirm-sale"))
    game = saved_game(store)
    assert "Adam sold art 25 (20 − 2 + 1 + 6 = 25): 25 crowns." in game.log[-1].summary
    assert store.get_setting(GAME_KEY)["sale"]["counts"] == {}, "the calculator is cleared"


@run
async def test_sale_of_two_tokens_prices_each_and_marks_bad_values_on_their_field(
    store: Any,
) -> None:
    start_game(store, ["Adam", "Beth", "Chris"], rulebook_event("Distant War"))
    h = await Harness.start(create_main(store), route=f"{BASE}/sale")
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
    assert saved_game(store).log[-1].quote.total == 18  # type: ignore[attr-defined]


@run
async def test_sample_turn_economic_woes_as_a_reaction_what_if_then_on_the_calendar(
    store: Any,
) -> None:
    calendar = (rulebook_event("Distant War"), rulebook_event("Visiting Nobility"))
    start_game(store, ["Adam", "Beth", "Chris", "David"], slots=calendar)
    h = await Harness.start(create_main(store), route=f"{BASE}/sale")
    await h.click(h.by_id("add-silk"))
    await h.type(h.by_id("base-silk:1"), "20")
    assert h.has_text("20 + 1 = 21")
    await h.click(h.by_id("add-reaction"))
    await h.select(h.by_id("reaction-card-1"), "rulebook:economic_woes")
    await h.select(h.by_id("reaction-by-1"), "David")
    assert h.has_text("20 − 6 + 1 = 15")
    assert "With Economic Woes: 15 crowns instead of 21 (−6)." in text_of(h.by_id("what-if"))
    assert "Visiting Nobility" not in text_of(h.by_id("what-if")), "nothing falls off C yet"
    assert saved_game(store).slots[0] == rulebook_event("Distant War"), "a what-if changes nothing"
    await h.click(h.by_id("confirm-sale"))
    game = saved_game(store)
    assert [e.name for e in game.slots if e] == [
        "Economic Woes",
        "Distant War",
        "Visiting Nobility",
    ]
    assert game.log[-1].summary.startswith("David played Economic Woes as a Reaction.")


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
    again = await Harness.start(create_main(store), route=f"{BASE}/events/new")
    assert again.by_id("event-name").value == "Guild Strike"


# -- upkeep --------------------------------------------------------------------------------------


@run
async def test_upkeep_shows_points_costs_and_whose_turn_brings_it(store: Any) -> None:
    start_game(store, ["Adam", "Beth", "Chris", "David"], vp_on_marker=1)
    h = await Harness.start(create_main(store), route=f"{BASE}/upkeep")  # the old route
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
    game = saved_game(store)
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
    assert "David won a victory point for 5 crowns (tie broken by seating)." in snackbar_text(h)
    assert not h.find_all(ft.Semantics, identifier="bid-Adam"), "no token left: no bid boxes"
    await h.click(h.by_id("pass-marker"))
    game = saved_game(store)
    assert game.upkeep_holder == "Chris" and game.active == "David"
    # turns go Adam, Beth, Chris: upkeep again every players − 1 turns
    assert text_of(h.by_id("upkeep-next-0")) == (
        "In 3 turns: Chris's upkeep, then the marker goes to Beth."
    )
    assert not h.by_id("end-turn").disabled


@run
async def test_three_players_luxuries_cost_1_and_the_five_player_variant_follows_settings(
    store: Any,
) -> None:
    start_game(store, ["Adam", "Beth", "Chris"])
    h = await Harness.start(create_main(store), route=f"{BASE}/upkeep")
    assert "1 per token" in text_of(h.by_id("cost-luxuries"))
    assert h.find_all(ft.Semantics, identifier="ruling-mercante.three_player_luxury_removal")

    five = ["Adam", "Beth", "Chris", "David", "Eve"]
    start_game(store, five)
    h = await Harness.start(create_main(store), route=f"{BASE}/turn")
    assert text_of(h.by_id("upkeep-points")).startswith(
        "5 players: the upkeep marker holder gets 3"
    )
    # The Alternate Five-Player Upkeep is a variant chosen for the game, not a house rule.
    variant = Variants(frozenset({ALTERNATE_FIVE_PLAYER_UPKEEP}))
    start_game(store, five, variants=variant)
    h = await Harness.start(create_main(store), route=f"{BASE}/turn")
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
async def test_tracked_board_upkeep_removes_tokens_from_the_bottom(store: Any) -> None:
    from companion.engine.mercante import MarketBoard

    board = MarketBoard.from_printed(
        {
            "luxuries": [20, 18],
            "precious_metals": [12, 10],
            "raw_materials": [9, 8],
            "foodstuffs": [5, 4, 3],
        }
    )
    start_game(store, ["Adam", "Beth", "Chris"], board=board)
    game = saved_game(store).sell(["gold", "silver"], agents=2)[0]
    for _ in range(2):
        game = game.end_turn()[0]  # to Chris, who holds the marker
    save_game(store, game)
    h = await Harness.start(create_main(store), route=f"{BASE}/turn")
    assert h.by_id("remove-goods").disabled, "1 removal point must be spent"
    await h.click(h.by_id("remove-precious_metals-plus"))
    await h.click(h.by_id("remove-goods"))
    game = saved_game(store)
    assert game.board is not None
    assert game.board.market("precious_metals").tokens == ("gold",)  # silver, sold last, is gone


# -- setup ---------------------------------------------------------------------------------------


@run
async def test_setup_shows_starting_crowns_per_seat_plus_the_contract_kept(store: Any) -> None:
    start_game(store, ["Adam", "Beth", "Chris", "David"])
    h = await Harness.start(create_main(store), route=f"{BASE}/setup")
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
    again = await Harness.start(create_main(store), route=f"{BASE}/setup")
    assert text_of(again.by_id("crowns-2")) == "20 crowns"
    await again.select(again.by_id("kept-2"), [])
    assert text_of(again.by_id("crowns-2")) == "12 crowns"


# -- the final tally -----------------------------------------------------------------------------


async def fill(h: Harness, player: int, **values: str) -> None:
    for name, value in values.items():
        await h.type(h.by_id(f"tally-{name}-{player}"), value)


@run
async def test_final_tally_shows_the_working_breaks_ties_and_saves_to_history(
    store: Any,
) -> None:
    start_game(store, ["Adam", "Beth", "Chris"])
    h = await Harness.start(create_main(store), route=f"{BASE}/end")
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
    await fill(h, 2, vp="8", crowns="12")
    await fill(h, 3, vp="8", crowns="12", unfulfilled="1", penalties="2")
    await h.type(h.by_id("tally-bought-3"), "2")
    assert h.by_id("tally-bought-3").error == "Chris can afford at most 1"
    await h.click(h.by_id("save-tally"))
    assert store.count_plays() == 0, "nothing saved while a field is wrong"
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
    # The tie-breakers decided the victor only: Adam, beaten on crowns, keeps no values.
    assert results["Adam"].tiebreaks == [None, None] and results["Adam"].rank == 2
    assert results["Chris"].tiebreaks == [12, 1]
    assert store.get_setting(GAME_KEY)["saved_play"] == play.id
    assert h.has_text("This tally is saved to history.")


@run
async def test_end_triggers_checklist_sees_80_crowns_typed_in_the_tally(store: Any) -> None:
    start_game(store, ["Adam", "Beth", "Chris"])
    h = await Harness.start(create_main(store), route=f"{BASE}/end")
    assert not h.has_text("The game ends when this turn ends.")
    await fill(h, 2, crowns="80")
    assert h.by_id("trigger-crowns").value is True
    assert "(Beth)" in text_of(h.by_id("trigger-crowns-label"))
    assert h.by_id("trigger-crowns").disabled, "typed crowns decide this one"
    assert h.has_text("The game ends when this turn ends.")
    await h.select(h.by_id("trigger-last_shipment"), True)
    assert "last_shipment" in store.get_setting(GAME_KEY)["tally"]["ticked"]
    await h.click(h.by_id("trigger-reference_track-label"))  # the words are tappable too
    assert "reference_track" in store.get_setting(GAME_KEY)["tally"]["ticked"]


# -- surviving the app closing -------------------------------------------------------------------


@run
async def test_the_game_is_restored_in_a_new_session(store: Any) -> None:
    start_game(store, ["Adam", "Beth", "Chris"], rulebook_event("Visiting Nobility"))
    h = await Harness.start(create_main(store), route=f"{BASE}/calendar")
    await h.click(h.by_id("play-rulebook:distant_war"))  # Manipulate Events
    sale = await Harness.start(create_main(store), route=f"{BASE}/sale")
    await sale.click(sale.by_id("add-gems"))
    await sale.type(sale.by_id("base-gems:1"), "18")
    again = await Harness.start(create_main(store), route=f"{BASE}/calendar")
    assert "Distant War" in text_of(again.by_id("slot-A"))
    assert "CLOSED" in text_of(again.by_id("closed-raw_materials"))
    again = await Harness.start(create_main(store), route=f"{BASE}/sale")
    assert again.by_id("base-gems:1").value == "18"
    assert again.has_text("18 + 1 = 19")


@run
async def test_a_damaged_saved_game_gives_a_notice_and_a_fresh_start(store: Any) -> None:
    damaged = {
        "format": "companion.mercante.screen",
        "version": 1,
        "game": {"format": "companion.mercante.game", "version": 1, "start": {"players": 3}},
    }
    store.set_setting(GAME_KEY, damaged)
    h = await Harness.start(create_main(store), route=f"{BASE}/sale")
    assert h.has_text("The saved Mercante game could not be read back")
    assert h.has_text("start.players: 3 must be a list of players")
    assert h.page.appbar.title.value == "Mercante: new game"
    assert store.get_setting(DAMAGED_KEY) == damaged, "the damaged save is kept aside"
    assert store.get_setting(GAME_KEY)["game"] is None
    again = await Harness.start(create_main(store), route=BASE)
    assert not again.has_text("could not be read back")


@run
async def test_new_game_asks_first_then_keeps_the_players(store: Any) -> None:
    start_game(store, ["Adam", "Beth", "Chris"])
    h = await Harness.start(create_main(store), route=f"{BASE}/calendar")
    await h.click(h.by_id("new-game"))
    assert saved_game(store).seats == ("Adam", "Beth", "Chris"), "nothing happens before yes"
    await h.click(h.by_id("confirm-new-game"))
    saved = store.get_setting(GAME_KEY)
    assert saved["game"] is None
    assert saved["form"]["seats"] == ["Adam", "Beth", "Chris"]


@run
async def test_tabs_switch_screens_and_rulings_open_their_reading(store: Any) -> None:
    start_game(store, ["Adam", "Beth", "Chris"])
    h = await Harness.start(create_main(store), route=f"{BASE}/calendar")
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
    store: Any,
) -> None:
    start_game(store, ["Adam", "Beth", "Chris"])
    h = await Harness.start(create_main(store), route=f"{BASE}/calendar")
    assert h.find_all(ft.Semantics, identifier="ruling-mercante.economic_woes_incomplete")
    h = await Harness.start(create_main(store), route=f"{BASE}/events/copy/economic_woes")
    assert h.by_id("event-name").value == "Economic Woes"
    assert h.by_id("event-reaction").value is True
    await h.select(h.by_id("event-incomplete"), False)
    await h.click(h.by_id("add-effect"))
    await h.select(h.by_id("effect-target-2"), "luxuries")
    await h.type(h.by_id("effect-amount-2"), "-1")
    await h.click(h.by_id("save-event"))
    (card,) = store.list_custom_cards("mercante", "event")
    h = await Harness.start(create_main(store), route=f"{BASE}/calendar")
    assert not h.find_all(ft.Semantics, identifier="play-rulebook:economic_woes")
    await h.click(h.by_id(f"play-custom:{card.id}"))
    assert saved_game(store).slots[0] == Event(
        "Economic Woes", "enduring", {"luxuries": -1, "silk": -6}, reaction=True
    )


@run
async def test_setup_tab_lists_the_setup_steps_and_keeps_the_ticks(store: Any) -> None:
    """Setup: the rulebook's steps for this table, ticked off, still ticked after a restart."""
    from companion.engine.setup import setup_checklist

    start_game(store, ["Adam", "Beth", "Chris", "David"])
    steps = setup_checklist("mercante", (), 4)
    h = await Harness.start(create_main(store), route=f"{BASE}/setup")
    assert h.by_id("mercante-setup-progress").value == f"0 of {len(steps)} done."
    first = h.by_id(f"mercante-setup-step-{steps[0].id}")
    label = h.by_id(f"mercante-setup-step-{steps[0].id}-label").content
    assert label.value == f"1. {steps[0].text}"
    await h.select(first, True)
    assert h.by_id("mercante-setup-progress").value == f"1 of {len(steps)} done."
    again = await Harness.start(create_main(store), route=f"{BASE}/setup")
    assert again.by_id(f"mercante-setup-step-{steps[0].id}").value is True
    assert again.by_id(f"mercante-setup-step-{steps[1].id}").value is False


# -- the turn: upkeep, the shipment auction, the agents --------------------------------------------


@run
async def test_turn_tab_runs_the_shipment_auction_and_counts_the_agents(store: Any) -> None:
    start_game(store, ["Adam", "Beth", "Chris"])
    h = await Harness.start(create_main(store), route=f"{BASE}/turn")
    assert "2 of 2 agents left · Beth next" in text_of(h.by_id("turn-agents"))
    await h.select(h.by_id("shipment-add"), "silk")
    field = next(c for c in h.find_all(ft.TextField) if c.label == "Silk: minimum bid")
    await h.type(field, "5")
    await h.click(h.by_id("start-auction"))
    assert "Beth to bid: at least 5 crowns" in text_of(h.by_id("auction-next"))
    assert h.by_id("end-turn").disabled  # the turn waits for the auction
    await h.type(h.by_id("shipment-bid"), "4")
    await h.click(h.by_id("place-bid"))
    assert "too low" in snackbar_text(h)
    await h.type(h.by_id("shipment-bid"), "6")
    await h.click(h.by_id("place-bid"))
    for _ in range(4):  # Chris, Adam, then the second round (three players): Chris, Adam
        if not h.find_all(ft.Semantics, identifier="pass-bid"):
            break
        await h.click(h.by_id("pass-bid"))
    game = saved_game(store)
    assert [(r.winner, r.price) for r in game.auction_results()] == [("Beth", 6)]
    assert "Beth won the silk for 6 crowns." in text_of(h.by_id("auction-results"))
    # The agents: each seal once; two agents in all.
    await h.click(h.by_id("select-contract"))
    assert h.by_id("select-contract").disabled
    await h.click(h.by_id("buy-vp"))
    game = saved_game(store)
    assert (game.agents_left(), game.vp_on_marker, game.player("Adam").vp) == (0, 1, 1)
    assert h.by_id("gather-intelligence").disabled, "no agent left"
    assert "0 of 2 agents left" in text_of(h.by_id("turn-agents"))


@run
async def test_end_turn_is_next_to_the_banner_on_every_tab(store: Any) -> None:
    start_game(store, ["Adam", "Beth", "Chris"])
    for tab in ("calendar", "turn", "sale", "setup", "end"):
        h = await Harness.start(create_main(store), route=f"{BASE}/{tab}")
        assert h.by_id("end-turn") in [c for c in walk(h.by_id("turn-line"))]
    await h.click(h.by_id("end-turn"))
    assert saved_game(store).active == "Beth"


@run
async def test_new_game_with_variants_and_contractual_obligations_at_setup(store: Any) -> None:
    h = await Harness.start(create_main(store), route=BASE)
    name = h.find(ft.TextField, label="Player name")
    for player in ("Adam", "Beth", "Chris", "David"):
        await h.type(name, player)
        await h.click(h.by_id("add-seat"))
    await h.select(h.by_id("variant-contractual_obligations"), True)
    await h.select(h.by_id("variant-treachery"), True)  # brings Vicious Accounting with it
    await h.select(h.by_id("variant-talk_of_peace"), True)
    await h.click(h.by_id("start-game"))
    assert store.get_setting(GAME_KEY)["game"] is None, "Talk of Peace needs the teams"
    await h.select(h.by_id("partner"), "Chris")
    await h.select(h.by_id("reference-track"), "5")
    await h.click(h.by_id("start-game"))
    game = saved_game(store)
    assert game.variants.teams == (("Adam", "Chris"), ("Beth", "David"))
    assert game.variants.vicious_accounting and game.variants.treachery
    assert game.variants.reference_track == 5
    h = await Harness.start(create_main(store), route=f"{BASE}/setup")
    assert text_of(h.by_id("crowns-1")) == "2 crowns"  # twice the seat, no base 8
    for k, value in enumerate(("10", "6", "8"), start=1):
        await h.select(h.by_id(f"kept-1-{k}"), [value])
    assert text_of(h.by_id("crowns-1")) == "26 crowns"
    assert "the one for 5 players (Longer or Shorter Games" in text_of(h.by_id("reference-track"))
    h = await Harness.start(create_main(store), route=f"{BASE}/turn")
    assert "Adam and Chris: 0 VP tokens counted of the 10 to win" in text_of(h.by_id("team-1"))


@run
async def test_vicious_accounting_challenge_after_a_sale(store: Any) -> None:
    variants = Variants(frozenset({"vicious_accounting"}))
    start_game(
        store, ["Adam", "Beth", "Chris"], rulebook_event("Visiting Nobility"), variants=variants
    )
    h = await Harness.start(create_main(store), route=f"{BASE}/sale")
    await h.click(h.by_id("add-silk"))
    await h.type(h.by_id("base-silk:1"), "20")
    await h.click(h.by_id("confirm-sale"))
    await h.select(h.by_id("challenger"), "Beth")
    await h.type(h.by_id("claimed"), "24")
    await h.click(h.by_id("settle-challenge"))
    assert "so Adam pays the bank 6 crowns." in saved_game(store).log[-1].summary


@run
async def test_final_tally_a_count_of_0_unfulfilled_contracts_means_none(store: Any) -> None:
    start_game(store, ["Adam", "Beth", "Chris"])
    h = await Harness.start(create_main(store), route=f"{BASE}/end")
    for player in (1, 2, 3):
        await fill(h, player, vp="8", crowns="12", unfulfilled="0")
    assert h.has_text("Adam: 12 crowns left, 0 unfulfilled contracts")
    assert "shared win" in text_of(h.by_id("mercante-standings"))
    await h.type(h.by_id("tally-penalties-1"), "0")
    assert h.by_id("tally-penalties-1").error is not None
    assert h.by_id("tally-penalties-1").error_max_lines == 3, "long messages wrap at 390 px"
