"""Mercante's moves, each a small frozen value that checks itself against a game (``verify``)
and says what it does (``play``); :meth:`~companion.engine.core.saves.SavedGame.apply` does the
rest, so a game is its start plus its actions (a save, or a shared table's log). An action's
saved form is its kind and its fields, read back by :func:`read_action`.

What an action needs of the game's turn (the step it is at, the agents and seals left) it asks
through the game's private helpers; what it computes in ``verify`` (a sale's quote, an upkeep
removal's plan, an auction's result) is what ``play`` uses, so nothing is worked out twice.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar, Final

from companion.engine.core import saves
from companion.engine.core.words import plural, possessive, spoken
from companion.engine.mercante.auction import Shipment, ShipmentAuction
from companion.engine.mercante.errors import (
    ActionError,
    AuctionError,
    ContractError,
    LimitError,
    MercanteError,
    ReactionError,
    SaveDataError,
)
from companion.engine.mercante.events import Event
from companion.engine.mercante.facts import rules
from companion.engine.mercante.ledger import BANK, Contract, ContractCard, Payment, best_completion
from companion.engine.mercante.pricing import Reaction, ReactionLike, SaleQuote, reactions_of
from companion.engine.mercante.records import (
    ASSETS,
    AgentRecord,
    Asset,
    AuctionRecord,
    BidRecord,
    ChallengeOutcome,
    ChallengeRecord,
    EndTurnRecord,
    EventRecord,
    ImproveRecord,
    ManipulateRecord,
    PassRecord,
    Record,
    RemovalRecord,
    SaleRecord,
    ShipmentRecord,
    challenge_outcome,
)
from companion.engine.mercante.setup import check_contract_value
from companion.engine.mercante.upkeep import (
    AuctionResult,
    RemovalPlan,
    pass_upkeep_marker,
    seat_of,
    verify_removal,
    vp_auction_winner,
)

if TYPE_CHECKING:
    from companion.engine.mercante.game import MercanteGame, PlayerState

SAVE_FORMAT: Final = "companion.mercante.game"
SAVE_VERSION: Final = 3
SAVE: Final = saves.SaveFormat(SAVE_FORMAT, SAVE_VERSION, SaveDataError)

#: Agent action ids (``data/mercante/rules.toml`` ``[[agent_action]]``).
HIRE_DOCKWORKERS: Final = "hire_dockworkers"
IMPROVE_HOUSE: Final = "improve_house"
BUY_VP: Final = "buy_vp"
MANIPULATE_EVENTS: Final = "manipulate_events"
SECURITY: Final = "security"
SELECT_CONTRACT: Final = "select_contract"
SKULDUGGERY: Final = "skulduggery"
GATHER_INTELLIGENCE: Final = "gather_intelligence"

RULING_DOCKWORKERS = "mercante.dockworker_agents"
RULING_VICIOUS = "mercante.vicious_accounting"


@dataclass(frozen=True)
class Action(saves.Action):
    """A player's move as saved: what was asked, not what came of it."""

    def verify(self, game: MercanteGame) -> Any:
        raise NotImplementedError

    def play(self, game: MercanteGame, checked: Any) -> tuple[MercanteGame, Record]:
        raise NotImplementedError


# -- upkeep ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RemoveGoods(Action):
    """Upkeep step 1: spend removal points on tokens, ``((market, tokens), ...)``; they come
    off the bottom of the tracked markets."""

    kind: ClassVar[str] = "remove_goods"
    removals: tuple[tuple[str, int], ...] = field(metadata=saves.saved(dict))

    def verify(self, game: MercanteGame) -> RemovalPlan:
        game._verify_upkeep("removing goods")
        game._verify_step("Removing goods", "remove_goods")
        removals = self.removals if isinstance(self.removals, Mapping) else dict(self.removals)
        return verify_removal(removals, len(game.players), board=game.board, variants=game.variants)

    def play(self, game: MercanteGame, checked: RemovalPlan) -> tuple[MercanteGame, Record]:
        board = game.board
        removed: dict[str, tuple[str | None, ...]] = {}
        if board is not None:
            board, removed = board.remove_many(dict(checked.removals))
        record = RemovalRecord(
            action=RemoveGoods(checked.removals),
            player=game.active,
            before=game,
            plan=checked,
            removed=tuple(removed.items()),
        )
        return replace(game, board=board, step="apply_event"), record


@dataclass(frozen=True)
class PlayEvent(Action):
    """Upkeep step 2, Apply One Event, once: the top event card is played (Enduring goes on
    the calendar, what falls off C is in the record; Fleeting is resolved and discarded), and
    tokens it takes off a tracked market come off the bottom. Then the auctions of the tokens
    on the upkeep marker, or straight to step 4."""

    kind: ClassVar[str] = "play_event"
    event: Event

    def verify(self, game: MercanteGame) -> None:
        game._verify_open()
        if not isinstance(self.event, Event):
            raise MercanteError(f"{self.event!r} is not an Event")
        if game.step != "apply_event":
            if game.is_upkeep_turn:
                game._verify_step("Applying the upkeep event", "apply_event")
            raise ActionError(
                f"an event is applied in upkeep step 2, once; on "
                f"{possessive(game.active)} turn now, "
                "an event is played with a Manipulate Events agent (or as a Reaction in a sale)"
            )

    def play(self, game: MercanteGame, checked: None) -> tuple[MercanteGame, Record]:
        calendar, pushed, board, removed = game._event_effects(self.event)
        record = EventRecord(
            action=self,
            player=game.active,
            before=game,
            event=self.event,
            pushed_out=pushed,
            removed=tuple(removed.items()),
        )
        auctions = game.vp_on_marker
        return replace(
            game,
            slots=calendar.slots,
            board=board,
            step="auction_vp" if auctions else "pass_marker",
            vp_auctions_left=auctions,
        ), record


@dataclass(frozen=True)
class AuctionVictoryPoint(Action):
    """Upkeep step 3: one blind auction for one token on the upkeep marker, ``((player, bid),
    ...)``; ``crowns`` are what bidders have, where the table counted them (no bid may exceed
    them). The winner takes the token; an unsold token stays for the next upkeep."""

    kind: ClassVar[str] = "auction_vp"
    bids: tuple[tuple[str, int], ...] = field(metadata=saves.saved(dict))
    crowns: tuple[tuple[str, int], ...] = field(
        default=(), metadata=saves.saved(dict, omit_default=True)
    )

    def verify(self, game: MercanteGame) -> AuctionResult:
        game._verify_upkeep("a victory point auction")
        if game.step == "pass_marker":
            if any(isinstance(r, AuctionRecord) for r in game._turn()):
                unsold = f" ({game.vp_on_marker} unsold stay for the next)"
                raise ActionError(
                    "every victory point token on the marker has been auctioned this upkeep"
                    + (unsold if game.vp_on_marker else "")
                )
            raise ActionError("there is no victory point token on the upkeep marker to auction")
        game._verify_step("A victory point auction", "auction_vp")
        bids = self.bids if isinstance(self.bids, Mapping) else dict(self.bids)
        crowns = dict(self.crowns) or None
        if game.ledger:  # "No player may ever bid more money than that player has to spend."
            if crowns:
                raise AuctionError("the app keeps every player's crowns: leave them out")
            crowns = {p.name: p.crowns for p in game.players}
        return vp_auction_winner(game.seats, game.active, bids, crowns=crowns)

    def play(self, game: MercanteGame, checked: AuctionResult) -> tuple[MercanteGame, Record]:
        left = game.vp_auctions_left - 1
        players, marker = game.players, game.vp_on_marker
        payments: tuple[Payment, ...] = ()
        if checked.winner is not None:
            payments = (Payment(checked.winner, BANK, checked.bid),)
            players = game._paying(payments, {checked.winner: 1})
            marker -= 1
        record = AuctionRecord(
            action=AuctionVictoryPoint(checked.bids, tuple(sorted(dict(self.crowns).items()))),
            player=game.active,
            before=game,
            result=checked,
            left=left,
            payments=payments,
        )
        return replace(
            game,
            players=players,
            vp_on_marker=marker,
            vp_auctions_left=left,
            step="auction_vp" if left else "pass_marker",
        ), record


@dataclass(frozen=True)
class PassUpkeepMarker(Action):
    """Upkeep step 4: the marker goes right (two seats with the five-player variant)."""

    kind: ClassVar[str] = "pass_upkeep_marker"

    def verify(self, game: MercanteGame) -> str:
        game._verify_upkeep("passing the upkeep marker")
        game._verify_step("Passing the upkeep marker", "pass_marker")
        return pass_upkeep_marker(game.seats, game.upkeep_holder, variants=game.variants)

    def play(self, game: MercanteGame, checked: str) -> tuple[MercanteGame, Record]:
        record = PassRecord(action=self, player=game.active, before=game, to=checked)
        return replace(game, upkeep_holder=checked, step="shipment"), record


# -- the shipment auction -------------------------------------------------------------------------


@dataclass(frozen=True)
class StartShipmentAuction(Action):
    """Shipment Auction: the card chosen, auctioned as a single lot or token by token; bids
    follow with :class:`ShipmentBid`."""

    kind: ClassVar[str] = "start_auction"
    shipment: Shipment
    single_lot: bool = False

    def verify(self, game: MercanteGame) -> ShipmentAuction:
        game._verify_open()
        if game.is_upkeep_turn:
            game._verify_after_upkeep("The shipment auction")
        if game.auction is not None:
            raise ActionError("a shipment auction is already under way")
        if game.auctioned:
            raise ActionError(f"{game.active} has already auctioned a shipment this turn")
        if game.step != "shipment":
            raise ActionError(
                "the shipment auction comes before the agents: "
                f"{game.active} has already assigned agents this turn"
            )
        return ShipmentAuction.start(
            self.shipment,
            game.seats,
            game.active,
            single_lot=self.single_lot,
            reversed_=game.variants.reversed_auctions,
        )

    def play(self, game: MercanteGame, checked: ShipmentAuction) -> tuple[MercanteGame, Record]:
        record = ShipmentRecord(action=self, player=game.active, before=game, auction=checked)
        return replace(game, auction=checked), record


@dataclass(frozen=True)
class ShipmentBid(Action):
    """A bid in the shipment auction (``amount`` ``None``: a pass); ``crowns`` is what the
    bidder has, where the table counted it. The last bid ends the auction."""

    kind: ClassVar[str] = "shipment_bid"
    player: str
    amount: int | None
    crowns: int | None = field(default=None, metadata=saves.saved(omit_default=True))

    def verify(self, game: MercanteGame) -> ShipmentAuction:
        game._verify_open()
        if game.auction is None:
            raise AuctionError("no shipment auction is under way: start one first")
        seat_of(game.seats, self.player, role="bidder")
        crowns = self.crowns
        if game.ledger:  # "Players cannot bid more money than they can pay."
            if crowns is not None:
                raise AuctionError("the app keeps every player's crowns: leave them out")
            crowns = game.player(self.player).crowns
        game.auction.verify_bid(self.player, self.amount, crowns=crowns)
        return game.auction

    def play(self, game: MercanteGame, checked: ShipmentAuction) -> tuple[MercanteGame, Record]:
        auction, lot = checked.bid(self.player, self.amount)
        # "The highest bidder in the auction pays the bid to the bank"
        paid = lot is not None and lot.winner is not None and lot.price > 0
        payments = (Payment(lot.winner, BANK, lot.price),) if paid and lot and lot.winner else ()
        record = BidRecord(
            action=self,
            player=game.active,
            before=game,
            bidder=self.player,
            amount=self.amount,
            lot=lot,
            next_bidder=auction.next_bidder,
            payments=payments,
        )
        done = auction.done
        return replace(
            game,
            auction=None if done else auction,
            auctioned=done,
            players=game._paying(payments),
            shipments=game.shipments + (1 if done else 0),
        ), record


# -- agent actions --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sell(Action):
    """The active player sells ``goods`` (see :func:`~.pricing.quote_sale`): ``agents`` hire
    dockworkers (from the turn's agents, ruling ``mercante.dockworker_agents``; a sale to the
    bazaar needs none), ``bazaar`` the positions sent there, ``bases`` the printed values
    without a tracked board, ``reactions`` in the order played; ``contract_vp`` are victory
    points of contracts it completes. Verifying prices the sale once: the quote is played and
    kept in the :class:`~.records.SaleRecord`."""

    kind: ClassVar[str] = "sell"
    goods: tuple[str, ...]
    agents: int = 0
    bazaar: tuple[int, ...] = ()
    bases: tuple[int | None, ...] | None = None
    reactions: tuple[Reaction, ...] = ()
    contract_vp: int = 0

    @classmethod
    def of(
        cls,
        goods: Sequence[str],
        *,
        agents: int = 0,
        bazaar: Collection[int] = (),
        bases: Sequence[int | None] | None = None,
        reaction: Event | None = None,
        reaction_at: int = 0,
        reaction_by: str | None = None,
        reactions: Sequence[ReactionLike] = (),
        contract_vp: int = 0,
    ) -> Sell:
        """A sale from a screen's or a test's words: one ``reaction`` played on token
        ``reaction_at`` by ``reaction_by``, or ``reactions`` as :func:`~.pricing.reactions_of`
        reads them."""
        if reaction_by is not None and reaction is None:
            raise ReactionError(f"{reaction_by!r} is named as reacting, but no Reaction is given")
        if isinstance(bazaar, str) or not isinstance(bazaar, Collection):
            raise MercanteError(f"bazaar {bazaar!r} must be a collection of token positions")
        played = reactions_of(reaction, reaction_at, reactions, by=reaction_by)
        return cls(
            goods=tuple(goods),
            agents=agents,
            bazaar=tuple(bazaar),
            bases=None if bases is None or isinstance(bases, str) else tuple(bases),
            reactions=played,
            contract_vp=contract_vp,
        )

    def verify(self, game: MercanteGame) -> SaleQuote:
        """The sale's quote; raises unless the active player can make it now."""
        for item in self.reactions:
            if isinstance(item, Reaction) and item.by is not None:
                seat_of(game.seats, item.by, role="reacting player")
        vp = self.contract_vp
        if isinstance(vp, bool) or not isinstance(vp, int) or vp < 0:
            raise ActionError(f"contract victory points {vp!r} must be a whole number")
        if game.ledger:
            if vp:
                raise ActionError(
                    f"contract victory points {vp!r}: the app completes the contracts the goods "
                    "sold this turn fulfil and gives the points their cards show"
                )
            _check_reaction_order(game, self.reactions)
        agents = self.agents
        if isinstance(agents, bool) or not isinstance(agents, int) or agents < 0:
            raise LimitError(f"agents {agents!r} must be a whole number, 0 or more")
        if agents:
            game._verify_agents(HIRE_DOCKWORKERS, agents)
        else:
            game._verify_after_upkeep("Selling")
        quote = game.quote(
            self.goods,
            agents=agents,
            bazaar=self.bazaar,
            bases=self.bases,
            reactions=self.reactions,
        )
        if quote.refused:
            first = quote.refused[0]
            raise ActionError(
                f"token {first.index + 1} ({spoken(first.good)}) cannot be sold to its market: "
                f"{first.reason}; send it to the bazaar or leave it out"
            )
        if not quote.cartage.enough:
            raise LimitError(
                f"the goods for market need {plural(quote.cartage.needed, 'cartage point')}, "
                f"but {plural(agents, 'agent')} hire dockworkers"
            )
        return quote

    def play(self, game: MercanteGame, checked: SaleQuote) -> tuple[MercanteGame, Record]:
        action = replace(
            self,
            goods=tuple(self.goods),
            bazaar=tuple(sorted(self.bazaar)),
            reactions=checked.reactions,
        )
        seller = game.active
        payments = (Payment(BANK, seller, checked.total),) if checked.total else ()
        changes = game._assigning(HIRE_DOCKWORKERS, self.agents)
        completed: tuple[Contract, ...] = ()
        if game.ledger:
            # "If a player sells all of the goods tokens shown on a contract card in his or her
            # hand during a single turn, that player reveals and discards the contract card,
            # and gains the victory point tokens shown."
            sold = [t.good for t in checked.tokens if t.destination in ("market", "bazaar")]
            completed, left = best_completion(
                (*game.sold, *sold), game._contract_candidates(seller)
            )
            vp: dict[str, int] = {}
            for contract in completed:
                vp[contract.holder] = vp.get(contract.holder, 0) + (contract.vp or 0)
            changes.update(
                players=game._paying(payments, vp),
                contracts=game._completing(completed),
                sold=left,
            )
        elif self.contract_vp:
            changes["players"] = game._with_player(
                seller, vp=game.player(seller).vp + self.contract_vp
            )
        record = SaleRecord(
            action=action,
            player=seller,
            before=game,
            quote=checked,
            contract_vp=self.contract_vp,
            completed=completed,
            payments=payments if game.ledger else (),
        )
        return replace(
            game, slots=checked.calendar_after, board=checked.board_after, **changes
        ), record


def _check_reaction_order(game: MercanteGame, reactions: Sequence[Reaction]) -> None:
    """Refuse Reactions out of the order the rulebook gives: token by token; on a token each
    player in clockwise order from the active player's left, the active player last (they may
    also play before the token is sold)."""
    seats = game.seats
    at = seats.index(game.active)
    token, places = -1, -1
    for item in reactions:
        if not isinstance(item, Reaction):
            continue
        if item.by is None:
            raise ReactionError(
                f"Reaction {item.event.name}: say who played it (Reactions go in clockwise order)"
            )
        place = (seats.index(item.by) - at - 1) % len(seats)  # left 0 … active last
        if item.at < token:
            raise ReactionError(
                f"Reaction {item.event.name} on token {item.at + 1} comes before those on "
                f"token {token + 1}: Reactions are played as each token is sold"
            )
        if item.at > token:
            token, places = item.at, -1
        if item.by == game.active and places == -1:  # before the token is sold
            continue
        if place < places:
            left = seats[(at + 1) % len(seats)]
            raise ReactionError(
                f"{possessive(item.by)} Reaction {item.event.name} comes "
                f"too late on token {item.at + 1}: "
                f"Reactions go clockwise from {left}, {game.active} (the active player) last"
            )
        places = place


@dataclass(frozen=True)
class ChallengeSale(Action):
    """Vicious Accounting: ``challenger`` disputes the price the seller ``claimed`` for the
    sale just made (ruling ``mercante.vicious_accounting``); only a sale's first challenge
    counts."""

    kind: ClassVar[str] = "challenge_sale"
    challenger: str
    claimed: int

    def verify(self, game: MercanteGame) -> ChallengeOutcome:
        game._verify_open()
        if not game.variants.vicious_accounting:
            raise ActionError("sale prices are challenged only with the Vicious Accounting variant")
        seat_of(game.seats, self.challenger, role="challenger")
        sale = game.last_sale()
        if sale is None:
            raise ActionError(
                "a price is challenged right after its sale, before anything else happens"
            )
        if self.challenger == sale.player:
            raise ActionError(f"{self.challenger} cannot challenge their own sale")
        return challenge_outcome(self.claimed, sale.quote.total, treachery=game.variants.treachery)

    def play(self, game: MercanteGame, checked: ChallengeOutcome) -> tuple[MercanteGame, Record]:
        seller = game.active
        payments: list[Payment] = []
        if game.ledger:
            # The app paid the right price; the seller had taken the price claimed (ruling
            # mercante.vicious_accounting). A penalty takes at most what the payer has.
            have = {p.name: p.crowns for p in game.players}
            gap = checked.claimed - checked.correct
            owed = [
                (BANK, seller, gap) if gap > 0 else (seller, BANK, -gap),
                (BANK, self.challenger, checked.to_challenger),
                (seller, BANK, checked.seller_pays),
                (self.challenger, BANK, checked.challenger_pays),
            ]
            for payer, payee, amount in owed:
                amount = min(amount, have[payer]) if payer != BANK else amount
                if amount > 0:
                    payments.append(Payment(payer, payee, amount))
                    have[payer] = have.get(payer, 0) - amount
                    have[payee] = have.get(payee, 0) + amount
        record = ChallengeRecord(
            action=self,
            player=seller,
            before=game,
            challenger=self.challenger,
            seller=seller,
            outcome=checked,
            payments=tuple(payments),
        )
        return replace(game, players=game._paying(payments)), record


def _track_price(price: object, what: str, seal: str) -> int:
    """The price of ``what`` read off the reference track (in its ``seal`` wax seal)."""
    if price is None:
        raise ActionError(
            f"the price of {what}: give the crowns the reference track shows in its {seal} seal"
        )
    if isinstance(price, bool) or not isinstance(price, int) or price < 0:
        raise ActionError(f"the price of {what} {price!r} must be a whole number of crowns")
    return price


@dataclass(frozen=True)
class ImproveHouse(Action):
    """Improve House Assets: buy an agent (its price is on the reference track, which
    advances one space) or a warehouse (5 crowns)."""

    kind: ClassVar[str] = "improve"
    asset: Asset
    price: int | None = field(default=None, metadata=saves.saved(omit_default=True))

    def verify(self, game: MercanteGame) -> PlayerState:
        """The active player afterwards; raises unless they may buy the asset. Where the
        app keeps the crowns an agent's ``price`` is the one the reference track shows (the
        rulebook prints no track); a warehouse costs 5."""
        if self.asset not in ASSETS:
            raise ActionError(
                f"the house improves by an agent or a warehouse, not {spoken(str(self.asset))}"
            )
        game._verify_agents(IMPROVE_HOUSE)
        if game.ledger:
            game._paying(self._payments(game))
        player = game.player(game.active)
        if self.asset == "agent":
            return replace(player, agents=player.agents + 1)
        return replace(player, warehouses=player.warehouses + 1)

    def _payments(self, game: MercanteGame) -> tuple[Payment, ...]:
        if self.asset == "warehouse":
            if self.price is not None:
                raise ActionError(
                    f"a warehouse costs {rules().warehouses.cost}: leave the price out"
                )
            return (Payment(game.active, BANK, rules().warehouses.cost),)
        return (Payment(game.active, BANK, _track_price(self.price, "an agent", "blue")),)

    def play(self, game: MercanteGame, checked: PlayerState) -> tuple[MercanteGame, Record]:
        agent = self.asset == "agent"
        payments = self._payments(game) if game.ledger else ()
        paid = game._paying(payments)
        players = tuple(
            replace(checked, crowns=p.crowns) if p.name == checked.name else p for p in paid
        )
        record = ImproveRecord(
            action=self,
            player=game.active,
            before=game,
            asset=self.asset,
            now=checked.agents if agent else checked.warehouses,
            cost=payments[0].amount if payments else (None if agent else rules().warehouses.cost),
            payments=payments,
        )
        return replace(
            game,
            players=players,
            new_agents=game.new_agents + (1 if agent else 0),
            track=game.track + (rules().action(IMPROVE_HOUSE).track if agent else 0),
            **game._assigning(IMPROVE_HOUSE),
        ), record


@dataclass(frozen=True)
class BuyVictoryPoint(Action):
    """Buy One Victory Point: a token for the active player and one on the upkeep marker
    (auctioned at the next upkeep); the reference track marker advances two spaces."""

    kind: ClassVar[str] = "buy_vp"
    price: int | None = field(default=None, metadata=saves.saved(omit_default=True))

    def verify(self, game: MercanteGame) -> tuple[Payment, ...]:
        """What it pays; where the app keeps the crowns, ``price`` is the one the reference
        track shows next to its marker (the rulebook prints no track)."""
        game._verify_agents(BUY_VP)
        if not game.ledger:
            return ()
        payments = (
            Payment(game.active, BANK, _track_price(self.price, "a victory point", "green")),
        )
        game._paying(payments)
        return payments

    def play(self, game: MercanteGame, checked: tuple[Payment, ...]) -> tuple[MercanteGame, Record]:
        detail = f"one more on the upkeep marker, {game.vp_on_marker + 1} there now"
        if checked:
            detail = f"{plural(checked[0].amount, 'crown')}; {detail}"
        record = AgentRecord(
            action=self,
            player=game.active,
            before=game,
            action_id=BUY_VP,
            detail=detail,
            payments=checked,
        )
        return replace(
            game,
            players=game._paying(checked, {game.active: 1}),
            vp_on_marker=game.vp_on_marker + 1,
            track=game.track + rules().action(BUY_VP).track,
            **game._assigning(BUY_VP),
        ), record


@dataclass(frozen=True)
class ManipulateEvents(Action):
    """Manipulate Events: a card drawn, then ``event`` played from the hand (as the Enduring or
    Fleeting card it is, a Reaction too) or, with ``None``, a second card drawn."""

    kind: ClassVar[str] = "manipulate_events"
    event: Event | None = None

    def verify(self, game: MercanteGame) -> None:
        if self.event is not None and not isinstance(self.event, Event):
            raise MercanteError(f"{self.event!r} is not an Event")
        game._verify_agents(MANIPULATE_EVENTS)

    def play(self, game: MercanteGame, checked: None) -> tuple[MercanteGame, Record]:
        changes = game._assigning(MANIPULATE_EVENTS)
        pushed: Event | None = None
        removed: dict[str, tuple[str | None, ...]] = {}
        if self.event is not None:
            calendar, pushed, board, removed = game._event_effects(self.event)
            changes.update(slots=calendar.slots, board=board)
        record = ManipulateRecord(
            action=self,
            player=game.active,
            before=game,
            event=self.event,
            pushed_out=pushed,
            removed=tuple(removed.items()),
        )
        return replace(game, **changes), record


@dataclass(frozen=True)
class Security(Action):
    """Security: an agent guards warehouse ``warehouse`` (1 to the warehouses owned) against
    Skulduggery."""

    kind: ClassVar[str] = "security"
    warehouse: int = 1

    def verify(self, game: MercanteGame) -> None:
        owned = game.player(game.active).warehouses
        warehouse = self.warehouse
        if isinstance(warehouse, bool) or not isinstance(warehouse, int):
            raise LimitError(f"warehouse {warehouse!r} must be a warehouse number")
        if not 1 <= warehouse <= owned:
            raise LimitError(
                f"warehouse {warehouse!r}: {game.active} owns {plural(owned, 'warehouse')}"
            )
        if warehouse in game.secured:
            raise LimitError(f"warehouse {warehouse} is already secured this turn")
        game._verify_agents(SECURITY)

    def play(self, game: MercanteGame, checked: None) -> tuple[MercanteGame, Record]:
        record = AgentRecord(
            action=self,
            player=game.active,
            before=game,
            action_id=SECURITY,
            detail=f"warehouse {self.warehouse}",
        )
        secured = (*game.secured, self.warehouse)
        return replace(game, secured=secured, **game._assigning(SECURITY)), record


@dataclass(frozen=True)
class _AgentOnly(Action):
    """An agent action with nothing to compute: an agent on its seal."""

    action_id: ClassVar[str] = ""

    def verify(self, game: MercanteGame) -> None:
        game._verify_agents(self.action_id)

    def play(self, game: MercanteGame, checked: None) -> tuple[MercanteGame, Record]:
        record = AgentRecord(action=self, player=game.active, before=game, action_id=self.action_id)
        return replace(game, **game._assigning(self.action_id)), record


@dataclass(frozen=True)
class SelectContract(_AgentOnly):
    """Select a Contract: two drawn, one kept, its ``crowns`` from the bank. Where the app
    keeps the crowns they are needed (6, 8 or 10, the card's back); ``card`` is its face, told
    by the active player's phone (or later, with ``ShowContract``)."""

    kind: ClassVar[str] = "select_contract"
    action_id: ClassVar[str] = SELECT_CONTRACT
    crowns: int | None = field(default=None, metadata=saves.saved(omit_default=True))
    card: ContractCard | None = field(default=None, metadata=saves.saved(omit_default=True))

    def verify(self, game: MercanteGame) -> None:
        super().verify(game)
        if not game.ledger:
            return
        if self.crowns is None:
            raise ContractError("Select a Contract: give the crowns on the back of the card kept")
        check_contract_value(self.crowns)
        if self.card is not None and self.card.crowns != self.crowns:
            raise ContractError(
                f"that card pays {plural(self.card.crowns, 'crown')} on its back, not "
                f"{self.crowns}: tell the card that was kept"
            )

    def play(self, game: MercanteGame, checked: None) -> tuple[MercanteGame, Record]:
        after, _ = super().play(game, checked)
        if not game.ledger or self.crowns is None:
            return after, _
        payments = (Payment(BANK, game.active, self.crowns),)
        contract = Contract(len(game.contracts) + 1, game.active, self.crowns, self.card)
        record = AgentRecord(
            action=self,
            player=game.active,
            before=game,
            action_id=self.action_id,
            detail=f"a contract worth {plural(self.crowns, 'crown')}",
            payments=payments,
        )
        after = replace(
            after, players=game._paying(payments), contracts=(*game.contracts, contract)
        )
        return after, record


@dataclass(frozen=True)
class Skulduggery(_AgentOnly):
    """Skulduggery: an agent waits on its seal to steal before the player's next turn."""

    kind: ClassVar[str] = "skulduggery"
    action_id: ClassVar[str] = SKULDUGGERY


@dataclass(frozen=True)
class GatherIntelligence(_AgentOnly):
    """Gather Intelligence: three cards looked at and put back on top or bottom. It moves no
    crowns and no contract (a contract seen on the deck is kept later, with Select a
    Contract); Security and Skulduggery cost nothing either."""

    kind: ClassVar[str] = "gather_intelligence"
    action_id: ClassVar[str] = GATHER_INTELLIGENCE


@dataclass(frozen=True)
class EndTurn(Action):
    """The active player's turn ends; play passes to the left, and the next player's turn
    starts with upkeep if they hold the marker."""

    kind: ClassVar[str] = "end_turn"

    def verify(self, game: MercanteGame) -> str:
        """The next player; raises while upkeep or the shipment auction is under way."""
        game._verify_after_upkeep("Ending the turn")
        return game.next_player

    def play(self, game: MercanteGame, checked: str) -> tuple[MercanteGame, Record]:
        record = EndTurnRecord(action=self, player=game.active, before=game, next_player=checked)
        if game.ending:
            # "The game ends at the end of the active player's turn if any of the following
            # occur" — nothing but the end-game steps comes after it.
            return replace(game, over=True, sold=(), auction=None), record
        return replace(
            game,
            sold=(),
            active=checked,
            step=game._first_step(checked),
            vp_auctions_left=0,
            agents_used=0,
            assigned=(),
            secured=(),
            new_agents=0,
            auction=None,
            auctioned=False,
        ), record


#: The turn's moves (the ledger's own are in :mod:`~companion.engine.mercante.accounts`).
TURN_ACTIONS: Final[tuple[type[Action], ...]] = (
    PlayEvent,
    Sell,
    RemoveGoods,
    AuctionVictoryPoint,
    PassUpkeepMarker,
    StartShipmentAuction,
    ShipmentBid,
    ImproveHouse,
    BuyVictoryPoint,
    ManipulateEvents,
    Security,
    SelectContract,
    Skulduggery,
    GatherIntelligence,
    ChallengeSale,
    EndTurn,
)

__all__ = [
    "ASSETS",
    "BUY_VP",
    "GATHER_INTELLIGENCE",
    "HIRE_DOCKWORKERS",
    "IMPROVE_HOUSE",
    "MANIPULATE_EVENTS",
    "SAVE",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "SECURITY",
    "SELECT_CONTRACT",
    "SKULDUGGERY",
    "TURN_ACTIONS",
    "Action",
    "Asset",
    "AuctionVictoryPoint",
    "BuyVictoryPoint",
    "ChallengeSale",
    "EndTurn",
    "GatherIntelligence",
    "ImproveHouse",
    "ManipulateEvents",
    "PassUpkeepMarker",
    "PlayEvent",
    "RemoveGoods",
    "Security",
    "SelectContract",
    "Sell",
    "ShipmentBid",
    "Skulduggery",
    "StartShipmentAuction",
]
