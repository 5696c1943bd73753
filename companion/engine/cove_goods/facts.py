"""The numbers of the sale value, from ``data/cove_goods/facts.toml`` (schema and loader)."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, model_validator

from companion.engine.core.words import listed, spoken
from companion.engine.cove_goods.errors import AdventurerError
from companion.rules.loader import (
    data_dir,
    load_entries,
    read_toml,
    validate_document,
)
from companion.rules.models import Frozen, Id, Source, Text

Whole = Annotated[int, Field(ge=0, le=1000, strict=True)]
Positive = Annotated[int, Field(ge=1, le=1000, strict=True)]


class PaladinGoodFacts(Frozen):
    base: Positive
    tokens: Positive
    base_source: Source
    sizes_source: Source
    choice_source: Source
    tokens_source: Source


class DisplayCaseFacts(Frozen):
    bonus: Positive
    tokens: Positive
    source: Source
    holds_source: Source
    tokens_source: Source


class EnchantmentFacts(Frozen):
    factor: Positive
    tokens: Positive
    source: Source
    spent_source: Source
    tokens_source: Source


class UnFairiesFacts(Frozen):
    penalty: Positive
    card: Positive
    source: Source


class FenceFacts(Frozen):
    factor: Positive
    corruption: Whole
    card: Positive
    source: Source


class PaladinFacts(Frozen):
    meeples: Positive
    source: Source
    meeples_source: Source


class AdventurerFacts(Frozen):
    """A type of adventurer that can stand at a Pier."""

    id: Id
    name: Text
    one: Text
    kind: Literal["faction", "paladin", "rogue"]
    source: Source


class GoodsFacts(Frozen):
    """Everything in ``data/cove_goods/facts.toml``, cross-checked."""

    paladin_good: PaladinGoodFacts
    display_case: DisplayCaseFacts
    enchantment: EnchantmentFacts
    un_fairies: UnFairiesFacts
    fence: FenceFacts
    paladins: PaladinFacts
    adventurers: tuple[AdventurerFacts, ...] = Field(min_length=3)

    @model_validator(mode="after")
    def _kinds(self) -> GoodsFacts:
        kinds = Counter(a.kind for a in self.adventurers)
        if kinds["paladin"] != 1 or kinds["rogue"] != 1 or kinds["faction"] < 1:
            raise ValueError(
                "adventurers need exactly one 'paladin', exactly one 'rogue' and at least one "
                f"'faction' kind, got {dict(kinds)!r}"
            )
        return self

    @property
    def types(self) -> tuple[str, ...]:
        """Every adventurer type, in screen order."""
        return tuple(a.id for a in self.adventurers)

    @property
    def factions(self) -> tuple[str, ...]:
        """The types that buy Goods of their own colour (the colours Paladins may take)."""
        return tuple(a.id for a in self.adventurers if a.kind == "faction")

    @property
    def paladin_type(self) -> str:
        return next(a.id for a in self.adventurers if a.kind == "paladin")

    @property
    def rogue_type(self) -> str:
        return next(a.id for a in self.adventurers if a.kind == "rogue")

    def adventurer(self, type_id: str) -> AdventurerFacts:
        for adventurer in self.adventurers:
            if adventurer.id == type_id:
                return adventurer
        raise AdventurerError(
            f"there is no adventurer type {spoken(str(type_id)) or 'without a name'}: "
            f"the types are {listed([a.name for a in self.adventurers])}"
        )


def load_facts(directory: Path | None = None) -> GoodsFacts:
    """Read and check ``cove_goods/facts.toml`` from ``directory`` (default: the data directory)."""
    path = (directory or data_dir()) / "cove_goods" / "facts.toml"
    document = read_toml(path)
    adventurers = load_entries(path, "adventurer", AdventurerFacts, document=document)
    body = {k: v for k, v in document.items() if k != "adventurer"}
    return validate_document(GoodsFacts, {**body, "adventurers": adventurers}, path=path)


@lru_cache(maxsize=1)
def facts() -> GoodsFacts:
    """``data/cove_goods/facts.toml``, loaded and validated once."""
    return load_facts()


def adventurer_types() -> tuple[str, ...]:
    """``('warriors', 'bards', 'wizards', 'nobles', 'paladins', 'rogues')``."""
    return facts().types


def adventurer_name(type_id: str, count: int | None = None) -> str:
    """``'Wizards'``; with ``count``: ``'1 Wizard'``, ``'3 Wizards'``."""
    adventurer = facts().adventurer(type_id)
    if count is None:
        return adventurer.name
    return f"{count} {adventurer.one if count == 1 else adventurer.name}"


__all__ = [
    "AdventurerFacts",
    "DisplayCaseFacts",
    "EnchantmentFacts",
    "FenceFacts",
    "GoodsFacts",
    "PaladinFacts",
    "PaladinGoodFacts",
    "UnFairiesFacts",
    "adventurer_name",
    "adventurer_types",
    "facts",
    "load_facts",
]
