"""BG Stats imports on SQLite, row by row: the rows made from the checked plays
(``bgstats._insert_sqlite``) against those :func:`bulk.insert_plays` writes from the same
plays as :class:`BulkPlay` records (the way PostgreSQL takes them, and the way every BG Stats
import went before). Also: the fast reading takes exactly the fields InFile checks."""

from __future__ import annotations

import json
import typing
from collections.abc import Iterator
from dataclasses import MISSING, fields
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec
import pytest
from pydantic.fields import FieldInfo

from companion.history import ImportFileError, bulk, open_store
from companion.history import bgstats as bg
from companion.tools.bench.imports import bgstats_backup
from tests.history.test_bgstats import MUTATED, _mutate, fixture_text, history
from tests.history.test_fast_import import rows


def _edited_fixture() -> str:
    """The fixture with record times missing or differing, no durations, lowest-wins Golf
    tied on the best score with the winner set by hand, and a play not counted."""
    doc = json.loads(fixture_text())
    for k, play in enumerate(doc["plays"]):
        if k % 3 == 0:
            play["entryDate"] = None
        if k % 2:
            play.pop("modificationDate", None)
        else:
            play["modificationDate"] = "2024-05-01 08:30:00"
        if k % 4 == 1:
            play["durationMin"] = 0
    doc["plays"][4]["ignored"] = True
    return json.dumps(doc)


@pytest.fixture
def exported_history(tmp_path: Path) -> str:
    source = open_store(f"sqlite:///{tmp_path / 'source.sqlite3'}")
    try:
        history(source)
        return source.export_bgstats()
    finally:
        source.close()


def _both(
    folder: Path, text: str, monkeypatch: pytest.MonkeyPatch, setup: str | None = None
) -> list[Any]:
    """Import ``text`` into two SQLite stores (fresh, or holding the backup ``setup``), the
    new way and through BulkPlay; the report (or the refusal), again, and every row of each."""
    outcomes = []
    for way in ("rows", "bulk"):
        with monkeypatch.context() as patch:
            if way == "bulk":
                patch.setattr(bg.importing, "_insert_sqlite", bg.importing._insert_bulk)
            store = open_store(f"sqlite:///{folder / f'{way}.sqlite3'}")
            try:
                if setup is not None:
                    store.import_bgstats(setup)
                try:
                    outcome: Any = store.import_bgstats(text)
                    again = store.import_bgstats(text)
                except ImportFileError as exc:
                    outcome, again = f"refused: {exc}", None
                outcomes.append((outcome, again, rows(store)))
            finally:
                store.close()
    return outcomes


@pytest.fixture
def same_time(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # Plays without a record time get the time of the import: the same one both ways.
    now = datetime(2025, 1, 2, 3, 4, 5)
    monkeypatch.setattr(bg.importing, "utcnow", lambda: now)
    monkeypatch.setattr(bulk, "utcnow", lambda: now)
    yield


@pytest.mark.usefixtures("same_time")
@pytest.mark.parametrize("setup", [False, True], ids=["empty", "with a history"])
@pytest.mark.parametrize("source", ["fixture", "edited", "export", "generated"])
def test_rows_made_from_the_plays_are_bulk_inserts_rows(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    exported_history: str,
    source: str,
    setup: bool,
) -> None:
    text = {
        "fixture": fixture_text,
        "edited": _edited_fixture,
        "export": lambda: exported_history,
        "generated": lambda: bgstats_backup(120),
    }[source]()
    made, reference = _both(tmp_path, text, monkeypatch, exported_history if setup else None)
    assert made[0] == reference[0] and made[1] == reference[1]
    assert made[2] == reference[2]
    assert made[2]["play"] and made[2]["stat_player_game"]


@pytest.mark.usefixtures("same_time")
@pytest.mark.parametrize(
    ("case", "change", "message"), MUTATED[:6], ids=[m[0] for m in MUTATED[:6]]
)
def test_refusals_are_the_same_both_ways(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    exported_history: str,
    case: str,
    change: Any,
    message: str,
) -> None:
    made, reference = _both(
        tmp_path, _mutate(change)(fixture_text()), monkeypatch, exported_history
    )
    assert made == reference
    assert message in made[0]


def _defaults(kind: Any) -> dict[str, Any]:
    """Each field's name and default value (MISSING where it must be given), in order."""
    if isinstance(kind, type) and issubclass(kind, msgspec.Struct):
        return {
            f.name: f.default if f.default_factory is msgspec.NODEFAULT else f.default_factory()
            for f in msgspec.structs.fields(kind)
        }
    found = {
        f.name: f.default if f.default_factory is MISSING else f.default_factory()
        for f in fields(kind)
    }
    return {  # a pydantic Field(...) given as the default holds the default
        k: v.get_default(call_default_factory=True) if isinstance(v, FieldInfo) else v
        for k, v in found.items()
    }


@pytest.mark.parametrize(
    ("fast", "checked"),
    [
        (bg.files.PlayRow, bg.files.InPlay),
        (bg.files.ScoreRow, bg.files.InScore),
        (bg.files.ExpansionRow, bg.files.InExpansionPlay),
    ],
)
def test_the_fast_reading_takes_the_fields_infile_checks(fast: Any, checked: Any) -> None:
    """Same fields, in the same order, with the same defaults, and the same types except
    dates and uuids (text)."""
    fast_defaults, checked_defaults = _defaults(fast), _defaults(checked)
    assert list(fast_defaults) == list(checked_defaults)
    for name, default in checked_defaults.items():
        missing = default is MISSING
        assert (fast_defaults[name] is msgspec.NODEFAULT) == missing, name
        assert missing or fast_defaults[name] == default, name
    fast_types = typing.get_type_hints(fast, include_extras=True)
    checked_types = typing.get_type_hints(checked, include_extras=True)
    for name, kind in checked_types.items():
        if name in ("uuid", "playDate", "entryDate", "modificationDate"):
            continue
        if name in ("playerScores", "expansionPlays"):
            continue  # lists of the row types compared above
        assert fast_types[name] == kind, name
