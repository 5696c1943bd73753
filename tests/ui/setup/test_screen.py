"""The setup assistant on real flet Sessions and a real (temporary) store, without a browser:
the lobby starts a shared setup, Choose finds and fixes, Surprise me, cards, the module
sheet, the checklist with its ticks, sources, rulings and "why?" links, house rules from
Settings, other games, an old single save imported once; and several sessions on one table:
live pushes, stale taps applied or refused, the issue-7 reports, undo, reloads, leaving, a
full disk, a finished setup."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft
import pytest

from companion.engine import setup as engine
from companion.engine.setup import MarkDone, SetModule, SetupGame
from companion.tables import TableHub
from companion.ui.app import create_main
from companion.ui.context import HOUSE_RULES_KEY
from companion.ui.model import live as live_logic
from companion.ui.model.old_save import damaged_key
from companion.ui.setup.model import SETUP_KEY, AssistantState
from tests.screen_fixtures import leave_and_close
from tests.table_fixtures import fresh_journey, game_on, writes_failing
from tests.ui.setup.test_logic import old_save
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

ROUTE = "/setup/assistant"


pytestmark = pytest.mark.usefixtures("players_who_look")


def table_with(hub: TableHub, state: SetupGame | None = None) -> int:
    return hub.create("setup", state or AssistantState(seed=482913)).table_id


#: The setup the checklist tests tick through: the Faction Festival and the Paladins.
FESTIVAL = AssistantState().with_modules(["faction_festival", "paladins"])


async def on_checklist(store: Any, hub: TableHub, phones: int = 2) -> tuple[int, list[Harness]]:
    """A table of :data:`FESTIVAL` and ``phones`` phones on its checklist."""
    table_id = table_with(hub, FESTIVAL)
    return table_id, [await open_table(store, hub, table_id, "checklist") for _ in range(phones)]


def game_of(hub: TableHub, table_id: int) -> SetupGame:
    return game_on(hub.store, table_id, SetupGame)


async def open_table(store: Any, hub: TableHub, table_id: int, page: str = "") -> Harness:
    route = f"{ROUTE}/{table_id}" + ("/checklist" if page == "checklist" else "")
    return await Harness.start(create_main(store, hub=hub), route=route)


def status_text(h: Harness) -> str:
    return str(h.by_id("assistant-status").value)


def progress_text(h: Harness) -> str:
    return str(h.by_id("progress-text").value)


def ticked_box(h: Harness, step_id: str) -> Any:
    return h.by_id(f"tick-{step_id}").value


def texts_in(control: Any) -> list[str]:
    return [c.value for c in walk(control) if isinstance(c, ft.Text) and isinstance(c.value, str)]


async def settle() -> None:
    await settled()


async def reload(h: Harness) -> None:
    """The page reloads: the same session comes back on the same connection."""
    await h.session.disconnect(60)
    h.session.attach_connection(h.conn)
    await h.session.dispatch_connect_event()
    await settle()


# ------------------------------------------------------------------ the lobby


@run
async def test_the_tool_is_listed_in_the_setup_section_and_starts_a_setup(
    store: Any, hub: TableHub
) -> None:
    h = await Harness.start(create_main(store, hub=hub), route="/setup")
    tile = h.find(ft.ListTile, title=lambda t: getattr(t, "value", None) == "Setup assistant")
    await h.click(tile)
    assert h.page.appbar.title.value == "Setup assistant"
    assert h.has_text("New setup") and not visible(h, "games-in-progress")
    await h.click(h.by_id("start-setup"))
    (table,) = store.list_tables(tool="setup")
    assert status_text(h) == "Legal combination"
    assert message(h) == (
        "A shared setup of Merchants Cove, 4 players: other phones open it from the Setup "
        "assistant."
    )
    again = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert again.has_text("Merchants Cove, 4 players")
    assert again.has_text("0 of 1 steps done · the base game alone")
    await again.click(again.by_id(f"resume-{table.id}"))
    assert status_text(again) == "Legal combination"


@run
async def test_an_old_saved_setup_becomes_a_table_once(store: Any, hub: TableHub) -> None:
    state = AssistantState(seed=77).with_modules(["faction_festival", "paladins"])
    for step in state.steps()[:2]:
        state = state.tick(step)
    old = {**old_save(state), "modules": ["faction_festival", "paladins", "pirate_ships"]}
    store.set_setting(SETUP_KEY, old)
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    (table,) = store.list_tables(tool="setup")
    assert h.has_text("The setup saved before is now a shared setup")
    assert h.has_text("left out: module 'pirate_ships'")
    assert store.get_setting(SETUP_KEY) is None
    assert store.get_setting(live_logic.imported_key(SETUP_KEY)) == old
    assert game_of(hub, table.id) == state
    again = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert len(store.list_tables(tool="setup")) == 1  # imported once
    assert not again.has_text("The setup saved before")
    c = await open_table(store, hub, table.id, "checklist")
    assert progress_text(c) == f"2 of {len(state.steps())} done"


@run
async def test_a_damaged_old_save_is_kept_aside_and_a_new_setup_offered(
    store: Any, hub: TableHub
) -> None:
    broken = {"game": "merchants_cove", "players": "many"}
    store.set_setting(SETUP_KEY, broken)
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert h.has_text("could not be read back")
    assert store.get_setting(damaged_key(SETUP_KEY)) == broken
    assert store.get_setting(SETUP_KEY) is None
    await h.click(h.by_id("start-setup"))
    await h.click(h.by_id("module-honor_tokens"))
    (table,) = store.list_tables(tool="setup")
    assert game_of(hub, table.id).modules == {"honor_tokens"}


@run
async def test_the_new_setup_starts_from_the_seated_table(store: Any, hub: TableHub) -> None:
    from companion.engine.seats import draw_first_player

    seats = ["Anna", "Ben", "Cleo", "Dev"]
    draw = draw_first_player(seats, 482913)
    store.set_setting(
        "table", {"game": "mercante", "seats": seats, "seed": draw.seed, "first": draw.first}
    )
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert h.by_id("new-setup-game").value == "mercante"
    assert h.by_id("new-setup-players").selected == ["4"]
    await h.click(h.by_id("start-setup"))
    (table,) = store.list_tables(tool="setup")
    c = await open_table(store, hub, table.id, "checklist")
    assert c.has_text("Mercante, 4 players")
    order = draw.turn_order()
    expected = ", ".join(f"{n} {c}" for n, c in zip(order, (10, 12, 14, 16), strict=True))
    assert c.has_text(f"At your table, in turn order: {expected}.")


# ------------------------------------------------------------------ Choose: findings and fixes


@run
async def test_ticking_apprentices_alone_shows_the_error_at_once(store: Any, hub: TableHub) -> None:
    table_id = table_with(hub)
    h = await open_table(store, hub, table_id)
    assert status_text(h) == "Legal combination"
    assert h.has_text("The base game alone: nothing to check")
    await h.click(h.by_id("module-apprentices"))
    assert status_text(h) == "1 problem to fix"
    assert h.has_text("Apprentices can't be played without the Faction Festival")
    card = h.by_id("finding-requires:apprentices:faction_festival")
    texts = texts_in(card)
    assert any(t.startswith("Source: ") and "Townsfolk sets, Apprentices" in t for t in texts)
    row = h.by_id("module-apprentices")
    assert any(
        isinstance(c, ft.Icon) and c.color == ft.Colors.ERROR and c.visible for c in walk(row)
    )
    assert game_of(hub, table_id).modules == {"apprentices"}
    assert message(h) == "Apprentices added."


@run
async def test_the_findings_change_with_the_player_count(store: Any, hub: TableHub) -> None:
    table_id = table_with(hub, AssistantState().with_modules(["honor_tokens"]))
    h = await open_table(store, hub, table_id)
    assert status_text(h).startswith("Legal, with 1 suggestion")
    await h.select(h.by_id("assistant-players"), ["2"])
    assert game_of(hub, table_id).players == 2
    assert h.by_id("assistant-players").selected == ["2"]


@run
async def test_a_fix_button_applies_the_fix_and_its_undo_takes_it_back(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub, AssistantState().with_modules(["apprentices"]))
    h = await open_table(store, hub, table_id)
    await h.click(h.by_id("fix-requires:apprentices:faction_festival-0"))
    game = game_of(hub, table_id)
    assert {"apprentices", "faction_festival"} <= game.modules
    assert not any(f.level == "error" for f in game.findings())
    assert not status_text(h).endswith("to fix")
    assert message(h) == "Done: add the Faction Festival and the Paladins."
    await h.click(h.by_id("message-undo"))
    assert game_of(hub, table_id).modules == {"apprentices"}
    assert status_text(h) == "1 problem to fix"
    assert message(h) == "Taken back: Add the Faction Festival and the Paladins."


@run
async def test_the_remove_fix_takes_the_module_out(store: Any, hub: TableHub) -> None:
    table_id = table_with(hub, AssistantState().with_modules(["apprentices"]))
    h = await open_table(store, hub, table_id)
    await h.click(h.by_id("fix-requires:apprentices:faction_festival-1"))
    assert game_of(hub, table_id).modules == frozenset()
    assert status_text(h) == "Legal combination"


# ------------------------------------------------------------------ Surprise me


@run
async def test_surprise_me_shows_its_seed_and_the_seed_replays_the_draw(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub)
    h = await open_table(store, hub, table_id)
    await h.click(h.by_id("surprise-me"))
    seed_text = h.by_id("surprise-seed").value
    drawn = game_of(hub, table_id)
    assert drawn.draw is not None and str(drawn.draw.seed) == seed_text
    assert drawn.modules == engine.surprise_modules(int(seed_text), players=drawn.players)
    assert h.has_text(f"Drawn with seed {seed_text}")

    # Another phone on the table: start over, type the seed that was read out, replay.
    other = await open_table(store, hub, table_id)
    await other.click(other.by_id("clear-choice"))
    assert game_of(hub, table_id).modules == frozenset()
    await settle()
    assert status_text(h) == "Legal combination"  # the first phone follows
    await other.type(other.by_id("surprise-seed"), "1")
    await other.type(other.by_id("surprise-seed"), seed_text)
    assert h.by_id("surprise-seed").value == seed_text  # (the table's seed: the same)
    await other.click(other.by_id("replay-seed"))
    assert game_of(hub, table_id).modules == drawn.modules
    assert game_of(hub, table_id).paladin == drawn.paladin


@run
async def test_a_bad_seed_is_marked_on_the_field_and_changes_nothing(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub, AssistantState(seed=1234))
    h = await open_table(store, hub, table_id)
    field = h.by_id("surprise-seed")
    await h.type(field, "12ab")
    assert field.error
    await h.fire(field, "blur")
    await h.click(h.by_id("replay-seed"))
    assert message(h) == "Fix the seed first: digits only."
    assert game_of(hub, table_id).seed == 1234 and game_of(hub, table_id).draw is None
    await h.type(field, "99")
    assert field.error is None and game_of(hub, table_id).seed == 1234  # only typed so far
    await h.fire(field, "blur")  # left the field: the table takes the seed
    assert game_of(hub, table_id).seed == 99
    await h.type(field, "x")
    await h.click(h.find(ft.IconButton, tooltip="New seed"))
    assert field.error is None and field.value == str(game_of(hub, table_id).seed) != "99"


@run
async def test_a_seed_being_typed_survives_another_phones_change(store: Any, hub: TableHub) -> None:
    table_id = table_with(hub, AssistantState(seed=1234))
    h = await open_table(store, hub, table_id)
    other = await open_table(store, hub, table_id)
    await h.type(h.by_id("surprise-seed"), "5678")
    await other.click(other.by_id("module-lawyers"))
    await settle()
    assert h.by_id("module-lawyers").leading.value is True  # her screen follows
    assert h.by_id("surprise-seed").value == "5678"  # what Anna typed is still there
    assert game_of(hub, table_id).modules == {"lawyers"}
    await h.click(h.by_id("replay-seed"))
    assert game_of(hub, table_id).draw is not None and game_of(hub, table_id).seed == 5678


@run
async def test_nothing_legal_for_the_marks_is_said_in_the_panel(store: Any, hub: TableHub) -> None:
    state = AssistantState(seed=5).pin("apprentices", "keep").pin("faction_festival", "never")
    table_id = table_with(hub, state)
    h = await open_table(store, hub, table_id)
    await h.click(h.by_id("replay-seed"))
    words = texts_in(h.by_id("surprise-error"))[0]
    assert words.startswith("No legal combination") and "Apprentices" in words
    assert game_of(hub, table_id) == state
    assert len(store.table_actions(table_id)) == 0


@run
async def test_surprise_me_draws_the_number_of_modules_asked_for(store: Any, hub: TableHub) -> None:
    table_id = table_with(hub)
    h = await open_table(store, hub, table_id)
    await h.select(h.by_id("surprise-size"), "3")
    assert game_of(hub, table_id).size == 3
    for _ in range(3):
        await h.click(h.by_id("surprise-me"))
        game = game_of(hub, table_id)
        assert len(game.modules) == 3
        assert not any(f.level == "error" for f in game.findings())


@run
async def test_a_rogue_card_is_drawn_from_the_shown_seed(store: Any, hub: TableHub) -> None:
    table_id = table_with(hub, AssistantState(seed=482913))
    h = await open_table(store, hub, table_id)
    await h.click(h.by_id("draw-rogue"))
    expected = engine.surprise_card(482913, "rogue", frozenset())
    assert game_of(hub, table_id).rogue == expected.id
    assert h.by_id("card-rogue").value == expected.id
    assert h.has_text(expected.summary)
    assert h.has_text(f"{expected.name} drawn with seed 482913")
    assert visible(h, f"why-card-{expected.id}")


@run
async def test_beasts_are_picked_up_to_a_deck_of_three(store: Any, hub: TableHub) -> None:
    table_id = table_with(hub, AssistantState().with_modules(["beasts_of_the_bay"]))
    h = await open_table(store, hub, table_id)
    for beast in ("nessie", "the_cyclops", "henry"):
        await h.fire(h.by_id(f"beast-{beast}"), "select", True)
    assert game_of(hub, table_id).beasts == ("nessie", "the_cyclops", "henry")
    assert h.has_text("Beasts deck (3 of 3, one per tier)")
    await h.fire(h.by_id("beast-the_kraken"), "select", True)
    assert game_of(hub, table_id).beasts == ("nessie", "the_cyclops", "henry")  # unchanged
    assert "holds 3 cards" in (message(h) or "")
    assert h.by_id("beast-the_kraken").selected is False
    await h.fire(h.by_id("beast-nessie"), "select", False)
    assert game_of(hub, table_id).beasts == ("the_cyclops", "henry")


@run
async def test_the_details_sheet_marks_a_module_always_and_follows_the_table(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub)
    h = await open_table(store, hub, table_id)
    other = await open_table(store, hub, table_id)
    await h.click(h.by_id("module-details-lawyers"))
    sheet = h.dialogs(ft.BottomSheet)[0]
    assert sheet.open
    assert h.has_text("Townsfolk sets")  # its group, with source and pieces
    assert visible(h, "why-module-lawyers")
    await h.select(h.by_id("pin-choice"), ["keep"])
    assert game_of(hub, table_id).pinned == {"lawyers"}
    assert h.has_text("Always: Lawyers.")
    # Another phone sets it to Never: the open sheet shows it at once.
    await other.click(other.by_id("module-details-lawyers"))
    await other.select(other.by_id("pin-choice"), ["never"])
    await settle()
    assert h.by_id("pin-choice").selected == ["never"]
    assert h.has_text("Never: Lawyers.")


# ------------------------------------------------------------------ the checklist


@run
async def test_ticks_and_progress_come_back(store: Any, hub: TableHub) -> None:
    state = AssistantState().with_modules(["faction_festival", "paladins"])
    table_id = table_with(hub, state)
    h = await open_table(store, hub, table_id, "checklist")
    steps = state.steps()
    assert progress_text(h) == f"0 of {len(steps)} done"
    await h.click(h.by_id("tick-next"))
    await h.click(h.by_id(f"step-{steps[3].id}"))
    assert progress_text(h) == f"2 of {len(steps)} done"
    assert set(game_of(hub, table_id).ticked) == {steps[0].id, steps[3].id}
    assert ticked_box(h, steps[0].id) is True
    assert message(h) == "Step 4 (Merchants Cove) marked done."

    again = await open_table(store, hub, table_id, "checklist")  # the app opened again
    assert progress_text(again) == f"2 of {len(steps)} done"
    assert again.by_id("next-step").value.startswith("Next: step 2")
    await again.click(again.by_id(f"step-{steps[3].id}"))  # untick
    assert progress_text(again) == f"1 of {len(steps)} done"


@run
async def test_untick_every_step_with_undo(store: Any, hub: TableHub) -> None:
    state = AssistantState(game="merchants_journey", players=4)
    for step in state.steps()[:3]:
        state = state.tick(step)
    table_id = table_with(hub, state)
    h = await open_table(store, hub, table_id, "checklist")
    assert progress_text(h) == "3 of 5 done"
    await h.click(h.by_id("reset-checklist"))
    assert progress_text(h) == "0 of 5 done" and game_of(hub, table_id).ticks == ()
    assert message(h) == "Every step unticked."
    await h.click(h.by_id("message-undo"))
    assert progress_text(h) == "3 of 5 done"


@run
async def test_the_step_source_ruling_and_why_are_one_tap_away(store: Any, hub: TableHub) -> None:
    table_id = table_with(hub, AssistantState().with_modules(["faction_festival", "paladins"]))
    h = await open_table(store, hub, table_id, "checklist")
    assert not h.find_all(ft.Semantics, identifier="details-paladins.meeples")
    await h.click(h.by_id("source-paladins.meeples"))
    words = " ".join(texts_in(h.by_id("details-paladins.meeples")))
    assert "Source: " in words and "Faction Festival setup, step 7" in words
    assert "the app's reading is in use" in words
    assert any(
        isinstance(c, ft.TextButton) and "Can switch to" in str(c.content)
        for c in walk(h.by_id("details-paladins.meeples"))
    )
    # The step's "why?": its rules entry and the ruling behind it.
    await h.click(h.by_id("why-step-paladins.meeples"))
    listed = {
        s.identifier
        for s in h.find_all(ft.Semantics)
        if isinstance(s.identifier, str) and s.identifier.startswith("why-")
    }
    assert "why-entry-cove.module.paladins" in listed
    assert "why-ruling-setup.paladin_split" in listed
    await h.click(h.by_id("why-entry-cove.module.paladins"))
    assert h.page.appbar.title.value != "Setup assistant"  # the Rules entry


def why_links(h: Harness) -> list[Any]:
    return [
        s
        for s in h.find_all(ft.Semantics)
        if isinstance(s.identifier, str) and s.identifier.startswith("why-") and is_shown(s)
    ]


def _link(h: Harness, ident: str) -> Any:
    return h.find(ft.Semantics, identifier=ident)


def open_dialog(h: Harness) -> ft.AlertDialog | None:
    dialogs = h.dialogs(ft.AlertDialog, open_only=True)
    return dialogs[-1] if dialogs else None


async def check_why(h: Harness, link: Any) -> bool:
    """Tap one "why?": it must open a Rules entry that exists, a ruling's sheet, or a list
    whose every entry and ruling exists. True when the tap left the screen."""
    from companion.reference import entry

    title = h.page.appbar.title.value
    await h.click(link.content)
    dialog = open_dialog(h)
    if dialog is not None:
        idents = [i for c in walk(dialog) if isinstance(i := getattr(c, "identifier", None), str)]
        if dialog.title.value == "The rules behind this":
            listed = [i for i in idents if i.startswith(("why-entry-", "why-ruling-"))]
            assert len(listed) >= 2, link.identifier
            for ident in listed:
                if ident.startswith("why-entry-"):
                    entry(ident.removeprefix("why-entry-"))  # KeyError when it does not exist
            for ident in [i for i in listed if i.startswith("why-ruling-")]:
                await h.click(_link(h, ident).content)  # the list gives way to the sheet
                sheet = open_dialog(h)
                assert sheet is not None and any(
                    getattr(c, "identifier", None) == "ruling-close" for c in walk(sheet)
                ), ident
                h.page.pop_dialog()
                await settle()
                if ident != listed[-1]:
                    await h.click(link.content)  # the list again, for the next one
            if open_dialog(h) is None:
                return False
        else:  # one ruling's sheet
            assert "ruling-close" in idents, link.identifier
        h.page.pop_dialog()
        await settle()
        return False
    now = h.page.appbar.title.value
    assert now not in (title, "Not found"), link.identifier  # the tap did something
    assert h.find_all(ft.Semantics, identifier="entry-title"), link.identifier  # a Rules entry
    return True


@run
async def test_a_source_opened_on_one_phone_stays_open_through_another_phones_tick(
    store: Any, hub: TableHub
) -> None:
    steps = FESTIVAL.steps()
    _, (h, other) = await on_checklist(store, hub)
    await h.click(h.by_id("source-paladins.meeples"))  # this phone's only
    details = h.by_id("details-paladins.meeples")
    await other.click(other.by_id(f"step-{steps[0].id}"))
    await settle()
    assert ticked_box(h, steps[0].id) is True  # the tick shows here
    assert h.by_id("details-paladins.meeples") is details  # drawn in place, not rebuilt
    assert visible(h, "details-paladins.meeples")
    assert not other.find_all(ft.Semantics, identifier="details-paladins.meeples")
    assert "Faction Festival setup, step 7" in " ".join(texts_in(details))


@run
async def test_every_why_on_both_pages_opens_something_that_exists(
    store: Any, hub: TableHub
) -> None:
    state = AssistantState().with_modules(["apprentices", "honor_tokens", "beasts_of_the_bay"])
    state = state.with_card("rogue", "sirens").toggle_beast("nessie")
    table_id = table_with(hub, state)
    for page in ("", "checklist"):
        h = await open_table(store, hub, table_id, page)
        names = [str(link.identifier) for link in why_links(h)]
        assert len(names) >= (len(state.steps()) if page else 3)
        for name in names:
            if await check_why(h, _link(h, name)):
                h = await open_table(store, hub, table_id, page)


@run
async def test_every_modules_sheet_has_a_why_that_opens_something_that_exists(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub)
    h = await open_table(store, hub, table_id)
    modules = [
        str(s.identifier).removeprefix("module-details-")
        for s in h.find_all(ft.Semantics)
        if isinstance(s.identifier, str) and s.identifier.startswith("module-details-")
    ]
    assert len(modules) == len(engine.modules(engine.COVE))
    for module_id in modules:
        await h.click(h.by_id(f"module-details-{module_id}"))
        if await check_why(h, _link(h, f"why-module-{module_id}")):
            h = await open_table(store, hub, table_id)
        else:
            h.page.pop_dialog()  # the sheet
            await settle()


@run
async def test_the_house_rule_chosen_in_settings_changes_the_step(
    store: Any, hub: TableHub
) -> None:
    store.set_setting(HOUSE_RULES_KEY, ["setup.paladin_split", "no.such.rule"])
    table_id = table_with(hub, AssistantState().with_modules(["faction_festival", "paladins"]))
    h = await open_table(store, hub, table_id, "checklist")
    assert h.has_text("Put 2 Paladin meeples on the Paladin Faction Hall")
    await h.click(h.by_id("source-paladins.meeples"))
    words = " ".join(texts_in(h.by_id("details-paladins.meeples")))
    assert "your house rule is in use" in words
    assert game_of(hub, table_id).rules == {"setup.paladin_split"}


@run
async def test_dropping_a_module_drops_its_ticks_with_undo(store: Any, hub: TableHub) -> None:
    state = AssistantState().with_modules(["honor_tokens"])
    for step in state.steps():
        state = state.tick(step)
    table_id = table_with(hub, state)
    h = await open_table(store, hub, table_id)
    await h.click(h.by_id("module-honor_tokens"))
    assert set(game_of(hub, table_id).ticked) == {"cove.base"}
    assert "1 ticked step no longer applies" in (message(h) or "")
    await h.click(h.by_id("message-undo"))
    assert game_of(hub, table_id) == state


@run
async def test_changing_the_game_switches_players_and_checklist(store: Any, hub: TableHub) -> None:
    table_id = table_with(hub, AssistantState(players=1).with_modules(["entertainer"]))
    h = await open_table(store, hub, table_id)
    await h.select(h.by_id("assistant-game"), "mercante")
    game = game_of(hub, table_id)
    assert (game.game, game.players) == ("mercante", 3)
    assert game.modules == {"entertainer"}  # kept for when the group goes back
    assert "no modules to choose" in status_text(h)
    assert not visible(h, "module-entertainer")
    assert [s.value for s in h.by_id("assistant-players").segments] == ["3", "4", "5"]
    c = await open_table(store, hub, table_id, "checklist")
    assert c.has_text("1. Lay the market board in the middle of the table.")
    assert progress_text(c) == f"0 of {len(game.steps())} done"


@run
async def test_unknown_routes_and_tables_are_not_found(store: Any, hub: TableHub) -> None:
    journey = hub.create("journey", fresh_journey())
    for route in (
        f"{ROUTE}/nowhere",
        f"{ROUTE}/999",
        f"{ROUTE}/0",
        f"{ROUTE}/{table_with(hub)}/x",
        f"{ROUTE}/{journey.table_id}",
    ):
        h = await Harness.start(create_main(store, hub=hub), route=route)
        assert h.page.appbar.title.value == "Not found", route


# ------------------------------------------------------------------ several phones, one table


@run
async def test_a_tick_on_one_phone_shows_on_the_others_without_a_reload(
    store: Any, hub: TableHub
) -> None:
    table_id, (anna, ben) = await on_checklist(store, hub)
    cleo = await open_table(store, hub, table_id)  # on Choose
    steps = FESTIVAL.steps()
    await ben.click(ben.by_id(f"step-{steps[1].id}"))
    await settle()
    total = len(steps)
    assert progress_text(anna) == f"1 of {total} done"
    assert ticked_box(anna, steps[1].id) is True
    assert message(anna) is None  # a push redraws, it does not speak
    assert cleo.by_id("assistant-tabs").segments[1].label.value == f"Checklist 1/{total}"
    assert hub.subscriber_count(table_id) == 3


@run
async def test_a_stale_phone_ticks_another_step_but_cannot_erase_a_tick(
    store: Any, hub: TableHub
) -> None:
    steps = FESTIVAL.steps()
    table_id, (ben, cleo) = await on_checklist(store, hub)
    cleo.conn.answers = False  # her phone has not drawn anything pushed to it yet
    await ben.click(ben.by_id(f"step-{steps[0].id}"))
    # Cleo, still looking at the old checklist, ticks another step: it counts.
    await cleo.click(cleo.by_id(f"step-{steps[2].id}"))
    assert set(game_of(hub, table_id).ticked) == {steps[0].id, steps[2].id}
    assert message(cleo) == "Step 3 (Faction Festival) marked done."
    # She taps the step Ben ticked, which her phone still shows open: refused, not unticked.
    await cleo.click(cleo.by_id(f"step-{steps[0].id}"))
    assert message(cleo) == "Step 1 (Merchants Cove) is already marked done."
    assert set(game_of(hub, table_id).ticked) == {steps[0].id, steps[2].id}
    cleo.conn.answers = True
    await settle()
    assert progress_text(ben) == progress_text(cleo) == f"2 of {len(steps)} done"
    assert ticked_box(cleo, steps[0].id) is True


@run
async def test_a_stale_phones_tick_on_the_same_step_is_refused_with_a_message(
    store: Any, hub: TableHub
) -> None:
    steps = FESTIVAL.steps()
    table_id, (ben, cleo) = await on_checklist(store, hub)
    cleo.conn.answers = False
    # Ben's tick of step 2 lands while Cleo's screen shows it open, and she taps it too.
    hub.submit(table_id, MarkDone(steps[1].id), seen=0, device="ben")
    await cleo.session.dispatch_event(cleo.by_id(f"step-{steps[1].id}")._i, "click", None)
    await settle()
    assert message(cleo) == "Step 2 (Faction Festival) is already marked done."
    assert set(game_of(hub, table_id).ticked) == {steps[1].id}
    assert ticked_box(cleo, steps[1].id) is True  # brought up to date
    assert len(store.table_actions(table_id)) == 1
    assert progress_text(ben) == f"1 of {len(steps)} done"


@run
async def test_simultaneous_taps_on_one_step_leave_one_tick_and_one_refusal(
    store: Any, hub: TableHub
) -> None:
    steps = FESTIVAL.steps()
    table_id, (ben, cleo) = await on_checklist(store, hub)
    await asyncio.gather(
        ben.session.dispatch_event(ben.by_id(f"step-{steps[2].id}")._i, "click", None),
        cleo.session.dispatch_event(cleo.by_id(f"step-{steps[2].id}")._i, "click", None),
    )
    await settle()
    assert set(game_of(hub, table_id).ticked) == {steps[2].id}
    assert len(store.table_actions(table_id)) == 1
    said = sorted([message(ben) or "", message(cleo) or ""])
    assert said == [
        "Step 3 (Faction Festival) is already marked done.",
        "Step 3 (Faction Festival) marked done.",
    ]
    assert progress_text(ben) == progress_text(cleo) == f"1 of {len(steps)} done"


@run
async def test_a_fix_on_one_phone_does_not_come_back_when_another_ticks_a_module(
    store: Any, hub: TableHub
) -> None:
    """Issue 7: a fix made on one phone came back after another phone ticked a module."""
    table_id = table_with(hub, AssistantState().with_modules(["apprentices"]))
    anna = await open_table(store, hub, table_id)
    ben = await open_table(store, hub, table_id)
    ben.conn.answers = False  # Ben's phone has not drawn Anna's fix yet
    await anna.click(anna.by_id("fix-requires:apprentices:faction_festival-0"))
    await ben.click(ben.by_id("module-honor_tokens"))  # his screen still shows the error
    game = game_of(hub, table_id)
    assert {"apprentices", "faction_festival", "paladins"} == game.modules  # the fix stands
    assert message(ben) == "Changed meanwhile: the Faction Festival and the Paladins added."
    assert ben.by_id("module-honor_tokens").leading.value is False
    # His phone draws the table afresh (a reload): now he has seen the fix, and his tick counts.
    ben.conn.answers = True
    await reload(ben)
    await ben.click(ben.by_id("module-honor_tokens"))
    game = game_of(hub, table_id)
    assert game.modules == {"apprentices", "faction_festival", "paladins", "honor_tokens"}
    await settle()
    assert status_text(anna) == status_text(ben) and not status_text(anna).endswith("to fix")


@run
async def test_after_a_reload_an_old_fix_undo_cannot_wipe_the_checklist(
    store: Any, hub: TableHub
) -> None:
    """Issue 7: after a reload an old "Done: remove the Dragon Island Festival — Undo" came
    back, and tapping it wiped the checklist from 3/11 to 0/10."""
    modules = ["faction_festival", "paladins", "dragon_island_festival"]
    table_id = table_with(hub, AssistantState().with_modules(modules))
    anna = await open_table(store, hub, table_id)
    await anna.click(anna.by_id("module-dragon_island_festival"))
    assert message(anna) == "Dragon Island Festival taken out."
    fix_undo = anna.by_id("message-undo")
    ben = await open_table(store, hub, table_id, "checklist")
    for _ in range(3):
        await ben.click(ben.by_id("tick-next"))
    total = len(game_of(hub, table_id).steps())
    assert progress_text(ben) == f"3 of {total} done"
    await settle()
    assert fix_undo.disabled  # no longer the last change: closed at once
    # A reload: the same session comes back; no message survives it.
    await reload(anna)
    assert message(anna) is None
    # Even pressed by a stale client, it cannot take back the ticks or the module.
    await anna.session.dispatch_event(fix_undo._i, "click", None)
    await settle()
    game = game_of(hub, table_id)
    assert game.progress().done == 3 and "dragon_island_festival" not in game.modules
    assert progress_text(ben) == f"3 of {total} done"


@run
async def test_undo_takes_back_the_tables_last_change_from_any_phone(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub, AssistantState().with_modules(["faction_festival", "paladins"]))
    ben = await open_table(store, hub, table_id, "checklist")
    cleo = await open_table(store, hub, table_id, "checklist")
    await ben.click(ben.by_id("tick-next"))
    await settle()  # Cleo's phone draws Ben's tick before she taps Done
    await cleo.click(cleo.by_id("tick-next"))
    await settle()
    assert ben.by_id("message-undo").disabled
    await ben.click(ben.by_id("setup-menu"))
    await ben.click(ben.by_id("undo-last"))
    assert game_of(hub, table_id).progress().done == 1
    await settle()
    assert progress_text(cleo).startswith("1 of")


@run
async def test_a_full_disk_is_a_message_and_the_tick_is_not_shown(
    store: Any, hub: TableHub
) -> None:
    step = FESTIVAL.steps()[0]
    table_id, (h, other) = await on_checklist(store, hub)
    with writes_failing(store):
        await h.click(h.by_id(f"step-{step.id}"))
    assert "the disk is full" in (message(h) or "")
    assert ticked_box(h, step.id) is False and progress_text(h).startswith("0 of")
    assert game_of(hub, table_id).ticks == ()
    await settle()
    assert progress_text(other).startswith("0 of")
    # The session goes on: the same tap, once the disk has room, is kept.
    await h.click(h.by_id(f"step-{step.id}"))
    assert ticked_box(h, step.id) is True and game_of(hub, table_id).is_ticked(step.id)


@run
async def test_a_full_disk_on_choose_is_a_message_and_the_module_is_not_shown_chosen(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub)
    h = await open_table(store, hub, table_id)
    other = await open_table(store, hub, table_id)
    with writes_failing(store):
        await h.click(h.by_id("module-honor_tokens"))
    assert "the disk is full" in (message(h) or "")
    assert h.by_id("module-honor_tokens").leading.value is False
    assert status_text(h) == "Legal combination"
    assert game_of(hub, table_id).modules == frozenset() and not store.table_actions(table_id)
    await settle()
    assert other.by_id("module-honor_tokens").leading.value is False
    await h.click(h.by_id("module-honor_tokens"))  # the session goes on
    assert game_of(hub, table_id).modules == {"honor_tokens"}
    await settle()
    assert other.by_id("module-honor_tokens").leading.value is True


@run
async def test_a_full_disk_during_undo_keeps_the_tick_and_says_so(
    store: Any, hub: TableHub
) -> None:
    state = AssistantState().with_modules(["faction_festival", "paladins"])
    step = state.steps()[0]
    table_id = table_with(hub, state)
    h = await open_table(store, hub, table_id, "checklist")
    await h.click(h.by_id(f"step-{step.id}"))
    with writes_failing(store):
        await h.click(h.by_id("message-undo"))
    assert "the disk is full" in (message(h) or "")
    assert ticked_box(h, step.id) is True and game_of(hub, table_id).is_ticked(step.id)
    await h.click(h.by_id("setup-menu"))
    await h.click(h.by_id("undo-last"))  # the generic undo, once the disk has room
    assert ticked_box(h, step.id) is False and game_of(hub, table_id).ticks == ()


def snack(h: Harness) -> str | None:
    bars = h.dialogs(ft.SnackBar, open_only=True)
    return str(bars[-1].content.value) if bars else None


@run
async def test_a_full_disk_when_starting_a_setup_is_a_message_in_the_lobby(
    store: Any, hub: TableHub
) -> None:
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    with writes_failing(store, table="game_table"):
        await h.click(h.by_id("start-setup"))
    assert "could not be started" in (snack(h) or "")
    assert "the disk is full" in (snack(h) or "")
    assert store.list_tables(tool="setup") == [] and visible(h, "start-setup")
    await h.click(h.by_id("start-setup"))  # the session goes on
    assert len(store.list_tables(tool="setup")) == 1
    assert status_text(h) == "Legal combination"


@run
async def test_an_old_save_met_by_a_full_disk_is_kept_and_imported_once_later(
    store: Any, hub: TableHub
) -> None:
    state = AssistantState(seed=77).with_modules(["honor_tokens"])
    state = state.tick(state.steps()[0])
    old = old_save(state)
    store.set_setting(SETUP_KEY, old)
    with writes_failing(store, table="game_table"):
        h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert h.has_text("could not be moved to a table") and h.has_text("disk is full")
    assert store.list_tables(tool="setup") == [] and store.get_setting(SETUP_KEY) == old
    assert visible(h, "start-setup")  # the lobby works all the same
    for _ in range(2):  # two phones open the tool once the disk has room
        await Harness.start(create_main(store, hub=hub), route=ROUTE)
    (table,) = store.list_tables(tool="setup")
    assert game_of(hub, table.id) == state and store.get_setting(SETUP_KEY) is None


@run
async def test_an_import_cut_short_by_a_full_disk_leaves_one_setup_not_two(
    store: Any, hub: TableHub
) -> None:
    """The table is written, then the disk fills before the old save is marked imported."""
    state = AssistantState(seed=78).with_modules(["lawyers"])
    store.set_setting(SETUP_KEY, old_save(state))
    with writes_failing(store, table="setting"):
        h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert h.has_text("could not be moved to a table")
    assert store.list_tables(tool="setup", status="open") == []
    assert not visible(h, "games-in-progress")
    await Harness.start(create_main(store, hub=hub), route=ROUTE)
    (table,) = store.list_tables(tool="setup", status="open")
    assert game_of(hub, table.id) == state and store.get_setting(SETUP_KEY) is None


@run
async def test_leaving_the_screen_or_closing_the_session_unsubscribes(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub)
    h = await open_table(store, hub, table_id)
    other = await open_table(store, hub, table_id, "checklist")
    assert hub.subscriber_count(table_id) == 2
    await h.click(h.by_id("to-checklist"))  # the other page of the same table
    await leave_and_close(hub, table_id, h, other, 1)  # the Calculators tab


@run
async def test_a_finished_setup_leaves_the_lobby_and_takes_no_more_ticks(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub)
    h = await open_table(store, hub, table_id, "checklist")
    await h.click(h.by_id("setup-menu"))
    await h.click(h.by_id("finish-setup"))
    await h.click(h.by_id("confirm-finish"))
    assert store.table(table_id).status == "finished"
    assert visible(h, "start-setup") and not visible(h, f"table-{table_id}")
    again = await open_table(store, hub, table_id, "checklist")
    assert again.has_text("This setup is finished: it takes no more changes.")
    await again.click(again.by_id("tick-next"))
    assert "finished" in (message(again) or "")
    assert game_of(hub, table_id).ticks == ()


@run
async def test_a_setup_action_is_logged_once_per_tap(store: Any, hub: TableHub) -> None:
    table_id = table_with(hub)
    h = await open_table(store, hub, table_id)
    await h.click(h.by_id("module-lawyers"))
    await h.fire(h.by_id("module-lawyers").leading, "change", True)  # the box shows it on
    assert [a.body for a in store.table_actions(table_id)] == [SetModule("lawyers", True).to_dict()]


@run
async def test_the_setup_screens_title_fits_beside_its_actions_at_390_px(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub)
    for page in ("", "checklist"):
        h = await open_table(store, hub, table_id, page)
        drawn, room = app_bar_title_room(h.page)
        assert drawn <= room, (page, h.page.appbar.title.value, drawn, room)


@run
async def test_the_games_in_progress_panel_is_as_wide_as_the_lobbys_other_panels(
    store: Any, hub: TableHub
) -> None:
    table_with(hub)
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    (box,) = h.find_all(ft.Semantics, identifier="games-in-progress")
    card = box.content
    others = [c for c in h.find_all(ft.Card) if c is not card]
    assert isinstance(card, ft.Card) and others
    # A card's default margin (4 px a side) would inset it from the panels below it.
    assert card.margin == 0 and {c.margin for c in others} == {0}
    games = [c for c in walk(card) if isinstance(c, ft.Column)]
    assert any(
        c.horizontal_alignment == ft.CrossAxisAlignment.STRETCH
        and any(isinstance(x, ft.Semantics) and x.identifier == "table-1" for x in c.controls)
        for c in games
    )


@run
async def test_resume_opens_the_page_the_setup_was_left_on(store: Any, hub: TableHub) -> None:
    """Issue 21: Resume of a setup in progress opened the Choose tab, not the checklist it
    was left on."""
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    await h.click(h.by_id("start-setup"))
    (table,) = store.list_tables(tool="setup")
    # This phone went on to the checklist, then back to the list of setups.
    assert not visible(h, "progress-text")  # Choose
    await h.select(h.by_id("assistant-tabs"), ["checklist"])
    assert visible(h, "progress-text")
    await h.click(h.by_id("app-back"))
    await h.click(h.by_id(f"resume-{table.id}"))
    assert visible(h, "progress-text")  # the checklist, where it was left
    # Another phone, which never opened it: Choose while nothing is ticked ...
    other = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    await other.click(other.by_id(f"resume-{table.id}"))
    assert not visible(other, "progress-text")
    # ... the checklist once a step is ticked (the choosing is done).
    await h.click(h.by_id("tick-next"))
    third = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    await third.click(third.by_id(f"resume-{table.id}"))
    assert visible(third, "progress-text")
