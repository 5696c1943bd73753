"""The Rules screen and the "why?" link on a real flet Session and a temporary history store,
without a browser (tests/ui_harness.py)."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft
import pytest

from companion import reference
from companion.rules import catalogue
from companion.ui.app import create_main
from companion.ui.context import AppContext
from companion.ui.kit.why import why_link, why_targets
from companion.ui.rules.model import search as logic
from tests.ui_harness import Harness, run


def field(h: Harness) -> ft.TextField:
    return h.by_id("rules-search")  # type: ignore[no-any-return]


def results(h: Harness) -> list[str]:
    return [
        s.identifier.removeprefix("result-")
        for s in h.find_all(ft.Semantics)
        if isinstance(s.identifier, str) and s.identifier.startswith("result-")
    ]


def span_texts(text: ft.Text, *, bold: bool) -> list[str]:
    return [
        str(s.text)
        for s in text.spans or []
        if (s.style is not None and s.style.weight == ft.FontWeight.BOLD) == bold
    ]


@run
async def test_rules_is_in_the_bar_and_lists_each_games_topics(store: Any) -> None:
    h = await Harness.start(create_main(store), route="/setup")
    labels = [d.label for d in h.page.navigation_bar.destinations]
    assert labels == ["Setup", "Calculators", "Rules", "Score", "History"]
    await h.navigate(labels.index("Rules"))
    assert h.page.appbar.title.value == "Rules"
    for game, _ in reference.games():
        for t in logic.topics(game):
            assert h.find_all(ft.Semantics, identifier=f"topic-{game}-{logic.slug(t.title)}")


@run
async def test_search_as_you_type_groups_results_by_game_and_marks_the_words(store: Any) -> None:
    h = await Harness.start(create_main(store), route="/rules")
    await h.type(field(h), "okrgoth")
    assert results(h)[0] == "journey.card.q"
    assert h.find_all(ft.Semantics, identifier="rules-group-merchants_journey")
    title = h.by_id("result-journey.card.q").content.controls[0]
    assert span_texts(title, bold=True) == ["Okkrgoth"]
    await h.type(field(h), "paladin")
    groups = [
        s.identifier
        for s in h.find_all(ft.Semantics)
        if isinstance(s.identifier, str) and s.identifier.startswith("rules-group-")
    ]
    assert groups[0] == "rules-group-merchants_cove"
    await h.type(field(h), "zxqvbnm")
    assert results(h) == []
    assert h.has_text("Nothing in the rules matches “zxqvbnm”.")
    await h.type(field(h), "")
    assert h.find_all(ft.Semantics, identifier="topic-mercante-variants")


@run
async def test_a_result_stays_one_control_while_more_letters_are_typed(store: Any) -> None:
    # A tap on a result while the last letters typed are still on their way must reach it:
    # typing on marks other words in the tile, it does not swap the tile for a copy.
    h = await Harness.start(create_main(store), route="/rules")
    await h.type(field(h), "unfairie")
    tile = h.by_id("result-cove.card.un_fairies")
    panel = h.by_id("rules-group-merchants_cove")
    lines = list(tile.content.controls)
    await h.type(field(h), "unfairies")
    assert h.by_id("result-cove.card.un_fairies") is tile
    assert h.by_id("rules-group-merchants_cove") is panel
    # "fairy" is a matched word now too: the lines are marked again, inside the same tile.
    assert not set(map(id, tile.content.controls)) & set(map(id, lines))
    assert span_texts(tile.content.controls[0], bold=True) == ["Un-Fairies"]
    lines = list(tile.content.controls)
    await h.type(field(h), "unfairies ")  # the same words match: nothing is redrawn
    assert list(map(id, tile.content.controls)) == list(map(id, lines))
    await h.click(tile)
    assert h.by_id("entry-title").value == "Un-Fairies (Rogue card 19)"


@run
async def test_the_game_chips_filter_the_results(store: Any) -> None:
    h = await Harness.start(create_main(store), route="/rules")
    await h.type(field(h), "10")
    chip = h.by_id("rules-game-merchants_journey")
    await h.fire(chip, "select", True)
    assert results(h)[0] == "journey.card.10"
    assert all(reference.entry(r).game == "merchants_journey" for r in results(h))


@run
async def test_a_result_opens_its_entry_and_related_entries_link_on(store: Any) -> None:
    h = await Harness.start(create_main(store), route="/rules")
    await h.type(field(h), "what does the Fence do?")
    await h.click(h.by_id("result-cove.card.fence"))
    assert h.page.appbar.title.value == "Fence (Rogue card 21)"
    assert h.by_id("entry-title").value == "Fence (Rogue card 21)"
    assert "Rogue cards 15–21" not in h.page.appbar.title.value
    assert "Master Craft rules, Rogue cards, 21) Fence" in h.by_id("entry-sources").value
    await h.click(h.by_id("related-cove.sale_value"))
    assert h.by_id("entry-title").value == "What a Good sells for with Master Craft"
    assert h.find_all(ft.Semantics, identifier="ruling-cove_goods.modifier_order")


@run
async def test_an_entry_route_opens_directly_and_a_stale_one_says_not_found(store: Any) -> None:
    h = await Harness.start(create_main(store), route="/rules/mercante.upkeep")
    assert h.page.appbar.title.value == "Upkeep"
    assert h.page.navigation_bar.selected_index == 2
    h = await Harness.start(create_main(store), route="/rules/no.such.entry")
    assert h.page.appbar.title.value == "Not found"
    h = await Harness.start(create_main(store), route="/rules/topic/mercante/variants")
    assert h.page.appbar.title.value == "Variants"
    assert len(results(h)) == 10


@run
async def test_a_ruling_entry_switches_its_house_rule(store: Any) -> None:
    ruling = next(r for r in catalogue().rulings if r.alternative)
    h = await Harness.start(create_main(store), route=f"/rules/ruling.{ruling.id}")
    switch = h.by_id(f"house-rule-{ruling.id}")
    await h.select(switch, True)
    assert ruling.id in store.get_setting("house_rules", [])
    await h.select(switch, False)
    assert ruling.id not in store.get_setting("house_rules", [])


@run
async def test_settings_rulings_link_to_their_rules_entry(store: Any) -> None:
    ruling = catalogue().rulings[0]
    h = await Harness.start(create_main(store), route=f"/settings/rulings/{ruling.id}")
    await h.click(h.by_id(f"rules-entry-{ruling.id}"))
    assert h.by_id("entry-title").value == ruling.topic


@run
async def test_why_opens_one_entry_one_ruling_or_a_list(store: Any) -> None:
    h = await Harness.start(create_main(store), route="/rules")
    ctx = AppContext(page=h.page, store=store, catalogue=catalogue())
    routes: list[str] = []
    ctx.navigate = routes.append

    one = why_link(ctx, ["mercante.bazaar"])
    h.page.controls.append(one)
    h.page.update()
    await h.click(one.content)
    assert routes == ["/rules/mercante.bazaar?back=/rules"]  # back: the screen asking why

    sheet = why_link(ctx, ruling_ids=["mercante.price_floor"])
    h.page.controls.append(sheet)
    h.page.update()
    await h.click(sheet.content)
    assert h.dialogs(ft.AlertDialog, open_only=True)
    h.page.pop_dialog()

    several = why_link(ctx, ["mercante.bazaar", "card:fence"], ["mercante.price_floor"])
    h.page.controls.append(several)
    h.page.update()
    await h.click(several.content)
    listed = [
        s.identifier
        for s in h.find_all(ft.Semantics)
        if isinstance(s.identifier, str) and s.identifier.startswith("why-")
    ]
    assert "why-entry-mercante.bazaar" in listed and "why-entry-cove.card.fence" in listed
    assert "why-ruling-mercante.price_floor" in listed
    await h.click(h.by_id("why-entry-cove.card.fence"))
    assert routes[-1] == "/rules/cove.card.fence?back=/rules"


def test_why_targets_resolve_and_unknown_ids_fail_when_built() -> None:
    entries, rulings = why_targets(["step:festival.board", "cove.module.faction_festival"])
    assert [e.id for e in entries] == ["cove.module.faction_festival"]
    assert rulings == ()
    entries, rulings = why_targets(["ruling.mercante.price_floor"], ["mercante.price_floor"])
    assert entries == () and rulings == ("mercante.price_floor",)
    with pytest.raises(KeyError):
        why_targets(["no.such.thing"])


def test_snippets_show_the_line_with_the_match() -> None:
    item = reference.entry("mercante.upkeep.remove_goods")
    assert "Foodstuffs" in logic.snippet(item, {"foodstuff"})
    assert logic.snippet(item, set()) == item.summary
    long = logic.snippet(reference.entry("mercante.auction"), {"harbor"}, length=40)
    assert long.endswith("…") and len(long) <= 41


@run
async def test_a_long_entry_title_wraps_in_the_app_bar_instead_of_being_cut(store: Any) -> None:
    """At 390 px a title such as "Which Blights are 'connected', and a chain of five" does not
    fit one line beside the back arrow and the actions: it takes two smaller lines."""
    h = await Harness.start(create_main(store), route="/rules/ruling.journey.blight_chain")
    title = h.page.appbar.title
    assert title.value == reference.entry("ruling.journey.blight_chain").title
    assert title.max_lines == 2 and title.theme_style == ft.TextThemeStyle.TITLE_MEDIUM
    short = await Harness.start(create_main(store), route="/rules")
    assert short.page.appbar.title.max_lines == 1 and short.page.appbar.title.theme_style is None


@run
async def test_rules_keeps_its_search_and_place_after_an_entry_is_read(store: Any) -> None:
    """Issue 21: Rules forgot its query (and scroll) once an entry was opened and closed."""
    h = await Harness.start(create_main(store), route="/rules")
    await h.type(field(h), "fence")
    await h.fire(h.by_id("rules-game-merchants_cove"), "select", True)
    before = results(h)
    from companion.ui.rules.screen import kept

    kept(AppContext(page=h.page, store=store, catalogue=catalogue())).offset = 420.0
    await h.click(h.by_id("result-cove.card.fence"))
    assert h.by_id("entry-title").value == "Fence (Rogue card 21)"
    await h.click(h.by_id("app-back"))
    assert field(h).value == "fence"
    assert results(h) == before
    assert h.by_id("rules-game-merchants_cove").selected
    await asyncio.sleep(0.3)
    scrolls = [
        m.body.args.get("offset")
        for m in h.conn.messages
        if getattr(m.body, "name", None) == "scroll_to"
    ]
    assert scrolls == [420.0]  # back where the list was left
