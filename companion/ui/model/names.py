"""Suggesting known player names as the user types."""

from __future__ import annotations

from collections.abc import Iterable


def filter_suggestions(known: Iterable[str], typed: str, exclude: Iterable[str]) -> list[str]:
    """Known names not already taken, those starting with ``typed`` first, then containing it."""
    taken = {n.casefold() for n in exclude}
    needle = typed.strip().casefold()
    pool = [n for n in known if n.casefold() not in taken]
    if not needle:
        return pool
    starts = [n for n in pool if n.casefold().startswith(needle)]
    contains = [n for n in pool if needle in n.casefold() and n not in starts]
    return starts + contains
