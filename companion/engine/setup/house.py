"""The house rules a setup table follows: the rulings with another reading that some setup
check or step reads (Settings stores their ids; the others belong to other tools)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from companion.engine.setup.facts import setup_data
from companion.rules.renamed import current_ruling_ids


@lru_cache(maxsize=1)
def setup_house_rules() -> frozenset[str]:
    """The rulings with an alternative reading that some setup check or step reads: the
    house rules a setup table follows (the others belong to other tools)."""
    data = setup_data()
    read: set[str] = set()
    for setup in data.games.values():
        read |= {r.ruling for r in setup.relations if r.ruling}
        read |= {c.ruling for c in setup.cards if c.ruling}
        read |= {q.house_rule.ruling for q in setup.quantities if q.house_rule}
        for step in setup.steps:
            read |= set(step.rulings)
            if step.house_rule:
                read.add(step.house_rule.ruling)
    return frozenset(r for r in read if r in data.rulings and data.rulings[r].has_house_rule)


def current(ids: Iterable[str]) -> frozenset[str]:
    """House-rule ids, each saved before its ruling was renamed read as the current one."""
    return frozenset(current_ruling_ids(ids))


__all__ = ["current", "setup_house_rules"]
