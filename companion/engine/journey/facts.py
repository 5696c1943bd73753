"""The facts of Merchant's Journey (``data/journey/facts.toml``): the deck, the twelve
civilizations with their values and abilities, the player counts and the Blight's link
bonuses; read and cross-checked once, each with the rulebook passage it comes from."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Final, Literal

from pydantic import Field, StringConstraints, model_validator

from companion.engine.journey.errors import PlayerCountError, UnknownCardError
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
    """The tables of ``data/journey/facts.toml`` other than the cards."""

    game: Id
    deck: DeckFacts
    players: PlayerFacts
    play: PlayFacts
    blight: BlightFacts
    card: tuple[object, ...] = Field(min_length=1)


@dataclass(frozen=True)
class JourneyFacts:
    """Everything in ``data/journey/facts.toml``, cross-checked."""

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
        raise UnknownCardError(f"there is no card {rank}: ranks are {', '.join(self.ranks)}")

    def link(self, length: int) -> LinkFacts | None:
        return next((link for link in self.blight.link if link.length == length), None)


def load_facts(directory: Path | None = None) -> JourneyFacts:
    """Read and cross-check ``journey/facts.toml`` in ``directory`` (default: the data directory).

    A malformed file raises :class:`~companion.rules.DataFileError` naming the file, the entry
    and the field.
    """
    path = (directory or data_dir()) / "journey" / "facts.toml"
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
        raise UnknownCardError(f"a card is a rank such as 9 or Q, not {text}")
    cleaned = text.strip().upper()
    cleaned = _NAMES.get(cleaned, cleaned)
    if cleaned in ("A", "ACE", "1"):
        raise UnknownCardError(f"{text.strip()}: the Aces are taken out of the deck")
    if cleaned not in facts().ranks:
        what = f"there is no card {text.strip()}" if text.strip() else "a card needs its rank"
        raise UnknownCardError(f"{what}: ranks are {', '.join(facts().ranks)}")
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
    """Return ``players`` if Merchant's Journey seats that many, else raise PlayerCountError."""
    return facts().players.check(players, "Merchant's Journey", PlayerCountError)


def draw_pile_size(players: int) -> int:
    """Cards left after the deal: 48 − 5 × players (28 for four)."""
    deck = facts().deck
    return deck.size - deck.hand * check_player_count(players)


def link_bonus(length: int) -> int:
    """What linking a chain of ``length`` Blights pays (30 for three, 50 for four, else 0)."""
    link = facts().link(length)
    return link.points if link else 0


__all__ = [
    "GAME_ID",
    "BlightFacts",
    "CardFacts",
    "DeckFacts",
    "JourneyFacts",
    "LinkFacts",
    "PlayFacts",
    "PlayerFacts",
    "can_move",
    "card_facts",
    "check_player_count",
    "draw_pile_size",
    "facts",
    "is_blight",
    "is_ghorralands",
    "link_bonus",
    "load_facts",
    "parse_rank",
    "ranks",
    "swaps_when_played",
    "value_of",
]
