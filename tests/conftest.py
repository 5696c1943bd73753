"""Shared fixtures: the browser/app fixtures live in browser_fixtures.py."""

from tests.browser_fixtures import app_server, chromium, db_url  # noqa: F401
from tests.history_fixtures import databases, db_backend, make_store, store  # noqa: F401
