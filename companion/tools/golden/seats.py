"""Players & seats at a seeded table: four to six players sit down one by one (one leaves
again, one moves a seat), the game is chosen, the seats are shuffled with the table's seed, a
new seed is drawn on a phone, and the first player is drawn from it."""

from __future__ import annotations

import random

from companion.engine.seats import (
    TABLE_RULES,
    DrawFirst,
    MoveSeat,
    NewSeed,
    Seat,
    Seating,
    SeatsAction,
    SetGame,
    Shuffle,
    Unseat,
    new_seed,
)

TOOL = TABLE_RULES.tool
NAMES = ("Anna", "Ben", "Cleo", "Dev", "Esa", "Finn", "Gus")


def play(seed: int) -> tuple[Seating, list[SeatsAction]]:
    rng = random.Random(seed)
    game = Seating.new(seed=new_seed(rng))
    seating, actions = game, list[SeatsAction]()

    def take(action: SeatsAction) -> None:
        nonlocal seating
        if seating.can_apply(action):
            seating = seating.apply(action)[0]
            actions.append(action)

    for name in rng.sample(NAMES, rng.randint(5, 7)):
        take(Seat(name))
    take(Unseat(rng.choice(seating.seats)))
    take(MoveSeat(rng.choice(seating.seats), rng.choice((-1, 1))))
    take(SetGame(rng.choice(("merchants_journey", "merchants_cove"))))
    take(Shuffle())
    take(NewSeed(new_seed(rng)))
    take(DrawFirst())
    return game, actions


def outcome(seating: Seating) -> list[str]:
    """The seats in order, the first player marked: ``1. Cleo (first)``."""
    first = seating.first_player
    return [
        f"{i}. {name}" + (" (first)" if name == first else "")
        for i, name in enumerate(seating.seats, start=1)
    ]
