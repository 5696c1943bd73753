"""The history play a Merchant's Journey table is saved to."""

from __future__ import annotations

from typing import Any

from companion.engine import journey as engine
from companion.engine.journey import JourneyError, JourneyGame
from companion.rules import Catalogue
from companion.ui.logic.journey.rulings import house_rules_summary
from companion.ui.logic.words import plural

CATEGORIES = ("Pairs", "Blight bonus")  # as data/games.toml names them for this game


def play_of(game: JourneyGame, catalogue: Catalogue) -> dict[str, Any]:
    """The history play (``PlayCreate``'s fields) of a finished table: totals in seat order
    with the game's categories (pairs and Blight bonus), the first player, the house rules
    used in the notes and, under :data:`~companion.engine.journey.TIES`, most pairs as the
    tie-breaker."""
    if not game.is_over:
        raise JourneyError(f"the game is not over yet: {plural(game.turns_left, 'turn')} left")
    pairs_category, bonus_category = catalogue.game(engine.GAME_ID).categories
    tiebreak = game.rules.most_pairs_breaks_ties
    results = []
    for seat, name in enumerate(game.players, start=1):
        pairs, bonus = game.breakdown(name)
        results.append(
            {
                "player": name,
                "score": game.score(name),
                "seat": seat,
                "start_player": seat - 1 == game.first,
                "breakdown": {pairs_category: pairs, bonus_category: bonus},
                "tiebreaks": [game.pairs_made(name)] if tiebreak else [],
            }
        )
    return {
        "game": engine.GAME_ID,
        "results": results,
        "notes": ""
        if not game.rules.alternatives
        else house_rules_summary(catalogue, game.rules) + ".",
        "tiebreakers": [{"name": engine.MOST_PAIRS, "higher_wins": True}] if tiebreak else [],
    }


__all__ = ["CATEGORIES", "play_of"]
