"""Which player a phone holds ("This phone is Ann", issues 19 and 20): a hub-level step of the
table's log that every phone and server sees, that survives a restart, and that Undo passes
over (it is not a move)."""

from __future__ import annotations

from companion.engine.journey import StartRow
from companion.history import Store
from companion.tables import Applied, Refused, TableHub
from tests.table_fixtures import REGISTRY, fresh_journey


def _table(hub: TableHub) -> int:
    return hub.create("journey", fresh_journey(("Anna", "Ben", "Cleo")), device="t").table_id


def test_a_phone_says_who_holds_it_and_every_screen_sees_it(store: Store) -> None:
    hub = TableHub(store, REGISTRY)
    table = _table(hub)
    seen: list[dict[str, str]] = []
    hub.subscribe(table, lambda snapshot: seen.append(dict(snapshot.holders)))
    outcome = hub.hold(table, player="Ben", seen=0, device="phone-b")
    assert isinstance(outcome, Applied)
    assert outcome.snapshot.held_by("phone-b") == "Ben"
    assert outcome.snapshot.held_by("phone-a") is None
    assert seen[-1] == {"phone-b": "Ben"}
    # Another restart of the server (a new hub on the same database) knows it too.
    again = TableHub(store, REGISTRY).open(table)
    assert again.held_by("phone-b") == "Ben"


def test_a_phone_changes_or_gives_up_who_it_holds(store: Store) -> None:
    hub = TableHub(store, REGISTRY)
    table = _table(hub)
    hub.hold(table, player="Ben", seen=0, device="phone-b")
    hub.hold(table, player="Anna", seen=1, device="phone-a")
    snapshot = hub.hold(table, player="Cleo", seen=2, device="phone-b").snapshot
    assert dict(snapshot.holders) == {"phone-a": "Anna", "phone-b": "Cleo"}
    snapshot = hub.hold(table, player=None, seen=3, device="phone-b").snapshot
    assert dict(snapshot.holders) == {"phone-a": "Anna"}


def test_undo_passes_over_who_holds_a_phone(store: Store) -> None:
    hub = TableHub(store, REGISTRY)
    table = _table(hub)
    moved = hub.submit(table, StartRow("9"), seen=0, device="phone-a")
    assert isinstance(moved, Applied)
    held = hub.hold(table, player="Anna", seen=1, device="phone-a")
    assert isinstance(held, Applied)
    assert held.snapshot.last == moved.seq  # the claim is not the last move
    undone = hub.undo(table, of=moved.seq, seen=2, device="phone-b")
    assert isinstance(undone, Applied)
    assert undone.snapshot.game.placements == 0
    assert undone.snapshot.held_by("phone-a") == "Anna"


def test_a_claim_from_a_screen_behind_the_table_is_still_taken(store: Store) -> None:
    hub = TableHub(store, REGISTRY)
    table = _table(hub)
    hub.submit(table, StartRow("9"), seen=0, device="phone-a")
    outcome = hub.hold(table, player="Cleo", seen=0, device="phone-c")
    assert isinstance(outcome, Applied)
    # ... and a move from a screen that had not seen the claim still fits.
    moved = hub.submit(table, StartRow("8"), seen=1, device="phone-b")
    assert isinstance(moved, Applied)


def test_only_a_seated_player_can_hold_a_phone(store: Store) -> None:
    hub = TableHub(store, REGISTRY)
    table = _table(hub)
    outcome = hub.hold(table, player="Zed", seen=0, device="phone-z")
    assert isinstance(outcome, Refused)
    assert "Zed is not seated at this table" in outcome.message
    assert hub.open(table).seq == 0
