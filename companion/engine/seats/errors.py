"""Players & seats: the one exception family (a ``ValueError`` whose message names the input)."""

from __future__ import annotations


class SeatsError(ValueError):
    """A seating the names, seats or seed given cannot make (the message names the input)."""


__all__ = ["SeatsError"]
