"""A Mercante game written down on the score pad by a seeded table: three to five players
(one marked as start player), scores by category typed in digit by digit as phones send them
(a lone "-" is not a number yet, so it never reaches the pad), the crowns left where scores
may tie, one score typed again, and the date and the place."""

from __future__ import annotations

import random
from datetime import datetime

from companion.engine.scorepad import TABLE_RULES, Pad, PadAction, SetMode, SetPlayedAt, SetText
from companion.rules import catalogue
from companion.ui.scorepad.model import form_of

TOOL = TABLE_RULES.tool
NAMES = ("Anna", "Ben", "Cleo", "Dev", "Esa")
WHEN = datetime(2026, 11, 28, 21, 30)


def play(seed: int) -> tuple[Pad, list[PadAction]]:
    rng = random.Random(seed)
    names = rng.sample(NAMES, rng.randint(3, 5))
    game = Pad.new("mercante", names=names, start=rng.choice(names))
    pad, actions = game, list[PadAction]()

    def take(action: PadAction) -> None:
        nonlocal pad
        if pad.can_apply(action):
            pad = pad.apply(action)[0]
            actions.append(action)

    def typed(key: tuple[str | int, ...], text: str) -> None:
        for end in range(1, len(text) + 1):  # one change a keystroke, as a field sends them
            take(SetText(key, text[:end]))

    take(SetMode(True))
    victory, penalties = pad.categories
    crowns = pad.tiebreakers[0].id
    for row in pad.rows:
        typed(("part", row.id, victory), str(rng.randint(8, 60)))
        typed(("part", row.id, penalties), str(-rng.randint(0, 3) * 3))
        if rng.random() < 0.7:
            typed(("tie", row.id, crowns), str(rng.randint(0, 40)))
    again = rng.choice(pad.rows)
    take(SetText(("part", again.id, victory), str(rng.randint(8, 60))))
    take(SetPlayedAt(WHEN))
    typed(("location",), "Harbour")
    return game, actions


def outcome(pad: Pad) -> list[str]:
    """The standings as the pad shows them: ``1. Cleo 52 (winner)``, ties and what broke them."""
    lines = []
    for s in form_of(pad, catalogue()).standings():
        shared = " (shared)" if s.shared else ""
        winner = " (winner)" if s.winner else ""
        decided = f", decided by {s.decided_by}" if s.decided_by else ""
        lines.append(f"{s.rank}. {s.name} {s.score}{winner}{shared}{decided}")
    return lines
