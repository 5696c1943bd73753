"""The sale at a Pier as a shared table: its actions, plain data read back from their saved
form by :func:`read_action` (raising :class:`~companion.engine.cove_goods.errors.GoodsError`
naming the field)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from companion.engine.core.saves import Action, KeyedReader, SaveFormat, saved, saved_fields
from companion.engine.cove_goods.errors import GoodsError
from companion.engine.cove_goods.goods import Good

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


def _adventurer(data: Mapping[str, Any], name: str) -> str:
    adventurer = data.get(name)
    if not isinstance(adventurer, str):
        raise GoodsError(f"{name} {adventurer!r} must be a type of adventurer")
    return adventurer


def _rogue_card(data: Mapping[str, Any], name: str) -> str:
    card = data.get(name)
    if card not in ROGUE_CARD_IDS:
        raise GoodsError(f"{name} {card!r} must be one of {', '.join(ROGUE_CARD_IDS)}")
    return str(card)


ACTIONS: Final = (SetCount, SetRogueCard, AddGood, RemoveGood, ClearSale, NewPier)
#: How each field of an action is read back.
READERS: Final[Mapping[str, KeyedReader]] = {
    "adventurer": _adventurer,
    "count": SAVE.whole,
    "card": _rogue_card,
    "good": lambda data, name: read_good(data.get(name)),
    "index": SAVE.whole,
}


def read_action(raw: object) -> CoveAction:
    """An action back from its saved form; raises :class:`GoodsError` naming the field."""
    return SAVE.read_action(raw, ACTIONS, READERS)


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
