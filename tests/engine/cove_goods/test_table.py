"""The Merchants Cove sale at a Pier on a shared table: its table rules (actions read back,
what each depends on, what changed in words, replay), the old save imported once, several
phones on one Pier (pushes, counts from two phones at once, a stale count refused, the Good
being priced kept on its phone, undo, reload, a full disk, leaving), and every "why?" on
the screen resolving to the rules it names."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion import reference
from companion.engine import cove_goods as cg
from companion.engine.core.protocol import TableRules
from companion.engine.cove_goods import (
    AddGood,
    ClearSale,
    CoveAction,
    CoveSale,
    Good,
    GoodsError,
    NewPier,
    RemoveGood,
    SetCount,
    SetRogueCard,
)
from companion.tables import TableHub
from companion.ui import live as live_module
from companion.ui.app import create_main
from companion.ui.cove_goods.model import PALADIN_GOOD, STATE_KEY, SaleState
from companion.ui.kit.why import why_targets
from companion.ui.model import live as live_logic
from tests.screen_fixtures import leave_and_close
from tests.table_fixtures import game_on, table_from, writes_failing
from tests.ui_harness import Harness, message, run, settled

RULES = cg.TABLE_RULES
ROUTE = "/calculators/cove-goods"
WIZARD = Good(4, "wizards", display_case=True, enchanted=True)


def counted(**counts: int) -> CoveSale:
    sale = CoveSale()
    for type_id, count in counts.items():
        sale = sale.apply(SetCount(type_id, count))[0]
    return sale


# -- the table's rules -----------------------------------------------------------------------------


def test_the_sale_exports_its_table_rules() -> None:
    assert isinstance(RULES, TableRules)
    assert (RULES.tool, RULES.error) == ("cove_goods", GoodsError)
    sale = counted(wizards=3, paladins=2).apply(AddGood(WIZARD))[0]
    assert RULES.players(sale) == ()
    assert RULES.status(sale) == "At the Pier: 3 Wizards, 2 Paladins · 1 Good sold"
    assert RULES.read_start(RULES.start_of(CoveSale())) == CoveSale()


@pytest.mark.parametrize(
    "action",
    [
        SetCount("wizards", 3),
        SetRogueCard("fence"),
        AddGood(WIZARD),
        AddGood(Good.paladin_good()),
        RemoveGood(0, WIZARD),
        ClearSale(),
        NewPier(),
    ],
)
def test_actions_read_back_from_their_saved_form(action: CoveAction) -> None:
    assert RULES.read_action(action.to_dict()) == action


@pytest.mark.parametrize(
    ("data", "names"),
    [
        ({"kind": "count", "adventurer": "wizards", "count": "3"}, "'3'"),
        ({"kind": "rogue_card", "card": "sirens"}, "'sirens'"),
        ({"kind": "add_good", "good": {"base": 4, "sells_to": "rogues"}}, "not to rogues"),
        ({"kind": "add_good", "good": {"base": 3, "sells_to": None}}, "base value is 2, not 3"),
        ({"kind": "remove_good", "index": "0", "good": {"base": 3}}, "'0'"),
        ({"kind": "new_pier", "all": 1}, "'all'"),
        ({"kind": "haggle"}, "'haggle'"),
    ],
)
def test_a_bad_action_names_the_field(data: object, names: str) -> None:
    with pytest.raises(GoodsError, match=names.replace("(", r"\(")):
        RULES.read_action(data)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (SetCount("paladins", 8), "the box holds 7 Paladins"),
        (SetCount("wizards", 3), "has 3 Wizards already"),
        (SetCount("dragons", 1), "dragons"),
        (SetRogueCard("other"), "in play already"),
        (RemoveGood(1, WIZARD), "Good number 2"),
        (ClearSale(), "nothing is sold"),
    ],
)
def test_an_action_that_is_not_allowed_says_why_and_changes_nothing(
    action: CoveAction, message: str
) -> None:
    sale = counted(wizards=3)
    with pytest.raises(GoodsError, match=message):
        sale.apply(action)
    assert sale == counted(wizards=3) and len(sale.log) == 1


def test_more_tokens_than_the_box_holds_are_refused_when_added() -> None:
    sale = CoveSale()
    for _ in range(cg.facts().paladin_good.tokens):
        sale = sale.apply(AddGood(Good.paladin_good()))[0]
    with pytest.raises(cg.LimitError, match="Paladin Goods"):
        sale.apply(AddGood(Good.paladin_good()))


def test_counts_of_different_types_and_goods_from_two_phones_both_fit() -> None:
    seen = counted(wizards=3)
    now = seen.apply(SetCount("bards", 2))[0]
    assert RULES.fits(seen, now, SetCount("wizards", 4))
    assert not RULES.fits(seen, now, SetCount("bards", 1))  # someone counted the Bards
    assert RULES.fits(seen, seen.apply(AddGood(WIZARD))[0], AddGood(Good(3, "bards")))
    sold = seen.apply(AddGood(WIZARD))[0].apply(AddGood(Good(3, "bards")))[0]
    less = sold.apply(RemoveGood(0, WIZARD))[0]
    assert not RULES.fits(sold, less, RemoveGood(1, Good(3, "bards")))  # the list moved
    assert RULES.fits(sold, sold.apply(SetCount("nobles", 1))[0], RemoveGood(0, WIZARD))
    assert not RULES.fits(sold, sold.apply(AddGood(WIZARD))[0], ClearSale())


def test_what_changed_says_which_count_card_or_good() -> None:
    seen = counted(wizards=3)
    assert cg.table_changed(seen, seen.apply(SetCount("wizards", 5))[0]) == (
        "the Pier has 5 Wizards now"
    )
    assert (
        cg.table_changed(seen, seen.apply(SetRogueCard("fence"))[0]) == "the Fence is in play now"
    )
    added = seen.apply(AddGood(WIZARD))[0]
    assert cg.table_changed(seen, added) == (
        "Enchanted Wizard Good (4) from a Display Case was added to the sale meanwhile"
    )
    assert cg.table_changed(added, added.apply(ClearSale())[0]) == (
        "this Pier's sale was cleared meanwhile"
    )


ACTIONS = st.one_of(
    st.builds(SetCount, st.sampled_from(cg.adventurer_types()), st.integers(0, 9)),
    st.builds(SetRogueCard, st.sampled_from(["other", "un_fairies", "fence"])),
    st.builds(
        AddGood,
        st.one_of(
            st.builds(
                Good,
                st.integers(1, 6),
                st.sampled_from(cg.facts().factions),
                st.booleans(),
                st.booleans(),
            ),
            st.builds(Good.paladin_good, display_case=st.booleans(), enchanted=st.booleans()),
        ),
    ),
    st.builds(RemoveGood, st.integers(0, 3), st.just(WIZARD)),
    st.just(ClearSale()),
    st.just(NewPier()),
)


@given(st.lists(ACTIONS, max_size=25))
def test_any_sale_replays_from_its_save_and_prices(actions: list[CoveAction]) -> None:
    sale = CoveSale()
    for action in actions:
        if sale.can_apply(action):
            sale = sale.apply(action)[0]
    assert CoveSale.from_dict(sale.to_dict()) == sale
    priced = cg.sell_at_pier(sale.pier, sale.sold, un_fairies=sale.un_fairies)
    assert priced.total == sum(line.value for line in priced.lines) >= 0


# -- on the screen ---------------------------------------------------------------------------------


pytestmark = pytest.mark.usefixtures("players_who_look")


def sale_with(hub: TableHub, *actions: CoveAction) -> int:
    return table_from(hub, "cove_goods", CoveSale(), actions)


def sale_of(hub: TableHub, table_id: int) -> CoveSale:
    return game_on(hub.store, table_id, CoveSale)


async def phone(store: Any, hub: TableHub, table_id: int) -> Harness:
    return await Harness.start(create_main(store, hub=hub), route=f"{ROUTE}/{table_id}")


def count(h: Harness, type_id: str) -> str:
    return str(h.by_id(f"count-{type_id}-count").content.value)


@run
async def test_the_old_save_becomes_a_table_once_and_its_phone_keeps_pricing(
    store: Any, hub: TableHub
) -> None:
    state = SaleState().with_rogue_card("un_fairies")
    for type_id, n in (("warriors", 1), ("wizards", 3), ("paladins", 2), ("rogues", 1)):
        state = state.with_count(type_id, n)
    state = state.with_kind("warriors").with_base(3).add_to_pier(cg.STANDARD)
    state = state.with_kind(PALADIN_GOOD).add_to_pier(cg.STANDARD)
    state = state.with_kind("wizards").with_base(4).with_display_case(True)
    store.set_setting(STATE_KEY, state.to_dict())
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert h.has_text("The sale kept before is now a shared table")
    (table,) = store.list_tables(tool="cove_goods")
    sale = sale_of(hub, table.id)
    assert (sale.pier, sale.rogue_card, sale.sold) == (state.pier, "un_fairies", state.sold)
    assert store.get_setting(live_logic.imported_key(STATE_KEY)) == state.to_dict()
    await h.click(h.by_id(f"resume-{table.id}"))
    assert h.by_id("kind-wizards").selected and h.by_id("display-case").value is True
    assert h.by_id("strip-total").value == "Sold at this Pier: 2 Goods, 9 gold"
    again = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert len(store.list_tables(tool="cove_goods")) == 1
    assert not again.has_text("kept before")


@run
async def test_counts_from_two_phones_at_once_both_count(store: Any, hub: TableHub) -> None:
    table_id = sale_with(hub)
    anna, ben, cleo = [await phone(store, hub, table_id) for _ in range(3)]
    await asyncio.gather(
        anna.session.dispatch_event(anna.by_id("count-wizards-plus")._i, "click", None),
        ben.session.dispatch_event(ben.by_id("count-bards-plus")._i, "click", None),
    )
    await settled()
    assert sale_of(hub, table_id).pier == cg.Pier.of(wizards=1, bards=1)
    for h in (anna, ben, cleo):
        assert (count(h, "wizards"), count(h, "bards")) == ("1", "1")
        assert message(h) is None  # counting is quiet; pushes are silent
    assert hub.subscriber_count(table_id) == 3


@run
async def test_quick_taps_on_one_stepper_all_count_while_another_phone_counts(
    store: Any, hub: TableHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live_module, "SEEN_DELAY", 5.0)
    table_id = sale_with(hub)
    anna = await phone(store, hub, table_id)
    ben = await phone(store, hub, table_id)
    await ben.click(ben.by_id("count-nobles-plus"))  # pushed to Anna just before her taps
    for _ in range(3):
        await anna.click(anna.by_id("count-wizards-plus"))
    assert sale_of(hub, table_id).pier == cg.Pier.of(wizards=3, nobles=1)
    assert message(anna) is None


@run
async def test_a_stale_count_is_refused_and_the_phone_is_brought_up_to_date(
    store: Any, hub: TableHub
) -> None:
    table_id = sale_with(hub, SetCount("wizards", 2))
    ben = await phone(store, hub, table_id)
    cleo = await phone(store, hub, table_id)
    assert hub.submit(table_id, SetCount("wizards", 3), seen=1, device="ben").ok
    await cleo.session.dispatch_event(cleo.by_id("count-wizards-plus")._i, "click", None)
    assert sale_of(hub, table_id).pier.count("wizards") == 3  # not counted twice
    assert message(cleo) == "The Pier has 3 Wizards now."
    assert count(cleo, "wizards") == "3"
    await settled()
    assert count(ben, "wizards") == "3"


@run
async def test_the_good_being_priced_stays_on_its_phone_until_it_is_added(
    store: Any, hub: TableHub
) -> None:
    table_id = sale_with(hub, SetCount("wizards", 3))
    anna = await phone(store, hub, table_id)
    ben = await phone(store, hub, table_id)
    await anna.fire(anna.by_id("kind-wizards"), "select", True)
    await anna.select(anna.by_id("enchanted"), True)
    await ben.click(ben.by_id("count-wizards-plus"))  # a push while Anna prices her Good
    await settled()
    assert anna.by_id("enchanted").value is True and anna.by_id("kind-wizards").selected
    assert anna.by_id("sale-value").value == "24 gold"  # 3 × 2 base × 4 Wizards
    assert ben.by_id("enchanted").value is False and ben.by_id("sale-value").value == "0 gold"
    await anna.click(anna.by_id("add-to-pier"))
    await settled()
    assert ben.by_id("strip-total").value == "Sold at this Pier: 1 Good, 24 gold"
    assert anna.by_id("enchanted").value is False  # the token is used up on her phone


@run
async def test_undo_is_the_tables_last_change(store: Any, hub: TableHub) -> None:
    table_id = sale_with(hub, SetCount("wizards", 2))
    anna = await phone(store, hub, table_id)
    ben = await phone(store, hub, table_id)
    await anna.click(anna.by_id("add-to-pier"))
    assert not anna.by_id("message-undo").disabled
    await ben.click(ben.by_id("count-wizards-plus"))
    await settled()
    assert anna.by_id("message-undo").disabled  # Ben changed the table since
    await anna.click(anna.by_id("undo-last"))  # the app bar: the last change, Ben's count
    assert sale_of(hub, table_id).pier.count("wizards") == 2
    assert len(sale_of(hub, table_id).sold) == 1
    assert message(anna) == "Taken back: At the Pier: 3 Wizards"


@run
async def test_a_reload_shows_the_sale_now_and_drops_messages(store: Any, hub: TableHub) -> None:
    table_id = sale_with(hub)
    h = await phone(store, hub, table_id)
    await h.click(h.by_id("add-to-pier"))
    assert message(h) is not None
    await h.session.disconnect(60)
    hub.submit(table_id, SetCount("nobles", 4), seen=1, device="other")
    await settled()
    h.session.attach_connection(h.conn)
    await h.session.dispatch_connect_event()
    await settled()
    assert message(h) is None and count(h, "nobles") == "4"


@run
async def test_leaving_the_screen_or_closing_the_session_unsubscribes(
    store: Any, hub: TableHub
) -> None:
    table_id = sale_with(hub)
    h = await phone(store, hub, table_id)
    other = await phone(store, hub, table_id)
    await leave_and_close(hub, table_id, h, other, 0)


@run
async def test_a_full_disk_is_a_message_and_the_good_is_not_shown_added(
    store: Any, hub: TableHub
) -> None:
    table_id = sale_with(hub, SetCount("wizards", 2))
    h = await phone(store, hub, table_id)
    other = await phone(store, hub, table_id)
    await h.select(h.by_id("display-case"), True)
    with writes_failing(store):
        await h.click(h.by_id("add-to-pier"))
    assert message(h) is not None and "Not saved: the disk is full" in message(h)
    assert not h.find_all(ft.Semantics, identifier="sold-0")  # not shown as done
    assert h.by_id("display-case").value is True  # the Good is still being priced
    assert sale_of(hub, table_id).sold == ()
    await settled()
    assert not other.find_all(ft.Semantics, identifier="sold-0")
    await h.click(h.by_id("add-to-pier"))  # the session goes on
    assert sale_of(hub, table_id).sold == (Good(3, "warriors", display_case=True),)


async def priced(store: Any, hub: TableHub, table_id: int) -> Harness:
    """A phone on the table pricing an Enchanted Wizard Good from a Display Case."""
    h = await phone(store, hub, table_id)
    await h.fire(h.by_id("kind-wizards"), "select", True)
    await h.select(h.by_id("display-case"), True)
    await h.select(h.by_id("enchanted"), True)
    return h


def whys(h: Harness) -> list[str]:
    return [
        str(s.identifier)
        for s in h.find_all(ft.Semantics)
        if str(s.identifier or "").startswith("why-")
    ]


@run
async def test_every_why_on_the_screen_opens_the_rules_it_names(store: Any, hub: TableHub) -> None:
    table_id = sale_with(
        hub,
        SetRogueCard("un_fairies"),
        *(SetCount(t, n) for t, n in (("warriors", 1), ("wizards", 3), ("paladins", 2))),
        SetCount("rogues", 1),
        AddGood(Good(3, "warriors")),
        AddGood(Good.paladin_good()),
    )
    h = await priced(store, hub, table_id)
    assert h.by_id("sale-value").value == "40 gold"  # (3 + 2 − 1) × 2 × 5
    idents = whys(h)
    # A why? on each modifier (Display Case, Un-Fairies, Enchantment), the multiplier, the
    # value, and the Pier's total.
    assert idents == [
        "why-step-1", "why-step-2", "why-step-3", "why-step-4", "why-step-5", "why-step-6",
        "why-pier-total",
    ]  # fmt: skip
    rulings = {r.id for r in h_catalogue().rulings}
    opened: set[str] = set()
    for ident in idents:
        h = await priced(store, hub, table_id)
        await h.click(h.by_id(ident))
        dialogs = h.dialogs(ft.AlertDialog, open_only=True)
        if not dialogs:  # one entry: its screen opened
            shown = [e.id for e in reference.entries() if e.title == h.page.appbar.title.value]
            assert shown, ident
            opened.update(shown)
            continue
        if h.find_all(ft.Semantics, identifier="ruling-close"):  # one ruling: its sheet
            assert dialogs[-1].title.value in {r.topic for r in h_catalogue().rulings}, ident
            continue
        tiles = [
            str(t.identifier)
            for t in h.find_all(ft.Semantics)
            if str(t.identifier or "").startswith(("why-entry-", "why-ruling-"))
        ]
        assert tiles, ident
        for tile in tiles:
            if tile.startswith("why-entry-"):
                opened.add(reference.entry(tile.removeprefix("why-entry-")).id)
            else:
                assert tile.removeprefix("why-ruling-") in rulings, tile
        await h.click(h.by_id(tiles[0]))  # and the first target opens
        await settled()
        first = reference.entry(tiles[0].removeprefix("why-entry-"))
        assert h.page.appbar.title.value == first.title, ident  # its entry is on screen
    assert {
        "cove.sale_value",
        "cove.module.display_cases",
        "cove.module.enchantment_tokens",
        "cove.card.un_fairies",
        "cove.module.paladins",
    } <= opened
    assert why_targets(["cove_goods.paladins"])[0][0].id == "cove.module.paladins"


def h_catalogue() -> Any:
    from companion.rules import catalogue

    return catalogue()
