"""The app's own backup into SQLite at speed: the path ``Store.import_report`` tries first.

:func:`companion.history.exchange.parse_history` checks a file play by play in Python before
anything is written; at 100,000 plays that alone takes seconds and holds every play in
memory. This path takes the file in one pass instead. The plays are read from the file's
bytes a piece of about a megabyte at a time (:meth:`.jsonscan.JsonFile.pieces`: ``}]},{``
separates two plays as ``export_json`` writes them, since a play's results are its last
field; other layouts are cut elsewhere or read a play at a time), the count of plays and
each play's size checked as they come. Each play is checked by msgspec's decoder, strictly
and with the same limits as :class:`~companion.history.exchange.FilePlay`, and the plays go
straight into rows, written with multi-row inserts in the import's one transaction. Memory
stays at the file's bytes plus one piece; the statistics are added once at the end.

This path never refuses a file itself. Whatever it does not take whole — a problem anywhere,
or a detail that only the checked path handles (a uid to normalise, a name to tidy, plays
listed before the players) — raises :class:`NotFast`; the caller's transaction rolls back
and the checked path then says what is wrong, or imports the file as it always did. So the
two paths take the same files and write the same rows (tests compare them row by row).
"""

from __future__ import annotations

import json
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any, Literal, NamedTuple

import msgspec
from msgspec import Meta, Struct
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from companion.history import bulk, crud, exchange, features, stats
from companion.history.bulk import BulkPlay, BulkResult, Progress
from companion.history.errors import ImportFileError
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
    LATEST,
    LOCATION_MAX,
    MAX_CATEGORIES,
    MAX_EXPANSIONS,
    MAX_MODULES,
    MAX_RESULTS,
    MAX_TIEBREAKERS,
    MODULE_MAX,
    NAME_MAX,
    NOTES_MAX,
    SCORE_LIMIT,
    Game,
    Player,
    name_key,
    utcnow,
)
from companion.text import NOT_TEXT


class NotFast(Exception):
    """The file is left to the checked path; nothing this path wrote is kept."""


# ----------------------------------------------------------------------- the plays' shape
# The limits of exchange.FilePlay and FileResult, checked by msgspec in C as it parses (about
# three times faster than pydantic here): JSON numbers and flags only as JSON writes them
# (msgspec is strict: no 1.0 for 1, no true for 1), times only as ISO text, no unknown field.
# Whatever it refuses goes to the checked path, which words the refusal.

_Id = Annotated[int, Meta(ge=1, le=2**31 - 1)]
_Score = Annotated[int, Meta(ge=-SCORE_LIMIT, le=SCORE_LIMIT)]
_Place = Annotated[int, Meta(ge=1, le=MAX_RESULTS)]
_Name = Annotated[str, Meta(min_length=1, max_length=NAME_MAX)]
# Only a uid in the form the history stores it (checked in the loop); any other goes
# through the checked path, which turns it into that form.
_Uid = Annotated[str, Meta(min_length=36, max_length=36)]
# Times only as export_json writes them: no zone, whole seconds or microseconds. Kept as
# text (turning 300,000 of them into datetimes and back cost more than the rest of a play);
# any other form goes through the checked path. (\Z, not $: $ also matches before a
# final newline.)
_Time = Annotated[
    str, Meta(pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{6})?\Z")
]


class _TieBreaker(Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    name: _Name
    higher_wins: bool = True


class _Result(Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    player_id: _Id
    score: _Score  # a result without one (null) is left to the checked path
    seat: _Place | None = None
    breakdown: Annotated[dict[_Name, _Score], Meta(max_length=MAX_CATEGORIES)] | None = None
    tiebreaks: Annotated[list[_Score | None], Meta(max_length=MAX_TIEBREAKERS)] | None = None
    start_player: bool = False
    rank: _Place | None = None
    winner: bool | None = None


class _Play(Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    uid: _Uid
    game_id: _Id
    played_at: _Time
    results: Annotated[list[_Result], Meta(min_length=1, max_length=MAX_RESULTS)]
    finished: bool = True
    highest_wins: bool | None = None
    modules: (
        Annotated[
            list[Annotated[str, Meta(min_length=1, max_length=MODULE_MAX)]],
            Meta(max_length=MAX_MODULES),
        ]
        | None
    ) = None
    expansions: (
        Annotated[
            list[Annotated[str, Meta(min_length=1, max_length=MODULE_MAX)]],
            Meta(max_length=MAX_EXPANSIONS),
        ]
        | None
    ) = None
    # Only plays won on points with no house rules and no start time take this path; any
    # other goes to the checked path (PlayCreate checks and words them).
    scoring: Literal["points"] = "points"
    duration_min: Annotated[int, Meta(ge=0, le=DURATION_MAX_MIN)] | None = None
    location: Annotated[str, Meta(max_length=LOCATION_MAX)] | None = None
    notes: Annotated[str, Meta(max_length=NOTES_MAX)] = ""
    tiebreakers: Annotated[list[_TieBreaker], Meta(max_length=MAX_TIEBREAKERS)] | None = None
    created_at: _Time | None = None
    updated_at: _Time | None = None
    tiebreaks_victory_only: bool = False


_PLAY = msgspec.json.Decoder(_Play)
_PLAYS = msgspec.json.Decoder(list[_Play])


def _is_clean(text: str) -> bool:
    return bool(text) and " ".join(text.split()) == text and not _NOT_TEXT(text)


# What the checked path refuses in any text (companion.text.text_problem), and the range of
# times it keeps (models.EARLIEST to LATEST): in a file's zoneless ISO form, the texts
# compare as the times do.
_NOT_TEXT = NOT_TEXT.search
_EARLIEST = EARLIEST.isoformat()
_LATEST = LATEST.isoformat()


def _stored(value: str) -> str:
    """A time of the file as bulk writes it (SQLAlchemy's form, whole seconds).

    The checked path drops the microseconds of a play's time (wall_clock) and of its record
    times (UTC already, as export_json writes them); so does this. A day or hour that does
    not exist ("2024-02-30") is a ValueError, as in pydantic, and so is a time outside the
    years the history keeps.
    """
    datetime.fromisoformat(value)
    if not _EARLIEST <= value <= _LATEST:
        raise ValueError(f"{value} is outside the years the history keeps")
    return value[:10] + " " + value[11:19] + ".000000"


class _Ref(NamedTuple):
    """What bulk.direction_of reads of a play: its game and the direction the file gives it."""

    game: str
    highest_wins: bool | None


class _Target:
    """Plays of one file game given one direction: their game row and direction."""

    __slots__ = ("game_id", "highest_wins", "key", "ref", "state")

    def __init__(self, ref: _Ref, highest_wins: bool) -> None:
        self.ref = ref
        self.highest_wins = highest_wins
        self.game_id: int | None = None
        self.state: bulk._GameState | None = None
        """A typed title's running state (its direction follows its latest play)."""
        self.key = features.game_key(ref.game)

    def kept(self, modules: Sequence[str] | None, expansions: Sequence[str] | None) -> bool:
        """Whether the modules and expansions are in the form PlayCreate keeps them."""
        key = self.key
        if key is None:
            return True
        canonical = features.canonical
        return all(canonical(key, "module", m) == m for m in modules or ()) and all(
            canonical(key, "expansion", e) == e for e in expansions or ()
        )


_RESULT_FIELDS = operator.attrgetter(
    "player_id", "seat", "score", "breakdown", "tiebreaks", "start_player"
)
_SCORE = operator.attrgetter("score")
_PLAYER = operator.attrgetter("player_id")
_SEAT = operator.attrgetter("seat")


@dataclass(frozen=True, slots=True)
class _FileGame:
    title: str
    """The game as the checked path names it for a play (catalogue id or title)."""
    catalogue_direction: bool | None
    file_direction: bool


def import_text(
    session: Session,
    text: str | bytes | bytearray | memoryview | JsonFile,
    *,
    progress: Progress | None = None,
) -> exchange.ImportReport:
    """Import the app's own backup into SQLite in the caller's transaction.

    Raises :class:`NotFast` when the file is left to the checked path (the caller must then
    roll the transaction back); otherwise the result is what ``exchange.import_parsed``
    would have reported and written.
    """
    if session.get_bind().dialect.name != "sqlite":
        raise NotFast("the fast path writes SQLite only")
    try:
        source = exchange.open_file(text)
    except ImportFileError as exc:  # the checked path refuses it in the same words
        raise NotFast(str(exc)) from None
    try:
        return _Import(session, source, progress).run()
    except _Refused as refused:
        raise refused.problem from None
    except (ValueError, LookupError, TypeError, OverflowError, RecursionError) as exc:
        # ValidationError, ImportFileError and PlayDataError are ValueErrors too.
        raise NotFast(str(exc)[:200]) from None
    except IntegrityError as exc:
        raise NotFast(f"refused by the database: {exc.orig}") from None


class _Refused(Exception):
    """The file's shape refused once its format is known to be ours (too many plays, a play
    too large, not JSON): the checked path would refuse it in the same words, after reading
    it all again, so the refusal is given at once."""

    def __init__(self, problem: FileShapeError) -> None:
        self.problem = problem


class _Import:
    def __init__(self, session: Session, source: JsonFile, progress: Progress | None) -> None:
        self.session = session
        self.source = source
        self.progress = progress
        self.games: dict[int, _FileGame] = {}
        self.player_ids: dict[int, int] = {}
        self.names: dict[int, str] = {}
        self.targets: dict[tuple[int, bool | None], _Target] = {}
        self.seen: set[str] = set()
        self.duplicates: list[str] = []
        self.checked = 0
        self.imported = 0
        self.expected = 0
        self.any_before = False
        self.totals = stats.Totals()
        self.resolve: Callable[[str], crud.Title] = bulk.title_resolver()
        self.states: dict[str, bulk._GameState] = {}
        self.row_cache: dict[str, Game | None] = {}
        self.next_id = 0
        self.stamp = ""
        self.counts = (0, 0)
        self.last_stored = ("", "")
        """The last record time read, and its stored form."""

    def _count(self) -> tuple[int, int]:
        execute = self.session.execute
        return (
            execute(select(func.count()).select_from(Player)).scalar_one(),
            execute(select(func.count()).select_from(Game)).scalar_one(),
        )

    # --------------------------------------------------------------------- the top level

    def run(self) -> exchange.ImportReport:
        source = self.source
        head: dict[str, Any] = {}
        plays_read = False
        for found in source.fields():
            if plays_read:
                raise NotFast("more after the plays")
            if found.name in head:
                raise NotFast("a field twice")
            if found.name != "plays":
                exchange.read.read_head_field(source, found, head)
                continue
            if source.char(source.skip(found.start)) != b"[":
                raise NotFast("plays is not a list")
            self.prepare(head, source.data.count(b'"uid"', found.start))
            with bulk.sqlite_bulk_mode(self.session, self.expected):
                self.read_plays(found)
            plays_read = True
        if not plays_read:
            raise NotFast("no plays after the players and games")
        return self.finish()

    def prepare(self, head: dict[str, Any], expected: int) -> None:
        """Check the players and games as parse_history does, and write them as
        import_parsed does."""
        version = head.get("version")
        if (
            head.get("format") != exchange.FORMAT
            or type(version) is not int  # not 1.0 or true: the checked path words why
            or version != exchange.VERSION
        ):
            raise NotFast("not this format")
        checked = exchange.files.FileHead.model_validate_json(json.dumps(head))
        exchange.check_unique(checked.players, "id", "players")
        exchange.check_unique(checked.players, "name", "players", fold=True)
        exchange.check_unique(checked.games, "id", "games")
        exchange.check_unique(checked.games, "name", "games", fold=True)
        exchange.check_unique(checked.games, "key", "games")
        if not all(_is_clean(p.name) for p in checked.players):
            raise NotFast("a player's name to tidy")
        session = self.session
        self.counts = self._count()
        ids = crud.ensure_players(session=session, names=[p.name for p in checked.players])
        self.player_ids = {p.id: ids[name_key(p.name)] for p in checked.players}
        self.names = {p.id: p.name for p in checked.players}
        cache: dict[str, Game | None] = {}
        for game in checked.games:
            title = game.key or game.name
            resolved = crud.resolve_title(title)
            crud.game_for_play(
                session=session,
                title=title,
                highest_wins=game.highest_wins if resolved.key is None else None,
                cache=cache,
            )
            named = resolved if resolved.key is not None else crud.resolve_title(game.name)
            self.games[game.id] = _FileGame(
                named.key or named.name, named.highest_wins, game.highest_wins
            )
        self.any_before = exchange.has_plays(session)
        self.next_id = 1 + int(
            session.execute(select(func.coalesce(func.max(crud.PLAYS.c.id), 0))).scalar_one()
        )
        self.stamp = bulk.sqlite_stamp(utcnow())
        self.expected = expected

    def read_plays(self, found: JsonField) -> None:
        """Check and write the plays, a piece of about a megabyte at a time (the count and
        each play's size checked as they are read, :mod:`.jsonscan`)."""
        decode, decode_all = _PLAY.decode, _PLAYS.decode
        pieces = self.source.pieces(
            found,
            limit=exchange.MAX_PLAYS,
            largest=exchange.MAX_PLAY_BYTES,
            noun="play",
            separators=(AFTER_LIST_OF_OBJECTS, BETWEEN_OBJECTS),
        )
        while True:
            try:
                _first, _start, raws = next(pieces)
            except StopIteration:
                return
            except FileShapeError as exc:
                raise _Refused(exc) from None
            try:
                # The piece's plays in one call (the items are what lies between the first's
                # start and the last's end, commas and spaces between them).
                if len(raws) > 1:
                    plays = decode_all(b"[" + b",".join(raws) + b"]")
                else:
                    plays = [decode(raw) for raw in raws]
            except msgspec.DecodeError as exc:  # a ValidationError is a DecodeError too
                raise NotFast(str(exc)[:200]) from None
            self.write(plays)

    # ------------------------------------------------------------------------- the plays

    def write(self, piece: Sequence[_Play]) -> None:
        """Check one piece's plays as parse_history and PlayCreate would, and write them.

        This loop runs for every play and result of a large import, so it is written for
        speed: attributes are fetched in C (``attrgetter``) and ranks come from a sort;
        the statistics totals are added up as for every other write (``stats.Totals``).
        """
        self.checked += len(piece)
        if self.checked > exchange.MAX_PLAYS:
            raise NotFast("too many plays")
        session = self.session
        present = (
            crud.uids_present(session=session, uids=[p.uid for p in piece])
            if self.any_before
            else ()
        )
        seen, targets, player_ids = self.seen, self.targets, self.player_ids
        seen_add = seen.add
        canonical = bulk.CANONICAL_UID.fullmatch
        add_totals = self.totals.add
        dumps = json.dumps
        fields = _RESULT_FIELDS
        plays: list[Any] = []
        results: list[Any] = []
        play_id = self.next_id
        for play in piece:
            uid = play.uid
            if uid in seen or not canonical(uid):
                raise NotFast("a uid twice, or one to normalise")
            seen_add(uid)
            target = targets.get((play.game_id, play.highest_wins))
            if target is None:
                target = self._target(play.game_id, play.highest_wins)
            # The checks of exchange.fast_play: whatever PlayCreate would tidy or refuse
            # goes through the checked path.
            notes = play.notes
            if notes and (notes[0].isspace() or notes[-1].isspace() or _NOT_TEXT(notes)):
                raise NotFast("notes to trim or refuse")
            location = play.location
            if location is not None and not _is_clean(location):
                raise NotFast("a location to tidy")
            modules = play.modules
            if modules and (not all(map(_is_clean, modules)) or len(set(modules)) != len(modules)):
                raise NotFast("modules to tidy")
            expansions = play.expansions
            if expansions and (
                not all(map(_is_clean, expansions)) or len(set(expansions)) != len(expansions)
            ):
                raise NotFast("expansions to tidy")
            if (modules or expansions) and not target.kept(modules, expansions):
                raise NotFast("modules or expansions the history keeps in another form")
            breakers = play.tiebreakers
            n_breakers = len(breakers) if breakers else 0
            if breakers and (
                not all(_is_clean(t.name) for t in breakers)
                or len({name_key(t.name) for t in breakers}) != n_breakers
            ):
                raise NotFast("tie-breakers to tidy")
            keep = uid not in present
            if not keep:
                direction = target.highest_wins
            elif target.game_id is None:
                direction = self._first(target)
            elif target.state is not None:
                # A typed title remembers the direction of its latest play (bulk.direction_of).
                target.state.direction = direction = target.highest_wins
                target.state.changed = True
            else:
                direction = target.highest_wins
            game_id = target.game_id or 0  # 0: a play already there, not written
            lines = play.results
            count = len(lines)
            finished = play.finished
            scores = list(map(_SCORE, lines))
            if breakers and len(set(scores)) != count:
                placed = bulk.places(self._bulk(play, target.highest_wins), direction)
                ranks = [rank for rank, _ in placed]
                wins: list[bool] | None = [won for _, won in placed]
            else:
                # Standard competition ranking (1, 1, 3): the place of a score's first
                # occurrence among the scores sorted best first.
                ranks = list(map(sorted(scores, reverse=direction).index, scores))
                wins = None
            mark = len(results)
            seated = starters = 0
            counted = []
            for i, (file_player, seat, score, parts, ties, start) in enumerate(map(fields, lines)):
                if seat is None:
                    seat = i + 1
                else:
                    seated += 1
                if start:
                    starters += 1
                if ties and len(ties) > n_breakers:
                    raise NotFast("more tie-breaker values than tie-breakers")
                if parts and (sum(parts.values()) != score or not all(map(_is_clean, parts))):
                    raise NotFast("a breakdown to tidy or refuse")
                player = player_ids[file_player]
                if wins is None:
                    rank = ranks[i] + 1
                    won = finished and rank == 1
                else:
                    rank = ranks[i]
                    won = wins[i]
                results += (
                    play_id,
                    player,
                    seat,
                    score,
                    dumps(parts) if parts else "{}",
                    dumps(ties) if ties else "[]",
                    1 if start else 0,
                    rank,
                    1 if won else 0,
                )
                counted.append((player, score, won))
            if starters > 1 or len(set(map(_PLAYER, lines))) != count:
                raise NotFast("two start players, or a player twice")
            if seated and (seated != count or len(set(map(_SEAT, lines))) != count):
                raise NotFast("seats to refuse")
            if not keep:
                del results[mark:]
                self.duplicates.append(uid)
                continue
            if finished:
                add_totals(game_id, counted)
            created = self._stored(play.created_at) if play.created_at else self.stamp
            plays += (
                play_id,
                uid,
                game_id,
                _stored(play.played_at),
                dumps(modules) if modules else "[]",
                bulk.NO_DURATION if play.duration_min is None else play.duration_min,
                location or bulk.NO_LOCATION,
                notes,
                1 if finished else 0,
                1 if direction else 0,
                dumps([{"name": t.name, "higher_wins": t.higher_wins} for t in breakers])
                if breakers
                else "[]",
                created,
                self._stored(play.updated_at) if play.updated_at else created,
                "points",
                dumps(expansions) if expansions else "[]",
                "{}",
                bulk.NO_START,
                1 if play.tiebreaks_victory_only else 0,
            )
            play_id += 1
        connection = session.connection()
        bulk.sqlite_insert(connection, bulk.PLAY_TABLE, plays)
        bulk.sqlite_insert(connection, bulk.RESULT_TABLE, results)
        self.imported += play_id - self.next_id
        self.next_id = play_id
        if self.progress is not None:
            done = self.imported
            self.progress(done, max(self.expected - len(self.duplicates), done))

    def _stored(self, value: str) -> str:
        """:func:`_stored`, remembering the last record time (most plays share theirs with
        the play before, or their two record times are the same)."""
        last, stored = self.last_stored
        if value != last:
            stored = _stored(value)
            self.last_stored = (value, stored)
        return stored

    def _target(self, file_game: int, given: bool | None) -> _Target:
        """Where plays of a file game with a given direction go (checked as parse_history
        checks them); their database game is looked up at the first play written."""
        game = self.games[file_game]
        highest_wins = given
        if game.catalogue_direction is None:
            if highest_wins is None:
                highest_wins = game.file_direction
        elif highest_wins is not None and highest_wins != game.catalogue_direction:
            raise NotFast("a catalogue game scored the other way")
        target = _Target(
            _Ref(game.title, highest_wins),
            bool(highest_wins if highest_wins is not None else game.catalogue_direction),
        )
        self.targets[(file_game, given)] = target
        return target

    def _first(self, target: _Target) -> bool:
        """The first play written for a target: its game row as bulk.direction_of finds or
        makes it; returns the play's direction."""
        game_id, direction = bulk.direction_of(
            self.session,
            target.ref,  # type: ignore[arg-type]  # the two fields direction_of reads
            self.resolve,
            self.states,
            self.row_cache,
        )
        target.game_id = game_id
        title = self.resolve(target.ref.game)
        if title.key is None:
            target.state = self.states[name_key(title.name)]
        target.highest_wins = direction
        return direction

    def _bulk(self, play: _Play, highest_wins: bool) -> BulkPlay:
        """The play as bulk.places ranks it (for tie-breakers among equal scores)."""
        return BulkPlay(
            uid=play.uid,
            game="",
            played_at=datetime.fromisoformat(play.played_at),
            finished=play.finished,
            highest_wins=highest_wins,
            tiebreakers=[(t.name, t.higher_wins) for t in play.tiebreakers or ()] or None,
            tiebreaks_victory_only=play.tiebreaks_victory_only,
            results=[
                BulkResult(self.names[r.player_id], i, r.score, None, r.tiebreaks or None)
                for i, r in enumerate(play.results, start=1)
            ],
        )

    def finish(self) -> exchange.ImportReport:
        session = self.session
        for state in self.states.values():
            if state.changed and state.game.highest_wins != state.direction:
                state.game.highest_wins = state.direction
        session.flush()
        stats.add_totals(session, self.totals)
        session.flush()
        players, games = self._count()
        return exchange.ImportReport(
            imported=self.imported,
            duplicates=tuple(self.duplicates),
            players_added=players - self.counts[0],
            games_added=games - self.counts[1],
        )
