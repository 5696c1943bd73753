"""Mercante played whole by a seeded player, on the table every phone shares: four seats set
up (the checklist ticked, one contract kept each), a few rounds of turns in the rulebook's
order (the upkeep holder's upkeep first, then a shipment auction bid once around, then agent
actions until the agents run out or the player stops), an end trigger met and noted on the last
turn, which is played out, and the final tally filled in for everyone.

Every action is one the table accepts at that moment (``MercanteTable.can_apply``); the
choices between legal ones come from ``random.Random(seed)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from companion.engine.mercante import (
    TABLE_RULES,
    Action,
    AuctionVictoryPoint,
    BuyVictoryPoint,
    EndTurn,
    Event,
    GatherIntelligence,
    ImproveHouse,
    KeepContract,
    ManipulateEvents,
    MercanteGame,
    MercanteTable,
    PassUpkeepMarker,
    PlayEvent,
    RemoveGoods,
    Security,
    SelectContract,
    Sell,
    SetTally,
    Shipment,
    ShipmentBid,
    Skulduggery,
    StartShipmentAuction,
    TickEndTrigger,
    TickSetupStep,
    affordable_vp,
    bazaar_price,
    contract_values,
    facts,
    goods,
    market_of,
    markets,
    rulebook_event,
    rules,
)

TOOL = TABLE_RULES.tool

SEATS = ("Anna", "Ben", "Cleo", "Dev")
#: Rounds played: the game ends with the last player's turn of the third (three upkeeps).
ROUNDS = 3


class _Table:
    """The table as the player sees it, and the actions taken so far (each one checked)."""

    def __init__(self, table: MercanteTable) -> None:
        self.table = table
        self.actions: list[Action] = []

    @property
    def game(self) -> MercanteGame:
        return self.table.game

    def take(self, action: Action) -> None:
        self.table = self.table.apply(action)[0]
        self.actions.append(action)

    def first_legal(self, options: Sequence[Action]) -> bool:
        """Take the first of ``options`` the table accepts now; False when none is."""
        for action in options:
            if self.table.can_apply(action):
                self.take(action)
                return True
        return False


def _events() -> tuple[Event, ...]:
    """The rulebook's event cards (the only ones the app knows without a group's own)."""
    return tuple(rulebook_event(e.name) for e in facts().events)


def _setup(at: _Table, rng: random.Random) -> None:
    for step, _text in at.table.setup_steps():
        at.take(TickSetupStep(step))
    values = contract_values()
    for name in at.game.seats:
        at.take(KeepContract(name, 0, rng.choice(values)))


def _upkeep(at: _Table, rng: random.Random) -> None:
    """Remove goods (none: nobody's holdings are tracked), turn over an event, auction the
    victory point tokens on the marker, pass the marker."""
    at.take(RemoveGoods(()))
    events = list(_events())
    rng.shuffle(events)
    assert at.first_legal([PlayEvent(e) for e in events])
    while at.game.step == "auction_vp":  # one blind auction per token on the marker
        seats = at.game.seats
        bids = tuple((n, rng.randrange(2, 9)) for n in seats if rng.random() < 0.7)
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
        at.take(ShipmentBid(bidder, amount))


def _sale(at: _Table, rng: random.Random) -> list[Action]:
    """Up to three goods of one market at printed values it could show (each token lands a
    space lower), hiring as few dockworkers as the cartage needs; now and then the bazaar."""
    market = rng.choice(markets())
    in_market = [g for g in goods() if market_of(g) == market]
    sold = tuple(rng.choice(in_market) for _ in range(rng.choice((1, 1, 2, 3))))
    if rng.random() < 0.2:
        return [Sell(sold, bazaar=tuple(range(len(sold))))]
    bases = tuple(sorted((rng.randrange(4, 21) for _ in sold), reverse=True))
    return [Sell(sold, agents=n, bases=bases) for n in range(at.game.agents_left() + 1)]


def _agent_action(at: _Table, rng: random.Random) -> list[Action]:
    """One agent action, as the options to try in order (the first legal one is taken)."""
    options: tuple[Callable[[], list[Action]], ...] = (
        lambda: _sale(at, rng),
        lambda: _sale(at, rng),
        lambda: _sale(at, rng),
        lambda: _sale(at, rng),
        lambda: [ImproveHouse(rng.choice(("agent", "warehouse")))],
        lambda: [BuyVictoryPoint()],
        lambda: [ManipulateEvents(rng.choice((None, *_events())))],
        lambda: [Security(rng.randrange(1, 3))],
        lambda: [SelectContract()],
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
    """One turn; on the ``last`` a trigger is met with the shipment (the harbor's last card,
    or the reference track's end) and noted, the turn is played out, and the game ends."""
    if at.game.is_upkeep_turn:
        _upkeep(at, rng)
    _shipment(at, rng)
    if last:
        triggers = [t.id for t in rules().game_end.trigger if t.id != "crowns"]
        at.take(TickEndTrigger(rng.choice(triggers)))
    _agents(at, rng)
    if not last:
        at.take(EndTurn())


def _tally(at: _Table, rng: random.Random) -> None:
    """Each player's figures, field by field: tokens, crowns, goods left sold at the bazaar,
    contracts still open with their penalties, one completed now and then, points bought."""
    for name in at.game.seats:
        crowns = rng.randrange(5, 70)
        goods_left = rng.randrange(0, 4)
        open_ = rng.choice((0, 0, 1, 2))
        figures: dict[str, int | tuple[int, ...]] = {
            "vp": rng.randrange(0, 14),
            "crowns": crowns,
            "goods": goods_left,
            "unfulfilled": open_,
            "penalties": tuple(rng.randrange(1, 5) for _ in range(open_)),
        }
        if goods_left and rng.random() < 0.4:
            figures["completed"] = (rng.randrange(1, 4),)
        most = affordable_vp(crowns + goods_left * bazaar_price())
        figures["bought"] = rng.randrange(0, most + 1)
        for figure, value in figures.items():
            if value != ():  # every count typed, 0 too (none, not left blank); no empty list
                at.take(SetTally(name, figure, value))


def play(seed: int) -> tuple[MercanteTable, list[Action]]:
    rng = random.Random(seed)
    first = rng.choice([e.name for e in facts().events if e.kind == "enduring"])
    start = MercanteTable.new(MercanteGame.new(list(SEATS), first_event=rulebook_event(first)))
    at = _Table(start)
    _setup(at, rng)
    turns = ROUNDS * len(SEATS)
    for turn in range(1, turns + 1):
        _turn(at, rng, last=turn == turns)
    _tally(at, rng)
    return start, at.actions


def outcome(table: MercanteTable) -> list[str]:
    """The final standings as the tally screen shows them, one line a player:
    ``1. Cleo 14 (winner)``."""
    from companion.ui.mercante.model import TallyDraft

    tally = TallyDraft.from_table(table).tally(table.game.rules)
    if tally is None:
        raise ValueError("the seeded player's tally is not complete")
    return [
        f"{s.rank}. {s.name} {s.score}" + (" (winner)" if s.winner else "") for s in tally.standings
    ]
