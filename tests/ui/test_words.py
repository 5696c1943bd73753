"""The screens' messages in players' words (issue 21): every screen test below tests/ui has its
messages checked by the autouse fixture in tests/ui/words_seen.py; these tests show that the
fixture sees a phone's refusals and confirmations, and that the check fails on the words of
code."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine.journey import JourneyGame
from companion.tables import TableHub
from companion.ui import live as live_module
from tests.ui.journey.test_screen import SEATS, open_table, play_card, table_with
from tests.ui_harness import message, run
from tests.words_check import check_all, problems


@run
async def test_a_phones_refusal_and_confirmation_are_seen_and_read_as_sentences(
    store: Any, hub: TableHub, monkeypatch: pytest.MonkeyPatch, words_seen: list[str]
) -> None:
    monkeypatch.setattr(live_module, "SEEN_DELAY", 5.0)
    table_id = table_with(hub, JourneyGame.new(SEATS).start_row("9")[0])
    ben = await open_table(store, hub, table_id)
    cleo = await open_table(store, hub, table_id)
    await cleo.click(cleo.by_id("card-K"))
    await play_card(ben, "8", "row-1-right")
    await cleo.click(cleo.by_id("new-row"))  # aimed at the table before Ben's move: refused
    refusal = message(cleo)
    assert refusal is not None and refusal in words_seen
    assert message(ben) in words_seen
    assert [problems(text) for text in words_seen] == [[] for _ in words_seen]


@pytest.mark.parametrize(
    "text",
    [
        "Revise_song: location 2 (Dragon Island) would no longer work: location 'dragon_island'",
        "Not saved: database error at sqlite:////tmp/history.sqlite3: disk full.",
        "Chris's their penalties: 1, 1.",
    ],
)
def test_the_check_fails_naming_a_message_in_the_words_of_code(text: str) -> None:
    with pytest.raises(AssertionError, match="read like code"):
        check_all(["Ben played 8 beside 9 in row 1.", text])


def test_a_save_names_its_winners_as_a_list_a_player_would_say() -> None:
    """The Mercante tabs (the app's tally and the one typed in) and the score pad say it
    with one function, ``listed`` (review: two copies joined winners with " and ")."""
    from companion.ui.model.words import saved_won

    assert saved_won("Mercante", ["Beth"]) == "Saved Mercante: Beth won."
    assert saved_won("Mercante", ["Adam", "Beth"]) == "Saved Mercante: Adam and Beth won."
    assert saved_won("Mercante", ["Ann", "Ben", "Cleo"]) == "Saved Mercante: Ann, Ben and Cleo won."
    assert saved_won("Mercante", []) == "Saved Mercante."
