"""Reading and writing the play history: keyword-only functions that take a Session.

The caller owns the transaction (``companion.history.store.Store`` opens one per call), so a
function here never commits; several of them inside one transaction succeed or fail together.
Ranks are computed here on every save; so are the winners of a play won on points, with
``companion.engine.core.standings.rank`` in the game's direction and with the play's ordered
tie-breakers. Only a play whose scoring says its winners were chosen (``"manual"``,
``"cooperative"``) keeps the winners handed in.

A deleted play stays in its table, marked (``deleted_at``), for :data:`KEEP_DELETED`: every
read here leaves it out, and :func:`restore_play` puts it back as it was (same id, uid and
link to the table it was saved from). It is removed for good by :func:`purge_deleted`.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Table, delete, exists, func, insert, select, update
from sqlalchemy.orm import Session
from sqlmodel import col

from companion.engine.core.standings import Entry, TieBreak, rank
from companion.history import features, stats
from companion.history.errors import (
    NotFoundError,
    PlayDataError,
    describe_value,
)
from companion.history.models import (
    NAME_MAX,
    CustomCard,
    Game,
    GamePublic,
    GameTable,
    Play,
    PlayCreate,
    Player,
    PlayPublic,
    PlayResult,
    ResultPublic,
    Setting,
    TieBreakerSpec,
    name_key,
    normal_text,
    text_problem,
    utcnow,
)
from companion.rules import catalogue

PLAYS: Table = Play.__table__  # type: ignore[attr-defined]
RESULTS: Table = PlayResult.__table__  # type: ignore[attr-defined]
PLAYERS: Table = Player.__table__  # type: ignore[attr-defined]
GAMES: Table = Game.__table__  # type: ignore[attr-defined]
SETTINGS: Table = Setting.__table__  # type: ignore[attr-defined]
CARDS: Table = CustomCard.__table__  # type: ignore[attr-defined]
TABLES: Table = GameTable.__table__  # type: ignore[attr-defined]
LIVE = PLAYS.c.deleted_at.is_(None)
"""The condition of a play not deleted (every read of plays has it)."""

#: How long a deleted play can be put back; older ones go for good at the next delete.
KEEP_DELETED = timedelta(days=1)

# Ids and page sizes are database integers.
ID_MAX = 2**63 - 1
PAGE_MAX = 1_000_000_000
# Keep IN (...) lists well under SQLite's and PostgreSQL's parameter limits.
CHUNK = 500


def chunks(items: Sequence[Any], size: int = CHUNK) -> Iterable[Sequence[Any]]:
    """``items`` in slices of ``size`` (to keep each ``IN (...)`` under the bind limit)."""
    for start in range(0, len(items), size):
        yield items[start : start + size]


# -------------------------------------------------------------------------------- games


@dataclass(frozen=True)
class Title:
    """What a game string names: a catalogue game (``key`` set) or a typed title."""

    key: str | None
    name: str
    highest_wins: bool | None
    """The catalogue's direction; None for a typed title (the play or the row decides)."""


def check_id(argument: str, value: object) -> int:
    """A database id: a whole number from 1 (``PlayDataError`` naming ``argument`` if not)."""
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= ID_MAX:
        raise PlayDataError(
            f"{argument}: expected an id (a whole number from 1), got {describe_value(value)}"
        )
    return value


def resolve_title(title: str) -> Title:
    """``"mercante"`` or ``"Mercante"`` → the catalogue game; anything else is a typed title."""
    if not isinstance(title, str):
        raise PlayDataError(f"game: expected text, got {describe_value(title)}")
    text = normal_text(title)
    cat = catalogue()
    game = next((g for g in cat.games if g.id == text), None) or cat.game_by_name(text)
    if game is not None:
        return Title(key=game.id, name=game.name, highest_wins=game.highest_wins)
    return Title(key=None, name=text, highest_wins=None)


def find_game(*, session: Session, title: str) -> Game | None:
    """The history's row for a game string, or None if it was never played."""
    if isinstance(title, str) and text_problem(title):
        return None  # no stored title has a control character (PostgreSQL refuses NUL)
    resolved = resolve_title(title)
    if resolved.key is not None:
        row = session.execute(
            select(Game).where(col(Game.key) == resolved.key)
        ).scalar_one_or_none()
        if row is not None:
            return row
    return session.execute(
        select(Game).where(col(Game.name_key) == name_key(resolved.name))
    ).scalar_one_or_none()


def game_for_play(
    *,
    session: Session,
    title: str,
    highest_wins: bool | None,
    cache: dict[str, Game | None] | None = None,
) -> tuple[Game, bool]:
    """The game row a play belongs to (created if new) and the direction the play is scored in.

    A catalogue game is scored in the catalogue's direction, and a play claiming the other
    direction is refused. A typed title ("Other game") is highest-wins unless the play says
    otherwise; the title then remembers the latest play's direction as its default.
    """
    resolved = resolve_title(title)
    if (
        resolved.highest_wins is not None
        and highest_wins is not None
        and highest_wins != resolved.highest_wins
    ):
        side = "highest" if resolved.highest_wins else "lowest"
        raise PlayDataError(
            f"highest_wins: {resolved.name} is won by the {side} score; "
            f"a play of it cannot be scored the other way"
        )
    # A bulk import names the same few games thousands of times; one lookup each is enough.
    cache_key = resolved.key or name_key(resolved.name)
    if cache is not None and cache_key in cache:
        row = cache[cache_key]
    else:
        row = find_game(session=session, title=title)
    if row is None:
        direction = resolved.highest_wins
        if direction is None:
            direction = True if highest_wins is None else highest_wins
        # ON CONFLICT DO NOTHING, then read: two clients of a shared PostgreSQL database
        # recording the first play of a new game at once both end up using one row.
        stmt = stats.dialect_insert(session, GAMES).on_conflict_do_nothing()
        session.execute(
            stmt,
            [
                {
                    "name": resolved.name,
                    "name_key": name_key(resolved.name),
                    "key": resolved.key,
                    "highest_wins": direction,
                    "created_at": utcnow(),
                }
            ],
        )
        row = find_game(session=session, title=title)
        if row is None:  # pragma: no cover - the insert or the other client made it
            raise PlayDataError(f"game: could not record {resolved.name!r}")
    if cache is not None:
        cache[cache_key] = row
    if resolved.key is not None:
        if row.key is None:
            # A title typed before the catalogue knew it: it is that catalogue game now.
            row.key = resolved.key
        if row.highest_wins != resolved.highest_wins:
            row.highest_wins = bool(resolved.highest_wins)
        return row, bool(resolved.highest_wins)
    if highest_wins is None:
        return row, row.highest_wins
    if row.highest_wins != highest_wins:
        row.highest_wins = highest_wins
    return row, highest_wins


def list_games(*, session: Session) -> list[GamePublic]:
    """Games in the history, most (finished) plays first, then by name."""
    rows = session.execute(
        select(
            GAMES.c.id,
            GAMES.c.name,
            GAMES.c.key,
            GAMES.c.highest_wins,
            func.coalesce(stats.GAMES.c.plays, 0),
        ).outerjoin(stats.GAMES, stats.GAMES.c.game_id == GAMES.c.id)
    ).all()
    games = [
        GamePublic(id=gid, name=name, key=key, highest_wins=bool(hw), plays=plays)
        for gid, name, key, hw, plays in rows
    ]
    games.sort(key=lambda g: (-g.plays, g.name.casefold()))
    return games


# ------------------------------------------------------------------------------ players


def find_player(*, session: Session, name: str) -> Player | None:
    """The player with this name (ignoring case and extra spaces), or None."""
    if not isinstance(name, str) or text_problem(name):
        return None  # no stored name has a control character (PostgreSQL refuses NUL)
    return session.execute(
        select(Player).where(col(Player.name_key) == name_key(name))
    ).scalar_one_or_none()


def ensure_players(*, session: Session, names: Iterable[str]) -> dict[str, int]:
    """Ids of the named players (by :func:`name_key`), creating the ones not yet known.

    A name that differs from a known one only in case is that player ("ann" is "Ann").
    """
    wanted: dict[str, str] = {}
    for name in names:
        shown = normal_text(name) if isinstance(name, str) else ""
        problem = "must not be empty" if not shown else text_problem(shown)
        if problem is None and len(shown) > NAME_MAX:
            problem = f"too long ({len(shown)} characters; at most {NAME_MAX})"
        if problem:
            raise PlayDataError(f"player {describe_value(name)}: {problem}")
        wanted.setdefault(name_key(shown), shown)
    ids: dict[str, int] = {}
    keys = list(wanted)
    for chunk in chunks(keys):
        ids.update(
            session.execute(
                select(PLAYERS.c.name_key, PLAYERS.c.id).where(PLAYERS.c.name_key.in_(chunk))
            ).all()
        )
    missing = [k for k in keys if k not in ids]
    if missing:
        now = utcnow()
        # ON CONFLICT DO NOTHING: another client of a shared PostgreSQL database may add the
        # same new player at the same moment; both then use the one row.
        stmt = stats.dialect_insert(session, PLAYERS).on_conflict_do_nothing()
        session.execute(
            stmt, [{"name": wanted[k], "name_key": k, "created_at": now} for k in missing]
        )
        for chunk in chunks(missing):
            ids.update(
                session.execute(
                    select(PLAYERS.c.name_key, PLAYERS.c.id).where(PLAYERS.c.name_key.in_(chunk))
                ).all()
            )
    return ids


def player_names(*, session: Session) -> list[str]:
    """Every known player, most finished plays first (for name suggestions), then by name."""
    counts = (
        select(stats.PAIRS.c.player_id, func.sum(stats.PAIRS.c.plays).label("plays"))
        .group_by(stats.PAIRS.c.player_id)
        .subquery()
    )
    rows = session.execute(
        select(PLAYERS.c.name, func.coalesce(counts.c.plays, 0)).outerjoin(
            counts, counts.c.player_id == PLAYERS.c.id
        )
    ).all()
    return [name for name, _ in sorted(rows, key=lambda r: (-int(r[1]), r[0].casefold()))]


# -------------------------------------------------------------------------------- plays


@dataclass(frozen=True)
class _Prepared:
    """A validated play turned into rows, with ranks computed, ready to insert."""

    play: dict[str, Any]
    results: list[dict[str, Any]]
    game_id: int
    finished: bool


def chosen_ranks(
    scores: Sequence[int | None], winners: Sequence[bool], highest_wins: bool, scoring: str
) -> list[int]:
    """Ranks where the winners were chosen: everyone shares first place in a co-operative
    play; otherwise the winners share first place and the others follow by score in the
    game's direction (standard competition ranking: equal scores share a place), those
    without a score last."""
    if scoring == "cooperative":
        return [1] * len(scores)
    first = sum(1 for w in winners if w) + 1

    def key(score: int | None) -> tuple[bool, int]:
        if score is None:
            return (True, 0)
        return (False, -score if highest_wins else score)

    keys = [key(score) for score, won in zip(scores, winners, strict=True) if not won]
    return [
        1 if won else first + sum(1 for k in keys if k < key(score))
        for score, won in zip(scores, winners, strict=True)
    ]


def _ranked(play: PlayCreate, highest_wins: bool) -> dict[str, tuple[int, bool]]:
    """name → (rank, winner) for a play: by the standings engine for a play won on points,
    as handed in for one whose winners were chosen."""
    if play.scoring != "points":
        winners = [bool(r.winner) for r in play.results]
        ranks = chosen_ranks([r.score for r in play.results], winners, highest_wins, play.scoring)
        return {
            r.player: (place, won)
            for r, place, won in zip(play.results, ranks, winners, strict=True)
        }
    breakers = [TieBreak(t.name, t.higher_wins) for t in play.tiebreakers]
    standings = rank(
        [Entry(r.player, r.score or 0, tuple(r.tiebreaks)) for r in play.results],
        highest_wins=highest_wins,
        tiebreaks=breakers,
        victory_only=play.tiebreaks_victory_only,
    )
    # A play that was stopped before the end has standings but nobody won it.
    return {s.name: (s.rank, s.winner and play.finished) for s in standings}


def _prepare(
    *,
    session: Session,
    play: PlayCreate,
    player_ids: dict[str, int],
    now: datetime,
    games: dict[str, Game | None] | None = None,
) -> _Prepared:
    game, highest_wins = game_for_play(
        session=session, title=play.game, highest_wins=play.highest_wins, cache=games
    )
    assert game.id is not None
    places = _ranked(play, highest_wins)
    row = {
        "uid": play.uid or str(uuid.uuid4()),
        "game_id": game.id,
        "played_at": play.played_at,
        "started_at": play.started_at,
        "scoring": play.scoring,
        "modules": list(play.modules),
        "expansions": list(play.expansions),
        "house_rules": dict(play.house_rules),
        "duration_min": play.duration_min,
        "location": play.location,
        "notes": play.notes,
        "finished": play.finished,
        "tiebreaks_victory_only": play.tiebreaks_victory_only,
        "highest_wins": highest_wins,
        "tiebreakers": [t.model_dump() for t in play.tiebreakers],
        "created_at": play.created_at or now,
        "updated_at": play.updated_at or play.created_at or now,
    }
    results = []
    for r in play.results:
        place, winner = places[r.player]
        results.append(
            {
                "player_id": player_ids[name_key(r.player)],
                "seat": r.seat,
                "score": r.score,
                "breakdown": dict(r.breakdown),
                "tiebreaks": list(r.tiebreaks),
                "start_player": r.start_player,
                "rank": place,
                "winner": winner,
            }
        )
    return _Prepared(play=row, results=results, game_id=game.id, finished=play.finished)


def _contribution(prepared: _Prepared) -> stats.Contribution:
    return stats.Contribution(
        game_id=prepared.game_id,
        finished=prepared.finished,
        results=tuple((r["player_id"], r["score"], r["winner"]) for r in prepared.results),
    )


def uids_present(*, session: Session, uids: Sequence[str]) -> set[str]:
    """Which of ``uids`` are already plays in the history (a deleted one not yet removed
    for good counts: its undo would bring it back)."""
    found: set[str] = set()
    for chunk in chunks(list(uids)):
        found.update(session.execute(select(PLAYS.c.uid).where(PLAYS.c.uid.in_(chunk))).scalars())
    return found


def create_plays(*, session: Session, plays: Sequence[PlayCreate]) -> list[int]:
    """Insert validated plays (bulk), computing ranks and winners; returns their ids in order.

    A play whose ``uid`` is already in the history is refused with :class:`PlayDataError`
    (an import skips those before calling this).
    """
    if not plays:
        return []
    given = [p.uid for p in plays if p.uid is not None]
    if given:
        taken = uids_present(session=session, uids=given)
        if taken:
            raise PlayDataError(f"uid: a play with uid {sorted(taken)[0]!r} is already saved")
    now = utcnow()
    player_ids = ensure_players(session=session, names=[r.player for p in plays for r in p.results])
    games: dict[str, Game | None] = {}
    prepared = [
        _prepare(session=session, play=p, player_ids=player_ids, now=now, games=games)
        for p in plays
    ]
    session.execute(insert(PLAYS), [p.play for p in prepared])
    uids = [p.play["uid"] for p in prepared]
    ids: dict[str, int] = {}
    for chunk in chunks(uids):
        ids.update(
            session.execute(select(PLAYS.c.uid, PLAYS.c.id).where(PLAYS.c.uid.in_(chunk))).all()
        )
    rows = [{**result, "play_id": ids[p.play["uid"]]} for p in prepared for result in p.results]
    session.execute(insert(RESULTS), rows)
    stats.add_to_stats(session, (_contribution(p) for p in prepared))
    return [ids[u] for u in uids]


def create_play(*, session: Session, play: PlayCreate) -> int:
    """Insert one validated play; returns its id."""
    return create_plays(session=session, plays=[play])[0]


def _stored_contribution(session: Session, play_id: int) -> stats.Contribution:
    play = session.execute(
        select(PLAYS.c.game_id, PLAYS.c.finished).where(PLAYS.c.id == play_id)
    ).one()
    results = session.execute(
        select(RESULTS.c.player_id, RESULTS.c.score, RESULTS.c.winner).where(
            RESULTS.c.play_id == play_id
        )
    ).all()
    return stats.Contribution(
        game_id=play.game_id,
        finished=bool(play.finished),
        results=tuple((p, s, bool(w)) for p, s, w in results),
    )


def _require_play(session: Session, play_id: int) -> None:
    if not isinstance(play_id, int) or isinstance(play_id, bool) or not 1 <= play_id <= ID_MAX:
        raise NotFoundError(f"no play with id {describe_value(play_id)}")
    found = session.execute(
        select(PLAYS.c.id).where(PLAYS.c.id == play_id, LIVE)
    ).scalar_one_or_none()
    if found is None:
        raise NotFoundError(f"no play with id {play_id!r} in the history")


def update_play(*, session: Session, play_id: int, play: PlayCreate) -> None:
    """Replace a play's details and results; it keeps its id, uid and creation time."""
    _require_play(session, play_id)
    old = _stored_contribution(session, play_id)
    player_ids = ensure_players(session=session, names=[r.player for r in play.results])
    prepared = _prepare(session=session, play=play, player_ids=player_ids, now=utcnow())
    values = {k: v for k, v in prepared.play.items() if k not in {"uid", "created_at"}}
    values["updated_at"] = utcnow()
    session.execute(delete(RESULTS).where(RESULTS.c.play_id == play_id))
    session.execute(update(PLAYS).where(PLAYS.c.id == play_id).values(**values))
    session.execute(insert(RESULTS), [{**r, "play_id": play_id} for r in prepared.results])
    # The old results are gone, so re-read extremes cannot see them; the new ones are added
    # after, and counts and sums move by exact deltas either way.
    stats.remove_from_stats(session, [old])
    stats.add_to_stats(session, [_contribution(prepared)])


def delete_play(*, session: Session, play_id: int) -> PlayCreate:
    """Delete a play: it leaves every list, statistic and export, and the table it was saved
    from no longer points at it (the table still knows it was saved). Returns the snapshot
    :func:`restore_play` puts it back from. Plays deleted more than :data:`KEEP_DELETED` ago
    are removed for good on the way."""
    snapshot = read_play(session=session, play_id=play_id).to_create()
    old = _stored_contribution(session, play_id)
    now = utcnow()
    purge_deleted(session=session, before=now - KEEP_DELETED)
    session.execute(update(PLAYS).where(PLAYS.c.id == play_id).values(deleted_at=now))
    session.execute(
        update(TABLES).where(TABLES.c.saved_play_id == play_id).values(saved_play_id=None)
    )
    stats.remove_from_stats(session, [old])
    return snapshot


def restore_play(*, session: Session, snapshot: PlayCreate) -> int:
    """Undo a delete: the play as it was (same id, uid and details), back in the statistics,
    and the table it was saved from pointing at it again. A play removed for good meanwhile
    is saved again from ``snapshot`` (same uid, a new id). Returns its id; a play of that uid
    still in the history is refused (:class:`PlayDataError`), so an undo never doubles it."""
    uid = snapshot.uid
    if uid is None:
        raise PlayDataError("uid: a snapshot from delete_play carries the play's uid")
    row = session.execute(
        select(PLAYS.c.id, PLAYS.c.deleted_at).where(PLAYS.c.uid == uid)
    ).one_or_none()
    if row is not None and row.deleted_at is None:
        raise PlayDataError(f"uid: a play with uid {uid!r} is already saved")
    if row is None:
        play_id = create_play(session=session, play=snapshot)
    else:
        play_id = row.id
        session.execute(update(PLAYS).where(PLAYS.c.id == play_id).values(deleted_at=None))
        stats.add_to_stats(session, [_stored_contribution(session, play_id)])
    session.execute(
        update(TABLES)
        .where(TABLES.c.saved_play_uid == uid, TABLES.c.saved_play_id.is_(None))
        .values(saved_play_id=play_id)
    )
    return play_id


def purge_deleted(*, session: Session, before: datetime | None = None) -> int:
    """Remove deleted plays for good (only those deleted before ``before``, if given); how
    many. Their statistics left with the delete; a table they were saved from still knows
    it was saved (its ``saved_play_uid``)."""
    query = select(PLAYS.c.id).where(PLAYS.c.deleted_at.is_not(None))
    if before is not None:
        query = query.where(PLAYS.c.deleted_at < before)
    ids = list(session.execute(query).scalars())
    for chunk in chunks(ids):
        # Foreign keys cascade to the results; said here too, so that a connection without
        # foreign-key enforcement cannot leave results behind.
        session.execute(delete(RESULTS).where(RESULTS.c.play_id.in_(chunk)))
        session.execute(delete(PLAYS).where(PLAYS.c.id.in_(chunk)))
    return len(ids)


def _read_results(session: Session, play_ids: Sequence[int]) -> dict[int, list[ResultPublic]]:
    out: dict[int, list[ResultPublic]] = {pid: [] for pid in play_ids}
    for chunk in chunks(list(play_ids)):
        rows = session.execute(
            select(RESULTS, PLAYERS.c.name)
            .join(PLAYERS, PLAYERS.c.id == RESULTS.c.player_id)
            .where(RESULTS.c.play_id.in_(chunk))
        ).all()
        for row in rows:
            out[row.play_id].append(
                ResultPublic(
                    player=row.name,
                    seat=row.seat,
                    score=row.score,
                    breakdown=row.breakdown or {},
                    tiebreaks=row.tiebreaks or [],
                    start_player=bool(row.start_player),
                    rank=row.rank,
                    winner=bool(row.winner),
                )
            )
    for results in out.values():
        results.sort(key=lambda r: (r.rank, r.seat))
    return out


def _tables_of(session: Session, play_ids: Sequence[int]) -> dict[int, int]:
    """play id → the table it was saved from, for the plays that came from one."""
    found: dict[int, int] = {}
    for chunk in chunks(list(play_ids)):
        found.update(
            session.execute(
                select(TABLES.c.saved_play_id, TABLES.c.id).where(TABLES.c.saved_play_id.in_(chunk))
            ).all()
        )
    return found


def _public(rows: Sequence[Any], session: Session) -> list[PlayPublic]:
    results = _read_results(session, [row.id for row in rows])
    tables = _tables_of(session, [row.id for row in rows])
    return [
        PlayPublic(
            id=row.id,
            uid=row.uid,
            game=row.game_name,
            game_key=row.game_key,
            played_at=row.played_at,
            started_at=row.started_at,
            scoring=row.scoring,
            modules=row.modules or [],
            expansions=row.expansions or [],
            house_rules=row.house_rules or {},
            duration_min=row.duration_min,
            location=row.location,
            notes=row.notes,
            finished=bool(row.finished),
            tiebreaks_victory_only=bool(row.tiebreaks_victory_only),
            highest_wins=bool(row.highest_wins),
            tiebreakers=[TieBreakerSpec(**t) for t in row.tiebreakers or []],
            results=results[row.id],
            created_at=row.created_at,
            updated_at=row.updated_at,
            table_id=tables.get(row.id),
        )
        for row in rows
    ]


def _plays_query() -> Any:
    return (
        select(PLAYS, GAMES.c.name.label("game_name"), GAMES.c.key.label("game_key"))
        .join(GAMES, GAMES.c.id == PLAYS.c.game_id)
        .where(LIVE)
    )


def read_play(*, session: Session, play_id: int) -> PlayPublic:
    """One play with its results (best first) and names; :class:`NotFoundError` if absent."""
    _require_play(session, play_id)
    row = session.execute(_plays_query().where(PLAYS.c.id == play_id)).one()
    return _public([row], session)[0]


def listing(session: Session, column: Any, values: Iterable[str]) -> Any:
    """The condition that the JSON list in ``column`` (a play's modules or expansions) holds
    one of ``values``, in the session's dialect."""
    if session.get_bind().dialect.name == "sqlite":
        items = func.json_each(column).table_valued("value")
    else:
        items = func.json_array_elements_text(column).table_valued("value").render_derived()
    return exists(select(items.c.value).where(items.c.value.in_(sorted(values))))


def _feature_forms(game: Game | None, kind: features.Kind, text: str) -> set[str]:
    """Every stored spelling of module or expansion ``text`` (of ``game``, or of any game)."""
    if game is not None:
        return set(features.spellings(game.key, kind, text))
    keys = [None, *(g.id for g in catalogue().games)]
    return {form for key in keys for form in features.spellings(key, kind, text)}


def _filtered(
    query: Any,
    session: Session,
    game: str | None,
    player: str | None,
    module: str | None = None,
    expansion: str | None = None,
) -> Any:
    """``query`` narrowed to a game, a player, a module and/or an expansion; None if the game
    or the player is one the history does not know."""
    row = None
    if game is not None:
        row = find_game(session=session, title=game)
        if row is None:
            return None
        query = query.where(PLAYS.c.game_id == row.id)
    wanted_features: tuple[tuple[features.Kind, str | None, Any], ...] = (
        ("module", module, PLAYS.c.modules),
        ("expansion", expansion, PLAYS.c.expansions),
    )
    for kind, wanted, column in wanted_features:
        if wanted is not None:
            forms = _feature_forms(row, kind, normal_text(wanted))
            query = query.where(listing(session, column, forms))
    if player is not None:
        who = find_player(session=session, name=player)
        if who is None:
            return None
        query = query.where(
            exists().where(RESULTS.c.play_id == PLAYS.c.id, RESULTS.c.player_id == who.id)
        )
    return query


def _page(limit: int, offset: int) -> None:
    for label, value in (("limit", limit), ("offset", offset)):
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= PAGE_MAX:
            raise PlayDataError(
                f"{label}: expected a whole number from 0 to {PAGE_MAX:,}, "
                f"got {describe_value(value)}"
            )


def read_plays(
    *,
    session: Session,
    game: str | None = None,
    player: str | None = None,
    module: str | None = None,
    expansion: str | None = None,
    limit: int = 50,
    offset: int = 0,
) -> list[PlayPublic]:
    """Plays newest first, optionally of one game, with one player, played with one module
    and/or one expansion."""
    _page(limit, offset)
    query = _filtered(_plays_query(), session, game, player, module, expansion)
    if query is None:
        return []
    rows = session.execute(
        query.order_by(PLAYS.c.played_at.desc(), PLAYS.c.id.desc()).limit(limit).offset(offset)
    ).all()
    return _public(rows, session)


def count_plays(
    *,
    session: Session,
    game: str | None = None,
    player: str | None = None,
    module: str | None = None,
    expansion: str | None = None,
) -> int:
    """How many plays (finished or not) match the same filters as :func:`read_plays`."""
    query = _filtered(
        select(func.count()).select_from(PLAYS).where(LIVE),
        session,
        game,
        player,
        module,
        expansion,
    )
    if query is None:
        return 0
    return int(session.execute(query).scalar_one())
