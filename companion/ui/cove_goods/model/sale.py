"""Calculators › Merchants Cove sale value, as plain state: the Pier, the Good being priced and
the Goods already sold at that Pier.

Immutable and free of flet: every change returns a new :class:`SaleState` (an illegal one
raises and changes nothing), and what the screen shows is computed here from the state and
the house rules, so the behaviour is tested without a page. The rules themselves are in
:mod:`companion.engine.cove_goods`.

On a shared table the state is two things: the table's sale (who stands at the Pier, the
Rogue card, the Goods sold there: :class:`~companion.engine.cove_goods.CoveSale`) and what
this device is pricing (:class:`CoveDraft`); :meth:`SaleState.of` puts them together.
Before shared tables the whole state was saved under :data:`STATE_KEY` (read once now: a
save that cannot be read back raises :class:`StateError` naming what is wrong).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal

from companion.engine import cove_goods as cg
from companion.engine.core.saves import SaveFormat
from companion.engine.cove_goods import (
    CoveSale,
    Good,
    GoodsError,
    HouseRules,
    Multiplier,
    Pier,
    PierSale,
    SaleLine,
    SaleValue,
)
from companion.rules import Source
from companion.ui.cove_goods.model.draft import GoodDraft, draft_of
from companion.ui.cove_goods.model.words import PALADIN_GOOD, kinds, readable
from companion.ui.model.old_save import damaged_key

if TYPE_CHECKING:
    from companion.ui.cove_goods.model.draft import CoveDraft

STATE_KEY = "cove_goods"
DAMAGED_KEY = damaged_key(STATE_KEY)
FORMAT = 1
"""The ``format`` of that old save (from before headers had versions: it has no ``version``)."""

RogueCard = Literal["other", "un_fairies", "fence"]
ROGUE_CARDS: tuple[tuple[RogueCard, str], ...] = (
    ("other", "Other"),
    ("un_fairies", "Un-Fairies"),
    ("fence", "Fence"),
)
MIN_BASE = 1  # the stepper's floor: a Good on the shelf has a printed value


class StateError(ValueError):
    """A saved state that cannot be read back; the message names the bad field."""


_OLD_SAVE = SaveFormat(FORMAT, None, StateError, what="the saved sale")


@dataclass(frozen=True)
class Result:
    """What the screen shows for the Good being priced: its value, or why it can't be."""

    good: Good
    sale: SaleValue | None = None
    multiplier: Multiplier | None = None
    error: str | None = None
    rulings: tuple[str, ...] = ()
    sources: tuple[Source, ...] = ()

    @property
    def value(self) -> int | None:
        return None if self.sale is None else self.sale.value


@dataclass(frozen=True)
class SaleState:
    """The whole screen: the Pier, the Rogue card in play, the Good being priced, whether it
    goes through the Fence, and the Goods already sold at this Pier."""

    pier: Pier = field(default_factory=Pier)
    rogue_card: RogueCard = "other"
    draft: GoodDraft = field(default_factory=GoodDraft)
    fence: bool = False
    sold: tuple[Good, ...] = ()

    # -- actions ---------------------------------------------------------------------------
    def with_count(self, type_id: str, count: int) -> SaleState:
        counts = dict(self.pier.counts)
        counts[type_id] = count
        return replace(self, pier=Pier.of(counts))

    def with_rogue_card(self, card: str) -> SaleState:
        if card not in {c for c, _ in ROGUE_CARDS}:
            raise StateError(f"Rogue card {card!r} must be one of other, un_fairies, fence")
        return replace(self, rogue_card=card, fence=self.fence and card == "fence")

    def with_kind(self, kind: str) -> SaleState:
        if kind not in kinds():
            raise StateError(f"kind of Good {kind!r} must be one of {', '.join(kinds())}")
        return replace(self, draft=replace(self.draft, kind=kind))

    def with_base(self, base: int) -> SaleState:
        cg.check_base(base)
        if self.draft.kind == PALADIN_GOOD:
            raise StateError("a Paladin Good's base value is fixed at 2")
        return replace(self, draft=replace(self.draft, base=base))

    def with_display_case(self, on: bool) -> SaleState:
        return replace(self, draft=replace(self.draft, display_case=bool(on)))

    def with_enchanted(self, on: bool) -> SaleState:
        return replace(self, draft=replace(self.draft, enchanted=bool(on)))

    def with_fence(self, on: bool) -> SaleState:
        if on and self.rogue_card != "fence":
            raise StateError("a Fence sale needs the Fence as the Rogue card in play")
        return replace(self, fence=bool(on))

    def add_to_pier(self, house: HouseRules) -> SaleState:
        """Put the Good being priced in this Pier's sale; its tokens are used up, so the
        next Good starts without a Display Case or an Enchantment."""
        if self.fence:
            raise StateError(
                "a Fence sale is not a sale at a Pier: it is priced on its own when a Boat with "
                "Rogues docks"
            )
        sold = (*self.sold, self.draft.good())
        cg.verify_pier_sale(sold, house=house)
        draft = replace(self.draft, display_case=False, enchanted=False)
        return replace(self, sold=sold, draft=draft)

    def remove(self, index: int) -> SaleState:
        if not 0 <= index < len(self.sold):
            raise StateError(f"Good number {index + 1!r} is not in this Pier's sale")
        return replace(self, sold=self.sold[:index] + self.sold[index + 1 :])

    def clear_sale(self) -> SaleState:
        return replace(self, sold=())

    def new_pier(self) -> SaleState:
        """The next Pier: nobody counted yet and nothing sold; the Rogue card stays."""
        return replace(self, pier=Pier(), sold=(), fence=False)

    @classmethod
    def of(cls, sale: CoveSale, draft: CoveDraft) -> SaleState:
        """The screen's state: the table's sale and this device's Good (its Fence sale only
        while the Fence is in play)."""
        card: RogueCard = "other"
        for known, _ in ROGUE_CARDS:
            if known == sale.rogue_card:
                card = known
        return cls(
            pier=sale.pier,
            rogue_card=card,
            draft=draft.good,
            fence=draft.fence and card == "fence",
            sold=sale.sold,
        )

    # -- what the screen shows -------------------------------------------------------------
    @property
    def un_fairies(self) -> bool:
        return self.rogue_card == "un_fairies"

    def result(self, house: HouseRules) -> Result:
        """The Good being priced, sold alone (at this Pier, or through the Fence)."""
        good = self.draft.good()
        data = cg.facts()
        extra: list[Source] = []
        if good.paladin:
            extra.append(data.paladin_good.base_source)
        try:
            if self.fence:
                sale = cg.fence_sale(good, house=house)
                return Result(good, sale, None, None, sale.rulings, (*extra, *sale.sources))
            alone = cg.sell_at_pier(self.pier, [good], un_fairies=self.un_fairies, house=house)
        except GoodsError as exc:
            return Result(good, error=readable(exc))
        return _line_result(alone.lines[0], extra)

    def pier_sale(self, house: HouseRules) -> PierSale | str:
        """The Goods sold at this Pier with their total, or why they can't be priced (a house
        rule switched since they were added refuses one of them)."""
        try:
            return cg.sell_at_pier(self.pier, self.sold, un_fairies=self.un_fairies, house=house)
        except GoodsError as exc:
            return readable(exc)

    # -- persistence -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            **_OLD_SAVE.header(),
            "pier": dict(self.pier.counts),
            "rogue_card": self.rogue_card,
            "good": _good_dict(self.draft),
            "fence": self.fence,
            "sold": [_good_dict(draft_of(g)) for g in self.sold],
        }

    @classmethod
    def from_dict(cls, data: object) -> SaleState:
        """Read a save back; ``None`` (nothing saved yet) is a fresh state. Anything damaged
        raises :class:`StateError` naming the field."""
        if data is None:
            return cls()
        data = _OLD_SAVE.check_header(data)
        try:
            pier_data = data.get("pier", {})
            if not isinstance(pier_data, Mapping):
                raise StateError(f"pier {pier_data!r} is not a table of counts")
            pier = Pier.of(dict(pier_data))
            state = cls(pier=pier).with_rogue_card(_field(data, "rogue_card", str))
            draft = _read_good(data.get("good"), "good")
            state = replace(state, draft=draft)
            state = state.with_fence(_field(data, "fence", bool))
            sold_data = data.get("sold", [])
            if not isinstance(sold_data, list):
                raise StateError(f"sold {sold_data!r} is not a list")
            sold = tuple(_read_sold(g, f"sold[{i}]") for i, g in enumerate(sold_data))
            cg.verify_pier_sale(sold)
        except GoodsError as exc:
            raise StateError(readable(exc)) from None
        return replace(state, sold=sold)


def _line_result(line: SaleLine, extra: list[Source]) -> Result:
    data = cg.facts()
    sources = [*extra, *line.sale.sources]
    if line.multiplier.paladins:
        sources.append(data.paladins.source)
    if line.good.paladin:
        sources.append(data.paladin_good.choice_source)
    rulings = (*line.multiplier.rulings, *line.sale.rulings)
    return Result(
        line.good,
        line.sale,
        line.multiplier,
        None,
        tuple(dict.fromkeys(rulings)),
        tuple(dict.fromkeys(sources)),
    )


def _good_dict(draft: GoodDraft) -> dict[str, Any]:
    return {
        "kind": draft.kind,
        "base": draft.base,
        "display_case": draft.display_case,
        "enchanted": draft.enchanted,
    }


def _field(data: Mapping[str, Any], name: str, kind: type) -> Any:
    value = data.get(name)
    if not isinstance(value, kind):
        raise StateError(f"{name} {value!r} is not a {kind.__name__}")
    return value


def _read_good(data: object, where: str) -> GoodDraft:
    if not isinstance(data, Mapping):
        raise StateError(f"{where} {data!r} is not a table")
    kind = data.get("kind")
    if kind not in kinds():
        raise StateError(f"{where}.kind {kind!r} must be one of {', '.join(kinds())}")
    base = data.get("base")
    flags = [data.get("display_case"), data.get("enchanted")]
    for name, flag in zip(("display_case", "enchanted"), flags, strict=True):
        if not isinstance(flag, bool):
            raise StateError(f"{where}.{name} {flag!r} is not true or false")
    try:
        draft = GoodDraft(str(kind), cg.check_base(base), flags[0] is True, flags[1] is True)
        draft.good()
    except GoodsError as exc:
        raise StateError(f"{where}: {readable(exc)}") from None
    return draft


def _read_sold(data: object, where: str) -> Good:
    draft = _read_good(data, where)
    good = draft.good()
    if draft_of(good) != draft:  # the screen's draft remembers a base; a sold one cannot
        raise StateError(f"{where}: a Paladin Good's base value is {good.base}, not {draft.base}")
    return good


__all__ = [
    "DAMAGED_KEY",
    "FORMAT",
    "MIN_BASE",
    "ROGUE_CARDS",
    "STATE_KEY",
    "Result",
    "RogueCard",
    "SaleState",
    "StateError",
]
