"""From a tap to the table's action: what the Bard screen sends for each change, and what it
reads back from the table to show.

The table (:class:`~companion.engine.bard.BardGame`) keeps the board, the tableau and the
song; these functions only build actions from what the screen shows and the taps made on it
(every one of them plain data the hub verifies and commits), and read the song as the
screen lays it out: its locations in order, then (when it has one) the Boast at the end (or
where it was made, under the house rule of ruling ``bard.boast_gains``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from companion.engine.bard import (
    KINDS,
    PALADIN,
    SIDES,
    AtDragonIsland,
    AtFactionHall,
    AtPier,
    AtTownSquare,
    BardAction,
    BardGame,
    BeginSong,
    Board,
    Boast,
    ChangeSong,
    IconSource,
    Performance,
    Plan,
    ReviseSong,
    SetBoard,
    SetTable,
    Song,
    SongAction,
    Table,
    facts,
)
from companion.ui.bard.model.words import STONE

Location = AtPier | AtTownSquare | AtFactionHall | AtDragonIsland


@dataclass(frozen=True)
class Numbers:
    """A song's numbers before it starts: Movement, Volume, Soundstones, kind."""

    moves: int = 2
    volume: int = 0
    soundstones: int = 0
    kind: str = KINDS[0]


# -- reading the table ----------------------------------------------------------------------------


def stops_of(song: Song | None) -> tuple[Performance, ...]:
    """The song's locations, in order."""
    if song is None:
        return ()
    return tuple(a for a in song.actions if isinstance(a, Performance))


def boasted(song: Song | None) -> bool:
    return song is not None and song.boasts > 0


def before(song: Song, number: int | None) -> Song:
    """The song as it stands before its location ``number`` (None: after every location),
    without a Boast that no location follows: what a location typed there is checked on. (A
    Boast before a location stays: under the house rule of ruling ``bard.boast_gains`` the
    Soundstones it gave may be spent there.)"""
    if number is None and not boasted(song):
        return song
    actions = list(song.actions)
    places = [i for i, a in enumerate(actions) if isinstance(a, Performance)]
    if number is None or number > len(places):
        end, follows = len(actions), max(places, default=-1)
    else:
        end = follows = places[number - 1]
    out = song.start
    for i, action in enumerate(actions[:end]):
        if isinstance(action, Performance):
            out = out.perform(action, working=False)[0]
        elif i < follows:
            out = out.apply(action)[0]
    return out


def sources_of(song: Song | None) -> tuple[IconSource, ...]:
    """The tableau's sources (the Soundstones apart)."""
    if song is None:
        return ()
    return tuple(s for s in song.start.sources if not s.id.startswith(STONE))


def numbers_of(game: BardGame) -> Numbers:
    """The song's numbers as it began, or, between songs, the next song's: the last song's
    Movement and kind, with the Volume and Soundstones it left."""
    song = game.song
    if song is not None:
        start = song.start
        stones = sum(1 for s in start.sources if s.id.startswith(STONE))
        return Numbers(start.moves, start.volume, stones, start.kind)
    for record in reversed(game.log):
        ended = record.before.song
        if ended is not None and record.action.kind == "end_song":
            stones = sum(1 for s in ended.unspent if s.id.startswith(STONE))
            return Numbers(ended.moves, ended.volume_left, stones, KINDS[0])
    return Numbers()


def board_of(game: BardGame) -> Board:
    """Your player board as the screen edits it: the one the song began with, or between
    songs the next song's."""
    return game.song.start.board if game.song is not None else game.board


# -- the board ------------------------------------------------------------------------------------


def table_with(table: Table, place: str, colour: str | None, count: int) -> Table:
    """``table`` with one count changed: ``place`` is a pier id (``colour`` a faction or
    ``paladin``), a faction's hall (``colour`` None), ``left``/``right`` for Dragon Island,
    or ``townsfolk`` (``colour`` None; a count of all the Badges means no limit)."""
    piers = {p: dict(c) for p, c in table.piers.items()}
    halls = dict(table.halls)
    island = {s: dict(c) for s, c in table.dragon_island.items()}
    townsfolk = table.townsfolk
    if place in piers:
        if colour is None:
            raise KeyError(place)
        piers[place][colour] = count
    elif place in halls and colour is None:
        halls[place] = count
    elif place in SIDES:
        if colour is None:
            raise KeyError(place)
        island[place][colour] = count
    elif place == "townsfolk":
        townsfolk = None if count >= facts().badges.count else count
    else:
        raise KeyError(place)
    return Table(piers=piers, halls=halls, dragon_island=island, townsfolk=townsfolk)


def count_in(table: Table, place: str, colour: str | None) -> int:
    """The count :func:`table_with` changes."""
    if place in table.piers:
        return table.piers[place][colour or PALADIN]
    if place in table.halls and colour is None:
        return table.halls[place]
    if place in SIDES:
        return table.dragon_island[place][colour or ""]
    if place == "townsfolk":
        return facts().badges.count if table.townsfolk is None else table.townsfolk
    raise KeyError(place)


def set_count(game: BardGame, place: str, colour: str | None, count: int) -> SetTable:
    return SetTable(table_with(game.table, place, colour, count))


def set_board(game: BardGame, **changes: object) -> SetBoard:
    """Your player board with ``changes`` (``badges=2``, ``boast_area``, ``creatures``,
    ``gem_piers``)."""
    return SetBoard(replace(board_of(game), **changes))  # type: ignore[arg-type]


def toggle_rune(game: BardGame, faction: str) -> SetBoard:
    board = board_of(game)
    facts().faction_named(faction)
    return SetBoard(replace(board, runes=board.runes ^ {faction}))


# -- the tableau ----------------------------------------------------------------------------------


def set_tableau(
    game: BardGame,
    sources: Sequence[IconSource] | None = None,
    *,
    moves: int | None = None,
    volume: int | None = None,
    soundstones: int | None = None,
    kind: str | None = None,
) -> BardAction:
    """The song with a new tableau or numbers: it begins with them when none is being sung
    (from the player board as the last song left it)."""
    now = numbers_of(game)
    tableau = tuple(sources) if sources is not None else sources_of(game.song)
    values = Numbers(
        now.moves if moves is None else moves,
        now.volume if volume is None else volume,
        now.soundstones if soundstones is None else soundstones,
        now.kind if kind is None else kind,
    )
    if game.song is None:
        return BeginSong(
            tableau, values.moves, values.volume, soundstones=values.soundstones, song=values.kind
        )
    return ChangeSong(
        tableau, values.moves, values.volume, soundstones=values.soundstones, song=values.kind
    )


# -- the song's locations -------------------------------------------------------------------------


def boast_of(song: Song | None) -> tuple[Boast | None, int]:
    """The song's Boast and how many of its locations come before it (None and 0 without)."""
    actions = song.actions if song is not None else ()
    for i, action in enumerate(actions):
        if isinstance(action, Boast):
            return action, sum(isinstance(a, Performance) for a in actions[:i])
    return None, 0


def _revised(
    stops: Sequence[Performance], boast: Boast | None, at: int | None = None
) -> ReviseSong:
    """The song's locations, with ``boast`` after the first ``at`` of them (None: last)."""
    places: list[SongAction] = list(stops)
    if boast is not None:
        places.insert(len(places) if at is None else at, boast)
    return ReviseSong(tuple(places))


def sing_at(song: Song, performance: Performance, replaces: int | None) -> BardAction:
    """Sing ``performance`` as a new location at the end (before the Boast, which stays
    last; after it under the house rule of ruling ``bard.boast_gains``, so what the Boast
    gave may be spent there), or in place of location ``replaces``."""
    stops = list(stops_of(song))
    made, at = boast_of(song)
    if replaces is not None:
        stops[replaces - 1] = performance
        return _revised(stops, made, at)
    if made is None or song.rules.boast_gains_join_song:
        return performance
    return _revised([*stops, performance], made)


def take_out(song: Song, number: int) -> ReviseSong:
    stops = list(stops_of(song))
    del stops[number - 1]
    made, at = boast_of(song)
    return _revised(stops, made, at - 1 if number <= at else at)


def boast(song: Song, on: bool, soundstones: int = 0) -> BardAction:
    """Boast (after the locations so far; with the Soundstones its Creature cards gave, under
    the house rule of ruling ``bard.boast_gains``), change what it gave, or take it back."""
    made, at = boast_of(song)
    if not on:
        return _revised(stops_of(song), None)
    if made is None:
        return Boast(soundstones)
    return _revised(stops_of(song), Boast(soundstones), at)


def planning(song: Song) -> Song:
    """The song as the planner starts from: its locations sung, without the Boast (a plan
    says whether to Boast)."""
    return before(song, None) if boasted(song) else song


def load(song: Song, plan: Plan) -> ReviseSong:
    """The song with ``plan`` sung after its locations (and its Boast, if the plan Boasts)."""
    return _revised([*stops_of(song), *plan.performances], Boast() if plan.boast else None)


__all__ = [
    "Location",
    "Numbers",
    "before",
    "board_of",
    "boast",
    "boast_of",
    "boasted",
    "count_in",
    "load",
    "numbers_of",
    "planning",
    "set_board",
    "set_count",
    "set_tableau",
    "sing_at",
    "sources_of",
    "stops_of",
    "table_with",
    "take_out",
    "toggle_rune",
]
