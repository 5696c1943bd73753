"""Where things are in a checkout, for tests at any depth of ``tests/``."""

from pathlib import Path

#: The repository's root (the folder holding ``pyproject.toml``).
ROOT = Path(__file__).resolve().parent.parent
#: Test data files (``tests/fixtures``).
FIXTURES = ROOT / "tests" / "fixtures"
