"""Alembic environment for the play history, run from inside the package.

``companion.history.db.migrate`` calls Alembic with the engine in ``config.attributes``;
there is no alembic.ini. SQLite gets ``render_as_batch`` so that future revisions which
alter a table are written as SQLite's copy-and-move batch operations.
"""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import companion.history.models  # noqa: F401  (registers the tables on SQLModel.metadata)
from companion.history.db import VERSION_TABLE

config = context.config
target_metadata = SQLModel.metadata


def run_migrations_offline() -> None:
    """Write the SQL for a given URL instead of running it (``alembic upgrade --sql``)."""
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=target_metadata,
        literal_binds=True,
        render_as_batch=True,
        version_table=VERSION_TABLE,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    engine = config.attributes.get("engine")
    if engine is None:
        raise RuntimeError(
            "no engine: run migrations through companion.history (open_store or db.migrate)"
        )
    with engine.begin() as connection:
        context.configure(
            connection=connection,
            target_metadata=target_metadata,
            render_as_batch=connection.dialect.name == "sqlite",
            version_table=VERSION_TABLE,
            compare_type=True,
        )
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
