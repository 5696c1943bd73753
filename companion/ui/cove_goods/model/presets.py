"""What tonight's game brings to the sale calculator: the Master Craft modules chosen for the
night (and checked in the setup assistant) decide which of the calculator's pieces are in
play — the Paladins at the Pier, the Paladin Good, Display Cases, Enchantments — and the Rogue
card chosen in the setup assistant (Un-Fairies or the Fence change sale values; any other
Rogue card does not).

Plain logic, no flet: :func:`presets_for` maps module and card ids (as the setup data writes
them, ``data/setup/merchants_cove*.toml``) to :class:`CovePresets`. Without a night that says
what is played, everything is offered (a quick check on its own).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from companion.engine.setup.check import join_words as join_and
from companion.engine.setup.facts import setup_data
from companion.ui.cove_goods.model.sale import ROGUE_CARDS, RogueCard

if TYPE_CHECKING:
    from companion.ui.context import AppContext

GAME: Final = "merchants_cove"

#: The calculator's pieces and the modules that bring each one. The Paladin Good also comes
#: with the Paladins when the Paladin card in play is Oath of Hard Labor (the setup data's
#: step "supply.paladin_goods" says the same).
PALADINS: Final = "paladins"
PALADIN_GOOD: Final = "paladin_good"
DISPLAY_CASES: Final = "display_cases"
ENCHANTMENTS: Final = "enchantments"
BROUGHT_BY: Final[dict[str, frozenset[str]]] = {
    PALADINS: frozenset({"paladins"}),
    PALADIN_GOOD: frozenset({"faction_festival"}),
    DISPLAY_CASES: frozenset({"display_cases"}),
    ENCHANTMENTS: frozenset({"enchantment_tokens"}),
}
PALADIN_GOOD_CARD: Final = "oath_of_hard_labor"
PIECE_NAMES: Final[dict[str, str]] = {
    PALADINS: "Paladins",
    PALADIN_GOOD: "Paladin Goods",
    DISPLAY_CASES: "Display Cases",
    ENCHANTMENTS: "Enchantments",
}
_CALCULATOR_CARDS: Final = frozenset(card for card, _ in ROGUE_CARDS) - {"other"}


@dataclass(frozen=True)
class CovePresets:
    """Which pieces the calculator offers, and the Rogue card a new Pier starts with.

    ``known`` is False when nothing says what is played tonight: then every piece is offered.
    ``rogue_name`` is the chosen Rogue card's name (``"Sirens"``), also when it is one that
    does not change a sale (the calculator's "Other")."""

    known: bool = False
    pieces: frozenset[str] = frozenset(BROUGHT_BY)
    rogue_card: RogueCard = "other"
    rogue_name: str | None = None

    def offers(self, piece: str) -> bool:
        return not self.known or piece in self.pieces

    @property
    def paladins(self) -> bool:
        return self.offers(PALADINS)

    @property
    def paladin_good(self) -> bool:
        return self.offers(PALADIN_GOOD)

    @property
    def display_cases(self) -> bool:
        return self.offers(DISPLAY_CASES)

    @property
    def enchantments(self) -> bool:
        return self.offers(ENCHANTMENTS)

    def line(self) -> str | None:
        """What the calculator was set for, in players' words (None when nothing was set)."""
        if not self.known and self.rogue_name is None:
            return None
        said: list[str] = []
        if self.known:
            names = [PIECE_NAMES[p] for p in PIECE_NAMES if p in self.pieces]
            said.append(
                f"Tonight's modules bring {join_and(names)}."
                if names
                else "Tonight's modules bring no Paladins, Display Cases or Enchantments."
            )
        if self.rogue_name is not None:
            card = f"the {self.rogue_name}" if self.rogue_card == "fence" else self.rogue_name
            if self.rogue_card == "other":
                said.append(f"Rogue card: {card}, which does not change a sale's value.")
            else:
                said.append(f"Rogue card: {card}.")
        return " ".join(said)


def presets_for(
    game_id: str | None,
    modules: Iterable[str] | None,
    cards: Iterable[str] = (),
) -> CovePresets:
    """The calculator's presets for a night of ``game_id`` playing ``modules`` (None: not
    said) with ``cards`` chosen in the setup assistant (the Rogue card and Paladin card ids).

    Another game than Merchants Cove, or modules not said, offer everything."""
    if game_id != GAME:
        return CovePresets()
    chosen = frozenset(cards)
    rogue: RogueCard = "other"
    rogue_name: str | None = None
    setup = setup_data().games[GAME]
    for card in setup.cards:
        if card.kind == "rogue" and card.id in chosen:
            rogue_name = card.name
            for known in _CALCULATOR_CARDS:
                if known == card.id:
                    rogue = known
    if modules is None:
        return CovePresets(rogue_card=rogue, rogue_name=rogue_name)
    on = frozenset(modules)
    pieces = {piece for piece, by in BROUGHT_BY.items() if on & by}
    if "paladins" in on and PALADIN_GOOD_CARD in chosen:
        pieces.add(PALADIN_GOOD)
    return CovePresets(
        known=True, pieces=frozenset(pieces), rogue_card=rogue, rogue_name=rogue_name
    )


def tonight(ctx: AppContext) -> CovePresets:
    """The presets of the night this phone's group is playing: its modules (the game night
    Players & seats holds, else the open Merchants Cove setup), and the cards chosen in the
    setup assistant. Nothing said: everything offered."""
    from companion.ui.seats.model import current_seating
    from companion.ui.setup.model.current import current_setup

    seating = current_seating(ctx)
    setup = current_setup(ctx, GAME)
    cards = setup.cards if setup is not None else frozenset()
    if seating is not None and seating.game_id == GAME and (seating.modules or seating.expansions):
        return presets_for(GAME, seating.modules, cards)
    if seating is not None and seating.game_id != GAME and setup is None:
        return CovePresets()
    return presets_for(GAME, setup.modules if setup is not None else None, cards)


__all__ = [
    "BROUGHT_BY",
    "DISPLAY_CASES",
    "ENCHANTMENTS",
    "PALADINS",
    "PALADIN_GOOD",
    "PALADIN_GOOD_CARD",
    "CovePresets",
    "presets_for",
    "tonight",
]
