"""The sale an older version kept on this device (under :data:`STATE_KEY`, the whole screen's
state, :meth:`SaleState.to_dict`), read once into a table and the Good it was pricing."""

from __future__ import annotations

from companion.engine import cove_goods as cg
from companion.engine.cove_goods import CoveSale, GoodsError
from companion.ui.cove_goods.model.draft import CoveDraft
from companion.ui.cove_goods.model.sale import SaleState, StateError
from companion.ui.cove_goods.model.words import readable


def old_sale(raw: object) -> CoveSale | None:
    """The state saved before shared tables (under :data:`STATE_KEY`) as a sale whose log
    counts the Pier, sets the Rogue card and adds each Good (so it replays as a table), or
    None when it held nothing of the table's. Raises :class:`StateError` naming the field."""
    state = SaleState.from_dict(raw)
    sale = CoveSale()
    actions: list[cg.CoveAction] = [cg.SetCount(t, n) for t, n in state.pier.counts]
    if state.rogue_card != "other":
        actions.append(cg.SetRogueCard(state.rogue_card))
    actions.extend(cg.AddGood(good) for good in state.sold)
    if not actions:
        return None
    for action in actions:
        try:
            sale = sale.apply(action)[0]
        except GoodsError as exc:
            raise StateError(readable(exc)) from None
    return sale


def old_draft(raw: object) -> CoveDraft | None:
    """The Good the old save was pricing, for the device that imports it (None if none)."""
    try:
        state = SaleState.from_dict(raw)
    except StateError:
        return None
    return CoveDraft(state.draft, state.fence)


__all__ = ["old_draft", "old_sale"]
