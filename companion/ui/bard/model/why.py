"""What each number of the Bard screen rests on: the reference entries and rulings a "why?"
beside it opens (:func:`companion.ui.kit.why.why_link`)."""

from __future__ import annotations

from companion.engine.bard import (
    RULING_BOAST,
    RULING_COIN_ICONS,
    RULING_COINS,
    RULING_CREATURES,
    RULING_DRAGON_ISLAND,
    RULING_FANS,
    RULING_HALLS,
    RULING_HAND_SIZE,
    RULING_PALADINS,
    RULING_SOUNDSTONE,
    RULING_SOURCE_WHOLE,
    RULING_TOWN_SQUARE_ICON,
    AtPier,
    Performed,
    facts,
)

Why = tuple[tuple[str, ...], tuple[str, ...]]

#: The card price, the next fan's cost and the hand size (the small helpers).
CARD_PRICE: Why = (("bard.card_price",), (RULING_COINS, RULING_TOWN_SQUARE_ICON))
FAN_COST: Why = (("bard.fan_cost",), (RULING_FANS,))
HAND_SIZE: Why = (("bard.hand_size",), (RULING_HAND_SIZE,))
BOAST: Why = (("bard.boast",), (RULING_BOAST,))
VOLUME: Why = (("bard.volume",), ())
TABLEAU: Why = (("bard.song", "bard.soundstone"), (RULING_SOURCE_WHOLE, RULING_SOUNDSTONE))
BOARD: Why = (("bard.pier", "bard.dragon_island"), (RULING_PALADINS, RULING_CREATURES))


def of_record(record: Performed) -> Why:
    """The entries and rulings behind one performance's gold (and the card, fan or Rune it
    took)."""
    kind = facts().location_named(record.location).kind
    coins = (RULING_COIN_ICONS,) if record.coins else ()
    if kind == "pier":
        rulings: tuple[str, ...] = coins
        entries: tuple[str, ...] = ("bard.pier",)
        perf = record.performance
        if isinstance(perf, AtPier) and perf.paladins:
            rulings += (RULING_PALADINS,)
        if record.card is not None:
            entries += ("bard.card_price",)
            rulings += (RULING_COINS, RULING_TOWN_SQUARE_ICON)
        return entries, rulings
    if kind == "town_square":
        return ("bard.town_square", "bard.fan_cost", "bard.hand_size"), (
            RULING_FANS,
            RULING_HAND_SIZE,
            *coins,
        )
    if kind == "faction_hall":
        return ("bard.faction_hall",), (RULING_COINS, *coins)
    return ("bard.dragon_island",), (RULING_DRAGON_ISLAND, RULING_HALLS, RULING_CREATURES, *coins)


__all__ = [
    "BOARD",
    "BOAST",
    "CARD_PRICE",
    "FAN_COST",
    "HAND_SIZE",
    "TABLEAU",
    "VOLUME",
    "Why",
    "of_record",
]
