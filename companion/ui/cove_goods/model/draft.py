"""What one device is pricing at a Pier (never written to the table): the Good on the screen
(:class:`GoodDraft`) and whether it goes through the Fence (:class:`CoveDraft`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from companion.engine.cove_goods import Good
from companion.ui.cove_goods.model.words import PALADIN_GOOD

if TYPE_CHECKING:
    from companion.ui.cove_goods.model.sale import SaleState

DEFAULT_BASE = 3


@dataclass(frozen=True)
class GoodDraft:
    """The Good on the screen: its colour (or a Paladin Good), base value and tokens."""

    kind: str = "warriors"
    base: int = DEFAULT_BASE
    display_case: bool = False
    enchanted: bool = False

    def good(self) -> Good:
        if self.kind == PALADIN_GOOD:
            return Good.paladin_good(display_case=self.display_case, enchanted=self.enchanted)
        return Good(self.base, self.kind, self.display_case, self.enchanted)


def draft_of(good: Good) -> GoodDraft:
    kind = PALADIN_GOOD if good.sells_to is None else good.sells_to
    return GoodDraft(kind, good.base, good.display_case, good.enchanted)


@dataclass
class CoveDraft:
    """What one device is pricing (never written to the table): the Good and whether it goes
    through the Fence."""

    good: GoodDraft = field(default_factory=lambda: GoodDraft())
    fence: bool = False
    show_all: bool = False  # every piece, also those tonight's modules do not bring

    def take(self, state: SaleState) -> None:
        """Keep the device's part of ``state`` (after a change made with its methods)."""
        self.good = state.draft
        self.fence = state.fence


__all__ = ["DEFAULT_BASE", "CoveDraft", "GoodDraft", "draft_of"]
