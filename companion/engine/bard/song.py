"""The Bard's song: one Singing step (or the Swan Song) planned location by location.

A :class:`Song` holds the icon sources of the Song tableau, the Volume and the Movement, and
the player board as it stands. Its actions are the performances and the Boast of
:mod:`~companion.engine.bard.actions`: ``song.apply(AtPier(...))`` verifies one first, then
returns the song after it and a :class:`~companion.engine.bard.records.Performed` record with
the working shown; the records are the song's log (``song.verify(...)`` raises the reason an
action is not allowed, ``song.can_apply(...)`` answers yes or no).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any, ClassVar

from companion.engine.bard.actions import (
    Boast,
    Performance,
    SongAction,
    read_song_action,
)
from companion.engine.bard.errors import (
    BardError,
    CountError,
    LocationError,
    SaveDataError,
    UnknownNameError,
)
from companion.engine.bard.facts import facts, location_name
from companion.engine.bard.house import HouseRules
from companion.engine.bard.records import Boasted, Performed, Record, SongTotals
from companion.engine.bard.values import (
    ANY,
    COIN,
    KINDS,
    STONE,
    Board,
    Figure,
    IconSource,
    check_instance,
    evolve,
    plural,
    source_words,
    the_place,
)
from companion.engine.core import saves
from companion.engine.core.numbers import whole
from companion.engine.core.protocol import passes
from companion.engine.core.words import listed, spoken
from companion.rules.models import Source

__all__ = ["SONG_SAVE", "Song", "sing"]

#: A song saved on its own: how it began and its actions.
SONG_SAVE = saves.SaveFormat("companion.bard.song", 1, SaveDataError)


@dataclass(frozen=True, repr=False)
class Song(saves.SavedGame):
    """One Singing step being planned. Immutable: ``apply`` returns a new song.

    Build one with :meth:`new`; the progress fields (``visited``, ``spent``...) are filled
    in by its actions.
    """

    action_type: ClassVar[type[saves.Action]] = SongAction
    error: ClassVar[type[ValueError]] = BardError

    sources: tuple[IconSource, ...]
    moves: int
    volume: int
    board: Board = field(default_factory=Board)
    kind: str = "singing"
    rules: HouseRules = field(default_factory=HouseRules)
    visited: tuple[str, ...] = ()
    spent: frozenset[str] = frozenset()
    volume_spent: int = 0
    boasts: int = 0
    log: tuple[Record, ...] = ()

    def __post_init__(self) -> None:
        bard = facts()
        if self.kind not in KINDS:
            raise UnknownNameError(
                f"a song is a Singing step or the Swan Song, not {spoken(str(self.kind))}"
            )
        whole(self.moves, "the Movement", CountError, least=0, most=bard.singing.locations - 1)
        whole(self.volume, "the Volume", CountError, least=0, most=bard.volume.max)
        sources = tuple(self.sources)
        ids = [s.id for s in sources]
        for s in sources:
            if not isinstance(s, IconSource):
                raise UnknownNameError(f"sources holds IconSource values, got {s!r}")
            if ids.count(s.id) > 1:
                raise UnknownNameError(
                    f"two sources of icons are called {source_words(s.id, s.label)}"
                )
        object.__setattr__(self, "sources", sources)
        check_instance("board", self.board, Board)
        if not isinstance(self.rules, HouseRules):
            raise UnknownNameError(f"rules must be HouseRules, got {self.rules!r}")

    @classmethod
    def new(
        cls,
        sources: Sequence[IconSource] = (),
        *,
        moves: int,
        volume: int,
        soundstones: int = 0,
        board: Board | None = None,
        kind: str = "singing",
        rules: HouseRules | None = None,
    ) -> Song:
        """A song about to begin; ``soundstones`` tokens from your supply join the sources."""
        stone = facts().soundstone
        count = whole(soundstones, "soundstones", CountError, least=0, most=stone.tokens)
        stones = tuple(
            IconSource(f"{STONE}{i}", ANY, stone.icons, label="Soundstone")
            for i in range(1, count + 1)
        )
        return cls(
            sources=(*tuple(sources), *stones),
            moves=moves,
            volume=volume,
            board=board if board is not None else Board(),
            kind=kind,
            rules=rules if rules is not None else HouseRules(),
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

    @cached_property
    def _by_id(self) -> dict[str, IconSource]:
        return {s.id: s for s in self.sources}

    def source(self, source_id: str) -> IconSource:
        found = self._by_id.get(source_id)
        if found is None:
            known = listed([source_words(s.id, s.label) for s in self.sources], "or")
            raise UnknownNameError(
                f"the song has no {source_words(str(source_id))}"
                + (f" (its icons come from {known})" if known else " (it has no icons)")
            )
        return found

    @property
    def unspent(self) -> tuple[IconSource, ...]:
        return tuple(s for s in self.sources if s.id not in self.spent)

    def icons_left(self) -> Mapping[str, int]:
        """Unspent icons by colour (``any`` for any-colour sources, ``coin`` for Coins), in
        faction order."""
        left: dict[str, int] = {}
        for s in self.unspent:
            left[s.colour] = left.get(s.colour, 0) + s.count
        order = [*facts().faction_ids, ANY, COIN]
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

    # -- singing --------------------------------------------------------------------------------
    def perform(self, performance: Performance, *, working: bool = True) -> tuple[Song, Performed]:
        """Apply ``performance``; an illegal one raises and changes nothing.

        With ``working=False`` the record carries the numbers only (no lines, notes or
        working in words): the fast path for a search that reads gold, not text.
        """
        if working:
            return self.apply(performance)
        after, record = performance.sing(self, performance.check(self, words=False))
        return evolve(after, log=(*self.log, record)), record

    def boast(self) -> tuple[Song, Boasted]:
        """Spend 3 Volume, activate every Creature card in the Boast area, discard them."""
        return self.apply(Boast())

    def song_for(self, kind: str) -> Song:
        """The song an action of it is sung in: this one."""
        return self

    def song_played(self, after: Song, record: Record) -> tuple[Song, Record]:
        """What an action of this song leaves: ``after`` (its log is extended by ``apply``)."""
        return after, record

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

    @property
    def actions(self) -> tuple[SongAction, ...]:
        """The song's actions so far, in order (its log without the working)."""
        return tuple(r.action for r in self.log)

    @property
    def is_over(self) -> bool:
        """Nothing is left to do: no location to perform at and no Boast allowed."""
        return self.locations_left <= 0 and not self.can_apply(Boast())

    def to_dict(self) -> dict[str, Any]:
        """JSON-able: the song as it began, and its actions (:meth:`from_dict` replays them)."""
        start = self.start
        return {
            **SONG_SAVE.header(),
            "sources": [s.to_dict() for s in start.sources],
            "moves": start.moves,
            "volume": start.volume,
            "board": start.board.to_dict(),
            "kind": start.kind,
            "rules": start.rules.to_list(),
            "actions": [a.to_dict() for a in self.actions],
        }

    @classmethod
    def from_dict(cls, data: object) -> Song:
        """Read :meth:`to_dict` back by replaying its actions; a bad save raises
        :class:`~companion.engine.bard.errors.SaveDataError` naming the field."""
        raw = SONG_SAVE.check_header(data)
        keys = ("sources", "moves", "volume", "board", "kind", "rules", "actions")
        SONG_SAVE.known(raw, "", {"format", "version", *keys})
        sources = SONG_SAVE.value(tuple[IconSource, ...], raw.get("sources", []), "sources")
        with SONG_SAVE.at("board"):
            board = Board.from_dict(raw.get("board", {}))
        with SONG_SAVE.at("rules"):
            rules = HouseRules.from_list(raw.get("rules", []))
        with SONG_SAVE.at("song"):
            song = cls(
                sources=sources,
                moves=raw.get("moves"),  # type: ignore[arg-type]
                volume=raw.get("volume"),  # type: ignore[arg-type]
                board=board,
                kind=raw.get("kind", KINDS[0]),
                rules=rules,
            )
        actions = SONG_SAVE.listed(raw.get("actions", []), "actions")
        return SONG_SAVE.replay(song, actions, read_song_action)

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
    def can_visit(self, location: str) -> bool:
        """Whether :meth:`verify_visit` passes for ``location``."""
        return passes(lambda: self.verify_visit(location), BardError)

    def verify_visit(self, location: str) -> None:
        """Raise a :class:`LocationError` if the Bard cannot perform at ``location`` now (a
        location id such as ``"pier_1"``, ``"warrior_hall"`` or ``"rogues_lair"``), whatever
        would be spent there."""
        bard = facts()
        closed = bard.closed_halls.get(location)
        if closed is not None:
            raise LocationError(f"the Bard never performs at the {closed.name} ({closed.reason})")
        place = bard.location_named(location)
        faction = place.faction
        if faction is not None:  # the rulebook's reason first, before "no moves left"
            runes = self.board.runes
            if faction in runes:
                raise LocationError(
                    f"the {bard.faction_named(faction).hall} already holds one "
                    "of your Runes (each hall once per game)"
                )
            if len(runes) >= bard.runes.count:
                raise LocationError(
                    f"the {bard.faction_named(faction).hall}: no Rune left on your Tempo Wheel"
                )
        if len(self.visited) > self.moves:
            raise LocationError(
                f"no moves left for {the_place(place.name)} (a Movement of {self.moves} allows "
                f"{plural(1 + self.moves, 'location')}: "
                f"{listed([location_name(v) for v in self.visited])})"
            )
        if location in self.visited:
            raise LocationError(
                f"{the_place(place.name)} was already performed at in this song "
                "(each location once per song)"
            )
        if place.kind == "dragon_island" and not self.board.runes:
            raise LocationError("Dragon Island needs one of your Runes in a Faction Hall first")


def sing(
    song: Song, performances: Iterable[Performance], *, boast: bool = False
) -> tuple[Song, tuple[Record, ...]]:
    """Perform ``performances`` in order (then Boast if asked); the first illegal one raises
    and nothing is applied."""
    records: list[Record] = []
    for action in (*performances, *((Boast(),) if boast else ())):
        song, record = song.apply(action)
        records.append(record)
    return song, tuple(records)
