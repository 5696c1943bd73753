"""Merchant's Journey at the table: rows of civilization cards, pair scoring, the Blight.

The app does not know the players' hands; it keeps what lies on the table. Each turn the
active player either starts a new city (a row of its own) or connects a card to the left or
right end of a row and gains the value of the pair. The Blight (the 2s) cancels the face value
of the cards beside it and pays 30 or 50 when three or four are linked; a 10 or a 5 may trade
places with the card it was placed beside when played; once per game a 6's player may switch
it with another 6. The game ends when the draw pile runs out.

Facts come from ``data/journey.toml``; every reading of an open question is a ruling in
``data/rulings/journey.toml``, and those with another reasonable reading are the house-rule
switches of :class:`JourneyRules` (keyed by ruling id, as Settings stores them).

:class:`JourneyGame` is an immutable value. Every action comes in three (as in pokerkit):
``verify_x(...)`` raises the reason it is not allowed, ``can_x(...)`` answers yes or no and
``x(...)`` returns ``(new game, record)``; an illegal action raises and changes nothing. The
records are the log: each keeps the game as it was, so undo is free, and a save is the
starting players and the actions, replayed (and so checked) when read back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, ClassVar, Final, Literal

from pydantic import Field, StringConstraints, model_validator

from companion.engine import saves
from companion.engine.house_rules import HouseRuleSet
from companion.engine.protocol import TableRules
from companion.engine.standings import Entry, Standing, TieBreak, rank
from companion.engine.table import TableError, check_players
from companion.rules.loader import (
    DataFileError,
    data_dir,
    display_path,
    load_entries,
    read_toml,
    validate_document,
)
from companion.rules.models import Frozen, Id, PlayerRange, Source, Text

GAME_ID: Final = "merchants_journey"
SAVE_FORMAT: Final = "companion.journey.game"
SAVE_VERSION: Final = 1

Side = Literal["left", "right"]
SIDES: Final[tuple[Side, ...]] = ("left", "right")
SwapKind = Literal["played", "ghorralands"]

# -- rulings (data/rulings/journey.toml) -----------------------------------------------------------

#: Rulings with another reasonable reading: the house-rule switches.
PAIR_VALUE: Final = "merchants_journey.pair_value"
BLIGHT_LASTS: Final = "merchants_journey.blight_lasts"
BLIGHT_NEGATES: Final = "merchants_journey.blight_negates"
SWAP_SCORES: Final = "merchants_journey.swap_scores"
GAME_END: Final = "merchants_journey.game_end"
TIES: Final = "merchants_journey.ties"
#: Readings the engine follows with no switch (cited beside the numbers they explain).
BLIGHT_BONUS: Final = "merchants_journey.blight_bonus"
BLIGHT_CHAIN: Final = "merchants_journey.blight_chain"
CONNECT: Final = "merchants_journey.connect"
SWAP_WHEN_PLAYED: Final = "merchants_journey.swap_when_played"
GHORRALANDS: Final = "merchants_journey.ghorralands"

SUPPORTED: Final[frozenset[str]] = frozenset(
    {PAIR_VALUE, BLIGHT_LASTS, BLIGHT_NEGATES, SWAP_SCORES, GAME_END, TIES}
)
RULINGS: Final[tuple[str, ...]] = (
    PAIR_VALUE,
    BLIGHT_LASTS,
    BLIGHT_NEGATES,
    BLIGHT_BONUS,
    BLIGHT_CHAIN,
    CONNECT,
    SWAP_WHEN_PLAYED,
    SWAP_SCORES,
    GHORRALANDS,
    GAME_END,
    TIES,
)

MOST_PAIRS: Final = "Most pairs made"

# -- errors ----------------------------------------------------------------------------------------


class JourneyError(ValueError):
    """Base class: an input the Merchant's Journey rules do not allow."""


class UnknownCardError(JourneyError):
    """A rank that is not one of the twelve civilizations (an Ace, a typo)."""


class CopiesError(JourneyError):
    """A fifth card of one rank: the deck holds four of each."""


class PlayerCountError(JourneyError):
    """A number of players outside the game's 2–6."""


class SeatError(JourneyError):
    """A player name, seat or first player that is not at the table."""


class RowError(JourneyError):
    """A row that is not on the table, or a side that is neither left nor right."""


class SwapError(JourneyError):
    """A swap or Ghorralands switch the rules do not allow."""


class GameOverError(JourneyError):
    """An action after the draw pile ran out (or, for the final scores, before)."""


class RulesError(JourneyError):
    """A house-rule id that is not a Merchant's Journey ruling with another reading."""


class SaveDataError(JourneyError):
    """A saved game that cannot be read back; the message names the bad field's path."""


_SAVE: Final = saves.SaveFormat(SAVE_FORMAT, SAVE_VERSION, SaveDataError)


# -- facts (data/journey.toml) ---------------------------------------------------------------------

Rank = Annotated[str, StringConstraints(pattern=r"^(10|[2-9]|[JQK])$")]
Count = Annotated[int, Field(ge=1, le=1000, strict=True)]
Points = Annotated[int, Field(ge=0, le=1000, strict=True)]
Ability = Literal["blight", "swap", "fixed", "ghorralands"]


class CardFacts(Frozen):
    """One civilization: its rank in a standard deck, value, name and special ability."""

    rank: Rank
    name: Text
    value: Points
    civilization: Text
    source: Source
    ability: Ability | None = None
    ability_text: Text | None = None
    ability_source: Source | None = None
    moved_only_by: tuple[Rank, ...] = ()

    @model_validator(mode="after")
    def _ability(self) -> CardFacts:
        if self.ability is not None and (self.ability_text is None or self.ability_source is None):
            raise ValueError(f"ability {self.ability!r} needs ability_text and ability_source")
        if self.ability is None and (self.ability_text or self.ability_source):
            raise ValueError("ability_text or ability_source given without an ability")
        if self.moved_only_by and self.ability != "fixed":
            raise ValueError("moved_only_by is only for a card whose ability is 'fixed'")
        return self


class DeckFacts(Frozen):
    size: Count
    copies_per_rank: Count
    hand: Count
    ruling: Id
    source: Source
    copies_source: Source
    hand_source: Source
    pile_source: Source


class PlayerFacts(PlayerRange):
    """``[players]``: how many play Merchant's Journey."""


class PlayFacts(Frozen):
    draw_source: Source
    new_city_source: Source
    connect_source: Source
    pair_source: Source
    end_source: Source
    winner_source: Source


class LinkFacts(Frozen):
    """``length`` Blights linked in a row pay ``points`` to the player who links them."""

    length: Annotated[int, Field(ge=2, le=1000, strict=True)]
    points: Count
    source: Source


class BlightFacts(Frozen):
    negates_source: Source
    value_source: Source
    link: tuple[LinkFacts, ...] = Field(min_length=1)


class _Document(Frozen):
    """The tables of ``data/journey.toml`` other than the cards."""

    game: Id
    deck: DeckFacts
    players: PlayerFacts
    play: PlayFacts
    blight: BlightFacts
    card: tuple[object, ...] = Field(min_length=1)


@dataclass(frozen=True)
class JourneyFacts:
    """Everything in ``data/journey.toml``, cross-checked."""

    deck: DeckFacts
    players: PlayerFacts
    play: PlayFacts
    blight: BlightFacts
    cards: tuple[CardFacts, ...]

    @property
    def ranks(self) -> tuple[str, ...]:
        return tuple(c.rank for c in self.cards)

    def card(self, rank: str) -> CardFacts:
        for card in self.cards:
            if card.rank == rank:
                return card
        raise UnknownCardError(f"unknown card {rank!r}: ranks are {', '.join(self.ranks)}")

    def link(self, length: int) -> LinkFacts | None:
        return next((link for link in self.blight.link if link.length == length), None)


def load_facts(directory: Path | None = None) -> JourneyFacts:
    """Read and cross-check ``journey.toml`` in ``directory`` (default: the data directory).

    A malformed file raises :class:`~companion.rules.DataFileError` naming the file, the entry
    and the field.
    """
    path = (directory or data_dir()) / "journey.toml"
    document = read_toml(path)
    doc = validate_document(_Document, document, path=path)
    where = display_path(path)
    if doc.game != GAME_ID:
        raise DataFileError(f"{where}: field 'game': {doc.game!r} is not {GAME_ID!r}")
    cards = load_entries(path, "card", CardFacts, document=document, unique="rank")
    deck = doc.deck
    if deck.size != deck.copies_per_rank * len(cards):
        raise DataFileError(
            f"{where}: field 'deck.size': {deck.size} cards is not {deck.copies_per_rank} "
            f"copies of {len(cards)} ranks"
        )
    if deck.hand * doc.players.max >= deck.size:
        raise DataFileError(
            f"{where}: field 'deck.hand': {deck.hand} cards to each of {doc.players.max} "
            f"players leaves no draw pile from {deck.size}"
        )
    blights = [c for c in cards if c.ability == "blight"]
    if len(blights) != 1 or blights[0].value != 0:
        raise DataFileError(
            f"{where}: field 'card.ability': exactly one rank worth 0 is the Blight"
        )
    lengths = [link.length for link in doc.blight.link]
    if len(set(lengths)) != len(lengths):
        raise DataFileError(f"{where}: field 'blight.link.length': {lengths!r} repeats a length")
    for i, link in enumerate(doc.blight.link):
        if link.length > deck.copies_per_rank:
            raise DataFileError(
                f"{where}: blight.link[{i}]: field 'length': a chain of {link.length} needs more "
                f"than the {deck.copies_per_rank} Blights in the deck"
            )
    ranks = {c.rank for c in cards}
    for i, card in enumerate(cards):
        for mover in card.moved_only_by:
            if mover not in ranks:
                raise DataFileError(
                    f"{where}: card[{i}] ({card.rank!r}): field 'moved_only_by': "
                    f"unknown rank {mover!r}"
                )
    return JourneyFacts(
        deck=deck, players=doc.players, play=doc.play, blight=doc.blight, cards=cards
    )


@lru_cache(maxsize=1)
def facts() -> JourneyFacts:
    """The facts from the default data directory, read once."""
    return load_facts()


def ranks() -> tuple[str, ...]:
    """``("2", "3", ..., "10", "J", "Q", "K")``: the twelve civilizations, lowest first."""
    return facts().ranks


def card_facts(rank: str) -> CardFacts:
    """The civilization of ``rank`` (which must already be a rank, see :func:`parse_rank`)."""
    return facts().card(rank)


_NAMES: Final = {"JACK": "J", "QUEEN": "Q", "KING": "K"}


def parse_rank(text: object) -> str:
    """A card as typed or tapped: ``"9"``, ``"q"``, ``"Queen"`` → ``"Q"``. Suits don't matter.

    Raises :class:`UnknownCardError` naming the input (Aces get their own message: they are
    taken out of the deck).
    """
    if not isinstance(text, str):
        raise UnknownCardError(f"card {text!r} must be a rank such as '9' or 'Q'")
    cleaned = text.strip().upper()
    cleaned = _NAMES.get(cleaned, cleaned)
    if cleaned in ("A", "ACE", "1"):
        raise UnknownCardError(f"card {text!r}: the Aces are taken out of the deck")
    if cleaned not in facts().ranks:
        raise UnknownCardError(f"unknown card {text!r}: ranks are {', '.join(facts().ranks)}")
    return cleaned


def value_of(rank: str) -> int:
    return card_facts(rank).value


def is_blight(rank: str) -> bool:
    return card_facts(rank).ability == "blight"


def swaps_when_played(rank: str) -> bool:
    return card_facts(rank).ability == "swap"


def is_ghorralands(rank: str) -> bool:
    return card_facts(rank).ability == "ghorralands"


def can_move(mover: str, moved: str) -> bool:
    """Whether a card of rank ``mover`` may trade places with one of rank ``moved``."""
    target = card_facts(moved)
    return target.ability != "fixed" or mover in target.moved_only_by


def check_player_count(players: int) -> int:
    limits = facts().players
    if isinstance(players, bool) or not isinstance(players, int):
        raise PlayerCountError(f"players {players!r} must be a whole number")
    if not limits.min <= players <= limits.max:
        raise PlayerCountError(
            f"{players!r} players: Merchant's Journey is for {limits.min}–{limits.max}"
        )
    return players


def draw_pile_size(players: int) -> int:
    """Cards left after the deal: 48 − 5 × players (28 for four)."""
    deck = facts().deck
    return deck.size - deck.hand * check_player_count(players)


def link_bonus(length: int) -> int:
    """What linking a chain of ``length`` Blights pays (30 for three, 50 for four, else 0)."""
    link = facts().link(length)
    return link.points if link else 0


# -- house rules -----------------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class JourneyRules(HouseRuleSet):
    """The ruling ids whose *alternative* reading this table plays by (empty: the readings)."""

    supported = SUPPORTED
    error = RulesError
    ids_named = "ids"

    @property
    def placed_card_only(self) -> bool:
        return PAIR_VALUE in self.alternatives

    @property
    def blight_pair_only(self) -> bool:
        return BLIGHT_LASTS in self.alternatives

    @property
    def blight_minus(self) -> bool:
        return BLIGHT_NEGATES in self.alternatives

    @property
    def swap_scores(self) -> bool:
        return SWAP_SCORES in self.alternatives

    @property
    def play_out_hands(self) -> bool:
        return GAME_END in self.alternatives

    @property
    def most_pairs_breaks_ties(self) -> bool:
        return TIES in self.alternatives


STANDARD: Final = JourneyRules()

# -- pair values -----------------------------------------------------------------------------------

_WORDS: Final = {2: "two", 3: "three", 4: "four", 5: "five"}


def sum_text(terms: Sequence[int]) -> str:
    """``8 + 0 = 8``, ``−9 + 0 = −9``; a single term is just the number."""
    if not terms:
        return "0"
    text = _signed_first(terms[0])
    for term in terms[1:]:
        text += f" − {-term}" if term < 0 else f" + {term}"
    if len(terms) == 1:
        return text
    return f"{text} = {_signed_first(sum(terms))}"


def _signed_first(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


def points_text(points: int) -> str:
    return f"{_signed_first(points)} point" + ("" if abs(points) == 1 else "s")


@dataclass(frozen=True)
class PairValue:
    """What a pair of cards is worth: ``card`` was played (or moved) beside ``other``.

    ``counts`` is what each card counted for, after any Blight; ``cancelled`` names the cards a
    Blight cancelled; ``working`` shows the arithmetic (``Blight beside 9: 8 + 0 = 8``).
    """

    card: str
    other: str
    counts: tuple[int, int]
    cancelled: tuple[str, ...]
    only_card: bool
    rulings: tuple[str, ...] = field(compare=False)

    @property
    def points(self) -> int:
        return self.counts[0] if self.only_card else sum(self.counts)

    @property
    def working(self) -> str:
        terms = [self.counts[0]] if self.only_card else list(self.counts)
        notes = []
        if self.cancelled:
            notes.append("Blight beside " + " and ".join(self.cancelled))
        elif is_blight(self.card) and is_blight(self.other):
            notes.append("two Blights")
        if self.only_card:
            notes.append("only the played card counts")
        arithmetic = sum_text(terms)
        return f"{', '.join(notes)}: {arithmetic}" if notes else arithmetic

    def __repr__(self) -> str:
        return f"PairValue({self.card!r}, {self.other!r}, points={self.points}, {self.working!r})"


def pair_value(
    card: str,
    other: str,
    *,
    card_beside_blight: bool = False,
    other_beside_blight: bool = False,
    rules: JourneyRules = STANDARD,
) -> PairValue:
    """The value of the pair ``card`` (just played, or moved) makes with ``other``.

    ``card_beside_blight`` and ``other_beside_blight`` say whether each card sits beside a
    Blight where it now lies (a Blight in the pair itself always counts). The readings:
    both values are added (:data:`PAIR_VALUE`), a Blight cancels its neighbours in every pair
    they make (:data:`BLIGHT_LASTS`) and cancelled means 0 (:data:`BLIGHT_NEGATES`).
    """
    card, other = parse_rank(card), parse_rank(other)
    flags = {"card_beside_blight": card_beside_blight, "other_beside_blight": other_beside_blight}
    for name, flag in flags.items():
        if not isinstance(flag, bool):
            raise JourneyError(f"{name} {flag!r} must be True or False")
    if not isinstance(rules, JourneyRules):
        raise RulesError(f"rules {rules!r} are not JourneyRules")
    counts: list[int] = []
    cancelled: list[str] = []
    rulings = [PAIR_VALUE]
    blight_outside = False
    for this, that, beside in (
        (card, other, card_beside_blight),
        (other, card, other_beside_blight),
    ):
        value = value_of(this)
        hit_in_pair = is_blight(that)
        hit_from_outside = beside and not hit_in_pair
        if is_blight(this) or not (hit_in_pair or hit_from_outside):
            counts.append(value)
            continue
        blight_outside = blight_outside or hit_from_outside
        if hit_from_outside and rules.blight_pair_only:
            counts.append(value)
            continue
        counts.append(-value if rules.blight_minus else 0)
        cancelled.append(this)
    if blight_outside:
        rulings.append(BLIGHT_LASTS)
    if cancelled:
        rulings.append(BLIGHT_NEGATES)
    return PairValue(
        card=card,
        other=other,
        counts=(counts[0], counts[1]),
        cancelled=tuple(cancelled),
        only_card=rules.placed_card_only,
        rulings=tuple(rulings),
    )


@dataclass(frozen=True)
class Gain:
    """The points one action scored: its pairs, any Blight bonus, and the working.

    ``chain`` is the length of the run of Blights a Blight just played sits in (0 for any
    other card); ``bonus`` what linking that run paid.
    """

    pairs: tuple[PairValue, ...] = ()
    chain: int = 0
    bonus: int = 0
    note: str = ""

    @property
    def points(self) -> int:
        return sum(p.points for p in self.pairs) + self.bonus

    @property
    def working(self) -> str:
        """``8 + 9 = 17``; ``three Blights linked: 30``; ``new city: no pair``."""
        parts = [p.working for p in self.pairs if p.points or not self.bonus]
        if self.bonus:
            parts.append(f"{_WORDS.get(self.chain, str(self.chain))} Blights linked: {self.bonus}")
        if not parts:
            return self.note or "0"
        text = "; ".join(parts)
        if len(parts) > 1:
            terms = [p.points for p in self.pairs if p.points or not self.bonus]
            terms += [self.bonus] if self.bonus else []
            text += f"; in all {sum_text(terms)}"
        return text

    @property
    def rulings(self) -> tuple[str, ...]:
        found = [r for p in self.pairs for r in p.rulings]
        if self.chain:
            found.append(BLIGHT_CHAIN)
        if self.bonus:
            found.append(BLIGHT_BONUS)
        return tuple(dict.fromkeys(found))

    def __repr__(self) -> str:
        return f"Gain(points={self.points}, {self.working!r})"


# -- cards on the table, actions and records -------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """A card on the table: ``id`` counts placements from 1; ``by`` is who played it."""

    id: int
    rank: str
    by: str

    def __repr__(self) -> str:
        return f"Card({self.id}, {self.rank!r}, by={self.by!r})"


@dataclass(frozen=True)
class Action(saves.Action):
    """A player's move as saved: what was asked, not what came of it."""


@dataclass(frozen=True)
class StartRow(Action):
    """Start a new city: ``rank`` becomes a row of its own."""

    kind: ClassVar[str] = "start_row"
    rank: str

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "rank": self.rank}

    def __repr__(self) -> str:
        return f"StartRow({self.rank!r})"


@dataclass(frozen=True)
class Place(Action):
    """Connect ``rank`` to the ``side`` end of row ``row`` (rows count from 0)."""

    kind: ClassVar[str] = "place"
    rank: str
    row: int
    side: Side

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "rank": self.rank, "row": self.row, "side": self.side}

    def __repr__(self) -> str:
        return f"Place({self.rank!r}, row={self.row}, side={self.side!r})"


@dataclass(frozen=True)
class Swap(Action):
    """Cards ``card`` and ``other`` (ids) trade places: a 10 or 5 just played with the card it
    was placed beside, or a Ghorralands switch (``card`` is the 6 of the player switching)."""

    kind: ClassVar[str] = "swap"
    card: int
    other: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": self.card, "other": self.other}

    def __repr__(self) -> str:
        return f"Swap({self.card}, {self.other})"


@dataclass(frozen=True, kw_only=True)
class Record:
    """What an action did. ``before`` is the game as it was (for undo)."""

    action: Action
    player: str
    gain: Gain
    before: JourneyGame = field(repr=False, compare=False)

    @property
    def summary(self) -> str:
        return f"{self.player}: {self.action!r}"


@dataclass(frozen=True, kw_only=True)
class PlayRecord(Record):
    """A card played: ``row`` is where it went; ``beside`` the card it connected to, if any."""

    card: Card
    row: int
    beside: Card | None

    @property
    def summary(self) -> str:
        if self.beside is None:
            return (
                f"{self.player} started row {self.row + 1} with {_a(self.card.rank)}: a new city."
            )
        return (
            f"{self.player} played {self.card.rank} beside {self.beside.rank} in row "
            f"{self.row + 1}: {points_text(self.gain.points)} ({self.gain.working})."
        )


@dataclass(frozen=True, kw_only=True)
class SwapRecord(Record):
    """A swap: ``moved`` is the card whose ability moved it, ``other`` the card it traded with."""

    swap: SwapKind
    moved: Card
    other: Card

    @property
    def summary(self) -> str:
        if self.swap == "played":
            text = f"{self.player}'s {self.moved.rank} traded places with the {self.other.rank}"
        else:
            here = self.before.where(self.moved.id)[0] + 1
            there = self.before.where(self.other.id)[0] + 1
            where = f"in row {there}" if there != here else "in the same row"
            text = f"{self.player} switched their 6 in row {here} with the 6 {where}"
        if self.gain.pairs:
            return f"{text}: {points_text(self.gain.points)} ({self.gain.working})."
        return f"{text}; scores stand."


@dataclass(frozen=True)
class SwapOption:
    """A swap the rules allow now, for a screen to offer (``Swap(card.id, other.id)``)."""

    kind: SwapKind
    card: Card
    other: Card
    player: str

    @property
    def action(self) -> Swap:
        return Swap(self.card.id, self.other.id)


# -- the game --------------------------------------------------------------------------------------


def _verified(check: Callable[[], object]) -> bool:
    try:
        check()
    except JourneyError:
        return False
    return True


def _whole(value: object, what: str, error: type[JourneyError]) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{what} {value!r} must be a whole number")
    return value


@dataclass(frozen=True)
class JourneyGame(saves.SavedGame):
    """The table: players in seat order, who went first, the rows, scores and the log.

    An immutable value: copies are the value itself; pickling goes through the save format.
    """

    players: tuple[str, ...]
    first: int = 0
    rules: JourneyRules = STANDARD
    rows: tuple[tuple[Card, ...], ...] = ()
    scores: tuple[int, ...] = ()
    switched: frozenset[str] = frozenset()  # players who used their Ghorralands switch
    swappable: int | None = None  # the 10 or 5 just played, while it may still swap
    log: tuple[Record, ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.players, str) or not isinstance(self.players, Iterable):
            raise SeatError(f"players {self.players!r} must be a list of names")
        for name in self.players:
            if not isinstance(name, str):
                raise SeatError(f"player {name!r} must be a name")
        try:
            players = check_players(list(self.players))
        except TableError as exc:
            raise SeatError(str(exc)) from None
        check_player_count(len(players))
        first = _whole(self.first, "first player seat", SeatError)
        if not 0 <= first < len(players):
            raise SeatError(f"first player seat {first!r} is not one of the {len(players)} seats")
        if not isinstance(self.rules, JourneyRules):
            raise RulesError(f"rules {self.rules!r} are not JourneyRules")
        scores = tuple(self.scores) or (0,) * len(players)
        if len(scores) != len(players):
            raise SeatError(f"scores {scores!r} do not match {len(players)} players")
        rows = tuple(tuple(row) for row in self.rows)
        _check_table(rows, players)
        switched = frozenset(self.switched)
        for name in sorted(switched - set(players), key=repr):
            raise SeatError(f"{name!r} switched a Ghorralands card but is not seated")
        if self.swappable is not None and not any(c.id == self.swappable for r in rows for c in r):
            raise SwapError(f"card {self.swappable!r} may swap but is not on the table")
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "switched", switched)

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        *,
        first: int | str = 0,
        rules: JourneyRules = STANDARD,
    ) -> JourneyGame:
        """A game before the first turn. ``first`` is a seat index or a player's name."""
        if isinstance(first, str):
            names = [p.strip() for p in players] if not isinstance(players, str) else []
            if first.strip() not in names:
                raise SeatError(f"first player {first!r} is not seated")
            first = names.index(first.strip())
        return cls(players=tuple(players), first=first, rules=rules)

    # -- reading the table --------------------------------------------------------------------

    @property
    def placements(self) -> int:
        """Cards on the table, which is also the number of turns played."""
        return sum(len(row) for row in self.rows)

    @property
    def turn(self) -> int:
        """The turn being played, from 1 (after the last turn: one past it)."""
        return self.placements + 1

    @property
    def active(self) -> str:
        """Whose turn it is: play goes round the seats from the first player."""
        return self.players[(self.first + self.placements) % len(self.players)]

    @property
    def next_player(self) -> str:
        return self.players[(self.first + self.placements + 1) % len(self.players)]

    @property
    def pile_size(self) -> int:
        return draw_pile_size(len(self.players))

    @property
    def pile_left(self) -> int:
        """Cards in the draw pile as the active player's turn begins (before they draw)."""
        return max(0, self.pile_size - self.placements)

    @property
    def in_hands(self) -> int:
        """Cards in all hands together at the start of the active player's turn."""
        dealt = facts().deck.hand * len(self.players)
        return dealt - max(0, self.placements - self.pile_size)

    @property
    def turns_total(self) -> int:
        """One card a turn: the draw pile's size, or every card when hands are played out."""
        return facts().deck.size if self.rules.play_out_hands else self.pile_size

    @property
    def turns_left(self) -> int:
        return max(0, self.turns_total - self.placements)

    @property
    def is_over(self) -> bool:
        return self.placements >= self.turns_total

    def seat_of(self, name: str) -> int:
        if name not in self.players:
            raise SeatError(f"player {name!r} is not seated")
        return self.players.index(name)

    def score(self, name: str) -> int:
        return self.scores[self.seat_of(name)]

    def gains(self, name: str) -> tuple[Record, ...]:
        """The actions of ``name`` that scored (or could have: every pair they made)."""
        self.seat_of(name)
        return tuple(r for r in self.log if r.player == name and (r.gain.pairs or r.gain.bonus))

    def pairs_made(self, name: str) -> int:
        return sum(len(r.gain.pairs) for r in self.gains(name))

    def breakdown(self, name: str) -> tuple[int, int]:
        """``(points from pairs, Blight bonuses)`` of ``name``."""
        records = self.gains(name)
        bonus = sum(r.gain.bonus for r in records)
        return sum(r.gain.points for r in records) - bonus, bonus

    def score_working(self, name: str) -> str:
        """``17 + 8 + 30 = 55``: a player's total as the sum of what each action scored."""
        terms = [r.gain.points for r in self.gains(name)]
        if not terms:
            return "0"
        return sum_text(terms) if len(terms) > 1 else str(terms[0])

    def on_table(self, rank_: str) -> int:
        return sum(1 for row in self.rows for c in row if c.rank == rank_)

    def copies_left(self, rank_: str) -> int:
        """Cards of ``rank_`` not yet on the table (4 in the deck, one per suit)."""
        return facts().deck.copies_per_rank - self.on_table(parse_rank(rank_))

    def cards(self) -> Iterator[Card]:
        for row in self.rows:
            yield from row

    def where(self, card_id: int) -> tuple[int, int]:
        """``(row, position)`` of the card with id ``card_id``."""
        _whole(card_id, "card", SwapError)
        for r, row in enumerate(self.rows):
            for i, c in enumerate(row):
                if c.id == card_id:
                    return r, i
        raise SwapError(f"card {card_id!r} is not on the table")

    def card(self, card_id: int) -> Card:
        r, i = self.where(card_id)
        return self.rows[r][i]

    def beside_blight(self, row: int, position: int) -> bool:
        """Whether the card at ``position`` of ``row`` has a Blight next to it."""
        cards = self.rows[row]
        return _beside_blight(cards, position)

    # -- starting a new city ------------------------------------------------------------------

    def _check_open(self) -> None:
        if self.is_over:
            pile = "the hands are played out" if self.rules.play_out_hands else "draw pile is empty"
            raise GameOverError(f"the game is over: the {pile}")

    def _check_copies(self, rank_: str, text: object) -> None:
        deck = facts().deck
        if self.on_table(rank_) >= deck.copies_per_rank:
            raise CopiesError(
                f"card {text!r}: all {deck.copies_per_rank} are already on the table "
                "(a standard deck has one per suit)"
            )

    def verify_start_row(self, card: object) -> str:
        """The rank as the engine writes it; raises why ``card`` cannot start a new city."""
        self._check_open()
        parsed = parse_rank(card)
        self._check_copies(parsed, card)
        return parsed

    def can_start_row(self, card: object) -> bool:
        return _verified(lambda: self.verify_start_row(card))

    def start_row(self, card: object) -> tuple[JourneyGame, PlayRecord]:
        """The active player starts a new city with ``card`` (a rank): no pair, no points."""
        parsed = self.verify_start_row(card)
        played = Card(self.placements + 1, parsed, self.active)
        rows = (*self.rows, (played,))
        record = PlayRecord(
            action=StartRow(parsed),
            player=self.active,
            gain=Gain(note="new city: no pair"),
            card=played,
            row=len(self.rows),
            beside=None,
            before=self,
        )
        game = replace(self, rows=rows, swappable=None, log=(*self.log, record))
        return game, record

    # -- connecting a card to a row -----------------------------------------------------------

    def verify_place(self, card: object, row: object, side: object) -> tuple[str, int, Side]:
        """``(rank, row, side)`` as the engine writes them; raises why the placement is not
        allowed (the game over, an unknown card or row, a fifth copy)."""
        self._check_open()
        parsed = parse_rank(card)
        index = _whole(row, "row", RowError)
        if not 0 <= index < len(self.rows):
            have = f"{len(self.rows)} rows" if self.rows else "no rows yet"
            raise RowError(f"row {row!r} is not on the table ({have}; rows count from 0)")
        if side not in SIDES:
            raise RowError(f"side {side!r} must be 'left' or 'right'")
        self._check_copies(parsed, card)
        return parsed, index, "left" if side == "left" else "right"

    def can_place(self, card: object, row: object, side: object) -> bool:
        return _verified(lambda: self.verify_place(card, row, side))

    def _placed(self, rank_: str, row: int, side: Side) -> tuple[tuple[Card, ...], int, Gain]:
        card = Card(self.placements + 1, rank_, self.active)
        cards = (card, *self.rows[row]) if side == "left" else (*self.rows[row], card)
        at = 0 if side == "left" else len(cards) - 1
        near = 1 if side == "left" else len(cards) - 2
        pair = pair_value(
            rank_,
            cards[near].rank,
            card_beside_blight=_beside_blight(cards, at),
            other_beside_blight=_beside_blight(cards, near),
            rules=self.rules,
        )
        chain = _chain(cards, at) if is_blight(rank_) else 0
        bonus = link_bonus(chain)
        return cards, at, Gain(pairs=(pair,), chain=chain, bonus=bonus)

    def preview_place(self, card: object, row: object, side: object) -> Gain:
        """What :meth:`place` would score, without playing the card."""
        parsed, index, where = self.verify_place(card, row, side)
        return self._placed(parsed, index, where)[2]

    def place(self, card: object, row: object, side: object) -> tuple[JourneyGame, PlayRecord]:
        """The active player connects ``card`` (a rank) to the ``side`` end of ``row`` (from 0)
        and gains the value of the pair (and 30 or 50 if it links three or four Blights)."""
        parsed, index, where = self.verify_place(card, row, side)
        cards, at, gain = self._placed(parsed, index, where)
        played = cards[at]
        beside = cards[1 if where == "left" else len(cards) - 2]
        player = self.active
        seat = self.seat_of(player)
        scores = list(self.scores)
        scores[seat] += gain.points
        rows = (*self.rows[:index], cards, *self.rows[index + 1 :])
        record = PlayRecord(
            action=Place(parsed, index, where),
            player=player,
            gain=gain,
            card=played,
            row=index,
            beside=beside,
            before=self,
        )
        # Whether it may move that neighbour is checked when the swap is asked for, so the
        # refusal can say why (a 10 never moves the Okkrgoth).
        swappable = played.id if swaps_when_played(parsed) else None
        game = replace(
            self,
            rows=rows,
            scores=tuple(scores),
            swappable=swappable,
            log=(*self.log, record),
        )
        return game, record

    # -- swaps --------------------------------------------------------------------------------

    def verify_swap(self, card: object, other: object) -> SwapKind:
        """Which swap ``Swap(card, other)`` would be, or why the rules forbid it."""
        card_id = _whole(card, "card", SwapError)
        other_id = _whole(other, "other card", SwapError)
        mover, target = self.card(card_id), self.card(other_id)
        if card_id == other_id:
            raise SwapError(f"card {card!r} cannot trade places with itself")
        if swaps_when_played(mover.rank):
            if self.swappable != card_id:
                raise SwapError(
                    f"card {card!r} ({mover.rank}) may trade places only right after it is "
                    "played, before anything else happens, and only if it was placed beside a card"
                )
            r, i = self.where(card_id)
            cards = self.rows[r]
            neighbour = cards[1] if i == 0 else cards[i - 1]
            if other_id != neighbour.id:
                raise SwapError(
                    f"card {card!r} ({mover.rank}) can trade places only with card "
                    f"{neighbour.id} ({neighbour.rank}), the card it was placed beside, "
                    f"not card {other!r}"
                )
            if not can_move(mover.rank, target.rank):
                movers = " or ".join(card_facts(target.rank).moved_only_by) or "nothing"
                raise SwapError(
                    f"card {other!r} ({target.rank}, {card_facts(target.rank).civilization}) "
                    f"can be moved only by a {movers}"
                )
            return "played"
        if is_ghorralands(mover.rank):
            if not is_ghorralands(target.rank):
                raise SwapError(
                    f"card {card!r} (a 6) can switch only with another 6, not card {other!r} "
                    f"({target.rank})"
                )
            if self.is_over:
                raise GameOverError("the game is over: no more switches")
            if mover.by in self.switched:
                raise SwapError(
                    f"{mover.by} has already switched a Ghorralands card in this game "
                    f"(card {card!r} is theirs)"
                )
            return "ghorralands"
        raise SwapError(
            f"card {card!r} ({mover.rank}) cannot move: only a 10 or 5 just played, or a 6 "
            "switched with another 6, trades places"
        )

    def can_swap(self, card: object, other: object) -> bool:
        return _verified(lambda: self.verify_swap(card, other))

    def swap(self, card: object, other: object) -> tuple[JourneyGame, SwapRecord]:
        """Cards ``card`` and ``other`` trade places. Scores already gained stand; under the
        :data:`SWAP_SCORES` house rule the player scores the new pairs of a 10 or 5 moved as
        it is played. A Ghorralands switch scores nothing under either reading (ruling
        :data:`GHORRALANDS`: both cards are 6s, so scores stand)."""
        kind = self.verify_swap(card, other)
        card_id, other_id = _whole(card, "card", SwapError), _whole(other, "other", SwapError)
        mover, target = self.card(card_id), self.card(other_id)
        (r1, i1), (r2, i2) = self.where(card_id), self.where(other_id)
        before_ids = _neighbour_ids(self.rows[r1], i1)
        rows = [list(row) for row in self.rows]
        rows[r1][i1], rows[r2][i2] = target, mover
        new_rows = tuple(tuple(row) for row in rows)
        player = mover.by
        pairs: list[PairValue] = []
        if self.rules.swap_scores and kind == "played":
            cards = new_rows[r2]
            for j in (i2 - 1, i2 + 1):
                if 0 <= j < len(cards) and cards[j].id not in before_ids:
                    pairs.append(
                        pair_value(
                            mover.rank,
                            cards[j].rank,
                            card_beside_blight=_beside_blight(cards, i2),
                            other_beside_blight=_beside_blight(cards, j),
                            rules=self.rules,
                        )
                    )
        gain = Gain(pairs=tuple(pairs), note="scores stand: a swap makes no new pair")
        scores = list(self.scores)
        scores[self.seat_of(player)] += gain.points
        record = SwapRecord(
            action=Swap(card_id, other_id),
            player=player,
            gain=gain,
            swap=kind,
            moved=mover,
            other=target,
            before=self,
        )
        switched = self.switched | {player} if kind == "ghorralands" else self.switched
        game = replace(
            self,
            rows=new_rows,
            scores=tuple(scores),
            switched=switched,
            swappable=None,
            log=(*self.log, record),
        )
        return game, record

    def legal_swaps(self) -> tuple[SwapOption, ...]:
        """Every swap allowed now: the 10 or 5 just played, then each Ghorralands switch."""
        options: list[SwapOption] = []
        if self.swappable is not None:
            r, i = self.where(self.swappable)
            cards = self.rows[r]
            neighbour = cards[1] if i == 0 else cards[i - 1]
            if self.can_swap(self.swappable, neighbour.id):
                mover = cards[i]
                options.append(SwapOption("played", mover, neighbour, mover.by))
        sixes = [c for c in self.cards() if is_ghorralands(c.rank)]
        for six in sixes:
            for other in sixes:
                if other.id != six.id and self.can_swap(six.id, other.id):
                    options.append(SwapOption("ghorralands", six, other, six.by))
        return tuple(options)

    # -- any action, undo, house rules --------------------------------------------------------

    def apply(self, action: Action) -> tuple[JourneyGame, Record]:
        if isinstance(action, StartRow):
            return self.start_row(action.rank)
        if isinstance(action, Place):
            return self.place(action.rank, action.row, action.side)
        if isinstance(action, Swap):
            return self.swap(action.card, action.other)
        raise JourneyError(f"action {action!r} is not a Merchant's Journey action")

    @property
    def can_undo(self) -> bool:
        return bool(self.log)

    def undo(self) -> JourneyGame:
        """The game before the last action."""
        if not self.log:
            raise JourneyError("nothing to undo")
        return self.log[-1].before

    def with_rules(self, rules: JourneyRules) -> JourneyGame:
        """The same game scored from its start under other house rules (the log is replayed,
        so an action the new rules forbid raises and nothing changes)."""
        if not isinstance(rules, JourneyRules):
            raise RulesError(f"rules {rules!r} are not JourneyRules")
        return self.replayed(replace(self.start, rules=rules, log=()))

    def standings(self) -> list[Standing]:
        """Players best first; ties shared, or broken by most pairs under :data:`TIES`."""
        breakers = (TieBreak(MOST_PAIRS, True),) if self.rules.most_pairs_breaks_ties else ()
        entries = [
            Entry(
                name,
                self.scores[i],
                (self.pairs_made(name),) if breakers else (),
            )
            for i, name in enumerate(self.players)
        ]
        return rank(entries, highest_wins=True, tiebreaks=breakers)

    # -- saving -------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-able, versioned: the players, the house rules and every action."""
        start = self.start
        return {
            **_SAVE.header(),
            "players": list(start.players),
            "first": start.first,
            "rules": start.rules.to_list(),
            "actions": [r.action.to_dict() for r in self.log],
        }

    @classmethod
    def from_dict(cls, data: object) -> JourneyGame:
        """Read a save back by replaying it; a bad save raises :class:`SaveDataError` naming
        the path of the first bad field (``actions[3].row``)."""
        data = _SAVE.check_header(data)
        _SAVE.known(data, "", {"format", "version", "players", "first", "rules", "actions"})
        players = data.get("players")
        if not isinstance(players, list):
            raise SaveDataError(f"players: {players!r} must be a list of names")
        rules_raw = data.get("rules", [])
        if not isinstance(rules_raw, list):
            raise SaveDataError(f"rules: {rules_raw!r} must be a list of ruling ids")
        with _SAVE.at("rules"):
            rules = JourneyRules(frozenset(rules_raw))
        with _SAVE.at("players"):
            game = cls.new(players, first=_whole(data.get("first", 0), "first", SeatError),
                           rules=rules)  # fmt: skip
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise SaveDataError(f"actions: {actions!r} must be a list")
        return _SAVE.replay(game, actions, read_action)


def final_scores(game: JourneyGame) -> list[Standing]:
    """The final standings once the game is over (highest total wins; see :data:`TIES`)."""
    if not isinstance(game, JourneyGame):
        raise JourneyError(f"{game!r} is not a JourneyGame")
    if not game.is_over:
        raise GameOverError(
            f"the game is not over: {game.turns_left} of {game.turns_total} turns to play"
        )
    return game.standings()


# -- helpers ---------------------------------------------------------------------------------------


def _check_table(rows: tuple[tuple[Card, ...], ...], players: Sequence[str]) -> None:
    """Rows of real cards: known ranks, seated players, no id twice, at most four a rank."""
    seen: set[int] = set()
    counts: dict[str, int] = {}
    copies = facts().deck.copies_per_rank
    for r, row in enumerate(rows):
        if not row:
            raise RowError(f"row {r!r} is empty")
        for card in row:
            if not isinstance(card, Card):
                raise RowError(f"{card!r} in row {r!r} is not a Card")
            if parse_rank(card.rank) != card.rank:
                raise UnknownCardError(
                    f"card {card!r}: rank must be written {parse_rank(card.rank)!r}"
                )
            if card.by not in players:
                raise SeatError(f"card {card!r}: {card.by!r} is not seated")
            if card.id in seen:
                raise RowError(f"card id {card.id!r} is on the table twice")
            seen.add(card.id)
            counts[card.rank] = counts.get(card.rank, 0) + 1
            if counts[card.rank] > copies:
                raise CopiesError(f"more than {copies} cards of rank {card.rank!r} on the table")


def _a(rank_: str) -> str:
    """``an 8``, ``a 9``, ``a K``."""
    return f"an {rank_}" if rank_ == "8" else f"a {rank_}"


def _beside_blight(cards: Sequence[Card], position: int) -> bool:
    return any(
        0 <= j < len(cards) and is_blight(cards[j].rank) for j in (position - 1, position + 1)
    )


def _chain(cards: Sequence[Card], position: int) -> int:
    """Length of the unbroken run of Blights through ``position``."""
    if not is_blight(cards[position].rank):
        return 0
    lo = position
    while lo > 0 and is_blight(cards[lo - 1].rank):
        lo -= 1
    hi = position
    while hi < len(cards) - 1 and is_blight(cards[hi + 1].rank):
        hi += 1
    return hi - lo + 1


def _neighbour_ids(cards: Sequence[Card], position: int) -> set[int]:
    return {cards[j].id for j in (position - 1, position + 1) if 0 <= j < len(cards)}


def read_action(raw: object) -> Action:
    """An action back from its saved form (``Place("8", row=0, side="left")``); raises
    :class:`JourneyError` (a :class:`SaveDataError` for an unknown kind) naming the field."""
    data = _SAVE.mapping(raw, "")
    kind = data.get("kind")
    if kind == StartRow.kind:
        _SAVE.known(data, "", {"kind", "rank"})
        return StartRow(parse_rank(data.get("rank")))
    if kind == Place.kind:
        _SAVE.known(data, "", {"kind", "rank", "row", "side"})
        side = data.get("side")
        if side not in SIDES:
            raise RowError(f"side {side!r} must be 'left' or 'right'")
        return Place(
            parse_rank(data.get("rank")),
            _whole(data.get("row"), "row", RowError),
            "left" if side == "left" else "right",
        )
    if kind == Swap.kind:
        _SAVE.known(data, "", {"kind", "card", "other"})
        return Swap(
            _whole(data.get("card"), "card", SwapError),
            _whole(data.get("other"), "other", SwapError),
        )
    raise SaveDataError(f"unknown action kind {kind!r}")


# -- the shared table (companion.engine.protocol) -------------------------------------------------


def status_line(game: JourneyGame) -> str:
    """``Turn 7 of 28 · Cleo to play`` or ``Game over after 28 turns``."""
    if game.is_over:
        turns = game.turns_total
        return f"Game over after {turns} turn" + ("" if turns == 1 else "s")
    return f"Turn {game.turn} of {game.turns_total} · {game.active} to play"


def _same_move(a: Record, b: Record) -> bool:
    return a.action == b.action and a.player == b.player


def _what_happened(record: Record) -> str:
    if isinstance(record, PlayRecord):
        if record.beside is None:
            where = f"started row {record.row + 1} with {_a(record.card.rank)}"
        else:
            where = f"played {record.card.rank} beside {record.beside.rank} in row {record.row + 1}"
        return f"{record.player} already played turn {record.card.id} ({where})"
    if isinstance(record, SwapRecord):
        if record.swap == "played":
            return (
                f"{record.player}'s {record.moved.rank} already traded places with the "
                f"{record.other.rank}"
            )
        return f"{record.player} already switched their 6 with another 6"
    return f"{record.player} already made a move"


def table_changed(then: JourneyGame, now: JourneyGame) -> str:
    """What changed between the table a screen showed (``then``) and the table ``now``:
    ``"Ben already played turn 7 (8 beside 9 in row 2)"``, or the move taken back."""
    old, new = then.log, now.log
    common = 0
    while common < min(len(old), len(new)) and _same_move(old[common], new[common]):
        common += 1
    if len(new) > common:
        return _what_happened(new[common])
    if len(old) > common:
        record = old[common]
        turn = f"turn {record.card.id}" if isinstance(record, PlayRecord) else "a swap"
        return f"{record.player}'s move ({turn}) was taken back"
    if then.rules != now.rules:
        return "the house rules of this game changed"
    return "the table changed since this screen showed it"


def _with_house_rules(game: JourneyGame, ids: frozenset[str]) -> JourneyGame:
    return game.with_rules(JourneyRules.from_house_rules(ids))


#: Merchant's Journey on a shared table. Turn-based: an action reads the whole game, so a
#: screen that had not seen the latest move cannot place a card (it is told who moved).
TABLE_RULES: Final[TableRules[JourneyGame, Action]] = TableRules(
    tool="journey",
    read_start=JourneyGame.from_dict,
    read_action=read_action,
    players=lambda game: game.players,
    status=status_line,
    error=JourneyError,
    changed=table_changed,
    with_rules=_with_house_rules,
)


__all__ = [
    "BLIGHT_BONUS",
    "BLIGHT_CHAIN",
    "BLIGHT_LASTS",
    "BLIGHT_NEGATES",
    "CONNECT",
    "GAME_END",
    "GAME_ID",
    "GHORRALANDS",
    "MOST_PAIRS",
    "PAIR_VALUE",
    "RULINGS",
    "SIDES",
    "STANDARD",
    "SUPPORTED",
    "SWAP_SCORES",
    "SWAP_WHEN_PLAYED",
    "TABLE_RULES",
    "TIES",
    "Action",
    "Card",
    "CardFacts",
    "CopiesError",
    "Gain",
    "GameOverError",
    "JourneyError",
    "JourneyFacts",
    "JourneyGame",
    "JourneyRules",
    "PairValue",
    "Place",
    "PlayRecord",
    "PlayerCountError",
    "Record",
    "RowError",
    "RulesError",
    "SaveDataError",
    "SeatError",
    "Side",
    "StartRow",
    "Swap",
    "SwapError",
    "SwapOption",
    "SwapRecord",
    "UnknownCardError",
    "can_move",
    "card_facts",
    "check_player_count",
    "draw_pile_size",
    "facts",
    "final_scores",
    "is_blight",
    "is_ghorralands",
    "link_bonus",
    "load_facts",
    "pair_value",
    "parse_rank",
    "points_text",
    "ranks",
    "read_action",
    "status_line",
    "sum_text",
    "swaps_when_played",
    "table_changed",
    "value_of",
]
