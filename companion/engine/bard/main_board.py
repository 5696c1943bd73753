"""The main board as the Bard sees it (:class:`Table`): what a song may sing to, entered once
and kept.

A :class:`Table` holds each Pier's Adventurers by faction (and Master Craft's Paladins
there), each Faction Hall's Adventurers, each side of Dragon Island's Adventurers on undocked
boats, and how many Townsfolk in the Town Square could still become your fans. The planner
(:func:`~companion.engine.bard.planner.plan`) and the performances it builds read their counts
from it; which halls hold *your* Runes is on your player board
(:class:`~companion.engine.bard.values.Board`), not here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from companion.engine.bard.errors import CountError, UnknownNameError
from companion.engine.bard.facts import facts, location_name
from companion.engine.bard.values import (
    MAX_ADVENTURERS,
    SIDES,
    check_faction,
    check_pier,
    faction_word,
    plural,
)
from companion.engine.core.numbers import whole
from companion.engine.core.words import listed, spoken

if TYPE_CHECKING:
    from companion.engine.bard.actions import Performance

__all__ = ["PALADIN", "Table"]

#: The key of a Pier's Paladins (Master Craft) in :attr:`Table.piers`.
PALADIN = "paladin"


def _colour(key: str, n: int) -> str:
    return "Paladins" if key == PALADIN else faction_word(key, n)


def _mapping(name: str, value: object) -> Mapping[Any, Any]:
    if not isinstance(value, Mapping):
        raise CountError(f"{name} maps names to counts, got {value!r}")
    return value


def _colours(name: str, value: object, *, paladins: bool = False) -> Mapping[str, int]:
    """Every faction (and ``paladin`` where allowed) with its count, in faction order."""
    bard = facts()
    allowed = (*bard.faction_ids, PALADIN) if paladins else bard.faction_ids
    counts = dict.fromkeys(allowed, 0)
    for key, count in _mapping(name, value).items():
        if key not in allowed:
            names = listed([_colour(k, 2) for k in allowed], "or")
            raise UnknownNameError(f"{name}: Adventurers are {names}, not {spoken(str(key))}")
        high = bard.paladins.meeples if key == PALADIN else MAX_ADVENTURERS
        counts[key] = whole(count, f"{name}: {_colour(key, 2)}", CountError, least=0, most=high)
    return MappingProxyType(counts)


@dataclass(frozen=True, repr=False, eq=False)
class Table:
    """The main board for a song. Missing piers, halls, sides or factions count 0.

    ``piers`` maps a pier id (``pier_1``…) to its Adventurers by faction, plus ``paladin``;
    ``halls`` maps a faction to the Adventurers in its hall; ``dragon_island`` maps a side
    (``left``/``right``) to the Adventurers of each faction on its undocked boats;
    ``townsfolk`` is how many Townsfolk in the Town Square could still take one of your
    Badges (None: as many as you need).
    """

    piers: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    halls: Mapping[str, int] = field(default_factory=dict)
    dragon_island: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    townsfolk: int | None = None

    def __post_init__(self) -> None:
        bard = facts()
        piers: dict[str, Mapping[str, int]] = {}
        given = _mapping("piers", self.piers)
        for pier in given:
            if pier not in bard.piers():
                check_pier(pier, what="a Pier on the main board")
        for pier in bard.piers():
            where = location_name(pier)
            piers[pier] = _colours(where, given.get(pier, {}), paladins=True)
        halls = dict.fromkeys(bard.faction_ids, 0)
        for hall, count in _mapping("halls", self.halls).items():
            name = hall.removesuffix("_hall") if isinstance(hall, str) else hall
            if name not in halls:
                check_faction(name, what="a Faction Hall on the main board")
            halls[name] = whole(
                count,
                f"the Adventurers in the {bard.faction_named(name).hall}",
                CountError,
                least=0,
                most=MAX_ADVENTURERS,
            )
        sides: dict[str, Mapping[str, int]] = {}
        island = _mapping("dragon_island", self.dragon_island)
        for side in island:
            if side not in SIDES:
                raise UnknownNameError(
                    f"Dragon Island has a left and a right side, not {spoken(str(side))}"
                )
        for side in SIDES:
            sides[side] = _colours(f"the {side} side of Dragon Island", island.get(side, {}))
        if self.townsfolk is not None:
            whole(self.townsfolk, "the Townsfolk", CountError, least=0, most=bard.badges.count)
        object.__setattr__(self, "piers", MappingProxyType(piers))
        object.__setattr__(self, "halls", MappingProxyType(halls))
        object.__setattr__(self, "dragon_island", MappingProxyType(sides))

    # -- reading -----------------------------------------------------------------------------
    def pier(self, pier: str) -> Mapping[str, int]:
        """The Adventurers of each faction on ``pier`` (without the Paladins)."""
        counts = self.piers[pier]
        return {c: n for c, n in counts.items() if c != PALADIN}

    def paladins(self, pier: str) -> int:
        return self.piers[pier][PALADIN]

    def hall(self, faction: str) -> int:
        return self.halls[faction]

    def side(self, side: str) -> Mapping[str, int]:
        return self.dragon_island[side]

    def recount(self, performance: Performance, *, text: bool = False) -> Performance:
        """``performance`` with its Adventurer counts read from this board (what it spends,
        and any card, fans or colour chosen, unchanged). ``text``: the rule-text reading of
        Dragon Island, which also counts the Adventurers in each hall sung for."""
        return performance.recounted(self, text=text)

    def changes(self, other: Table) -> tuple[str, ...]:
        """What differs from ``other`` (the board before), one line per count:
        ``Pier 1: Warriors 2 → 3``."""
        bard = facts()
        out: list[str] = []
        for pier in bard.piers():
            name = bard.location_named(pier).name
            for colour, n in self.piers[pier].items():
                was = other.piers[pier][colour]
                if n != was:
                    word = "Paladins" if colour == PALADIN else faction_word(colour, 2)
                    out.append(f"{name}: {word} {was} → {n}")
        for hall, n in self.halls.items():
            if n != other.halls[hall]:
                where = bard.faction_named(hall).hall
                out.append(f"{where}: {other.halls[hall]} → {plural(n, 'Adventurer')}")
        for side in SIDES:
            for colour, n in self.dragon_island[side].items():
                was = other.dragon_island[side][colour]
                if n != was:
                    out.append(f"Dragon Island, {side} side: {faction_word(colour, 2)} {was} → {n}")
        if self.townsfolk != other.townsfolk:

            def told(n: int | None) -> str:
                return "as many as needed" if n is None else str(n)

            out.append(f"Townsfolk to win: {told(other.townsfolk)} → {told(self.townsfolk)}")
        return tuple(out)

    # -- values ------------------------------------------------------------------------------
    def _key(self) -> tuple[object, ...]:
        return (
            tuple((p, tuple(c.items())) for p, c in self.piers.items()),
            tuple(self.halls.items()),
            tuple((s, tuple(c.items())) for s, c in self.dragon_island.items()),
            self.townsfolk,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Table) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def to_dict(self) -> dict[str, Any]:
        """Plain data, only the counts that are not 0 (:meth:`from_dict` reads it back)."""
        out: dict[str, Any] = {
            "piers": {p: {c: n for c, n in cs.items() if n} for p, cs in self.piers.items()},
            "halls": {h: n for h, n in self.halls.items() if n},
            "dragon_island": {
                s: {c: n for c, n in cs.items() if n} for s, cs in self.dragon_island.items()
            },
        }
        out["piers"] = {p: cs for p, cs in out["piers"].items() if cs}
        out["dragon_island"] = {s: cs for s, cs in out["dragon_island"].items() if cs}
        if self.townsfolk is not None:
            out["townsfolk"] = self.townsfolk
        return out

    @classmethod
    def from_dict(cls, data: object) -> Table:
        """Read :meth:`to_dict`'s form back; a bad field raises naming it."""
        raw = _mapping("table", data)
        unknown = sorted(set(raw) - {"piers", "halls", "dragon_island", "townsfolk"}, key=repr)
        if unknown:
            raise UnknownNameError(f"table: unknown field {unknown[0]!r}")
        return cls(
            piers=raw.get("piers", {}),
            halls=raw.get("halls", {}),
            dragon_island=raw.get("dragon_island", {}),
            townsfolk=raw.get("townsfolk"),
        )

    def __repr__(self) -> str:
        d = self.to_dict()
        args = [f"{k}={d[k]!r}" for k in ("piers", "halls", "dragon_island") if d[k]]
        if self.townsfolk is not None:
            args.append(f"townsfolk={self.townsfolk!r}")
        return f"Table({', '.join(args)})"
