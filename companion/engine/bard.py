"""The Bard of The Entertainer pack: a Singing step planned location by location.

A :class:`Song` is one Singing step (or the Swan Song at the start of the Market phase): the
icon sources of the Song tableau (card tops, Volume-unlocked bottom halves, Improv and Paladin
icons, Soundstones), the Volume and the Movement value, and the player board as it stands
(:class:`Board`: Runes in Faction Halls, Badges placed, Creature cards in the Boast area).
Every performance is verified first, then applied, and returns a :class:`Performed` record with
the working shown ("8 Warrior icons × 4 Warriors = 32 gold"); the records are the song's log.
Like pokerkit's actions, each comes in three: :meth:`Song.verify` raises with the reason,
:meth:`Song.can_perform` answers yes or no, :meth:`Song.perform` applies.

Pure, typed and deterministic. Every number comes from ``data/bard.toml``; every reading of an
unclear passage from ``data/rulings/bard.toml`` (the ``RULING_*`` ids); the readings a group
may switch to in Settings are the fields of :class:`SongRules`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Literal

from pydantic import Field, model_validator

from companion.rules.loader import (
    DataFileError,
    data_dir,
    display_path,
    read_toml,
    validate_document,
)
from companion.rules.models import Frozen, Id, Source, Text

__all__ = [
    "ANY",
    "KINDS",
    "RULINGS",
    "RULING_BOAST",
    "RULING_COINS",
    "RULING_DRAGON_ISLAND",
    "RULING_FANS",
    "RULING_HALLS",
    "RULING_HAND_SIZE",
    "RULING_ONE_VISIT",
    "RULING_SOUNDSTONE",
    "RULING_SOURCE_WHOLE",
    "RULING_TOWN_SQUARE_ICON",
    "SIDES",
    "AtDragonIsland",
    "AtFactionHall",
    "AtPier",
    "AtTownSquare",
    "BardError",
    "BardFacts",
    "Board",
    "BoastError",
    "Boasted",
    "CountError",
    "Figure",
    "HallSong",
    "IconError",
    "IconSource",
    "LocationError",
    "Performance",
    "Performed",
    "Record",
    "Song",
    "SongRules",
    "SongTotals",
    "Spend",
    "UnknownNameError",
    "VolumeError",
    "blue_gems",
    "card_price",
    "facts",
    "fan_cost",
    "hand_size",
    "load_facts",
    "location_name",
    "sing",
    "spends",
]

# -- rulings (data/rulings/bard.toml) ---------------------------------------------------------

RULING_DRAGON_ISLAND = "bard.dragon_island_gold"
RULING_TOWN_SQUARE_ICON = "bard.town_square_icon"
RULING_COINS = "bard.coins_from_runes"
RULING_HAND_SIZE = "bard.hand_size"
RULING_FANS = "bard.fans_per_visit"
RULING_BOAST = "bard.boast_once"
RULING_SOURCE_WHOLE = "bard.source_whole"
RULING_SOUNDSTONE = "bard.soundstone_colour"
RULING_ONE_VISIT = "bard.one_visit_each"
RULING_HALLS = "bard.dragon_island_halls"
RULINGS = (
    RULING_DRAGON_ISLAND,
    RULING_TOWN_SQUARE_ICON,
    RULING_COINS,
    RULING_HAND_SIZE,
    RULING_FANS,
    RULING_BOAST,
    RULING_SOURCE_WHOLE,
    RULING_SOUNDSTONE,
    RULING_ONE_VISIT,
    RULING_HALLS,
)

#: The colour of a source whose icons may be spent as any one colour (Paladin icon,
#: Soundstone, an Improv card's wild icons).
ANY = "any"
SIDES = ("left", "right")
KINDS = ("singing", "swan_song")
#: Bounds against typing slips, far above anything a table holds; not rules of the game.
MAX_ICONS = 20
MAX_ADVENTURERS = 40


# -- errors -----------------------------------------------------------------------------------


class BardError(ValueError):
    """Base class: an input the Bard's rules do not allow; the message quotes it."""


class UnknownNameError(BardError):
    """A faction, location, side, source id or song kind that does not exist."""


class CountError(BardError):
    """A number out of range: negative icons, Volume above the track, a seventh Badge..."""


class LocationError(BardError):
    """A location the rules close to this performance (visited, Rune there, no moves left)."""


class IconError(BardError):
    """Icons that cannot be spent so: spent twice, the wrong colour, too few for the cost."""


class VolumeError(BardError):
    """More Volume spent than the song has."""


class BoastError(BardError):
    """A Boast the rules do not allow at this point."""


# -- facts (data/bard.toml) -------------------------------------------------------------------

Count = Annotated[int, Field(ge=0, le=100, strict=True)]
Positive = Annotated[int, Field(ge=1, le=100, strict=True)]


class FactionFacts(Frozen):
    """A faction whose hall the Bard may sing in, and whose Adventurers the icons match."""

    id: Id
    name: Text
    plural: Text
    hall: Text
    source: Source


class ClosedHall(Frozen):
    id: Id
    name: Text
    reason: Text
    source: Source


class LocationFacts(Frozen):
    id: Id
    name: Text
    kind: Literal["pier", "town_square", "faction_hall", "dragon_island"]
    faction: Id | None = None
    source: Source

    @model_validator(mode="after")
    def _faction(self) -> LocationFacts:
        if (self.kind == "faction_hall") != (self.faction is not None):
            raise ValueError("a faction_hall location names its faction, other kinds none")
        return self


class SingingFacts(Frozen):
    locations: Positive
    locations_source: Source
    moves_source: Source
    spend_source: Source
    once_source: Source
    no_split_source: Source
    together_source: Source
    paladin_source: Source
    swan_song_source: Source
    singing_end_source: Source
    swan_song_end_source: Source


class VolumeFacts(Frozen):
    max: Positive
    boast_cost: Positive
    max_source: Source
    unlock_source: Source
    boast_source: Source
    boast_effect_source: Source

    @model_validator(mode="after")
    def _boast(self) -> VolumeFacts:
        if self.boast_cost > self.max:
            raise ValueError(f"boast_cost ({self.boast_cost}) is above max ({self.max})")
        return self


class SoundstoneFacts(Frozen):
    icons: Positive
    tokens: Positive
    icons_source: Source
    tokens_source: Source


class CardFacts(Frozen):
    entertainer: Positive
    entertainer_source: Source
    boast_area_source: Source


class RuneFacts(Frozen):
    count: Positive
    count_source: Source
    coin_source: Source


class BadgeFacts(Frozen):
    count: Positive
    hand_size_start: Positive
    hand_size_badges: Count
    gem_badges: Count
    count_source: Source
    hand_size_start_source: Source
    hand_size_source: Source
    hand_size_badges_source: Source
    gem_badges_source: Source
    hand_size_example_source: Source

    @model_validator(mode="after")
    def _split(self) -> BadgeFacts:
        if self.hand_size_badges + self.gem_badges != self.count:
            raise ValueError(
                f"hand_size_badges ({self.hand_size_badges}) + gem_badges ({self.gem_badges}) "
                f"should make count ({self.count}): the first Badges raise the hand size, the "
                "rest reveal Blue Gems"
            )
        return self


class PierFacts(Frozen):
    cards_per_visit: Positive
    card_price_base: Positive
    gold_source: Source
    card_source: Source
    card_price_source: Source
    card_pay_source: Source
    card_deck_source: Source


class TownSquareFacts(Frozen):
    fan_cost_base: Positive
    fan_cost_source: Source
    any_colour_source: Source
    badge_source: Source
    example_source: Source


class FactionHallFacts(Frozen):
    icons_source: Source
    rune_source: Source
    price_source: Source
    once_source: Source


class DragonIslandFacts(Frozen):
    creature_min_gold: Positive
    creatures: Positive
    needs_rune_source: Source
    side_source: Source
    gold_source: Source
    repeat_source: Source
    creature_source: Source
    creatures_source: Source


class BardFacts(Frozen):
    """Everything in ``data/bard.toml``."""

    faction: tuple[FactionFacts, ...] = Field(min_length=1)
    closed_hall: tuple[ClosedHall, ...] = ()
    location: tuple[LocationFacts, ...] = Field(min_length=1)
    singing: SingingFacts
    volume: VolumeFacts
    soundstone: SoundstoneFacts
    cards: CardFacts
    runes: RuneFacts
    badges: BadgeFacts
    pier: PierFacts
    town_square: TownSquareFacts
    faction_hall: FactionHallFacts
    dragon_island: DragonIslandFacts

    @property
    def faction_ids(self) -> tuple[str, ...]:
        return tuple(f.id for f in self.faction)

    def faction_named(self, faction_id: str) -> FactionFacts:
        for f in self.faction:
            if f.id == faction_id:
                return f
        raise UnknownNameError(
            f"unknown faction {faction_id!r}: the Bard sings to {', '.join(self.faction_ids)}"
        )

    def location_named(self, location_id: str) -> LocationFacts:
        for loc in self.location:
            if loc.id == location_id:
                return loc
        raise UnknownNameError(
            f"unknown location {location_id!r}: the locations are "
            f"{', '.join(loc.id for loc in self.location)}"
        )

    def hall_of(self, faction_id: str) -> LocationFacts:
        for loc in self.location:
            if loc.faction == faction_id:
                return loc
        raise UnknownNameError(f"no Faction Hall location for faction {faction_id!r}")

    def piers(self) -> tuple[str, ...]:
        return tuple(loc.id for loc in self.location if loc.kind == "pier")


def _check(path: Path, bard: BardFacts) -> None:
    where = display_path(path)
    for table, ids in (
        ("faction", [f.id for f in bard.faction]),
        ("location", [loc.id for loc in bard.location]),
        ("closed_hall", [c.id for c in bard.closed_hall]),
    ):
        for i, ident in enumerate(ids):
            if ids.index(ident) != i:
                raise DataFileError(
                    f"{where}: {table}[{i}] ({ident!r}): field 'id': repeats "
                    f"{table}[{ids.index(ident)}]"
                )
    factions = set(bard.faction_ids)
    halls: list[str] = []
    for i, loc in enumerate(bard.location):
        if loc.faction is not None:
            if loc.faction not in factions:
                raise DataFileError(
                    f"{where}: location[{i}] ({loc.id!r}): field 'faction': "
                    f"unknown faction {loc.faction!r}"
                )
            halls.append(loc.faction)
    if sorted(halls) != sorted(factions):
        raise DataFileError(
            f"{where}: location: every faction needs exactly one faction_hall location "
            f"(factions {sorted(factions)!r}, halls {sorted(halls)!r})"
        )
    if len(bard.location) != bard.singing.locations:
        raise DataFileError(
            f"{where}: singing: field 'locations': {bard.singing.locations} locations, but "
            f"{len(bard.location)} [[location]] entries"
        )
    if bard.runes.count < len(halls):
        raise DataFileError(
            f"{where}: runes: field 'count': {bard.runes.count} Runes for {len(halls)} halls"
        )


def load_facts(directory: Path | None = None) -> BardFacts:
    """Read and cross-check ``bard.toml`` in ``directory`` (default: the data directory)."""
    path = (directory or data_dir()) / "bard.toml"
    bard = validate_document(BardFacts, read_toml(path), path=path)
    _check(path, bard)
    return bard


@lru_cache(maxsize=1)
def facts() -> BardFacts:
    """``data/bard.toml``, loaded and validated once."""
    return load_facts()


def location_name(location_id: str) -> str:
    return facts().location_named(location_id).name


# -- small values -----------------------------------------------------------------------------


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


@dataclass(frozen=True)
class Figure:
    """A computed number with its working: ``working`` in words, ``expression`` in figures."""

    value: int
    working: str
    expression: str = ""

    def __str__(self) -> str:
        return self.working

    def __repr__(self) -> str:
        return f"Figure({self.value!r}, {self.working!r})"


def _whole(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CountError(f"{name} must be a whole number, got {value!r}")
    if not low <= value <= high:
        raise CountError(f"{name} must be {low}–{high}, got {value!r}")
    return value


def _faction(value: object, *, what: str = "faction") -> str:
    ids = facts().faction_ids
    if not isinstance(value, str) or value not in ids:
        raise UnknownNameError(f"unknown {what} {value!r}: the colours are {', '.join(ids)}")
    return value


def _name(faction_id: str, n: int = 1) -> str:
    f = facts().faction_named(faction_id)
    return f.name if n == 1 else f.plural


def _icons(n: int, colour: str) -> str:
    return f"{n} {_name(colour) if colour != ANY else 'any-colour'} icon{'s' if n != 1 else ''}"


def _adventurers(n: int, colour: str) -> str:
    return f"{n} {_name(colour, n)}"


def coins(runes_placed: int) -> int:
    """Coins revealed around the Tempo Wheel: one under each Rune gone to a hall."""
    return _whole("runes_placed", runes_placed, 0, facts().runes.count)


def blue_gems(badges_placed: int) -> int:
    """Blue Gems revealed on the Badge track: one under each Badge after the first two."""
    badges = facts().badges
    placed = _whole("badges_placed", badges_placed, 0, badges.count)
    return max(0, placed - badges.hand_size_badges)


def card_price(runes_placed: int, badges_placed: int) -> Figure:
    """The gold a Skill or Improv card costs at a Pier: 1 + revealed Coins + revealed Blue Gems.

    >>> card_price(1, 3)
    Figure(3, '1 + 1 Coin + 1 Blue Gem = 3 gold')
    """
    base = facts().pier.card_price_base
    c, g = coins(runes_placed), blue_gems(badges_placed)
    total = base + c + g
    return Figure(
        total,
        f"{base} + {_plural(c, 'Coin')} + {_plural(g, 'Blue Gem')} = {total} gold",
        f"{base} + {c} + {g} = {total}",
    )


def fan_cost(fans: int) -> Figure:
    """Icons (any colours) a new fan costs at the Town Square: 1 + the fans you already have.

    >>> fan_cost(1)
    Figure(2, '1 + 1 fan you already have = 2 icons')
    """
    badges = facts().badges
    had = _whole("fans", fans, 0, badges.count)
    if had == badges.count:
        raise CountError(f"fans {fans!r}: all {badges.count} Badges are placed, no fan is left")
    base = facts().town_square.fan_cost_base
    total = base + had
    return Figure(
        total,
        f"{base} + {_plural(had, 'fan')} you already have = {total} icons",
        f"{base} + {had} = {total}",
    )


def hand_size(badges_placed: int) -> Figure:
    """Skill cards you draw up to: 2 Melody icons, +1 under each of the first two Badges.

    >>> hand_size(2)
    Figure(4, '2 + 2 Melody icons under Badges = 4 cards')
    """
    badges = facts().badges
    placed = _whole("badges_placed", badges_placed, 0, badges.count)
    extra = min(placed, badges.hand_size_badges)
    total = badges.hand_size_start + extra
    return Figure(
        total,
        f"{badges.hand_size_start} + {extra} Melody icon{'s' if extra != 1 else ''} under "
        f"Badges = {total} cards",
        f"{badges.hand_size_start} + {extra} = {total}",
    )


@dataclass(frozen=True, repr=False)
class Board:
    """What the song finds on your player board and the main board, and changes.

    ``runes``: factions whose hall holds one of your Runes; ``badges``: Badges placed (each on a
    fan); ``boast_area``: Creature cards waiting in your Boast area.
    """

    runes: frozenset[str] = frozenset()
    badges: int = 0
    boast_area: int = 0

    def __post_init__(self) -> None:
        bard = facts()
        if isinstance(self.runes, str) or not isinstance(self.runes, Iterable):
            raise UnknownNameError(f"runes must be a set of factions, got {self.runes!r}")
        runes = frozenset(_faction(r, what="hall for a Rune") for r in self.runes)
        object.__setattr__(self, "runes", runes)
        _whole("badges", self.badges, 0, bard.badges.count)
        _whole("boast_area", self.boast_area, 0, bard.cards.entertainer)

    def __repr__(self) -> str:
        order = facts().faction_ids
        runes = "{" + ", ".join(repr(r) for r in order if r in self.runes) + "}"
        return f"Board(runes={runes}, badges={self.badges}, boast_area={self.boast_area})"

    @property
    def card_price(self) -> Figure:
        return card_price(len(self.runes), self.badges)

    @property
    def fan_cost(self) -> Figure | None:
        """The next fan's cost, or None when every Badge is placed."""
        return None if self.badges >= facts().badges.count else fan_cost(self.badges)

    @property
    def hand_size(self) -> Figure:
        return hand_size(self.badges)

    @property
    def runes_left(self) -> int:
        return facts().runes.count - len(self.runes)


@dataclass(frozen=True, repr=False)
class IconSource:
    """Icons that are spent together: a card's top, a Volume-unlocked bottom half, a
    Soundstone, a Paladin icon, an Improv card's icons. ``colour`` is a faction or
    :data:`ANY`; ``volume`` is what unlocking it costs (0 for a card's top)."""

    id: str
    colour: str
    count: int
    volume: int = 0
    label: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not 1 <= len(self.id) <= 40:
            raise UnknownNameError(f"a source id is 1–40 characters, got {self.id!r}")
        if self.colour != ANY:
            _faction(self.colour, what=f"colour for source {self.id!r}")
        _whole(f"count of source {self.id!r}", self.count, 1, MAX_ICONS)
        _whole(f"volume of source {self.id!r}", self.volume, 0, facts().volume.max)
        if not isinstance(self.label, str) or len(self.label) > 80:
            raise CountError(f"label of source {self.id!r} is at most 80 characters")

    def __repr__(self) -> str:
        extra = f", volume={self.volume}" if self.volume else ""
        extra += f", label={self.label!r}" if self.label else ""
        return f"IconSource({self.id!r}, {self.colour!r}, {self.count}{extra})"

    @property
    def wild(self) -> bool:
        return self.colour == ANY

    def describe(self) -> str:
        """``2 Warrior icons`` / ``3 icons of any one colour`` (+ the Volume to unlock)."""
        text = (
            f"{_plural(self.count, 'icon')} of any one colour"
            if self.wild
            else _icons(self.count, self.colour)
        )
        if self.volume:
            text += f", unlocked with {self.volume} Volume"
        return text


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
            _faction(self.colour, what=f"colour for source {self.source!r}")

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
        colour = _faction(key, what=f"colour in {name}")
        checked[colour] = _whole(f"{name}[{key!r}]", count, 0, MAX_ADVENTURERS)
    return MappingProxyType({c: checked[c] for c in order if c in checked})


def _spend_tuple(name: str, value: object) -> tuple[Spend, ...]:
    if isinstance(value, (str, Spend)) or not isinstance(value, Iterable):
        raise IconError(f"{name} is a sequence of sources, got {value!r}")
    return spends(*value)


# -- performances -----------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class AtPier:
    """Sing at a Pier: each icon × the Adventurers of its colour there; maybe buy a card."""

    pier: str
    spend: tuple[Spend, ...] = ()
    adventurers: Mapping[str, int] = field(default_factory=dict)
    buy_card: bool = False

    def __post_init__(self) -> None:
        if self.pier not in facts().piers():
            raise UnknownNameError(
                f"unknown pier {self.pier!r}: the piers are {', '.join(facts().piers())}"
            )
        object.__setattr__(self, "spend", _spend_tuple("spend", self.spend))
        object.__setattr__(self, "adventurers", _counts("adventurers", self.adventurers))
        if not isinstance(self.buy_card, bool):
            raise CountError(f"buy_card is True or False, got {self.buy_card!r}")

    @property
    def location(self) -> str:
        return self.pier

    def __repr__(self) -> str:
        return (
            f"AtPier({self.pier!r}, spend={self.spend!r}, "
            f"adventurers={dict(self.adventurers)!r}, buy_card={self.buy_card!r})"
        )


@dataclass(frozen=True, repr=False)
class AtTownSquare:
    """Gain a fan (``fans`` of them under the house rule) for icons of any colours."""

    spend: tuple[Spend, ...] = ()
    fans: int = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "spend", _spend_tuple("spend", self.spend))
        _whole("fans", self.fans, 1, facts().badges.count)

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
            hall = _faction(hall, what="Faction Hall")
        object.__setattr__(self, "hall", hall)
        object.__setattr__(self, "spend", _spend_tuple("spend", self.spend))
        _whole("adventurers", self.adventurers, 0, MAX_ADVENTURERS)

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
        object.__setattr__(self, "hall", _faction(hall, what="Faction Hall"))
        object.__setattr__(self, "spend", _spend_tuple("spend", self.spend))
        _whole("side_adventurers", self.side_adventurers, 0, MAX_ADVENTURERS)
        if self.hall_adventurers is not None:
            _whole("hall_adventurers", self.hall_adventurers, 0, MAX_ADVENTURERS)

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


# -- house rules ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SongRules:
    """The readings in use. The defaults are the app's rulings; each other value is the
    alternative reading of the ruling named, which Settings offers as a house rule."""

    dragon_island: Literal["example", "text"] = "example"  # RULING_DRAGON_ISLAND
    fans_per_visit: int | None = 1  # RULING_FANS (None: as many as you can pay for)
    boasts_per_song: int | None = 1  # RULING_BOAST (None: as often as Volume allows)

    def __post_init__(self) -> None:
        if self.dragon_island not in ("example", "text"):
            raise UnknownNameError(
                f"dragon_island reading {self.dragon_island!r}: 'example' or 'text'"
            )
        for name in ("fans_per_visit", "boasts_per_song"):
            value = getattr(self, name)
            if value is not None:
                _whole(name, value, 1, 99)

    @classmethod
    def from_house_rules(cls, ruling_ids: Iterable[str]) -> SongRules:
        """The readings for the ids of the rulings whose alternative the group switched on."""
        on = set(ruling_ids)
        return cls(
            dragon_island="text" if RULING_DRAGON_ISLAND in on else "example",
            fans_per_visit=None if RULING_FANS in on else 1,
            boasts_per_song=None if RULING_BOAST in on else 1,
        )

    @property
    def house_rules(self) -> frozenset[str]:
        """The ids of the rulings whose alternative these rules follow."""
        on = set()
        if self.dragon_island == "text":
            on.add(RULING_DRAGON_ISLAND)
        if self.fans_per_visit != 1:
            on.add(RULING_FANS)
        if self.boasts_per_song != 1:
            on.add(RULING_BOAST)
        return frozenset(on)


# -- records ----------------------------------------------------------------------------------


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
    """A Boast: Volume spent, the Creature cards activated and discarded."""

    volume: int
    creatures: int
    lines: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def summary(self) -> str:
        return f"Boast: {self.volume} Volume, {_plural(self.creatures, 'Creature card')}"

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


# -- the song ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Outcome:
    record: Performed
    board: Board
    spent: frozenset[str]
    volume: int


@dataclass(frozen=True, repr=False)
class Song:
    """One Singing step being planned. Immutable: :meth:`perform` returns a new song.

    Build one with :meth:`start`; the progress fields (``visited``, ``spent``...) are filled
    in by :meth:`perform` and :meth:`boast`.
    """

    sources: tuple[IconSource, ...]
    moves: int
    volume: int
    board: Board = field(default_factory=Board)
    kind: str = "singing"
    rules: SongRules = field(default_factory=SongRules)
    visited: tuple[str, ...] = ()
    spent: frozenset[str] = frozenset()
    volume_spent: int = 0
    boasts: int = 0
    log: tuple[Record, ...] = ()

    def __post_init__(self) -> None:
        bard = facts()
        if self.kind not in KINDS:
            raise UnknownNameError(f"unknown song kind {self.kind!r}: {' or '.join(KINDS)}")
        _whole("moves", self.moves, 0, bard.singing.locations - 1)
        _whole("volume", self.volume, 0, bard.volume.max)
        sources = tuple(self.sources)
        ids = [s.id for s in sources]
        for s in sources:
            if not isinstance(s, IconSource):
                raise UnknownNameError(f"sources holds IconSource values, got {s!r}")
            if ids.count(s.id) > 1:
                raise UnknownNameError(f"source id {s.id!r} is used by two sources")
        object.__setattr__(self, "sources", sources)
        if not isinstance(self.board, Board):
            raise UnknownNameError(f"board must be a Board, got {self.board!r}")
        if not isinstance(self.rules, SongRules):
            raise UnknownNameError(f"rules must be SongRules, got {self.rules!r}")

    @classmethod
    def start(
        cls,
        sources: Sequence[IconSource] = (),
        *,
        moves: int,
        volume: int,
        soundstones: int = 0,
        board: Board | None = None,
        kind: str = "singing",
        rules: SongRules | None = None,
    ) -> Song:
        """A song about to begin; ``soundstones`` tokens from your supply join the sources."""
        stone = facts().soundstone
        count = _whole("soundstones", soundstones, 0, stone.tokens)
        stones = tuple(
            IconSource(f"soundstone-{i}", ANY, stone.icons, label="Soundstone")
            for i in range(1, count + 1)
        )
        return cls(
            sources=(*tuple(sources), *stones),
            moves=moves,
            volume=volume,
            board=board if board is not None else Board(),
            kind=kind,
            rules=rules if rules is not None else SongRules(),
        )

    def __repr__(self) -> str:
        return (
            f"<Song {self.kind} moves={self.moves} volume={self.volume} "
            f"visited={self.visited!r} gold={self.gold} {self.board!r}>"
        )

    # -- what the song has left -------------------------------------------------------------
    @property
    def locations_left(self) -> int:
        """Locations the song may still perform at (the first one and then one per move)."""
        return 1 + self.moves - len(self.visited)

    @property
    def moves_left(self) -> int:
        return self.moves if not self.visited else self.locations_left

    @property
    def volume_left(self) -> int:
        return self.volume - self.volume_spent

    def source(self, source_id: str) -> IconSource:
        for s in self.sources:
            if s.id == source_id:
                return s
        known = ", ".join(repr(s.id) for s in self.sources) or "none"
        raise UnknownNameError(f"unknown source {source_id!r}: the song has {known}")

    @property
    def unspent(self) -> tuple[IconSource, ...]:
        return tuple(s for s in self.sources if s.id not in self.spent)

    def icons_left(self) -> Mapping[str, int]:
        """Unspent icons by colour (``any`` for any-colour sources), in faction order."""
        left: dict[str, int] = {}
        for s in self.unspent:
            left[s.colour] = left.get(s.colour, 0) + s.count
        order = [*facts().faction_ids, ANY]
        return MappingProxyType({c: left[c] for c in order if c in left})

    @property
    def performances(self) -> tuple[Performed, ...]:
        return tuple(r for r in self.log if isinstance(r, Performed))

    @property
    def gold(self) -> int:
        return sum(r.gold.value for r in self.performances)

    @property
    def card_costs(self) -> int:
        return sum(r.card.value for r in self.performances if r.card)

    # -- verify / can / apply -----------------------------------------------------------------
    def verify(self, performance: Performance) -> None:
        """Raise a :class:`BardError` saying why ``performance`` is not allowed now."""
        self._resolve(performance)

    def can_perform(self, performance: Performance) -> bool:
        try:
            self._resolve(performance)
        except BardError:
            return False
        return True

    def perform(self, performance: Performance) -> tuple[Song, Performed]:
        """Apply ``performance``; an illegal one raises and changes nothing."""
        outcome = self._resolve(performance)
        song = replace(
            self,
            board=outcome.board,
            visited=(*self.visited, performance.location),
            spent=outcome.spent,
            volume_spent=self.volume_spent + outcome.volume,
            log=(*self.log, outcome.record),
        )
        return song, outcome.record

    def verify_boast(self) -> None:
        limit = self.rules.boasts_per_song
        if limit is not None and self.boasts >= limit:
            raise BoastError(
                f"boast: already Boasted {_plural(self.boasts, 'time')} this song; the app "
                f"allows {limit} (ruling {RULING_BOAST!r}, a house rule in Settings)"
            )
        cost = facts().volume.boast_cost
        if self.volume_left < cost:
            raise VolumeError(
                f"boast: costs {cost} Volume and the song has {self.volume_left} left "
                f"(volume {self.volume!r}, {self.volume_spent} spent)"
            )

    def can_boast(self) -> bool:
        try:
            self.verify_boast()
        except BardError:
            return False
        return True

    def boast(self) -> tuple[Song, Boasted]:
        """Spend 3 Volume, activate every Creature card in the Boast area, discard them."""
        self.verify_boast()
        cost = facts().volume.boast_cost
        creatures = self.board.boast_area
        lines = [
            f"Spend {cost} Volume: {self.volume_left} − {cost} = {self.volume_left - cost} left"
        ]
        notes: list[str] = []
        if creatures:
            lines.append(
                f"Activate {_plural(creatures, 'Creature card')}"
                + (" in any order" if creatures > 1 else "")
                + f", then put {'it' if creatures == 1 else 'them'} at the bottom of your "
                "discard pile"
            )
        else:
            notes.append("No Creature card waits in your Boast area: the Boast only spends Volume")
        record = Boasted(cost, creatures, tuple(lines), tuple(notes))
        song = replace(
            self,
            board=replace(self.board, boast_area=0),
            volume_spent=self.volume_spent + cost,
            boasts=self.boasts + 1,
            log=(*self.log, record),
        )
        return song, record

    # -- totals -------------------------------------------------------------------------------
    def totals(self) -> SongTotals:
        golds = [r.gold.value for r in self.performances if r.gold.value]
        earned = sum(golds)
        if len(golds) > 1:
            gold = Figure(earned, f"{' + '.join(map(str, golds))} = {earned} gold")
        else:
            gold = Figure(earned, f"{earned} gold")
        paid = [r.card.value for r in self.performances if r.card]
        cards = Figure(
            sum(paid),
            f"{' + '.join(map(str, paid))} = {sum(paid)} gold"
            if len(paid) > 1
            else f"{sum(paid)} gold",
        )
        net = Figure(
            earned - cards.value,
            f"{earned} − {cards.value} = {earned - cards.value} gold"
            if cards.value
            else f"{earned} gold",
        )
        spends = [
            r.volume
            for r in self.log
            if (isinstance(r, Performed) and r.volume) or isinstance(r, Boasted)
        ]
        volume_left = Figure(
            self.volume_left,
            " − ".join([str(self.volume), *map(str, spends)]) + f" = {self.volume_left} Volume left"
            if spends
            else f"{self.volume_left} Volume left",
        )
        return SongTotals(
            gold=gold,
            cards=cards,
            net=net,
            volume_left=volume_left,
            moves_left=self.moves_left,
            icons_left=self.icons_left(),
            runes=tuple(r.rune for r in self.performances if r.rune),
            fans=sum(len(r.fans) for r in self.performances),
            creatures_taken=sum(1 for r in self.performances if r.creature),
            creatures_activated=sum(r.creatures for r in self.log if isinstance(r, Boasted)),
            board=self.board,
        )

    def closing(self) -> tuple[str, Source]:
        """What to do when the song is over, with the passage it rests on."""
        singing = facts().singing
        if self.kind == "swan_song":
            return (
                "After the Swan Song, discard every card of your Song tableau and turn the "
                "Instrument card back to its front.",
                singing.swan_song_end_source,
            )
        return (
            "In the Downtime step, discard the Song tableau's cards except the Instrument, then "
            "turn the Instrument card back to its front.",
            singing.singing_end_source,
        )

    # -- the rules of each location -----------------------------------------------------------
    def verify_location(self, location: str) -> None:
        """Raise a :class:`LocationError` if the Bard cannot perform at ``location`` now (a
        location id such as ``"pier_1"``, ``"warrior_hall"`` or ``"rogues_lair"``), whatever
        would be spent there."""
        bard = facts()
        for closed in bard.closed_hall:
            if closed.id == location:
                raise LocationError(
                    f"hall {location!r}: the Bard never performs at the {closed.name} "
                    f"({closed.reason})"
                )
        place = bard.location_named(location)
        if place.faction is not None:  # the rulebook's reason first, before "no moves left"
            hall = bard.faction_named(place.faction)
            if place.faction in self.board.runes:
                raise LocationError(
                    f"hall {place.faction!r}: the {hall.hall} already holds one of your Runes "
                    "(each hall once per game)"
                )
            if self.board.runes_left <= 0:
                raise LocationError(f"hall {place.faction!r}: no Rune left on your Tempo Wheel")
        if self.locations_left <= 0:
            raise LocationError(
                f"location {location!r}: no moves left (a Movement of {self.moves} allows "
                f"{_plural(1 + self.moves, 'location')}: {', '.join(self.visited)})"
            )
        if location in self.visited:
            raise LocationError(
                f"location {location!r}: the {place.name} was already performed at in this song "
                f"(each location once per song, ruling {RULING_ONE_VISIT!r})"
            )
        if place.kind == "dragon_island" and not self.board.runes:
            raise LocationError(
                "location 'dragon_island': needs one of your Runes in a Faction Hall first"
            )

    def can_visit(self, location: str) -> bool:
        try:
            self.verify_location(location)
        except BardError:
            return False
        return True

    def _resolve(self, p: Performance) -> _Outcome:
        if not isinstance(p, (AtPier, AtTownSquare, AtFactionHall, AtDragonIsland)):
            raise UnknownNameError(f"not a performance: {p!r}")
        self.verify_location(p.location)
        sources = self._check_spends(p.spend)
        volume = sum(s.volume for s in sources)
        if volume > self.volume_left:
            unlocked = ", ".join(f"{s.id!r} ({s.volume})" for s in sources if s.volume)
            raise VolumeError(
                f"unlocking {unlocked} costs {volume} Volume; the song has {self.volume_left} left"
            )
        number = len(self.performances) + 1
        if isinstance(p, AtPier):
            return self._pier(p, number, sources, volume)
        if isinstance(p, AtTownSquare):
            return self._town_square(p, number, sources, volume)
        if isinstance(p, AtFactionHall):
            return self._faction_hall(p, number, sources, volume)
        return self._dragon_island(p, number, sources, volume)

    def _check_spends(self, items: Sequence[Spend]) -> tuple[IconSource, ...]:
        seen: set[str] = set()
        out: list[IconSource] = []
        for item in items:
            src = self.source(item.source)
            if item.source in self.spent:
                raise IconError(
                    f"source {item.source!r} was already spent earlier in this song (each icon "
                    f"once; a source is never split, ruling {RULING_SOURCE_WHOLE!r})"
                )
            if item.source in seen:
                raise IconError(f"source {item.source!r} is listed twice in one performance")
            if item.colour is not None and not src.wild and item.colour != src.colour:
                raise IconError(
                    f"source {item.source!r} gives {_name(src.colour)} icons and cannot be "
                    f"spent as {item.colour!r}"
                )
            seen.add(item.source)
            out.append(src)
        return tuple(out)

    def _spent(self, sources: Sequence[IconSource]) -> frozenset[str]:
        return self.spent | {s.id for s in sources}

    def _unlock_lines(self, sources: Sequence[IconSource]) -> list[str]:
        return [
            f"Unlock {s.describe().split(',')[0]} ({s.id}) for {s.volume} Volume"
            for s in sources
            if s.volume
        ]

    # Piers ------------------------------------------------------------------------------------
    def _pier(self, p: AtPier, number: int, sources: Sequence[IconSource], volume: int) -> _Outcome:
        order = facts().faction_ids
        best = max(order, key=lambda c: (p.adventurers.get(c, 0), -order.index(c)))
        by_colour: dict[str, int] = {}
        sung_as: dict[str, str] = {}  # any-colour sources and the colour they took
        for item, src in zip(p.spend, sources, strict=True):
            colour = src.colour if not src.wild else (item.colour or best)
            by_colour[colour] = by_colour.get(colour, 0) + src.count
            if src.wild:
                sung_as[src.id] = colour
        parts: list[tuple[str, int, int]] = [
            (c, by_colour[c], p.adventurers.get(c, 0)) for c in order if c in by_colour
        ]
        gold = sum(n * a for _, n, a in parts)
        lines = self._unlock_lines(sources)
        notes: list[str] = []
        for colour, n, a in parts:
            lines.append(f"{_icons(n, colour)} × {_adventurers(a, colour)} = {n * a} gold")
            if a == 0:
                notes.append(f"No {_name(colour, 2)} at this Pier: those icons earn nothing")
        for source_id, colour in sung_as.items():
            notes.append(f"Any-colour icons of {source_id} sung as {_name(colour)} icons")
        if parts:
            expression = " + ".join(f"{n} × {a}" for _, n, a in parts) + f" = {gold}"
            working = (
                lines[-1]
                if len(parts) == 1
                else " + ".join(f"{n} × {a}" for _, n, a in parts) + f" = {gold} gold"
            )
        else:
            expression, working = "0", "No icons spent: 0 gold"
        figure = Figure(gold, working, expression)
        if len(parts) > 1:
            lines.append(f"Gold: {working}")
        card = None
        if p.buy_card:
            card = self.board.card_price
            lines.append(f"Buy a Skill or Improv card: {card.working}, paid from your gold")
            notes.append("The new card goes face down on top of your deck")
        record = Performed(
            number,
            p.pier,
            p,
            figure,
            tuple(s.id for s in sources),
            sum(s.count for s in sources),
            volume,
            card=card,
            lines=tuple(lines),
            notes=tuple(notes),
        )
        return _Outcome(record, self.board, self._spent(sources), volume)

    # Town Square ------------------------------------------------------------------------------
    def _town_square(
        self, p: AtTownSquare, number: int, sources: Sequence[IconSource], volume: int
    ) -> _Outcome:
        limit = self.rules.fans_per_visit
        if limit is not None and p.fans > limit:
            raise LocationError(
                f"fans {p.fans!r}: one fan per Town Square performance (ruling "
                f"{RULING_FANS!r}; Settings offers several as a house rule)"
            )
        total_badges = facts().badges.count
        if self.board.badges + p.fans > total_badges:
            left = total_badges - self.board.badges
            raise LocationError(
                f"fans {p.fans!r}: only {_plural(left, 'Badge')} left on your Badge track"
            )
        costs = tuple(fan_cost(self.board.badges + i) for i in range(p.fans))
        cost = sum(c.value for c in costs)
        icons = sum(s.count for s in sources)
        if icons < cost:
            raise IconError(
                f"spend {tuple(s.id for s in sources)!r}: gives {_plural(icons, 'icon')}, the "
                f"fan{'s cost' if p.fans > 1 else ' costs'} {cost}"
            )
        lines = self._unlock_lines(sources)
        for i, c in enumerate(costs):
            lines.append(f"Fan {self.board.badges + i + 1}: {c.working}")
        notes: list[str] = []
        if icons > cost:
            notes.append(
                f"{_plural(icons - cost, 'icon')} more than the cost: lost, since a source is "
                "spent whole"
            )
        board = replace(self.board, badges=self.board.badges + p.fans)
        size = None
        if board.hand_size.value != self.board.hand_size.value:
            size = board.hand_size
            lines.append(f"Hand size: {size.working}")
        if blue_gems(board.badges) != blue_gems(self.board.badges):
            lines.append(f"A Blue Gem shows: cards now cost {board.card_price.working}")
        record = Performed(
            number,
            p.location,
            p,
            Figure(0, "No gold at the Town Square", "0"),
            tuple(s.id for s in sources),
            icons,
            volume,
            fans=costs,
            hand_size=size,
            lines=tuple(lines),
            notes=tuple(notes),
        )
        return _Outcome(record, board, self._spent(sources), volume)

    # Faction Halls ----------------------------------------------------------------------------
    def _matching(
        self, hall: str, spend: Sequence[Spend], sources: Sequence[IconSource], where: str
    ) -> int:
        icons = 0
        for item, src in zip(spend, sources, strict=True):
            colour = src.colour if not src.wild else (item.colour or hall)
            if colour != hall:
                raise IconError(
                    f"source {src.id!r}: {where} takes {_name(hall)} icons only, not "
                    f"{_name(colour)}"
                )
            icons += src.count
        return icons

    def _faction_hall(
        self, p: AtFactionHall, number: int, sources: Sequence[IconSource], volume: int
    ) -> _Outcome:
        hall = facts().faction_named(p.hall)
        icons = self._matching(p.hall, p.spend, sources, f"the {hall.hall}")
        if icons <= p.adventurers:
            raise IconError(
                f"the {hall.hall} holds {_plural(p.adventurers, 'Adventurer')}, so it takes "
                f"more than {p.adventurers} {hall.name} icons; {icons} spent "
                f"(adventurers={p.adventurers!r})"
            )
        board = replace(self.board, runes=self.board.runes | {p.hall})
        lines = self._unlock_lines(sources)
        lines += [
            f"{_icons(icons, p.hall)} > {_plural(p.adventurers, 'Adventurer')} in the hall: "
            f"a Rune from your Tempo Wheel goes into the {hall.hall}",
            f"A Coin shows: cards now cost {board.card_price.working}",
            f"Dragon Island may now sing to {hall.plural}",
        ]
        record = Performed(
            number,
            p.location,
            p,
            Figure(0, "No gold at a Faction Hall", "0"),
            tuple(s.id for s in sources),
            icons,
            volume,
            rune=p.hall,
            lines=tuple(lines),
        )
        return _Outcome(record, board, self._spent(sources), volume)

    # Dragon Island ----------------------------------------------------------------------------
    def _dragon_island(
        self, p: AtDragonIsland, number: int, sources: Sequence[IconSource], volume: int
    ) -> _Outcome:
        bard = facts()
        if not p.halls:
            raise LocationError("halls (): choose at least one Faction Hall to sing for")
        chosen: list[str] = []
        lines = self._unlock_lines(sources)
        parts: list[tuple[int, str]] = []
        by_id = {s.id: s for s in sources}
        for h in p.halls:
            hall = bard.faction_named(h.hall)
            if h.hall in chosen:
                raise LocationError(
                    f"hall {h.hall!r}: the {hall.hall} is selected twice (once per performance)"
                )
            if h.hall not in self.board.runes:
                raise LocationError(
                    f"hall {h.hall!r}: none of your Runes is in the {hall.hall}, so Dragon "
                    f"Island cannot sing to {hall.plural} (ruling {RULING_HALLS!r})"
                )
            chosen.append(h.hall)
            icons = self._matching(
                h.hall, h.spend, [by_id[s.source] for s in h.spend], f"singing for the {hall.hall}"
            )
            side = f"{_adventurers(h.side_adventurers, h.hall)} on the {p.side} side"
            if self.rules.dragon_island == "example":
                gold = icons * h.side_adventurers
                lines.append(f"{hall.name}: {_icons(icons, h.hall)} × {side} = {gold} gold")
                parts.append((gold, f"{icons} × {h.side_adventurers}"))
            else:
                inside = h.hall_adventurers
                if inside is None:
                    raise CountError(
                        f"hall {h.hall!r}: hall_adventurers is needed under the house rule "
                        f"{RULING_DRAGON_ISLAND!r} (the rule text's reading)"
                    )
                if icons < inside:
                    raise IconError(
                        f"hall {h.hall!r}: spend as many {hall.name} icons as Adventurers in "
                        f"the {hall.hall} ({inside}), not {icons}"
                    )
                gold = inside * h.side_adventurers
                lines.append(
                    f"{hall.name}: {_plural(inside, 'Adventurer')} in the {hall.hall} × {side} "
                    f"= {gold} gold ({_icons(icons, h.hall)} spent)"
                )
                parts.append((gold, f"{inside} × {h.side_adventurers}"))
        total = sum(g for g, _ in parts)
        expression = " + ".join(e for _, e in parts) + f" = {total}"
        if len(parts) == 1:
            working = lines[-1].split(": ", 1)[1]
        else:
            working = " + ".join(str(g) for g, _ in parts) + f" = {total} gold"
            lines.append(f"Gold: {working}")
        creature = total >= bard.dragon_island.creature_min_gold
        notes: list[str] = []
        board = self.board
        if creature:
            lines.append(
                "At least 1 gold earned: take a Creature card from Dragon Island, face up into "
                "your Boast area"
            )
            board = replace(board, boast_area=min(board.boast_area + 1, bard.cards.entertainer))
            notes.append("If Dragon Island has no Creature card left, there is none to take")
        else:
            notes.append("No gold earned here, so no Creature card")
        record = Performed(
            number,
            p.location,
            p,
            Figure(total, working, expression),
            tuple(s.id for s in sources),
            sum(s.count for s in sources),
            volume,
            creature=creature,
            lines=tuple(lines),
            notes=tuple(notes),
        )
        return _Outcome(record, board, self._spent(sources), volume)


def sing(
    song: Song, performances: Iterable[Performance], *, boast: bool = False
) -> tuple[Song, tuple[Record, ...]]:
    """Perform ``performances`` in order (then Boast if asked); the first illegal one raises
    and nothing is applied."""
    records: list[Record] = []
    for p in performances:
        song, record = song.perform(p)
        records.append(record)
    if boast:
        song, boasted = song.boast()
        records.append(boasted)
    return song, tuple(records)
