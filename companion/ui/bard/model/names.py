"""What a screen reader says for each of the Bard screen's controls (issue 21, review F2).

The board and the tableau are rows of small numbers ("0 1 2 … 7+") and chips that read alike
("Warrior" for a card's top and for its bottom half): drawn, each sits under its label, but a
screen reader hears only "3". Each control's name says what a tap changes ("3 Nobles at Pier
1", "One more Creature card in your Boast area"), so no two controls on the screen share one.
No flet here: the parts put these names on their controls.
"""

from __future__ import annotations

from companion.engine.bard import ANY, COIN, PALADIN, SIDES, facts
from companion.ui.model.words import plural, possessive


def counted(count: int, noun: str, many: str | None = None) -> str:
    """``No Nobles``, ``1 Noble``, ``3 Nobles``: a count at the start of a control's name."""
    if count == 0:
        return f"No {many or noun + 's'}"
    return plural(count, noun, many)


def board_where(place: str) -> str:
    """Where a board count stands: ``at Pier 1``, ``in the Warrior Hall``, ``on Dragon
    Island's left side``."""
    bard = facts()
    if place in SIDES:
        return f"on {possessive(bard.location_named('dragon_island').name)} {place} side"
    if place in bard.faction_ids:
        return f"in the {bard.faction_named(place).hall}"
    return f"at {bard.location_named(place).name}"


def board_noun(place: str, colour: str | None) -> tuple[str, str]:
    """What a board count counts, one and many: ``Noble``/``Nobles``, ``Paladin``/``Paladins``,
    ``Adventurer``/``Adventurers`` (the count inside a Faction Hall)."""
    if colour is None:
        return "Adventurer", "Adventurers"
    if colour == PALADIN:
        return "Paladin", "Paladins"
    faction = facts().faction_named(colour)
    return faction.name, faction.plural


def board_count(place: str, colour: str | None, count: int) -> str:
    """``3 Nobles at Pier 1``: the number a tap sets."""
    one, many = board_noun(place, colour)
    return f"{counted(count, one, many)} {board_where(place)}"


def board_more(place: str, colour: str | None, top: int, value: int) -> str:
    """The last number of a count row (``7+``): ``7 Nobles at Pier 1`` below 7, then ``One
    more Noble at Pier 1`` (each tap adds one)."""
    if value < top:
        return board_count(place, colour, top)
    one, _many = board_noun(place, colour)
    return f"One more {one} {board_where(place)}"


def steps(thing: str) -> tuple[str, str]:
    """A stepper's two buttons: ``One fewer Badge placed``, ``One more Badge placed``."""
    return f"One fewer {thing}", f"One more {thing}"


def _icons(colour: str) -> tuple[str, str]:
    """``Warrior icon``/``Warrior icons``, ``any-colour icon``…, ``Coin``/``Coins``."""
    if colour == COIN:
        return "Coin", "Coins"
    word = "any-colour" if colour == ANY else facts().faction_named(colour).name
    return f"{word} icon", f"{word} icons"


def add_card(colour: str, count: int) -> str:
    """``Add a card with 3 Warrior icons on top``, ``Add a card with 2 Coins on top``."""
    one, many = _icons(colour)
    return f"Add a card with {plural(count, one, many)} on top"


def card_top(colour: str) -> str:
    """``The card's top shows Warrior icons`` (``Coins``, ``any-colour icons``)."""
    return f"The card's top shows {_icons(colour)[1]}"


def card_bottom(colour: str | None) -> str:
    """``The card's bottom half shows Bard icons``; ``The card has no bottom half``."""
    if colour is None:
        return "The card has no bottom half"
    return f"The card's bottom half shows {_icons(colour)[1]}"


def card_count(count: int, what: str, half: str) -> str:
    """``3 icons on the card's top``, ``No Coins on the card's bottom half``."""
    return f"{counted(count, what)} on the card's {half}"


def volume_cost(count: int) -> str:
    return f"Volume Cost {count} for the card's bottom half"


def volume(count: int) -> str:
    return f"Volume {count} on your track"


def soundstones(count: int) -> str:
    return f"{counted(count, 'Soundstone')} in your supply"


def rune(hall: str) -> str:
    """A chip ticked when your Rune is in ``hall`` (its words: ``Warrior Hall``)."""
    return f"Your Rune is in the {hall}"


def gem(badge: int, pier: str) -> str:
    return f"The Gem under Badge {badge} raises the price at {pier}"


def stop_change(number: int, name: str) -> str:
    return f"Change location {number}, {name}"


def stop_take_out(number: int, name: str) -> str:
    return f"Take out location {number}, {name}"


def sing_for(hall: str) -> str:
    return f"Sing for the {hall}"


def spend(label: str, hall: str) -> str:
    """A source's chip in one hall's row of a Dragon Island location (the same source is
    offered to each hall): ``Spend A · 3 any for the Warrior Hall``."""
    return f"Spend {label} for the {hall}"


def load_plan(rank: int) -> str:
    return (
        "Load the best song into the calculator"
        if rank == 1
        else f"Load option {rank} into the calculator"
    )


__all__ = [
    "add_card",
    "board_count",
    "board_more",
    "board_noun",
    "board_where",
    "card_bottom",
    "card_count",
    "card_top",
    "counted",
    "gem",
    "load_plan",
    "rune",
    "sing_for",
    "soundstones",
    "spend",
    "steps",
    "stop_change",
    "stop_take_out",
    "volume",
    "volume_cost",
]
