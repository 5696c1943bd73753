"""Mercante played whole by a seeded player, on the table every phone shares, with the app
keeping every crown and contract: four seats set up (the checklist ticked, one contract kept
each, its face told by its holder), a few rounds of turns in the rulebook's order (the upkeep
holder's upkeep first, then a shipment auction bid once around within each bidder's crowns,
then agent actions until the agents run out or the player stops), the reference track's end
noted on the last turn, which is played out, and the end-game steps: everyone's goods left
sold to the bazaar and victory points bought at 10 crowns, the tally worked out from the game.

Every action is one the table accepts at that moment (``MercanteTable.can_apply``); the
choices between legal ones come from ``random.Random(seed)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from companion.engine.mercante import (
    TABLE_RULES,
    AuctionVictoryPoint,
    BuyVictoryPoint,
    ContractCard,
    EndTurn,
    Event,
    FinalPurchase,
    FinalSale,
    GatherIntelligence,
    ImproveHouse,
    ManipulateEvents,
    MercanteGame,
    MercanteTable,
    NoteEndTrigger,
    PassUpkeepMarker,
    PlayEvent,
    RemoveGoods,
    Security,
    SelectContract,
    Sell,
    Shipment,
    ShipmentBid,
    Skulduggery,
    StartShipmentAuction,
    TableMove,
    TakeContract,
    TickSetupStep,
    facts,
    goods,
    market_of,
    markets,
    rulebook_event,
)

TOOL = TABLE_RULES.tool

SEATS = ("Anna", "Ben", "Cleo", "Dev")
#: Rounds played: the game ends with the last player's turn of the third (three upkeeps).
ROUNDS = 3


class _Table:
    """The table as the player sees it, and the actions taken so far (each one checked)."""

    def __init__(self, table: MercanteTable) -> None:
        self.table = table
        self.actions: list[TableMove] = []

    @property
    def game(self) -> MercanteGame:
        return self.table.game

    def take(self, action: TableMove) -> None:
        self.table = self.table.apply(action)[0]
        self.actions.append(action)

    def first_legal(self, options: Sequence[TableMove]) -> bool:
        """Take the first of ``options`` the table accepts now; False when none is."""
        for action in options:
            if self.table.can_apply(action):
                self.take(action)
                return True
        return False


def _events() -> tuple[Event, ...]:
    """The rulebook's event cards (the only ones the app knows without a group's own)."""
    return tuple(rulebook_event(e.name) for e in facts().events)


def _card(rng: random.Random) -> ContractCard:
    """A contract card as its holder reads it: a group of the Reference list, goods it could
    name, and the points printed on it."""
    group = rng.choice(facts().contracts)
    kinds = [g for g in goods() if group.market is None or market_of(g) == group.market]
    if group.mixed:
        wanted = tuple(rng.sample(kinds, group.quantity))
    else:
        wanted = tuple(rng.choice(kinds) for _ in range(group.quantity))
    return ContractCard(group.id, wanted, rng.randrange(1, 3), rng.randrange(1, 4))


def _setup(at: _Table, rng: random.Random) -> None:
    for step, _text in at.table.setup_steps():
        at.take(TickSetupStep(step))
    for name in at.game.seats:
        card = _card(rng)
        at.take(TakeContract(name, card.crowns, card))


def _upkeep(at: _Table, rng: random.Random) -> None:
    """Remove goods (none: nobody's holdings are tracked), turn over an event, auction the
    victory point tokens on the marker, pass the marker."""
    at.take(RemoveGoods(()))
    events = list(_events())
    rng.shuffle(events)
    assert at.first_legal([PlayEvent(e) for e in events])
    while at.game.step == "auction_vp":  # one blind auction per token on the marker
        bids = tuple(
            (p.name, rng.randrange(0, min(p.crowns, 8) + 1))
            for p in at.game.players
            if rng.random() < 0.7
        )
        assert at.first_legal([AuctionVictoryPoint(bids), AuctionVictoryPoint(())])
    at.take(PassUpkeepMarker())


def _shipment(at: _Table, rng: random.Random) -> None:
    """A shipment card from the harbor (one or two tokens of one market), each token auctioned
    once around; a bidder raises the minimum now and then, or passes."""
    market = rng.choice(markets())
    in_market = [g for g in goods() if market_of(g) == market]
    count = rng.choice((1, 2))
    if facts().market(market).per_shipment >= count:
        card = tuple(rng.choice(in_market) for _ in range(count))
    else:  # no card carries two tokens of one of these goods
        card = tuple(rng.sample(in_market, count))
    minimums = tuple(rng.randrange(1, 6) for _ in card)
    shipment = Shipment(card, minimums, sum(minimums) if count > 1 else None)
    if not at.first_legal([StartShipmentAuction(shipment, single_lot=rng.random() < 0.3)]):
        at.first_legal([StartShipmentAuction(Shipment(card[:1], minimums[:1]))])
    while (auction := at.game.auction) is not None and not auction.done:
        bidder, least = auction.next_bidder, auction.minimum_bid
        assert bidder is not None and least is not None
        amount = least + rng.randrange(3) if rng.random() < 0.5 else None
        if amount is not None and amount > at.game.player(bidder).crowns:
            amount = None  # "Players cannot bid more money than they can pay."
        at.take(ShipmentBid(bidder, amount))


def _sale(at: _Table, rng: random.Random) -> list[TableMove]:
    """Up to three goods of one market at printed values it could show (each token lands a
    space lower), hiring as few dockworkers as the cartage needs; now and then the bazaar.
    Half the time the goods are those the app saw the player take."""
    seen = at.game.goods_seen(at.game.active)
    market = rng.choice(markets())
    in_market = [g for g in goods() if market_of(g) == market]
    sold = tuple(rng.choice(in_market) for _ in range(rng.choice((1, 1, 2, 3))))
    if seen and rng.random() < 0.5:
        sold = seen[:3]
    if rng.random() < 0.2:
        return [Sell(sold, bazaar=tuple(range(len(sold))))]
    bases = tuple(sorted((rng.randrange(4, 21) for _ in sold), reverse=True))
    return [Sell(sold, agents=n, bases=bases) for n in range(at.game.agents_left() + 1)]


def _selected(rng: random.Random) -> SelectContract:
    card = _card(rng)
    return SelectContract(card.crowns, card)


def _agent_action(at: _Table, rng: random.Random) -> list[TableMove]:
    """One agent action, as the options to try in order (the first legal one is taken)."""
    track = 2 + at.game.track  # the price the reference track shows rises as it advances
    options: tuple[Callable[[], list[TableMove]], ...] = (
        lambda: _sale(at, rng),
        lambda: _sale(at, rng),
        lambda: _sale(at, rng),
        lambda: _sale(at, rng),
        lambda: [ImproveHouse("agent", max(1, 12 - track)), ImproveHouse("warehouse")],
        lambda: [BuyVictoryPoint(track)],
        lambda: [ManipulateEvents(rng.choice((None, *_events())))],
        lambda: [Security(rng.randrange(1, 3))],
        lambda: [_selected(rng)],
        lambda: [Skulduggery()],
        lambda: [GatherIntelligence()],
    )
    return rng.choice(options)()


def _agents(at: _Table, rng: random.Random) -> None:
    """Agent actions until none is left to use (or the player stops), a handful of tries."""
    for _ in range(12):
        if at.game.agents_left() == 0 or rng.random() < 0.15:
            return
        at.first_legal(_agent_action(at, rng))


def _turn(at: _Table, rng: random.Random, *, last: bool = False) -> None:
    """One turn; on the ``last`` the reference track's end is noted (unless a trigger the app
    sees was met already), the turn is played out, and the game ends with it."""
    if at.game.is_upkeep_turn:
        _upkeep(at, rng)
    _shipment(at, rng)
    if last and not at.game.ending:
        at.take(NoteEndTrigger("reference_track", rng.choice(at.game.seats)))
    _agents(at, rng)
    at.take(EndTurn())


def _end(at: _Table, rng: random.Random) -> None:
    """The end-game steps for everyone: the goods left (those the app saw, now and then none)
    sold to the bazaar, then victory points bought with some of the crowns."""
    for name in at.game.seats:
        seen = at.game.goods_seen(name)
        at.take(FinalSale(name, seen if rng.random() < 0.8 else ()))
        most = at.game.player(name).crowns // 10
        at.take(FinalPurchase(name, rng.randrange(0, most + 1)))


def play(seed: int) -> tuple[MercanteTable, list[TableMove]]:
    rng = random.Random(seed)
    first = rng.choice([e.name for e in facts().events if e.kind == "enduring"])
    start = MercanteTable.new(MercanteGame.new(list(SEATS), first_event=rulebook_event(first)))
    at = _Table(start)
    _setup(at, rng)
    turns = ROUNDS * len(SEATS)
    for turn in range(1, turns + 1):
        _turn(at, rng, last=turn == turns)
        if at.game.is_over:
            break
    _end(at, rng)
    return start, at.actions


def outcome(table: MercanteTable) -> list[str]:
    """The final standings as the game works them out, one line a player:
    ``1. Cleo 14 (winner)``."""
    tally = table.game.tally()
    return [
        f"{s.rank}. {s.name} {s.score}" + (" (winner)" if s.winner else "") for s in tally.standings
    ]
