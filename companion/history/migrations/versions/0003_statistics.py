"""Running totals for statistics, filled from the plays already recorded.

Statistics over a long history (a club's 100,000 plays) must not aggregate every result on
each look; these two tables are kept up to date by every write instead. Upgrading a
database computes them once from its finished plays.

Revision ID: 0003
Revises: 0002
Create Date: 2025-11-29
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "stat_player_game",
        sa.Column(
            "player_id",
            sa.Integer(),
            sa.ForeignKey("player.id", name="fk_stat_player_game_player", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "game_id",
            sa.Integer(),
            sa.ForeignKey("game.id", name="fk_stat_player_game_game", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("plays", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("score_sum", sa.BigInteger(), nullable=False),
        sa.Column("score_max", sa.Integer(), nullable=False),
        sa.Column("score_min", sa.Integer(), nullable=False),
    )
    op.create_table(
        "stat_game",
        sa.Column(
            "game_id",
            sa.Integer(),
            sa.ForeignKey("game.id", name="fk_stat_game_game", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("plays", sa.Integer(), nullable=False),
        sa.Column("winning_score_sum", sa.BigInteger(), nullable=False),
    )
    # Only finished plays count; a finished play always has a winner (rank 1), and tied
    # winners share one score, so MAX over the winners is "the winning score".
    op.execute(
        """
        INSERT INTO stat_player_game
            (player_id, game_id, plays, wins, score_sum, score_max, score_min)
        SELECT r.player_id, p.game_id, COUNT(*),
               SUM(CASE WHEN r.winner THEN 1 ELSE 0 END),
               SUM(r.score), MAX(r.score), MIN(r.score)
        FROM play_result r JOIN play p ON p.id = r.play_id
        WHERE p.finished
        GROUP BY r.player_id, p.game_id
        """
    )
    op.execute(
        """
        INSERT INTO stat_game (game_id, plays, winning_score_sum)
        SELECT p.game_id, COUNT(*), COALESCE(SUM(w.score), 0)
        FROM play p
        LEFT JOIN (
            SELECT play_id, MAX(score) AS score FROM play_result
            WHERE winner GROUP BY play_id
        ) w ON w.play_id = p.id
        WHERE p.finished
        GROUP BY p.game_id
        """
    )


def downgrade() -> None:
    op.drop_table("stat_game")
    op.drop_table("stat_player_game")
