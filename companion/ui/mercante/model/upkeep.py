"""Upkeep in words: the removal points and each market's cost, when upkeep comes round,
what a removal spends."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from companion.engine.mercante import (
    UpkeepCosts,
    UpkeepTurn,
)
from companion.ui.mercante.model.words import (
    market_name,
    points_text,
)
from companion.ui.model.words import plural

# -- upkeep ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CostLine:
    market: str
    name: str
    cost: str
    most: int


def cost_lines(costs: UpkeepCosts) -> tuple[CostLine, ...]:
    """Each market's removal cost in points and how many of its tokens the points remove."""
    return tuple(
        CostLine(m, market_name(m), points_text(c), costs.most_tokens(m)) for m, c in costs.costs
    )


def upkeep_headline(costs: UpkeepCosts) -> str:
    """``4 players: the upkeep marker holder gets 2 removal points.``"""
    text = (
        f"{costs.players} players: the upkeep marker holder gets "
        f"{plural(costs.points, 'removal point')}"
    )
    if costs.resolved_as != costs.players:
        text += f" (upkeep resolved as for {costs.resolved_as} players)"
    return text + "."


def when_text(turns: int) -> str:
    if turns == 0:
        return "This turn"
    if turns == 1:
        return "Next turn"
    return f"In {turns} turns"


def schedule_lines(turns: Sequence[UpkeepTurn]) -> tuple[str, ...]:
    """``This turn: Dev's upkeep, then the marker goes to Cleo.``"""
    return tuple(
        f"{when_text(t.turns_from_now)}: {t.player}'s upkeep, then the marker goes to "
        f"{t.passes_to}."
        for t in turns
    )


def removal_cost_label(cost: Fraction) -> str:
    """``1 point``, ``2 points``, ``½ point``."""
    return f"{points_text(cost)} point{'s' if cost > 1 else ''}"


def removal_cost_text(removals: Mapping[str, int], costs: UpkeepCosts) -> str:
    """``1 luxuries (2) = 2 of 2 points``."""
    spent = sum((costs.cost(m) * n for m, n in removals.items()), Fraction(0))
    parts = [
        f"{n} {market_name(m).lower()} ({points_text(costs.cost(m) * n)})"
        for m, n in removals.items()
        if n
    ]
    head = " + ".join(parts) if parts else "Nothing chosen"
    return f"{head} = {points_text(spent)} of {plural(costs.points, 'point')}"


__all__ = [
    "CostLine",
    "cost_lines",
    "removal_cost_label",
    "removal_cost_text",
    "schedule_lines",
    "upkeep_headline",
    "when_text",
]
