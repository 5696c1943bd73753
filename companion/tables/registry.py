"""Which tools keep their games on shared tables: tool id → the engine's ``TableRules``.

A tool joins by adding its engine's rules here (one line; see ``companion.tables``).
"""

from __future__ import annotations

from typing import Any

from companion.engine import bard, cove_goods, journey, mercante, scorepad, seats, setup
from companion.engine.core.protocol import TableRules


def tools() -> dict[str, TableRules[Any, Any]]:
    """Every tool that keeps tables, by its id."""
    rules: tuple[TableRules[Any, Any], ...] = (
        bard.TABLE_RULES,
        journey.TABLE_RULES,
        mercante.TABLE_RULES,
        setup.TABLE_RULES,
        seats.TABLE_RULES,
        scorepad.TABLE_RULES,
        cove_goods.TABLE_RULES,
    )
    return {r.tool: r for r in rules}


__all__ = ["tools"]
