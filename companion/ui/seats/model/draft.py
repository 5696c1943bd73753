"""What one device is typing at a seating (never written to the table): a seed half typed."""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.seats import SeatsError, parse_seed


@dataclass
class SeatsDraft:
    """The seed as typed on this device while it is not a seed yet (``None``: the field shows
    the table's seed)."""

    seed_text: str | None = None

    def type_seed(self, text: str) -> int | None:
        """The seed ``text`` reads as, or None (kept here, the field says why) while it is
        not one."""
        try:
            seed = parse_seed(text)
        except SeatsError:
            self.seed_text = text
            return None
        self.seed_text = None
        return seed

    @property
    def seed_error(self) -> str | None:
        if self.seed_text is None:
            return None
        return "Digits only" if self.seed_text.strip() else "Type a seed"


__all__ = ["SeatsDraft"]
