"""Golden whole-game transcripts: a seeded player per game tool, and the script that writes them.

Each game tool has one module here, ``companion/golden/<tool>.py``, holding ``TOOL`` (the tool's
id in :mod:`companion.tables.registry`) and ``play(seed) -> (game, actions)``: a fresh game and
a whole game's legal actions, chosen with ``random.Random(seed)``. Like OpenSpiel's playthroughs,
the transcript written from it (``tests/golden/<tool>.json``) pins every step: the action as
saved, what the engine recorded, the status line after it, and the final game as saved.
``tests/engine/test_golden.py`` replays each transcript through the tool's ``TableRules`` and
checks the seeded player still makes the same moves, so a change of behaviour shows as a diff::

    python -m companion.golden            # rewrite every transcript from its player
    python -m companion.golden --check    # compare only; exit 1 and name what differs
    python -m companion.golden journey    # one tool

A tool joins by adding its module; nothing else needs editing (modules are found by name).
"""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from companion.tables.registry import tools

#: The fixed seed every transcript is played with.
SEED = 20261201
#: Where the transcripts live in a checkout of the repository.
GOLDEN_DIR = Path(__file__).resolve().parents[3] / "tests" / "golden"


@dataclass(frozen=True)
class Player:
    """One tool's seeded player: its tool id and ``play(seed) -> (game, actions)``."""

    tool: str
    play: Callable[[int], tuple[Any, Sequence[Any]]]
    outcome: Callable[[Any], Any] | None = None


def _player_of(module: ModuleType) -> Player:
    tool, play = getattr(module, "TOOL", None), getattr(module, "play", None)
    if not isinstance(tool, str) or not callable(play):
        raise TypeError(f"{module.__name__} must define TOOL (a tool id) and play(seed)")
    outcome = getattr(module, "outcome", None)
    return Player(tool, play, outcome if callable(outcome) else None)


def players() -> dict[str, Player]:
    """Every tool's seeded player, by tool id (one module of this package each)."""
    found: dict[str, Player] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        player = _player_of(importlib.import_module(f"{__name__}.{info.name}"))
        found[player.tool] = player
    return found


def _played(
    player: Player, seed: int, start: dict[str, Any], game: Any, actions: Sequence[Any]
) -> dict[str, Any]:
    tool, rules = player.tool, tools()[player.tool]
    steps = []
    for action in actions:
        game, record = game.apply(action)
        steps.append(
            {"action": action.to_dict(), "record": repr(record), "status": rules.status(game)}
        )
    played = {
        "tool": tool,
        "seed": seed,
        "players": list(rules.players(game)),
        "start": start,
        "steps": steps,
        "is_over": bool(game.is_over),
        "final": game.to_dict(),
    }
    if player.outcome is not None:
        played["outcome"] = player.outcome(game)
    return played


def transcript(player: Player, seed: int = SEED) -> dict[str, Any]:
    """The whole game ``player`` plays from ``seed``, step by step, as plain JSON data."""
    game, actions = player.play(seed)
    start = tools()[player.tool].start_of(game)
    return _played(player, seed, start, game, actions)


def replay(data: dict[str, Any], player: Player) -> dict[str, Any]:
    """A transcript played again from its saved start and actions alone, through the tool's
    ``TableRules`` (``read_start``, ``read_action``, ``apply``): the transcript it reproduces
    (``player`` adds the outcome, if it says one)."""
    rules = tools()[data["tool"]]
    game = rules.read_start(data["start"])
    actions = [rules.read_action(step["action"]) for step in data["steps"]]
    return _played(player, data["seed"], data["start"], game, actions)


def dumps(data: dict[str, Any]) -> str:
    """A transcript as its file holds it (stable key order, one step per few lines)."""
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def path_of(tool: str, directory: Path = GOLDEN_DIR) -> Path:
    return directory / f"{tool}.json"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m companion.golden",
        description="Write (or --check) each game tool's golden whole-game transcript.",
    )
    parser.add_argument("tools", nargs="*", help="tool ids (default: every tool)")
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 on a diff")
    parser.add_argument("--dir", type=Path, default=GOLDEN_DIR, help="transcripts' folder")
    args = parser.parse_args(argv)
    known = players()
    unknown = [t for t in args.tools if t not in known]
    if unknown:
        parser.error(f"unknown tool {unknown[0]!r}; known: {', '.join(sorted(known))}")
    differ = 0
    for tool in args.tools or sorted(known):
        text = dumps(transcript(known[tool]))
        path = path_of(tool, args.dir)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            print(f"{tool}: unchanged ({path})")
        elif args.check:
            differ += 1
            print(f"{tool}: differs from {path}" if old else f"{tool}: missing {path}")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"{tool}: written {path}")
    return 1 if differ else 0
