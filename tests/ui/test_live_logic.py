"""The session loop's plain part (companion.ui.model.live): what a table screen says after
each outcome, when a message's Undo may still be pressed, how long messages stay, and the
lines of the list of games in progress."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from companion.engine.journey import JourneyGame, StartRow
from companion.tables import Applied, Failed, Refused, Snapshot, TableInfo
from companion.ui.model import live

T0 = datetime(2025, 6, 1, 20, 0)


def info_of(**changes: object) -> TableInfo:
    fields: dict[str, object] = {
        "id": 7,
        "tool": "journey",
        "status": "open",
        "players": ("Anna", "Ben"),
        "line": "Turn 3 of 38 · Anna to play",
        "saved_play_id": None,
        "created_at": T0,
        "updated_at": T0,
    }
    fields.update(changes)
    return TableInfo(**fields)  # type: ignore[arg-type]


def snap(last: int | None, **changes: object) -> Snapshot:
    return Snapshot(info=info_of(**changes), seq=4, game=None, last=last, version=1)


def test_an_applied_move_offers_undo_of_that_step_only_while_it_is_the_last() -> None:
    _, record = JourneyGame.new(["Anna", "Ben"]).apply(StartRow("9"))
    applied = Applied(snap(4), 4, record)
    message = live.after(applied, describe=live.describe_record)
    assert message is not None
    assert message.text == "Anna started row 1 with a 9: a new city."
    assert (message.undo_of, message.seconds, message.error) == (4, live.SECONDS_UNDO, False)
    assert message.undo_allowed(snap(4))
    assert not message.undo_allowed(snap(5))  # someone moved after
    assert not message.undo_allowed(snap(3))  # it was taken back
    assert not message.undo_allowed(snap(4, status="finished"))
    custom = live.after(applied, describe=live.describe_record, confirm=lambda a: f"step {a.seq}")
    assert custom is not None and custom.text == "step 4"


def test_an_undo_refusal_and_failure_are_said_as_such() -> None:
    _, record = JourneyGame.new(["Anna", "Ben"]).apply(StartRow("9"))
    undone = live.after(Applied(snap(None), 5, record, undone=4), describe=live.describe_record)
    assert undone is not None and undone.text.startswith("Taken back: Anna started row 1")
    assert undone.undo_of is None
    refused = live.after(Refused(snap(4), "Ben already played turn 7."), describe=str)
    failed = live.after(Failed(snap(4), "Not saved: database or disk is full."), describe=str)
    for message, text in ((refused, "Ben already played turn 7."), (failed, "Not saved: ")):
        assert message is not None and message.error and message.text.startswith(text)
        assert message.seconds == live.SECONDS_ERROR and message.undo_of is None
    rules = live.after(Applied(snap(5), 5, None), describe=live.describe_record)
    assert rules is not None and rules.text == "Done."


@pytest.mark.parametrize(
    ("seconds", "said"),
    [(5, "just now"), (59, "just now"), (180, "3 min ago"), (3 * 3600, "3 h ago"),
     (25 * 3600, "yesterday"), (5 * 86400, "5 days ago"), (-30, "just now")],
)  # fmt: skip
def test_last_touched_in_words(seconds: int, said: str) -> None:
    assert live.ago(T0, T0 + timedelta(seconds=seconds)) == said


def test_the_games_in_progress_lines() -> None:
    lines = live.game_lines(
        [info_of(updated_at=T0 - timedelta(minutes=3)), info_of(id=8, players=(), line="",
                                                              damaged="step 2 no longer replays")],
        T0,
    )  # fmt: skip
    assert [(g.title, g.status, g.touched, g.problem) for g in lines] == [
        ("Anna, Ben", "Turn 3 of 38 · Anna to play", "last touched 3 min ago", None),
        (
            "Game 8",
            "Not started yet",
            "last touched just now",
            "Read-only: step 2 no longer replays",
        ),
    ]


def test_an_old_single_save_is_read_unless_it_is_in_the_history() -> None:
    assert live.old_saved_game(None, str) is None
    assert live.old_saved_game({"game": None}, str) is None
    assert live.old_saved_game({"game": "g", "saved_play": 3}, str) is None
    assert live.old_saved_game({"game": "g", "saved_play": None}, lambda raw: f"read {raw}") == (
        "read g"
    )
    assert live.imported_key("journey_game") == "journey_game_imported"


def test_device_ids_are_short_and_differ() -> None:
    ids = {live.new_device_id() for _ in range(50)}
    assert len(ids) == 50 and all(len(i) == 8 for i in ids)


def test_a_closed_table_says_why_it_takes_no_more_changes() -> None:
    assert live.closed_note(info_of()) is None
    assert live.closed_note(info_of(status="abandoned")) == (
        "This table is abandoned: it takes no more changes."
    )
    game = {"noun": "game", "changes": "moves"}
    assert live.closed_note(info_of(status="finished"), **game) == (
        "This game is finished: it takes no more moves."
    )
    assert live.closed_note(info_of(status="finished", saved_play_id=3), **game) == (
        "This game is finished and saved to history: it takes no more moves."
    )
    assert live.closed_note(info_of(damaged="step 2 no longer replays"), **game) == (
        "This game is read-only: step 2 no longer replays. Its moves are kept in the database."
    )
