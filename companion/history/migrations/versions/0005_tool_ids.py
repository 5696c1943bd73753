"""Tool ids spelled one way: a table of Merchants Cove's sale value is ``cove_goods``.

The tool's id is its table rules' (``companion.engine.cove_goods.TABLE_RULES.tool``), the
same word as its package; tables stored before were marked ``cove-goods``. Only that one
column's value changes (downgrade puts the old spelling back); no table, column or index does.

Revision ID: 0005
Revises: 0004
Create Date: 2026-01-10
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: Old spelling → the tool's id now. (Written out: a migration must not follow the code's
#: constants, which may change again after it.)
RENAMED = {"cove-goods": "cove_goods"}

_TABLE = sa.table("game_table", sa.column("tool", sa.String(length=40)))


def _rename(pairs: dict[str, str]) -> None:
    for old, new in pairs.items():
        op.execute(_TABLE.update().where(_TABLE.c.tool == old).values(tool=new))


def upgrade() -> None:
    _rename(RENAMED)


def downgrade() -> None:
    _rename({new: old for old, new in RENAMED.items()})
