"""What each change to the sale at a Pier did (the records of its log)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.engine.cove_goods.actions import CoveAction
    from companion.engine.cove_goods.game import CoveSale


@dataclass(frozen=True)
class CoveRecord:
    """What an action did: the action, the sale before it, and a sentence."""

    action: CoveAction
    before: CoveSale
    summary: str


__all__ = ["CoveRecord"]
