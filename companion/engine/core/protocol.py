"""The shared table's contract with each game engine: what a tool must give the hub.

A game in progress is a TABLE (see ``companion.tables``): its tool, its start and an
append-only log of actions that every device sees. The hub knows nothing about any game; it
asks the tool's :class:`TableRules` (one frozen instance, exported by the engine module) to

- read the table's start back into a game (``read_start``) and each logged action
  (``read_action``), raising the engine's own error naming the bad field;
- say what an action depends on (``reads``), so that an action sent by a device that had not
  seen the latest moves is applied only if what it depends on is still as that device saw it
  (the default, :func:`whole_game`, is "nothing may have changed": right for turn-based
  games; a checklist tick would read only its own step);
- say in words what changed (``changed``) when such an action is refused
  (``"Ben already played turn 7"``);
- describe a table for the games-in-progress list (``players`` and ``status``);
- optionally score the game again under other house rules (``with_rules``).

A GAME is an immutable value with ``apply(action) -> (game, record)`` (verifies first and
raises a ``ValueError`` subclass naming the input, changing nothing, when the action is not
allowed), ``log`` (the records), ``is_over`` and ``to_dict()``. An ACTION is a small frozen
:class:`~companion.engine.core.saves.Action` with a ``kind`` and ``to_dict()``.

Undo is not the engines' business: the hub logs ``{"kind": "undo", "of": <seq>}`` and takes
the table back to the game before that action, refusing unless it is still the table's last
effective action. Nor is who holds which phone: the hub logs ``{"kind": "holder", ...}``.
Nothing here imports flet, SQLAlchemy or the history.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from companion.engine.core.saves import Action

#: Log rows the hub itself understands (never handed to an engine).
UNDO = "undo"
HOUSE_RULES = "house_rules"
#: Which player a device holds ("This phone is Ann"): ``{"kind": "holder", "device": ...,
#: "player": "Ann" | None}``; not a move, so Undo never takes it back.
HOLDER = "holder"
HUB_KINDS = frozenset({UNDO, HOUSE_RULES, HOLDER})


class Game(Protocol):
    """What the hub needs of a tool's game value."""

    @property
    def log(self) -> Sequence[Any]: ...

    @property
    def is_over(self) -> bool: ...

    def apply(self, action: Any) -> tuple[Any, Any]: ...

    def to_dict(self) -> dict[str, Any]: ...


G = TypeVar("G", bound=Game)
A = TypeVar("A", bound=Action)


def passes(check: Callable[[], object], error: type[Exception]) -> bool:
    """Whether ``check()`` returns without raising ``error``: each ``can_<act>`` is its
    ``verify_<act>`` answered yes or no (``passes(lambda: game.verify_swap(1, 2), SwapError)``)."""
    try:
        check()
    except error:
        return False
    return True


def whole_game(game: Any, action: Any) -> object:
    """``reads`` for a turn-based game: an action depends on the whole table, so any change
    since the device looked refuses it."""
    return game


def table_changed(then: Any, now: Any) -> str:
    """``changed`` when a tool has nothing more precise to say."""
    return "The table changed since this screen showed it"


@dataclass(frozen=True)
class TableRules(Generic[G, A]):
    """One tool's rules for its tables (a frozen instance exported by the engine module).

    ``tool`` is the tool's id as the app's routes name it (``"journey"``). ``error`` is the
    engine's base error: what ``apply``, ``read_start`` and ``read_action`` raise for input
    they refuse (a ``ValueError`` subclass); the hub turns it into a refusal message.
    """

    tool: str
    read_start: Callable[[object], G]
    read_action: Callable[[object], A]
    players: Callable[[G], tuple[str, ...]]
    status: Callable[[G], str]
    error: type[ValueError] = ValueError
    reads: Callable[[G, A], object] = whole_game
    changed: Callable[[G, G], str] = table_changed
    with_rules: Callable[[G, frozenset[str]], G] | None = None

    def __post_init__(self) -> None:
        if not self.tool or not self.tool.replace("-", "").replace("_", "").isalnum():
            raise ValueError(f"tool {self.tool!r} must be a short id such as 'journey'")
        if not issubclass(self.error, ValueError):
            raise ValueError(f"error {self.error!r} must be a ValueError subclass")

    def start_of(self, game: G) -> dict[str, Any]:
        """The start of a new table: the fresh game's saved form, read back once to check."""
        data = game.to_dict()
        self.read_start(data)
        return data

    def fits(self, then: G, now: G, action: A) -> bool:
        """Whether ``action``, chosen on a screen showing ``then``, still fits ``now``."""
        return bool(self.reads(then, action) == self.reads(now, action))


__all__ = [
    "HOLDER",
    "HOUSE_RULES",
    "HUB_KINDS",
    "UNDO",
    "Game",
    "TableRules",
    "table_changed",
    "whole_game",
]
