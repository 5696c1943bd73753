"""The Mercante screen as plain state: the game in progress, the sale calculator, custom event
cards, the upkeep panel and the final tally, with an error per field and the working shown.

No flet here. The rules live in :mod:`companion.engine.mercante`; this module turns what
players type into engine calls and the engine's answers into the lines the screen shows.
Everything the screen keeps between visits is one JSON-able dict (:class:`MercanteState`),
saved after every action under :data:`GAME_KEY`.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from companion.engine.mercante import (
    ALTERNATE_FIVE_PLAYER_UPKEEP,
    CONTRACTUAL_OBLIGATIONS,
    ENDURING,
    FLEETING,
    REVERSED_AUCTIONS,
    TREACHERY,
    VICIOUS_ACCOUNTING,
    CartageCheck,
    Event,
    EventRecord,
    FinalTally,
    ManipulateRecord,
    MarketBoard,
    MercanteError,
    MercanteGame,
    PlayerTally,
    Reaction,
    ReactionWhatIf,
    SaleQuote,
    SaleRecord,
    Shipment,
    TallyLine,
    UpkeepCosts,
    UpkeepTurn,
    Variants,
    affordable_vp,
    bazaar_price,
    cartage_points,
    display_name,
    end_triggers,
    facts,
    final_tally,
    goods,
    goods_in,
    legal_reactions,
    market_of,
    markets,
    quote_sale,
    reaction_is_legal,
    reaction_what_if,
    rules,
    vp_price,
)
from companion.engine.mercante.events import MAX_NAME_LENGTH as EVENT_NAME_MAX
from companion.engine.mercante.events import MAX_NOTE_LENGTH
from companion.engine.mercante.house import HouseRules
from companion.engine.mercante.scoring import max_goods_left
from companion.engine.table import MAX_NAME_LENGTH
from companion.rules import Catalogue, Source
from companion.ui.logic.saved import check_header, damaged_key, replay_game, saved_play
from companion.ui.logic.scorepad import parse_whole
from companion.ui.logic.words import capitalized, plural

GAME_KEY = "mercante_game"
#: A custom event card being written, with the card it belongs to.
EVENT_DRAFT_KEY = "mercante_event_draft"
#: The printed market values last entered: the board is the same in every game, so a new
#: game offers them again instead of asking for forty numbers twice.
PRINTED_KEY = "mercante_printed"
#: A saved game that could not be read is kept here (never silently destroyed).
DAMAGED_KEY = damaged_key(GAME_KEY)
STATE_FORMAT = "companion.mercante.screen"
STATE_VERSION = 1
GAME_ID = "mercante"

TABS: tuple[tuple[str, str], ...] = (
    ("calendar", "Calendar"),
    ("turn", "Turn"),
    ("sale", "Sale"),
    ("setup", "Setup"),
    ("end", "Tally"),
)
#: Routes of earlier versions and the tab they now open.
TAB_ALIASES: dict[str, str] = {"upkeep": "turn"}

RULEBOOK = "rulebook"
CUSTOM = "custom"

#: Field keys, as in the score pad: ("name",), ("target", i), ("amount", i), ("removes", m)...
FieldKey = tuple[Any, ...]

_NUMBERS = re.compile(r"[\s,;]+")


class StateError(ValueError):
    """Saved screen state that cannot be read back; the message says what is wrong."""


# -- small formatting helpers ------------------------------------------------------------------


def signed(amount: int) -> str:
    """``+1``, ``−6`` (a real minus sign, as on the cards), ``0``."""
    if amount > 0:
        return f"+{amount}"
    if amount < 0:
        return f"−{-amount}"
    return "0"


def points_text(value: Fraction) -> str:
    """``½``, ``1``, ``2``, ``1½`` for removal points."""
    whole, part = divmod(value, 1)
    if part == 0:
        return str(int(whole))
    halves = "½" if part == Fraction(1, 2) else f"{part.numerator}/{part.denominator}"
    return halves if whole == 0 else f"{int(whole)}{halves}"


def good_name(good: str) -> str:
    return display_name(good)


def market_name(market: str) -> str:
    return display_name(market)


def parse_numbers(text: str, *, what: str = "value") -> tuple[int, ...]:
    """``"2, 3"`` or ``"2 3"`` → ``(2, 3)``; blank → ``()``; each at least 0.

    Raises ``ValueError`` with a message for the field.
    """
    parts = [p for p in _NUMBERS.split(text.strip()) if p]
    values = []
    for part in parts:
        try:
            value = parse_whole(part)
        except ValueError:
            raise ValueError(f"“{part}” is not a whole number: list them like 2, 3") from None
        if value < 0:
            raise ValueError(f"A {what} is 0 or more (without the minus sign)")
        values.append(value)
    return tuple(values)


def parse_count(text: str, *, blank: int | None = None, maximum: int | None = None) -> int:
    """A whole number of 0 or more, as typed; ``blank`` is what an empty field means
    (``None``: the field is required)."""
    if not text.strip():
        if blank is None:
            raise ValueError("Required")
        return blank
    value = parse_whole(text)
    if value < 0:
        raise ValueError("0 or more")
    if maximum is not None and value > maximum:
        raise ValueError(f"At most {maximum}")
    return value


def parse_printed(text: str) -> tuple[int, ...]:
    """A market's printed space values as typed (``"20 18 16 14"``), highest first."""
    values: list[int] = []
    for part in (p for p in _NUMBERS.split(text.strip()) if p):
        try:
            value = parse_whole(part)
        except ValueError:
            raise ValueError(f"“{part}” is not a whole number") from None
        if value < 1:
            raise ValueError(f"{value} is not a crown value: every space pays at least 1")
        if values and value > values[-1]:
            raise ValueError(
                f"Highest first, top of the board down: {value} comes after {values[-1]}"
            )
        values.append(value)
    if not values:
        raise ValueError("Type the values printed on this market's spaces, highest first")
    return tuple(values)


def house_rules_from(ids: Iterable[str]) -> HouseRules:
    """The Mercante house rules among the ruling ids switched on in Settings."""
    return HouseRules.from_house_rules(ids)


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


# -- the new-game form -------------------------------------------------------------------------


#: The variants the new-game form switches on and off (the others have settings of their own).
SWITCHED_VARIANTS: tuple[str, ...] = (
    ALTERNATE_FIVE_PLAYER_UPKEEP,
    CONTRACTUAL_OBLIGATIONS,
    VICIOUS_ACCOUNTING,
    TREACHERY,
    REVERSED_AUCTIONS,
)


@dataclass
class NewGameForm:
    """Players in turn order (first player first), the first event, optional printed values,
    and the variants the group plays: the switched ones, the reference track of Longer or
    Shorter Games (``None``: the table's own), and for Talk of Peace the first player's
    teammate (the other two play together)."""

    seats: list[str] = field(default_factory=list)
    first_event: str | None = None
    track: bool = False
    printed: dict[str, str] = field(default_factory=dict)
    variants: set[str] = field(default_factory=set)
    reference_track: int | None = None
    talk_of_peace: bool = False
    partner: str | None = None

    def set_variant(self, variant: str, on: bool) -> None:
        if variant not in SWITCHED_VARIANTS:
            raise KeyError(variant)
        if on:
            self.variants.add(variant)
            if variant == TREACHERY:
                self.variants.add(VICIOUS_ACCOUNTING)
        else:
            self.variants.discard(variant)
            if variant == VICIOUS_ACCOUNTING:
                self.variants.discard(TREACHERY)

    def teams(self) -> tuple[tuple[str, str], ...]:
        """Talk of Peace: the first player with their teammate, and the other two."""
        if not self.talk_of_peace or len(self.seats) < 2 or self.partner not in self.seats:
            return ()
        first = self.seats[0]
        partner = self.partner
        assert partner is not None
        others = [n for n in self.seats if n not in (first, partner)]
        if len(others) != 2:
            return ((first, partner),)
        return ((first, partner), (others[0], others[1]))

    def chosen_variants(self) -> Variants:
        """The variants as the engine reads them (``ValueError`` naming a bad choice)."""
        return Variants(
            on=frozenset(v for v in self.variants if v in SWITCHED_VARIANTS),
            reference_track=self.reference_track,
            teams=self.teams(),
        )

    def track_options(self) -> tuple[int, ...]:
        """Longer or Shorter Games: the tracks of one player fewer or more that are in the box."""
        step = rules().variants.longer_or_shorter_games.offset
        tracks = rules().variants.longer_or_shorter_games.tracks
        n = len(self.seats)
        return tuple(t for t in (n - step, n + step) if t in tracks)

    def add(self, name: str) -> None:
        """Seat ``name`` last; ``ValueError`` with a message for the name field."""
        clean = " ".join(name.split())
        if not clean:
            raise ValueError("Type a name")
        if len(clean) > MAX_NAME_LENGTH:
            raise ValueError(f"At most {MAX_NAME_LENGTH} characters")
        seated = next((s for s in self.seats if s.casefold() == clean.casefold()), None)
        if seated is not None:
            raise ValueError(f"{seated} is already seated")
        most = rules().players.max
        if len(self.seats) >= most:
            raise ValueError(f"Mercante seats at most {most} players")
        self.seats.append(clean)

    def remove(self, index: int) -> None:
        if 0 <= index < len(self.seats):
            del self.seats[index]

    def move(self, index: int, offset: int) -> None:
        target = index + offset
        if 0 <= index < len(self.seats) and 0 <= target < len(self.seats):
            self.seats[index], self.seats[target] = self.seats[target], self.seats[index]

    def errors(self, choices: Sequence[EventChoice]) -> dict[FieldKey, str]:
        found: dict[FieldKey, str] = {}
        count = rules().players
        if not count.min <= len(self.seats) <= count.max:
            found[("seats",)] = (
                f"Mercante is for {count.min}–{count.max} players; {len(self.seats)} seated"
            )
        if self.first_event is not None:
            chosen = choice_by_key(choices, self.first_event)
            if chosen is None:
                found[("first_event",)] = "That event card is gone: choose another"
            elif chosen.event.is_fleeting:
                found[("first_event",)] = (
                    f"{chosen.event.name} is Fleeting: discard it and turn over the next card"
                )
        if self.track:
            for market in markets():
                try:
                    parse_printed(self.printed.get(market, ""))
                except ValueError as exc:
                    found[("printed", market)] = str(exc)
        if self.talk_of_peace and (self.partner is None or self.partner not in self.seats[1:]):
            found[("partner",)] = "Choose who plays with the first player"
        elif ("seats",) not in found:
            try:
                self.chosen_variants().check_table(self.seats)
            except MercanteError as exc:
                found[("variants",)] = capitalized(str(exc))
        return found

    def board(self) -> MarketBoard | None:
        if not self.track:
            return None
        return MarketBoard.from_printed(
            {m: parse_printed(self.printed.get(m, "")) for m in markets()}
        )

    def build(self, choices: Sequence[EventChoice], house: HouseRules) -> MercanteGame:
        """The new game; ``ValueError`` with the first problem while :meth:`errors` has any."""
        problems = self.errors(choices)
        if problems:
            raise ValueError(next(iter(problems.values())))
        chosen = choice_by_key(choices, self.first_event)
        return MercanteGame.new(
            self.seats,
            first_event=chosen.event if chosen else None,
            board=self.board(),
            house=house,
            variants=self.chosen_variants(),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats),
            "first_event": self.first_event,
            "track": self.track,
            "printed": dict(self.printed),
            "variants": sorted(self.variants),
            "reference_track": self.reference_track,
            "talk_of_peace": self.talk_of_peace,
            "partner": self.partner,
        }

    @classmethod
    def from_dict(cls, data: object) -> NewGameForm:
        """Lenient: a damaged form is only a form, so anything odd starts it empty."""
        if not isinstance(data, Mapping):
            return cls()
        form = cls()
        for name in data.get("seats", []) if isinstance(data.get("seats"), list) else []:
            try:
                form.add(str(name))
            except ValueError:
                continue
        first = data.get("first_event")
        form.first_event = first if isinstance(first, str) else None
        form.track = data.get("track") is True
        printed = data.get("printed")
        if isinstance(printed, Mapping):
            form.printed = {
                m: str(v)[:400] for m, v in printed.items() if m in markets() and v is not None
            }
        chosen = data.get("variants")
        if isinstance(chosen, list):
            form.variants = {v for v in chosen if v in SWITCHED_VARIANTS}
        track = data.get("reference_track")
        tracks = rules().variants.longer_or_shorter_games.tracks
        form.reference_track = track if isinstance(track, int) and track in tracks else None
        form.talk_of_peace = data.get("talk_of_peace") is True
        partner = data.get("partner")
        form.partner = partner if isinstance(partner, str) and partner in form.seats else None
        return form


# -- the sale calculator -----------------------------------------------------------------------


def token_key(good: str, n: int) -> str:
    """``silk:1`` for the first silk token of a sale: stable while other counts change."""
    return f"{good}:{n}"


def token_label(key: str) -> str:
    """``silk:2`` → ``Silk 2``; ``silk:1`` → ``Silk``."""
    good, _, n = key.partition(":")
    return good_name(good) if n == "1" else f"{good_name(good)} {n}"


@dataclass(frozen=True)
class SaleView:
    """What the sale calculator shows for the current draft."""

    tokens: tuple[tuple[str, str], ...]
    base_errors: dict[str, str]
    missing: tuple[str, ...]
    quote: SaleQuote | None
    what_if: ReactionWhatIf | None
    reaction_error: str | None
    error: str | None
    needed: int
    agents: int
    available: int

    @property
    def goods(self) -> tuple[str, ...]:
        return tuple(g for _, g in self.tokens)

    def token_index(self, key: str) -> int | None:
        return next((i for i, (k, _) in enumerate(self.tokens) if k == key), None)

    @property
    def bazaar_total(self) -> int:
        return bazaar_price() * len(self.tokens)

    @property
    def ready(self) -> bool:
        return self.quote is not None and self.error is None and self.reaction_error is None


@dataclass
class ReactionDraft:
    """One Reaction being tried on the sale: the card (an event choice key), the token it is
    played on (a token key) and who plays it (``None``: not noted)."""

    card: str | None = None
    on: str | None = None
    by: str | None = None

    def to_list(self) -> list[str | None]:
        return [self.card, self.on, self.by]


@dataclass
class SaleDraft:
    """The sale being worked out: how many of each good, the printed values typed, which
    tokens go to the bazaar, the agents hiring dockworkers and the Reactions tried on it (in
    the order played)."""

    counts: dict[str, int] = field(default_factory=dict)
    bases: dict[str, str] = field(default_factory=dict)
    bazaar: set[str] = field(default_factory=set)
    agents: int | None = None
    reactions: list[ReactionDraft] = field(default_factory=list)
    contract_vp: str = ""

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def tokens(self) -> tuple[tuple[str, str], ...]:
        """``(key, good)`` for each token, in board order."""
        return tuple(
            (token_key(good, n), good)
            for good in goods()
            for n in range(1, self.counts.get(good, 0) + 1)
        )

    def set_count(self, good: str, count: int) -> None:
        """At most a full house of goods (3 warehouses × 3) in one sale, never below 0."""
        market_of(good)
        others = self.total - self.counts.get(good, 0)
        count = max(0, min(count, max_goods_left() - others))
        if count:
            self.counts[good] = count
        else:
            self.counts.pop(good, None)
        keys = {k for k, _ in self.tokens()}
        self.bases = {k: v for k, v in self.bases.items() if k in keys}
        self.bazaar &= keys
        for reaction in self.reactions:
            if reaction.on not in keys:
                reaction.on = None

    def remove_token(self, key: str) -> None:
        """Take one token out of the sale; the same good's later tokens move up a place and
        keep what was typed for them (its value, bazaar or not, the Reactions on it)."""
        good, _, number = key.partition(":")
        count = self.counts.get(good, 0)
        if not number.isdigit() or not 1 <= int(number) <= count:
            return
        gone = int(number)
        prefix = f"{good}:"
        bases = {k: v for k, v in self.bases.items() if not k.startswith(prefix)}
        bazaar = {k for k in self.bazaar if not k.startswith(prefix)}
        moved: dict[str, str | None] = {key: None}
        for n in range(1, count + 1):
            if n == gone:
                continue
            old, new = token_key(good, n), token_key(good, n - 1 if n > gone else n)
            moved[old] = new
            if old in self.bases:
                bases[new] = self.bases[old]
            if old in self.bazaar:
                bazaar.add(new)
        for reaction in self.reactions:
            if reaction.on in moved:
                reaction.on = moved[reaction.on]
        self.bases, self.bazaar = bases, bazaar
        self.set_count(good, count - 1)

    def clear(self) -> None:
        self.counts.clear()
        self.bases.clear()
        self.bazaar.clear()
        self.agents = None
        self.reactions = []
        self.contract_vp = ""

    # -- Reactions ---------------------------------------------------------------------------

    def add_reaction(self) -> None:
        self.reactions.append(ReactionDraft())

    def remove_reaction(self, index: int) -> None:
        if 0 <= index < len(self.reactions):
            del self.reactions[index]

    def set_reaction(self, index: int, card: str | None, choices: Sequence[EventChoice]) -> None:
        """Choose reaction ``index``'s card; its token becomes the first it may be played on
        when the one chosen no longer fits."""
        while len(self.reactions) <= index:
            self.reactions.append(ReactionDraft())
        reaction = self.reactions[index]
        reaction.card = card
        options = self.reaction_tokens(index, choices)
        if reaction.on not in options:
            reaction.on = options[0] if options else None

    def reaction_event(self, index: int, choices: Sequence[EventChoice]) -> Event | None:
        if not 0 <= index < len(self.reactions):
            return None
        chosen = choice_by_key(choices, self.reactions[index].card)
        return chosen.event if chosen is not None and chosen.event.reaction else None

    def reaction_options(self, choices: Sequence[EventChoice]) -> tuple[EventChoice, ...]:
        """Reaction events that change the price of at least one token being sold."""
        sold = {g for k, g in self.tokens() if k not in self.bazaar}
        return tuple(
            c
            for c in choices
            if c.event.reaction and any(reaction_is_legal(c.event, g) for g in sold)
        )

    def reaction_tokens(self, index: int, choices: Sequence[EventChoice]) -> tuple[str, ...]:
        """Keys of the tokens reaction ``index`` may be played on (not bazaar-bound)."""
        event = self.reaction_event(index, choices)
        if event is None:
            return ()
        return tuple(
            k for k, g in self.tokens() if k not in self.bazaar and legal_reactions((event,), g)
        )

    def played(
        self, tokens: Sequence[tuple[str, str]], choices: Sequence[EventChoice]
    ) -> tuple[tuple[Reaction, ...], str | None]:
        """The Reactions tried, as the engine reads them (card, player, token position), and
        the first one not ready yet (a card without its token)."""
        found: list[Reaction] = []
        problem = None
        keys = [k for k, _ in tokens]
        for i, draft in enumerate(self.reactions):
            event = self.reaction_event(i, choices)
            if event is None:
                continue
            if draft.on not in keys:
                problem = problem or f"Choose the token {event.name} is played on"
                continue
            found.append(Reaction(event, draft.by, keys.index(draft.on)))
        return tuple(found), problem

    # -- pricing -----------------------------------------------------------------------------

    def evaluate(self, game: MercanteGame, choices: Sequence[EventChoice]) -> SaleView:
        """Price the draft on ``game`` (changes nothing)."""
        tokens = self.tokens()
        available = game.agents_left()  # this turn's agents not assigned yet
        base_errors: dict[str, str] = {}
        missing: list[str] = []
        bases: list[int | None] = []
        closed = set(game.calendar.closed_markets())
        for key, good in tokens:
            if key in self.bazaar or game.board is not None or market_of(good) in closed:
                bases.append(None)
                continue
            text = self.bases.get(key, "")
            if not text.strip():
                missing.append(key)
                bases.append(None)
                continue
            try:
                value = parse_whole(text)
            except ValueError as exc:
                base_errors[key] = str(exc)
                bases.append(None)
                continue
            if value < 1:
                base_errors[key] = "Printed values are 1 crown or more"
                bases.append(None)
                continue
            bases.append(value)
        bazaar = {i for i, (k, _) in enumerate(tokens) if k in self.bazaar}
        bound = [
            g for i, (_, g) in enumerate(tokens) if i not in bazaar and market_of(g) not in closed
        ]
        needed = cartage_points(bound)
        view = SaleView(
            tokens=tokens,
            base_errors=base_errors,
            missing=tuple(missing),
            quote=None,
            what_if=None,
            reaction_error=None,
            error=None,
            needed=needed,
            agents=self._agents(needed, available),
            available=available,
        )
        if not tokens or base_errors or missing:
            return view
        sold = [g for _, g in tokens]
        arguments: dict[str, Any] = {
            "bazaar": bazaar,
            "board": game.board,
            "bases": None if game.board is not None else tuple(bases),
            "house": game.house,
        }
        try:
            plain = quote_sale(sold, game.calendar, **arguments)
        except MercanteError as exc:
            return replace(view, error=capitalized(str(exc)))
        view = self._with_quote(view, plain)
        played, problem = self.played(tokens, choices)
        if problem is not None:
            view = replace(view, reaction_error=problem)
        if not played:
            return view
        try:
            what_if = reaction_what_if(sold, game.calendar, reactions=played, **arguments)
        except MercanteError as exc:
            return replace(view, reaction_error=capitalized(str(exc)))
        view = self._with_quote(view, what_if.with_reaction)
        without = replace(what_if.without, cartage=CartageCheck(plain.cartage.needed, view.agents))
        return replace(view, what_if=ReactionWhatIf(without, view.quote))  # type: ignore[arg-type]

    def _agents(self, needed: int, available: int) -> int:
        """The agents hiring dockworkers: as chosen, else just enough (if the player has them)."""
        agents = self.agents if self.agents is not None else needed
        return max(0, min(agents, available))

    def _with_quote(self, view: SaleView, quote: SaleQuote) -> SaleView:
        needed = quote.cartage.needed
        agents = self._agents(needed, view.available)
        return replace(
            view,
            quote=replace(quote, cartage=CartageCheck(needed, agents)),
            needed=needed,
            agents=agents,
        )

    @staticmethod
    def goods_of(tokens: Sequence[tuple[str, str]]) -> tuple[str, ...]:
        return tuple(g for _, g in tokens)

    def contract_points(self) -> int | None:
        """Victory points of contracts the sale completes, as typed (``None``: not a number)."""
        try:
            return parse_count(self.contract_vp, blank=0)
        except ValueError:
            return None

    def sell_arguments(
        self, game: MercanteGame, view: SaleView, choices: Sequence[EventChoice]
    ) -> dict[str, Any]:
        """Keyword arguments for :meth:`MercanteGame.sell` matching what the screen shows."""
        tokens = view.tokens
        bazaar = tuple(i for i, (k, _) in enumerate(tokens) if k in self.bazaar)
        bases: tuple[int | None, ...] | None = None
        if game.board is None and view.quote is not None:
            bases = tuple(
                t.base for t in (view.what_if.without if view.what_if else view.quote).tokens
            )
        played = view.quote.reactions if view.what_if is not None and view.quote else ()
        return {
            "goods": view.goods,
            "agents": view.agents,
            "bazaar": bazaar,
            "bases": bases,
            "reactions": played,
            "contract_vp": self.contract_points() or 0,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "counts": dict(self.counts),
            "bases": dict(self.bases),
            "bazaar": sorted(self.bazaar),
            "agents": self.agents,
            "reactions": [r.to_list() for r in self.reactions],
            "contract_vp": self.contract_vp,
        }

    @classmethod
    def from_dict(cls, data: object) -> SaleDraft:
        """Lenient: an unreadable draft is an empty one (the game itself is what matters)."""
        draft = cls()
        if not isinstance(data, Mapping):
            return draft
        counts = data.get("counts")
        if isinstance(counts, Mapping):
            for good, count in counts.items():
                if good in goods() and isinstance(count, int) and not isinstance(count, bool):
                    draft.set_count(good, count)
        keys = {k for k, _ in draft.tokens()}
        bases = data.get("bases")
        if isinstance(bases, Mapping):
            draft.bases = {k: str(v)[:12] for k, v in bases.items() if k in keys}
        bazaar = data.get("bazaar")
        if isinstance(bazaar, list):
            draft.bazaar = {k for k in bazaar if k in keys}
        agents = data.get("agents")
        if isinstance(agents, int) and not isinstance(agents, bool) and 0 <= agents <= 4:
            draft.agents = agents
        raw = data.get("reactions")
        rows: list[Any] = raw[:8] if isinstance(raw, list) else []
        if isinstance(data.get("reaction"), str):  # a draft saved with one Reaction
            rows = [[data.get("reaction"), data.get("reaction_on"), data.get("reaction_by")]]
        for row in rows:
            if not isinstance(row, list) or len(row) != 3:
                continue
            card, on, by = (v if isinstance(v, str) else None for v in row)
            draft.reactions.append(ReactionDraft(card, on if on in keys else None, by))
        vp = data.get("contract_vp")
        draft.contract_vp = vp[:6] if isinstance(vp, str) else ""
        return draft


def cartage_line(view: SaleView) -> str:
    """``Needs 3 cartage points: 3 of Anna's 3 agents hire dockworkers.``"""
    if view.needed == 0:
        return "No cartage needed: nothing goes to a market."
    need = f"Needs {plural(view.needed, 'cartage point')}"
    if view.agents >= view.needed:
        return f"{need}: {plural(view.agents, 'agent')} on Hire Dockworkers is enough."
    short = view.needed - view.agents
    return (
        f"{need}, but {plural(view.agents, 'agent')} on Hire Dockworkers give {view.agents}: "
        f"{short} short."
    )


def bazaar_line(view: SaleView) -> str:
    """``All to the bazaar instead: 2 × 3 = 6 crowns, no agents needed.``"""
    count = len(view.tokens)
    return (
        f"All to the bazaar instead: {count} × {bazaar_price()} = "
        f"{plural(view.bazaar_total, 'crown')}, "
        "no agents needed."
    )


# -- upkeep ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CostLine:
    market: str
    name: str
    cost: str
    most: int


def cost_lines(costs: UpkeepCosts) -> tuple[CostLine, ...]:
    """Each market's removal cost in points and how many of its tokens the points remove."""
    return tuple(
        CostLine(m, market_name(m), points_text(c), costs.most_tokens(m)) for m, c in costs.costs
    )


def upkeep_headline(costs: UpkeepCosts) -> str:
    """``4 players: the upkeep marker holder gets 2 removal points.``"""
    text = (
        f"{costs.players} players: the upkeep marker holder gets "
        f"{plural(costs.points, 'removal point')}"
    )
    if costs.resolved_as != costs.players:
        text += f" (upkeep resolved as for {costs.resolved_as} players)"
    return text + "."


def when_text(turns: int) -> str:
    if turns == 0:
        return "This turn"
    if turns == 1:
        return "Next turn"
    return f"In {turns} turns"


def schedule_lines(turns: Sequence[UpkeepTurn]) -> tuple[str, ...]:
    """``This turn: Dev's upkeep, then the marker goes to Cleo.``"""
    return tuple(
        f"{when_text(t.turns_from_now)}: {t.player}'s upkeep, then the marker goes to "
        f"{t.passes_to}."
        for t in turns
    )


def removal_cost_text(removals: Mapping[str, int], costs: UpkeepCosts) -> str:
    """``1 luxuries (2) = 2 of 2 points``."""
    spent = sum((costs.cost(m) * n for m, n in removals.items()), Fraction(0))
    parts = [
        f"{n} {market_name(m).lower()} ({points_text(costs.cost(m) * n)})"
        for m, n in removals.items()
        if n
    ]
    head = " + ".join(parts) if parts else "Nothing chosen"
    return f"{head} = {points_text(spent)} of {plural(costs.points, 'point')}"


# -- the log -----------------------------------------------------------------------------------


def discarded_events(game: MercanteGame) -> tuple[str, ...]:
    """Events that left play this game, oldest first: pushed off C or resolved as Fleeting."""
    gone: list[str] = []
    for record in game.log:
        if isinstance(record, EventRecord | ManipulateRecord) and record.event is not None:
            if record.event.is_fleeting:
                gone.append(f"{record.event.name} (Fleeting, resolved)")
            if record.pushed_out is not None:
                gone.append(f"{record.pushed_out.name} (pushed off C)")
        elif isinstance(record, SaleRecord):
            for reaction in record.quote.reactions:
                if reaction.event.is_fleeting:
                    gone.append(f"{reaction.event.name} (Fleeting Reaction, resolved)")
            gone.extend(f"{event.name} (pushed off C)" for event in record.quote.pushed)
    return tuple(gone)


def last_calendar_change(game: MercanteGame) -> str | None:
    """The summary of the last action if it changed the calendar or played an event."""
    if not game.log:
        return None
    record = game.log[-1]
    played = isinstance(record, EventRecord | ManipulateRecord) and record.event is not None
    if played or record.changes_calendar:
        return record.summary
    return None


# -- the final tally ---------------------------------------------------------------------------


#: The tally's fields in screen order: the counts two to a phone row, then each list with the
#: count it belongs to. "unfulfilled" is the number of contracts still open (0: none) and
#: "penalties" their penalties; "completed" the victory points of each contract the end-of-game
#: bazaar completes and "completed_goods" the goods those contracts take.
TALLY_FIELDS: tuple[tuple[str, str], ...] = (
    ("vp", "VP tokens"),
    ("crowns", "Crowns"),
    ("goods", "Goods left"),
    ("bought", "VP bought"),
    ("unfulfilled", "Unfulfilled contracts"),
    ("penalties", "Their penalties"),
    ("completed", "Contracts done at the end"),
    ("completed_goods", "Goods they take"),
)


@dataclass
class TallyRow:
    """One player's end-of-game figures as typed."""

    name: str
    vp: str = ""
    crowns: str = ""
    goods: str = ""
    completed: str = ""
    completed_goods: str = ""
    unfulfilled: str = ""
    penalties: str = ""
    bought: str = ""

    def get(self, name: str) -> str:
        value = getattr(self, name)
        assert isinstance(value, str)
        return value


@dataclass
class TallyDraft:
    """The final tally form and the end-of-game checklist."""

    rows: list[TallyRow] = field(default_factory=list)
    ticked: set[str] = field(default_factory=set)

    @classmethod
    def for_seats(cls, seats: Sequence[str]) -> TallyDraft:
        return cls(rows=[TallyRow(name) for name in seats])

    def matches(self, seats: Sequence[str]) -> bool:
        return [r.name for r in self.rows] == list(seats)

    def set(self, index: int, name: str, value: str) -> None:
        if name not in {n for n, _ in TALLY_FIELDS}:
            raise KeyError(name)
        setattr(self.rows[index], name, value)

    def row_errors(self, index: int) -> dict[str, str]:
        row = self.rows[index]
        found: dict[str, str] = {}
        values: dict[str, Any] = {}
        counts = (
            ("vp", None),
            ("crowns", None),
            ("goods", 0),
            ("bought", 0),
            ("unfulfilled", 0),
            ("completed_goods", -1),
        )
        for name, blank in counts:
            try:
                values[name] = parse_count(row.get(name), blank=blank)
            except ValueError as exc:
                found[name] = str(exc)
        for name, what in (("completed", "victory point value"), ("penalties", "penalty")):
            try:
                values[name] = parse_numbers(row.get(name), what=what)
            except ValueError as exc:
                found[name] = str(exc)
                continue
            if any(v < 1 for v in values[name]):
                found[name] = f"A contract's {what} is at least 1"
        most = max_goods_left()
        goods_left = values.get("goods")
        if goods_left is not None and goods_left > most:
            found["goods"] = f"3 warehouses hold at most {most}"
        open_count, penalties = values.get("unfulfilled"), values.get("penalties")
        if open_count is not None and penalties is not None and "penalties" not in found:
            if open_count == 0 and penalties:
                found["penalties"] = "No unfulfilled contracts: leave this empty, or count them"
            elif len(penalties) != open_count:
                found["penalties"] = (
                    f"{open_count} contracts: give {open_count} penalties, e.g. 2, 3"
                    if open_count > 1
                    else "1 contract: give its penalty, e.g. 2"
                )
        done, needed = values.get("completed"), values.get("completed_goods")
        if done is not None and needed is not None and "completed" not in found:
            take = len(done) if needed == -1 else needed
            top = 3 * len(done)
            if needed != -1 and not done and needed:
                found["completed_goods"] = "No contract done at the end: leave this empty"
            elif needed != -1 and done and not len(done) <= take <= top:
                found["completed_goods"] = (
                    f"{plural(len(done), 'contract')} take {len(done)} to {top} goods"
                )
            elif goods_left is not None and take > goods_left and "goods" not in found:
                field_name = "completed_goods" if needed != -1 else "completed"
                found[field_name] = (
                    f"They take {plural(take, 'good')}; only {goods_left} left to sell"
                )
        bought, crowns = values.get("bought"), values.get("crowns")
        if (
            bought is not None
            and crowns is not None
            and goods_left is not None
            and "goods" not in found
        ):
            most_vp = affordable_vp(crowns + goods_left * bazaar_price())
            if bought > most_vp:
                found["bought"] = f"{row.name} can afford at most {most_vp}"
        return found

    def errors(self) -> dict[FieldKey, str]:
        found: dict[FieldKey, str] = {}
        for i in range(len(self.rows)):
            for name, message in self.row_errors(i).items():
                found[(name, i)] = message
        return found

    def entry(self, index: int) -> PlayerTally | None:
        """The engine's tally of one row, or ``None`` while it has an error."""
        if self.row_errors(index):
            return None
        row = self.rows[index]
        needed = parse_count(row.completed_goods, blank=-1)
        return PlayerTally(
            name=row.name,
            vp_tokens=parse_count(row.vp),
            crowns=parse_count(row.crowns),
            goods_left=parse_count(row.goods, blank=0),
            completed_at_end=parse_numbers(row.completed),
            unfulfilled=parse_numbers(row.penalties),
            vp_bought=parse_count(row.bought, blank=0),
            completed_goods=None if needed == -1 else needed,
        )

    def affordable(self, index: int) -> int | None:
        """Victory points a player could buy after the bazaar, once crowns are typed."""
        row = self.rows[index]
        try:
            crowns = parse_count(row.crowns)
            goods_left = parse_count(row.goods, blank=0, maximum=max_goods_left())
        except ValueError:
            return None
        return affordable_vp(crowns + goods_left * bazaar_price())

    def tally(self, house: HouseRules | None = None) -> FinalTally | None:
        """Every player's line and the standings, once every row is complete and valid."""
        entries = [self.entry(i) for i in range(len(self.rows))]
        if not entries or any(e is None for e in entries):
            return None
        return final_tally([e for e in entries if e is not None], house=house or HouseRules())

    def crowns_typed(self) -> dict[str, int]:
        found = {}
        for row in self.rows:
            try:
                found[row.name] = parse_count(row.crowns)
            except ValueError:
                continue
        return found

    def triggers(self) -> dict[str, tuple[bool, str]]:
        """Each end trigger: met?, and the people behind the crowns one if computed."""
        hits = {
            t.id: t
            for t in end_triggers(
                self.crowns_typed(),
                reference_at_last_space="reference_track" in self.ticked,
                last_shipment_in_harbor="last_shipment" in self.ticked,
            )
        }
        found = {}
        for trigger in rules().game_end.trigger:
            hit = hits.get(trigger.id)
            who = ", ".join(hit.players) if hit and hit.players else ""
            found[trigger.id] = (hit is not None or trigger.id in self.ticked, who)
        return found

    def game_over(self) -> bool:
        return any(met for met, _ in self.triggers().values())

    def to_dict(self) -> dict[str, Any]:
        return {
            "rows": [{"name": r.name, **{n: r.get(n) for n, _ in TALLY_FIELDS}} for r in self.rows],
            "ticked": sorted(self.ticked),
        }

    @classmethod
    def from_dict(cls, data: object, seats: Sequence[str]) -> TallyDraft:
        """Lenient: rows are matched to the game's seats by name; anything odd is dropped."""
        draft = cls.for_seats(seats)
        if not isinstance(data, Mapping):
            return draft
        rows = data.get("rows")
        by_name = {}
        if isinstance(rows, list):
            by_name = {r.get("name"): r for r in rows if isinstance(r, Mapping)}
        for row in draft.rows:
            saved = by_name.get(row.name)
            if saved is None:
                continue
            for name, _ in TALLY_FIELDS:
                value = saved.get(name)
                if isinstance(value, str):
                    setattr(row, name, value[:60])
            if "penalties" not in saved and isinstance(saved.get("unfulfilled"), str):
                # Saved before the count had its own field: "unfulfilled" held the penalties.
                row.penalties = row.unfulfilled
                try:
                    row.unfulfilled = (
                        str(len(parse_numbers(row.penalties))) if row.penalties else ""
                    )
                except ValueError:
                    row.unfulfilled = ""
        ticked = data.get("ticked")
        known = {t.id for t in rules().game_end.trigger}
        if isinstance(ticked, list):
            draft.ticked = {t for t in ticked if t in known}
        return draft


def tally_working(line: TallyLine) -> tuple[str, str]:
    """Two lines of working: the crowns, then the score.

    ``('Crowns: 31 + 2 goods × 3 = 37; 3 VP × 10 = 30; 7 left',
    'Score: 7 VP + 2 from contracts + 3 bought = 12; − 4 penalties = 8')``
    """
    tally = line.tally
    crowns = f"Crowns: {tally.crowns}"
    if tally.goods_left:
        crowns += (
            f" + {plural(tally.goods_left, 'good')} × {bazaar_price()} = {line.crowns_before_vp}"
        )
    if tally.vp_bought:
        crowns += f"; {tally.vp_bought} VP × {vp_price()} = {line.vp_cost}"
    crowns += f"; {line.crowns_left} left"
    parts = [f"{tally.vp_tokens} VP"]
    if line.vp_from_contracts:
        parts.append(f"{line.vp_from_contracts} from contracts")
    if tally.vp_bought:
        parts.append(f"{tally.vp_bought} bought")
    score = "Score: " + " + ".join(parts)
    if len(parts) > 1:
        score += f" = {line.vp_total}"
    if line.penalty:
        score += f"; − {line.penalty} in penalties = {line.score}"
    elif len(parts) == 1:
        score += f" = {line.score}"
    return crowns, score


def record_arguments(
    tally: FinalTally,
    seats: Sequence[str],
    catalogue: Catalogue,
    *,
    house: HouseRules | None = None,
) -> dict[str, Any]:
    """``Store.record_play`` arguments for a finished tally, with the game's own categories and
    tie-breakers (``data/games.toml``): victory points, penalties (negative), crowns left and
    unfulfilled contracts.

    The tie-breakers decide the victor only (ruling ``mercante.tiebreak_first_place``), so a
    player tied on a lower score, or beaten to the victory by a tie-breaker, is saved without
    tie-breaker values: history then ranks them as the tally does, sharing the place.
    """
    game = catalogue.game(GAME_ID)
    vp_category, penalty_category = game.categories
    lines = {line.name: line for line in tally.lines}
    every_place = (house or HouseRules()).tiebreak_every_place
    winners = {s.name for s in tally.standings if s.winner}
    scores = [lines[name].score for name in seats]

    def values(name: str) -> list[int | None]:
        line = lines[name]
        if every_place or name in winners or scores.count(line.score) == 1:
            return [line.crowns_left, len(line.tally.unfulfilled)]
        return [None, None]

    return {
        "game": GAME_ID,
        "results": [(name, lines[name].score) for name in seats],
        "seats": list(seats),
        "start_player": seats[0],
        "breakdowns": {
            name: {vp_category: lines[name].vp_total, penalty_category: -lines[name].penalty}
            for name in seats
        },
        "tiebreakers": [(t.name, t.higher_wins) for t in game.tiebreakers],
        "tiebreak_values": {name: values(name) for name in seats},
    }


# -- the turn ---------------------------------------------------------------------------------

STEP_TEXT: dict[str, str] = {
    "remove_goods": "Upkeep 1 of 4: take tokens off the markets",
    "apply_event": "Upkeep 2 of 4: apply one event",
    "auction_vp": "Upkeep 3 of 4: auction the victory points on the marker",
    "pass_marker": "Upkeep 4 of 4: pass the upkeep marker",
    "shipment": "Shipment auction, then the agents",
    "agents": "Assign agents",
}


@dataclass(frozen=True)
class TurnStatus:
    """What the turn banner says on every tab: whose turn, where the turn stands, the agents
    left, the upkeep marker, and whether the turn can end now (and if not, why)."""

    title: str
    step: str
    agents: str
    marker: str
    can_end: bool
    end_label: str
    why_not: str | None


def turn_status(game: MercanteGame) -> TurnStatus:
    step = STEP_TEXT[game.step or "shipment"]
    if game.step == "auction_vp":
        held = game.vp_auctions_held()
        step += f" (token {held + 1} of {held + game.vp_auctions_left})"
    auction = game.auction
    if auction is not None and auction.next_bidder is not None:
        lot = auction.current
        least = auction.minimum_bid or 0
        label = lot.label if lot is not None else "the lot"
        step = (
            f"Shipment auction, {label}: {auction.next_bidder} to bid "
            f"(at least {plural(least, 'crown')})"
        )
    usable = game.usable_agents()
    left = game.agents_left()
    agents = f"{left} of {plural(usable, 'agent')} left"
    if game.new_agents:
        agents += f" ({game.new_agents} bought, working next turn)"
    upkeep = game.next_upkeeps(1)
    if game.is_upkeep_turn:
        marker = f"{game.active} holds the upkeep marker"
    elif upkeep:
        when = when_text(upkeep[0].turns_from_now).lower()
        marker = f"Upkeep marker: {game.upkeep_holder} · upkeep {when}"
    else:
        marker = f"Upkeep marker: {game.upkeep_holder}"
    if game.vp_on_marker:
        marker += f" · {plural(game.vp_on_marker, 'VP token')} on it"
    try:
        nxt = game.verify_end_turn()
        why = None
    except MercanteError as exc:
        nxt, why = game.next_player, capitalized(str(exc))
    return TurnStatus(
        title=f"{game.active}'s turn",
        step=step,
        agents=f"{agents} · {nxt} next",
        marker=marker,
        can_end=why is None,
        end_label=f"End turn: {nxt} next",
        why_not=why,
    )


def show_vp_bids(game: MercanteGame) -> bool:
    """The victory point bid boxes are wanted only while a token on the marker is auctioned."""
    return game.step == "auction_vp" and game.vp_auctions_left > 0


@dataclass
class ShipmentDraft:
    """The shipment card being typed in for the auction helper, and the bid being typed."""

    goods: list[str] = field(default_factory=list)
    minimums: list[str] = field(default_factory=list)
    lot_minimum: str = ""
    single_lot: bool = False
    bid: str = ""

    def add(self, good: str) -> None:
        market_of(good)
        if len(self.goods) < rules().shipment_auction.most_tokens:
            self.goods.append(good)
            self.minimums.append("")

    def remove(self, index: int) -> None:
        if 0 <= index < len(self.goods):
            del self.goods[index]
            del self.minimums[index]

    def errors(self) -> dict[FieldKey, str]:
        """Problems keyed by field: ``("minimum", i)``, ``("lot_minimum",)``, ``("goods",)``."""
        found: dict[FieldKey, str] = {}
        if not self.goods:
            found[("goods",)] = "Add the goods on the card, top to bottom"
        for i, text in enumerate(self.minimums):
            try:
                value = parse_count(text)
            except ValueError as exc:
                found[("minimum", i)] = str(exc)
                continue
            if value < 1:
                found[("minimum", i)] = "1 crown or more"
        if self.single_lot and len(self.goods) > 1:
            try:
                if parse_count(self.lot_minimum) < 1:
                    found[("lot_minimum",)] = "1 crown or more"
            except ValueError as exc:
                found[("lot_minimum",)] = str(exc)
        if not found:
            try:
                self.shipment()
            except MercanteError as exc:
                found[("goods",)] = capitalized(str(exc))
        return found

    def shipment(self) -> Shipment:
        lot = parse_count(self.lot_minimum) if self.lot_minimum.strip() else None
        return Shipment(tuple(self.goods), tuple(parse_count(m) for m in self.minimums), lot)

    def clear(self) -> None:
        self.goods, self.minimums, self.lot_minimum = [], [], ""
        self.single_lot, self.bid = False, ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "goods": list(self.goods),
            "minimums": list(self.minimums),
            "lot_minimum": self.lot_minimum,
            "single_lot": self.single_lot,
            "bid": self.bid,
        }

    @classmethod
    def from_dict(cls, data: object) -> ShipmentDraft:
        """Lenient: what cannot be read is left blank."""
        draft = cls()
        if not isinstance(data, Mapping):
            return draft
        listed = data.get("goods")
        minimums = data.get("minimums")
        if isinstance(listed, list) and isinstance(minimums, list):
            for good, minimum in zip(listed, minimums, strict=False):
                if good in goods() and len(draft.goods) < 3:
                    draft.goods.append(good)
                    draft.minimums.append(str(minimum)[:6])
        draft.lot_minimum = str(data.get("lot_minimum", ""))[:6]
        draft.single_lot = data.get("single_lot") is True
        draft.bid = str(data.get("bid", ""))[:6]
        return draft


def lot_lines(game: MercanteGame) -> tuple[str, ...]:
    """How this turn's shipment lots went, and the bids of the lot under way."""
    lines = [r.summary for r in game.auction_results()]
    auction = game.auction
    if auction is not None and auction.bids:
        bids = ", ".join(
            f"{name} passed" if amount is None else f"{name} {amount}"
            for name, amount in auction.bids
        )
        lines.append(f"Bids so far: {bids}.")
    return tuple(lines)


def team_lines(game: MercanteGame) -> tuple[str, ...]:
    """Talk of Peace: each team, the victory point tokens the app counted for it, the goal."""
    variant = rules().variants.talk_of_peace
    lines = []
    for team in game.variants.teams:
        vp = sum(game.player(n).vp for n in team)
        lines.append(
            f"{' and '.join(team)}: {plural(vp, 'VP token')} counted of the "
            f"{variant.victory_points} to win"
        )
    return tuple(lines)


def talk_of_peace_goal(house: HouseRules) -> str:
    variant = rules().variants.talk_of_peace
    who = "one teammate alone" if house.talk_of_peace_individual else "the team together"
    return (
        f"The first team to {variant.crowns} crowns or {variant.victory_points} victory points "
        f"wins, counted for {who}. Teammates may complete each other's contracts and give each "
        "other goods and crowns."
    )


# -- the whole screen's state ------------------------------------------------------------------


@dataclass
class MercanteState:
    """The game in progress (or the new-game form) and the drafts beside it."""

    game: MercanteGame | None = None
    form: NewGameForm = field(default_factory=NewGameForm)
    sale: SaleDraft = field(default_factory=SaleDraft)
    tally: TallyDraft = field(default_factory=TallyDraft)
    kept: dict[str, list[int]] = field(default_factory=dict)  # contracts kept at setup
    shipment: ShipmentDraft = field(default_factory=lambda: ShipmentDraft())
    saved_play: int | None = None
    setup_ticks: list[str] = field(default_factory=list)  # ids of setup steps done

    def start(self, game: MercanteGame) -> None:
        """Begin ``game``: fresh drafts for its seats."""
        self.game = game
        self.sale = SaleDraft()
        self.tally = TallyDraft.for_seats(game.seats)
        self.kept = {}
        self.shipment = ShipmentDraft()
        self.saved_play = None
        self.setup_ticks = []

    def tick_setup_step(self, step_id: str, done: bool) -> None:
        """Mark a setup step done or not (kept in step order of first ticking)."""
        if done and step_id not in self.setup_ticks:
            self.setup_ticks.append(step_id)
        elif not done and step_id in self.setup_ticks:
            self.setup_ticks.remove(step_id)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            "game": None if self.game is None else self.game.to_dict(),
            "form": self.form.to_dict(),
            "sale": self.sale.to_dict(),
            "tally": self.tally.to_dict(),
            "kept": {n: list(v) for n, v in self.kept.items()},
            "shipment": self.shipment.to_dict(),
            "saved_play": self.saved_play,
            "setup_ticks": list(self.setup_ticks),
        }

    @classmethod
    def from_dict(cls, data: object) -> MercanteState:
        """Read the saved screen back. ``None`` (never saved) is an empty state; a game that
        cannot be replayed raises :class:`StateError` saying why."""
        if data is None:
            return cls()
        data = check_header(
            data,
            what="the saved Mercante game",
            format=STATE_FORMAT,
            version=STATE_VERSION,
            error=StateError,
        )
        state = cls(form=NewGameForm.from_dict(data.get("form")))
        raw_game = data.get("game")
        if raw_game is not None:
            state.game = replay_game(
                MercanteGame.from_dict, raw_game, rules_error=MercanteError, error=StateError
            )
            seats = state.game.seats
            state.sale = SaleDraft.from_dict(data.get("sale"))
            state.tally = TallyDraft.from_dict(data.get("tally"), seats)
            kept = data.get("kept")
            values = {v.crowns for v in facts().deck.value}
            if isinstance(kept, Mapping):
                for name, value in kept.items():
                    listed = [value] if isinstance(value, int) else value  # one contract, saved
                    if name in seats and isinstance(listed, list):
                        chosen = [v for v in listed if isinstance(v, int) and v in values]
                        if chosen:
                            state.kept[name] = chosen[:3]
            state.shipment = ShipmentDraft.from_dict(data.get("shipment"))
            state.saved_play = saved_play(data.get("saved_play"))
            ticks = data.get("setup_ticks", [])  # absent in saves made before it existed
            if isinstance(ticks, list):
                state.setup_ticks = [t for t in ticks if isinstance(t, str)][:200]
        return state

    def sync_house_rules(self, house: HouseRules) -> str | None:
        """Play the game by ``house`` (the rules chosen in Settings). Returns a message when
        the game's log cannot be replayed under them (the game then keeps its rules)."""
        if self.game is None or self.game.house == house:
            return None
        try:
            self.game = self.game.with_house_rules(house)
        except MercanteError as exc:
            return (
                "This game keeps the house rules it was played with: an action already taken "
                f"is not allowed under the new ones ({exc})."
            )
        return None


def sale_needs_printed(game: MercanteGame) -> bool:
    return game.board is None


def next_space_text(game: MercanteGame, market: str) -> str:
    """``Next space: 20`` or ``Full`` for a tracked market."""
    if game.board is None:
        return ""
    tracked = game.board.market(market)
    if tracked.is_full:
        return f"Full ({tracked.covered} of {len(tracked.spaces)} spaces)"
    return f"Next space: {tracked.next_value} ({tracked.covered} of {len(tracked.spaces)} covered)"


__all__ = [
    "CUSTOM",
    "DAMAGED_KEY",
    "EVENT_DRAFT_KEY",
    "GAME_KEY",
    "PRINTED_KEY",
    "RULEBOOK",
    "STEP_TEXT",
    "SWITCHED_VARIANTS",
    "TABS",
    "TAB_ALIASES",
    "TALLY_FIELDS",
    "CostLine",
    "DamagedCard",
    "EffectDraft",
    "EventChoice",
    "EventDraft",
    "MercanteState",
    "NewGameForm",
    "ReactionDraft",
    "SaleDraft",
    "SaleView",
    "ShipmentDraft",
    "StateError",
    "TallyDraft",
    "TallyRow",
    "TurnStatus",
    "bazaar_line",
    "cartage_line",
    "choice_by_key",
    "cost_lines",
    "discarded_events",
    "event_choices",
    "filter_choices",
    "good_name",
    "house_rules_from",
    "last_calendar_change",
    "lot_lines",
    "market_name",
    "next_space_text",
    "parse_count",
    "parse_numbers",
    "parse_printed",
    "plural",
    "points_text",
    "record_arguments",
    "removal_cost_text",
    "sale_needs_printed",
    "schedule_lines",
    "show_vp_bids",
    "signed",
    "talk_of_peace_goal",
    "tally_working",
    "targets",
    "team_lines",
    "token_key",
    "token_label",
    "turn_status",
    "upkeep_headline",
    "when_text",
]
