"""The one whole-number check every engine uses: a count, a seat, a bid, a position."""

from __future__ import annotations

from typing import TypeGuard


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number (an ``int`` that is not a ``bool``)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole(
    value: object,
    what: str,
    error: type[ValueError] = ValueError,
    *,
    least: int | None = None,
    most: int | None = None,
) -> int:
    """``value`` if it is a whole number from ``least`` to ``most`` (either may be left
    open); otherwise ``error`` naming ``what`` and the value."""
    if not is_whole(value):
        raise error(f"{what} must be a whole number, not {value}")
    if least is not None and most is not None and not least <= value <= most:
        raise error(f"{what} must be from {least} to {most}, not {value}")
    if least is not None and value < least:
        raise error(f"{what} must be {least} or more, not {value}")
    if most is not None and value > most:
        raise error(f"{what} must be {most} or less, not {value}")
    return value


__all__ = ["is_whole", "whole"]
