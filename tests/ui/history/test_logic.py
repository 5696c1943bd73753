"""History's filters, file checks and words, without a database or a page."""

from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace

import pytest

from companion.ui.history.model import (
    ALL,
    MAX_IMPORT_BYTES,
    HistoryFilter,
    ImportRefused,
    import_text_of,
    play_facts,
    result_lines,
)


def test_a_remembered_filter_is_kept_only_while_its_game_and_player_are_there() -> None:
    saved = {"game": "Mercante", "player": "Anna"}
    kept = HistoryFilter.from_setting(saved, games=["Mercante"], players=["Anna", "Ben"])
    assert (kept.game, kept.player) == ("Mercante", "Anna")
    gone = HistoryFilter.from_setting(saved, games=["Pylos"], players=["Ben"])
    assert (gone.game, gone.player) == (None, None)
    assert HistoryFilter.from_setting("damaged", games=[], players=[]) == HistoryFilter()
    kept.pick_game(ALL)
    kept.pick_player("Ben")
    assert kept.to_setting() == {
        "game": None,
        "player": "Ben",
        "module": None,
        "expansion": None,
    }


def test_an_imported_file_must_be_utf8_text_of_at_most_128_mb() -> None:
    assert import_text_of("\ufeff{}".encode()) == "\ufeff{}".encode()  # read as it is
    with pytest.raises(ImportRefused, match="not UTF-8"):
        import_text_of(b"\xff\xfe\x00")
    with pytest.raises(ImportRefused, match="the largest file an import takes is 128 MB"):
        import_text_of(b" " * (MAX_IMPORT_BYTES + 1))


def test_a_plays_details_and_result_lines() -> None:
    breaker = SimpleNamespace(name="Most money")
    play = SimpleNamespace(
        played_at=datetime(2026, 11, 28, 20, 15),
        duration_min=45,
        location="",
        modules=["Harbour"],
        highest_wins=True,
        tiebreakers=[breaker],
    )
    assert play_facts(play) == [
        ("Sat 28 Nov 2026, 20:15", False),
        ("Took 45 minutes", False),
        ("Modules: Harbour", False),
        ("Highest score wins", True),
        ("Tie-breakers: Most money", True),
    ]
    result = SimpleNamespace(seat=2, start_player=True, breakdown={"Ships": 4}, tiebreaks=[7])
    assert result_lines(play, result) == ["Seat 2, first player", "Ships 4", "Most money: 7"]


def test_result_lines_say_the_first_player_and_losses_with_a_minus_sign() -> None:
    """A saved Merchants Cove night's detail: "Seat 4, first player" (not "started") and
    "Corruption −3" with the minus sign the night's standings use (not a hyphen)."""
    play = SimpleNamespace(tiebreakers=[SimpleNamespace(name="Most money")])
    ben = SimpleNamespace(
        seat=2,
        start_player=False,
        breakdown={"End-game Sponsorship": 12, "Corruption": -3},
        tiebreaks=[-1],
    )
    dev = SimpleNamespace(seat=4, start_player=True, breakdown={}, tiebreaks=[None])
    assert result_lines(play, ben) == [
        "Seat 2",
        "End-game Sponsorship 12, Corruption −3",
        "Most money: −1",
    ]
    assert result_lines(play, dev) == ["Seat 4, first player"]
