"""The rules of each place the Bard sings at: what a performance at a Pier, the Town Square,
a Faction Hall or Dragon Island earns and changes, with the working line by line. Each
performance (:mod:`~companion.engine.bard.actions`) hands its song to one of these once the
place is open to it and its icons are checked (:func:`check_spends`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.engine.bard.errors import CountError, GoldError, IconError, LocationError
from companion.engine.bard.facts import facts
from companion.engine.bard.records import Performed
from companion.engine.bard.values import (
    Board,
    Figure,
    IconSource,
    adventurers_text,
    blue_gems,
    colour_words,
    evolve,
    faction_word,
    fan_cost,
    icons_text,
    plural,
    source_words,
    sources_words,
)

if TYPE_CHECKING:
    from companion.engine.bard.actions import (
        AtDragonIsland,
        AtFactionHall,
        AtPier,
        AtTownSquare,
        Performance,
        Spend,
    )
    from companion.engine.bard.song import Song

__all__ = [
    "Outcome",
    "at_dragon_island",
    "at_faction_hall",
    "at_pier",
    "at_town_square",
    "check_spends",
]


@dataclass(frozen=True)
class Outcome:
    """A performance worked out: its record, the board after it, the sources spent so far
    and the Volume it costs."""

    record: Performed
    board: Board
    spent: frozenset[str]
    volume: int


def check_spends(song: Song, items: Sequence[Spend]) -> tuple[IconSource, ...]:
    seen: set[str] = set()
    out: list[IconSource] = []
    for item in items:
        src = song.source(item.source)
        if item.source in song.spent:
            raise IconError(
                f"{source_words(item.source, src.label)} was already spent earlier in this song "
                "(each icon once; a source is never split)"
            )
        if item.source in seen:
            raise IconError(
                f"{source_words(item.source, src.label)} is listed twice in one performance"
            )
        if item.colour is not None and not src.wild and item.colour != src.colour:
            gives = "Coins" if src.coin else f"{faction_word(src.colour)} icons"
            raise IconError(
                f"{source_words(item.source, src.label)} gives {gives} and cannot be spent as "
                f"{colour_words(item.colour)} icons"
            )
        seen.add(item.source)
        out.append(src)
    return tuple(out)


def _spent(song: Song, sources: Sequence[IconSource]) -> frozenset[str]:
    return song.spent | {s.id for s in sources}


def _unlock_lines(song: Song, sources: Sequence[IconSource]) -> list[str]:
    return [
        f"Unlock {s.describe().split(',')[0]} ({s.id}) for {s.volume} Volume"
        for s in sources
        if s.volume
    ]


def _coins(sources: Sequence[IconSource]) -> tuple[int, int]:
    """``(Coins, gold)`` of the Coin sources among ``sources`` (ruling bard.coin_icons)."""
    n = sum(s.count for s in sources if s.coin)
    return n, n * facts().coins.gold_per_coin


def _coin_line(n: int, gold: int) -> str:
    return f"{plural(n, 'Coin')} = {gold} gold"


def _outcome(
    song: Song,
    p: Performance,
    number: int,
    gold: Figure,
    sources: Sequence[IconSource],
    icons: int,
    volume: int,
    board: Board,
    lines: Sequence[str],
    notes: Sequence[str],
    coins: int,
    **more: Any,
) -> Outcome:
    """Performance ``p`` done: its record (``more`` are the record's fields that only
    some locations fill in), the board after it and the sources it spent."""
    spent = tuple(s.id for s in sources)
    record = Performed(
        number, p.location, p, gold, spent, icons, volume,
        lines=tuple(lines), notes=tuple(notes), coins=coins, before=song, **more,
    )  # fmt: skip
    return Outcome(record, board, _spent(song, sources), volume)


def _coin_gold(lines: list[str], n: int, gold: int, where: str) -> Figure:
    """The gold of a location where only Coins pay: ``n`` Coins' line (added to ``lines``),
    or none earned ``where``."""
    if not n:
        return Figure(0, f"No gold {where}", "0")
    line = _coin_line(n, gold)
    lines.append(line)
    return Figure(gold, line, str(gold))


# Piers ------------------------------------------------------------------------------------


def _pier_colours(
    song: Song, p: AtPier, sources: Sequence[IconSource], paladin_colour: str | None, paladins: int
) -> tuple[dict[str, int], dict[str, int], dict[str, str]]:
    """``(Adventurers by colour, icons by colour, colour taken by each any-colour source)``
    with the Paladins counted as ``paladin_colour``."""
    order = facts().faction_ids
    adventurers = dict(p.adventurers)
    if paladin_colour is not None:
        adventurers[paladin_colour] = adventurers.get(paladin_colour, 0) + paladins
    best = order[0]  # the most Adventurers; the first in the rulebook's order on a tie
    for c in order:
        if adventurers.get(c, 0) > adventurers.get(best, 0):
            best = c
    by_colour: dict[str, int] = {}
    sung_as: dict[str, str] = {}
    for item, src in zip(p.spend, sources, strict=True):
        if src.coin:
            continue
        colour = src.colour if not src.wild else (item.colour or best)
        by_colour[colour] = by_colour.get(colour, 0) + src.count
        if src.wild:
            sung_as[src.id] = colour
    return adventurers, by_colour, sung_as


def at_pier(
    song: Song, p: AtPier, number: int, sources: Sequence[IconSource], volume: int, words: bool
) -> Outcome:
    order = facts().faction_ids
    paladins = p.paladins if song.rules.paladins_count else 0
    chosen: str | None = None
    if paladins:
        if p.paladin_colour is not None:
            chosen = p.paladin_colour
        else:

            def paid(colour: str) -> tuple[int, int]:
                adv, icons, _ = _pier_colours(song, p, sources, colour, paladins)
                return sum(n * adv.get(c, 0) for c, n in icons.items()), -order.index(colour)

            chosen = max(order, key=paid)
    adventurers, by_colour, sung_as = _pier_colours(song, p, sources, chosen, paladins)
    coin_count, coin_gold = _coins(sources)
    parts: list[tuple[str, int, int]] = [
        (c, by_colour[c], adventurers.get(c, 0)) for c in order if c in by_colour
    ]
    gold = sum(n * a for _, n, a in parts) + coin_gold
    card = None
    if p.buy_card:
        card = song.board.card_price_at(p.pier, per_pier=song.rules.gems_per_pier)
        held = song.gold - song.card_costs + gold
        if song.rules.cards_from_song_gold and held < card.value:
            raise GoldError(
                f"the card costs {card.value} gold and the song has "
                f"{held} gold to pay with, this Pier's included (a house rule in Settings: "
                "a song pays for its cards from its own gold)"
            )
    lines: list[str] = []
    notes: list[str] = []
    figure = Figure(gold, "", "")
    if words:
        lines = _unlock_lines(song, sources)
        if chosen is not None:
            lines.append(
                f"{plural(paladins, 'Paladin')} on this Pier count as {faction_word(chosen, 2)}"
            )
        terms: list[tuple[str, str]] = []  # (figures, the line in words)
        for colour, n, a in parts:
            label = adventurers_text(a, colour)
            if colour == chosen:
                label += f" ({a - paladins} + {plural(paladins, 'Paladin')})"
            line = f"{icons_text(n, colour)} × {label} = {n * a} gold"
            lines.append(line)
            terms.append((f"{n} × {a}", line))
            if a == 0:
                notes.append(f"No {faction_word(colour, 2)} at this Pier: those icons earn nothing")
        if coin_count:
            line = _coin_line(coin_count, coin_gold)
            lines.append(line)
            terms.append((str(coin_gold), line))
        for source_id, colour in sung_as.items():
            notes.append(
                f"Any-colour icons of {source_words(source_id, song.source(source_id).label)} "
                f"sung as {faction_word(colour)} icons"
            )
        if p.paladins and not song.rules.paladins_count:
            notes.append(
                f"The {plural(p.paladins, 'Paladin')} on this Pier earn nothing from a song "
                "(Settings offers counting them as a house rule)"
            )
        if terms:
            expression = " + ".join(t for t, _ in terms) + f" = {gold}"
            working = (
                terms[0][1]
                if len(terms) == 1
                else " + ".join(t for t, _ in terms) + f" = {gold} gold"
            )
        else:
            expression, working = "0", "No icons spent: 0 gold"
        figure = Figure(gold, working, expression)
        if len(terms) > 1:
            lines.append(f"Gold: {working}")
        if card is not None:
            lines.append(f"Buy a Skill or Improv card: {card.working}, paid from your gold")
            notes.append("The new card goes face down on top of your deck")
    icons = sum(s.faction_icons for s in sources)
    return _outcome(
        song, p, number, figure, sources, icons, volume, song.board, lines, notes, coin_gold,
        card=card, paladins_as=chosen,
    )  # fmt: skip


# Town Square ------------------------------------------------------------------------------


def at_town_square(
    song: Song,
    p: AtTownSquare,
    number: int,
    sources: Sequence[IconSource],
    volume: int,
    words: bool,
) -> Outcome:
    limit = song.rules.fans_per_visit
    if limit is not None and p.fans > limit:
        raise LocationError(
            f"one fan per Town Square performance, not {p.fans} "
            "(Settings offers several as a house rule)"
        )
    total_badges = facts().badges.count
    if song.board.badges + p.fans > total_badges:
        left = total_badges - song.board.badges
        raise LocationError(
            f"{plural(p.fans, 'fan')}: only {plural(left, 'Badge')} left on your Badge track"
        )
    costs = tuple(fan_cost(song.board.badges + i) for i in range(p.fans))
    cost = sum(c.value for c in costs)
    icons = sum(s.faction_icons for s in sources)
    coin_count, coin_gold = _coins(sources)
    if icons < cost:
        not_icons = " (Coins are not Faction icons)" if coin_count else ""
        raise IconError(
            f"{sources_words(sources)} {'give' if len(sources) != 1 else 'gives'} "
            f"{plural(icons, 'icon')}{not_icons}, the fan{'s cost' if p.fans > 1 else ' costs'} "
            f"{cost}"
        )
    board = evolve(song.board, badges=song.board.badges + p.fans)
    size = None
    if board.hand_size.value != song.board.hand_size.value:
        size = board.hand_size
    lines: list[str] = []
    notes: list[str] = []
    gold = Figure(coin_gold, "", "")
    if words:
        lines = _unlock_lines(song, sources)
        for i, c in enumerate(costs):
            lines.append(f"Fan {song.board.badges + i + 1}: {c.working}")
        if icons > cost:
            notes.append(
                f"{plural(icons - cost, 'icon')} more than the cost: lost, since a source is "
                "spent whole"
            )
        if size is not None:
            lines.append(f"Hand size: {size.working}")
        if blue_gems(board.badges) != blue_gems(song.board.badges):
            lines.append(f"A Blue Gem shows: cards now cost {board.card_price.working}")
        gold = _coin_gold(lines, coin_count, coin_gold, "at the Town Square")
    return _outcome(
        song, p, number, gold, sources, icons, volume, board, lines, notes, coin_gold,
        fans=costs, hand_size=size,
    )  # fmt: skip


# Faction Halls ----------------------------------------------------------------------------


def _matching(
    song: Song, hall: str, spend: Sequence[Spend], sources: Sequence[IconSource], where: str
) -> int:
    """The Faction icons of ``hall``'s colour among ``sources`` (Coins pass: they are no
    colour); any other colour raises."""
    icons = 0
    for item, src in zip(spend, sources, strict=True):
        if src.coin:
            continue
        colour = src.colour if not src.wild else (item.colour or hall)
        if colour != hall:
            raise IconError(
                f"{where} takes {faction_word(hall)} icons only, not the "
                f"{faction_word(colour)} icons of {source_words(src.id, src.label)}"
            )
        icons += src.count
    return icons


def at_faction_hall(
    song: Song,
    p: AtFactionHall,
    number: int,
    sources: Sequence[IconSource],
    volume: int,
    words: bool,
) -> Outcome:
    hall = facts().faction_named(p.hall)
    icons = _matching(song, p.hall, p.spend, sources, f"the {hall.hall}")
    if icons <= p.adventurers:
        raise IconError(
            f"the {hall.hall} holds {plural(p.adventurers, 'Adventurer')}, so it takes "
            f"more than {p.adventurers} {hall.name} icons; {icons} spent"
        )
    coin_count, coin_gold = _coins(sources)
    board = evolve(song.board, runes=song.board.runes | {p.hall})
    lines: list[str] = []
    gold = Figure(coin_gold, "", "")
    if words:
        lines = _unlock_lines(song, sources)
        lines += [
            f"{icons_text(icons, p.hall)} > {plural(p.adventurers, 'Adventurer')} in the "
            f"hall: a Rune from your Tempo Wheel goes into the {hall.hall}",
            f"A Coin shows: cards now cost {board.card_price.working}",
            f"Dragon Island may now sing to {hall.plural}",
        ]
        gold = _coin_gold(lines, coin_count, coin_gold, "at a Faction Hall")
    return _outcome(
        song, p, number, gold, sources, icons, volume, board, lines, (), coin_gold, rune=p.hall
    )


# Dragon Island ----------------------------------------------------------------------------


def at_dragon_island(
    song: Song,
    p: AtDragonIsland,
    number: int,
    sources: Sequence[IconSource],
    volume: int,
    words: bool,
) -> Outcome:
    bard = facts()
    if not p.halls:
        raise LocationError("choose at least one Faction Hall to sing for at Dragon Island")
    chosen: set[str] = set()
    terms: list[tuple[int, int, int, int, str]] = []  # (gold, icons, a, b, hall)
    by_id = {s.id: s for s in sources}
    text = song.rules.dragon_island == "text"
    for h in p.halls:
        if h.hall in chosen:
            raise LocationError(
                f"the {bard.faction_named(h.hall).hall} is chosen twice (once per performance)"
            )
        if h.hall not in song.board.runes:
            hall = bard.faction_named(h.hall)
            raise LocationError(
                f"none of your Runes is in the {hall.hall}, so Dragon "
                f"Island cannot sing to {hall.plural}"
            )
        chosen.add(h.hall)
        icons = _matching(
            song,
            h.hall,
            h.spend,
            [by_id[s.source] for s in h.spend],
            f"singing for the {bard.faction_named(h.hall).hall}",
        )
        if not text:
            terms.append((icons * h.side_adventurers, icons, icons, h.side_adventurers, h.hall))
        else:
            inside = h.hall_adventurers
            if inside is None:
                raise CountError(
                    f"the {bard.faction_named(h.hall).hall}: under the house rule that reads "
                    "the rule text, say how many Adventurers are in the hall"
                )
            if icons < inside:
                raise IconError(
                    f"spend as many {bard.faction_named(h.hall).name} icons "
                    f"as Adventurers in the {bard.faction_named(h.hall).hall} ({inside}), "
                    f"not {icons}"
                )
            terms.append((inside * h.side_adventurers, icons, inside, h.side_adventurers, h.hall))
    coin_count, coin_gold = _coins(sources)
    total = sum(t[0] for t in terms) + coin_gold
    earned = total >= bard.dragon_island.creature_min_gold
    creature = earned and song.board.creatures > 0
    board = song.board
    if creature:
        board = evolve(
            board,
            boast_area=min(board.boast_area + 1, bard.cards.entertainer),
            creatures=board.creatures - 1,
        )
    lines: list[str] = []
    notes: list[str] = []
    figure = Figure(total, "", "")
    if words:
        lines = _unlock_lines(song, sources)
        said: list[tuple[int, str, str]] = []  # (gold, figures, the line in words)
        for gold, icons, a, b, colour in terms:
            hall = bard.faction_named(colour)
            side = f"{adventurers_text(b, colour)} on the {p.side} side"
            if not text:
                line = f"{icons_text(icons, colour)} × {side} = {gold} gold"
            else:
                line = (
                    f"{plural(a, 'Adventurer')} in the {hall.hall} × {side} "
                    f"= {gold} gold ({icons_text(icons, colour)} spent)"
                )
            lines.append(f"{hall.name}: {line}")
            said.append((gold, f"{a} × {b}", line))
        if coin_count:
            line = _coin_line(coin_count, coin_gold)
            lines.append(line)
            said.append((coin_gold, str(coin_gold), line))
        expression = " + ".join(e for _, e, _ in said) + f" = {total}"
        if len(said) == 1:
            working = said[0][2]
        else:
            working = " + ".join(str(g) for g, _, _ in said) + f" = {total} gold"
            lines.append(f"Gold: {working}")
        figure = Figure(total, working, expression)
        if creature:
            lines.append(
                "At least 1 gold earned: take a Creature card from Dragon Island, face up "
                "into your Boast area"
            )
            left = board.creatures
            notes.append(
                f"{plural(left, 'Creature card')} left on Dragon Island"
                if left
                else "That was the last Creature card on Dragon Island"
            )
        elif earned:
            notes.append("No Creature card is left on Dragon Island, so none comes with the gold")
        else:
            notes.append("No gold earned here, so no Creature card")
    icons = sum(s.faction_icons for s in sources)
    return _outcome(
        song, p, number, figure, sources, icons, volume, board, lines, notes, coin_gold,
        creature=creature,
    )  # fmt: skip
