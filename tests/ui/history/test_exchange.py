"""History's export and import wording, without a browser."""

from __future__ import annotations

from companion.history import ImportReport
from companion.ui.logic.history import MAX_LISTED, export_message, import_summary, progress_text


def test_export_message_says_where_the_file_went() -> None:
    assert export_message("BGStatsExport.json", None, web=True) == (
        "History saved to your browser's downloads as BGStatsExport.json."
    )
    assert export_message("h.json", "/home/ann/h.json", web=False) == (
        "History saved as /home/ann/h.json."
    )
    assert export_message("h.json", None, web=False) is None  # the save dialog was cancelled


def test_import_summary_lists_what_could_not_be_imported() -> None:
    skipped = tuple(f"plays[{i}] (Pylos, 2024-03-18): Ann has no score" for i in range(10))
    text = import_summary(ImportReport(imported=1, duplicates=("a", "b"), skipped=skipped))
    assert text.startswith("1 play added. 2 already in your history, skipped.")
    assert "10 could not be imported:" in text
    assert text.count("• plays[") == MAX_LISTED
    assert f"… and {10 - MAX_LISTED} more." in text
    assert import_summary(ImportReport(imported=3)) == "3 plays added."


def test_progress_text() -> None:
    assert progress_text(5_000, 100_000) == "Imported 5,000 of 100,000 plays"
