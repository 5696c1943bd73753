"""A Mercante game on a shared table (companion.engine.mercante.table): the game and what the
table fills in beside it (contracts kept at setup, the setup checklist, the final tally, the
end triggers), each a plain-data action that verifies first; the table's rules for the hub
(its start, its actions read back, what each action depends on, what changed); and the hub
applying a stale phone's action when it still fits."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.mercante import (
    CONTRACTUAL_OBLIGATIONS,
    REACTION_CLOSES_MARKET,
    EndTurn,
    Event,
    HouseRules,
    KeepContract,
    MercanteError,
    MercanteGame,
    MercanteTable,
    SaveDataError,
    Sell,
    SetTally,
    TickEndTrigger,
    TickSetupStep,
    Variants,
    read_table_action,
    rulebook_event,
)
from companion.engine.mercante.table import TABLE_RULES, reads, status_line, table_changed
from companion.engine.mercante.tabletop import TALLY_FIGURES, TallyFigures, check_tally_value
from companion.history import open_store
from companion.tables import Applied, Refused, TableHub

#: A game whose crowns the table counts (the turn's rules alone, without the ledger).
counted_at_table = partial(MercanteGame.new, ledger=False)

SEATS = ("Adam", "Beth", "Chris")


def fresh(seats: tuple[str, ...] = SEATS, **kw: Any) -> MercanteTable:
    game = counted_at_table(seats, first_event=rulebook_event("Visiting Nobility"), **kw)
    return MercanteTable.new(game)


def play(table: MercanteTable, *actions: Any) -> MercanteTable:
    for action in actions:
        table = table.apply(action)[0]
    return table


def _json(table: MercanteTable) -> Any:
    return json.loads(json.dumps(table.to_dict()))


# -- the table's actions ---------------------------------------------------------------------------


def test_a_table_holds_the_game_and_what_is_filled_in_beside_it_and_reads_back() -> None:
    table = play(
        fresh(),
        KeepContract("Beth", 0, 8),
        TickSetupStep("mercante.market_board"),
        Sell(("silk",), agents=2, bases=(20,)),
        SetTally("Adam", "crowns", 31),
        SetTally("Adam", "penalties", (2, 3)),
        TickEndTrigger("last_shipment"),
        EndTurn(),
    )
    assert table.game.active == "Beth" and table.game.log[0].quote.total == 21  # type: ignore[attr-defined]
    assert table.kept == (("Beth", (8,)),)
    assert table.setup_done == {"mercante.market_board"}
    assert table.figures("Adam") == TallyFigures(crowns=31, penalties=(2, 3))
    assert table.ended == {"last_shipment"} and table.is_over
    assert [r.summary for r in table.log][:2] == [
        "Beth kept a contract worth 8 crowns.",
        "Setup step 1 of 10 done: Lay the market board in the middle of the table.",
    ]
    assert table.log[3].summary == "Adam's crowns: 31."
    again = MercanteTable.from_dict(_json(table))
    assert again == table and again.state_dict() == table.state_dict()
    assert [r.action for r in again.log] == [r.action for r in table.log]
    assert again.start == fresh()


def test_each_action_reads_back_from_its_saved_form() -> None:
    actions = [
        KeepContract("Beth", 0, None),
        KeepContract("Adam", 2, 10),
        TickSetupStep("mercante.decks", done=False),
        SetTally("Chris", "completed", (2,)),
        SetTally("Chris", "vp", None),
        TickEndTrigger("crowns"),
        EndTurn(),
    ]
    for action in actions:
        assert read_table_action(json.loads(json.dumps(action.to_dict()))) == action


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"kind": "keep_contract", "player": "A", "index": "0", "value": 6}, "index '0'"),
        ({"kind": "keep_contract", "player": "A", "index": 0, "value": "6"}, "value '6'"),
        ({"kind": "setup_step", "step": 3}, "step 3 must be text"),
        ({"kind": "setup_step", "step": "x", "done": "yes"}, "done 'yes'"),
        ({"kind": "tally", "player": "A", "field": "crowns", "value": -1}, "crowns -1"),
        ({"kind": "tally", "player": "A", "field": "luck", "value": 1}, "has no luck field"),
        ({"kind": "tally", "player": "A", "field": "penalties", "value": [0]}, "penalties [0]"),
        ({"kind": "end_trigger", "trigger": "x", "when": 1}, "unknown field 'when'"),
        ({"kind": "teleport"}, "unknown action kind 'teleport'"),
    ],
)
def test_a_bad_saved_action_names_its_field(raw: object, message: str) -> None:
    with pytest.raises(SaveDataError, match=message.replace("[", r"\[").replace("]", r"\]")):
        read_table_action(raw)


def test_contracts_kept_one_or_three_in_order_with_values_on_the_cards() -> None:
    table = fresh()
    assert not table.can_apply(KeepContract("Dora", 0, 8))  # not seated
    with pytest.raises(MercanteError, match="there is no contract 2: Adam keeps 1 contract"):
        table.verify(KeepContract("Adam", 1, 8))
    with pytest.raises(MercanteError, match="contract value 7 is not on any card"):
        table.verify(KeepContract("Adam", 0, 7))
    table = play(table, KeepContract("Adam", 0, 8))
    with pytest.raises(MercanteError, match="already worth 8 crowns"):
        table.verify(KeepContract("Adam", 0, 8))
    table = play(table, KeepContract("Adam", 0, 10), KeepContract("Adam", 0, None))
    assert table.kept == ()
    obligations = fresh(
        ("Adam", "Beth", "Chris", "Dev"), variants=Variants(frozenset({CONTRACTUAL_OBLIGATIONS}))
    )
    with pytest.raises(MercanteError, match="choose contract 1 first"):
        obligations.verify(KeepContract("Dev", 1, 6))
    obligations = play(obligations, *(KeepContract("Dev", i, v) for i, v in enumerate((6, 8, 10))))
    assert obligations.kept_by("Dev") == (6, 8, 10)
    obligations = play(obligations, KeepContract("Dev", 0, None))
    assert obligations.kept_by("Dev") == (8, 10)  # the later ones move up


def test_setup_steps_and_end_triggers_tick_and_untick_once() -> None:
    table = fresh()
    with pytest.raises(MercanteError, match=r"that setup step is not on"):
        table.verify(TickSetupStep("mercante.nowhere"))
    with pytest.raises(MercanteError, match=r"setup step \d is not marked done"):
        table.verify(TickSetupStep("mercante.decks", done=False))
    table = play(table, TickSetupStep("mercante.decks"))
    assert not table.can_apply(TickSetupStep("mercante.decks"))
    table = play(table, TickSetupStep("mercante.decks", done=False))
    assert table.setup_done == frozenset()
    with pytest.raises(MercanteError, match="dawn is not one of the game's end conditions"):
        table.verify(TickEndTrigger("dawn"))
    assert not table.is_over
    assert play(table, SetTally("Beth", "crowns", 80)).is_over  # 80 crowns end the game too


def test_tally_figures_are_checked_one_by_one() -> None:
    table = fresh()
    for name, value, message in (
        ("crowns", 1.5, "crowns 1.5 must be a whole number"),
        ("goods", 10, "goods 10 is more than 3 warehouses hold"),
        ("completed", [1, 0], r"completed \[1, 0\]: each must be a whole number, 1 or more"),
        ("bought", True, "bought True"),
    ):
        with pytest.raises(MercanteError, match=message):
            table.verify(SetTally("Adam", name, value))  # type: ignore[arg-type]
    table = play(table, SetTally("Adam", "vp", 4))
    with pytest.raises(MercanteError, match="Adam's victory point tokens already read 4"):
        table.verify(SetTally("Adam", "vp", 4))
    table = play(table, SetTally("Adam", "vp", None))
    assert table.tally == ()
    assert check_tally_value("penalties", None) == ()


def test_house_rules_replay_the_whole_table_or_say_why_not() -> None:
    # A Reaction that closes its own market keeps the token home by the reading; the other
    # reading sells it all the same, so the table replays with another price.
    ban = Event("Embargo", "enduring", {"ore": -1}, ("raw_materials",), reaction=True)
    game = counted_at_table(list(SEATS))
    game = game.sell(["ore"], agents=1, bases=[9], reaction=ban, reaction_at=0)[0]
    table = play(MercanteTable.new(game.start), game.log[0].action, SetTally("Adam", "crowns", 3))
    other = TABLE_RULES.with_rules(table, frozenset({REACTION_CLOSES_MARKET}))  # type: ignore[misc]
    assert other.game.rules == HouseRules.of(REACTION_CLOSES_MARKET)
    assert other.game.log[-1].quote.total == 8  # type: ignore[attr-defined]
    assert other.figures("Adam").crowns == 3  # the tally is replayed with it
    # And back to the reading, with a later sale to the bazaar (the market is closed now).
    sold = play(other, Sell(("ore",), bazaar=(0,)))
    back = sold.with_rules(HouseRules())
    assert back.game.rules == HouseRules() and back.game.log[0].quote.total == 0  # type: ignore[attr-defined]
    assert back.start.game.rules == HouseRules()


# -- the table's rules for the hub ---------------------------------------------------------------


def test_table_rules_round_trip_the_start_and_every_action() -> None:
    start = TABLE_RULES.start_of(fresh())
    assert TABLE_RULES.read_start(json.loads(json.dumps(start))) == fresh()
    table = play(fresh(), Sell(("silk",), agents=2, bases=(20,)), SetTally("Beth", "vp", 3))
    for record in table.log:
        assert TABLE_RULES.read_action(record.action.to_dict()) == record.action
    assert TABLE_RULES.players(table) == SEATS
    assert status_line(table) == "Turn 1 · Adam to play · agents"
    assert status_line(play(table, EndTurn())) == "Turn 2 · Beth to play · shipment auction"
    with pytest.raises(SaveDataError, match=r"start: .* must be a mapping"):
        TABLE_RULES.read_start({"format": "companion.mercante.table", "version": 1, "start": 3})


def test_an_action_reads_only_what_it_depends_on() -> None:
    then = fresh()
    beth_figure = play(then, SetTally("Beth", "crowns", 12))
    moved = play(then, EndTurn())
    adam = SetTally("Adam", "crowns", 31)
    assert TABLE_RULES.fits(then, beth_figure, adam)  # another figure: still fits
    assert TABLE_RULES.fits(then, moved, adam)  # a move of the game: still fits
    assert not TABLE_RULES.fits(then, play(then, SetTally("Adam", "crowns", 30)), adam)
    assert TABLE_RULES.fits(then, beth_figure, EndTurn())  # the tally is not the game
    assert not TABLE_RULES.fits(then, moved, EndTurn())
    tick = TickSetupStep("mercante.decks")
    assert TABLE_RULES.fits(then, play(then, TickSetupStep("mercante.harbor")), tick)
    assert not TABLE_RULES.fits(then, play(then, tick), tick)
    keep = KeepContract("Adam", 0, 8)
    assert TABLE_RULES.fits(then, play(then, KeepContract("Beth", 0, 6)), keep)
    assert reads(then, keep) != reads(play(then, KeepContract("Adam", 0, 6)), keep)
    assert (
        table_changed(then, moved)
        == "Meanwhile, on another phone: Adam's turn ended; Beth is next."
    )
    assert table_changed(moved, then) == (
        "Meanwhile, on another phone, this was taken back: Adam's turn ended; Beth is next."
    )


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Any]:
    s = open_store(f"sqlite:///{tmp_path / 'history.sqlite3'}")
    yield s
    s.close()


def test_the_hub_applies_a_stale_phones_figure_and_refuses_its_stale_move(store: Any) -> None:
    hub = TableHub(store)
    table_id = hub.create("mercante", fresh(), device="a").table_id
    assert hub.submit(table_id, SetTally("Adam", "crowns", 31), seen=0, device="a").ok
    late_figure = hub.submit(table_id, SetTally("Beth", "crowns", 12), seen=0, device="b")
    assert isinstance(late_figure, Applied)
    assert hub.submit(table_id, EndTurn(), seen=2, device="a").ok
    late_move = hub.submit(table_id, Sell(("silk",), agents=2, bases=(20,)), seen=2, device="b")
    assert isinstance(late_move, Refused)
    assert late_move.message == "Meanwhile, on another phone: Adam's turn ended; Beth is next."
    table = TableHub(store).open(table_id).game  # as a restarted server replays it
    assert isinstance(table, MercanteTable)
    assert table.game.active == "Beth" and table.game.log[-1].summary.startswith("Adam's turn")
    assert (table.figures("Adam").crowns, table.figures("Beth").crowns) == (31, 12)
    assert [i.line for i in hub.tables("mercante")] == ["Turn 2 · Beth to play · shipment auction"]


# -- properties ------------------------------------------------------------------------------------

figures = st.sampled_from(TALLY_FIGURES)
values = st.one_of(st.none(), st.integers(-1, 12), st.lists(st.integers(0, 5), max_size=3))
seats = st.sampled_from(SEATS)
contracts = st.sampled_from([None, 6, 7, 8, 10])
steps = st.sampled_from(["mercante.decks", "mercante.harbor", "x"])
triggers = st.sampled_from(["crowns", "last_shipment", "y"])
table_actions = st.one_of(
    st.builds(SetTally, seats, figures, values),
    st.builds(KeepContract, seats, st.integers(0, 1), contracts),
    st.builds(TickSetupStep, steps, st.booleans()),
    st.builds(TickEndTrigger, triggers, st.booleans()),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(table_actions, max_size=25))
def test_any_taps_leave_a_table_that_reads_back_and_refusals_change_nothing(
    taps: list[Any],
) -> None:
    table = fresh()
    for tap in taps:
        if isinstance(tap, SetTally) and isinstance(tap.value, list):
            tap = SetTally(tap.player, tap.field, tuple(tap.value))
        if table.can_apply(tap):
            before = table
            table, record = table.apply(tap)
            assert record.before is before and record.summary
            # Every other figure, tick and contract reads as it did: taps never interfere.
            for other in taps:
                if isinstance(other, SetTally) and (other.player, other.field) != (
                    getattr(tap, "player", None),
                    getattr(tap, "field", None),
                ):
                    assert reads(before, other) == reads(table, other)
        else:
            with pytest.raises(MercanteError):
                table.apply(tap)
    assert MercanteTable.from_dict(_json(table)) == table
