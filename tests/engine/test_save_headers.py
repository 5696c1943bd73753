"""One save header, checked in one place (companion.engine.core.saves.SaveFormat): every reader of a
saved header goes through it, old saves already on disk still read, and a missing or wrong
``format``/``version`` is refused naming the field."""

from __future__ import annotations

import json

import pytest

from companion.engine.core.saves import SaveFormat
from companion.engine.setup import SetupGame
from companion.ui.cove_goods.model import SaleState
from companion.ui.cove_goods.model import StateError as CoveStateError
from companion.ui.journey import model as journey_logic
from companion.ui.setup.model import OldSetupError, load_old_setup, read_old_setup
from companion.ui.setup.model.old_save import FORMAT as SETUP_FORMAT


class HeaderError(ValueError):
    pass


NEW = SaveFormat("companion.example", 2, HeaderError, what="the saved example")
OLD = SaveFormat(1, None, HeaderError)


def test_a_header_is_written_and_read_back() -> None:
    assert NEW.header() == {"format": "companion.example", "version": 2}
    assert NEW.check_header({**NEW.header(), "x": 1}) == {**NEW.header(), "x": 1}
    assert OLD.header() == {"format": 1}
    assert OLD.check_header({"format": 1, "game": "cove"})["game"] == "cove"


@pytest.mark.parametrize(
    ("fmt", "data", "message"),
    [
        (NEW, [1], "the saved example must be a mapping, got list"),
        (NEW, {"version": 2}, "the 'format' field is missing (expected 'companion.example')"),
        (NEW, {"format": "other", "version": 2}, "format 'other' is not 'companion.example'"),
        (NEW, {"format": "companion.example"}, "the 'version' field is missing"),
        (NEW, {"format": "companion.example", "version": 3}, "version 3 is not supported"),
        (OLD, {"game": "cove"}, "the 'format' field is missing (expected 1)"),
        (OLD, {"format": 2}, "format 2 is not 1"),
        (OLD, "text", "a saved game must be a mapping, got str"),
    ],
)
def test_a_bad_header_is_refused_naming_the_field(
    fmt: SaveFormat, data: object, message: str
) -> None:
    with pytest.raises(HeaderError) as caught:
        fmt.check_header(data)
    assert message in str(caught.value)


# -- the old screen saves, read once when a table is made from them -----------------------
def test_an_old_cove_sale_save_still_reads() -> None:
    state = SaleState().with_count("wizards", 2)
    old = json.loads(json.dumps(state.to_dict()))
    assert old["format"] == 1 and "version" not in old  # the shape older versions saved
    assert SaleState.from_dict(old) == state


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"pier": {"wizards": 2}}, "the 'format' field is missing"),
        ({"format": "1", "pier": {}}, "format '1' is not 1"),
        ({"format": 2, "pier": {}}, "format 2 is not 1"),
    ],
)
def test_an_old_cove_sale_save_without_its_format_is_refused(data: object, message: str) -> None:
    with pytest.raises(CoveStateError, match=message):
        SaleState.from_dict(data)


OLD_SETUP = {"format": SETUP_FORMAT, "game": "merchants_cove", "players": 3}


def test_an_old_setup_save_still_reads() -> None:
    game = read_old_setup(OLD_SETUP)
    assert isinstance(game, SetupGame)
    assert game.game == "merchants_cove" and game.players == 3
    assert load_old_setup(OLD_SETUP).problem is None


def test_an_old_setup_save_without_a_format_is_refused_naming_it() -> None:
    missing = {k: v for k, v in OLD_SETUP.items() if k != "format"}
    with pytest.raises(OldSetupError, match="the 'format' field is missing"):
        read_old_setup(missing)
    with pytest.raises(OldSetupError, match="format 2 is not 1"):
        read_old_setup({**OLD_SETUP, "format": 2})
    assert "starts afresh" in (load_old_setup(missing).problem or "")


def test_an_old_journey_screen_save_of_another_version_is_refused() -> None:
    with pytest.raises(journey_logic.StateError, match="version 2 is not supported"):
        journey_logic.read_old_save({"format": journey_logic.STATE_FORMAT, "version": 2})
    with pytest.raises(journey_logic.StateError, match="the 'version' field is missing"):
        journey_logic.read_old_save({"format": journey_logic.STATE_FORMAT})
