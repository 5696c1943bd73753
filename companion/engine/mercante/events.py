"""Event cards and the A/B/C calendar.

An :class:`Event` is a small immutable value: a name, Enduring or Fleeting, Reaction or not,
and its effects (crowns added to or taken from a good or a whole market, markets it closes,
tokens it takes off a market). The :class:`Calendar` holds up to three Enduring events: a new
one enters A and pushes the others along; the one pushed out of C is discarded.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, Literal, cast

from companion.engine.core.words import signed
from companion.engine.mercante.errors import EventError, FleetingEventError
from companion.engine.mercante.facts import EventCard, facts, market_of, rules

EventKind = Literal["enduring", "fleeting"]
ENDURING: Final = "enduring"
FLEETING: Final = "fleeting"
KINDS: Final = (ENDURING, FLEETING)
MAX_NAME_LENGTH: Final = 60
MAX_NOTE_LENGTH: Final = 500
_DICT_KEYS: Final = frozenset(
    {"name", "kind", "modifiers", "closes", "reaction", "removes", "note", "incomplete"}
)


def _target_order() -> dict[str, int]:
    """Markets and goods in board order, each market before its goods."""
    order: dict[str, int] = {}
    for market in facts().markets:
        order[market.id] = len(order)
        for good in market.goods:
            order[good] = len(order)
    return order


def display_name(target: str) -> str:
    """``'precious_metals'`` → ``'Precious metals'``; ``'silk'`` → ``'Silk'``."""
    for market in facts().markets:
        if market.id == target:
            return market.name
    return target.replace("_", " ").capitalize()


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Event:
    """An event card: ``Event(name, kind, modifiers=None, closes=(), reaction=False)``.

    ``kind`` is ``"enduring"`` or ``"fleeting"``; ``modifiers`` maps a good or a market id to a
    whole number of crowns; ``closes`` lists market ids. Keyword-only extras: ``removes`` maps a
    market to the number of tokens the card takes off it (from the bottom), ``note`` keeps any
    other effect in words, ``incomplete`` flags a card whose text is only partly known.

    Invalid fields raise :class:`EventError` naming the field and the bad value. Events are
    immutable and hashable; ``repr`` can be pasted back.
    """

    __slots__ = (
        "_closes",
        "_incomplete",
        "_kind",
        "_modifiers",
        "_name",
        "_note",
        "_reaction",
        "_removes",
    )

    _name: str
    _kind: EventKind
    _modifiers: Mapping[str, int]
    _closes: tuple[str, ...]
    _reaction: bool
    _removes: Mapping[str, int]
    _note: str
    _incomplete: bool

    def __init__(
        self,
        name: str,
        kind: str,
        modifiers: Mapping[str, int] | None = None,
        closes: Iterable[str] = (),
        reaction: bool = False,
        *,
        removes: Mapping[str, int] | None = None,
        note: str = "",
        incomplete: bool = False,
    ) -> None:
        if not isinstance(name, str) or not name.strip():
            raise EventError(f"event name {name!r} must be a non-empty text")
        clean_name = " ".join(name.split())
        if len(clean_name) > MAX_NAME_LENGTH:
            raise EventError(f"event name {name!r} is longer than {MAX_NAME_LENGTH} characters")
        where = f"event {clean_name!r}"
        if kind not in KINDS:
            raise EventError(f"{where}: kind {kind!r} must be 'enduring' or 'fleeting'")
        order = _target_order()
        markets = facts().market_ids
        mods = self._amounts(where, "modifiers", modifiers, order, markets_only=False)
        gone = self._amounts(where, "removes", removes, order, markets_only=True)
        for market, count in gone.items():
            if count < 1:
                raise EventError(
                    f"{where}: removes {count!r} tokens from {market!r}: give at least 1"
                )
        if isinstance(closes, str) or not isinstance(closes, Iterable):
            raise EventError(f"{where}: closes {closes!r} must be a list of market names")
        closed = tuple(closes)
        for market in closed:
            if not isinstance(market, str) or market not in markets:
                raise EventError(
                    f"{where}: closes {market!r}, which is not a market ({', '.join(markets)})"
                )
        if not isinstance(reaction, bool):
            raise EventError(f"{where}: reaction {reaction!r} must be true or false")
        if not isinstance(incomplete, bool):
            raise EventError(f"{where}: incomplete {incomplete!r} must be true or false")
        if not isinstance(note, str) or len(note) > MAX_NOTE_LENGTH:
            raise EventError(
                f"{where}: note must be a text of at most {MAX_NOTE_LENGTH} characters"
            )
        set_ = object.__setattr__
        set_(self, "_name", clean_name)
        set_(self, "_kind", cast(EventKind, kind))
        set_(self, "_modifiers", mods)
        set_(self, "_closes", tuple(m for m in markets if m in set(closed)))
        set_(self, "_reaction", reaction)
        set_(self, "_removes", gone)
        set_(self, "_note", note.strip())
        set_(self, "_incomplete", incomplete)

    @staticmethod
    def _amounts(
        where: str,
        field: str,
        raw: Mapping[str, int] | None,
        order: dict[str, int],
        *,
        markets_only: bool,
    ) -> Mapping[str, int]:
        if raw is None:
            return MappingProxyType({})
        if not isinstance(raw, Mapping):
            raise EventError(f"{where}: {field} {raw!r} must map names to whole numbers")
        allowed = "a market" if markets_only else "a good or a market"
        for key, value in raw.items():
            if not isinstance(key, str) or key not in order:
                raise EventError(f"{where}: {field} names {key!r}, which is not {allowed}")
            if markets_only and key in facts().market_of:
                raise EventError(f"{where}: {field} names {key!r}, which is not {allowed}")
            if not _whole(value):
                raise EventError(f"{where}: {field}[{key!r}] = {value!r} must be a whole number")
        ordered = dict(sorted(raw.items(), key=lambda item: order[item[0]]))
        return MappingProxyType(ordered)

    # -- fields ------------------------------------------------------------------------------

    @property
    def name(self) -> str:
        return self._name

    @property
    def kind(self) -> EventKind:
        return self._kind

    @property
    def modifiers(self) -> Mapping[str, int]:
        return self._modifiers

    @property
    def closes(self) -> tuple[str, ...]:
        return self._closes

    @property
    def reaction(self) -> bool:
        return self._reaction

    @property
    def removes(self) -> Mapping[str, int]:
        return self._removes

    @property
    def note(self) -> str:
        return self._note

    @property
    def incomplete(self) -> bool:
        return self._incomplete

    @property
    def is_enduring(self) -> bool:
        return self._kind == ENDURING

    @property
    def is_fleeting(self) -> bool:
        return self._kind == FLEETING

    # -- effects -----------------------------------------------------------------------------

    def terms_for(self, good: str) -> tuple[tuple[str, int], ...]:
        """The (target, crowns) terms this card adds to a sale of ``good``: market, then good."""
        market = market_of(good)
        terms = []
        for target in (market, good):
            amount = self._modifiers.get(target, 0)
            if amount:
                terms.append((target, amount))
        return tuple(terms)

    def modifier_for(self, good: str) -> int:
        """Crowns this card adds to (negative: takes from) a sale of ``good``."""
        return sum(amount for _, amount in self.terms_for(good))

    def closes_market(self, market: str) -> bool:
        return market in self._closes

    def effects(self) -> tuple[str, ...]:
        """The card's effects in plain words, for lists and the calendar."""
        lines = [f"{display_name(t)} {signed(a)}" for t, a in self._modifiers.items() if a]
        lines += [f"Closes {display_name(m).lower()}" for m in self._closes]
        lines += [
            f"Takes {n} token{'s' if n != 1 else ''} off {display_name(m).lower()}"
            for m, n in self._removes.items()
        ]
        if self._note:
            lines.append(self._note)
        return tuple(lines)

    def describe(self) -> str:
        """``'Economic Woes — Enduring, Reaction: Silk −6 (incomplete)'``."""
        kind = "Enduring" if self.is_enduring else "Fleeting"
        tags = f"{kind}, Reaction" if self._reaction else kind
        text = f"{self._name} — {tags}"
        effects = "; ".join(self.effects())
        if effects:
            text += f": {effects}"
        if self._incomplete:
            text += " (incomplete)"
        return text

    # -- values ------------------------------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (
            self._name,
            self._kind,
            tuple(self._modifiers.items()),
            self._closes,
            self._reaction,
            tuple(self._removes.items()),
            self._note,
            self._incomplete,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Event is immutable: cannot set {name!r}")

    def __repr__(self) -> str:
        parts = [repr(self._name), repr(self._kind)]
        if self._modifiers:
            parts.append(f"modifiers={dict(self._modifiers)!r}")
        if self._closes:
            parts.append(f"closes={self._closes!r}")
        if self._reaction:
            parts.append("reaction=True")
        if self._removes:
            parts.append(f"removes={dict(self._removes)!r}")
        if self._note:
            parts.append(f"note={self._note!r}")
        if self._incomplete:
            parts.append("incomplete=True")
        return f"Event({', '.join(parts)})"

    def replace(self, **changes: Any) -> Event:
        """A copy with some fields changed (validated again), for editing a custom card."""
        fields = self.to_dict()
        unknown = set(changes) - _DICT_KEYS
        if unknown:
            raise EventError(f"event {self._name!r}: no field {sorted(unknown)[0]!r}")
        fields.update(changes)
        return Event.from_dict(fields)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict; :meth:`from_dict` reads it back to an equal event."""
        return {
            "name": self._name,
            "kind": self._kind,
            "modifiers": dict(self._modifiers),
            "closes": list(self._closes),
            "reaction": self._reaction,
            "removes": dict(self._removes),
            "note": self._note,
            "incomplete": self._incomplete,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        """Read an event stored by :meth:`to_dict` (e.g. a player's own card), validating it.

        Only ``name`` and ``kind`` are required; unknown keys are refused by name.
        """
        if not isinstance(data, Mapping):
            raise EventError(f"an event must be a mapping of fields, got {data!r}")
        unknown = sorted(set(data) - _DICT_KEYS, key=repr)
        if unknown:
            raise EventError(f"event {data.get('name')!r}: unknown field {unknown[0]!r}")
        for required in ("name", "kind"):
            if required not in data:
                raise EventError(f"event {data.get('name')!r}: field {required!r} is missing")
        return cls(
            data["name"],
            data["kind"],
            data.get("modifiers") or None,
            data.get("closes", ()),
            data.get("reaction", False),
            removes=data.get("removes") or None,
            note=data.get("note", ""),
            incomplete=data.get("incomplete", False),
        )

    @classmethod
    def from_card(cls, card: EventCard) -> Event:
        """The playable event of a card from ``data/mercante/events.toml``."""
        return cls(
            card.name,
            card.kind,
            card.modifiers or None,
            card.closes,
            card.reaction,
            removes=card.removes or None,
            incomplete=card.incomplete,
        )


def rulebook_events() -> tuple[Event, ...]:
    """The events the rulebook names (Visiting Nobility, Distant War, Economic Woes)."""
    return tuple(Event.from_card(card) for card in facts().events)


def rulebook_event(name: str) -> Event:
    """One of :func:`rulebook_events` by name (case-insensitive)."""
    for event in rulebook_events():
        if event.name.casefold() == str(name).casefold():
            return event
    known = ", ".join(e.name for e in rulebook_events())
    raise EventError(f"no rulebook event named {name!r}: the rulebook names {known}")


def slot_names() -> tuple[str, ...]:
    """``('A', 'B', 'C')``."""
    return rules().calendar.slots


class Calendar:
    """The calendar's slots A, B, C; each holds an Enduring event or nothing.

    ``Calendar()`` starts empty; ``Calendar(slots)`` restores saved slots (``None`` for empty).
    """

    __slots__ = ("_slots",)

    def __init__(self, slots: Iterable[Event | None] = ()) -> None:
        names = slot_names()
        given = tuple(slots)
        if len(given) > len(names):
            raise EventError(f"the calendar has {len(names)} slots, {len(given)} given: {given!r}")
        for name, event in zip(names, given, strict=False):
            if event is None:
                continue
            if not isinstance(event, Event):
                raise EventError(f"slot {name} holds {event!r}, which is not an Event")
            if event.is_fleeting:
                raise FleetingEventError(
                    f"slot {name}: {event.name!r} is Fleeting; only Enduring events stay "
                    "on the calendar"
                )
        self._slots: tuple[Event | None, ...] = given + (None,) * (len(names) - len(given))

    @property
    def slots(self) -> tuple[Event | None, ...]:
        """``(A, B, C)``: the event in each slot, or ``None``."""
        return self._slots

    @property
    def events(self) -> tuple[Event, ...]:
        """The events in play, A first."""
        return tuple(e for e in self._slots if e is not None)

    def labelled(self) -> tuple[tuple[str, Event | None], ...]:
        """``(('A', event), ('B', None), ...)``."""
        return tuple(zip(slot_names(), self._slots, strict=True))

    def verify_add(self, event: Event) -> None:
        """Raise if ``event`` cannot go on the calendar (not an Event, or Fleeting)."""
        if not isinstance(event, Event):
            raise EventError(f"{event!r} is not an Event")
        if event.is_fleeting:
            raise FleetingEventError(
                f"{event.name!r} is a Fleeting event: resolve it and discard it; "
                "it never goes on the calendar"
            )

    def can_add(self, event: Event) -> bool:
        try:
            self.verify_add(event)
        except EventError:
            return False
        return True

    def add(self, event: Event) -> Event | None:
        """Put an Enduring event in A; return the event pushed out of C, if any.

        Only an occupied space pushes: A's event moves to B, and B's (if B held one) to C,
        which may push C's out. A card never moves past an empty space, so with B empty the
        event in C stays where it is. A Fleeting event raises :class:`FleetingEventError`
        and leaves the calendar unchanged.
        """
        self.verify_add(event)
        slots = list(self._slots)
        moving: Event | None = event
        for i in range(len(slots)):
            moving, slots[i] = slots[i], moving
            if moving is None:
                break
        self._slots = tuple(slots)
        return moving

    def added(self, event: Event) -> tuple[Calendar, Event | None]:
        """Like :meth:`add` but leaves this calendar alone: ``(new calendar, pushed out)``."""
        copy = self.copy()
        pushed = copy.add(event)
        return copy, pushed

    def copy(self) -> Calendar:
        return Calendar(self._slots)

    def net_modifier(self, good: str) -> int:
        """The sum of every calendar event's modifiers for ``good`` (market and good)."""
        return sum(event.modifier_for(good) for event in self.events)

    def net_modifiers(self) -> dict[str, int]:
        """Every good's net modifier, in board order."""
        return {good: self.net_modifier(good) for good in facts().goods}

    def closed_markets(self) -> tuple[str, ...]:
        """Markets some calendar event closes, in board order."""
        return tuple(m for m in facts().market_ids if any(e.closes_market(m) for e in self.events))

    def closing_events(self, market: str) -> tuple[tuple[str, Event], ...]:
        """``(slot, event)`` pairs of the events that close ``market``."""
        return tuple(
            (slot, event)
            for slot, event in self.labelled()
            if event is not None and event.closes_market(market)
        )

    def __iter__(self) -> Iterator[Event | None]:
        return iter(self._slots)

    def __len__(self) -> int:
        """How many events are on the calendar (0 to 3)."""
        return len(self.events)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Calendar):
            return NotImplemented
        return self._slots == other._slots

    def __hash__(self) -> int:
        return hash(self._slots)

    def __repr__(self) -> str:
        if not self.events:
            return "Calendar()"
        last = max(i for i, e in enumerate(self._slots) if e is not None)
        return f"Calendar({list(self._slots[: last + 1])!r})"

    def to_list(self) -> list[dict[str, Any] | None]:
        return [None if e is None else e.to_dict() for e in self._slots]

    @classmethod
    def from_list(cls, data: Iterable[Mapping[str, Any] | None]) -> Calendar:
        if isinstance(data, str | bytes) or not isinstance(data, Iterable):
            raise EventError(f"calendar {data!r} must be a list of slots")
        return cls(None if item is None else Event.from_dict(item) for item in data)


@dataclass(frozen=True)
class FirstEvent:
    """Setup's first calendar event and the Fleeting events discarded on the way to it."""

    event: Event
    discarded: tuple[Event, ...] = ()


def first_calendar_event(draws: Iterable[Event]) -> FirstEvent:
    """Setup: reveal events in order until one is Enduring; the Fleeting ones are discarded.

    Raises :class:`EventError` when the draws run out before an Enduring event appears.
    """
    discarded: list[Event] = []
    for event in draws:
        if not isinstance(event, Event):
            raise EventError(f"{event!r} is not an Event")
        if event.is_enduring:
            return FirstEvent(event, tuple(discarded))
        discarded.append(event)
    raise EventError(
        f"no Enduring event among the {len(discarded)} drawn "
        f"({', '.join(repr(e.name) for e in discarded) or 'none'}): keep drawing"
    )


@dataclass(frozen=True)
class GoodGlance:
    """One row of the at-a-glance table: a good's net modifier and whether it can be sold."""

    good: str
    market: str
    modifier: int
    closed: bool
    terms: tuple[tuple[str, str, int], ...]  # (slot, event name, crowns)


@dataclass(frozen=True)
class Glance:
    """What the calendar does to every good, and which markets it closes."""

    goods: tuple[GoodGlance, ...]
    closed: tuple[str, ...]

    def good(self, good: str) -> GoodGlance:
        for row in self.goods:
            if row.good == good:
                return row
        market_of(good)  # raises for an unknown good
        raise AssertionError(good)  # pragma: no cover - every good has a row


def at_a_glance(calendar: Calendar) -> Glance:
    """Every good's net modifier (with the events behind it) and the closed markets."""
    closed = calendar.closed_markets()
    rows = []
    for good in facts().goods:
        terms = tuple(
            (slot, event.name, amount)
            for slot, event in calendar.labelled()
            if event is not None
            for _, amount in event.terms_for(good)
        )
        market = market_of(good)
        rows.append(
            GoodGlance(
                good=good,
                market=market,
                modifier=sum(t[2] for t in terms),
                closed=market in closed,
                terms=terms,
            )
        )
    return Glance(goods=tuple(rows), closed=closed)
