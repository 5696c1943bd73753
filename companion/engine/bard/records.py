"""What the Bard's actions did: a performance's and a Boast's records (the song's log, with the
working line by line), the song at a glance, a song ended, and the records of a Bard table's
log. Each record keeps what came ``before`` it, so undo is free."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from companion.engine.bard.facts import facts, location_name
from companion.engine.bard.values import Board, Figure, plural

if TYPE_CHECKING:
    from companion.engine.bard.actions import BardAction, Boast, Performance
    from companion.engine.bard.game import BardGame
    from companion.engine.bard.song import Song

__all__ = ["Boasted", "GameRecord", "Performed", "Record", "SongSung", "SongTotals"]


@dataclass(frozen=True)
class Performed:
    """What one performance did, with the working line by line (in our own words)."""

    number: int
    location: str
    performance: Performance
    gold: Figure
    spent: tuple[str, ...]
    icons: int
    volume: int
    card: Figure | None = None
    rune: str | None = None
    fans: tuple[Figure, ...] = ()
    hand_size: Figure | None = None
    creature: bool = False
    lines: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    coins: int = 0  # the part of ``gold`` that came from Coin icons
    paladins_as: str | None = None  # the colour the Paladins on a Pier counted as
    before: Song = field(kw_only=True, repr=False, compare=False)

    @property
    def action(self) -> Performance:
        return self.performance

    @property
    def name(self) -> str:
        return location_name(self.location)

    @property
    def summary(self) -> str:
        bits = [f"{self.gold.value} gold"] if self.gold.value or not self.rewards else []
        bits += list(self.rewards)
        return f"{self.name}: " + ", ".join(bits)

    @property
    def rewards(self) -> tuple[str, ...]:
        out: list[str] = []
        if self.rune:
            out.append(f"a Rune in the {facts().faction_named(self.rune).hall}")
        if self.fans:
            out.append("a fan" if len(self.fans) == 1 else f"{len(self.fans)} fans")
        if self.card:
            out.append(f"a card for {self.card.value} gold")
        if self.creature:
            out.append("a Creature card")
        return tuple(out)

    def __repr__(self) -> str:
        return f"Performed({self.number}, {self.location!r}, gold={self.gold!r})"


@dataclass(frozen=True)
class Boasted:
    """A Boast: Volume spent, the Creature cards activated and discarded (and, under the
    house rule, the Soundstones they gave joining the song)."""

    action: Boast
    volume: int
    creatures: int
    lines: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    before: Song = field(kw_only=True, repr=False, compare=False)

    @property
    def summary(self) -> str:
        return f"Boast: {self.volume} Volume, {plural(self.creatures, 'Creature card')}"

    def __repr__(self) -> str:
        return f"Boasted(volume={self.volume}, creatures={self.creatures})"


Record = Performed | Boasted


@dataclass(frozen=True)
class SongTotals:
    """The song at a glance: gold with its working, what is left, what was gained."""

    gold: Figure
    cards: Figure
    net: Figure
    volume_left: Figure
    moves_left: int
    icons_left: Mapping[str, int]
    runes: tuple[str, ...]
    fans: int
    creatures_taken: int
    creatures_activated: int
    board: Board


@dataclass(frozen=True)
class SongSung:
    """A song that was ended: what it earned and paid, where it went."""

    kind: str
    gold: int
    paid: int
    locations: tuple[str, ...]
    boasts: int

    @property
    def net(self) -> int:
        return self.gold - self.paid


@dataclass(frozen=True, kw_only=True)
class GameRecord:
    """What an action did: ``summary`` in words, the song's own record for a performance or a
    Boast, and ``before``, the table as it was (for undo)."""

    action: BardAction
    summary: str
    record: Performed | Boasted | None = None
    before: BardGame = field(repr=False, compare=False)
