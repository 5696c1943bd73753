"""Merchant's Journey played whole by a seeded player: four seats, each turn a random card still
in the deck played where it scores most (a new row when nothing scores 10 or more), and a
legal swap taken now and then."""

from __future__ import annotations

import random

from companion.engine.journey import (
    SIDES,
    TABLE_RULES,
    Action,
    JourneyGame,
    Place,
    StartRow,
    Swap,
    final_scores,
    ranks,
)

TOOL = TABLE_RULES.tool


def greedy_action(game: JourneyGame, rng: random.Random) -> Action:
    """A random card still in the deck, played where it scores most; a new row when nothing
    scores 10 or more (or fewer than two rows are out). The demo's finished game plays so too."""
    rank = rng.choice([r for r in ranks() if game.copies_left(r)])
    ends = [(r, s) for r in range(len(game.rows)) for s in SIDES]
    scored = [(game.preview_place(rank, r, s).points, r, s) for r, s in ends]
    best = max(scored, default=None)
    if best is None or best[0] < 10 or len(game.rows) < 2:
        return StartRow(rank)
    return Place(rank, best[1], best[2])


def play(seed: int) -> tuple[JourneyGame, list[Action]]:
    rng = random.Random(seed)
    game = JourneyGame.new(["Anna", "Ben", "Cleo", "Dev"], first=rng.randrange(4))
    played, actions = game, list[Action]()
    while not played.is_over:
        action = greedy_action(played, rng)
        played = played.apply(action)[0]
        actions.append(action)
        swaps = played.legal_swaps()
        if swaps and rng.random() < 0.3:
            option = swaps[rng.randrange(len(swaps))]
            swap = Swap(option.card.id, option.other.id)
            played = played.apply(swap)[0]
            actions.append(swap)
    return game, actions


def outcome(game: JourneyGame) -> list[str]:
    """The final standings, one line a player: ``1. Cleo 52 (winner)``."""
    return [
        f"{s.rank}. {s.name} {s.score}" + (" (winner)" if s.winner else "")
        for s in final_scores(game)
    ]
