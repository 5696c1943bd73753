"""The players-and-seats tool as plain state: who plays, in which seat, who goes first.

Saved as a small dict in the settings table so it survives a restart and the score pad can
start from the same table.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from companion.engine.table import (
    MAX_NAME_LENGTH,
    Draw,
    TableError,
    check_players,
    draw_first_player,
    move_seat,
    new_seed,
    parse_seed,
    shuffle_seats,
)
from companion.rules import Catalogue

TABLE_KEY = "table"


@dataclass(frozen=True)
class TableState:
    """Immutable: every action returns a new state (so a failed action changes nothing)."""

    game_id: str = "mercante"
    seats: tuple[str, ...] = ()
    seed: int = field(default_factory=new_seed)
    draw: Draw | None = None

    # -- actions ----------------------------------------------------------------------------
    def add(self, name: str) -> TableState:
        check_players([*self.seats, name])
        return replace(self, seats=(*self.seats, name.strip()), draw=None)

    def remove(self, index: int) -> TableState:
        if not 0 <= index < len(self.seats):
            raise TableError(f"seat index {index!r} is not at this table")
        seats = self.seats[:index] + self.seats[index + 1 :]
        return replace(self, seats=seats, draw=None)

    def move(self, index: int, offset: int) -> TableState:
        return replace(self, seats=move_seat(self.seats, index, offset), draw=None)

    def with_seed_text(self, text: str) -> TableState:
        return replace(self, seed=parse_seed(text), draw=None)

    def reseed(self) -> TableState:
        return replace(self, seed=new_seed(), draw=None)

    def draw_first(self) -> TableState:
        return replace(self, draw=draw_first_player(self.seats, self.seed))

    def shuffle(self) -> TableState:
        return replace(self, seats=shuffle_seats(self.seats, self.seed), draw=None)

    def with_game(self, game_id: str) -> TableState:
        return replace(self, game_id=game_id)

    # -- views of the state -----------------------------------------------------------------
    def count_problem(self, catalogue: Catalogue) -> str | None:
        """A sentence when the number of seated players doesn't suit the game."""
        game = catalogue.game(self.game_id)
        n = len(self.seats)
        if game.players_ok(n):
            return None
        return f"{game.name} is for {game.min_players}–{game.max_players} players; {n} seated."

    def turn_order(self) -> tuple[str, ...]:
        return self.draw.turn_order() if self.draw else self.seats

    # -- persistence ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "seats": list(self.seats),
            "seed": self.seed,
            "first": self.draw.first if self.draw else None,
        }

    @classmethod
    def from_dict(cls, data: object, catalogue: Catalogue) -> TableState:
        """Rebuild a saved table; anything damaged falls back to an empty table."""
        if not isinstance(data, dict):
            return cls()
        try:
            game = data.get("game", "mercante")
            catalogue.game(game)
            seats = check_players([str(s)[:MAX_NAME_LENGTH] for s in data.get("seats", [])])
            seed = int(data.get("seed", new_seed()))
            state = cls(game_id=game, seats=seats, seed=seed)
            first = data.get("first")
            if first is not None and seats:
                drawn = state.draw_first()
                if drawn.draw is not None and drawn.draw.first == first:
                    return drawn
            return state
        except (KeyError, TypeError, ValueError):
            return cls()
