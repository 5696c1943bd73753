"""Writing many checked plays at once, for imports: bulk inserts, statistics added once.

Saving a play through :func:`companion.history.crud.create_plays` validates a
:class:`~companion.history.models.PlayCreate`, ranks it with the standings engine and inserts
it through SQLAlchemy's ORM-level parameter handling; at 100,000 plays each of those steps
costs seconds. An import has already checked its whole file, so here the plays arrive as
small :class:`BulkPlay` records, ranks are computed by a plain sort (the standings engine only
where tie-breakers have to separate equal scores), the rows go to the database with the
driver's own ``executemany`` inside the caller's transaction, and the statistics tables get
one upsert per player and game at the end. The rows written are the same as
``create_plays`` would write (a test compares them).
"""

from __future__ import annotations

import ctypes
import functools
import gc
import json
import re
import sys
import uuid as uuid_module
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple, TypeVar

from sqlalchemy import Connection, func, insert, select
from sqlalchemy.orm import Session

from companion.engine.core.standings import Entry, TieBreak, rank
from companion.history import crud, stats
from companion.history.crud import PLAYS, RESULTS
from companion.history.errors import PlayDataError
from companion.history.models import Game, PlayCreate, name_key, utcnow

#: Plays written per round of inserts (bounds the memory the rows of one round take).
BATCH = 5_000

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` after each round of inserts."""


class BulkResult(NamedTuple):
    """One player's checked line: seat and score (None: no score), and the optional details;
    ``winner`` as chosen, for a play whose scoring is not points."""

    player: str
    seat: int
    score: int | None
    breakdown: dict[str, int] | None = None
    tiebreaks: list[int | None] | None = None
    start_player: bool = False
    winner: bool | None = None


@dataclass(slots=True)
class BulkPlay:
    """A play checked as :class:`PlayCreate` checks one, seats filled in, ready to write.

    ``game`` is a catalogue id or a typed title; ``highest_wins`` None means the game's own
    direction (for a typed title: the direction of its latest play, as for a saved play).
    """

    uid: str
    game: str
    played_at: datetime
    results: list[BulkResult]
    finished: bool = True
    highest_wins: bool | None = None
    scoring: str = "points"
    modules: list[str] | None = None
    expansions: list[str] | None = None
    house_rules: dict[str, str] | None = None
    started_at: datetime | None = None
    duration_min: int | None = None
    location: str | None = None
    notes: str = ""
    tiebreakers: list[tuple[str, bool]] | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None
    tiebreaks_victory_only: bool = False

    @classmethod
    def from_create(cls, play: PlayCreate) -> BulkPlay:
        """The same play from a validated :class:`PlayCreate` (which must carry its uid)."""
        if play.uid is None:
            raise PlayDataError("uid: an imported play carries its uid")
        return cls(
            uid=play.uid,
            game=play.game,
            played_at=play.played_at,
            finished=play.finished,
            highest_wins=play.highest_wins,
            scoring=play.scoring,
            modules=list(play.modules) or None,
            expansions=list(play.expansions) or None,
            house_rules=dict(play.house_rules) or None,
            started_at=play.started_at,
            duration_min=play.duration_min,
            location=play.location,
            notes=play.notes,
            tiebreakers=[(t.name, t.higher_wins) for t in play.tiebreakers] or None,
            created_at=play.created_at,
            updated_at=play.updated_at,
            tiebreaks_victory_only=play.tiebreaks_victory_only,
            results=[
                BulkResult(
                    player=r.player,
                    seat=r.seat if r.seat is not None else i + 1,
                    score=r.score,
                    breakdown=dict(r.breakdown) or None,
                    tiebreaks=list(r.tiebreaks) or None,
                    start_player=r.start_player,
                    winner=r.winner,
                )
                for i, r in enumerate(play.results)
            ],
        )


@dataclass
class _GameState:
    """A game row while plays are written: its id and the direction a new play inherits."""

    game: Game
    catalogue: bool
    direction: bool
    changed: bool = field(default=False)


def places(play: BulkPlay, highest_wins: bool) -> list[tuple[int, bool]]:
    """(rank, winner) of each result in order, as the standings engine ranks them.

    Ties share a place (1, 1, 3). Only where tie-breakers exist and two scores are equal does
    this call :func:`companion.engine.core.standings.rank`; a play stopped before the end has
    ranks but no winner. A play whose winners were chosen is ranked by
    :func:`companion.history.crud.chosen_ranks`, its winners as chosen.
    """
    results = play.results
    if play.scoring != "points":
        winners = [bool(r.winner) for r in results]
        ranks = crud.chosen_ranks([r.score for r in results], winners, highest_wins, play.scoring)
        return list(zip(ranks, winners, strict=True))
    scores: list[int] = [r.score or 0 for r in results]
    if play.tiebreakers and len(set(scores)) != len(scores):
        standings = rank(
            [Entry(r.player, r.score or 0, tuple(r.tiebreaks or ())) for r in play.results],
            highest_wins=highest_wins,
            tiebreaks=[TieBreak(n, h) for n, h in play.tiebreakers],
            victory_only=play.tiebreaks_victory_only,
        )
        by_name = {s.name: (s.rank, s.winner and play.finished) for s in standings}
        return [by_name[r.player] for r in play.results]
    # Standard competition ranking: one more than the number of better scores, which is
    # where a score first appears among the scores sorted best first.
    first = sorted(scores, reverse=highest_wins).index
    finished = play.finished
    return [(r, r == 1 and finished) for r in [first(s) + 1 for s in scores]]


def title_resolver() -> Callable[[str], crud.Title]:
    """A typed game title to its catalogue match, each title looked up once."""
    cache: dict[str, crud.Title] = {}

    def resolve(title: str) -> crud.Title:
        found = cache.get(title)
        if found is None:
            found = cache[title] = crud.resolve_title(title)
        return found

    return resolve


def _dump(value: Any, empty: str) -> str:
    # What SQLAlchemy's JSON type writes (json.dumps with its default separators).
    return empty if not value else json.dumps(value)


def sqlite_stamp(value: datetime) -> str:
    # SQLAlchemy's SQLite DATETIME storage format, so rows read back exactly as ORM rows do.
    if value.microsecond:
        return value.isoformat(" ")
    return value.isoformat(" ") + ".000000"


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off while an import runs (and back on after).

    An import allocates millions of small container objects that live until their batch is
    written; the collector would walk them again and again (at 100,000 plays it took more
    time than checking and writing them). An import makes next to no reference cycles, so
    there is little for it to find; it is switched back on only if it was on before.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def give_back_memory() -> None:
    """After an import: hand the memory it freed back to the system.

    glibc keeps small freed blocks for the process by default, so a server that refused a
    large file would hold its peak for good; ``malloc_trim`` returns them (where there is
    no glibc this does nothing). An import makes next to no reference cycles (see
    :func:`collector_paused`), so what it held is freed as soon as it is let go."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL("libc.so.6")
        trim: Callable[[int], int] = libc.malloc_trim
    except (OSError, AttributeError):  # musl, or no glibc
        return None
    return trim


def insert_plays(
    session: Session,
    batches: Iterable[Sequence[BulkPlay]],
    *,
    total: int | None = None,
    progress: Progress | None = None,
) -> int:
    """Write the plays of ``batches`` in the caller's transaction; returns how many.

    None of their uids may be in the history already (callers check; the unique constraint
    refuses a duplicate anyway). Players and games are created as needed. The statistics
    totals get one upsert per player and game for the whole import. ``progress(done,
    total)`` is called after each batch (``total`` as given, or the count so far).
    """
    resolve = title_resolver()
    games: dict[str, _GameState] = {}
    row_cache: dict[str, Game | None] = {}
    player_ids: dict[str, int] = {}
    sqlite = session.get_bind().dialect.name == "sqlite"
    next_id = 1 + int(session.execute(select(func.coalesce(func.max(PLAYS.c.id), 0))).scalar_one())
    now = utcnow()
    totals = stats.Totals()
    done = 0
    with sqlite_bulk_mode(session, total or 0) if sqlite else nullcontext():
        done = _write_batches(
            session,
            batches,
            total,
            progress,
            resolve,
            games,
            row_cache,
            player_ids,
            sqlite,
            next_id,
            now,
            totals,
        )
    for state in games.values():
        if state.changed and state.game.highest_wins != state.direction:
            # A typed title remembers the direction of its latest play (as game_for_play does).
            state.game.highest_wins = state.direction
    session.flush()
    stats.add_totals(session, totals)
    return done


# Above this many plays, and more than the history holds already, the secondary indexes are
# dropped and built again after the inserts (one sorted build instead of many scattered
# updates), within the transaction. A build reads the whole table, so it is only worth it
# when most of the rows are new: 10,000 plays into an empty history go in 12% faster.
REINDEX_ABOVE = 5_000
_CACHE_PAGES_KIB = 24_576


@contextmanager
def sqlite_bulk_mode(session: Session, total: int) -> Iterator[None]:
    """SQLite settings for writing ``total`` plays at once, put back afterwards."""
    connection = session.connection()
    previous = connection.exec_driver_sql("PRAGMA cache_size").scalar()
    connection.exec_driver_sql(f"PRAGMA cache_size = -{_CACHE_PAGES_KIB}")
    rebuild: list[str] = []
    if (
        total > REINDEX_ABOVE
        and total > connection.exec_driver_sql("SELECT count(*) FROM play").scalar_one()
    ):
        rows = connection.exec_driver_sql(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL "
            "AND tbl_name IN ('play', 'play_result')"
        ).all()
        for name, sql in rows:
            # Unique ones check the rows as they go in; partial ones hold next to nothing.
            if not sql.upper().startswith("CREATE UNIQUE") and " WHERE " not in sql.upper():
                connection.exec_driver_sql(f'DROP INDEX "{name}"')
                rebuild.append(sql)
    try:
        yield
    finally:
        for sql in rebuild:
            connection.exec_driver_sql(sql)
        connection.exec_driver_sql(f"PRAGMA cache_size = {int(previous or -2000)}")


def _write_batches(
    session: Session,
    batches: Iterable[Sequence[BulkPlay]],
    total: int | None,
    progress: Progress | None,
    resolve: Callable[[str], crud.Title],
    games: dict[str, _GameState],
    row_cache: dict[str, Game | None],
    player_ids: dict[str, int],
    sqlite: bool,
    next_id: int,
    now: datetime,
    totals: stats.Totals,
) -> int:
    done = 0
    for batch in batches:
        if not batch:
            continue
        new_names = {r.player for p in batch for r in p.results} - player_ids.keys()
        if new_names:
            ids_by_key = crud.ensure_players(session=session, names=new_names)
            player_ids.update((n, ids_by_key[name_key(n)]) for n in new_names)
        dirs = [direction_of(session, play, resolve, games, row_cache) for play in batch]
        if sqlite:
            _sqlite_rows(session, batch, dirs, next_id, player_ids, now, totals)
            next_id += len(batch)
        else:
            ranked = [places(p, d) for p, (_, d) in zip(batch, dirs, strict=True)]
            _core_rows(session, batch, dirs, ranked, player_ids, now)
            for play, (game_id, _), places_of in zip(batch, dirs, ranked, strict=True):
                if play.finished:
                    totals.add(
                        game_id,
                        [
                            (player_ids[r.player], r.score, won)
                            for r, (_, won) in zip(play.results, places_of, strict=True)
                        ],
                    )
        done += len(batch)
        if progress is not None:
            progress(done, max(total or 0, done))
    return done


def direction_of(
    session: Session,
    play: BulkPlay,
    resolve: Callable[[str], crud.Title],
    games: dict[str, _GameState],
    row_cache: dict[str, Game | None],
) -> tuple[int, bool]:
    """The play's game id and the direction it is scored in, as ``game_for_play`` decides.

    Plays are taken in order: a typed title's play without a direction inherits the latest
    direction given before it.
    """
    known = games.get(play.game)
    if known is not None and known.catalogue and play.highest_wins in (None, known.direction):
        assert known.game.id is not None
        return known.game.id, known.direction
    title = resolve(play.game)
    key = title.key or name_key(title.name)
    state = games.get(key)
    if state is None:
        row, direction = crud.game_for_play(
            session=session, title=play.game, highest_wins=play.highest_wins, cache=row_cache
        )
        state = games[key] = _GameState(row, title.key is not None, direction)
        if state.catalogue:
            games[play.game] = state  # the quick look-up above
    elif state.catalogue:
        if play.highest_wins is not None and play.highest_wins != title.highest_wins:
            side = "highest" if title.highest_wins else "lowest"
            raise PlayDataError(
                f"highest_wins: {title.name} is won by the {side} score; "
                "a play of it cannot be scored the other way"
            )
        direction = state.direction
    elif play.highest_wins is None:
        direction = state.direction
    else:
        direction = state.direction = play.highest_wins
        state.changed = True
    assert state.game.id is not None
    return state.game.id, direction


_T = TypeVar("_T")


def batched(plays: Sequence[_T], size: int = BATCH) -> Iterator[Sequence[_T]]:
    """``plays`` in slices of ``size`` (for :func:`insert_plays`)."""
    for start in range(0, len(plays), size):
        yield plays[start : start + size]


class SqliteTable(NamedTuple):
    """A table as the bulk inserts fill it: its columns, and the SQL that takes each value."""

    name: str
    columns: tuple[str, ...]
    values: tuple[str, ...]


# Values go to the driver in the form it binds fastest: whole numbers and text only. The
# sqlite3 module looks for an adapter for every True, False or None it is handed (it cost
# more than the insert itself), so flags are 0 or 1, a missing duration is -1 and a
# missing location "" (neither is a value a play can have), and NULLIF makes those NULL.
PLAY_TABLE = SqliteTable(
    "play",
    (
        "id",
        "uid",
        "game_id",
        "played_at",
        "modules",
        "duration_min",
        "location",
        "notes",
        "finished",
        "highest_wins",
        "tiebreakers",
        "created_at",
        "updated_at",
        "scoring",
        "expansions",
        "house_rules",
        "started_at",
        "tiebreaks_victory_only",
    ),
    (
        *("?", "?", "?", "?", "?", "NULLIF(?, -1)", "NULLIF(?, '')", "?", "?", "?", "?", "?", "?"),
        *("?", "?", "?", "NULLIF(?, '')", "?"),
    ),
)
RESULT_TABLE = SqliteTable(
    "play_result",
    (
        "play_id",
        "player_id",
        "seat",
        "score",
        "breakdown",
        "tiebreaks",
        "start_player",
        "rank",
        "winner",
    ),
    ("?", "?", "?", f"NULLIF(?, {-(2**62)})", "?", "?", "?", "?", "?"),
)
NO_DURATION = -1
NO_LOCATION = ""
NO_START = ""
#: A missing score (no score a play can have; NULLIF makes it NULL).
NO_SCORE = -(2**62)
#: What the four columns after ``updated_at`` hold for a play won on points with nothing
#: else recorded (the columns' defaults).
PLAIN_PLAY = ("points", "[]", "{}", NO_START)


def _statement(table: SqliteTable, rows: int = 1) -> str:
    one = f"({', '.join(table.values)})"
    return f"INSERT INTO {table.name} ({', '.join(table.columns)}) VALUES {', '.join([one] * rows)}"


#: Rows per INSERT statement: one statement of 50 rows costs the driver far less than 50
#: statements of one (the parameters stay under SQLite's oldest limit of 999).
ROWS_PER_INSERT = 50


def sqlite_insert(connection: Connection, table: SqliteTable, values: Sequence[Any]) -> None:
    """Insert rows given as one flat sequence of values (row after row) into a SQLite table.

    The values must already be in their stored form (text for times and JSON, 0 or 1 for
    flags, NO_DURATION, NO_LOCATION, NO_START and NO_SCORE for those missing; see above); they
    go to the driver
    as they are, ``ROWS_PER_INSERT`` rows per statement.
    """
    width = len(table.columns)
    if len(values) % width:
        raise ValueError(f"{len(values)} values do not make whole rows of {width} columns")
    step = width * ROWS_PER_INSERT
    whole = len(values) - len(values) % step
    if whole:
        connection.exec_driver_sql(
            _statement(table, ROWS_PER_INSERT),
            [tuple(values[i : i + step]) for i in range(0, whole, step)],
        )
    if whole < len(values):
        connection.exec_driver_sql(
            _statement(table),
            [tuple(values[i : i + width]) for i in range(whole, len(values), width)],
        )


def _tiebreaker_dicts(play: BulkPlay) -> list[dict[str, Any]]:
    return [{"name": n, "higher_wins": h} for n, h in play.tiebreakers or ()]


def _sqlite_rows(
    session: Session,
    batch: Sequence[BulkPlay],
    dirs: Sequence[tuple[int, bool]],
    first_id: int,
    player_ids: dict[str, int],
    now: datetime,
    totals: stats.Totals,
) -> None:
    # The driver's executemany with values already in their stored form: the rows are the
    # same as the ORM writes, without its per-value type processing. Ranks, rows and the
    # statistics are made in one pass over the results (this loop runs 400,000 times for a
    # large import).
    stamp = sqlite_stamp(now)
    play_values: list[Any] = []
    result_values: list[Any] = []
    add_totals = totals.add
    dumps = json.dumps
    for play_id, (play, (game_id, direction)) in enumerate(
        zip(batch, dirs, strict=True), start=first_id
    ):
        created = sqlite_stamp(play.created_at) if play.created_at else stamp
        updated = (
            created
            if play.updated_at is None or play.updated_at == play.created_at
            else sqlite_stamp(play.updated_at)
        )
        play_values += (
            play_id,
            play.uid,
            game_id,
            sqlite_stamp(play.played_at),
            _dump(play.modules, "[]"),
            NO_DURATION if play.duration_min is None else play.duration_min,
            play.location or NO_LOCATION,
            play.notes,
            1 if play.finished else 0,
            1 if direction else 0,
            _dump(_tiebreaker_dicts(play), "[]") if play.tiebreakers else "[]",
            created,
            updated,
            play.scoring,
            _dump(play.expansions, "[]"),
            _dump(play.house_rules, "{}"),
            sqlite_stamp(play.started_at) if play.started_at else NO_START,
            1 if play.tiebreaks_victory_only else 0,
        )
        results = play.results
        placed = places(play, direction)
        finished = play.finished
        counted = []
        for r, (place, won) in zip(results, placed, strict=True):
            player_id = player_ids[r.player]
            result_values += (
                play_id,
                player_id,
                r.seat,
                NO_SCORE if r.score is None else r.score,
                dumps(r.breakdown) if r.breakdown else "{}",
                dumps(r.tiebreaks) if r.tiebreaks else "[]",
                1 if r.start_player else 0,
                place,
                1 if won else 0,
            )
            if finished:
                counted.append((player_id, r.score, won))
        if finished:
            add_totals(game_id, counted)
    connection = session.connection()
    sqlite_insert(connection, PLAY_TABLE, play_values)
    sqlite_insert(connection, RESULT_TABLE, result_values)


def _core_rows(
    session: Session,
    batch: Sequence[BulkPlay],
    dirs: Sequence[tuple[int, bool]],
    ranked: Sequence[list[tuple[int, bool]]],
    player_ids: dict[str, int],
    now: datetime,
) -> None:
    # PostgreSQL (shared by several clients): the database hands out the ids.
    session.execute(
        insert(PLAYS),
        [
            {
                "uid": play.uid,
                "game_id": game_id,
                "played_at": play.played_at,
                "started_at": play.started_at,
                "scoring": play.scoring,
                "modules": list(play.modules or []),
                "expansions": list(play.expansions or []),
                "house_rules": dict(play.house_rules or {}),
                "duration_min": play.duration_min,
                "location": play.location,
                "notes": play.notes,
                "finished": play.finished,
                "tiebreaks_victory_only": play.tiebreaks_victory_only,
                "highest_wins": direction,
                "tiebreakers": _tiebreaker_dicts(play),
                "created_at": play.created_at or now,
                "updated_at": play.updated_at or play.created_at or now,
            }
            for play, (game_id, direction) in zip(batch, dirs, strict=True)
        ],
    )
    ids: dict[str, int] = {}
    for chunk in crud.chunks([p.uid for p in batch]):
        ids.update(
            session.execute(select(PLAYS.c.uid, PLAYS.c.id).where(PLAYS.c.uid.in_(chunk))).all()
        )
    session.execute(
        insert(RESULTS),
        [
            {
                "play_id": ids[play.uid],
                "player_id": player_ids[r.player],
                "seat": r.seat,
                "score": r.score,
                "breakdown": dict(r.breakdown or {}),
                "tiebreaks": list(r.tiebreaks or []),
                "start_player": r.start_player,
                "rank": place,
                "winner": won,
            }
            for play, places_of in zip(batch, ranked, strict=True)
            for r, (place, won) in zip(play.results, places_of, strict=True)
        ],
    )


CANONICAL_UID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def canonical_uid(value: str) -> str:
    """A UUID in the form the history stores (lower case, hyphens); ValueError otherwise."""
    if CANONICAL_UID.fullmatch(value):
        return value
    return str(uuid_module.UUID(value))
