"""What a setup table holds besides the choice (the last Surprise me draw), how far its
checklist got, and what each action did (the records of its log)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Literal

from companion.engine.core import saves
from companion.engine.setup.check import module_ids
from companion.engine.setup.checklist import Step
from companion.engine.setup.errors import SaveDataError, UnknownModuleError
from companion.engine.setup.words import cove_card

#: The save format of a setup table (and of its actions and its last draw).
SAVE: Final = saves.SaveFormat("companion.setup.table", 1, SaveDataError)

if TYPE_CHECKING:
    from companion.engine.setup.actions import SetupAction
    from companion.engine.setup.game import SetupGame


@dataclass(frozen=True)
class Draw:
    """The last "Surprise me" draw: what was asked and what came out, so it can be replayed."""

    kind: Literal["modules", "paladin", "rogue"]
    seed: int
    players: int
    modules: frozenset[str]
    size: int | None = None
    pinned: frozenset[str] = frozenset()
    banned: frozenset[str] = frozenset()
    card: str | None = None

    def __repr__(self) -> str:
        return f"Draw({self.kind!r}, seed={self.seed}, modules={sorted(self.modules)!r})"

    def to_dict(self) -> dict[str, Any]:
        return saves.saved_fields(self)

    @classmethod
    def from_dict(cls, data: object) -> Draw:
        """A draw back from :meth:`to_dict`; raises a :class:`SetupError` naming the field."""
        draw = SAVE.read_value(cls, data)
        if draw.card is not None:
            cove_card(draw.card)  # an unknown card raises UnknownCardError
        for module_id in sorted(draw.modules - set(module_ids())):
            raise UnknownModuleError(f"unknown module {module_id!r} in the draw")
        return draw


@dataclass(frozen=True)
class Progress:
    """How far the checklist is. A ticked step whose words changed since (the player count
    went up) is not counted as done: it is ``changed`` and waits to be checked again, and it
    can be the ``next_step``."""

    done: int
    total: int
    next_step: Step | None
    changed: tuple[str, ...]  # ids of ticked steps whose words changed since the tick

    @property
    def text(self) -> str:
        return f"{self.done} of {self.total} done"

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0

    @property
    def finished(self) -> bool:
        return self.total > 0 and self.done == self.total


@dataclass(frozen=True)
class Record:
    """What an action did: the action, the game as it was ``before`` (for undo) and a
    sentence saying what happened (``"Step 3 (Faction Festival) marked done."``)."""

    action: SetupAction
    summary: str
    before: SetupGame = field(repr=False, compare=False)


__all__ = ["SAVE", "Draw", "Progress", "Record"]
