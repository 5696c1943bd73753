"""The sale being counted at a Pier, as a shared table: who stands at the Pier, the Rogue
card in play, and the Goods sold there so far (with their tokens). Every phone at the table
sees the counts and the sale; the Good a phone is pricing stays on that phone until it is
added. The values are worked out from this with the house rules of the day
(:func:`~companion.engine.cove_goods.goods.sell_at_pier`): the table holds what is on the
board, not prices.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final

from companion.engine.core.protocol import TableRules, passes
from companion.engine.core.saves import SavedGame
from companion.engine.core.words import plural
from companion.engine.cove_goods.actions import (
    ROGUE_CARD_IDS,
    SAVE,
    AddGood,
    ClearSale,
    CoveAction,
    NewPier,
    RemoveGood,
    SetCount,
    SetRogueCard,
    good_dict,
    read_action,
    read_good,
)
from companion.engine.cove_goods.errors import GoodsError
from companion.engine.cove_goods.facts import adventurer_name, facts
from companion.engine.cove_goods.goods import Good, Pier, verify_pier_sale
from companion.engine.cove_goods.values import check_count

ROGUE_CARD_NAMES: Final = {"other": "another Rogue card", "un_fairies": "Un-Fairies",
                           "fence": "the Fence"}  # fmt: skip


def good_words(good: Good) -> str:
    """``Enchanted Wizard Good (4) from a Display Case``."""
    enchanted = "Enchanted " if good.enchanted else ""
    case = " from a Display Case" if good.display_case else ""
    return f"{enchanted}{good.label}{case}"


@dataclass(frozen=True)
class CoveRecord:
    """What an action did: the action, the sale before it, and a sentence."""

    action: CoveAction
    before: CoveSale
    summary: str


@dataclass(frozen=True)
class CoveSale(SavedGame):
    """The Pier being sold at (see the module docstring). Immutable: :meth:`apply` returns
    a new value and changes nothing when the action is not allowed."""

    pier: Pier = field(default_factory=Pier)
    rogue_card: str = "other"
    sold: tuple[Good, ...] = ()
    log: tuple[CoveRecord, ...] = field(default=(), compare=False, repr=False)

    @property
    def is_over(self) -> bool:
        """A Pier's sale never ends by itself: the group puts it away when done."""
        return False

    @property
    def un_fairies(self) -> bool:
        return self.rogue_card == "un_fairies"

    def verify(self, action: CoveAction) -> None:
        """Raise the :class:`GoodsError` :meth:`apply` would raise, or return None."""
        self._after(action)

    def can_apply(self, action: CoveAction) -> bool:
        return passes(lambda: self._after(action), GoodsError)

    def apply(self, action: CoveAction) -> tuple[CoveSale, CoveRecord]:
        """The sale after ``action`` with its record; raises :class:`GoodsError` naming the
        input and changes nothing when the action is not allowed."""
        after, summary = self._after(action)
        record = CoveRecord(action, self, summary)
        return replace(after, log=(*self.log, record)), record

    def _after(self, action: CoveAction) -> tuple[CoveSale, str]:
        if isinstance(action, SetCount):
            facts().adventurer(action.adventurer)
            count = check_count(action.count, f"{action.adventurer} count")
            if self.pier.count(action.adventurer) == count:
                raise GoodsError(f"{action.adventurer} count {count!r} is the count already")
            counts = dict(self.pier.counts)
            counts[action.adventurer] = count
            pier = Pier.of(counts)
            who = adventurer_name(action.adventurer, count)
            return replace(self, pier=pier), f"At the Pier: {who}"
        if isinstance(action, SetRogueCard):
            if action.card not in ROGUE_CARD_IDS:
                raise GoodsError(f"card {action.card!r} must be one of {', '.join(ROGUE_CARD_IDS)}")
            if action.card == self.rogue_card:
                raise GoodsError(f"card {action.card!r} is in play already")
            name = ROGUE_CARD_NAMES[action.card]
            return replace(self, rogue_card=action.card), f"In play: {name}"
        if isinstance(action, AddGood):
            if not isinstance(action.good, Good):
                raise GoodsError(f"good {action.good!r} must be a Good value")
            sold = (*self.sold, action.good)
            verify_pier_sale(sold)
            return replace(self, sold=sold), f"{good_words(action.good)} added to this Pier's sale"
        if isinstance(action, RemoveGood):
            index = action.index
            if isinstance(index, bool) or not isinstance(index, int):
                raise GoodsError(f"index {index!r} must be a whole number")
            if not 0 <= index < len(self.sold) or self.sold[index] != action.good:
                raise GoodsError(
                    f"Good number {index + 1!r} of this sale is not {action.good.label!r}"
                )
            sold = self.sold[:index] + self.sold[index + 1 :]
            return replace(self, sold=sold), f"{good_words(action.good)} taken off the sale"
        if isinstance(action, ClearSale):
            if not self.sold:
                raise GoodsError("nothing is sold at this Pier yet")
            return replace(self, sold=()), "This Pier's sale was cleared"
        if isinstance(action, NewPier):
            if not self.sold and not self.pier.counts:
                raise GoodsError("this Pier has no counts and no sale to clear")
            return replace(self, pier=Pier(), sold=()), "Counts and sale cleared for the next Pier"
        raise GoodsError(f"{action!r} is not a sale action")

    # -- saves ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        start = self.start
        return {
            **SAVE.header(),
            "pier": dict(start.pier.counts),
            "rogue_card": start.rogue_card,
            "sold": [good_dict(g) for g in start.sold],
            "actions": [r.action.to_dict() for r in self.log],
        }

    @classmethod
    def from_dict(cls, data: object) -> CoveSale:
        """Read a save back by replaying it; raises :class:`GoodsError` naming the field."""
        data = SAVE.check_header(data)
        SAVE.known(data, "", {"format", "version", "pier", "rogue_card", "sold", "actions"})
        pier_data = data.get("pier", {})
        if not isinstance(pier_data, Mapping):
            raise GoodsError(f"pier {pier_data!r} must be a table of counts")
        with SAVE.at("pier"):
            pier = Pier.of(dict(pier_data))
        card = data.get("rogue_card", "other")
        if card not in ROGUE_CARD_IDS:
            raise GoodsError(f"rogue_card {card!r} must be one of {', '.join(ROGUE_CARD_IDS)}")
        sold_data = data.get("sold", [])
        if not isinstance(sold_data, list):
            raise GoodsError(f"sold {sold_data!r} must be a list")
        sold = tuple(read_good(g, f"sold[{i}]") for i, g in enumerate(sold_data))
        with SAVE.at("sold"):
            verify_pier_sale(sold)
        game = cls(pier=pier, rogue_card=str(card), sold=sold)
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise GoodsError(f"actions {actions!r} must be a list")
        return SAVE.replay(game, actions, read_action)


# -- the shared table (companion.engine.core.protocol) -----


def status_line(sale: CoveSale) -> str:
    """``At the Pier: 3 Wizards, 2 Paladins · 2 Goods sold``."""
    sold = len(sale.sold)
    goods = "nothing sold yet" if not sold else f"{plural(sold, 'Good')} sold"
    return f"At the Pier: {sale.pier.text} · {goods}"


def reads(sale: CoveSale, action: CoveAction) -> object:
    """What an action depends on: a count, that count (a count of another type from another
    phone still fits); the Rogue card, the card; a Good added, nothing (both phones' Goods
    are added); a Good taken off, the Good at that place; clearing, what it clears."""
    if isinstance(action, SetCount):
        try:
            return sale.pier.count(action.adventurer)
        except GoodsError:
            return None
    if isinstance(action, SetRogueCard):
        return sale.rogue_card
    if isinstance(action, AddGood):
        return None
    if isinstance(action, RemoveGood):
        index = action.index
        ok = isinstance(index, int) and 0 <= index < len(sale.sold)
        return sale.sold[index] if ok else None
    if isinstance(action, ClearSale):
        return sale.sold
    if isinstance(action, NewPier):
        return (sale.pier, sale.sold)
    return sale


def table_changed(then: CoveSale, now: CoveSale) -> str:
    """What changed between the sale a screen showed and the sale now, in words."""
    for type_id in facts().types:
        if then.pier.count(type_id) != now.pier.count(type_id):
            count = now.pier.count(type_id)
            return f"the Pier has {adventurer_name(type_id, count)} now"
    if then.rogue_card != now.rogue_card:
        return f"{ROGUE_CARD_NAMES[now.rogue_card]} is in play now"
    if then.sold != now.sold:
        if not now.sold:
            return "this Pier's sale was cleared meanwhile"
        added = [g for g in now.sold if g not in then.sold]
        if added:
            return f"{good_words(added[0])} was added to the sale meanwhile"
        gone = [g for g in then.sold if g not in now.sold]
        if gone:
            return f"{good_words(gone[0])} was taken off the sale meanwhile"
        return "the Goods of this sale changed meanwhile"
    return "the sale changed since this screen showed it"


#: The sale at a Pier on a shared table: a count reads only its own type, a Good added reads
#: nothing, so phones counting different adventurers or adding Goods at once all succeed.
TABLE_RULES: Final[TableRules[CoveSale, CoveAction]] = TableRules(
    tool="cove_goods",
    read_start=CoveSale.from_dict,
    read_action=read_action,
    players=lambda sale: (),
    status=status_line,
    error=GoodsError,
    reads=reads,
    changed=table_changed,
)


__all__ = [
    "ROGUE_CARD_NAMES",
    "TABLE_RULES",
    "CoveRecord",
    "CoveSale",
    "good_words",
    "reads",
    "status_line",
    "table_changed",
]
