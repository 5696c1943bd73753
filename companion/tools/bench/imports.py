"""Import benchmarks: a large backup into an empty SQLite database.

``import_100k``: the app's own JSON backup of 100,000 four-player plays (64 MB) into an empty
database, statistics included (aim: under 5,000 ms and 300 MB). ``import_bgstats_10k``: a BG
Stats backup of 10,000 plays (aim: under 500 ms). ``import_bgstats_100k``: a BG Stats backup of
100,000 plays (90 MB; "the same goes for BG Stats import": under 5,000 ms and 300 MB). The
files are made once per run from a seeded random history; each measurement imports into a
fresh database. The peak memory of each 100,000-play import, measured in a child process of
its own, goes to stderr.
"""

from __future__ import annotations

import json
import multiprocessing
import random
import resource
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from companion.history import open_store
from companion.tools.bench import median_ms

PLAYER_NAMES = [f"Player {i:02d}" for i in range(1, 31)]
GAMES = ["mercante", "merchants_journey", "merchants_cove", "Catan", "Azul", "Carcassonne"]
NAMES = ("import_100k", "import_bgstats_10k", "import_bgstats_100k")


def backup(plays: int, *, seed: int = 1) -> str:
    """The app's JSON backup of ``plays`` random four-player plays (as export_json writes)."""
    rng = random.Random(seed)
    start = datetime(2015, 1, 1, 19, 0)
    stamp = "2024-01-01T12:00:00"
    rows = []
    for i in range(plays):
        seats = rng.sample(range(1, len(PLAYER_NAMES) + 1), 4)
        rows.append(
            {
                "uid": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
                "game_id": rng.randrange(len(GAMES)) + 1,
                "played_at": (start + timedelta(hours=i)).isoformat(),
                "finished": rng.random() > 0.02,
                "highest_wins": True,
                "modules": [],
                "duration_min": rng.randint(20, 180),
                "location": None,
                "notes": "",
                "tiebreakers": [],
                "created_at": stamp,
                "updated_at": stamp,
                "results": [
                    {
                        "player_id": p,
                        "seat": k,
                        "score": rng.randint(10, 140),
                        "breakdown": {},
                        "tiebreaks": [],
                        "start_player": k == 1,
                    }
                    for k, p in enumerate(seats, start=1)
                ],
            }
        )
    return json.dumps(
        {
            "format": "merchants-companion-history",
            "version": 1,
            "players": [{"id": i, "name": n} for i, n in enumerate(PLAYER_NAMES, start=1)],
            "games": [
                {"id": i, "name": g, "key": g if g.islower() else None, "highest_wins": True}
                for i, g in enumerate(GAMES, start=1)
            ],
            "plays": rows,
        },
        separators=(",", ":"),
    )


def bgstats_backup(plays: int, *, seed: int = 2) -> str:
    """A BG Stats backup of ``plays`` random four-player plays, in the real files' shape."""
    rng = random.Random(seed)
    start = datetime(2015, 1, 1, 19, 0)
    players = [
        {
            "id": i,
            "uuid": str(uuid.UUID(int=i, version=4)).upper(),
            "name": n,
            "isAnonymous": False,
            "bggUsername": "",
            "modificationDate": "2024-01-01 12:00:00",
        }
        for i, n in enumerate(PLAYER_NAMES, start=1)
    ]
    games = [
        {
            "id": i,
            "uuid": str(uuid.UUID(int=1000 + i, version=4)).upper(),
            "name": g,
            "bggId": 0,
            "bggName": "",
            "highestWins": True,
            "noPoints": False,
            "cooperative": False,
            "usesTeams": False,
            "isBaseGame": 1,
            "isExpansion": 0,
            "copies": [],
            "modificationDate": "2024-01-01 12:00:00",
        }
        for i, g in enumerate(["Mercante", "Azul", "Catan"], start=1)
    ]
    rows = []
    for i in range(plays):
        when = (start + timedelta(hours=i)).strftime("%Y-%m-%d %H:%M:%S")
        seats = rng.sample(range(1, len(PLAYER_NAMES) + 1), 4)
        scores = [rng.randint(10, 140) for _ in seats]
        best = max(scores)
        rows.append(
            {
                "uuid": str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper(),
                "playDate": when,
                "entryDate": when,
                "modificationDate": when,
                "gameRefId": rng.randint(1, 3),
                "durationMin": 60,
                "ignored": False,
                "manualWinner": False,
                "rounds": 0,
                "usesTeams": False,
                "rating": 0,
                "scoringSetting": 0,
                "playImages": "[]",
                "importPlayId": 0,
                "nemestatsId": 0,
                "bggId": 0,
                "expansionPlays": [],
                "playerScores": [
                    {
                        "playerRefId": p,
                        "score": str(s),
                        "winner": s == best,
                        "newPlayer": False,
                        "startPlayer": k == 0,
                        "rank": 0,
                        "seatOrder": k + 1,
                    }
                    for k, (p, s) in enumerate(zip(seats, scores, strict=True))
                ],
            }
        )
    return json.dumps(
        {
            "userInfo": {"meRefId": 1},
            "players": players,
            "games": games,
            "locations": [],
            "plays": rows,
        }
    )


def _import(path: str, url: str, kind: str) -> None:
    text = Path(path).read_bytes()  # as the server hands it over (read_import_file)
    with open_store(url) as store:
        if kind == "bgstats":
            store.import_bgstats(text)
        else:
            store.import_report(text)


def _import_and_peak(path: str, url: str, kind: str, answer: Any) -> None:
    _import(path, url, kind)
    answer.send(_peak_of_this_process())


def _peak_of_this_process() -> float:
    """Peak resident memory (MB) of this process since it started its program.

    Read from /proc where there is one: the child is forked from the (large) benchmark
    process before it runs Python afresh, and ru_maxrss counts the fork's copy too (which
    made a 200 MB import read as 430 MB).
    """
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _peak_mb(path: str, url: str, kind: str = "json") -> float:
    """Peak resident memory (MB) of a child process doing one import, all of it counted:
    Python, the app's modules, the file's text and the import."""
    context = multiprocessing.get_context("spawn")
    mine, theirs = context.Pipe(duplex=False)
    child = context.Process(target=_import_and_peak, args=(path, url, kind, theirs))
    child.start()
    peak = float(mine.recv())
    child.join()
    return peak


def run(wanted: set[str] | None = None) -> Iterator[tuple[str, float]]:
    if wanted is not None and not wanted & set(NAMES):
        return
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as tmp:
        folder = Path(tmp)
        counter = iter(range(1_000_000))

        def fresh() -> str:
            return f"sqlite:///{folder / f'import-{next(counter)}.sqlite3'}"

        if wanted is None or "import_100k" in wanted:
            text = backup(100_000)
            _peak_to_stderr("import_100k", text, folder / "backup.json", fresh(), "json")
            yield "import_100k", _import_ms(text, "json", fresh, repeat=3, warmup=0)
            del text
        if wanted is None or "import_bgstats_10k" in wanted:
            text = bgstats_backup(10_000)
            yield "import_bgstats_10k", _import_ms(text, "bgstats", fresh, repeat=5, warmup=1)
        if wanted is None or "import_bgstats_100k" in wanted:
            text = bgstats_backup(100_000)
            _peak_to_stderr(
                "import_bgstats_100k", text, folder / "bgstats.json", fresh(), "bgstats"
            )
            yield "import_bgstats_100k", _import_ms(text, "bgstats", fresh, repeat=3, warmup=0)


def _peak_to_stderr(name: str, text: str, path: Path, url: str, kind: str) -> None:
    """The file's size, and the peak memory of importing it in a child process of its own."""
    path.write_text(text, encoding="utf-8")
    print(f"imports: {name} file of {len(text) / 1e6:.1f} MB", file=sys.stderr)
    print(f"imports: {name} peak memory {_peak_mb(str(path), url, kind):.0f} MB", file=sys.stderr)


def _import_ms(
    text: str, kind: str, fresh: Callable[[], str], *, repeat: int, warmup: int
) -> float:
    """Median time of the import alone: opening (and migrating) each fresh database is not
    part of it, nor are the ``warmup`` runs."""
    timings: list[float] = []

    def once() -> None:
        with open_store(fresh()) as store:
            began = time.perf_counter()
            if kind == "bgstats":
                store.import_bgstats(text)
            else:
                store.import_report(text)
            timings.append((time.perf_counter() - began) * 1000)

    median_ms(once, repeat=repeat, warmup=warmup)
    return statistics.median(timings[warmup:])
