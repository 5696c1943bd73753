"""The shipment card being typed in for the auction helper (:class:`ShipmentDraft`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.engine.mercante import (
    MercanteError,
    MercanteGame,
    Shipment,
    ShipmentBid,
    StartShipmentAuction,
    goods,
    market_of,
    rules,
)
from companion.ui.mercante.model.words import (
    FieldErrors,
    FieldKey,
    more_than_they_have,
    parse_count,
)
from companion.ui.model.words import capitalized


@dataclass
class ShipmentDraft:
    """The shipment card being typed in for the auction helper, and the bid being typed."""

    goods: list[str] = field(default_factory=list)
    minimums: list[str] = field(default_factory=list)
    lot_minimum: str = ""
    single_lot: bool = False
    bid: str = ""

    def add(self, good: str) -> None:
        market_of(good)
        if len(self.goods) < rules().shipment_auction.most_tokens:
            self.goods.append(good)
            self.minimums.append("")

    def remove(self, index: int) -> None:
        if 0 <= index < len(self.goods):
            del self.goods[index]
            del self.minimums[index]

    def errors(self) -> dict[FieldKey, str]:
        """Problems keyed by field: ``("minimum", i)``, ``("lot_minimum",)``, ``("goods",)``."""
        found: dict[FieldKey, str] = {}
        if not self.goods:
            found[("goods",)] = "Add the goods on the card, top to bottom"
        for i, text in enumerate(self.minimums):
            try:
                value = parse_count(text)
            except ValueError as exc:
                found[("minimum", i)] = str(exc)
                continue
            if value < 1:
                found[("minimum", i)] = "1 crown or more"
        if self.single_lot and len(self.goods) > 1:
            try:
                if parse_count(self.lot_minimum) < 1:
                    found[("lot_minimum",)] = "1 crown or more"
            except ValueError as exc:
                found[("lot_minimum",)] = str(exc)
        if not found:
            try:
                self.shipment()
            except MercanteError as exc:
                found[("goods",)] = capitalized(str(exc))
        return found

    def shipment(self) -> Shipment:
        lot = parse_count(self.lot_minimum) if self.lot_minimum.strip() else None
        return Shipment(tuple(self.goods), tuple(parse_count(m) for m in self.minimums), lot)

    def start(self) -> StartShipmentAuction:
        """The auction of the card typed in (``ValueError`` with the first problem)."""
        problems = self.errors()
        if problems:
            raise ValueError(next(iter(problems.values())))
        return StartShipmentAuction(self.shipment(), self.single_lot and len(self.goods) > 1)

    def typed_bid(self, bidder: str, crowns: int | None = None) -> ShipmentBid:
        """``bidder``'s bid as typed (:class:`FieldErrors` keyed ``("bid",)``); ``crowns``,
        where the app keeps them, is what the bidder has: no bid may exceed it ("Players
        cannot bid more money than they can pay")."""
        try:
            amount = parse_count(self.bid)
        except ValueError as exc:
            raise FieldErrors({("bid",): str(exc)}) from None
        if crowns is not None and amount > crowns:
            raise FieldErrors({("bid",): more_than_they_have(bidder, crowns)})
        return ShipmentBid(bidder, amount)

    @staticmethod
    def passed(bidder: str) -> ShipmentBid:
        """``bidder`` passes on the lot."""
        return ShipmentBid(bidder, None)

    def bid_taken(self, game: MercanteGame) -> None:
        """A bid went in: the next one starts blank, the card once the auction is over."""
        self.bid = ""
        if game.auction is None:
            self.clear()

    def clear(self) -> None:
        self.goods, self.minimums, self.lot_minimum = [], [], ""
        self.single_lot, self.bid = False, ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "goods": list(self.goods),
            "minimums": list(self.minimums),
            "lot_minimum": self.lot_minimum,
            "single_lot": self.single_lot,
            "bid": self.bid,
        }

    @classmethod
    def from_dict(cls, data: object) -> ShipmentDraft:
        """Lenient: what cannot be read is left blank."""
        draft = cls()
        if not isinstance(data, Mapping):
            return draft
        listed = data.get("goods")
        minimums = data.get("minimums")
        if isinstance(listed, list) and isinstance(minimums, list):
            for good, minimum in zip(listed, minimums, strict=False):
                if good in goods() and len(draft.goods) < 3:
                    draft.goods.append(good)
                    draft.minimums.append(str(minimum)[:6])
        draft.lot_minimum = str(data.get("lot_minimum", ""))[:6]
        draft.single_lot = data.get("single_lot") is True
        draft.bid = str(data.get("bid", ""))[:6]
        return draft


__all__ = [
    "ShipmentDraft",
]
