"""data/bard/facts.toml and data/bard/rulings.toml: what the engine relies on, and load-time errors
that name the file, the entry and the field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.engine import bard
from companion.rules import DataFileError, catalogue, data_dir


def test_every_ruling_the_engine_names_is_in_the_rulings_file() -> None:
    cat = catalogue()
    ours = {r.id for r in cat.rulings if r.id.startswith("bard.")}
    assert ours == set(bard.RULINGS)
    for ruling_id in bard.RULINGS:
        assert cat.ruling(ruling_id).game == "merchants_cove"


def test_the_house_rules_settings_offers_are_the_ones_song_rules_follow() -> None:
    cat = catalogue()
    with_alternative = {r for r in bard.RULINGS if cat.ruling(r).has_house_rule}
    assert with_alternative == {
        bard.RULING_DRAGON_ISLAND,
        bard.RULING_FANS,
        bard.RULING_BOAST,
        bard.RULING_PALADINS,
        bard.RULING_TOWN_SQUARE_ICON,
        bard.RULING_BOAST_GAINS,
        bard.RULING_CARD_GOLD,
    }
    assert with_alternative == bard.HouseRules.supported
    for ruling_id in with_alternative:
        rules = bard.HouseRules.from_house_rules({ruling_id})
        assert rules != bard.HouseRules() and rules.house_rules == {ruling_id}


def test_the_dragon_island_ruling_cites_the_rule_text_and_the_worked_example() -> None:
    sections = {s.section for s in catalogue().ruling(bard.RULING_DRAGON_ISLAND).sources}
    assert {"Dragon Island, step 3", "Singing Step Example, step 4"} <= sections


def test_the_lost_town_square_icon_ruling_cites_both_passages() -> None:
    sources = catalogue().ruling(bard.RULING_TOWN_SQUARE_ICON).sources
    assert any("will reveal a ." in (s.quote or "") for s in sources)
    assert any("Blue Gem (on your Badge track)" in (s.quote or "") for s in sources)


def test_the_facts_describe_nine_locations_four_halls_and_two_closed_halls() -> None:
    facts = bard.facts()
    kinds = [loc.kind for loc in facts.location]
    assert len(kinds) == 9 == facts.singing.locations
    assert kinds.count("pier") == 3 and kinds.count("faction_hall") == 4
    assert {c.id for c in facts.closed_hall} == {"rogues_lair", "paladin_hall"}
    assert (facts.volume.max, facts.volume.boast_cost) == (6, 3)
    assert (facts.soundstone.icons, facts.soundstone.tokens) == (3, 3)


def _copy_data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(data_dir(), target)
    return target


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('faction = "noble"', 'faction = "paladin"', "location[7] ('noble_hall'): field 'faction'"),
        (
            "max = 6\nboast_cost = 3",
            "max = 6\nboast_cost = 7",
            "field 'volume': Value error, boast_cost (7) is above max (6)",
        ),
        ("icons = 3\ntokens = 3", "icons = 0\ntokens = 3", "field 'soundstone.icons'"),
        ('id = "pier_3"', 'id = "pier_2"', "location[2] ('pier_2'): field 'id': repeats"),
        ("locations = 9", "locations = 10", "singing: field 'locations': 10 locations"),
        (
            "gem_badges = 4",
            "gem_badges = 3",
            "field 'badges': Value error, hand_size_badges (2) + gem_badges (3)",
        ),
        ('kind = "town_square"', 'kind = "market"', "field 'location.3.kind'"),
    ],
)
def test_a_malformed_bard_file_names_the_file_entry_and_field(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    root = _copy_data(tmp_path)
    path = root / "bard" / "facts.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataFileError) as info:
        bard.load_facts(root)
    assert f"{path}: " in str(info.value)
    assert message in str(info.value)
