"""The ledger's own moves, beside the turn's (:mod:`~companion.engine.mercante.actions`):
contracts kept at setup and told by their holders, the Auction Houses variant's hidden bids, an
end trigger noted, a figure corrected, and the end-game steps. Each verifies itself against
the game and plays itself; each names who it is about, so a phone can send it whoever's turn
it is.

A player's phone tells the app the face of a contract they keep (:class:`TakeContract` at
setup, :class:`~companion.engine.mercante.actions.SelectContract` in play, or later with
:class:`ShowContract`); its summary, which every phone sees, never says what the face asks.
At setup the phone may tell the whole deal: the card kept and the one returned to the deck
(``TakeContract.returned``, read back privately with ``game.returned_by``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, ClassVar, Literal

from companion.engine.core import saves
from companion.engine.core.numbers import is_whole
from companion.engine.core.words import listed, plural, possessive, spoken
from companion.engine.mercante.actions import Action
from companion.engine.mercante.ending import NOTED, noted_text, trigger_ids, trigger_text
from companion.engine.mercante.errors import ActionError, ContractError, CrownsError, TallyError
from companion.engine.mercante.facts import market_of, rules
from companion.engine.mercante.ledger import (
    BANK,
    Contract,
    ContractCard,
    FinalSteps,
    Payment,
    best_completion,
)
from companion.engine.mercante.records import LedgerRecord, Record
from companion.engine.mercante.setup import check_contract_value, contracts_kept
from companion.engine.mercante.upkeep import seat_of

if TYPE_CHECKING:
    from companion.engine.mercante.game import MercanteGame

Figure = Literal["crowns", "vp"]
#: The Auction Houses variant (``data/mercante/variants.toml``).
AUCTION_HOUSES = "auction_houses"
FIGURE_WORDS = {"crowns": "crowns", "vp": "victory point tokens"}


def _record(game: MercanteGame, action: Action, player: str, text: str, **more: object) -> Record:
    return LedgerRecord(action=action, player=player, before=game, text=text, **more)  # type: ignore[arg-type]


def _card_fits(card: ContractCard | None, crowns: int) -> None:
    if card is not None and card.crowns != crowns:
        raise ContractError(
            f"that card pays {plural(card.crowns, 'crown')} on its back, not {crowns}: "
            "tell the card that was kept"
        )


def _normal_deal(game: MercanteGame) -> bool:
    """Whether the setup deal (two dealt, one kept) happens at this game: always, except with
    Contractual Obligations read as replacing it (ruling ``mercante.obligations_deal``)."""
    return not game.variants.contractual_obligations or game.rules.obligations_deal_too


@dataclass(frozen=True)
class TakeContract(Action):
    """Setup: ``player`` keeps a contract worth ``crowns`` (6, 8 or 10) and takes them from
    the bank (rulebook, Setup); ``card`` is its face, told by the holder's phone (it may come
    later, with :class:`ShowContract`). One contract each, three with Contractual
    Obligations (rulings ``mercante.obligations_pay`` and ``mercante.obligations_deal``).

    The setup deal told on the holder's phone: ``returned`` is the face of the other card
    dealt, which goes back into the contract deck ("Return all remaining contract cards,
    shuffle them back into the contract deck, and cut it."); it moves no crowns and the app
    keeps it with the holder's private record only. Once per player, where the normal deal
    happens (not with Contractual Obligations' own draw of three, unless the table reads
    ruling ``mercante.obligations_deal`` as the normal deal happening too)."""

    kind: ClassVar[str] = "take_contract"
    player: str
    crowns: int
    card: ContractCard | None = field(default=None, metadata=saves.saved(omit_default=True))
    returned: ContractCard | None = field(default=None, metadata=saves.saved(omit_default=True))

    def __repr__(self) -> str:
        """As before the setup deal was told (the golden transcripts), ``returned`` when
        there is one."""
        returned = f", returned={self.returned!r}" if self.returned is not None else ""
        return (
            f"TakeContract(player={self.player!r}, crowns={self.crowns!r}, "
            f"card={self.card!r}{returned})"
        )

    def verify(self, game: MercanteGame) -> None:
        game._verify_ledger("Keeping a contract at setup")
        seat_of(game.seats, self.player, role="player")
        if not game.in_setup:
            raise ActionError(
                "contracts are kept at setup, before the first turn; in play a contract comes "
                "with a Select a Contract agent"
            )
        most = contracts_kept(variants=game.variants, house=game.rules)
        held = game.contract_count(self.player)
        if held >= most:
            raise ContractError(f"{self.player} keeps {plural(most, 'contract')} at setup")
        check_contract_value(self.crowns)
        if self.card is not None and not isinstance(self.card, ContractCard):
            raise ContractError(f"{self.card!r} is not a contract card")
        _card_fits(self.card, self.crowns)
        if self.returned is not None:
            if not isinstance(self.returned, ContractCard):
                raise ContractError(f"{self.returned!r} is not a contract card")
            if self.card is None:
                raise ContractError(
                    f"{possessive(self.player)} setup deal: tell the card kept as well as "
                    "the one returned to the deck"
                )
            if not _normal_deal(game):
                raise ContractError(
                    "with Contractual Obligations each player draws three contracts and keeps "
                    "them all: no contract is dealt to go back into the deck"
                )
            if game.dealt_to(self.player):
                raise ContractError(
                    f"{self.player} has already kept one of the two contracts dealt at setup"
                )

    def play(self, game: MercanteGame, checked: None) -> tuple[MercanteGame, Record]:
        contract = Contract(len(game.contracts) + 1, self.player, self.crowns, self.card)
        free = game.variants.contractual_obligations and game.rules.obligations_pay_nothing
        payments = () if free else (Payment(BANK, self.player, self.crowns),)
        text = f"{self.player} kept a contract worth {plural(self.crowns, 'crown')}."
        if self.returned is not None:  # every phone reads it: never the faces
            text = (
                f"{self.player} kept one of the two contracts dealt, worth "
                f"{plural(self.crowns, 'crown')}; the other went back into the contract deck."
            )
        record = _record(game, self, self.player, text, payments=payments)
        after = replace(game, contracts=(*game.contracts, contract), players=game._paying(payments))
        return after, record


@dataclass(frozen=True)
class BidForHouse(Action):
    """Setup, with the Auction Houses variant: ``player``'s hidden bid for the house cards,
    ``crowns`` of their starting crowns ("All bids are revealed simultaneously (and spent)"),
    paid to the bank; each player bids once (0: nothing)."""

    kind: ClassVar[str] = "house_bid"
    player: str
    crowns: int

    def verify(self, game: MercanteGame) -> None:
        game._verify_ledger("A bid for the house cards")
        seat_of(game.seats, self.player, role="player")
        if AUCTION_HOUSES not in game.variants.on:
            raise ActionError("house cards are bid for only with the Auction Houses variant")
        if not game.in_setup:
            raise ActionError("the house cards are bid for at setup, before the first turn")
        if any(
            isinstance(r.action, BidForHouse) and r.action.player == self.player for r in game.log
        ):
            raise ActionError(f"{self.player} has already bid for the house cards")
        if not is_whole(self.crowns) or self.crowns < 0:
            raise TallyError(f"{possessive(self.player)} bid {self.crowns} must be a whole number")
        game._paying((Payment(self.player, BANK, self.crowns),))

    def play(self, game: MercanteGame, checked: None) -> tuple[MercanteGame, Record]:
        payments = (Payment(self.player, BANK, self.crowns),) if self.crowns else ()
        text = f"{self.player} spent {plural(self.crowns, 'crown')} bidding for the house cards."
        record = _record(game, self, self.player, text, payments=payments)
        return replace(game, players=game._paying(payments)), record


@dataclass(frozen=True)
class ShowContract(Action):
    """The holder's phone tells the app the face of contract ``number`` (counted from 1 in
    the order contracts were taken), or corrects it while it is not completed."""

    kind: ClassVar[str] = "show_contract"
    player: str
    number: int
    card: ContractCard

    def verify(self, game: MercanteGame) -> Contract:
        game._verify_ledger("Telling a contract")
        seat_of(game.seats, self.player, role="player")
        contract = next(
            (c for c in game.contracts if c.number == self.number and is_whole(self.number)),
            None,
        )
        if contract is None or contract.holder != self.player:
            held = [c.number for c in game.contracts if c.holder == self.player]
            raise ContractError(
                f"{self.player} holds no contract {self.number} "
                f"({'theirs: ' + listed([str(n) for n in held]) if held else 'none yet'})"
            )
        if contract.completed:
            raise ContractError(
                f"{possessive(self.player)} contract {self.number} is already completed"
            )
        if not isinstance(self.card, ContractCard):
            raise ContractError(f"{self.card!r} is not a contract card")
        _card_fits(self.card, contract.crowns)
        if contract.card == self.card:
            raise ContractError(
                f"{possessive(self.player)} contract {self.number} is already that card"
            )
        return contract

    def play(self, game: MercanteGame, checked: Contract) -> tuple[MercanteGame, Record]:
        told = replace(checked, card=self.card)
        contracts = tuple(told if c.number == told.number else c for c in game.contracts)
        text = f"{self.player} told the app what their contract {self.number} asks."
        return replace(game, contracts=contracts), _record(game, self, self.player, text)


@dataclass(frozen=True)
class NoteEndTrigger(Action):
    """``by`` notes an end trigger the app cannot see on the table: the reference track
    marker on its last space (or the last shipment card in the harbor, where shipments were
    auctioned without the app). The game ends at the end of this turn."""

    kind: ClassVar[str] = "note_end"
    trigger: str
    by: str

    def verify(self, game: MercanteGame) -> None:
        game._verify_ledger("Noting the game's end")
        game._verify_open()
        seat_of(game.seats, self.by, role="player")
        if self.trigger not in NOTED:
            known = self.trigger in trigger_ids()
            raise ActionError(
                "the app notices this end of the game itself: "
                + trigger_text(self.trigger).rstrip(".").lower()
                if known
                else "only the reference track's end or the last shipment card is noted by hand"
            )
        if game.variants.talk_of_peace and game.rules.talk_of_peace_goal_only:
            raise ActionError("with this table's Talk of Peace only the team goal ends the game")
        if self.trigger in game.ending:
            raise ActionError(f"already noted: {trigger_text(self.trigger)}")

    def play(self, game: MercanteGame, checked: None) -> tuple[MercanteGame, Record]:
        text = noted_text(self.by, self.trigger)
        after = replace(game, ending=(*game.ending, self.trigger))
        return after, _record(game, self, self.by, text)


@dataclass(frozen=True)
class Correct(Action):
    """``by`` corrects ``player``'s ``figure`` (crowns or victory point tokens) to ``value``:
    for a step the table played without the app. Crowns come from or go to the bank."""

    kind: ClassVar[str] = "correct"
    by: str
    player: str
    figure: Figure
    value: int

    def verify(self, game: MercanteGame) -> int:
        """How much the figure changes by."""
        game._verify_ledger("Correcting a figure")
        seat_of(game.seats, self.by, role="player making the correction")
        seat_of(game.seats, self.player, role="player")
        if self.figure not in FIGURE_WORDS:
            raise ActionError(
                f"a correction is of crowns or victory points, not {spoken(str(self.figure))}"
            )
        if not is_whole(self.value) or not 0 <= self.value <= 9999:
            raise TallyError(f"{self.figure} {self.value!r} must be a whole number, 0 or more")
        now = getattr(game.player(self.player), self.figure)
        if now == self.value:
            raise TallyError(
                f"{possessive(self.player)} {FIGURE_WORDS[self.figure]} already read {now}"
            )
        return int(self.value - now)

    def play(self, game: MercanteGame, checked: int) -> tuple[MercanteGame, Record]:
        words = FIGURE_WORDS[self.figure]
        text = f"{self.by} corrected {possessive(self.player)} {words} to {self.value}."
        if self.figure == "vp":
            players = game._paying((), {self.player: checked})
            return replace(game, players=players), _record(game, self, self.player, text)
        amount = abs(checked)
        payment = (
            Payment(BANK, self.player, amount)
            if checked > 0
            else Payment(self.player, BANK, amount)
        )
        # A correction of crowns can also undo a mistaken 80: the trigger is worked out again.
        ending = tuple(t for t in game.ending if t != "crowns")
        record = _record(game, self, self.player, text, payments=(payment,))
        return replace(game, players=game._paying((payment,)), ending=ending), record


@dataclass(frozen=True)
class FinalSale(Action):
    """End of the game: ``player`` sells every good left to the bazaar, 3 crowns each (an
    empty list: none left); these sales count toward their contracts (rulebook, Game End)."""

    kind: ClassVar[str] = "final_sale"
    player: str
    goods: tuple[str, ...] = ()

    def verify(self, game: MercanteGame) -> tuple[tuple[Contract, ...], int]:
        """The contracts the sale completes and the crowns it pays."""
        game._verify_ledger("The end-game bazaar sale")
        seat_of(game.seats, self.player, role="player")
        if not game.over:
            raise ActionError("the end-game bazaar sale comes once the game is over")
        if self.player in dict(game.final):
            raise ActionError(f"{self.player} has already sold their goods left to the bazaar")
        if isinstance(self.goods, str) or not isinstance(self.goods, tuple | list):
            raise ActionError(f"goods {self.goods!r} must be a list of goods")
        for good in self.goods:
            market_of(good)
        most = rules().warehouses.max * rules().warehouses.capacity
        if len(self.goods) > most:
            raise ActionError(f"{len(self.goods)} goods: three warehouses hold {most} at most")
        completed, _ = best_completion(tuple(self.goods), game._contract_candidates(self.player))
        return completed, len(self.goods) * rules().bazaar.price

    def play(
        self, game: MercanteGame, checked: tuple[tuple[Contract, ...], int]
    ) -> tuple[MercanteGame, Record]:
        completed, price = checked
        payments = (Payment(BANK, self.player, price),) if price else ()
        steps = FinalSteps(tuple(self.goods), game.player(self.player).crowns, completed)
        vp = {c.holder: 0 for c in completed}
        for c in completed:
            vp[c.holder] += c.vp or 0
        if self.goods:
            sold = plural(len(self.goods), "good")
            text = f"{self.player} sold {sold} to the bazaar at the end: {plural(price, 'crown')}."
        else:  # not "sold no goods left to the bazaar at the end: 0 crowns"
            text = f"{self.player} had no goods left to sell to the bazaar."
        record = _record(game, self, self.player, text, payments=payments, completed=completed)
        after = replace(
            game,
            players=game._paying(payments, vp),
            contracts=game._completing(completed),
            final=(*game.final, (self.player, steps)),
        )
        return after, record


@dataclass(frozen=True)
class FinalPurchase(Action):
    """End of the game, after their bazaar sale: ``player`` buys ``vp`` victory points at
    10 crowns each (0: none)."""

    kind: ClassVar[str] = "final_vp"
    player: str
    vp: int

    def verify(self, game: MercanteGame) -> FinalSteps:
        game._verify_ledger("Buying victory points at the end")
        seat_of(game.seats, self.player, role="player")
        steps = dict(game.final).get(self.player)
        if steps is None:
            raise ActionError(
                f"{self.player} sells their goods left to the bazaar before buying victory points"
            )
        if steps.bought is not None:
            raise ActionError(f"{self.player} has already bought victory points at the end")
        if not is_whole(self.vp) or self.vp < 0:
            raise TallyError(f"victory points {self.vp!r} must be a whole number, 0 or more")
        price = rules().game_end.vp_price
        have = game.player(self.player).crowns
        if self.vp * price > have:
            raise CrownsError(
                f"{self.player} has {plural(have, 'crown')}: {self.vp} victory points cost "
                f"{self.vp * price} (at most {have // price})"
            )
        return steps

    def play(self, game: MercanteGame, checked: FinalSteps) -> tuple[MercanteGame, Record]:
        cost = self.vp * rules().game_end.vp_price
        payments = (Payment(self.player, BANK, cost),) if cost else ()
        final = tuple(
            (n, replace(s, bought=self.vp) if n == self.player else s) for n, s in game.final
        )
        bought = plural(self.vp, "victory point") if self.vp else "no victory points"
        text = f"{self.player} bought {bought} at the end" + (
            f" for {plural(cost, 'crown')}." if cost else "."
        )
        record = _record(game, self, self.player, text, payments=payments)
        after = replace(game, players=game._paying(payments, {self.player: self.vp}), final=final)
        return after, record


LEDGER_ACTIONS: tuple[type[Action], ...] = (
    TakeContract,
    BidForHouse,
    ShowContract,
    NoteEndTrigger,
    Correct,
    FinalSale,
    FinalPurchase,
)
#: What may happen at setup, before the first move of play.
SETUP_ACTIONS: tuple[type[Action], ...] = (TakeContract, BidForHouse, ShowContract, Correct)

__all__ = [
    "LEDGER_ACTIONS",
    "SETUP_ACTIONS",
    "BidForHouse",
    "Correct",
    "FinalPurchase",
    "FinalSale",
    "NoteEndTrigger",
    "ShowContract",
    "TakeContract",
]
