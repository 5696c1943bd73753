"""Setup facts: starting crowns per seat."""

from __future__ import annotations

from companion.engine.mercante.errors import SeatError
from companion.engine.mercante.facts import rules


def starting_crowns(position: int) -> int:
    """Crowns a player starts with at turn ``position`` (1 is the first player): 8 + 2 × position.

    Raises :class:`SeatError` (a ``ValueError``) for a position that is not a whole number from
    1 to the largest table (5).
    """
    facts = rules()
    most = facts.players.max
    if isinstance(position, bool) or not isinstance(position, int):
        raise SeatError(f"turn position {position!r} must be a whole number from 1 to {most}")
    if not 1 <= position <= most:
        raise SeatError(f"turn position {position!r} is not a seat: positions run 1 to {most}")
    return facts.starting_crowns.base + facts.starting_crowns.per_position * position
