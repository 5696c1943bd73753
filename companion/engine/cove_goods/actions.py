"""The sale at a Pier as a shared table: its actions, plain data read back from their saved
form by :func:`read_action` (raising :class:`~companion.engine.cove_goods.errors.GoodsError`
naming the field)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from companion.engine.cove_goods.errors import GoodsError
from companion.engine.cove_goods.goods import Good
from companion.engine.saves import Action, SaveFormat, saved, saved_fields

#: The Rogue cards the sale knows: one whose effect is not on sales, Un-Fairies, the Fence.
ROGUE_CARD_IDS: Final = ("other", "un_fairies", "fence")

SAVE: Final = SaveFormat("companion-cove-sale", 1, GoodsError)


@dataclass(frozen=True)
class CoveAction(Action):
    """A change to the sale at a Pier (each kind below)."""


@dataclass(frozen=True)
class SetCount(CoveAction):
    """How many adventurers of one type stand at the Pier."""

    kind: ClassVar[str] = "count"
    adventurer: str
    count: int


@dataclass(frozen=True)
class SetRogueCard(CoveAction):
    """The Rogue card in play (one of :data:`ROGUE_CARD_IDS`)."""

    kind: ClassVar[str] = "rogue_card"
    card: str


def good_dict(good: Good) -> dict[str, Any]:
    """A Good's saved form: its fields (``{"base", "sells_to", "display_case", "enchanted"}``)."""
    return saved_fields(good)


def read_good(raw: object, where: str = "good") -> Good:
    """A Good from its saved form (``{"base", "sells_to", "display_case", "enchanted"}``)."""
    data = SAVE.mapping(raw, where)
    SAVE.known(data, where, {"base", "sells_to", "display_case", "enchanted"})
    with SAVE.at(where):
        sells_to = data.get("sells_to")
        if sells_to is not None and not isinstance(sells_to, str):
            raise GoodsError(f"sells_to {sells_to!r} must be a type of adventurer or null")
        return Good(
            data.get("base"),  # type: ignore[arg-type]  # Good checks each field
            sells_to,
            data.get("display_case", False),
            data.get("enchanted", False),
        )


@dataclass(frozen=True)
class AddGood(CoveAction):
    """A Good priced on a phone goes into this Pier's sale (with its tokens)."""

    kind: ClassVar[str] = "add_good"
    good: Good = field(metadata=saved(good_dict))


@dataclass(frozen=True)
class RemoveGood(CoveAction):
    """Good number ``index`` (from 0) comes off the sale; ``good`` is the Good the phone
    showed there, so a phone that had not seen the list change takes off what it meant."""

    kind: ClassVar[str] = "remove_good"
    index: int
    good: Good = field(metadata=saved(good_dict))


@dataclass(frozen=True)
class ClearSale(CoveAction):
    """Every Good comes off this Pier's sale; the counts stay."""

    kind: ClassVar[str] = "clear_sale"


@dataclass(frozen=True)
class NewPier(CoveAction):
    """The next Pier: nobody counted and nothing sold; the Rogue card stays."""

    kind: ClassVar[str] = "new_pier"


def read_action(raw: object) -> CoveAction:
    """An action back from its saved form; raises :class:`GoodsError` naming the field."""
    data: Mapping[str, Any] = SAVE.mapping(raw, "")
    kind = data.get("kind")
    if kind == SetCount.kind:
        SAVE.known(data, "", {"kind", "adventurer", "count"})
        adventurer, count = data.get("adventurer"), data.get("count")
        if not isinstance(adventurer, str):
            raise GoodsError(f"adventurer {adventurer!r} must be a type of adventurer")
        if isinstance(count, bool) or not isinstance(count, int):
            raise GoodsError(f"count {count!r} must be a whole number")
        return SetCount(adventurer, count)
    if kind == SetRogueCard.kind:
        SAVE.known(data, "", {"kind", "card"})
        card = data.get("card")
        if card not in ROGUE_CARD_IDS:
            raise GoodsError(f"card {card!r} must be one of {', '.join(ROGUE_CARD_IDS)}")
        return SetRogueCard(str(card))
    if kind == AddGood.kind:
        SAVE.known(data, "", {"kind", "good"})
        return AddGood(read_good(data.get("good")))
    if kind == RemoveGood.kind:
        SAVE.known(data, "", {"kind", "index", "good"})
        index = data.get("index")
        if isinstance(index, bool) or not isinstance(index, int):
            raise GoodsError(f"index {index!r} must be a whole number")
        return RemoveGood(index, read_good(data.get("good")))
    if kind in (ClearSale.kind, NewPier.kind):
        SAVE.known(data, "", {"kind"})
        return ClearSale() if kind == ClearSale.kind else NewPier()
    raise GoodsError(f"unknown action kind {kind!r}")


__all__ = [
    "ROGUE_CARD_IDS",
    "SAVE",
    "AddGood",
    "ClearSale",
    "CoveAction",
    "NewPier",
    "RemoveGood",
    "SetCount",
    "SetRogueCard",
    "good_dict",
    "read_action",
    "read_good",
]
