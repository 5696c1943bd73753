"""What tonight's modules and the setup's Rogue card bring to the sale calculator
(companion.ui.cove_goods.model.presets), without a page."""

from __future__ import annotations

import pytest

from companion.engine.setup.facts import setup_data
from companion.ui.cove_goods.model.presets import (
    BROUGHT_BY,
    DISPLAY_CASES,
    ENCHANTMENTS,
    PALADIN_GOOD,
    PALADIN_GOOD_CARD,
    PALADINS,
    CovePresets,
    presets_for,
)

FESTIVAL = ["faction_festival", "paladins", "display_cases", "enchantment_tokens"]


def test_every_module_and_card_the_mapping_names_is_in_the_setup_data() -> None:
    setup = setup_data().games["merchants_cove"]
    modules = {m.id for m in setup.modules}
    cards = {c.id for c in setup.cards}
    for by in BROUGHT_BY.values():
        assert by <= modules
    assert PALADIN_GOOD_CARD in cards
    assert {"fence", "un_fairies"} <= cards


def test_the_faction_festival_with_its_tokens_brings_every_piece_and_the_fence() -> None:
    presets = presets_for("merchants_cove", FESTIVAL, ["fence"])
    assert presets.known
    assert presets.pieces == {PALADINS, PALADIN_GOOD, DISPLAY_CASES, ENCHANTMENTS}
    assert presets.rogue_card == "fence"
    assert presets.line() == (
        "Tonight's modules bring Paladins, Paladin Goods, Display Cases and Enchantments. "
        "Rogue card: the Fence."
    )


def test_the_entertainer_alone_brings_none_of_master_crafts_pieces() -> None:
    presets = presets_for("merchants_cove", ["entertainer"], ["sirens"])
    assert presets.known and not presets.pieces
    assert not (presets.paladins or presets.display_cases or presets.enchantments)
    assert presets.rogue_card == "other" and presets.rogue_name == "Sirens"
    assert presets.line() == (
        "Tonight's modules bring no Paladins, Display Cases or Enchantments. "
        "Rogue card: Sirens, which does not change a sale's value."
    )


@pytest.mark.parametrize(
    ("modules", "cards", "paladin_good"),
    [
        (["paladins"], [], False),
        (["paladins"], [PALADIN_GOOD_CARD], True),
        (["faction_festival", "paladins"], [], True),
    ],
)
def test_the_paladin_good_comes_with_the_festival_or_the_oath_of_hard_labor(
    modules: list[str], cards: list[str], paladin_good: bool
) -> None:
    presets = presets_for("merchants_cove", modules, cards)
    assert presets.paladins
    assert presets.paladin_good is paladin_good


def test_each_token_module_brings_its_own_switch_only() -> None:
    only_cases = presets_for("merchants_cove", ["faction_festival", "paladins", "display_cases"])
    assert only_cases.display_cases and not only_cases.enchantments
    only_enchant = presets_for("merchants_cove", ["enchantment_tokens"], ["un_fairies"])
    assert only_enchant.enchantments and not only_enchant.display_cases
    assert only_enchant.rogue_card == "un_fairies"


def test_without_a_night_or_for_another_game_everything_is_offered() -> None:
    assert presets_for("merchants_cove", None) == CovePresets()
    assert presets_for("mercante", ["paladins"], ["fence"]) == CovePresets()
    alone = CovePresets()
    assert all(alone.offers(p) for p in BROUGHT_BY)
    assert alone.line() is None
    # Modules not said, but a Rogue card chosen: the card is still preset.
    card_only = presets_for("merchants_cove", None, ["fence"])
    assert not card_only.known and card_only.rogue_card == "fence"
    assert card_only.line() == "Rogue card: the Fence."
