"""Game data loads into validated models; a damaged file names the file, entry and field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.rules import DataFileError, catalogue, data_dir, load_catalogue


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(data_dir(), target)
    return target


def test_the_shipped_catalogue_loads() -> None:
    cat = catalogue()
    ids = [g.id for g in cat.games]
    assert ids[:3] == ["merchants_cove", "mercante", "merchants_journey"]
    assert cat.other.is_other
    mercante = cat.game("mercante")
    assert (mercante.min_players, mercante.max_players, mercante.highest_wins) == (3, 5, True)
    journey = cat.game("merchants_journey")
    assert (journey.min_players, journey.max_players) == (2, 6)
    assert cat.rulings, "rulings are listed in Settings"
    assert cat.game_by_name("mercante") == mercante


def test_models_are_immutable() -> None:
    game = catalogue().game("mercante")
    with pytest.raises(Exception, match="frozen"):
        game.min_players = 2  # type: ignore[misc]


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_wrong_type_names_file_entry_and_field(data_copy: Path) -> None:
    _replace(data_copy / "games.toml", "min_players = 3", 'min_players = "three"')
    with pytest.raises(DataFileError) as err:
        load_catalogue(data_copy)
    message = str(err.value)
    assert "data/games.toml" in message or "games.toml" in message
    assert "game[1] ('mercante')" in message
    assert "'min_players'" in message


def test_an_unknown_field_is_refused(data_copy: Path) -> None:
    _replace(data_copy / "games.toml", 'id = "mercante"', 'id = "mercante"\nplayers = 4')
    with pytest.raises(DataFileError, match=r"game\[1\].*'players'"):
        load_catalogue(data_copy)


def test_an_impossible_player_range_is_refused(data_copy: Path) -> None:
    _replace(
        data_copy / "games.toml",
        "min_players = 3\nmax_players = 5",
        "min_players = 3\nmax_players = 2",
    )
    with pytest.raises(DataFileError, match=r"'mercante'.*above max_players"):
        load_catalogue(data_copy)


def test_broken_toml_names_the_file(data_copy: Path) -> None:
    (data_copy / "books.toml").write_text("[[book]\nid = ", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"books.toml: not valid TOML"):
        load_catalogue(data_copy)


def test_a_ruling_citing_an_unknown_book_is_refused(data_copy: Path) -> None:
    _replace(data_copy / "rulings.toml", 'book = "master_craft"', 'book = "nope"')
    with pytest.raises(DataFileError, match=r"data/rulings.toml: ruling\[0\].*unknown book 'nope'"):
        load_catalogue(data_copy)


def test_a_repeated_ruling_id_is_refused(data_copy: Path) -> None:
    text = (data_copy / "rulings.toml").read_text(encoding="utf-8")
    (data_copy / "zz_copy").mkdir()
    (data_copy / "zz_copy" / "rulings.toml").write_text(text, encoding="utf-8")
    already = r"zz_copy/rulings.toml: .*already used in .*data/rulings.toml"
    with pytest.raises(DataFileError, match=already):
        load_catalogue(data_copy)


def test_a_missing_file_is_named(data_copy: Path) -> None:
    (data_copy / "games.toml").unlink()
    with pytest.raises(DataFileError, match=r"games\.toml: file not found"):
        load_catalogue(data_copy)


def test_every_ruling_with_an_alternative_offers_a_house_rule() -> None:
    for ruling in catalogue().rulings:
        assert ruling.has_house_rule == (ruling.alternative is not None)
        if ruling.has_house_rule:
            assert ruling.house_rule_label


def test_a_game_naming_an_unknown_tiebreak_ruling_is_refused(data_copy: Path) -> None:
    _replace(
        data_copy / "games.toml",
        'tiebreak_ruling = "mercante.tiebreak_first_place"',
        'tiebreak_ruling = "mercante.nope"',
    )
    where = r"data/games.toml: game\[1\] \('mercante'\): field 'tiebreak_ruling'"
    with pytest.raises(DataFileError, match=rf"{where}: unknown ruling 'mercante.nope'"):
        load_catalogue(data_copy)
