"""The seats tool's save from before shared tables: one small record under the settings key
:data:`TABLE_KEY` (``{"game", "seats", "seed", "first"}``). It is read once, to become a
shared table (:func:`read_old_seating`), and the key is kept renamed.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.engine.seats import (
    DrawFirst,
    Seat,
    Seating,
    SeatsError,
    check_seed,
)

TABLE_KEY = "table"


def read_old_seating(raw: object) -> Seating | None:
    """The old save as a seating whose log seats each player and makes the draw (so it
    replays as a table), or None when it seated nobody. Raises :class:`SeatsError` naming
    the bad field."""
    if not isinstance(raw, Mapping):
        raise SeatsError(f"the saved table is a {type(raw).__name__}, not a record")
    seats = raw.get("seats", [])
    if not isinstance(seats, list):
        raise SeatsError(f"seats {seats!r} must be a list of names")
    if not seats:
        return None
    game = raw.get("game", "mercante")
    seed = raw.get("seed")
    seating = Seating.new(game if isinstance(game, str) else "", seed=check_seed(seed))
    for name in seats:
        seating = seating.apply(Seat(name if isinstance(name, str) else repr(name)))[0]
    first = raw.get("first")
    if first is not None:
        drawn = seating.apply(DrawFirst())[0]
        if drawn.first != first:
            raise SeatsError(f"first {first!r} is not what seed {seating.seed} draws")
        seating = drawn
    return seating


__all__ = ["TABLE_KEY", "read_old_seating"]
