"""Reading TOML data files with errors that name the file, the entry and the field."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

_PACKAGE_DIR = Path(__file__).resolve().parent.parent
_REPO_DIR = _PACKAGE_DIR.parent

M = TypeVar("M", bound=BaseModel)


class DataFileError(ValueError):
    """A data file is missing, is not TOML, or holds an entry that fails validation."""


def data_dir() -> Path:
    """Where the game facts live: ``$COMPANION_DATA_DIR``, the installed copy, or ``data/``."""
    override = os.environ.get("COMPANION_DATA_DIR")
    if override:
        return Path(override)
    installed = _PACKAGE_DIR / "_data"
    if installed.is_dir():
        return installed
    return _REPO_DIR / "data"


def seeds_dir() -> Path:
    """The rulebook texts (``../shared/seeds`` beside the repository); used by tests only."""
    override = os.environ.get("COMPANION_SEEDS_DIR")
    if override:
        return Path(override)
    return _REPO_DIR.parent / "shared" / "seeds"


#: The name of the file that holds a tool's rulings, in the tool's folder of ``data/``.
RULINGS_FILE = "rulings.toml"


def ruling_files(root: Path) -> list[Path]:
    """Every rulings file under ``root``: each tool's ``<tool>/rulings.toml`` and the
    catalogue's ``rulings.toml``, in the order of their paths."""
    files = [*root.glob(f"*/{RULINGS_FILE}"), root / RULINGS_FILE]
    return sorted((p for p in files if p.is_file()), key=lambda p: p.relative_to(root).as_posix())


def display_path(path: Path) -> str:
    """``data/games.toml`` rather than an absolute path, for messages."""
    try:
        return f"data/{path.resolve().relative_to(data_dir().resolve()).as_posix()}"
    except ValueError:
        return str(path)


def read_toml(path: Path) -> dict[str, Any]:
    """Parse one TOML file; a missing or malformed file raises :class:`DataFileError`."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise DataFileError(f"{display_path(path)}: file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(f"{display_path(path)}: not valid TOML: {exc}") from None


def _describe_entry(table: str, index: int, raw: object) -> str:
    label = f"{table}[{index}]"
    if isinstance(raw, dict):
        ident = raw.get("id", raw.get("name"))
        if isinstance(ident, str):
            label += f" ({ident!r})"
    return label


def format_validation_error(where: str, exc: ValidationError) -> str:
    """One line per problem: ``where: field 'a.b': message``."""
    problems = []
    for err in exc.errors():
        loc = ".".join(str(part) for part in err["loc"]) or "(entry)"
        problems.append(f"field {loc!r}: {err['msg']}")
    return f"{where}: " + "; ".join(problems)


def validate_document(model: type[M], raw: object, *, path: Path) -> M:
    """Validate a whole file's document (or one table of it) as ``model``, naming the file
    and the field on failure."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise DataFileError(format_validation_error(display_path(path), exc)) from None


def validate_entry(model: type[M], raw: object, *, path: Path, table: str, index: int) -> M:
    """Validate one entry of an array of tables, naming the file/entry/field on failure."""
    where = f"{display_path(path)}: {_describe_entry(table, index, raw)}"
    if not isinstance(raw, dict):
        raise DataFileError(f"{where}: expected a table, got {type(raw).__name__}")
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise DataFileError(format_validation_error(where, exc)) from None


def load_entries(
    path: Path,
    table: str,
    model: type[M],
    *,
    document: dict[str, Any] | None = None,
    unique: str | None = "id",
    required: bool = True,
) -> tuple[M, ...]:
    """Load ``[[table]]`` entries of a TOML file as validated, immutable models.

    ``unique`` names a field whose values must not repeat (``None`` to skip the check).
    """
    doc = read_toml(path) if document is None else document
    raw_entries = doc.get(table)
    if raw_entries is None:
        if required:
            raise DataFileError(f"{display_path(path)}: no [[{table}]] entries")
        return ()
    if not isinstance(raw_entries, list):
        raise DataFileError(f"{display_path(path)}: {table!r} must be an array of tables")
    entries = tuple(
        validate_entry(model, raw, path=path, table=table, index=i)
        for i, raw in enumerate(raw_entries)
    )
    if unique is not None:
        _check_unique(path, table, entries, unique)
    return entries


def _check_unique(path: Path, table: str, entries: Sequence[BaseModel], field: str) -> None:
    seen: dict[object, int] = {}
    for i, entry in enumerate(entries):
        value = getattr(entry, field)
        if value in seen:
            raise DataFileError(
                f"{display_path(path)}: {table}[{i}]: field {field!r}: "
                f"{value!r} repeats {table}[{seen[value]}]"
            )
        seen[value] = i
