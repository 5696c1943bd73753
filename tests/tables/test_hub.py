"""The table hub (companion.tables): one action at a time per table, committed before it is
shown, stale screens refused or applied by what their action depends on, a generic undo,
restarts that replay every table, damaged logs kept and reported, database errors that
change nothing, several servers over one database, and saving to history exactly once.

Runs on a SQLite file and, with COMPANION_TEST_PG set, on PostgreSQL too.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import journey as j
from companion.engine.journey import Place, StartRow, Swap
from companion.history import PlayCreate, Store, StoreError
from companion.tables import (
    Applied,
    Failed,
    Refused,
    Saved,
    Snapshot,
    StatusChanged,
    TableHub,
    TableNotFound,
)
from tests.table_fixtures import (
    REGISTRY,
    Checklist,
    Tick,
    disk_filled,
    fresh_journey,
    race,
    writes_failing,
)

if TYPE_CHECKING:
    from tests.history_fixtures import DatabaseFactory


def hub_on(store: Store) -> TableHub:
    return TableHub(store, REGISTRY)


def journey_table(hub: TableHub, players: tuple[str, ...] = ("Anna", "Ben", "Cleo")) -> int:
    return hub.create("journey", fresh_journey(players), device="test").table_id


def applied(outcome: object) -> Applied:
    assert isinstance(outcome, Applied), outcome
    return outcome


def play_to(hub: TableHub, table_id: int, *actions: j.Action) -> Snapshot:
    snapshot = hub.open(table_id)
    for action in actions:
        snapshot = applied(hub.submit(table_id, action, seen=snapshot.seq, device="d")).snapshot
    return snapshot


def logged(store: Store, table_id: int) -> list[dict[str, Any]]:
    return [a.body for a in store.table_actions(table_id)]


def a_play(game: Any) -> PlayCreate:
    return PlayCreate.model_validate(
        {
            "game": "merchants_journey",
            "results": [{"player": p, "score": game.score(p)} for p in game.players],
        }
    )


# --------------------------------------------------------------------------- acting


def test_an_action_is_committed_then_applied_and_pushed(store: Store) -> None:
    hub = hub_on(store)
    table_id = journey_table(hub)
    pushed: list[tuple[int, list[dict[str, Any]]]] = []
    # What a subscriber sees is already in the database when it is told.
    hub.subscribe(table_id, lambda s: pushed.append((s.seq, logged(store, table_id))))
    outcome = applied(hub.submit(table_id, StartRow("9"), seen=0, device="phone-a"))
    assert outcome.seq == 1 and outcome.snapshot.seq == 1
    assert outcome.record.summary == "Anna started row 1 with a 9: a new city."
    assert outcome.snapshot.game.rows[0][0].rank == "9"
    assert outcome.snapshot.last == 1
    assert pushed == [(1, [{"kind": "start_row", "rank": "9"}])]
    assert [a.device for a in store.table_actions(table_id)] == ["phone-a"]
    assert store.table(table_id).summary == {
        "players": ["Anna", "Ben", "Cleo"],
        "status": "Turn 2 of 33 · Ben to play",
    }


def test_a_stale_screen_cannot_move_after_someone_else_did(store: Store) -> None:
    hub = hub_on(store)
    table_id = journey_table(hub)
    play_to(hub, table_id, StartRow("9"))
    # Two screens saw step 1; Ben's connects an 8, then Cleo's stale screen tries a King.
    applied(hub.submit(table_id, Place("8", 0, "right"), seen=1, device="ben"))
    outcome = hub.submit(table_id, StartRow("K"), seen=1, device="cleo")
    assert isinstance(outcome, Refused)
    assert outcome.message == "Ben already played turn 2 (played 8 beside 9 in row 1)."
    assert outcome.snapshot.seq == 2  # the screen is brought up to date
    assert len(logged(store, table_id)) == 2


def test_a_stale_screen_whose_action_still_fits_is_applied(store: Store) -> None:
    hub = hub_on(store)
    table_id = hub.create("checklist", Checklist(("shuffle", "deal", "coins"))).table_id
    applied(hub.submit(table_id, Tick("shuffle"), seen=0, device="a"))
    # A screen that saw nothing yet ticks another step: it does not depend on "shuffle".
    outcome = applied(hub.submit(table_id, Tick("deal"), seen=0, device="b"))
    assert outcome.snapshot.game.done == {"shuffle", "deal"}
    # The same step ticked from a stale screen no longer fits: it was ticked meanwhile.
    refused = hub.submit(table_id, Tick("shuffle", done=False), seen=0, device="c")
    assert isinstance(refused, Refused)
    assert refused.message == "Someone ticked that step meanwhile."
    assert len(logged(store, table_id)) == 2


def test_a_journey_screen_fits_again_once_the_move_it_missed_is_undone(store: Store) -> None:
    hub = hub_on(store)
    table_id = journey_table(hub)
    play_to(hub, table_id, StartRow("9"))
    ben = applied(hub.submit(table_id, Place("8", 0, "right"), seen=1, device="ben"))
    applied(hub.undo(table_id, of=ben.seq, seen=ben.seq, device="ben"))
    outcome = applied(hub.submit(table_id, Place("3", 0, "left"), seen=1, device="cleo"))
    assert [c.rank for c in outcome.snapshot.game.rows[0]] == ["3", "9"]


def test_an_illegal_action_is_refused_and_nothing_is_written(store: Store) -> None:
    hub = hub_on(store)
    table_id = journey_table(hub)
    before = play_to(hub, table_id, StartRow("9"))
    for action, message in (
        (Place("8", 3, "left"), "There is no row 4 on the table"),
        (Place("A", 0, "left"), "the Aces are taken out of the deck"),
        (Swap(1, 1), "cannot trade places with itself"),
    ):
        outcome = hub.submit(table_id, action, seen=1, device="d")
        assert isinstance(outcome, Refused)
        assert message in outcome.message
        assert outcome.snapshot.version == before.version
    assert len(logged(store, table_id)) == 1
    assert hub.open(table_id).game == before.game


def test_a_screen_ahead_of_the_table_is_refused(store: Store) -> None:
    hub = hub_on(store)
    table_id = journey_table(hub)
    outcome = hub.submit(table_id, StartRow("9"), seen=5, device="d")
    assert isinstance(outcome, Refused) and "up to date" in outcome.message
    assert logged(store, table_id) == []


def test_an_unknown_table_is_refused_or_not_found(store: Store) -> None:
    hub = hub_on(store)
    assert isinstance(hub.submit(4242, StartRow("9"), seen=0, device="d"), Refused)
    with pytest.raises(TableNotFound):
        hub.open(4242)


# ----------------------------------------------------------------------------- undo


def test_undo_takes_back_only_the_last_effective_action(store: Store) -> None:
    hub = hub_on(store)
    table_id = journey_table(hub)
    snap = play_to(hub, table_id, StartRow("9"), Place("8", 0, "right"), Place("2", 0, "left"))
    assert snap.last == 3
    # An old message's Undo (of step 2) cannot rewind the later move.
    old = hub.undo(table_id, of=2, seen=snap.seq, device="d")
    assert isinstance(old, Refused)
    assert old.message == (
        "Not undone: that is no longer the last move "
        "(Cleo already played turn 3 (played 2 beside 9 in row 1))."
    )
    undone = applied(hub.undo(table_id, of=3, seen=snap.seq, device="d"))
    assert undone.undone == 3 and undone.record.card.rank == "2"
    assert undone.snapshot.last == 2
    assert [c.rank for c in undone.snapshot.game.rows[0]] == ["9", "8"]
    again = hub.undo(table_id, of=3, seen=undone.seq, device="d")
    assert isinstance(again, Refused) and "already taken back" in again.message
    # Undo goes on down the stack, whoever made the move.
    second = applied(hub.undo(table_id, of=2, seen=undone.seq, device="other"))
    assert second.snapshot.last == 1 and second.snapshot.game.placements == 1
    assert [b["kind"] for b in logged(store, table_id)] == [
        "start_row",
        "place",
        "place",
        "undo",
        "undo",
    ]
    nothing = applied(hub.undo(table_id, of=1, seen=second.seq, device="d"))
    assert nothing.snapshot.last is None and nothing.snapshot.game == fresh_journey()
    assert isinstance(hub.undo(table_id, of=1, seen=nothing.seq, device="d"), Refused)


def test_house_rules_are_a_table_action_that_undo_takes_back(store: Store) -> None:
    hub = hub_on(store)
    table_id = journey_table(hub)
    snap = play_to(hub, table_id, StartRow("9"), Place("2", 0, "right"), Place("8", 0, "left"))
    assert snap.game.score("Cleo") == 8
    ruled = applied(hub.set_house_rules(table_id, [j.BLIGHT_LASTS], seen=3, device="d"))
    assert ruled.snapshot.game.score("Cleo") == 17 and ruled.record is None
    back = applied(hub.undo(table_id, of=ruled.seq, seen=ruled.seq, device="d"))
    assert back.snapshot.game.score("Cleo") == 8
    fresh = TableHub(store, REGISTRY).open(table_id)
    assert fresh.game == back.snapshot.game and fresh.game.rules == j.STANDARD


def test_a_stale_change_of_house_rules_is_refused_not_written_over_another(
    store: Store,
) -> None:
    """A screen sends the whole set of house rules it shows: one that had not seen another
    screen's change would quietly undo it, so it is refused; a stale screen whose house
    rules are as it saw them (only moves happened since) changes them."""
    hub = hub_on(store)
    table_id = journey_table(hub)
    snap = play_to(hub, table_id, StartRow("9"), Place("2", 0, "right"))
    other = applied(hub.set_house_rules(table_id, [j.BLIGHT_LASTS], seen=snap.seq, device="a"))
    stale = hub.set_house_rules(table_id, [], seen=snap.seq, device="b")
    assert isinstance(stale, Refused) and "house rules were changed" in stale.message
    assert hub.open(table_id).game.rules == other.snapshot.game.rules != j.STANDARD
    moved = play_to(hub, table_id, Place("8", 0, "left"))
    again = applied(hub.set_house_rules(table_id, [], seen=other.seq, device="b"))
    assert again.seq == moved.seq + 1 and again.snapshot.game.rules == j.STANDARD
    # Undone, the change's rules are those before it: a screen that saw those may change.
    back = applied(hub.undo(table_id, of=again.seq, seen=again.seq, device="a"))
    assert back.snapshot.game.rules != j.STANDARD
    for saw in (snap.seq, again.seq):  # the start's rules, then the change undone since
        assert isinstance(hub.set_house_rules(table_id, [], seen=saw, device="c"), Refused)
    assert applied(hub.set_house_rules(table_id, [], seen=moved.seq, device="c"))
    replayed = TableHub(store, REGISTRY).open(table_id)
    assert replayed.game.rules == j.STANDARD and replayed.seq == back.seq + 1


# ------------------------------------------------------------------- restart, damage


def test_a_restart_replays_every_table_where_it_was(store: Store) -> None:
    hub = hub_on(store)
    first, second = journey_table(hub), journey_table(hub, ("Dev", "Eli"))
    one = play_to(hub, first, StartRow("9"), Place("8", 0, "left"))
    applied(hub.undo(first, of=2, seen=2, device="d"))
    two = play_to(hub, second, StartRow("K"), StartRow("Q"), Place("J", 1, "right"))
    checklist = hub.create("checklist", Checklist(("a", "b"))).table_id
    applied(hub.submit(checklist, Tick("b"), seen=0, device="d"))
    again = TableHub(store, REGISTRY)
    resumed = {info.id: info for info in again.resume()}
    assert set(resumed) == {first, second, checklist}
    assert all(info.damaged is None for info in resumed.values())
    assert again.peek(first).game == one.game.undo()
    assert again.peek(first).last == 1 and again.peek(first).seq == 3
    assert again.peek(second).game == two.game
    assert resumed[second].line == "Turn 4 of 38 · Eli to play"
    assert again.peek(checklist).game.done == {"b"}


def test_a_damaged_log_is_reported_and_kept(store: Store) -> None:
    hub = hub_on(store)
    table_id = journey_table(hub)
    play_to(hub, table_id, StartRow("9"))
    # A step that no longer replays (written by hand, or by a version with other rules).
    store.append_action(
        table_id=table_id,
        seq=2,
        body={"kind": "place", "rank": "8", "row": 4, "side": "left"},
        device="x",
        summary={},
    )
    store.append_action(
        table_id=table_id, seq=3, body={"kind": "start_row", "rank": "3"}, device="x", summary={}
    )
    again = TableHub(store, REGISTRY)
    info = {i.id: i for i in again.resume()}[table_id]
    assert info.damaged is not None and "step 2 ('place') no longer replays" in info.damaged
    assert "no row 5 on the table" in info.damaged
    snap = again.open(table_id)
    assert snap.read_only and snap.game.placements == 1  # as far as it replays
    outcome = again.submit(table_id, StartRow("K"), seen=snap.seq, device="d")
    assert isinstance(outcome, Refused) and outcome.message.startswith("This game is read-only")
    assert len(logged(store, table_id)) == 3  # nothing deleted, nothing added


def test_an_unreadable_start_is_reported_too(store: Store) -> None:
    table = store.create_table(tool="journey", start={"format": "nonsense"}, summary={})
    info = TableHub(store, REGISTRY).peek(table.id).info
    assert info.damaged is not None and info.damaged.startswith("its start cannot be read")


# --------------------------------------------------------------- database failures


@pytest.mark.parametrize(
    ("message", "said"),
    [
        ("database or disk is full", "the disk is full"),
        ("attempt to write a readonly database", "the history can only be read, not written"),
        ("disk I/O error", "the database refused it (disk I/O error)"),
    ],
)
def test_a_database_error_fails_and_changes_nothing(store: Store, message: str, said: str) -> None:
    hub = hub_on(store)
    table_id = journey_table(hub)
    before = play_to(hub, table_id, StartRow("9"))
    pushed: list[Snapshot] = []
    hub.subscribe(table_id, pushed.append)
    with writes_failing(store, message):
        outcome = hub.submit(table_id, Place("8", 0, "left"), seen=1, device="d")
    assert isinstance(outcome, Failed)
    assert outcome.message == f"Not saved: {said}."
    assert outcome.snapshot.game == before.game and outcome.snapshot.seq == 1
    assert pushed == []
    assert hub.open(table_id).game == before.game and len(logged(store, table_id)) == 1
    # The session goes on: the same move, tried again, is kept.
    assert applied(hub.submit(table_id, Place("8", 0, "left"), seen=1, device="d")).seq == 2


def test_a_full_sqlite_file_keeps_every_confirmed_move(databases: DatabaseFactory) -> None:
    if databases.backend != "sqlite":
        pytest.skip("SQLite's page limit stands in for a full disk")
    store = databases.store()
    hub = hub_on(store)
    table_id = hub.create("checklist", Checklist(tuple(f"step {i}" for i in range(400)))).table_id
    confirmed: list[int] = []
    failed: Failed | None = None
    with disk_filled(store):
        for i in range(400):
            outcome = hub.submit(table_id, Tick(f"step {i}"), seen=i, device="d" * 40)
            if isinstance(outcome, Failed):
                failed = outcome
                break
            confirmed.append(applied(outcome).seq)
    assert failed is not None and "the disk is full" in failed.message
    assert failed.snapshot.seq == len(confirmed)
    assert [a.seq for a in store.table_actions(table_id)] == confirmed
    assert TableHub(store, REGISTRY).open(table_id).game == hub.open(table_id).game


# ------------------------------------------------------------- several servers, races


def test_two_hubs_on_one_database_never_write_the_same_step(
    databases: DatabaseFactory,
) -> None:
    url = databases.url()
    one, two = hub_on(databases.store(url)), hub_on(databases.store(url))
    table_id = journey_table(one)
    seen_by: dict[str, list[Snapshot]] = {"one": [], "two": []}
    one.subscribe(table_id, seen_by["one"].append)
    two.subscribe(table_id, seen_by["two"].append)
    one.start_watcher()  # the default beat, a quarter of a second
    two.start_watcher()

    def sees(name: str, seq: int) -> bool:
        started = time.monotonic()
        while time.monotonic() - started < 10.0:  # arrives; how fast is the bench's
            if any(s.seq == seq for s in seen_by[name]):
                return True
            time.sleep(0.01)
        return False

    try:
        applied(one.submit(table_id, StartRow("9"), seen=0, device="one"))
        assert sees("two", 1), "the other server sees the move"
        applied(two.submit(table_id, Place("8", 0, "left"), seen=1, device="two"))
        assert sees("one", 2), "and the first sees the second's"
        applied(one.undo(table_id, of=2, seen=2, device="one"))
        assert sees("two", 3)
        # Both servers' screens saw step 1 and tap at once: one move, one clear refusal.
        for rank_one, rank_two, seq in (("8", "K", 3), ("3", "4", 4), ("Q", "J", 5)):
            results = race(
                [
                    lambda r=rank_one, s=seq: one.submit(table_id, StartRow(r), seen=s, device="1"),
                    lambda r=rank_two, s=seq: two.submit(table_id, StartRow(r), seen=s, device="2"),
                ]
            )
            assert sorted(type(r).__name__ for r in results) == ["Applied", "Refused"], results
            refusal = next(r for r in results if isinstance(r, Refused))
            assert "already played turn" in refusal.message
    finally:
        one.close()
        two.close()
    log = databases.store(url).table_actions(table_id)
    assert [a.seq for a in log] == [1, 2, 3, 4, 5, 6]
    assert one.open(table_id).game == two.open(table_id).game


def test_save_to_history_exactly_once_from_two_threads(store: Store) -> None:
    hub = hub_on(store)
    game = fresh_journey(("Anna", "Ben"))
    table_id = hub.create("journey", game).table_id
    snap = hub.open(table_id)
    for _ in range(3):
        results = race(
            [
                lambda: hub.save_to_history(table_id, a_play, seen=snap.seq, device="a"),
                lambda: hub.save_to_history(table_id, a_play, seen=snap.seq, device="b"),
            ]
        )
        assert all(isinstance(r, Saved) for r in results), results
        assert len({r.play_id for r in results if isinstance(r, Saved)}) == 1
    assert store.count_plays() == 1
    created = [r for r in results if isinstance(r, Saved)]
    assert all(not r.created for r in created)  # the later rounds found the mark
    assert hub.open(table_id).info.status == "finished"
    assert hub.open(table_id).info.saved_play_id == created[0].play_id


def test_save_to_history_exactly_once_from_two_servers(databases: DatabaseFactory) -> None:
    url = databases.url()
    one, two = hub_on(databases.store(url)), hub_on(databases.store(url))
    ids = [journey_table(one, ("Anna", "Ben")) for _ in range(4)]
    for table_id in ids:
        two.open(table_id)
        results = race(
            [
                lambda t=table_id: one.save_to_history(t, a_play, seen=0, device="1"),
                lambda t=table_id: two.save_to_history(t, a_play, seen=0, device="2"),
            ]
        )
        saved = [r for r in results if isinstance(r, Saved)]
        assert len(saved) == 2 and len({r.play_id for r in saved}) == 1, results
        assert sorted(r.created for r in saved) == [False, True]
    assert databases.store(url).count_plays() == len(ids)


def test_delete_undo_and_save_again_on_the_table_is_one_play(store: Store) -> None:
    """Finish a Journey game and save it, delete the play in History, Undo, reopen the game,
    tap Save: the same play, once (issue 19)."""
    hub = hub_on(store)
    table_id = journey_table(hub, ("Anna", "Ben"))
    first = hub.save_to_history(table_id, a_play, seen=0, device="a")
    assert isinstance(first, Saved) and first.created
    snapshot = store.delete_play(first.play_id)
    assert store.restore_play(snapshot) == first.play_id
    again = hub.save_to_history(table_id, a_play, seen=0, device="b")
    assert isinstance(again, Saved) and (again.play_id, again.created) == (first.play_id, False)
    assert store.count_plays() == 1
    assert hub.open(table_id).info.saved_play_id == first.play_id


def test_a_deleted_play_is_saved_again_only_when_asked(databases: DatabaseFactory) -> None:
    """Deleted on another server, the play is not made again by a tap on this one; saving it
    again is the explicit ``again=True``."""
    url = databases.url()
    one, other = hub_on(databases.store(url)), databases.store(url)
    table_id = journey_table(one, ("Anna", "Ben"))
    first = one.save_to_history(table_id, a_play, seen=0, device="a")
    assert isinstance(first, Saved)
    other.delete_play(first.play_id)
    refused = one.save_to_history(table_id, a_play, seen=0, device="a")
    assert isinstance(refused, Refused)
    assert refused.message == (
        "Not saved: this game was saved to history before, and its play has been deleted "
        "since; save it again only if you mean to."
    )
    assert refused.snapshot.info.saved and refused.snapshot.info.saved_play_id is None
    assert other.count_plays() == 0
    again = one.save_to_history(table_id, a_play, seen=0, device="a", again=True)
    assert isinstance(again, Saved) and again.created and again.play_id != first.play_id
    assert other.count_plays() == 1
    assert one.open(table_id).info.saved_play_id == again.play_id


def test_a_stale_save_is_refused(store: Store) -> None:
    hub = hub_on(store)
    table_id = journey_table(hub)
    play_to(hub, table_id, StartRow("9"))
    outcome = hub.save_to_history(table_id, a_play, seen=0, device="d")
    assert isinstance(outcome, Refused) and "already played turn 1" in outcome.message
    assert store.count_plays() == 0


# ------------------------------------------------------------------ finish, abandon


def test_finish_and_abandon_close_the_table(store: Store) -> None:
    hub = hub_on(store)
    kept, dropped = journey_table(hub), journey_table(hub)
    assert isinstance(hub.finish(kept, device="d"), StatusChanged)
    assert isinstance(hub.abandon(dropped, device="d"), StatusChanged)
    assert hub.tables("journey") == []
    assert {i.id for i in hub.tables("journey", ("finished", "abandoned"))} == {kept, dropped}
    outcome = hub.submit(dropped, StartRow("9"), seen=0, device="d")
    assert isinstance(outcome, Refused)
    assert outcome.message == "This game is abandoned: it takes no more moves."
    assert isinstance(hub.abandon(dropped, device="d"), Refused)
    saved = hub.save_to_history(dropped, a_play, seen=0, device="d")
    assert isinstance(saved, Refused) and store.count_plays() == 0


def test_a_broken_subscriber_does_not_stop_the_others(store: Store) -> None:
    hub = hub_on(store)
    table_id = journey_table(hub)
    got: list[int] = []

    def broken(snapshot: Snapshot) -> None:
        raise RuntimeError("this screen is gone")

    hub.subscribe(table_id, broken)
    sub = hub.subscribe(table_id, lambda s: got.append(s.seq))
    applied(hub.submit(table_id, StartRow("9"), seen=0, device="d"))
    sub.close()
    sub.close()
    applied(hub.submit(table_id, StartRow("8"), seen=1, device="d"))
    assert got == [1] and hub.subscriber_count(table_id) == 1


# ---------------------------------------------- property: stale devices never lose a step


DEVICES = 3


@st.composite
def taps(draw: st.DrawFn) -> list[tuple[int, str, Any]]:
    """Each tap: which device, what it does (refresh, a move, an undo) and its arguments."""
    ops = []
    for _ in range(draw(st.integers(1, 25))):
        device = draw(st.integers(0, DEVICES - 1))
        kind = draw(st.sampled_from(["refresh", "start", "place", "place", "undo"]))
        rank = draw(st.sampled_from(j.ranks()))
        ops.append((device, kind, (rank, draw(st.integers(0, 3)), draw(st.sampled_from(j.SIDES)))))
    return ops


@pytest.fixture(scope="module")
def shared_store(tmp_path_factory: pytest.TempPathFactory) -> Any:
    from companion.history import open_store

    store = open_store(f"sqlite:///{tmp_path_factory.mktemp('prop') / 'h.sqlite3'}")
    yield store
    store.close()


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ops=taps())
def test_any_interleaving_of_stale_devices_keeps_every_committed_step(
    shared_store: Store, ops: list[tuple[int, str, Any]]
) -> None:
    hub = hub_on(shared_store)
    table_id = journey_table(hub)
    seen = [0] * DEVICES
    last_applied: list[int | None] = [None] * DEVICES
    committed: dict[int, dict[str, Any]] = {}
    for device, kind, (rank, row, side) in ops:
        if kind == "refresh":
            seen[device] = hub.open(table_id).seq
            continue
        if kind == "undo":
            of = last_applied[device] or 1
            outcome = hub.undo(table_id, of=of, seen=seen[device], device=str(device))
        else:
            action = StartRow(rank) if kind == "start" else Place(rank, row, side)
            outcome = hub.submit(table_id, action, seen=seen[device], device=str(device))
        assert not isinstance(outcome, Failed)
        seen[device] = outcome.snapshot.seq  # applied or refused, the screen catches up
        if isinstance(outcome, Applied):
            committed[outcome.seq] = logged(shared_store, table_id)[outcome.seq - 1]
            last_applied[device] = outcome.seq
    log = shared_store.table_actions(table_id)
    assert [a.seq for a in log] == list(range(1, len(log) + 1))
    assert {a.seq: a.body for a in log if a.seq in committed} == committed
    assert set(committed) == {a.seq for a in log}  # nothing written that was not confirmed
    replayed = TableHub(shared_store, REGISTRY).open(table_id)
    now = hub.open(table_id)
    assert replayed.game == now.game and replayed.last == now.last and replayed.seq == now.seq


# ------------------------------------------------- an old saved game, imported exactly once

OLD_KEY = "old_journey_game"


def _old_game() -> j.JourneyGame:
    return fresh_journey(("Anna", "Ben")).start_row("9")[0].place("8", 0, "right")[0]


def test_an_old_save_is_imported_once_even_by_two_servers_at_the_same_moment(
    databases: DatabaseFactory,
) -> None:
    """The table, its log and the claim of the setting are one transaction: of two servers
    opening the list at the same moment exactly one imports (the other writes nothing)."""
    url = databases.url()
    store = databases.store(url)
    for round_ in range(4):
        store.set_setting(OLD_KEY, {"round": round_})
        hubs = [hub_on(databases.store(url)) for _ in range(3)]
        results = race(
            [
                lambda h=h: h.import_old(
                    "journey", _old_game(), key=OLD_KEY, kept_as=f"{OLD_KEY}_x"
                )
                for h in hubs
            ]
        )
        made = [r for r in results if isinstance(r, Snapshot)]
        assert len(made) == 1 and results.count(None) == 2, results
        assert made[0].game == _old_game() and made[0].seq == 2
        assert store.get_setting(OLD_KEY) is None
        assert store.get_setting(f"{OLD_KEY}_x") == {"round": round_}
    tables = store.list_tables(tool="journey")
    assert len(tables) == 4
    assert all([a.device for a in store.table_actions(t.id)] == ["import"] * 2 for t in tables)


def test_an_import_that_fails_half_way_writes_nothing_and_can_be_done_again(
    store: Store,
) -> None:
    hub = hub_on(store)
    store.set_setting(OLD_KEY, {"old": True})
    # The second step of the log cannot be written.
    with writes_failing(store), pytest.raises(StoreError, match="the disk is full"):
        hub.import_old("journey", _old_game(), key=OLD_KEY, kept_as=f"{OLD_KEY}_x")
    assert store.list_tables(tool="journey") == []  # not a table without its log
    assert store.get_setting(OLD_KEY) == {"old": True}  # the save is still there
    again = hub.import_old("journey", _old_game(), key=OLD_KEY, kept_as=f"{OLD_KEY}_x")
    assert again is not None and again.game == _old_game()
    assert hub.import_old("journey", _old_game(), key=OLD_KEY, kept_as=f"{OLD_KEY}_x") is None


# ------------------------------------------------------ the lists of games in progress


def test_a_tools_list_hears_of_every_table_started_moved_or_closed(store: Store) -> None:
    hub = hub_on(store)
    heard: list[str] = []
    other: list[str] = []
    subscription = hub.subscribe_tool("journey", heard.append)
    hub.subscribe_tool("checklist", other.append)
    table_id = journey_table(hub)
    assert heard == ["journey"]
    play_to(hub, table_id, StartRow("9"))
    assert len(heard) == 2
    hub.submit(table_id, StartRow("A"), seen=1, device="d")  # refused: nothing changed
    assert len(heard) == 2
    hub.save_to_history(table_id, a_play, seen=1, device="d")
    assert len(heard) == 3
    hub.abandon(journey_table(hub), device="d")
    assert len(heard) == 5 and other == []
    subscription.close()
    subscription.close()
    journey_table(hub)
    assert len(heard) == 5 and hub.watched_tools() == {"checklist"}


def test_a_list_on_one_server_hears_of_tables_another_server_starts(
    databases: DatabaseFactory,
) -> None:
    url = databases.url()
    one, two = hub_on(databases.store(url)), hub_on(databases.store(url))
    heard: list[float] = []
    two.subscribe_tool("journey", lambda tool: heard.append(time.monotonic()))
    two.start_watcher()  # the default beat

    def hears(count: int) -> float | None:
        started = time.monotonic()
        while time.monotonic() - started < 10.0:  # arrives; how fast is the bench's
            if len(heard) >= count:
                return heard[count - 1] - started
            time.sleep(0.01)
        return None

    try:
        assert hears(1) is not None  # its first look
        table_id = journey_table(one)
        assert hears(2) is not None, "a game started on the other server shows"
        play_to(one, table_id, StartRow("9"))
        assert hears(3) is not None, "and its moves (the list's status line)"
        one.finish(table_id, device="one")
        assert hears(4) is not None, "and its end"
        assert [t.id for t in two.tables("journey")] == []
    finally:
        two.close()
