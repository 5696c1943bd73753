"""The package stays typed (mypy --strict), lint-clean and formatted (ruff); the engine pure."""

from __future__ import annotations

import subprocess
import sys

from tests.paths import ROOT


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_the_package_is_mypy_clean() -> None:
    result = _run("mypy")  # files and strictness come from pyproject.toml
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_imports_neither_flet_nor_the_database() -> None:
    for path in (ROOT / "companion" / "engine").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for banned in (
            "import flet",
            "from flet",
            "sqlmodel",
            "sqlalchemy",
            "companion.history",
            "companion.ui",
        ):
            assert banned not in text, f"{path.relative_to(ROOT)} mentions {banned}"


def test_code_is_ruff_clean() -> None:
    result = _run("ruff", "check", "companion", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


def test_code_is_ruff_formatted() -> None:
    result = _run("ruff", "format", "--check", "companion", "tests")
    assert result.returncode == 0, result.stdout + result.stderr
