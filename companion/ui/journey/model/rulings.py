"""The rulings a Merchant's Journey table plays by, as the screen lists them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.engine import journey as engine
from companion.engine.journey import HouseRules
from companion.rules import Catalogue


@dataclass(frozen=True)
class RulingLine:
    """A ruling as the screen lists it: its topic and the reading in use."""

    id: str
    topic: str
    text: str
    house_rule: bool


def rulings_in_use(
    catalogue: Catalogue, rules: HouseRules, ids: Sequence[str] = engine.RULINGS
) -> tuple[RulingLine, ...]:
    """Each ruling of ``ids`` with the reading this game plays by (a house rule if chosen)."""
    lines = []
    for ruling_id in ids:
        ruling = catalogue.ruling(ruling_id)
        on = rules.uses(ruling_id) and ruling.alternative is not None
        text = (ruling.alternative_label or "") if on else _first_sentence(ruling.reading)
        lines.append(RulingLine(ruling.id, ruling.topic, text, on))
    return tuple(lines)


def house_rules_summary(catalogue: Catalogue, rules: HouseRules) -> str:
    """``Rulebook readings throughout`` or ``House rules: …``."""
    on = [line.text for line in rulings_in_use(catalogue, rules) if line.house_rule]
    if not on:
        return "The app's readings throughout (no house rules)"
    return "House rules: " + "; ".join(on)


def _first_sentence(text: str) -> str:
    end = text.find(". ")
    return text if end < 0 else text[: end + 1]


__all__ = ["RulingLine", "house_rules_summary", "rulings_in_use"]
