"""Calculators › Merchants Cove sale value: the Piers in progress (``/calculators/cove-goods``)
and one Pier's sale (``/calculators/cove-goods/<id>``), split by part: the inputs (the Pier,
the Good), the outputs (the value strip, how it adds up, the Pier's sale)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.cove_goods import TABLE_RULES

if TYPE_CHECKING:
    from companion.ui.context import AppContext
    from companion.ui.screen import Screen


TOOL_ID = TABLE_RULES.tool
ROUTE = "/calculators/cove-goods"


def table_route(table_id: int) -> str:
    return f"{ROUTE}/{table_id}"


def open_cove_goods(ctx: AppContext, rest: list[str]) -> Screen:
    """The tool's screen for ``rest``, the route after its own (see
    :func:`~companion.ui.kit.tool_entry.table_tool`)."""
    # Imported when the tool opens: importing the tool's flet-free model (which loads this
    # package first) must not load its screens.
    from companion.ui.cove_goods.lobby import CoveLobby
    from companion.ui.cove_goods.screen import CoveScreen
    from companion.ui.kit.tool_entry import table_tool

    return table_tool(ROUTE, CoveLobby, CoveScreen)(ctx, rest)


__all__ = ["ROUTE", "TOOL_ID", "open_cove_goods", "table_route"]
