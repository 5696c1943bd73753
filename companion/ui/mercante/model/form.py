"""The new-game form (:class:`NewGameForm`): players in turn order, the first event, the
market board's printed values if the group tracks it, and the variants."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.engine.core.players import MAX_NAME_LENGTH
from companion.engine.mercante import (
    ALTERNATE_FIVE_PLAYER_UPKEEP,
    CONTRACTUAL_OBLIGATIONS,
    REVERSED_AUCTIONS,
    TREACHERY,
    VICIOUS_ACCOUNTING,
    MarketBoard,
    MercanteError,
    MercanteGame,
    MercanteTable,
    Variants,
    markets,
    rules,
    starting_crowns,
)
from companion.engine.mercante.house import HouseRules
from companion.ui.mercante.model.events import EventChoice, choice_by_key
from companion.ui.mercante.model.words import (
    FieldKey,
    parse_printed,
)
from companion.ui.model.words import capitalized

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

    def seat_notes(self) -> list[str]:
        """What each seat starts with, in turn order, short enough for a line under the name
        at 390 px: ``first player · 10 crowns``, ``12 crowns``, ``14 crowns · upkeep marker``
        (8 + 2 × the place in turn order; 2 × the place with Contractual Obligations)."""
        crowns = Variants(on=frozenset(self.variants & {CONTRACTUAL_OBLIGATIONS}))
        last = len(self.seats) - 1
        notes = []
        for i in range(len(self.seats)):
            parts = ["first player"] if i == 0 else []
            parts.append(f"{starting_crowns(i + 1, variants=crowns)} crowns")
            if i == last and last >= 2:
                parts.append("upkeep marker")
            notes.append(" · ".join(parts))
        return notes

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
            rules=house,
            variants=self.chosen_variants(),
            ledger=True,
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


def printed_of(start: object) -> dict[str, str] | None:
    """The printed market values a table's start holds (as the form types them, highest
    first), or None when that game did not track the board (or the start does not read):
    the board is the same in every game, so a new game offers them again."""
    try:
        table = MercanteTable.from_dict(start)
    except (MercanteError, TypeError, KeyError):
        return None
    board = table.game.board
    if board is None:
        return None
    return {m: " ".join(str(v) for v in board.market(m).spaces) for m in markets()}


def printed_of_setting(saved: object) -> dict[str, str]:
    """The printed values an older version kept in the settings (lenient: only a form)."""
    if not isinstance(saved, Mapping):
        return {}
    return {m: str(v)[:400] for m, v in saved.items() if m in markets() and v is not None}


__all__ = [
    "SWITCHED_VARIANTS",
    "NewGameForm",
    "printed_of",
    "printed_of_setting",
]
