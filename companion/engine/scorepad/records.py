"""What a score pad holds (players' lines, tie-breakers) and what each action did (the
records of its log)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.engine.scorepad.actions import PadAction
    from companion.engine.scorepad.game import Pad


@dataclass(frozen=True)
class PadRow:
    """One player's line as typed: ``parts`` by category, ``ties`` by tie-breaker id."""

    id: int
    name: str = ""
    score: str = ""
    parts: tuple[tuple[str, str], ...] = ()
    ties: tuple[tuple[int, str], ...] = ()
    start: bool = False
    won: bool = False  # ticked as a winner (only read when the winner is chosen by hand)

    def part(self, category: str) -> str:
        return dict(self.parts).get(category, "")

    def tie(self, tiebreaker: int) -> str:
        return dict(self.ties).get(tiebreaker, "")

    def label(self, seat: int) -> str:
        """The name, or ``Player 3`` while it has none."""
        return self.name.strip() or f"Player {seat}"


@dataclass(frozen=True)
class TieBreaker:
    id: int
    name: str
    higher_wins: bool = True


@dataclass(frozen=True)
class PadRecord:
    """What an action did: the action, the pad before it, and a sentence."""

    action: PadAction
    before: Pad
    summary: str


__all__ = ["PadRecord", "PadRow", "TieBreaker"]
