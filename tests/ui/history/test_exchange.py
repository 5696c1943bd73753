"""History's export and import wording, without a browser."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.history import ImportReport
from companion.ui.history.model import (
    MAX_IMPORT_BYTES,
    MAX_LISTED,
    ImportRefused,
    export_message,
    import_summary,
    import_text_of,
    progress_text,
)
from companion.ui.history.model.exchange import (  # a file to import, and its upload
    CANCELLED,
    PAGE_LEFT,
    UploadWatch,
    check_size,
    megabytes,
    read_import_file,
    upload_failure,
)


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
    assert progress_text(5_000, 100_000) == "Read 5,000 of 100,000 plays"


# ---------------------------------------------------------------- a file to import, and its upload


def test_a_file_is_refused_before_it_is_sent_when_too_large_or_empty() -> None:
    check_size(None)  # not known yet: the server still counts
    check_size(MAX_IMPORT_BYTES)
    with pytest.raises(ImportRefused) as too_large:
        check_size(300_000_000)
    assert str(too_large.value) == (
        "The file is 300 MB; the largest file an import takes is 128 MB."
    )
    with pytest.raises(ImportRefused, match="is 129 MB"):
        check_size(MAX_IMPORT_BYTES + 1)  # just over reads as over
    with pytest.raises(ImportRefused, match="The file is empty"):
        check_size(0)
    assert megabytes(64_000_000) == "64 MB"


@pytest.mark.parametrize("data", [b"", b"   \n", "\ufeff".encode()])
def test_an_empty_file_says_so(data: bytes) -> None:
    with pytest.raises(ImportRefused, match="The file is empty"):
        import_text_of(data)


def test_a_file_is_read_no_further_than_the_limit(tmp_path: Path) -> None:
    small = tmp_path / "small.json"
    small.write_bytes("\ufeff{}".encode())
    assert read_import_file(small) == "\ufeff{}".encode()
    big = tmp_path / "big.json"
    with big.open("wb") as handle:  # sparse: no 128 MB written to the disk
        handle.truncate(MAX_IMPORT_BYTES + 10)
    with pytest.raises(ImportRefused, match="the largest file an import takes is 128 MB"):
        read_import_file(big)
    with pytest.raises(ImportRefused, match="could not be read: No such file or directory"):
        read_import_file(tmp_path / "gone.json")
    bad = tmp_path / "latin1.json"
    bad.write_bytes("{'Müller'}".encode("latin-1"))
    with pytest.raises(ImportRefused, match="not UTF-8 text"):
        read_import_file(bad)


def test_an_upload_shows_what_reached_the_server_and_ends_once() -> None:
    watch = UploadWatch("backup.json", 1_000)
    assert watch.text == "Sending backup.json to the server…" and watch.fraction is None
    watch.event(0.9, None)  # the browser has read 90 % into its request: nothing sent yet
    watch.arrived(0)
    assert watch.fraction is None and watch.outcome is None
    watch.arrived(400)
    assert watch.text == "Sending backup.json to the server: 40%"
    watch.arrived(1_000)
    assert watch.outcome is None  # all there, but the server has not answered yet
    watch.event(1.0, None)
    assert (watch.fraction, watch.outcome) == (1.0, "")  # "" : on the server
    watch.event(None, "Upload endpoint returned code 500: late")  # over: changes nothing
    assert watch.outcome == ""


@pytest.mark.parametrize(
    ("error", "said"),
    [
        ("Upload endpoint returned code 413: {...}", "The file is larger than 128 MB."),
        ("Upload endpoint returned code 403: Join with the access code first.", "access code"),
        ("ClientException: XMLHttpRequest error.", "the connection failed"),
    ],
)
def test_a_failed_upload_says_why_in_the_players_words(error: str, said: str) -> None:
    assert said in upload_failure(error)
    watch = UploadWatch("b.json", 10)
    watch.event(0.3, None)
    watch.event(None, error)
    assert watch.outcome == upload_failure(error)


def test_an_upload_given_up_stays_given_up() -> None:
    watch = UploadWatch("b.json", 10)
    watch.give_up(CANCELLED)
    watch.event(1.0, None)  # the browser finished anyway: the screen no longer waits
    assert watch.outcome == CANCELLED
    watch.give_up(PAGE_LEFT)
    assert watch.outcome == CANCELLED
