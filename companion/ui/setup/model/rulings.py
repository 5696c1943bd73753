"""How a ruling behind a finding or a step is being read right now, and which house rules
the setup engine can follow."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from companion.engine import setup as engine
from companion.rules import Catalogue, Ruling


def valid_house_rules(catalogue: Catalogue, chosen: Iterable[str]) -> frozenset[str]:
    """The chosen house rules the engine can follow: rulings that have an alternative.

    Settings stores ids; one left over from an older data file must not break the screen.
    """
    known = {r.id for r in catalogue.rulings if r.has_house_rule}
    return frozenset(r for r in chosen if r in known)


def table_house_rules(catalogue: Catalogue, chosen: Iterable[str]) -> frozenset[str]:
    """The house rules from Settings a setup table follows (the others are other tools')."""
    return valid_house_rules(catalogue, chosen) & engine.setup_house_rules()


@dataclass(frozen=True)
class RulingNote:
    """How a ruling is being read right now, for a finding or a step."""

    ruling_id: str
    topic: str
    in_use: str  # "The app's reading" or "Your house rule"
    text: str
    switch_to: str | None  # what Settings would switch to, when there is another reading

    def __repr__(self) -> str:
        return f"RulingNote({self.ruling_id!r}, {self.in_use!r})"


def ruling_note(ruling: Ruling, house_rules: Collection[str]) -> RulingNote:
    on = ruling.has_house_rule and ruling.id in house_rules
    if on:
        assert ruling.alternative is not None
        return RulingNote(
            ruling.id, ruling.topic, "Your house rule", ruling.alternative, "the app's reading"
        )
    return RulingNote(
        ruling.id,
        ruling.topic,
        "The app's reading",
        ruling.reading,
        ruling.house_rule_label if ruling.has_house_rule else None,
    )


def ruling_notes(
    catalogue: Catalogue, ruling_ids: Iterable[str | None], house_rules: Collection[str]
) -> list[RulingNote]:
    notes = []
    for ruling_id in dict.fromkeys(r for r in ruling_ids if r):
        try:
            notes.append(ruling_note(catalogue.ruling(ruling_id), house_rules))
        except KeyError:
            continue  # a ruling the catalogue no longer has: nothing true to say about it
    return notes


def first_sentence(text: str) -> str:
    end = text.find(". ")
    return text if end < 0 else text[:end]


__all__ = [
    "RulingNote",
    "first_sentence",
    "ruling_note",
    "ruling_notes",
    "table_house_rules",
    "valid_house_rules",
]
