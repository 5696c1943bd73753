"""Small pieces of wording the screens share."""

from __future__ import annotations


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 token``, ``3 tokens`` (``many`` for irregular plurals)."""
    return f"{count} {noun if count == 1 else (many or noun + 's')}"


def capitalized(text: str) -> str:
    """``text`` with its first letter upper-case (an engine's message opening a sentence)."""
    return text[:1].upper() + text[1:] if text else text


__all__ = ["capitalized", "plural"]
