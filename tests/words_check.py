"""A checker for the words a player reads: every error and notice should read as a sentence a
player would say, with the names of places, cards and people, never the code's names.

:func:`problems` lists what in one message looks like code (snake_case, dotted ids, a
function call, quotes around an id, a Python value) or like careless grammar (doubled
punctuation, "a" before a vowel sound, "Chris's their"); :func:`check_all` fails naming every
bad message with what is wrong with it. The engine refusals test and the screens' notices test
both use it (issue 21).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: Words after "a"/"an" whose sound breaks the spelling rule ("a unit", "an hour").
_A_BEFORE_VOWEL = ("uni", "use", "usu", "ure", "uro", "eu", "one", "once", "u-")
_AN_BEFORE_CONSONANT = ("hour", "honest", "honor", "honour", "heir", "x", "f ", "s ", "l ")

_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("snake_case word", re.compile(r"\b[A-Za-z0-9]+_\w+")),
    ("dotted id", re.compile(r"\b[a-z][a-z0-9_]*\.[a-z][a-z0-9_]+\b")),
    ("function call", re.compile(r"\b[A-Za-z_]\w*\((?!s\))")),
    ("quotes around an id", re.compile(r"(?<![\w'’])['\"][\w.-]+['\"](?![\w])")),
    ("a Python value", re.compile(r"\b(?:None(?! of)|True|False)\b|<\w|[\[\]{}]")),
    ("a card's source id", re.compile(r"\b[A-Z]\d?-(?:coins|bottom|top)\b")),
    ("hand-made plural", re.compile(r"\w\(s\)")),
    ("doubled punctuation", re.compile(r"[.,;:!?]\s*[.,;:]|\.\)\.|\)\.\)|\.\s*\.|,\s*,")),
    ("'s their", re.compile(r"['’]s (?:their|his|her)\b")),
    ("space before punctuation", re.compile(r"\w [.,;:](?:\s|$)")),
    ("empty brackets", re.compile(r"\(\s*\)")),
)

_AN_CONSONANT = re.compile(r"(?:^|(?<=[\s(“\"]))[Aa]n ([b-df-hj-np-tv-zB-DF-HJ-NP-TV-Z]\w*)")
#: "A" opening a sentence (start of text or after a full stop): not a card's label ("card A").
_SENTENCE_A = re.compile(r"(?:^|[.!?]\s+)A ([aeiouAEIOU]\w*)")
_SMALL_A = re.compile(r"(?:^|(?<=[\s(“\"]))a ([aeiouAEIOU]\w*|8\w*|1[18]\b)")


#: Words in brackets (a list after "allows 3 locations:" in brackets is not a prefix).
_BRACKETED = re.compile(r"\([^()]*\)")
#: A colon that opens what follows ("Pier 1: …"), not one inside a time (10:30).
_PREFIX_COLON = re.compile(r":(?=\s)")


def problems(text: str, *, stacked: bool = False) -> list[str]:
    """What in ``text`` does not read as a player's sentence (empty when it does). With
    ``stacked``, an error wrapped in another's prefix too ("Song: Pier 1: no moves left"):
    refusals are one sentence each, where a screen's notice may name its kind first
    ("Taken back: Ben's score: 15")."""
    found: list[str] = []
    if not text.strip():
        return ["an empty message"]
    for name, pattern in _RULES:
        match = pattern.search(text)
        if match:
            found.append(f"{name} ({match.group(0)!r})")
    for pattern in (_SMALL_A, _SENTENCE_A):
        for match in pattern.finditer(text):
            word = match.group(1).lower()
            if not word.startswith(_A_BEFORE_VOWEL):
                found.append(f"'a' before a vowel sound ({match.group(0).strip()!r})")
    for match in _AN_CONSONANT.finditer(text):
        word = match.group(1).lower()
        if not (word + " ").startswith(_AN_BEFORE_CONSONANT) and not word[:1].isdigit():
            if match.group(1)[:1].isupper() and len(match.group(1)) == 1:
                continue  # "an F", "an S": letters named by their sound
            found.append(f"'an' before a consonant sound ({match.group(0).strip()!r})")
    outside = _BRACKETED.sub("", text)
    if stacked and len(_PREFIX_COLON.findall(outside)) >= 2:
        found.append("prefixes stacked with colons (one colon outside brackets at most)")
    return found


def bad_messages(texts: Iterable[str], *, stacked: bool = False) -> dict[str, list[str]]:
    """Each message of ``texts`` that has problems, with them."""
    return {t: p for t in dict.fromkeys(texts) if (p := problems(t, stacked=stacked))}


def check_all(texts: Iterable[str], *, where: str = "", stacked: bool = False) -> int:
    """Fail naming every message of ``texts`` with a problem; the number of distinct messages
    checked otherwise."""
    seen = list(dict.fromkeys(texts))
    bad = bad_messages(seen, stacked=stacked)
    if bad:
        lines = [f"{len(bad)} of {len(seen)} messages {where}read like code:".replace("  ", " ")]
        lines += [f"  {text!r}: {', '.join(p)}" for text, p in sorted(bad.items())]
        raise AssertionError("\n".join(lines))
    return len(seen)


__all__ = ["bad_messages", "check_all", "problems"]
