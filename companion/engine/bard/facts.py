"""The Bard's facts: the schema of ``data/bard/facts.toml``, its loader and cross-checks.

Every number the Bard's rules use comes from here; a malformed file raises
:class:`~companion.rules.loader.DataFileError` naming the file, the entry and the field.
"""

from __future__ import annotations

from functools import cached_property, lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, model_validator

from companion.engine.bard.errors import UnknownNameError
from companion.rules.loader import (
    DataFileError,
    data_dir,
    display_path,
    read_toml,
    validate_document,
)
from companion.rules.models import Frozen, Id, Source, Text

__all__ = ["BardFacts", "facts", "load_facts", "location_name"]

Count = Annotated[int, Field(ge=0, le=100, strict=True)]
Positive = Annotated[int, Field(ge=1, le=100, strict=True)]


class FactionFacts(Frozen):
    """A faction whose hall the Bard may sing in, and whose Adventurers the icons match."""

    id: Id
    name: Text
    plural: Text
    hall: Text
    source: Source


class ClosedHall(Frozen):
    id: Id
    name: Text
    reason: Text
    source: Source


class LocationFacts(Frozen):
    id: Id
    name: Text
    kind: Literal["pier", "town_square", "faction_hall", "dragon_island"]
    faction: Id | None = None
    source: Source

    @model_validator(mode="after")
    def _faction(self) -> LocationFacts:
        if (self.kind == "faction_hall") != (self.faction is not None):
            raise ValueError("a faction_hall location names its faction, other kinds none")
        return self


class SingingFacts(Frozen):
    locations: Positive
    locations_source: Source
    moves_source: Source
    spend_source: Source
    once_source: Source
    no_split_source: Source
    together_source: Source
    paladin_source: Source
    swan_song_source: Source
    singing_end_source: Source
    swan_song_end_source: Source


class VolumeFacts(Frozen):
    max: Positive
    boast_cost: Positive
    max_source: Source
    unlock_source: Source
    boast_source: Source
    boast_effect_source: Source

    @model_validator(mode="after")
    def _boast(self) -> VolumeFacts:
        if self.boast_cost > self.max:
            raise ValueError(f"boast_cost ({self.boast_cost}) is above max ({self.max})")
        return self


class SoundstoneFacts(Frozen):
    icons: Positive
    tokens: Positive
    icons_source: Source
    tokens_source: Source


class CardFacts(Frozen):
    entertainer: Positive
    entertainer_source: Source
    boast_area_source: Source


class RuneFacts(Frozen):
    count: Positive
    count_source: Source
    coin_source: Source


class BadgeFacts(Frozen):
    count: Positive
    hand_size_start: Positive
    hand_size_badges: Count
    gem_badges: Count
    count_source: Source
    hand_size_start_source: Source
    hand_size_source: Source
    hand_size_badges_source: Source
    gem_badges_source: Source
    hand_size_example_source: Source

    @model_validator(mode="after")
    def _split(self) -> BadgeFacts:
        if self.hand_size_badges + self.gem_badges != self.count:
            raise ValueError(
                f"hand_size_badges ({self.hand_size_badges}) + gem_badges ({self.gem_badges}) "
                f"should make count ({self.count}): the first Badges raise the hand size, the "
                "rest reveal Blue Gems"
            )
        return self


class PierFacts(Frozen):
    cards_per_visit: Positive
    card_price_base: Positive
    gold_source: Source
    card_source: Source
    card_price_source: Source
    card_pay_source: Source
    card_deck_source: Source


class TownSquareFacts(Frozen):
    fan_cost_base: Positive
    fan_cost_source: Source
    any_colour_source: Source
    badge_source: Source
    example_source: Source


class FactionHallFacts(Frozen):
    icons_source: Source
    rune_source: Source
    price_source: Source
    once_source: Source


class DragonIslandFacts(Frozen):
    creature_min_gold: Positive
    creatures: Positive
    needs_rune_source: Source
    side_source: Source
    gold_source: Source
    repeat_source: Source
    creature_source: Source
    creatures_source: Source
    creature_free_source: Source


class CoinFacts(Frozen):
    """Coin icons on the cards of the Song tableau (ruling ``bard.coin_icons``)."""

    gold_per_coin: Positive
    source: Source
    resources_source: Source


class PaladinFacts(Frozen):
    """Master Craft's Paladin Adventurers, who may stand on a Pier (ruling
    ``bard.paladins_at_piers`` says whether the Bard's songs count them)."""

    meeples: Positive
    meeples_source: Source
    adventurers_source: Source
    colour_source: Source


class BardFacts(Frozen):
    """Everything in ``data/bard/facts.toml``."""

    faction: tuple[FactionFacts, ...] = Field(min_length=1)
    closed_hall: tuple[ClosedHall, ...] = ()
    location: tuple[LocationFacts, ...] = Field(min_length=1)
    singing: SingingFacts
    volume: VolumeFacts
    soundstone: SoundstoneFacts
    cards: CardFacts
    runes: RuneFacts
    badges: BadgeFacts
    pier: PierFacts
    town_square: TownSquareFacts
    faction_hall: FactionHallFacts
    dragon_island: DragonIslandFacts
    coins: CoinFacts
    paladins: PaladinFacts

    # Lookups are computed once per loaded file (the engine asks them on every performance).
    @cached_property
    def faction_ids(self) -> tuple[str, ...]:
        return tuple(f.id for f in self.faction)

    @cached_property
    def _factions(self) -> dict[str, FactionFacts]:
        return {f.id: f for f in self.faction}

    @cached_property
    def _locations(self) -> dict[str, LocationFacts]:
        return {loc.id: loc for loc in self.location}

    @cached_property
    def _halls(self) -> dict[str, LocationFacts]:
        return {loc.faction: loc for loc in self.location if loc.faction is not None}

    @cached_property
    def closed_halls(self) -> dict[str, ClosedHall]:
        """The halls the Bard never performs at, by id."""
        return {c.id: c for c in self.closed_hall}

    @cached_property
    def _piers(self) -> tuple[str, ...]:
        return tuple(loc.id for loc in self.location if loc.kind == "pier")

    def faction_named(self, faction_id: str) -> FactionFacts:
        found = self._factions.get(faction_id) if isinstance(faction_id, str) else None
        if found is None:
            raise UnknownNameError(
                f"unknown faction {faction_id!r}: the Bard sings to {', '.join(self.faction_ids)}"
            )
        return found

    def location_named(self, location_id: str) -> LocationFacts:
        found = self._locations.get(location_id) if isinstance(location_id, str) else None
        if found is None:
            raise UnknownNameError(
                f"unknown location {location_id!r}: the locations are "
                f"{', '.join(loc.id for loc in self.location)}"
            )
        return found

    def hall_of(self, faction_id: str) -> LocationFacts:
        found = self._halls.get(faction_id) if isinstance(faction_id, str) else None
        if found is None:
            raise UnknownNameError(f"no Faction Hall location for faction {faction_id!r}")
        return found

    def piers(self) -> tuple[str, ...]:
        return self._piers


def _check(path: Path, bard: BardFacts) -> None:
    where = display_path(path)
    for table, ids in (
        ("faction", [f.id for f in bard.faction]),
        ("location", [loc.id for loc in bard.location]),
        ("closed_hall", [c.id for c in bard.closed_hall]),
    ):
        for i, ident in enumerate(ids):
            if ids.index(ident) != i:
                raise DataFileError(
                    f"{where}: {table}[{i}] ({ident!r}): field 'id': repeats "
                    f"{table}[{ids.index(ident)}]"
                )
    factions = set(bard.faction_ids)
    halls: list[str] = []
    for i, loc in enumerate(bard.location):
        if loc.faction is not None:
            if loc.faction not in factions:
                raise DataFileError(
                    f"{where}: location[{i}] ({loc.id!r}): field 'faction': "
                    f"unknown faction {loc.faction!r}"
                )
            halls.append(loc.faction)
    if sorted(halls) != sorted(factions):
        raise DataFileError(
            f"{where}: location: every faction needs exactly one faction_hall location "
            f"(factions {sorted(factions)!r}, halls {sorted(halls)!r})"
        )
    if len(bard.location) != bard.singing.locations:
        raise DataFileError(
            f"{where}: singing: field 'locations': {bard.singing.locations} locations, but "
            f"{len(bard.location)} [[location]] entries"
        )
    if bard.runes.count < len(halls):
        raise DataFileError(
            f"{where}: runes: field 'count': {bard.runes.count} Runes for {len(halls)} halls"
        )


def load_facts(directory: Path | None = None) -> BardFacts:
    """Read and cross-check ``bard/facts.toml`` in ``directory`` (default: the data directory)."""
    path = (directory or data_dir()) / "bard" / "facts.toml"
    bard = validate_document(BardFacts, read_toml(path), path=path)
    _check(path, bard)
    return bard


@lru_cache(maxsize=1)
def facts() -> BardFacts:
    """``data/bard/facts.toml``, loaded and validated once."""
    return load_facts()


def location_name(location_id: str) -> str:
    return facts().location_named(location_id).name
