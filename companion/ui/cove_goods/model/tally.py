"""A Pier's sale or a Fence sale as a line of tonight's tally ("Add 44 gold to Ann"), with
its working (see :mod:`companion.ui.model.tally`)."""

from __future__ import annotations

from companion.engine.cove_goods import PierSale
from companion.ui.cove_goods import TOOL_ID
from companion.ui.cove_goods.model.sale import Result
from companion.ui.cove_goods.model.words import good_title
from companion.ui.model.tally import TallyOffer
from companion.ui.model.words import plural


def pier_offer(sale: PierSale | str) -> TallyOffer | None:
    """The Goods sold at a Pier, each with its working, then the total (None when nothing
    was sold or the sale cannot be priced)."""
    if not isinstance(sale, PierSale) or not sale.lines:
        return None
    parts = [f"{good_title(line.good)}: {line.sale.text}" for line in sale.lines]
    if len(sale.lines) > 1:
        parts.append(f"total {sale.text}")
    return TallyOffer(
        points=sale.total,
        what=f"A sale at a Pier ({plural(len(sale.lines), 'Good')})",
        working="; ".join(parts),
        tool=TOOL_ID,
    )


def fence_offer(result: Result) -> TallyOffer | None:
    """A Good sold through the Fence (None when it cannot be priced)."""
    if result.sale is None:
        return None
    return TallyOffer(
        points=result.sale.value,
        what="A Fence sale",
        working=f"{good_title(result.good)}: {result.sale.text}",
        tool=TOOL_ID,
    )


__all__ = ["fence_offer", "pier_offer"]
