"""Seats as names, the one check every engine seats players with."""

from __future__ import annotations

from collections.abc import Sequence

from companion.text import name_key, normal_text, text_problem

#: The longest name a seat takes.
MAX_NAME_LENGTH = 40


def check_seat_names(names: Sequence[str], error: type[ValueError] = ValueError) -> tuple[str, ...]:
    """The names as seated (spaces folded, invisible characters removed); otherwise ``error``
    naming the first seat whose name is not text, empty, too long or already seated."""
    cleaned: list[str] = []
    folded: set[str] = set()
    for seat, raw in enumerate(names, start=1):
        if not isinstance(raw, str):
            raise error(f"seat {seat}: name {raw!r} must be text")
        name = normal_text(raw)
        if not name:
            raise error(f"seat {seat}: a player needs a name")
        if len(name) > MAX_NAME_LENGTH:
            raise error(f"seat {seat}: name {name!r} is longer than {MAX_NAME_LENGTH} letters")
        problem = text_problem(name)
        if problem:
            raise error(f"seat {seat}: name {name!r} {problem}")
        if name_key(name) in folded:
            raise error(f"seat {seat}: {name!r} is already seated")
        folded.add(name_key(name))
        cleaned.append(name)
    return tuple(cleaned)


__all__ = ["MAX_NAME_LENGTH", "check_seat_names"]
