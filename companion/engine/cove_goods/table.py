"""The sale at a Pier on a shared table (:mod:`companion.engine.core.protocol`): the status
line, what changed when a move from another phone is refused, and :data:`TABLE_RULES`."""

from __future__ import annotations

from typing import Final

from companion.engine.core.protocol import TableRules
from companion.engine.core.words import plural
from companion.engine.cove_goods.actions import ROGUE_CARD_NAMES, CoveAction, read_action
from companion.engine.cove_goods.errors import GoodsError
from companion.engine.cove_goods.facts import adventurer_name, facts
from companion.engine.cove_goods.game import CoveSale


def status_line(sale: CoveSale) -> str:
    """``At the Pier: 3 Wizards, 2 Paladins · 2 Goods sold``."""
    sold = len(sale.sold)
    goods = "nothing sold yet" if not sold else f"{plural(sold, 'Good')} sold"
    return f"At the Pier: {sale.pier.text} · {goods}"


def table_changed(then: CoveSale, now: CoveSale) -> str:
    """What changed between the sale a screen showed and the sale now, in words."""
    for type_id in facts().types:
        if then.pier.count(type_id) != now.pier.count(type_id):
            count = now.pier.count(type_id)
            return f"the Pier has {adventurer_name(type_id, count)} now"
    if then.rogue_card != now.rogue_card:
        return f"{ROGUE_CARD_NAMES[now.rogue_card]} is in play now"
    if then.sold != now.sold:
        if not now.sold:
            return "this Pier's sale was cleared meanwhile"
        added = [g for g in now.sold if g not in then.sold]
        if added:
            return f"{added[0].words} was added to the sale meanwhile"
        gone = [g for g in then.sold if g not in now.sold]
        if gone:
            return f"{gone[0].words} was taken off the sale meanwhile"
        return "the Goods of this sale changed meanwhile"
    return "the sale changed since this screen showed it"


#: The sale at a Pier on a shared table: each action reads only what it depends on
#: (:meth:`CoveAction.reads`), so phones counting different adventurers or adding Goods at
#: once all succeed.
TABLE_RULES: Final[TableRules[CoveSale, CoveAction]] = TableRules(
    tool="cove_goods",
    read_start=CoveSale.from_dict,
    read_action=read_action,
    players=lambda sale: (),
    status=status_line,
    error=GoodsError,
    reads=lambda sale, action: action.reads(sale),
    changed=table_changed,
)


__all__ = ["TABLE_RULES", "status_line", "table_changed"]
