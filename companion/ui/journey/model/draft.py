"""What one device is choosing at a Merchant's Journey table: the card about to be played."""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine import journey as engine
from companion.engine.journey import JourneyGame


@dataclass
class JourneyDraft:
    """The card this device has chosen to play next: its own, never written to the table
    (another device choosing a card changes nothing here)."""

    card: str | None = None

    def choose(self, rank: str | None) -> None:
        """Choose the card to play (tapping the chosen one again clears it)."""
        if rank is None or rank == self.card:
            self.card = None
            return
        self.card = engine.parse_rank(rank)

    def still_playable(self, game: JourneyGame) -> None:
        """Forget the card when the table no longer has a copy of it left to play."""
        if self.card is not None and (game.is_over or not game.copies_left(self.card)):
            self.card = None


__all__ = ["JourneyDraft"]
