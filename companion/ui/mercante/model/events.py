"""Event cards on the Mercante screen: the rulebook's and the group's own to choose from, and
a custom card being written (:class:`EventDraft`, an error per field)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.engine.mercante import (
    ENDURING,
    FLEETING,
    Event,
    MercanteError,
    facts,
    goods_in,
    markets,
)
from companion.engine.mercante.events import MAX_NAME_LENGTH as EVENT_NAME_MAX
from companion.engine.mercante.events import MAX_NOTE_LENGTH
from companion.rules import Source
from companion.ui.mercante.model.words import (
    CUSTOM,
    RULEBOOK,
    FieldKey,
    good_name,
    market_name,
)
from companion.ui.scorepad.model import parse_whole

# -- event cards -------------------------------------------------------------------------------


@dataclass(frozen=True)
class EventChoice:
    """An event players can play: a rulebook card or one of their own (``card_id``)."""

    key: str
    event: Event
    card_id: int | None = None
    summary: str = ""
    source: Source | None = None

    @property
    def custom(self) -> bool:
        return self.card_id is not None

    @property
    def tags(self) -> tuple[str, ...]:
        """``('Enduring', 'Reaction', 'Yours')`` for chips beside the name."""
        found = ["Enduring" if self.event.is_enduring else "Fleeting"]
        if self.event.reaction:
            found.append("Reaction")
        if self.event.incomplete:
            found.append("Incomplete")
        found.append("Yours" if self.custom else "Rulebook")
        return tuple(found)

    @property
    def effects_text(self) -> str:
        effects = "; ".join(self.event.effects())
        return effects or "No effect on prices or markets"


@dataclass(frozen=True)
class DamagedCard:
    """A stored custom card that no longer reads as an event."""

    card_id: int
    name: str
    problem: str


def event_choices(cards: Iterable[Any]) -> tuple[tuple[EventChoice, ...], tuple[DamagedCard, ...]]:
    """The rulebook's events and the group's own (``cards`` from ``list_custom_cards``).

    A group's card with a rulebook card's name replaces it in the lists (the group's copy is
    the one they completed, e.g. Economic Woes). Cards that fail to read are returned apart.
    """
    own: list[EventChoice] = []
    damaged: list[DamagedCard] = []
    for card in cards:
        try:
            event = Event.from_dict(card.data)
        except (MercanteError, TypeError) as exc:
            damaged.append(DamagedCard(card.id, card.name, str(exc)))
            continue
        own.append(EventChoice(f"{CUSTOM}:{card.id}", event, card_id=card.id))
    taken = {c.event.name.casefold() for c in own}
    book = [
        EventChoice(
            f"{RULEBOOK}:{card.id}",
            Event.from_card(card),
            summary=card.summary,
            source=card.source,
        )
        for card in facts().events
        if card.name.casefold() not in taken
    ]
    ordered = sorted([*book, *own], key=lambda c: c.event.name.casefold())
    return tuple(ordered), tuple(damaged)


def choice_by_key(choices: Iterable[EventChoice], key: str | None) -> EventChoice | None:
    return next((c for c in choices if c.key == key), None) if key else None


def filter_choices(choices: Sequence[EventChoice], text: str) -> tuple[EventChoice, ...]:
    """Events whose name or effects mention ``text`` (case-insensitive)."""
    needle = text.strip().casefold()
    if not needle:
        return tuple(choices)
    return tuple(
        c
        for c in choices
        if needle in c.event.name.casefold() or needle in c.effects_text.casefold()
    )


def targets() -> tuple[tuple[str, str], ...]:
    """Every modifier target, market first then its goods: ``(id, label)``."""
    found: list[tuple[str, str]] = []
    for market in markets():
        found.append((market, f"{market_name(market)} (whole market)"))
        found.extend((good, good_name(good)) for good in goods_in(market))
    return tuple(found)


@dataclass
class EffectDraft:
    """One line of a custom card's effects, as typed: a target and a signed amount."""

    target: str = ""
    amount: str = ""

    @property
    def blank(self) -> bool:
        return not self.target and not self.amount.strip()


@dataclass
class EventDraft:
    """A custom event card being written: every field as typed, with an error per field."""

    name: str = ""
    kind: str = ENDURING
    reaction: bool = False
    effects: list[EffectDraft] = field(default_factory=lambda: [EffectDraft()])
    closes: set[str] = field(default_factory=set)
    removes: dict[str, str] = field(default_factory=dict)
    note: str = ""
    incomplete: bool = False

    @classmethod
    def from_event(cls, event: Event, *, name: str | None = None) -> EventDraft:
        return cls(
            name=event.name if name is None else name,
            kind=event.kind,
            reaction=event.reaction,
            effects=[EffectDraft(t, str(a)) for t, a in event.modifiers.items()] or [EffectDraft()],
            closes=set(event.closes),
            removes={m: str(n) for m, n in event.removes.items()},
            note=event.note,
            incomplete=event.incomplete,
        )

    def add_effect(self) -> None:
        self.effects.append(EffectDraft())

    def remove_effect(self, index: int) -> None:
        if 0 <= index < len(self.effects):
            del self.effects[index]
        if not self.effects:
            self.effects.append(EffectDraft())

    def errors(self, taken: Collection[str] = ()) -> dict[FieldKey, str]:
        """Problems keyed by field; ``taken`` are the names of the group's other cards."""
        found: dict[FieldKey, str] = {}
        name = " ".join(self.name.split())
        if not name:
            found[("name",)] = "Give the card its name"
        elif len(name) > EVENT_NAME_MAX:
            found[("name",)] = f"At most {EVENT_NAME_MAX} characters"
        elif name.casefold() in {t.casefold() for t in taken}:
            found[("name",)] = "You already have a card with this name"
        if self.kind not in (ENDURING, FLEETING):
            found[("kind",)] = "Enduring or Fleeting"
        valid = {t for t, _ in targets()}
        seen: dict[str, int] = {}
        for i, effect in enumerate(self.effects):
            if effect.blank:
                continue
            if effect.target not in valid:
                found[("target", i)] = "Choose a good or a market"
            elif effect.target in seen:
                line = seen[effect.target] + 1
                found[("target", i)] = (
                    f"{good_name(effect.target)} already changes in line {line}: add them up there"
                )
            else:
                seen[effect.target] = i
            try:
                amount = parse_whole(effect.amount) if effect.amount.strip() else None
            except ValueError as exc:
                found[("amount", i)] = str(exc)
                continue
            if amount is None:
                found[("amount", i)] = "Crowns added (+2) or taken (−2)"
            elif amount == 0:
                found[("amount", i)] = "0 changes nothing: give +2 or −2"
        for market, text in self.removes.items():
            if not text.strip():
                continue
            try:
                count = parse_whole(text)
            except ValueError as exc:
                found[("removes", market)] = str(exc)
                continue
            if count < 1:
                found[("removes", market)] = "1 token or more (or leave it empty)"
            elif count > 40:
                found[("removes", market)] = "No market has that many spaces"
        if len(self.note) > MAX_NOTE_LENGTH:
            found[("note",)] = f"At most {MAX_NOTE_LENGTH} characters"
        return found

    def to_event(self) -> Event:
        """The card as an engine event; raises ``ValueError`` while :meth:`errors` has any."""
        problems = self.errors()
        if problems:
            raise ValueError(next(iter(problems.values())))
        modifiers = {e.target: parse_whole(e.amount) for e in self.effects if not e.blank}
        removes = {m: parse_whole(t) for m, t in self.removes.items() if t.strip()}
        return Event(
            self.name,
            self.kind,
            modifiers or None,
            tuple(m for m in markets() if m in self.closes),
            self.reaction,
            removes=removes or None,
            note=self.note,
            incomplete=self.incomplete,
        )

    def to_dict(self) -> dict[str, Any]:
        """The draft as typed (a card half written survives closing the app)."""
        return {
            "name": self.name,
            "kind": self.kind,
            "reaction": self.reaction,
            "effects": [[e.target, e.amount] for e in self.effects],
            "closes": sorted(self.closes),
            "removes": dict(self.removes),
            "note": self.note,
            "incomplete": self.incomplete,
        }

    @classmethod
    def from_dict(cls, data: object) -> EventDraft:
        """Lenient: whatever cannot be read is left blank."""
        draft = cls()
        if not isinstance(data, Mapping):
            return draft
        draft.name = str(data.get("name", ""))[:200]
        draft.kind = FLEETING if data.get("kind") == FLEETING else ENDURING
        draft.reaction = data.get("reaction") is True
        draft.incomplete = data.get("incomplete") is True
        effects = data.get("effects")
        if isinstance(effects, list):
            draft.effects = [
                EffectDraft(str(e[0])[:40], str(e[1])[:12])
                for e in effects
                if isinstance(e, list) and len(e) == 2
            ] or [EffectDraft()]
        closes = data.get("closes")
        if isinstance(closes, list):
            draft.closes = {m for m in closes if m in markets()}
        removes = data.get("removes")
        if isinstance(removes, Mapping):
            draft.removes = {m: str(v)[:12] for m, v in removes.items() if m in markets()}
        draft.note = str(data.get("note", ""))[: MAX_NOTE_LENGTH + 100]
        return draft

    def warnings(self) -> tuple[str, ...]:
        """Legal but worth a second look (a Reaction that can never be played on a sale)."""
        found = []
        has_price = any(not e.blank for e in self.effects)
        has_removal = any(t.strip() for t in self.removes.values())
        if self.reaction and not (has_price or has_removal):
            found.append(
                "A Reaction can only be played on a sale when the card itself changes that "
                "good's price or takes tokens off its market; this one does neither."
            )
        return tuple(found)


__all__ = [
    "DamagedCard",
    "EffectDraft",
    "EventChoice",
    "EventDraft",
    "choice_by_key",
    "event_choices",
    "filter_choices",
    "targets",
]
