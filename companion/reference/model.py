"""What the rules reference is made of: entries, and the hits a search returns."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.rules.models import Source

#: The kinds of entry, in the order a game's reference lists them.
KINDS = (
    "overview",
    "setup",
    "turn",
    "phase",
    "step",
    "action",
    "concept",
    "location",
    "market",
    "module",
    "card",
    "civilization",
    "token",
    "event",
    "list",
    "end",
    "scoring",
    "variant",
    "term",
    "ruling",
)


@dataclass(frozen=True)
class Entry:
    """One thing a player can look up: a rule, a card, a module, a term or a ruling.

    ``text`` is our own wording, paragraphs separated by a blank line and list items starting
    with ``"• "``; every number in it comes from the same ``data/`` file the calculators
    read. ``sources`` (never empty) are the rulebook passages it rests on. ``topic`` groups
    entries of a game for browsing; ``related`` are ids of other entries, ``rulings`` ids of
    the rulings (catalogue ids) that apply; ``refs`` the keys calculators use to link a
    number to this entry (see :func:`companion.reference.entries_for`). A ruling's own entry
    carries its id in ``ruling``.
    """

    id: str
    title: str
    game: str
    kind: str
    text: str
    sources: tuple[Source, ...]
    topic: str = ""
    keywords: tuple[str, ...] = ()
    related: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()
    refs: tuple[str, ...] = ()
    ruling: str | None = None

    def __post_init__(self) -> None:
        if not self.sources:
            raise ValueError(f"entry {self.id!r} cites no source")
        if self.kind not in KINDS:
            raise ValueError(f"entry {self.id!r}: unknown kind {self.kind!r}")

    def __repr__(self) -> str:
        return f"Entry({self.id!r}, {self.title!r})"

    @property
    def route(self) -> str:
        """Where the app shows it: ``/rules/<id>``."""
        return f"/rules/{self.id}"

    @property
    def paragraphs(self) -> tuple[str, ...]:
        return tuple(p for p in self.text.split("\n\n") if p.strip())

    @property
    def summary(self) -> str:
        """The first paragraph's first line, for result lists."""
        first = self.paragraphs[0] if self.paragraphs else ""
        return first.split("\n", 1)[0].removeprefix("• ")


@dataclass(frozen=True)
class Hit:
    """A search result: the entry, its score, and the (normalised) words that matched, so the
    screen can highlight them (see :func:`companion.reference.highlight`)."""

    entry: Entry
    score: float
    words: frozenset[str] = field(default_factory=frozenset)

    def __repr__(self) -> str:
        return f"Hit({self.entry.id!r}, {self.score:.2f})"
