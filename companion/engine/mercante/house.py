"""House rules: the alternative readings (and the variant) a table may switch on.

Each switch is keyed by the id of the ruling in ``data/rulings/mercante.toml`` whose
``alternative`` it turns on, so Settings can list the rulings and store the ids players chose.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.house_rules import HouseRuleSet
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


@dataclass(frozen=True, repr=False)
class HouseRules(HouseRuleSet):
    """The ruling ids whose *alternative* reading this table plays by (empty: the readings)."""

    supported = SUPPORTED
    error = HouseRuleError

    @property
    def alternate_five_player_upkeep(self) -> bool:
        return ALTERNATE_FIVE_PLAYER_UPKEEP in self.alternatives

    @property
    def reaction_close_keeps_token(self) -> bool:
        return REACTION_CLOSES_MARKET in self.alternatives

    @property
    def talk_of_peace_individual(self) -> bool:
        return TALK_OF_PEACE_TOTALS in self.alternatives


STANDARD = HouseRules()
