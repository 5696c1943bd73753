"""Merchant's Journey's screens as plain state (no flet here): the new-game form, what one
device is choosing (the card about to be played), what the screen shows about a table, and
the play a finished table is saved to history as.

The game itself is a shared table (``companion.tables``): every move is a table action, so
nothing here is saved. :func:`read_old_save` reads the single game an older version kept
under :data:`GAME_KEY`, so it can be imported as a table once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.engine import journey as engine
from companion.engine.journey import (
    Gain,
    JourneyError,
    JourneyGame,
    JourneyRules,
    PlayRecord,
    Record,
    SwapOption,
    SwapRecord,
)
from companion.engine.table import MAX_NAME_LENGTH
from companion.rules import Catalogue, Source
from companion.ui.logic.saved import check_header, damaged_key, replay_game, saved_play
from companion.ui.logic.words import capitalized, plural

GAME_KEY = "journey_game"
DAMAGED_KEY = damaged_key(GAME_KEY)
STATE_FORMAT = "companion.journey.screen"
STATE_VERSION = 1
CATEGORIES = ("Pairs", "Blight bonus")  # as data/games.toml names them for this game


class StateError(ValueError):
    """The saved screen cannot be read back (the message says why)."""


# -- the new-game form -----------------------------------------------------------------------------


@dataclass
class NewGameForm:
    """Players in seat order and which of them goes first."""

    seats: list[str] = field(default_factory=list)
    first: int = 0

    def add(self, name: str) -> None:
        """Seat ``name`` last; ``ValueError`` with a message for the name field."""
        clean = " ".join(name.split())
        if not clean:
            raise ValueError("Type a name")
        if len(clean) > MAX_NAME_LENGTH:
            raise ValueError(f"At most {MAX_NAME_LENGTH} characters")
        seated = next((s for s in self.seats if s.casefold() == clean.casefold()), None)
        if seated is not None:
            raise ValueError(f"{seated} is already seated")
        most = engine.facts().players.max
        if len(self.seats) >= most:
            raise ValueError(f"Merchant's Journey seats at most {most} players")
        self.seats.append(clean)

    def remove(self, index: int) -> None:
        if 0 <= index < len(self.seats):
            first_name = self.first_player
            del self.seats[index]
            self.first = self.seats.index(first_name) if first_name in self.seats else 0

    def move(self, index: int, offset: int) -> None:
        target = index + offset
        if 0 <= index < len(self.seats) and 0 <= target < len(self.seats):
            first_name = self.first_player
            self.seats[index], self.seats[target] = self.seats[target], self.seats[index]
            self.first = self.seats.index(first_name) if first_name else 0

    def set_first(self, index: int) -> None:
        if 0 <= index < len(self.seats):
            self.first = index

    @property
    def first_player(self) -> str | None:
        return self.seats[self.first] if 0 <= self.first < len(self.seats) else None

    def problem(self) -> str | None:
        """Why the game cannot start yet, or None."""
        limits = engine.facts().players
        if not limits.min <= len(self.seats) <= limits.max:
            return (
                f"Merchant's Journey is for {limits.min}–{limits.max} players; "
                f"{plural(len(self.seats), 'player')} seated."
            )
        return None

    def pile_line(self) -> str:
        """``4 players: 20 cards dealt, 28 in the draw pile — 28 turns.``"""
        n = len(self.seats)
        if self.problem() is not None:
            return ""
        deck = engine.facts().deck
        pile = engine.draw_pile_size(n)
        return (
            f"{n} players: {deck.hand} cards each ({deck.hand * n} dealt), {pile} in the draw pile."
        )

    def build(self, rules: JourneyRules) -> JourneyGame:
        problem = self.problem()
        if problem:
            raise ValueError(problem)
        return JourneyGame.new(self.seats, first=self.first, rules=rules)

    def fill(self, seats: Sequence[str], first: int = 0) -> None:
        """Take a seated table (the Players & seats tool): names in seat order, first player."""
        self.seats = []
        for name in seats:
            try:
                self.add(str(name))
            except ValueError:
                continue
        self.first = first if 0 <= first < len(self.seats) else 0

    def to_dict(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "first": self.first}

    @classmethod
    def from_dict(cls, data: object) -> NewGameForm:
        """Lenient: a damaged form is only a form, so anything odd starts it empty."""
        form = cls()
        if not isinstance(data, Mapping):
            return form
        seats = data.get("seats")
        first = data.get("first")
        form.fill(
            seats if isinstance(seats, list) else [],
            first if isinstance(first, int) and not isinstance(first, bool) else 0,
        )
        return form


# -- what one device is choosing --------------------------------------------------------------


@dataclass
class JourneyDraft:
    """The card this device has chosen to play next: its own, never written to the table
    (another device choosing a card changes nothing here)."""

    card: str | None = None

    def choose(self, rank: str | None) -> None:
        """Choose the card to play (tapping the chosen one again clears it)."""
        if rank is None or rank == self.card:
            self.card = None
            return
        self.card = engine.parse_rank(rank)

    def still_playable(self, game: JourneyGame) -> None:
        """Forget the card when the table no longer has a copy of it left to play."""
        if self.card is not None and (game.is_over or not game.copies_left(self.card)):
            self.card = None


def read_old_save(raw: object) -> JourneyGame | None:
    """The game an older version saved under :data:`GAME_KEY` (a screen save of format
    ``companion.journey.screen``), or None when there was none or it is in the history
    already. A save that cannot be replayed raises :class:`StateError` saying why."""
    if raw is None:
        return None
    data = check_header(
        raw, what="the saved game", format=STATE_FORMAT, version=STATE_VERSION, error=StateError
    )
    if data.get("game") is None or saved_play(data.get("saved_play")) is not None:
        return None
    return replay_game(
        JourneyGame.from_dict, data["game"], rules_error=JourneyError, error=StateError
    )


def form_of_old_save(raw: object) -> NewGameForm:
    """The new-game form an older version saved with its game (lenient: only a form)."""
    return NewGameForm.from_dict(raw.get("form") if isinstance(raw, Mapping) else None)


# -- what the screen shows -------------------------------------------------------------------------


def status_line(game: JourneyGame) -> str:
    """``Turn 7 of 28 · Cleo to play`` or ``Game over after 28 turns``."""
    return engine.status_line(game)


def pile_line(game: JourneyGame) -> str:
    """The draw-pile countdown as the active player's turn begins."""
    if game.is_over:
        return (
            "Every card is on the table."
            if game.rules.play_out_hands
            else "The draw pile has run out; cards left in hands score nothing."
        )
    if game.pile_left:
        return (
            f"Draw pile: {game.pile_left} of {game.pile_size} left · "
            f"{game.active} draws, then plays a card"
        )
    return (
        f"Draw pile empty · playing out the hands: {plural(game.in_hands, 'card')} left · "
        f"{game.active} plays without drawing"
    )


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
            game.verify_start_row(card)
        except JourneyError as exc:
            options.append(EndOption(None, None, None, capitalized(str(exc))))
        else:
            options.append(EndOption(None, None, Gain(note="new city: no pair")))
    return tuple(options)


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


@dataclass(frozen=True)
class RulingLine:
    """A ruling as the screen lists it: its topic and the reading in use."""

    id: str
    topic: str
    text: str
    house_rule: bool


def rulings_in_use(
    catalogue: Catalogue, rules: JourneyRules, ids: Sequence[str] = engine.RULINGS
) -> tuple[RulingLine, ...]:
    """Each ruling of ``ids`` with the reading this game plays by (a house rule if chosen)."""
    lines = []
    for ruling_id in ids:
        ruling = catalogue.ruling(ruling_id)
        on = rules.uses(ruling_id) and ruling.alternative is not None
        text = (ruling.alternative_label or "") if on else _first_sentence(ruling.reading)
        lines.append(RulingLine(ruling.id, ruling.topic, text, on))
    return tuple(lines)


def house_rules_summary(catalogue: Catalogue, rules: JourneyRules) -> str:
    """``Rulebook readings throughout`` or ``House rules: …``."""
    on = [line.text for line in rulings_in_use(catalogue, rules) if line.house_rule]
    if not on:
        return "The app's readings throughout (no house rules)"
    return "House rules: " + "; ".join(on)


def swap_label(option: SwapOption, game: JourneyGame) -> str:
    """``Swap Cleo's 10 with the K beside it`` / ``Anna: switch the 6 in row 1 with row 3's``."""
    if option.kind == "played":
        return f"Swap {option.player}'s {option.card.rank} with the {option.other.rank} beside it"
    here = game.where(option.card.id)[0] + 1
    there = game.where(option.other.id)[0] + 1
    where = f"row {there}" if there != here else "the same row"
    return f"{option.player}: switch the 6 in row {here} with the 6 in {where}"


def play_of(game: JourneyGame, catalogue: Catalogue) -> dict[str, Any]:
    """The history play (``PlayCreate``'s fields) of a finished table: totals in seat order
    with the game's categories (pairs and Blight bonus), the first player, the house rules
    used in the notes and, under :data:`~companion.engine.journey.TIES`, most pairs as the
    tie-breaker."""
    if not game.is_over:
        raise JourneyError(f"the game is not over yet: {plural(game.turns_left, 'turn')} left")
    pairs_category, bonus_category = catalogue.game(engine.GAME_ID).categories
    tiebreak = game.rules.most_pairs_breaks_ties
    results = []
    for seat, name in enumerate(game.players, start=1):
        pairs, bonus = game.breakdown(name)
        results.append(
            {
                "player": name,
                "score": game.score(name),
                "seat": seat,
                "start_player": seat - 1 == game.first,
                "breakdown": {pairs_category: pairs, bonus_category: bonus},
                "tiebreaks": [game.pairs_made(name)] if tiebreak else [],
            }
        )
    return {
        "game": engine.GAME_ID,
        "results": results,
        "notes": ""
        if not game.rules.alternatives
        else house_rules_summary(catalogue, game.rules) + ".",
        "tiebreakers": [{"name": engine.MOST_PAIRS, "higher_wins": True}] if tiebreak else [],
    }


def _first_sentence(text: str) -> str:
    end = text.find(". ")
    return text if end < 0 else text[: end + 1]


__all__ = [
    "CATEGORIES",
    "DAMAGED_KEY",
    "GAME_KEY",
    "EndOption",
    "JourneyDraft",
    "NewGameForm",
    "RulingLine",
    "ScoreLine",
    "StateError",
    "card_line",
    "end_options",
    "form_of_old_save",
    "gain_sources",
    "house_rules_summary",
    "last_record",
    "pile_line",
    "play_of",
    "plural",
    "read_old_save",
    "record_sources",
    "record_title",
    "rulings_in_use",
    "score_lines",
    "status_line",
    "swap_label",
]
