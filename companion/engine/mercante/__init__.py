"""Mercante at the table: event calendar, sale prices, cartage, upkeep, setup and final tally.

Pure, typed and deterministic; facts come from ``data/mercante/*.toml``.
"""

from companion.engine.mercante.errors import MercanteError, SeatError
from companion.engine.mercante.setup import starting_crowns

__all__ = ["MercanteError", "SeatError", "starting_crowns"]
