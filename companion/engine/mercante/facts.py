"""Mercante's game facts, read once from ``data/mercante/*.toml`` into frozen models.

Every number the engine uses (starting crowns, limits, cartage, removal costs, the contract
deck, the events the rulebook names) comes from these files, each fact citing its rulebook
passage. A malformed file fails at load with a :class:`~companion.rules.DataFileError` naming
the file, the entry and the field.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Annotated

from pydantic import Field, StringConstraints, ValidationError, model_validator

from companion.rules.loader import (
    DataFileError,
    data_dir,
    display_path,
    format_validation_error,
    read_toml,
)
from companion.rules.models import Frozen, Id, Source, Text

Count = Annotated[int, Field(ge=0, le=1000, strict=True)]
Positive = Annotated[int, Field(ge=1, le=1000, strict=True)]
Slot = Annotated[str, StringConstraints(pattern=r"^[A-Z]$")]


class PlayerCount(Frozen):
    min: Positive
    max: Positive
    source: Source

    @model_validator(mode="after")
    def _range(self) -> PlayerCount:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is above max ({self.max})")
        return self


class StartingCrowns(Frozen):
    base: Count
    per_position: Count
    source: Source


class SetupFacts(Frozen):
    contracts_dealt: Positive
    contracts_kept: Positive
    events_dealt: Count
    harbor_shipments: Positive
    contracts_source: Source
    harbor_source: Source
    first_event_source: Source
    upkeep_marker_source: Source


class CalendarFacts(Frozen):
    slots: tuple[Slot, ...] = Field(min_length=1)
    source: Source


class SaleFacts(Frozen):
    minimum_price: Positive
    source: Source


class BazaarFacts(Frozen):
    price: Positive
    source: Source


class AgentFacts(Frozen):
    start: Positive
    max: Positive
    start_source: Source
    max_source: Source


class WarehouseFacts(Frozen):
    start: Positive
    max: Positive
    capacity: Positive
    cost: Count
    start_source: Source
    capacity_source: Source
    cost_source: Source
    max_source: Source


class UpkeepFacts(Frozen):
    removal_points_minus: Count
    pass_seats: Positive
    removal_source: Source
    bottom_source: Source
    must_spend_source: Source
    pass_source: Source


class AuctionFacts(Frozen):
    minimum_winning_bid: Positive
    source: Source
    tie_source: Source


class EndTrigger(Frozen):
    """One condition that ends the game at the end of the active player's turn."""

    id: Id
    text: Text
    source: Source


class GameEndFacts(Frozen):
    vp_price: Positive
    crowns_trigger: Positive
    trigger: tuple[EndTrigger, ...] = Field(min_length=1)
    vp_price_source: Source
    bazaar_source: Source
    scoring_source: Source


class FivePlayerUpkeep(Frozen):
    players: Positive
    pass_seats: Positive
    resolve_as_players: Positive
    source: Source


class TalkOfPeace(Frozen):
    players: Positive
    team_size: Positive
    crowns: Positive
    victory_points: Positive
    source: Source


class Variants(Frozen):
    alternate_five_player_upkeep: FivePlayerUpkeep
    talk_of_peace: TalkOfPeace


class Rules(Frozen):
    """``data/mercante/rules.toml``: the game's numbers."""

    players: PlayerCount
    starting_crowns: StartingCrowns
    setup: SetupFacts
    calendar: CalendarFacts
    sale: SaleFacts
    bazaar: BazaarFacts
    agents: AgentFacts
    warehouses: WarehouseFacts
    upkeep: UpkeepFacts
    vp_auction: AuctionFacts
    game_end: GameEndFacts
    variants: Variants

    @model_validator(mode="after")
    def _consistent(self) -> Rules:
        if self.agents.start > self.agents.max:
            raise ValueError(f"agents.start ({self.agents.start}) is above agents.max")
        if self.warehouses.start > self.warehouses.max:
            raise ValueError(
                f"warehouses.start ({self.warehouses.start}) is above warehouses.max"
            )
        if len(set(self.calendar.slots)) != len(self.calendar.slots):
            raise ValueError(f"calendar.slots repeat a name: {self.calendar.slots!r}")
        return self


def _load_document(path: Path, model: type[Rules]) -> Rules:
    try:
        return model.model_validate(read_toml(path))
    except ValidationError as exc:
        raise DataFileError(format_validation_error(display_path(path), exc)) from None


@lru_cache(maxsize=1)
def rules() -> Rules:
    """The numbers of ``data/mercante/rules.toml``, loaded and validated once."""
    return _load_document(data_dir() / "mercante" / "rules.toml", Rules)
