"""The app's own history file coming in: read and checked as it is parsed (the place of a problem
named), then written all at once or not at all."""

from __future__ import annotations

import json
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pydantic import (
    ValidationError,
)
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from companion.history import bulk, crud, features
from companion.history.bulk import CANONICAL_UID, BulkPlay, BulkResult, canonical_uid
from companion.history.crud import PLAYS
from companion.history.errors import (
    ImportFileError,
    PlayDataError,
    describe_value,
    validation_message,
)
from companion.history.exchange.files import (
    FORMAT,
    MAX_GAMES,
    MAX_PLAYERS,
    MAX_PLAYS,
    PLAY_ADAPTER,
    VERSION,
    FileHead,
    FilePlay,
    ImportReport,
)
from companion.history.jsonscan import Field as JsonField
from companion.history.jsonscan import JsonFile
from companion.history.models import (
    Game,
    PlayCreate,
    Player,
    clean_text,
    name_key,
    text_problem,
    utc_naive,
    wall_clock,
)

# ------------------------------------------------------------------------------ reading


@dataclass(frozen=True)
class ParsedHistory:
    """A read import file: names of players and games, and where its plays are in the file
    (each checked when read, and read again, one at a time, as it goes in).

    Every reference, identity and type in the file has been checked; each play's own rules
    (those of :class:`PlayCreate`) are checked as :meth:`batches` hands the play out, inside
    the import's transaction, so a play breaking one still leaves nothing written. No play
    is held longer than it takes to write it: a file just under the size limit holds at most
    its uids besides its bytes.
    """

    players: tuple[str, ...]
    games: tuple[tuple[str, bool], ...]
    uids: tuple[str, ...]
    """Each play's uid as the history stores it (as written where it is not a UUID)."""
    source: JsonFile | None = None
    spans: array[int] = field(default_factory=lambda: array("q"))
    """Each play's start and end in :attr:`source`."""
    context: tuple[tuple[str, bool | None], ...] = ()
    """Each play's game (catalogue id or title) and the direction the file gives it."""
    names: dict[int, str] = field(default_factory=dict)
    """The file's player ids and names."""
    fast: bool = True

    def __len__(self) -> int:
        return len(self.uids)

    def batches(
        self, *, skip: frozenset[str] | set[str] = frozenset(), size: int = bulk.BATCH
    ) -> Iterator[list[BulkPlay]]:
        """The plays as :class:`BulkPlay` records, ``size`` at a time, leaving out ``skip``.

        Raises :class:`ImportFileError` at the first play that breaks a rule.
        """
        batch: list[BulkPlay] = []
        spans = self.spans
        for i, (uid, (game, direction)) in enumerate(zip(self.uids, self.context, strict=True)):
            assert self.source is not None
            play = _play_at(self.source, i, spans[2 * i], spans[2 * i + 1])
            # A play already in the history is checked too: a file with any problem is
            # refused whole, whatever it would have added.
            fast = fast_play(play, uid, game, direction, self.names) if self.fast else None
            checked = fast or _checked_play(i, play, game, direction, self.names)
            if uid in skip:
                continue
            batch.append(checked)
            if len(batch) >= size:
                yield batch
                batch = []
        if batch:
            yield batch


def _refuse(message: str) -> ImportFileError:
    return ImportFileError(message)


def _check_header(head: dict[str, Any]) -> None:
    """Refuse a file whose ``format`` and ``version`` are not this app's (before anything
    else in it is worded: a BG Stats backup is better told it is not ours)."""
    found = head.get("format")
    if found != FORMAT:
        raise _refuse(f'format: expected "{FORMAT}", got {describe_value(found)}')
    version = head.get("version")
    # Exactly the whole number 1: not 1.0, "1" or true (JSON has one kind of number, but a
    # file that writes its version as 1.0 was not written by this app).
    if type(version) is not int or version != VERSION:
        raise _refuse(
            f"version: this app reads version {VERSION} files, got {describe_value(version)}"
        )


#: The largest item of each list, in bytes (far above what this app writes, pretty-printed
#: or not: a play of 99 players with every category is under 100 KB), and of a field at
#: the top (format, version, times).
MAX_PLAYER_BYTES = 16_384
MAX_GAME_BYTES = 16_384
MAX_PLAY_BYTES = 4_000_000
MAX_HEAD_BYTES = 4_096
#: The top-level fields of the format, and the limits of the lists among them.
_LISTS = {
    "players": (MAX_PLAYERS, MAX_PLAYER_BYTES, "player"),
    "games": (MAX_GAMES, MAX_GAME_BYTES, "game"),
}
_HEAD = frozenset({"format", "version", "exported_at", "app_version"})


def open_file(text: str | bytes | bytearray | memoryview | JsonFile) -> JsonFile:
    """An import file to read (the app's format): :class:`ImportFileError` when it is too
    large or not UTF-8 text."""
    if isinstance(text, JsonFile):
        return text
    return JsonFile(text, what="not a Merchant's Companion history file")


def _json_at(source: JsonFile, start: int, end: int, where: str) -> Any:
    """The value between ``start`` and ``end``, as Python objects (a bounded item)."""
    raw = source.bytes_of(start, end)
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        at = start + len(exc.doc[: exc.pos].encode("utf-8", "surrogatepass"))
        raise _refuse(f"{where}: not valid JSON: {exc.msg} at {source.where(at)}") from None
    except RecursionError:
        raise _refuse(f"{where}: nested too deeply (at {source.where(start)})") from None


def _play_at(source: JsonFile, i: int, start: int, end: int) -> FilePlay:
    """Play ``i`` of the file, read and checked into a :class:`FilePlay`."""
    try:
        return PLAY_ADAPTER.validate_python(_json_at(source, start, end, f"plays[{i}]"))
    except ValidationError as exc:
        raise source.placed(
            _refuse(validation_message(exc, prefix=("plays", i))), start, "the play"
        ) from None


def read_head_field(source: JsonFile, found: JsonField, head: dict[str, Any]) -> None:
    """Read one field of the head into ``head`` (players and games an item at a time, each
    list refused at the first item over its limit)."""
    name = found.name
    if name in _LISTS:
        limit, largest, noun = _LISTS[name]
        head[name] = [
            _json_at(source, a, b, f"{name}[{i}]")
            for i, a, b in source.items(found, limit=limit, largest=largest, noun=noun)
        ]
        return
    end = source.value_end(found.start, name)
    found.end = end
    if name not in _HEAD:
        raise _refuse(f"{name}: unknown field")
    if end - found.start > MAX_HEAD_BYTES:
        raise _refuse(
            f"{name}: too long ({end - found.start:,} bytes; at most {MAX_HEAD_BYTES:,}), at "
            f"{source.where(found.start)}"
        )
    head[name] = _json_at(source, found.start, end, name)


def _checked_head(head: dict[str, Any]) -> FileHead:
    _check_header(head)
    try:
        # Small (players and games): checked in JSON mode, where strict mode reads ISO times.
        return FileHead.model_validate_json(json.dumps(head))
    except ValidationError as exc:
        raise _refuse(validation_message(exc)) from None


def check_unique(items: list[Any], attr: str, table: str, *, fold: bool = False) -> None:
    """Refuse two ``items`` of ``table`` with the same ``attr`` (``fold``: ignoring case)."""
    seen: dict[Any, int] = {}
    for i, item in enumerate(items):
        value = getattr(item, attr)
        if value is None:
            continue
        key = name_key(value) if fold else value
        if key in seen:
            same = "is the same name as" if fold else "is used twice; also in"
            raise _refuse(
                f"{table}[{i}].{attr}: {describe_value(value)} {same} {table}[{seen[key]}]"
            )
        seen[key] = i


class _Plays:
    """The plays checked one at a time against the file's players and games: what is kept
    of each is its uid, its game and where it is in the file."""

    def __init__(self, source: JsonFile, head: FileHead) -> None:
        check_unique(head.players, "id", "players")
        check_unique(head.players, "name", "players", fold=True)
        check_unique(head.games, "id", "games")
        check_unique(head.games, "name", "games", fold=True)
        check_unique(head.games, "key", "games")
        self.source = source
        self.head = head
        self.players = {p.id: p.name for p in head.players}
        self.games = {g.id: g for g in head.games}
        self.titles: dict[int, crud.Title] = {}
        self.contexts: dict[tuple[str, bool | None], tuple[str, bool | None]] = {}
        self.context: list[tuple[str, bool | None]] = []
        self.uids: list[str] = []
        self.spans = array("q")
        self.seen_uids: dict[str, int] = {}
        self.seen_written: dict[str, int] = {}

    def read(self, found: JsonField) -> None:
        for i, start, end in self.source.items(
            found, limit=MAX_PLAYS, largest=MAX_PLAY_BYTES, noun="play"
        ):
            play = _play_at(self.source, i, start, end)
            try:
                self.add(i, play, start, end)
            except ImportFileError as problem:
                raise self.source.placed(problem, start, "the play") from None

    def add(self, i: int, play: FilePlay, start: int, end: int) -> None:
        if play.uid in self.seen_written:
            raise _refuse(
                f"plays[{i}].uid: {describe_value(play.uid)} is used twice; also in "
                f"plays[{self.seen_written[play.uid]}]"
            )
        self.seen_written[play.uid] = i
        game = self.games.get(play.game_id)
        if game is None:
            raise _refuse(f"plays[{i}].game_id: no game with id {play.game_id} in games")
        seen: dict[int, int] = {}
        for j, result in enumerate(play.results):
            if result.player_id not in self.players:
                raise _refuse(
                    f"plays[{i}].results[{j}].player_id: no player with id "
                    f"{result.player_id} in players"
                )
            if result.player_id in seen:
                raise _refuse(
                    f"plays[{i}].results[{j}].player_id: player {result.player_id} "
                    f"is already in results[{seen[result.player_id]}]"
                )
            seen[result.player_id] = j
        title = self.titles.get(game.id)
        if title is None:
            title = crud.resolve_title(game.key or game.name)
            if title.key is None:
                title = crud.resolve_title(game.name)
            self.titles[game.id] = title
        direction = play.highest_wins
        if title.highest_wins is None and direction is None:
            direction = game.highest_wins
        if (
            title.highest_wins is not None
            and direction is not None
            and direction != title.highest_wins
        ):
            side = "highest" if title.highest_wins else "lowest"
            raise _refuse(f"plays[{i}].highest_wins: {title.name} is won by the {side} score")
        key = (title.key or title.name, direction)
        self.context.append(self.contexts.setdefault(key, key))
        try:
            uid = canonical_uid(play.uid)
        except ValueError:
            uid = play.uid
        if uid in self.seen_uids:
            raise _refuse(
                f"plays[{i}].uid: {describe_value(play.uid)} is the same play as "
                f"plays[{self.seen_uids[uid]}]"
            )
        self.seen_uids[uid] = i
        self.uids.append(uid)
        self.spans.extend((start, end))

    def parsed(self) -> ParsedHistory:
        players = self.players
        return ParsedHistory(
            players=tuple(p.name for p in self.head.players),
            games=tuple((g.key or g.name, g.highest_wins) for g in self.head.games),
            uids=tuple(self.uids),
            source=self.source,
            spans=self.spans,
            context=tuple(self.context),
            names=players,
            fast=all(clean_text(name) == name for name in players.values()),
        )


def parse_history(text: str | bytes | bytearray | memoryview | JsonFile) -> ParsedHistory:
    """Check an import file completely; :class:`ImportFileError` names the first problem.

    The file is read from its bytes field by field (:mod:`.jsonscan`); the plays one at a
    time, each checked and let go, where the format, version, players and games come
    before them (as this app writes them), otherwise once the rest has been read. A file
    of another kind is told so first: a refusal waits until the format has been read.
    """
    source = open_file(text)
    head: dict[str, Any] = {}
    problem: ImportFileError | None = None
    plays: _Plays | None = None
    later: JsonField | None = None  # the plays, where they come before the rest
    for found in source.fields():
        name = found.name
        try:
            if name in head or (name == "plays" and (plays is not None or later is not None)):
                raise _refuse(f"{name}: given twice")
            if problem is not None:
                if name in ("format", "version"):  # what the refusal waits for
                    read_head_field(source, found, head)
                continue
            if name != "plays":
                read_head_field(source, found, head)
            elif {"format", "version", "players", "games"} <= head.keys():
                plays = _Plays(source, _checked_head(head))
                plays.read(found)
            else:
                later = found  # read again once the players and games are known
                for _ in source.pieces(found, limit=MAX_PLAYS, largest=MAX_PLAY_BYTES, noun="play"):
                    pass
        except ImportFileError as exc:
            if name in ("format", "version") or plays is not None:
                raise  # (the plays are read only once the format is known to be ours)
            if {"format", "version"} <= head.keys():
                _check_header(head)
                raise
            problem = problem or exc
    if problem is not None:
        _check_header(head)
        raise problem
    if plays is None:
        plays = _Plays(source, _checked_head(head))
        if later is not None:
            later.end = None
            plays.read(later)
    return plays.parsed()


def _checked_play(
    i: int, play: FilePlay, game: str, direction: bool | None, players: dict[int, str]
) -> BulkPlay:
    """A play checked by :class:`PlayCreate` itself (which also words the refusal)."""
    raw = {
        "uid": play.uid,
        "game": game,
        "played_at": play.played_at,
        "started_at": play.started_at,
        "scoring": play.scoring,
        "modules": list(play.modules or ()),
        "expansions": list(play.expansions or ()),
        "house_rules": dict(play.house_rules or {}),
        "duration_min": play.duration_min,
        "location": play.location,
        "notes": play.notes,
        "finished": play.finished,
        "tiebreaks_victory_only": play.tiebreaks_victory_only,
        "highest_wins": direction,
        "tiebreakers": [
            {"name": t.name, "higher_wins": t.higher_wins} for t in play.tiebreakers or ()
        ],
        "results": [
            {
                "player": players[r.player_id],
                "seat": r.seat,
                "score": r.score,
                "breakdown": dict(r.breakdown or {}),
                "tiebreaks": list(r.tiebreaks or ()),
                "start_player": r.start_player,
                "winner": None if play.scoring == "points" else r.winner,
            }
            for r in play.results
        ],
        "created_at": play.created_at,
        "updated_at": play.updated_at,
    }
    try:
        return BulkPlay.from_create(PlayCreate.model_validate(raw))
    except ValidationError as exc:
        raise _refuse(validation_message(exc, prefix=("plays", i))) from None


def _is_clean(text: str) -> bool:
    return bool(text) and clean_text(text) == text and text_problem(text) is None


def _utc(value: datetime | None) -> datetime | None:
    # As PlayCreate stores created_at and updated_at: UTC, no zone, whole seconds, in range.
    return None if value is None else utc_naive(value)


def fast_play(
    play: FilePlay, uid: str, game: str, direction: bool | None, players: dict[int, str]
) -> BulkPlay | None:
    """The play as :class:`PlayCreate` would leave it, or None where that needs PlayCreate.

    Only plays whose texts are already clean (no spaces to trim or fold) and which break none
    of PlayCreate's cross-field rules take this path; any other play goes through PlayCreate,
    so that the result, or the message refusing it, is exactly the same.
    """
    if (
        not CANONICAL_UID.fullmatch(uid)
        or play.scoring != "points"
        or play.house_rules
        or play.started_at is not None
    ):
        return None  # PlayCreate checks them (and words a refusal)
    notes = play.notes
    if notes and (notes[0].isspace() or notes[-1].isspace() or text_problem(notes)):
        return None
    if play.location is not None and not _is_clean(play.location):
        return None
    key = features.game_key(game)
    kinds: tuple[tuple[features.Kind, list[str] | None], ...] = (
        ("module", play.modules),
        ("expansion", play.expansions),
    )
    for kind, listed in kinds:
        if listed and (
            not all(_is_clean(m) and features.canonical(key, kind, m) == m for m in listed)
            or len(set(listed)) != len(listed)
        ):
            return None
    breakers = play.tiebreakers or ()
    if breakers and (
        not all(_is_clean(t.name) for t in breakers)
        or len({name_key(t.name) for t in breakers}) != len(breakers)
    ):
        return None
    n_breakers = len(breakers)
    results = []
    seats = set()
    unseated = starters = 0
    for i, r in enumerate(play.results, start=1):
        seat = r.seat
        if seat is None:
            unseated += 1
            seat = i
        else:
            seats.add(seat)
        starters += r.start_player
        ties = r.tiebreaks
        if ties and len(ties) > n_breakers:
            return None
        parts = r.breakdown
        if r.score is None:
            return None
        if parts and (sum(parts.values()) != r.score or not all(map(_is_clean, parts))):
            return None
        results.append(
            BulkResult(
                players[r.player_id], seat, r.score, parts or None, ties or None, r.start_player
            )
        )
    if starters > 1 or (unseated and unseated != len(results)):
        return None
    if not unseated and len(seats) != len(results):
        return None
    try:
        played_at = wall_clock(play.played_at)
        created_at, updated_at = _utc(play.created_at), _utc(play.updated_at)
    except ValueError:
        return None  # out of range: PlayCreate words the refusal with the field's place
    return BulkPlay(
        uid=uid,
        game=game,
        played_at=played_at,
        results=results,
        finished=play.finished,
        highest_wins=direction,
        modules=list(play.modules) if play.modules else None,
        expansions=list(play.expansions) if play.expansions else None,
        duration_min=play.duration_min,
        location=play.location,
        notes=play.notes,
        tiebreakers=[(t.name, t.higher_wins) for t in breakers] or None,
        created_at=created_at,
        updated_at=updated_at,
        tiebreaks_victory_only=play.tiebreaks_victory_only,
    )


def has_plays(session: Session) -> bool:
    """Whether the history holds any play."""
    return session.execute(select(PLAYS.c.id).limit(1)).first() is not None


def import_parsed(
    session: Session, parsed: ParsedHistory, *, progress: bulk.Progress | None = None
) -> ImportReport:
    """Write a checked file in the caller's transaction; plays already present are skipped.

    The plays go in by bulk inserts and the statistics are added once, at the end.
    """
    players_before = session.execute(select(func.count()).select_from(Player)).scalar_one()
    games_before = session.execute(select(func.count()).select_from(Game)).scalar_one()
    crud.ensure_players(session=session, names=parsed.players)
    cache: dict[str, Game | None] = {}
    for title, highest_wins in parsed.games:
        resolved = crud.resolve_title(title)
        try:
            crud.game_for_play(
                session=session,
                title=title,
                highest_wins=highest_wins if resolved.key is None else None,
                cache=cache,
            )
        except PlayDataError as exc:  # pragma: no cover - parse_history refuses these first
            raise _refuse(str(exc)) from None
    present = crud.uids_present(session=session, uids=parsed.uids) if has_plays(session) else set()
    fresh = len(parsed) - sum(1 for u in parsed.uids if u in present)
    try:
        bulk.insert_plays(session, parsed.batches(skip=present), total=fresh, progress=progress)
    except PlayDataError as exc:  # pragma: no cover - parse_history refuses these first
        raise _refuse(str(exc)) from None
    session.flush()
    players_after = session.execute(select(func.count()).select_from(Player)).scalar_one()
    games_after = session.execute(select(func.count()).select_from(Game)).scalar_one()
    return ImportReport(
        imported=fresh,
        duplicates=tuple(u for u in parsed.uids if u in present),
        players_added=players_after - players_before,
        games_added=games_after - games_before,
    )
