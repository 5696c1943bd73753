"""Where things are in a checkout, for tests at any depth of ``tests/``."""

from pathlib import Path

#: The repository's root (the folder holding ``pyproject.toml``).
ROOT = Path(__file__).resolve().parent.parent
#: Test data files (``tests/fixtures``).
FIXTURES = ROOT / "tests" / "fixtures"


def rulebook(file: str) -> Path:
    """The rulebook text ``file`` in the seeds folder. Where it is missing the calling test is
    skipped, saying where it looked, unless ``COMPANION_REQUIRE_RULEBOOKS`` is set (CI sets
    it), where the test fails instead: a CI without the texts must not pass by skipping."""
    import os

    import pytest

    from companion.rules import seeds_dir

    path = seeds_dir() / file
    if not path.exists():
        where = f"rulebook texts not found at {seeds_dir()} (set COMPANION_SEEDS_DIR)"
        if os.environ.get("COMPANION_REQUIRE_RULEBOOKS"):
            pytest.fail(f"COMPANION_REQUIRE_RULEBOOKS is set but the {where}")
        pytest.skip(where)
    return path
