"""The setup assistant worked through by a seeded player: a group at Merchants Cove picks its
player count, ticks a few modules on (the order they come to mind), takes the check's first
fix while it finds an error, draws a Rogue card from the shown seed, and works down the
checklist to the last step (now and then ticking a later step first, or unticking one and
ticking it again), until every step is done."""

from __future__ import annotations

import random

from companion.engine import setup as engine
from companion.engine.setup import (
    COVE,
    ApplyFix,
    DrawCard,
    MarkDone,
    MarkNotDone,
    SetModule,
    SetPlayers,
    SetupAction,
    SetupGame,
)

TOOL = engine.TABLE_RULES.tool


def play(seed: int) -> tuple[SetupGame, list[SetupAction]]:
    rng = random.Random(seed)
    game = SetupGame.fresh(game=COVE, players=4, seed=rng.randrange(1, 1_000_000))
    now, actions = game, list[SetupAction]()

    def do(action: SetupAction) -> None:
        nonlocal now
        now = now.apply(action)[0]
        actions.append(action)

    low, high = engine.player_range(COVE)
    players = rng.choice([n for n in range(low, high + 1) if n != now.players])
    do(SetPlayers(players))
    for module in rng.sample([m.id for m in engine.modules(COVE)], 4):
        do(SetModule(module, True))
    for _ in range(len(engine.modules(COVE))):  # each fix settles at least one module
        errors = [f for f in now.findings() if f.level == "error" and f.fixes]
        if not errors:
            break
        fix = errors[0].fixes[0]
        do(ApplyFix(fix.label, fix.add, fix.remove, fix.drop_cards))
    if now.can_apply(DrawCard("rogue", now.seed)):
        do(DrawCard("rogue", now.seed))
    while not now.is_over:
        steps = now.steps()
        upcoming = now.progress().next_step
        assert upcoming is not None
        later = [s for s in steps if not now.confirmed(s) and s.id != upcoming.id]
        ticked = [s for s in steps if now.confirmed(s)]
        roll = rng.random()
        if later and roll < 0.2:
            do(MarkDone(rng.choice(later).id))
        elif ticked and roll < 0.3:
            step = rng.choice(ticked)
            do(MarkNotDone(step.id))
            do(MarkDone(step.id))
        else:
            do(MarkDone(upcoming.id))
    return game, actions


def outcome(game: SetupGame) -> list[str]:
    """What the group set up: its line, modules and cards, and the checklist's progress."""
    return [
        engine.players_line(game),
        "Modules: " + (", ".join(sorted(game.modules)) or "none"),
        "Cards: " + (", ".join(sorted(game.cards)) or "none"),
        game.progress().text,
    ]
