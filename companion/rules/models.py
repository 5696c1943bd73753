"""The game catalogue, rulebooks and rulings as immutable, validated models."""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Self

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from companion.rules.loader import (
    DataFileError,
    data_dir,
    display_path,
    load_entries,
    ruling_files,
)

OTHER_GAME_ID = "other"

Id = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_.-]*$", max_length=80)]
Text = Annotated[str, StringConstraints(min_length=1, max_length=2000, strip_whitespace=True)]


class Frozen(BaseModel):
    """Base for data models: immutable, unknown fields rejected."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Source(Frozen):
    """Where in a rulebook a fact or ruling comes from.

    ``quote`` is a short verbatim excerpt kept only so tests can prove the passage exists in
    the rulebook text; the app never shows it (it shows ``section`` and our own wording).
    """

    book: Id
    section: Text
    quote: Text | None = None

    def cite(self, books: dict[str, Book]) -> str:
        """``Mercante rulebook, Upkeep › Remove Goods Tokens`` for showing to players."""
        book = books.get(self.book)
        title = book.title if book else self.book
        return f"{title}, {self.section}"


class PlayerRange(Frozen):
    """How many may play, as a rulebook says: ``min`` to ``max`` players.

    A game's facts subclass it under their own name (pydantic names the class in messages).
    """

    min: Annotated[int, Field(ge=1, le=1000, strict=True)]
    max: Annotated[int, Field(ge=1, le=1000, strict=True)]
    source: Source

    @model_validator(mode="after")
    def _range(self) -> Self:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is above max ({self.max})")
        return self

    def check(self, players: object, game: str, error: type[ValueError]) -> int:
        """``players`` if it is a whole number in this range; otherwise ``error`` saying so
        (``"7 players: Merchant's Journey is for 2–6"``)."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise error(f"players {players!r} must be a whole number")
        if not self.min <= players <= self.max:
            raise error(f"{players!r} players: {game} is for {self.min}–{self.max}")
        return players


class Book(Frozen):
    """One rulebook text in ``../shared/seeds``."""

    id: Id
    title: Text
    file: Text
    game: Id


class TieBreaker(Frozen):
    """A tie-breaker the score pad offers for a game (e.g. most crowns left)."""

    name: Text
    higher_wins: bool = True
    source: Source | None = None


class Game(Frozen):
    """A game of the catalogue, with what the score pad and history need to know."""

    id: Id
    name: Text
    summary: Text
    min_players: int = Field(ge=1, le=99)
    max_players: int = Field(ge=1, le=99)
    highest_wins: bool = True
    books: tuple[Id, ...] = ()
    includes: tuple[Text, ...] = ()
    categories: tuple[Text, ...] = ()
    tiebreakers: tuple[TieBreaker, ...] = ()
    # The ruling by which the tie-breakers decide the victory only (ties below first share
    # their place); its house rule makes them decide every place.
    tiebreak_ruling: Id | None = None
    players_source: Source | None = None
    scoring_source: Source | None = None

    @model_validator(mode="after")
    def _range(self) -> Game:
        if self.min_players > self.max_players:
            raise ValueError(
                f"min_players ({self.min_players}) is above max_players ({self.max_players})"
            )
        return self

    @property
    def is_other(self) -> bool:
        """True for the catch-all entry used for any title typed in."""
        return self.id == OTHER_GAME_ID

    def players_ok(self, count: int) -> bool:
        return self.min_players <= count <= self.max_players

    def tiebreaks_victory_only(self, house_rules: Collection[str] = ()) -> bool:
        """The game's tie-breakers decide the victory only (its ruling), unless the group
        switched that ruling's house rule on."""
        return self.tiebreak_ruling is not None and self.tiebreak_ruling not in house_rules


class Ruling(Frozen):
    """How the app reads an ambiguous or self-contradicting passage.

    ``alternative`` (with ``alternative_label``) is the other reasonable reading; when it is
    present, Settings offers it as a house-rule toggle whose key is the ruling's ``id``.
    """

    id: Id
    game: Id
    topic: Text
    question: Text
    reading: Text
    alternative: Text | None = None
    alternative_label: Text | None = None
    sources: tuple[Source, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _label(self) -> Ruling:
        if self.alternative_label and not self.alternative:
            raise ValueError("alternative_label given without an alternative")
        return self

    @property
    def has_house_rule(self) -> bool:
        return self.alternative is not None

    @property
    def house_rule_label(self) -> str:
        return self.alternative_label or f"House rule: {self.topic}"


class Catalogue(Frozen):
    """All games, books and rulings, cross-checked."""

    books: dict[str, Book]
    games: tuple[Game, ...]
    rulings: tuple[Ruling, ...]

    def game(self, game_id: str) -> Game:
        for game in self.games:
            if game.id == game_id:
                return game
        raise KeyError(game_id)

    def game_by_name(self, name: str) -> Game | None:
        folded = name.strip().casefold()
        for game in self.games:
            if game.name.casefold() == folded:
                return game
        return None

    @property
    def other(self) -> Game:
        return self.game(OTHER_GAME_ID)

    def rulings_for(self, game_id: str) -> tuple[Ruling, ...]:
        return tuple(r for r in self.rulings if r.game == game_id)

    def ruling(self, ruling_id: str) -> Ruling:
        for ruling in self.rulings:
            if ruling.id == ruling_id:
                return ruling
        raise KeyError(ruling_id)

    def cite(self, source: Source) -> str:
        return source.cite(self.books)


def _check_sources(where: str, sources: tuple[Source, ...], books: dict[str, Book]) -> None:
    for source in sources:
        if source.book not in books:
            raise DataFileError(f"{where}: field 'sources.book': unknown book {source.book!r}")


def load_catalogue(directory: Path | None = None) -> Catalogue:
    """Load ``books.toml``, ``games.toml`` and every ``rulings.toml`` from ``directory``: the
    catalogue's own beside ``games.toml`` and each tool's in its folder (``bard/rulings.toml``)."""
    root = directory or data_dir()
    books_path = root / "books.toml"
    books = {b.id: b for b in load_entries(books_path, "book", Book)}
    games_path = root / "games.toml"
    games = load_entries(games_path, "game", Game)
    game_ids = {g.id for g in games}
    if OTHER_GAME_ID not in game_ids:
        raise DataFileError(f"{display_path(games_path)}: no game with id {OTHER_GAME_ID!r}")
    for book in books.values():
        if book.game not in game_ids:
            raise DataFileError(
                f"{display_path(books_path)}: book {book.id!r}: field 'game': "
                f"unknown game {book.game!r}"
            )
    for i, game in enumerate(games):
        where = f"{display_path(games_path)}: game[{i}] ({game.id!r})"
        for book_id in game.books:
            if book_id not in books:
                raise DataFileError(f"{where}: field 'books': unknown book {book_id!r}")
        extra = [s for s in (game.players_source, game.scoring_source) if s is not None]
        extra += [t.source for t in game.tiebreakers if t.source is not None]
        _check_sources(where, tuple(extra), books)

    rulings: list[Ruling] = []
    seen: dict[str, str] = {}
    for path in ruling_files(root):
        for i, ruling in enumerate(load_entries(path, "ruling", Ruling)):
            where = f"{display_path(path)}: ruling[{i}] ({ruling.id!r})"
            if ruling.game not in game_ids:
                raise DataFileError(f"{where}: field 'game': unknown game {ruling.game!r}")
            if ruling.id in seen:
                raise DataFileError(f"{where}: field 'id': already used in {seen[ruling.id]}")
            _check_sources(where, ruling.sources, books)
            seen[ruling.id] = display_path(path)
            rulings.append(ruling)
    for i, game in enumerate(games):
        if game.tiebreak_ruling is not None and game.tiebreak_ruling not in seen:
            raise DataFileError(
                f"{display_path(games_path)}: game[{i}] ({game.id!r}): field 'tiebreak_ruling': "
                f"unknown ruling {game.tiebreak_ruling!r}"
            )
    return Catalogue(books=books, games=games, rulings=tuple(rulings))


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    """The catalogue from the default data directory, loaded once."""
    return load_catalogue()
