"""What each Mercante action did: the records of a game's log, with the summary the screen
shows, and the settling of a Vicious Accounting challenge."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Literal

from companion.engine.core.words import listed, plural, possessive
from companion.engine.mercante.auction import Lot, LotResult, ShipmentAuction
from companion.engine.mercante.errors import (
    ActionError,
)
from companion.engine.mercante.events import Calendar, Event, display_name
from companion.engine.mercante.facts import rules
from companion.engine.mercante.ledger import Contract, Payment
from companion.engine.mercante.pricing import (
    SaleQuote,
)
from companion.engine.mercante.upkeep import (
    AuctionResult,
    RemovalPlan,
)

if TYPE_CHECKING:
    from companion.engine.mercante.actions import Action
    from companion.engine.mercante.game import MercanteGame

Asset = Literal["agent", "warehouse"]
ASSETS: Final = ("agent", "warehouse")


# -- Vicious Accounting ------------------------------------------------------------------------


@dataclass(frozen=True)
class ChallengeOutcome:
    """What a Vicious Accounting challenge moves (ruling ``mercante.vicious_accounting``):
    the crowns the bank pays the challenger, the seller's penalty and the challenger's."""

    claimed: int
    correct: int
    to_challenger: int = 0
    seller_pays: int = 0
    challenger_pays: int = 0

    @property
    def verdict(self) -> Literal["under", "over", "right"]:
        if self.claimed < self.correct:
            return "under"
        return "over" if self.claimed > self.correct else "right"


def challenge_outcome(claimed: int, correct: int, *, treachery: bool = False) -> ChallengeOutcome:
    """Settle a challenge of a sale claimed at ``claimed`` crowns whose right price is
    ``correct``: under-claimed, the challenger collects the difference; over-claimed, the
    seller pays the bank twice the excess; right, the challenger pays 3 with the treachery."""
    for value, what in ((claimed, "claimed price"), (correct, "right price")):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ActionError(f"the {what} {value!r} must be a whole number of crowns")
    facts_ = rules().variants.vicious_accounting
    if claimed < correct:
        return ChallengeOutcome(claimed, correct, to_challenger=correct - claimed)
    if claimed > correct:
        return ChallengeOutcome(
            claimed, correct, seller_pays=facts_.overclaim_multiplier * (claimed - correct)
        )
    penalty = facts_.wrong_challenge_penalty if treachery else 0
    return ChallengeOutcome(claimed, correct, challenger_pays=penalty)


# -- records -------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Record:
    """What an action did. ``before`` is the game as it was (for undo); ``player`` was active
    (or, for the ledger's own actions, the player it is about); ``payments`` are the crowns
    it moved, where the app keeps them."""

    action: Action
    player: str
    before: MercanteGame = field(repr=False, compare=False)
    payments: tuple[Payment, ...] = ()

    @property
    def changes_calendar(self) -> bool:
        return False

    @property
    def summary(self) -> str:
        return f"{self.player}: {self.action.kind}"


def _calendar_moves(before: Sequence[Event | None], after: Sequence[Event | None]) -> list[str]:
    slots = rules().calendar.slots
    moves = []
    # Space A holds the card just played; two equal cards (two Distant Wars) move once each.
    taken: set[int] = {0}
    for old, event in enumerate(before):
        if event is None:
            continue
        new = next((i for i, e in enumerate(after) if e == event and i not in taken), None)
        if new is None:
            continue
        taken.add(new)
        if new != old:
            moves.append(f"{event.name} moved to space {slots[new]}")
    return moves


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
        return _event_text(self.event, self.before.slots, self.pushed_out, self.removed)


def _event_text(
    event: Event,
    before: Sequence[Event | None],
    pushed_out: Event | None,
    removed: Sequence[tuple[str, tuple[str | None, ...]]],
) -> str:
    if event.is_fleeting:
        text = f"{event.name} (Fleeting) was resolved and discarded."
    else:
        calendar = Calendar(before)
        calendar.add(event)
        text = f"{event.name} went into space {rules().calendar.slots[0]}."
        moved = _calendar_moves(before, calendar.slots)
        if moved:
            text += " " + "; ".join(moved) + "."
        if pushed_out is not None:
            text += f" {pushed_out.name} left the calendar."
    for market, tokens in removed:
        text += f" {plural(len(tokens), 'token')} came off {display_name(market).lower()}."
    return text


@dataclass(frozen=True, kw_only=True)
class ManipulateRecord(Record):
    """Manipulate Events: the card played from the hand, or a second card drawn."""

    event: Event | None
    pushed_out: Event | None = None
    removed: tuple[tuple[str, tuple[str | None, ...]], ...] = ()

    @property
    def changes_calendar(self) -> bool:
        return self.event is not None and self.event.is_enduring

    @property
    def summary(self) -> str:
        if self.event is None:
            return f"{self.player} manipulated events: drew two event cards."
        played = _event_text(self.event, self.before.slots, self.pushed_out, self.removed)
        return f"{self.player} manipulated events: {played}"


def _good_word(good: str) -> str:
    """``spices``, ``precious metals``: a good's name mid-sentence."""
    return display_name(good).lower()


def _goods_counted(goods: Iterable[str]) -> str:
    """``spices``, ``2 spices and silk``: the goods of a sale, each counted when more than one
    token of it goes."""
    counts = Counter(goods)  # (in the order the goods first come)
    return listed([f"{n} {_good_word(g)}" if n > 1 else _good_word(g) for g, n in counts.items()])


@dataclass(frozen=True, kw_only=True)
class SaleRecord(Record):
    """A sale: its quote (priced once, when the sale was verified: screens read it here),
    the contract victory points typed (games the app does not keep) or the contracts it
    completed (games it keeps: their cards are revealed)."""

    quote: SaleQuote
    contract_vp: int = 0
    completed: tuple[Contract, ...] = ()

    @property
    def changes_calendar(self) -> bool:
        return self.quote.calendar_after != self.quote.calendar_before

    @property
    def agents(self) -> int:
        return self.quote.cartage.agents

    @property
    def summary(self) -> str:
        """``Ana sold spices for 5 crowns.``, ``Ana sold 2 spices and silk for 17 crowns (spices
        5, spices 4, silk 20 − 6 + 1 = 15).``: the goods counted, the total, and each market
        price where several tokens or an event make it worth saying."""
        market = [t for t in self.quote.tokens if t.destination == "market"]
        bazaar = [t for t in self.quote.tokens if t.destination == "bazaar"]
        groups = []
        if market:
            groups.append(_goods_counted(t.good for t in market))
        if bazaar:
            groups.append(f"{_goods_counted(t.good for t in bazaar)} at the bazaar")
        # "silk and 2 grain, and tin at the bazaar": a comma where "and" is already used.
        joint = ", and " if any(" and " in g for g in groups) else " and "
        sold = joint.join(groups) + ("," if len(groups) > 1 and joint == ", and " else "")
        text = (
            f"{self.player} sold {sold} for {plural(self.quote.total, 'crown')}"
            if groups
            else f"{self.player} sold nothing"
        )
        prices = []
        for token in market:
            if token.breakdown is None:
                continue
            # The working only where something changed the printed value: "silk 20 − 6 + 1 =
            # 15", but "gold 12", not "gold 12 = 12".
            plain = not token.breakdown.terms and not token.breakdown.clamped
            prices.append((token.good, str(token.price) if plain else token.breakdown.text))
        if len(prices) > 1 or (bazaar and prices):
            text += " (" + ", ".join(f"{_good_word(g)} {p}" for g, p in prices) + ")"
        elif prices and not prices[0][1].isdigit():
            text += f" ({prices[0][1]})"
        text += "."
        for token in self.quote.tokens:
            if token.destination not in ("market", "bazaar"):
                text += f" {display_name(token.good)} not sold ({token.reason})."
        played = []
        for reaction in self.quote.reactions:
            who = f"{reaction.by} played" if reaction.by else "Played:"
            played.append(f"{who} {reaction.event.name} as a Reaction.")
        if played:
            text = " ".join(played) + " " + text
        if self.contract_vp:
            text += f" Contracts completed: {plural(self.contract_vp, 'victory point')}."
        return text + completed_text(self.completed)


@dataclass(frozen=True, kw_only=True)
class RemovalRecord(Record):
    plan: RemovalPlan
    removed: tuple[tuple[str, tuple[str | None, ...]], ...] = ()

    @property
    def summary(self) -> str:
        listed = ", ".join(f"{n} from {display_name(m).lower()}" for m, n in self.plan.removals)
        return (
            f"{self.player} removed {listed or 'no tokens'} "
            f"({self.plan.cost} of {plural(self.plan.points, 'removal point')})."
        )


@dataclass(frozen=True, kw_only=True)
class AuctionRecord(Record):
    result: AuctionResult
    left: int = 0  # victory point tokens still to auction this upkeep

    @property
    def summary(self) -> str:
        if self.result.winner is None:
            text = "Nobody bid: the victory point token stays on the upkeep marker."
        else:
            text = (
                f"{self.result.winner} won a victory point for {plural(self.result.bid, 'crown')}"
            )
            if self.result.decided_by_seat:
                text += " (tie broken by seating)"
            text += "."
        if self.left:
            text += f" {plural(self.left, 'token')} left to auction."
        return text


@dataclass(frozen=True, kw_only=True)
class PassRecord(Record):
    to: str

    @property
    def summary(self) -> str:
        return f"{self.player} passed the upkeep marker to {self.to}."


@dataclass(frozen=True, kw_only=True)
class ShipmentRecord(Record):
    """A shipment auction begun: the card and its lots."""

    auction: ShipmentAuction

    @property
    def summary(self) -> str:
        lots = self.auction.lots
        how = "as a single lot" if len(lots) == 1 and self.auction.single_lot else "token by token"
        first = self.auction.next_bidder
        goods = Lot(self.auction.shipment.goods, 0).label
        return f"{self.player} auctions a shipment of {goods} {how}; {first} bids first."


@dataclass(frozen=True, kw_only=True)
class BidRecord(Record):
    """A shipment bid; ``lot`` says how the lot went when this bid ended it."""

    bidder: str
    amount: int | None
    lot: LotResult | None = None
    next_bidder: str | None = None

    @property
    def summary(self) -> str:
        text = (
            f"{self.bidder} passed."
            if self.amount is None
            else f"{self.bidder} bid {plural(self.amount, 'crown')}."
        )
        if self.lot is not None:
            text += " " + self.lot.summary
        if self.next_bidder is not None:
            text += f" {self.next_bidder} to bid."
        return text


@dataclass(frozen=True, kw_only=True)
class ImproveRecord(Record):
    asset: Asset
    now: int
    cost: int | None

    @property
    def summary(self) -> str:
        price = f" for {plural(self.cost, 'crown')}" if self.cost is not None else ""
        article = "an" if self.asset == "agent" else "a"
        return f"{self.player} bought {article} {self.asset}{price}: now {self.now}."


@dataclass(frozen=True, kw_only=True)
class AgentRecord(Record):
    """An agent action with nothing to compute: security, a contract, skulduggery, a look at
    the decks, a victory point bought."""

    action_id: str
    detail: str = ""

    @property
    def summary(self) -> str:
        name = rules().action(self.action_id).name
        return f"{self.player}: {name}" + (f" ({self.detail})" if self.detail else "") + "."


@dataclass(frozen=True, kw_only=True)
class ChallengeRecord(Record):
    challenger: str
    seller: str
    outcome: ChallengeOutcome

    @property
    def summary(self) -> str:
        o = self.outcome
        head = (
            f"{self.challenger} challenged {possessive(self.seller)} {plural(o.claimed, 'crown')}"
        )
        if o.verdict == "under":
            return (
                f"{head}: the price was {o.correct}, so {self.challenger} collects "
                f"{plural(o.to_challenger, 'crown')} from the bank."
            )
        if o.verdict == "over":
            return (
                f"{head}: the price was {o.correct}, so {self.seller} pays the bank "
                f"{plural(o.seller_pays, 'crown')}."
            )
        if o.challenger_pays:
            return (
                f"{head}: the price was right, so {self.challenger} pays the bank "
                f"{plural(o.challenger_pays, 'crown')}."
            )
        return f"{head}: the price was right."


@dataclass(frozen=True, kw_only=True)
class EndTurnRecord(Record):
    next_player: str

    @property
    def summary(self) -> str:
        if self.before.ending:  # the last turn: nobody is next
            return (
                f"{possessive(self.player)} turn ended, and the game with it: only the "
                "end-game steps remain."
            )
        return f"{possessive(self.player)} turn ended; {self.next_player} is next."


def completed_text(completed: Sequence[Contract]) -> str:
    """`` Ann completed a contract (sell silk): 2 VP.`` (the cards are revealed)."""
    text = ""
    for contract in completed:
        card = contract.card
        assert card is not None
        wanted = card.text.split(":")[0].lower()
        points = plural(card.vp, "victory point")
        text += f" {contract.holder} completed a contract ({wanted}): {points}."
    return text


@dataclass(frozen=True, kw_only=True)
class LedgerRecord(Record):
    """One of the ledger's own actions (a contract kept or told, an end noted, a correction,
    an end-game step): ``text`` says what happened in words every phone may see (never a
    hidden card's face), ``completed`` the contracts an end-game sale completed."""

    text: str
    completed: tuple[Contract, ...] = ()

    @property
    def summary(self) -> str:
        return self.text + completed_text(self.completed)
