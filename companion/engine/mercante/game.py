"""A game of Mercante in progress: seats, calendar, market board, upkeep marker, the turn's
phases and agents, and the log.

:class:`MercanteGame` is an immutable value. Its moves are the actions of
:mod:`~companion.engine.mercante.actions`: ``game.verify(Sell(...))`` raises the reason a move
is not allowed (or returns what it computed: a sale's quote), ``game.can_apply(...)`` answers
yes or no and ``game.apply(...)`` returns ``(new game, record)``; an illegal action raises and
changes nothing. A game is its start plus its actions, replayed (and so checked again) on load.

A turn runs in the rulebook's order. On the upkeep marker holder's turn the upkeep comes first,
step by step: take tokens off the markets, apply one event, auction each victory point token on
the marker, pass the marker. Then the shipment auction (which the app may run, see
:mod:`~companion.engine.mercante.auction`), then the agents: every agent does one agent action,
and each seal of the ledger holds one agent. The turn ends when the active player says so.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Final, Literal, cast

from companion.engine.core import saves
from companion.engine.core.words import plural, possessive
from companion.engine.mercante.accounts import LEDGER_ACTIONS
from companion.engine.mercante.actions import (
    ASSETS,
    IMPROVE_HOUSE,
    SAVE,
    SAVE_FORMAT,
    SAVE_VERSION,
    TURN_ACTIONS,
    Action,
    Asset,
    AuctionVictoryPoint,
    BuyVictoryPoint,
    ChallengeSale,
    EndTurn,
    ImproveHouse,
    ManipulateEvents,
    PassUpkeepMarker,
    PlayEvent,
    RemoveGoods,
    Sell,
    ShipmentBid,
    StartShipmentAuction,
)
from companion.engine.mercante.auction import LotResult, Shipment, ShipmentAuction
from companion.engine.mercante.ending import met_triggers, trigger_text
from companion.engine.mercante.errors import (
    ActionError,
    CrownsError,
    GameOverError,
    LimitError,
    MercanteError,
    SaveDataError,
    SeatError,
)
from companion.engine.mercante.events import Calendar, Event, Glance, at_a_glance
from companion.engine.mercante.facts import rules
from companion.engine.mercante.house import (
    FORMER_FIVE_PLAYER_UPKEEP,
    STANDARD,
    HouseRules,
)
from companion.engine.mercante.ledger import (
    BANK,
    Contract,
    FinalSteps,
    Payment,
)
from companion.engine.mercante.markets import MarketBoard
from companion.engine.mercante.pricing import ReactionLike, SaleQuote, quote_sale
from companion.engine.mercante.records import (
    AuctionRecord,
    BidRecord,
    EndTurnRecord,
    PassRecord,
    Record,
    SaleRecord,
)
from companion.engine.mercante.setup import starting_crowns
from companion.engine.mercante.upkeep import (
    UpkeepCosts,
    UpkeepTurn,
    check_seats,
    seat_of,
    setup_upkeep_holder,
    upkeep_costs,
    upkeep_schedule,
)
from companion.engine.mercante.variants import (
    ALTERNATE_FIVE_PLAYER_UPKEEP,
    NO_VARIANTS,
    Variants,
)
from companion.engine.mercante.views import LedgerViews

_SAVE: Final = SAVE

Step = Literal["remove_goods", "apply_event", "auction_vp", "pass_marker", "shipment", "agents"]
#: The upkeep steps, in the order the rulebook gives them.
UPKEEP_STEPS: Final[tuple[Step, ...]] = ("remove_goods", "apply_event", "auction_vp", "pass_marker")
STEPS: Final[tuple[Step, ...]] = (*UPKEEP_STEPS, "shipment", "agents")

#: Every move of a game: the turn's and the ledger's own.
ACTIONS: Final[tuple[type[Action], ...]] = (*TURN_ACTIONS, *LEDGER_ACTIONS)

#: The single Reaction a sale of a version 1 save carried, before ``reactions`` held them all.
_V1_REACTION: Final = ("reaction", "reaction_at", "reaction_by")


def read_action(raw: object) -> Action:
    """An :class:`Action` from its saved form (``action.to_dict()``); a bad one raises
    :class:`SaveDataError` naming the field. A sale saved with version 1's single
    ``reaction`` (``reaction_at``, ``reaction_by``) is read with it as its first Reaction."""
    data = SAVE.mapping(raw, "action")
    if data.get("kind") == Sell.kind and any(k in data for k in _V1_REACTION):
        data = dict(data)
        single = data.pop("reaction", None)
        at, by = data.pop("reaction_at", 0), data.pop("reaction_by", None)
        if single is not None:
            first = {"event": single, "by": by, "at": at}
            data["reactions"] = [first, *SAVE.listed(data.get("reactions", []), "reactions")]
    return SAVE.read_action(data, ACTIONS)


@dataclass(frozen=True)
class PlayerState:
    """A merchant house: its name, agents (2–4), warehouses (1–3), the victory point tokens
    the app has seen it take (bought, won at auction, gained for contracts) and its crowns
    (kept where the game keeps the ledger: never below 0)."""

    name: str
    agents: int = field(default_factory=lambda: rules().agents.start)
    warehouses: int = field(default_factory=lambda: rules().warehouses.start)
    vp: int = 0
    crowns: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise SeatError(f"player name {self.name!r} must be a non-empty text")
        agents, stores = rules().agents, rules().warehouses
        _limit(self.name, "agents", self.agents, agents.start, agents.max)
        _limit(self.name, "warehouses", self.warehouses, stores.start, stores.max)
        if isinstance(self.vp, bool) or not isinstance(self.vp, int) or self.vp < 0:
            raise LimitError(f"{self.name}: victory points {self.vp!r} must be a whole number")
        if isinstance(self.crowns, bool) or not isinstance(self.crowns, int) or self.crowns < 0:
            raise CrownsError(
                f"{self.name}: crowns {self.crowns} must be a whole number, 0 or more"
            )

    def to_dict(self) -> dict[str, Any]:
        saved = {
            "name": self.name,
            "agents": self.agents,
            "warehouses": self.warehouses,
            "vp": self.vp,
        }
        return {**saved, "crowns": self.crowns} if self.crowns else saved


def _limit(name: str, what: str, value: object, least: int, most: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise LimitError(f"{name}: {what} {value!r} must be a whole number")
    if value > most:
        raise LimitError(f"{name}: {value!r} {what} is more than a house may have ({most})")
    if value < least:
        raise LimitError(f"{name}: {value!r} {what} is fewer than a house starts with ({least})")


# -- the game ------------------------------------------------------------------------------------


def _pairs(items: object) -> Any:
    """A mapping's ``(key, value)`` pairs, as an action keeps them (anything else as it is,
    for the action to refuse)."""
    return tuple(items.items()) if isinstance(items, Mapping) else items


def _first_step(active: str, holder: str) -> Step:
    return "remove_goods" if active == holder else "shipment"


@dataclass(frozen=True)
class MercanteGame(LedgerViews, saves.SavedGame):
    """A game in progress. ``players`` are in turn order (play passes to the left).

    ``step`` is where the active player's turn stands (:data:`STEPS`); ``vp_on_marker`` the
    victory point tokens on the upkeep marker and ``vp_auctions_left`` those still to auction
    in this upkeep; ``track`` the spaces the reference track marker has advanced. This turn:
    ``agents_used``, ``assigned`` (agents per agent action), ``secured`` (warehouses guarded),
    ``new_agents`` (bought: they work from the owner's next turn), ``auction`` (a shipment
    auction under way) and ``auctioned`` (this turn's auction is over).

    An immutable value: copies are the value itself; pickling goes through the save format.
    """

    action_type: ClassVar[type[saves.Action]] = Action
    error: ClassVar[type[ValueError]] = MercanteError

    players: tuple[PlayerState, ...]
    active: str
    upkeep_holder: str
    slots: tuple[Event | None, ...]
    board: MarketBoard | None = None
    rules: HouseRules = STANDARD
    variants: Variants = NO_VARIANTS
    step: Step | None = None
    vp_on_marker: int = 0
    vp_auctions_left: int = 0
    track: int = 0
    agents_used: int = 0
    assigned: tuple[tuple[str, int], ...] = ()
    secured: tuple[int, ...] = ()
    new_agents: int = 0
    auction: ShipmentAuction | None = None
    auctioned: bool = False
    ledger: bool = False
    contracts: tuple[Contract, ...] = ()
    sold: tuple[str, ...] = ()
    shipments: int = 0
    ending: tuple[str, ...] = ()
    over: bool = False
    final: tuple[tuple[str, FinalSteps], ...] = ()
    log: tuple[Record, ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        players = tuple(self.players)
        for player in players:
            if not isinstance(player, PlayerState):
                raise SeatError(f"{player!r} is not a PlayerState")
        names = check_seats([p.name for p in players])
        seat_of(names, self.active, role="active player")
        seat_of(names, self.upkeep_holder, role="upkeep marker holder")
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "slots", Calendar(self.slots).slots)
        if self.board is not None and not isinstance(self.board, MarketBoard):
            raise MercanteError(f"board {self.board!r} is not a MarketBoard")
        if not isinstance(self.rules, HouseRules):
            raise MercanteError(f"house rules {self.rules!r} are not HouseRules")
        if not isinstance(self.variants, Variants):
            raise MercanteError(f"variants {self.variants!r} are not Variants")
        self.variants.check_table(names)
        step = self.step if self.step is not None else _first_step(self.active, self.upkeep_holder)
        if step not in STEPS:
            raise ActionError(f"step {step!r} is not a step of a turn: {', '.join(STEPS)}")
        if step in UPKEEP_STEPS and self.active != self.upkeep_holder:
            raise ActionError(
                f"step {step!r} is part of upkeep, but {self.active} does not hold the marker"
            )
        object.__setattr__(self, "step", step)
        for name in ("vp_on_marker", "vp_auctions_left", "track", "agents_used", "new_agents"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise MercanteError(f"{name} {value!r} must be a whole number, 0 or more")
        object.__setattr__(self, "assigned", tuple(sorted(dict(self.assigned).items())))
        object.__setattr__(self, "secured", tuple(sorted(self.secured)))
        if self.ledger and not self.over:  # an end trigger met stays met until the turn ends
            object.__setattr__(self, "ending", met_triggers(self))

    @classmethod
    def new(
        cls,
        turn_order: Sequence[str],
        *,
        first_event: Event | None = None,
        board: MarketBoard | None = None,
        rules: HouseRules = STANDARD,
        variants: Variants = NO_VARIANTS,
        active: str | None = None,
        upkeep_holder: str | None = None,
        ledger: bool = True,
    ) -> MercanteGame:
        """A game at setup: first player active, the upkeep marker on their right, the first
        (Enduring) event in A, and an empty board if its printed values are given. With the
        ``ledger`` (the default) the app keeps every crown and contract: each player starts
        with 8 + 2 × their seat in turn order (Contractual Obligations: 2 × seat), before any
        contract is kept; ``ledger=False`` is a game whose crowns the table counts itself."""
        names = check_seats(turn_order)
        slots: tuple[Event | None, ...] = ()
        if first_event is not None:
            calendar = Calendar()
            calendar.add(first_event)
            slots = calendar.slots
        return cls(
            players=tuple(
                PlayerState(name, crowns=starting_crowns(i, variants=variants) if ledger else 0)
                for i, name in enumerate(names, start=1)
            ),
            active=names[0] if active is None else active,
            upkeep_holder=setup_upkeep_holder(names) if upkeep_holder is None else upkeep_holder,
            slots=slots,
            board=board,
            rules=rules,
            variants=variants,
            ledger=ledger,
        )

    # -- reading the state --------------------------------------------------------------------

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def player(self, name: str) -> PlayerState:
        return self.players[seat_of(self.seats, name)]

    @property
    def calendar(self) -> Calendar:
        """A copy of the calendar (changing it does not change the game)."""
        return Calendar(self.slots)

    def glance(self) -> Glance:
        return at_a_glance(self.calendar)

    @property
    def is_upkeep_turn(self) -> bool:
        """True while the active player's upkeep is under way (the marker not passed yet)."""
        return self.step in UPKEEP_STEPS

    @property
    def removed_this_turn(self) -> bool:
        """True once this upkeep's tokens have come off the markets."""
        return self.is_upkeep_turn and self.step != "remove_goods"

    @property
    def upkeep_step(self) -> int | None:
        """1 to 4 while upkeep is under way, else ``None``."""
        step = self.step
        return UPKEEP_STEPS.index(step) + 1 if step is not None and step in UPKEEP_STEPS else None

    @property
    def current_player(self) -> str:
        return self.active

    @property
    def next_player(self) -> str:
        seats = self.seats
        return seats[(seats.index(self.active) + 1) % len(seats)]

    def upkeep_costs(self) -> UpkeepCosts:
        return upkeep_costs(len(self.players), variants=self.variants)

    def next_upkeeps(self, count: int = 4) -> tuple[UpkeepTurn, ...]:
        return upkeep_schedule(
            self.seats, self.active, self.upkeep_holder, count, variants=self.variants
        )

    # agents

    def usable_agents(self) -> int:
        """The active player's agents that can act this turn (not those bought this turn)."""
        return self.player(self.active).agents - self.new_agents

    def agents_left(self) -> int:
        """Agents of this turn not assigned yet."""
        return max(self.usable_agents() - self.agents_used, 0)

    def assigned_to(self, action_id: str) -> int:
        return dict(self.assigned).get(action_id, 0)

    @property
    def improved_this_turn(self) -> int:
        return self.assigned_to(IMPROVE_HOUSE)

    def seals_left(self, action_id: str) -> int | None:
        """Agents ``action_id`` can still take this turn (``None``: as many as are left)."""
        facts_ = rules().action(action_id)
        if facts_.per_warehouse:
            return self.player(self.active).warehouses - len(self.secured)
        if facts_.seals is None:
            return None
        return facts_.seals - self.assigned_to(action_id)

    def quote(
        self,
        goods: Sequence[str],
        *,
        agents: int = 0,
        bazaar: Collection[int] = (),
        bases: Sequence[int | None] | None = None,
        reaction: Event | None = None,
        reaction_at: int = 0,
        reactions: Sequence[ReactionLike] = (),
    ) -> SaleQuote:
        """Price a sale on this game's calendar and (if tracked) board; changes nothing.

        With a tracked board leave ``bases`` out; without one, give each token's printed value.
        """
        if self.board is not None and bases is not None:
            raise MercanteError("this game tracks the board: leave out the printed bases")
        if self.board is None and bases is None:
            # Without a tracked board only bazaar-bound tokens can be priced unaided.
            if isinstance(bazaar, str) or not isinstance(bazaar, Collection):
                raise MercanteError(f"bazaar {bazaar!r} must be a collection of token positions")
            if any(i not in bazaar for i in range(len(goods))):
                raise MercanteError(
                    "the board is not tracked: give the printed value of each token's space"
                )
            bases = (None,) * len(goods)
        return quote_sale(
            goods,
            self.calendar,
            bases=bases,
            board=self.board,
            agents=agents,
            bazaar=bazaar,
            reaction=reaction,
            reaction_at=reaction_at,
            reactions=reactions,
            house=self.rules,
        )

    # -- moves (each is an action: see :mod:`~companion.engine.mercante.actions`) -------------

    def sell(self, goods: Sequence[str], **options: Any) -> tuple[MercanteGame, Record]:
        """The active player sells ``goods`` (the options of :meth:`Sell.of`)."""
        return self.apply(Sell.of(goods, **options))

    def bid(
        self, player: str, amount: int | None, *, crowns: int | None = None
    ) -> tuple[MercanteGame, Record]:
        """A bid (or a pass, ``None``) in the shipment auction."""
        return self.apply(ShipmentBid(player, amount, crowns))

    def auction_vp(
        self, bids: Mapping[str, int], *, crowns: Mapping[str, int] | None = None
    ) -> tuple[MercanteGame, Record]:
        """Upkeep step 3: one blind bid for one token on the upkeep marker."""
        return self.apply(AuctionVictoryPoint(_pairs(bids), _pairs(crowns or {})))

    def buy_vp(self, price: int | None = None) -> tuple[MercanteGame, Record]:
        """Buy One Victory Point at the ``price`` the reference track shows (needed where the
        app keeps the crowns)."""
        return self.apply(BuyVictoryPoint(price))

    def end_turn(self) -> tuple[MercanteGame, Record]:
        return self.apply(EndTurn())

    def remove_goods(self, removals: Mapping[str, int]) -> tuple[MercanteGame, Record]:
        return self.apply(RemoveGoods(_pairs(removals)))

    def play_event(self, event: Event) -> tuple[MercanteGame, Record]:
        return self.apply(PlayEvent(event))

    def pass_upkeep_marker(self) -> tuple[MercanteGame, Record]:
        return self.apply(PassUpkeepMarker())

    def start_auction(
        self, shipment: Shipment, single_lot: bool = False
    ) -> tuple[MercanteGame, Record]:
        return self.apply(StartShipmentAuction(shipment, single_lot))

    def improve(self, asset: Asset, price: int | None = None) -> tuple[MercanteGame, Record]:
        return self.apply(ImproveHouse(asset, price))

    def manipulate_events(self, event: Event | None = None) -> tuple[MercanteGame, Record]:
        return self.apply(ManipulateEvents(event))

    def challenge(self, challenger: str, claimed: int) -> tuple[MercanteGame, Record]:
        return self.apply(ChallengeSale(challenger, claimed))

    # -- what the actions ask of the turn -----------------------------------------------------

    def _verify_open(self) -> None:
        """Raise once the game is over: only the end-game steps and corrections remain."""
        if self.over:
            raise GameOverError(
                f"the game is over: it ended with {possessive(self.active)} turn ("
                + "; ".join(trigger_text(t).rstrip(".") for t in self.ending).lower()
                + "); only the end-game bazaar sale, the 10-crown victory points and "
                "corrections remain"
            )

    def _verify_ledger(self, what: str) -> None:
        if not self.ledger:
            raise ActionError(
                f"{what}: this game's crowns are counted at the table, not by the app"
            )

    def _paying(
        self, payments: Sequence[Payment], vp: Mapping[str, int] | None = None
    ) -> tuple[PlayerState, ...]:
        """The players after ``payments`` (in order) and the victory points gained in ``vp``;
        a payer without the crowns raises :class:`CrownsError` naming them and what they
        have. A game whose crowns the table counts changes only victory points."""
        crowns = {p.name: p.crowns for p in self.players}
        if self.ledger:
            for payment in payments:
                if payment.payer != BANK:
                    have = crowns[payment.payer]
                    if payment.amount > have:
                        raise CrownsError(
                            f"{payment.payer} has {plural(have, 'crown')}, not the "
                            f"{payment.amount} to pay {payment.payee}"
                        )
                    crowns[payment.payer] = have - payment.amount
                if payment.payee != BANK:
                    crowns[payment.payee] += payment.amount
        gained = vp or {}
        return tuple(
            replace(p, crowns=crowns[p.name], vp=p.vp + gained.get(p.name, 0))
            if crowns[p.name] != p.crowns or gained.get(p.name)
            else p
            for p in self.players
        )

    def _contract_candidates(self, name: str) -> tuple[Contract, ...]:
        """The contracts ``name``'s sales may complete: their own, and with Talk of Peace their
        teammate's ("Teammates can complete each others' contracts")."""
        team = self.variants.team_of(name) or (name,)
        return tuple(c for c in self.contracts if c.holder in team and not c.completed)

    def _completing(self, completed: Sequence[Contract]) -> tuple[Contract, ...]:
        done = {c.number for c in completed}
        return tuple(replace(c, completed=True) if c.number in done else c for c in self.contracts)

    def _first_step(self, active: str) -> Step:
        return _first_step(active, self.upkeep_holder)

    def _with_player(self, name: str, **changes: Any) -> tuple[PlayerState, ...]:
        return tuple(replace(p, **changes) if p.name == name else p for p in self.players)

    def _step_name(self) -> str:
        names = {
            "remove_goods": "taking tokens off the markets (upkeep step 1)",
            "apply_event": "applying one event (upkeep step 2)",
            "auction_vp": "auctioning the victory points on the upkeep marker (upkeep step 3)",
            "pass_marker": "passing the upkeep marker (upkeep step 4)",
            "shipment": "the shipment auction",
            "agents": "assigning agents",
        }
        assert self.step is not None
        return names[self.step]

    def _verify_step(self, what: str, *steps: Step) -> None:
        if self.step not in steps:
            raise ActionError(
                f"{what} is not allowed now: {possessive(self.active)} turn "
                f"is at {self._step_name()}"
            )

    def _verify_after_upkeep(self, what: str) -> None:
        """Agent actions, sales and the end of the turn come after upkeep and the auction."""
        self._verify_open()
        if self.is_upkeep_turn:
            raise ActionError(
                f"{what} comes after upkeep: {self.active} holds the upkeep marker and is at "
                f"{self._step_name()}"
            )
        if self.auction is not None:
            bidder = self.auction.next_bidder
            raise ActionError(f"{what} waits for the shipment auction to finish ({bidder} to bid)")
        if self.ledger and not self.auctioned:
            raise ActionError(
                f"{what} comes after the shipment auction: {self.active} has not auctioned a "
                "shipment this turn (the phases come in the order shown: upkeep, the shipment "
                "auction, then the agents)"
            )

    def _verify_agents(self, action_id: str, agents: int = 1) -> None:
        """Raise unless the active player can put ``agents`` more on ``action_id``."""
        name = rules().action(action_id).name
        self._verify_after_upkeep(name)
        left = self.agents_left()
        if agents > left:
            waiting = (
                f" ({plural(self.new_agents, 'agent')} bought this turn work from the next turn)"
                if self.new_agents
                else ""
            )
            used = (
                f"{self.agents_used} already assigned" if self.agents_used else "none assigned yet"
            )
            raise LimitError(
                f"{self.active} has {plural(self.usable_agents(), 'agent')} this turn{waiting}, "
                f"{used}: {name} needs {agents!r} but {left} {'is' if left == 1 else 'are'} left"
            )
        seals = self.seals_left(action_id)
        if seals is not None and agents > seals:
            facts_ = rules().action(action_id)
            if facts_.per_warehouse:
                raise LimitError(f"every warehouse {self.active} owns is already secured this turn")
            raise LimitError(
                f"{self.active} has already used {name} this turn: the ledger has "
                f"{plural(facts_.seals or 0, 'seal')} for it"
            )

    def _assigning(self, action_id: str, agents: int = 1) -> dict[str, Any]:
        """The changes to the game of ``agents`` more agents on ``action_id``."""
        assigned = dict(self.assigned)
        if agents:
            assigned[action_id] = assigned.get(action_id, 0) + agents
        return {
            "agents_used": self.agents_used + agents,
            "assigned": tuple(assigned.items()),
            "step": "agents",
        }

    def _verify_upkeep(self, step: str) -> None:
        self._verify_open()
        if not self.is_upkeep_turn:
            if any(isinstance(r, PassRecord) for r in self._turn()):
                when = f"{self.active} has passed the marker to {self.upkeep_holder} this turn"
            else:
                when = (
                    f"it happens on {possessive(self.upkeep_holder)} "
                    f"turn; it is {possessive(self.active)} turn"
                )
            raise ActionError(f"{step} is part of upkeep: {when}")

    def _turn(self) -> tuple[Record, ...]:
        """The records of the turn under way."""
        found: list[Record] = []
        for record in reversed(self.log):
            if isinstance(record, EndTurnRecord):
                break
            found.append(record)
        return tuple(reversed(found))

    def _event_effects(
        self, event: Event
    ) -> tuple[Calendar, Event | None, MarketBoard | None, dict[str, tuple[str | None, ...]]]:
        calendar = self.calendar
        pushed = calendar.add(event) if event.is_enduring else None
        board = self.board
        removed: dict[str, tuple[str | None, ...]] = {}
        if board is not None and event.removes:
            board, removed = board.remove_many(
                {m: min(n, board.market(m).covered) for m, n in event.removes.items()}
            )
        return calendar, pushed, board, removed

    def vp_auctions_held(self) -> int:
        """Victory point tokens auctioned so far in this upkeep."""
        return sum(1 for r in self._turn() if isinstance(r, AuctionRecord))

    def auction_results(self) -> tuple[LotResult, ...]:
        """The lots sold (or not) in this turn's shipment auction so far."""
        return tuple(r.lot for r in self._turn() if isinstance(r, BidRecord) and r.lot is not None)

    def last_sale(self) -> SaleRecord | None:
        """The sale just made, if the last action of this turn was one."""
        turn = self._turn()
        return turn[-1] if turn and isinstance(turn[-1], SaleRecord) else None

    # undo

    @property
    def can_undo_calendar(self) -> bool:
        """True when the last action changed the calendar (the calendar panel's undo)."""
        return bool(self.log) and self.log[-1].changes_calendar

    def undo_calendar(self) -> MercanteGame:
        """Undo the last action if it changed the calendar; later actions would depend on it,
        so only the most recent action can be undone."""
        if not self.can_undo_calendar:
            last = self.log[-1].summary if self.log else "nothing"
            raise ActionError(f"the last action did not change the calendar ({last})")
        return self.log[-1].before

    def with_rules(self, rules: HouseRules) -> MercanteGame:
        """The same game played from its start under other house rules (the log is replayed,
        so an action the new rules forbid raises and nothing changes)."""
        if not isinstance(rules, HouseRules):
            raise MercanteError(f"house rules {rules!r} are not HouseRules")
        return self.replayed(replace(self.start, rules=rules, log=()))

    # saving

    def state_dict(self) -> dict[str, Any]:
        """This state alone (no log), JSON-able."""
        return {
            "players": [p.to_dict() for p in self.players],
            "active": self.active,
            "upkeep_holder": self.upkeep_holder,
            "calendar": Calendar(self.slots).to_list(),
            "board": None if self.board is None else self.board.to_dict(),
            "house_rules": self.rules.to_list(),
            "variants": self.variants.to_dict(),
            "step": self.step,
            "vp_on_marker": self.vp_on_marker,
            "vp_auctions_left": self.vp_auctions_left,
            "track": self.track,
            "agents_used": self.agents_used,
            "assigned": dict(self.assigned),
            "secured": list(self.secured),
            "new_agents": self.new_agents,
            "auction": None if self.auction is None else self.auction.to_dict(),
            "auctioned": self.auctioned,
            **(self._ledger_dict() if self.ledger else {}),
        }

    def _ledger_dict(self) -> dict[str, Any]:
        return {
            "ledger": True,
            "contracts": [c.to_dict() for c in self.contracts],
            "sold": list(self.sold),
            "shipments": self.shipments,
            "ending": list(self.ending),
            "over": self.over,
            "final": {name: steps.to_dict() for name, steps in self.final},
        }

    def to_dict(self) -> dict[str, Any]:
        """JSON-able, versioned: the starting state and every action since."""
        return {
            **_SAVE.header(),
            "start": self.start.state_dict(),
            "actions": [r.action.to_dict() for r in self.log],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MercanteGame:
        """Read a save back, replaying its actions; a bad save raises :class:`SaveDataError`
        naming the path of the first bad field (``actions[3].goods``, ``start.players[1]``).

        A save of version 1 (before the turn's phases and agents were kept) is read as a game
        that starts where that one had got to: its moves are replayed as they were then. A save
        of version 2 (before the ledger) is version 3 with no ledger: its crowns were counted
        at the table, and it goes on so."""
        if isinstance(data, Mapping) and (data.get("format"), data.get("version")) == (
            SAVE_FORMAT,
            1,
        ):
            from companion.engine.mercante.legacy import read_version_1

            return read_version_1(data)
        if isinstance(data, Mapping) and (data.get("format"), data.get("version")) == (
            SAVE_FORMAT,
            2,
        ):
            data = {**data, "version": SAVE_VERSION}
        data = _SAVE.check_header(data)
        _SAVE.known(data, "", {"format", "version", "start", "actions"})
        game = read_start(data.get("start"))
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise SaveDataError(f"actions {actions!r} must be a list")
        return _SAVE.replay(game, actions, read_action)


# -- reading saves -------------------------------------------------------------------------------

_LEDGER_KEYS: Final = ("ledger", "contracts", "sold", "shipments", "ending", "over", "final")
_STATE_KEYS: Final = frozenset(
    {
        "players",
        "active",
        "upkeep_holder",
        "calendar",
        "board",
        "house_rules",
        "variants",
        "step",
        "vp_on_marker",
        "vp_auctions_left",
        "track",
        "agents_used",
        "assigned",
        "secured",
        "new_agents",
        "auction",
        "auctioned",
        *_LEDGER_KEYS,
    }
)


def read_players(raw: object, where: str) -> tuple[PlayerState, ...]:
    if not isinstance(raw, list):
        raise SaveDataError(f"{where}: {raw!r} must be a list of players")
    players = []
    for i, entry in enumerate(raw):
        at = f"{where}[{i}]"
        item = _SAVE.mapping(entry, at)
        _SAVE.known(item, at, {"name", "agents", "warehouses", "vp", "crowns"})
        with _SAVE.at(at):
            players.append(PlayerState(**item))
    return tuple(players)


def read_house_and_variants(state: Mapping[str, Any], where: str) -> tuple[HouseRules, Variants]:
    """The house rules and variants of a saved start; the Alternate Five-Player Upkeep, once a
    house rule, is read as the variant it is."""
    ids = state.get("house_rules", [])
    if isinstance(ids, list) and FORMER_FIVE_PLAYER_UPKEEP in ids:
        ids = [i for i in ids if i != FORMER_FIVE_PLAYER_UPKEEP]
        moved = True
    else:
        moved = False
    with _SAVE.at(f"{where}.house_rules"):
        house = HouseRules.from_list(ids)
    with _SAVE.at(f"{where}.variants"):
        raw = state.get("variants")
        variants = NO_VARIANTS if raw is None else Variants.from_dict(raw)
        if moved:
            variants = replace(variants, on=variants.on | {ALTERNATE_FIVE_PLAYER_UPKEEP})
    return house, variants


def _read_ledger(state: Mapping[str, Any]) -> dict[str, Any]:
    """The ledger's part of a saved start (none: a game whose crowns the table counts)."""
    if not _SAVE.value(bool, state.get("ledger", False), "start.ledger"):
        return {}
    final = _SAVE.mapping(state.get("final", {}), "start.final")
    with _SAVE.at("start.final"):
        steps = tuple((name, FinalSteps.from_dict(raw)) for name, raw in final.items())
    return {
        "ledger": True,
        "contracts": _SAVE.value(
            tuple[Contract, ...], state.get("contracts", []), "start.contracts"
        ),
        "sold": _SAVE.value(tuple[str, ...], state.get("sold", []), "start.sold"),
        "shipments": _SAVE.value(int, state.get("shipments", 0), "start.shipments"),
        "ending": _SAVE.value(tuple[str, ...], state.get("ending", []), "start.ending"),
        "over": _SAVE.value(bool, state.get("over", False), "start.over"),
        "final": steps,
    }


def read_start(raw: object) -> MercanteGame:
    """A game's saved start (:meth:`MercanteGame.state_dict`), checked field by field."""
    state = _SAVE.mapping(raw, "start")
    _SAVE.known(state, "start", _STATE_KEYS)
    players = read_players(state.get("players"), "start.players")
    with _SAVE.at("start.calendar"):
        calendar = Calendar.from_list(state.get("calendar", []))
    board_raw = state.get("board")
    with _SAVE.at("start.board"):
        board = None if board_raw is None else MarketBoard.from_dict(board_raw)
    house, variants = read_house_and_variants(state, "start")
    counts = {}
    for key in ("vp_on_marker", "vp_auctions_left", "track", "agents_used", "new_agents"):
        value = state.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise SaveDataError(f"start.{key}: {value!r} must be a whole number, 0 or more")
        counts[key] = value
    assigned = state.get("assigned", {})
    secured = state.get("secured", [])
    if not isinstance(assigned, Mapping) or not all(
        isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in assigned.values()
    ):
        raise SaveDataError(f"start.assigned: {assigned!r} must map agent actions to agents")
    if not isinstance(secured, list) or not all(isinstance(w, int) for w in secured):
        raise SaveDataError(f"start.secured: {secured!r} must be a list of warehouses")
    auction_raw = state.get("auction")
    with _SAVE.at("start.auction"):
        auction = None if auction_raw is None else ShipmentAuction.from_dict(auction_raw)
    auctioned = state.get("auctioned", False)
    if not isinstance(auctioned, bool):
        raise SaveDataError(f"start.auctioned: {auctioned!r} must be true or false")
    ledger = _read_ledger(state)
    with _SAVE.at("start"):
        return MercanteGame(
            **ledger,
            players=players,
            active=cast(str, state.get("active")),
            upkeep_holder=cast(str, state.get("upkeep_holder")),
            slots=calendar.slots,
            board=board,
            rules=house,
            variants=variants,
            step=cast(Step | None, state.get("step")),
            assigned=tuple(assigned.items()),
            secured=tuple(secured),
            auction=auction,
            auctioned=auctioned,
            vp_on_marker=counts["vp_on_marker"],
            vp_auctions_left=counts["vp_auctions_left"],
            track=counts["track"],
            agents_used=counts["agents_used"],
            new_agents=counts["new_agents"],
        )


__all__ = [
    "ASSETS",
    "STEPS",
    "UPKEEP_STEPS",
    "MercanteGame",
    "PlayerState",
    "Step",
    "read_action",
    "read_house_and_variants",
    "read_players",
    "read_start",
]
