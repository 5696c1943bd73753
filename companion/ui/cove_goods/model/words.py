"""The sale-value screen's words: what a Good is called, the multiplier and the notes about
the Pier, the sale step by step (:func:`ledger`, each step with the rules entries and rulings
behind it for its "why?"), and the rulings a number rests on."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.engine import cove_goods as cg
from companion.engine.cove_goods import Good, HouseRules, Multiplier, Pier, PierSale
from companion.rules import Catalogue
from companion.ui.model.words import plural

if TYPE_CHECKING:
    from companion.ui.cove_goods.model.sale import Result

PALADIN_GOOD = "paladin"


def kinds() -> tuple[str, ...]:
    """What a Good can be: one of the factions' colours, or a Paladin Good."""
    return (*cg.facts().factions, PALADIN_GOOD)


def kind_label(kind: str) -> str:
    """``'Wizards'`` for a Wizard-coloured Good, ``'Paladin Good'``."""
    return "Paladin Good" if kind == PALADIN_GOOD else cg.adventurer_name(kind)


def good_title(good: Good) -> str:
    """``'Wizard Good (3) · Display Case · Enchanted'``."""
    return " · ".join((good.label, *good.extras))


def multiplier_text(good: Good, multiplier: Multiplier) -> str:
    """``'Multiplier: 3 Wizards + 2 Paladins = 5'``; a Paladin Good says whom it sells to."""
    if good.paladin and multiplier.sells_to is not None:
        return (
            f"Sells to the {cg.adventurer_name(multiplier.sells_to)}, multiplier {multiplier.text}"
        )
    if good.paladin:
        return "No adventurers here to buy it: multiplier 0"
    return f"Multiplier: {multiplier.text}"


def paladin_note(sale: PierSale) -> str | None:
    """How the Paladins at the Pier are counted in a sale of several Goods, if it matters."""
    if not sale.pier.paladins or not sale.lines:
        return None
    paladins = plural(sale.pier.paladins, "Paladin")
    one = sale.pier.paladins == 1  # the verb agrees: "1 Paladin counts", "2 Paladins count"
    if sale.paladins_as is None:
        if any(line.multiplier.paladins for line in sale.lines):
            return f"The {paladins} {'takes' if one else 'take'} each Good's colour (house rule)."
        return f"The {paladins} here {'adds' if one else 'add'} to no Good in this sale."
    return (
        f"The {paladins} {'counts' if one else 'count'} as "
        f"{cg.adventurer_name(sale.paladins_as)} for every Good in this sale: the colour that "
        "earns the most."
    )


def un_fairies_note(pier: Pier, rogue_card: str) -> str | None:
    if rogue_card != "un_fairies":
        return None
    if pier.rogues:
        return (
            f"Un-Fairies: {plural(pier.rogues, 'Rogue')} at this Pier, so every Good sold here "
            "loses 1 base value."
        )
    return "Un-Fairies is in play, but no Rogue is at this Pier: no Good loses value here."


@dataclass(frozen=True)
class LedgerLine:
    """One step of a sale, as a row: what it is and what it does (``+2``, ``×5``, ``50``),
    and what its "why?" opens: rules entries (``why``, keys of
    :func:`companion.reference.entries_for`) and the rulings it rests on (``rulings``)."""

    label: str
    amount: str
    total: bool = False
    why: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()


#: The rules entry behind each modifier (keys of companion.reference.entries_for).
MODIFIER_ENTRIES = {
    "Display Case": "cove_goods.display_case",
    "Enchantment": "cove_goods.enchantment",
    "Un-Fairies": "cove_goods.un_fairies",
    "Fence": "cove_goods.fence",
}
#: The rulings each modifier's step can rest on (shown only when the sale used them).
MODIFIER_RULINGS = {
    "Display Case": (cg.RULING_DISPLAY_CASE_SHELF,),
    "Enchantment": (cg.RULING_ENCHANTMENT_BASE, cg.RULING_ENCHANTED_FENCE),
    "Un-Fairies": (cg.RULING_BASE_FLOOR, cg.RULING_ONE_ROGUE_CARD),
    "Fence": (cg.RULING_FENCE_NO_PIER, cg.RULING_ONE_ROGUE_CARD),
}
SALE_ENTRY = "cove_goods.sale"


def ledger(result: Result, pier: Pier) -> tuple[LedgerLine, ...]:
    """The sale of ``result`` step by step, in the order the reading in use applies them."""
    sale = result.sale
    if sale is None:
        return ()
    used = set(result.rulings)

    def rulings_of(*ids: str) -> tuple[str, ...]:
        return tuple(r for r in ids if r in used)

    def step(name: str, label: str, amount: str) -> LedgerLine:
        return LedgerLine(
            label,
            amount,
            why=(MODIFIER_ENTRIES[name],),
            rulings=rulings_of(*MODIFIER_RULINGS[name]),
        )

    good = result.good
    first = "Paladin Good base value" if good.paladin else "Printed base value"
    rows = [
        LedgerLine(first, str(sale.base), why=("cove_goods.paladin_good",))
        if good.paladin
        else LedgerLine(first, str(sale.base))
    ]
    adds = []
    for modifier in sale.adds:
        label = modifier.name
        if modifier.name == "Un-Fairies":
            label = f"Un-Fairies: {plural(pier.rogues, 'Rogue')} at this Pier"
        adds.append(step(modifier.name, label, f"{modifier.symbol}{modifier.amount}"))
    factors = [step(m.name, m.name, f"×{m.amount}") for m in sale.factors]
    rows.extend([*factors, *adds] if sale.multiply_first else [*adds, *factors])
    rows.extend(step(m.name, f"{m.name}: used up, no effect", "—") for m in sale.unused)
    everything = tuple(dict.fromkeys(result.rulings))
    if sale.fence:
        rows.append(
            LedgerLine(
                "Fence sale, no Pier multiplier",
                f"{sale.value} gold",
                True,
                why=("cove_goods.fence", SALE_ENTRY),
                rulings=everything,
            )
        )
        return tuple(rows)
    if sale.modifiers:
        label = "Base value (never below 0)" if sale.floored else "Base value"
        rows.append(
            LedgerLine(
                label,
                str(sale.base_value),
                True,
                why=(SALE_ENTRY,),  # how the modifiers above combine
                rulings=rulings_of(cg.RULING_MODIFIER_ORDER, cg.RULING_BASE_FLOOR),
            )
        )
    if result.multiplier is not None:
        multiplier = result.multiplier
        entries = [SALE_ENTRY]
        if multiplier.paladins:
            entries.append("cove_goods.paladins")
        if good.paladin:
            entries.append("cove_goods.paladin_good")
        rows.append(
            LedgerLine(
                multiplier_text(good, multiplier),
                f"×{multiplier.value}",
                why=tuple(entries),
                rulings=(
                    cg.RULING_PIER_MULTIPLIER,
                    *rulings_of(cg.RULING_PALADIN_GOOD_PALADINS, cg.RULING_PALADIN_GOOD_ROGUES),
                ),
            )
        )
    rows.append(
        LedgerLine(
            "Sale value",
            f"{sale.value} gold",
            True,
            why=(SALE_ENTRY,),
            rulings=(cg.RULING_PIER_MULTIPLIER, *everything),
        )
    )
    return tuple(rows)


def sale_why(sale: PierSale) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What the Pier's sale total's "why?" opens: ``(entry keys, ruling ids)``."""
    entries = [SALE_ENTRY]
    if sale.pier.paladins:
        entries.append("cove_goods.paladins")
    if any(line.good.paladin for line in sale.lines):
        entries.append("cove_goods.paladin_good")
    if sale.un_fairies and sale.pier.rogues:
        entries.append("cove_goods.un_fairies")
    return tuple(entries), tuple(dict.fromkeys((cg.RULING_PIER_MULTIPLIER, *sale.rulings)))


# -- rulings and house rules ---------------------------------------------------------------
def readable(exc: Exception) -> str:
    """An engine message made fit to show: first letter up, a full stop at the end."""
    text = str(exc).strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else f"{text}."


@dataclass(frozen=True)
class RulingNote:
    """A ruling a number rests on, with the reading the table uses."""

    id: str
    topic: str
    house_rule: bool
    reading: str
    label: str


def ruling_notes(
    catalogue: Catalogue, ids: Iterable[str], house: HouseRules
) -> tuple[RulingNote, ...]:
    """The rulings ``ids`` as shown beside a number: which reading is in use."""
    notes = []
    for ruling_id in dict.fromkeys(ids):
        ruling = catalogue.ruling(ruling_id)
        on = house.uses(ruling_id)
        reading = ruling.alternative if on and ruling.alternative else ruling.reading
        label = f"Ruling: {ruling.topic}" + (" · house rule on" if on else "")
        notes.append(RulingNote(ruling_id, ruling.topic, on, reading, label))
    return tuple(notes)


def house_rules_in_use(catalogue: Catalogue, house: HouseRules) -> tuple[str, ...]:
    """The labels of the sale-value house rules switched on, in the rulings file's order."""
    return tuple(
        r.house_rule_label for r in catalogue.rulings if r.id in cg.SUPPORTED and house.uses(r.id)
    )


__all__ = [
    "MODIFIER_ENTRIES",
    "MODIFIER_RULINGS",
    "PALADIN_GOOD",
    "SALE_ENTRY",
    "LedgerLine",
    "RulingNote",
    "good_title",
    "house_rules_in_use",
    "kind_label",
    "kinds",
    "ledger",
    "multiplier_text",
    "paladin_note",
    "readable",
    "ruling_notes",
    "sale_why",
    "un_fairies_note",
]
