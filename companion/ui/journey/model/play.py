"""The history play a Merchant's Journey table is saved to."""

from __future__ import annotations

from typing import Any

from companion.engine import journey as engine
from companion.engine.journey import JourneyError, JourneyGame
from companion.rules import Catalogue
from companion.ui.journey.model.rulings import house_rules_summary
from companion.ui.model.words import plural

CATEGORIES = ("Pairs", "Blight bonus")  # as data/games.toml names them for this game


def stopped_note(game: JourneyGame) -> str:
    """``Stopped after 14 of 28 turns (14 left).``: why an unfinished play has these totals."""
    return (
        f"Stopped after {game.placements} of {plural(game.turns_total, 'turn')} "
        f"({game.turns_left} left)."
    )


def play_of(game: JourneyGame, catalogue: Catalogue, *, unfinished: bool = False) -> dict[str, Any]:
    """The history play (``PlayCreate``'s fields) of a table: totals in seat order with the
    game's categories (pairs and Blight bonus), the first player, the house rules used in
    the notes and, under :data:`~companion.engine.journey.TIES`, most pairs as the
    tie-breaker.

    A game that has not ended is refused unless ``unfinished`` (the players stopped early):
    then it is saved as an unfinished play (no winner) with the totals so far and a note of
    how far it got."""
    if not game.is_over and not unfinished:
        raise JourneyError(f"the game is not over yet: {plural(game.turns_left, 'turn')} left")
    if not game.log:
        raise JourneyError("no card has been played yet: there is nothing to save")
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
    notes = [] if game.is_over else [stopped_note(game)]
    if game.rules.alternatives:
        notes.append(house_rules_summary(catalogue, game.rules) + ".")
    return {
        "game": engine.GAME_ID,
        "results": results,
        "notes": " ".join(notes),
        "finished": game.is_over,
        "tiebreakers": [{"name": engine.MOST_PAIRS, "higher_wins": True}] if tiebreak else [],
    }


__all__ = ["CATEGORIES", "play_of", "stopped_note"]
