"""Shared fixtures (the browser/app fixtures live in browser_fixtures.py) and Hypothesis's
profile: no per-example deadline, because speed is measured by ``python -m companion.bench``,
never by a test that a busy machine would fail."""

from hypothesis import settings

from tests.browser_fixtures import app_server, chromium, db_url  # noqa: F401
from tests.history_fixtures import databases, db_backend, make_store, store  # noqa: F401

settings.register_profile("companion", deadline=None)
settings.load_profile("companion")
