"""History's export and import, as plain logic: the kinds offered, what an imported file must
be before it is read, how its upload from a browser goes, and what an export or an import says
when it is done."""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.history.bgstats import FILE_NAME as BGSTATS_FILE_NAME
from companion.ui.model.words import plural
from companion.uploads import MAX_BYTES


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

#: The largest file an import takes (companion.limits: the same for the upload and every
#: importer): twice the app's own backup of 100,000 plays (64 MB).
MAX_IMPORT_BYTES = MAX_BYTES


class ImportRefused(ValueError):
    """A file that is not read at all (too large, empty, not text): the reason, as said."""


def megabytes(size: int) -> str:
    """``"64 MB"``; a file just over a limit reads as more than it (``"257 MB"``)."""
    return f"{-(-size // 1_000_000):,} MB"


def check_size(size: int | None) -> None:
    """A picked file's size before anything is read or uploaded; :class:`ImportRefused` for
    an empty file or one larger than :data:`MAX_IMPORT_BYTES` (None: not known yet)."""
    if size is None:
        return
    if size > MAX_IMPORT_BYTES:
        raise ImportRefused(
            f"The file is {megabytes(size)}; the largest file an import takes is "
            f"{MAX_IMPORT_BYTES // 1_000_000} MB."
        )
    if size == 0:
        raise ImportRefused("The file is empty.")


_BLANK = re.compile(rb"(?:\xef\xbb\xbf)?[ \t\n\r\f\v]*")


def import_text_of(data: bytes) -> bytes:
    """A picked file's bytes, to import as they are (the importers read bytes, a piece at a
    time: the file is never held as one text, which takes up to four times its size);
    :class:`ImportRefused` says why not."""
    check_size(len(data))
    if _BLANK.fullmatch(data):
        raise ImportRefused("The file is empty.")
    if not data.isascii():
        decoder = codecs.getincrementaldecoder("utf-8")()
        step = 4_000_000
        view = memoryview(data)
        try:
            for at in range(0, len(data), step):
                decoder.decode(view[at : at + step], final=at + step >= len(data))
        except UnicodeDecodeError:
            raise ImportRefused("The file is not UTF-8 text.") from None
    return data


def read_import_file(path: str | Path) -> bytes:
    """The bytes of the file at ``path`` (a desktop's pick, or an upload on the server), read
    no further than the limit; :class:`ImportRefused` says why not."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_IMPORT_BYTES + 1)
    except OSError as exc:
        raise ImportRefused(f"The file could not be read: {exc.strerror or exc}.") from None
    return import_text_of(data)


_STATUS = re.compile(r"returned code (\d{3})")


def upload_failure(error: str) -> str:
    """What Flet's client reported for a failed upload (``"Upload endpoint returned code 413:
    ..."``, or a network error), in the player's words."""
    found = _STATUS.search(error or "")
    status = int(found.group(1)) if found else None
    if status == 413:
        return f"The file is larger than {MAX_IMPORT_BYTES // 1_000_000} MB."
    if status == 403:
        return (
            "The server refused the upload. Open the app's address again (with the access "
            "code if it asks for one) and try once more."
        )
    return "The file could not be sent to the server (the connection failed). Try again."


@dataclass
class UploadWatch:
    """One file's upload from a browser: what the progress dialog shows, and how it ended
    (:attr:`outcome`).

    How far it got is what reached the server (:meth:`arrived`): Flet's ``on_upload``
    progress only says how much of the file the browser has read into its request, which on
    the web is all of it before the first byte leaves. Its events say when the upload is over
    (:meth:`event`).
    """

    name: str
    size: int
    fraction: float | None = None
    #: None while it runs; then "" when the file is on the server, or why it is not.
    outcome: str | None = None

    def event(self, progress: float | None, error: str | None) -> None:
        """Flet's ``on_upload``: ``progress`` 1.0 once the server answered, or an error."""
        if self.outcome is not None:
            return  # already over (given up, or done): a late event changes nothing
        if error:
            self.outcome = upload_failure(error)
        elif progress is not None and progress >= 1.0:
            self.fraction, self.outcome = 1.0, ""

    def arrived(self, received: int) -> None:
        """``received`` bytes have reached the server so far."""
        if self.outcome is None and received > 0 and self.size > 0:
            self.fraction = min(1.0, received / self.size)

    def give_up(self, why: str) -> None:
        if self.outcome is None:
            self.outcome = why

    @property
    def text(self) -> str:
        if self.fraction is None:
            return f"Sending {self.name} to the server…"
        return f"Sending {self.name} to the server: {self.fraction:.0%}"


CANCELLED = "The import was cancelled; nothing was changed."
PAGE_LEFT = "The page was closed or reloaded before the file had arrived."
TOO_SLOW = "The file did not arrive in time. Try again on a better connection."
NO_UPLOADS = (
    "This server takes no files from a browser. Open the backup on the computer that runs "
    'the app, or use "Import pasted text".'
)


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
    ignored = int(getattr(report, "ignored", 0) or 0)
    if ignored:
        lines.append(
            f"{plural(ignored, 'play')} that BG Stats ignores (left out of its statistics) "
            f"{'was' if ignored == 1 else 'were'} left out, as BG Stats does."
        )
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
    """``Read 5,000 of 100,000 plays``: read and checked, not yet saved (that is said only
    once the import's transaction is committed, by the result)."""
    return f"Read {done:,} of {total:,} play{'s' if total != 1 else ''}"


__all__ = [
    "CANCELLED",
    "EXPORTS",
    "IMPORTS",
    "MAX_IMPORT_BYTES",
    "MAX_LISTED",
    "NO_UPLOADS",
    "PAGE_LEFT",
    "TOO_SLOW",
    "ExportKind",
    "ImportKind",
    "ImportRefused",
    "UploadWatch",
    "check_size",
    "export_message",
    "import_summary",
    "import_text_of",
    "megabytes",
    "not_imported",
    "progress_text",
    "read_import_file",
    "upload_failure",
]
