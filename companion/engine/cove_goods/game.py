"""The sale being counted at a Pier, as a shared table: who stands at the Pier, the Rogue
card in play, and the Goods sold there so far (with their tokens). Every phone at the table
sees the counts and the sale; the Good a phone is pricing stays on that phone until it is
added. The values are worked out from this with the house rules of the day
(:func:`~companion.engine.cove_goods.goods.sell_at_pier`): the table holds what is on the
board, not prices. Its changes are the actions of :mod:`~companion.engine.cove_goods.actions`,
applied by :meth:`~companion.engine.core.saves.SavedGame.apply`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.engine.core import saves
from companion.engine.cove_goods.actions import (
    ROGUE_CARD_IDS,
    SAVE,
    CoveAction,
    RogueCard,
    read_action,
)
from companion.engine.cove_goods.errors import GoodsError
from companion.engine.cove_goods.goods import Good, Pier, verify_pier_sale
from companion.engine.cove_goods.records import CoveRecord


@dataclass(frozen=True)
class CoveSale(saves.SavedGame):
    """The Pier being sold at (see the module docstring). Immutable: ``apply`` returns a new
    value and changes nothing when the action is not allowed."""

    action_type: ClassVar[type[saves.Action]] = CoveAction
    error: ClassVar[type[ValueError]] = GoodsError

    pier: Pier = field(default_factory=Pier)
    rogue_card: RogueCard = "other"
    sold: tuple[Good, ...] = ()
    log: tuple[CoveRecord, ...] = field(default=(), compare=False, repr=False)

    @property
    def is_over(self) -> bool:
        """A Pier's sale never ends by itself: the group puts it away when done."""
        return False

    @property
    def un_fairies(self) -> bool:
        return self.rogue_card == "un_fairies"

    # -- saves ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        start = self.start
        return {
            **SAVE.header(),
            "pier": dict(start.pier.counts),
            "rogue_card": start.rogue_card,
            "sold": [g.to_dict() for g in start.sold],
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
        sold = SAVE.value(tuple[Good, ...], data.get("sold", []), "sold")
        with SAVE.at("sold"):
            verify_pier_sale(sold)
        game = cls(pier=pier, rogue_card=card, sold=sold)
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise GoodsError(f"actions {actions!r} must be a list")
        return SAVE.replay(game, actions, read_action)


__all__ = ["CoveSale"]
