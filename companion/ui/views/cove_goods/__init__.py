"""Calculators › Merchants Cove sale value: the Piers in progress (``/calculators/cove-goods``)
and one Pier's sale (``/calculators/cove-goods/<id>``), split by part: the inputs (the Pier,
the Good), the outputs (the value strip, how it adds up, the Pier's sale)."""

from __future__ import annotations

from companion.ui.logic.cove_goods import TOOL_ID
from companion.ui.views.cove_goods.lobby import ROUTE, TITLE, CoveLobby, sale_route
from companion.ui.views.cove_goods.table import CoveTableView
from companion.ui.views.tool_entry import table_tool

open_cove_goods = table_tool(ROUTE, TOOL_ID, CoveLobby, CoveTableView)


__all__ = ["ROUTE", "TITLE", "CoveLobby", "CoveTableView", "open_cove_goods", "sale_route"]
