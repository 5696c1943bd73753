"""The setup assistant's choice going to tonight's game night (issue 19): "Use for tonight"
makes the night play the setup's game, modules and house rules, starting a night when none
is open; a choice the check refuses is not sent; later changes on this phone follow; the
night's other phone sees it. The words and actions without a page: test_logic below."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion.engine.seats import Choose, Seating, SetHouseRule
from companion.engine.setup import SetupGame
from companion.rules import catalogue
from companion.tables import TableHub
from companion.ui.app import create_main
from companion.ui.setup.model import AssistantState
from companion.ui.setup.model.night import (
    OpenNight,
    follows,
    night_actions,
    refusal,
    tonight_line,
)
from tests.ui_harness import Harness, message, run, text_of, visible

ROUTE = "/setup/assistant"
pytestmark = pytest.mark.usefixtures("players_who_look")
FOUR = ("Ann", "Ben", "Cleo", "Dan")


def seated(game: str = "mercante") -> Seating:
    return Seating.new(game, seed=482913, seats=FOUR)


def played_by(night: Seating, actions: list[Any]) -> Seating:
    for action in actions:
        night, _ = night.apply(action)
    return night


# -- the model ---------------------------------------------------------------------------------


def test_a_night_seated_for_another_game_takes_the_setups_game_then_its_modules() -> None:
    setup = AssistantState().with_modules(["faction_festival", "paladins", "entertainer"])
    actions = night_actions(setup, seated("mercante"))
    assert [a.kind for a in actions] == ["game", "choose"]
    assert actions[1] == Choose(modules=("faction_festival", "paladins", "entertainer"))
    night = played_by(seated("mercante"), actions)
    assert night.game_id == "merchants_cove"
    assert night.expansions == ("master_craft", "entertainer")
    assert follows(setup, night) and night_actions(setup, night) == []


def test_only_the_setups_house_rules_are_sent_and_only_where_the_night_differs() -> None:
    setup = replace(AssistantState(), rules=frozenset({"setup.paladin_split"}))
    night = seated("merchants_cove")
    assert night_actions(setup, night) == [SetHouseRule("setup.paladin_split", "alternative")]
    night = played_by(night, night_actions(setup, night))
    assert dict(night.house_rules) == {"setup.paladin_split": "alternative"}
    # Taken back in the setup: the night plays by the reading again.
    back = night_actions(AssistantState(), night)
    assert back == [SetHouseRule("setup.paladin_split", "reading")]


def test_a_choice_the_check_refuses_is_not_sent() -> None:
    broken = AssistantState().with_modules(["apprentices"])
    assert refusal(broken, catalogue()) == "Fix the choice first: 1 problem to fix"
    assert refusal(AssistantState(), catalogue()) is None


def test_the_line_says_where_the_choice_stands() -> None:
    setup = AssistantState().with_modules(["faction_festival", "paladins"])
    cat = catalogue()
    assert tonight_line(setup, None, cat) == (
        "No game night is open: Use for tonight starts one playing Merchants Cove with "
        "Faction Festival and Paladins."
    )
    night = OpenNight(1, 1, seated())
    assert tonight_line(setup, night, cat) == (
        "Use for tonight: tonight's game night (Ann, Ben, Cleo, Dan) then plays Merchants "
        "Cove with Faction Festival and Paladins."
    )
    done = OpenNight(1, 1, played_by(seated(), night_actions(setup, seated())))
    assert tonight_line(setup, done, cat) == (
        "Tonight's game night (Ann, Ben, Cleo, Dan) plays Merchants Cove with Faction "
        "Festival and Paladins."
    )


# -- on the screen -----------------------------------------------------------------------------


def night_of(hub: TableHub, table_id: int) -> Seating:
    game = hub.open(table_id).game
    assert isinstance(game, Seating)
    return game


async def open_setup(store: Any, hub: TableHub, setup: SetupGame) -> Harness:
    table_id = hub.create("setup", setup).table_id
    return await Harness.start(create_main(store, hub=hub), route=f"{ROUTE}/{table_id}")


@run
async def test_use_for_tonight_sends_the_checked_modules_to_the_seated_night(
    store: Any, hub: TableHub
) -> None:
    night_id = hub.create("seats", seated()).table_id
    h = await open_setup(store, hub, AssistantState().with_modules(["apprentices"]))
    other = await Harness.start(create_main(store, hub=hub), route=f"/setup/seats/{night_id}")
    # The check refuses Apprentices alone: nothing goes to the night.
    await h.click(h.by_id("use-for-tonight"))
    assert message(h) == "Fix the choice first: 1 problem to fix"
    assert night_of(hub, night_id).modules == ()
    # One fix, then one tap.
    await h.click(h.by_id("fix-requires:apprentices:faction_festival-0"))
    await h.click(h.by_id("use-for-tonight"))
    night = night_of(hub, night_id)
    assert night.game_id == "merchants_cove"
    assert night.modules == ("faction_festival", "paladins", "apprentices")
    assert night.seats == FOUR  # the seats are kept
    assert message(h) == (
        "Tonight: Merchants Cove with Faction Festival, Paladins and Apprentices."
    )
    assert text_of(h.by_id("tonight-line")).startswith("Tonight's game night (Ann, Ben")
    assert not visible(h, "use-for-tonight")
    # A later change on this phone follows by itself.
    await h.click(h.by_id("module-display_cases"))
    assert "display_cases" in night_of(hub, night_id).modules
    await other.settled()  # the night's screen on another phone shows it
    assert other.has_text("Modules: Faction Festival, Paladins, Display Cases, Apprentices")


@run
async def test_with_no_night_open_use_for_tonight_starts_one(store: Any, hub: TableHub) -> None:
    h = await open_setup(store, hub, AssistantState().with_modules(["entertainer"]))
    assert text_of(h.by_id("tonight-line")).startswith("No game night is open")
    await h.click(h.by_id("use-for-tonight"))
    (row,) = store.list_tables(tool="seats")
    night = night_of(hub, row.id)
    assert (night.game_id, night.modules, night.expansions) == (
        "merchants_cove",
        ("entertainer",),
        ("entertainer",),
    )
    await h.click(h.by_id("message-action"))  # "Open the night"
    # The night's screen (named "Game night" once it shows the night; "Players & seats" before).
    assert h.page.appbar.title.value in {"Game night", "Players & seats"}


@run
async def test_a_night_that_plays_the_choice_already_follows_it_without_a_tap(
    store: Any, hub: TableHub
) -> None:
    night_id = hub.create("seats", seated("merchants_cove")).table_id
    h = await open_setup(store, hub, AssistantState())
    assert text_of(h.by_id("tonight-line")).startswith(
        "Tonight's game night (Ann, Ben, Cleo, Dan) plays Merchants Cove, base game only"
    )
    await h.click(h.by_id("module-entertainer"))  # the only tap: the module itself
    night = night_of(hub, night_id)
    assert (night.modules, night.expansions) == (("entertainer",), ("entertainer",))
    assert message(h) == "The Entertainer (the Bard) added."
