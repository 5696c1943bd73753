"""Every citation in data/ points at a real rulebook passage.

Walks every TOML file under data/, finds each table that cites a source (``book`` and
``section``) and checks that the book exists and that its ``quote``, when given, appears in
that rulebook's text (whitespace folded).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.rules import catalogue, data_dir, read_toml
from tests.paths import rulebook


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _sources(node: object, where: str) -> Iterator[tuple[str, dict[str, object]]]:
    if isinstance(node, dict):
        if "book" in node and "section" in node:
            yield where, node
        for key, value in node.items():
            yield from _sources(value, f"{where}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _sources(value, f"{where}[{i}]")


def _all_sources() -> list[tuple[str, dict[str, object]]]:
    found = []
    for path in sorted(data_dir().rglob("*.toml")):
        rel = path.relative_to(data_dir()).as_posix()
        found.extend(_sources(read_toml(path), rel))
    return found


def test_data_cites_sources() -> None:
    assert len(_all_sources()) > 5


@pytest.mark.parametrize(
    ("where", "source"), _all_sources(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_quote_is_in_the_rulebook(where: str, source: dict[str, object]) -> None:
    books = catalogue().books
    assert source["book"] in books, f"{where}: unknown book {source['book']!r}"
    quote = source.get("quote")
    if quote is None:
        return
    seed = rulebook(books[str(source["book"])].file)
    text = _fold(Path(seed).read_text(encoding="utf-8"))
    assert _fold(str(quote)) in text, f"{where}: quote not found in {seed.name}: {quote!r}"
