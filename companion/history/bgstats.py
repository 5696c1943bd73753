"""BG Stats in and out: its backup file both ways, and its "create play" link for one play.

The shapes here follow real BG Stats backups (``BGStatsExport.json``) and the public code
that reads them: ``userInfo.meRefId`` names the user among ``players``; ``games`` carry
``bggId``, ``bggName``, ``isBaseGame`` and ``isExpansion`` (0 or 1); a play's ``playDate`` is
local wall-clock time as ``"YYYY-MM-DD hh:mm:ss"``, its scores are text (``"42"``, or sums such
as ``"-10+7+22"``, or empty), ``manualWinner`` is true when the winners were set by hand rather
than by the best score, and ``newPlayer`` marks a player's first play *of that game*.

Expansions and modules. BG Stats models an expansion as a game of its own (``isExpansion``),
linked from a play through ``expansionPlays``: a play's expansions go out so, a known one
under the name BG Stats and BoardGameGeek give it ("Merchants Cove: Master Craft"), any other
as ``"<game>: <expansion>"``; a module of Merchants Cove that belongs to Master Craft or The
Entertainer brings its expansion along. BG Stats has no list of modules; the nearest is a
play's ``board`` (the board, scenario or mode played), where the modules go as their names
separated by "; ". Coming in, expansion games become the play's expansions (``"<game>: X"``
as ``X``) and the board's parts its modules.

Plays without points. A game BG Stats keeps without points (``noPoints``) has empty scores
and its winners ticked; a co-operative one (``cooperative``) has everyone ticked or nobody;
``manualWinner`` marks winners chosen by hand. Coming in, such plays are kept with their
scoring ("manual", "cooperative") and winners; going out, they are written so, and a game
goes out without points (or co-operative) when every play of it is. Plays BG Stats marks
``ignored`` (out of its own statistics) are left out, and counted in the report.

Import is all or nothing, like the app's own format: a dangling reference, a wrong type or a
huge field refuses the whole file with a message saying where, and nothing is written. Plays
are matched by ``uuid``, so importing the same file again adds nothing. A play played in
teams is kept with each player's own score and result (the report notes the teams are not
kept). A play the history cannot hold (a score that is not a whole number, a name or text
longer than the history keeps, one player twice) is not imported, and the report says which
and why.
"""

from __future__ import annotations

import ast
import json
import operator
import re
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import islice
from typing import Annotated, Any, Literal, NamedTuple, cast
from urllib.parse import quote

import msgspec
from msgspec import Meta
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    StrictBool,
    TypeAdapter,
    ValidationError,
)
from pydantic.dataclasses import dataclass as pydantic_dataclass
from sqlalchemy.orm import Session

from companion.history import bulk, crud, features, stats
from companion.history.bulk import BulkPlay, BulkResult, Progress
from companion.history.errors import ImportFileError, describe_value, validation_message
from companion.history.exchange import ImportReport, has_plays, history_snapshot
from companion.history.jsonscan import (
    AFTER_LIST_OF_OBJECTS,
    BETWEEN_OBJECTS,
    FileShapeError,
    JsonFile,
)
from companion.history.jsonscan import Field as JsonField
from companion.history.models import (
    DURATION_MAX_MIN,
    EARLIEST,
    GAME_NAME_MAX,
    LATEST,
    LOCATION_MAX,
    MAX_EXPANSIONS,
    MAX_MODULES,
    MAX_RESULTS,
    MODULE_MAX,
    NAME_MAX,
    NOTES_MAX,
    SCORE_LIMIT,
    Game,
    Player,
    PlayPublic,
    name_key,
    utcnow,
)
from companion.rules import catalogue
from companion.text import text_problem

#: The name BG Stats gives its own backup files.
FILE_NAME = "BGStatsExport.json"
DATE = "%Y-%m-%d %H:%M:%S"
LINK = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Merchant's Companion"
#: Settings: ``{"me": player name or None, "bgg_ids": {game name key: BoardGameGeek id}}``.
SETTING_KEY = "bgstats"
# UUIDs derived from names keep them the same from one export to the next.
NAMESPACE = uuid.UUID("6f0d3c5e-2b1a-4c55-9d7e-0a4a3e1c2b9f")
ANONYMOUS = "Anonymous player"
#: The tie-breaker a play gets when BG Stats' winners were decided by hand among equal scores.
HAND_DECIDED = "Decided at the table"

# Caps that refuse a hostile file, each checked as the file is read, at the first item over
# it (the file's size: companion.limits.MAX_IMPORT_BYTES); the history's own, smaller limits
# are met per play (a play over them is reported rather than refusing the whole file).
HUGE_TEXT = 100_000
HUGE_NAME = 1_000
MAX_ITEMS = 500_000
MAX_SCORES = 500
#: Players, games and locations: each kept while the plays are read, so fewer than plays
#: (a real backup has hundreds).
MAX_NAMED = 100_000
#: The largest item of each list, in bytes: far above what BG Stats writes.
MAX_NAMED_BYTES = 1_000_000
MAX_PLAY_BYTES = 4_000_000

#: The published expansions, each as (book id, expansion game name, short name kept).
EXPANSIONS = features.EXPANSIONS
#: Between two modules in a play's ``board``.
BOARD_SEPARATOR = "; "


# ----------------------------------------------------------------------------- the file


_DATE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")


def _bg_date(value: object) -> datetime:
    # strptime is slow (a 10,000-play backup has 30,000 dates); the exact shape is checked
    # here and the C parser reads it.
    if isinstance(value, str) and _DATE.fullmatch(value):
        try:
            found = datetime.fromisoformat(value)
        except ValueError:
            pass
        else:
            # The years the history keeps (models.wall_clock): a play outside them could not
            # be edited or deleted afterwards, and a year 1 is written back as "1-01-01".
            if not EARLIEST <= found <= LATEST:
                raise ValueError(
                    f"must be between {EARLIEST:%Y-%m-%d} and {LATEST:%Y-%m-%d}, got {value}"
                )
            return found
    raise ValueError(f'expected a date like "2024-04-06 19:45:00", got {describe_value(value)}')


_HEX = "[0-9a-fA-F]"
_HEX_UUID = re.compile(f"{_HEX}{{8}}-{_HEX}{{4}}-{_HEX}{{4}}-{_HEX}{{4}}-{_HEX}{{12}}")


def _uuid(value: object) -> str:
    if isinstance(value, str) and _HEX_UUID.fullmatch(value):
        return value.lower()  # what str(uuid.UUID(value)) gives, without the object
    if isinstance(value, str) and len(value) <= 40:
        try:
            return str(uuid.UUID(value))
        except ValueError:
            pass
    raise ValueError(f"expected a UUID, got {describe_value(value)}")


def _zero_one(value: object) -> object:
    # Real backups write isBaseGame / isExpansion as 0 or 1; some tools rewrite them as booleans.
    if isinstance(value, bool):
        return value
    if type(value) is int and value in (0, 1):
        return bool(value)
    raise ValueError(f"expected 0 or 1, got {describe_value(value)}")


BGDate = Annotated[datetime, BeforeValidator(_bg_date)]
UUIDText = Annotated[str, BeforeValidator(_uuid)]
ZeroOne = Annotated[bool, BeforeValidator(_zero_one)]
# Each limit twice: for pydantic (Field) and for msgspec (Meta), which reads the plays of a
# large backup (_read_file); each library ignores the other's.
RefId = Annotated[int, Strict(), Field(ge=0, le=2**31 - 1), Meta(ge=0, le=2**31 - 1)]
Count = Annotated[int, Strict(), Field(ge=0, le=2**31 - 1), Meta(ge=0, le=2**31 - 1)]
Name = Annotated[str, Strict(), Field(max_length=HUGE_NAME), Meta(max_length=HUGE_NAME)]
LongText = Annotated[str, Strict(), Field(max_length=HUGE_TEXT), Meta(max_length=HUGE_TEXT)]
ScoreText = Annotated[str, Strict(), Field(max_length=200), Meta(max_length=200)]


class _Out(BaseModel):
    """What we write: every field BG Stats writes, with its type."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class BGPlayer(_Out):
    id: int
    uuid: str
    name: str
    isAnonymous: bool
    modificationDate: str
    bggUsername: str = ""


class BGLocation(_Out):
    id: int
    uuid: str
    name: str
    modificationDate: str


class BGGame(_Out):
    id: int
    uuid: str
    name: str
    modificationDate: str
    cooperative: bool = False
    highestWins: bool
    noPoints: bool = False
    usesTeams: bool = False
    urlThumb: str = ""
    urlImage: str = ""
    bggName: str
    bggYear: int = 0
    bggId: int
    designers: str = ""
    isBaseGame: Literal[0, 1]
    isExpansion: Literal[0, 1]
    rating: int = 0
    minPlayerCount: int = 0
    maxPlayerCount: int = 0
    minPlayTime: int = 0
    maxPlayTime: int = 0
    minAge: int = 0
    preferredImage: int = 0
    copies: list[Any] = Field(default_factory=list)


class BGScore(_Out):
    playerRefId: int
    score: str
    winner: bool
    newPlayer: bool
    startPlayer: bool
    rank: int
    seatOrder: int


class BGExpansionPlay(_Out):
    gameRefId: int


class BGPlay(_Out):
    uuid: str
    playDate: str
    entryDate: str
    modificationDate: str
    gameRefId: int
    locationRefId: int | None = None
    durationMin: int
    ignored: bool
    manualWinner: bool
    rounds: int = 0
    usesTeams: bool = False
    board: str = ""
    comments: str = ""
    rating: int = 0
    scoringSetting: int = 0
    playImages: str = "[]"
    expansionPlays: list[BGExpansionPlay]
    importPlayId: int = 0
    nemestatsId: int = 0
    bggId: int = 0
    playerScores: list[BGScore]


class BGUserInfo(_Out):
    meRefId: int


class BGFile(_Out):
    userInfo: BGUserInfo
    players: list[BGPlayer]
    locations: list[BGLocation]
    games: list[BGGame]
    plays: list[BGPlay]
    tags: list[Any] = Field(default_factory=list)
    challenges: list[Any] = Field(default_factory=list)


class _In(BaseModel):
    """What we read: the fields we use, with the types real backups give them."""

    model_config = ConfigDict(extra="ignore", frozen=True)


class InPlayer(_In):
    id: RefId
    uuid: UUIDText | None = None
    name: Name
    isAnonymous: StrictBool = False


class InLocation(_In):
    id: RefId
    name: Name


class InGame(_In):
    id: RefId
    name: Name
    highestWins: StrictBool = True
    noPoints: StrictBool = False
    cooperative: StrictBool = False
    usesTeams: StrictBool = False
    bggId: Count = 0
    bggName: Name = ""
    isBaseGame: ZeroOne = True
    isExpansion: ZeroOne = False


# Plays, scores and expansion plays are slotted dataclasses rather than models: a backup of
# 10,000 plays holds 50,000 of them, and a model costs more to make.
_IN_ROW = ConfigDict(extra="ignore")


@pydantic_dataclass(config=_IN_ROW, frozen=True, slots=True, kw_only=True)
class InScore:
    playerRefId: RefId
    score: ScoreText | None = None
    winner: StrictBool = False
    startPlayer: StrictBool = False
    newPlayer: StrictBool = False
    rank: Count = 0
    seatOrder: Count = 0
    team: Name | None = None


@pydantic_dataclass(config=_IN_ROW, frozen=True, slots=True, kw_only=True)
class InExpansionPlay:
    gameRefId: RefId


@pydantic_dataclass(config=_IN_ROW, frozen=True, slots=True, kw_only=True)
class InPlay:
    uuid: UUIDText
    playDate: BGDate
    entryDate: BGDate | None = None
    modificationDate: BGDate | None = None
    gameRefId: RefId
    locationRefId: RefId | None = None
    durationMin: Count = 0
    ignored: StrictBool = False
    manualWinner: StrictBool = False
    usesTeams: StrictBool = False
    board: LongText = ""
    comments: LongText = ""
    playerScores: list[InScore] = Field(default_factory=list, max_length=MAX_SCORES)
    expansionPlays: list[InExpansionPlay] = Field(default_factory=list, max_length=MAX_SCORES)


class InUserInfo(_In):
    meRefId: RefId | None = None


class _InHead(_In):
    userInfo: InUserInfo | None = None
    players: list[InPlayer] = Field(max_length=MAX_ITEMS)
    games: list[InGame] = Field(max_length=MAX_ITEMS)
    locations: list[InLocation] = Field(default_factory=list, max_length=MAX_ITEMS)


class InFile(_InHead):
    plays: list[InPlay] = Field(max_length=MAX_ITEMS)


# The same plays read fast, one at a time. InFile calls Python for every date and uuid
# (_bg_date, _uuid) and would keep every play of the file at once; the file is read from
# its bytes a piece at a time instead (companion.history.jsonscan), each play kept as its
# JSON text only until msgspec reads it into these structs, just before it is converted and
# written, with the same fields and limits, but dates and uuids as plain text (checked as
# _bg_date and _uuid do by the loop that reads them). A 100,000-play backup is never held as
# objects all at once. A play with any problem is read again by InPlay, whose refusal (its
# first problem, and how many others) is the one given; so the two must take the same plays
# (a test compares their fields).
_Text = Annotated[str, Strict()]


class ScoreRow(msgspec.Struct, kw_only=True, frozen=True):
    playerRefId: RefId
    score: ScoreText | None = None
    winner: StrictBool = False
    startPlayer: StrictBool = False
    newPlayer: StrictBool = False
    rank: Count = 0
    seatOrder: Count = 0
    team: Name | None = None


class ExpansionRow(msgspec.Struct, kw_only=True, frozen=True):
    gameRefId: RefId


class PlayRow(msgspec.Struct, kw_only=True, frozen=True):
    uuid: _Text
    playDate: _Text
    entryDate: _Text | None = None
    modificationDate: _Text | None = None
    gameRefId: RefId
    locationRefId: RefId | None = None
    durationMin: Count = 0
    ignored: StrictBool = False
    manualWinner: StrictBool = False
    usesTeams: StrictBool = False
    board: LongText = ""
    comments: LongText = ""
    playerScores: Annotated[list[ScoreRow], Meta(max_length=MAX_SCORES)] = []
    expansionPlays: Annotated[list[ExpansionRow], Meta(max_length=MAX_SCORES)] = []


_PLAY = msgspec.json.Decoder(PlayRow)


# --------------------------------------------------------------------------- settings


@dataclass(frozen=True)
class Preferences:
    """Who "me" is in BG Stats' sense, and the BoardGameGeek ids set per game."""

    me: str | None = None
    bgg_ids: dict[str, int] | None = None

    @classmethod
    def from_setting(cls, value: object) -> Preferences:
        """From the stored setting; anything malformed reads as no preference."""
        if not isinstance(value, dict):
            return cls()
        me = value.get("me")
        ids = value.get("bgg_ids")
        return cls(
            me=me if isinstance(me, str) and me.strip() else None,
            bgg_ids={
                k: v
                for k, v in ids.items()
                if isinstance(k, str) and type(v) is int and 0 < v < 2**31
            }
            if isinstance(ids, dict)
            else None,
        )

    def to_setting(self) -> dict[str, Any]:
        return {"me": self.me, "bgg_ids": dict(self.bgg_ids or {})}

    def bgg_id(self, game: str) -> int:
        """The BoardGameGeek id set for a game (by name), or 0."""
        return (self.bgg_ids or {}).get(name_key(game), 0)


# ----------------------------------------------------------------------------- writing


def _when(value: datetime) -> str:
    return value.strftime(DATE)


def _local(utc_naive: datetime) -> datetime:
    """A stored UTC timestamp as local wall-clock time (BG Stats dates are local)."""
    return utc_naive.replace(tzinfo=UTC).astimezone().replace(tzinfo=None)


def _uid(kind: str, key: str) -> str:
    return _bg_uuid(str(uuid.uuid5(NAMESPACE, f"{kind}:{key}")))


def _bg_uuid(uid: str) -> str:
    """A UUID as BG Stats writes them (upper case, as its backups and the NSUUID it uses):
    a play that came from BG Stats goes back with its uuid exactly as it came."""
    return uid.upper()


def module_expansion(game_key: str | None, module: str) -> tuple[str, str] | None:
    """(expansion game name, short name kept) of the published expansion a module (or the
    expansion itself) belongs to, or None: ``"faction_festival"`` of Merchants Cove is Master
    Craft's (``features.expansion_of``)."""
    short = features.expansion_of(game_key, module)
    if game_key is None or short is None:
        return None
    return next((full, kept) for _, full, kept in EXPANSIONS[game_key] if kept == short)


def expansion_game(base: str, game_key: str | None, expansion: str) -> str:
    """The name of the BG Stats game an expansion of ``base`` goes out as."""
    kept = features.canonical(game_key, "expansion", expansion)
    for _, full, short in EXPANSIONS.get(game_key or "", ()):
        if short == kept:
            return full
    return f"{base}: {expansion}"


def score_winners(scores: Sequence[int], highest_wins: bool) -> list[bool]:
    """Who the best score alone makes a winner."""
    best = max(scores) if highest_wins else min(scores)
    return [s == best for s in scores]


def manual_winner(
    finished: bool,
    scores: Sequence[int | None],
    winners: Sequence[bool],
    highest_wins: bool,
    scoring: str = "points",
) -> bool:
    """True exactly when the winners do not follow from the scores: they were chosen (the
    play's scoring, or a score missing), a tie-breaker decided, or the play was not finished
    (nobody won)."""
    numbers = [s for s in scores if s is not None]
    if scoring != "points" or not finished or len(numbers) != len(scores):
        return True
    return list(winners) != score_winners(numbers, highest_wins)


def export_bgstats(session: Session, preferences: Preferences | None = None) -> str:
    """The whole history as a BG Stats backup (``BGStatsExport.json``), checked by
    :class:`BGFile` before it is written out."""
    prefs = preferences or Preferences()
    players, games, plays, results = history_snapshot(session)
    now = _when(datetime.now().replace(microsecond=0))
    cat = catalogue()

    out_players = [
        BGPlayer(
            id=1,
            uuid=_uid("player", "~anonymous"),
            name=ANONYMOUS,
            isAnonymous=True,
            modificationDate=now,
        )
    ]
    player_ref: dict[int, int] = {}
    me_ref = 1
    for row in players:
        ref = len(out_players) + 1
        player_ref[row.id] = ref
        out_players.append(
            BGPlayer(
                id=ref,
                uuid=_uid("player", name_key(row.name)),
                name=row.name,
                isAnonymous=False,
                modificationDate=now,
            )
        )
        if prefs.me is not None and name_key(prefs.me) == name_key(row.name):
            me_ref = ref

    out_games: list[BGGame] = []
    game_ref: dict[int, int] = {}
    game_rows = {row.id: row for row in games}

    # A game goes out without points, or co-operative, when every play of it is so.
    unscored: dict[int, bool] = {}
    together: dict[int, bool] = {}
    for play in plays:
        lines = results[play.id]
        empty = all(r.score is None for r in lines)
        unscored[play.game_id] = unscored.get(play.game_id, True) and empty
        coop = play.scoring == "cooperative"
        together[play.game_id] = together.get(play.game_id, True) and coop

    def add_game(
        name: str,
        *,
        highest_wins: bool,
        expansion: bool,
        key: str | None,
        no_points: bool = False,
        cooperative: bool = False,
    ) -> int:
        bgg = prefs.bgg_id(name)
        known = next((g for g in cat.games if g.id == key and not g.is_other), None)
        out_games.append(
            BGGame(
                id=len(out_games) + 1,
                uuid=_uid("game", name_key(name)),
                name=name,
                modificationDate=now,
                highestWins=highest_wins,
                noPoints=no_points,
                cooperative=cooperative,
                bggName=name if bgg else "",
                bggId=bgg,
                isBaseGame=0 if expansion else 1,
                isExpansion=1 if expansion else 0,
                minPlayerCount=known.min_players if known else 0,
                maxPlayerCount=known.max_players if known else 0,
            )
        )
        return len(out_games)

    for row in games:
        game_ref[row.id] = add_game(
            row.name,
            highest_wins=bool(row.highest_wins),
            expansion=False,
            key=row.key,
            no_points=unscored.get(row.id, False),
            cooperative=together.get(row.id, False),
        )
    expansion_ref: dict[str, int] = {}

    def expansions_of(play: Any) -> list[BGExpansionPlay]:
        base = game_rows[play.game_id]
        key = features.game_key(base.key or base.name)
        # The play's expansions, and those its modules come in (their module detail goes on
        # the board).
        named = [*(play.expansions or [])]
        named += [e for m in play.modules or [] if (e := features.expansion_of(key, m))]
        refs: list[int] = []
        for expansion in named:
            name = expansion_game(base.name, key, expansion)
            key_of = name_key(name)
            if key_of not in expansion_ref:
                expansion_ref[key_of] = add_game(
                    name, highest_wins=bool(base.highest_wins), expansion=True, key=None
                )
            if expansion_ref[key_of] not in refs:
                refs.append(expansion_ref[key_of])
        return [BGExpansionPlay(gameRefId=r) for r in refs]

    def board_of(play: Any) -> str:
        base = game_rows[play.game_id]
        key = features.game_key(base.key or base.name)
        return BOARD_SEPARATOR.join(features.label(key, "module", m) for m in play.modules or [])

    locations: dict[str, int] = {}
    out_locations: list[BGLocation] = []
    for play in plays:
        if play.location and name_key(play.location) not in locations:
            locations[name_key(play.location)] = len(out_locations) + 1
            out_locations.append(
                BGLocation(
                    id=len(out_locations) + 1,
                    uuid=_uid("location", name_key(play.location)),
                    name=play.location,
                    modificationDate=now,
                )
            )

    seen: set[tuple[int, int]] = set()
    out_plays = []
    for play in plays:
        lines = results[play.id]
        scores = [r.score for r in lines]
        winners = [r.winner for r in lines]
        scored = []
        for r in lines:
            first = (r.player_id, play.game_id) not in seen
            seen.add((r.player_id, play.game_id))
            scored.append(
                BGScore(
                    playerRefId=player_ref[r.player_id],
                    score="" if r.score is None else str(r.score),
                    winner=r.winner,
                    newPlayer=first,
                    startPlayer=r.start_player,
                    rank=r.rank,
                    seatOrder=r.seat,
                )
            )
        out_plays.append(
            BGPlay(
                uuid=_bg_uuid(play.uid),
                playDate=_when(play.played_at),
                entryDate=_when(_local(play.created_at)),
                modificationDate=_when(_local(play.updated_at)),
                gameRefId=game_ref[play.game_id],
                locationRefId=locations[name_key(play.location)] if play.location else None,
                durationMin=play.duration_min or 0,
                ignored=not play.finished,
                # In the direction of the game it goes out under (one per title, its latest):
                # BG Stats recomputes an unmarked play's winners in that direction.
                manualWinner=manual_winner(
                    bool(play.finished),
                    scores,
                    winners,
                    bool(game_rows[play.game_id].highest_wins),
                    play.scoring,
                ),
                board=board_of(play),
                comments=play.notes or "",
                expansionPlays=expansions_of(play),
                playerScores=scored,
            )
        )
    document = BGFile(
        userInfo=BGUserInfo(meRefId=me_ref),
        players=out_players,
        locations=out_locations,
        games=out_games,
        plays=out_plays,
    )
    return document.model_dump_json(exclude_none=True)


class LinkGame(_Out):
    name: str
    sourceGameId: str
    bggId: int
    highestWins: bool
    noPoints: bool = False


class LinkPlayer(_Out):
    name: str
    sourcePlayerId: str
    startPlayer: bool
    winner: bool
    rank: int
    score: int | None = None
    role: str = ""


class LinkPlay(_Out):
    sourceName: str
    sourcePlayId: str
    playDate: str
    durationMin: int | None = None
    location: str | None = None
    board: str = ""
    comments: str = ""
    game: LinkGame
    players: list[LinkPlayer]


def play_link(play: PlayPublic, preferences: Preferences | None = None) -> str:
    """BG Stats' documented "create play" link for one saved play.

    Opening it on a phone with BG Stats installed shows BG Stats' import dialog for the play.
    Every player carries ``startPlayer`` and ``winner`` (BG Stats' Android app requires both);
    a play without points has no scores. The modules go on the board, as in a backup, and
    the expansions into the comments, as the link has no field for them.
    """
    prefs = preferences or Preferences()
    comments = play.notes
    if play.expansions:
        comments = (comments + "\n\n" if comments else "") + "With " + ", ".join(play.expansions)
    if not play.finished:
        comments = (comments + "\n\n" if comments else "") + "Not finished."
    data = LinkPlay(
        sourceName=SOURCE_NAME,
        sourcePlayId=play.uid,
        playDate=_when(play.played_at),
        durationMin=play.duration_min or None,
        location=play.location or None,
        board=BOARD_SEPARATOR.join(play.module_labels()),
        comments=comments,
        game=LinkGame(
            name=play.game,
            sourceGameId=play.game_key or name_key(play.game),
            bggId=prefs.bgg_id(play.game),
            highestWins=play.highest_wins,
            noPoints=play.no_points,
        ),
        players=[
            LinkPlayer(
                name=r.player,
                sourcePlayerId=name_key(r.player),
                startPlayer=r.start_player,
                winner=r.winner,
                rank=r.rank,
                score=r.score,
            )
            for r in sorted(play.results, key=lambda r: r.seat)
        ],
    )
    text = data.model_dump_json(exclude_none=True)
    return LINK + quote(text, safe="")


# ----------------------------------------------------------------------------- reading


_OPS: dict[type[ast.operator], Callable[[int, int], int]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
}
_WHOLE = re.compile(r"\s*[+-]?\d{1,10}\s*")
_UNREAD = object()


def score_value(text: str | None) -> int | None:
    """A BG Stats score as a whole number: ``"42"``, ``"-10+7+22"`` (BG Stats adds up sums),
    ``"3*4"``; None for an empty score or one that is not a whole number."""
    if text is None or not text.strip():
        return None
    if _WHOLE.fullmatch(text):
        return int(text)
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError):
        return None

    def value(node: ast.AST) -> int:
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
            inner = value(node.operand)
            return -inner if isinstance(node.op, ast.USub) else inner
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            result = _OPS[type(node.op)](value(node.left), value(node.right))
            if abs(result) > SCORE_LIMIT:
                raise ValueError("too large")
            return result
        raise ValueError("not a sum of whole numbers")

    try:
        result = value(tree.body)
    except (ValueError, RecursionError):
        return None
    return result if abs(result) <= SCORE_LIMIT else None


def _clean(text: str) -> str:
    """Spaces trimmed and folded, as the history keeps names."""
    return " ".join(text.split())


def _refuse(message: str) -> ImportFileError:
    return ImportFileError(message)


_NOT_A_BACKUP = "not a BG Stats backup (expected a JSON object with players, games and plays)"
_NAMED: dict[str, tuple[TypeAdapter[Any], str]] = {
    "players": (TypeAdapter(InPlayer), "player"),
    "games": (TypeAdapter(InGame), "game"),
    "locations": (TypeAdapter(InLocation), "location"),
}
_USER_INFO = TypeAdapter(InUserInfo | None)
_IN_PLAY = TypeAdapter(InPlay)


def _read_named(source: JsonFile, found: JsonField) -> list[Any]:
    """Players, games or locations, each checked as it is read."""
    adapter, noun = _NAMED[found.name]
    items: list[Any] = []
    for first, start, raws in source.pieces(
        found, limit=MAX_NAMED, largest=MAX_NAMED_BYTES, noun=noun, separators=(BETWEEN_OBJECTS,)
    ):
        for k, raw in enumerate(raws):
            try:
                items.append(adapter.validate_json(bytes(raw)))
            except ValidationError as exc:
                problem = _refusal(exc, prefix=(found.name, first + k))
                at = source.item_start(found, start, first, first + k)
                raise source.placed(problem, at, f"the {noun}") from None
    return items


def _read_file(source: JsonFile) -> tuple[_InHead, JsonField, int]:
    """The file's players, games, locations and "me", checked, and where its plays are and
    how many (each play is read when it is converted, :meth:`BGStatsBackup.plays`)."""
    lists: dict[str, list[Any]] = {}
    user: InUserInfo | None = None
    plays: JsonField | None = None
    total = 0
    for found in source.fields():
        name = found.name
        if name in lists or (name == "plays" and plays is not None):
            raise _refuse(f"{name}: given twice")
        if name in _NAMED:
            lists[name] = _read_named(source, found)
        elif name == "userInfo":
            end = source.value_end(found.start, name)
            found.end = end
            try:
                user = _USER_INFO.validate_json(source.bytes_of(found.start, end)[:MAX_NAMED_BYTES])
            except ValidationError as exc:
                raise _refusal(exc, prefix=("userInfo",)) from None
        elif name == "plays":
            plays = found
            for _first, _start, raws in source.pieces(
                found,
                limit=MAX_ITEMS,
                largest=MAX_PLAY_BYTES,
                noun="play",
                separators=(AFTER_LIST_OF_OBJECTS, BETWEEN_OBJECTS),
            ):
                total += len(raws)
    for name in ("players", "games", "plays"):
        if (name != "plays" and name not in lists) or (name == "plays" and plays is None):
            raise _refuse(f"{name}: missing")
    assert plays is not None
    head = _InHead.model_construct(
        userInfo=user,
        players=lists["players"],
        games=lists["games"],
        locations=lists.get("locations", []),
    )
    return head, plays, total


def _refusal(exc: ValidationError, prefix: tuple[str | int, ...] = ()) -> ImportFileError:
    first = exc.errors()[0]
    if first["type"] == "json_invalid":
        detail = str(first.get("ctx", {}).get("error", "")).strip()
        return _refuse(f"not valid JSON: {detail or 'cannot be read'}")
    if first["type"] in ("model_type", "model_attributes_type", "dataclass_type") and (
        not first["loc"] and not prefix
    ):
        return _refuse(_NOT_A_BACKUP)
    return _refuse(validation_message(exc, prefix=prefix))


def _unique_ids(items: Sequence[Any], table: str) -> dict[int, Any]:
    found: dict[int, Any] = {}
    where: dict[int, int] = {}
    for i, item in enumerate(items):
        if item.id in found:
            raise _refuse(
                f"{table}[{i}].id: {item.id} is used twice; also in {table}[{where[item.id]}]"
            )
        found[item.id] = item
        where[item.id] = i
    return found


def _storable(items: Sequence[Any], table: str) -> None:
    """Names the history could not store (a control character, a broken one) refuse the file:
    written as they came, PostgreSQL refuses a NUL, and a play holding one fails the checks
    its edit or its undo makes."""
    for i, item in enumerate(items):
        problem = text_problem(item.name)
        if problem:
            raise _refuse(f"{table}[{i}].name: {problem}")


class BGStatsBackup:
    """A BG Stats backup being read: its players, games and locations checked at once, its
    plays checked and converted one at a time as :meth:`plays` gives them (a large backup is
    never held as objects all at once). Read in a write transaction, a problem found half-way
    rolls back what was written before it: all or nothing still."""

    def __init__(self, text: str | bytes | bytearray | memoryview) -> None:
        """:class:`ImportFileError` if the file is not a BG Stats backup, or if its players,
        games or locations are wrong (what its plays hold is checked as they are read)."""
        self._source = JsonFile(text, what=_NOT_A_BACKUP)
        head, self._plays, self._total = _read_file(self._source)
        players = _unique_ids(head.players, "players")
        self._games = games = _unique_ids(head.games, "games")
        locations = _unique_ids(head.locations, "locations")
        _storable(head.players, "players")
        _storable(head.games, "games")
        _storable(head.locations, "locations")
        self.me: str | None = None
        """The player the backup marks as the user (by name), if any."""
        if head.userInfo is not None and head.userInfo.meRefId in players:
            me_player = players[head.userInfo.meRefId]
            self.me = None if me_player.isAnonymous else _clean(me_player.name) or None
        self._reader = reader = _PlayReader(players, games, locations)
        self.bgg_ids: dict[str, int] = {
            name_key(reader.title(g)): g.bggId
            for g in games.values()
            if g.bggId and not g.isExpansion and reader.title(g)
        }
        """The BoardGameGeek id of each base game that has one (by name key)."""
        self.skipped: list[str] = []
        """Why each play read so far that the history cannot hold was left out."""
        self.ignored = 0
        """How many plays read so far BG Stats marks as ignored (left out)."""
        self.read = 0
        """How many plays of the file have been read so far."""

    @property
    def total(self) -> int:
        """How many plays the file holds."""
        return self._total

    @property
    def notes(self) -> list[str]:
        """What was changed in plays read so far, to fit the history."""
        return self._reader.notes

    def plays(self) -> Iterator[ReadyPlay]:
        """The plays the history can hold, ready to write, in the file's order (the others go
        to :attr:`skipped`); :class:`ImportFileError` names the file's first problem."""
        yield from self._read_plays()

    def _raws(self) -> Iterator[tuple[int, msgspec.Raw]]:
        """Each play of the file as its JSON text, read again a piece at a time."""
        self._plays.end = None
        for first, start, raws in self._source.pieces(
            self._plays,
            limit=MAX_ITEMS,
            largest=MAX_PLAY_BYTES,
            noun="play",
            separators=(AFTER_LIST_OF_OBJECTS, BETWEEN_OBJECTS),
        ):
            self._piece = (first, start)
            yield from enumerate(raws, start=first)

    _piece = (0, 0)

    def _placed(self, problem: ImportFileError, i: int) -> ImportFileError:
        """A problem of play ``i`` (of the piece being read), with where the play starts."""
        first, start = self._piece
        at = self._source.item_start(self._plays, start, first, i)
        return self._source.placed(problem, at, "the play")

    def _read_plays(self) -> Iterator[ReadyPlay]:
        try:
            yield from self._read_each_play()
        except FileShapeError:
            raise
        except ImportFileError as problem:
            if " at line " in str(problem):
                raise
            raise self._placed(problem, self.read - 1) from None

    def _read_each_play(self) -> Iterator[ReadyPlay]:
        games = self._games
        reader = self._reader
        players, locations = reader.players, reader.locations
        uuids: dict[str, int] = {}
        skipped = self.skipped
        hex_uuid = _HEX_UUID.fullmatch
        decode = _PLAY.decode
        for i, raw in self._raws():
            self.read = i + 1
            try:
                play = decode(raw)
            except (msgspec.DecodeError, RecursionError) as exc:
                raise _play_refusal(i, raw, exc) from None
            # The checks InFile's validators make, then the references, then the play itself.
            uid = play.uuid
            date = play.playDate
            entry = play.entryDate
            modified = play.modificationDate
            try:
                uid = uid.lower() if hex_uuid(uid) else _uuid(uid)
                played = _bg_date(date)
                entered = None if entry is None else played if entry == date else _bg_date(entry)
                if modified is not None and modified != entry:
                    _bg_date(modified)
            except ValueError as exc:
                raise _play_refusal(i, raw, exc) from None
            if uid in uuids:
                raise _refuse(f"plays[{i}].uuid: {uid} is used twice; also in plays[{uuids[uid]}]")
            uuids[uid] = i
            for field, value in (("board", play.board), ("comments", play.comments)):
                problem = text_problem(value) if value else None
                if problem:
                    raise _refuse(f"plays[{i}].{field}: {problem}")
            if play.gameRefId not in games:
                raise _refuse(f"plays[{i}].gameRefId: no game with id {play.gameRefId} in games")
            location = play.locationRefId
            if location and location not in locations:
                raise _refuse(
                    f"plays[{i}].locationRefId: no location with id {location} in locations"
                )
            for j, score in enumerate(play.playerScores):
                if score.playerRefId not in players:
                    raise _refuse(
                        f"plays[{i}].playerScores[{j}].playerRefId: no player with id "
                        f"{score.playerRefId} in players"
                    )
            for j, expansion in enumerate(play.expansionPlays):
                if expansion.gameRefId not in games:
                    raise _refuse(
                        f"plays[{i}].expansionPlays[{j}].gameRefId: no game with id "
                        f"{expansion.gameRefId} in games"
                    )
            if play.ignored:
                self.ignored += 1  # BG Stats leaves it out of its statistics: so do we
                continue
            converted = reader.play(i, play, uid, played, entered)
            if isinstance(converted, str):
                skipped.append(converted)
            else:
                yield converted


def _play_refusal(i: int, raw: msgspec.Raw, problem: Exception) -> ImportFileError:
    """Play ``i``'s problem as InPlay words it (with the field's place), or as found."""
    try:
        _IN_PLAY.validate_json(bytes(raw))
    except ValidationError as exc:
        return _refusal(exc, prefix=("plays", i))
    except RecursionError:
        return _refuse(f"plays[{i}]: nested too deeply")
    if isinstance(problem, RecursionError):
        return _refuse(f"plays[{i}]: nested too deeply")
    return _refuse(f"plays[{i}]: {problem}")


class _Where(tuple[int, str, datetime]):
    """``plays[3] (Azul, 2024-03-18)`` from (3, "Azul", its date), worded only when a message
    needs it (a tuple: made for every play, without Python code run)."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        i, title, date = self
        return f"plays[{i}] ({title or 'a game without a name'}, {date:%Y-%m-%d})"


#: Seats 1, 2, ... n: what most plays give, which needs no further look.
_IN_ORDER = [list(range(1, n + 1)) for n in range(MAX_RESULTS + 1)]


class _PlayReader:
    """Turns BG Stats plays into the history's, or into a sentence saying why not."""

    def __init__(
        self,
        players: dict[int, InPlayer],
        games: dict[int, InGame],
        locations: dict[int, InLocation],
    ) -> None:
        self.players = players
        self.games = games
        self.locations = locations
        self.notes: list[str] = []
        self._titles: dict[int, str] = {}
        self._names: dict[int, tuple[str, str]] = {}
        self._ids_of: dict[str, int] = {}
        """The first player id met under each name key."""
        self._resolved: dict[int, crud.Title] = {}
        self._scores: dict[str | None, int | None] = {}
        """Score texts read so far (score_value of each)."""

    def name(self, player_id: int) -> tuple[str, str]:
        """A player's name as kept here and its key; an anonymous player's key is empty."""
        found = self._names.get(player_id)
        if found is None:
            who = self.players[player_id]
            name = _clean(who.name)
            found = (name, "") if who.isAnonymous or not name else (name, name_key(name))
            self._names[player_id] = found
            key = found[1]
            if key and self._ids_of.setdefault(key, player_id) != player_id:
                # The history knows a player by name: two of BG Stats' become one.
                self.notes.append(
                    f"players with ids {self._ids_of[key]} and {player_id} are both called "
                    f"{name}: their plays are kept as one player's"
                )
        return found

    def title(self, game: InGame) -> str:
        if game.id not in self._titles:
            self._titles[game.id] = _clean(game.name)
        return self._titles[game.id]

    def resolved(self, game: InGame) -> crud.Title:
        if game.id not in self._resolved:
            self._resolved[game.id] = crud.resolve_title(self.title(game) or "?")
        return self._resolved[game.id]

    def expansion(self, base: InGame, expansion: InGame) -> str:
        """An expansion game of a play as the history keeps it: a known expansion by its
        short name, ``"<game>: X"`` as ``X``, anything else by its name."""
        key = self.resolved(base).key
        name = self.title(expansion)
        kept = features.canonical(key, "expansion", name)
        if kept != name:
            return kept
        prefix = self.title(base) + ":"
        if name_key(name).startswith(name_key(prefix)) and len(name) > len(prefix):
            return features.canonical(key, "expansion", _clean(name[len(prefix) :]))
        return name

    def play(
        self, i: int, play: PlayRow, uid: str, played: datetime, entered: datetime | None
    ) -> ReadyPlay | str:
        """Play ``i`` of the file (its uid and dates checked) ready to write, or why not."""
        game = self.games[play.gameRefId]
        title = self._titles.get(game.id) or self.title(game)
        where = _Where((i, title, played))
        if not title or len(title) > GAME_NAME_MAX:
            return f"{where}: the game's name is empty or longer than {GAME_NAME_MAX} characters"
        lines = play.playerScores
        if not lines:
            return f"{where}: no players"
        if len(lines) > MAX_RESULTS:
            return f"{where}: more than {MAX_RESULTS} players"
        resolved = self._resolved.get(game.id) or self.resolved(game)
        direction = resolved.highest_wins if resolved.highest_wins is not None else game.highestWins
        # This loop runs for every score of a large backup: names and score texts are
        # looked up in the reader's caches (a backup repeats both), and winners, start
        # players and seats are gathered on the way (checked below, in the same order).
        known_names, known_scores = self._names, self._scores
        names: list[str] = []
        keys: set[str] = set()
        anonymous = 0
        scores: list[int | None] = []
        winners: list[bool] = []
        starts: list[bool] = []
        seats: list[int] = []
        no_points = game.noPoints
        for score in lines:
            ref = score.playerRefId
            name, key = known_names.get(ref) or self.name(ref)
            if not key:
                anonymous += 1
                name = ANONYMOUS if anonymous == 1 else f"{ANONYMOUS} {anonymous}"
                key = name_key(name)
            if len(name) > NAME_MAX:
                return (
                    f"{where}: the name {describe_value(name)} is longer than {NAME_MAX} characters"
                )
            if key in keys:
                return f"{where}: {name} is in the play twice"
            keys.add(key)
            text = score.score
            value = known_scores.get(text, _UNREAD)
            if value is _UNREAD:
                value = known_scores[text] = score_value(text)
            if value is None and (text or "").strip() and not no_points:
                return (
                    f"{where}: {name} has the score {describe_value(text)}, "
                    "which is not a whole number"
                )
            names.append(name)
            # A game BG Stats keeps without points has none, whatever a score field holds.
            scores.append(None if no_points else cast("int | None", value))
            winners.append(score.winner)
            starts.append(score.startPlayer)
            seats.append(score.seatOrder)
        if play.usesTeams:
            self.notes.append(
                f"{where}: played in teams; kept with each player's own score and result, "
                "without the teams"
            )
        scoring = "points"
        tiebreakers: list[tuple[str, bool]] | None = None
        ties: list[list[int | None] | None] = [None] * len(scores)
        numbers = [s for s in scores if s is not None]
        scored = len(numbers) == len(scores)
        by_score = score_winners(numbers, direction) if scored else []
        if game.cooperative and len(set(winners)) == 1:
            scoring = "cooperative"  # everyone won, or everyone lost, together
        elif not scored or not any(winners) or game.cooperative:
            scoring = "manual"
        elif winners != by_score:
            if all(b for w, b in zip(winners, by_score, strict=True) if w):
                # Winners chosen by hand among equal best scores: a tie-breaker says so.
                tiebreakers = [(HAND_DECIDED, True)]
                ties = [
                    [1 if w else 0] if b else None for w, b in zip(winners, by_score, strict=True)
                ]
            else:
                scoring = "manual"  # the winners were chosen whatever the scores say
        if sum(starts) > 1:
            return f"{where}: more than one start player"
        if seats != _IN_ORDER[len(seats)] and (
            not all(seats) or len(set(seats)) != len(seats) or max(seats) > MAX_RESULTS
        ):
            seats = list(range(1, len(scores) + 1))
        game_key = resolved.key
        expansions: list[str] = []
        for expansion in play.expansionPlays:
            kept = self.expansion(game, self.games[expansion.gameRefId])
            if kept and kept not in expansions:
                expansions.append(kept)
        modules: list[str] = []
        for part in _clean(play.board or "").split(";") if play.board else ():
            module = features.canonical(game_key, "module", _clean(part))
            if module and module not in modules:
                modules.append(module)
        if (
            len(modules) > MAX_MODULES
            or len(expansions) > MAX_EXPANSIONS
            or any(len(m) > MODULE_MAX for m in (*modules, *expansions))
        ):
            return f"{where}: more or longer expansions or modules than this history keeps"
        location = None
        location_ref = play.locationRefId
        if location_ref:
            location = _clean(self.locations[location_ref].name) or None
            if location and len(location) > LOCATION_MAX:
                return f"{where}: the location is longer than {LOCATION_MAX} characters"
        notes = play.comments.strip()
        if len(notes) > NOTES_MAX:
            return f"{where}: the comments are longer than {NOTES_MAX} characters"
        duration = play.durationMin
        if duration > DURATION_MAX_MIN:
            return f"{where}: a duration of {duration} minutes is too long"
        # Record times as the history keeps them (UTC, stored as bulk.sqlite_stamp writes
        # them: whole seconds here); the time played is stored as the file's own text says it.
        created = None if entered is None else _utc_stamp(entered)
        entry, modified = play.entryDate, play.modificationDate
        updated = created if modified in (None, entry) else _utc_stamp(_bg_date(modified))
        if scoring != "points":
            ranks = crud.chosen_ranks(scores, winners, direction, scoring)
            wins = winners
        elif tiebreakers is None:
            # As bulk.places ranks them: one more than the number of better scores (the best
            # score wins a finished play, as checked above).
            first = sorted(numbers, reverse=direction).index
            ranks = [first(s) + 1 for s in numbers]
            wins = by_score
        else:
            tied = [
                BulkResult(n, 0, s, None, t) for n, s, t in zip(names, scores, ties, strict=True)
            ]
            places = bulk.places(
                BulkPlay(uid, "", played, tied, True, tiebreakers=tiebreakers), direction
            )
            ranks, wins = [p[0] for p in places], [p[1] for p in places]
        return ReadyPlay(
            uid=uid,
            game=resolved.key or resolved.name,
            highest_wins=None if resolved.key else direction,
            direction=direction,
            scoring=scoring,
            played=play.playDate + ".000000",
            created=created,
            updated=updated,
            modules=modules or None,
            expansions=expansions or None,
            duration_min=duration or None,
            location=location,
            notes=notes,
            hand_decided=tiebreakers is not None,
            results=list(zip(names, seats, scores, ties, starts, ranks, wins, strict=True)),
        )


def _utc_stamp(local: datetime) -> str:
    """A BG Stats time (local wall clock, whole seconds) as the history stores record times:
    UTC without its zone, as bulk.sqlite_stamp writes it."""
    return local.astimezone(UTC).isoformat(" ")[:19] + ".000000"


class ReadyPlay(NamedTuple):
    """A BG Stats play checked and converted, as :class:`BulkPlay` would hold it, with its
    times already in their stored form and its ranks made (the rows written are the same)."""

    uid: str
    game: str
    highest_wins: bool | None
    """The game and direction as bulk.direction_of takes them (BulkPlay's)."""
    direction: bool
    """The direction the play is scored and ranked in."""
    scoring: str
    played: str
    created: str | None
    updated: str | None
    """The times in their stored form (bulk.sqlite_stamp); None: the time of the import."""
    modules: list[str] | None
    expansions: list[str] | None
    duration_min: int | None
    location: str | None
    notes: str
    hand_decided: bool
    results: list[tuple[str, int, int | None, list[int | None] | None, bool, int, bool]]
    """Each player's (name, seat, score or None, tie-break values, start player, rank,
    winner)."""

    def bulk(self) -> BulkPlay:
        """The same play as a :class:`BulkPlay`, for :func:`bulk.insert_plays`."""
        chosen = self.scoring != "points"
        return BulkPlay(
            uid=self.uid,
            game=self.game,
            played_at=datetime.fromisoformat(self.played),
            finished=True,
            highest_wins=self.highest_wins,
            scoring=self.scoring,
            modules=self.modules,
            expansions=self.expansions,
            duration_min=self.duration_min,
            location=self.location,
            notes=self.notes,
            tiebreakers=[(HAND_DECIDED, True)] if self.hand_decided else None,
            created_at=None if self.created is None else datetime.fromisoformat(self.created),
            updated_at=None if self.updated is None else datetime.fromisoformat(self.updated),
            results=[
                BulkResult(name, seat, score, None, tie, start, won if chosen else None)
                for name, seat, score, tie, start, _, won in self.results
            ],
        )


def import_backup(
    session: Session, backup: BGStatsBackup, *, progress: Progress | None = None
) -> ImportReport:
    """Read and write a BG Stats backup in the caller's transaction (plays present skipped),
    :data:`bulk.BATCH` plays at a time; ``progress(read, total)`` after each batch. A problem
    found on the way raises :class:`ImportFileError`: the caller's transaction must then be
    rolled back (what was written before it goes too)."""
    from sqlalchemy import func, select

    players_before = session.execute(select(func.count()).select_from(Player)).scalar_one()
    games_before = session.execute(select(func.count()).select_from(Game)).scalar_one()
    check_present = has_plays(session)
    duplicates: list[str] = []
    imported = 0

    def batches() -> Iterator[list[ReadyPlay]]:
        nonlocal imported
        plays = backup.plays()
        reported = 0
        while batch := list(islice(plays, bulk.BATCH)):
            if check_present:
                present = crud.uids_present(session=session, uids=[p.uid for p in batch])
                if present:
                    duplicates.extend(p.uid for p in batch if p.uid in present)
                    batch = [p for p in batch if p.uid not in present]
            imported += len(batch)
            yield batch  # written by the time the next one is asked for
            reported = backup.read
            if progress is not None:
                progress(reported, backup.total)
        if progress is not None and reported < backup.total:
            progress(backup.total, backup.total)  # plays after the last batch, none written

    write = _insert_sqlite if session.get_bind().dialect.name == "sqlite" else _insert_bulk
    write(session, batches(), backup.total)
    players_after = session.execute(select(func.count()).select_from(Player)).scalar_one()
    games_after = session.execute(select(func.count()).select_from(Game)).scalar_one()
    return ImportReport(
        imported=imported,
        duplicates=tuple(duplicates),
        players_added=players_after - players_before,
        games_added=games_after - games_before,
        skipped=tuple(backup.skipped),
        notes=tuple(backup.notes),
        ignored=backup.ignored,
    )


def _insert_bulk(session: Session, batches: Iterable[Sequence[ReadyPlay]], total: int) -> None:
    """The plays written by :func:`bulk.insert_plays` (PostgreSQL)."""
    bulk.insert_plays(session, ([p.bulk() for p in batch] for batch in batches), total=total)


_HAND_DECIDED_JSON = json.dumps([{"name": HAND_DECIDED, "higher_wins": True}])


def _insert_sqlite(session: Session, batches: Iterable[Sequence[ReadyPlay]], total: int) -> None:
    """What :func:`bulk.insert_plays` does with these plays on SQLite, with the rows made
    from what the reader has ready (stored times, ranks, winners): the same rows, a test
    compares them, at less cost (no BulkPlay, times or ranks made again per play)."""
    from sqlalchemy import func, select

    resolve = bulk.title_resolver()
    games: dict[str, bulk._GameState] = {}
    row_cache: dict[str, Game | None] = {}
    player_ids: dict[str, int] = {}
    # bulk.direction_of gives each (title, direction given) the same game and direction
    # (a typed title's play always gives its direction here), so it is asked once for each;
    # the last play of each title is given to it again at the end, so that a typed title
    # remembers the direction of its latest play, as when it sees every play.
    targets: dict[tuple[str, bool | None], tuple[int, bool]] = {}
    last: dict[str, tuple[int, ReadyPlay]] = {}
    next_id = 1 + int(
        session.execute(select(func.coalesce(func.max(crud.PLAYS.c.id), 0))).scalar_one()
    )
    now = bulk.sqlite_stamp(utcnow())
    totals = stats.Totals()
    add_totals = totals.add
    dumps = json.dumps
    connection = session.connection()
    with bulk.sqlite_bulk_mode(session, total):
        for batch in batches:
            new_names = {r[0] for p in batch for r in p.results} - player_ids.keys()
            if new_names:
                ids_by_key = crud.ensure_players(session=session, names=new_names)
                player_ids.update((n, ids_by_key[name_key(n)]) for n in new_names)
            play_values: list[Any] = []
            result_values: list[Any] = []
            for play_id, play in enumerate(batch, start=next_id):
                target = targets.get((play.game, play.highest_wins))
                if target is None:
                    target = targets[(play.game, play.highest_wins)] = bulk.direction_of(
                        session, play.bulk(), resolve, games, row_cache
                    )
                    assert target[1] == play.direction  # the direction its ranks were made in
                last[play.game] = (play_id, play)
                game_id, direction = target
                created = play.created or now
                play_values += (
                    play_id,
                    play.uid,
                    game_id,
                    play.played,
                    dumps(play.modules) if play.modules else "[]",
                    bulk.NO_DURATION if play.duration_min is None else play.duration_min,
                    play.location or bulk.NO_LOCATION,
                    play.notes,
                    1,
                    1 if direction else 0,
                    _HAND_DECIDED_JSON if play.hand_decided else "[]",
                    created,
                    play.updated or created,
                    play.scoring,
                    dumps(play.expansions) if play.expansions else "[]",
                    "{}",
                    bulk.NO_START,
                )
                counted = []
                for name, seat, score, ties, start, place, won in play.results:
                    player_id = player_ids[name]
                    result_values += (
                        play_id,
                        player_id,
                        seat,
                        bulk.NO_SCORE if score is None else score,
                        "{}",
                        dumps(ties) if ties else "[]",
                        1 if start else 0,
                        place,
                        1 if won else 0,
                    )
                    counted.append((player_id, score, won))
                add_totals(game_id, counted)
            bulk.sqlite_insert(connection, bulk.PLAY_TABLE, play_values)
            bulk.sqlite_insert(connection, bulk.RESULT_TABLE, result_values)
            next_id += len(batch)
    for _, play in sorted(last.values(), key=lambda found: found[0]):
        bulk.direction_of(session, play.bulk(), resolve, games, row_cache)
    for state in games.values():
        if state.changed and state.game.highest_wins != state.direction:
            state.game.highest_wins = state.direction
    session.flush()
    stats.add_totals(session, totals)


__all__ = [
    "EXPANSIONS",
    "FILE_NAME",
    "HAND_DECIDED",
    "SETTING_KEY",
    "BGStatsBackup",
    "Preferences",
    "export_bgstats",
    "import_backup",
    "manual_winner",
    "module_expansion",
    "play_link",
    "score_value",
]
