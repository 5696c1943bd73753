"""A Mercante game in progress: the turn's phases in the rulebook's order, agents counted,
victory point tokens on the upkeep marker, the shipment auction, the variants; actions verify,
apply and log; bad input changes nothing; saves round-trip through JSON (the Sample Turn,
Beth's cartage and the three-player auction as golden tests)."""

from __future__ import annotations

import copy
import json
import pickle
from dataclasses import replace
from functools import partial
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine.mercante import (
    ALTERNATE_FIVE_PLAYER_UPKEEP,
    CONTRACTUAL_OBLIGATIONS,
    REVERSED_AUCTIONS,
    TREACHERY,
    UPKEEP_STEPS,
    VICIOUS_ACCOUNTING,
    ActionError,
    AuctionError,
    EndTurn,
    Event,
    EventRecord,
    FleetingEventError,
    GatherIntelligence,
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
    Security,
    SelectContract,
    Sell,
    Shipment,
    Skulduggery,
    UnknownGoodError,
    UnknownMarketError,
    VariantError,
    Variants,
    goods,
    markets,
    read_action,
    rulebook_event,
)

#: A game whose crowns the table counts (the turn's rules alone, without the ledger).
counted_at_table = partial(MercanteGame.new, ledger=False)

FOUR = ("Adam", "Beth", "Chris", "David")
VISITING_NOBILITY = rulebook_event("Visiting Nobility")
DISTANT_WAR = rulebook_event("Distant War")
ECONOMIC_WOES = rulebook_event("Economic Woes")
PRINTED = {m: [20, 18, 16, 14, 12] for m in markets()}


def sample_turn_start() -> MercanteGame:
    """Sample Turn: four players, Adam active with the upkeep marker and three agents,
    Visiting Nobility on the calendar and one victory point token on the marker."""
    return MercanteGame(
        players=(PlayerState("Adam", agents=3), *(PlayerState(n) for n in FOUR[1:])),
        active="Adam",
        upkeep_holder="Adam",
        slots=(VISITING_NOBILITY,),
        vp_on_marker=1,
    )


def after_upkeep(game: MercanteGame) -> MercanteGame:
    """Run a holder's upkeep with nothing to remove, one event and no bids."""
    game, _ = game.remove_goods({})
    game, _ = game.play_event(VISITING_NOBILITY)
    while game.step == "auction_vp":
        game, _ = game.auction_vp({})
    game, _ = game.pass_upkeep_marker()
    return game


def to_beths_turn() -> MercanteGame:
    game, _ = counted_at_table(FOUR).end_turn()
    return game


# -- golden tests: the rulebook's worked examples -------------------------------------------------


def test_sample_turn_in_the_rulebooks_order() -> None:
    game = sample_turn_start()
    assert game.step == "remove_goods" and game.upkeep_step == 1
    assert game.upkeep_costs().points == 2
    game, removal = game.remove_goods({"luxuries": 1})
    assert "1 from luxuries" in removal.summary
    game, drawn = game.play_event(DISTANT_WAR)
    assert isinstance(drawn, EventRecord)
    assert game.slots == (DISTANT_WAR, VISITING_NOBILITY, None)
    assert drawn.summary == "Distant War went into space A. Visiting Nobility moved to space B."
    assert game.step == "auction_vp" and game.vp_auctions_left == 1
    game, auction = game.auction_vp({"Adam": 4, "Beth": 5, "Chris": 4, "David": 8})
    assert auction.summary == "David won a victory point for 8 crowns."
    assert game.player("David").vp == 1 and game.vp_on_marker == 0
    assert game.step == "pass_marker"  # only one token to auction
    game, _ = game.pass_upkeep_marker()
    assert game.upkeep_holder == "David" and game.step == "shipment"

    # Shipment Auction: the mercury (minimum 3), then the grain (minimum 2), token by token.
    game, started = game.start_auction(Shipment(("mercury", "grain"), (3, 2), 4))
    assert started.summary.endswith("token by token; Beth bids first.")
    for bidder, amount in (("Beth", None), ("Chris", 3), ("David", 4), ("Adam", 5)):
        game, bid = game.bid(bidder, amount)
    assert bid.summary == "Adam bid 5 crowns. Adam won the mercury for 5 crowns. Beth to bid."
    for bidder, amount in (("Beth", 4), ("Chris", None), ("David", None), ("Adam", None)):
        game, bid = game.bid(bidder, amount)
    assert bid.summary == "Adam passed. Beth won the grain for 4 crowns."
    assert game.auction is None and game.auctioned
    assert [(r.winner, r.price) for r in game.auction_results()] == [("Adam", 5), ("Beth", 4)]

    # Assign Agents: two on Hire Dockworkers for the silk, David reacts with Economic Woes.
    assert game.agents_left() == 3
    game, sale = game.sell(["silk"], agents=2, bases=[20], reactions=[(ECONOMIC_WOES, "David")])
    assert isinstance(sale, SaleRecord)
    assert sale.summary.startswith("David played Economic Woes as a Reaction.")
    assert sale.quote.total == 15
    assert sale.summary.endswith(" Adam sold silk for 15 crowns (20 − 6 + 1 = 15).")
    # A price nothing changed says no working ("for 12 crowns", not "(12 = 12)").
    _, plain = game.sell(["gold"], agents=1, bases=[12])
    assert plain.summary == "Adam sold gold for 12 crowns."
    assert game.slots == (ECONOMIC_WOES, DISTANT_WAR, VISITING_NOBILITY)
    assert game.agents_left() == 1
    # The last agent buys one victory point: a token for Adam, one on the marker, track +2.
    game, _ = game.buy_vp()
    assert (game.player("Adam").vp, game.vp_on_marker, game.track) == (1, 1, 2)
    assert game.agents_left() == 0
    game, ended = game.end_turn()
    assert game.active == "Beth" and game.step == "shipment"
    assert ended.summary == "Adam's turn ended; Beth is next."
    assert [r.action.kind for r in game.log] == [
        "remove_goods", "play_event", "auction_vp", "pass_upkeep_marker", "start_auction",
        *["shipment_bid"] * 8, "sell", "buy_vp", "end_turn",
    ]  # fmt: skip
    # David holds the marker: Beth, Chris, then David's upkeep.
    assert game.next_upkeeps(1)[0].turns_from_now == 2


@pytest.mark.parametrize(
    ("move", "named"),
    [
        (lambda g: g.sell(["silk"], agents=2, bases=[20]), "Hire Dockworkers comes after upkeep"),
        (lambda g: g.play_event(DISTANT_WAR), "step 1"),
        (lambda g: g.auction_vp({"David": 8}), "step 1"),
        (lambda g: g.pass_upkeep_marker(), "step 1"),
        (lambda g: g.start_auction(Shipment(("grain",), (2,))), "comes after upkeep"),
        (lambda g: g.buy_vp(), "Buy One Victory Point comes after upkeep"),
        (lambda g: g.end_turn(), "Ending the turn comes after upkeep"),
    ],
)
def test_upkeep_the_holders_steps_come_first_and_in_order(move: Any, named: str) -> None:
    """Upkeep: remove goods, apply one event, auction the tokens, pass the marker, before the
    shipment auction and the agents (a silk sold before the removal would pay the wrong price)."""
    game = sample_turn_start()
    before = _snapshot(game)
    with pytest.raises(ActionError, match=named):
        move(game)
    assert _snapshot(game) == before


def test_upkeep_apply_one_event_exactly_once() -> None:
    game, _ = sample_turn_start().remove_goods({"luxuries": 1})
    game, _ = game.play_event(DISTANT_WAR)
    with pytest.raises(ActionError, match="upkeep step 3"):
        game.play_event(ECONOMIC_WOES)
    game, _ = game.auction_vp({})
    game, _ = game.pass_upkeep_marker()
    with pytest.raises(ActionError, match="Manipulate Events"):
        game.play_event(ECONOMIC_WOES)
    with pytest.raises(ActionError, match=r"already removed|part of upkeep"):
        game.remove_goods({})


def test_auction_victory_point_tokens_exactly_those_on_the_marker() -> None:
    """Upkeep › 3: each token on the marker is auctioned once; unsold ones stay for the next
    upkeep; with none, the step is skipped."""
    game = replace(sample_turn_start(), vp_on_marker=2)
    game, _ = game.remove_goods({})
    game, _ = game.play_event(DISTANT_WAR)
    assert game.vp_auctions_left == 2
    game, first = game.auction_vp({"Chris": 8, "Beth": 3})
    assert first.summary == "Chris won a victory point for 8 crowns. 1 token left to auction."
    game, second = game.auction_vp({"Adam": 0, "Beth": 0})
    assert second.summary.startswith("Nobody bid: the victory point token stays")
    assert (game.vp_on_marker, game.step) == (1, "pass_marker")
    with pytest.raises(ActionError, match=r"every victory point token.*\(1 unsold stay"):
        game.auction_vp({"Adam": 3})
    game, _ = game.pass_upkeep_marker()
    # No tokens: the event leads straight to passing the marker, and no auction is held.
    empty = replace(after_upkeep(sample_turn_start()), vp_on_marker=0)
    bare = MercanteGame(
        players=empty.players, active="Adam", upkeep_holder="Adam", slots=(), vp_on_marker=0
    )
    bare, _ = bare.remove_goods({})
    bare, _ = bare.play_event(DISTANT_WAR)
    assert bare.step == "pass_marker"
    for _ in range(5):
        with pytest.raises(ActionError, match="no victory point token"):
            bare.auction_vp({"Adam": 1})


def test_auction_victory_point_tokens_bids_cannot_exceed_the_crowns_counted() -> None:
    game, _ = sample_turn_start().remove_goods({})
    game, _ = game.play_event(DISTANT_WAR)
    with pytest.raises(AuctionError, match="David's bid 8 is more than their 6 crowns"):
        game.auction_vp({"David": 8, "Beth": 5}, crowns={"David": 6})
    game, record = game.auction_vp({"David": 6, "Beth": 5}, crowns={"David": 6, "Beth": 40})
    assert record.action.to_dict()["crowns"] == {"Beth": 40, "David": 6}
    assert MercanteGame.from_dict(_json(game)) == game


def test_hire_dockworkers_example_beths_cartage() -> None:
    """Hire Dockworkers: Beth's three agents give three cartage points: spices (2) and her
    livestock (1, half a point wasted); the silver must wait or go to the bazaar."""
    game = replace(to_beths_turn(), players=(
        PlayerState("Adam"), PlayerState("Beth", agents=3), PlayerState("Chris"),
        PlayerState("David"),
    ))  # fmt: skip
    game, sale = game.sell(["spices", "livestock"], agents=3, bases=[20, 12])
    assert sale.summary == "Beth sold spices and livestock for 32 crowns (spices 20, livestock 12)."
    assert sale.quote.cartage.needed == 3 and game.agents_left() == 0
    with pytest.raises(LimitError, match="Hire Dockworkers needs 1 but 0 are left"):
        game.sell(["silver"], agents=1, bases=[14])
    game, bazaar = game.sell(["silver"], bazaar=[0])  # the bazaar takes no agent
    assert bazaar.summary == "Beth sold silver at the bazaar for 3 crowns."


def test_a_sale_reads_as_one_sentence_with_the_goods_counted() -> None:
    game = replace(to_beths_turn(), players=(
        PlayerState("Adam"), PlayerState("Beth", agents=4), PlayerState("Chris"),
        PlayerState("David"),
    ))  # fmt: skip
    _, one = game.sell(["spices"], agents=2, bases=[5])
    assert one.summary == "Beth sold spices for 5 crowns."
    _, three = game.sell(["grain", "grain", "livestock"], agents=4, bases=[9, 8, 7])
    assert three.summary == (
        "Beth sold 2 grain and livestock for 24 crowns (grain 9, grain 8, livestock 7)."
    )
    _, mixed = game.sell(
        ["grain", "livestock", "silver", "tin"], agents=2, bases=[9, 8, 3, 3], bazaar=[2, 3]
    )
    assert mixed.summary == (
        "Beth sold grain and livestock, and silver and tin at the bazaar, for 23 crowns "
        "(grain 9, livestock 8)."
    )


def test_auctions_with_three_players_go_round_twice() -> None:
    """Auctions with Three Players: two rounds; a player who passed in the first is not asked
    in the second, nor is the player holding the high bid."""
    game = counted_at_table(("Adam", "Beth", "Chris"))
    game, _ = game.start_auction(Shipment(("silk",), (2,)))
    assert game.auction is not None and game.auction.order == ("Beth", "Chris", "Adam")
    game, _ = game.bid("Beth", None)
    game, _ = game.bid("Chris", 3)
    assert game.auction is not None and game.auction.minimum_bid == 4
    game, _ = game.bid("Adam", 4)
    assert game.auction is not None and game.auction.round == 2
    assert game.auction.next_bidder == "Chris"  # Beth passed in the first round
    with pytest.raises(AuctionError, match="it is Chris's bid, not Beth's"):
        game.bid("Beth", 5)
    game, _ = game.bid("Chris", 6)
    game, last = game.bid("Adam", None)
    assert last.summary == "Adam passed. Chris won the silk for 6 crowns."
    assert game.auction is None and game.auctioned
    with pytest.raises(ActionError, match="already auctioned a shipment this turn"):
        game.start_auction(Shipment(("ore",), (1,)))


def test_shipment_auction_minimums_single_lots_and_reversed_bidding() -> None:
    game = counted_at_table(FOUR)
    with pytest.raises(AuctionError, match="needs the card's minimum for the whole shipment"):
        game.start_auction(Shipment(("silk", "ore"), (5, 2)), single_lot=True)
    game, _ = game.start_auction(Shipment(("silk", "ore"), (5, 2), 6), single_lot=True)
    assert game.auction is not None and [lot.label for lot in game.auction.lots] == ["silk and ore"]
    with pytest.raises(AuctionError, match="too low: the minimum for the silk and ore is 6"):
        game.bid("Beth", 5)
    with pytest.raises(AuctionError, match="more than their 4 crowns"):
        game.bid("Beth", 6, crowns=4)
    game, _ = game.bid("Beth", 6)
    with pytest.raises(AuctionError, match="too low: Beth bid 6 crowns, so bid 7 or more"):
        game.bid("Chris", 6)
    for name in ("Chris", "David", "Adam"):
        game, _ = game.bid(name, None)
    assert [(r.winner, r.price) for r in game.auction_results()] == [("Beth", 6)]
    reversed_ = counted_at_table(FOUR, variants=Variants(frozenset({REVERSED_AUCTIONS})))
    reversed_, _ = reversed_.start_auction(Shipment(("grain", "grain"), (1, 1)))
    assert reversed_.auction is not None
    assert reversed_.auction.order == ("David", "Chris", "Beth", "Adam")  # Beth bids just before


def test_sample_turn_shipment_carries_one_mercury() -> None:
    """Ruling mercante.sample_turn_shipment: a card carries one precious metal at most."""
    with pytest.raises(AuctionError, match="no shipment card carries 2 mercury tokens"):
        Shipment(("mercury", "mercury", "grain"), (3, 3, 2), 4)
    with pytest.raises(AuctionError, match="1 to 3 goods tokens, not 4"):
        Shipment(("grain",) * 4, (1,) * 4)
    assert Shipment(("grain", "grain", "grain"), (1, 1, 1), 2).goods == ("grain",) * 3


def test_agents_are_counted_for_every_agent_action() -> None:
    """Overview: each agent performs one agent action; Adam's three agents cannot make sales
    using 2, then 2, then 3 agents."""
    game = replace(
        counted_at_table(FOUR),
        players=(PlayerState("Adam", agents=3), *(PlayerState(n) for n in FOUR[1:])),
    )
    game, _ = game.sell(["gold", "tin"], agents=2, bases=[12, 10])
    before = _snapshot(game)
    with pytest.raises(LimitError, match="3 agents this turn, 2 already assigned"):
        game.sell(["silver", "ore"], agents=2, bases=[8, 12])
    assert _snapshot(game) == before
    game, _ = game.apply(SelectContract())
    for move in (
        lambda g: g.buy_vp(),
        lambda g: g.apply(Security(1)),
        lambda g: g.apply(Skulduggery()),
        lambda g: g.apply(GatherIntelligence()),
        lambda g: g.manipulate_events(),
        lambda g: g.improve("warehouse"),
    ):
        with pytest.raises(LimitError, match="0 are left"):
            move(game)
    game, _ = game.sell(["ore"], bazaar=[0])  # the bazaar still buys, with no agent


def test_assign_agents_each_seal_holds_one_agent() -> None:
    """Assign Agents: one seal per action (Buy One Victory Point has two, Security one per
    warehouse owned)."""
    game = replace(
        counted_at_table(FOUR),
        players=(PlayerState("Adam", agents=4, warehouses=2), *(PlayerState(n) for n in FOUR[1:])),
    )
    game, _ = game.buy_vp()
    game, _ = game.buy_vp()
    with pytest.raises(LimitError, match=r"already used Buy One Victory Point.*2 seals"):
        game.buy_vp()
    assert (game.vp_on_marker, game.track) == (2, 4)
    game, _ = game.apply(Security(2))
    with pytest.raises(LimitError, match="warehouse 2 is already secured"):
        game.apply(Security(2))
    with pytest.raises(LimitError, match="warehouse 3: Adam owns 2 warehouses"):
        game.apply(Security(3))
    game, _ = game.apply(Security(1))
    assert game.agents_left() == 0 and game.secured == (1, 2)
    turn, _ = counted_at_table(FOUR).manipulate_events(ECONOMIC_WOES)
    with pytest.raises(LimitError, match="already used Manipulate Events"):
        turn.manipulate_events()
    for action in (SelectContract(), Skulduggery(), GatherIntelligence()):
        once, _ = counted_at_table(FOUR).apply(action)
        with pytest.raises(LimitError, match="already used"):
            once.apply(action)


def test_manipulate_events_plays_one_from_the_hand_or_draws_a_second() -> None:
    game, record = counted_at_table(FOUR).manipulate_events(DISTANT_WAR)
    assert game.slots[0] == DISTANT_WAR and record.changes_calendar
    assert record.summary == "Adam manipulated events: Distant War went into space A."
    drew, record = counted_at_table(FOUR).manipulate_events()
    assert drew.slots == (None, None, None) and "drew two event cards" in record.summary
    assert drew.agents_left() == 1


def test_the_shipment_auction_comes_before_the_agents() -> None:
    game, _ = counted_at_table(FOUR).apply(GatherIntelligence())
    with pytest.raises(ActionError, match="already assigned agents"):
        game.start_auction(Shipment(("grain",), (2,)))
    game, _ = counted_at_table(FOUR).start_auction(Shipment(("grain",), (2,)))
    with pytest.raises(ActionError, match="waits for the shipment auction to finish \\(Beth"):
        game.apply(SelectContract())
    with pytest.raises(ActionError, match="waits for the shipment auction"):
        game.end_turn()


def test_purchase_one_agent_marker_works_from_the_next_turn() -> None:
    """Purchase One Agent Marker: available from the owner's next turn; the track moves 1."""
    game, _ = counted_at_table(FOUR).improve("agent")
    assert game.player("Adam").agents == 3 and game.track == 1
    assert game.usable_agents() == 2 and game.agents_left() == 1
    with pytest.raises(LimitError, match="bought this turn work from the next turn"):
        game.verify(Sell.of(["gold", "silver"], agents=2, bases=[10, 9]))
    while game.active != "Adam" or game.is_upkeep_turn or game.log[-1].action.kind != "end_turn":
        game = after_upkeep(game) if game.is_upkeep_turn else game.end_turn()[0]
    assert game.usable_agents() == 3 and game.agents_left() == 3
    saved = MercanteGame.from_dict(game.to_dict())
    assert saved.usable_agents() == 3 and saved.new_agents == 0


def test_more_than_four_agents_or_three_warehouses_is_refused() -> None:
    start = counted_at_table(FOUR)
    full = replace(start, players=(PlayerState("Adam", agents=4, warehouses=3), *start.players[1:]))
    before = _snapshot(full)
    with pytest.raises(LimitError, match="5 agents"):
        full.improve("agent")
    with pytest.raises(LimitError, match="4 warehouses"):
        full.improve("warehouse")
    assert _snapshot(full) == before
    game, record = counted_at_table(FOUR).improve("warehouse")
    assert record.summary == "Adam bought a warehouse for 5 crowns: now 2."
    with pytest.raises(LimitError, match="already used Improve House Assets"):
        game.improve("agent")
    with pytest.raises(LimitError, match="5 agents"):
        PlayerState("Beth", agents=5)


# -- variants -------------------------------------------------------------------------------------


def test_alternate_five_player_upkeep_passes_two_seats() -> None:
    seats = (*FOUR, "Eve")
    game = counted_at_table(seats, variants=Variants(frozenset({ALTERNATE_FIVE_PLAYER_UPKEEP})))
    assert game.upkeep_costs().points == 2
    for _ in range(4):
        game, _ = game.end_turn()
    game = after_upkeep(game)
    assert game.upkeep_holder == "Chris"
    with pytest.raises(VariantError, match="for 5 players; this table has 4"):
        counted_at_table(FOUR, variants=Variants(frozenset({ALTERNATE_FIVE_PLAYER_UPKEEP})))


def test_variants_are_checked_against_the_table() -> None:
    with pytest.raises(VariantError, match="Talk of Peace is for 4 players; this table has 3"):
        counted_at_table(FOUR[:3], variants=Variants(teams=(("Adam", "Beth"),)))
    with pytest.raises(VariantError, match="Zoe is not seated"):
        counted_at_table(FOUR, variants=Variants(teams=(("Adam", "Zoe"), ("Chris", "David"))))
    with pytest.raises(VariantError, match="every player once"):
        counted_at_table(FOUR, variants=Variants(teams=(("Adam", "Beth"), ("Adam", "David"))))
    with pytest.raises(VariantError, match="3 or 5 for 4 players, not 4"):
        counted_at_table(FOUR, variants=Variants(reference_track=4))
    with pytest.raises(VariantError, match="tracks for 3, 4, 5 players"):
        Variants(reference_track=6)
    with pytest.raises(VariantError, match="'treachery' goes with 'vicious_accounting'"):
        Variants(frozenset({TREACHERY}))
    with pytest.raises(VariantError, match="unknown variant 'fog'"):
        Variants(frozenset({"fog"}))
    peace = Variants(teams=(("Adam", "Chris"), ("Beth", "David")), reference_track=5)
    game = counted_at_table(FOUR, variants=peace)
    assert game.variants.team_of("David") == ("Beth", "David")
    assert game.variants.track_for(4) == 5
    assert MercanteGame.from_dict(_json(game)).variants == peace


def test_vicious_accounting_a_challenge_settles_the_price_claimed() -> None:
    """Vicious Accounting (ruling mercante.vicious_accounting): under-claimed, the challenger
    collects the difference; over-claimed, the seller pays double the excess; a right price
    challenged costs 3 with the additional treachery."""
    variants = Variants(frozenset({VICIOUS_ACCOUNTING, TREACHERY}))
    game = counted_at_table(FOUR, variants=variants, first_event=VISITING_NOBILITY)
    sold, _ = game.sell(["silk"], agents=2, bases=[20])  # 21 crowns
    _, under = sold.challenge("Beth", 18)
    assert under.summary.endswith("the price was 21, so Beth collects 3 crowns from the bank.")
    _, over = sold.challenge("Beth", 23)
    assert over.summary.endswith("so Adam pays the bank 4 crowns.")
    done, right = sold.challenge("Chris", 21)
    assert right.summary.endswith("the price was right, so Chris pays the bank 3 crowns.")
    with pytest.raises(ActionError, match="right after its sale"):
        done.challenge("Beth", 18)  # only the first challenge counts
    with pytest.raises(ActionError, match="own sale"):
        sold.challenge("Adam", 18)
    with pytest.raises(ActionError, match="only with the Vicious Accounting variant"):
        counted_at_table(FOUR).sell(["silk"], agents=2, bases=[20])[0].challenge("Beth", 1)


def test_contractual_obligations_is_a_setup_variant() -> None:
    game = counted_at_table(FOUR, variants=Variants(frozenset({CONTRACTUAL_OBLIGATIONS})))
    assert game.variants.contractual_obligations


# -- bad input changes nothing ---------------------------------------------------------------------


def _snapshot(game: MercanteGame) -> dict[str, Any]:
    return {"state": game.state_dict(), "log": len(game.log)}


@pytest.mark.parametrize(
    ("move", "error", "named"),
    [
        (lambda g: g.sell(["pepper"], agents=2, bases=[10]), UnknownGoodError, "pepper"),
        (lambda g: g.sell(["silk"], agents=2, bases=[0]), PriceError, "0"),
        (lambda g: g.sell(["silk"], agents=3, bases=[20]), LimitError, "needs 3 but 2 are left"),
        (lambda g: g.sell(["silk", "art"], agents=2, bases=[20, 18]), LimitError, "4 cartage"),
        (
            lambda g: g.sell(["art", "silk"], agents=2, bases=[18, 20]),
            PriceError,
            "cannot be higher",
        ),
        (lambda g: g.sell(["ore"], agents=1, bases=[12]), ActionError, "Distant War"),
        (
            lambda g: g.sell(["gold"], agents=1, bases=[14], reaction=ECONOMIC_WOES),
            ReactionError,
            "'gold'",
        ),
        (lambda g: g.sell(["silk"], agents=2), MercanteError, "printed value"),
        (lambda g: g.remove_goods({"spices": 1}), ActionError, "part of upkeep"),
        (lambda g: g.improve("ship"), ActionError, "ship"),
        (lambda g: g.apply(Security(0)), LimitError, "warehouse 0"),
        (lambda g: g.bid("Beth", 3), AuctionError, "no shipment auction"),
        (lambda g: g.challenge("Beth", 3), ActionError, "Vicious Accounting"),
    ],
)
def test_bad_actions_raise_and_change_nothing(
    move: Any, error: type[Exception], named: str
) -> None:
    three = (PlayerState("Adam", agents=3), *(PlayerState(n) for n in FOUR[1:]))
    game, _ = replace(counted_at_table(FOUR), players=three).manipulate_events(DISTANT_WAR)
    before = _snapshot(game)
    with pytest.raises(error, match=named):
        move(game)
    assert _snapshot(game) == before


def test_bad_upkeep_input_is_named() -> None:
    game = sample_turn_start()
    with pytest.raises(UnknownMarketError, match="'spices'"):
        game.remove_goods({"spices": 1})
    with pytest.raises(MercanteError, match="costs 4"):
        game.remove_goods({"luxuries": 2})
    game, _ = game.remove_goods({})
    game, _ = game.play_event(DISTANT_WAR)
    with pytest.raises(SeatError, match="Zoe"):
        game.auction_vp({"Zoe": 3})


def test_setup_new_game() -> None:
    game = counted_at_table(FOUR, first_event=VISITING_NOBILITY)
    assert game.active == "Adam" and game.step == "shipment"
    assert game.upkeep_holder == "David"
    assert game.slots == (VISITING_NOBILITY, None, None)
    assert all(p.agents == 2 and p.warehouses == 1 and p.vp == 0 for p in game.players)


def test_setup_refuses_a_fleeting_first_event() -> None:
    with pytest.raises(FleetingEventError, match="'Storm'"):
        counted_at_table(FOUR, first_event=Event("Storm", "fleeting"))


@pytest.mark.parametrize("seats", [("Adam", "Beth"), (*FOUR, "Eve", "Finn")])
def test_game_player_counts_outside_three_to_five(seats: tuple[str, ...]) -> None:
    with pytest.raises(PlayerCountError, match=str(len(seats))):
        counted_at_table(seats)


def test_game_unknown_active_player_is_named() -> None:
    with pytest.raises(SeatError, match="Zoe"):
        counted_at_table(FOUR, active="Zoe")


# -- tracked board ---------------------------------------------------------------------------------


def test_tracked_sale_places_tokens_and_upkeep_takes_them_off() -> None:
    game = counted_at_table(FOUR, board=MarketBoard.from_printed(PRINTED))
    game, sale = game.sell(["gold", "wine", "grain"], agents=2)
    assert [t.base for t in sale.quote.tokens] == [20, 20, 18]
    assert game.board is not None
    assert game.board.market("foodstuffs").tokens == ("wine", "grain")
    for _ in range(3):
        game, _ = game.end_turn()
    assert game.is_upkeep_turn and game.active == "David"
    with pytest.raises(ActionError, match="step 1"):
        game.pass_upkeep_marker()
    with pytest.raises(MercanteError, match="must be spent"):
        game.remove_goods({"precious_metals": 1})
    game, removal = game.remove_goods({"precious_metals": 1, "foodstuffs": 2})
    assert dict(removal.removed) == {"precious_metals": ("gold",), "foodstuffs": ("grain", "wine")}
    game, _ = game.play_event(VISITING_NOBILITY)
    game, _ = game.pass_upkeep_marker()
    assert game.upkeep_holder == "Chris"


def test_an_event_removing_tokens_changes_only_the_board() -> None:
    game = counted_at_table(FOUR, board=MarketBoard.from_printed(PRINTED))
    game, _ = game.sell(["wine", "grain"], agents=1)
    game, record = game.manipulate_events(Event("Feast", "fleeting", removes={"foodstuffs": 5}))
    assert game.slots == (None, None, None)
    assert game.board is not None and game.board.market("foodstuffs").covered == 0
    assert "2 tokens came off foodstuffs" in record.summary


# -- undo ------------------------------------------------------------------------------------------


def test_undo_the_last_calendar_action() -> None:
    game = counted_at_table(FOUR, first_event=VISITING_NOBILITY)
    played, _ = game.manipulate_events(DISTANT_WAR)
    assert played.can_undo_calendar
    restored = played.undo_calendar()
    assert restored.slots == game.slots and restored.agents_left() == 2
    assert restored.log == game.log


def test_undo_calendar_refused_after_another_action() -> None:
    game, _ = counted_at_table(FOUR).manipulate_events(DISTANT_WAR)
    game, _ = game.improve("warehouse")
    with pytest.raises(ActionError, match="did not change the calendar"):
        game.undo_calendar()
    assert game.undo().player("Adam").warehouses == 1
    with pytest.raises(MercanteError, match="nothing to undo"):
        counted_at_table(FOUR).undo()


def test_a_sale_with_an_enduring_reaction_is_a_calendar_action() -> None:
    game = after_upkeep(sample_turn_start())
    sold, _ = game.sell(["silk"], agents=2, bases=[20], reaction=ECONOMIC_WOES)
    assert sold.can_undo_calendar
    assert sold.undo_calendar().slots == game.slots


def test_reaction_by_must_be_seated_and_needs_a_reaction() -> None:
    game = after_upkeep(sample_turn_start())
    with pytest.raises(SeatError, match="Zoe"):
        game.sell(["silk"], agents=2, bases=[20], reaction=ECONOMIC_WOES, reaction_by="Zoe")
    with pytest.raises(ReactionError, match="'David'"):
        game.sell(["silk"], agents=2, bases=[20], reaction_by="David")
    with pytest.raises(SeatError, match="Zoe"):
        game.sell(["silk"], agents=2, bases=[20], reactions=[(ECONOMIC_WOES, "Zoe")])


# -- saving ----------------------------------------------------------------------------------------


def _json(game: MercanteGame) -> dict[str, Any]:
    return json.loads(json.dumps(game.to_dict()))


def test_save_round_trip_keeps_state_and_log() -> None:
    game = sample_turn_start()
    game, _ = game.remove_goods({"luxuries": 1})
    game, _ = game.play_event(DISTANT_WAR)
    game, _ = game.auction_vp({"David": 8})
    game, _ = game.pass_upkeep_marker()
    game, _ = game.start_auction(Shipment(("mercury", "grain"), (3, 2), 4))
    game, _ = game.bid("Beth", None)  # an auction under way is saved too
    loaded = MercanteGame.from_dict(_json(game))
    assert loaded == game
    assert loaded.auction is not None and loaded.auction.next_bidder == "Chris"
    assert [r.summary for r in loaded.log] == [r.summary for r in game.log]
    assert loaded.undo() == game.undo()
    for record in game.log:
        assert read_action(json.loads(json.dumps(record.action.to_dict()))) == record.action


def test_a_version_1_save_goes_on_from_where_it_had_got_to() -> None:
    """Games saved before the turn's phases were kept (events played at any moment) are not
    lost: their moves are replayed as they were then and the game goes on from there."""
    old = {
        "format": "companion.mercante.game",
        "version": 1,
        "start": {
            "players": [{"name": n, "agents": 2, "warehouses": 1} for n in FOUR],
            "active": "Adam",
            "upkeep_holder": "David",
            "calendar": [VISITING_NOBILITY.to_dict(), None, None],
            "board": None,
            "house_rules": ["mercante." + "alternate_five_player_upkeep"],
            "removed_this_turn": False,
            "improved_this_turn": 0,
            "new_agents": 0,
        },
        "actions": [
            {"kind": "play_event", "event": DISTANT_WAR.to_dict()},
            {"kind": "sell", "goods": ["silk"], "agents": 2, "bazaar": [], "bases": [20],
             "reaction": ECONOMIC_WOES.to_dict(), "reaction_at": 0, "reaction_by": "David"},
            {"kind": "play_event", "event": VISITING_NOBILITY.to_dict()},
            {"kind": "improve", "asset": "agent"},
            {"kind": "end_turn"},
            {"kind": "auction_vp", "bids": {"Adam": 3}},
        ],
    }  # fmt: skip
    with pytest.raises(SaveDataError, match="Alternate Five-Player Upkeep is for 5 players"):
        MercanteGame.from_dict(old)  # the old five-player house rule is now a variant
    old["start"]["house_rules"] = []  # type: ignore[index]
    game = MercanteGame.from_dict(old)
    assert game.log == () and game.active == "Beth" and game.step == "shipment"
    assert game.slots == (VISITING_NOBILITY, ECONOMIC_WOES, DISTANT_WAR)
    assert game.player("Adam").agents == 3 and game.new_agents == 0
    assert game.to_dict()["version"] == 3
    assert MercanteGame.from_dict(_json(game)) == game


KINDS = (
    "remove",
    "event",
    "auction",
    "pass",
    "start_auction",
    "bid",
    "pass_bid",
    "sell",
    "bazaar",
    "improve",
    "buy_vp",
    "manipulate",
    "security",
    "contract",
    "skulduggery",
    "intelligence",
    "end",
    # turns end and upkeeps run often enough to go round the table
    "end",
    "end",
    "remove",
    "event",
    "auction",
    "pass",
    "bid",
    "pass_bid",
)
moves = st.lists(
    st.tuples(
        st.sampled_from(KINDS),
        st.integers(0, 3),
        st.lists(st.sampled_from(goods()), min_size=1, max_size=3),
    ),
    max_size=60,
)  # fmt: skip


def _try(game: MercanteGame, kind: str, n: int, sold: list[str], tracked: bool) -> MercanteGame:
    bases = None if tracked else [10] * len(sold)
    calls: dict[str, Any] = {
        "remove": lambda: game.remove_goods({markets()[n]: 1} if n else {}),
        "event": lambda: game.play_event([VISITING_NOBILITY, DISTANT_WAR, ECONOMIC_WOES][n % 3]),
        "auction": lambda: game.auction_vp({game.seats[n % 4]: n}),
        "pass": game.pass_upkeep_marker,
        "start_auction": lambda: game.start_auction(Shipment((sold[0],), (n + 1,))),
        "bid": lambda: (
            game.bid(game.auction.next_bidder or "", n + 1 + (game.auction.minimum_bid or 0))  # type: ignore[union-attr]
            if game.auction
            else game.bid("Adam", 1)
        ),
        "pass_bid": lambda: (
            game.bid(game.auction.next_bidder or "", None)  # type: ignore[union-attr]
            if game.auction
            else game.bid("Adam", None)
        ),
        "sell": lambda: game.sell(sold, agents=n, bases=bases),
        "bazaar": lambda: game.sell(sold, bazaar=range(len(sold))),
        "improve": lambda: game.improve("agent" if n % 2 else "warehouse"),
        "buy_vp": game.buy_vp,
        "manipulate": lambda: game.manipulate_events(None if n == 0 else DISTANT_WAR),
        "security": lambda: game.apply(Security(n or 1)),
        "contract": lambda: game.apply(SelectContract()),
        "skulduggery": lambda: game.apply(Skulduggery()),
        "intelligence": lambda: game.apply(GatherIntelligence()),
        "end": game.end_turn,
    }
    try:
        return calls[kind]()[0]  # type: ignore[no-any-return]
    except MercanteError:
        return game


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=80, deadline=None)
@given(moves, st.booleans(), st.integers(0, 3), st.sampled_from(FOUR))
def test_property_agents_never_exceed_and_upkeep_steps_come_in_order(
    plan: list[tuple[str, int, list[str]]], tracked: bool, marker: int, holder: str
) -> None:
    """Over random legal turns: the agents used never exceed the agents the active player
    owns (nor those working this turn), and the upkeep steps always come first and in order."""
    board = MarketBoard.from_printed(PRINTED) if tracked else None
    start = counted_at_table(FOUR, first_event=VISITING_NOBILITY, board=board, upkeep_holder=holder)
    game = replace(start, vp_on_marker=marker)
    for kind, n, sold in plan:
        game = _try(game, kind, n, sold, tracked)
        owner = game.player(game.active)
        assert 0 <= game.agents_used <= game.usable_agents() <= owner.agents
        assert sum(n for _, n in game.assigned) == game.agents_used
    upkeep = {"remove_goods": 0, "play_event": 1, "auction_vp": 2, "pass_upkeep_marker": 3}
    turn: list[str] = []
    for record in (*game.log, None):
        if record is None or isinstance(record.action, EndTurn):
            steps = [upkeep[k] for k in turn if k in upkeep]
            assert steps == sorted(steps)
            if steps:
                assert turn[: len(steps)] == [k for k in turn if k in upkeep]  # upkeep first
                assert steps[0] == 0 and steps.count(0) == 1
                assert steps.count(1) <= 1 and steps.count(3) <= 1
                if record is not None:  # a turn that ended finished its upkeep
                    assert steps.count(1) == steps.count(3) == 1
            turn = []
        else:
            turn.append(record.action.kind)
    assert all(s in (*UPKEEP_STEPS, "shipment", "agents") for s in (game.step,))
    loaded = MercanteGame.from_dict(_json(game))
    assert loaded == game and loaded.to_dict() == game.to_dict()


@pytest.mark.parametrize(
    ("edit", "named"),
    [
        (lambda d: d.update(version=4), "version 4"),
        (lambda d: d.update(format="other"), "format 'other'"),
        (lambda d: d["start"]["players"][1].update(agents=5), r"start\.players\[1\].*5 agents"),
        (lambda d: d["start"].update(active="Zoe"), "start.*Zoe"),
        (lambda d: d["start"].update(step="dancing"), "start.*'dancing'"),
        (
            lambda d: d["start"]["calendar"].__setitem__(0, {"name": "X", "kind": "fleeting"}),
            "start.calendar",
        ),
        (
            lambda d: d["actions"].append(
                {"kind": "sell", "goods": ["pepper"], "agents": 0, "bases": [3]}
            ),
            r"actions\[2\] \(sell\).*pepper",
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
        (lambda d: d["start"].update(variants={"on": ["fog"]}), r"start\.variants.*'fog'"),
    ],
)
def test_bad_saves_name_the_path(edit: Any, named: str) -> None:
    game, _ = counted_at_table(FOUR).manipulate_events(DISTANT_WAR)
    game, _ = game.improve("agent")
    data = _json(game)
    edit(data)
    with pytest.raises(SaveDataError, match=named):
        MercanteGame.from_dict(data)


def test_long_game_copies_and_pickles_without_deep_nesting() -> None:
    game = counted_at_table(FOUR, board=MarketBoard.from_printed(PRINTED))
    for _ in range(150):
        game, _ = game.apply(GatherIntelligence())
        game, _ = game.end_turn()
        if game.is_upkeep_turn:
            game = after_upkeep(game)
    assert copy.deepcopy(game) is game
    loaded = pickle.loads(pickle.dumps(game))
    assert loaded == game and len(loaded.log) > 300


def test_with_house_rules_replays_the_game() -> None:
    from companion.engine.mercante import REACTION_CLOSES_MARKET, HouseRules

    crash = Event("Crash", "enduring", {"silk": -2}, closes=["luxuries"], reaction=True)
    game, _ = counted_at_table(FOUR).sell(["silk"], agents=2, bases=[20], reaction=crash)
    assert game.log[-1].quote.total == 0  # type: ignore[attr-defined]
    other = game.with_rules(HouseRules.of(REACTION_CLOSES_MARKET))
    assert other.log[-1].quote.total == 18  # type: ignore[attr-defined]
    assert len(other.log) == len(game.log) and other.start.rules.reaction_close_sells
