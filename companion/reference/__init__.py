"""The rules assistant: a searchable quick reference for every game, built from ``data/``.

Pure Python (no UI or database imports). Entries are built once, on first use, from the same
data files and loaders the calculators read (see :mod:`companion.reference.build`), plus the
explanatory prose of ``data/reference/*.toml``; an index over them answers searches.

The public API:

- :func:`search` — entries matching a query, best first (typos, missing hyphens, card
  numbers and the words players use are understood);
- :func:`entry` — one entry by id (``KeyError`` if there is none);
- :func:`entries` — every entry (optionally of one game), in reading order;
- :func:`entries_for` — the entries behind a number a calculator shows: give it an entry id,
  a ruling id, a :class:`~companion.rules.Source` or one of the keys of :func:`why_keys`
  (``"mercante.bazaar"``, ``"module:faction_festival"``, ``"step:festival.board"``,
  ``"card:fence"``, ``"journey.card:Q"``...);
- :func:`hits` — like :func:`search`, with the score and matched words of each result
  (:func:`highlight` splits a text into matched and unmatched runs).

Entry ids read ``<game>.<kind>.<name>`` — ``cove.card.fence``, ``cove.module.paladins``,
``cove.bard.swan_song``, ``mercante.action.skulduggery``, ``mercante.market.luxuries``,
``journey.card.q`` — and ``ruling.<ruling id>`` for the rulings (``ruling.mercante.price_floor``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from companion.reference.build import build_entries, ruling_entry_id
from companion.reference.model import KINDS, Entry, Hit
from companion.reference.search import Index, highlight, words
from companion.rules.models import Source, catalogue

DEFAULT_LIMIT = 10


class QueryError(ValueError):
    """A search argument that is not usable: a game that does not exist, a bad limit."""


@dataclass(frozen=True)
class Reference:
    """Every entry, by id and by the keys calculators link with, and the search index."""

    entries: tuple[Entry, ...]
    by_id: dict[str, Entry]
    by_ref: dict[str, tuple[Entry, ...]]
    index: Index

    @classmethod
    def of(cls, entries: Iterable[Entry]) -> Reference:
        listed = tuple(entries)
        by_ref: dict[str, list[Entry]] = {}
        for item in listed:
            for ref in item.refs:
                by_ref.setdefault(ref, []).append(item)
        return cls(
            entries=listed,
            by_id={e.id: e for e in listed},
            by_ref={k: tuple(v) for k, v in by_ref.items()},
            index=Index(listed),
        )

    def __repr__(self) -> str:
        return f"Reference({len(self.entries)} entries)"


@lru_cache(maxsize=1)
def reference() -> Reference:
    """The reference of the default data directory, built and indexed once."""
    return Reference.of(build_entries())


def _game_id(game: str | None) -> str | None:
    if game is None:
        return None
    if not isinstance(game, str):
        raise QueryError(f"game {game!r} must be a game id such as 'mercante'")
    cat = catalogue()
    games = {g.id for g in cat.games if not g.is_other}
    if game in games:
        return game
    named = cat.game_by_name(game)
    if named is not None and named.id in games:
        return named.id
    raise QueryError(f"unknown game {game!r}: games are {', '.join(sorted(games))}")


def hits(query: str, *, game: str | None = None, limit: int | None = DEFAULT_LIMIT) -> list[Hit]:
    """Search results with their scores and matched words (see :func:`search`)."""
    if not isinstance(query, str):
        raise QueryError(f"query {query!r} must be a string")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise QueryError(f"limit {limit!r} must be a whole number of at least 1")
    found = reference().index.hits(query, game=_game_id(game))
    if not words(query):  # an empty query: every entry, whatever the limit
        return found
    return found if limit is None else found[:limit]


def search(query: str, *, game: str | None = None, limit: int = DEFAULT_LIMIT) -> list[Entry]:
    """The entries matching ``query``, best first, at most ``limit`` of them.

    Any string is a valid query: one with no letters or digits (``""``) returns every entry
    (of ``game``, if given) in reading order whatever the limit; one that matches nothing
    returns ``[]``. ``game`` is a game id (``"mercante"``) or name (``"Mercante"``); an
    unknown game or a ``limit`` below 1 raises :class:`QueryError` (a ``ValueError``).
    """
    return [h.entry for h in hits(query, game=game, limit=limit)]


def entry(entry_id: str) -> Entry:
    """The entry with this id; ``KeyError`` if there is none."""
    try:
        return reference().by_id[entry_id]
    except (KeyError, TypeError):
        raise KeyError(entry_id) from None


def entries(game: str | None = None) -> tuple[Entry, ...]:
    """Every entry (of ``game``), in reading order."""
    wanted = _game_id(game)
    return tuple(e for e in reference().entries if wanted is None or e.game == wanted)


def games() -> tuple[tuple[str, str], ...]:
    """``(id, name)`` of each game with entries, in catalogue order."""
    present = {e.game for e in reference().entries}
    return tuple((g.id, g.name) for g in catalogue().games if g.id in present)


def why_keys() -> tuple[str, ...]:
    """Every key :func:`entries_for` knows besides entry and ruling ids, sorted."""
    return tuple(sorted(reference().by_ref))


def entries_for(key: str | Source) -> tuple[Entry, ...]:
    """The entries that explain a number: what a calculator's "why?" opens.

    ``key`` is an entry id, a ruling id (its ruling entry), a key of :func:`why_keys` (the
    entries built from that datum, the most specific first) or a :class:`Source` (the entries
    citing that rulebook section). Raises ``KeyError`` for a key nothing answers.
    """
    ref = reference()
    if isinstance(key, Source):
        exact = tuple(e for e in ref.entries if key in e.sources)
        same = tuple(
            e
            for e in ref.entries
            if e not in exact
            and any(s.book == key.book and s.section == key.section for s in e.sources)
        )
        found = exact + same
        if not found:
            raise KeyError(f"{key.book}, {key.section}")
        return found
    if not isinstance(key, str):
        raise KeyError(key)
    if key in ref.by_id:
        return (ref.by_id[key],)
    ruling = ruling_entry_id(key)
    if ruling in ref.by_id:
        return (ref.by_id[ruling],)
    if key in ref.by_ref:
        return ref.by_ref[key]
    raise KeyError(key)


__all__ = [
    "DEFAULT_LIMIT",
    "KINDS",
    "Entry",
    "Hit",
    "QueryError",
    "Reference",
    "entries",
    "entries_for",
    "entry",
    "games",
    "highlight",
    "hits",
    "reference",
    "search",
    "why_keys",
]
