"""Calculators › Merchants Cove sale value, as plain logic: the screen's state
(:mod:`.sale`: the table's sale with this device's Good, :mod:`.draft`), the sale an older
version kept (:mod:`.old_save`) and the words (:mod:`.words`: titles, notes, the ledger with
its "why?" keys, rulings). The rules are the engine's (:mod:`companion.engine.cove_goods`)."""

from __future__ import annotations

from companion.ui.cove_goods.model.draft import DEFAULT_BASE, CoveDraft, GoodDraft
from companion.ui.cove_goods.model.old_save import old_draft, old_sale
from companion.ui.cove_goods.model.sale import (
    DAMAGED_KEY,
    FORMAT,
    MIN_BASE,
    ROGUE_CARDS,
    STATE_KEY,
    Result,
    RogueCard,
    SaleState,
    StateError,
)
from companion.ui.cove_goods.model.words import (
    MODIFIER_ENTRIES,
    MODIFIER_RULINGS,
    PALADIN_GOOD,
    SALE_ENTRY,
    LedgerLine,
    RulingNote,
    good_title,
    house_rules_in_use,
    kind_label,
    kinds,
    ledger,
    multiplier_text,
    paladin_note,
    readable,
    ruling_notes,
    sale_why,
    un_fairies_note,
)
from companion.ui.model.words import plural

__all__ = [
    "DAMAGED_KEY",
    "DEFAULT_BASE",
    "FORMAT",
    "MIN_BASE",
    "MODIFIER_ENTRIES",
    "MODIFIER_RULINGS",
    "PALADIN_GOOD",
    "ROGUE_CARDS",
    "SALE_ENTRY",
    "STATE_KEY",
    "CoveDraft",
    "GoodDraft",
    "LedgerLine",
    "Result",
    "RogueCard",
    "RulingNote",
    "SaleState",
    "StateError",
    "good_title",
    "house_rules_in_use",
    "kind_label",
    "kinds",
    "ledger",
    "multiplier_text",
    "old_draft",
    "old_sale",
    "paladin_note",
    "plural",
    "readable",
    "ruling_notes",
    "sale_why",
    "un_fairies_note",
]
