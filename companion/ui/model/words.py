"""Small pieces of wording the screens share."""

from __future__ import annotations

from collections.abc import Sequence

from companion.engine.core.words import (
    article,
    listed,
    plural,
    possessive,
    quoted,
    sentence,
    signed,
    spoken,
    sum_text,
)


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``22nd``."""
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def saved_won(game: str, winners: Sequence[str]) -> str:
    """``Saved Mercante: Ann won.``, ``Saved Mercante: Ann, Ben and Cleo won.``: what a Save
    of a play says (``Saved Mercante.`` when it names no winner)."""
    if not winners:
        return f"Saved {game}."
    return f"Saved {game}: {listed(winners)} won."


def capitalized(text: str) -> str:
    """``text`` with its first letter upper-case (an engine's message opening a sentence)."""
    return text[:1].upper() + text[1:] if text else text


__all__ = [
    "article",
    "capitalized",
    "listed",
    "ordinal",
    "plural",
    "possessive",
    "quoted",
    "saved_won",
    "sentence",
    "signed",
    "spoken",
    "sum_text",
]
