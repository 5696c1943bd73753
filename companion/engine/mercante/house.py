"""House rules: the alternative readings (and the variant) a table may switch on.

Each switch is keyed by the id of the ruling in ``data/rulings/mercante.toml`` whose
``alternative`` it turns on, so Settings can list the rulings and store the ids players chose.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.engine.mercante.errors import MercanteError

ALTERNATE_FIVE_PLAYER_UPKEEP = "mercante.alternate_five_player_upkeep"
REACTION_CLOSES_MARKET = "mercante.reaction_closes_market"
TALK_OF_PEACE_TOTALS = "mercante.talk_of_peace_totals"

#: Ruling ids whose alternative reading the engine can play by.
SUPPORTED: frozenset[str] = frozenset(
    {ALTERNATE_FIVE_PLAYER_UPKEEP, REACTION_CLOSES_MARKET, TALK_OF_PEACE_TOTALS}
)


class HouseRuleError(MercanteError):
    """A house-rule id that is not a Mercante ruling with an alternative reading."""


@dataclass(frozen=True)
class HouseRules:
    """The ruling ids whose *alternative* reading this table plays by (empty: the readings)."""

    alternatives: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if isinstance(self.alternatives, str):
            raise HouseRuleError(
                f"house rules {self.alternatives!r} must be a collection of ruling ids"
            )
        chosen = frozenset(self.alternatives)
        for ruling_id in sorted(chosen, key=repr):
            if ruling_id not in SUPPORTED:
                raise HouseRuleError(
                    f"unknown house rule {ruling_id!r}: choose from {', '.join(sorted(SUPPORTED))}"
                )
        object.__setattr__(self, "alternatives", chosen)

    @classmethod
    def of(cls, *ruling_ids: str) -> HouseRules:
        return cls(frozenset(ruling_ids))

    def uses(self, ruling_id: str) -> bool:
        """True when the table plays by the alternative of ``ruling_id``."""
        return ruling_id in self.alternatives

    @property
    def alternate_five_player_upkeep(self) -> bool:
        return ALTERNATE_FIVE_PLAYER_UPKEEP in self.alternatives

    @property
    def reaction_close_keeps_token(self) -> bool:
        return REACTION_CLOSES_MARKET in self.alternatives

    @property
    def talk_of_peace_individual(self) -> bool:
        return TALK_OF_PEACE_TOTALS in self.alternatives

    def to_list(self) -> list[str]:
        return sorted(self.alternatives)

    @classmethod
    def from_list(cls, ids: Iterable[str]) -> HouseRules:
        if isinstance(ids, str) or not isinstance(ids, Iterable):
            raise HouseRuleError(f"house rules {ids!r} must be a list of ruling ids")
        return cls(frozenset(ids))

    def __repr__(self) -> str:
        if not self.alternatives:
            return "HouseRules()"
        return f"HouseRules.of({', '.join(repr(i) for i in sorted(self.alternatives))})"


STANDARD = HouseRules()
