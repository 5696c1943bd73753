"""The lines the Bard screen shows besides each location: what is left to spend, the small
helpers (card price, next fan, hand size), what the song gained, and one-line summaries of
the board and the tableau for their folded panels."""

from __future__ import annotations

from collections.abc import Sequence

from companion.engine.bard import ANY, COIN, PALADIN, SIDES, Board, Performed, Song, Table, facts
from companion.ui.bard.model.card import Card
from companion.ui.bard.model.words import colour_name, plural


def icons_left_line(song: Song | None) -> str:
    if song is None:
        return ""
    left = song.icons_left()
    if not left:
        return "Every icon of the tableau is spent." if song.sources else "No icons entered yet."
    parts = [f"{n} {'any colour' if c == ANY else colour_name(c, n)}" for c, n in left.items()]
    return "Still to spend: " + ", ".join(parts) + "."


def board_lines(board: Board) -> list[tuple[str, str]]:
    """The small helpers: (label, working) for the card price, next fan and hand size."""
    fan = board.fan_cost
    return [
        ("Card at a Pier", board.card_price.working),
        ("Next fan", fan.working if fan else "Every Badge is placed: no more fans"),
        ("Hand size", board.hand_size.working),
    ]


def rewards_lines(song: Song) -> list[str]:
    """What the song gained besides gold, in order."""
    out: list[str] = []
    for record in song.log:
        if isinstance(record, Performed):
            if record.rune:
                out.append(f"Rune in the {facts().faction_named(record.rune).hall}")
            for cost in record.fans:
                out.append(f"A fan for {plural(cost.value, 'icon')}")
            if record.hand_size:
                out.append(f"Hand size {record.hand_size.value}")
            if record.card:
                out.append(f"A Skill or Improv card ({record.card.value} gold)")
            if record.creature:
                out.append("A Creature card into your Boast area")
        else:
            out.append(
                f"Boast: {plural(record.creatures, 'Creature card')} activated"
                if record.creatures
                else "Boast (no Creature card to activate)"
            )
    return out


def moves_left_line(song: Song | None, moves: int) -> str:
    """``Start at any location, then 2 moves.`` / ``1 move left.`` / ``No moves left…``."""
    if song is None or not song.visited:
        return (
            f"Start at any location, then {plural(moves if song is None else song.moves, 'move')}."
        )
    left = song.locations_left
    if left > 0:
        return f"{plural(left, 'move')} left."
    return "No moves left: the song has visited every location it may."


def table_summary(table: Table, board: Board) -> str:
    """One line for the folded board: the places with Adventurers, your Runes."""
    bard = facts()
    bits: list[str] = []
    for pier in bard.piers():
        counts = [
            f"{n} {'Paladin' if c == PALADIN else colour_name(c, n)}"
            + ("s" if c == PALADIN and n != 1 else "")
            for c, n in table.piers[pier].items()
            if n
        ]
        if counts:
            bits.append(f"{bard.location_named(pier).name}: {', '.join(counts)}")
    halls = [f"{bard.faction_named(h).name} {n}" for h, n in table.halls.items() if n]
    if halls:
        bits.append("Halls: " + ", ".join(halls))
    for side in SIDES:
        counts = [f"{n} {colour_name(c, n)}" for c, n in table.dragon_island[side].items() if n]
        if counts:
            bits.append(f"{side.capitalize()} side: {', '.join(counts)}")
    runes = ", ".join(bard.faction_named(r).name for r in bard.faction_ids if r in board.runes)
    bits.append(f"Runes: {runes or 'none'}")
    bits.append(plural(board.badges, "Badge") + " placed")
    return " · ".join(bits)


def tableau_line(cards: Sequence[Card], song: Song | None) -> str:
    """One line for the folded tableau: the cards, the icons, Volume and Soundstones."""
    if not cards:
        return "No card entered yet"
    text = "; ".join(c.describe() for c in cards)
    if song is not None:
        start = song.start
        stones = sum(1 for s in start.sources if s.id.startswith("soundstone-"))
        text += f" · Volume {start.volume} · {plural(stones, 'Soundstone')}"
    return text


def colour_word(colour: str) -> str:
    """A colour chip's word: ``Warrior``… ``Any colour``, ``Coins``."""
    if colour == ANY:
        return "Any colour"
    if colour == COIN:
        return "Coins"
    return colour_name(colour)


__all__ = [
    "board_lines",
    "colour_word",
    "icons_left_line",
    "moves_left_line",
    "rewards_lines",
    "table_summary",
    "tableau_line",
]
