"""The new-setup form of ``/setup/assistant``: which game and how many players (this
device's draft until Start makes it a table)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine import setup as engine
from companion.engine.setup import COVE, SetupGame
from companion.rules import Catalogue
from companion.ui.setup.model.choice import game_name


@dataclass
class NewSetupForm:
    game: str = COVE
    players: int = 4
    filled: bool = False  # taken from the Players & seats table once

    def choose_game(self, game: str) -> None:
        low, high = engine.player_range(game)  # an unknown game raises UnknownGameError
        self.game = game
        self.players = min(max(self.players, low), high)

    def choose_players(self, players: int) -> None:
        low, high = engine.player_range(self.game)
        if not low <= players <= high:
            raise engine.PlayerCountError(
                f"player count {players!r} is outside {self.game!r}'s range of {low} to {high}"
            )
        self.players = players

    def fill(self, game: str, players: int | None) -> None:
        """Start from the seated table (the Players & seats tool), when it has a game."""
        self.filled = True
        if game in engine.setup_games():
            self.game = game
        low, high = engine.player_range(self.game)
        if players:
            self.players = min(max(players, low), high)

    def build(self, *, seed: int, house_rules: frozenset[str]) -> SetupGame:
        return SetupGame.fresh(game=self.game, players=self.players, seed=seed, rules=house_rules)

    def line(self, catalogue: Catalogue) -> str:
        return f"{game_name(catalogue, self.game)}, {self.players} players"


def game_options(catalogue: Catalogue) -> list[tuple[str, str]]:
    """``(game id, "Merchants Cove (1–5)")``: Merchants Cove first, the others by name."""
    options = []
    for game in engine.setup_games():
        low, high = engine.player_range(game)
        options.append((game, f"{game_name(catalogue, game)} ({low}–{high})"))
    options.sort(key=lambda o: (o[0] != COVE, o[1]))
    return options


__all__ = ["NewSetupForm", "game_options"]
