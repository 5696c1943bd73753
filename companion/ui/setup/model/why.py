"""What each "why?" of the setup assistant opens: the rules entries a finding or a step rests
on (its modules, its cards, its step) and the rulings it used (see ``companion.ui.kit.why``)."""

from __future__ import annotations

from functools import lru_cache

from companion import reference
from companion.engine.setup import Finding, Step
from companion.rules import Source
from companion.ui.setup.model.choice import ordered

#: A step the reference has no entry of its own for opens its game's setup entry.
GAME_ENTRIES = {
    "merchants_cove": "cove.overview",
    "mercante": "setup:mercante",
    "merchants_journey": "setup:merchants_journey",
}


@lru_cache(maxsize=1)
def _keys() -> frozenset[str]:
    return frozenset(reference.why_keys())


def finding_why(finding: Finding) -> tuple[list[str | Source], list[str]]:
    """``(entry keys, ruling ids)`` behind a finding: the entries of the modules and cards
    it names (or of its rulebook passages, when it names none) and its ruling."""
    keys: list[str | Source] = [f"module:{m}" for m in ordered(finding.modules)]
    keys += [f"card:{c}" for c in sorted(finding.cards)]
    if not keys:
        keys = list(finding.sources)
    return keys, [finding.ruling] if finding.ruling else []


def step_why(step: Step, game: str) -> tuple[list[str | Source], list[str]]:
    """``(entry keys, ruling ids)`` behind a checklist step: its own entry (that of its
    module, else of its game's setup), the cards it names and the rulings it follows."""
    keys: list[str | Source] = []
    own = f"step:{step.id}"
    if own in _keys():
        keys.append(own)
    elif step.module is not None:
        keys.append(f"module:{step.module}")
    keys += [f"card:{c}" for c in step.cards]
    if not keys:
        keys.append(GAME_ENTRIES[game])
    return keys, list(step.rulings)


def module_why(module_id: str) -> list[str | Source]:
    return [f"module:{module_id}"]


def card_why(card_id: str) -> list[str | Source]:
    return [f"card:{card_id}"]


__all__ = ["GAME_ENTRIES", "card_why", "finding_why", "module_why", "step_why"]
