"""The one words module (companion.engine.core.words) that the engines and the screens share."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine.core import words
from companion.ui.mercante.model import signed as mercante_signed
from companion.ui.model import words as ui_words
from companion.ui.setup.model import sentence as finding_sentence


@pytest.mark.parametrize(
    ("count", "noun", "many", "expected"),
    [
        (1, "token", None, "1 token"),
        (0, "token", None, "0 tokens"),
        (3, "token", None, "3 tokens"),
        (2, "entry", "entries", "2 entries"),
        (1, "entry", "entries", "1 entry"),
        (-1, "fan", None, "-1 fans"),
    ],
)
def test_plural(count: int, noun: str, many: str | None, expected: str) -> None:
    assert words.plural(count, noun, many) == expected


def test_signed_uses_a_real_minus_and_reads_zero_as_told() -> None:
    assert words.signed(17) == "+17"
    assert words.signed(-9) == "\u22129"
    assert words.signed(0) == "+0"
    assert words.signed(0, zero="0") == "0"
    assert mercante_signed(0) == "0"
    assert mercante_signed(-6) == "\u22126"


def test_sum_text() -> None:
    assert words.sum_text([]) == "0"
    assert words.sum_text([5]) == "5"
    assert words.sum_text([-5]) == "\u22125"
    assert words.sum_text([8, 0]) == "8 + 0 = 8"
    assert words.sum_text([-9, 0]) == "\u22129 + 0 = \u22129"
    assert words.sum_text([3, -4]) == "3 \u2212 4 = \u22121"


def test_sentence() -> None:
    assert words.sentence("  not saved: no table  ") == "Not saved: no table."
    assert words.sentence("") == ""
    assert words.sentence("   ") == ""
    assert words.sentence("done!") == "Done!"
    assert words.sentence("see (3.2)") == "See (3.2)"
    assert words.sentence("see (3.2)", stops=".!?") == "See (3.2)."
    assert words.sentence("needs two:", capital=False, stops=".!?:)") == "needs two:"
    assert finding_sentence("pick a module") == "pick a module."


def test_the_ui_reexports_the_engine_words() -> None:
    assert ui_words.plural is words.plural
    assert ui_words.signed is words.signed
    assert ui_words.sentence is words.sentence


def _read_back(text: str) -> int:
    return int(text.replace("\u2212", "-"))


@given(st.lists(st.integers(min_value=-10_000, max_value=10_000), min_size=2, max_size=8))
def test_sum_text_shows_every_term_and_the_true_total(terms: list[int]) -> None:
    shown, total = words.sum_text(terms).rsplit(" = ", 1)
    assert _read_back(total) == sum(terms)
    # "a + b − c": put the operators back on the numbers and add them up again.
    spaced = shown.replace(" + ", " +").replace(" \u2212 ", " -").split(" ")
    assert [_read_back(t) for t in spaced] == terms
    assert "-" not in words.sum_text(terms)  # only real minus signs


@given(st.integers(min_value=-(10**9), max_value=10**9))
def test_signed_reads_back_to_the_number(value: int) -> None:
    text = words.signed(value)
    assert text[0] in "+\u2212"
    assert _read_back(text) == value


@given(st.text(max_size=40))
def test_sentence_is_idempotent_and_ends_in_a_stop(text: str) -> None:
    once = words.sentence(text)
    assert words.sentence(once) == once
    assert once == "" or once[-1] in ".!?)"


@pytest.mark.parametrize(
    ("noun", "expected"),
    [
        ("art token", "an art token"),
        ("Bard", "a Bard"),
        ("8", "an 8"),
        ("11", "an 11"),
        ("110", "a 110"),
        ("unit", "a unit"),
        ("hour", "an hour"),
        ("Elf", "an Elf"),
    ],
)
def test_article_goes_by_the_sound(noun: str, expected: str) -> None:
    assert words.article(noun) == expected


def test_possessive_listed_quoted_and_spoken_words() -> None:
    assert words.possessive("Chris") == "Chris's"
    assert words.listed([]) == "" and words.listed(["Ann"]) == "Ann"
    assert words.listed(["Ann", "Ben", "Cleo"]) == "Ann, Ben and Cleo"
    assert words.listed(["card A", "card C, bottom"], "or") == "card A; or card C, bottom"
    assert words.quoted("Gold coins") == "“Gold coins”"
    assert words.spoken("mercante.first_event") == "mercante first event"
    assert words.spoken("C-coins") == "C coins"
