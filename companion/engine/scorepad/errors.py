"""The score pad's one exception family (a ``ValueError`` whose message names the input)."""

from __future__ import annotations


class PadError(ValueError):
    """A change the score pad cannot take (the message names the input)."""


__all__ = ["PadError"]
