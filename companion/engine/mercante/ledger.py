"""The ledger: who pays whom, the contracts each player holds, and what the app may show whom.

A game the app keeps from setup (``MercanteGame.new``, ``ledger=True``) knows every player's
crowns: each action the rulebook prices carries its :class:`Payment` s in its record (a player
or :data:`BANK` pays a player or the bank), so the crowns in play plus what the bank has paid
out never change (a Hypothesis property checks it). Nobody's crowns go below 0: a bid or a
purchase beyond them is refused naming the player and what they have.

Contracts are hidden cards. The crowns on a contract's back are public (rulebook, Public
Knowledge); what its face asks, the victory points it gains and the penalty it costs are known
only to its holder, who tells the app from their own phone (a :class:`ContractCard`). The
game keeps both (the table's log keeps them, so a restart loses nothing); a screen asks the
game what a given phone may see:

- ``game.contracts_of(name)``: the holder's own contracts, faces and all (only for the phone
  that says it is ``name``);
- ``game.contract_count(name)`` and ``game.contract_values(name)``: what everyone may see;
- ``game.completable(name)``: the holder's contracts the goods the app saw them take could
  complete now, with what each is worth.

Completing: a sale completes a contract when the goods the holder has sold this turn (market
and bazaar alike, each token counted for one contract only) include every good its face asks
for; the app picks the contracts that gain the most victory points.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Final

from companion.engine.core import saves
from companion.engine.core.numbers import is_whole
from companion.engine.core.words import listed, plural, spoken
from companion.engine.mercante.errors import ContractError
from companion.engine.mercante.facts import facts, market_of

#: The bank, as a payer or payee of a :class:`Payment`.
BANK: Final = "the bank"

_CARD_SAVE: Final = saves.SaveFormat("contract", None, ContractError, what="a contract card")


@dataclass(frozen=True)
class Payment:
    """``payer`` pays ``payee`` ``amount`` crowns (either may be :data:`BANK`)."""

    payer: str
    payee: str
    amount: int

    @property
    def text(self) -> str:
        return f"{self.payer} pays {self.payee} {plural(self.amount, 'crown')}"


def net(payments: Sequence[Payment], name: str) -> int:
    """What ``payments`` change ``name``'s crowns by (the bank too, as :data:`BANK`)."""
    return sum(p.amount for p in payments if p.payee == name) - sum(
        p.amount for p in payments if p.payer == name
    )


@dataclass(frozen=True)
class ContractCard:
    """A contract card's face, as its holder reads it: the Reference list group ``kind``
    (``"one_luxury"``), the ``goods`` it names, the victory points ``vp`` it gains and the
    ``penalty`` it costs when unfulfilled at the end. Checked against the group: the right
    number of goods, of its market, of different kinds where the group is mixed."""

    kind: str
    goods: tuple[str, ...]
    vp: int
    penalty: int

    def __post_init__(self) -> None:
        kinds = [k.id for k in facts().contracts]
        if self.kind not in kinds:
            raise ContractError(
                f"there is no contract {spoken(str(self.kind))} on the Reference list"
            )
        group = facts().contract(self.kind)
        if isinstance(self.goods, str) or not isinstance(self.goods, Sequence):
            raise ContractError(f"contract goods {self.goods!r} must be a list of goods")
        goods = tuple(self.goods)
        for good in goods:
            market = market_of(good)
            if group.market is not None and market != group.market:
                raise ContractError(
                    f"{_goods(goods)} do not fit this contract: {group.summary} "
                    f"({spoken(good)} is not one)"
                )
        if len(goods) != group.quantity:
            raise ContractError(
                f"{_goods(goods)} do not fit this contract: {group.summary} "
                f"({group.quantity} in all)"
            )
        if group.mixed and len(set(goods)) != len(goods):
            raise ContractError(f"{_goods(goods)} do not fit this contract: {group.summary}")
        most = facts().card.most_points
        for what, value in (("victory points", self.vp), ("penalty", self.penalty)):
            if not is_whole(value) or not 1 <= value <= most:
                raise ContractError(
                    f"contract {what} {value!r} must be a whole number, 1 to {most}"
                )
        object.__setattr__(self, "goods", goods)

    @property
    def crowns(self) -> int:
        """The crowns on the card's back (its group's value)."""
        return facts().contract(self.kind).crowns

    @property
    def text(self) -> str:
        """``Sell silk and ore: 2 VP, −3 if unfulfilled``."""
        wanted = " and ".join(f"{n} {g}" if n > 1 else g for g, n in Counter(self.goods).items())
        return f"Sell {wanted}: {self.vp} VP, −{self.penalty} if unfulfilled"

    def to_dict(self) -> dict[str, Any]:
        return saves.saved_fields(self)

    @classmethod
    def from_dict(cls, data: object) -> ContractCard:
        item = _CARD_SAVE.mapping(data, "")
        _CARD_SAVE.known(item, "", {"kind", "goods", "vp", "penalty"})
        return cls(**_CARD_SAVE.read_fields(cls, item))


@dataclass(frozen=True)
class Contract:
    """A contract a player took: ``number`` counts contracts from 1 in the order taken,
    ``crowns`` is its (public) value, ``card`` its face once the holder told it (``None``:
    not told yet), ``completed`` once its goods were sold."""

    number: int
    holder: str
    crowns: int
    card: ContractCard | None = None
    completed: bool = False

    @property
    def vp(self) -> int | None:
        return None if self.card is None else self.card.vp

    @property
    def penalty(self) -> int | None:
        return None if self.card is None else self.card.penalty

    def to_dict(self) -> dict[str, Any]:
        return saves.saved_fields(self)

    @classmethod
    def from_dict(cls, data: object) -> Contract:
        item = _CARD_SAVE.mapping(data, "")
        _CARD_SAVE.known(item, "", {"number", "holder", "crowns", "card", "completed"})
        return cls(**_CARD_SAVE.read_fields(cls, item))


@dataclass(frozen=True)
class FinalSteps:
    """A player's end-game steps: the ``goods`` left sold to the bazaar, the contracts that
    sale ``completed``, the crowns they had before it, and the victory points ``bought`` at
    10 crowns each (``None``: not yet)."""

    goods: tuple[str, ...]
    crowns_before: int
    completed: tuple[Contract, ...] = ()
    bought: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return saves.saved_fields(self)

    @classmethod
    def from_dict(cls, data: object) -> FinalSteps:
        item = _CARD_SAVE.mapping(data, "")
        _CARD_SAVE.known(item, "", {"goods", "crowns_before", "completed", "bought"})
        return cls(**_CARD_SAVE.read_fields(cls, item))


def best_completion(
    goods: Sequence[str], candidates: Sequence[Contract]
) -> tuple[tuple[Contract, ...], tuple[str, ...]]:
    """The contracts ``goods`` complete together (each token for one contract only), those
    gaining the most victory points (then the earliest taken), and the goods left over."""
    open_ = [c for c in candidates if c.card is not None and not c.completed]
    have = Counter(goods)
    best: tuple[Contract, ...] = ()
    best_key: tuple[int, tuple[int, ...]] = (0, ())
    for size in range(len(open_), 0, -1):
        for chosen in combinations(open_, size):
            wanted = Counter(g for c in chosen for g in c.card.goods)  # type: ignore[union-attr]
            if wanted - have:
                continue
            key = (sum(c.vp or 0 for c in chosen), tuple(-c.number for c in chosen))
            if key > best_key:
                best, best_key = chosen, key
    used = Counter(g for c in best for g in c.card.goods)  # type: ignore[union-attr]
    left: list[str] = []
    for good in goods:
        if used[good]:
            used[good] -= 1
        else:
            left.append(good)
    return best, tuple(left)


__all__ = [
    "BANK",
    "Contract",
    "ContractCard",
    "FinalSteps",
    "Payment",
    "best_completion",
    "net",
]


def _goods(goods: Sequence[str]) -> str:
    """``Wine and grain``, ``no goods``: a contract's goods in words."""
    return listed([spoken(g) for g in goods]).capitalize() if goods else "No goods"
