"""What a Merchant's Journey table screen shows, as plain values: the status and draw-pile
lines, where the chosen card can go and what it scores there, the running scores, the last
move, the swaps on offer, and the rulebook passages behind each number."""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine import journey as engine
from companion.engine.journey import (
    Gain,
    JourneyError,
    JourneyGame,
    PlayRecord,
    Record,
    StartRow,
    SwapOption,
    SwapRecord,
)
from companion.rules import Source
from companion.ui.model.words import capitalized, plural


def status_line(game: JourneyGame) -> str:
    """``Turn 7 of 28 · Cleo to play`` or ``Game over after 28 turns``."""
    return engine.status_line(game)


def pile_count(game: JourneyGame) -> str:
    """The draw-pile countdown as the active player's turn begins (``Draw pile: 7 of 28
    left``), or how the game ended."""
    if game.is_over:
        return (
            "Every card is on the table."
            if game.rules.play_out_hands
            else "The draw pile has run out; cards left in hands score nothing."
        )
    if game.pile_left:
        return f"Draw pile: {game.pile_left} of {game.pile_size} left"
    return f"Draw pile empty · playing out the hands: {plural(game.in_hands, 'card')} left"


def turn_instruction(game: JourneyGame) -> str:
    """What the active player does (``Cleo draws, then plays a card``); "" once it is over."""
    if game.is_over:
        return ""
    if game.pile_left:
        return f"{game.active} draws, then plays a card"
    return f"{game.active} plays without drawing"


def pile_line(game: JourneyGame) -> str:
    """The draw-pile countdown with what the active player does."""
    instruction = turn_instruction(game)
    return f"{pile_count(game)} · {instruction}" if instruction else pile_count(game)


def turn_ask(game: JourneyGame) -> str:
    """The card picker's question: ``Cleo draws, then plays: which card?``."""
    if game.pile_left:
        return f"{game.active} draws, then plays: which card?"
    return f"{game.active} plays without drawing: which card?"


@dataclass(frozen=True)
class EndOption:
    """One place the chosen card can go: an end of a row, or a new city (``row`` None)."""

    row: int | None
    side: engine.Side | None
    gain: Gain | None  # None: the card cannot go there
    problem: str = ""

    @property
    def ident(self) -> str:
        return "new-row" if self.row is None else f"row-{self.row + 1}-{self.side}"

    @property
    def label(self) -> str:
        if self.row is None:
            return "New city"
        return "Left end" if self.side == "left" else "Right end"

    @property
    def where(self) -> str:
        """``Row 2, left end``: the end's name, to a screen reader too."""
        return f"Row {(self.row or 0) + 1}, {self.label.lower()}"

    @property
    def points_label(self) -> str:
        if self.gain is None or self.row is None:
            return ""
        points = self.gain.points
        return f"+{points}" if points >= 0 else f"−{-points}"


def end_options(game: JourneyGame, card: str | None) -> tuple[EndOption, ...]:
    """Every row end (and a new city) with what ``card`` would score there."""
    options: list[EndOption] = []
    for row in range(len(game.rows)):
        for side in engine.SIDES:
            if card is None:
                options.append(EndOption(row, side, None, "Choose a card first"))
                continue
            try:
                gain = game.preview_place(card, row, side)
            except JourneyError as exc:
                options.append(EndOption(row, side, None, capitalized(str(exc))))
            else:
                options.append(EndOption(row, side, gain))
    if card is None:
        options.append(EndOption(None, None, None, "Choose a card first"))
    else:
        try:
            game.verify(StartRow(card))
        except JourneyError as exc:
            options.append(EndOption(None, None, None, capitalized(str(exc))))
        else:
            options.append(EndOption(None, None, Gain(note="new city: no pair")))
    return tuple(options)


#: Cards of a row a phone shows on one line: the two at each end and a count between them.
ROW_CHIPS = 5


def shown_positions(length: int, most: int = ROW_CHIPS) -> tuple[int | None, ...]:
    """Which cards of a row of ``length`` a narrow screen shows, in order: every position
    when they fit in ``most`` chips, else the two at each end around None (the count of
    those in between). The ends are where the next card goes; the physical table shows the
    rest."""
    if length <= most:
        return tuple(range(length))
    return (0, 1, None, length - 2, length - 1)


def card_line(rank: str) -> str:
    """``10 · Aurium Pirate Republic · worth 10`` for the chosen card."""
    facts = engine.card_facts(rank)
    worth = "worth 0 in a pair" if engine.is_blight(rank) else f"worth {facts.value}"
    return f"{rank} · {facts.civilization} · {worth}"


@dataclass(frozen=True)
class ScoreLine:
    name: str
    score: int
    working: str
    active: bool
    pairs: int


def score_lines(game: JourneyGame) -> tuple[ScoreLine, ...]:
    """Each player's running total with its working, in seat order."""
    active = None if game.is_over else game.active
    return tuple(
        ScoreLine(
            name=name,
            score=game.score(name),
            working=game.score_working(name),
            active=name == active,
            pairs=game.pairs_made(name),
        )
        for name in game.players
    )


def last_record(game: JourneyGame) -> Record | None:
    return game.log[-1] if game.log else None


def record_title(record: Record) -> str:
    """``Ben played 8 beside 9 in row 2`` (the working is shown on its own line)."""
    if isinstance(record, PlayRecord):
        if record.beside is None:
            return f"{record.player} started row {record.row + 1} with {record.card.rank}"
        return (
            f"{record.player} played {record.card.rank} beside {record.beside.rank} "
            f"in row {record.row + 1}"
        )
    if isinstance(record, SwapRecord):
        if record.swap == "played":
            moved, other = record.moved.rank, record.other.rank
            return f"{record.player}'s {moved} traded places with the {other}"
        return f"{record.player} switched their 6 with another 6"
    return record.summary


def record_sources(record: Record) -> tuple[Source, ...]:
    """The rulebook passages behind what ``record`` scored."""
    facts = engine.facts()
    if isinstance(record, SwapRecord):
        return (
            _ability_source(record.moved.rank),
            *(() if not record.gain.pairs else (facts.play.pair_source,)),
        )
    if isinstance(record, PlayRecord) and record.beside is None:
        return (facts.play.new_city_source,)
    return gain_sources(record.gain)


def gain_sources(gain: Gain) -> tuple[Source, ...]:
    facts = engine.facts()
    found: list[Source] = [facts.play.pair_source]
    blighted = any(
        p.cancelled or engine.is_blight(p.card) or engine.is_blight(p.other) for p in gain.pairs
    )
    if blighted:
        found.append(facts.blight.negates_source)
    if gain.bonus:
        link = facts.link(gain.chain)
        if link is not None:
            found.append(link.source)
    return tuple(found)


def _ability_source(rank: str) -> Source:
    source = engine.card_facts(rank).ability_source
    return source if source is not None else engine.facts().play.connect_source


def swap_label(option: SwapOption, game: JourneyGame) -> str:
    """``Swap Cleo's 10 with the K beside it`` / ``Anna: switch the 6 in row 1 with row 3's``."""
    if option.kind == "played":
        return f"Swap {option.player}'s {option.card.rank} with the {option.other.rank} beside it"
    here = game.where(option.card.id)[0] + 1
    there = game.where(option.other.id)[0] + 1
    where = f"row {there}" if there != here else "the same row"
    return f"{option.player}: switch the 6 in row {here} with the 6 in {where}"


__all__ = [
    "ROW_CHIPS",
    "EndOption",
    "ScoreLine",
    "card_line",
    "end_options",
    "gain_sources",
    "last_record",
    "pile_count",
    "pile_line",
    "record_sources",
    "record_title",
    "score_lines",
    "shown_positions",
    "status_line",
    "swap_label",
    "turn_ask",
    "turn_instruction",
]
