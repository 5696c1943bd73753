"""What the Rules screen shows, without flet: results grouped by game, snippets around the
matched words, the topics of each game and their routes."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from companion import reference
from companion.reference import Entry, Hit
from companion.reference.search import words
from companion.ui.rules import ROUTE

RESULTS_LIMIT = 30
SNIPPET_LENGTH = 160


def slug(text: str) -> str:
    """``"Rogue cards"`` → ``"rogue-cards"`` (topic routes)."""
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")


def topic_route(game: str, topic: str) -> str:
    return f"{ROUTE}/topic/{game}/{slug(topic)}"


@dataclass(frozen=True)
class Topic:
    game: str
    title: str
    entries: tuple[Entry, ...]

    @property
    def route(self) -> str:
        return topic_route(self.game, self.title)


def topics(game: str) -> tuple[Topic, ...]:
    """A game's topics in reading order, each with its entries."""
    grouped: dict[str, list[Entry]] = {}
    for item in reference.entries(game):
        grouped.setdefault(item.topic, []).append(item)
    return tuple(Topic(game, title, tuple(items)) for title, items in grouped.items())


def topic(game: str, topic_slug: str) -> Topic:
    """The topic of ``game`` with this slug; ``KeyError`` if there is none."""
    for candidate in topics(game):
        if slug(candidate.title) == topic_slug:
            return candidate
    raise KeyError(f"{game}/{topic_slug}")


@dataclass(frozen=True)
class Group:
    """The results of one game, best first."""

    game: str
    name: str
    hits: tuple[Hit, ...]


def group_hits(hits: Sequence[Hit]) -> list[Group]:
    """Results grouped by game, the game of the best result first."""
    names = dict(reference.games())
    order: list[str] = []
    by_game: dict[str, list[Hit]] = {}
    for hit in hits:
        if hit.entry.game not in by_game:
            order.append(hit.entry.game)
        by_game.setdefault(hit.entry.game, []).append(hit)
    return [Group(g, names.get(g, g), tuple(by_game[g])) for g in order]


def searching(query: str) -> bool:
    """Whether ``query`` asks for something (letters or digits), rather than the topics."""
    return bool(words(query))


def find(query: str, game: str | None = None) -> list[Group]:
    """What the screen lists for ``query`` (nothing for an empty one: it shows the topics)."""
    if not searching(query):
        return []
    return group_hits(reference.hits(query, game=game, limit=RESULTS_LIMIT))


def snippet(item: Entry, matched: Iterable[str], length: int = SNIPPET_LENGTH) -> str:
    """A line of the entry's text to show under its title: the first line holding a matched
    word (or the summary), cut at a word near ``length`` characters."""
    wanted = frozenset(matched)
    lines = [line.removeprefix("• ") for p in item.paragraphs for line in p.split("\n")]
    chosen = next((line for line in lines if wanted & set(words(line))), item.summary)
    if len(chosen) <= length:
        return chosen
    cut = chosen.rfind(" ", 0, length)
    return chosen[: cut if cut > length // 2 else length].rstrip(",;:") + "…"


def game_name(game: str) -> str:
    return dict(reference.games()).get(game, game)


__all__ = [
    "RESULTS_LIMIT",
    "Group",
    "Topic",
    "find",
    "game_name",
    "group_hits",
    "searching",
    "slug",
    "snippet",
    "topic",
    "topic_route",
    "topics",
]
