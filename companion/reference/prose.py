"""The reference's own words: ``data/reference/*.toml``, validated at load.

Each file declares its ``game`` and holds any of these arrays of tables:

``entry``
    A new entry (a rule, a concept, a variant, a glossary term), in our own words.
``extend``
    More words for an entry built from the engines' data (``id`` names it): paragraphs added
    after the built text, and more keywords, related entries, rulings, refs and sources.
``fact``
    A number the reference states that no engine reads yet (e.g. the bidding rounds of a
    three-player auction), with its source: the one home of that number.
``shipment``
    One line of Mercante's Reference list of shipments (how many shipment cards of a goods
    class carry how many tokens of one commodity).

Texts never hold digits: a number is written as a ``{placeholder}`` naming a fact the
builder reads from the engines' data (``{mercante.bazaar_price}``) or a ``fact`` above, so
the reference shows the number the calculators use. Unknown placeholders, ids and rulings
fail at load with the file, the entry and the field named (see :mod:`companion.reference.build`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, StringConstraints

from companion.rules.loader import DataFileError, data_dir, display_path, load_entries, read_toml
from companion.rules.models import Frozen, Id, Source, catalogue

EntryId = Annotated[
    str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$", max_length=100)
]
Prose = Annotated[str, StringConstraints(min_length=1, max_length=6000, strip_whitespace=True)]
Line = Annotated[str, StringConstraints(min_length=1, max_length=200, strip_whitespace=True)]
FactName = Annotated[
    str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*\.[a-z0-9_]+$", max_length=80)
]

PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
_FACT_NAME = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")


class ProseEntry(Frozen):
    id: EntryId
    title: Line
    kind: Id
    topic: Line
    text: Prose
    keywords: tuple[Line, ...] = ()
    related: tuple[EntryId, ...] = ()
    rulings: tuple[Id, ...] = ()
    refs: tuple[Line, ...] = ()
    sources: tuple[Source, ...] = Field(min_length=1)


class Extension(Frozen):
    id: EntryId
    text: Prose | None = None
    keywords: tuple[Line, ...] = ()
    related: tuple[EntryId, ...] = ()
    rulings: tuple[Id, ...] = ()
    refs: tuple[Line, ...] = ()
    sources: tuple[Source, ...] = ()


class Fact(Frozen):
    name: FactName
    value: Annotated[int, Field(ge=0, le=10_000, strict=True)]
    source: Source


class Shipment(Frozen):
    market: Id
    shipments: Annotated[int, Field(ge=1, le=100, strict=True)]
    holding: Annotated[int, Field(ge=1, le=10, strict=True)]
    source: Source


@dataclass(frozen=True)
class Located:
    """A validated table with where it came from, for messages."""

    path: Path
    table: str
    index: int
    item: Any

    @property
    def where(self) -> str:
        ident = getattr(self.item, "id", None) or getattr(self.item, "name", None)
        label = f"{self.table}[{self.index}]" + (f" ({ident!r})" if ident else "")
        return f"{display_path(self.path)}: {label}"

    def fail(self, field: str, message: str) -> DataFileError:
        return DataFileError(f"{self.where}: field {field!r}: {message}")


@dataclass(frozen=True)
class ProseFile:
    path: Path
    game: str
    entries: tuple[Located, ...]
    extensions: tuple[Located, ...]
    facts: tuple[Located, ...]
    shipments: tuple[Located, ...]


_TABLES: dict[str, type[Frozen]] = {
    "entry": ProseEntry,
    "extend": Extension,
    "fact": Fact,
    "shipment": Shipment,
}


def load_prose(directory: Path | None = None) -> tuple[ProseFile, ...]:
    """Every ``reference/*.toml`` of ``directory`` (default: the data directory)."""
    root = directory or data_dir()
    files = sorted((root / "reference").glob("*.toml"))
    if not files:
        raise DataFileError(f"{display_path(root / 'reference')}: no reference files")
    games = {g.id for g in catalogue().games if not g.is_other}
    books = catalogue().books
    loaded = []
    for path in files:
        document = read_toml(path)
        game = document.get("game")
        if not isinstance(game, str) or game not in games:
            raise DataFileError(
                f"{display_path(path)}: field 'game': expected one of {sorted(games)!r}, "
                f"got {game!r}"
            )
        unknown = sorted(set(document) - set(_TABLES) - {"game"})
        if unknown:
            raise DataFileError(
                f"{display_path(path)}: unknown table(s) {unknown!r}; expected {sorted(_TABLES)!r}"
            )
        tables: dict[str, tuple[Located, ...]] = {}
        for table, model in _TABLES.items():
            items: tuple[Frozen, ...] = load_entries(
                path, table, model, document=document, unique=None, required=False
            )
            tables[table] = tuple(Located(path, table, i, item) for i, item in enumerate(items))
        for located in (entry for group in tables.values() for entry in group):
            for field, source in _sources(located.item):
                if source.book not in books:
                    raise located.fail(f"{field}.book", f"unknown book {source.book!r}")
            for field in ("title", "text"):
                text = getattr(located.item, field, None)
                if isinstance(text, str):
                    check_no_digits(located, field, text)
        loaded.append(
            ProseFile(
                path=path,
                game=game,
                entries=tables["entry"],
                extensions=tables["extend"],
                facts=tables["fact"],
                shipments=tables["shipment"],
            )
        )
    return tuple(loaded)


def check_no_digits(located: Located, field: str, text: str) -> None:
    """Numbers come from the data through placeholders, never typed into the prose."""
    outside = PLACEHOLDER.sub("", text)
    digit = re.search(r"\d+", outside)
    if digit:
        raise located.fail(
            field,
            f"the number {digit.group()!r} is typed into the text: write a {{placeholder}} for "
            "a fact of the data instead",
        )


def fill(located: Located, field: str, text: str, facts: dict[str, str]) -> str:
    """``text`` with every ``{placeholder}`` replaced by its fact; an unknown one fails."""

    def value(found: re.Match[str]) -> str:
        name = found.group(1)
        if not _FACT_NAME.match(name):
            raise located.fail(field, f"bad placeholder {found.group()!r}")
        if name not in facts:
            raise located.fail(field, f"unknown fact {{{name}}}")
        return facts[name]

    return PLACEHOLDER.sub(value, text)


def _sources(item: Any) -> list[tuple[str, Source]]:
    found: list[tuple[str, Source]] = []
    if isinstance(getattr(item, "source", None), Source):
        found.append(("source", item.source))
    for i, source in enumerate(getattr(item, "sources", ()) or ()):
        found.append((f"sources.{i}", source))
    return found
