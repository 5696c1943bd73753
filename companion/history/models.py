"""The play history's tables and the values that go in and come out, as SQLModel families.

In the style of SQLModel's full-stack template: a ``...Base`` holds the shared fields, the
``table=True`` model is the row, ``...Create`` is what callers hand in (validated with
``model_validate``; table models skip validation, so nothing reaches a table that did not
pass through a Create model first) and ``...Public`` is what the store hands back.

Limits are deliberately generous for play at a table and tight enough that a hostile import
file cannot bloat the database: names up to 40 characters, notes 2000, location 120, up to
20 score categories, whole-number scores within ±1,000,000,000, dates between the years 1900
and 2999.

Texts are normalised before they are checked or compared: Unicode NFC (so "é" typed as one
character or as "e" plus an accent is one player), invisible zero-width characters removed,
runs of whitespace folded; a control character or a broken surrogate in a text is refused.
"""

from __future__ import annotations

import unicodedata
import uuid as uuid_module
from datetime import UTC, date, datetime
from typing import Annotated, Any, ClassVar, Literal

from pydantic import AfterValidator, Strict, field_validator, model_validator
from pydantic_core import PydanticCustomError
from sqlalchemy import JSON, BigInteger, DateTime, Index, UniqueConstraint
from sqlmodel import Field, SQLModel

# Re-exported: the history's callers compare names with models.name_key.
from companion.text import INVISIBLE as INVISIBLE
from companion.text import name_key as name_key
from companion.text import normal_text as normal_text
from companion.text import text_problem as text_problem

NAME_MAX = 40
GAME_NAME_MAX = 80
NOTES_MAX = 2000
LOCATION_MAX = 120
MODULE_MAX = 80
MAX_MODULES = 40
MAX_CATEGORIES = 20
MAX_TIEBREAKERS = 10
MAX_RESULTS = 99
SCORE_LIMIT = 1_000_000_000
DURATION_MAX_MIN = 10_000
# Times are stored without a zone (SQLModel would otherwise insist on aware datetimes):
# ``played_at`` is the players' local wall-clock time, ``created_at``/``updated_at`` are UTC.
NAIVE = DateTime(timezone=False)
# casefold() can lengthen a text (German "ß" becomes "ss"), so keys get room to grow.
KEY_FACTOR = 4
# Plays and their timestamps lie within these (naive) bounds: wide enough for any real
# record, and far enough from the calendar's ends that converting between time zones (to
# local time, to UTC, in an export) can never overflow.
EARLIEST = datetime(1900, 1, 1)
LATEST = datetime(2999, 12, 31, 23, 59, 59)


def _plain_text(value: str) -> str:
    problem = text_problem(value)
    if problem:
        raise ValueError(problem)
    return value


Score = Annotated[int, Strict(), Field(ge=-SCORE_LIMIT, le=SCORE_LIMIT)]
#: What no stored text may hold (:func:`text_problem`), refused as a field's own error.
StoredText = AfterValidator(_plain_text)
CategoryName = Annotated[str, Field(min_length=1, max_length=NAME_MAX), StoredText]
ModuleName = Annotated[str, Field(min_length=1, max_length=MODULE_MAX), StoredText]
# Strict: a flag must be true or false, not "yes" or 1 (an import file says what it means).
Flag = Annotated[bool, Strict()]


def utcnow() -> datetime:
    """Now in UTC, naive (the database columns hold no zone), to the second."""
    return datetime.now(UTC).replace(tzinfo=None, microsecond=0)


def clean_text(value: object) -> object:
    """:func:`normal_text` for a text; anything else is left for validation to refuse."""
    return normal_text(value) if isinstance(value, str) else value


def typed_text(*fields: str, also_checked: tuple[str, ...] = ()) -> tuple[Any, Any]:
    """The two validators of texts a person types, for a model's ``fields``: spaces trimmed
    and folded before the field's own checks (:func:`clean_text`), and what no text may hold
    refused after them (``also_checked``: fields tidied their own way, only refused).

    Used in a model's body as ``_clean, _text = typed_text("name")``.
    """

    def tidy(cls: type, value: object) -> object:
        return clean_text(value)

    def check(cls: type, value: str | None) -> str | None:
        return None if value is None else _plain_text(value)

    return (
        field_validator(*fields, mode="before")(classmethod(tidy)),
        field_validator(*fields, *also_checked)(classmethod(check)),
    )


def _bounds_text() -> str:
    return f"between {EARLIEST:%Y-%m-%d} and {LATEST:%Y-%m-%d}"


def _out_of_range(value: datetime) -> ValueError:
    return ValueError(f"must be {_bounds_text()}, got {value.isoformat()}")


def wall_clock(value: datetime) -> datetime:
    """A play's time as the players' wall clock: zone-aware times become local, seconds kept.

    Plays are remembered the way people say them ("Saturday 19:30"), so the column holds
    naive local time; an aware value is converted to this machine's local time first.
    Raises ``ValueError`` (never ``OverflowError``) for a time outside the years 1900–2999.
    """
    if value.tzinfo is not None:
        try:
            value = value.astimezone().replace(tzinfo=None)
        except (OverflowError, ValueError, OSError):
            raise _out_of_range(value) from None
    if not EARLIEST <= value <= LATEST:
        raise _out_of_range(value)
    return value.replace(microsecond=0)


def utc_naive(value: datetime) -> datetime:
    """A timestamp as naive UTC to the second, range-checked like :func:`wall_clock`."""
    if value.tzinfo is not None:
        try:
            value = value.astimezone(UTC).replace(tzinfo=None)
        except (OverflowError, ValueError, OSError):
            raise _out_of_range(value) from None
    if not EARLIEST <= value <= LATEST:
        raise _out_of_range(value)
    return value.replace(microsecond=0)


def refuse_numbers_as_dates(value: object) -> object:
    """A date must be a date and time (or ISO text), never a number taken as a timestamp."""
    if isinstance(value, bool | int | float):
        raise ValueError(f'expected a date and time like "2024-05-01T19:30:00", got {value!r}')
    if isinstance(value, date) and not isinstance(value, datetime):
        return datetime(value.year, value.month, value.day)
    return value


def _rule(where: str, problem: str) -> PydanticCustomError:
    # Cross-field checks run on the whole model, where pydantic gives no location; the
    # location travels in the context so messages still say "results[2].player: ...".
    return PydanticCustomError(
        "play_rule", "{where}: {problem}", {"where": where, "problem": problem}
    )


# ---------------------------------------------------------------------------------- players


class PlayerBase(SQLModel):
    name: str = Field(min_length=1, max_length=NAME_MAX)


class Player(PlayerBase, table=True):
    """Someone who has played; names are unique ignoring case (``name_key``)."""

    __tablename__: ClassVar[str] = "player"
    __table_args__ = (
        UniqueConstraint("name", name="uq_player_name"),
        UniqueConstraint("name_key", name="uq_player_name_key"),
    )

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=NAME_MAX)
    name_key: str = Field(max_length=NAME_MAX * KEY_FACTOR)
    created_at: datetime = Field(default_factory=utcnow, sa_type=NAIVE)


class PlayerCreate(PlayerBase):
    model_config = {"extra": "forbid"}

    _clean, _text = typed_text("name")


class PlayerPublic(PlayerBase):
    id: int


# ------------------------------------------------------------------------------------ games


class GameBase(SQLModel):
    name: str = Field(min_length=1, max_length=GAME_NAME_MAX)
    key: str | None = Field(default=None, max_length=GAME_NAME_MAX)
    highest_wins: bool = True


class Game(GameBase, table=True):
    """A game that has been played: ``key`` is its catalogue id, or None for a typed title.

    For a typed title ``highest_wins`` is the direction its latest play was scored in (the
    "Other game" default is highest wins); for catalogue games the catalogue decides.
    """

    __tablename__: ClassVar[str] = "game"
    __table_args__ = (
        UniqueConstraint("name", name="uq_game_name"),
        UniqueConstraint("name_key", name="uq_game_name_key"),
        UniqueConstraint("key", name="uq_game_key"),
    )

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=GAME_NAME_MAX)
    name_key: str = Field(max_length=GAME_NAME_MAX * KEY_FACTOR)
    key: str | None = Field(default=None, max_length=GAME_NAME_MAX)
    created_at: datetime = Field(default_factory=utcnow, sa_type=NAIVE)


class GamePublic(GameBase):
    id: int
    plays: int = 0
    """Finished plays of the game (unfinished ones are not counted)."""


# ------------------------------------------------------------------------------------ plays


class TieBreakerSpec(SQLModel):
    """A play's tie-breaker, e.g. ``TieBreakerSpec(name="Most crowns left")``."""

    model_config = {"extra": "forbid"}

    name: str = Field(min_length=1, max_length=NAME_MAX)
    higher_wins: Flag = True

    _clean, _text = typed_text("name")


class ResultBase(SQLModel):
    seat: int | None = Field(default=None, ge=1, le=MAX_RESULTS)
    score: Score
    breakdown: dict[CategoryName, Score] = Field(
        default_factory=dict, max_length=MAX_CATEGORIES, sa_type=JSON
    )
    tiebreaks: list[Score | None] = Field(
        default_factory=list, max_length=MAX_TIEBREAKERS, sa_type=JSON
    )
    start_player: Flag = False


class PlayResult(ResultBase, table=True):
    """One player's line in a play. Rank and winner are computed on save, never typed in."""

    __tablename__: ClassVar[str] = "play_result"
    __table_args__ = (
        UniqueConstraint("play_id", "player_id", name="uq_play_result_player"),
        UniqueConstraint("play_id", "seat", name="uq_play_result_seat"),
        # "Plays of Ann" filters and the score extremes of one player are read through this.
        Index("ix_play_result_player", "player_id", "play_id", "score"),
    )

    id: int | None = Field(default=None, primary_key=True)
    play_id: int = Field(foreign_key="play.id", ondelete="CASCADE")
    player_id: int = Field(foreign_key="player.id", ondelete="RESTRICT")
    seat: int
    score: int
    rank: int
    winner: bool = False


class ResultCreate(ResultBase):
    """A player's result as entered: their name, score and the optional details."""

    model_config = {"extra": "forbid"}

    player: str = Field(min_length=1, max_length=NAME_MAX)

    _clean_player, _text = typed_text("player")

    @field_validator("breakdown", mode="before")
    @classmethod
    def _clean_categories(cls, value: object) -> object:
        if isinstance(value, dict):
            return {clean_text(k): v for k, v in value.items()}
        return value


class ResultPublic(ResultBase):
    player: str
    seat: int
    rank: int
    winner: bool


class PlayBase(SQLModel):
    played_at: datetime = Field(sa_type=NAIVE)
    modules: list[ModuleName] = Field(default_factory=list, max_length=MAX_MODULES, sa_type=JSON)
    duration_min: Annotated[int, Strict()] | None = Field(default=None, ge=0, le=DURATION_MAX_MIN)
    location: str | None = Field(default=None, max_length=LOCATION_MAX)
    notes: str = Field(default="", max_length=NOTES_MAX)
    finished: Flag = True


class Play(PlayBase, table=True):
    """One sitting of one game. ``uid`` identifies it across exports and imports."""

    __tablename__: ClassVar[str] = "play"
    __table_args__ = (
        UniqueConstraint("uid", name="uq_play_uid"),
        Index("ix_play_played_at", "played_at", "id"),
        Index("ix_play_game", "game_id", "played_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    uid: str = Field(max_length=36)
    game_id: int = Field(foreign_key="game.id", ondelete="RESTRICT")
    highest_wins: bool = True
    tiebreakers: list[dict[str, Any]] = Field(default_factory=list, sa_type=JSON)
    created_at: datetime = Field(default_factory=utcnow, sa_type=NAIVE)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=NAIVE)


class PlayCreate(PlayBase):
    """A play as the score pad (or an import, or an undo) hands it in.

    ``game`` is a catalogue id ("mercante"), a catalogue name ("Mercante") or any typed
    title. ``played_at`` defaults to now. ``highest_wins`` None means the game's own
    direction. ``uid``, ``created_at`` and ``updated_at`` are normally left out; an undo or
    an import passes them so the play keeps its identity.
    """

    model_config = {"extra": "forbid"}

    game: str = Field(min_length=1, max_length=GAME_NAME_MAX)
    played_at: datetime = Field(default_factory=lambda: wall_clock(datetime.now()))
    results: list[ResultCreate] = Field(min_length=1, max_length=MAX_RESULTS)
    highest_wins: Flag | None = None
    tiebreakers: list[TieBreakerSpec] = Field(default_factory=list, max_length=MAX_TIEBREAKERS)
    uid: str | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None

    _clean, _text = typed_text("game", "location", also_checked=("notes",))

    @field_validator("notes", mode="before")
    @classmethod
    def _trim_notes(cls, value: object) -> object:
        # Notes keep their line breaks (and tabs); only the ends are trimmed. NFC like names,
        # and a Windows line break is one line break.
        if isinstance(value, str):
            return unicodedata.normalize("NFC", value).replace("\r\n", "\n").strip()
        return value

    @field_validator("modules", mode="before")
    @classmethod
    def _clean_modules(cls, value: object) -> object:
        # A text is not a list of modules ("abc" is not ["a", "b", "c"]).
        if isinstance(value, list | tuple):
            return [clean_text(v) for v in value]
        return value

    @field_validator("played_at", "created_at", "updated_at", mode="before")
    @classmethod
    def _dates_only(cls, value: object) -> object:
        return refuse_numbers_as_dates(value)

    @field_validator("played_at")
    @classmethod
    def _wall_clock(cls, value: datetime) -> datetime:
        return wall_clock(value)

    @field_validator("created_at", "updated_at")
    @classmethod
    def _utc(cls, value: datetime | None) -> datetime | None:
        return None if value is None else utc_naive(value)

    @field_validator("uid", mode="before")
    @classmethod
    def _uid(cls, value: object) -> object:
        if value is None:
            return None
        if not isinstance(value, str):
            raise ValueError(f"expected a UUID, got {value!r}")
        try:
            return str(uuid_module.UUID(value))
        except ValueError:
            shown = value if len(value) <= 40 else value[:37] + "..."
            raise ValueError(f"expected a UUID, got {shown!r}") from None

    @model_validator(mode="after")
    def _consistent(self) -> PlayCreate:
        if self.location == "":
            self.location = None
        seen: dict[str, int] = {}
        for i, result in enumerate(self.results):
            key = name_key(result.player)
            if key in seen:
                raise _rule(
                    f"results[{i}].player",
                    f"{result.player!r} is already the name in results[{seen[key]}] "
                    "(names must differ, ignoring case)",
                )
            seen[key] = i
        seats = [r.seat for r in self.results]
        if any(s is not None for s in seats):
            for i, seat in enumerate(seats):
                if seat is None:
                    raise _rule(f"results[{i}].seat", "give every player a seat, or none")
                if seats.index(seat) != i:
                    raise _rule(f"results[{i}].seat", f"seat {seat} is taken twice")
        else:
            for i, result in enumerate(self.results):
                result.seat = i + 1
        starters = [i for i, r in enumerate(self.results) if r.start_player]
        if len(starters) > 1:
            raise _rule(f"results[{starters[1]}].start_player", "only one start player")
        names = [name_key(t.name) for t in self.tiebreakers]
        for i, key in enumerate(names):
            if names.index(key) != i:
                raise _rule(f"tiebreakers[{i}].name", "this tie-breaker is listed twice")
        for i, result in enumerate(self.results):
            if len(result.tiebreaks) > len(self.tiebreakers):
                raise _rule(
                    f"results[{i}].tiebreaks",
                    f"{len(result.tiebreaks)} tie-breaker values for "
                    f"{len(self.tiebreakers)} tie-breakers",
                )
            if result.breakdown and sum(result.breakdown.values()) != result.score:
                raise _rule(
                    f"results[{i}].breakdown",
                    f"the categories add up to {sum(result.breakdown.values())}, "
                    f"not the score {result.score}",
                )
        for i, module in enumerate(self.modules):
            if self.modules.index(module) != i:
                raise _rule(f"modules[{i}]", f"{module!r} is listed twice")
        return self


class PlayPublic(PlayBase):
    """A saved play: results ordered best first (rank, then seat), with names filled in."""

    id: int
    uid: str
    game: str
    game_key: str | None
    highest_wins: bool
    tiebreakers: list[TieBreakerSpec]
    results: list[ResultPublic]
    created_at: datetime
    updated_at: datetime

    @property
    def winners(self) -> list[str]:
        """Names of the winners; empty for a play that was not finished."""
        return [r.player for r in self.results if r.winner]

    def to_create(self) -> PlayCreate:
        """The play as a :class:`PlayCreate`, e.g. to fill the edit form or to undo a delete."""
        return PlayCreate.model_validate(
            {
                "uid": self.uid,
                "game": self.game_key or self.game,
                "played_at": self.played_at,
                "modules": list(self.modules),
                "duration_min": self.duration_min,
                "location": self.location,
                "notes": self.notes,
                "finished": self.finished,
                "highest_wins": self.highest_wins,
                "tiebreakers": [t.model_dump() for t in self.tiebreakers],
                "results": [
                    {
                        "player": r.player,
                        "seat": r.seat,
                        "score": r.score,
                        "breakdown": dict(r.breakdown),
                        "tiebreaks": list(r.tiebreaks),
                        "start_player": r.start_player,
                    }
                    for r in sorted(self.results, key=lambda r: r.seat)
                ],
                "created_at": self.created_at,
                "updated_at": self.updated_at,
            }
        )


# ------------------------------------------------------------------- settings, custom cards


class Setting(SQLModel, table=True):
    """An app setting or a piece of saved UI state, stored as JSON under a key."""

    __tablename__: ClassVar[str] = "setting"

    key: str = Field(primary_key=True, max_length=200)
    value: Any = Field(default=None, sa_type=JSON, nullable=True)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=NAIVE)


class CustomCardBase(SQLModel):
    game: str = Field(min_length=1, max_length=GAME_NAME_MAX)
    kind: str = Field(min_length=1, max_length=NAME_MAX)
    name: str = Field(min_length=1, max_length=GAME_NAME_MAX)
    data: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)


class CustomCard(CustomCardBase, table=True):
    """A card players made themselves (e.g. a Mercante event); ``data`` is the card's fields."""

    __tablename__: ClassVar[str] = "custom_card"
    __table_args__ = (UniqueConstraint("game", "kind", "name_key", name="uq_custom_card_name"),)

    id: int | None = Field(default=None, primary_key=True)
    name_key: str = Field(max_length=GAME_NAME_MAX * KEY_FACTOR)
    created_at: datetime = Field(default_factory=utcnow, sa_type=NAIVE)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=NAIVE)


class CustomCardCreate(CustomCardBase):
    model_config = {"extra": "forbid"}

    _clean, _text = typed_text("game", "kind", "name")


class CustomCardPublic(CustomCardBase):
    id: int
    created_at: datetime
    updated_at: datetime


# ------------------------------------------------------------------ maintained statistics


class PlayerGameStat(SQLModel, table=True):
    """Running totals of one player's finished plays of one game.

    Kept up to date in the same transaction as every write, so statistics over a large
    history are a read of a few rows rather than an aggregate over every result.
    """

    __tablename__: ClassVar[str] = "stat_player_game"

    player_id: int = Field(foreign_key="player.id", primary_key=True, ondelete="CASCADE")
    game_id: int = Field(foreign_key="game.id", primary_key=True, ondelete="CASCADE")
    plays: int = 0
    wins: int = 0
    score_sum: int = Field(default=0, sa_type=BigInteger)
    score_max: int
    score_min: int


class GameStat(SQLModel, table=True):
    """Running totals of one game's finished plays (the winning score per play summed)."""

    __tablename__: ClassVar[str] = "stat_game"

    game_id: int = Field(foreign_key="game.id", primary_key=True, ondelete="CASCADE")
    plays: int = 0
    winning_score_sum: int = Field(default=0, sa_type=BigInteger)


# ------------------------------------------------------------------- shared tables (issue 7)

TOOL_MAX = 40
DEVICE_MAX = 40
TABLE_STATUSES = ("open", "finished", "abandoned")
TableStatus = Literal["open", "finished", "abandoned"]


class GameTable(SQLModel, table=True):
    """A game in progress that every device shares: its tool, its start and its log's head.

    ``start`` is the tool's fresh game as saved (``game.to_dict()``); the actions are
    :class:`TableAction` rows. ``head`` is the seq of the last action (0: none yet), kept in
    step with the log in the same transaction, so another server sees a change by reading
    one row. ``saved_play_id`` is the "saved as play N" mark, set in the same transaction as
    the play (unique, so a table is saved once). ``summary`` is what the games-in-progress
    list shows (players, status line).
    """

    __tablename__: ClassVar[str] = "game_table"
    __table_args__ = (
        UniqueConstraint("saved_play_id", name="uq_game_table_saved_play"),
        Index("ix_game_table_tool", "tool", "status", "updated_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    tool: str = Field(max_length=TOOL_MAX)
    start: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    status: str = Field(default="open", max_length=12)
    head: int = 0
    saved_play_id: int | None = Field(
        default=None, foreign_key="play.id", ondelete="SET NULL", nullable=True
    )
    summary: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    created_at: datetime = Field(default_factory=utcnow, sa_type=NAIVE)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=NAIVE)


class TableAction(SQLModel, table=True):
    """One step of a table's log: ``seq`` counts from 1 per table and is unique with it, so
    two servers can never both append step N."""

    __tablename__: ClassVar[str] = "table_action"
    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_table_action_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="game_table.id", ondelete="CASCADE")
    seq: int
    body: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    device: str = Field(default="", max_length=DEVICE_MAX)
    created_at: datetime = Field(default_factory=utcnow, sa_type=NAIVE)


class TablePublic(SQLModel):
    """A table as the store hands it back."""

    id: int
    tool: str
    start: dict[str, Any]
    status: TableStatus
    head: int
    saved_play_id: int | None
    summary: dict[str, Any]
    created_at: datetime
    updated_at: datetime


class TableActionPublic(SQLModel):
    seq: int
    body: dict[str, Any]
    device: str
    created_at: datetime


class TableHead(SQLModel):
    """What another server reads to see whether a table changed."""

    id: int
    head: int
    status: TableStatus
    saved_play_id: int | None
    updated_at: datetime
