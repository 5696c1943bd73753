"""The Bard's values: the figures the rules compute (card price, fan cost, hand size), each
with its working, and the immutable inputs of a song (:class:`Board`, :class:`IconSource`).

Also the input checks every room of the engine shares (:func:`check_faction`,
:func:`check_pier`) and the few words the working is written with.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

from companion.engine.bard.errors import CountError, SaveDataError, UnknownNameError
from companion.engine.bard.facts import facts
from companion.engine.core.numbers import whole
from companion.engine.core.saves import SaveFormat, saved, saved_fields
from companion.engine.core.words import listed, plural, spoken

__all__ = [
    "ANY",
    "COIN",
    "KINDS",
    "MAX_ADVENTURERS",
    "MAX_ICONS",
    "SAVE",
    "SIDES",
    "STONE",
    "Board",
    "Figure",
    "IconSource",
    "adventurers_text",
    "blue_gems",
    "card_price",
    "check_faction",
    "check_instance",
    "check_pier",
    "coins",
    "evolve",
    "faction_word",
    "fan_cost",
    "hand_size",
    "icons_text",
    "plural",
]

#: The colour of a source whose icons may be any one colour (a Paladin icon, a
#: Soundstone, an Improv card's wild icons).
ANY = "any"
#: The colour of a source of Coin icons: gold for the taking, not Faction icons.
COIN = "coin"
SIDES = ("left", "right")
#: The Bard's saves: a table's start and actions, a song and its actions.
SAVE = SaveFormat("companion.bard", 1, SaveDataError)
KINDS = ("singing", "swan_song")
#: The prefix of the ids of a song's Soundstone sources (``soundstone-1``...).
STONE = "soundstone-"
#: Bounds against typing slips, far above anything a table holds; not rules of the game.
MAX_ICONS = 20
MAX_ADVENTURERS = 40


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


_V = TypeVar("_V")


def evolve(value: _V, **changes: Any) -> _V:
    """A copy of the frozen dataclass ``value`` with ``changes``, not checked again: for the
    engine's own steps from one valid value to the next (a performance's new board), which
    are checked where they are decided. Much cheaper than ``dataclasses.replace``."""
    cls = type(value)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in fields(value))  # type: ignore[arg-type]
    new = object.__new__(cls)
    state = new.__dict__
    old = value.__dict__
    for name in names:
        state[name] = changes[name] if name in changes else old[name]
    return new


_FIELDS: dict[type, tuple[str, ...]] = {}


def check_instance(name: str, value: object, cls: type[_V]) -> _V:
    """``value`` if it is a ``cls``; otherwise :class:`UnknownNameError` naming ``name``
    (``"board must be a Board, got None"``)."""
    if not isinstance(value, cls):
        raise UnknownNameError(f"{name} must be a {cls.__name__}, got {value!r}")
    return value


def check_faction(value: object, *, what: str = "the colour") -> str:
    ids = facts().faction_ids
    if not isinstance(value, str) or value not in ids:
        names = listed([faction_word(i) for i in ids], "or")
        raise UnknownNameError(f"{what} must be {names}, not {spoken(str(value))}")
    return value


def the_place(name: str) -> str:
    """``the Town Square``, ``the Warrior Hall``, ``Pier 2``, ``Dragon Island``: a location's
    name as running text says it."""
    return name if name.startswith(("Pier", "Dragon Island")) else f"the {name}"


def colour_words(colour: str | None) -> str:
    """``Warrior``, ``any-colour``, ``Coin``: a colour as the icons are called."""
    if colour == ANY:
        return "any-colour"
    if colour == COIN:
        return "Coin"
    if colour in facts().faction_ids:
        return faction_word(colour)
    return spoken(str(colour))


def source_words(source_id: str, label: str = "") -> str:
    """How a source of icons reads: its ``label`` (``card C, bottom``), else from its id:
    ``C`` → ``card C``, ``C-bottom`` → ``card C, bottom``, ``C-coins`` → ``the Coins of card
    C``, ``soundstone-2`` → ``Soundstone 2``."""
    if source_id.startswith(STONE):
        return f"Soundstone {source_id[len(STONE) :]}"
    if label and not source_id.endswith("-coins"):
        return label
    base, _, part = source_id.rpartition("-")
    if part == "coins" and base:
        return f"the Coins of {label or 'card ' + base}"
    if part in ("bottom", "top") and base:
        return f"card {base}, {part}"
    return f"card {spoken(source_id)}"


def sources_words(sources: Iterable[IconSource]) -> str:
    """``card A and card C, bottom``; ``no icons`` for none."""
    named = [source_words(s.id, s.label) for s in sources]
    return listed(named) if named else "no icons"


def faction_word(faction_id: str, n: int = 1) -> str:
    f = facts().faction_named(faction_id)
    return f.name if n == 1 else f.plural


def icons_text(n: int, colour: str) -> str:
    """``2 Warrior icons``, ``1 any-colour icon``, ``3 Coins``."""
    if colour == COIN:
        return plural(n, "Coin")
    name = faction_word(colour) if colour != ANY else "any-colour"
    return f"{n} {name} icon{'s' if n != 1 else ''}"


def check_pier(value: object, *, what: str = "the Pier") -> str:
    piers = facts().piers()
    if not isinstance(value, str) or value not in piers:
        names = listed([facts().location_named(p).name for p in piers], "or")
        raise UnknownNameError(f"{what} must be {names}, not {spoken(str(value))}")
    return value


def adventurers_text(n: int, colour: str) -> str:
    return f"{n} {faction_word(colour, n)}"


def coins(runes_placed: int) -> int:
    """Coins revealed around the Tempo Wheel: one under each Rune gone to a hall."""
    return whole(runes_placed, "Runes placed", CountError, least=0, most=facts().runes.count)


def blue_gems(badges_placed: int) -> int:
    """Blue Gems revealed on the Badge track: one under each Badge after the first two."""
    badges = facts().badges
    placed = whole(badges_placed, "Badges placed", CountError, least=0, most=badges.count)
    return max(0, placed - badges.hand_size_badges)


def card_price(runes_placed: int, badges_placed: int, *, pier_gems: int | None = None) -> Figure:
    """The gold a Skill or Improv card costs at a Pier: 1 + revealed Coins + revealed Blue Gems.

    ``pier_gems`` counts only the Gems of the Pier being sung at, under the house rule that
    each revealed icon raises the price at its own Pier (ruling ``bard.town_square_icon``).

    >>> card_price(1, 3)
    Figure(3, '1 + 1 Coin + 1 Blue Gem = 3 gold')
    >>> card_price(0, 5, pier_gems=1)
    Figure(2, '1 + 0 Coins + 1 Blue Gem of this Pier = 2 gold')
    """
    base = facts().pier.card_price_base
    c, g = coins(runes_placed), blue_gems(badges_placed)
    where = ""
    if pier_gems is not None:
        g = whole(pier_gems, "Gems at the Pier", CountError, least=0, most=g)
        where = " of this Pier"
    total = base + c + g
    return Figure(
        total,
        f"{base} + {plural(c, 'Coin')} + {plural(g, 'Blue Gem')}{where} = {total} gold",
        f"{base} + {c} + {g} = {total}",
    )


def fan_cost(fans: int) -> Figure:
    """Icons (any colours) a new fan costs at the Town Square: 1 + the fans you already have.

    >>> fan_cost(1)
    Figure(2, '1 + 1 fan you already have = 2 icons')
    """
    badges = facts().badges
    had = whole(fans, "fans", CountError, least=0, most=badges.count)
    if had == badges.count:
        raise CountError(f"fans {fans!r}: all {badges.count} Badges are placed, no fan is left")
    base = facts().town_square.fan_cost_base
    total = base + had
    fans_had = f"{plural(had, 'fan')} you already have" if had else "0 fans (you have none yet)"
    return Figure(
        total,
        f"{base} + {fans_had} = {plural(total, 'icon')}",
        f"{base} + {had} = {total}",
    )


def hand_size(badges_placed: int) -> Figure:
    """Skill cards you draw up to: 2 Melody icons, +1 under each of the first two Badges.

    >>> hand_size(2)
    Figure(4, '2 + 2 Melody icons under Badges = 4 cards')
    """
    badges = facts().badges
    placed = whole(badges_placed, "Badges placed", CountError, least=0, most=badges.count)
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
    fan); ``boast_area``: Creature cards waiting in your Boast area; ``creatures``: Creature
    cards still on Dragon Island (4 at setup; each paid Dragon Island song takes one while any
    is left). ``gem_piers`` names, for each of the last four Badge spaces in the order the
    Badges leave them, the Pier whose price its revealed icon raises: needed only under the
    house rule that each icon raises the price at its own Pier (empty otherwise).
    """

    runes: frozenset[str] = frozenset()
    badges: int = 0
    boast_area: int = 0
    creatures: int = -1  # -1: the setup count from data/bard/facts.toml
    gem_piers: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        bard = facts()
        if isinstance(self.runes, str) or not isinstance(self.runes, Iterable):
            raise UnknownNameError(f"runes must be a set of factions, got {self.runes!r}")
        runes = frozenset(check_faction(r, what="hall for a Rune") for r in self.runes)
        object.__setattr__(self, "runes", runes)
        whole(self.badges, "the Badges placed", CountError, least=0, most=bard.badges.count)
        whole(
            self.boast_area,
            "the Creature cards in your Boast area",
            CountError,
            least=0,
            most=bard.cards.entertainer,
        )
        if self.creatures == -1:
            object.__setattr__(self, "creatures", bard.dragon_island.creatures)
        whole(
            self.creatures,
            "the Creature cards on Dragon Island",
            CountError,
            least=0,
            most=bard.dragon_island.creatures,
        )
        if isinstance(self.gem_piers, str) or not isinstance(self.gem_piers, Iterable):
            raise UnknownNameError(f"gem_piers must be a sequence of piers, got {self.gem_piers!r}")
        gem_piers = tuple(check_pier(p, what="pier in gem_piers") for p in self.gem_piers)
        if gem_piers and len(gem_piers) != bard.badges.gem_badges:
            raise CountError(
                f"gem_piers {gem_piers!r}: name the Pier of each of the last "
                f"{bard.badges.gem_badges} Badge spaces, or none"
            )
        object.__setattr__(self, "gem_piers", gem_piers)

    def __repr__(self) -> str:
        order = facts().faction_ids
        runes = "{" + ", ".join(repr(r) for r in order if r in self.runes) + "}"
        extra = ""
        if self.creatures != facts().dragon_island.creatures:
            extra += f", creatures={self.creatures}"
        if self.gem_piers:
            extra += f", gem_piers={self.gem_piers!r}"
        return f"Board(runes={runes}, badges={self.badges}, boast_area={self.boast_area}{extra})"

    def to_dict(self) -> dict[str, Any]:
        """Plain data (:meth:`from_dict` reads it back)."""
        out: dict[str, Any] = {
            "runes": [r for r in facts().faction_ids if r in self.runes],
            "badges": self.badges,
            "boast_area": self.boast_area,
            "creatures": self.creatures,
        }
        if self.gem_piers:
            out["gem_piers"] = list(self.gem_piers)
        return out

    @classmethod
    def from_dict(cls, data: object) -> Board:
        if not isinstance(data, dict):
            raise CountError(f"board {data!r} must be a mapping")
        unknown = sorted(set(data) - {"runes", "badges", "boast_area", "creatures", "gem_piers"})
        if unknown:
            raise UnknownNameError(f"board: unknown field {unknown[0]!r}")
        runes = data.get("runes", [])
        if not isinstance(runes, list):
            raise UnknownNameError(f"board: runes {runes!r} must be a list of factions")
        gem_piers = data.get("gem_piers", [])
        if not isinstance(gem_piers, list):
            raise UnknownNameError(f"board: gem_piers {gem_piers!r} must be a list of piers")
        return cls(
            runes=frozenset(runes),
            badges=data.get("badges", 0),
            boast_area=data.get("boast_area", 0),
            creatures=data.get("creatures", -1),
            gem_piers=tuple(gem_piers),
        )

    @property
    def card_price(self) -> Figure:
        """The price at every Pier, as the app reads the Blue Gems (ruling
        ``bard.town_square_icon``)."""
        return card_price(len(self.runes), self.badges)

    def card_price_at(self, pier: str, *, per_pier: bool = False) -> Figure:
        """The price at ``pier``; with ``per_pier`` (the house rule) only that Pier's revealed
        icons count, as :attr:`gem_piers` assigns them."""
        check_pier(pier)
        if not per_pier:
            return self.card_price
        revealed = blue_gems(self.badges)
        if revealed and not self.gem_piers:
            raise CountError(
                f"gem_piers (): {plural(revealed, 'Blue Gem')} revealed, but not which Pier "
                "each raises (the house rule counts each icon at its own Pier only)"
            )
        gems = sum(1 for p in self.gem_piers[:revealed] if p == pier)
        return card_price(len(self.runes), self.badges, pier_gems=gems)

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
    Soundstone, a Paladin icon, an Improv card's icons, or the Coins a card shows. ``colour``
    is a faction, :data:`ANY` or :data:`COIN`; ``volume`` is what unlocking it costs (0 for a
    card's top)."""

    id: str
    colour: str
    count: int
    volume: int = field(default=0, metadata=saved(omit_default=True))
    label: str = field(default="", metadata=saved(omit_default=True))

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not 1 <= len(self.id) <= 40:
            raise UnknownNameError(f"a source id is 1–40 characters, got {self.id!r}")
        if self.colour not in (ANY, COIN):
            check_faction(self.colour, what=f"the colour of {source_words(self.id, self.label)}")
        named = source_words(self.id, self.label)
        whole(self.count, f"the icons of {named}", CountError, least=1, most=MAX_ICONS)
        whole(
            self.volume,
            f"the Volume {named} costs",
            CountError,
            least=0,
            most=facts().volume.max,
        )
        if not isinstance(self.label, str) or len(self.label) > 80:
            raise CountError(f"the name of {named} is at most 80 characters")

    def __repr__(self) -> str:
        extra = f", volume={self.volume}" if self.volume else ""
        extra += f", label={self.label!r}" if self.label else ""
        return f"IconSource({self.id!r}, {self.colour!r}, {self.count}{extra})"

    @property
    def wild(self) -> bool:
        return self.colour == ANY

    @property
    def coin(self) -> bool:
        """Coins: gold when spent, not Faction icons (ruling ``bard.coin_icons``)."""
        return self.colour == COIN

    @property
    def faction_icons(self) -> int:
        """The Faction icons this source gives (none for Coins)."""
        return 0 if self.coin else self.count

    def to_dict(self) -> dict[str, Any]:
        """Plain data (:meth:`from_dict` reads it back)."""
        return saved_fields(self)

    @classmethod
    def from_dict(cls, data: object) -> IconSource:
        return SAVE.read_value(cls, data)

    def describe(self) -> str:
        """``2 Warrior icons`` / ``3 icons of any one colour`` / ``2 Coins`` (+ the Volume to
        unlock)."""
        text = (
            f"{plural(self.count, 'icon')} of any one colour"
            if self.wild
            else icons_text(self.count, self.colour)
        )
        if self.volume:
            text += f", unlocked with {self.volume} Volume"
        return text
