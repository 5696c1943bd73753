"""The Bard's actions. A song (:class:`~companion.engine.bard.song.Song`) is made of
performances at four kinds of location and the Boast (:class:`SongAction`); a Bard table
(:class:`~companion.engine.bard.game.BardGame`) takes those, sung in its current song, and its
own steps: the main board, the player board, a song begun, changed, revised and ended.

Each action is an immutable value checked when built (a bad count or name raises the
:class:`~companion.engine.bard.errors.BardError` naming it); ``verify`` says whether the rules
allow it *now* (and works out what it does, once), ``play`` does it. A song action verifies
against a song; on a table, the table hands it the song being sung (``song_for``) and takes
the song back (``song_played``). Every action's saved form is its kind and its fields, read back by
:func:`read_action` (a song's own by :func:`read_song_action`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Final

from companion.engine.bard import locations
from companion.engine.bard.errors import (
    BoastError,
    CountError,
    IconError,
    StepError,
    UnknownNameError,
    VolumeError,
)
from companion.engine.bard.facts import facts, location_name
from companion.engine.bard.main_board import Table
from companion.engine.bard.records import Boasted, GameRecord, Performed, Record, SongSung
from companion.engine.bard.values import (
    ANY,
    KINDS,
    MAX_ADVENTURERS,
    SAVE,
    SIDES,
    STONE,
    Board,
    IconSource,
    check_faction,
    check_instance,
    check_pier,
    evolve,
    faction_word,
    plural,
    source_words,
)
from companion.engine.core import saves
from companion.engine.core.numbers import whole
from companion.engine.core.words import listed, spoken

if TYPE_CHECKING:
    from companion.engine.bard.game import BardGame
    from companion.engine.bard.song import Song

__all__ = [
    "ACTIONS",
    "SAVE",
    "SONG_ACTIONS",
    "AtDragonIsland",
    "AtFactionHall",
    "AtPier",
    "AtTownSquare",
    "BardAction",
    "BeginSong",
    "Boast",
    "ChangeSong",
    "EndSong",
    "Finish",
    "HallSong",
    "Performance",
    "ReviseSong",
    "SetBoard",
    "SetTable",
    "SongAction",
    "Spend",
    "read_action",
    "read_song_action",
    "spends",
]


@dataclass(frozen=True)
class BardAction(saves.Action):
    """A change to a Bard table: one of its own steps (below), or a song's action sung in the
    song being sung (:class:`SongAction`)."""

    def verify(self, game: BardGame) -> Any:
        """The table after this step (its log not yet extended) and what it did, in words;
        raises why it is not allowed (a finished table takes nothing more)."""
        return self.change(game.open(self.kind))

    def change(self, game: BardGame) -> tuple[BardGame, str]:
        """The table after this step and what it did, in words."""
        raise NotImplementedError

    def play(self, game: BardGame, checked: Any) -> tuple[Any, Any]:
        after, summary = checked
        return after, GameRecord(action=self, summary=summary, before=game)

    def reads(self, game: BardGame) -> object:
        """What this action depends on for a screen that had not seen the latest change
        (see :class:`~companion.engine.core.protocol.TableRules`): by default the song and
        the player board."""
        return (game.song, game.board)


@dataclass(frozen=True)
class SongAction(BardAction):
    """A performance or the Boast: an action of a song. On a table it is sung in the song
    being sung."""

    def verify(self, game: Song | BardGame) -> tuple[Song, Any]:
        """The song it is sung in and what :meth:`sing` needs; raises why not."""
        song = game.song_for(self.kind)
        return song, self.check(song)

    def play(self, game: Song | BardGame, checked: tuple[Song, Any]) -> tuple[Any, Any]:
        song, check = checked
        after, record = self.sing(song, check)
        return game.song_played(after, record)

    def check(self, song: Song) -> Any:
        """Raise why the rules do not allow this action in ``song`` now; otherwise what
        :meth:`sing` needs."""
        raise NotImplementedError

    def sing(self, song: Song, checked: Any) -> tuple[Song, Record]:
        """The song after this action (its log not yet extended) and its record."""
        raise NotImplementedError

    def recounted(self, table: Table, *, text: bool = False) -> SongAction:
        """This action with its Adventurer counts read from ``table`` (see
        :meth:`~companion.engine.bard.main_board.Table.recount`)."""
        return self

    @classmethod
    def from_dict(cls, raw: object) -> SongAction:
        """A performance or Boast back from its saved form."""
        return read_song_action(raw)


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
            check_faction(self.colour, what=f"the colour of {source_words(self.source)}")

    def __repr__(self) -> str:
        return f"Spend({self.source!r}" + (f", {self.colour!r})" if self.colour else ")")

    def to_dict(self) -> dict[str, Any]:
        return saves.saved_fields(self)

    @classmethod
    def from_dict(cls, raw: object) -> Spend:
        return SAVE.read_value(cls, raw)


def spends(*items: str | Spend) -> tuple[Spend, ...]:
    """``spends("a", Spend("b", "warrior"))`` — source ids or :class:`Spend` values."""
    return tuple(item if isinstance(item, Spend) else Spend(item) for item in items)


def _counts(name: str, value: object) -> Mapping[str, int]:
    if not isinstance(value, Mapping):
        raise CountError(f"{name} maps colours to counts, got {value!r}")
    order = facts().faction_ids
    checked: dict[str, int] = {}
    for key, count in value.items():
        colour = check_faction(key, what=f"a colour of {spoken(name)}")
        checked[colour] = whole(
            count, f"{spoken(name)}: {faction_word(colour, 2)}", CountError, least=0, most=_MOST
        )
    return MappingProxyType({c: checked[c] for c in order if c in checked})


_MOST: Final = MAX_ADVENTURERS


def _spend_tuple(name: str, value: object) -> tuple[Spend, ...]:
    if isinstance(value, (str, Spend)) or not isinstance(value, Iterable):
        raise IconError(f"{name} is a sequence of sources, got {value!r}")
    return spends(*value)


def _adventurers(name: str, value: object) -> int:
    return whole(value, name, CountError, least=0, most=_MOST)


# -- performances -----------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class Performance(SongAction):
    """A performance at one location: the place must be open to the song (each once, Movement
    left, a Rune or a hall's own rules), its icons unspent and their Volume paid; then the
    location's rules (:mod:`~companion.engine.bard.locations`) say what it earns."""

    #: The rules of its location: ``rules(song, performance, number, sources, volume, words)``.
    rules: ClassVar[Callable[..., locations.Outcome]]

    @property
    def location(self) -> str:
        raise NotImplementedError

    @property
    def spend(self) -> tuple[Spend, ...]:
        raise NotImplementedError

    def check(self, song: Song, *, words: bool = True) -> locations.Outcome:
        song.verify_visit(self.location)
        sources = locations.check_spends(song, self.spend)
        volume = sum(s.volume for s in sources)
        if volume > song.volume_left:
            unlocked = listed(
                [f"{source_words(s.id, s.label)} ({s.volume})" for s in sources if s.volume]
            )
            raise VolumeError(
                f"unlocking {unlocked} costs {volume} Volume; the song has {song.volume_left} left"
            )
        return type(self).rules(song, self, len(song.visited) + 1, sources, volume, words)

    def sing(self, song: Song, checked: locations.Outcome) -> tuple[Song, Performed]:
        after = evolve(
            song,
            board=checked.board,
            visited=(*song.visited, self.location),
            spent=checked.spent,
            volume_spent=song.volume_spent + checked.volume,
        )
        return after, checked.record

    def recounted(self, table: Table, *, text: bool = False) -> Performance:
        return self

    def reads(self, game: BardGame) -> object:
        """The song, the player board and the main board, whose counts it gives."""
        return (game.song, game.board, game.table)


@dataclass(frozen=True, repr=False)
class AtPier(Performance):
    """Sing at a Pier: each icon × the Adventurers of its colour there; maybe buy a card.

    ``paladins`` are Master Craft's Paladins on this Pier; they count only under the house rule
    of ruling ``bard.paladins_at_piers``, all as ``paladin_colour`` (None: the colour that pays
    most).
    """

    kind: ClassVar[str] = "pier"
    rules = locations.at_pier
    pier: str
    spend: tuple[Spend, ...] = ()
    adventurers: Mapping[str, int] = field(default_factory=dict)
    buy_card: bool = False
    paladins: int = field(default=0, metadata=saves.saved(omit_default=True))
    paladin_colour: str | None = field(default=None, metadata=saves.saved(omit_default=True))

    def __post_init__(self) -> None:
        if self.pier not in facts().piers():
            check_pier(self.pier)
        object.__setattr__(self, "spend", _spend_tuple("spend", self.spend))
        object.__setattr__(self, "adventurers", _counts("adventurers", self.adventurers))
        if not isinstance(self.buy_card, bool):
            raise CountError(f"buy_card is True or False, got {self.buy_card!r}")
        whole(self.paladins, "paladins", CountError, least=0, most=facts().paladins.meeples)
        if self.paladin_colour is not None:
            check_faction(self.paladin_colour, what="the Paladins' colour")

    @property
    def location(self) -> str:
        return self.pier

    def recounted(self, table: Table, *, text: bool = False) -> AtPier:
        return AtPier(
            self.pier,
            self.spend,
            adventurers={c: n for c, n in table.pier(self.pier).items() if n},
            buy_card=self.buy_card,
            paladins=table.paladins(self.pier),
            paladin_colour=self.paladin_colour,
        )

    def __repr__(self) -> str:
        extra = f", paladins={self.paladins}" if self.paladins else ""
        if self.paladin_colour is not None:
            extra += f", paladin_colour={self.paladin_colour!r}"
        return (
            f"AtPier({self.pier!r}, spend={self.spend!r}, "
            f"adventurers={dict(self.adventurers)!r}, buy_card={self.buy_card!r}{extra})"
        )


@dataclass(frozen=True, repr=False)
class AtTownSquare(Performance):
    """Gain a fan (``fans`` of them under the house rule) for icons of any colours."""

    kind: ClassVar[str] = "town_square"
    rules = locations.at_town_square
    spend: tuple[Spend, ...] = ()
    fans: int = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "spend", _spend_tuple("spend", self.spend))
        whole(self.fans, "fans", CountError, least=1, most=facts().badges.count)

    @property
    def location(self) -> str:
        return "town_square"

    def __repr__(self) -> str:
        return f"AtTownSquare(spend={self.spend!r}, fans={self.fans})"


@dataclass(frozen=True, repr=False)
class AtFactionHall(Performance):
    """Place a Rune in a hall with more icons of its colour than Adventurers inside.

    ``hall`` is a faction (``"warrior"``), a hall location (``"warrior_hall"``) or one of the
    halls the Bard may not sing in (refused by ``verify`` with the rulebook's reason).
    """

    kind: ClassVar[str] = "faction_hall"
    rules = locations.at_faction_hall
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
            hall = check_faction(hall, what="the Faction Hall")
        object.__setattr__(self, "hall", hall)
        object.__setattr__(self, "spend", _spend_tuple("spend", self.spend))
        _adventurers("adventurers", self.adventurers)

    @property
    def location(self) -> str:
        if self.hall in facts().faction_ids:
            return facts().hall_of(self.hall).id
        return self.hall

    def recounted(self, table: Table, *, text: bool = False) -> AtFactionHall:
        if self.hall not in table.halls:
            return self
        return AtFactionHall(self.hall, self.spend, adventurers=table.hall(self.hall))

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
        object.__setattr__(self, "hall", check_faction(hall, what="the Faction Hall"))
        object.__setattr__(self, "spend", _spend_tuple("spend", self.spend))
        _adventurers("the Adventurers on the side sung to", self.side_adventurers)
        if self.hall_adventurers is not None:
            _adventurers("the Adventurers in the hall", self.hall_adventurers)

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

    @classmethod
    def from_dict(cls, raw: object) -> HallSong:
        return SAVE.read_value(cls, raw)


@dataclass(frozen=True, repr=False)
class AtDragonIsland(Performance):
    """Sing from Dragon Island to one side of Serpents Bay, for one or more halls."""

    kind: ClassVar[str] = "dragon_island"
    rules = locations.at_dragon_island
    side: str
    halls: tuple[HallSong, ...] = ()

    def __post_init__(self) -> None:
        if self.side not in SIDES:
            raise UnknownNameError(
                f"Dragon Island has a left and a right side, not {spoken(str(self.side))}"
            )
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

    def recounted(self, table: Table, *, text: bool = False) -> AtDragonIsland:
        side = table.side(self.side)
        halls = tuple(
            HallSong(
                h.hall,
                h.spend,
                side_adventurers=side[h.hall],
                hall_adventurers=table.hall(h.hall) if text else None,
            )
            for h in self.halls
        )
        return AtDragonIsland(self.side, halls)

    def __repr__(self) -> str:
        return f"AtDragonIsland({self.side!r}, halls={self.halls!r})"


@dataclass(frozen=True)
class Boast(SongAction):
    """Boast: spend 3 Volume and activate the Creature cards in your Boast area.

    ``soundstones``: the Soundstones those cards gave, which join the song at once under the
    house rule of ruling ``bard.boast_gains`` (by the app's reading they go to your supply for
    a later song, and none is entered here)."""

    kind: ClassVar[str] = "boast"
    soundstones: int = field(default=0, metadata=saves.saved(omit_default=True))

    def __post_init__(self) -> None:
        whole(self.soundstones, "soundstones", CountError, least=0, most=_stones())

    def __repr__(self) -> str:
        return f"Boast(soundstones={self.soundstones})" if self.soundstones else "Boast()"

    def check(self, song: Song) -> tuple[IconSource, ...]:
        """The Soundstones that join the song (none by the app's reading)."""
        limit = song.rules.boasts_per_song
        if limit is not None and song.boasts >= limit:
            raise BoastError(
                f"already Boasted {plural(song.boasts, 'time')} this song; the app "
                f"allows {limit} (a house rule in Settings)"
            )
        cost = facts().volume.boast_cost
        if song.volume_left < cost:
            raise VolumeError(
                f"a Boast costs {cost} Volume and the song has {song.volume_left} left "
                f"(Volume {song.volume}, {song.volume_spent} spent)"
            )
        if not self.soundstones:
            return ()
        if not song.rules.boast_gains_join_song:
            raise BoastError(
                "what a Boast gains goes to your supply for a later song (Settings offers "
                "spending it in the same song as a house rule)"
            )
        if not song.board.boast_area:
            raise BoastError(
                f"{plural(self.soundstones, 'Soundstone')}: no Creature card waits in your "
                "Boast area to give them"
            )
        held = sum(1 for s in song.sources if s.id.startswith(STONE))
        if held + self.soundstones > _stones():
            raise BoastError(
                f"{plural(self.soundstones, 'Soundstone')}: the song holds {held} of the "
                f"{_stones()} Soundstone tokens"
            )
        stone = facts().soundstone
        return tuple(
            IconSource(f"{STONE}{i}", ANY, stone.icons, label="Soundstone")
            for i in range(held + 1, held + self.soundstones + 1)
        )

    def sing(self, song: Song, checked: tuple[IconSource, ...]) -> tuple[Song, Boasted]:
        """Spend 3 Volume, activate every Creature card in the Boast area, discard them."""
        cost = facts().volume.boast_cost
        creatures = song.board.boast_area
        lines = [
            f"Spend {cost} Volume: {song.volume_left} − {cost} = {song.volume_left - cost} left"
        ]
        notes: list[str] = []
        if creatures:
            lines.append(
                f"Activate {plural(creatures, 'Creature card')}"
                + (" in any order" if creatures > 1 else "")
                + f", then put {'it' if creatures == 1 else 'them'} at the bottom of your "
                "discard pile"
            )
        else:
            notes.append("No Creature card waits in your Boast area: the Boast only spends Volume")
        if checked:
            lines.append(
                f"{plural(len(checked), 'Soundstone')} they gave join this song "
                f"({', '.join(s.id for s in checked)})"
            )
        record = Boasted(self, cost, creatures, tuple(lines), tuple(notes), before=song)
        after = evolve(
            song,
            sources=(*song.sources, *checked),
            board=evolve(song.board, boast_area=0),
            volume_spent=song.volume_spent + cost,
            boasts=song.boasts + 1,
        )
        return after, record


def _stones() -> int:
    return facts().soundstone.tokens


SONG_ACTIONS: Final = (AtPier, AtTownSquare, AtFactionHall, AtDragonIsland, Boast)


# -- the table's own steps ----------------------------------------------------------------------


def _sources(name: str, value: object) -> tuple[IconSource, ...]:
    if isinstance(value, IconSource) or not isinstance(value, (tuple, list)):
        raise UnknownNameError(f"{name} is a sequence of IconSource values, got {value!r}")
    for s in value:
        if not isinstance(s, IconSource):
            raise UnknownNameError(f"{name} holds IconSource values, got {s!r}")
    return tuple(value)


def _check_numbers(moves: object, volume: object, soundstones: object, song: object) -> None:
    bard = facts()
    whole(moves, "the Movement", CountError, least=0, most=bard.singing.locations - 1)
    whole(volume, "the Volume", CountError, least=0, most=bard.volume.max)
    whole(soundstones, "the Soundstones", CountError, least=0, most=_stones())
    if song not in KINDS:
        raise UnknownNameError(
            f"a song is a Singing step or the Swan Song, not {spoken(str(song))}"
        )


@dataclass(frozen=True)
class SetTable(BardAction):
    """Enter or change the main board (every Singing step and Swan Song after reads it)."""

    kind: ClassVar[str] = "set_table"
    table: Table

    def __post_init__(self) -> None:
        check_instance("table", self.table, Table)

    def change(self, game: BardGame) -> tuple[BardGame, str]:
        changes = self.table.changes(game.table)
        summary = (
            "Board unchanged"
            if not changes
            else f"Board: {changes[0]}"
            if len(changes) == 1
            else f"Board: {plural(len(changes), 'count')} changed"
        )
        if game.song is None or not game.song.log:
            return evolve(game, table=self.table), summary
        text = game.rules.dragon_island == "text"
        counted = tuple(a.recounted(self.table, text=text) for a in game.song.actions)
        song = game.sung_again(game.song.start, counted, self.kind)
        return evolve(game, table=self.table, song=song), summary

    def reads(self, game: BardGame) -> object:
        return game.table


@dataclass(frozen=True)
class BeginSong(BardAction):
    """Begin a Singing step or the Swan Song: the Song tableau, the Movement, the Volume and
    the Soundstones in your supply; ``board`` None takes the player board as the last song
    left it."""

    kind: ClassVar[str] = "begin_song"
    sources: tuple[IconSource, ...]
    moves: int
    volume: int
    soundstones: int = 0
    board: Board | None = field(default=None, metadata=saves.saved(omit_default=True))
    song: str = KINDS[0]

    def __post_init__(self) -> None:
        object.__setattr__(self, "sources", _sources("sources", self.sources))
        _check_numbers(self.moves, self.volume, self.soundstones, self.song)
        if self.board is not None:
            check_instance("board", self.board, Board)

    def to_dict(self) -> dict[str, Any]:
        out = super().to_dict()
        if "board" in out:  # saved last, after the song's kind
            out["board"] = out.pop("board")
        return out

    def change(self, game: BardGame) -> tuple[BardGame, str]:
        if game.song is not None:
            raise StepError("Beginning a song: a song is being sung; end it first")
        song = game.new_song(self, self.board if self.board is not None else game.board)
        what = "Swan Song" if self.song == "swan_song" else "Singing step"
        return evolve(game, song=song), f"{what} begun"


@dataclass(frozen=True)
class ChangeSong(BardAction):
    """Change the song being sung: its tableau (the sources; the Soundstones are counted by
    ``soundstones``), Movement, Volume or kind. The locations sung so far are sung again from
    the new beginning; refused when one no longer can be."""

    kind: ClassVar[str] = "change_song"
    sources: tuple[IconSource, ...]
    moves: int
    volume: int
    soundstones: int = 0
    song: str = KINDS[0]

    def __post_init__(self) -> None:
        object.__setattr__(self, "sources", _sources("sources", self.sources))
        for s in self.sources:
            if s.id.startswith(STONE):
                raise UnknownNameError(
                    f"{source_words(s.id, s.label)}: count the Soundstones with their own number"
                )
        _check_numbers(self.moves, self.volume, self.soundstones, self.song)

    def change(self, game: BardGame) -> tuple[BardGame, str]:
        before = game.song_for(self.kind)
        start = game.new_song(self, before.start.board)
        song = game.sung_again(start, before.actions, self.kind)
        return evolve(game, song=song), _retuned(before, song)


@dataclass(frozen=True)
class SetBoard(BardAction):
    """Your player board (Runes in halls, Badges placed, Creature cards in your Boast area
    and on Dragon Island, the Pier of each Gem under the house rule). Between songs it is the
    next song's; during a song it is the board the song began with, and the locations sung so
    far are sung again on it."""

    kind: ClassVar[str] = "set_board"
    board: Board

    def __post_init__(self) -> None:
        check_instance("board", self.board, Board)

    def change(self, game: BardGame) -> tuple[BardGame, str]:
        before = game.board if game.song is None else game.song.start.board
        summary = _board_changes(before, self.board)
        if game.song is None:
            return evolve(game, board=self.board), summary
        start = evolve(game.song.start, board=self.board)
        song = game.sung_again(start, game.song.actions, self.kind)
        return evolve(game, song=song), summary


@dataclass(frozen=True)
class ReviseSong(BardAction):
    """The song's locations and Boast as a whole, in order: a plan loaded, a location taken
    out or changed. They are sung again from the song's beginning; refused, changing
    nothing, when one is not allowed."""

    kind: ClassVar[str] = "revise_song"
    actions: tuple[SongAction, ...]

    def __post_init__(self) -> None:
        if isinstance(self.actions, BardAction) or not isinstance(self.actions, (tuple, list)):
            raise UnknownNameError(f"actions is a sequence of performances, got {self.actions!r}")
        for a in self.actions:
            if not isinstance(a, SongAction):
                raise UnknownNameError(f"actions holds performances and Boasts, got {a!r}")
        object.__setattr__(self, "actions", tuple(self.actions))

    def change(self, game: BardGame) -> tuple[BardGame, str]:
        song = game.sung_again(game.song_for(self.kind).start, self.actions, self.kind)
        return evolve(game, song=song), _revised(song)

    def reads(self, game: BardGame) -> object:
        return (game.song, game.board, game.table)


@dataclass(frozen=True)
class EndSong(BardAction):
    """End the song being sung: its board and gold carry over."""

    kind: ClassVar[str] = "end_song"

    def change(self, game: BardGame) -> tuple[BardGame, str]:
        if game.song is None:
            raise StepError("Ending the song: no song is being sung")
        song = game.song
        done = SongSung(song.kind, song.gold, song.card_costs, tuple(song.visited), song.boasts)
        after = evolve(game, song=None, board=song.board, sung=(*game.sung, done))
        return after, f"Song ended: {done.net} gold"


@dataclass(frozen=True)
class Finish(BardAction):
    """Finish the table: no action is taken after it."""

    kind: ClassVar[str] = "finish"

    def change(self, game: BardGame) -> tuple[BardGame, str]:
        if game.song is not None:
            raise StepError("Finishing the table: a song is being sung; end it first")
        return evolve(game, finished=True), "Table finished"

    def reads(self, game: BardGame) -> object:
        return game


ACTIONS: Final = (SetTable, SetBoard, BeginSong, ChangeSong, ReviseSong, EndSong, Finish,
                  *SONG_ACTIONS)  # fmt: skip


def read_action(raw: object) -> BardAction:
    """Any Bard action from its ``to_dict()`` form; a bad field raises
    :class:`~companion.engine.bard.errors.SaveDataError` naming it."""
    return SAVE.read_action(raw, ACTIONS)


def read_song_action(raw: object) -> SongAction:
    """A performance or Boast from its ``to_dict()`` form; a bad field raises
    :class:`~companion.engine.bard.errors.SaveDataError` naming it."""
    return SAVE.read_action(raw, SONG_ACTIONS)


# -- words for what changed -----------------------------------------------------------------------


def _revised(song: Song) -> str:
    where = [location_name(p.location) for p in song.performances]
    boast = ", then Boast" if song.boasts else ""
    if not where:
        return "Song: no location yet" + boast
    return f"Song: {', '.join(where)}{boast} = {song.gold} gold"


def _retuned(before: Song, after: Song) -> str:
    """What a :class:`ChangeSong` changed, in words."""
    bits: list[str] = []
    old = [s for s in before.start.sources if not s.id.startswith(STONE)]
    new = [s for s in after.start.sources if not s.id.startswith(STONE)]
    old_ids = {s.id: s for s in old}
    new_ids = {s.id: s for s in new}
    added = [s for s in new if s.id not in old_ids]
    gone = [s for s in old if s.id not in new_ids]
    changed = [s for s in new if s.id in old_ids and old_ids[s.id] != s]
    for verb, items in (("added", added), ("changed", changed), ("taken out", gone)):
        if items:
            bits.append(f"{listed([source_words(s.id, s.label) for s in items])} {verb}")
    stones = (
        sum(1 for s in before.start.sources if s.id.startswith(STONE)),
        sum(1 for s in after.start.sources if s.id.startswith(STONE)),
    )
    for name, was, now in (
        ("Movement", before.moves, after.moves),
        ("Volume", before.volume, after.volume),
        ("Soundstones", *stones),
    ):
        if was != now:
            bits.append(f"{name} {was} → {now}")
    if before.kind != after.kind:
        bits.append("Swan Song" if after.kind == "swan_song" else "Singing step")
    return "Song tableau: " + ("; ".join(bits) if bits else "unchanged")


def _board_changes(before: Board, after: Board) -> str:
    bard = facts()
    bits: list[str] = []
    for h in bard.faction_ids:
        hall = bard.faction_named(h).hall
        if h in after.runes and h not in before.runes:
            bits.append(f"a Rune in the {hall}")
        elif h in before.runes and h not in after.runes:
            bits.append(f"no Rune in the {hall}")
    for name, was, now in (
        ("Badges placed", before.badges, after.badges),
        ("Creature cards in your Boast area", before.boast_area, after.boast_area),
        ("Creature cards on Dragon Island", before.creatures, after.creatures),
    ):
        if was != now:
            bits.append(f"{name} {was} → {now}")
    if before.gem_piers != after.gem_piers:
        bits.append("the Pier of each Gem")
    return "Your board: " + ("; ".join(bits) if bits else "unchanged")
