"""The Merchants Cove sale-value screen on a real flet Session and a temporary history store,
without a browser (tests/ui_harness.py). The sale at a Pier is a shared table (its lobby, the
old save imported once); several phones on one table are in
tests/engine/cove_goods/test_table.py."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine import cove_goods as cg
from companion.tables import TableHub
from companion.ui.app import create_main
from companion.ui.context import HOUSE_RULES_KEY
from companion.ui.cove_goods.model import DAMAGED_KEY, STATE_KEY
from tests.ui_harness import Harness, message, run, text_of, visible

ROUTE = "/calculators/cove-goods"


async def tap(h: Harness, ident: str, times: int = 1) -> None:
    for _ in range(times):
        await h.click(h.by_id(ident))


def value(h: Harness) -> str:
    return str(h.by_id("sale-value").value)


def working(h: Harness) -> str:
    return str(h.by_id("sale-working").value)


def shown(h: Harness, ident: str) -> bool:
    """Whether the tagged control is visible (the tag's wrapper is what the view hides)."""
    wrapper = h.find(ft.Semantics, identifier=ident)
    return bool(wrapper.visible and wrapper.content.visible)


async def new_sale(store: Any) -> Harness:
    """The tool's lobby, then a new Pier (it opens at its own address)."""
    h = await Harness.start(create_main(store), route=ROUTE)
    await h.click(h.by_id("new-sale"))
    return h


def sold(store: Any) -> int:
    (table,) = store.list_tables(tool="cove_goods")
    game = TableHub(store).open(table.id).game
    return len(game.sold)


@run
async def test_the_tool_opens_from_the_calculators_section(store: Any) -> None:
    h = await Harness.start(create_main(store), route="/calculators")
    tile = h.find(
        ft.ListTile, title=lambda t: getattr(t, "value", None) == "Merchants Cove sale value"
    )
    await h.click(tile)
    assert h.page.appbar.title.value == "Merchants Cove sale value"
    await h.click(h.by_id("new-sale"))
    assert value(h) == "0 gold"


@run
async def test_pricing_a_good_adding_it_and_finding_it_after_a_restart(store: Any) -> None:
    h = await new_sale(store)
    await tap(h, "count-warriors-plus", 3)
    assert value(h) == "9 gold"
    await h.select(h.by_id("display-case"), True)
    await h.select(h.by_id("enchanted"), True)
    assert value(h) == "30 gold"
    assert working(h) == "(3 + 2) × 2 = 10 base, × 3 adventurers = 30 gold"
    assert h.has_text("Ruling: Adding before or after doubling")
    await tap(h, "add-to-pier")
    assert h.has_text("Total 30 gold")
    assert h.by_id("strip-total").value == "Sold at this Pier: 1 Good, 30 gold"
    # The tokens are used up: the next Good starts without them.
    assert h.by_id("display-case").value is False and value(h) == "9 gold"
    await h.fire(h.by_id("kind-paladin"), "select", True)
    await tap(h, "count-paladins-plus", 2)
    assert value(h) == "10 gold"  # 2 base × (3 Warriors + 2 Paladins)
    await tap(h, "add-to-pier")
    # Together: the Paladins count as Warriors for both: 10 × 5 + 2 × 5.
    assert h.has_text("Total 60 gold") and h.has_text("50 + 10 = 60 gold")
    assert h.has_text("The 2 Paladins count as Warriors for every Good in this sale")

    (table,) = store.list_tables(tool="cove_goods")
    again = await Harness.start(create_main(store), route=f"{ROUTE}/{table.id}")
    assert again.has_text("Total 60 gold")
    assert again.by_id("count-warriors-count").content.value == "3"
    # The Good being priced was that phone's own: a new session starts a new one.
    assert again.by_id("kind-warriors").selected is True


@run
async def test_steppers_stop_at_their_limits_and_refusals_change_nothing(store: Any) -> None:
    h = await new_sale(store)
    assert h.by_id("count-bards-minus").disabled is True
    await tap(h, "count-paladins-plus", 7)
    assert h.by_id("count-paladins-plus").disabled is True  # the box holds 7 Paladins
    (table,) = store.list_tables(tool="cove_goods")
    steps = len(store.table_actions(table.id))
    await h.fire(h.by_id("count-paladins-plus"), "click")  # a stale tap from the client
    assert "the box holds 7 Paladins" in (message(h) or "")
    assert len(store.table_actions(table.id)) == steps
    assert h.by_id("count-paladins-count").content.value == "7"


@run
async def test_a_fence_sale_triples_and_stays_out_of_the_pier_sale(store: Any) -> None:
    h = await new_sale(store)
    assert not shown(h, "fence-sale")
    await h.select(h.by_id("rogue-card"), ["fence"])
    assert shown(h, "fence-sale")
    await h.select(h.by_id("fence-sale"), True)
    assert value(h) == "9 gold" and working(h) == "3 × 3 = 9 gold"
    assert not shown(h, "add-to-pier")
    assert h.has_text("Ruling: The Fence sale and the Pier multiplier")
    # Another Rogue card: the Fence sale goes with it.
    await h.select(h.by_id("rogue-card"), ["un_fairies"])
    assert not shown(h, "fence-sale")
    await h.select(h.by_id("rogue-card"), ["fence"])
    assert h.by_id("fence-sale").value is False  # back in play: the Fence sale is off


@run
async def test_un_fairies_lowers_the_base_when_rogues_stand_at_the_pier(store: Any) -> None:
    h = await new_sale(store)
    await h.select(h.by_id("rogue-card"), ["un_fairies"])
    await tap(h, "count-warriors-plus", 2)
    assert value(h) == "6 gold"
    assert h.has_text("no Rogue is at this Pier")
    await tap(h, "count-rogues-plus")
    assert value(h) == "4 gold" and working(h) == "3 − 1 = 2 base, × 2 adventurers = 4 gold"


@run
async def test_a_house_rule_changes_the_working_and_the_chip_leads_to_settings(
    store: Any,
) -> None:
    store.set_setting(HOUSE_RULES_KEY, [cg.RULING_MODIFIER_ORDER, "mercante.price_floor"])
    h = await new_sale(store)
    await tap(h, "count-nobles-plus", 2)
    await h.fire(h.by_id("kind-nobles"), "select", True)
    await h.select(h.by_id("display-case"), True)
    await h.select(h.by_id("enchanted"), True)
    assert working(h) == "3 × 2 + 2 = 8 base, × 2 adventurers = 16 gold"
    assert h.has_text("House rules on: Double or triple first, then add the +2 and −1.")
    chip = h.by_id(f"ruling-{cg.RULING_MODIFIER_ORDER}")
    assert "house rule on" in chip.content.controls[1].value
    await h.click(chip)
    dialog = h.dialogs(ft.AlertDialog)[-1]
    assert dialog.open and dialog.title.value == "Adding before or after doubling"
    await h.click(h.by_id("open-settings"))
    assert h.page.appbar.title.value == "Settings"


@run
async def test_a_house_rule_that_refuses_the_good_says_so_on_the_screen(store: Any) -> None:
    store.set_setting(HOUSE_RULES_KEY, [cg.RULING_DISPLAY_CASE_SHELF])
    h = await new_sale(store)
    await h.select(h.by_id("display-case"), True)
    await h.select(h.by_id("enchanted"), True)
    error = h.by_id("sale-error")
    assert "not on the Sale Shelf" in error.content.controls[1].value
    assert h.by_id("add-to-pier").disabled is True
    await h.click(h.by_id("open-settings-link"))
    assert h.page.appbar.title.value == "Settings"


@run
async def test_removing_a_good_and_undoing_it(store: Any) -> None:
    h = await new_sale(store)
    await tap(h, "count-wizards-plus", 2)
    await h.fire(h.by_id("kind-wizards"), "select", True)
    await tap(h, "add-to-pier")
    await tap(h, "base-plus")
    await tap(h, "add-to-pier")
    assert h.has_text("6 + 8 = 14 gold")
    await tap(h, "remove-0")
    assert h.has_text("Total 8 gold")
    assert sold(store) == 1
    assert message(h) == "Wizard Good (3) taken off the sale"
    await h.click(h.by_id("message-undo"))  # the table's undo of exactly that step
    assert h.has_text("6 + 8 = 14 gold")
    assert sold(store) == 2
    await tap(h, "new-pier")
    assert value(h) == "0 gold" and not h.has_text("Total")


@run
async def test_a_damaged_save_gives_a_notice_and_a_fresh_start(store: Any) -> None:
    damaged = {"format": 1, "pier": {"wizards": "many"}}
    store.set_setting(STATE_KEY, damaged)
    h = await Harness.start(create_main(store), route=ROUTE)
    notice = h.by_id("damaged-save")
    assert "could not be read back" in notice.content.controls[1].value
    assert store.get_setting(DAMAGED_KEY) == damaged
    assert store.get_setting(STATE_KEY) is None
    await h.click(h.by_id("new-sale"))
    assert value(h) == "0 gold"


@run
async def test_a_sub_route_is_not_found(store: Any) -> None:
    h = await Harness.start(create_main(store), route=f"{ROUTE}/extra")
    assert h.page.appbar.title.value == "Not found"


@run
async def test_a_ruling_can_be_switched_right_where_the_number_is(store: Any) -> None:
    """The ruling sheet's switch turns the house rule on, and the value follows at once."""
    h = await new_sale(store)
    await tap(h, "count-nobles-plus", 2)
    await h.fire(h.by_id("kind-nobles"), "select", True)
    await h.select(h.by_id("display-case"), True)
    await h.select(h.by_id("enchanted"), True)
    before = working(h)
    await h.click(h.by_id(f"ruling-{cg.RULING_MODIFIER_ORDER}"))
    await h.select(h.by_id(f"ruling-switch-{cg.RULING_MODIFIER_ORDER}"), True)
    assert cg.RULING_MODIFIER_ORDER in store.get_setting(HOUSE_RULES_KEY)
    await h.click(h.by_id("ruling-close"))
    after = working(h)
    assert after != before
    assert after == "3 × 2 + 2 = 8 base, × 2 adventurers = 16 gold"
    chip = h.by_id(f"ruling-{cg.RULING_MODIFIER_ORDER}")
    assert "house rule on" in chip.content.controls[1].value


def tonights_setup(store: Any, modules: list[str], rogue: str | None) -> None:
    """An open Merchants Cove setup with ``modules`` and ``rogue`` as its Rogue card."""
    from companion.engine.setup import SetupGame
    from companion.engine.setup.actions import SetCard, SetModule

    hub = TableHub(store)
    snap = hub.create("setup", SetupGame.fresh(game="merchants_cove", players=4))
    for module in modules:
        snap = hub.submit(
            snap.table_id, SetModule(module, True), seen=snap.seq, device="t"
        ).snapshot
    if rogue is not None:
        snap = hub.submit(
            snap.table_id, SetCard("rogue", rogue), seen=snap.seq, device="t"
        ).snapshot


def counter_shown(h: Harness, name: str) -> bool:
    """Whether the Pier's stepper for ``name`` (its row, a Container) is visible."""
    (row,) = [
        c
        for c in h.find_all(ft.Container)
        if isinstance(c.content, ft.Row)
        and c.content.controls
        and getattr(c.content.controls[0], "value", None) == name
    ]
    return bool(row.visible)


@run
async def test_a_new_pier_starts_with_tonights_rogue_card_and_only_the_pieces_its_modules_bring(
    store: Any,
) -> None:
    tonights_setup(store, ["faction_festival", "paladins", "display_cases"], "fence")
    h = await new_sale(store)
    (table,) = store.list_tables(tool="cove_goods")
    assert TableHub(store).open(table.id).game.rogue_card == "fence"
    assert h.by_id("rogue-card").selected == ["fence"]
    assert shown(h, "fence-sale")
    assert h.has_text("Tonight's modules bring Paladins, Paladin Goods and Display Cases.")
    assert shown(h, "display-case") and shown(h, "kind-paladin")
    assert counter_shown(h, "Paladins")
    assert not shown(h, "enchanted")  # no Enchantment tokens tonight
    await h.click(h.find(ft.TextButton, content="Show every piece of Master Craft"))
    assert shown(h, "enchanted")
    await h.click(h.find(ft.TextButton, content="Show only tonight's pieces"))
    assert not shown(h, "enchanted")


@run
async def test_a_night_without_master_crafts_pieces_hides_them_and_the_paladins(
    store: Any,
) -> None:
    tonights_setup(store, ["entertainer"], None)
    h = await new_sale(store)
    assert h.has_text("Tonight's modules bring no Paladins, Display Cases or Enchantments.")
    for ident in ("display-case", "enchanted", "kind-paladin"):
        assert not shown(h, ident), ident
    assert not counter_shown(h, "Paladins") and counter_shown(h, "Rogues")
    assert h.by_id("rogue-card").selected == ["other"]


@run
async def test_without_a_night_every_piece_is_offered(store: Any) -> None:
    h = await new_sale(store)
    for ident in ("display-case", "enchanted", "kind-paladin"):
        assert shown(h, ident), ident
    assert not h.has_text("Tonight's modules")


def tonights_night(store: Any, modules: tuple[str, ...] = ()) -> int:
    """An open Merchants Cove night with Ann, Ben, Cleo and Dan seated (and ``modules``)."""
    from companion.engine.seats import Choose, Seating

    hub = TableHub(store)
    night = Seating.new("merchants_cove", seed=482913, seats=("Ann", "Ben", "Cleo", "Dan"))
    snap = hub.create("seats", night)
    if modules:
        hub.submit(snap.table_id, Choose(modules=modules), seen=snap.seq, device="t")
    return snap.table_id


def tally(store: Any, night_id: int) -> list[tuple[str, int, str, str, str]]:
    line_of = TableHub(store).open(night_id).game.tally
    return [(t.player, t.points, t.what, t.working, t.tool) for t in line_of]


@run
async def test_a_piers_total_goes_to_a_players_tally_in_one_tap_with_its_working(
    store: Any,
) -> None:
    night_id = tonights_night(store, ("faction_festival", "paladins", "display_cases"))
    h = await new_sale(store)
    assert h.has_text("Tonight's modules bring Paladins, Paladin Goods and Display Cases.")
    assert not visible(h, "tally-pier")  # nothing sold yet
    await tap(h, "count-warriors-plus", 4)
    await h.select(h.by_id("display-case"), True)
    await tap(h, "add-to-pier")
    assert h.has_text("Total 20 gold")
    buttons = [text_of(h.by_id(f"tally-pier-{i}")) for i in range(1, 5)]
    assert buttons == [f"Add 20 gold to {p}" for p in ("Ann", "Ben", "Cleo", "Dan")]
    await tap(h, "tally-pier-1")  # one tap
    assert message(h) == "Added 20 gold to Ann's tally"
    # Not offered again (a second tap would count it twice) until it changes or is undone.
    assert not visible(h, "tally-pier-1")
    assert text_of(h.by_id("tally-pier")) == "On Ann's tally: A sale at a Pier (1 Good), 20 gold."
    assert tally(store, night_id) == [
        (
            "Ann",
            20,
            "A sale at a Pier (1 Good)",
            "Warrior Good (3) · Display Case: 3 + 2 = 5 base, × 4 adventurers = 20 gold",
            "cove_goods",
        )
    ]
    # Its Undo takes that line back off the night.
    await h.click(h.by_id("message-action"))
    assert tally(store, night_id) == []
    assert message(h) == "Taken back: 20 gold for Ann"
    assert text_of(h.by_id("tally-pier-2")) == "Add 20 gold to Ben"


@run
async def test_a_fence_sale_goes_to_the_tally_and_another_phone_sees_it(
    store: Any, hub: TableHub
) -> None:
    night_id = tonights_night(store)
    tonights_setup(store, [], "fence")
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    await h.click(h.by_id("new-sale"))
    other = await Harness.start(create_main(store, hub=hub), route=f"/setup/seats/{night_id}")
    assert not other.has_text("+9 A Fence sale")
    await tap(h, "count-warriors-plus", 1)
    await h.select(h.by_id("fence-sale"), True)
    assert value(h) == "9 gold"
    assert not visible(h, "tally-pier")
    await tap(h, "tally-fence-2")
    assert message(h) == "Added 9 gold to Ben's tally"
    await other.settled()
    assert other.has_text("+9 A Fence sale")  # the night's screen on the other phone
    assert other.has_text("Warrior Good (3): 3 × 3 = 9 gold")
    (line,) = TableHub(store).open(night_id).game.tally
    assert (line.player, line.points, line.what) == ("Ben", 9, "A Fence sale")
    assert line.working == "Warrior Good (3): 3 × 3 = 9 gold"
