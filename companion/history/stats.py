"""Statistics over the play history, read from running totals kept by every write.

Only finished plays count: a play marked not finished adds nothing to plays, wins or scores
(it still appears in the list of plays). The totals live in two small tables
(``stat_player_game``, ``stat_game``) updated in the same transaction as the plays, so the
figures for a club's 100,000 plays are a read of a few hundred rows.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Table, case, delete, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from companion.history.errors import StoreError
from companion.history.models import Game, GameStat, Play, Player, PlayerGameStat, PlayResult

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
    ``average`` is the mean score over every counted play.
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

    ``average_winning_score`` averages the winner's score over plays (tied winners share one
    score, so a shared win counts once). ``top_winners`` are the player(s) with the most
    wins, ``top_wins`` that count.
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
    """What one play adds to the totals: its game and each result (player, score, winner)."""

    game_id: int
    finished: bool
    results: tuple[tuple[int, int, bool], ...]

    @property
    def winning_score(self) -> int | None:
        scores = [score for _, score, winner in self.results if winner]
        return max(scores) if scores else None


def dialect_insert(session: Session, table: Table) -> Any:
    """An INSERT for ``table`` in the session's dialect (for its ON CONFLICT clauses)."""
    name = session.get_bind().dialect.name
    if name == "sqlite":
        return sqlite.insert(table)
    if name == "postgresql":
        return postgresql.insert(table)
    raise StoreError(f"unsupported database {name!r} (use sqlite or postgresql)")


def _totals(
    contributions: Iterable[Contribution],
) -> tuple[dict[tuple[int, int], list[int]], dict[int, list[int]]]:
    pairs: dict[tuple[int, int], list[int]] = {}
    games: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for c in contributions:
        if not c.finished or not c.results:
            continue
        for player_id, score, winner in c.results:
            row = pairs.get((player_id, c.game_id))
            if row is None:
                pairs[(player_id, c.game_id)] = [1, int(winner), score, score, score]
            else:
                row[0] += 1
                row[1] += int(winner)
                row[2] += score
                row[3] = max(row[3], score)
                row[4] = min(row[4], score)
        games[c.game_id][0] += 1
        games[c.game_id][1] += c.winning_score or 0
    return pairs, dict(games)


class Totals:
    """Totals gathered in memory while many plays are written (an import), for add_totals."""

    def __init__(self) -> None:
        self.pairs: dict[tuple[int, int], list[int]] = {}
        self.games: dict[int, list[int]] = defaultdict(lambda: [0, 0])

    def add(self, game_id: int, results: Sequence[tuple[int, int, bool]]) -> None:
        """One finished play: each result as (player id, score, winner)."""
        if not results:
            return
        pairs = self.pairs
        winning: int | None = None
        for player_id, score, winner in results:
            row = pairs.get((player_id, game_id))
            if row is None:
                pairs[(player_id, game_id)] = [1, int(winner), score, score, score]
            else:
                row[0] += 1
                row[1] += winner
                row[2] += score
                if score > row[3]:
                    row[3] = score
                if score < row[4]:
                    row[4] = score
            if winner and (winning is None or score > winning):
                winning = score
        game = self.games[game_id]
        game[0] += 1
        game[1] += winning or 0


def add_totals(session: Session, totals: Totals) -> None:
    """Add gathered totals to the tables (one upsert per player and game)."""
    _upsert(session, totals.pairs, dict(totals.games))


def add_to_stats(session: Session, contributions: Iterable[Contribution]) -> None:
    """Add plays to the totals (one upsert per player and game touched)."""
    pairs, games = _totals(contributions)
    _upsert(session, pairs, games)


def _upsert(
    session: Session, pairs: dict[tuple[int, int], list[int]], games: dict[int, list[int]]
) -> None:
    if pairs:
        stmt = dialect_insert(session, PAIRS)
        new = stmt.excluded
        stmt = stmt.on_conflict_do_update(
            index_elements=[PAIRS.c.player_id, PAIRS.c.game_id],
            set_={
                "plays": PAIRS.c.plays + new.plays,
                "wins": PAIRS.c.wins + new.wins,
                "score_sum": PAIRS.c.score_sum + new.score_sum,
                "score_max": case(
                    (new.score_max > PAIRS.c.score_max, new.score_max), else_=PAIRS.c.score_max
                ),
                "score_min": case(
                    (new.score_min < PAIRS.c.score_min, new.score_min), else_=PAIRS.c.score_min
                ),
            },
        )
        session.execute(
            stmt,
            [
                {
                    "player_id": p,
                    "game_id": g,
                    "plays": v[0],
                    "wins": v[1],
                    "score_sum": v[2],
                    "score_max": v[3],
                    "score_min": v[4],
                }
                for (p, g), v in pairs.items()
            ],
        )
    if games:
        stmt = dialect_insert(session, GAMES)
        stmt = stmt.on_conflict_do_update(
            index_elements=[GAMES.c.game_id],
            set_={
                "plays": GAMES.c.plays + stmt.excluded.plays,
                "winning_score_sum": GAMES.c.winning_score_sum + stmt.excluded.winning_score_sum,
            },
        )
        session.execute(
            stmt,
            [{"game_id": g, "plays": v[0], "winning_score_sum": v[1]} for g, v in games.items()],
        )


def remove_from_stats(session: Session, contributions: Iterable[Contribution]) -> None:
    """Take plays out of the totals; extremes are re-read only where an extreme left."""
    pairs, games = _totals(contributions)
    for (player_id, game_id), (plays, wins, total, high, low) in pairs.items():
        where = (PAIRS.c.player_id == player_id) & (PAIRS.c.game_id == game_id)
        # UPDATE ... RETURNING would save a round trip but needs SQLite 3.35 or newer.
        session.execute(
            update(PAIRS)
            .where(where)
            .values(
                plays=PAIRS.c.plays - plays,
                wins=PAIRS.c.wins - wins,
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
        elif high >= row.score_max or low <= row.score_min:
            # The removed play may have held this player's record score in the game (the play
            # itself is already gone or excluded), so the extremes are read again.
            extremes = session.execute(
                select(func.max(RESULTS.c.score), func.min(RESULTS.c.score))
                .join(PLAYS, PLAYS.c.id == RESULTS.c.play_id)
                .where(
                    RESULTS.c.player_id == player_id,
                    PLAYS.c.game_id == game_id,
                    PLAYS.c.finished.is_(True),
                )
            ).one()
            session.execute(
                update(PAIRS).where(where).values(score_max=extremes[0], score_min=extremes[1])
            )
    for game_id, (plays, total) in games.items():
        game_where = GAMES.c.game_id == game_id
        session.execute(
            update(GAMES)
            .where(game_where)
            .values(
                plays=GAMES.c.plays - plays,
                winning_score_sum=GAMES.c.winning_score_sum - total,
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
        .where(PLAYS.c.finished.is_(True))
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
    plays = wins = total = 0
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
                average=row.score_sum / row.plays if row.plays else None,
            )
        )
        plays += row.plays
        wins += row.wins
        total += row.score_sum
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
        average=total / plays if plays else None,
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
        average_winning_score=totals.winning_score_sum / plays if plays else None,
        top_winners=tuple(top),
        top_wins=top_wins,
        highest_score=max((r.score_max for r in rows), default=None),
        lowest_score=min((r.score_min for r in rows), default=None),
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
    """(played_at, score, game name) of a player's finished plays, oldest first."""
    query = (
        select(PLAYS.c.played_at, RESULTS.c.score, GAME_ROWS.c.name)
        .join(PLAYS, PLAYS.c.id == RESULTS.c.play_id)
        .join(GAME_ROWS, GAME_ROWS.c.id == PLAYS.c.game_id)
        .where(RESULTS.c.player_id == player_id, PLAYS.c.finished.is_(True))
        .order_by(PLAYS.c.played_at, PLAYS.c.id)
    )
    if game_id is not None:
        query = query.where(PLAYS.c.game_id == game_id)
    return [(at, score, name) for at, score, name in session.execute(query)]
