"""Statistics over the play history, read from running totals kept by every write.

Only finished plays count: a play marked not finished adds nothing to plays, wins or scores
(it still appears in the list of plays), and a deleted one nothing at all. A play without
points (win/lose, or co-operative without a score) counts as a play and as a win for its
winners; score figures (sums, averages, bests) are only over the results that have a score.
The totals live in two small tables (``stat_player_game``, ``stat_game``) updated in the
same transaction as the plays, so the figures for a club's 100,000 plays are a read of a few
hundred rows.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Table, case, delete, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from companion.history import features
from companion.history.errors import StoreError
from companion.history.models import (
    Game,
    GameStat,
    Play,
    Player,
    PlayerGameStat,
    PlayResult,
    name_key,
)

PAIRS: Table = PlayerGameStat.__table__  # type: ignore[attr-defined]
GAMES: Table = GameStat.__table__  # type: ignore[attr-defined]
PLAYS: Table = Play.__table__  # type: ignore[attr-defined]
RESULTS: Table = PlayResult.__table__  # type: ignore[attr-defined]
PLAYERS: Table = Player.__table__  # type: ignore[attr-defined]
GAME_ROWS: Table = Game.__table__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class PlayerGameStats:
    """One player's figures in one game (finished plays only)."""

    game: str
    game_key: str | None
    plays: int
    wins: int
    win_rate: float
    best: int | None
    """Highest score, or lowest in a game the lowest score wins."""
    average: float | None


@dataclass(frozen=True)
class PlayerStats:
    """One player's figures over all games (finished plays only), and per game.

    ``win_rate`` is wins / plays (0.0 with no plays); a shared first place is a win for
    each player sharing it. ``best`` is the highest score in games the highest score wins;
    a player who has only played lowest-wins games gets their lowest score there instead.
    ``average`` is the mean score over every counted play with a score (None without one).
    """

    name: str
    plays: int
    wins: int
    win_rate: float
    best: int | None
    average: float | None
    per_game: tuple[PlayerGameStats, ...] = ()


@dataclass(frozen=True)
class GameStats:
    """One game's figures (finished plays only).

    ``average_winning_score`` averages the winner's score over plays whose winners have a
    score (tied winners share one score, so a shared win counts once). ``top_winners`` are
    the player(s) with the most wins, ``top_wins`` that count.
    """

    game: str
    game_key: str | None
    highest_wins: bool
    plays: int
    average_winning_score: float | None
    top_winners: tuple[str, ...]
    top_wins: int
    highest_score: int | None
    lowest_score: int | None

    @property
    def best_score(self) -> int | None:
        """The best score ever made: the highest, or the lowest where the lowest wins."""
        return self.highest_score if self.highest_wins else self.lowest_score


# ----------------------------------------------------------------------- keeping the totals


@dataclass(frozen=True)
class Contribution:
    """What one play adds to the totals: its game and each result (player, score or None,
    winner)."""

    game_id: int
    finished: bool
    results: tuple[tuple[int, int | None, bool], ...]

    @property
    def winning_score(self) -> int | None:
        scores = [score for _, score, winner in self.results if winner and score is not None]
        return max(scores) if scores else None


def dialect_insert(session: Session, table: Table) -> Any:
    """An INSERT for ``table`` in the session's dialect (for its ON CONFLICT clauses)."""
    name = session.get_bind().dialect.name
    if name == "sqlite":
        return sqlite.insert(table)
    if name == "postgresql":
        return postgresql.insert(table)
    raise StoreError(f"unsupported database {name!r} (use sqlite or postgresql)")


class Totals:
    """Totals of plays gathered in memory, written by :func:`add_totals` (an import gathers
    a whole file's). Per player and game: [plays, wins, score sum, highest, lowest, scored
    plays]; per game: [plays, winning score sum, plays with a winning score]."""

    def __init__(self) -> None:
        self.pairs: dict[tuple[int, int], list[Any]] = {}
        self.games: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])

    def add(self, game_id: int, results: Sequence[tuple[int, int | None, bool]]) -> None:
        """One finished play: each result as (player id, score or None, winner)."""
        if not results:
            return
        pairs = self.pairs
        winning: int | None = None
        for player_id, score, winner in results:
            row = pairs.get((player_id, game_id))
            if score is None:
                if row is None:
                    pairs[(player_id, game_id)] = [1, int(winner), 0, None, None, 0]
                else:
                    row[0] += 1
                    row[1] += winner
                continue
            if row is None:
                pairs[(player_id, game_id)] = [1, int(winner), score, score, score, 1]
            else:
                row[0] += 1
                row[1] += winner
                row[2] += score
                row[5] += 1
                if row[3] is None or score > row[3]:
                    row[3] = score
                if row[4] is None or score < row[4]:
                    row[4] = score
            if winner and (winning is None or score > winning):
                winning = score
        game = self.games[game_id]
        game[0] += 1
        if winning is not None:
            game[1] += winning
            game[2] += 1


def _totals(contributions: Iterable[Contribution]) -> Totals:
    totals = Totals()
    for c in contributions:
        if c.finished:
            totals.add(c.game_id, c.results)
    return totals


def add_totals(session: Session, totals: Totals) -> None:
    """Add gathered totals to the tables (one upsert per player and game)."""
    _upsert(session, totals.pairs, dict(totals.games))


def add_to_stats(session: Session, contributions: Iterable[Contribution]) -> None:
    """Add plays to the totals (one upsert per player and game touched)."""
    add_totals(session, _totals(contributions))


@functools.cache
def _upserts(dialect: str) -> tuple[Any, Any]:
    """The two upserts that add totals, built once per dialect (building one costs more
    than running it for a play)."""
    make = sqlite.insert if dialect == "sqlite" else postgresql.insert
    pairs = make(PAIRS)
    new = pairs.excluded
    pairs = pairs.on_conflict_do_update(
        index_elements=[PAIRS.c.player_id, PAIRS.c.game_id],
        set_={
            "plays": PAIRS.c.plays + new.plays,
            "wins": PAIRS.c.wins + new.wins,
            "scored": PAIRS.c.scored + new.scored,
            "score_sum": PAIRS.c.score_sum + new.score_sum,
            # An extreme of no score (None) leaves the other one standing.
            "score_max": case(
                (PAIRS.c.score_max.is_(None), new.score_max),
                (new.score_max > PAIRS.c.score_max, new.score_max),
                else_=PAIRS.c.score_max,
            ),
            "score_min": case(
                (PAIRS.c.score_min.is_(None), new.score_min),
                (new.score_min < PAIRS.c.score_min, new.score_min),
                else_=PAIRS.c.score_min,
            ),
        },
    )
    games = make(GAMES)
    games = games.on_conflict_do_update(
        index_elements=[GAMES.c.game_id],
        set_={
            "plays": GAMES.c.plays + games.excluded.plays,
            "winning_score_sum": GAMES.c.winning_score_sum + games.excluded.winning_score_sum,
            "scored_plays": GAMES.c.scored_plays + games.excluded.scored_plays,
        },
    )
    return pairs, games


def _upsert(
    session: Session, pairs: dict[tuple[int, int], list[Any]], games: dict[int, list[int]]
) -> None:
    dialect_insert(session, PAIRS)  # refuses a database that is neither SQLite nor PostgreSQL
    add_pairs, add_games = _upserts(session.get_bind().dialect.name)
    if pairs:
        session.execute(
            add_pairs,
            [
                {
                    "player_id": p,
                    "game_id": g,
                    "plays": v[0],
                    "wins": v[1],
                    "score_sum": v[2],
                    "score_max": v[3],
                    "score_min": v[4],
                    "scored": v[5],
                }
                for (p, g), v in pairs.items()
            ],
        )
    if games:
        session.execute(
            add_games,
            [
                {"game_id": g, "plays": v[0], "winning_score_sum": v[1], "scored_plays": v[2]}
                for g, v in games.items()
            ],
        )


def remove_from_stats(session: Session, contributions: Iterable[Contribution]) -> None:
    """Take plays out of the totals (the plays themselves already deleted, or marked so);
    extremes are re-read only where an extreme left."""
    totals = _totals(contributions)
    for (player_id, game_id), (plays, wins, total, high, low, scored) in totals.pairs.items():
        where = (PAIRS.c.player_id == player_id) & (PAIRS.c.game_id == game_id)
        # UPDATE ... RETURNING would save a round trip but needs SQLite 3.35 or newer.
        session.execute(
            update(PAIRS)
            .where(where)
            .values(
                plays=PAIRS.c.plays - plays,
                wins=PAIRS.c.wins - wins,
                scored=PAIRS.c.scored - scored,
                score_sum=PAIRS.c.score_sum - total,
            )
        )
        row = session.execute(
            select(PAIRS.c.plays, PAIRS.c.score_max, PAIRS.c.score_min).where(where)
        ).one_or_none()
        if row is None:
            continue
        if row.plays <= 0:
            session.execute(delete(PAIRS).where(where))
        elif scored and (row.score_max is None or high >= row.score_max or low <= row.score_min):
            # The removed play may have held this player's record score in the game (the play
            # itself is already gone or excluded), so the extremes are read again.
            extremes = session.execute(
                select(func.max(RESULTS.c.score), func.min(RESULTS.c.score))
                .join(PLAYS, PLAYS.c.id == RESULTS.c.play_id)
                .where(
                    RESULTS.c.player_id == player_id,
                    PLAYS.c.game_id == game_id,
                    PLAYS.c.finished.is_(True),
                    PLAYS.c.deleted_at.is_(None),
                )
            ).one()
            session.execute(
                update(PAIRS).where(where).values(score_max=extremes[0], score_min=extremes[1])
            )
    for game_id, (plays, total, scored_plays) in totals.games.items():
        game_where = GAMES.c.game_id == game_id
        session.execute(
            update(GAMES)
            .where(game_where)
            .values(
                plays=GAMES.c.plays - plays,
                winning_score_sum=GAMES.c.winning_score_sum - total,
                scored_plays=GAMES.c.scored_plays - scored_plays,
            )
        )
        session.execute(delete(GAMES).where(game_where, GAMES.c.plays <= 0))


def rebuild_statistics(session: Session) -> None:
    """Recompute every total from the plays themselves (a repair tool, and the tests' oracle)."""
    session.execute(delete(PAIRS))
    session.execute(delete(GAMES))
    rows = session.execute(
        select(
            PLAYS.c.id,
            PLAYS.c.game_id,
            PLAYS.c.finished,
            RESULTS.c.player_id,
            RESULTS.c.score,
            RESULTS.c.winner,
        )
        .join(RESULTS, RESULTS.c.play_id == PLAYS.c.id)
        .where(PLAYS.c.finished.is_(True), PLAYS.c.deleted_at.is_(None))
        .order_by(PLAYS.c.id)
    ).all()
    by_play: dict[int, list[Any]] = defaultdict(list)
    game_of: dict[int, int] = {}
    for play_id, game_id, _finished, player_id, score, winner in rows:
        by_play[play_id].append((player_id, score, bool(winner)))
        game_of[play_id] = game_id
    add_to_stats(
        session,
        (Contribution(game_of[p], True, tuple(results)) for p, results in by_play.items()),
    )


# --------------------------------------------------------------------------------- reading


def _rate(wins: int, plays: int) -> float:
    return wins / plays if plays else 0.0


def _pair_rows(
    session: Session, *, player_id: int | None = None, game_id: int | None = None
) -> Sequence[Any]:
    query = select(
        PAIRS.c.player_id,
        PAIRS.c.game_id,
        PAIRS.c.plays,
        PAIRS.c.wins,
        PAIRS.c.scored,
        PAIRS.c.score_sum,
        PAIRS.c.score_max,
        PAIRS.c.score_min,
    )
    if player_id is not None:
        query = query.where(PAIRS.c.player_id == player_id)
    if game_id is not None:
        query = query.where(PAIRS.c.game_id == game_id)
    return session.execute(query).all()


def _games(session: Session) -> dict[int, tuple[str, str | None, bool]]:
    return {
        row.id: (row.name, row.key, bool(row.highest_wins))
        for row in session.execute(
            select(GAME_ROWS.c.id, GAME_ROWS.c.name, GAME_ROWS.c.key, GAME_ROWS.c.highest_wins)
        )
    }


def _players(session: Session) -> dict[int, str]:
    return dict(session.execute(select(PLAYERS.c.id, PLAYERS.c.name)).all())


def _player_stats(
    name: str, rows: Sequence[Any], games: dict[int, tuple[str, str | None, bool]]
) -> PlayerStats:
    per_game = []
    plays = wins = total = scored = 0
    high_best: int | None = None
    low_best: int | None = None
    for row in rows:
        game_name, game_key, highest_wins = games[row.game_id]
        best = row.score_max if highest_wins else row.score_min
        per_game.append(
            PlayerGameStats(
                game=game_name,
                game_key=game_key,
                plays=row.plays,
                wins=row.wins,
                win_rate=_rate(row.wins, row.plays),
                best=best,
                average=row.score_sum / row.scored if row.scored else None,
            )
        )
        plays += row.plays
        wins += row.wins
        total += row.score_sum
        scored += row.scored
        if best is None:
            continue
        if highest_wins:
            high_best = best if high_best is None else max(high_best, best)
        else:
            low_best = best if low_best is None else min(low_best, best)
    per_game.sort(key=lambda s: (-s.plays, s.game.casefold()))
    return PlayerStats(
        name=name,
        plays=plays,
        wins=wins,
        win_rate=_rate(wins, plays),
        best=high_best if high_best is not None else low_best,
        average=total / scored if scored else None,
        per_game=tuple(per_game),
    )


def player_stats(session: Session, player_id: int, name: str) -> PlayerStats:
    """One player's figures (see :class:`PlayerStats`)."""
    return _player_stats(name, _pair_rows(session, player_id=player_id), _games(session))


def all_player_stats(session: Session) -> list[PlayerStats]:
    """Every known player's figures, most plays first (players without plays at the end)."""
    games = _games(session)
    by_player: dict[int, list[Any]] = defaultdict(list)
    for row in _pair_rows(session):
        by_player[row.player_id].append(row)
    stats = [
        _player_stats(name, by_player.get(pid, []), games)
        for pid, name in _players(session).items()
    ]
    stats.sort(key=lambda s: (-s.plays, -s.wins, s.name.casefold()))
    return stats


def _game_stats(
    game: tuple[str, str | None, bool], totals: Any, rows: Sequence[Any], players: dict[int, str]
) -> GameStats:
    name, key, highest_wins = game
    plays = totals.plays if totals is not None else 0
    scored = totals.scored_plays if totals is not None else 0
    top_wins = max((r.wins for r in rows), default=0)
    top = sorted(
        (players[r.player_id] for r in rows if r.wins == top_wins and top_wins > 0),
        key=str.casefold,
    )
    return GameStats(
        game=name,
        game_key=key,
        highest_wins=highest_wins,
        plays=plays,
        average_winning_score=totals.winning_score_sum / scored if scored else None,
        top_winners=tuple(top),
        top_wins=top_wins,
        highest_score=max((r.score_max for r in rows if r.score_max is not None), default=None),
        lowest_score=min((r.score_min for r in rows if r.score_min is not None), default=None),
    )


def game_stats(session: Session, game_id: int) -> GameStats:
    """One game's figures (see :class:`GameStats`)."""
    games = _games(session)
    totals = session.execute(select(GAMES).where(GAMES.c.game_id == game_id)).one_or_none()
    return _game_stats(
        games[game_id], totals, _pair_rows(session, game_id=game_id), _players(session)
    )


def all_game_stats(session: Session) -> list[GameStats]:
    """Every game's figures, most plays first."""
    games = _games(session)
    players = _players(session)
    totals = {row.game_id: row for row in session.execute(select(GAMES))}
    by_game: dict[int, list[Any]] = defaultdict(list)
    for row in _pair_rows(session):
        by_game[row.game_id].append(row)
    stats = [
        _game_stats(game, totals.get(gid), by_game.get(gid, []), players)
        for gid, game in games.items()
    ]
    stats.sort(key=lambda s: (-s.plays, s.game.casefold()))
    return stats


def wins_per_player(session: Session, game_id: int | None = None) -> list[tuple[str, int]]:
    """(player, wins) for everyone with a counted play (in that game), most wins first."""
    wins: dict[int, int] = defaultdict(int)
    for row in _pair_rows(session, game_id=game_id):
        wins[row.player_id] += row.wins
    players = _players(session)
    return sorted(
        ((players[p], w) for p, w in wins.items()), key=lambda t: (-t[1], t[0].casefold())
    )


def score_series(
    session: Session, player_id: int, game_id: int | None = None
) -> list[tuple[datetime, int, str]]:
    """(played_at, score, game name) of a player's finished plays with a score, oldest first."""
    query = (
        select(PLAYS.c.played_at, RESULTS.c.score, GAME_ROWS.c.name)
        .join(PLAYS, PLAYS.c.id == RESULTS.c.play_id)
        .join(GAME_ROWS, GAME_ROWS.c.id == PLAYS.c.game_id)
        .where(
            RESULTS.c.player_id == player_id,
            RESULTS.c.score.is_not(None),
            PLAYS.c.finished.is_(True),
            PLAYS.c.deleted_at.is_(None),
        )
        .order_by(PLAYS.c.played_at, PLAYS.c.id)
    )
    if game_id is not None:
        query = query.where(PLAYS.c.game_id == game_id)
    return [(at, score, name) for at, score, name in session.execute(query)]


# ------------------------------------------------------------------ modules and expansions


@dataclass(frozen=True)
class FeaturePlayer:
    """One player's finished plays of a game with a module or expansion, and wins there."""

    name: str
    plays: int
    wins: int


@dataclass(frozen=True)
class FeatureStats:
    """A module's or an expansion's figures in one game, finished plays only: "with the
    Faction Festival: 7 plays, Ann won 4".

    ``value`` is the module or expansion as the history keeps it (a module's setup id where
    the catalogue knows it), ``name`` in players' words; ``players`` most wins first.
    """

    game: str
    kind: features.Kind
    value: str
    name: str
    plays: int
    players: tuple[FeaturePlayer, ...]

    def wins_of(self, player: str) -> int:
        """A player's wins with it (0 for one who never won or played with it)."""
        key = name_key(player)
        return next((p.wins for p in self.players if name_key(p.name) == key), 0)


def _finished_plays(session: Session, game_id: int, *, expansions: bool = True) -> Any:
    """A game's finished plays with a module (or an expansion): id, modules, expansions."""
    some = func.json_array_length(PLAYS.c.modules) > 0
    if expansions:
        some = some | (func.json_array_length(PLAYS.c.expansions) > 0)
    return (
        select(PLAYS.c.id, PLAYS.c.modules, PLAYS.c.expansions)
        .where(PLAYS.c.game_id == game_id, some)
        .where(PLAYS.c.finished.is_(True), PLAYS.c.deleted_at.is_(None))
    )


def feature_stats(session: Session, game_id: int) -> list[FeatureStats]:
    """The figures of every module and expansion played with in a game (most plays first)."""
    game_name, key, _ = _games(session)[game_id]
    key = features.game_key(key or game_name)
    with_features: dict[int, list[tuple[features.Kind, str]]] = {}
    for play_id, modules, expansions in session.execute(_finished_plays(session, game_id)):
        found: list[tuple[features.Kind, str]] = [
            ("module", features.canonical(key, "module", m)) for m in modules or ()
        ]
        found += [("expansion", features.canonical(key, "expansion", e)) for e in expansions or ()]
        if found:
            with_features[play_id] = list(dict.fromkeys(found))
    results: dict[int, list[tuple[int, bool]]] = defaultdict(list)
    ids = list(with_features)
    for start in range(0, len(ids), 500):
        rows = session.execute(
            select(RESULTS.c.play_id, RESULTS.c.player_id, RESULTS.c.winner).where(
                RESULTS.c.play_id.in_(ids[start : start + 500])
            )
        )
        for play_id, player_id, winner in rows:
            results[play_id].append((player_id, bool(winner)))
    plays: dict[tuple[features.Kind, str], int] = defaultdict(int)
    tally: dict[tuple[features.Kind, str], dict[int, list[int]]] = defaultdict(dict)
    for play_id, found in with_features.items():
        for feature in found:
            plays[feature] += 1
            per_player = tally[feature]
            for player_id, won in results[play_id]:
                counts = per_player.setdefault(player_id, [0, 0])
                counts[0] += 1
                counts[1] += won
    names = _players(session)
    out = [
        FeatureStats(
            game=game_name,
            kind=kind,
            value=value,
            name=features.label(key, kind, value),
            plays=count,
            players=tuple(
                sorted(
                    (FeaturePlayer(names[p], n, w) for p, (n, w) in tally[(kind, value)].items()),
                    key=lambda f: (-f.wins, -f.plays, f.name.casefold()),
                )
            ),
        )
        for (kind, value), count in plays.items()
    ]
    out.sort(key=lambda f: (f.kind != "expansion", -f.plays, f.name.casefold()))
    return out


def modules_not_played(
    session: Session,
    game_id: int | None,
    key: str | None,
    player_ids: Sequence[int | None],
    among: Sequence[str],
    *,
    together: bool,
) -> list[str]:
    """Which of ``among`` (modules, in any spelling) no finished play of the game (catalogue
    id ``key``) with the group has used: with ``together``, a play counts if every one of
    the players was at it; otherwise if any of them was. A player the history does not know
    (None) has played nothing."""
    known = [p for p in player_ids if p is not None]
    played: set[str] = set()
    if game_id is not None and known and (not together or len(known) == len(player_ids)):
        group = select(RESULTS.c.play_id).where(RESULTS.c.player_id.in_(known))
        if together:
            group = group.group_by(RESULTS.c.play_id).having(func.count() == len(known))
        query = _finished_plays(session, game_id, expansions=False).where(PLAYS.c.id.in_(group))
        for _, modules, _ in session.execute(query):
            played.update(features.canonical(key, "module", m) for m in modules or ())
    return [m for m in among if features.canonical(key, "module", m) not in played]
