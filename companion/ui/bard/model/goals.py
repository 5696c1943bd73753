"""The goals chosen on this device for "Best song": what the player wants besides gold.

Each is a chip; the planner takes them as constraints (:class:`~companion.engine.bard.Goals`),
and when no song meets them all, :mod:`companion.ui.bard.model.plans` asks again for the
songs that meet the most.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.engine.bard import Goals, Song, facts
from companion.ui.bard.model.words import plural


@dataclass(frozen=True)
class GoalChip:
    """One chip: its id (``rune-warrior``, ``most-runes``, ``fans-1``, ``boast``, ``card``,
    ``soundstone``), its words and whether it is on."""

    id: str
    label: str
    selected: bool


@dataclass
class GoalForm:
    runes: set[str] = field(default_factory=set)
    most_runes: bool = False
    fans: int = 0
    boast: bool = False
    cards: int = 0
    soundstones: int = 0

    def goals(self, song: Song | None = None) -> Goals:
        """The planner's goals; those ``song`` can no longer reach in any case (a hall that
        already holds your Rune) are left out."""
        runes = set(self.runes)
        if song is not None:
            runes -= set(song.board.runes)
        return Goals(
            runes=frozenset(runes),
            most_runes=self.most_runes,
            fans=self.fans,
            boast=self.boast,
            cards=self.cards,
            soundstones=self.soundstones,
        )

    @property
    def any(self) -> bool:
        return bool(
            self.runes
            or self.most_runes
            or self.fans
            or self.boast
            or self.cards
            or self.soundstones
        )

    def toggle(self, chip: str) -> None:
        """Turn a chip on or off (see :class:`GoalChip` for the ids)."""
        if chip.startswith("rune-"):
            hall = chip.removeprefix("rune-")
            facts().faction_named(hall)
            self.runes ^= {hall}
        elif chip == "most-runes":
            self.most_runes = not self.most_runes
        elif chip.startswith("fans-"):
            n = int(chip.removeprefix("fans-"))
            self.fans = 0 if self.fans == n else n
        elif chip == "boast":
            self.boast = not self.boast
        elif chip == "card":
            self.cards = 0 if self.cards else 1
        elif chip == "soundstone":
            self.soundstones = 0 if self.soundstones else 1
        else:
            raise KeyError(chip)

    def chips(self, song: Song | None, *, several_fans: bool) -> list[GoalChip]:
        """The chips to offer for ``song``: a Rune for each hall still open to it, fans
        (two as well under the house rule of several fans a visit), a Boast, a card, a
        Soundstone kept when the song has one."""
        bard = facts()
        held = set(song.board.runes) if song is not None else set()
        out = [
            GoalChip(f"rune-{f.id}", f"Rune: {f.hall}", f.id in self.runes)
            for f in bard.faction
            if f.id not in held
        ]
        out.append(GoalChip("most-runes", "As many Runes as possible", self.most_runes))
        for n in (1, 2) if several_fans else (1,):
            words = "Gain a fan" if n == 1 else f"Gain {plural(n, 'fan')}"
            out.append(GoalChip(f"fans-{n}", words, self.fans == n))
        out.append(GoalChip("boast", f"Keep {bard.volume.boast_cost} Volume to Boast", self.boast))
        out.append(GoalChip("card", "Buy a card", self.cards > 0))
        stones = (
            0 if song is None else sum(1 for s in song.unspent if s.id.startswith("soundstone-"))
        )
        if stones or self.soundstones:
            out.append(GoalChip("soundstone", "Keep a Soundstone", self.soundstones > 0))
        return out


__all__ = ["GoalChip", "GoalForm"]
