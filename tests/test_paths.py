"""The rulebook texts are required where CI says so: missing, a citation test fails instead
of skipping (issue 23)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.paths import rulebook


def test_a_missing_rulebook_skips_where_not_required(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COMPANION_SEEDS_DIR", str(tmp_path))
    monkeypatch.delenv("COMPANION_REQUIRE_RULEBOOKS", raising=False)
    with pytest.raises(pytest.skip.Exception, match="rulebook texts not found"):
        rulebook("004_27066b4c84929551.txt")


def test_a_missing_rulebook_fails_where_required(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COMPANION_SEEDS_DIR", str(tmp_path))
    monkeypatch.setenv("COMPANION_REQUIRE_RULEBOOKS", "1")
    with pytest.raises(pytest.fail.Exception, match="COMPANION_REQUIRE_RULEBOOKS"):
        rulebook("004_27066b4c84929551.txt")


def test_a_present_rulebook_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "004_27066b4c84929551.txt").write_text("Merchant's Journey", encoding="utf-8")
    monkeypatch.setenv("COMPANION_SEEDS_DIR", str(tmp_path))
    monkeypatch.setenv("COMPANION_REQUIRE_RULEBOOKS", "1")
    assert rulebook("004_27066b4c84929551.txt").read_text(encoding="utf-8") == "Merchant's Journey"
