"""Small pieces of wording that the engines and the screens share.

One module so that "3 tokens", "+2", "−9 + 0 = −9" and "Not saved." read the same in every
tool. Pure Python (the engine may not import the UI); the screens' own words module
re-exports these.
"""

from __future__ import annotations

from collections.abc import Sequence

MINUS = "−"  # a real minus sign (U+2212), as printed on the cards
"""The minus sign every signed number uses."""


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 token``, ``3 tokens``; ``many`` for irregular plurals (``2 entries``)."""
    return f"{count} {noun if count == 1 else (many or noun + 's')}"


def signed(value: int, *, zero: str = "+0") -> str:
    """``+17``, ``−9`` with a real minus sign; ``zero`` is how 0 reads (``+0`` unless told)."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"{MINUS}{-value}"
    return zero


def minus(value: int) -> str:
    """A number with a real minus sign when negative and no sign otherwise: ``8``, ``−9``."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def sum_text(terms: Sequence[int]) -> str:
    """``8 + 0 = 8``, ``−9 + 0 = −9``; a single term is just the number, none is ``0``."""
    if not terms:
        return "0"
    text = minus(terms[0])
    for term in terms[1:]:
        text += f" {MINUS} {-term}" if term < 0 else f" + {term}"
    if len(terms) == 1:
        return text
    return f"{text} = {minus(sum(terms))}"


def sentence(text: str, *, capital: bool = True, stops: str = ".!?)") -> str:
    """``text`` as a sentence for players: stripped, its first letter upper-case (unless
    ``capital`` is false) and a full stop added unless it already ends in one of ``stops``.
    Blank text stays blank."""
    text = text.strip()
    if not text:
        return text
    if capital:
        text = text[0].upper() + text[1:]
    return text if text[-1] in stops else f"{text}."


#: Words spelt with a vowel that start with a consonant sound ("a unit", "a one-off"), and
#: the other way round ("an hour", "an 8").
_CONSONANT_SOUND = ("uni", "use", "usu", "ure", "uro", "eu", "one", "once", "u-")
_VOWEL_SOUND = ("hour", "honest", "honor", "honour", "heir", "8", "11", "18")


def article(noun: str) -> str:
    """``noun`` after "a" or "an" as it sounds: ``an art token``, ``a unit``, ``an 8``, ``an
    hour``, ``a Bard``."""
    word = noun.strip().lower()
    number = word.split(" ")[0]
    if number.isdigit():
        # "an 8", "an 80", "an 11", "an 18", "an 11,000"; "a 1", "a 110"
        vowel = number.startswith("8") or (number[:2] in ("11", "18") and len(number) in (2, 5))
    else:
        vowel = word[:1] in "aeiou" and not word.startswith(_CONSONANT_SOUND)
        vowel = vowel or word.startswith(_VOWEL_SOUND)
    return f"{'an' if vowel and word else 'a'} {noun}"


def possessive(name: str) -> str:
    """``Ann's``, ``Chris's``: what belongs to a player (or a card, a place)."""
    return f"{name}'s"


def quoted(text: str) -> str:
    """Text a player typed, in quotation marks: ``“Gold coins”``."""
    return f"“{text}”"


def listed(items: Sequence[str], last: str = "and") -> str:
    """``Ann``, ``Ann and Ben``, ``Ann, Ben and Cleo`` (``last`` is ``or`` for a choice)."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    if any(", " in i for i in items):  # "card A; card C, bottom; or Soundstone 1"
        return f"{'; '.join(items[:-1])}; {last} {items[-1]}"
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def spoken(identifier: str) -> str:
    """An id as words, where no name is at hand: ``swan_song`` → ``swan song``."""
    return " ".join(identifier.replace("_", " ").replace(".", " ").replace("-", " ").split())


__all__ = [
    "MINUS",
    "article",
    "listed",
    "minus",
    "plural",
    "possessive",
    "quoted",
    "sentence",
    "signed",
    "spoken",
    "sum_text",
]
