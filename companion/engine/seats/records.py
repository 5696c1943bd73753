"""Players & seats: what each action did (the records of a seating's log)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.engine.seats.actions import SeatsAction
    from companion.engine.seats.game import Seating


@dataclass(frozen=True)
class SeatsRecord:
    """What an action did: the action, the seating before it, and a sentence."""

    action: SeatsAction
    before: Seating
    summary: str


__all__ = ["SeatsRecord"]
