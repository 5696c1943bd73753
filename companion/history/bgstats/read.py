"""BG Stats coming in: the backup read and checked as it is parsed (limits and places named), and
each play converted for the history as it will be written."""

from __future__ import annotations

import ast
import operator
import re
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from typing import Any, NamedTuple, cast

import msgspec
from pydantic import (
    TypeAdapter,
    ValidationError,
)

from companion.history import bulk, crud, features
from companion.history.bgstats.export import score_winners
from companion.history.bgstats.files import (
    ANONYMOUS,
    HAND_DECIDED,
    HEX_UUID,
    MAX_ITEMS,
    MAX_NAMED,
    MAX_NAMED_BYTES,
    MAX_PLAY_BYTES,
    PLAY_DECODER,
    InGame,
    InHead,
    InLocation,
    InPlay,
    InPlayer,
    InUserInfo,
    PlayRow,
    bg_date,
    bg_uuid,
)
from companion.history.bulk import BulkPlay, BulkResult
from companion.history.errors import ImportFileError, describe_value, validation_message
from companion.history.jsonscan import (
    AFTER_LIST_OF_OBJECTS,
    BETWEEN_OBJECTS,
    FileShapeError,
    JsonFile,
)
from companion.history.jsonscan import Field as JsonField
from companion.history.models import (
    DURATION_MAX_MIN,
    GAME_NAME_MAX,
    LOCATION_MAX,
    MAX_EXPANSIONS,
    MAX_MODULES,
    MAX_RESULTS,
    MODULE_MAX,
    NAME_MAX,
    NOTES_MAX,
    SCORE_LIMIT,
    name_key,
)
from companion.text import text_problem

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


def _read_file(source: JsonFile) -> tuple[InHead, JsonField, int]:
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
    head = InHead.model_construct(
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
        hex_uuid = HEX_UUID.fullmatch
        decode = PLAY_DECODER.decode
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
                uid = uid.lower() if hex_uuid(uid) else bg_uuid(uid)
                played = bg_date(date)
                entered = None if entry is None else played if entry == date else bg_date(entry)
                if modified is not None and modified != entry:
                    bg_date(modified)
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
        updated = created if modified in (None, entry) else _utc_stamp(bg_date(modified))
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
