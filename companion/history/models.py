"""The play history's tables and the values that go in and come out, as SQLModel families.

In the style of SQLModel's full-stack template: a ``...Base`` holds the shared fields, the
``table=True`` model is the row, ``...Create`` is what callers hand in (validated with
``model_validate``; table models skip validation, so nothing reaches a table that did not
pass through a Create model first) and ``...Public`` is what the store hands back.

Limits are deliberately generous for play at a table and tight enough that a hostile import
file cannot bloat the database: names up to 40 characters, notes 2000, location 120, up to
20 score categories, whole-number scores within ±1,000,000,000, dates between the years 1900
and 2999.

How a play is won is its ``scoring``: ``"points"`` (the winners follow from the scores, in the
game's direction, and the play's tie-breakers), ``"manual"`` (the winners were chosen at the
table: each result says ``winner``; scores are optional, so a win/lose play has none) or
``"cooperative"`` (everyone wins or everyone loses together; scores optional). What was
played with is kept beside the scores: ``modules`` and ``expansions`` (see
``companion.history.features``), the ``house_rules`` in force (ruling id → the reading played,
``"reading"`` or ``"alternative"``), when it started and how long it took. Its tie-breakers
decide every place, unless ``tiebreaks_victory_only`` says they decide the victory only (then
lower ties share their place); every tie-breaker figure entered is kept either way.

Texts are normalised before they are checked or compared: Unicode NFC (so "é" typed as one
character or as "e" plus an accent is one player), invisible zero-width characters removed,
runs of whitespace folded; a control character or a broken surrogate in a text is refused.
"""

from __future__ import annotations

import unicodedata
import uuid as uuid_module
from datetime import UTC, date, datetime
from typing import Annotated, Any, ClassVar, Literal

from pydantic import AfterValidator, Strict, StringConstraints, field_validator, model_validator
from pydantic_core import PydanticCustomError
from sqlalchemy import JSON, BigInteger, DateTime, Index, String, UniqueConstraint, text
from sqlmodel import Field, SQLModel

from companion.history import features
from companion.rules.renamed import current_ruling_ids

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
MAX_EXPANSIONS = 20
MAX_HOUSE_RULES = 60
RULING_ID_MAX = 80
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
RulingId = Annotated[
    str, StringConstraints(max_length=RULING_ID_MAX, pattern=r"^[a-z0-9_]+(\.[a-z0-9_]+)*$")
]
#: Which reading of a ruling a play was played by: the app's own, or the other one (the
#: house rule Settings offers).
Reading = Literal["reading", "alternative"]
#: How a play is won (see the module docstring).
Scoring = Literal["points", "manual", "cooperative"]
SCORINGS: tuple[Scoring, ...] = ("points", "manual", "cooperative")
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
    score: Score | None = None
    """None: no score (a win/lose or co-operative play, or a score not entered)."""
    breakdown: dict[CategoryName, Score] = Field(
        default_factory=dict, max_length=MAX_CATEGORIES, sa_type=JSON
    )
    tiebreaks: list[Score | None] = Field(
        default_factory=list, max_length=MAX_TIEBREAKERS, sa_type=JSON
    )
    start_player: Flag = False


class PlayResult(ResultBase, table=True):
    """One player's line in a play. Rank is computed on save; the winner too, unless the
    play's scoring says the winners were chosen (then it is the one handed in)."""

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
    score: int | None = None
    rank: int
    winner: bool = False


class ResultCreate(ResultBase):
    """A player's result as entered: their name, score and the optional details.

    ``winner`` is given exactly when the play's scoring is not ``"points"`` (the winners
    were chosen, or everyone won or lost together); for points it follows from the scores.
    """

    model_config = {"extra": "forbid"}

    player: str = Field(min_length=1, max_length=NAME_MAX)
    winner: Flag | None = None

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
    """When the play ended (or simply when it was played), the players' wall-clock time."""
    started_at: datetime | None = Field(default=None, sa_type=NAIVE)
    """When it began (wall clock); with it, ``duration_min`` defaults to start to end."""
    scoring: Scoring = Field(
        default="points", sa_type=String(12), sa_column_kwargs={"server_default": "points"}
    )
    modules: list[ModuleName] = Field(default_factory=list, max_length=MAX_MODULES, sa_type=JSON)
    expansions: list[ModuleName] = Field(
        default_factory=list,
        max_length=MAX_EXPANSIONS,
        sa_type=JSON,
        sa_column_kwargs={"server_default": "[]"},
    )
    house_rules: dict[RulingId, Reading] = Field(
        default_factory=dict,
        max_length=MAX_HOUSE_RULES,
        sa_type=JSON,
        sa_column_kwargs={"server_default": "{}"},
    )
    duration_min: Annotated[int, Strict()] | None = Field(default=None, ge=0, le=DURATION_MAX_MIN)
    location: str | None = Field(default=None, max_length=LOCATION_MAX)
    notes: str = Field(default="", max_length=NOTES_MAX)
    finished: Flag = True
    tiebreaks_victory_only: Flag = Field(default=False, sa_column_kwargs={"server_default": "0"})
    """The play's rule that its tie-breakers decide the victory only: players tied on a
    lower score share their place whatever their tie-breaker figures (Mercante's rule; off:
    the tie-breakers decide every place). Every figure is kept either way."""


class Play(PlayBase, table=True):
    """One sitting of one game. ``uid`` identifies it across exports and imports.

    ``deleted_at`` set: the play was deleted (in no list, statistic or export) and can still
    be put back by an undo exactly as it was, id and all; such plays are removed for good
    later (``crud.purge_deleted``).
    """

    __tablename__: ClassVar[str] = "play"
    __table_args__ = (
        UniqueConstraint("uid", name="uq_play_uid"),
        Index("ix_play_played_at", "played_at", "id"),
        Index("ix_play_game", "game_id", "played_at"),
        # Only the deleted plays (a handful): found at once when they go for good.
        Index(
            "ix_play_deleted",
            "deleted_at",
            sqlite_where=text("deleted_at IS NOT NULL"),
            postgresql_where=text("deleted_at IS NOT NULL"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    uid: str = Field(max_length=36)
    game_id: int = Field(foreign_key="game.id", ondelete="RESTRICT")
    deleted_at: datetime | None = Field(default=None, sa_type=NAIVE)
    highest_wins: bool = True
    tiebreakers: list[dict[str, Any]] = Field(default_factory=list, sa_type=JSON)
    created_at: datetime = Field(default_factory=utcnow, sa_type=NAIVE)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=NAIVE)


class PlayCreate(PlayBase):
    """A play as the score pad (or an import, or an undo) hands it in.

    ``game`` is a catalogue id ("mercante"), a catalogue name ("Mercante") or any typed
    title. ``played_at`` defaults to now; ``started_at``, when given, must not be later, and
    ``duration_min`` left out is then the whole minutes between the two. ``highest_wins``
    None means the game's own direction. ``scoring`` says how the play is won (see the
    module docstring): with ``"points"`` every result has a score and none says ``winner``;
    otherwise every result says ``winner`` (all the same for ``"cooperative"``; nobody wins a
    play that was not finished). ``modules`` and ``expansions`` of a game the catalogue knows
    are kept as ``features.canonical`` has them. ``house_rules`` maps a ruling id to the
    reading played; a list of ruling ids means their alternatives (as Settings keeps them).
    ``uid``, ``created_at`` and ``updated_at`` are normally left out; an undo or an import
    passes them so the play keeps its identity.
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

    @field_validator("modules", "expansions", mode="before")
    @classmethod
    def _clean_modules(cls, value: object) -> object:
        # A text is not a list of modules ("abc" is not ["a", "b", "c"]).
        if isinstance(value, list | tuple):
            return [clean_text(v) for v in value]
        return value

    @field_validator("house_rules", mode="before")
    @classmethod
    def _house_rules(cls, value: object) -> object:
        # Settings keeps house rules as the ruling ids whose alternative is played; an id
        # stored before its ruling was renamed is today's (companion.rules.renamed).
        if isinstance(value, list | tuple | set | frozenset):
            value = dict.fromkeys(sorted(value, key=str), "alternative")
        if isinstance(value, dict):
            return dict(zip(current_ruling_ids(value), value.values(), strict=True))
        return value

    @field_validator("played_at", "started_at", "created_at", "updated_at", mode="before")
    @classmethod
    def _dates_only(cls, value: object) -> object:
        return refuse_numbers_as_dates(value)

    @field_validator("played_at", "started_at")
    @classmethod
    def _wall_clock(cls, value: datetime | None) -> datetime | None:
        return None if value is None else wall_clock(value)

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
        self._check_winners()
        for i, result in enumerate(self.results):
            if len(result.tiebreaks) > len(self.tiebreakers):
                raise _rule(
                    f"results[{i}].tiebreaks",
                    f"{len(result.tiebreaks)} tie-breaker values for "
                    f"{len(self.tiebreakers)} tie-breakers",
                )
            if result.breakdown and result.score is None:
                raise _rule(f"results[{i}].breakdown", "categories given without a score")
            if result.breakdown and sum(result.breakdown.values()) != result.score:
                raise _rule(
                    f"results[{i}].breakdown",
                    f"the categories add up to {sum(result.breakdown.values())}, "
                    f"not the score {result.score}",
                )
        self._check_times()
        game = features.game_key(self.game)
        kinds: tuple[tuple[features.Kind, list[str]], ...] = (
            ("module", self.modules),
            ("expansion", self.expansions),
        )
        for kind, listed in kinds:
            kept = [features.canonical(game, kind, item) for item in listed]
            for i, item in enumerate(kept):
                if kept.index(item) != i:
                    shown = features.label(game, kind, item)
                    raise _rule(f"{kind}s[{i}]", f"{shown!r} is listed twice")
            listed[:] = kept
        return self

    def _check_winners(self) -> None:
        if self.scoring == "points":
            for i, result in enumerate(self.results):
                if result.score is None:
                    raise _rule(
                        f"results[{i}].score",
                        "missing: a play won on points needs every player's score",
                    )
                if result.winner is not None:
                    raise _rule(
                        f"results[{i}].winner",
                        "the winners of a play won on points follow from the scores "
                        '(to name them by hand, its scoring must be "manual")',
                    )
            return
        for i, result in enumerate(self.results):
            if result.winner is None:
                raise _rule(f"results[{i}].winner", "missing: say whether this player won")
            if result.winner and not self.finished:
                raise _rule(f"results[{i}].winner", "a play that was not finished has no winner")
            if self.scoring == "cooperative" and result.winner != self.results[0].winner:
                raise _rule(
                    f"results[{i}].winner",
                    "in a co-operative play everyone wins or everyone loses together",
                )

    def _check_times(self) -> None:
        if self.started_at is None:
            return
        if self.started_at > self.played_at:
            raise _rule(
                "started_at",
                f"{self.started_at:%Y-%m-%d %H:%M} is after the end of the play "
                f"({self.played_at:%Y-%m-%d %H:%M})",
            )
        if self.duration_min is None:
            minutes = int((self.played_at - self.started_at).total_seconds()) // 60
            if minutes > DURATION_MAX_MIN:
                raise _rule(
                    "started_at",
                    f"{minutes:,} minutes before the end of the play; a play lasts at most "
                    f"{DURATION_MAX_MIN:,} minutes",
                )
            self.duration_min = minutes


class PlayPublic(PlayBase):
    """A saved play: results ordered best first (rank, then seat), with names filled in.

    ``table_id`` is the shared table it was saved from (None: entered otherwise, or that
    table is gone).
    """

    id: int
    uid: str
    game: str
    game_key: str | None
    highest_wins: bool
    tiebreakers: list[TieBreakerSpec]
    results: list[ResultPublic]
    created_at: datetime
    updated_at: datetime
    table_id: int | None = None

    @property
    def winners(self) -> list[str]:
        """Names of the winners; empty for a play that was not finished."""
        return [r.player for r in self.results if r.winner]

    @property
    def scored(self) -> bool:
        """Every player has a score (score statistics count only such results)."""
        return all(r.score is not None for r in self.results)

    @property
    def no_points(self) -> bool:
        """Nobody has a score: a win/lose play (or a co-operative one without points)."""
        return all(r.score is None for r in self.results)

    def module_labels(self) -> list[str]:
        """The modules in players' words (``"faction_festival"`` → ``"Faction Festival"``)."""
        key = features.game_key(self.game_key or self.game)
        return [features.label(key, "module", m) for m in self.modules]

    def to_create(self) -> PlayCreate:
        """The play as a :class:`PlayCreate`, e.g. to fill the edit form or to undo a delete."""
        return PlayCreate.model_validate(
            {
                "uid": self.uid,
                "game": self.game_key or self.game,
                "played_at": self.played_at,
                "started_at": self.started_at,
                "scoring": self.scoring,
                "modules": list(self.modules),
                "expansions": list(self.expansions),
                "house_rules": dict(self.house_rules),
                "duration_min": self.duration_min,
                "location": self.location,
                "notes": self.notes,
                "finished": self.finished,
                "tiebreaks_victory_only": self.tiebreaks_victory_only,
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
                        "winner": None if self.scoring == "points" else r.winner,
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
    scored: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    """How many of the plays gave this player a score (the sum, extremes and average are
    over those; a win/lose play counts as a play and maybe a win, never as a score)."""
    score_sum: int = Field(default=0, sa_type=BigInteger)
    score_max: int | None = None
    score_min: int | None = None


class GameStat(SQLModel, table=True):
    """Running totals of one game's finished plays (the winning score per play summed, over
    the ``scored_plays`` whose winners have a score)."""

    __tablename__: ClassVar[str] = "stat_game"

    game_id: int = Field(foreign_key="game.id", primary_key=True, ondelete="CASCADE")
    plays: int = 0
    scored_plays: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
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
    the play (unique, so a table is saved once); ``saved_play_uid`` is that play's uid, kept
    when the play is deleted (the mark is then None): the table remembers it was saved, and
    an undo of the delete points the mark at the play again. ``summary`` is what the
    games-in-progress list shows (players, status line).
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
    saved_play_uid: str | None = Field(default=None, max_length=36)
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
    saved_play_uid: str | None = None
    summary: dict[str, Any]
    created_at: datetime
    updated_at: datetime

    @property
    def saved(self) -> bool:
        """Saved to history (whether or not its play is still there)."""
        return self.saved_play_id is not None or self.saved_play_uid is not None


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
    saved_play_uid: str | None = None
    updated_at: datetime
