"""The Bard's table: the board entered once, then song after song.

A :class:`BardGame` is what a shared table keeps for the Bard: the main board as the Bard
sees it (:class:`~companion.engine.bard.main_board.Table`, set with
:class:`~companion.engine.bard.actions.SetTable` and changed the same way), the player board
between songs (``SetBoard``), the song being sung (begun with ``BeginSong``, performed location
by location, ended with ``EndSong``, which carries its Runes, Badges, Creature cards and gold
over), and a log of records.

A song being sung can still be changed as a whole: its tableau and numbers (``ChangeSong``),
the board it began with (``SetBoard``), its locations and Boast (``ReviseSong``: a plan loaded,
a location taken out or changed), and the main board (``SetTable``, which counts the locations
sung so far again on the new board). Each such change sings the song again from its new
beginning and is refused, changing nothing, when a location would no longer work. Like every
game of the engine it is an immutable value: ``apply`` verifies an action first and changes
nothing when it is refused; :meth:`BardGame.to_dict` is its start and actions, which
:meth:`BardGame.from_dict` replays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.engine.bard.actions import (
    SAVE,
    BardAction,
    BeginSong,
    ChangeSong,
    Performance,
    SongAction,
    read_action,
)
from companion.engine.bard.errors import (
    BardError,
    GameOverError,
    SaveDataError,
    StepError,
    UnknownNameError,
)
from companion.engine.bard.facts import location_name
from companion.engine.bard.house import HouseRules
from companion.engine.bard.main_board import Table
from companion.engine.bard.records import GameRecord, Record, SongSung
from companion.engine.bard.song import Song
from companion.engine.bard.values import Board, check_instance, evolve, plural, the_place
from companion.engine.core import saves
from companion.engine.core.words import spoken

#: What each step of a Bard table is, in words (a refusal opens with it).
DOING: dict[str, str] = {
    "set_table": "Changing the main board",
    "set_board": "Changing your player board",
    "begin_song": "Beginning a song",
    "change_song": "Changing the Song tableau",
    "revise_song": "Changing the song's locations",
    "end_song": "Ending the song",
    "finish": "Finishing the table",
    "pier": "Singing at a Pier",
    "town_square": "Singing at the Town Square",
    "faction_hall": "Singing at a Faction Hall",
    "dragon_island": "Singing at Dragon Island",
    "boast": "Boasting",
}


def doing(kind: str) -> str:
    """``Changing the song's locations``: a step of a Bard table in words."""
    return DOING.get(kind, spoken(kind).capitalize())


__all__ = ["BardGame"]


@dataclass(frozen=True, repr=False)
class BardGame(saves.SavedGame):
    """A Bard table: who plays the Bard, the main board, the player board, the song being
    sung, the songs sung."""

    action_type: ClassVar[type[saves.Action]] = BardAction
    error: ClassVar[type[ValueError]] = BardError

    rules: HouseRules = field(default_factory=HouseRules)
    player: str = ""
    table: Table = field(default_factory=Table)
    board: Board = field(default_factory=Board)
    song: Song | None = None
    sung: tuple[SongSung, ...] = ()
    finished: bool = False
    log: tuple[GameRecord, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rules, HouseRules):
            raise UnknownNameError(f"rules must be HouseRules, got {self.rules!r}")
        if not isinstance(self.player, str) or len(self.player.strip()) > 40:
            raise UnknownNameError(f"player {self.player!r} must be a name of at most 40 letters")
        object.__setattr__(self, "player", self.player.strip())
        check_instance("table", self.table, Table)
        check_instance("board", self.board, Board)

    @classmethod
    def new(cls, *, player: str = "", rules: HouseRules | None = None) -> BardGame:
        """A table before anything is entered; ``player`` names who plays the Bard."""
        return cls(rules=rules if rules is not None else HouseRules(), player=player)

    @property
    def players(self) -> tuple[str, ...]:
        return (self.player,) if self.player else ()

    def __repr__(self) -> str:
        song = "no song" if self.song is None else repr(self.song)
        return f"<BardGame {len(self.sung)} songs sung, {song}, {self.board!r}>"

    # -- reading ------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True once the table is finished (the Bard's rules never end a game by
        themselves: the players do, with ``Finish``)."""
        return self.finished

    @property
    def gold(self) -> int:
        """Gold earned by the songs ended so far, less what their cards cost."""
        return sum(s.net for s in self.sung)

    @property
    def status(self) -> str:
        """One line for a list of tables."""
        if self.finished:
            return f"Finished: {plural(len(self.sung), 'song')}, {self.gold} gold"
        if self.song is not None:
            where = len(self.song.visited)
            sung = f"; {plural(len(self.sung), 'song')} before" if self.sung else ""
            so_far = f"{plural(where, 'location')} so far" if where else "no location yet"
            return f"Singing: {so_far}, {self.song.gold} gold{sung}"
        return f"{plural(len(self.sung), 'song')} sung, {self.gold} gold"

    # -- what the actions need ----------------------------------------------------------------
    def open(self, kind: str) -> BardGame:
        """This table, if it still takes actions (``kind`` names the one asked for)."""
        if self.finished:
            raise GameOverError(f"{doing(kind)}: the table is finished")
        return self

    def song_for(self, kind: str) -> Song:
        """The song being sung, in which an action of a song (``kind``) is sung."""
        song = self.open(kind).song
        if song is None:
            raise StepError(f"{doing(kind)}: no song is being sung; begin one first")
        return song

    def song_played(self, after: Song, record: Record) -> tuple[BardGame, GameRecord]:
        """The table with the song being sung as an action of it left it (``after``, whose
        log ``record`` extends) and the table's record of it."""
        assert self.song is not None  # an action of a song is sung only in one (song_for)
        song = evolve(after, log=(*self.song.log, record))
        logged = GameRecord(
            action=record.action, summary=record.summary, record=record, before=self
        )
        return evolve(self, song=song), logged

    def new_song(self, begin: BeginSong | ChangeSong, board: Board) -> Song:
        """The song ``begin`` starts on ``board``, under this table's house rules."""
        return Song.new(
            begin.sources,
            moves=begin.moves,
            volume=begin.volume,
            soundstones=begin.soundstones,
            board=board,
            kind=begin.song,
            rules=self.rules,
        )

    def sung_again(self, start: Song, actions: Sequence[SongAction], what: str) -> Song:
        """``start`` with ``actions`` sung in order; the first that is not allowed raises,
        saying which location it was (``what`` names the change that sings them again)."""
        song = start
        for number, action in enumerate(actions, start=1):
            try:
                song = song.apply(action)[0]
            except BardError as exc:
                where = (
                    f"{the_place(location_name(action.location))} (location {number})"
                    if isinstance(action, Performance)
                    else "the Boast"
                )
                raise type(exc)(f"{doing(what)} would break {where}: {exc}") from None
        return song

    def with_rules(self, rules: HouseRules) -> BardGame:
        """The same table replayed from its start under other house rules (an action the new
        rules refuse raises and nothing changes)."""
        if not isinstance(rules, HouseRules):
            raise UnknownNameError(f"rules {rules!r} are not HouseRules")
        return self.replayed(evolve(self.start, rules=rules, log=()))

    # -- saving -------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """JSON-able, versioned: the house rules and every action (the start of a shared
        table is ``BardGame.new(...).to_dict()``)."""
        start = self.start
        out: dict[str, Any] = {**SAVE.header(), "rules": start.rules.to_list()}
        if start.player:
            out["player"] = start.player
        out["actions"] = [r.action.to_dict() for r in self.log]
        return out

    @classmethod
    def from_dict(cls, data: object) -> BardGame:
        """Read a save back by replaying it; a bad save raises
        :class:`~companion.engine.bard.errors.SaveDataError` naming the field
        (``actions[3] (pier): spend[0]: ...``)."""
        raw = SAVE.check_header(data)
        SAVE.known(raw, "", {"format", "version", "rules", "player", "actions"})
        with SAVE.at("rules"):
            rules = HouseRules.from_list(raw.get("rules", []))
        with SAVE.at("player"):
            start = cls.new(player=raw.get("player", ""), rules=rules)
        actions = raw.get("actions", [])
        if not isinstance(actions, list):
            raise SaveDataError(f"actions: {actions!r} must be a list")
        return SAVE.replay(start, actions, read_action)
