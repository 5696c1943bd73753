"""Players, games, plays and per-player results.

Revision ID: 0001
Revises:
Create Date: 2025-11-29
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=160), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("name", name="uq_player_name"),
        sa.UniqueConstraint("name_key", name="uq_player_name_key"),
    )
    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("name_key", sa.String(length=320), nullable=False),
        sa.Column("key", sa.String(length=80), nullable=True),
        sa.Column("highest_wins", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("name", name="uq_game_name"),
        sa.UniqueConstraint("name_key", name="uq_game_name_key"),
        sa.UniqueConstraint("key", name="uq_game_key"),
    )
    op.create_table(
        "play",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("uid", sa.String(length=36), nullable=False),
        sa.Column(
            "game_id",
            sa.Integer(),
            sa.ForeignKey("game.id", name="fk_play_game", ondelete="RESTRICT"),
            nullable=False,
        ),
        sa.Column("played_at", sa.DateTime(), nullable=False),
        sa.Column("modules", sa.JSON(), nullable=False),
        sa.Column("duration_min", sa.Integer(), nullable=True),
        sa.Column("location", sa.String(length=120), nullable=True),
        sa.Column("notes", sa.String(length=2000), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("highest_wins", sa.Boolean(), nullable=False),
        sa.Column("tiebreakers", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("uid", name="uq_play_uid"),
    )
    op.create_index("ix_play_played_at", "play", ["played_at", "id"])
    op.create_index("ix_play_game", "play", ["game_id", "played_at"])
    op.create_table(
        "play_result",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "play_id",
            sa.Integer(),
            sa.ForeignKey("play.id", name="fk_play_result_play", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column(
            "player_id",
            sa.Integer(),
            sa.ForeignKey("player.id", name="fk_play_result_player", ondelete="RESTRICT"),
            nullable=False,
        ),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("breakdown", sa.JSON(), nullable=False),
        sa.Column("tiebreaks", sa.JSON(), nullable=False),
        sa.Column("start_player", sa.Boolean(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("winner", sa.Boolean(), nullable=False),
        sa.UniqueConstraint("play_id", "player_id", name="uq_play_result_player"),
        sa.UniqueConstraint("play_id", "seat", name="uq_play_result_seat"),
    )
    op.create_index("ix_play_result_player", "play_result", ["player_id", "play_id", "score"])


def downgrade() -> None:
    op.drop_table("play_result")
    op.drop_table("play")
    op.drop_table("game")
    op.drop_table("player")
