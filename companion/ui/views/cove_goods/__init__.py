"""Calculators › Merchants Cove sale value: the Piers in progress (``/calculators/cove-goods``)
and one Pier's sale (``/calculators/cove-goods/<id>``), split by part: the inputs (the Pier,
the Good), the outputs (the value strip, how it adds up, the Pier's sale)."""

from __future__ import annotations

from companion.tables import TableNotFound
from companion.ui.context import AppContext
from companion.ui.screen import RouteNotFound, Screen
from companion.ui.views.cove_goods.lobby import ROUTE, TITLE, CoveLobby, sale_route
from companion.ui.views.cove_goods.table import CoveTableView, open_table


def open_cove_goods(ctx: AppContext, rest: list[str]) -> Screen:
    if not rest:
        return CoveLobby(ctx).build()
    if len(rest) == 1 and rest[0].isdigit() and int(rest[0]) > 0:
        try:
            return open_table(ctx, int(rest[0]))
        except TableNotFound:
            raise RouteNotFound(f"{ROUTE}/{rest[0]}") from None
    raise RouteNotFound(f"{ROUTE}/{'/'.join(rest)}")


__all__ = ["ROUTE", "TITLE", "CoveLobby", "CoveTableView", "open_cove_goods", "sale_route"]
