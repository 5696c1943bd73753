"""The shipment auction on the active player's turn: the card, its lots, who bids next.

The active player picks a shipment card (one to three goods tokens, top to bottom, each with
its minimum bid, and a minimum for the whole card) and auctions it as a single lot or token by
token in card order. Each lot goes once round from the active player's left (the active player
bids last), twice round with three players, where a player who passed in the first round is
not asked again; with Reversed Auctions the bids start on the active player's right. A bid must
reach the minimum and beat the high bid; nobody may bid more crowns than they have.

:class:`ShipmentAuction` is an immutable value; :meth:`ShipmentAuction.bid` returns the next.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.engine.core.words import plural, possessive, spoken
from companion.engine.mercante.errors import AuctionError, MercanteError
from companion.engine.mercante.events import display_name
from companion.engine.mercante.facts import facts, market_of, rules
from companion.engine.mercante.upkeep import THREE_PLAYERS, check_seats, seat_of

RULING_SECOND_ROUND = "mercante.auction_second_round"
RULING_REVERSED = "mercante.reversed_auction_order"
RULING_SAMPLE_SHIPMENT = "mercante.sample_turn_shipment"


def _whole(value: object, what: str, *, least: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise AuctionError(f"{what} {value!r} must be a whole number of crowns")
    if value < least:
        raise AuctionError(f"{what} {value!r} must be at least {least}")
    return value


@dataclass(frozen=True)
class Shipment:
    """A shipment card: its ``goods`` top to bottom, each token's ``minimums`` bid, and the
    ``lot_minimum`` for the whole card (printed when it carries more than one token)."""

    goods: tuple[str, ...]
    minimums: tuple[int, ...]
    lot_minimum: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.goods, str) or not isinstance(self.goods, Sequence):
            raise AuctionError(f"shipment goods {self.goods!r} must be a list of goods")
        goods = tuple(self.goods)
        most = rules().shipment_auction.most_tokens
        if not 1 <= len(goods) <= most:
            raise AuctionError(
                f"a shipment card carries 1 to {most} goods tokens, not {len(goods)}"
            )
        for good in goods:
            market_of(good)
        for good, count in Counter(goods).items():
            limit = facts().market(market_of(good)).per_shipment
            if count > limit:
                raise AuctionError(
                    f"no shipment card carries {count} {spoken(good)} tokens: "
                    f"{display_name(market_of(good)).lower()} come at most {limit} to a card"
                )
        if isinstance(self.minimums, str) or not isinstance(self.minimums, Sequence):
            raise AuctionError(f"minimum bids {self.minimums!r} must be a list of crowns")
        minimums = tuple(self.minimums)
        if len(minimums) != len(goods):
            raise AuctionError(
                f"give one minimum bid per token ({len(goods)} in all), not {len(minimums)}"
            )
        for good, minimum in zip(goods, minimums, strict=True):
            _whole(minimum, f"the minimum bid for {spoken(good)}")
        if self.lot_minimum is not None:
            _whole(self.lot_minimum, "the single-lot minimum")
        object.__setattr__(self, "goods", goods)
        object.__setattr__(self, "minimums", minimums)

    def lots(self, single_lot: bool) -> tuple[Lot, ...]:
        """The auctions to hold: one for the whole card, or one per token in card order."""
        if single_lot and len(self.goods) > 1:
            if self.lot_minimum is None:
                raise AuctionError(
                    "a single-lot auction of several tokens needs the card's minimum for the "
                    "whole shipment"
                )
            return (Lot(self.goods, self.lot_minimum),)
        return tuple(Lot((g,), m) for g, m in zip(self.goods, self.minimums, strict=True))

    def to_dict(self) -> dict[str, Any]:
        return {
            "goods": list(self.goods),
            "minimums": list(self.minimums),
            "lot_minimum": self.lot_minimum,
        }

    @classmethod
    def from_dict(cls, data: object) -> Shipment:
        if not isinstance(data, Mapping):
            raise AuctionError(f"a shipment {data!r} must be a mapping")
        unknown = sorted(set(data) - {"goods", "minimums", "lot_minimum"}, key=repr)
        if unknown:
            raise AuctionError(f"unknown field {unknown[0]!r}")
        goods, minimums = data.get("goods"), data.get("minimums")
        if not isinstance(goods, list) or not isinstance(minimums, list):
            raise AuctionError("goods and minimums must be lists")
        return cls(tuple(goods), tuple(minimums), data.get("lot_minimum"))


@dataclass(frozen=True)
class Lot:
    """One auction: the goods it sells and the minimum bid."""

    goods: tuple[str, ...]
    minimum: int

    @property
    def label(self) -> str:
        """``'silk'``, ``'silk and ore'``, ``'2 grain'``."""
        counts = Counter(self.goods)
        parts = [good if n == 1 else f"{n} {good}" for good, n in counts.items()]
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


@dataclass(frozen=True)
class LotResult:
    """How a lot went: its bids in order (``None`` a pass), the winner and the price paid."""

    lot: Lot
    winner: str | None
    price: int
    bids: tuple[tuple[str, int | None], ...]

    @property
    def summary(self) -> str:
        if self.winner is None:
            return f"Nobody bid for the {self.lot.label}: it is not sold."
        return f"{self.winner} won the {self.lot.label} for {plural(self.price, 'crown')}."


def bidding_order(seats: Sequence[str], active: str, *, reversed_: bool = False) -> tuple[str, ...]:
    """One round of bids: from the active player's left round the table (``reversed_``: from
    the right, ruling ``mercante.reversed_auction_order``), the active player last."""
    names = check_seats(seats)
    at = seat_of(names, active, role="active player")
    count = len(names)
    step = -1 if reversed_ else 1
    return tuple(names[(at + step * k) % count] for k in range(1, count + 1))


def laps_for(players: int) -> int:
    """How many times the bidding goes round: twice with three players, else once."""
    facts_ = rules().shipment_auction
    return facts_.three_player_laps if players == THREE_PLAYERS else facts_.laps


@dataclass(frozen=True)
class ShipmentAuction:
    """A shipment auction in progress. ``order`` is one round of bidders (active last),
    ``laps`` how many rounds; ``lot`` the lot being sold, ``asked`` how many bidding turns of
    it have gone by, ``high`` the high bid, ``passed`` who passed in the first round."""

    shipment: Shipment
    single_lot: bool
    order: tuple[str, ...]
    laps: int
    lot: int = 0
    asked: int = 0
    high: tuple[str, int] | None = None
    passed: frozenset[str] = frozenset()
    bids: tuple[tuple[str, int | None], ...] = ()
    results: tuple[LotResult, ...] = field(default=())

    @classmethod
    def start(
        cls,
        shipment: Shipment,
        seats: Sequence[str],
        active: str,
        *,
        single_lot: bool = False,
        reversed_: bool = False,
    ) -> ShipmentAuction:
        if not isinstance(shipment, Shipment):
            raise AuctionError(f"{shipment!r} is not a Shipment")
        if not isinstance(single_lot, bool):
            raise AuctionError(f"single_lot {single_lot!r} must be true or false")
        shipment.lots(single_lot)  # a single lot needs its minimum
        names = check_seats(seats)
        return cls(
            shipment=shipment,
            single_lot=single_lot,
            order=bidding_order(names, active, reversed_=reversed_),
            laps=laps_for(len(names)),
        )

    # -- reading ---------------------------------------------------------------------------

    @property
    def lots(self) -> tuple[Lot, ...]:
        return self.shipment.lots(self.single_lot)

    @property
    def done(self) -> bool:
        return self.lot >= len(self.lots)

    @property
    def current(self) -> Lot | None:
        return None if self.done else self.lots[self.lot]

    @property
    def round(self) -> int:
        """The round of bidding (1, or 2 with three players) of the next bid."""
        position = self._next_position()
        return 1 if position is None else position // len(self.order) + 1

    def _eligible(self, position: int) -> bool:
        player = self.order[position % len(self.order)]
        if position < len(self.order):
            return True
        # Later rounds (ruling mercante.auction_second_round): not who passed in the first,
        # nor the player holding the high bid.
        return player not in self.passed and (self.high is None or self.high[0] != player)

    def _next_position(self) -> int | None:
        if self.done:
            return None
        for position in range(self.asked, len(self.order) * self.laps):
            if self._eligible(position):
                return position
        return None

    @property
    def next_bidder(self) -> str | None:
        """Who bids now (``None`` once the auction is over)."""
        position = self._next_position()
        return None if position is None else self.order[position % len(self.order)]

    @property
    def minimum_bid(self) -> int | None:
        """The least the next bid may be: the lot's minimum, or one more than the high bid."""
        lot = self.current
        if lot is None:
            return None
        return lot.minimum if self.high is None else max(lot.minimum, self.high[1] + 1)

    # -- bidding ---------------------------------------------------------------------------

    def verify_bid(self, player: str, amount: int | None, *, crowns: int | None = None) -> None:
        """Raise :class:`AuctionError` unless ``player`` may bid ``amount`` (``None``: pass)
        now. ``crowns``, when known, is what the player has: no bid may exceed it."""
        bidder = self.next_bidder
        if bidder is None:
            raise AuctionError("the shipment auction is over: no more bids")
        if player != bidder:
            raise AuctionError(f"it is {possessive(bidder)} bid, not {possessive(player)}")
        if amount is None:
            return
        least, lot = self.minimum_bid, self.current
        assert least is not None and lot is not None
        what = f"{possessive(player)} bid"
        _whole(amount, what, least=0)
        if amount < least:
            if self.high is not None and least > lot.minimum:
                reason = f"{self.high[0]} bid {plural(self.high[1], 'crown')}"
            else:
                reason = f"the minimum for the {lot.label} is {plural(least, 'crown')}"
            raise AuctionError(f"{what} {amount!r} is too low: {reason}, so bid {least} or more")
        if crowns is not None:
            _whole(crowns, f"{possessive(player)} crowns", least=0)
            if amount > crowns:
                raise AuctionError(
                    f"{what} {amount!r} is more than their {plural(crowns, 'crown')}"
                )

    def bid(
        self, player: str, amount: int | None, *, crowns: int | None = None
    ) -> tuple[ShipmentAuction, LotResult | None]:
        """``player`` bids ``amount`` (or passes with ``None``). Returns the auction after it
        and, when this bid ended a lot, how the lot went."""
        self.verify_bid(player, amount, crowns=crowns)
        position = self._next_position()
        assert position is not None
        passed = self.passed
        high = self.high
        if amount is None:
            if position < len(self.order):
                passed = passed | {player}
        else:
            high = (player, amount)
        after = ShipmentAuction(
            shipment=self.shipment,
            single_lot=self.single_lot,
            order=self.order,
            laps=self.laps,
            lot=self.lot,
            asked=position + 1,
            high=high,
            passed=passed,
            bids=(*self.bids, (player, amount)),
            results=self.results,
        )
        if after._next_position() is not None:
            return after, None
        lot = self.lots[self.lot]
        result = LotResult(
            lot=lot,
            winner=None if high is None else high[0],
            price=0 if high is None else high[1],
            bids=after.bids,
        )
        closed = ShipmentAuction(
            shipment=self.shipment,
            single_lot=self.single_lot,
            order=self.order,
            laps=self.laps,
            lot=self.lot + 1,
            results=(*self.results, result),
        )
        return closed, result

    # -- saving ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "shipment": self.shipment.to_dict(),
            "single_lot": self.single_lot,
            "order": list(self.order),
            "laps": self.laps,
            "lot": self.lot,
            "asked": self.asked,
            "high": None if self.high is None else list(self.high),
            "passed": sorted(self.passed),
            "bids": [list(b) for b in self.bids],
            "results": [
                {
                    "winner": r.winner,
                    "price": r.price,
                    "bids": [list(b) for b in r.bids],
                }
                for r in self.results
            ],
        }

    @classmethod
    def from_dict(cls, data: object) -> ShipmentAuction:
        """Read an auction saved by :meth:`to_dict` (the lots come from its shipment)."""
        if not isinstance(data, Mapping):
            raise AuctionError(f"an auction {data!r} must be a mapping")
        try:
            shipment = Shipment.from_dict(data["shipment"])
            single = data["single_lot"]
            lots = shipment.lots(bool(single))
            results = tuple(
                LotResult(
                    lot=lots[i],
                    winner=r["winner"],
                    price=int(r["price"]),
                    bids=tuple((str(p), a) for p, a in r["bids"]),
                )
                for i, r in enumerate(data.get("results", []))
            )
            high = data.get("high")
            return cls(
                shipment=shipment,
                single_lot=bool(single),
                order=tuple(data["order"]),
                laps=int(data["laps"]),
                lot=int(data.get("lot", 0)),
                asked=int(data.get("asked", 0)),
                high=None if high is None else (str(high[0]), int(high[1])),
                passed=frozenset(data.get("passed", [])),
                bids=tuple((str(p), a) for p, a in data.get("bids", [])),
                results=results,
            )
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            if isinstance(exc, MercanteError):
                raise
            raise AuctionError(f"the saved auction cannot be read: {exc!r}") from None
