"""The location being typed on this device: where the Bard sings next (or which location of
the song it changes), what it spends there and what it takes. Counts come from the board
entered once (:class:`~companion.engine.bard.Table`), so a stop is only taps: the location,
the sources, a card bought, the side of the bay, the halls sung for.

Nothing here is written to the table until the player taps "Sing here": then
:mod:`companion.ui.bard.model.song` turns :meth:`StopForm.performance` into the table's action.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.engine.bard import (
    SIDES,
    AtDragonIsland,
    AtFactionHall,
    AtPier,
    AtTownSquare,
    BardError,
    HallSong,
    Performance,
    Performed,
    Song,
    Spend,
    Table,
    facts,
)
from companion.ui.bard.model.words import colour_name, sentence


@dataclass
class StopForm:
    """One location as typed. ``replaces`` is the number (1, 2…) of the song's location it
    changes, None for a new one at the end. ``spend`` lists what is spent (Piers, Town
    Square, a Faction Hall); at Dragon Island ``halls`` are the halls sung for and
    ``hall_spend`` their sources."""

    location: str
    replaces: int | None = None
    spend: list[Spend] = field(default_factory=list)
    hall_spend: dict[str, list[Spend]] = field(default_factory=dict)
    buy_card: bool = False
    fans: int = 1
    side: str = SIDES[1]
    halls: list[str] = field(default_factory=list)
    paladin_colour: str | None = None

    def __post_init__(self) -> None:
        facts().location_named(self.location)  # KeyError for a location that is not there

    @classmethod
    def of(cls, performance: Performance, number: int) -> StopForm:
        """A sung location, to change it."""
        form = cls(performance.location, replaces=number)
        if isinstance(performance, AtDragonIsland):
            form.side = performance.side
            form.halls = [h.hall for h in performance.halls]
            form.hall_spend = {h.hall: list(h.spend) for h in performance.halls}
        else:
            form.spend = list(performance.spend)
        if isinstance(performance, AtPier):
            form.buy_card = performance.buy_card
            form.paladin_colour = performance.paladin_colour
        if isinstance(performance, AtTownSquare):
            form.fans = performance.fans
        return form

    @property
    def kind(self) -> str:
        return facts().location_named(self.location).kind

    @property
    def name(self) -> str:
        return facts().location_named(self.location).name

    def spent_ids(self) -> list[str]:
        if self.kind == "dragon_island":
            return [s.source for h in self.halls for s in self.hall_spend.get(h, [])]
        return [s.source for s in self.spend]

    # -- taps -----------------------------------------------------------------------------------
    def toggle_spend(self, source_id: str, hall: str | None = None) -> None:
        """Spend ``source_id`` here (for ``hall`` at Dragon Island), or stop spending it; a
        source is spent at one place only, so tapping it for one hall takes it from another."""
        here = self.hall_spend.get(hall, []) if hall else self.spend
        was_here = any(s.source == source_id for s in here)
        self.forget({source_id})
        if not was_here:
            (self.hall_spend.setdefault(hall, []) if hall else self.spend).append(Spend(source_id))

    def toggle_hall(self, faction: str) -> None:
        if faction in self.halls:
            self.halls.remove(faction)
            self.hall_spend.pop(faction, None)
        else:
            self.halls.append(faction)
            order = facts().faction_ids
            self.halls.sort(key=order.index)

    def set_side(self, side: str) -> None:
        if side not in SIDES:
            raise KeyError(side)
        self.side = side

    def set_buy(self, on: bool) -> None:
        self.buy_card = bool(on)

    def set_fans(self, fans: int) -> None:
        self.fans = max(1, min(facts().badges.count, int(fans)))

    def fill_halls(self, open_halls: list[str]) -> None:
        """With one hall to sing for, Dragon Island picks it: one tap fewer."""
        if self.kind == "dragon_island" and not self.halls and len(open_halls) == 1:
            self.halls = list(open_halls)

    def forget(self, source_ids: set[str]) -> None:
        """Stop spending sources the tableau no longer has."""
        self.spend = [s for s in self.spend if s.source not in source_ids]
        for hall, spends in self.hall_spend.items():
            self.hall_spend[hall] = [s for s in spends if s.source not in source_ids]

    # -- what it is -----------------------------------------------------------------------------
    def performance(self, table: Table, *, text: bool = False) -> Performance:
        """The engine's performance, its counts read from ``table`` (``text``: the rule-text
        reading of Dragon Island)."""
        kind = self.kind
        perf: Performance
        if kind == "pier":
            perf = AtPier(
                self.location,
                tuple(self.spend),
                buy_card=self.buy_card,
                paladin_colour=self.paladin_colour,
            )
        elif kind == "town_square":
            perf = AtTownSquare(tuple(self.spend), fans=self.fans)
        elif kind == "faction_hall":
            perf = AtFactionHall(self.location, tuple(self.spend))
        else:
            perf = AtDragonIsland(
                self.side,
                tuple(HallSong(h, tuple(self.hall_spend.get(h, []))) for h in self.halls),
            )
        return table.recount(perf, text=text)

    def missing(self) -> str | None:
        """What is still to tap, in words (None: nothing)."""
        kind = self.kind
        if kind == "pier":
            return (
                None if self.spend or self.buy_card else "Tap the icons sung here (or buy a card)."
            )
        if kind == "town_square":
            return None if self.spend else "Tap the icons that pay for the fan."
        if kind == "faction_hall":
            if self.spend:
                return None
            faction = facts().location_named(self.location).faction or ""
            return f"Tap the {colour_name(faction)} icons."
        if not self.halls:
            return "Choose a hall to sing for."
        if not any(self.hall_spend.get(h) for h in self.halls):
            return "Tap the icons sung."
        return None


@dataclass(frozen=True)
class StopCheck:
    """The stop checked by the engine on the song as it stands before it: the record with
    its working, or what stops it (``incomplete``: only taps are missing)."""

    performance: Performance | None
    record: Performed | None = None
    problem: str | None = None
    incomplete: bool = False


def check(form: StopForm, before: Song, table: Table) -> StopCheck:
    """Check ``form`` on ``before`` (the song up to where it goes)."""
    text = before.rules.dragon_island == "text"
    try:
        performance = form.performance(table, text=text)
    except BardError as exc:
        return StopCheck(None, problem=sentence(str(exc)))
    missing = form.missing()
    if missing is not None:
        try:
            before.verify_visit(form.location)
        except BardError as exc:
            return StopCheck(performance, problem=sentence(str(exc)))
        return StopCheck(performance, problem=missing, incomplete=True)
    try:
        _, record = before.perform(performance)
    except BardError as exc:
        return StopCheck(performance, problem=sentence(str(exc)))
    return StopCheck(performance, record=record)


__all__ = ["StopCheck", "StopForm", "check"]
