"""Setup facts: starting crowns per seat, the kept contract's crowns, the first event."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.engine.mercante.errors import SeatError, TallyError
from companion.engine.mercante.facts import ContractKind, facts, rules
from companion.engine.mercante.upkeep import check_seats, seat_of, setup_upkeep_holder


def starting_crowns(position: int) -> int:
    """Crowns a player starts with at turn ``position`` (1 is the first player): 8 + 2 × position.

    Raises :class:`SeatError` (a ``ValueError``) for a position that is not a whole number from
    1 to the largest table (5).
    """
    facts_ = rules()
    most = facts_.players.max
    if isinstance(position, bool) or not isinstance(position, int):
        raise SeatError(f"turn position {position!r} must be a whole number from 1 to {most}")
    if not 1 <= position <= most:
        raise SeatError(f"turn position {position!r} is not a seat: positions run 1 to {most}")
    return facts_.starting_crowns.base + facts_.starting_crowns.per_position * position


def contract_values() -> tuple[int, ...]:
    """The crowns a contract card can pay: 6, 8 and 10."""
    return tuple(sorted(v.crowns for v in facts().deck.value))


def contract_deck() -> tuple[ContractKind, ...]:
    """The 20 contract cards grouped by value and demand (Reference list)."""
    return facts().contracts


def check_contract_value(value: int) -> int:
    """Return ``value`` if a contract card pays it (6, 8 or 10), else raise TallyError."""
    values = contract_values()
    if isinstance(value, bool) or not isinstance(value, int) or value not in values:
        raise TallyError(
            f"contract value {value!r} is not on any card: contracts pay "
            f"{', '.join(map(str, values))} crowns"
        )
    return value


@dataclass(frozen=True)
class SeatStart:
    """A seat's crowns after setup: the seat's starting crowns plus the kept contract's value."""

    position: int
    name: str
    starting: int
    contract: int | None
    upkeep_marker: bool

    @property
    def crowns(self) -> int:
        return self.starting + (self.contract or 0)


def setup_seats(
    turn_order: Sequence[str], kept: Mapping[str, int] | None = None
) -> tuple[SeatStart, ...]:
    """Each seat's starting crowns (and, once chosen, the kept contract's crowns) and who gets
    the upkeep marker (the player on the first player's right)."""
    names = check_seats(turn_order)
    kept = dict(kept or {})
    for name, value in kept.items():
        seat_of(names, name)
        check_contract_value(value)
    holder = setup_upkeep_holder(names)
    return tuple(
        SeatStart(
            position=i,
            name=name,
            starting=starting_crowns(i),
            contract=kept.get(name),
            upkeep_marker=name == holder,
        )
        for i, name in enumerate(names, start=1)
    )
