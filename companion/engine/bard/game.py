"""The Bard's table: the board entered once, then song after song, as plain-data actions.

A :class:`BardGame` is what a shared table keeps for the Bard: the main board as the Bard
sees it (:class:`~companion.engine.bard.table.Table`, set with :class:`SetTable` and changed
the same way), the player board between songs (:class:`SetBoard`), the song being sung (begun
with :class:`BeginSong`, performed location by location, ended with :class:`EndSong`, which
carries its Runes, Badges, Creature cards and gold over), and a log of records.

A song being sung can still be changed as a whole: its tableau and numbers
(:class:`ChangeSong`), the board it began with (:class:`SetBoard`), its locations and Boast
(:class:`ReviseSong`: a plan loaded, a location taken out or changed), and the main board
(:class:`SetTable`, which counts the locations sung so far again on the new board). Each such
change sings the song again from its new beginning and is refused, changing nothing, when a
location would no longer work. Like every game of
the engine it is an immutable value: :meth:`BardGame.apply` verifies an action first and
changes nothing when it is refused; :meth:`BardGame.to_dict` is its start and actions, which
:meth:`BardGame.from_dict` replays; :func:`read_action` reads any action back from its
``to_dict()``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from companion.engine.bard.actions import (
    SAVE,
    SONG_ACTIONS,
    SONG_READERS,
    AtDragonIsland,
    AtFactionHall,
    AtPier,
    AtTownSquare,
    BardAction,
    Boast,
    SongAction,
    read_song_action,
)
from companion.engine.bard.errors import (
    BardError,
    GameOverError,
    SaveDataError,
    StepError,
    UnknownNameError,
)
from companion.engine.bard.facts import facts, location_name
from companion.engine.bard.house import HouseRules
from companion.engine.bard.song import Boasted, Performed, Song
from companion.engine.bard.table import Table
from companion.engine.bard.values import (
    KINDS,
    Board,
    IconSource,
    check_instance,
    evolve,
    plural,
    whole,
)
from companion.engine.core import saves
from companion.engine.core.protocol import TableRules, passes

__all__ = [
    "TABLE_RULES",
    "BardGame",
    "BeginSong",
    "ChangeSong",
    "EndSong",
    "Finish",
    "GameRecord",
    "ReviseSong",
    "SetBoard",
    "SetTable",
    "SongSung",
    "read_action",
    "status_line",
    "table_changed",
]

#: The prefix of the Soundstone sources :meth:`Song.start` adds to a song.
STONE = "soundstone-"


def _sources(name: str, value: object) -> tuple[IconSource, ...]:
    if isinstance(value, IconSource) or not isinstance(value, (tuple, list)):
        raise UnknownNameError(f"{name} is a sequence of IconSource values, got {value!r}")
    for s in value:
        if not isinstance(s, IconSource):
            raise UnknownNameError(f"{name} holds IconSource values, got {s!r}")
    return tuple(value)


# -- the table's own actions --------------------------------------------------------------------


@dataclass(frozen=True)
class SetTable(BardAction):
    """Enter or change the main board (every Singing step and Swan Song after reads it)."""

    kind: ClassVar[str] = "set_table"
    table: Table

    def __post_init__(self) -> None:
        check_instance("table", self.table, Table)


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
        sources = tuple(self.sources)
        for s in sources:
            if not isinstance(s, IconSource):
                raise UnknownNameError(f"sources holds IconSource values, got {s!r}")
        object.__setattr__(self, "sources", sources)
        bard = facts()
        whole("moves", self.moves, 0, bard.singing.locations - 1)
        whole("volume", self.volume, 0, bard.volume.max)
        whole("soundstones", self.soundstones, 0, bard.soundstone.tokens)
        if self.board is not None:
            check_instance("board", self.board, Board)
        if self.song not in KINDS:
            raise UnknownNameError(f"unknown song kind {self.song!r}: {' or '.join(KINDS)}")

    def to_dict(self) -> dict[str, Any]:
        out = super().to_dict()
        if "board" in out:  # saved last, after the song's kind
            out["board"] = out.pop("board")
        return out


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
                    f"source id {s.id!r}: {STONE}… names the Soundstones; count them with "
                    "soundstones"
                )
        bard = facts()
        whole("moves", self.moves, 0, bard.singing.locations - 1)
        whole("volume", self.volume, 0, bard.volume.max)
        whole("soundstones", self.soundstones, 0, bard.soundstone.tokens)
        if self.song not in KINDS:
            raise UnknownNameError(f"unknown song kind {self.song!r}: {' or '.join(KINDS)}")


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
            if not isinstance(a, SONG_ACTIONS):
                raise UnknownNameError(f"actions holds performances and Boasts, got {a!r}")
        object.__setattr__(self, "actions", tuple(self.actions))


@dataclass(frozen=True)
class EndSong(BardAction):
    """End the song being sung: its board and gold carry over."""

    kind: ClassVar[str] = "end_song"


@dataclass(frozen=True)
class Finish(BardAction):
    """Finish the table: no action is taken after it."""

    kind: ClassVar[str] = "finish"


# -- records ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SongSung:
    """A song that was ended: what it earned and paid, where it went."""

    kind: str
    gold: int
    paid: int
    locations: tuple[str, ...]
    boasts: int

    @property
    def net(self) -> int:
        return self.gold - self.paid


@dataclass(frozen=True, kw_only=True)
class GameRecord:
    """What an action did: ``summary`` in words, the song's own record for a performance or a
    Boast, and ``before``, the table as it was (for undo)."""

    action: BardAction
    summary: str
    record: Performed | Boasted | None = None
    before: BardGame = field(repr=False, compare=False)


# -- the game -------------------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class BardGame(saves.SavedGame):
    """A Bard table: who plays the Bard, the main board, the player board, the song being
    sung, the songs sung."""

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
        themselves: the players do, with :class:`Finish`)."""
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
            return (
                f"Singing: {plural(where, 'location')} so far, {self.song.gold} gold; "
                f"{plural(len(self.sung), 'song')} before"
            )
        return f"{plural(len(self.sung), 'song')} sung, {self.gold} gold"

    # -- verify / can / apply -----------------------------------------------------------------
    def verify(self, action: BardAction) -> None:
        """Raise a :class:`~companion.engine.bard.errors.BardError` saying why ``action`` is
        not allowed now."""
        self._apply(action)

    def can_apply(self, action: BardAction) -> bool:
        return passes(lambda: self._apply(action), BardError)

    def apply(self, action: BardAction) -> tuple[BardGame, GameRecord]:
        """Apply ``action``; an illegal one raises and changes nothing."""
        game, summary, record = self._apply(action)
        logged = GameRecord(action=action, summary=summary, record=record, before=self)
        return evolve(game, log=(*self.log, logged)), logged

    def _apply(self, action: BardAction) -> tuple[BardGame, str, Performed | Boasted | None]:
        if not isinstance(action, BardAction):
            raise UnknownNameError(f"action {action!r} is not a Bard action")
        if self.finished:
            raise GameOverError(f"{action.kind}: the table is finished")
        if isinstance(action, SetTable):
            return self._set_table(action.table)
        if isinstance(action, SetBoard):
            return self._set_board(action.board)
        if isinstance(action, (ChangeSong, ReviseSong)):
            if self.song is None:
                raise StepError(f"{action.kind}: no song is being sung; begin one first")
            if isinstance(action, ReviseSong):
                song = self._sung_again(self.song.beginning, action.actions, action.kind)
                return evolve(self, song=song), _revised(song), None
            start = Song.start(
                action.sources,
                moves=action.moves,
                volume=action.volume,
                soundstones=action.soundstones,
                board=self.song.beginning.board,
                kind=action.song,
                rules=self.rules,
            )
            song = self._sung_again(start, self.song.actions, action.kind)
            return evolve(self, song=song), _retuned(self.song, song), None
        if isinstance(action, BeginSong):
            if self.song is not None:
                raise StepError("begin_song: a song is being sung; end it first")
            song = Song.start(
                action.sources,
                moves=action.moves,
                volume=action.volume,
                soundstones=action.soundstones,
                board=action.board if action.board is not None else self.board,
                kind=action.song,
                rules=self.rules,
            )
            what = "Swan Song" if action.song == "swan_song" else "Singing step"
            return evolve(self, song=song), f"{what} begun", None
        if isinstance(action, EndSong):
            if self.song is None:
                raise StepError("end_song: no song is being sung")
            song = self.song
            done = SongSung(song.kind, song.gold, song.card_costs, tuple(song.visited), song.boasts)
            return (
                evolve(self, song=None, board=song.board, sung=(*self.sung, done)),
                f"Song ended: {done.net} gold",
                None,
            )
        if isinstance(action, Finish):
            if self.song is not None:
                raise StepError("finish: a song is being sung; end it first")
            return evolve(self, finished=True), "Table finished", None
        if not isinstance(action, SONG_ACTIONS):
            raise UnknownNameError(f"action {action!r} is not a Bard action")
        if self.song is None:
            raise StepError(f"{action.kind}: no song is being sung; begin one first")
        song, record = self.song.apply(action)
        return evolve(self, song=song), record.summary, record

    # -- changing the song being sung ------------------------------------------------------
    def _sung_again(self, start: Song, actions: Sequence[SongAction], what: str) -> Song:
        """``start`` with ``actions`` sung in order; the first that is not allowed raises,
        saying which location it was."""
        song = start
        for number, action in enumerate(actions, start=1):
            try:
                song = song.apply(action)[0]
            except BardError as exc:
                where = (
                    "the Boast"
                    if isinstance(action, Boast)
                    else f"location {number} ({location_name(action.location)})"
                )
                raise type(exc)(f"{what}: {where} would no longer work: {exc}") from None
        return song

    def _set_table(self, table: Table) -> tuple[BardGame, str, None]:
        changes = table.changes(self.table)
        summary = (
            "Board unchanged"
            if not changes
            else f"Board: {changes[0]}"
            if len(changes) == 1
            else f"Board: {plural(len(changes), 'count')} changed"
        )
        if self.song is None or not self.song.log:
            return evolve(self, table=table), summary, None
        text = self.rules.dragon_island == "text"
        counted = tuple(
            a if isinstance(a, Boast) else table.recount(a, text=text) for a in self.song.actions
        )
        song = self._sung_again(self.song.beginning, counted, SetTable.kind)
        return evolve(self, table=table, song=song), summary, None

    def _set_board(self, board: Board) -> tuple[BardGame, str, None]:
        before = self.board if self.song is None else self.song.beginning.board
        summary = _board_changes(before, board)
        if self.song is None:
            return evolve(self, board=board), summary, None
        song = self._sung_again(
            evolve(self.song.beginning, board=board, began=board), self.song.actions, "set_board"
        )
        return evolve(self, song=song), summary, None

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


# -- reading actions back -----------------------------------------------------------------------


def _read_set_table(d: Mapping[str, Any]) -> SetTable:
    SAVE.known(d, "", {"kind", "table"})
    with SAVE.at("table"):
        table = Table.from_dict(d.get("table", {}))
    return SetTable(table)


def _read_begin(d: Mapping[str, Any]) -> BeginSong:
    SAVE.known(d, "", {"kind", "sources", "moves", "volume", "soundstones", "board", "song"})
    raw = d.get("sources", [])
    if not isinstance(raw, list):
        raise SaveDataError(f"sources: {raw!r} must be a list")
    sources: list[IconSource] = []
    for i, item in enumerate(raw):
        with SAVE.at(f"sources[{i}]"):
            sources.append(IconSource.from_dict(item))
    board = None
    if "board" in d:
        with SAVE.at("board"):
            board = Board.from_dict(d["board"])
    for name in ("moves", "volume"):
        if name not in d:
            raise SaveDataError(f"{name}: missing")
    return BeginSong(
        tuple(sources),
        d["moves"],
        d["volume"],
        soundstones=d.get("soundstones", 0),
        board=board,
        song=d.get("song", KINDS[0]),
    )


def _read_plain(cls: type[EndSong] | type[Finish]) -> Callable[[Mapping[str, Any]], BardAction]:
    def read(d: Mapping[str, Any]) -> BardAction:
        SAVE.known(d, "", {"kind"})
        return cls()

    return read


def _read_change(d: Mapping[str, Any]) -> ChangeSong:
    SAVE.known(d, "", {"kind", "sources", "moves", "volume", "soundstones", "song"})
    raw = d.get("sources", [])
    if not isinstance(raw, list):
        raise SaveDataError(f"sources: {raw!r} must be a list")
    sources: list[IconSource] = []
    for i, item in enumerate(raw):
        with SAVE.at(f"sources[{i}]"):
            sources.append(IconSource.from_dict(item))
    for name in ("moves", "volume"):
        if name not in d:
            raise SaveDataError(f"{name}: missing")
    return ChangeSong(
        tuple(sources),
        d["moves"],
        d["volume"],
        soundstones=d.get("soundstones", 0),
        song=d.get("song", KINDS[0]),
    )


def _read_set_board(d: Mapping[str, Any]) -> SetBoard:
    SAVE.known(d, "", {"kind", "board"})
    if "board" not in d:
        raise SaveDataError("board: missing")
    with SAVE.at("board"):
        board = Board.from_dict(d["board"])
    return SetBoard(board)


def _read_revise(d: Mapping[str, Any]) -> ReviseSong:
    SAVE.known(d, "", {"kind", "actions"})
    raw = d.get("actions", [])
    if not isinstance(raw, list):
        raise SaveDataError(f"actions: {raw!r} must be a list")
    out: list[SongAction] = []
    for i, item in enumerate(raw):
        with SAVE.at(f"actions[{i}]"):
            out.append(read_song_action(item))
    return ReviseSong(tuple(out))


_TABLE_READERS: dict[str, Callable[[Mapping[str, Any]], BardAction]] = {
    SetTable.kind: _read_set_table,
    SetBoard.kind: _read_set_board,
    BeginSong.kind: _read_begin,
    ChangeSong.kind: _read_change,
    ReviseSong.kind: _read_revise,
    EndSong.kind: _read_plain(EndSong),
    Finish.kind: _read_plain(Finish),
}


def read_action(data: object) -> BardAction:
    """Any Bard action from its ``to_dict()`` form; a bad field raises
    :class:`~companion.engine.bard.errors.SaveDataError` naming it."""
    raw = SAVE.mapping(data, "action")
    kind = raw.get("kind")
    if isinstance(kind, str) and kind in SONG_READERS:
        song_action: SongAction = read_song_action(raw)
        return song_action
    reader = _TABLE_READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        kinds: Sequence[str] = [*_TABLE_READERS, *SONG_READERS]
        raise SaveDataError(f"kind {kind!r} is not a Bard action: choose {', '.join(kinds)}")
    with SAVE.at(str(kind)):
        return reader(raw)


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
    old = [s for s in before.sources if not s.id.startswith(STONE)]
    new = [s for s in after.sources if not s.id.startswith(STONE)]
    old_ids = {s.id: s for s in old}
    new_ids = {s.id: s for s in new}
    added = [s for s in new if s.id not in old_ids]
    gone = [s for s in old if s.id not in new_ids]
    changed = [s for s in new if s.id in old_ids and old_ids[s.id] != s]
    for verb, items in (("added", added), ("changed", changed), ("taken out", gone)):
        if items:
            ids = ", ".join(s.id for s in items)
            bits.append(f"{'source' if len(items) == 1 else 'sources'} {ids} {verb}")
    stones = (
        sum(1 for s in before.sources if s.id.startswith(STONE)),
        sum(1 for s in after.sources if s.id.startswith(STONE)),
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


def status_line(game: BardGame) -> str:
    """The line of the list of games in progress (:attr:`BardGame.status`)."""
    return game.status


def table_changed(then: BardGame, now: BardGame) -> str:
    """What changed between the table a screen showed (``then``) and the table ``now``, for a
    stale screen's refused action: ``"another screen changed it meanwhile: Pier 1: 6 gold"``."""
    old, new = then.log, now.log
    common = 0
    while common < min(len(old), len(new)) and old[common].action == new[common].action:
        common += 1
    if len(new) > common:
        more = len(new) - common - 1
        tail = f" (and {plural(more, 'change')} after)" if more else ""
        return f"another screen changed this table meanwhile: {new[common].summary}{tail}"
    if len(old) > common:
        return f"a change was taken back meanwhile: {old[common].summary}"
    if then.rules != now.rules:
        return "the house rules of this table changed"
    return "the table changed since this screen showed it"


_SUNG_ON_THE_BOARD: Final = (AtPier, AtTownSquare, AtFactionHall, AtDragonIsland, ReviseSong)


def reads(game: BardGame, action: BardAction) -> object:
    """What an action depends on, for a screen that had not seen the latest change: the main
    board for :class:`SetTable`; the song and the player board for the song's own steps (and
    the main board too for a location, whose counts it gives); the whole table to finish."""
    if isinstance(action, SetTable):
        return game.table
    if isinstance(action, _SUNG_ON_THE_BOARD):
        return (game.song, game.board, game.table)
    if isinstance(action, Finish):
        return game
    return (game.song, game.board)


def _with_house_rules(game: BardGame, ids: frozenset[str]) -> BardGame:
    return game.with_rules(HouseRules.from_house_rules(ids))


#: The Bard on a shared table (see :mod:`companion.tables`): the board entered once, then
#: song after song.
TABLE_RULES: Final[TableRules[BardGame, BardAction]] = TableRules(
    tool="bard",
    read_start=BardGame.from_dict,
    read_action=read_action,
    players=lambda game: game.players,
    status=status_line,
    error=BardError,
    reads=reads,
    changed=table_changed,
    with_rules=_with_house_rules,
)
