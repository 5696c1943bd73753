"""The shared saved form of an action: its kind, then its fields as plain data."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import ClassVar

import pytest

from companion.engine.core import saves
from companion.tools import golden


@dataclass(frozen=True)
class _Point:
    x: int
    label: str | None = field(default=None, metadata=saves.saved(omit_default=True))

    def to_dict(self) -> dict[str, object]:
        return saves.saved_fields(self)


@dataclass(frozen=True)
class _Move(saves.Action):
    kind: ClassVar[str] = "move"
    to: _Point
    path: tuple[_Point, ...] = ()
    tags: frozenset[str] = frozenset()
    bids: tuple[tuple[str, int], ...] = field(default=(), metadata=saves.saved(dict))
    when: datetime | None = field(
        default=None, metadata=saves.saved(lambda w: w.isoformat(timespec="minutes"))
    )


def test_an_action_saves_its_kind_then_its_fields_in_order() -> None:
    move = _Move(_Point(1, "a"), (_Point(2),), frozenset({"b", "a"}), (("x", 1),))
    assert list(move.to_dict().items()) == [
        ("kind", "move"),
        ("to", {"x": 1, "label": "a"}),
        ("path", [{"x": 2}]),
        ("tags", ["a", "b"]),
        ("bids", {"x": 1}),
        ("when", None),
    ]


def test_a_conversion_applies_to_a_value_other_than_none() -> None:
    move = _Move(_Point(0), when=datetime(2026, 11, 28, 21, 30, 15))
    assert move.to_dict()["when"] == "2026-11-28T21:30"


def test_an_action_without_fields_saves_its_kind() -> None:
    @dataclass(frozen=True)
    class _Pass(saves.Action):
        kind: ClassVar[str] = "pass"

    assert _Pass().to_dict() == {"kind": "pass"}


@pytest.mark.parametrize("tool", sorted(golden.players()))
def test_every_game_undoes_its_last_action_and_refuses_with_nothing_to_undo(tool: str) -> None:
    game, actions = golden.players()[tool].play(golden.SEED)
    assert not game.can_undo
    with pytest.raises(ValueError, match="nothing to undo"):
        game.undo()
    after = game.apply(actions[0])[0]
    assert after.can_undo
    assert after.undo() == game
