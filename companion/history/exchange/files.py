"""The app's own history file: its format name and version, its limits, the shapes of its players,
games and plays, and what an import reports."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    StrictStr,
    TypeAdapter,
)
from pydantic.dataclasses import dataclass as pydantic_dataclass
from pydantic_core import PydanticCustomError

from companion.history.models import (
    DURATION_MAX_MIN,
    GAME_NAME_MAX,
    LOCATION_MAX,
    MAX_CATEGORIES,
    MAX_EXPANSIONS,
    MAX_HOUSE_RULES,
    MAX_MODULES,
    MAX_RESULTS,
    MAX_TIEBREAKERS,
    MODULE_MAX,
    NAME_MAX,
    NOTES_MAX,
    CategoryName,
    Flag,
    Score,
    Scoring,
    StoredText,
)

FORMAT = "merchants-companion-history"
VERSION = 1
# Caps that keep a hostile file from exhausting memory: each checked as the file is read,
# at the first item over it (the file's size: companion.limits.MAX_IMPORT_BYTES).
MAX_PLAYERS = 10_000
MAX_GAMES = 10_000
MAX_PLAYS = 250_000

FileId = Annotated[int, Strict(), Field(ge=1, le=2**31 - 1)]


class _FileModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class FilePlayer(_FileModel):
    id: FileId
    name: Annotated[str, Field(min_length=1, max_length=NAME_MAX), StoredText]


class FileGame(_FileModel):
    id: FileId
    name: Annotated[str, Field(min_length=1, max_length=GAME_NAME_MAX), StoredText]
    key: str | None = Field(default=None, max_length=GAME_NAME_MAX)
    highest_wins: Flag = True


# Plays and results are slotted dataclasses rather than models: a file of 100,000 plays holds
# half a million of them, and a model instance is several times larger.
# They are checked from the decoded JSON (dicts), which strict mode refuses for a dataclass,
# so strictness is per field instead: whole numbers and flags as JSON writes them, times only
# as ISO text (lax mode would also take a number of seconds).
_ROW_CONFIG = ConfigDict(extra="forbid")
Whole = Annotated[int, Strict()]


def _iso_text(value: object) -> object:
    if not isinstance(value, str):
        raise PydanticCustomError("datetime_type", "expected a date and time")
    return value


IsoTime = Annotated[datetime, BeforeValidator(_iso_text)]


def _none_if_empty(value: Any) -> Any:
    # Exports write "breakdown": {} and "tiebreaks": [] on every result: half a million empty
    # containers for a large file, so an empty one is kept as None.
    return value or None


Parts = Annotated[
    dict[CategoryName, Score] | None,
    Field(max_length=MAX_CATEGORIES),
    AfterValidator(_none_if_empty),
]
Ties = Annotated[
    list[Score | None] | None, Field(max_length=MAX_TIEBREAKERS), AfterValidator(_none_if_empty)
]


@pydantic_dataclass(config=_ROW_CONFIG, frozen=True, slots=True, kw_only=True)
class FileTieBreaker:
    name: StrictStr = Field(min_length=1, max_length=NAME_MAX)
    higher_wins: Flag = True


@pydantic_dataclass(config=_ROW_CONFIG, frozen=True, slots=True, kw_only=True)
class FileResult:
    player_id: FileId
    seat: Whole | None = Field(default=None, ge=1, le=MAX_RESULTS)
    score: Score | None = None
    breakdown: Parts = None
    tiebreaks: Ties = None
    start_player: Flag = False
    # Written for other tools to read; recomputed from the scores on import (the winner is
    # read where the play's scoring says the winners were chosen).
    rank: Whole | None = Field(default=None, ge=1, le=MAX_RESULTS)
    winner: Flag | None = None


@pydantic_dataclass(config=_ROW_CONFIG, frozen=True, slots=True, kw_only=True)
class FilePlay:
    uid: StrictStr = Field(min_length=1, max_length=36)
    game_id: FileId
    played_at: IsoTime
    finished: Flag = True
    highest_wins: Flag | None = None
    scoring: Scoring = "points"
    started_at: IsoTime | None = None
    modules: Annotated[
        list[Annotated[StrictStr, Field(min_length=1, max_length=MODULE_MAX)]] | None,
        Field(max_length=MAX_MODULES),
        AfterValidator(_none_if_empty),
    ] = None
    expansions: Annotated[
        list[Annotated[StrictStr, Field(min_length=1, max_length=MODULE_MAX)]] | None,
        Field(max_length=MAX_EXPANSIONS),
        AfterValidator(_none_if_empty),
    ] = None
    house_rules: Annotated[
        dict[StrictStr, StrictStr] | None,
        Field(max_length=MAX_HOUSE_RULES),
        AfterValidator(_none_if_empty),
    ] = None
    duration_min: Whole | None = Field(default=None, ge=0, le=DURATION_MAX_MIN)
    location: StrictStr | None = Field(default=None, max_length=LOCATION_MAX)
    notes: StrictStr = Field(default="", max_length=NOTES_MAX)
    tiebreakers: Annotated[
        list[FileTieBreaker] | None,
        Field(max_length=MAX_TIEBREAKERS),
        AfterValidator(_none_if_empty),
    ] = None
    results: list[FileResult] = Field(min_length=1, max_length=MAX_RESULTS)
    created_at: IsoTime | None = None
    updated_at: IsoTime | None = None
    # The play's rule that its tie-breakers decide the victory only (absent: every place).
    tiebreaks_victory_only: Flag = False


class HistoryFile(_FileModel):
    format: Literal["merchants-companion-history"]
    version: Literal[1]
    exported_at: datetime | None = None
    app_version: str | None = Field(default=None, max_length=40)
    players: list[FilePlayer] = Field(default_factory=list, max_length=MAX_PLAYERS)
    games: list[FileGame] = Field(default_factory=list, max_length=MAX_GAMES)
    plays: list[FilePlay] = Field(default_factory=list, max_length=MAX_PLAYS)


class FileHead(_FileModel):
    """The file without its plays (which are read and checked one at a time)."""

    format: Literal["merchants-companion-history"]
    version: Literal[1]
    exported_at: datetime | None = None
    app_version: str | None = Field(default=None, max_length=40)
    players: list[FilePlayer] = Field(default_factory=list, max_length=MAX_PLAYERS)
    games: list[FileGame] = Field(default_factory=list, max_length=MAX_GAMES)


PLAY_ADAPTER = TypeAdapter(FilePlay)


@dataclass(frozen=True)
class ImportReport:
    """What an import did: plays added, plays skipped as already present (their uids)."""

    imported: int
    duplicates: tuple[str, ...] = ()
    players_added: int = 0
    games_added: int = 0
    skipped: tuple[str, ...] = ()
    """Plays of the file the history cannot hold, each as "where: why" (BG Stats import)."""
    notes: tuple[str, ...] = ()
    """Plays imported with something changed, each as "where: what"."""
    ignored: int = 0
    """Plays BG Stats itself marks as ignored (out of its statistics), left out."""

    def __str__(self) -> str:
        text = f"{self.imported} play{'s' if self.imported != 1 else ''} imported"
        if self.duplicates:
            text += f", {len(self.duplicates)} already present"
        if self.skipped:
            text += f", {len(self.skipped)} not imported"
        if self.ignored:
            text += f", {self.ignored} that BG Stats ignores left out"
        return text
