"""A game night's final scoring sheet: the categories a player's score is made of.

Merchants Cove's sheet is in ``data/seats/sheets.toml`` (gold, where the tally lands; the
end-game Sponsorship; Corruption), each citing our rulebooks' passage and saying where the base
game's own rulebook decides a detail. A catalogue game without a sheet there scores its own
categories (``data/games.toml``), or one "Points" figure, with the tally as a category of its
own. The game's tie-breakers (``data/games.toml``) are figures the players enter too.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from companion.engine.seats.errors import SeatsError
from companion.rules import catalogue, data_dir, read_toml

#: The category id the tally lands in on a sheet whose data names none.
TALLY = "tally"
#: The prefix of a tie-breaker's category id (``tiebreak.1`` is the first tie-breaker).
TIEBREAK = "tiebreak."


@dataclass(frozen=True)
class Category:
    """One line of the sheet. ``tally``: the night's tally lands here (not entered);
    ``counts`` 1 adds the figure entered, −1 takes it off; ``tiebreak`` (with ``higher_wins``)
    marks a tie-breaker's figure, not part of the score; ``cite`` is the rulebook passage it
    rests on, in words; ``base_game`` what the base game's own rulebook decides."""

    id: str
    name: str
    explain: str = ""
    tally: bool = False
    counts: int = 1
    tiebreak: bool = False
    higher_wins: bool = True
    base_game: str = ""
    cite: str = ""

    @property
    def entered(self) -> bool:
        """Whether the players enter this figure (the tally's category is worked out)."""
        return not self.tally


@dataclass(frozen=True)
class Expansion:
    """An expansion of the game, by the id of its rulebook (``master_craft``)."""

    id: str
    name: str


@dataclass(frozen=True)
class Sheet:
    """The final scoring sheet of one game."""

    game: str
    categories: tuple[Category, ...]
    note: str = ""
    expansions: tuple[Expansion, ...] = ()

    @property
    def scored(self) -> tuple[Category, ...]:
        """The categories that make the score (tie-breakers left out), in order."""
        return tuple(c for c in self.categories if not c.tiebreak)

    @property
    def tiebreakers(self) -> tuple[Category, ...]:
        return tuple(c for c in self.categories if c.tiebreak)

    @property
    def tally_category(self) -> Category:
        return next(c for c in self.categories if c.tally)

    def category(self, category_id: str) -> Category:
        """The category ``category_id``; raises naming it in words when there is none."""
        for category in self.categories:
            if category.id == category_id:
                return category
        raise SeatsError(f"the scoring sheet has no line called {_words(category_id)}")

    def expansion_name(self, expansion_id: str) -> str:
        for expansion in self.expansions:
            if expansion.id == expansion_id:
                return expansion.name
        return expansion_id


def _words(text: str) -> str:
    return re.sub(r"[_.]+", " ", text).strip() or "(blank)"


def _cite(raw: Any) -> str:
    if not isinstance(raw, dict):
        return ""
    books = catalogue().books
    book = books.get(str(raw.get("book")))
    title = book.title if book is not None else str(raw.get("book"))
    return f"{title}, {raw.get('section')}"


@functools.cache
def _data() -> dict[str, Sheet]:
    raw = read_toml(data_dir() / "seats" / "sheets.toml")
    sheets: dict[str, Sheet] = {}
    for entry in raw.get("sheet", []):
        categories = tuple(
            Category(
                id=str(c["id"]),
                name=str(c["name"]),
                explain=str(c.get("explain", "")),
                tally=bool(c.get("tally", False)),
                counts=int(c.get("counts", 1)),
                base_game=str(c.get("base_game", "")),
                cite=_cite(c.get("source")),
            )
            for c in entry.get("category", [])
        )
        if sum(c.tally for c in categories) != 1:
            raise SeatsError(f"the scoring sheet of {entry['game']} needs one tally line")
        expansions = tuple(
            Expansion(id=str(e["id"]), name=str(e["name"])) for e in entry.get("expansions", [])
        )
        game = str(entry["game"])
        sheets[game] = Sheet(game, categories, str(entry.get("note", "")), expansions)
    return sheets


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.casefold()).strip("_") or "points"


@functools.cache
def sheet_for(game_id: str) -> Sheet:
    """The final scoring sheet of ``game_id`` (a catalogue id), its tie-breakers last."""
    game = catalogue().game(game_id)
    breakers = tuple(
        Category(
            id=f"{TIEBREAK}{i}",
            name=t.name,
            tiebreak=True,
            higher_wins=t.higher_wins,
            cite=catalogue().cite(t.source) if t.source is not None else "",
        )
        for i, t in enumerate(game.tiebreakers, start=1)
    )
    known = _data().get(game_id)
    if known is not None:
        return Sheet(game_id, known.categories + breakers, known.note, known.expansions)
    tally = Category(
        id=TALLY,
        name="From the tally",
        tally=True,
        explain="The points the night's tools added for each player.",
    )
    own = tuple(Category(id=_slug(n), name=n) for n in game.categories) or (
        Category(id="points", name="Points"),
    )
    return Sheet(game_id, (tally, *own, *breakers))


__all__ = ["TALLY", "TIEBREAK", "Category", "Expansion", "Sheet", "sheet_for"]
