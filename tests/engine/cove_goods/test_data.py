"""data/cove_goods/facts.toml: the numbers the sale calculator reads, and the errors a damaged file
gives (file, entry and field named)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine import cove_goods as cg
from companion.rules import DataFileError, data_dir


def test_the_numbers_are_the_rulebooks() -> None:
    data = cg.facts()
    assert data.paladin_good.base == 2  # Paladin Goods
    assert data.paladin_good.tokens == 7  # Components
    assert data.display_case.bonus == 2  # Display Cases
    assert data.enchantment.factor == 2  # Enchantment tokens
    assert data.un_fairies.penalty == 1  # Rogue card 19
    assert data.fence.factor == 3  # Rogue card 21
    assert data.paladins.meeples == 7  # Components
    assert cg.adventurer_types() == (
        "warriors", "bards", "wizards", "nobles", "paladins", "rogues",
    )  # fmt: skip
    assert data.factions == ("warriors", "bards", "wizards", "nobles")
    assert cg.adventurer_name("nobles", 1) == "1 Noble"


def _copy(tmp_path: Path, edit: tuple[str, str]) -> Path:
    text = (data_dir() / "cove_goods" / "facts.toml").read_text(encoding="utf-8")
    old, new = edit
    assert old in text
    (tmp_path / "cove_goods").mkdir()
    (tmp_path / "cove_goods" / "facts.toml").write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


def test_the_shipped_file_loads_from_a_copy(tmp_path: Path) -> None:
    assert cg.load_facts(_copy(tmp_path, ("", ""))) == cg.facts()


@pytest.mark.parametrize(
    ("edit", "named"),
    [
        (("bonus = 2", "bonus = 0"), "display_case.bonus"),
        (("factor = 3", 'factor = "3"'), "fence.factor"),
        (('kind = "rogue"', 'kind = "pirate"'), "adventurer[5] ('rogues'): field 'kind'"),
        (('id = "bards"', 'id = "warriors"'), "field 'id': 'warriors' repeats"),
        (('kind = "paladin"', 'kind = "faction"'), "exactly one 'paladin'"),
        (("[fence]", "[fences]"), "fence"),
    ],
)
def test_a_damaged_file_names_file_entry_and_field(
    tmp_path: Path, edit: tuple[str, str], named: str
) -> None:
    with pytest.raises(DataFileError) as caught:
        cg.load_facts(_copy(tmp_path, edit))
    message = str(caught.value)
    assert "cove_goods/facts.toml" in message
    assert named in message


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match=r"cove_goods/facts\.toml: file not found"):
        cg.load_facts(tmp_path)


def test_unknown_adventurer_lookup_names_it() -> None:
    with pytest.raises(cg.AdventurerError, match="dragons"):
        cg.facts().adventurer("dragons")
