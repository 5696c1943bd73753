"""The reference's entries as they are put together: the games' ids and the order of their
topics, the small words they use (numbers in words, lists), and :class:`Draft`, an entry
being written (see :mod:`companion.reference.build`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from companion.reference.model import Entry
from companion.rules.models import Source

COVE = "merchants_cove"
MERCANTE = "mercante"
JOURNEY = "merchants_journey"

#: The player count setup checklists are shown for in the reference (the Setup assistant
#: writes the checklist for the table's own count).
EXAMPLE_PLAYERS = 4

#: How a game's topics are listed; a topic not named here comes after these, by name.
TOPICS: Mapping[str, tuple[str, ...]] = {
    COVE: (
        "About Master Craft",
        "Master Craft modules",
        "Tokens",
        "Townsfolk sets",
        "Paladin cards",
        "Beasts of the Bay",
        "Rogue cards",
        "Selling Goods",
        "The Bard (Entertainer)",
        "The Bard: where to perform",
        "Glossary",
        "Rulings",
    ),
    MERCANTE: (
        "How to play",
        "Your turn",
        "Agent actions",
        "Selling goods",
        "Markets and goods",
        "Upkeep",
        "Event cards",
        "Game end and scoring",
        "Variants",
        "Reference lists",
        "Other rules",
        "Glossary",
        "Rulings",
    ),
    JOURNEY: ("How to play", "Civilizations", "Glossary", "Rulings"),
}


def topic_order(game: str, topic: str) -> tuple[int, str]:
    """Sort key of a topic within its game (rulings last)."""
    known = TOPICS.get(game, ())
    if topic in known:
        return known.index(topic), ""
    return (len(known) + 1 if topic == "Rulings" else len(known)), topic


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
TOPIC_OF_GROUP = {
    "Tokens": "Tokens",
    "Townsfolk sets": "Townsfolk sets",
    "Packs": "The Bard (Entertainer)",
}


def words_for(n: int) -> str:
    """``3`` → ``"three"`` (up to nine), for running text."""
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def join(items: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    listed = list(items)
    if len(listed) <= 1:
        return "".join(listed)
    return f"{', '.join(listed[:-1])} and {listed[-1]}"


def paragraphs(text: str) -> list[str]:
    """Prose as paragraphs: blank lines part them, a line starting with ``- `` or ``• ``
    is a list item, any other line break is a space (TOML strings wrap)."""
    found = []
    for block in text.strip().split("\n\n"):
        lines: list[str] = []
        for raw in block.splitlines():
            line = raw.strip()
            if not line:
                continue
            if line.startswith(("- ", "• ")):
                lines.append("• " + line[2:].strip())
            elif lines:
                lines[-1] += " " + line
            else:
                lines.append(line)
        if lines:
            found.append("\n".join(lines))
    return found


def _fraction(value: Fraction) -> str:
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


@dataclass
class Draft:
    """An entry while it is being built (frozen into an :class:`Entry` at the end)."""

    id: str
    title: str
    game: str
    kind: str
    topic: str
    paragraphs: list[str] = field(default_factory=list)
    sources: list[Source] = field(default_factory=list)
    keywords: list[str] = field(default_factory=list)
    related: list[str] = field(default_factory=list)
    rulings: list[str] = field(default_factory=list)
    refs: list[str] = field(default_factory=list)
    ruling: str | None = None

    def add(self, *paragraphs: str | None) -> Draft:
        self.paragraphs.extend(p for p in paragraphs if p)
        return self

    def bullets(self, heading: str | None, items: Iterable[str]) -> Draft:
        lines = [f"• {item}" for item in items]
        if lines:
            self.paragraphs.append("\n".join(([heading] if heading else []) + lines))
        return self

    def cite(self, *sources: Source | None) -> Draft:
        self.sources.extend(s for s in sources if s is not None)
        return self

    def freeze(self) -> Entry:
        return Entry(
            id=self.id,
            title=self.title,
            game=self.game,
            kind=self.kind,
            text="\n\n".join(self.paragraphs),
            sources=tuple(dict.fromkeys(self.sources)),
            topic=self.topic,
            keywords=tuple(dict.fromkeys(self.keywords)),
            related=tuple(r for r in dict.fromkeys(self.related) if r != self.id),
            rulings=tuple(dict.fromkeys(self.rulings)),
            refs=tuple(dict.fromkeys(self.refs)),
            ruling=self.ruling,
        )
