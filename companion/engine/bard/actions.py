"""The Bard's actions: the four kinds of performance a song is made of, the spends they
list, and the Boast. Each is a plain, immutable value checked when built (a bad count or name
raises the :class:`~companion.engine.bard.errors.BardError` naming it); whether the rules
allow it *now* is the song's to say (:meth:`~companion.engine.bard.song.Song.verify`).

Every action is a :class:`BardAction` (the shared :class:`~companion.engine.core.saves.Action`):
``to_dict()`` is plain data and :func:`read_song_action` reads it back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from companion.engine.bard.errors import CountError, IconError, SaveDataError, UnknownNameError
from companion.engine.bard.facts import facts
from companion.engine.bard.values import MAX_ADVENTURERS, SIDES, check_faction, whole
from companion.engine.core import saves

__all__ = [
    "SAVE",
    "SONG_ACTIONS",
    "SONG_READERS",
    "AtDragonIsland",
    "AtFactionHall",
    "AtPier",
    "AtTownSquare",
    "BardAction",
    "Boast",
    "HallSong",
    "Performance",
    "SongAction",
    "Spend",
    "read_song_action",
    "spends",
]

#: The Bard's saves: a table's start and actions, a song and its actions.
SAVE = saves.SaveFormat("companion.bard", 1, SaveDataError)


@dataclass(frozen=True)
class BardAction(saves.Action):
    """A change to a Bard table, as plain data: a performance, a Boast, or the table's own
    steps (:mod:`~companion.engine.bard.game`)."""


@dataclass(frozen=True, repr=False)
class Spend:
    """Spend the source ``source`` whole; ``colour`` picks the colour of an any-colour source
    (None lets the location choose the colour that pays most)."""

    source: str
    colour: str | None = field(default=None, metadata=saves.saved(omit_default=True))

    def __post_init__(self) -> None:
        if not isinstance(self.source, str) or not self.source:
            raise UnknownNameError(f"a spend names a source id, got {self.source!r}")
        if self.colour is not None:
            check_faction(self.colour, what=f"colour for source {self.source!r}")

    def __repr__(self) -> str:
        return f"Spend({self.source!r}" + (f", {self.colour!r})" if self.colour else ")")

    def to_dict(self) -> dict[str, Any]:
        return saves.saved_fields(self)


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
class AtPier(BardAction):
    """Sing at a Pier: each icon × the Adventurers of its colour there; maybe buy a card.

    ``paladins`` are Master Craft's Paladins on this Pier; they count only under the house rule
    of ruling ``bard.paladins_at_piers``, all as ``paladin_colour`` (None: the colour that pays
    most).
    """

    kind: ClassVar[str] = "pier"
    pier: str
    spend: tuple[Spend, ...] = ()
    adventurers: Mapping[str, int] = field(default_factory=dict)
    buy_card: bool = False
    paladins: int = field(default=0, metadata=saves.saved(omit_default=True))
    paladin_colour: str | None = field(default=None, metadata=saves.saved(omit_default=True))

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
class AtTownSquare(BardAction):
    """Gain a fan (``fans`` of them under the house rule) for icons of any colours."""

    kind: ClassVar[str] = "town_square"
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
class AtFactionHall(BardAction):
    """Place a Rune in a hall with more icons of its colour than Adventurers inside.

    ``hall`` is a faction (``"warrior"``), a hall location (``"warrior_hall"``) or one of the
    halls the Bard may not sing in (refused by :meth:`Song.verify` with the rulebook's reason).
    """

    kind: ClassVar[str] = "faction_hall"
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
    hall_adventurers: int | None = field(default=None, metadata=saves.saved(omit_default=True))

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

    def to_dict(self) -> dict[str, Any]:
        return saves.saved_fields(self)


@dataclass(frozen=True, repr=False)
class AtDragonIsland(BardAction):
    """Sing from Dragon Island to one side of Serpents Bay, for one or more halls."""

    kind: ClassVar[str] = "dragon_island"
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


@dataclass(frozen=True)
class Boast(BardAction):
    """Boast: spend 3 Volume and activate the Creature cards in your Boast area."""

    kind: ClassVar[str] = "boast"

    def __repr__(self) -> str:
        return "Boast()"


SongAction = Performance | Boast
#: The classes of :data:`SongAction`, for ``isinstance``.
SONG_ACTIONS = (AtPier, AtTownSquare, AtFactionHall, AtDragonIsland, Boast)


# -- reading actions back -----------------------------------------------------------------------


def _fields(data: Mapping[str, Any], allowed: set[str], required: set[str]) -> None:
    SAVE.known(data, "", allowed | {"kind"})
    for name in sorted(required):
        if name not in data:
            raise SaveDataError(f"{name}: missing")


def _spend_list(name: str, value: object) -> tuple[Spend, ...]:
    if not isinstance(value, list):
        raise SaveDataError(f"{name}: {value!r} must be a list")
    out: list[Spend] = []
    for i, raw in enumerate(value):
        with SAVE.at(f"{name}[{i}]"):
            item = SAVE.mapping(raw, "")
            SAVE.known(item, "", {"source", "colour"})
            out.append(Spend(item.get("source"), item.get("colour")))  # type: ignore[arg-type]
    return tuple(out)


def _read_pier(d: Mapping[str, Any]) -> AtPier:
    _fields(d, {"pier", "spend", "adventurers", "buy_card", "paladins", "paladin_colour"}, {"pier"})
    return AtPier(
        d["pier"],
        _spend_list("spend", d.get("spend", [])),
        adventurers=d.get("adventurers", {}),
        buy_card=d.get("buy_card", False),
        paladins=d.get("paladins", 0),
        paladin_colour=d.get("paladin_colour"),
    )


def _read_square(d: Mapping[str, Any]) -> AtTownSquare:
    _fields(d, {"spend", "fans"}, set())
    return AtTownSquare(_spend_list("spend", d.get("spend", [])), fans=d.get("fans", 1))


def _read_hall(d: Mapping[str, Any]) -> AtFactionHall:
    _fields(d, {"hall", "spend", "adventurers"}, {"hall"})
    return AtFactionHall(
        d["hall"], _spend_list("spend", d.get("spend", [])), adventurers=d.get("adventurers", 0)
    )


def _read_island(d: Mapping[str, Any]) -> AtDragonIsland:
    _fields(d, {"side", "halls"}, {"side"})
    raw = d.get("halls", [])
    if not isinstance(raw, list):
        raise SaveDataError(f"halls: {raw!r} must be a list")
    halls: list[HallSong] = []
    for i, item in enumerate(raw):
        with SAVE.at(f"halls[{i}]"):
            h = SAVE.mapping(item, "")
            SAVE.known(h, "", {"hall", "spend", "side_adventurers", "hall_adventurers"})
            halls.append(
                HallSong(
                    h.get("hall"),  # type: ignore[arg-type]
                    _spend_list("spend", h.get("spend", [])),
                    side_adventurers=h.get("side_adventurers", 0),
                    hall_adventurers=h.get("hall_adventurers"),
                )
            )
    return AtDragonIsland(d["side"], tuple(halls))


def _read_boast(d: Mapping[str, Any]) -> Boast:
    _fields(d, set(), set())
    return Boast()


SONG_READERS: dict[str, Callable[[Mapping[str, Any]], SongAction]] = {
    AtPier.kind: _read_pier,
    AtTownSquare.kind: _read_square,
    AtFactionHall.kind: _read_hall,
    AtDragonIsland.kind: _read_island,
    Boast.kind: _read_boast,
}


def read_song_action(data: object) -> SongAction:
    """A performance or Boast from its ``to_dict()`` form; a bad field raises
    :class:`~companion.engine.bard.errors.SaveDataError` naming it."""
    raw = SAVE.mapping(data, "action")
    kind = raw.get("kind")
    reader = SONG_READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        raise SaveDataError(
            f"kind {kind!r} is not an action of a song: choose {', '.join(SONG_READERS)}"
        )
    with SAVE.at(str(kind)):
        return reader(raw)
