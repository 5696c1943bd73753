"""The Merchants Cove sale value played through a seeded Market Phase: a Rogue card drawn,
then three Piers, each with a random crowd of adventurers and one to three Goods sold there
(now and then one taken off again), the next Pier started after each but the last."""

from __future__ import annotations

import random

from companion.engine.cove_goods import (
    TABLE_RULES,
    AddGood,
    CoveAction,
    CoveSale,
    Good,
    NewPier,
    RemoveGood,
    SetCount,
    SetRogueCard,
    adventurer_types,
    facts,
    sell_at_pier,
)

TOOL = TABLE_RULES.tool
PIERS = 3


def play(seed: int) -> tuple[CoveSale, list[CoveAction]]:
    rng = random.Random(seed)
    game = CoveSale()
    sale, actions = game, list[CoveAction]()

    def take(action: CoveAction) -> None:
        nonlocal sale
        if sale.can_apply(action):
            sale = sale.apply(action)[0]
            actions.append(action)

    take(SetRogueCard(rng.choice(["un_fairies", "fence", "other"])))
    factions = facts().factions
    for pier in range(PIERS):
        for type_id in adventurer_types():
            if rng.random() < 0.6:
                take(SetCount(type_id, rng.randint(1, 4)))
        for _ in range(rng.randint(1, 3)):
            case, enchanted = rng.random() < 0.3, rng.random() < 0.3
            good = (
                Good.paladin_good(display_case=case, enchanted=enchanted)
                if rng.random() < 0.2
                else Good(rng.randint(1, 5), rng.choice(factions), case, enchanted)
            )
            take(AddGood(good))
        if len(sale.sold) > 1 and rng.random() < 0.3:
            index = rng.randrange(len(sale.sold))
            take(RemoveGood(index, sale.sold[index]))
        if pier < PIERS - 1:
            take(NewPier())
    return game, actions


def outcome(game: CoveSale) -> list[str]:
    """Each Pier's sale as priced, one line a Good and its total: the Piers left behind (the
    sale just before each New Pier) and the one still standing."""
    piers = [r.before for r in game.log if isinstance(r.action, NewPier)] + [game]
    lines: list[str] = []
    for number, sale in enumerate(piers, start=1):
        priced = sell_at_pier(sale.pier, sale.sold, un_fairies=sale.un_fairies)
        lines.append(f"Pier {number}: {sale.pier.text}")
        lines.extend(f"  {line.text}" for line in priced.lines)
        lines.append(f"  Total: {priced.total} gold")
    return lines
