"""History's export and import, as plain logic: the kinds offered, what an imported file must
be before it is read, and what an export or an import says when it is done."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.history.bgstats import FILE_NAME as BGSTATS_FILE_NAME
from companion.ui.logic.words import plural


@dataclass(frozen=True)
class ExportKind:
    """One export of the menu: its words, the file it suggests, the store method writing it."""

    label: str
    file_name: str
    method: str


@dataclass(frozen=True)
class ImportKind:
    """One import of the menu: its words, the file dialog's title, the store method."""

    label: str
    dialog_title: str
    method: str


EXPORTS: dict[str, ExportKind] = {
    "json": ExportKind(
        "Backup (JSON, can be imported)", "merchants-companion-history.json", "export_json"
    ),
    "csv": ExportKind("Spreadsheet (CSV)", "merchants-companion-history.csv", "export_csv"),
    "bgstats": ExportKind("BG Stats backup", BGSTATS_FILE_NAME, "export_bgstats"),
}
IMPORTS: dict[str, ImportKind] = {
    "json": ImportKind("Import a backup file", "Import history", "import_report"),
    "bgstats": ImportKind("Import a BG Stats backup", "Import a BG Stats backup", "import_bgstats"),
}

MAX_IMPORT_BYTES = 20_000_000


class ImportRefused(ValueError):
    """A file that is not read at all (too large, not text): the reason, as said."""


def import_text_of(data: bytes) -> str:
    """A picked file's bytes as the text to import; :class:`ImportRefused` says why not."""
    if len(data) > MAX_IMPORT_BYTES:
        raise ImportRefused(f"The file is larger than {MAX_IMPORT_BYTES // 1_000_000} MB.")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ImportRefused("The file is not UTF-8 text.") from None


def not_imported(name: str) -> str:
    return f"{name} was not imported"


def export_message(file_name: str, saved_path: str | None, *, web: bool) -> str | None:
    """Where an export went: the browser's downloads, or the file chosen; None if cancelled."""
    if web:
        return f"History saved to your browser's downloads as {file_name}."
    if saved_path:
        return f"History saved as {saved_path}."
    return None


MAX_LISTED = 8


def import_summary(report: Any) -> str:
    """What an import did, in sentences, with the plays it could not take and why."""
    added = report.imported
    lines = [f"{plural(added, 'play')} added."]
    if report.duplicates:
        lines.append(f"{len(report.duplicates)} already in your history, skipped.")
    skipped = list(getattr(report, "skipped", ()))
    notes = list(getattr(report, "notes", ()))
    text = " ".join(lines)
    for heading, items in (
        (f"{len(skipped)} could not be imported:", skipped),
        (f"{len(notes)} imported with a change:", notes),
    ):
        if items:
            shown = [f"• {item}" for item in items[:MAX_LISTED]]
            if len(items) > MAX_LISTED:
                shown.append(f"… and {len(items) - MAX_LISTED} more.")
            text += "\n\n" + heading + "\n" + "\n".join(shown)
    return text


def progress_text(done: int, total: int) -> str:
    """``Imported 5,000 of 100,000 plays``."""
    return f"Imported {done:,} of {total:,} play{'s' if total != 1 else ''}"


__all__ = [
    "EXPORTS",
    "IMPORTS",
    "MAX_IMPORT_BYTES",
    "MAX_LISTED",
    "ExportKind",
    "ImportKind",
    "ImportRefused",
    "export_message",
    "import_summary",
    "import_text_of",
    "not_imported",
    "progress_text",
]
