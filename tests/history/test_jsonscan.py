"""The bounded reader of import files (companion.history.jsonscan): pieces cut anywhere give
the items the file holds, limits refuse at the first item over them, and every refusal says
where it is, in lines and characters."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.history import ImportFileError, jsonscan
from companion.history.jsonscan import AFTER_LIST_OF_OBJECTS, BETWEEN_OBJECTS, JsonFile

TEXT = st.text(alphabet=st.sampled_from('ab },{[]"\\é😀\n'), max_size=8)
LEAF = st.none() | st.booleans() | st.integers(-5, 5) | TEXT
VALUE = st.recursive(
    LEAF,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=12,
)
ITEMS = st.lists(st.dictionaries(TEXT, VALUE, max_size=4), max_size=30)


def _items(data: bytes, name: str = "plays", **limits: Any) -> list[Any]:
    source = JsonFile(data, what="not ours")
    found: list[Any] = []
    for field in source.fields():
        if field.name == name:
            for _first, _start, raws in source.pieces(
                field,
                limit=limits.get("limit", 1_000),
                largest=limits.get("largest", 100_000),
                noun="play",
                separators=(AFTER_LIST_OF_OBJECTS, BETWEEN_OBJECTS),
            ):
                found += [json.loads(bytes(raw)) for raw in raws]
    return found


@settings(max_examples=150, deadline=None)
@given(items=ITEMS, indent=st.sampled_from([None, 1, 4]), piece=st.integers(1, 300))
def test_pieces_cut_anywhere_give_the_items_of_the_file(
    items: list[Any], indent: int | None, piece: int
) -> None:
    data = json.dumps({"a": 1, "plays": items, "z": [items]}, indent=indent).encode()
    original = jsonscan.PIECE_BYTES
    jsonscan.PIECE_BYTES = piece
    try:
        assert _items(data) == items
    finally:
        jsonscan.PIECE_BYTES = original


def test_a_list_is_refused_at_the_first_item_over_its_limit() -> None:
    data = json.dumps({"plays": [{"n": i} for i in range(11)]}).encode()
    assert len(_items(data, limit=11)) == 11
    with pytest.raises(ImportFileError) as info:
        _items(data, limit=10)
    column = data.index(b'{"n": 10}') + 1
    assert str(info.value) == (
        f"plays: more than 10 plays in the file (the 11th at line 1 column {column})"
    )


def test_an_item_too_large_is_refused_where_it_starts() -> None:
    data = ('{"plays": [\n{"n": "é"},\n  {"n": "' + "x" * 500 + '"}]}').encode()
    with pytest.raises(ImportFileError) as info:
        _items(data, largest=100)
    assert str(info.value) == (
        "plays[1]: larger than any play can be (509 bytes; at most 100), at line 3 column 3"
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "not valid JSON: the file is empty"),
        (b"[1, 2]", "not ours"),
        (b"plays!", "not valid JSON"),
        (b'{"plays": [1, 2', "not valid JSON"),
        (b'{"plays": [1 2]}', "not valid JSON: expected ',' or ']' at line 1 column 14"),
        (b'{"plays": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "nested more than 32 levels"),
        (b'{"x": ' + b"[" * 40 + b"]" * 40 + b"}", "x: nested more than 32 levels deep"),
        (b'{"plays": []} {}', "more after the end of the file's object"),
        ('{"plays": ["é\xff"]}'.encode("latin-1"), "not a text file in UTF-8"),
    ],
)
def test_what_is_not_a_list_of_items_is_refused_in_one_line(data: bytes, message: str) -> None:
    with pytest.raises(ImportFileError) as info:
        _items(data)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_the_place_is_counted_in_characters_and_lines() -> None:
    source = JsonFile('{\n  "é😀": 1,\n  "b": x}'.encode(), what="")
    assert source.where(len(b"{\n")) == "line 2 column 1"
    assert source.where(len('{\n  "é😀'.encode())) == "line 2 column 6"


def test_the_largest_file_is_the_one_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jsonscan, "MAX_IMPORT_BYTES", 10)
    with pytest.raises(ImportFileError, match=r"too large \(11 bytes; at most 10\)"):
        JsonFile(b" " * 11, what="")
    JsonFile(b"{}        ", what="")
