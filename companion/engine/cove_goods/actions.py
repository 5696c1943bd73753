"""The sale at a Pier as a shared table: its actions. Each is a small frozen value that checks
itself against the sale (``verify``), says what it does (``play``) and what it depends on
(``reads``: a count reads only its own type, a Good added reads nothing, so phones counting
different adventurers or adding Goods at once all succeed); its saved form is its kind and
its fields, read back by :func:`read_action` (raising
:class:`~companion.engine.cove_goods.errors.GoodsError` naming the field)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar, Final, Literal

from companion.engine.core import saves
from companion.engine.core.numbers import is_whole, whole
from companion.engine.core.words import article, listed
from companion.engine.cove_goods.errors import GoodsError
from companion.engine.cove_goods.facts import adventurer_name, facts
from companion.engine.cove_goods.goods import Good, Pier, verify_pier_sale
from companion.engine.cove_goods.records import CoveRecord
from companion.engine.cove_goods.values import check_count

if TYPE_CHECKING:
    from companion.engine.cove_goods.game import CoveSale

#: The Rogue cards the sale knows: one whose effect is not on sales, Un-Fairies, the Fence.
RogueCard = Literal["other", "un_fairies", "fence"]
ROGUE_CARD_IDS: Final[tuple[RogueCard, ...]] = ("other", "un_fairies", "fence")
ROGUE_CARD_NAMES: Final = {"other": "another Rogue card", "un_fairies": "Un-Fairies",
                           "fence": "the Fence"}  # fmt: skip

SAVE: Final = saves.SaveFormat("companion-cove-sale", 1, GoodsError)


@dataclass(frozen=True)
class CoveAction(saves.Action):
    """A change to the sale at a Pier (each kind below)."""

    def verify(self, game: CoveSale) -> tuple[CoveSale, str]:
        """The sale after this action (its log not yet extended) and what it did, in a
        sentence; raises why it is not allowed."""
        raise NotImplementedError

    def play(self, game: CoveSale, checked: tuple[CoveSale, str]) -> tuple[CoveSale, CoveRecord]:
        after, summary = checked
        return after, CoveRecord(self, game, summary)

    def reads(self, sale: CoveSale) -> object:
        """What this action depends on (see :class:`~companion.engine.core.protocol.TableRules`):
        by default the whole sale."""
        return sale


@dataclass(frozen=True)
class SetCount(CoveAction):
    """How many adventurers of one type stand at the Pier."""

    kind: ClassVar[str] = "count"
    adventurer: str
    count: int

    def verify(self, game: CoveSale) -> tuple[CoveSale, str]:
        facts().adventurer(self.adventurer)
        name = adventurer_name(self.adventurer)
        count = check_count(self.count, f"the count of {name}")
        if game.pier.count(self.adventurer) == count:
            raise GoodsError(f"the Pier has {adventurer_name(self.adventurer, count)} already")
        pier = Pier.of({**dict(game.pier.counts), self.adventurer: count})
        return replace(game, pier=pier), f"At the Pier: {adventurer_name(self.adventurer, count)}"

    def reads(self, sale: CoveSale) -> object:
        """That count: a count of another type from another phone still fits."""
        try:
            return sale.pier.count(self.adventurer)
        except GoodsError:
            return None


@dataclass(frozen=True)
class SetRogueCard(CoveAction):
    """The Rogue card in play (one of :data:`ROGUE_CARD_IDS`)."""

    kind: ClassVar[str] = "rogue_card"
    card: RogueCard

    def verify(self, game: CoveSale) -> tuple[CoveSale, str]:
        if self.card not in ROGUE_CARD_IDS:
            names = listed(list(ROGUE_CARD_NAMES.values()), "or")
            raise GoodsError(f"the Rogue card in play is {names}, not {self.card}")
        if self.card == game.rogue_card:
            raise GoodsError(f"{ROGUE_CARD_NAMES[self.card]} is in play already")
        return replace(game, rogue_card=self.card), f"In play: {ROGUE_CARD_NAMES[self.card]}"

    def reads(self, sale: CoveSale) -> object:
        return sale.rogue_card


@dataclass(frozen=True)
class AddGood(CoveAction):
    """A Good priced on a phone goes into this Pier's sale (with its tokens)."""

    kind: ClassVar[str] = "add_good"
    good: Good

    def verify(self, game: CoveSale) -> tuple[CoveSale, str]:
        if not isinstance(self.good, Good):
            raise GoodsError(f"good {self.good!r} must be a Good value")
        sold = (*game.sold, self.good)
        verify_pier_sale(sold)
        return replace(game, sold=sold), f"{self.good.words} added to this Pier's sale"

    def reads(self, sale: CoveSale) -> object:
        return None  # both phones' Goods are added


@dataclass(frozen=True)
class RemoveGood(CoveAction):
    """Good number ``index`` (from 0) comes off the sale; ``good`` is the Good the phone
    showed there, so a phone that had not seen the list change takes off what it meant."""

    kind: ClassVar[str] = "remove_good"
    index: int
    good: Good

    def verify(self, game: CoveSale) -> tuple[CoveSale, str]:
        index = whole(self.index, "index", GoodsError)
        if not 0 <= index < len(game.sold) or game.sold[index] != self.good:
            raise GoodsError(
                f"Good number {index + 1} of this sale is not {article(self.good.words)}"
            )
        sold = game.sold[:index] + game.sold[index + 1 :]
        return replace(game, sold=sold), f"{self.good.words} taken off the sale"

    def reads(self, sale: CoveSale) -> object:
        """The Good at that place."""
        ok = is_whole(self.index) and 0 <= self.index < len(sale.sold)
        return sale.sold[self.index] if ok else None


@dataclass(frozen=True)
class ClearSale(CoveAction):
    """Every Good comes off this Pier's sale; the counts stay."""

    kind: ClassVar[str] = "clear_sale"

    def verify(self, game: CoveSale) -> tuple[CoveSale, str]:
        if not game.sold:
            raise GoodsError("nothing is sold at this Pier yet")
        return replace(game, sold=()), "This Pier's sale was cleared"

    def reads(self, sale: CoveSale) -> object:
        return sale.sold


@dataclass(frozen=True)
class NewPier(CoveAction):
    """The next Pier: nobody counted and nothing sold; the Rogue card stays."""

    kind: ClassVar[str] = "new_pier"

    def verify(self, game: CoveSale) -> tuple[CoveSale, str]:
        if not game.sold and not game.pier.counts:
            raise GoodsError("this Pier has no counts and no sale to clear")
        return replace(game, pier=Pier(), sold=()), "Counts and sale cleared for the next Pier"

    def reads(self, sale: CoveSale) -> object:
        return (sale.pier, sale.sold)


ACTIONS: Final = (SetCount, SetRogueCard, AddGood, RemoveGood, ClearSale, NewPier)


def read_action(raw: object) -> CoveAction:
    """An action back from its saved form; raises :class:`GoodsError` naming the field."""
    return SAVE.read_action(raw, ACTIONS)


__all__ = [
    "ACTIONS",
    "ROGUE_CARD_IDS",
    "ROGUE_CARD_NAMES",
    "SAVE",
    "AddGood",
    "ClearSale",
    "CoveAction",
    "NewPier",
    "RemoveGood",
    "RogueCard",
    "SetCount",
    "SetRogueCard",
    "read_action",
]
