"""Plays that say what was played, plays without points, and plays never doubled.

- ``play``: ``scoring`` (how the play is won: "points", "manual", "cooperative"; every play
  so far was won on points), ``expansions`` and ``house_rules`` beside ``modules``,
  ``started_at``, and ``deleted_at`` (a deleted play is kept, marked, until it is removed
  for good, so that an undo gives back the same play: same id, uid and table link).
- ``play_result.score`` may be empty (a win/lose play has no points).
- ``stat_player_game.scored`` and ``stat_game.scored_plays``: how many of the counted plays
  had a score (score figures are over those); every play so far had one. A player's score
  extremes may be empty (only plays without points).
- ``game_table.saved_play_uid``: the saved play's uid, kept when the play is deleted, so the
  table remembers it was saved; filled from the plays the tables point at.

Nothing existing changes meaning; an upgrade only adds (SQLite copies ``play_result`` and
``stat_player_game`` to let their columns be empty).

Revision ID: 0006
Revises: 0005
Create Date: 2026-01-10
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("play") as play:
        play.add_column(
            sa.Column("scoring", sa.String(length=12), nullable=False, server_default="points")
        )
        play.add_column(sa.Column("expansions", sa.JSON(), nullable=False, server_default="[]"))
        play.add_column(sa.Column("house_rules", sa.JSON(), nullable=False, server_default="{}"))
        play.add_column(sa.Column("started_at", sa.DateTime(), nullable=True))
        play.add_column(sa.Column("deleted_at", sa.DateTime(), nullable=True))
    op.create_index(
        "ix_play_deleted",
        "play",
        ["deleted_at"],
        sqlite_where=sa.text("deleted_at IS NOT NULL"),
        postgresql_where=sa.text("deleted_at IS NOT NULL"),
    )
    with op.batch_alter_table("play_result") as result:
        result.alter_column("score", existing_type=sa.Integer(), nullable=True)
    with op.batch_alter_table("stat_player_game") as pairs:
        pairs.add_column(sa.Column("scored", sa.Integer(), nullable=False, server_default="0"))
        pairs.alter_column("score_max", existing_type=sa.Integer(), nullable=True)
        pairs.alter_column("score_min", existing_type=sa.Integer(), nullable=True)
    with op.batch_alter_table("stat_game") as games:
        games.add_column(
            sa.Column("scored_plays", sa.Integer(), nullable=False, server_default="0")
        )
    with op.batch_alter_table("game_table") as tables:
        tables.add_column(sa.Column("saved_play_uid", sa.String(length=36), nullable=True))
    # Every play so far had every score.
    op.execute("UPDATE stat_player_game SET scored = plays")
    op.execute("UPDATE stat_game SET scored_plays = plays")
    op.execute(
        "UPDATE game_table SET saved_play_uid = "
        "(SELECT play.uid FROM play WHERE play.id = game_table.saved_play_id) "
        "WHERE saved_play_id IS NOT NULL"
    )


def downgrade() -> None:
    # Not lossless: deleted plays go for good, and plays without points get 0 points.
    op.execute(
        "DELETE FROM play_result WHERE play_id IN "
        "(SELECT id FROM play WHERE deleted_at IS NOT NULL)"
    )
    op.execute("DELETE FROM play WHERE deleted_at IS NOT NULL")
    op.execute("UPDATE play_result SET score = 0 WHERE score IS NULL")
    op.execute("UPDATE stat_player_game SET score_max = 0 WHERE score_max IS NULL")
    op.execute("UPDATE stat_player_game SET score_min = 0 WHERE score_min IS NULL")
    with op.batch_alter_table("game_table") as tables:
        tables.drop_column("saved_play_uid")
    with op.batch_alter_table("stat_game") as games:
        games.drop_column("scored_plays")
    with op.batch_alter_table("stat_player_game") as pairs:
        pairs.alter_column("score_min", existing_type=sa.Integer(), nullable=False)
        pairs.alter_column("score_max", existing_type=sa.Integer(), nullable=False)
        pairs.drop_column("scored")
    with op.batch_alter_table("play_result") as result:
        result.alter_column("score", existing_type=sa.Integer(), nullable=False)
    op.drop_index("ix_play_deleted", table_name="play")
    with op.batch_alter_table("play") as play:
        for column in ("deleted_at", "started_at", "house_rules", "expansions", "scoring"):
            play.drop_column(column)
