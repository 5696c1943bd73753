"""A player's own contracts, as their phone shows them (no flet). PRIVATE: only the phone
that says it is the holder ("This phone is Ann", ``TableScreen.me``) builds anything from
here; every other phone shows counts only (:func:`~.turn.player_glances`). See issue 20,
"Private information".

A contract taken with its crowns only (the back of the card, public) is told later from the
holder's phone: the Reference list group, the goods its face names, the victory points it
gains and the penalty it costs (:class:`CardDraft`, sent as ``ShowContract``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.engine.mercante import MercanteError, MercanteGame, ShowContract, facts, goods
from companion.engine.mercante.facts import ContractKind
from companion.engine.mercante.ledger import Contract, ContractCard
from companion.ui.mercante.model.words import good_name
from companion.ui.model.words import capitalized, plural


@dataclass
class CardDraft:
    """A contract's face being told on its holder's phone."""

    kind: str | None = None
    goods: list[str] = field(default_factory=list)
    vp: int = 1
    penalty: int = 1

    def choose_kind(self, kind: str | None) -> None:
        if kind != self.kind:
            self.kind = kind
            self.goods = []

    def set_good(self, index: int, good: str | None) -> None:
        while len(self.goods) <= index:
            self.goods.append("")
        self.goods[index] = good or ""

    def step(self, what: str, change: int) -> None:
        """``vp`` or ``penalty`` up or down by ``change``, kept between 1 and a card's most."""
        most = facts().card.most_points
        setattr(self, what, max(1, min(most, getattr(self, what) + change)))

    def card(self) -> ContractCard:
        """The card told (``ValueError`` saying what is missing)."""
        if self.kind is None:
            raise ValueError("Choose what the card asks for")
        group = facts().contract(self.kind)
        chosen = [g for g in self.goods[: group.quantity] if g]
        if len(chosen) < group.quantity:
            raise ValueError(f"Choose the {plural(group.quantity, 'good')} the card names")
        try:
            return ContractCard(self.kind, tuple(chosen), self.vp, self.penalty)
        except MercanteError:
            raise ValueError(
                f"{group.summary} Choose goods that fit the card: "
                + ("each of a different kind" if group.mixed else "as the card shows")
            ) from None


def kinds_worth(crowns: int) -> tuple[ContractKind, ...]:
    """The Reference list groups whose cards pay ``crowns`` on their back."""
    return tuple(k for k in facts().contracts if k.crowns == crowns)


def kind_words(kind: ContractKind) -> str:
    """``1 luxury good``, ``2 raw materials, mixed``: what a card of group ``kind`` asks for,
    short enough for a picker at phone size (the group's summary, without "Sell")."""
    what = kind.summary.removeprefix("Sell ").rstrip(".")
    return what.split(",")[0] + ", mixed" if kind.mixed else what


def goods_for(kind: str) -> tuple[str, ...]:
    """The goods a card of group ``kind`` may name."""
    group = facts().contract(kind)
    if group.market is None:
        return goods()
    return facts().market(group.market).goods


def contract_text(contract: Contract) -> str:
    """``Contract 1 (8 crowns): sell silk and ore: 2 VP, −3 if unfulfilled``."""
    head = f"Contract {contract.number} ({plural(contract.crowns, 'crown')})"
    if contract.card is None:
        return f"{head}: not told to the app yet"
    return f"{head}: {face_text(contract.card)}"


def face_text(card: ContractCard) -> str:
    """``sell silk and ore: 2 VP, −3 if unfulfilled``: what a card's face asks and is worth."""
    counts: dict[str, int] = {}
    for good in card.goods:
        counts[good] = counts.get(good, 0) + 1
    wanted = " and ".join(
        f"{n} {good_name(g).lower()}" if n > 1 else good_name(g).lower() for g, n in counts.items()
    )
    return f"sell {wanted}: {plural(card.vp, 'VP', 'VP')}, −{card.penalty} if unfulfilled"


def returned_text(game: MercanteGame, me: str) -> str | None:
    """PRIVATE (``me``'s phone only): the card dealt to ``me`` at setup and returned to the
    deck, where their phone told the deal."""
    card = game.returned_by(me)
    if card is None:
        return None
    return (
        f"The other card dealt at setup ({plural(card.crowns, 'crown')}: {face_text(card)}) "
        "went back into the contract deck."
    )


@dataclass(frozen=True)
class MyContract:
    """One of the holder's contracts as their phone shows it."""

    contract: Contract
    text: str
    completable: bool

    @property
    def note(self) -> str | None:
        if not self.completable or self.contract.vp is None:
            return None
        return (
            f"The goods you took could complete it now: sell them this turn for "
            f"{self.contract.vp} VP."
        )


def my_contracts(game: MercanteGame, me: str) -> tuple[MyContract, ...]:
    """PRIVATE: ``me``'s contracts still held, what each asks and is worth, and which the
    goods the app saw them take could complete (only for ``me``'s own phone)."""
    could = {c.number for c in game.completable(me)}
    return tuple(MyContract(c, contract_text(c), c.number in could) for c in game.contracts_of(me))


def show_contract(me: str, contract: Contract, draft: CardDraft) -> ShowContract:
    """The face told (``ValueError`` saying what is missing)."""
    return ShowContract(me, contract.number, draft.card())


def tell_problem(game: MercanteGame, action: ShowContract) -> str | None:
    try:
        game.verify(action)
    except MercanteError as exc:
        return capitalized(str(exc))
    return None


def drafts_key(drafts: dict[int, CardDraft]) -> Sequence[object]:
    return tuple((n, d.kind, tuple(d.goods), d.vp, d.penalty) for n, d in sorted(drafts.items()))


__all__ = [
    "CardDraft",
    "MyContract",
    "contract_text",
    "drafts_key",
    "face_text",
    "goods_for",
    "kind_words",
    "kinds_worth",
    "my_contracts",
    "returned_text",
    "show_contract",
    "tell_problem",
]
