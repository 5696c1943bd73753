"""BG Stats' backup file: its names and limits, the shapes written (``BG*``) and read (``In*``),
and the rows a play is read into."""

from __future__ import annotations

import re
import uuid
from datetime import datetime
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    StrictBool,
)
from pydantic.dataclasses import dataclass as pydantic_dataclass

from companion.history import features
from companion.history.errors import describe_value
from companion.history.models import (
    EARLIEST,
    LATEST,
)

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


def bg_date(value: object) -> datetime:
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
HEX_UUID = re.compile(f"{_HEX}{{8}}-{_HEX}{{4}}-{_HEX}{{4}}-{_HEX}{{4}}-{_HEX}{{12}}")


def bg_uuid(value: object) -> str:
    if isinstance(value, str) and HEX_UUID.fullmatch(value):
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


BGDate = Annotated[datetime, BeforeValidator(bg_date)]
UUIDText = Annotated[str, BeforeValidator(bg_uuid)]
ZeroOne = Annotated[bool, BeforeValidator(_zero_one)]
# Each limit twice: for pydantic (Field) and for msgspec (Meta), which reads the plays of a
# large backup (_read_file); each library ignores the other's.
RefId = Annotated[int, Strict(), Field(ge=0, le=2**31 - 1), Meta(ge=0, le=2**31 - 1)]
Count = Annotated[int, Strict(), Field(ge=0, le=2**31 - 1), Meta(ge=0, le=2**31 - 1)]
Name = Annotated[str, Strict(), Field(max_length=HUGE_NAME), Meta(max_length=HUGE_NAME)]
LongText = Annotated[str, Strict(), Field(max_length=HUGE_TEXT), Meta(max_length=HUGE_TEXT)]
ScoreText = Annotated[str, Strict(), Field(max_length=200), Meta(max_length=200)]


class OutModel(BaseModel):
    """What we write: every field BG Stats writes, with its type."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class BGPlayer(OutModel):
    id: int
    uuid: str
    name: str
    isAnonymous: bool
    modificationDate: str
    bggUsername: str = ""


class BGLocation(OutModel):
    id: int
    uuid: str
    name: str
    modificationDate: str


class BGGame(OutModel):
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


class BGScore(OutModel):
    playerRefId: int
    score: str
    winner: bool
    newPlayer: bool
    startPlayer: bool
    rank: int
    seatOrder: int


class BGExpansionPlay(OutModel):
    gameRefId: int


class BGPlay(OutModel):
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


class BGUserInfo(OutModel):
    meRefId: int


class BGFile(OutModel):
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


class InHead(_In):
    userInfo: InUserInfo | None = None
    players: list[InPlayer] = Field(max_length=MAX_ITEMS)
    games: list[InGame] = Field(max_length=MAX_ITEMS)
    locations: list[InLocation] = Field(default_factory=list, max_length=MAX_ITEMS)


class InFile(InHead):
    plays: list[InPlay] = Field(max_length=MAX_ITEMS)


# The same plays read fast, one at a time. InFile calls Python for every date and uuid
# (bg_date, bg_uuid) and would keep every play of the file at once; the file is read from
# its bytes a piece at a time instead (companion.history.jsonscan), each play kept as its
# JSON text only until msgspec reads it into these structs, just before it is converted and
# written, with the same fields and limits, but dates and uuids as plain text (checked as
# bg_date and bg_uuid do by the loop that reads them). A 100,000-play backup is never held as
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


PLAY_DECODER = msgspec.json.Decoder(PlayRow)
