"""Setup facts: starting crowns per seat, the kept contract's crowns, the first event."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.engine.core.words import plural
from companion.engine.mercante.errors import SeatError, TallyError
from companion.engine.mercante.facts import ContractKind, facts, rules
from companion.engine.mercante.house import STANDARD, HouseRules
from companion.engine.mercante.upkeep import check_seats, seat_of, setup_upkeep_holder
from companion.engine.mercante.variants import NO_VARIANTS, Variants


def starting_crowns(position: int, *, variants: Variants = NO_VARIANTS) -> int:
    """Crowns a player starts with at turn ``position`` (1 is the first player): 8 + 2 × position,
    or 2 × position with Contractual Obligations.

    Raises :class:`SeatError` (a ``ValueError``) for a position that is not a whole number from
    1 to the largest table (5).
    """
    facts_ = rules()
    most = facts_.players.max
    if isinstance(position, bool) or not isinstance(position, int):
        raise SeatError(f"turn position {position!r} must be a whole number from 1 to {most}")
    if not 1 <= position <= most:
        raise SeatError(f"turn position {position!r} is not a seat: positions run 1 to {most}")
    if variants.contractual_obligations:
        variant = facts_.variants.contractual_obligations
        return variant.base + variant.per_position * position
    return facts_.starting_crowns.base + facts_.starting_crowns.per_position * position


def contracts_kept(*, variants: Variants = NO_VARIANTS, house: HouseRules = STANDARD) -> int:
    """How many contracts each player keeps at setup: 1, or 3 with Contractual Obligations
    (4 when the normal deal happens too, the other reading of ruling
    ``mercante.obligations_deal``)."""
    normal = rules().setup.contracts_kept
    if variants.contractual_obligations:
        extra = normal if house.obligations_deal_too else 0
        return rules().variants.contractual_obligations.contracts_kept + extra
    return normal


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
    """A seat's crowns after setup: the seat's starting crowns plus the kept contracts' values
    (one contract, or three with Contractual Obligations; none chosen yet: empty)."""

    position: int
    name: str
    starting: int
    contracts: tuple[int, ...]
    upkeep_marker: bool
    keeps: int = 1

    @property
    def contract(self) -> int | None:
        """The crowns of the kept contracts (``None`` while none is chosen)."""
        return sum(self.contracts) if self.contracts else None

    @property
    def crowns(self) -> int:
        return self.starting + sum(self.contracts)

    @property
    def complete(self) -> bool:
        """Every contract this seat keeps is chosen."""
        return len(self.contracts) == self.keeps


def setup_seats(
    turn_order: Sequence[str],
    kept: Mapping[str, int | Sequence[int]] | None = None,
    *,
    variants: Variants = NO_VARIANTS,
) -> tuple[SeatStart, ...]:
    """Each seat's starting crowns (and, once chosen, the kept contracts' crowns: one value, or
    up to three with Contractual Obligations) and who gets the upkeep marker (the player on
    the first player's right)."""
    names = check_seats(turn_order)
    most = contracts_kept(variants=variants)
    chosen: dict[str, tuple[int, ...]] = {}
    for name, value in dict(kept or {}).items():
        seat_of(names, name)
        values = (value,) if isinstance(value, int) else tuple(value)
        if len(values) > most:
            raise TallyError(
                f"{name} keeps {plural(most, 'contract')} at setup, "
                f"not {len(values)}: {list(values)!r}"
            )
        for v in values:
            check_contract_value(v)
        chosen[name] = values
    holder = setup_upkeep_holder(names)
    return tuple(
        SeatStart(
            position=i,
            name=name,
            starting=starting_crowns(i, variants=variants),
            contracts=chosen.get(name, ()),
            upkeep_marker=name == holder,
            keeps=most,
        )
        for i, name in enumerate(names, start=1)
    )
