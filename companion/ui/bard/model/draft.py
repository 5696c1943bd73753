"""What one device keeps for a Bard table while the player types: which card the pickers
edit, the location being typed, the goals for "Best song", whether the plans are open, the
Piers of the Gems being chosen. Kept in ``ctx.live.draft("bard", table_id, SongDraft)``:
never written to the table, surviving pushes from other devices."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.engine.bard import Board, facts
from companion.ui.bard.model.goals import GoalForm
from companion.ui.bard.model.stop import StopForm


@dataclass
class GemForm:
    """The Pier each Gem of the last Badge spaces raises (the house rule): chosen one by one,
    sent once all are chosen (the board takes all of them or none)."""

    piers: list[str | None] = field(default_factory=list)

    def shown(self, board: Board) -> list[str | None]:
        count = facts().badges.gem_badges
        if len(self.piers) != count:
            self.piers = list(board.gem_piers) if board.gem_piers else [None] * count
        return self.piers

    def choose(self, index: int, pier: str, board: Board) -> tuple[str, ...] | None:
        """Choose ``pier`` for Gem ``index``; the whole choice once every Gem has one."""
        piers = self.shown(board)
        if pier not in facts().piers():
            raise KeyError(pier)
        piers[index] = pier
        if all(p is not None for p in piers):
            return tuple(p for p in piers if p is not None)
        return None


@dataclass
class SongDraft:
    """This device's typing on one Bard table."""

    card: str | None = None  # the card the pickers edit (a letter)
    stop: StopForm | None = None  # the location being typed
    goals: GoalForm = field(default_factory=GoalForm)
    plans_open: bool = False
    gems: GemForm = field(default_factory=GemForm)


__all__ = ["GemForm", "SongDraft"]
