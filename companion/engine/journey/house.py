"""The rulings Merchant's Journey is read by (``data/journey/rulings.toml``) and the house
rules: the rulings with another reasonable reading, switched per table by ruling id (as
Settings stores them) in :class:`HouseRules`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from companion.engine.core.house_rules import HouseRuleSet
from companion.engine.journey.errors import RulesError

#: Rulings with another reasonable reading: the house-rule switches.
PAIR_VALUE: Final = "journey.pair_value"
BLIGHT_LASTS: Final = "journey.blight_lasts"
BLIGHT_NEGATES: Final = "journey.blight_negates"
LINKED_BLIGHTS: Final = "journey.linked_blights"
SWAP_SCORES: Final = "journey.swap_scores"
GAME_END: Final = "journey.game_end"
TIES: Final = "journey.ties"
#: Readings the engine follows with no switch (cited beside the numbers they explain).
BLIGHT_BONUS: Final = "journey.blight_bonus"
BLIGHT_CHAIN: Final = "journey.blight_chain"
CONNECT: Final = "journey.connect"
SWAP_WHEN_PLAYED: Final = "journey.swap_when_played"
GHORRALANDS: Final = "journey.ghorralands"

SUPPORTED: Final[frozenset[str]] = frozenset(
    {PAIR_VALUE, BLIGHT_LASTS, BLIGHT_NEGATES, LINKED_BLIGHTS, SWAP_SCORES, GAME_END, TIES}
)
RULINGS: Final[tuple[str, ...]] = (
    PAIR_VALUE,
    BLIGHT_LASTS,
    BLIGHT_NEGATES,
    BLIGHT_BONUS,
    BLIGHT_CHAIN,
    LINKED_BLIGHTS,
    CONNECT,
    SWAP_WHEN_PLAYED,
    SWAP_SCORES,
    GHORRALANDS,
    GAME_END,
    TIES,
)

MOST_PAIRS: Final = "Most pairs made"


@dataclass(frozen=True, repr=False)
class HouseRules(HouseRuleSet):
    """The ruling ids whose *alternative* reading this table plays by (empty: the readings)."""

    supported = SUPPORTED
    error = RulesError
    ids_named = "ids"

    @property
    def placed_card_only(self) -> bool:
        return PAIR_VALUE in self.alternatives

    @property
    def blight_pair_only(self) -> bool:
        return BLIGHT_LASTS in self.alternatives

    @property
    def blight_minus(self) -> bool:
        return BLIGHT_NEGATES in self.alternatives

    @property
    def linked_blights_spare(self) -> bool:
        """Whether three or more linked Blights stop cancelling their neighbours."""
        return LINKED_BLIGHTS in self.alternatives

    @property
    def swap_scores(self) -> bool:
        return SWAP_SCORES in self.alternatives

    @property
    def play_out_hands(self) -> bool:
        return GAME_END in self.alternatives

    @property
    def most_pairs_breaks_ties(self) -> bool:
        return TIES in self.alternatives


STANDARD: Final = HouseRules()


__all__ = [
    "BLIGHT_BONUS",
    "BLIGHT_CHAIN",
    "BLIGHT_LASTS",
    "BLIGHT_NEGATES",
    "CONNECT",
    "GAME_END",
    "GHORRALANDS",
    "LINKED_BLIGHTS",
    "MOST_PAIRS",
    "PAIR_VALUE",
    "RULINGS",
    "STANDARD",
    "SUPPORTED",
    "SWAP_SCORES",
    "SWAP_WHEN_PLAYED",
    "TIES",
    "HouseRules",
]
