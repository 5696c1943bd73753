"""The ledger (issue 20): every crown and contract of a game the app keeps from setup, the moves
the rulebook forbids refused with their passage, the end noticed and the tally worked out.

Each golden test is named after the rulebook section it checks and quotes its passage."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine.mercante import (
    BANK,
    CONTRACTUAL_OBLIGATIONS,
    VICIOUS_ACCOUNTING,
    ActionError,
    AuctionError,
    BidForHouse,
    BuyVictoryPoint,
    ContractCard,
    ContractError,
    Correct,
    CrownsError,
    EndTurn,
    Event,
    FinalPurchase,
    FinalSale,
    GameOverError,
    HouseRules,
    ImproveHouse,
    MercanteError,
    MercanteGame,
    NoteEndTrigger,
    ReactionError,
    SelectContract,
    Sell,
    Shipment,
    ShowContract,
    TakeContract,
    TallyError,
    Variants,
    rulebook_event,
)
from companion.engine.mercante.house import OBLIGATIONS_DEAL, OBLIGATIONS_PAY, TALK_OF_PEACE_END

FOUR = ("Adam", "Beth", "Chris", "David")
GRAIN = ContractCard("two_foodstuffs", ("grain", "grain"), 2, 3)
SILK = ContractCard("one_luxury", ("silk",), 2, 4)
SILK_GLUT = Event("Silk Glut", "fleeting", {"silk": -1}, reaction=True)
SILK_FAIR = Event("Silk Fair", "fleeting", {"silk": 2}, reaction=True)


def new(**kw: Any) -> MercanteGame:
    return MercanteGame.new(FOUR, first_event=rulebook_event("Visiting Nobility"), **kw)


def crowns(game: MercanteGame) -> dict[str, int]:
    return {p.name: p.crowns for p in game.players}


def auctioned(game: MercanteGame, winner: str | None = None, good: str = "grain") -> MercanteGame:
    """The shipment auction of one token, won by ``winner`` for its minimum (or passed)."""
    game = game.start_auction(Shipment((good,), (1,)))[0]
    while game.auction is not None:
        bidder = game.auction.next_bidder
        assert bidder is not None
        game = game.bid(bidder, 1 if bidder == winner else None)[0]
    return game


def test_setup_each_player_receives_8_plus_twice_their_turn_order() -> None:
    """Setup: "Each player receives a number of crowns equal to 8 plus twice his or her turn
    order (thus the starting player receives 10 crowns, the player to the left receives 12
    crowns, and so on)." Contractual Obligations: "players get crowns equal to twice their
    seating order as usual"."""
    assert crowns(new()) == {"Adam": 10, "Beth": 12, "Chris": 14, "David": 16}
    obliged = new(variants=Variants(on=frozenset({CONTRACTUAL_OBLIGATIONS})))
    assert crowns(obliged) == {"Adam": 2, "Beth": 4, "Chris": 6, "David": 8}
    assert new(ledger=False).player("Adam").crowns == 0  # the table counts them itself


def test_setup_a_kept_contract_pays_its_value_and_one_is_kept() -> None:
    """Setup: "Each player selects one contract card to keep, and receives crowns equal to the
    value of that contract card." """
    game = new()
    game, record = game.apply(TakeContract("Adam", 6, GRAIN))
    assert game.player("Adam").crowns == 16 and record.payments[0].payer == BANK
    assert "grain" not in record.summary  # every phone sees the summary: never the face
    with pytest.raises(ContractError, match="Adam keeps 1 contract at setup"):
        game.apply(TakeContract("Adam", 10))
    with pytest.raises(ContractError, match="pays 6 crowns on its back, not 10"):
        game.apply(TakeContract("Beth", 10, GRAIN))
    played = auctioned(game)
    with pytest.raises(ActionError, match="contracts are kept at setup"):
        played.apply(TakeContract("Beth", 10))


def test_contractual_obligations_three_contracts_pay_and_replace_the_deal() -> None:
    """Variants › Contractual Obligations: "instead of the base 8 crowns that players normally
    start with, each player draws three contracts and keeps them all" (rulings
    mercante.obligations_pay and mercante.obligations_deal, with their house rules)."""
    on = Variants(on=frozenset({CONTRACTUAL_OBLIGATIONS}))
    game = new(variants=on)
    for value in (6, 8, 10):
        game = game.apply(TakeContract("Adam", value))[0]
    assert game.player("Adam").crowns == 2 + 24 and game.contract_count("Adam") == 3
    assert not game.can_apply(TakeContract("Adam", 6))
    unpaid = new(variants=on, rules=HouseRules(frozenset({OBLIGATIONS_PAY})))
    assert unpaid.apply(TakeContract("Adam", 10))[0].player("Adam").crowns == 2
    four = new(variants=on, rules=HouseRules(frozenset({OBLIGATIONS_DEAL})))
    for value in (6, 8, 10, 6):
        four = four.apply(TakeContract("Beth", value))[0]
    assert four.contract_count("Beth") == 4


def test_shipment_auction_no_bid_beyond_what_the_bidder_can_pay() -> None:
    """Shipment Auction: "Players cannot bid more money than they can pay." and "The highest
    bidder in the auction pays the bid to the bank"."""
    game = new().start_auction(Shipment(("gold",), (3,)))[0]
    with pytest.raises(AuctionError, match="Beth's bid 40 is more than their 12 crowns"):
        game.bid("Beth", 40)
    assert game.can_apply(EndTurn()) is False
    game = game.bid("Beth", 12)[0].bid("Chris", None)[0].bid("David", None)[0]
    game, record = game.bid("Adam", None)
    assert game.player("Beth").crowns == 0 and record.payments[0].payee == BANK
    assert game.goods_seen("Beth") == ("gold",)
    with pytest.raises(AuctionError, match="leave them out"):
        new().start_auction(Shipment(("gold",), (3,)))[0].bid("Beth", 5, crowns=99)


def test_upkeep_vp_auction_no_bid_beyond_what_the_player_has() -> None:
    """Upkeep › 3. Auction Victory Point Tokens: "No player may ever bid more money than that
    player has to spend." The winner "takes the victory point token and tosses her 8 crowns
    into the bank"."""
    game = replace(new(upkeep_holder="Adam"), vp_on_marker=1)
    game = game.remove_goods({})[0].play_event(rulebook_event("Distant War"))[0]
    with pytest.raises(AuctionError, match="Beth's bid 13 is more than their 12 crowns"):
        game.auction_vp({"Beth": 13})
    game, record = game.auction_vp({"Beth": 8, "Chris": 4})
    assert game.player("Beth").crowns == 4 and game.player("Beth").vp == 1
    assert record.payments[0].amount == 8


def test_selling_goods_the_bank_pays_the_market_price_and_the_bazaar_3() -> None:
    """Selling Goods: "The player receives from the bank the number in that space, as modified
    by the event cards in the calendar." The Bazaar: "A player can always sell goods tokens to
    the bazaar for 3 crowns each." """
    game = auctioned(new())
    game, record = game.sell(["silk", "grain"], agents=2, bases=[20, 9], bazaar=[1])
    assert record.quote.total == 21 + 3
    assert game.player("Adam").crowns == 10 + 24


def test_contracts_a_sale_completes_a_contract_only_with_its_goods_in_one_turn() -> None:
    """Contracts: "If a player sells all of the goods tokens shown on a contract card in his or
    her hand during a single turn, that player reveals and discards the contract card, and
    gains the victory point tokens shown." One grain to the bazaar completes nothing."""
    game = auctioned(new().apply(TakeContract("Adam", 6, GRAIN))[0])
    game, record = game.sell(["grain"], bazaar=[0])
    assert not record.completed and game.player("Adam").vp == 0
    with pytest.raises(ActionError, match="contract victory points 7"):
        game.sell(["grain"], bazaar=[0], contract_vp=7)
    game, record = game.sell(["grain"], bazaar=[0])  # the second grain, the same turn
    assert [c.number for c in record.completed] == [1] and game.player("Adam").vp == 2
    assert game.contract_count("Adam") == 0 and "completed a contract" in record.summary
    # a new turn starts counting again: one grain then, one grain now, completes nothing
    again = auctioned(new().apply(TakeContract("Adam", 6, GRAIN))[0])
    again = again.sell(["grain"], bazaar=[0])[0].end_turn()[0]
    again = auctioned(again)
    assert again.player("Adam").vp == 0 and again.contract_count("Adam") == 1


def test_the_public_and_the_private_view_of_contracts() -> None:
    """Other Rules › Public Knowledge: the "Value on the back of each contract card held" is
    public; "The specific names and effects of all cards in a player's hand (both event cards
    and contract cards) are kept hidden, known only to the player who holds them." """
    game = new().apply(TakeContract("Adam", 10, SILK))[0].apply(TakeContract("Beth", 6))[0]
    assert game.contract_count("Adam") == 1 and game.contract_values("Adam") == (10,)
    assert game.contracts_of("Adam")[0].card == SILK
    assert game.contracts_of("Beth")[0].card is None  # not told yet
    game, record = game.apply(ShowContract("Beth", 2, GRAIN))
    assert "grain" not in record.summary and game.contracts_of("Beth")[0].card == GRAIN
    with pytest.raises(ContractError, match="Adam holds no contract 2"):
        game.apply(ShowContract("Adam", 2, GRAIN))
    won = auctioned(game, winner="Adam", good="silk")
    assert won.completable("Adam") == won.contracts_of("Adam")
    assert won.completable("Beth") == ()


def test_agent_actions_priced_on_the_track_and_at_5_crowns() -> None:
    """Buy One Victory Point: "the active player pays the current cost to the bank"; Improve
    House Assets: "It costs 5 crowns to purchase an additional warehouse." Select a Contract:
    "The player then receives from the bank the number of crowns shown on the selected
    contract card." The track's prices are printed on it, so the buyer says what it shows."""
    game = auctioned(new())
    game = replace(game, players=(replace(game.player("Adam"), agents=4), *game.players[1:]))
    with pytest.raises(ActionError, match="green seal"):
        game.apply(BuyVictoryPoint())
    with pytest.raises(CrownsError, match="Adam has 10 crowns, not the 11"):
        game.apply(BuyVictoryPoint(11))
    game = game.buy_vp(4)[0]
    assert game.player("Adam").crowns == 6 and game.player("Adam").vp == 1
    game = game.apply(ImproveHouse("warehouse"))[0]
    assert game.player("Adam").crowns == 1
    with pytest.raises(ContractError, match="give the crowns"):
        game.apply(SelectContract())
    game = game.apply(SelectContract(8))[0]
    assert game.player("Adam").crowns == 9 and game.contract_values("Adam") == (8,)
    agent = auctioned(new()).improve("agent", 9)[0]
    assert agent.player("Adam").crowns == 1 and agent.player("Adam").agents == 3


def test_vicious_accounting_challenge_moves_crowns() -> None:
    """Optional Rules › Vicious Accounting: the challenger "collects any crowns that the
    selling player failed to claim", or the seller pays "double the amount that the player
    overestimated the price (those crowns go to the bank)" (ruling
    mercante.vicious_accounting: the seller had taken the price claimed)."""
    game = auctioned(new(variants=Variants(on=frozenset({VICIOUS_ACCOUNTING}))))
    sold = game.sell(["gold"], agents=1, bases=[10])[0]
    under = sold.challenge("Beth", 8)[0]
    assert under.player("Adam").crowns == 18 and under.player("Beth").crowns == 14
    over = sold.challenge("Beth", 11)[0]
    assert over.player("Adam").crowns == 21 - 2


def test_game_end_80_crowns_ends_the_game_at_the_end_of_the_turn() -> None:
    """Game End: "The game ends at the end of the active player's turn if any of the following
    occur: Any player accumulates 80 crowns." Nothing but the end-game steps comes after."""
    game = auctioned(new())
    game, record = game.apply(Correct("Beth", "Chris", "crowns", 80))
    assert "Beth corrected Chris's crowns to 80" in record.summary and game.ending == ("crowns",)
    assert not game.is_over
    game = game.end_turn()[0]
    assert game.is_over
    for refused in (
        lambda: game.start_auction(Shipment(("gold",), (3,))),
        lambda: game.end_turn(),
        lambda: game.sell(["gold"], bazaar=[0]),
    ):
        with pytest.raises(GameOverError, match="the game is over: it ended with Adam's turn"):
            refused()


def test_game_end_the_last_shipment_card_and_the_track_noted() -> None:
    """Game End: "The last shipment card enters the harbor." (32 cards, five in the harbor at
    setup: the 27th auction draws the last) and "The reference track marker advances to the
    last space on the reference track." (noted by a player: the app does not know the track)."""
    game = auctioned(replace(new(), shipments=26))
    assert game.ending == ("last_shipment",)
    noted, record = auctioned(new()).apply(NoteEndTrigger("reference_track", "David"))
    assert noted.ending == ("reference_track",)
    assert record.text == (  # one sentence: who noted what (review F18, issue 21)
        "David noted that the reference track marker is on the last space of the track, so the "
        "game ends with this turn."
    )
    with pytest.raises(ActionError, match="already noted"):
        noted.apply(NoteEndTrigger("reference_track", "Beth"))


def test_talk_of_peace_the_team_goal_ends_the_game() -> None:
    """Variants › Talk of Peace: "The winner is the team that reaches 100 crowns or 10 Victory
    Points first." (ruling mercante.talk_of_peace_end: the normal triggers still count unless
    the house rule says only the goal does)."""
    teams = Variants(teams=(("Adam", "Chris"), ("Beth", "David")))
    game = auctioned(new(variants=teams)).apply(Correct("Adam", "Chris", "crowns", 90))[0]
    assert game.ending == ("crowns", "talk_of_peace")
    goal_only = new(variants=teams, rules=HouseRules(frozenset({TALK_OF_PEACE_END})))
    goal_only = auctioned(goal_only).apply(Correct("Adam", "Beth", "crowns", 80))[0]
    assert goal_only.ending == ()


def test_turn_order_no_turn_ends_and_no_sale_comes_before_the_shipment_auction() -> None:
    """Turn Order: "On each turn, the active player completes the following phases, in the
    order shown" — the shipment auction before the agents."""
    game = new()
    with pytest.raises(ActionError, match="after the shipment auction"):
        game.end_turn()
    with pytest.raises(ActionError, match="after the shipment auction"):
        game.sell(["grain"], bazaar=[0])
    assert auctioned(game).can_apply(EndTurn())


def test_reaction_events_clockwise_the_active_player_last() -> None:
    """Reaction Events: "the active player must give each player, in clockwise order, an
    opportunity to play one or more Reaction events" and "the active player always has the
    last chance to play Reaction events." """
    game = auctioned(new())
    ordered = Sell.of(
        ["silk"], agents=2, bases=[20], reactions=[(SILK_GLUT, "Beth"), (SILK_FAIR, "Adam")]
    )
    assert game.can_apply(ordered)
    late = Sell.of(
        ["silk"], agents=2, bases=[20], reactions=[(SILK_GLUT, "David"), (SILK_FAIR, "Beth")]
    )
    with pytest.raises(ReactionError, match="Beth's Reaction Silk Fair comes too late"):
        game.verify(late)
    after_active = Sell.of(
        ["silk"], agents=2, bases=[20], reactions=[(SILK_GLUT, "Adam"), (SILK_FAIR, "Chris")]
    )
    assert game.can_apply(after_active)  # the active player may play before the sale
    with pytest.raises(ReactionError, match="say who played it"):
        game.verify(Sell.of(["silk"], agents=2, bases=[20], reactions=[(SILK_GLUT, None)]))


def _ended() -> MercanteGame:
    game = new().apply(TakeContract("Adam", 6, GRAIN))[0].apply(TakeContract("Beth", 10))[0]
    game = auctioned(game, winner="Adam").apply(NoteEndTrigger("reference_track", "Adam"))[0]
    return game.end_turn()[0]


def test_game_end_bazaar_sale_then_10_crown_victory_points_and_the_tally() -> None:
    """Game End: "all players sell all their remaining goods to the bazaar. These sales count
    toward the completion of contracts." "Finally, each player can buy victory points for 10
    crowns each." Scoring: "Players tally their accumulated victory points, then subtract the
    penalties for any uncompleted contracts." """
    game = _ended()
    with pytest.raises(ActionError, match="sells their goods left"):
        game.apply(FinalPurchase("Adam", 1))
    game, sale = game.apply(FinalSale("Adam", ("grain", "grain")))
    assert sale.summary.startswith("Adam sold 2 goods to the bazaar at the end: 6 crowns.")
    # A player with nothing left is not said to have sold "no goods left … 0 crowns".
    assert game.apply(FinalSale("Beth"))[1].summary == (
        "Beth had no goods left to sell to the bazaar."
    )
    with pytest.raises(CrownsError, match="Adam has 21 crowns: 3 victory points cost 30"):
        game.apply(FinalPurchase("Adam", 3))
    game = game.apply(FinalPurchase("Adam", 2))[0]
    assert game.apply(FinalSale("Chris"))[0].apply(FinalPurchase("Chris", 0))[1].summary == (
        "Chris bought no victory points at the end."  # not "bought 0 victory points"
    )
    for name in ("Beth", "Chris", "David"):
        game = game.apply(FinalSale(name))[0].apply(FinalPurchase(name, 0))[0]
    with pytest.raises(TallyError, match="Beth has not told the app contract 2"):
        game.tally()
    game = game.apply(ShowContract("Beth", 2, SILK))[0]
    tally = game.tally()
    adam, beth = tally.line("Adam"), tally.line("Beth")
    assert (adam.bazaar_crowns, adam.vp_from_contracts, adam.vp_cost, adam.score) == (6, 2, 20, 4)
    assert (beth.penalty, beth.score, beth.crowns_left) == (4, -4, 22)
    assert tally.standings[0].name == "Adam"


def test_a_ledger_game_saves_and_reads_back_and_an_old_save_keeps_its_counting() -> None:
    game = _ended().apply(FinalSale("Adam", ("grain",)))[0]
    back = MercanteGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert back.players == game.players and back.contracts == game.contracts
    assert back.final == game.final and back.is_over
    old = new(ledger=False).to_dict() | {"version": 2}
    assert not MercanteGame.from_dict(old).ledger


_MOVES = st.lists(st.tuples(st.integers(0, 9), st.integers(0, 40)), min_size=1, max_size=40)


def _try(game: MercanteGame, kind: int, n: int) -> MercanteGame:
    seats = game.seats
    who = seats[n % len(seats)]
    options: list[Any] = [
        TakeContract(who, (6, 8, 10)[n % 3]),
        Shipment(("gold", "grain")[n % 2 :], (1, 2)[n % 2 :]),
        None,
        Sell.of(["grain", "silk"][: 1 + n % 2], bazaar=range(1 + n % 2)),
        BuyVictoryPoint(n % 12),
        ImproveHouse("warehouse"),
        SelectContract((6, 8, 10)[n % 3]),
        Correct(who, seats[(n + 1) % 4], "crowns", n * 3),
        EndTurn(),
        NoteEndTrigger("reference_track", who),
    ]
    option = options[kind]
    try:
        if isinstance(option, Shipment):
            return game.start_auction(option)[0]
        if option is None:  # the next bid: a raise when it can be paid, else a pass
            auction = game.auction
            if auction is None or auction.next_bidder is None:
                return game
            bidder, least = auction.next_bidder, auction.minimum_bid or 1
            bid = least + n % 4 if n % 3 else None
            return game.bid(bidder, bid)[0]
        return game.apply(option)[0]
    except MercanteError:
        return game


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(moves=_MOVES)
def test_property_crowns_are_never_negative_and_crowns_plus_bank_are_conserved(
    moves: list[tuple[int, int]],
) -> None:
    """Whatever is played, every record's payments are exactly what its crowns changed by,
    nobody's crowns go below 0, and the crowns in play plus what the bank paid out stay
    what they were at setup."""
    game = new()
    total = sum(crowns(game).values())
    for kind, n in moves:
        before = game
        game = _try(game, kind, n)
        assert all(p.crowns >= 0 for p in game.players)
        if game is not before and game.log:
            record = game.log[-1]
            for name in game.seats:
                moved = sum(p.amount for p in record.payments if p.payee == name) - sum(
                    p.amount for p in record.payments if p.payer == name
                )
                assert game.player(name).crowns - before.player(name).crowns == moved
    assert sum(crowns(game).values()) == total + game.bank_paid


def test_auction_houses_hidden_bids_are_spent_from_the_starting_crowns() -> None:
    """Variants › Auction Houses: "Each player secretly holds a hidden bid taken from his or
    her starting crowns. All bids are revealed simultaneously (and spent)." """
    game = new(variants=Variants(on=frozenset({"auction_houses"})))
    game = game.apply(BidForHouse("Beth", 5))[0]
    assert game.player("Beth").crowns == 7 and game.in_setup
    with pytest.raises(CrownsError, match="Chris has 14 crowns, not the 15"):
        game.apply(BidForHouse("Chris", 15))
    with pytest.raises(ActionError, match="already bid"):
        game.apply(BidForHouse("Beth", 1))
    with pytest.raises(ActionError, match="only with the Auction Houses variant"):
        new().apply(BidForHouse("Beth", 1))
