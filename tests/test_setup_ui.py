"""The setup assistant on a real flet Session and a real (temporary) store, without a browser."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.engine import setup as engine
from companion.history import open_store
from companion.ui.app import create_main
from companion.ui.context import HOUSE_RULES_KEY
from companion.ui.logic.setup_assistant import SETUP_KEY, AssistantState
from tests.ui_harness import Harness, run

CHOOSE = "/setup/assistant"
CHECKLIST = "/setup/assistant/checklist"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Any]:
    s = open_store(f"sqlite:///{tmp_path / 'setup.sqlite3'}")
    yield s
    s.close()


def saved(store: Any) -> AssistantState:
    loaded = AssistantState.load(store.get_setting(SETUP_KEY))
    assert loaded.problem is None
    return loaded.state


def status_text(h: Harness) -> str:
    value: str = h.by_id("assistant-status").value
    return value


def progress_text(h: Harness) -> str:
    value: str = h.by_id("progress-text").value
    return value


def snackbar(h: Harness) -> ft.SnackBar:
    bars = [c for c in h.page._dialogs.controls if isinstance(c, ft.SnackBar) and c.open]
    assert bars, "no message shown"
    return bars[-1]


async def open_choose(store: Any, route: str = CHOOSE) -> Harness:
    return await Harness.start(create_main(store), route=route)


# ------------------------------------------------------------------ findings, live


@run
async def test_ticking_apprentices_alone_shows_the_error_at_once(store: Any) -> None:
    h = await open_choose(store)
    assert h.page.appbar.title.value == "Setup assistant"
    assert status_text(h) == "Legal combination"
    assert h.has_text("The base game alone: nothing to check")

    await h.click(h.by_id("module-apprentices"))

    assert status_text(h) == "1 problem to fix"
    assert h.has_text("Apprentices can't be played without the Faction Festival")
    card = h.by_id("finding-requires:apprentices:faction_festival")
    texts = [c.value for c in _texts(card)]
    assert any(t.startswith("Source: ") and "Townsfolk sets, Apprentices" in t for t in texts)
    # the chosen module carries a marker pointing at the check
    row = h.by_id("module-apprentices")
    assert any(isinstance(c, ft.Icon) and c.color == ft.Colors.ERROR for c in _walk(row))
    assert saved(store).modules == {"apprentices"}


@run
async def test_the_findings_change_with_the_player_count(store: Any) -> None:
    store.set_setting(SETUP_KEY, AssistantState().with_modules(["honor_tokens"]).to_dict())
    h = await open_choose(store)
    assert status_text(h).startswith("Legal, with 1 suggestion")
    await h.select(h.by_id("assistant-players"), ["2"])
    assert saved(store).players == 2
    assert h.by_id("assistant-players").selected == ["2"]


# ------------------------------------------------------------------ fixes


@run
async def test_a_fix_button_applies_the_fix_and_offers_undo(store: Any) -> None:
    h = await open_choose(store)
    await h.click(h.by_id("module-apprentices"))
    await h.click(h.by_id("fix-requires:apprentices:faction_festival-0"))

    state = saved(store)
    assert {"apprentices", "faction_festival"} <= state.modules
    assert not any(f.level == "error" for f in state.findings())
    assert not status_text(h).endswith("to fix")

    await h.fire(snackbar(h), "action")  # Undo
    assert saved(store).modules == {"apprentices"}
    assert status_text(h) == "1 problem to fix"


@run
async def test_the_remove_fix_takes_the_module_out(store: Any) -> None:
    h = await open_choose(store)
    await h.click(h.by_id("module-apprentices"))
    await h.click(h.by_id("fix-requires:apprentices:faction_festival-1"))
    assert saved(store).modules == frozenset()
    assert status_text(h) == "Legal combination"


# ------------------------------------------------------------------ Surprise me


@run
async def test_surprise_me_shows_its_seed_and_the_seed_replays_the_draw(store: Any) -> None:
    h = await open_choose(store)
    await h.click(h.by_id("surprise-me"))
    seed_text = h.by_id("surprise-seed").value
    drawn = saved(store)
    assert drawn.draw is not None and str(drawn.draw.seed) == seed_text
    assert drawn.modules == engine.surprise_modules(int(seed_text), players=drawn.players)
    assert h.has_text(f"Drawn with seed {seed_text}")

    # Another phone: start over, type the seed that was read out, replay.
    other = await open_choose(store)
    await other.click(other.find(ft.IconButton, icon=ft.Icons.LAYERS_CLEAR_OUTLINED))
    assert saved(store).modules == frozenset()
    await other.type(other.by_id("surprise-seed"), seed_text)
    await other.click(other.by_id("replay-seed"))
    assert saved(store).modules == drawn.modules
    assert saved(store).paladin == drawn.paladin


@run
async def test_a_bad_seed_is_marked_on_the_field_and_changes_nothing(store: Any) -> None:
    store.set_setting(SETUP_KEY, AssistantState(seed=1234).to_dict())
    h = await open_choose(store)
    field = h.by_id("surprise-seed")
    await h.type(field, "12ab")
    assert field.error
    await h.click(h.by_id("replay-seed"))
    assert saved(store).seed == 1234 and saved(store).draw is None
    await h.type(field, "99")
    assert field.error is None and saved(store).seed == 99
    await h.type(field, "x")
    await h.click(h.find(ft.IconButton, tooltip="New seed"))
    assert field.error is None and field.value == str(saved(store).seed) != "99"


@run
async def test_nothing_legal_for_the_marks_is_said_in_the_panel(store: Any) -> None:
    state = AssistantState(seed=5).pin("apprentices", "keep").pin("faction_festival", "never")
    store.set_setting(SETUP_KEY, state.to_dict())
    h = await open_choose(store)
    await h.click(h.by_id("replay-seed"))
    message = _texts(h.by_id("surprise-error"))[0].value
    assert message.startswith("No legal combination") and "Apprentices" in message
    assert saved(store) == state


@run
async def test_surprise_me_draws_the_number_of_modules_asked_for(store: Any) -> None:
    h = await open_choose(store)
    await h.select(h.by_id("surprise-size"), "3")
    assert saved(store).size == 3
    for _ in range(3):
        await h.click(h.by_id("surprise-me"))
        assert len(saved(store).modules) == 3
        assert not any(f.level == "error" for f in saved(store).findings())


@run
async def test_a_rogue_card_is_drawn_from_the_shown_seed(store: Any) -> None:
    store.set_setting(SETUP_KEY, AssistantState(seed=482913).to_dict())
    h = await open_choose(store)
    await h.click(h.by_id("draw-rogue"))
    expected = engine.surprise_card(482913, "rogue", frozenset())
    assert saved(store).rogue == expected.id
    assert h.by_id("card-rogue").value == expected.id
    assert h.has_text(expected.summary)
    assert h.has_text(f"{expected.name} drawn with seed 482913")


@run
async def test_beasts_are_picked_up_to_a_deck_of_three(store: Any) -> None:
    store.set_setting(SETUP_KEY, AssistantState().with_modules(["beasts_of_the_bay"]).to_dict())
    h = await open_choose(store)
    for beast in ("nessie", "the_cyclops", "henry"):
        await h.fire(h.by_id(f"beast-{beast}"), "select", True)
    assert saved(store).beasts == ("nessie", "the_cyclops", "henry")
    assert h.has_text("Beasts deck (3 of 3, one per tier)")
    await h.fire(h.by_id("beast-the_kraken"), "select", True)
    assert saved(store).beasts == ("nessie", "the_cyclops", "henry")  # nothing changed
    assert "holds 3 cards" in snackbar(h).content.value
    await h.fire(h.by_id("beast-nessie"), "select", False)
    assert saved(store).beasts == ("the_cyclops", "henry")


@run
async def test_the_details_sheet_marks_a_module_always_for_surprise_me(store: Any) -> None:
    h = await open_choose(store)
    await h.click(h.by_id("module-details-lawyers"))
    sheet = next(c for c in h.page._dialogs.controls if isinstance(c, ft.BottomSheet))
    assert sheet.open
    assert h.has_text("Townsfolk sets")  # its group, with source and pieces
    await h.select(h.by_id("pin-choice"), ["keep"])
    assert saved(store).pinned == {"lawyers"}
    assert h.has_text("Always: Lawyers.")


# ------------------------------------------------------------------ checklist


@run
async def test_ticks_and_progress_are_saved_and_come_back(store: Any) -> None:
    store.set_setting(
        SETUP_KEY, AssistantState().with_modules(["faction_festival", "paladins"]).to_dict()
    )
    h = await open_choose(store, CHECKLIST)
    steps = saved(store).steps()
    assert progress_text(h) == f"0 of {len(steps)} done"

    await h.click(h.by_id("tick-next"))
    await h.click(h.by_id(f"step-{steps[3].id}"))
    assert progress_text(h) == f"2 of {len(steps)} done"
    assert set(saved(store).ticked) == {steps[0].id, steps[3].id}
    assert h.by_id(f"step-{steps[0].id}").content.controls[0].value is True

    again = await open_choose(store, CHECKLIST)  # the app closed and opened again
    assert progress_text(again) == f"2 of {len(steps)} done"
    assert again.by_id("next-step").value.startswith("Next: step 2")
    await again.click(again.by_id(f"step-{steps[3].id}"))  # untick
    assert progress_text(again) == f"1 of {len(steps)} done"


@run
async def test_reset_unticks_everything_with_undo(store: Any) -> None:
    state = AssistantState(game="merchants_journey", players=4)
    for step in state.steps()[:3]:
        state = state.tick(step)
    store.set_setting(SETUP_KEY, state.to_dict())
    h = await open_choose(store, CHECKLIST)
    assert progress_text(h) == "3 of 5 done"
    await h.click(h.by_id("reset-checklist"))
    assert progress_text(h) == "0 of 5 done" and saved(store).ticks == ()
    await h.fire(snackbar(h), "action")
    assert progress_text(h) == "3 of 5 done"


@run
async def test_the_step_source_and_the_ruling_in_use_are_one_tap_away(store: Any) -> None:
    store.set_setting(
        SETUP_KEY, AssistantState().with_modules(["faction_festival", "paladins"]).to_dict()
    )
    h = await open_choose(store, CHECKLIST)
    assert not h.find_all(ft.Semantics, identifier="details-paladins.meeples")
    await h.click(h.by_id("source-paladins.meeples"))
    details = _texts(h.by_id("details-paladins.meeples"))
    words = " ".join(t.value for t in details)
    assert "Source: " in words and "Faction Festival setup, step 7" in words
    assert "the app's reading is in use" in words
    assert any(
        isinstance(c, ft.TextButton) and "Can switch to" in str(c.content)
        for c in _walk(h.by_id("details-paladins.meeples"))
    )


@run
async def test_the_house_rule_chosen_in_settings_changes_the_step(store: Any) -> None:
    store.set_setting(HOUSE_RULES_KEY, ["merchants_cove.paladin_split", "no.such.rule"])
    store.set_setting(
        SETUP_KEY, AssistantState().with_modules(["faction_festival", "paladins"]).to_dict()
    )
    h = await open_choose(store, CHECKLIST)
    assert h.has_text("Put 2 Paladin meeples on the Paladin Faction Hall")
    await h.click(h.by_id("source-paladins.meeples"))
    words = " ".join(t.value for t in _texts(h.by_id("details-paladins.meeples")))
    assert "your house rule is in use" in words


@run
async def test_dropping_a_module_drops_its_ticks_with_undo(store: Any) -> None:
    state = AssistantState().with_modules(["honor_tokens"])
    for step in state.steps():
        state = state.tick(step)
    store.set_setting(SETUP_KEY, state.to_dict())
    h = await open_choose(store)
    await h.click(h.by_id("module-honor_tokens"))
    assert set(saved(store).ticked) == {"cove.base"}
    bar = snackbar(h)
    assert "1 ticked step no longer applies" in bar.content.value
    await h.fire(bar, "action")
    assert saved(store) == state


# ------------------------------------------------------------------ other games


@run
async def test_changing_the_game_switches_players_and_checklist(store: Any) -> None:
    store.set_setting(SETUP_KEY, AssistantState(players=1).with_modules(["entertainer"]).to_dict())
    h = await open_choose(store)
    await h.select(h.by_id("assistant-game"), "mercante")
    state = saved(store)
    assert (state.game, state.players) == ("mercante", 3)
    assert state.modules == {"entertainer"}  # kept for when the group goes back
    assert "no modules to choose" in status_text(h)
    assert not h.find_all(ft.Semantics, identifier="module-entertainer")
    segments = h.by_id("assistant-players").segments
    assert [s.value for s in segments] == ["3", "4", "5"]

    c = await open_choose(store, CHECKLIST)
    assert c.has_text("1. Lay the market board in the middle of the table.")
    assert progress_text(c) == f"0 of {len(state.steps())} done"


@run
async def test_mercante_crowns_name_the_players_when_the_seats_tool_has_them(store: Any) -> None:
    from companion.engine.table import draw_first_player

    seats = ["Anna", "Ben", "Cleo", "Dev"]
    draw = draw_first_player(seats, 482913)
    store.set_setting(
        "table", {"game": "mercante", "seats": seats, "seed": draw.seed, "first": draw.first}
    )
    h = await open_choose(store, CHECKLIST)  # first visit: starts from the seated table
    assert h.has_text("Mercante, 4 players")
    order = draw.turn_order()
    expected = ", ".join(f"{n} {c}" for n, c in zip(order, (10, 12, 14, 16), strict=True))
    assert h.has_text(f"At your table, in turn order: {expected}.")


# ------------------------------------------------------------------ bad routes and saved state


@run
async def test_a_damaged_saved_setup_says_so_and_starts_afresh(store: Any) -> None:
    store.set_setting(SETUP_KEY, {"game": "merchants_cove", "players": "many"})
    h = await open_choose(store)
    assert h.has_text("The saved setup could not be read")
    assert status_text(h) == "Legal combination"
    await h.click(h.by_id("module-honor_tokens"))
    assert saved(store).modules == {"honor_tokens"}
    assert not h.has_text("The saved setup could not be read")


@run
async def test_unknown_sub_route_is_not_found(store: Any) -> None:
    h = await open_choose(store, "/setup/assistant/nowhere")
    assert h.page.appbar.title.value == "Not found"


@run
async def test_the_tool_is_listed_in_the_setup_section(store: Any) -> None:
    h = await open_choose(store, "/setup")
    tile = h.find(ft.ListTile, title=lambda t: getattr(t, "value", None) == "Setup assistant")
    await h.click(tile)
    assert h.page.appbar.title.value == "Setup assistant"


def _walk(control: Any) -> list[Any]:
    from tests.ui_harness import walk

    return list(walk(control))


def _texts(control: Any) -> list[ft.Text]:
    return [c for c in _walk(control) if isinstance(c, ft.Text) and isinstance(c.value, str)]
