"""A Mercante game in progress: actions verify, apply and log; bad input changes nothing;
saves round-trip through JSON (Sample Turn replayed through the game state)."""

from __future__ import annotations

import copy
import json
import pickle
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine.mercante import (
    ALTERNATE_FIVE_PLAYER_UPKEEP,
    ActionError,
    Event,
    EventRecord,
    FleetingEventError,
    HouseRules,
    LimitError,
    MarketBoard,
    MercanteError,
    MercanteGame,
    PlayerCountError,
    PlayerState,
    PriceError,
    ReactionError,
    SaleRecord,
    SaveDataError,
    SeatError,
    UnknownGoodError,
    UnknownMarketError,
    goods,
    markets,
    rulebook_event,
)

FOUR = ("Adam", "Beth", "Chris", "David")
VISITING_NOBILITY = rulebook_event("Visiting Nobility")
DISTANT_WAR = rulebook_event("Distant War")
ECONOMIC_WOES = rulebook_event("Economic Woes")
PRINTED = {m: [20, 18, 16, 14, 12] for m in markets()}


def sample_turn_start() -> MercanteGame:
    """Sample Turn: four players, Adam active with the upkeep marker and three agents,
    Visiting Nobility on the calendar."""
    return MercanteGame(
        players=(PlayerState("Adam", agents=3), *(PlayerState(n) for n in FOUR[1:])),
        active="Adam",
        upkeep_holder="Adam",
        slots=(VISITING_NOBILITY,),
    )


def test_sample_turn_through_the_game_state() -> None:
    game = sample_turn_start()
    assert game.upkeep_costs().points == 2
    game, removal = game.remove_goods({"luxuries": 1})
    assert "1 from luxuries" in removal.summary
    game, drawn = game.play_event(DISTANT_WAR)
    assert isinstance(drawn, EventRecord)
    assert game.slots == (DISTANT_WAR, VISITING_NOBILITY, None)
    assert drawn.summary == "Distant War went into A. Visiting Nobility moved to B."
    game, auction = game.auction_vp({"Adam": 4, "Beth": 5, "Chris": 4, "David": 8})
    assert auction.summary == "David won a victory point for 8 crowns."
    game, _ = game.pass_upkeep_marker()
    assert game.upkeep_holder == "David"
    game, sale = game.sell(
        ["silk"], agents=2, bases=[20], reaction=ECONOMIC_WOES, reaction_by="David"
    )
    assert isinstance(sale, SaleRecord)
    assert sale.summary.startswith("David played Economic Woes as a Reaction.")
    assert sale.quote.total == 15
    assert game.slots == (ECONOMIC_WOES, DISTANT_WAR, VISITING_NOBILITY)
    assert "silk 15 (20 − 6 + 1 = 15)" in sale.summary
    game, ended = game.end_turn()
    assert game.active == "Beth"
    assert ended.summary == "Adam's turn ended; Beth is next."
    assert [r.action.kind for r in game.log] == [
        "remove_goods", "play_event", "auction_vp", "pass_upkeep_marker", "sell", "end_turn",
    ]  # fmt: skip
    # David holds the marker: Beth, Chris, then David's upkeep.
    assert game.next_upkeeps(1)[0].turns_from_now == 2


def test_setup_new_game() -> None:
    game = MercanteGame.new(FOUR, first_event=VISITING_NOBILITY)
    assert game.active == "Adam"
    assert game.upkeep_holder == "David"
    assert game.slots == (VISITING_NOBILITY, None, None)
    assert all(p.agents == 2 and p.warehouses == 1 for p in game.players)


def test_setup_refuses_a_fleeting_first_event() -> None:
    with pytest.raises(FleetingEventError, match="'Storm'"):
        MercanteGame.new(FOUR, first_event=Event("Storm", "fleeting"))


@pytest.mark.parametrize("seats", [("Adam", "Beth"), (*FOUR, "Eve", "Finn")])
def test_game_player_counts_outside_three_to_five(seats: tuple[str, ...]) -> None:
    with pytest.raises(PlayerCountError, match=str(len(seats))):
        MercanteGame.new(seats)


def test_game_unknown_active_player_is_named() -> None:
    with pytest.raises(SeatError, match="'Zoe'"):
        MercanteGame.new(FOUR, active="Zoe")


# -- tracked board ---------------------------------------------------------------------------------


def test_tracked_sale_places_tokens_and_upkeep_takes_them_off() -> None:
    game = MercanteGame.new(FOUR, board=MarketBoard.from_printed(PRINTED))
    game, sale = game.sell(["gold", "wine", "grain"], agents=2)
    assert [t.base for t in sale.quote.tokens] == [20, 20, 18]
    assert game.board is not None
    assert game.board.market("foodstuffs").tokens == ("wine", "grain")
    for _ in range(3):
        game, _ = game.end_turn()
    assert game.is_upkeep_turn and game.active == "David"
    with pytest.raises(ActionError, match="spend removal points"):
        game.pass_upkeep_marker()
    with pytest.raises(MercanteError, match="must be spent"):
        game.remove_goods({"precious_metals": 1})
    game, removal = game.remove_goods({"precious_metals": 1, "foodstuffs": 2})
    assert dict(removal.removed) == {"precious_metals": ("gold",), "foodstuffs": ("grain", "wine")}
    game, _ = game.pass_upkeep_marker()
    assert game.upkeep_holder == "Chris"


def test_play_fleeting_event_removing_tokens_changes_only_the_board() -> None:
    game = MercanteGame.new(FOUR, board=MarketBoard.from_printed(PRINTED))
    game, _ = game.sell(["wine", "grain"], agents=1)
    game, record = game.play_event(Event("Feast", "fleeting", removes={"foodstuffs": 5}))
    assert game.slots == (None, None, None)
    assert game.board is not None and game.board.market("foodstuffs").covered == 0
    assert "2 token(s) came off foodstuffs" in record.summary


# -- bad input changes nothing ---------------------------------------------------------------------


def _snapshot(game: MercanteGame) -> dict[str, Any]:
    return {"state": game.state_dict(), "log": len(game.log)}


@pytest.mark.parametrize(
    ("move", "error", "named"),
    [
        (lambda g: g.sell(["pepper"], agents=2, bases=[10]), UnknownGoodError, "'pepper'"),
        (lambda g: g.sell(["silk"], agents=2, bases=[0]), PriceError, "0"),
        (lambda g: g.sell(["silk"], agents=4, bases=[20]), LimitError, "4"),
        (lambda g: g.sell(["silk", "art"], agents=3, bases=[20, 18]), LimitError, "4 cartage"),
        (lambda g: g.sell(["ore"], agents=1, bases=[12]), ActionError, "Distant War"),
        (
            lambda g: g.sell(["gold"], agents=1, bases=[14], reaction=ECONOMIC_WOES),
            ReactionError,
            "'gold'",
        ),
        (lambda g: g.sell(["silk"], agents=2), MercanteError, "printed value"),
        (lambda g: g.remove_goods({"spices": 1}), UnknownMarketError, "'spices'"),
        (lambda g: g.remove_goods({"luxuries": 2}), MercanteError, "costs 4"),
        (lambda g: g.end_turn(), ActionError, "upkeep marker"),
        (lambda g: g.improve("ship"), ActionError, "'ship'"),
        (lambda g: g.auction_vp({"Zoe": 3}), SeatError, "'Zoe'"),
    ],
)
def test_bad_actions_raise_and_change_nothing(
    move: Any, error: type[Exception], named: str
) -> None:
    game = sample_turn_start()
    game, _ = game.play_event(DISTANT_WAR)
    before = _snapshot(game)
    with pytest.raises(error, match=named):
        move(game)
    assert _snapshot(game) == before


def test_more_than_four_agents_or_three_warehouses_is_refused() -> None:
    start = MercanteGame.new(FOUR)
    rich = replace(
        start,
        players=(PlayerState("Adam", agents=3, warehouses=2), *start.players[1:]),
    )
    game, record = rich.improve("agent")
    assert record.summary == "Adam bought an agent: now 4."
    full = replace(
        game,
        improved_this_turn=0,
        new_agents=0,
        players=(PlayerState("Adam", agents=4, warehouses=3), *start.players[1:]),
    )
    before = _snapshot(full)
    with pytest.raises(LimitError, match="5 agents"):
        full.improve("agent")
    assert not full.can_improve("agent")
    with pytest.raises(LimitError, match="4 warehouses"):
        full.improve("warehouse")
    assert _snapshot(full) == before
    game, record = rich.improve("warehouse")
    assert record.summary == "Adam bought a warehouse for 5 crowns: now 3."
    with pytest.raises(LimitError, match="5 agents"):
        PlayerState("Beth", agents=5)
    with pytest.raises(LimitError, match="4 warehouses"):
        PlayerState("Beth", warehouses=4)


def test_assign_agents_one_improve_house_assets_a_turn() -> None:
    """Assign Agents: one Improve House Assets seal, so one agent or one warehouse a turn."""
    game, _ = MercanteGame.new(FOUR).improve("agent")
    before = _snapshot(game)
    for asset in ("agent", "warehouse"):
        with pytest.raises(LimitError, match="already improved house assets this turn"):
            game.improve(asset)  # type: ignore[arg-type]
        assert not game.can_improve(asset)  # type: ignore[arg-type]
    assert _snapshot(game) == before
    game, _ = game.end_turn()  # Beth's turn: she may improve
    assert game.can_improve("warehouse")


def test_purchase_one_agent_marker_works_from_the_next_turn() -> None:
    """Purchase One Agent Marker: available from the owner's next turn, not this one."""
    game, _ = MercanteGame.new(FOUR).improve("agent")
    assert game.player("Adam").agents == 3
    assert game.usable_agents() == 2
    with pytest.raises(LimitError, match="bought this turn work from the next turn"):
        game.verify_sell(["gold", "silver", "tin"], agents=3, bases=[10, 9, 8])
    assert game.can_sell(["gold", "silver"], agents=2, bases=[10, 9])
    # round the table back to Adam: the agent now works
    for _ in range(3):
        game, _ = game.end_turn() if not game.is_upkeep_turn else game.pass_upkeep_marker()
    while game.active != "Adam" or game.is_upkeep_turn:
        game, _ = game.pass_upkeep_marker() if game.is_upkeep_turn else game.end_turn()
    assert game.usable_agents() == 3
    saved = MercanteGame.from_dict(game.to_dict())
    assert saved.usable_agents() == 3 and saved.new_agents == 0


def test_upkeep_steps_only_on_the_holders_turn() -> None:
    game = MercanteGame.new(FOUR)
    assert not game.can_remove_goods({"luxuries": 0})
    with pytest.raises(ActionError, match="David's turn"):
        game.pass_upkeep_marker()
    with pytest.raises(ActionError, match="David's turn"):
        game.auction_vp({"Adam": 1})


def test_removal_only_once_per_upkeep() -> None:
    game, _ = sample_turn_start().remove_goods({"luxuries": 1})
    with pytest.raises(ActionError, match="already removed"):
        game.remove_goods({"precious_metals": 1})


# -- alternate five-player upkeep in a game ------------------------------------------------------


def test_game_with_alternate_five_player_upkeep_passes_two_seats() -> None:
    seats = (*FOUR, "Eve")
    game = MercanteGame.new(seats, house=HouseRules.of(ALTERNATE_FIVE_PLAYER_UPKEEP))
    assert game.upkeep_costs().points == 2
    for _ in range(4):
        game, _ = game.end_turn()
    game, _ = game.pass_upkeep_marker()
    assert game.upkeep_holder == "Chris"


# -- undo ----------------------------------------------------------------------------------------


def test_undo_the_last_calendar_action() -> None:
    game = MercanteGame.new(FOUR, first_event=VISITING_NOBILITY)
    played, _ = game.play_event(DISTANT_WAR)
    assert played.can_undo_calendar
    restored = played.undo_calendar()
    assert restored.slots == game.slots
    assert restored.log == game.log


def test_undo_calendar_refused_after_another_action() -> None:
    game, _ = MercanteGame.new(FOUR).play_event(DISTANT_WAR)
    game, _ = game.improve("warehouse")
    with pytest.raises(ActionError, match="did not change the calendar"):
        game.undo_calendar()
    assert game.undo().player("Adam").warehouses == 1
    with pytest.raises(ActionError, match="nothing to undo"):
        MercanteGame.new(FOUR).undo()


def test_a_sale_with_an_enduring_reaction_is_a_calendar_action() -> None:
    game = sample_turn_start()
    sold, _ = game.sell(["silk"], agents=2, bases=[20], reaction=ECONOMIC_WOES)
    assert sold.can_undo_calendar
    assert sold.undo_calendar().slots == game.slots


# -- saving --------------------------------------------------------------------------------------


def _json(game: MercanteGame) -> dict[str, Any]:
    return json.loads(json.dumps(game.to_dict()))


def test_save_round_trip_keeps_state_and_log() -> None:
    game = sample_turn_start()
    game, _ = game.remove_goods({"luxuries": 1})
    game, _ = game.play_event(DISTANT_WAR)
    game, _ = game.pass_upkeep_marker()
    game, _ = game.sell(["silk"], agents=2, bases=[20], reaction=ECONOMIC_WOES)
    loaded = MercanteGame.from_dict(_json(game))
    assert loaded == game
    assert [r.summary for r in loaded.log] == [r.summary for r in game.log]
    assert loaded.undo() == game.undo()


actions = st.lists(
    st.one_of(
        st.tuples(
            st.just("event"), st.sampled_from([VISITING_NOBILITY, DISTANT_WAR, ECONOMIC_WOES])
        ),
        st.tuples(st.just("sell"), st.lists(st.sampled_from(goods()), min_size=1, max_size=3)),
        st.tuples(st.just("remove"), st.sampled_from(markets())),
        st.tuples(st.just("pass"), st.none()),
        st.tuples(st.just("improve"), st.sampled_from(["agent", "warehouse"])),
        st.tuples(st.just("end"), st.none()),
    ),
    max_size=25,
)


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=60)
@given(actions, st.booleans())
def test_property_save_round_trip(moves: list[tuple[str, Any]], tracked: bool) -> None:
    board = MarketBoard.from_printed(PRINTED) if tracked else None
    game = MercanteGame.new(FOUR, first_event=VISITING_NOBILITY, board=board)
    for kind, arg in moves:
        try:
            if kind == "event":
                game, _ = game.play_event(arg)
            elif kind == "sell":
                bases = None if tracked else [10] * len(arg)
                game, _ = game.sell(arg, agents=game.player(game.active).agents, bases=bases)
            elif kind == "remove":
                game, _ = game.remove_goods({arg: 1})
            elif kind == "pass":
                game, _ = game.pass_upkeep_marker()
            elif kind == "improve":
                game, _ = game.improve(arg)
            else:
                game, _ = game.end_turn()
        except MercanteError:
            continue
    loaded = MercanteGame.from_dict(_json(game))
    assert loaded == game
    assert loaded.to_dict() == game.to_dict()
    assert len(loaded.log) == len(game.log)


@pytest.mark.parametrize(
    ("edit", "named"),
    [
        (lambda d: d.update(version=2), "version 2"),
        (lambda d: d.update(format="other"), "format 'other'"),
        (lambda d: d["start"]["players"][1].update(agents=5), r"start\.players\[1\].*5 agents"),
        (lambda d: d["start"].update(active="Zoe"), "start.*'Zoe'"),
        (
            lambda d: d["start"]["calendar"].__setitem__(0, {"name": "X", "kind": "fleeting"}),
            "start.calendar",
        ),
        (
            lambda d: d["actions"].append(
                {"kind": "sell", "goods": ["pepper"], "agents": 1, "bases": [3]}
            ),
            r"actions\[2\] \(sell\).*'pepper'",
        ),
        (lambda d: d["actions"].append({"kind": "fly"}), r"actions\[2\].*'fly'"),
        (lambda d: d["actions"][0].update(colour="red"), r"actions\[0\].*'colour'"),
        (
            lambda d: d["actions"].append({"kind": "improve", "asset": "ship"}),
            r"actions\[2\].*'ship'",
        ),
        (
            lambda d: d["start"].update(house_rules=["mercante.nope"]),
            r"start\.house_rules.*'mercante\.nope'",
        ),
    ],
)
def test_bad_saves_name_the_path(edit: Any, named: str) -> None:
    game, _ = MercanteGame.new(FOUR).play_event(DISTANT_WAR)
    game, _ = game.improve("agent")
    data = _json(game)
    edit(data)
    with pytest.raises(SaveDataError, match=named):
        MercanteGame.from_dict(data)


def test_reaction_by_must_be_seated_and_needs_a_reaction() -> None:
    game = sample_turn_start()
    with pytest.raises(SeatError, match="'Zoe'"):
        game.sell(["silk"], agents=2, bases=[20], reaction=ECONOMIC_WOES, reaction_by="Zoe")
    with pytest.raises(ReactionError, match="'David'"):
        game.sell(["silk"], agents=2, bases=[20], reaction_by="David")


def test_long_game_copies_and_pickles_without_deep_nesting() -> None:
    game = MercanteGame.new(FOUR, board=MarketBoard.from_printed(PRINTED))
    for _ in range(150):
        game, _ = game.play_event(VISITING_NOBILITY)
        game, _ = game.play_event(DISTANT_WAR)
    assert copy.deepcopy(game) is game
    loaded = pickle.loads(pickle.dumps(game))
    assert loaded == game and len(loaded.log) == 300


def test_with_house_rules_replays_the_game() -> None:
    seats = (*FOUR, "Eve")
    game = MercanteGame.new(seats)
    for _ in range(4):
        game, _ = game.end_turn()
    game, _ = game.pass_upkeep_marker()
    assert game.upkeep_holder == "David"
    variant = game.with_house_rules(HouseRules.of(ALTERNATE_FIVE_PLAYER_UPKEEP))
    assert variant.upkeep_holder == "Chris"
    assert len(variant.log) == len(game.log)
    assert variant.start.house.alternate_five_player_upkeep
