"""The setup deal on the holder's phone (issue 20, "Contracts"; no flet). PRIVATE: only the
phone that says it is the player ("This phone is Ann", ``TableScreen.me``) builds anything
from here; every other phone sees what the Setup tab shows all (the crowns each player kept).

Rulebook, Setup: "Deal two random contract cards and two random event cards to each player.
Each player selects one contract card to keep, and receives crowns equal to the value of that
contract card. Return all remaining contract cards, shuffle them back into the contract deck,
and cut it." The player tells the two cards dealt (:class:`CardDraft` each) and keeps one: a
``TakeContract`` with the face kept and the face returned. Telling the cards is optional
detail: the Setup tab's value picker keeps a value alone, as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.engine.mercante import MercanteError, MercanteGame, TakeContract, facts, rules
from companion.engine.mercante.facts import ContractKind
from companion.engine.mercante.setup import contracts_kept
from companion.ui.mercante.model.contracts import CardDraft, kind_words
from companion.ui.model.words import capitalized

#: How many contract cards the setup deal gives each player (two).
DEALT = 2


@dataclass
class DealDraft:
    """The two cards dealt to this phone's player, as told so far."""

    cards: list[CardDraft] = field(default_factory=lambda: [CardDraft() for _ in range(DEALT)])

    def card(self, index: int) -> CardDraft:
        return self.cards[index]

    def key(self) -> tuple[object, ...]:
        return tuple((d.kind, tuple(d.goods), d.vp, d.penalty) for d in self.cards)


def deal_kinds() -> tuple[ContractKind, ...]:
    """Every Reference list group, the most crowns first: a card dealt may be any of them."""
    return tuple(sorted(facts().contracts, key=lambda k: -k.crowns))


def kind_label(kind: ContractKind) -> str:
    """``1 luxury good (10)``: what a dealt card's face asks and the crowns its back pays,
    short enough for a picker at phone size."""
    return f"{kind_words(kind)} ({kind.crowns})"


def keep_label(draft: CardDraft, number: int) -> str:
    """``Keep card 1``, ``Keep card 1: 10 crowns`` once what it asks for is chosen."""
    if draft.kind is None:
        return f"Keep card {number}"
    return f"Keep card {number}: {facts().contract(draft.kind).crowns} crowns"


def deal_open(game: MercanteGame, me: str | None) -> bool:
    """Whether ``me``'s phone offers the setup deal: the app keeps the crowns, it is setup, the
    normal deal happens at this game (not Contractual Obligations' own draw of three, ruling
    ``mercante.obligations_deal`` as read) and ``me`` has not kept its contract yet."""
    if not game.ledger or me is None or me not in game.seats or not game.in_setup:
        return False
    variants = game.variants
    if variants.contractual_obligations and not game.rules.obligations_deal_too:
        return False
    if game.dealt_to(me):
        return False
    most = contracts_kept(variants=variants, house=game.rules)
    return game.contract_count(me) < most


def keep_action(me: str, draft: DealDraft, index: int) -> TakeContract:
    """Keep card ``index`` (0 or 1) of the deal: ``ValueError`` in words saying what is
    missing. The other card goes back into the deck with its face when it was told (a card
    left untold is just not kept)."""
    if index not in range(DEALT):
        raise ValueError(f"Only {DEALT} cards are dealt")
    try:
        kept = draft.card(index).card()
    except ValueError as exc:
        raise ValueError(f"Card {index + 1}: {_lower(str(exc))}") from None
    other = draft.card(1 - index)
    returned = None
    if other.kind is not None:
        try:
            returned = other.card()
        except ValueError as exc:
            raise ValueError(f"Card {2 - index}: {_lower(str(exc))}") from None
    return TakeContract(me, kept.crowns, kept, returned)


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def keep_problem(game: MercanteGame, action: TakeContract) -> str | None:
    try:
        game.verify(action)
    except MercanteError as exc:
        return capitalized(str(exc))
    return None


def deal_words() -> str:
    """What the deal panel says (our words; the passage is cited beside it)."""
    dealt = rules().setup.contracts_dealt
    return (
        f"{dealt} contract cards are dealt to you: tell the app what each asks, then keep one. "
        "Its crowns come from the bank and only this phone shows its face; the other goes back "
        "into the contract deck, which is shuffled and cut. Or just pick the crowns kept above."
    )


__all__ = [
    "DEALT",
    "DealDraft",
    "deal_kinds",
    "deal_open",
    "deal_words",
    "keep_action",
    "keep_label",
    "keep_problem",
    "kind_label",
]
