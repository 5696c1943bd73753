"""A play's rule for its tie-breakers: they decide every place, or the victory only.

- ``play.tiebreaks_victory_only``: true for a play whose tie-breakers decide the victory only
  (Mercante's rule: players tied on a lower score share their place whatever their
  tie-breaker figures). Every play so far is false: its ranks were made with the tie-breakers
  deciding every place (a Mercante play saved before kept no figures for a shared lower
  place, which ranked it shared all the same), so nothing existing changes meaning.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


COLUMN = "tiebreaks_victory_only"


def upgrade() -> None:
    # A plain-text default ("0": false in SQLite and PostgreSQL alike) lets SQLite add the
    # column in place; a copy of ``play`` would take its results with it (they cascade).
    op.add_column("play", sa.Column(COLUMN, sa.Boolean(), nullable=False, server_default="0"))


def downgrade() -> None:
    # The rule goes; the stored figures and ranks stay as they were made. SQLite (3.35 and
    # later) drops the column in place, for the same reason as above.
    if op.get_bind().dialect.name == "sqlite":
        op.execute(f"ALTER TABLE play DROP COLUMN {COLUMN}")
    else:
        op.drop_column("play", COLUMN)
