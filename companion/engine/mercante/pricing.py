"""What a sale pays: market prices with their breakdown, the bazaar, cartage, Reactions.

A market sale pays the printed value of the space the token lands on, plus every calendar
event's modifiers for that good and its market, never less than 1 crown. The bazaar pays 3,
always. Selling several tokens prices them one at a time, each on the next space down.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from companion.engine.core import saves
from companion.engine.core.words import plural, signed, spoken
from companion.engine.mercante.errors import (
    LimitError,
    MarketClosedError,
    MercanteError,
    PriceError,
    ReactionError,
)
from companion.engine.mercante.events import Calendar, Event, display_name
from companion.engine.mercante.facts import facts, market_of, rules
from companion.engine.mercante.house import STANDARD, HouseRules
from companion.engine.mercante.markets import MarketBoard, check_base

#: Rulings that explain a price (ids in data/mercante/rulings.toml).
RULING_CUMULATIVE = "mercante.modifiers_cumulative"
RULING_FLOOR = "mercante.price_floor"
RULING_REACTION = "mercante.reaction_legality"
RULING_FLEETING_REACTION = "mercante.fleeting_reaction"
RULING_REACTION_CLOSES = "mercante.reaction_closes_market"
RULING_FULL = "mercante.market_full"

REACTION_SLOT = "reaction"


def bazaar_price() -> int:
    """What the bazaar pays for any token: 3 crowns, never modified."""
    return rules().bazaar.price


@dataclass(frozen=True)
class PriceTerm:
    """One modifier in a price: ``slot`` (A, B, C or 'reaction'), its event, target, crowns."""

    slot: str
    event: Event
    target: str
    amount: int

    @property
    def label(self) -> str:
        """``'Luxuries +1 (Visiting Nobility, B)'``."""
        return f"{display_name(self.target)} {signed(self.amount)} ({self.event.name}, {self.slot})"


@dataclass(frozen=True)
class PriceBreakdown:
    """How a market sale's price adds up, and the 1-crown floor if it applied."""

    good: str
    market: str
    base: int
    terms: tuple[PriceTerm, ...]
    floor: int

    @property
    def total(self) -> int:
        """Base plus every modifier, before the floor (may be below 1)."""
        return self.base + sum(t.amount for t in self.terms)

    @property
    def price(self) -> int:
        return max(self.total, self.floor)

    @property
    def clamped(self) -> bool:
        """True when the modifiers would take the price below the floor."""
        return self.total < self.floor

    @property
    def text(self) -> str:
        """``'20 − 2 + 1 + 6 = 25'``; with the floor: ``'3 − 6 = −3 → 1'``."""
        sums = [str(self.base)]
        for term in self.terms:
            sums.append(f"+ {term.amount}" if term.amount >= 0 else f"− {-term.amount}")
        total = self.total
        shown = str(total) if total >= 0 else f"−{-total}"
        text = f"{' '.join(sums)} = {shown}"
        if self.clamped:
            text += f" → {self.price}"
        return text

    @property
    def rulings(self) -> tuple[str, ...]:
        """Ids of the rulings this price rests on, for the 'why?' link."""
        found = []
        if len({t.target for t in self.terms}) > 1:
            found.append(RULING_CUMULATIVE)
        if self.clamped:
            found.append(RULING_FLOOR)
        if any(t.slot == REACTION_SLOT for t in self.terms):
            found.append(RULING_FLEETING_REACTION)
        return tuple(found)


def _terms(good: str, calendar: Calendar, extra: Sequence[Event]) -> tuple[PriceTerm, ...]:
    terms = [
        PriceTerm(slot, event, target, amount)
        for slot, event in calendar.labelled()
        if event is not None
        for target, amount in event.terms_for(good)
    ]
    terms += [
        PriceTerm(REACTION_SLOT, event, target, amount)
        for event in extra
        for target, amount in event.terms_for(good)
    ]
    return tuple(terms)


def _closed_reason(market: str, calendar: Calendar) -> str:
    """``the raw materials market is closed by Distant War (A); only the bazaar buys it``."""
    by = ", ".join(f"{e.name} ({slot})" for slot, e in calendar.closing_events(market))
    return f"the {display_name(market).lower()} market is closed by {by}; only the bazaar buys it"


def _closed_error(good: str, market: str, calendar: Calendar) -> MarketClosedError:
    return MarketClosedError(f"cannot sell {spoken(good)}: {_closed_reason(market, calendar)}")


def price_breakdown(
    good: str, base: int, calendar: Calendar, *, fleeting: Sequence[Event] = ()
) -> PriceBreakdown:
    """The price of selling ``good`` on a space printed ``base``, term by term.

    ``fleeting`` are Fleeting Reaction events played on this very token (they count for it
    only). Raises ``UnknownGoodError``, ``PriceError`` (base below 1) or ``MarketClosedError``.
    """
    market = market_of(good)
    check_base(base)
    if market in calendar.closed_markets():
        raise _closed_error(good, market, calendar)
    return PriceBreakdown(
        good=good,
        market=market,
        base=base,
        terms=_terms(good, calendar, fleeting),
        floor=rules().sale.minimum_price,
    )


def sale_price(good: str, base: int, calendar: Calendar) -> int:
    """Crowns for selling ``good`` onto a space printed ``base``, with the calendar's events.

    Never below 1. Raises :class:`MarketClosedError` when an event closes the good's market,
    ``ValueError`` for an unknown good or a base below 1.
    """
    market = market_of(good)
    check_base(base)
    total = base
    for event in calendar.slots:
        if event is None:
            continue
        if market in event.closes:
            raise _closed_error(good, market, calendar)
        total += event.modifiers.get(market, 0) + event.modifiers.get(good, 0)
    return max(total, rules().sale.minimum_price)


# -- cartage -----------------------------------------------------------------------------------


def cartage_points(goods: Iterable[str]) -> int:
    """The fewest cartage points that carry ``goods`` to market.

    A luxury needs 2, a precious metal or raw material 1, and 1 point carries 2 foodstuffs.
    """
    if isinstance(goods, str):
        raise MercanteError(f"goods must be a list of goods, not one text ({spoken(goods)})")
    per_market = Counter(market_of(good) for good in goods)
    return sum(facts().market(m).cartage.points_for(n) for m, n in per_market.items())


def check_agents(agents: int, *, what: str = "agents") -> int:
    """Return ``agents`` if it is 0 to the most a player may have (4), else raise LimitError."""
    most = rules().agents.max
    if isinstance(agents, bool) or not isinstance(agents, int):
        raise LimitError(f"{what} {agents!r} must be a whole number")
    if agents < 0:
        raise LimitError(f"{what} {agents!r} cannot be negative")
    if agents > most:
        raise LimitError(f"{what} {agents!r}: a player never has more than {most} agents")
    return agents


@dataclass(frozen=True)
class CartageCheck:
    """Cartage the market-bound goods need against the agents hiring dockworkers."""

    needed: int
    agents: int

    @property
    def enough(self) -> bool:
        return self.agents >= self.needed

    @property
    def short(self) -> int:
        """Points missing (0 when there are enough)."""
        return max(self.needed - self.agents, 0)

    @property
    def spare(self) -> int:
        """Whole points left over (0 when short)."""
        return max(self.agents - self.needed, 0)


def cartage_check(goods: Iterable[str], agents: int) -> CartageCheck:
    """How many cartage points ``goods`` need and whether ``agents`` dockworkers are enough."""
    return CartageCheck(needed=cartage_points(goods), agents=check_agents(agents))


# -- Reactions ---------------------------------------------------------------------------------


def reaction_affects(event: Event, good: str) -> bool:
    """True when ``event`` itself changes a sale of ``good``: a non-zero modifier for the good
    or its market, or tokens taken off its market (ruling ``mercante.reaction_legality``)."""
    return bool(event.terms_for(good)) or market_of(good) in event.removes


def verify_reaction(event: Event, good: str) -> None:
    """Raise :class:`ReactionError` unless ``event`` may be played while ``good`` is sold."""
    if not isinstance(event, Event):
        raise ReactionError(f"{event!r} is not an Event")
    if not event.reaction:
        raise ReactionError(
            f"{event.name!r} is not a Reaction event: it cannot be played during a sale"
        )
    if not reaction_affects(event, good):
        raise ReactionError(
            f"{event.name!r} does not change the price of {good!r} nor the tokens in the "
            f"{display_name(market_of(good)).lower()} market, so it cannot be played on this sale"
        )


def reaction_is_legal(event: Event, good: str) -> bool:
    """Whether ``event`` may be played as a Reaction while ``good`` is being sold."""
    try:
        verify_reaction(event, good)
    except ReactionError:
        return False
    return True


# -- sale quotes -------------------------------------------------------------------------------

Destination = Literal["market", "bazaar", "kept", "refused"]


@dataclass(frozen=True)
class Reaction:
    """A Reaction event played during a sale: the card, who played it (``None``: not noted)
    and the position of the token it was played on."""

    event: Event
    by: str | None = None
    at: int = 0

    def to_dict(self) -> dict[str, object]:
        return saves.saved_fields(self)

    @classmethod
    def from_dict(cls, data: object) -> Reaction:
        """A Reaction back from :meth:`to_dict`; :class:`ReactionError` names a bad field."""
        item = _REACTION_SAVE.mapping(data, "")
        _REACTION_SAVE.known(item, "", {"event", "by", "at"})
        return cls(**_REACTION_SAVE.read_fields(cls, item))


_REACTION_SAVE: Final = saves.SaveFormat("reaction", None, ReactionError, what="a Reaction")


ReactionLike = Reaction | tuple[Event, str | None] | tuple[Event, str | None, int]


@dataclass(frozen=True)
class TokenQuote:
    """One token of a sale: where it goes, its market price (with breakdown) or why not.

    ``destination`` is ``'market'``, ``'bazaar'`` (the player sends it there), ``'kept'`` (a
    Reaction played on it closed its market: it stays in the warehouse, ruling
    ``mercante.reaction_closes_market``) or ``'refused'`` (closed or full market: it can only
    go to the bazaar, and the player has not sent it there). ``reason`` says why a token was
    refused or kept, or what the player must check. ``reaction``: Reactions were played on it.
    """

    index: int
    good: str
    market: str
    destination: Destination
    breakdown: PriceBreakdown | None = None
    reason: str = ""
    reaction: bool = False
    bazaar: int = field(default_factory=bazaar_price)

    @property
    def base(self) -> int | None:
        return None if self.breakdown is None else self.breakdown.base

    @property
    def market_price(self) -> int | None:
        return None if self.breakdown is None else self.breakdown.price

    @property
    def price(self) -> int:
        """Crowns this token fetches where it goes (0 when kept or refused)."""
        if self.destination == "market" and self.breakdown is not None:
            return self.breakdown.price
        return self.bazaar if self.destination == "bazaar" else 0

    @property
    def better_at_bazaar(self) -> bool:
        """True when the bazaar pays more than the market would."""
        return self.market_price is None or self.market_price < self.bazaar


@dataclass(frozen=True)
class SaleQuote:
    """A whole sale, token by token, as it would happen (nothing is changed by quoting)."""

    tokens: tuple[TokenQuote, ...]
    cartage: CartageCheck
    calendar_before: tuple[Event | None, ...]
    calendar_after: tuple[Event | None, ...]
    reactions: tuple[Reaction, ...] = ()
    pushed: tuple[Event, ...] = ()
    board_after: MarketBoard | None = None
    removed: tuple[tuple[str, tuple[str | None, ...]], ...] = ()

    @property
    def reaction(self) -> Event | None:
        """The first Reaction played (``None`` when there was none)."""
        return self.reactions[0].event if self.reactions else None

    @property
    def reaction_at(self) -> int | None:
        return self.reactions[0].at if self.reactions else None

    @property
    def pushed_out(self) -> Event | None:
        """The last event pushed off the calendar by a Reaction, if any."""
        return self.pushed[-1] if self.pushed else None

    @property
    def total(self) -> int:
        """Crowns for every token that has somewhere to go."""
        return sum(t.price for t in self.tokens)

    @property
    def market_total(self) -> int:
        return sum(t.price for t in self.tokens if t.destination == "market")

    @property
    def all_bazaar_total(self) -> int:
        """The bazaar alternative: every token at 3 crowns, no agents needed."""
        return bazaar_price() * len(self.tokens)

    @property
    def refused(self) -> tuple[TokenQuote, ...]:
        return tuple(t for t in self.tokens if t.destination == "refused")

    @property
    def kept(self) -> tuple[TokenQuote, ...]:
        return tuple(t for t in self.tokens if t.destination == "kept")

    @property
    def can_complete(self) -> bool:
        """Every token has a buyer and the dockworkers can carry the market-bound ones."""
        return not self.refused and self.cartage.enough


def _check_goods(goods: Sequence[str]) -> tuple[str, ...]:
    if isinstance(goods, str) or not isinstance(goods, Sequence):
        raise MercanteError(f"goods {goods!r} must be a list of goods")
    for good in goods:
        market_of(good)
    return tuple(goods)


def _check_indexes(name: str, indexes: Collection[int], size: int) -> frozenset[int]:
    if isinstance(indexes, str) or not isinstance(indexes, Collection):
        raise MercanteError(f"{name} {indexes!r} must be a collection of token positions")
    for i in indexes:
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < size:
            many = "good" if size == 1 else "goods"
            raise MercanteError(f"{name}: token position {i!r} is not among the {size} {many}")
    return frozenset(indexes)


def reactions_of(
    reaction: Event | None = None,
    reaction_at: int = 0,
    reactions: Sequence[ReactionLike] = (),
    *,
    by: str | None = None,
) -> tuple[Reaction, ...]:
    """One list of :class:`Reaction` from the single ``reaction`` (played on token
    ``reaction_at``, by ``by``) or from ``reactions``: each a :class:`Reaction`, an
    ``(event, player)`` pair (played on token ``reaction_at``) or an ``(event, player, at)``
    triple, in the order played."""
    if reaction is not None and reactions:
        raise ReactionError("give one reaction or a list of reactions, not both")
    if reaction is not None:
        return (Reaction(reaction, by, reaction_at),)
    if isinstance(reactions, str) or not isinstance(reactions, Sequence):
        raise ReactionError(f"reactions {reactions!r} must be a list of (event, player) pairs")
    found: list[Reaction] = []
    for i, item in enumerate(reactions):
        if isinstance(item, Reaction):
            found.append(item)
            continue
        if not isinstance(item, tuple) or len(item) not in (2, 3):
            raise ReactionError(
                f"reaction {i + 1}: {item!r} must be an (event, player) pair or "
                "(event, player, token) triple"
            )
        at = item[2] if len(item) == 3 else reaction_at
        event, player = item[0], item[1]
        if player is not None and not isinstance(player, str):
            raise ReactionError(f"reaction {i + 1}: player {player!r} must be a name")
        found.append(Reaction(event, player, at))
    return tuple(found)


def quote_sale(
    goods: Sequence[str],
    calendar: Calendar,
    *,
    bases: Sequence[int | None] | None = None,
    board: MarketBoard | None = None,
    agents: int = 0,
    bazaar: Collection[int] = (),
    reaction: Event | None = None,
    reaction_at: int = 0,
    reactions: Sequence[ReactionLike] = (),
    house: HouseRules = STANDARD,
) -> SaleQuote:
    """Price a sale of ``goods`` (in that order), changing nothing.

    Give either ``board`` (the tracked market board: each token takes the next space down)
    or ``bases`` (the printed value the player reads for each token's space; ``None`` when its
    market has no empty space left). Without a board the values of one market's tokens cannot
    rise from one token to the next (each lands on the next space down) unless a Reaction took
    tokens off that market in between. ``bazaar`` holds the positions of tokens the player
    sends to the bazaar instead. ``agents`` is how many agents hire dockworkers.

    ``reaction`` (played on token ``reaction_at``) or ``reactions`` (several, in the order
    played: see :func:`reactions_of`) are resolved on their token before its price is set: an
    Enduring one goes on the calendar first and counts for the following tokens too; a
    Fleeting one counts for that token only. An illegal Reaction raises :class:`ReactionError`.
    """
    goods = _check_goods(goods)
    to_bazaar = _check_indexes("bazaar", bazaar, len(goods))
    if (board is None) == (bases is None):
        raise MercanteError("give either the tracked board or the printed bases, not both")
    if bases is not None:
        given = len(bases) if isinstance(bases, Sequence) and not isinstance(bases, str) else None
        if given != len(goods):
            raise PriceError(
                f"give one printed value per good: {plural(len(goods), 'value')}"
                + ("" if given is None else f", not {given}")
            )
        for i, base in enumerate(bases):
            if base is not None and i not in to_bazaar:
                check_base(base, what=f"the base price of token {i + 1} ({spoken(goods[i])})")
    if board is not None and not isinstance(board, MarketBoard):
        raise MercanteError(f"board {board!r} is not a MarketBoard")
    check_agents(agents)
    played = reactions_of(reaction, reaction_at, reactions)
    for n, item in enumerate(played, start=1):
        where = f"reaction {n} ({getattr(item.event, 'name', item.event)!r})"
        if (
            isinstance(item.at, bool)
            or not isinstance(item.at, int)
            or not 0 <= item.at < len(goods)
        ):
            raise ReactionError(f"{where}: token position {item.at!r} is not among the goods")
        if item.at in to_bazaar:
            raise ReactionError(
                f"token {item.at + 1} ({goods[item.at]!r}) goes to the bazaar, "
                "which no event changes: no Reaction can be played on it"
            )
        verify_reaction(item.event, goods[item.at])

    current = calendar.copy()
    before = current.slots
    tracked = board
    pushed: list[Event] = []
    removed: list[tuple[str, tuple[str | None, ...]]] = []
    quotes: list[TokenQuote] = []
    last_base: dict[str, tuple[int, int]] = {}  # market -> (token position, printed value)
    emptied: set[str] = set()  # markets a Reaction took tokens off since their last token
    for i, good in enumerate(goods):
        market = market_of(good)
        if i in to_bazaar:
            quotes.append(TokenQuote(i, good, market, "bazaar"))
            continue
        # Closed or full is decided before any Reaction: a sale cannot start in order to
        # reopen a market (rulings mercante.market_full and mercante.reaction_legality).
        if market in current.closed_markets():
            reason = _closed_reason(market, current)
            quotes.append(TokenQuote(i, good, market, "refused", reason=reason))
            continue
        full = (
            tracked.market(market).is_full
            if tracked is not None
            else bases is not None and bases[i] is None
        )
        if full:
            reason = f"the {display_name(market).lower()} market is full; only the bazaar buys it"
            quotes.append(TokenQuote(i, good, market, "refused", reason=reason))
            continue
        fleeting: list[Event] = []
        notes: list[str] = []
        mine = [r.event for r in played if r.at == i]
        for event in mine:
            if event.removes and tracked is not None:
                # Tokens come off the bottom, as in upkeep (ruling mercante.event_removal).
                tracked, gone = tracked.remove_many(
                    {m: min(n, tracked.market(m).covered) for m, n in event.removes.items()}
                )
                removed.extend(gone.items())
            elif market in event.removes:
                notes.append(
                    f"{event.name} takes tokens off this market: read the printed value "
                    "of the space the token now lands on"
                )
            emptied.update(event.removes)
            if event.is_enduring:
                out = current.add(event)
                if out is not None:
                    pushed.append(out)
            else:
                fleeting.append(event)
        closing = [e for e in mine if market in e.closes]
        closed_now = market in current.closed_markets() or bool(closing)
        if mine and closed_now and not house.reaction_close_sells:
            quotes.append(_closed_mid_sale(i, good, market, closing or mine))
            continue
        if tracked is not None:
            tracked, base = tracked.sell(good)
        else:
            assert bases is not None
            value = bases[i]
            assert value is not None
            base = value
            if market in last_base and market not in emptied:
                prev_at, prev = last_base[market]
                if base > prev:
                    where = display_name(market).lower()
                    raise PriceError(
                        f"token {i + 1} ({spoken(good)}) lands on the next {where} space down from "
                        f"token {prev_at + 1}'s {prev}, so its printed value {base} cannot be "
                        "higher"
                    )
            last_base[market] = (i, base)
            emptied.discard(market)
        breakdown = _breakdown(good, market, base, current, fleeting)
        note = "; ".join(notes)
        if mine and closed_now:
            note = "; ".join(
                [
                    *notes,
                    f"{display_name(market)} closed during the sale; the token sold all the same",
                ]
            )
        quotes.append(TokenQuote(i, good, market, "market", breakdown, note, reaction=bool(mine)))

    for item in played:
        token = quotes[item.at]
        if not token.reaction:
            raise ReactionError(
                f"token {item.at + 1} ({spoken(token.good)}) cannot be sold to its market "
                f"({token.reason}), so no Reaction can be played on it"
            )
    carried = [q.good for q in quotes if q.destination in ("market", "kept")]
    return SaleQuote(
        tokens=tuple(quotes),
        cartage=CartageCheck(needed=cartage_points(carried), agents=agents),
        calendar_before=before,
        calendar_after=current.slots,
        reactions=played,
        pushed=tuple(pushed),
        board_after=tracked,
        removed=tuple(removed),
    )


def _breakdown(
    good: str, market: str, base: int, calendar: Calendar, fleeting: Sequence[Event]
) -> PriceBreakdown:
    return PriceBreakdown(
        good=good,
        market=market,
        base=base,
        terms=_terms(good, calendar, fleeting),
        floor=rules().sale.minimum_price,
    )


def _closed_mid_sale(index: int, good: str, market: str, by: Sequence[Event]) -> TokenQuote:
    """A legal Reaction also closed this token's market (ruling mercante.reaction_closes_market):
    no goods may be sold to a closed market, so the token stays in its warehouse."""
    names = " and ".join(e.name for e in by)
    reason = (
        f"{names} closed the {display_name(market).lower()} market during the sale: the token "
        "stays in its warehouse (the bazaar still buys it, in a sale of its own)"
    )
    return TokenQuote(index, good, market, "kept", reason=reason, reaction=True)


@dataclass(frozen=True)
class ReactionWhatIf:
    """The same sale without and with its Reactions."""

    without: SaleQuote
    with_reaction: SaleQuote

    @property
    def change(self) -> int:
        """Crowns the Reactions add to (negative: take from) the whole sale."""
        return self.with_reaction.total - self.without.total


def reaction_what_if(
    goods: Sequence[str],
    calendar: Calendar,
    reaction: Event | None = None,
    *,
    at: int = 0,
    reactions: Sequence[ReactionLike] = (),
    bases: Sequence[int | None] | None = None,
    board: MarketBoard | None = None,
    agents: int = 0,
    bazaar: Collection[int] = (),
    house: HouseRules = STANDARD,
) -> ReactionWhatIf:
    """Quote a sale twice, without and with ``reaction`` played on token ``at`` (or the
    ``reactions`` in the order played)."""
    with_reaction = quote_sale(
        goods,
        calendar,
        bases=bases,
        board=board,
        agents=agents,
        bazaar=bazaar,
        reaction=reaction,
        reaction_at=at,
        reactions=reactions,
        house=house,
    )
    without = quote_sale(
        goods, calendar, bases=bases, board=board, agents=agents, bazaar=bazaar, house=house
    )
    return ReactionWhatIf(without, with_reaction)


def legal_reactions(events: Iterable[Event], good: str) -> tuple[Event, ...]:
    """The events of ``events`` that may be played while ``good`` is sold."""
    return tuple(e for e in events if reaction_is_legal(e, good))
