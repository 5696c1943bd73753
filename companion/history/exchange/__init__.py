"""Taking the history out and bringing it back: the app's JSON format and CSV.

BG Stats' backup format, both ways, is in ``companion.history.bgstats``.

The app's own format (``"format": "merchants-companion-history"``, ``"version": 1``)::

    {"format": ..., "version": 1, "exported_at": "2025-01-31T20:15:00Z",
     "players": [{"id": 1, "name": "Ann"}, ...],
     "games": [{"id": 1, "name": "Mercante", "key": "mercante", "highest_wins": true}, ...],
     "plays": [{"uid": "…", "game_id": 1, "played_at": "2025-01-31T19:30:00",
                "finished": true, "highest_wins": true, "modules": [], "duration_min": 90,
                "location": null, "notes": "", "tiebreakers": [{"name": …, "higher_wins": …}],
                "created_at": …, "updated_at": …,
                "results": [{"player_id": 1, "seat": 1, "score": 42, "breakdown": {},
                             "tiebreaks": [], "start_player": true, "rank": 1,
                             "winner": true}]}]}

A play that has them also carries ``"scoring"`` (``"manual"`` or ``"cooperative"``; absent:
won on points), ``"expansions"``, ``"house_rules"`` (ruling id → ``"reading"`` or
``"alternative"``), ``"started_at"`` and ``"tiebreaks_victory_only": true`` (its tie-breakers
decide the victory only: lower ties share their place; absent: they decide every place); a
result without a score has ``"score": null``.
These are written only where they say something, so a history without them is written as
before (and older versions of the app read it).

Ids are the file's own (1, 2, 3 … in name order), so exporting the same history twice gives
the same file. On import, players and games are matched by name (ignoring case), plays by
``uid`` (a play already present is a duplicate and skipped), and rank and winner are computed
again from the scores rather than trusted (the winners of a play whose scoring says they
were chosen are the file's). An import is all or nothing: a file with any
problem is refused with a message naming the place (``plays[3].results[1].score: expected a
whole number, got "ten"``) and nothing is written (the plays are checked as they go into the
import's one transaction, which a refusal rolls back). A large file is read one play at a
time and written by bulk inserts (``companion.history.bulk``), the statistics added once.
On SQLite, ``Store.import_report`` first tries ``companion.history.fastimport``, which takes
the same files in one pass and writes the same rows, and falls back to this path for
anything it does not take whole (so every refusal is worded here).

The rooms: ``files`` (the format, its limits and shapes, the import report), ``read``
(coming in, checked while parsed) and ``write`` (the JSON and CSV going out).
"""

from companion.history.exchange.files import (
    FORMAT,
    MAX_GAMES,
    MAX_PLAYERS,
    MAX_PLAYS,
    VERSION,
    FileGame,
    FilePlay,
    FilePlayer,
    FileResult,
    FileTieBreaker,
    HistoryFile,
    ImportReport,
)
from companion.history.exchange.read import (
    MAX_PLAY_BYTES,
    ParsedHistory,
    check_unique,
    has_plays,
    import_parsed,
    open_file,
    parse_history,
)
from companion.history.exchange.write import (
    CSV_COLUMNS,
    export_csv,
    export_json,
    history_snapshot,
)

__all__ = [
    "CSV_COLUMNS",
    "FORMAT",
    "MAX_GAMES",
    "MAX_PLAYERS",
    "MAX_PLAYS",
    "MAX_PLAY_BYTES",
    "VERSION",
    "FileGame",
    "FilePlay",
    "FilePlayer",
    "FileResult",
    "FileTieBreaker",
    "HistoryFile",
    "ImportReport",
    "ParsedHistory",
    "check_unique",
    "export_csv",
    "export_json",
    "has_plays",
    "history_snapshot",
    "import_parsed",
    "open_file",
    "parse_history",
]
