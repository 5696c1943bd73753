"""Calculators › Merchants Cove sale value, as plain logic: the screen's state
(:mod:`~companion.ui.cove_goods.model.sale`: the table's sale with this device's Good) and
its words (:mod:`~companion.ui.cove_goods.model.words`: titles, notes, the ledger with its
"why?" keys, rulings). The rules are the engine's (:mod:`companion.engine.cove_goods`)."""

from __future__ import annotations

from companion.ui.cove_goods.model.sale import (
    DAMAGED_KEY,
    DEFAULT_BASE,
    FORMAT,
    MIN_BASE,
    ROGUE_CARDS,
    STATE_KEY,
    CoveDraft,
    GoodDraft,
    Result,
    RogueCard,
    SaleState,
    StateError,
    old_draft,
    old_sale,
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
