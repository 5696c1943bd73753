"""A game of Mercante in progress: seats, calendar, market board, upkeep marker, and the log.

:class:`MercanteGame` is an immutable value. Every action comes in three (as in pokerkit):
``verify_x(...)`` raises the reason it is not allowed, ``can_x(...)`` answers yes or no, and
``x(...)`` returns ``(new game, record)``. An illegal action raises and changes nothing. The
records form the log; each keeps the game as it was before, so undo is free, and the saved
form (:meth:`MercanteGame.to_dict`) is the starting state plus the actions, replayed (and so
validated) on load.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Final, Literal, cast

from companion.engine import saves
from companion.engine.mercante.errors import (
    ActionError,
    LimitError,
    MercanteError,
    ReactionError,
    SaveDataError,
    SeatError,
)
from companion.engine.mercante.events import Calendar, Event, Glance, at_a_glance, display_name
from companion.engine.mercante.facts import rules
from companion.engine.mercante.house import STANDARD, HouseRules
from companion.engine.mercante.markets import MarketBoard
from companion.engine.mercante.pricing import SaleQuote, quote_sale
from companion.engine.mercante.upkeep import (
    AuctionResult,
    RemovalPlan,
    UpkeepCosts,
    UpkeepTurn,
    check_seats,
    pass_upkeep_marker,
    seat_of,
    setup_upkeep_holder,
    upkeep_costs,
    upkeep_schedule,
    verify_removal,
    vp_auction_winner,
)

SAVE_FORMAT: Final = "companion.mercante.game"
SAVE_VERSION: Final = 1
_SAVE: Final = saves.SaveFormat(SAVE_FORMAT, SAVE_VERSION, SaveDataError)

Asset = Literal["agent", "warehouse"]
ASSETS: Final = ("agent", "warehouse")


@dataclass(frozen=True)
class PlayerState:
    """A merchant house: its name, agents (2–4) and warehouses (1–3)."""

    name: str
    agents: int = field(default_factory=lambda: rules().agents.start)
    warehouses: int = field(default_factory=lambda: rules().warehouses.start)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise SeatError(f"player name {self.name!r} must be a non-empty text")
        agents, stores = rules().agents, rules().warehouses
        _limit(self.name, "agents", self.agents, agents.start, agents.max)
        _limit(self.name, "warehouses", self.warehouses, stores.start, stores.max)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "agents": self.agents, "warehouses": self.warehouses}


def _limit(name: str, what: str, value: object, least: int, most: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise LimitError(f"{name}: {what} {value!r} must be a whole number")
    if value > most:
        raise LimitError(f"{name}: {value!r} {what} is more than a house may have ({most})")
    if value < least:
        raise LimitError(f"{name}: {value!r} {what} is fewer than a house starts with ({least})")


# -- actions -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Action(saves.Action):
    """A player's move, as stored in the save: what was asked, not what came of it."""


@dataclass(frozen=True)
class PlayEvent(Action):
    """Play an event: Enduring goes on the calendar, Fleeting is resolved and discarded."""

    kind: ClassVar[str] = "play_event"
    event: Event

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "event": self.event.to_dict()}


@dataclass(frozen=True)
class Sell(Action):
    """The active player sells goods (see :func:`~.pricing.quote_sale` for the fields)."""

    kind: ClassVar[str] = "sell"
    goods: tuple[str, ...]
    agents: int = 0
    bazaar: tuple[int, ...] = ()
    bases: tuple[int | None, ...] | None = None
    reaction: Event | None = None
    reaction_at: int = 0
    reaction_by: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "goods": list(self.goods),
            "agents": self.agents,
            "bazaar": list(self.bazaar),
            "bases": None if self.bases is None else list(self.bases),
            "reaction": None if self.reaction is None else self.reaction.to_dict(),
            "reaction_at": self.reaction_at,
            "reaction_by": self.reaction_by,
        }


@dataclass(frozen=True)
class RemoveGoods(Action):
    """Upkeep step 1: spend removal points on tokens, ``((market, tokens), ...)``."""

    kind: ClassVar[str] = "remove_goods"
    removals: tuple[tuple[str, int], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "removals": dict(self.removals)}


@dataclass(frozen=True)
class AuctionVictoryPoint(Action):
    """Upkeep step 3: one blind auction, ``((player, bid), ...)``."""

    kind: ClassVar[str] = "auction_vp"
    bids: tuple[tuple[str, int], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "bids": dict(self.bids)}


@dataclass(frozen=True)
class PassUpkeepMarker(Action):
    """Upkeep step 4: the marker goes to the right."""

    kind: ClassVar[str] = "pass_upkeep_marker"


@dataclass(frozen=True)
class ImproveHouse(Action):
    """Improve House Assets: buy an agent or a warehouse."""

    kind: ClassVar[str] = "improve"
    asset: Asset

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "asset": self.asset}


@dataclass(frozen=True)
class EndTurn(Action):
    """The active player's turn ends; play passes to the left."""

    kind: ClassVar[str] = "end_turn"


# -- records -------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Record:
    """What an action did. ``before`` is the game as it was (for undo); ``player`` was active."""

    action: Action
    player: str
    before: MercanteGame = field(repr=False, compare=False)

    @property
    def changes_calendar(self) -> bool:
        return False

    @property
    def summary(self) -> str:
        return f"{self.player}: {self.action.kind}"


@dataclass(frozen=True, kw_only=True)
class EventRecord(Record):
    event: Event
    pushed_out: Event | None = None
    removed: tuple[tuple[str, tuple[str | None, ...]], ...] = ()

    @property
    def changes_calendar(self) -> bool:
        return self.event.is_enduring

    @property
    def summary(self) -> str:
        if self.event.is_fleeting:
            text = f"{self.event.name} (Fleeting) was resolved and discarded."
        else:
            slots = rules().calendar.slots
            moved = [
                f"{e.name} moved to {slots[i + 1]}"
                for i, e in enumerate(self.before.slots[:-1])
                if e is not None
            ]
            text = f"{self.event.name} went into {slots[0]}."
            if moved:
                text += " " + "; ".join(moved) + "."
            if self.pushed_out is not None:
                text += f" {self.pushed_out.name} left the calendar."
        for market, tokens in self.removed:
            text += f" {len(tokens)} token(s) came off {display_name(market).lower()}."
        return text


@dataclass(frozen=True, kw_only=True)
class SaleRecord(Record):
    quote: SaleQuote

    @property
    def changes_calendar(self) -> bool:
        return self.quote.calendar_after != self.quote.calendar_before

    @property
    def summary(self) -> str:
        parts = []
        for token in self.quote.tokens:
            if token.destination == "market" and token.breakdown is not None:
                parts.append(f"{token.good} {token.price} ({token.breakdown.text})")
            elif token.destination == "bazaar":
                parts.append(f"{token.good} {token.price} at the bazaar")
            else:
                parts.append(f"{token.good} kept ({token.reason})")
        text = f"{self.player} sold " + ", ".join(parts) + f": {self.quote.total} crowns."
        if self.quote.reaction is not None:
            action = self.action
            by = action.reaction_by if isinstance(action, Sell) else None
            played = f"{by} played" if by else "Played:"
            text = f"{played} {self.quote.reaction.name} as a Reaction. " + text
        return text


@dataclass(frozen=True, kw_only=True)
class RemovalRecord(Record):
    plan: RemovalPlan
    removed: tuple[tuple[str, tuple[str | None, ...]], ...] = ()

    @property
    def summary(self) -> str:
        listed = ", ".join(f"{n} from {display_name(m).lower()}" for m, n in self.plan.removals)
        return (
            f"{self.player} removed {listed or 'no tokens'} "
            f"({self.plan.cost} of {self.plan.points} removal points)."
        )


@dataclass(frozen=True, kw_only=True)
class AuctionRecord(Record):
    result: AuctionResult

    @property
    def summary(self) -> str:
        if self.result.winner is None:
            return "Nobody bid: the victory point stays on the upkeep marker."
        text = f"{self.result.winner} won a victory point for {self.result.bid} crowns"
        if self.result.decided_by_seat:
            text += " (tie broken by seating)"
        return text + "."


@dataclass(frozen=True, kw_only=True)
class PassRecord(Record):
    to: str

    @property
    def summary(self) -> str:
        return f"{self.player} passed the upkeep marker to {self.to}."


@dataclass(frozen=True, kw_only=True)
class ImproveRecord(Record):
    asset: Asset
    now: int
    cost: int | None

    @property
    def summary(self) -> str:
        price = f" for {self.cost} crowns" if self.cost is not None else ""
        article = "an" if self.asset == "agent" else "a"
        return f"{self.player} bought {article} {self.asset}{price}: now {self.now}."


@dataclass(frozen=True, kw_only=True)
class EndTurnRecord(Record):
    next_player: str

    @property
    def summary(self) -> str:
        return f"{self.player}'s turn ended; {self.next_player} is next."


# -- the game ------------------------------------------------------------------------------------


def _verified(check: Callable[[], object]) -> bool:
    try:
        check()
    except MercanteError:
        return False
    return True


@dataclass(frozen=True)
class MercanteGame(saves.SavedGame):
    """A game in progress. ``players`` are in turn order (play passes to the left).

    An immutable value: copies are the value itself; pickling goes through the save format.
    """

    players: tuple[PlayerState, ...]
    active: str
    upkeep_holder: str
    slots: tuple[Event | None, ...]
    board: MarketBoard | None = None
    house: HouseRules = STANDARD
    removed_this_turn: bool = False
    # Improve House Assets this turn: how many purchases, and agents bought (they work from
    # their owner's next turn). Both reset when the turn ends.
    improved_this_turn: int = 0
    new_agents: int = 0
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
        if not isinstance(self.house, HouseRules):
            raise MercanteError(f"house rules {self.house!r} are not HouseRules")

    @classmethod
    def new(
        cls,
        turn_order: Sequence[str],
        *,
        first_event: Event | None = None,
        board: MarketBoard | None = None,
        house: HouseRules = STANDARD,
        active: str | None = None,
        upkeep_holder: str | None = None,
    ) -> MercanteGame:
        """A game at setup: first player active, the upkeep marker on their right, the first
        (Enduring) event in A, and an empty board if its printed values are given."""
        names = check_seats(turn_order)
        slots: tuple[Event | None, ...] = ()
        if first_event is not None:
            calendar = Calendar()
            calendar.add(first_event)
            slots = calendar.slots
        return cls(
            players=tuple(PlayerState(name) for name in names),
            active=names[0] if active is None else active,
            upkeep_holder=setup_upkeep_holder(names) if upkeep_holder is None else upkeep_holder,
            slots=slots,
            board=board,
            house=house,
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
        """True while the active player holds the upkeep marker (upkeep not finished)."""
        return self.active == self.upkeep_holder

    def upkeep_costs(self) -> UpkeepCosts:
        return upkeep_costs(len(self.players), house=self.house)

    def next_upkeeps(self, count: int = 4) -> tuple[UpkeepTurn, ...]:
        return upkeep_schedule(self.seats, self.active, self.upkeep_holder, count, house=self.house)

    def quote(
        self,
        goods: Sequence[str],
        *,
        agents: int = 0,
        bazaar: Collection[int] = (),
        bases: Sequence[int | None] | None = None,
        reaction: Event | None = None,
        reaction_at: int = 0,
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
            house=self.house,
        )

    # -- actions ------------------------------------------------------------------------------

    def _done(self, record: Record, **changes: Any) -> tuple[MercanteGame, Record]:
        return replace(self, log=(*self.log, record), **changes), record

    # play an event

    def verify_play_event(self, event: Event) -> None:
        if not isinstance(event, Event):
            raise MercanteError(f"{event!r} is not an Event")

    def can_play_event(self, event: Event) -> bool:
        return _verified(lambda: self.verify_play_event(event))

    def play_event(self, event: Event) -> tuple[MercanteGame, Record]:
        """Enduring: onto the calendar (what falls off C is in the record). Fleeting: resolved
        and discarded. Tokens the card takes off a tracked market come off the bottom."""
        self.verify_play_event(event)
        calendar = self.calendar
        pushed = calendar.add(event) if event.is_enduring else None
        board = self.board
        removed: dict[str, tuple[str | None, ...]] = {}
        if board is not None and event.removes:
            board, removed = board.remove_many(
                {m: min(n, board.market(m).covered) for m, n in event.removes.items()}
            )
        record = EventRecord(
            action=PlayEvent(event),
            player=self.active,
            before=self,
            event=event,
            pushed_out=pushed,
            removed=tuple(removed.items()),
        )
        return self._done(record, slots=calendar.slots, board=board)

    # sell

    def verify_sell(
        self,
        goods: Sequence[str],
        *,
        agents: int = 0,
        bazaar: Collection[int] = (),
        bases: Sequence[int | None] | None = None,
        reaction: Event | None = None,
        reaction_at: int = 0,
        reaction_by: str | None = None,
    ) -> SaleQuote:
        """Raise unless the active player can make this sale now; return its quote.

        ``reaction_by`` names who played the Reaction (for the log); it needs a ``reaction``.
        """
        if reaction_by is not None:
            if reaction is None:
                raise ReactionError(
                    f"{reaction_by!r} is named as reacting, but no Reaction is given"
                )
            seat_of(self.seats, reaction_by, role="reacting player")
        hired = self.usable_agents()
        if not isinstance(agents, bool) and isinstance(agents, int) and agents > hired:
            waiting = (
                f" (the {self.new_agents} bought this turn work from the next turn)"
                if self.new_agents
                else ""
            )
            raise LimitError(
                f"{self.active} has {hired} agents this turn{waiting}, "
                f"so {agents!r} cannot hire dockworkers"
            )
        quote = self.quote(
            goods,
            agents=agents,
            bazaar=bazaar,
            bases=bases,
            reaction=reaction,
            reaction_at=reaction_at,
        )
        if quote.refused:
            first = quote.refused[0]
            raise ActionError(
                f"token {first.index + 1} ({first.good!r}) cannot be sold to its market: "
                f"{first.reason}; send it to the bazaar or leave it out"
            )
        if not quote.cartage.enough:
            raise LimitError(
                f"the goods for market need {quote.cartage.needed} cartage points, "
                f"but {agents!r} agent(s) hire dockworkers"
            )
        return quote

    def can_sell(self, goods: Sequence[str], **kwargs: Any) -> bool:
        return _verified(lambda: self.verify_sell(goods, **kwargs))

    def sell(
        self,
        goods: Sequence[str],
        *,
        agents: int = 0,
        bazaar: Collection[int] = (),
        bases: Sequence[int | None] | None = None,
        reaction: Event | None = None,
        reaction_at: int = 0,
        reaction_by: str | None = None,
    ) -> tuple[MercanteGame, Record]:
        """The active player sells ``goods``; tokens go on the tracked board, a Reaction played
        during the sale goes on the calendar. Returns the game and a :class:`SaleRecord`."""
        quote = self.verify_sell(
            goods,
            agents=agents,
            bazaar=bazaar,
            bases=bases,
            reaction=reaction,
            reaction_at=reaction_at,
            reaction_by=reaction_by,
        )
        action = Sell(
            goods=tuple(goods),
            agents=agents,
            bazaar=tuple(sorted(bazaar)),
            bases=None if bases is None else tuple(bases),
            reaction=reaction,
            reaction_at=reaction_at,
            reaction_by=reaction_by,
        )
        record = SaleRecord(action=action, player=self.active, before=self, quote=quote)
        return self._done(record, slots=quote.calendar_after, board=quote.board_after)

    # upkeep

    def _verify_upkeep(self, step: str) -> None:
        if not self.is_upkeep_turn:
            raise ActionError(
                f"{step} is part of upkeep, which happens on {self.upkeep_holder}'s turn; "
                f"it is {self.active}'s turn"
            )

    def verify_remove_goods(self, removals: Mapping[str, int]) -> RemovalPlan:
        self._verify_upkeep("removing goods")
        if self.removed_this_turn:
            raise ActionError(f"{self.active} has already removed goods this upkeep")
        return verify_removal(removals, len(self.players), board=self.board, house=self.house)

    def can_remove_goods(self, removals: Mapping[str, int]) -> bool:
        return _verified(lambda: self.verify_remove_goods(removals))

    def remove_goods(self, removals: Mapping[str, int]) -> tuple[MercanteGame, Record]:
        """Upkeep step 1: take tokens off the bottom of the markets with removal points."""
        plan = self.verify_remove_goods(removals)
        board = self.board
        removed: dict[str, tuple[str | None, ...]] = {}
        if board is not None:
            board, removed = board.remove_many(dict(plan.removals))
        record = RemovalRecord(
            action=RemoveGoods(plan.removals),
            player=self.active,
            before=self,
            plan=plan,
            removed=tuple(removed.items()),
        )
        return self._done(record, board=board, removed_this_turn=True)

    def verify_auction_vp(self, bids: Mapping[str, int]) -> AuctionResult:
        self._verify_upkeep("a victory point auction")
        return vp_auction_winner(self.seats, self.active, bids)

    def can_auction_vp(self, bids: Mapping[str, int]) -> bool:
        return _verified(lambda: self.verify_auction_vp(bids))

    def auction_vp(self, bids: Mapping[str, int]) -> tuple[MercanteGame, Record]:
        """Upkeep step 3: one blind bid; the record names the winner (or nobody)."""
        result = self.verify_auction_vp(bids)
        record = AuctionRecord(
            action=AuctionVictoryPoint(result.bids), player=self.active, before=self, result=result
        )
        return self._done(record)

    def verify_pass_upkeep_marker(self) -> str:
        self._verify_upkeep("passing the upkeep marker")
        if self.board is not None and not self.removed_this_turn:
            costs = self.upkeep_costs()
            if any(m.covered and costs.cost(m.id) <= costs.points for m in self.board.markets):
                raise ActionError(
                    f"{self.active} must spend removal points on the market tokens first"
                )
        return pass_upkeep_marker(self.seats, self.upkeep_holder, house=self.house)

    def can_pass_upkeep_marker(self) -> bool:
        return _verified(self.verify_pass_upkeep_marker)

    def pass_upkeep_marker(self) -> tuple[MercanteGame, Record]:
        """Upkeep step 4: the marker goes right (two seats with the five-player variant)."""
        to = self.verify_pass_upkeep_marker()
        record = PassRecord(action=PassUpkeepMarker(), player=self.active, before=self, to=to)
        return self._done(record, upkeep_holder=to)

    # improve house assets

    def usable_agents(self) -> int:
        """The active player's agents that can act this turn (not those bought this turn)."""
        return self.player(self.active).agents - self.new_agents

    def verify_improve(self, asset: Asset) -> PlayerState:
        """Raise unless the active player may buy ``asset``; return the player afterwards."""
        if asset not in ASSETS:
            raise ActionError(f"asset {asset!r} must be 'agent' or 'warehouse'")
        if self.improved_this_turn >= rules().agents.improvements_per_turn:
            raise LimitError(
                f"{self.active} has already improved house assets this turn: the ledger has "
                f"one Improve House Assets seal, so it buys one agent or one warehouse a turn"
            )
        player = self.player(self.active)
        if asset == "agent":
            return replace(player, agents=player.agents + 1)
        return replace(player, warehouses=player.warehouses + 1)

    def can_improve(self, asset: Asset) -> bool:
        return _verified(lambda: self.verify_improve(asset))

    def improve(self, asset: Asset) -> tuple[MercanteGame, Record]:
        """Buy an agent (its price is on the reference track) or a warehouse (5 crowns)."""
        after = self.verify_improve(asset)
        players = tuple(after if p.name == after.name else p for p in self.players)
        record = ImproveRecord(
            action=ImproveHouse(asset),
            player=self.active,
            before=self,
            asset=asset,
            now=after.agents if asset == "agent" else after.warehouses,
            cost=rules().warehouses.cost if asset == "warehouse" else None,
        )
        return self._done(
            record,
            players=players,
            improved_this_turn=self.improved_this_turn + 1,
            new_agents=self.new_agents + (1 if asset == "agent" else 0),
        )

    # end the turn

    def verify_end_turn(self) -> str:
        if self.is_upkeep_turn:
            raise ActionError(
                f"{self.active} holds the upkeep marker: finish upkeep by passing it first"
            )
        seats = self.seats
        return seats[(seats.index(self.active) + 1) % len(seats)]

    def can_end_turn(self) -> bool:
        return _verified(self.verify_end_turn)

    def end_turn(self) -> tuple[MercanteGame, Record]:
        """Play passes to the left."""
        nxt = self.verify_end_turn()
        record = EndTurnRecord(action=EndTurn(), player=self.active, before=self, next_player=nxt)
        return self._done(
            record, active=nxt, removed_this_turn=False, improved_this_turn=0, new_agents=0
        )

    # generic

    def apply(self, action: Action) -> tuple[MercanteGame, Record]:
        """Carry out a stored :class:`Action` (used when replaying a save)."""
        if isinstance(action, PlayEvent):
            return self.play_event(action.event)
        if isinstance(action, Sell):
            return self.sell(
                action.goods,
                agents=action.agents,
                bazaar=action.bazaar,
                bases=action.bases,
                reaction=action.reaction,
                reaction_at=action.reaction_at,
                reaction_by=action.reaction_by,
            )
        if isinstance(action, RemoveGoods):
            return self.remove_goods(dict(action.removals))
        if isinstance(action, AuctionVictoryPoint):
            return self.auction_vp(dict(action.bids))
        if isinstance(action, PassUpkeepMarker):
            return self.pass_upkeep_marker()
        if isinstance(action, ImproveHouse):
            return self.improve(action.asset)
        if isinstance(action, EndTurn):
            return self.end_turn()
        raise ActionError(f"unknown action {action!r}")

    # undo

    @property
    def can_undo(self) -> bool:
        return bool(self.log)

    @property
    def can_undo_calendar(self) -> bool:
        """True when the last action changed the calendar (the calendar panel's undo)."""
        return bool(self.log) and self.log[-1].changes_calendar

    def undo(self) -> MercanteGame:
        """The game before the last action."""
        if not self.log:
            raise ActionError("nothing to undo")
        return self.log[-1].before

    def undo_calendar(self) -> MercanteGame:
        """Undo the last action if it changed the calendar; later actions would depend on it,
        so only the most recent action can be undone."""
        if not self.can_undo_calendar:
            last = self.log[-1].summary if self.log else "nothing"
            raise ActionError(f"the last action did not change the calendar ({last})")
        return self.log[-1].before

    def with_house_rules(self, house: HouseRules) -> MercanteGame:
        """The same game played from its start under other house rules (the log is replayed,
        so an action the new rules forbid raises and nothing changes)."""
        if not isinstance(house, HouseRules):
            raise MercanteError(f"house rules {house!r} are not HouseRules")
        return self.replayed(replace(self.start, house=house, log=()))

    # saving

    def state_dict(self) -> dict[str, Any]:
        """This state alone (no log), JSON-able."""
        return {
            "players": [p.to_dict() for p in self.players],
            "active": self.active,
            "upkeep_holder": self.upkeep_holder,
            "calendar": Calendar(self.slots).to_list(),
            "board": None if self.board is None else self.board.to_dict(),
            "house_rules": self.house.to_list(),
            "removed_this_turn": self.removed_this_turn,
            "improved_this_turn": self.improved_this_turn,
            "new_agents": self.new_agents,
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
        naming the path of the first bad field (``actions[3].goods``, ``start.players[1]``)."""
        data = _SAVE.check_header(data)
        _SAVE.known(data, "", {"format", "version", "start", "actions"})
        game = _state_from_dict(data.get("start"))
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise SaveDataError(f"actions {actions!r} must be a list")
        return _SAVE.replay(game, actions, _action_from_dict)


# -- reading saves -------------------------------------------------------------------------------


def _state_from_dict(raw: object) -> MercanteGame:
    state = _SAVE.mapping(raw, "start")
    _SAVE.known(
        state,
        "start",
        {
            "players",
            "active",
            "upkeep_holder",
            "calendar",
            "board",
            "house_rules",
            "removed_this_turn",
            "improved_this_turn",
            "new_agents",
        },
    )
    players_raw = state.get("players")
    if not isinstance(players_raw, list):
        raise SaveDataError(f"start.players: {players_raw!r} must be a list of players")
    players = []
    for i, entry in enumerate(players_raw):
        where = f"start.players[{i}]"
        item = _SAVE.mapping(entry, where)
        _SAVE.known(item, where, {"name", "agents", "warehouses"})
        with _SAVE.at(where):
            players.append(PlayerState(**item))
    with _SAVE.at("start.calendar"):
        calendar = Calendar.from_list(state.get("calendar", []))
    board_raw = state.get("board")
    with _SAVE.at("start.board"):
        board = None if board_raw is None else MarketBoard.from_dict(board_raw)
    with _SAVE.at("start.house_rules"):
        house = HouseRules.from_list(state.get("house_rules", []))
    removed = state.get("removed_this_turn", False)
    if not isinstance(removed, bool):
        raise SaveDataError(f"start.removed_this_turn: {removed!r} must be true or false")
    counts = {}
    for key in ("improved_this_turn", "new_agents"):  # absent in saves from before they existed
        value = state.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise SaveDataError(f"start.{key}: {value!r} must be a whole number, 0 or more")
        counts[key] = value
    with _SAVE.at("start"):
        return MercanteGame(
            players=tuple(players),
            active=cast(str, state.get("active")),
            upkeep_holder=cast(str, state.get("upkeep_holder")),
            slots=calendar.slots,
            board=board,
            house=house,
            removed_this_turn=removed,
            improved_this_turn=counts["improved_this_turn"],
            new_agents=counts["new_agents"],
        )


def _pairs(value: object, where: str) -> tuple[tuple[str, int], ...]:
    return tuple(_SAVE.mapping(value, where).items())


def _action_from_dict(raw: object) -> Action:
    data = _SAVE.mapping(raw, "action")
    kind = data.get("kind")
    if kind == PlayEvent.kind:
        _SAVE.known(data, "", {"kind", "event"})
        with _SAVE.at("event"):
            return PlayEvent(Event.from_dict(data["event"]))
    if kind == Sell.kind:
        _SAVE.known(
            data,
            "",
            {
                "kind",
                "goods",
                "agents",
                "bazaar",
                "bases",
                "reaction",
                "reaction_at",
                "reaction_by",
            },
        )
        goods = data.get("goods")
        if not isinstance(goods, list):
            raise SaveDataError(f"goods: {goods!r} must be a list")
        bases = data.get("bases")
        if bases is not None and not isinstance(bases, list):
            raise SaveDataError(f"bases: {bases!r} must be a list or null")
        reaction_raw = data.get("reaction")
        with _SAVE.at("reaction"):
            reaction = None if reaction_raw is None else Event.from_dict(reaction_raw)
        bazaar = data.get("bazaar", [])
        if not isinstance(bazaar, list):
            raise SaveDataError(f"bazaar: {bazaar!r} must be a list")
        return Sell(
            goods=tuple(goods),
            agents=data.get("agents", 0),
            bazaar=tuple(bazaar),
            bases=None if bases is None else tuple(bases),
            reaction=reaction,
            reaction_at=data.get("reaction_at", 0),
            reaction_by=data.get("reaction_by"),
        )
    if kind == RemoveGoods.kind:
        _SAVE.known(data, "", {"kind", "removals"})
        return RemoveGoods(_pairs(data.get("removals"), "removals"))
    if kind == AuctionVictoryPoint.kind:
        _SAVE.known(data, "", {"kind", "bids"})
        return AuctionVictoryPoint(_pairs(data.get("bids"), "bids"))
    if kind == PassUpkeepMarker.kind:
        _SAVE.known(data, "", {"kind"})
        return PassUpkeepMarker()
    if kind == ImproveHouse.kind:
        _SAVE.known(data, "", {"kind", "asset"})
        asset = data.get("asset")
        if asset not in ASSETS:
            raise SaveDataError(f"asset: {asset!r} must be 'agent' or 'warehouse'")
        return ImproveHouse(cast(Asset, asset))
    if kind == EndTurn.kind:
        _SAVE.known(data, "", {"kind"})
        return EndTurn()
    raise SaveDataError(f"kind: unknown action {kind!r}")
