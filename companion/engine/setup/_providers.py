"""Numbers the setup data borrows from another game engine instead of repeating them.

Mercante's facts (starting crowns, how many contracts are dealt...) belong to
``companion.engine.mercante`` and ``data/mercante/``; the Mercante checklist names them here
by a key (``provider = "mercante.contracts_dealt"``) so each number lives in one place. The
imports sit inside the functions so that loading the setup data never loads Mercante's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping


def _mercante_setup(field: str) -> Callable[[], int]:
    def read() -> int:
        from companion.engine.mercante.facts import rules

        value = getattr(rules().setup, field)
        assert isinstance(value, int)
        return value

    return read


def _mercante_agents_start() -> int:
    from companion.engine.mercante.facts import rules

    return rules().agents.start


def _mercante_warehouses_start() -> int:
    from companion.engine.mercante.facts import rules

    return rules().warehouses.start


def _mercante_starting_crowns(seat: int) -> int:
    from companion.engine.mercante import starting_crowns

    return starting_crowns(seat)


# A provider returns one whole number (no arguments).
PROVIDERS: Mapping[str, Callable[[], int]] = {
    "mercante.contracts_dealt": _mercante_setup("contracts_dealt"),
    "mercante.contracts_kept": _mercante_setup("contracts_kept"),
    "mercante.events_dealt": _mercante_setup("events_dealt"),
    "mercante.harbor_shipments": _mercante_setup("harbor_shipments"),
    "mercante.agents_start": _mercante_agents_start,
    "mercante.warehouses_start": _mercante_warehouses_start,
}

# A seat provider returns one whole number per seat (1 is the first player).
SEAT_PROVIDERS: Mapping[str, Callable[[int], int]] = {
    "mercante.starting_crowns": _mercante_starting_crowns,
}
