"""House rules: the alternative readings a table may switch on.

Each switch is keyed by the id of the ruling in ``data/mercante/rulings.toml`` whose
``alternative`` it turns on, so Settings can list the rulings and store the ids players chose.
The rulebook's own optional rules and variants are not house rules: they are chosen when a
game starts (:mod:`companion.engine.mercante.variants`).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.core.house_rules import HouseRuleSet
from companion.engine.mercante.errors import MercanteError

REACTION_CLOSES_MARKET = "mercante.reaction_closes_market"
TALK_OF_PEACE_TOTALS = "mercante.talk_of_peace_totals"
TIEBREAK_FIRST_PLACE = "mercante.tiebreak_first_place"
OBLIGATIONS_PAY = "mercante.obligations_pay"
OBLIGATIONS_DEAL = "mercante.obligations_deal"
TALK_OF_PEACE_END = "mercante.talk_of_peace_end"

#: The id the Alternate Five-Player Upkeep had while it was offered as a house rule; saves
#: from then are read with the variant switched on instead.
FORMER_FIVE_PLAYER_UPKEEP = "mercante." + "alternate_five_player_upkeep"

#: Ruling ids whose alternative reading the engine can play by.
SUPPORTED: frozenset[str] = frozenset(
    {
        REACTION_CLOSES_MARKET,
        TALK_OF_PEACE_TOTALS,
        TIEBREAK_FIRST_PLACE,
        OBLIGATIONS_PAY,
        OBLIGATIONS_DEAL,
        TALK_OF_PEACE_END,
    }
)


class HouseRuleError(MercanteError):
    """A house-rule id that is not a Mercante ruling with an alternative reading."""


@dataclass(frozen=True, repr=False)
class HouseRules(HouseRuleSet):
    """The ruling ids whose *alternative* reading this table plays by (empty: the readings)."""

    supported = SUPPORTED
    error = HouseRuleError

    @property
    def reaction_close_sells(self) -> bool:
        """A market closed by a Reaction mid-sale still takes that token (the alternative)."""
        return REACTION_CLOSES_MARKET in self.alternatives

    @property
    def talk_of_peace_individual(self) -> bool:
        return TALK_OF_PEACE_TOTALS in self.alternatives

    @property
    def tiebreak_every_place(self) -> bool:
        return TIEBREAK_FIRST_PLACE in self.alternatives

    @property
    def obligations_pay_nothing(self) -> bool:
        """Contractual Obligations' three contracts pay no crowns (the alternative)."""
        return OBLIGATIONS_PAY in self.alternatives

    @property
    def obligations_deal_too(self) -> bool:
        """Contractual Obligations: the normal deal happens as well (the alternative)."""
        return OBLIGATIONS_DEAL in self.alternatives

    @property
    def talk_of_peace_goal_only(self) -> bool:
        """Talk of Peace: only the team goal ends the game (the alternative)."""
        return TALK_OF_PEACE_END in self.alternatives


STANDARD = HouseRules()
