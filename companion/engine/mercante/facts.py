"""Mercante's game facts, read once from ``data/mercante/*.toml`` into frozen models.

Every number the engine uses (starting crowns, limits, cartage, removal costs, the contract
deck, the events the rulebook names) comes from these files, each fact citing its rulebook
passage. A malformed file fails at load with a :class:`~companion.rules.DataFileError` naming
the file, the entry and the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from companion.engine.core.words import listed, spoken
from companion.engine.mercante.errors import PlayerCountError, UnknownGoodError, UnknownMarketError
from companion.rules.loader import (
    DataFileError,
    data_dir,
    display_path,
    load_entries,
    read_toml,
    validate_document,
)
from companion.rules.models import Frozen, Id, PlayerRange, Source, Text

Count = Annotated[int, Field(ge=0, le=1000, strict=True)]
Positive = Annotated[int, Field(ge=1, le=1000, strict=True)]
Slot = Annotated[str, StringConstraints(pattern=r"^[A-Z]$")]


class PlayerCount(PlayerRange):
    """``[players]``: how many play Mercante."""


class StartingCrowns(Frozen):
    base: Count
    per_position: Count
    source: Source


class SetupFacts(Frozen):
    contracts_dealt: Positive
    contracts_kept: Positive
    events_dealt: Count
    harbor_shipments: Positive
    shipment_cards: Positive
    contracts_source: Source
    contracts_returned_source: Source
    shipment_cards_source: Source
    harbor_source: Source
    first_event_source: Source
    upkeep_marker_source: Source


class CalendarFacts(Frozen):
    slots: tuple[Slot, ...] = Field(min_length=1)
    source: Source


class SaleFacts(Frozen):
    minimum_price: Positive
    source: Source


class BazaarFacts(Frozen):
    price: Positive
    source: Source


class AgentFacts(Frozen):
    start: Positive
    max: Positive
    improvements_per_turn: Positive
    start_source: Source
    max_source: Source
    improvements_source: Source
    new_agent_source: Source


class WarehouseFacts(Frozen):
    start: Positive
    max: Positive
    capacity: Positive
    cost: Count
    start_source: Source
    capacity_source: Source
    cost_source: Source
    max_source: Source


class UpkeepFacts(Frozen):
    removal_points_minus: Count
    pass_seats: Positive
    removal_source: Source
    bottom_source: Source
    must_spend_source: Source
    pass_source: Source


class TurnFacts(Frozen):
    """``[turn]``: the phases in order, one action per agent, one agent per seal."""

    phases_source: Source
    upkeep_source: Source
    one_agent_source: Source
    assign_source: Source
    seal_source: Source
    event_source: Source


class AgentActionFacts(Frozen):
    """One of the ledger's eight agent actions (``[[agent_action]]``).

    ``seals``: how many agents it takes a turn (``None``: as many as the player has);
    ``per_warehouse``: one agent per warehouse owned; ``track``: reference track spaces.
    """

    id: Id
    name: Text
    summary: Text
    seals: Positive | None = None
    per_warehouse: bool = False
    track: Count = 0
    source: Source
    track_source: Source | None = None
    marker_source: Source | None = None


class ShipmentAuctionFacts(Frozen):
    most_tokens: Positive
    laps: Positive
    three_player_laps: Positive
    tokens_source: Source
    lots_source: Source
    order_source: Source
    minimum_source: Source
    bidding_source: Source
    last_source: Source
    crowns_source: Source
    nobody_source: Source
    three_players_source: Source


class AuctionFacts(Frozen):
    minimum_winning_bid: Positive
    source: Source
    tie_source: Source


class EndTrigger(Frozen):
    """One condition that ends the game at the end of the active player's turn."""

    id: Id
    text: Text
    source: Source


class GameEndFacts(Frozen):
    vp_price: Positive
    crowns_trigger: Positive
    trigger: tuple[EndTrigger, ...] = Field(min_length=1)
    vp_price_source: Source
    bazaar_source: Source
    scoring_source: Source


class FivePlayerUpkeep(Frozen):
    players: Positive
    pass_seats: Positive
    resolve_as_players: Positive
    source: Source


class ContractualObligations(Frozen):
    base: Count
    per_position: Count
    contracts_kept: Positive
    source: Source


class LongerOrShorter(Frozen):
    offset: Positive
    tracks: tuple[Positive, ...] = Field(min_length=1)
    source: Source
    tracks_source: Source


class ViciousAccounting(Frozen):
    overclaim_multiplier: Positive
    wrong_challenge_penalty: Positive
    source: Source
    treachery_source: Source


class TalkOfPeace(Frozen):
    players: Positive
    team_size: Positive
    crowns: Positive
    victory_points: Positive
    source: Source


class Variants(Frozen):
    alternate_five_player_upkeep: FivePlayerUpkeep
    contractual_obligations: ContractualObligations
    longer_or_shorter_games: LongerOrShorter
    vicious_accounting: ViciousAccounting
    talk_of_peace: TalkOfPeace


class Rules(Frozen):
    """``data/mercante/rules.toml``: the game's numbers."""

    players: PlayerCount
    starting_crowns: StartingCrowns
    setup: SetupFacts
    calendar: CalendarFacts
    sale: SaleFacts
    bazaar: BazaarFacts
    agents: AgentFacts
    warehouses: WarehouseFacts
    upkeep: UpkeepFacts
    turn: TurnFacts
    agent_action: tuple[AgentActionFacts, ...] = Field(min_length=1)
    shipment_auction: ShipmentAuctionFacts
    vp_auction: AuctionFacts
    game_end: GameEndFacts
    variants: Variants

    def action(self, action_id: str) -> AgentActionFacts:
        """The agent action ``action_id`` (a KeyError names it when there is none)."""
        for entry in self.agent_action:
            if entry.id == action_id:
                return entry
        raise KeyError(f"no agent action {action_id!r} in rules.toml")

    @model_validator(mode="after")
    def _consistent(self) -> Rules:
        if self.agents.start > self.agents.max:
            raise ValueError(f"agents.start ({self.agents.start}) is above agents.max")
        if self.warehouses.start > self.warehouses.max:
            raise ValueError(f"warehouses.start ({self.warehouses.start}) is above warehouses.max")
        if len(set(self.calendar.slots)) != len(self.calendar.slots):
            raise ValueError(f"calendar.slots repeat a name: {self.calendar.slots!r}")
        ids = [a.id for a in self.agent_action]
        if len(set(ids)) != len(ids):
            raise ValueError(f"agent_action ids repeat: {ids!r}")
        return self


class Lot(Frozen):
    """``points`` cartage or removal points move ``tokens`` tokens (foodstuffs: 1 moves 2)."""

    points: Positive
    tokens: Positive

    @property
    def per_token(self) -> Fraction:
        return Fraction(self.points, self.tokens)

    def points_for(self, tokens: int) -> int:
        """The fewest whole points that move ``tokens`` tokens (a lot may go part-used)."""
        lots = -(-tokens // self.tokens)  # ceiling division: a part-filled lot still costs
        return lots * self.points


class MarketFacts(Frozen):
    """One market of the board: its goods and what moving its tokens costs."""

    id: Id
    name: Text
    goods: tuple[Id, ...] = Field(min_length=1)
    tokens_each: Positive
    cartage: Lot
    removal: Lot
    removal_three_players: Lot | None = None
    per_shipment: Positive
    goods_source: Source
    tokens_source: Source
    cartage_source: Source
    removal_source: Source
    per_shipment_source: Source
    removal_three_players_source: Source | None = None

    @model_validator(mode="after")
    def _sources(self) -> MarketFacts:
        if (self.removal_three_players is None) != (self.removal_three_players_source is None):
            raise ValueError("removal_three_players and its source come together")
        return self


class TokenTotal(Frozen):
    count: Positive
    source: Source


class DeckValue(Frozen):
    crowns: Positive
    count: Positive
    source: Source


class Deck(Frozen):
    size: Positive
    value: tuple[DeckValue, ...] = Field(min_length=1)
    source: Source


class ContractKind(Frozen):
    """A group of contract cards in the Reference list (value and demand): ``quantity``
    goods of ``market`` (``None``: anything), of different kinds when ``mixed``."""

    id: Id
    crowns: Positive
    count: Positive
    quantity: Positive
    market: Id | None = None
    mixed: bool = False
    summary: Text
    source: Source


class CardFacts(Frozen):
    """``[card]``: what a contract card can show (its points are printed, not in the text)."""

    most_points: Positive
    source: Source


class EventCard(Frozen):
    """An event card as the data file describes it; :meth:`Event.from_card` makes it playable."""

    id: Id
    name: Text
    kind: Literal["enduring", "fleeting"]
    reaction: bool = False
    modifiers: dict[str, Annotated[int, Field(strict=True)]] = Field(default_factory=dict)
    closes: tuple[str, ...] = ()
    removes: dict[str, Annotated[int, Field(strict=True)]] = Field(default_factory=dict)
    incomplete: bool = False
    summary: Text
    source: Source


class VariantFacts(Frozen):
    """One optional rule or variant of ``data/mercante/variants.toml``.

    ``plays``: ``engine`` (the game follows it), ``aid`` (a helper beside the game) or
    ``table`` (explained only); ``players``: the table sizes it is for (empty: any);
    ``needs``: another variant it goes with.
    """

    id: Id
    name: Text
    section: Literal["Optional Rules", "Variants"]
    plays: Literal["engine", "aid", "table"]
    players: tuple[Positive, ...] = ()
    needs: Id | None = None
    summary: Text
    source: Source


@dataclass(frozen=True)
class MercanteFacts:
    """Everything in ``data/mercante/``, cross-checked."""

    rules: Rules
    markets: tuple[MarketFacts, ...]
    total_tokens: TokenTotal
    deck: Deck
    contracts: tuple[ContractKind, ...]
    events: tuple[EventCard, ...]
    market_of: Mapping[str, str]
    card: CardFacts
    variants: tuple[VariantFacts, ...] = ()

    def contract(self, kind: str) -> ContractKind:
        """The Reference list's group ``kind`` (a KeyError names it when there is none)."""
        for entry in self.contracts:
            if entry.id == kind:
                return entry
        raise KeyError(f"no contract {kind!r} in contracts.toml")

    def variant(self, variant_id: str) -> VariantFacts:
        for entry in self.variants:
            if entry.id == variant_id:
                return entry
        raise KeyError(f"no variant {variant_id!r} in variants.toml")

    @property
    def market_ids(self) -> tuple[str, ...]:
        return tuple(m.id for m in self.markets)

    @property
    def goods(self) -> tuple[str, ...]:
        return tuple(good for m in self.markets for good in m.goods)

    def market(self, market_id: str) -> MarketFacts:
        for market in self.markets:
            if market.id == market_id:
                return market
        raise UnknownMarketError(
            f"unknown market {market_id!r}: markets are {', '.join(self.market_ids)}"
        )


def _check_markets(path: Path, markets: tuple[MarketFacts, ...], total: TokenTotal) -> None:
    seen: dict[str, str] = {}
    market_ids = {m.id for m in markets}
    for i, market in enumerate(markets):
        for good in market.goods:
            where = f"{display_path(path)}: market[{i}] ({market.id!r}): field 'goods'"
            if good in seen:
                raise DataFileError(f"{where}: {good!r} is already sold in {seen[good]!r}")
            if good in market_ids:
                raise DataFileError(f"{where}: {good!r} is also a market id")
            seen[good] = market.id
    counted = sum(len(m.goods) * m.tokens_each for m in markets)
    if counted != total.count:
        raise DataFileError(
            f"{display_path(path)}: total_tokens: field 'count': {total.count} tokens listed, "
            f"but the markets hold {counted}"
        )


def _check_contracts(
    path: Path, deck: Deck, contracts: tuple[ContractKind, ...], market_ids: set[str]
) -> None:
    where = display_path(path)
    for i, kind in enumerate(contracts):
        if kind.market is not None and kind.market not in market_ids:
            raise DataFileError(
                f"{where}: contract[{i}] ({kind.id!r}): field 'market': "
                f"unknown market {kind.market!r}"
            )
    if sum(k.count for k in contracts) != deck.size:
        raise DataFileError(
            f"{where}: deck: field 'size': {deck.size} cards, but the contracts add up to "
            f"{sum(k.count for k in contracts)}"
        )
    for i, value in enumerate(deck.value):
        counted = sum(k.count for k in contracts if k.crowns == value.crowns)
        if counted != value.count:
            raise DataFileError(
                f"{where}: deck.value[{i}]: field 'count': {value.count} cards of "
                f"{value.crowns} crowns, but the contracts list {counted}"
            )
    values = {v.crowns for v in deck.value}
    for i, kind in enumerate(contracts):
        if kind.crowns not in values:
            raise DataFileError(
                f"{where}: contract[{i}] ({kind.id!r}): field 'crowns': "
                f"no deck.value entry for {kind.crowns}"
            )


def _check_events(path: Path, events: tuple[EventCard, ...], market_of: Mapping[str, str]) -> None:
    markets = set(market_of.values())
    for i, card in enumerate(events):
        where = f"{display_path(path)}: event[{i}] ({card.id!r})"
        for target in card.modifiers:
            if target not in markets and target not in market_of:
                raise DataFileError(
                    f"{where}: field 'modifiers': {target!r} is not a good or a market"
                )
        for field, names in (("closes", card.closes), ("removes", tuple(card.removes))):
            for market in names:
                if market not in markets:
                    raise DataFileError(f"{where}: field {field!r}: {market!r} is not a market")
        for market, count in card.removes.items():
            if count < 1:
                raise DataFileError(f"{where}: field 'removes.{market}': {count} is below 1")


def load_facts(directory: Path | None = None) -> MercanteFacts:
    """Read and cross-check every file of ``data/mercante/`` (or ``directory/mercante``)."""
    root = (directory or data_dir()) / "mercante"
    rules_path = root / "rules.toml"
    rules_doc = read_toml(rules_path)
    rules_facts = validate_document(Rules, rules_doc, path=rules_path)

    markets_path = root / "markets.toml"
    markets_doc = read_toml(markets_path)
    markets = load_entries(markets_path, "market", MarketFacts, document=markets_doc)
    total = validate_document(TokenTotal, markets_doc.get("total_tokens"), path=markets_path)
    _check_markets(markets_path, markets, total)
    market_of = {good: m.id for m in markets for good in m.goods}

    contracts_path = root / "contracts.toml"
    contracts_doc = read_toml(contracts_path)
    deck = validate_document(Deck, contracts_doc.get("deck"), path=contracts_path)
    contracts = load_entries(contracts_path, "contract", ContractKind, document=contracts_doc)
    card = validate_document(CardFacts, contracts_doc.get("card"), path=contracts_path)
    _check_contracts(contracts_path, deck, contracts, set(market_of.values()))

    events_path = root / "events.toml"
    events = load_entries(events_path, "event", EventCard)
    _check_events(events_path, events, market_of)
    names = [e.name.casefold() for e in events]
    for i, name in enumerate(names):
        if names.index(name) != i:
            raise DataFileError(
                f"{display_path(events_path)}: event[{i}] ({events[i].id!r}): field 'name': "
                f"{events[i].name!r} repeats event[{names.index(name)}]"
            )
    variants_path = root / "variants.toml"
    variants = load_entries(variants_path, "variant", VariantFacts)
    known = {v.id for v in variants}
    for i, entry in enumerate(variants):
        if [v.id for v in variants].index(entry.id) != i:
            raise DataFileError(
                f"{display_path(variants_path)}: variant[{i}] ({entry.id!r}): field 'id': "
                "repeats an earlier variant"
            )
        if entry.needs is not None and entry.needs not in known:
            raise DataFileError(
                f"{display_path(variants_path)}: variant[{i}] ({entry.id!r}): field 'needs': "
                f"no variant {entry.needs!r}"
            )
    return MercanteFacts(
        rules=rules_facts,
        markets=markets,
        total_tokens=total,
        deck=deck,
        contracts=contracts,
        events=events,
        market_of=market_of,
        variants=variants,
        card=card,
    )


@lru_cache(maxsize=1)
def facts() -> MercanteFacts:
    """All of ``data/mercante/``, loaded and validated once."""
    return load_facts()


def rules() -> Rules:
    """The numbers of ``data/mercante/rules.toml``."""
    return facts().rules


def market_of(good: str) -> str:
    """The market a good is sold in; :class:`UnknownGoodError` names an unknown good."""
    try:
        return facts().market_of[good]
    except (KeyError, TypeError):
        raise UnknownGoodError(
            f"there is no good {spoken(str(good)) or 'without a name'}: "
            f"goods are {listed(facts().goods)}"
        ) from None


def check_market(market: str) -> str:
    """Return ``market`` if it is a market id, else raise :class:`UnknownMarketError`."""
    if not isinstance(market, str) or market not in facts().market_ids:
        raise UnknownMarketError(
            f"unknown market {market!r}: markets are {', '.join(facts().market_ids)}"
        )
    return market


def check_player_count(players: int) -> int:
    """Return ``players`` if Mercante seats that many (3–5), else raise PlayerCountError."""
    return rules().players.check(players, "Mercante", PlayerCountError)
