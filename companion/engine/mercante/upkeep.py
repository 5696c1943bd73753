"""Upkeep: removal points and costs, whose turn brings the next upkeep, victory point auctions.

Seats are always given in turn order: play passes to the left, i.e. from ``seats[i]`` to
``seats[i + 1]``; the player on someone's right is therefore ``seats[i - 1]``. The upkeep
marker moves to the right, against the turn order, so upkeep comes round every
``players − 1`` turns (``players − 2`` with the alternate five-player upkeep).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from companion.engine.core.words import listed, possessive
from companion.engine.mercante.errors import (
    AuctionError,
    MercanteError,
    PlayerCountError,
    RemovalError,
    SeatError,
)
from companion.engine.mercante.events import display_name
from companion.engine.mercante.facts import check_market, check_player_count, facts, rules
from companion.engine.mercante.markets import MarketBoard
from companion.engine.mercante.variants import NO_VARIANTS, Variants

#: The player count at which the ``removal_three_players`` lot of markets.toml applies.
THREE_PLAYERS = 3

RULING_THREE_PLAYER_LUXURIES = "mercante.three_player_luxury_removal"
RULING_MUST_SPEND = "mercante.removal_must_spend"
RULING_AUCTION_TIE = "mercante.vp_auction_tie"


def check_seats(seats: Sequence[str]) -> tuple[str, ...]:
    """Seats in turn order: 3–5 distinct, non-empty names (else SeatError/PlayerCountError)."""
    if isinstance(seats, str) or not isinstance(seats, Sequence):
        raise SeatError(f"seats {seats!r} must be a list of player names in turn order")
    names = tuple(seats)
    for i, name in enumerate(names, start=1):
        if not isinstance(name, str) or not name.strip():
            raise SeatError(f"seat {i}: {name!r} is not a player name")
    folded = [n.casefold() for n in names]
    for i, name in enumerate(folded):
        if folded.index(name) != i:
            raise SeatError(f"seat {i + 1}: {names[i]!r} is already seated")
    try:
        check_player_count(len(names))
    except PlayerCountError as exc:
        raise PlayerCountError(f"{exc} (seats {list(names)!r})") from None
    return names


def seat_of(seats: Sequence[str], name: str, *, role: str = "player") -> int:
    """Index of ``name`` in ``seats``; SeatError naming it when it is not seated."""
    try:
        return list(seats).index(name)
    except ValueError:
        raise SeatError(
            f"{name or 'a ' + role + ' with no name'} is not seated at this table "
            f"({listed(list(seats))} are)"
        ) from None


# -- removal points ------------------------------------------------------------------------------


def _variant_applies(players: int, variants: Variants) -> bool:
    return (
        variants.alternate_five_player_upkeep
        and players == rules().variants.alternate_five_player_upkeep.players
    )


def upkeep_players(players: int, *, variants: Variants = NO_VARIANTS) -> int:
    """The player count upkeep is resolved for (4 in a five-player game with the variant)."""
    check_player_count(players)
    if _variant_applies(players, variants):
        return rules().variants.alternate_five_player_upkeep.resolve_as_players
    return players


def pass_seats(players: int, *, variants: Variants = NO_VARIANTS) -> int:
    """How many seats to the right the upkeep marker moves (2 with the five-player variant)."""
    check_player_count(players)
    if _variant_applies(players, variants):
        return rules().variants.alternate_five_player_upkeep.pass_seats
    return rules().upkeep.pass_seats


def removal_points(players: int, *, variants: Variants = NO_VARIANTS) -> int:
    """Removal points of the upkeep marker holder: players − 2 (five players → 3)."""
    return upkeep_players(players, variants=variants) - rules().upkeep.removal_points_minus


def removal_cost(market: str, players: int, *, variants: Variants = NO_VARIANTS) -> Fraction:
    """Removal points one token of ``market`` costs: luxuries 2 (1 with three players),
    precious metals and raw materials 1, foodstuffs 1/2."""
    check_market(market)
    facts_ = facts().market(market)
    lot = facts_.removal
    if upkeep_players(players, variants=variants) == THREE_PLAYERS and facts_.removal_three_players:
        lot = facts_.removal_three_players
    return lot.per_token


@dataclass(frozen=True)
class UpkeepCosts:
    """The removal points and per-token costs for a table, for the upkeep panel."""

    players: int
    resolved_as: int
    points: int
    costs: tuple[tuple[str, Fraction], ...]
    pass_seats: int

    def cost(self, market: str) -> Fraction:
        check_market(market)
        return dict(self.costs)[market]

    def most_tokens(self, market: str) -> int:
        """How many tokens of ``market`` alone the points could take off."""
        return int(self.points / self.cost(market))


def upkeep_costs(players: int, *, variants: Variants = NO_VARIANTS) -> UpkeepCosts:
    return UpkeepCosts(
        players=players,
        resolved_as=upkeep_players(players, variants=variants),
        points=removal_points(players, variants=variants),
        costs=tuple((m, removal_cost(m, players, variants=variants)) for m in facts().market_ids),
        pass_seats=pass_seats(players, variants=variants),
    )


@dataclass(frozen=True)
class RemovalPlan:
    """A checked choice of tokens to take off the markets during upkeep."""

    players: int
    points: int
    removals: tuple[tuple[str, int], ...]
    cost: Fraction

    @property
    def left(self) -> Fraction:
        return self.points - self.cost

    @property
    def tokens(self) -> int:
        return sum(n for _, n in self.removals)


def verify_removal(
    removals: Mapping[str, int],
    players: int,
    *,
    board: MarketBoard | None = None,
    variants: Variants = NO_VARIANTS,
) -> RemovalPlan:
    """Check an upkeep removal (``{market: tokens}``) and return its plan, or raise RemovalError.

    The cost may not exceed the points. With a tracked ``board`` it also checks each market
    holds that many tokens and that no points are left that could still remove a token
    (ruling ``mercante.removal_must_spend``).
    """
    if not isinstance(removals, Mapping):
        raise RemovalError(f"removals {removals!r} must map markets to numbers of tokens")
    costs = upkeep_costs(players, variants=variants)
    chosen: list[tuple[str, int]] = []
    for market, count in removals.items():
        check_market(market)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise RemovalError(f"{market}: {count!r} tokens must be a whole number of at least 0")
        if count:
            chosen.append((market, count))
    order = facts().market_ids
    chosen.sort(key=lambda item: order.index(item[0]))
    cost = sum((costs.cost(m) * n for m, n in chosen), Fraction(0))
    if cost > costs.points:
        listed = ", ".join(f"{n} {display_name(m).lower()}" for m, n in chosen)
        raise RemovalError(
            f"removing {listed} costs {_points(cost)} removal points; "
            f"the upkeep marker holder has {costs.points}"
        )
    plan = RemovalPlan(players=players, points=costs.points, removals=tuple(chosen), cost=cost)
    if board is not None:
        for market, count in chosen:
            board.market(market).verify_remove(count)
        for market in order:
            left_on_board = board.market(market).covered - dict(chosen).get(market, 0)
            if left_on_board and costs.cost(market) <= plan.left:
                points = "point is" if plan.left == 1 else "points are"
                tokens = "token" if left_on_board == 1 else "tokens"
                raise RemovalError(
                    f"{_points(plan.left)} removal {points} left and the "
                    f"{display_name(market).lower()} market still holds {left_on_board} "
                    f"{tokens} costing {_points(costs.cost(market))} each: points must be spent "
                    "while they can remove a token"
                )
    return plan


def _points(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value}"


# -- the upkeep marker ---------------------------------------------------------------------------


def setup_upkeep_holder(turn_order: Sequence[str]) -> str:
    """Setup: the upkeep marker goes to the player on the first player's right (last seat)."""
    return check_seats(turn_order)[-1]


def pass_upkeep_marker(
    seats: Sequence[str], holder: str, *, variants: Variants = NO_VARIANTS
) -> str:
    """Who receives the marker from ``holder``: the next seat to the right (two with the
    alternate five-player upkeep)."""
    names = check_seats(seats)
    at = seat_of(names, holder, role="upkeep marker holder")
    return names[(at - pass_seats(len(names), variants=variants)) % len(names)]


@dataclass(frozen=True)
class UpkeepTurn:
    """An upcoming upkeep: ``turns_from_now`` (0 = the active player's turn now), whose turn,
    and who receives the marker after it."""

    turns_from_now: int
    player: str
    passes_to: str


def upkeep_schedule(
    seats: Sequence[str],
    active: str,
    holder: str,
    count: int = 4,
    *,
    variants: Variants = NO_VARIANTS,
) -> tuple[UpkeepTurn, ...]:
    """The next ``count`` upkeeps, given seats in turn order, the active player and the holder.

    If the active player holds the marker, their upkeep is this turn (it ends by passing the
    marker, so a holder who is active has not done it yet).
    """
    names = check_seats(seats)
    turn = seat_of(names, active, role="active player")
    marker = seat_of(names, holder, role="upkeep marker holder")
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise MercanteError(f"count {count!r} must be a whole number of at least 0")
    step = pass_seats(len(names), variants=variants)
    found: list[UpkeepTurn] = []
    offset = 0
    while len(found) < count:
        if turn == marker:
            marker = (marker - step) % len(names)
            found.append(UpkeepTurn(offset, names[turn], names[marker]))
        turn = (turn + 1) % len(names)
        offset += 1
    return tuple(found)


# -- victory point auctions ----------------------------------------------------------------------


@dataclass(frozen=True)
class AuctionResult:
    """A blind victory point auction: the winner (``None`` if nobody bid 1 or more)."""

    winner: str | None
    bid: int
    tied: tuple[str, ...]
    bids: tuple[tuple[str, int], ...]

    @property
    def decided_by_seat(self) -> bool:
        """True when a tie was broken by seating (closest to the active player's right)."""
        return len(self.tied) > 1


def vp_auction_winner(
    seats: Sequence[str],
    active: str,
    bids: Mapping[str, int],
    *,
    crowns: Mapping[str, int] | None = None,
) -> AuctionResult:
    """Resolve one blind bid for a victory point token.

    The highest bid of at least 1 crown wins; among tied high bidders the active player wins,
    otherwise the one closest to the active player's right (ruling ``mercante.vp_auction_tie``).
    A player missing from ``bids`` bid 0. With ``crowns``, nobody may bid more than they have.
    """
    names = check_seats(seats)
    at = seat_of(names, active, role="active player")
    if not isinstance(bids, Mapping):
        raise AuctionError(f"bids {bids!r} must map player names to crowns")
    for name, bid in bids.items():
        seat_of(names, name, role="bidder")
        if isinstance(bid, bool) or not isinstance(bid, int) or bid < 0:
            raise AuctionError(
                f"{possessive(name)} bid {bid} must be a whole number of crowns, 0 or more"
            )
        if crowns is not None and name in crowns and bid > crowns[name]:
            raise AuctionError(
                f"{possessive(name)} bid {bid} is more than their {crowns[name]} crowns"
            )
    placed = tuple((name, bids.get(name, 0)) for name in names)
    high = max(bid for _, bid in placed)
    if high < rules().vp_auction.minimum_winning_bid:
        return AuctionResult(winner=None, bid=0, tied=(), bids=placed)
    tied = [name for name, bid in placed if bid == high]
    # Distance to the right of the active player: 0 for the active player, 1 for the player
    # on their right (who played just before), and so on round the table.
    tied.sort(key=lambda name: (at - names.index(name)) % len(names))
    return AuctionResult(winner=tied[0], bid=high, tied=tuple(tied), bids=placed)
