"""The Bard's song: one Singing step (or the Swan Song) planned location by location.

A :class:`Song` holds the icon sources of the Song tableau, the Volume and the Movement, and
the player board as it stands. Every performance is verified first, then applied, and returns
a :class:`Performed` record with the working shown; the records are the song's log. Like
pokerkit's actions each comes in three: :meth:`Song.verify` raises with the reason,
:meth:`Song.can_perform` answers yes or no, :meth:`Song.perform` applies.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any

from companion.engine.bard.actions import (
    AtDragonIsland,
    AtFactionHall,
    AtPier,
    AtTownSquare,
    Boast,
    Performance,
    SongAction,
    Spend,
    read_song_action,
)
from companion.engine.bard.errors import (
    BardError,
    BoastError,
    CountError,
    IconError,
    LocationError,
    SaveDataError,
    UnknownNameError,
    VolumeError,
)
from companion.engine.bard.facts import facts, location_name
from companion.engine.bard.house import (
    RULING_BOAST,
    RULING_CREATURES,
    RULING_DRAGON_ISLAND,
    RULING_FANS,
    RULING_HALLS,
    RULING_ONE_VISIT,
    RULING_PALADINS,
    RULING_SOURCE_WHOLE,
    HouseRules,
)
from companion.engine.bard.values import (
    ANY,
    COIN,
    KINDS,
    Board,
    Figure,
    IconSource,
    adventurers_text,
    blue_gems,
    check_instance,
    evolve,
    faction_word,
    fan_cost,
    icons_text,
    plural,
    whole,
)
from companion.engine.core import saves
from companion.engine.core.protocol import passes
from companion.rules.models import Source

__all__ = ["SONG_SAVE", "Boasted", "Performed", "Record", "Song", "SongTotals", "sing"]

#: A song saved on its own: how it began and its actions.
SONG_SAVE = saves.SaveFormat("companion.bard.song", 1, SaveDataError)


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
    rules: HouseRules = field(default_factory=HouseRules)
    visited: tuple[str, ...] = ()
    spent: frozenset[str] = frozenset()
    volume_spent: int = 0
    boasts: int = 0
    log: tuple[Record, ...] = ()
    began: Board | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        bard = facts()
        if self.kind not in KINDS:
            raise UnknownNameError(f"unknown song kind {self.kind!r}: {' or '.join(KINDS)}")
        whole("moves", self.moves, 0, bard.singing.locations - 1)
        whole("volume", self.volume, 0, bard.volume.max)
        sources = tuple(self.sources)
        ids = [s.id for s in sources]
        for s in sources:
            if not isinstance(s, IconSource):
                raise UnknownNameError(f"sources holds IconSource values, got {s!r}")
            if ids.count(s.id) > 1:
                raise UnknownNameError(f"source id {s.id!r} is used by two sources")
        object.__setattr__(self, "sources", sources)
        check_instance("board", self.board, Board)
        if not isinstance(self.rules, HouseRules):
            raise UnknownNameError(f"rules must be HouseRules, got {self.rules!r}")
        if self.began is None:
            object.__setattr__(self, "began", self.board)

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
        rules: HouseRules | None = None,
    ) -> Song:
        """A song about to begin; ``soundstones`` tokens from your supply join the sources."""
        stone = facts().soundstone
        count = whole("soundstones", soundstones, 0, stone.tokens)
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
            known = ", ".join(repr(s.id) for s in self.sources) or "none"
            raise UnknownNameError(f"unknown source {source_id!r}: the song has {known}")
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

    # -- verify / can / apply -----------------------------------------------------------------
    def verify_perform(self, performance: Performance) -> None:
        """Raise a :class:`BardError` saying why ``performance`` is not allowed now."""
        self._resolve(performance, words=False)

    def can_perform(self, performance: Performance) -> bool:
        """Whether ``performance`` is allowed now (checked without writing any working)."""
        return passes(lambda: self.verify_perform(performance), BardError)

    def perform(self, performance: Performance, *, working: bool = True) -> tuple[Song, Performed]:
        """Apply ``performance``; an illegal one raises and changes nothing.

        With ``working=False`` the record carries the numbers only (no lines, notes or
        working in words): the fast path for a search that reads gold, not text.
        """
        outcome = self._resolve(performance, words=working)
        song = evolve(
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
                f"boast: already Boasted {plural(self.boasts, 'time')} this song; the app "
                f"allows {limit} (ruling {RULING_BOAST!r}, a house rule in Settings)"
            )
        cost = facts().volume.boast_cost
        if self.volume_left < cost:
            raise VolumeError(
                f"boast: costs {cost} Volume and the song has {self.volume_left} left "
                f"(volume {self.volume!r}, {self.volume_spent} spent)"
            )

    def can_boast(self) -> bool:
        return passes(self.verify_boast, BardError)

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
                f"Activate {plural(creatures, 'Creature card')}"
                + (" in any order" if creatures > 1 else "")
                + f", then put {'it' if creatures == 1 else 'them'} at the bottom of your "
                "discard pile"
            )
        else:
            notes.append("No Creature card waits in your Boast area: the Boast only spends Volume")
        record = Boasted(cost, creatures, tuple(lines), tuple(notes))
        song = evolve(
            self,
            board=evolve(self.board, boast_area=0),
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

    # -- as a game: any action, plain data ----------------------------------------------------
    def apply(self, action: SongAction) -> tuple[Song, Record]:
        """Apply a performance or a :class:`~companion.engine.bard.actions.Boast` (verified
        first: an illegal one raises and changes nothing)."""
        if isinstance(action, Boast):
            return self.boast()
        if isinstance(action, (AtPier, AtTownSquare, AtFactionHall, AtDragonIsland)):
            return self.perform(action)
        raise UnknownNameError(f"action {action!r} is not an action of a song")

    def verify(self, action: SongAction) -> None:
        """Raise the :class:`BardError` :meth:`apply` would raise, or return None."""
        if isinstance(action, Boast):
            self.verify_boast()
        elif isinstance(action, (AtPier, AtTownSquare, AtFactionHall, AtDragonIsland)):
            self.verify_perform(action)
        else:
            raise UnknownNameError(f"action {action!r} is not an action of a song")

    def can_apply(self, action: SongAction) -> bool:
        return passes(lambda: self.verify(action), BardError)

    @property
    def actions(self) -> tuple[SongAction, ...]:
        """The song's actions so far, in order (its log without the working)."""
        return tuple(r.performance if isinstance(r, Performed) else Boast() for r in self.log)

    @property
    def is_over(self) -> bool:
        """Nothing is left to do: no location to perform at and no Boast allowed."""
        return self.locations_left <= 0 and not self.can_boast()

    @property
    def beginning(self) -> Song:
        """The song before its first action."""
        return evolve(
            self, visited=(), spent=frozenset(), volume_spent=0, boasts=0, log=(), board=self.began
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-able: the song as it began, and its actions (:meth:`from_dict` replays them)."""
        start = self.beginning
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
        SONG_SAVE.known(
            raw,
            "",
            {
                "format",
                "version",
                "sources",
                "moves",
                "volume",
                "board",
                "kind",
                "rules",
                "actions",
            },
        )
        sources = raw.get("sources", [])
        if not isinstance(sources, list):
            raise SaveDataError(f"sources: {sources!r} must be a list")
        read: list[IconSource] = []
        for i, item in enumerate(sources):
            with SONG_SAVE.at(f"sources[{i}]"):
                read.append(IconSource.from_dict(item))
        with SONG_SAVE.at("board"):
            board = Board.from_dict(raw.get("board", {}))
        with SONG_SAVE.at("rules"):
            rules = HouseRules.from_list(raw.get("rules", []))
        with SONG_SAVE.at("song"):
            song = cls(
                sources=tuple(read),
                moves=raw.get("moves"),  # type: ignore[arg-type]
                volume=raw.get("volume"),  # type: ignore[arg-type]
                board=board,
                kind=raw.get("kind", KINDS[0]),
                rules=rules,
            )
        actions = raw.get("actions", [])
        if not isinstance(actions, list):
            raise SaveDataError(f"actions: {actions!r} must be a list")
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
    def verify_visit(self, location: str) -> None:
        """Raise a :class:`LocationError` if the Bard cannot perform at ``location`` now (a
        location id such as ``"pier_1"``, ``"warrior_hall"`` or ``"rogues_lair"``), whatever
        would be spent there."""
        bard = facts()
        closed = bard.closed_halls.get(location)
        if closed is not None:
            raise LocationError(
                f"hall {location!r}: the Bard never performs at the {closed.name} ({closed.reason})"
            )
        place = bard.location_named(location)
        faction = place.faction
        if faction is not None:  # the rulebook's reason first, before "no moves left"
            runes = self.board.runes
            if faction in runes:
                raise LocationError(
                    f"hall {faction!r}: the {bard.faction_named(faction).hall} already holds one "
                    "of your Runes (each hall once per game)"
                )
            if len(runes) >= bard.runes.count:
                raise LocationError(f"hall {faction!r}: no Rune left on your Tempo Wheel")
        if len(self.visited) > self.moves:
            raise LocationError(
                f"location {location!r}: no moves left (a Movement of {self.moves} allows "
                f"{plural(1 + self.moves, 'location')}: {', '.join(self.visited)})"
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
        return passes(lambda: self.verify_visit(location), BardError)

    def _resolve(self, p: Performance, *, words: bool = True) -> _Outcome:
        if not isinstance(p, (AtPier, AtTownSquare, AtFactionHall, AtDragonIsland)):
            raise UnknownNameError(f"not a performance: {p!r}")
        self.verify_visit(p.location)
        sources = self._check_spends(p.spend)
        volume = sum(s.volume for s in sources)
        if volume > self.volume_left:
            unlocked = ", ".join(f"{s.id!r} ({s.volume})" for s in sources if s.volume)
            raise VolumeError(
                f"unlocking {unlocked} costs {volume} Volume; the song has {self.volume_left} left"
            )
        number = len(self.visited) + 1
        if isinstance(p, AtPier):
            return self._pier(p, number, sources, volume, words)
        if isinstance(p, AtTownSquare):
            return self._town_square(p, number, sources, volume, words)
        if isinstance(p, AtFactionHall):
            return self._faction_hall(p, number, sources, volume, words)
        return self._dragon_island(p, number, sources, volume, words)

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
                gives = "Coins" if src.coin else f"{faction_word(src.colour)} icons"
                raise IconError(
                    f"source {item.source!r} gives {gives} and cannot be spent as {item.colour!r}"
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

    @staticmethod
    def _coins(sources: Sequence[IconSource]) -> tuple[int, int]:
        """``(Coins, gold)`` of the Coin sources among ``sources`` (ruling bard.coin_icons)."""
        n = sum(s.count for s in sources if s.coin)
        return n, n * facts().coins.gold_per_coin

    @staticmethod
    def _coin_line(n: int, gold: int) -> str:
        return f"{plural(n, 'Coin')} = {gold} gold"

    def _outcome(
        self,
        p: Performance,
        number: int,
        gold: Figure,
        sources: Sequence[IconSource],
        icons: int,
        volume: int,
        board: Board,
        lines: Sequence[str],
        notes: Sequence[str],
        coins: int,
        **more: Any,
    ) -> _Outcome:
        """Performance ``p`` done: its record (``more`` are the record's fields that only
        some locations fill in), the board after it and the sources it spent."""
        spent = tuple(s.id for s in sources)
        record = Performed(
            number, p.location, p, gold, spent, icons, volume,
            lines=tuple(lines), notes=tuple(notes), coins=coins, **more,
        )  # fmt: skip
        return _Outcome(record, board, self._spent(sources), volume)

    @classmethod
    def _coin_gold(cls, lines: list[str], n: int, gold: int, where: str) -> Figure:
        """The gold of a location where only Coins pay: ``n`` Coins' line (added to ``lines``),
        or none earned ``where``."""
        if not n:
            return Figure(0, f"No gold {where}", "0")
        line = cls._coin_line(n, gold)
        lines.append(line)
        return Figure(gold, line, str(gold))

    # Piers ------------------------------------------------------------------------------------
    def _pier_colours(
        self, p: AtPier, sources: Sequence[IconSource], paladin_colour: str | None, paladins: int
    ) -> tuple[dict[str, int], dict[str, int], dict[str, str]]:
        """``(Adventurers by colour, icons by colour, colour taken by each any-colour source)``
        with the Paladins counted as ``paladin_colour``."""
        order = facts().faction_ids
        adventurers = dict(p.adventurers)
        if paladin_colour is not None:
            adventurers[paladin_colour] = adventurers.get(paladin_colour, 0) + paladins
        best = order[0]  # the most Adventurers; the first in the rulebook's order on a tie
        for c in order:
            if adventurers.get(c, 0) > adventurers.get(best, 0):
                best = c
        by_colour: dict[str, int] = {}
        sung_as: dict[str, str] = {}
        for item, src in zip(p.spend, sources, strict=True):
            if src.coin:
                continue
            colour = src.colour if not src.wild else (item.colour or best)
            by_colour[colour] = by_colour.get(colour, 0) + src.count
            if src.wild:
                sung_as[src.id] = colour
        return adventurers, by_colour, sung_as

    def _pier(
        self, p: AtPier, number: int, sources: Sequence[IconSource], volume: int, words: bool
    ) -> _Outcome:
        order = facts().faction_ids
        paladins = p.paladins if self.rules.paladins_count else 0
        chosen: str | None = None
        if paladins:
            if p.paladin_colour is not None:
                chosen = p.paladin_colour
            else:

                def paid(colour: str) -> tuple[int, int]:
                    adv, icons, _ = self._pier_colours(p, sources, colour, paladins)
                    return sum(n * adv.get(c, 0) for c, n in icons.items()), -order.index(colour)

                chosen = max(order, key=paid)
        adventurers, by_colour, sung_as = self._pier_colours(p, sources, chosen, paladins)
        coin_count, coin_gold = self._coins(sources)
        parts: list[tuple[str, int, int]] = [
            (c, by_colour[c], adventurers.get(c, 0)) for c in order if c in by_colour
        ]
        gold = sum(n * a for _, n, a in parts) + coin_gold
        card = None
        if p.buy_card:
            card = self.board.card_price_at(p.pier, per_pier=self.rules.gems_per_pier)
        lines: list[str] = []
        notes: list[str] = []
        figure = Figure(gold, "", "")
        if words:
            lines = self._unlock_lines(sources)
            if chosen is not None:
                lines.append(
                    f"{plural(paladins, 'Paladin')} on this Pier count as {faction_word(chosen, 2)}"
                )
            terms: list[tuple[str, str]] = []  # (figures, the line in words)
            for colour, n, a in parts:
                label = adventurers_text(a, colour)
                if colour == chosen:
                    label += f" ({a - paladins} + {plural(paladins, 'Paladin')})"
                line = f"{icons_text(n, colour)} × {label} = {n * a} gold"
                lines.append(line)
                terms.append((f"{n} × {a}", line))
                if a == 0:
                    notes.append(
                        f"No {faction_word(colour, 2)} at this Pier: those icons earn nothing"
                    )
            if coin_count:
                line = self._coin_line(coin_count, coin_gold)
                lines.append(line)
                terms.append((str(coin_gold), line))
            for source_id, colour in sung_as.items():
                notes.append(
                    f"Any-colour icons of {source_id} sung as {faction_word(colour)} icons"
                )
            if p.paladins and not self.rules.paladins_count:
                notes.append(
                    f"The {plural(p.paladins, 'Paladin')} on this Pier earn nothing from a song "
                    f"(ruling {RULING_PALADINS!r}; Settings offers counting them as a house rule)"
                )
            if terms:
                expression = " + ".join(t for t, _ in terms) + f" = {gold}"
                working = (
                    terms[0][1]
                    if len(terms) == 1
                    else " + ".join(t for t, _ in terms) + f" = {gold} gold"
                )
            else:
                expression, working = "0", "No icons spent: 0 gold"
            figure = Figure(gold, working, expression)
            if len(terms) > 1:
                lines.append(f"Gold: {working}")
            if card is not None:
                lines.append(f"Buy a Skill or Improv card: {card.working}, paid from your gold")
                notes.append("The new card goes face down on top of your deck")
        icons = sum(s.faction_icons for s in sources)
        return self._outcome(
            p, number, figure, sources, icons, volume, self.board, lines, notes, coin_gold,
            card=card, paladins_as=chosen,
        )  # fmt: skip

    # Town Square ------------------------------------------------------------------------------
    def _town_square(
        self,
        p: AtTownSquare,
        number: int,
        sources: Sequence[IconSource],
        volume: int,
        words: bool,
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
                f"fans {p.fans!r}: only {plural(left, 'Badge')} left on your Badge track"
            )
        costs = tuple(fan_cost(self.board.badges + i) for i in range(p.fans))
        cost = sum(c.value for c in costs)
        icons = sum(s.faction_icons for s in sources)
        coin_count, coin_gold = self._coins(sources)
        if icons < cost:
            not_icons = " (Coins are not Faction icons)" if coin_count else ""
            raise IconError(
                f"spend {tuple(s.id for s in sources)!r}: gives {plural(icons, 'icon')}"
                f"{not_icons}, the fan{'s cost' if p.fans > 1 else ' costs'} {cost}"
            )
        board = evolve(self.board, badges=self.board.badges + p.fans)
        size = None
        if board.hand_size.value != self.board.hand_size.value:
            size = board.hand_size
        lines: list[str] = []
        notes: list[str] = []
        gold = Figure(coin_gold, "", "")
        if words:
            lines = self._unlock_lines(sources)
            for i, c in enumerate(costs):
                lines.append(f"Fan {self.board.badges + i + 1}: {c.working}")
            if icons > cost:
                notes.append(
                    f"{plural(icons - cost, 'icon')} more than the cost: lost, since a source is "
                    "spent whole"
                )
            if size is not None:
                lines.append(f"Hand size: {size.working}")
            if blue_gems(board.badges) != blue_gems(self.board.badges):
                lines.append(f"A Blue Gem shows: cards now cost {board.card_price.working}")
            gold = self._coin_gold(lines, coin_count, coin_gold, "at the Town Square")
        return self._outcome(
            p, number, gold, sources, icons, volume, board, lines, notes, coin_gold,
            fans=costs, hand_size=size,
        )  # fmt: skip

    # Faction Halls ----------------------------------------------------------------------------
    def _matching(
        self, hall: str, spend: Sequence[Spend], sources: Sequence[IconSource], where: str
    ) -> int:
        """The Faction icons of ``hall``'s colour among ``sources`` (Coins pass: they are no
        colour); any other colour raises."""
        icons = 0
        for item, src in zip(spend, sources, strict=True):
            if src.coin:
                continue
            colour = src.colour if not src.wild else (item.colour or hall)
            if colour != hall:
                raise IconError(
                    f"source {src.id!r}: {where} takes {faction_word(hall)} icons only, not "
                    f"{faction_word(colour)}"
                )
            icons += src.count
        return icons

    def _faction_hall(
        self,
        p: AtFactionHall,
        number: int,
        sources: Sequence[IconSource],
        volume: int,
        words: bool,
    ) -> _Outcome:
        hall = facts().faction_named(p.hall)
        icons = self._matching(p.hall, p.spend, sources, f"the {hall.hall}")
        if icons <= p.adventurers:
            raise IconError(
                f"the {hall.hall} holds {plural(p.adventurers, 'Adventurer')}, so it takes "
                f"more than {p.adventurers} {hall.name} icons; {icons} spent "
                f"(adventurers={p.adventurers!r})"
            )
        coin_count, coin_gold = self._coins(sources)
        board = evolve(self.board, runes=self.board.runes | {p.hall})
        lines: list[str] = []
        gold = Figure(coin_gold, "", "")
        if words:
            lines = self._unlock_lines(sources)
            lines += [
                f"{icons_text(icons, p.hall)} > {plural(p.adventurers, 'Adventurer')} in the "
                f"hall: a Rune from your Tempo Wheel goes into the {hall.hall}",
                f"A Coin shows: cards now cost {board.card_price.working}",
                f"Dragon Island may now sing to {hall.plural}",
            ]
            gold = self._coin_gold(lines, coin_count, coin_gold, "at a Faction Hall")
        return self._outcome(
            p, number, gold, sources, icons, volume, board, lines, (), coin_gold, rune=p.hall
        )

    # Dragon Island ----------------------------------------------------------------------------
    def _dragon_island(
        self,
        p: AtDragonIsland,
        number: int,
        sources: Sequence[IconSource],
        volume: int,
        words: bool,
    ) -> _Outcome:
        bard = facts()
        if not p.halls:
            raise LocationError("halls (): choose at least one Faction Hall to sing for")
        chosen: set[str] = set()
        terms: list[tuple[int, int, int, int, str]] = []  # (gold, icons, a, b, hall)
        by_id = {s.id: s for s in sources}
        text = self.rules.dragon_island == "text"
        for h in p.halls:
            if h.hall in chosen:
                raise LocationError(
                    f"hall {h.hall!r}: the {bard.faction_named(h.hall).hall} is selected twice "
                    "(once per performance)"
                )
            if h.hall not in self.board.runes:
                hall = bard.faction_named(h.hall)
                raise LocationError(
                    f"hall {h.hall!r}: none of your Runes is in the {hall.hall}, so Dragon "
                    f"Island cannot sing to {hall.plural} (ruling {RULING_HALLS!r})"
                )
            chosen.add(h.hall)
            icons = self._matching(
                h.hall,
                h.spend,
                [by_id[s.source] for s in h.spend],
                f"singing for the {bard.faction_named(h.hall).hall}",
            )
            if not text:
                terms.append((icons * h.side_adventurers, icons, icons, h.side_adventurers, h.hall))
            else:
                inside = h.hall_adventurers
                if inside is None:
                    raise CountError(
                        f"hall {h.hall!r}: hall_adventurers is needed under the house rule "
                        f"{RULING_DRAGON_ISLAND!r} (the rule text's reading)"
                    )
                if icons < inside:
                    raise IconError(
                        f"hall {h.hall!r}: spend as many {bard.faction_named(h.hall).name} icons "
                        f"as Adventurers in the {bard.faction_named(h.hall).hall} ({inside}), "
                        f"not {icons}"
                    )
                terms.append(
                    (inside * h.side_adventurers, icons, inside, h.side_adventurers, h.hall)
                )
        coin_count, coin_gold = self._coins(sources)
        total = sum(t[0] for t in terms) + coin_gold
        earned = total >= bard.dragon_island.creature_min_gold
        creature = earned and self.board.creatures > 0
        board = self.board
        if creature:
            board = evolve(
                board,
                boast_area=min(board.boast_area + 1, bard.cards.entertainer),
                creatures=board.creatures - 1,
            )
        lines: list[str] = []
        notes: list[str] = []
        figure = Figure(total, "", "")
        if words:
            lines = self._unlock_lines(sources)
            said: list[tuple[int, str, str]] = []  # (gold, figures, the line in words)
            for gold, icons, a, b, colour in terms:
                hall = bard.faction_named(colour)
                side = f"{adventurers_text(b, colour)} on the {p.side} side"
                if not text:
                    line = f"{icons_text(icons, colour)} × {side} = {gold} gold"
                else:
                    line = (
                        f"{plural(a, 'Adventurer')} in the {hall.hall} × {side} "
                        f"= {gold} gold ({icons_text(icons, colour)} spent)"
                    )
                lines.append(f"{hall.name}: {line}")
                said.append((gold, f"{a} × {b}", line))
            if coin_count:
                line = self._coin_line(coin_count, coin_gold)
                lines.append(line)
                said.append((coin_gold, str(coin_gold), line))
            expression = " + ".join(e for _, e, _ in said) + f" = {total}"
            if len(said) == 1:
                working = said[0][2]
            else:
                working = " + ".join(str(g) for g, _, _ in said) + f" = {total} gold"
                lines.append(f"Gold: {working}")
            figure = Figure(total, working, expression)
            if creature:
                lines.append(
                    "At least 1 gold earned: take a Creature card from Dragon Island, face up "
                    "into your Boast area"
                )
                left = board.creatures
                notes.append(
                    f"{plural(left, 'Creature card')} left on Dragon Island"
                    if left
                    else "That was the last Creature card on Dragon Island"
                )
            elif earned:
                notes.append(
                    "No Creature card is left on Dragon Island, so none comes with the gold "
                    f"(ruling {RULING_CREATURES!r})"
                )
            else:
                notes.append("No gold earned here, so no Creature card")
        icons = sum(s.faction_icons for s in sources)
        return self._outcome(
            p, number, figure, sources, icons, volume, board, lines, notes, coin_gold,
            creature=creature,
        )  # fmt: skip


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
