"""What lies on a Merchant's Journey table and what each move did: the cards played and the
records of the log (each keeps the game as it was, so undo is free)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from companion.engine.core.words import possessive
from companion.engine.journey.values import Gain, a_card, points_text

if TYPE_CHECKING:
    from companion.engine.journey.actions import Action
    from companion.engine.journey.game import JourneyGame

SwapKind = Literal["played", "ghorralands"]


@dataclass(frozen=True)
class Card:
    """A card on the table: ``id`` counts placements from 1; ``by`` is who played it."""

    id: int
    rank: str
    by: str

    def __repr__(self) -> str:
        return f"Card({self.id}, {self.rank!r}, by={self.by!r})"


@dataclass(frozen=True, kw_only=True)
class Record:
    """What an action did. ``before`` is the game as it was (for undo)."""

    action: Action
    player: str
    gain: Gain
    before: JourneyGame = field(repr=False, compare=False)

    @property
    def summary(self) -> str:
        return f"{self.player}: {self.action!r}"


@dataclass(frozen=True, kw_only=True)
class PlayRecord(Record):
    """A card played: ``row`` is where it went; ``beside`` the card it connected to, if any."""

    card: Card
    row: int
    beside: Card | None

    @property
    def summary(self) -> str:
        if self.beside is None:
            where = f"row {self.row + 1} with {a_card(self.card.rank)}"
            return f"{self.player} started {where}: a new city."
        return (
            f"{self.player} played {self.card.rank} beside {self.beside.rank} in row "
            f"{self.row + 1}: {points_text(self.gain.points)} ({self.gain.working})."
        )


@dataclass(frozen=True, kw_only=True)
class SwapRecord(Record):
    """A swap: ``moved`` is the card whose ability moved it, ``other`` the card it traded with."""

    swap: SwapKind
    moved: Card
    other: Card

    @property
    def summary(self) -> str:
        if self.swap == "played":
            text = (
                f"{possessive(self.player)} {self.moved.rank} traded places "
                f"with the {self.other.rank}"
            )
        else:
            here = self.before.where(self.moved.id)[0] + 1
            there = self.before.where(self.other.id)[0] + 1
            where = f"in row {there}" if there != here else "in the same row"
            text = f"{self.player} switched their 6 in row {here} with the 6 {where}"
        if self.gain.pairs:
            return f"{text}: {points_text(self.gain.points)} ({self.gain.working})."
        return f"{text}; scores stand."


__all__ = ["Card", "PlayRecord", "Record", "SwapKind", "SwapRecord"]
