"""BG Stats coming in, written: a checked backup's plays stored in one transaction (the bulk path,
and SQLite's own faster path)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any

from sqlalchemy.orm import Session

from companion.history import bulk, crud, stats
from companion.history.bgstats.files import HAND_DECIDED
from companion.history.bgstats.read import BGStatsBackup, ReadyPlay
from companion.history.bulk import Progress
from companion.history.exchange import ImportReport, has_plays
from companion.history.models import (
    Game,
    Player,
    name_key,
    utcnow,
)


def import_backup(
    session: Session, backup: BGStatsBackup, *, progress: Progress | None = None
) -> ImportReport:
    """Read and write a BG Stats backup in the caller's transaction (plays present skipped),
    :data:`bulk.BATCH` plays at a time; ``progress(read, total)`` after each batch. A problem
    found on the way raises :class:`ImportFileError`: the caller's transaction must then be
    rolled back (what was written before it goes too)."""
    from sqlalchemy import func, select

    players_before = session.execute(select(func.count()).select_from(Player)).scalar_one()
    games_before = session.execute(select(func.count()).select_from(Game)).scalar_one()
    check_present = has_plays(session)
    duplicates: list[str] = []
    imported = 0

    def batches() -> Iterator[list[ReadyPlay]]:
        nonlocal imported
        plays = backup.plays()
        reported = 0
        while batch := list(islice(plays, bulk.BATCH)):
            if check_present:
                present = crud.uids_present(session=session, uids=[p.uid for p in batch])
                if present:
                    duplicates.extend(p.uid for p in batch if p.uid in present)
                    batch = [p for p in batch if p.uid not in present]
            imported += len(batch)
            yield batch  # written by the time the next one is asked for
            reported = backup.read
            if progress is not None:
                progress(reported, backup.total)
        if progress is not None and reported < backup.total:
            progress(backup.total, backup.total)  # plays after the last batch, none written

    write = _insert_sqlite if session.get_bind().dialect.name == "sqlite" else _insert_bulk
    write(session, batches(), backup.total)
    players_after = session.execute(select(func.count()).select_from(Player)).scalar_one()
    games_after = session.execute(select(func.count()).select_from(Game)).scalar_one()
    return ImportReport(
        imported=imported,
        duplicates=tuple(duplicates),
        players_added=players_after - players_before,
        games_added=games_after - games_before,
        skipped=tuple(backup.skipped),
        notes=tuple(backup.notes),
        ignored=backup.ignored,
    )


def _insert_bulk(session: Session, batches: Iterable[Sequence[ReadyPlay]], total: int) -> None:
    """The plays written by :func:`bulk.insert_plays` (PostgreSQL)."""
    bulk.insert_plays(session, ([p.bulk() for p in batch] for batch in batches), total=total)


_HAND_DECIDED_JSON = json.dumps([{"name": HAND_DECIDED, "higher_wins": True}])


def _insert_sqlite(session: Session, batches: Iterable[Sequence[ReadyPlay]], total: int) -> None:
    """What :func:`bulk.insert_plays` does with these plays on SQLite, with the rows made
    from what the reader has ready (stored times, ranks, winners): the same rows, a test
    compares them, at less cost (no BulkPlay, times or ranks made again per play)."""
    from sqlalchemy import func, select

    resolve = bulk.title_resolver()
    games: dict[str, bulk._GameState] = {}
    row_cache: dict[str, Game | None] = {}
    player_ids: dict[str, int] = {}
    # bulk.direction_of gives each (title, direction given) the same game and direction
    # (a typed title's play always gives its direction here), so it is asked once for each;
    # the last play of each title is given to it again at the end, so that a typed title
    # remembers the direction of its latest play, as when it sees every play.
    targets: dict[tuple[str, bool | None], tuple[int, bool]] = {}
    last: dict[str, tuple[int, ReadyPlay]] = {}
    next_id = 1 + int(
        session.execute(select(func.coalesce(func.max(crud.PLAYS.c.id), 0))).scalar_one()
    )
    now = bulk.sqlite_stamp(utcnow())
    totals = stats.Totals()
    add_totals = totals.add
    dumps = json.dumps
    connection = session.connection()
    with bulk.sqlite_bulk_mode(session, total):
        for batch in batches:
            new_names = {r[0] for p in batch for r in p.results} - player_ids.keys()
            if new_names:
                ids_by_key = crud.ensure_players(session=session, names=new_names)
                player_ids.update((n, ids_by_key[name_key(n)]) for n in new_names)
            play_values: list[Any] = []
            result_values: list[Any] = []
            for play_id, play in enumerate(batch, start=next_id):
                target = targets.get((play.game, play.highest_wins))
                if target is None:
                    target = targets[(play.game, play.highest_wins)] = bulk.direction_of(
                        session, play.bulk(), resolve, games, row_cache
                    )
                    assert target[1] == play.direction  # the direction its ranks were made in
                last[play.game] = (play_id, play)
                game_id, direction = target
                created = play.created or now
                play_values += (
                    play_id,
                    play.uid,
                    game_id,
                    play.played,
                    dumps(play.modules) if play.modules else "[]",
                    bulk.NO_DURATION if play.duration_min is None else play.duration_min,
                    play.location or bulk.NO_LOCATION,
                    play.notes,
                    1,
                    1 if direction else 0,
                    _HAND_DECIDED_JSON if play.hand_decided else "[]",
                    created,
                    play.updated or created,
                    play.scoring,
                    dumps(play.expansions) if play.expansions else "[]",
                    "{}",
                    bulk.NO_START,
                    0,  # BG Stats has no such rule: the tie-breakers decide every place
                )
                counted = []
                for name, seat, score, ties, start, place, won in play.results:
                    player_id = player_ids[name]
                    result_values += (
                        play_id,
                        player_id,
                        seat,
                        bulk.NO_SCORE if score is None else score,
                        "{}",
                        dumps(ties) if ties else "[]",
                        1 if start else 0,
                        place,
                        1 if won else 0,
                    )
                    counted.append((player_id, score, won))
                add_totals(game_id, counted)
            bulk.sqlite_insert(connection, bulk.PLAY_TABLE, play_values)
            bulk.sqlite_insert(connection, bulk.RESULT_TABLE, result_values)
            next_id += len(batch)
    for _, play in sorted(last.values(), key=lambda found: found[0]):
        bulk.direction_of(session, play.bulk(), resolve, games, row_cache)
    for state in games.values():
        if state.changed and state.game.highest_wins != state.direction:
            state.game.highest_wins = state.direction
    session.flush()
    stats.add_totals(session, totals)
