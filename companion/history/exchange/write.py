"""The history going out: the app's own JSON file and the CSV of every result."""

from __future__ import annotations

import csv
import io
import json
from collections import defaultdict
from datetime import UTC, datetime
from typing import Any, NamedTuple

from sqlalchemy import Text, select, type_coerce
from sqlalchemy.orm import Session
from sqlmodel import col

from companion import __version__
from companion.history import crud
from companion.history.crud import PLAYS, RESULTS
from companion.history.exchange.files import FORMAT, VERSION
from companion.history.models import (
    Game,
    Player,
)

# ------------------------------------------------------------------------------ writing


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def history_snapshot(
    session: Session,
) -> tuple[list[Any], list[Any], list[Any], dict[int, list[_Result]]]:
    """Players, games, plays (oldest first) and each play's results (seat order)."""
    players = sorted(
        session.execute(select(col(Player.id), col(Player.name))).all(),
        key=lambda r: (r.name.casefold(), r.name),
    )
    games = sorted(
        session.execute(
            select(col(Game.id), col(Game.name), col(Game.key), col(Game.highest_wins))
        ).all(),
        key=lambda r: (r.name.casefold(), r.name),
    )
    # Plain rows rather than ORM objects, and the JSON columns read as text: most hold "{}"
    # or "[]", and a full json.loads per value made exporting 100,000 plays three times slower.
    plays = session.execute(
        select(PLAYS).where(crud.LIVE).order_by(PLAYS.c.played_at, PLAYS.c.id)
    ).all()
    results: dict[int, list[_Result]] = defaultdict(list)
    query = select(
        RESULTS.c.play_id,
        RESULTS.c.player_id,
        RESULTS.c.seat,
        RESULTS.c.score,
        type_coerce(RESULTS.c.breakdown, Text),
        type_coerce(RESULTS.c.tiebreaks, Text),
        RESULTS.c.start_player,
        RESULTS.c.rank,
        RESULTS.c.winner,
    ).order_by(RESULTS.c.play_id, RESULTS.c.seat)
    live = {p.id for p in plays}
    for (
        play_id,
        player_id,
        seat,
        score,
        breakdown,
        tiebreaks,
        start,
        place,
        winner,
    ) in session.execute(query):
        if play_id not in live:
            continue  # a deleted play's
        results[play_id].append(
            _Result(
                player_id,
                seat,
                score,
                _json(breakdown, {}),
                _json(tiebreaks, []),
                bool(start),
                place,
                bool(winner),
            )
        )
    return players, games, list(plays), results


class _Result(NamedTuple):
    player_id: int
    seat: int
    score: int | None
    breakdown: dict[str, int]
    tiebreaks: list[int | None]
    start_player: bool
    rank: int
    winner: bool


def _json(value: Any, empty: Any) -> Any:
    """A JSON column's value from its text (PostgreSQL's driver may have parsed it already)."""
    if value is None or value in ("{}", "[]"):
        return type(empty)()
    return json.loads(value) if isinstance(value, str) else value


def _play_extras(play: Any) -> dict[str, Any]:
    """What a play records beyond the first version's fields, where it records anything."""
    extras: dict[str, Any] = {}
    if play.scoring != "points":
        extras["scoring"] = play.scoring
    if play.started_at is not None:
        extras["started_at"] = _iso(play.started_at)
    if play.expansions:
        extras["expansions"] = list(play.expansions)
    if play.house_rules:
        extras["house_rules"] = dict(play.house_rules)
    if play.tiebreaks_victory_only:
        extras["tiebreaks_victory_only"] = True
    return extras


def export_json(session: Session) -> str:
    """The whole history in the app's own format (see the module docstring)."""
    players, games, plays, results = history_snapshot(session)
    player_ref = {row.id: i for i, row in enumerate(players, start=1)}
    game_ref = {row.id: i for i, row in enumerate(games, start=1)}
    document = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z"),
        "app_version": __version__,
        "players": [{"id": player_ref[r.id], "name": r.name} for r in players],
        "games": [
            {
                "id": game_ref[r.id],
                "name": r.name,
                "key": r.key,
                "highest_wins": bool(r.highest_wins),
            }
            for r in games
        ],
        "plays": [
            {
                "uid": play.uid,
                "game_id": game_ref[play.game_id],
                "played_at": _iso(play.played_at),
                "finished": bool(play.finished),
                "highest_wins": bool(play.highest_wins),
                "modules": list(play.modules or []),
                "duration_min": play.duration_min,
                "location": play.location,
                "notes": play.notes,
                "tiebreakers": list(play.tiebreakers or []),
                "created_at": _iso(play.created_at),
                "updated_at": _iso(play.updated_at),
                **_play_extras(play),
                "results": [
                    {
                        "player_id": player_ref[r.player_id],
                        "seat": r.seat,
                        "score": r.score,
                        "breakdown": r.breakdown,
                        "tiebreaks": r.tiebreaks,
                        "start_player": r.start_player,
                        "rank": r.rank,
                        "winner": r.winner,
                    }
                    for r in results[play.id]
                ],
            }
            for play in plays
        ],
    }
    # Compact: a history of 100,000 plays stays well under the import limit.
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


CSV_COLUMNS = (
    "play_uid",
    "played_at",
    "game",
    "game_key",
    "finished",
    "duration_min",
    "location",
    "modules",
    "notes",
    "scoring",
    "started_at",
    "expansions",
    "house_rules",
    "tiebreaks_victory_only",
    "player",
    "seat",
    "score",
    "rank",
    "winner",
    "start_player",
    "breakdown",
    "tiebreaks",
)


def _cell(text: str | None) -> str:
    # A spreadsheet runs a cell starting with = + - @ as a formula; a player's name must
    # never do that, so such texts get a leading apostrophe (spreadsheets hide it).
    if not text:
        return ""
    return "'" + text if text[0] in "=+-@\t\r" else text


def export_csv(session: Session) -> str:
    """One row per player result, with the play's fields repeated; oldest play first."""
    players, games, plays, results = history_snapshot(session)
    names = {r.id: r.name for r in players}
    game_of = {r.id: r for r in games}
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for play in plays:
        game = game_of[play.game_id]
        for r in results[play.id]:
            writer.writerow(
                [
                    play.uid,
                    play.played_at.isoformat(sep=" "),
                    _cell(game.name),
                    game.key or "",
                    "true" if play.finished else "false",
                    "" if play.duration_min is None else play.duration_min,
                    _cell(play.location),
                    _cell("; ".join(play.modules or [])),
                    _cell(play.notes),
                    play.scoring,
                    "" if play.started_at is None else play.started_at.isoformat(sep=" "),
                    _cell("; ".join(play.expansions or [])),
                    _cell(
                        "; ".join(f"{k}={v}" for k, v in sorted((play.house_rules or {}).items()))
                    ),
                    "true" if play.tiebreaks_victory_only else "false",
                    _cell(names[r.player_id]),
                    r.seat,
                    "" if r.score is None else r.score,
                    r.rank,
                    "true" if r.winner else "false",
                    "true" if r.start_player else "false",
                    json.dumps(r.breakdown or {}, ensure_ascii=False) if r.breakdown else "",
                    json.dumps(r.tiebreaks, ensure_ascii=False) if r.tiebreaks else "",
                ]
            )
    return out.getvalue()
