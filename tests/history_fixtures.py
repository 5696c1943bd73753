"""Database fixtures for the history tests: every test gets a database of its own.

``db_backend`` runs a test once on SQLite (a temporary file) and once on PostgreSQL when
``COMPANION_TEST_PG`` holds a server URL (skipped, with the reason, when it does not). On
PostgreSQL each database is a fresh schema, dropped after the test, so tests never see each
other's rows.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from companion.history import Store, open_store

PG_ENV = "COMPANION_TEST_PG"
BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


def _pg_admin_url() -> str:
    url = make_url(os.environ[PG_ENV])
    if url.drivername == "postgresql":
        url = url.set(drivername="postgresql+psycopg2")
    return url.render_as_string(hide_password=False)


class DatabaseFactory:
    """Makes empty databases of one backend and removes them afterwards."""

    def __init__(self, backend: str, tmp_path: Path) -> None:
        self.backend = backend
        self.tmp_path = tmp_path
        self._schemas: list[str] = []
        self._stores: list[Store] = []
        self._count = 0

    def url(self) -> str:
        """The URL of a new, empty database."""
        self._count += 1
        if self.backend == "sqlite":
            return f"sqlite:///{self.tmp_path / f'history-{self._count}.sqlite3'}"
        schema = f"test_{uuid.uuid4().hex[:12]}"
        engine = create_engine(_pg_admin_url())
        with engine.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        engine.dispose()
        self._schemas.append(schema)
        url = make_url(os.environ[PG_ENV]).update_query_dict({"options": f"-csearch_path={schema}"})
        return url.render_as_string(hide_password=False)

    def store(self, url: str | None = None) -> Store:
        """A store on ``url`` (default: a new database), closed after the test."""
        store = open_store(url or self.url())
        self._stores.append(store)
        return store

    def cleanup(self) -> None:
        for store in self._stores:
            store.close()
        if self._schemas:
            engine = create_engine(_pg_admin_url())
            with engine.begin() as conn:
                for schema in self._schemas:
                    conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
            engine.dispose()


@pytest.fixture(params=BACKENDS)
def db_backend(request: pytest.FixtureRequest) -> str:
    """``"sqlite"``, or ``"postgres"`` when COMPANION_TEST_PG is set."""
    backend: str = request.param
    if backend == "postgres" and not os.environ.get(PG_ENV):
        pytest.skip(f"PostgreSQL variant: set {PG_ENV} to a server URL to run it")
    return backend


@pytest.fixture
def databases(db_backend: str, tmp_path: Path) -> Iterator[DatabaseFactory]:
    """A factory of empty databases on the test's backend."""
    factory = DatabaseFactory(db_backend, tmp_path)
    try:
        yield factory
    finally:
        factory.cleanup()


@pytest.fixture
def store(databases: DatabaseFactory) -> Store:
    """A store on an empty database of its own, migrated to the newest schema."""
    return databases.store()


@pytest.fixture
def make_store(databases: DatabaseFactory) -> Callable[[], Store]:
    """Another store on another empty database of the same backend."""
    return databases.store
