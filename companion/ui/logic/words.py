"""Small pieces of wording the screens share."""

from __future__ import annotations


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 token``, ``3 tokens`` (``many`` for irregular plurals)."""
    return f"{count} {noun if count == 1 else (many or noun + 's')}"


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``22nd``."""
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def capitalized(text: str) -> str:
    """``text`` with its first letter upper-case (an engine's message opening a sentence)."""
    return text[:1].upper() + text[1:] if text else text


__all__ = ["capitalized", "ordinal", "plural"]
