"""Mercante's actions: each move of a game as it is stored (what was asked, not what came of
it), a small frozen value with a ``kind`` and ``to_dict()``, read back by :func:`read_action`.

:meth:`~companion.engine.mercante.game.MercanteGame.apply` carries any of them out, so a game
is its start plus its actions (a save, or a shared table's log).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Literal, cast

from companion.engine.core import saves
from companion.engine.mercante.auction import Shipment
from companion.engine.mercante.errors import (
    SaveDataError,
)
from companion.engine.mercante.events import Event
from companion.engine.mercante.pricing import (
    Reaction,
)

SAVE_FORMAT: Final = "companion.mercante.game"
SAVE_VERSION: Final = 2
SAVE: Final = saves.SaveFormat(SAVE_FORMAT, SAVE_VERSION, SaveDataError)

Asset = Literal["agent", "warehouse"]
ASSETS: Final = ("agent", "warehouse")


# -- the actions ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Action(saves.Action):
    """A player's move, as stored in the save: what was asked, not what came of it."""


@dataclass(frozen=True)
class PlayEvent(Action):
    """Upkeep step 2, Apply One Event: the top event card is played (Enduring goes on the
    calendar, Fleeting is resolved and discarded)."""

    kind: ClassVar[str] = "play_event"
    event: Event


@dataclass(frozen=True)
class Sell(Action):
    """The active player sells goods (see :func:`~.pricing.quote_sale` for the fields);
    ``agents`` hire dockworkers, ``contract_vp`` are victory points of contracts it completes."""

    kind: ClassVar[str] = "sell"
    goods: tuple[str, ...]
    agents: int = 0
    bazaar: tuple[int, ...] = ()
    bases: tuple[int | None, ...] | None = None
    reactions: tuple[Reaction, ...] = ()
    contract_vp: int = 0


@dataclass(frozen=True)
class RemoveGoods(Action):
    """Upkeep step 1: spend removal points on tokens, ``((market, tokens), ...)``."""

    kind: ClassVar[str] = "remove_goods"
    removals: tuple[tuple[str, int], ...] = field(metadata=saves.saved(dict))


@dataclass(frozen=True)
class AuctionVictoryPoint(Action):
    """Upkeep step 3: one blind auction, ``((player, bid), ...)``; ``crowns`` are what bidders
    have, where the table counted them (no bid may exceed them)."""

    kind: ClassVar[str] = "auction_vp"
    bids: tuple[tuple[str, int], ...] = field(metadata=saves.saved(dict))
    crowns: tuple[tuple[str, int], ...] = field(
        default=(), metadata=saves.saved(dict, omit_default=True)
    )


@dataclass(frozen=True)
class PassUpkeepMarker(Action):
    """Upkeep step 4: the marker goes to the right."""

    kind: ClassVar[str] = "pass_upkeep_marker"


@dataclass(frozen=True)
class StartShipmentAuction(Action):
    """Shipment Auction: the card chosen, auctioned as a single lot or token by token."""

    kind: ClassVar[str] = "start_auction"
    shipment: Shipment
    single_lot: bool = False


@dataclass(frozen=True)
class ShipmentBid(Action):
    """A bid in the shipment auction (``amount`` ``None``: a pass); ``crowns`` is what the
    bidder has, where the table counted it."""

    kind: ClassVar[str] = "shipment_bid"
    player: str
    amount: int | None
    crowns: int | None = field(default=None, metadata=saves.saved(omit_default=True))


@dataclass(frozen=True)
class ImproveHouse(Action):
    """Improve House Assets: buy an agent or a warehouse."""

    kind: ClassVar[str] = "improve"
    asset: Asset


@dataclass(frozen=True)
class BuyVictoryPoint(Action):
    """Buy One Victory Point: a token for the buyer, one on the upkeep marker, track +2."""

    kind: ClassVar[str] = "buy_vp"


@dataclass(frozen=True)
class ManipulateEvents(Action):
    """Manipulate Events: an event card drawn, then ``event`` played from the hand (``None``:
    a second card drawn instead)."""

    kind: ClassVar[str] = "manipulate_events"
    event: Event | None = None


@dataclass(frozen=True)
class Security(Action):
    """Security: an agent guards warehouse ``warehouse`` (1 to the warehouses owned)."""

    kind: ClassVar[str] = "security"
    warehouse: int = 1


@dataclass(frozen=True)
class SelectContract(Action):
    """Select a Contract: two drawn, one kept (its crowns come from the bank)."""

    kind: ClassVar[str] = "select_contract"


@dataclass(frozen=True)
class Skulduggery(Action):
    """Skulduggery: an agent waits on its seal to steal before the player's next turn."""

    kind: ClassVar[str] = "skulduggery"


@dataclass(frozen=True)
class GatherIntelligence(Action):
    """Gather Intelligence: three cards looked at and put back on top or bottom."""

    kind: ClassVar[str] = "gather_intelligence"


@dataclass(frozen=True)
class ChallengeSale(Action):
    """Vicious Accounting: ``challenger`` disputes the price the seller ``claimed`` for the
    sale just made."""

    kind: ClassVar[str] = "challenge_sale"
    challenger: str
    claimed: int


@dataclass(frozen=True)
class EndTurn(Action):
    """The active player's turn ends; play passes to the left."""

    kind: ClassVar[str] = "end_turn"


# -- reading actions back ------------------------------------------------------------


def _pairs(value: object, where: str) -> tuple[tuple[str, int], ...]:
    return tuple(SAVE.mapping(value, where).items())


def _event(data: Mapping[str, Any], key: str) -> Event | None:
    raw = data.get(key)
    with SAVE.at(key):
        return None if raw is None else Event.from_dict(raw)


def _reaction(raw: object, where: str) -> Reaction:
    item = SAVE.mapping(raw, where)
    SAVE.known(item, where, {"event", "by", "at"})
    with SAVE.at(f"{where}.event"):
        event = Event.from_dict(item.get("event"))  # type: ignore[arg-type]
    by, at = item.get("by"), item.get("at", 0)
    if by is not None and not isinstance(by, str):
        raise SaveDataError(f"{where}.by: {by!r} must be a name or null")
    if isinstance(at, bool) or not isinstance(at, int):
        raise SaveDataError(f"{where}.at: {at!r} must be a token position")
    return Reaction(event, by, at)


def read_action(raw: object) -> Action:
    """An :class:`Action` from its saved form (``action.to_dict()``); a bad one raises
    :class:`SaveDataError` naming the field."""
    data = SAVE.mapping(raw, "action")
    kind = data.get("kind")
    if kind == PlayEvent.kind:
        SAVE.known(data, "", {"kind", "event"})
        event = _event(data, "event")
        if event is None:
            raise SaveDataError("event: an event is needed")
        return PlayEvent(event)
    if kind == Sell.kind:
        SAVE.known(
            data,
            "",
            {
                "kind",
                "goods",
                "agents",
                "bazaar",
                "bases",
                "reactions",
                "contract_vp",
                # the single Reaction of version 1 saves
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
        bazaar = data.get("bazaar", [])
        if not isinstance(bazaar, list):
            raise SaveDataError(f"bazaar: {bazaar!r} must be a list")
        raw_reactions = data.get("reactions", [])
        if not isinstance(raw_reactions, list):
            raise SaveDataError(f"reactions: {raw_reactions!r} must be a list")
        reactions = tuple(_reaction(r, f"reactions[{i}]") for i, r in enumerate(raw_reactions))
        single = _event(data, "reaction")
        if single is not None:
            reactions = (
                Reaction(single, data.get("reaction_by"), data.get("reaction_at", 0)),
                *reactions,
            )
        return Sell(
            goods=tuple(goods),
            agents=data.get("agents", 0),
            bazaar=tuple(bazaar),
            bases=None if bases is None else tuple(bases),
            reactions=reactions,
            contract_vp=data.get("contract_vp", 0),
        )
    if kind == RemoveGoods.kind:
        SAVE.known(data, "", {"kind", "removals"})
        return RemoveGoods(_pairs(data.get("removals"), "removals"))
    if kind == AuctionVictoryPoint.kind:
        SAVE.known(data, "", {"kind", "bids", "crowns"})
        crowns = _pairs(data.get("crowns", {}), "crowns")
        return AuctionVictoryPoint(_pairs(data.get("bids"), "bids"), crowns)
    if kind == StartShipmentAuction.kind:
        SAVE.known(data, "", {"kind", "shipment", "single_lot"})
        with SAVE.at("shipment"):
            shipment = Shipment.from_dict(data.get("shipment"))
        single = data.get("single_lot", False)
        if not isinstance(single, bool):
            raise SaveDataError(f"single_lot: {single!r} must be true or false")
        return StartShipmentAuction(shipment, single)
    if kind == ShipmentBid.kind:
        SAVE.known(data, "", {"kind", "player", "amount", "crowns"})
        player = data.get("player")
        if not isinstance(player, str):
            raise SaveDataError(f"player: {player!r} must be a name")
        return ShipmentBid(player, data.get("amount"), data.get("crowns"))
    if kind == ImproveHouse.kind:
        SAVE.known(data, "", {"kind", "asset"})
        asset = data.get("asset")
        if asset not in ASSETS:
            raise SaveDataError(f"asset: {asset!r} must be 'agent' or 'warehouse'")
        return ImproveHouse(cast(Asset, asset))
    if kind == ManipulateEvents.kind:
        SAVE.known(data, "", {"kind", "event"})
        return ManipulateEvents(_event(data, "event"))
    if kind == Security.kind:
        SAVE.known(data, "", {"kind", "warehouse"})
        return Security(data.get("warehouse", 1))
    if kind == ChallengeSale.kind:
        SAVE.known(data, "", {"kind", "challenger", "claimed"})
        challenger = data.get("challenger")
        if not isinstance(challenger, str):
            raise SaveDataError(f"challenger: {challenger!r} must be a name")
        return ChallengeSale(challenger, data.get("claimed"))  # type: ignore[arg-type]
    plain: dict[str, type[Action]] = {
        cls.kind: cls
        for cls in (
            PassUpkeepMarker,
            BuyVictoryPoint,
            SelectContract,
            Skulduggery,
            GatherIntelligence,
            EndTurn,
        )
    }
    if isinstance(kind, str) and kind in plain:
        SAVE.known(data, "", {"kind"})
        return plain[kind]()
    raise SaveDataError(f"kind: unknown action {kind!r}")
