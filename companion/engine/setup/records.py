"""What a setup table holds besides the choice (the last Surprise me draw), how far its
checklist got, and what each action did (the records of its log)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.engine.core.numbers import is_whole, whole
from companion.engine.setup.check import module_ids
from companion.engine.setup.checklist import Step
from companion.engine.setup.errors import SaveDataError, UnknownModuleError
from companion.engine.setup.words import cove_card

if TYPE_CHECKING:
    from companion.engine.setup.actions import SetupAction
    from companion.engine.setup.game import SetupGame


@dataclass(frozen=True)
class Draw:
    """The last "Surprise me" draw: what was asked and what came out, so it can be replayed."""

    kind: str  # "modules", "paladin" or "rogue"
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
        return {
            "kind": self.kind,
            "seed": self.seed,
            "players": self.players,
            "modules": sorted(self.modules),
            "size": self.size,
            "pinned": sorted(self.pinned),
            "banned": sorted(self.banned),
            "card": self.card,
        }

    @classmethod
    def from_dict(cls, data: object) -> Draw:
        """A draw back from :meth:`to_dict`; raises :class:`SetupError` naming the field."""
        if not isinstance(data, Mapping):
            raise SaveDataError(f"draw {data!r} must be a mapping")
        kind = data.get("kind")
        if kind not in ("modules", "paladin", "rogue"):
            raise SaveDataError(f"draw kind {kind!r}")
        size = data.get("size")
        if size is not None and not is_whole(size):
            raise SaveDataError(f"draw size {size!r}")
        card = data.get("card")
        if card is not None:
            if not isinstance(card, str):
                raise SaveDataError(f"draw card {card!r}")
            cove_card(card)  # an unknown card raises UnknownCardError
        modules = id_set(data.get("modules", []), "draw modules")
        known = set(module_ids())
        for module_id in sorted(modules - known):
            raise UnknownModuleError(f"unknown module {module_id!r} in the draw")
        return cls(
            kind=str(kind),
            seed=whole(data.get("seed"), "draw seed", SaveDataError),
            players=whole(data.get("players"), "draw players", SaveDataError),
            modules=modules,
            size=size,
            pinned=id_set(data.get("pinned", []), "draw pinned"),
            banned=id_set(data.get("banned", []), "draw banned"),
            card=card,
        )


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


def id_set(values: object, what: str) -> frozenset[str]:
    """A saved list of ids as a set; raises :class:`SaveDataError` naming ``what``."""
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise SaveDataError(f"{what} {values!r} must be a list of ids")
    return frozenset(values)


__all__ = ["Draw", "Progress", "Record", "id_set"]
