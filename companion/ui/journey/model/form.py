"""The new-game form of Merchant's Journey: the players in seat order and who goes first.
This device's own draft (``ctx.live.draft``), never written to a table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.engine import journey as engine
from companion.engine.core.players import MAX_NAME_LENGTH
from companion.engine.journey import HouseRules, JourneyGame
from companion.ui.model.words import plural


@dataclass
class NewGameForm:
    """Players in seat order and which of them goes first."""

    seats: list[str] = field(default_factory=list)
    first: int = 0

    def add(self, name: str) -> None:
        """Seat ``name`` last; ``ValueError`` with a message for the name field."""
        clean = " ".join(name.split())
        if not clean:
            raise ValueError("Type a name")
        if len(clean) > MAX_NAME_LENGTH:
            raise ValueError(f"At most {MAX_NAME_LENGTH} characters")
        seated = next((s for s in self.seats if s.casefold() == clean.casefold()), None)
        if seated is not None:
            raise ValueError(f"{seated} is already seated")
        most = engine.facts().players.max
        if len(self.seats) >= most:
            raise ValueError(f"Merchant's Journey seats at most {most} players")
        self.seats.append(clean)

    def remove(self, index: int) -> None:
        if 0 <= index < len(self.seats):
            first_name = self.first_player
            del self.seats[index]
            self.first = self.seats.index(first_name) if first_name in self.seats else 0

    def move(self, index: int, offset: int) -> None:
        target = index + offset
        if 0 <= index < len(self.seats) and 0 <= target < len(self.seats):
            first_name = self.first_player
            self.seats[index], self.seats[target] = self.seats[target], self.seats[index]
            self.first = self.seats.index(first_name) if first_name else 0

    def set_first(self, index: int) -> None:
        if 0 <= index < len(self.seats):
            self.first = index

    @property
    def first_player(self) -> str | None:
        return self.seats[self.first] if 0 <= self.first < len(self.seats) else None

    def problem(self) -> str | None:
        """Why the game cannot start yet, or None."""
        limits = engine.facts().players
        if not limits.min <= len(self.seats) <= limits.max:
            return (
                f"Merchant's Journey is for {limits.min}–{limits.max} players; "
                f"{plural(len(self.seats), 'player')} seated."
            )
        return None

    def pile_line(self) -> str:
        """``4 players: 20 cards dealt, 28 in the draw pile — 28 turns.``"""
        n = len(self.seats)
        if self.problem() is not None:
            return ""
        deck = engine.facts().deck
        pile = engine.draw_pile_size(n)
        return (
            f"{n} players: {deck.hand} cards each ({deck.hand * n} dealt), {pile} in the draw pile."
        )

    def build(self, rules: HouseRules) -> JourneyGame:
        problem = self.problem()
        if problem:
            raise ValueError(problem)
        return JourneyGame.new(self.seats, first=self.first, rules=rules)

    def fill(self, seats: Sequence[str], first: int = 0) -> None:
        """Take a seated table (the Players & seats tool): names in seat order, first player."""
        self.seats = []
        for name in seats:
            try:
                self.add(str(name))
            except ValueError:
                continue
        self.first = first if 0 <= first < len(self.seats) else 0

    def to_dict(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "first": self.first}

    @classmethod
    def from_dict(cls, data: object) -> NewGameForm:
        """Lenient: a damaged form is only a form, so anything odd starts it empty."""
        form = cls()
        if not isinstance(data, Mapping):
            return form
        seats = data.get("seats")
        first = data.get("first")
        form.fill(
            seats if isinstance(seats, list) else [],
            first if isinstance(first, int) and not isinstance(first, bool) else 0,
        )
        return form


__all__ = ["NewGameForm"]
