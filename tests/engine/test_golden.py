"""Golden whole-game transcripts (``tests/golden/<tool>.json``, written by
``python -m companion.golden``): each replays step for step through its tool's table rules, and
each tool's seeded player still plays exactly that game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.tables.registry import tools
from companion.tools import golden

PLAYERS = golden.players()


def load(tool: str) -> dict[str, object]:
    path = golden.path_of(tool)
    assert path.exists(), f"{path} is missing: run python -m companion.golden {tool}"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_every_game_tool_has_a_seeded_player() -> None:
    assert "journey" in PLAYERS
    assert set(PLAYERS) <= set(tools())


@pytest.mark.parametrize("tool", sorted(PLAYERS))
def test_the_transcript_replays_step_for_step(tool: str) -> None:
    data = load(tool)
    assert data["steps"], "a transcript with no moves pins nothing"
    assert golden.replay(data, PLAYERS[tool]) == data


@pytest.mark.parametrize("tool", sorted(PLAYERS))
def test_the_seeded_player_still_plays_the_transcript(tool: str) -> None:
    data = load(tool)
    assert golden.dumps(golden.transcript(PLAYERS[tool], data["seed"])) == golden.dumps(data)


def test_a_changed_step_is_caught(tmp_path: Path) -> None:
    data = load("journey")
    steps = data["steps"]
    assert isinstance(steps, list)
    steps[-1]["status"] = "Game over after 99 turns"
    assert golden.replay(data, PLAYERS["journey"]) != data
    (tmp_path / "journey.json").write_text(golden.dumps(data), encoding="utf-8")
    assert golden.main(["--check", "--dir", str(tmp_path), "journey"]) == 1
    assert golden.main(["--dir", str(tmp_path), "journey"]) == 0
    assert golden.main(["--check", "--dir", str(tmp_path), "journey"]) == 0


def test_an_unknown_tool_is_named() -> None:
    with pytest.raises(SystemExit):
        golden.main(["chess"])


@pytest.mark.parametrize("tool", sorted(PLAYERS))
def test_every_game_verifies_answers_and_applies_each_action_alike(tool: str) -> None:
    # One shape for every engine (issues 13, 23): verify(action) raises or returns what the
    # action needs to be played, can_apply(action) answers the same question, apply(action)
    # carries it out.
    game, actions = PLAYERS[tool].play(golden.SEED)
    for action in actions[:5]:
        game.verify(action)
        assert game.can_apply(action)
        assert type(action).kind == action.to_dict()["kind"]
        game = game.apply(action)[0]
