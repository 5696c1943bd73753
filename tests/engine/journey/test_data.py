"""Merchant's Journey's facts (data/journey/facts.toml) and rulings
(data/journey/rulings.toml): what they hold, that they agree with the engine and the setup
data, and that a broken file is reported by file, entry and field. (The quotes themselves are
checked by test_data_sources.)"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.engine import journey as j
from companion.rules import DataFileError, catalogue, data_dir, read_toml


def test_every_ruling_the_engine_names_is_in_the_data() -> None:
    ids = {r.id for r in catalogue().rulings_for(j.GAME_ID)}
    assert set(j.RULINGS) <= ids


def test_house_rule_switches_are_exactly_the_rulings_with_an_alternative() -> None:
    own = read_toml(data_dir() / "journey" / "rulings.toml")["ruling"]
    with_alternative = {r["id"] for r in own if r.get("alternative")}
    assert with_alternative == set(j.SUPPORTED)
    for ruling_id in j.SUPPORTED:
        ruling = catalogue().ruling(ruling_id)
        assert ruling.game == j.GAME_ID and ruling.alternative_label


def test_the_deck_ruling_the_data_leans_on_exists() -> None:
    ruling = catalogue().ruling(j.facts().deck.ruling)
    assert "four suits" in ruling.reading


def test_the_game_in_the_catalogue_agrees_with_the_facts() -> None:
    game = catalogue().game(j.GAME_ID)
    players = j.facts().players
    assert (game.min_players, game.max_players) == (players.min, players.max)
    assert game.highest_wins
    assert game.categories == ("Pairs", "Blight bonus")


def test_the_setup_checklist_data_agrees_on_deck_and_hand() -> None:
    setup = read_toml(data_dir() / "setup" / "merchants_journey.toml")
    quantities = {q["name"]: q["value"] for q in setup["quantity"]}
    assert (quantities["deck"], quantities["hand"]) == (j.facts().deck.size, j.facts().deck.hand)


def test_specials_are_the_daggered_cards() -> None:
    specials = {c.rank: c.ability for c in j.facts().cards if c.ability}
    assert specials == {
        "2": "blight",
        "5": "swap",
        "6": "ghorralands",
        "10": "swap",
        "Q": "fixed",
    }
    assert j.card_facts("Q").moved_only_by == ("5",)
    assert j.can_move("5", "Q") and not j.can_move("10", "Q") and j.can_move("10", "K")


def test_blight_links_pay_30_and_50() -> None:
    assert [(link.length, link.points) for link in j.facts().blight.link] == [(3, 30), (4, 50)]
    assert [j.link_bonus(n) for n in range(1, 6)] == [0, 0, 30, 50, 0]


# -- broken files ----------------------------------------------------------------------------------


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the data directory with one edit to journey/facts.toml."""
    root = tmp_path / "data"
    shutil.copytree(data_dir(), root)
    path = root / "journey" / "facts.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("value = 9\n", 'value = "nine"\n', r"card\[7\] \('Nine'\): field 'value'"),
        ('rank = "K"', 'rank = "A"', r"card\[11\] \('King'\): field 'rank'"),
        ('rank = "K"', 'rank = "Q"', r"card\[11\]: field 'rank': 'Q' repeats card\[10\]"),
        ("size = 48", "size = 52", r"field 'deck.size': 52 cards is not 4 copies of 12 ranks"),
        ("hand = 5", "hand = 8", r"field 'deck.hand': 8 cards to each of 6 players"),
        ("length = 4", "length = 5", r"blight.link\[1\]: field 'length': a chain of 5"),
        ('moved_only_by = ["5"]', 'moved_only_by = ["A"]', r"card\[10\] \('Queen'\): field"),
        ('ability = "blight"\n', "", r"card\[0\] \('Two'\): field '\(entry\)'"),
        ("min = 2", "min = 7", r"field 'players': .*min \(7\) is above max \(6\)"),
        ('game = "merchants_journey"', 'game = "mercante"', r"field 'game': 'mercante'"),
    ],
)
def test_a_broken_file_names_file_entry_and_field(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    root = _broken(tmp_path, old, new)
    with pytest.raises(DataFileError, match=message) as err:
        j.load_facts(root)
    assert str(err.value).startswith(str(root / "journey" / "facts.toml") + ": ") or str(
        err.value
    ).startswith("data/journey/facts.toml: ")


def test_a_missing_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match=r"journey/facts\.toml: file not found"):
        j.load_facts(tmp_path)
