"""The errors of the Mercante engine: all ``ValueError``, each message quoting the bad input."""

from __future__ import annotations


class MercanteError(ValueError):
    """Base class: an input the Mercante rules do not allow."""


class SeatError(MercanteError):
    """A seat or turn position that is not at the table, or a name that is not seated."""
