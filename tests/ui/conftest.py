"""Every screen test gets a SQLite store of its own and the hub on it, and may ask for
``players_who_look`` (all in tests/screen_fixtures.py)."""

from tests.screen_fixtures import hub, players_who_look, store  # noqa: F401
