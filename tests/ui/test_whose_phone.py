""" "This phone is Ann" (issues 19, 20): from any table's menu a phone says which seated
player holds it; that phone knows it (``TableScreen.me``), every phone on the table shows
it, and a phone that says nothing holds no one."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.tables import TableHub
from companion.ui.app import create_main
from tests.table_fixtures import fresh_journey
from tests.ui_harness import Harness, message, run, settled

ROUTE = "/calculators/journey"


def last(h: Harness, ident: str) -> Any:
    """The control tagged ``ident`` in the dialog opened last (earlier ones stay listed)."""
    return [w for w in h.find_all(ft.Semantics) if w.identifier == ident][-1].content


def whose(h: Harness) -> Any:
    return last(h, "whose-phone")


@run
async def test_a_phone_says_whose_it_is_from_the_table_menu(store: Any, hub: TableHub) -> None:
    table = hub.create("journey", fresh_journey(("Anna", "Ben", "Cleo")), device="t").table_id
    ben = await Harness.start(create_main(store, hub=hub), route=f"{ROUTE}/{table}")
    other = await Harness.start(create_main(store, hub=hub), route=f"{ROUTE}/{table}")
    await ben.click(ben.by_id("table-menu"))
    await ben.click(ben.by_id("whose-phone"))
    await ben.click(ben.by_id("phone-of-2"))
    await settled()
    assert message(ben) == "This phone is Ben's."
    held = hub.open(table).holders
    assert sorted(held.values()) == ["Ben"]
    # The other phone holds no one, and its menu asks; Ben's menu says whose it is.
    await other.click(other.by_id("table-menu"))
    assert whose(other).content == "Whose phone is this?"
    await ben.click(ben.by_id("table-menu"))
    assert whose(ben).content == "This phone is Ben's"
    # Giving it up: no one holds it any more.
    await ben.click(whose(ben))
    await ben.click(last(ben, "phone-of-none"))
    await settled()
    assert dict(hub.open(table).holders) == {}
