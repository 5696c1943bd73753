"""The Bard's actions: the four kinds of performance a song is made of, and the spends they
list. Each is a plain, immutable value checked when built (a bad count or name raises the
:class:`~companion.engine.bard.errors.BardError` naming it); whether the rules allow it *now*
is the song's to say (:meth:`~companion.engine.bard.song.Song.verify`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from companion.engine.bard.errors import CountError, IconError, UnknownNameError
from companion.engine.bard.facts import facts
from companion.engine.bard.values import MAX_ADVENTURERS, SIDES, check_faction, whole

__all__ = [
    "AtDragonIsland",
    "AtFactionHall",
    "AtPier",
    "AtTownSquare",
    "HallSong",
    "Performance",
    "Spend",
    "spends",
]


@dataclass(frozen=True, repr=False)
class Spend:
    """Spend the source ``source`` whole; ``colour`` picks the colour of an any-colour source
    (None lets the location choose the colour that pays most)."""

    source: str
    colour: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.source, str) or not self.source:
            raise UnknownNameError(f"a spend names a source id, got {self.source!r}")
        if self.colour is not None:
            check_faction(self.colour, what=f"colour for source {self.source!r}")

    def __repr__(self) -> str:
        return f"Spend({self.source!r}" + (f", {self.colour!r})" if self.colour else ")")


def spends(*items: str | Spend) -> tuple[Spend, ...]:
    """``spends("a", Spend("b", "warrior"))`` — source ids or :class:`Spend` values."""
    return tuple(item if isinstance(item, Spend) else Spend(item) for item in items)


def _counts(name: str, value: object) -> Mapping[str, int]:
    if not isinstance(value, Mapping):
        raise CountError(f"{name} maps colours to counts, got {value!r}")
    order = facts().faction_ids
    checked: dict[str, int] = {}
    for key, count in value.items():
        colour = check_faction(key, what=f"colour in {name}")
        checked[colour] = whole(f"{name}[{key!r}]", count, 0, MAX_ADVENTURERS)
    return MappingProxyType({c: checked[c] for c in order if c in checked})


def _spend_tuple(name: str, value: object) -> tuple[Spend, ...]:
    if isinstance(value, (str, Spend)) or not isinstance(value, Iterable):
        raise IconError(f"{name} is a sequence of sources, got {value!r}")
    return spends(*value)


# -- performances -----------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class AtPier:
    """Sing at a Pier: each icon × the Adventurers of its colour there; maybe buy a card.

    ``paladins`` are Master Craft's Paladins on this Pier; they count only under the house rule
    of ruling ``bard.paladins_at_piers``, all as ``paladin_colour`` (None: the colour that pays
    most).
    """

    pier: str
    spend: tuple[Spend, ...] = ()
    adventurers: Mapping[str, int] = field(default_factory=dict)
    buy_card: bool = False
    paladins: int = 0
    paladin_colour: str | None = None

    def __post_init__(self) -> None:
        if self.pier not in facts().piers():
            raise UnknownNameError(
                f"unknown pier {self.pier!r}: the piers are {', '.join(facts().piers())}"
            )
        object.__setattr__(self, "spend", _spend_tuple("spend", self.spend))
        object.__setattr__(self, "adventurers", _counts("adventurers", self.adventurers))
        if not isinstance(self.buy_card, bool):
            raise CountError(f"buy_card is True or False, got {self.buy_card!r}")
        whole("paladins", self.paladins, 0, facts().paladins.meeples)
        if self.paladin_colour is not None:
            check_faction(self.paladin_colour, what="paladin_colour")

    @property
    def location(self) -> str:
        return self.pier

    def __repr__(self) -> str:
        extra = f", paladins={self.paladins}" if self.paladins else ""
        if self.paladin_colour is not None:
            extra += f", paladin_colour={self.paladin_colour!r}"
        return (
            f"AtPier({self.pier!r}, spend={self.spend!r}, "
            f"adventurers={dict(self.adventurers)!r}, buy_card={self.buy_card!r}{extra})"
        )


@dataclass(frozen=True, repr=False)
class AtTownSquare:
    """Gain a fan (``fans`` of them under the house rule) for icons of any colours."""

    spend: tuple[Spend, ...] = ()
    fans: int = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "spend", _spend_tuple("spend", self.spend))
        whole("fans", self.fans, 1, facts().badges.count)

    @property
    def location(self) -> str:
        return "town_square"

    def __repr__(self) -> str:
        return f"AtTownSquare(spend={self.spend!r}, fans={self.fans})"


@dataclass(frozen=True, repr=False)
class AtFactionHall:
    """Place a Rune in a hall with more icons of its colour than Adventurers inside.

    ``hall`` is a faction (``"warrior"``), a hall location (``"warrior_hall"``) or one of the
    halls the Bard may not sing in (refused by :meth:`Song.verify` with the rulebook's reason).
    """

    hall: str
    spend: tuple[Spend, ...] = ()
    adventurers: int = 0

    def __post_init__(self) -> None:
        bard = facts()
        closed = {c.id for c in bard.closed_hall}
        hall = self.hall
        if isinstance(hall, str) and hall.endswith("_hall") and hall not in closed:
            hall = hall.removesuffix("_hall")
        if hall not in closed:
            hall = check_faction(hall, what="Faction Hall")
        object.__setattr__(self, "hall", hall)
        object.__setattr__(self, "spend", _spend_tuple("spend", self.spend))
        whole("adventurers", self.adventurers, 0, MAX_ADVENTURERS)

    @property
    def location(self) -> str:
        if self.hall in facts().faction_ids:
            return facts().hall_of(self.hall).id
        return self.hall

    def __repr__(self) -> str:
        return f"AtFactionHall({self.hall!r}, spend={self.spend!r}, adventurers={self.adventurers})"


@dataclass(frozen=True, repr=False)
class HallSong:
    """At Dragon Island, one selected hall: icons of its colour sung to the Adventurers of that
    colour on the chosen side. ``hall_adventurers`` counts only under the rule-text reading."""

    hall: str
    spend: tuple[Spend, ...] = ()
    side_adventurers: int = 0
    hall_adventurers: int | None = None

    def __post_init__(self) -> None:
        hall = self.hall.removesuffix("_hall") if isinstance(self.hall, str) else self.hall
        object.__setattr__(self, "hall", check_faction(hall, what="Faction Hall"))
        object.__setattr__(self, "spend", _spend_tuple("spend", self.spend))
        whole("side_adventurers", self.side_adventurers, 0, MAX_ADVENTURERS)
        if self.hall_adventurers is not None:
            whole("hall_adventurers", self.hall_adventurers, 0, MAX_ADVENTURERS)

    def __repr__(self) -> str:
        extra = (
            f", hall_adventurers={self.hall_adventurers}"
            if self.hall_adventurers is not None
            else ""
        )
        return (
            f"HallSong({self.hall!r}, spend={self.spend!r}, "
            f"side_adventurers={self.side_adventurers}{extra})"
        )


@dataclass(frozen=True, repr=False)
class AtDragonIsland:
    """Sing from Dragon Island to one side of Serpents Bay, for one or more halls."""

    side: str
    halls: tuple[HallSong, ...] = ()

    def __post_init__(self) -> None:
        if self.side not in SIDES:
            raise UnknownNameError(f"unknown side {self.side!r}: choose {' or '.join(SIDES)}")
        if isinstance(self.halls, HallSong) or not isinstance(self.halls, Iterable):
            raise UnknownNameError(f"halls is a sequence of HallSong, got {self.halls!r}")
        halls = tuple(self.halls)
        for h in halls:
            if not isinstance(h, HallSong):
                raise UnknownNameError(f"halls holds HallSong values, got {h!r}")
        object.__setattr__(self, "halls", halls)

    @property
    def location(self) -> str:
        return "dragon_island"

    @property
    def spend(self) -> tuple[Spend, ...]:
        return tuple(s for h in self.halls for s in h.spend)

    def __repr__(self) -> str:
        return f"AtDragonIsland({self.side!r}, halls={self.halls!r})"


Performance = AtPier | AtTownSquare | AtFactionHall | AtDragonIsland
