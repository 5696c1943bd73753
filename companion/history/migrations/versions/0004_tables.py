"""Shared tables: a game in progress as its start and an append-only log of actions.

Every device on a table sees every committed action; the unique (table, seq) keeps two
servers from both writing step N, and the unique "saved as play N" mark keeps a table from
being saved to history twice. Nothing existing changes, so an upgrade only adds two tables.
(The old single saved game of each tool, in ``setting``, is imported as a table by the app
the first time the tool opens, and the setting is kept under a new name.)

Revision ID: 0004
Revises: 0003
Create Date: 2025-12-06
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "game_table",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("tool", sa.String(length=40), nullable=False),
        sa.Column("start", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("head", sa.Integer(), nullable=False),
        sa.Column(
            "saved_play_id",
            sa.Integer(),
            sa.ForeignKey("play.id", name="fk_game_table_saved_play", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("summary", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("saved_play_id", name="uq_game_table_saved_play"),
    )
    op.create_index("ix_game_table_tool", "game_table", ["tool", "status", "updated_at"])
    op.create_table(
        "table_action",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "table_id",
            sa.Integer(),
            sa.ForeignKey("game_table.id", name="fk_table_action_table", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("body", sa.JSON(), nullable=False),
        sa.Column("device", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("table_id", "seq", name="uq_table_action_seq"),
    )


def downgrade() -> None:
    op.drop_table("table_action")
    op.drop_index("ix_game_table_tool", table_name="game_table")
    op.drop_table("game_table")
