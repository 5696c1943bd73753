"""The Bard screen as it was before shared tables: one Singing step kept as the player typed it.

No flet here. :class:`BardDraft` holds that screen's form (the board before the song, the icon
sources of the Song tableau, the locations in order with what each spends and the counts
typed, the Boast), one JSON-able dict that the old screen saved under :data:`BARD_KEY`.
:func:`evaluate` turns it into engine calls (:mod:`companion.engine.bard`) and returns a
:class:`Plan`: per location the engine's record with its working, or the field errors and the
rule that stops it. The shared table reads such a save once, to import the song it holds
(:mod:`companion.ui.bard.model.old_save`).
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.engine.bard import (
    ANY,
    KINDS,
    MAX_ICONS,
    SIDES,
    AtDragonIsland,
    AtFactionHall,
    AtPier,
    AtTownSquare,
    BardError,
    Board,
    Boasted,
    HallSong,
    HouseRules,
    IconSource,
    Performance,
    Performed,
    Song,
    Spend,
    facts,
)
from companion.engine.core.saves import SaveFormat
from companion.ui.bard.model.lines import board_lines, icons_left_line, rewards_lines
from companion.ui.bard.model.words import (
    colour_name,
    location_label,
    parse_count,
    plural,
    sentence,
    source_label,
    source_name,
)
from companion.ui.model.old_save import damaged_key

BARD_KEY = "bard_song"
#: A saved plan that could not be read is kept here (never silently destroyed).
DAMAGED_KEY = damaged_key(BARD_KEY)
STATE_FORMAT = "companion.bard.screen"
STATE_VERSION = 1
#: Letters name the tableau's sources on the chips ("A · 2 Warrior").
SOURCE_IDS = string.ascii_uppercase


class StateError(ValueError):
    """Saved screen state that cannot be read back; the message says what is wrong."""


_OLD_SAVE = SaveFormat(STATE_FORMAT, STATE_VERSION, StateError, what="the saved song")


# -- the form -------------------------------------------------------------------------------------


@dataclass
class SourceDraft:
    """An icon source of the Song tableau as entered: letter, colour, icons, unlock Volume."""

    id: str
    colour: str
    count: int
    volume: int = 0

    def engine(self) -> IconSource:
        return IconSource(self.id, self.colour, self.count, volume=self.volume)


@dataclass
class StopDraft:
    """One location of the song, as entered.

    ``spend`` lists the sources spent (Piers, Town Square, Faction Hall); at Dragon Island
    ``halls`` are the halls sung for, in order, with ``hall_spend`` their sources. ``fields``
    keeps counts as typed: ``adv:<faction>`` (Pier), ``hall`` (Faction Hall Adventurers),
    ``side:<faction>`` and ``inside:<faction>`` (Dragon Island).
    """

    id: int
    location: str
    spend: list[str] = field(default_factory=list)
    fields: dict[str, str] = field(default_factory=dict)
    buy_card: bool = False
    fans: int = 1
    side: str = SIDES[1]
    halls: list[str] = field(default_factory=list)
    hall_spend: dict[str, list[str]] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return facts().location_named(self.location).kind

    def spent_ids(self) -> list[str]:
        if self.kind == "dragon_island":
            return [i for h in self.halls for i in self.hall_spend.get(h, [])]
        return list(self.spend)


@dataclass
class BardDraft:
    """The whole screen's state. Mutating methods keep it consistent; :meth:`to_dict` saves."""

    kind: str = KINDS[0]
    moves: int = 2
    volume: int = 0
    soundstones: int = 0
    runes: list[str] = field(default_factory=list)
    badges: int = 0
    boast_area: int = 0
    sources: list[SourceDraft] = field(default_factory=list)
    stops: list[StopDraft] = field(default_factory=list)
    boast: bool = False
    next_stop: int = 1
    # The "add icons" row remembers its last choice: cards repeat colours within a song.
    new_colour: str = "warrior"
    new_count: int = 1
    new_volume: int = 0

    # -- before the song ------------------------------------------------------------------------
    def set_number(self, name: str, value: int) -> None:
        """Set ``moves``, ``volume``, ``soundstones``, ``badges`` or ``boast_area`` (clamped to
        what the board allows)."""
        bounds = number_bounds()
        if name not in bounds:
            raise KeyError(name)
        low, high = bounds[name]
        setattr(self, name, max(low, min(high, int(value))))
        if name == "soundstones":
            kept = {f"soundstone-{i}" for i in range(1, self.soundstones + 1)}
            self._forget(
                lambda source_id: source_id.startswith("soundstone-") and source_id not in kept
            )

    def toggle_rune(self, faction: str) -> None:
        facts().faction_named(faction)
        if faction in self.runes:
            self.runes.remove(faction)
            for stop in self.stops:  # a hall can no longer be sung for from Dragon Island
                if (
                    stop.kind == "dragon_island"
                    and faction in stop.halls
                    and not self._rune_before(faction, stop)
                ):
                    stop.halls.remove(faction)
        else:
            self.runes.append(faction)
            order = facts().faction_ids
            self.runes.sort(key=order.index)

    def set_kind(self, kind: str) -> None:
        if kind not in KINDS:
            raise KeyError(kind)
        self.kind = kind

    # -- the Song tableau ----------------------------------------------------------------------
    def add_source(self) -> SourceDraft:
        """Add the "add icons" row's source under the first free letter."""
        used = {s.id for s in self.sources}
        free = [c for c in SOURCE_IDS if c not in used]
        if not free:
            raise ValueError(f"At most {len(SOURCE_IDS)} sources in one song")
        source = SourceDraft(free[0], self.new_colour, self.new_count, self.new_volume)
        source.engine()  # checks colour, count and Volume against the rules' bounds
        self.sources.append(source)
        return source

    def remove_source(self, source_id: str) -> None:
        self.sources = [s for s in self.sources if s.id != source_id]
        self._forget(lambda i: i == source_id)

    def _forget(self, gone: Any) -> None:
        for stop in self.stops:
            stop.spend = [i for i in stop.spend if not gone(i)]
            for hall, ids in stop.hall_spend.items():
                stop.hall_spend[hall] = [i for i in ids if not gone(i)]

    def set_new(
        self, *, colour: str | None = None, count: int | None = None, volume: int | None = None
    ) -> None:
        if colour is not None:
            if colour != ANY:
                facts().faction_named(colour)
            self.new_colour = colour
        if count is not None:
            self.new_count = max(1, min(MAX_ICONS, count))
        if volume is not None:
            self.new_volume = max(0, min(facts().volume.max, volume))

    # -- locations ----------------------------------------------------------------------------
    def stop(self, stop_id: int) -> StopDraft:
        for s in self.stops:
            if s.id == stop_id:
                return s
        raise KeyError(stop_id)

    def add_stop(self, location: str) -> StopDraft:
        facts().location_named(location)
        stop = StopDraft(self.next_stop, location)
        self.next_stop += 1
        self._fill_halls(stop, len(self.stops))
        self.stops.append(stop)
        return stop

    def remove_stop(self, stop_id: int) -> None:
        self.stops = [s for s in self.stops if s.id != stop_id]
        for index, stop in enumerate(self.stops):
            if stop.kind == "dragon_island":
                stop.halls = [h for h in stop.halls if h in self.halls_open(index)]

    def _fill_halls(self, stop: StopDraft, index: int) -> None:
        # With one hall to sing for, Dragon Island picks it: one tap fewer.
        if stop.kind == "dragon_island":
            open_halls = self.halls_open(index)
            if len(open_halls) == 1:
                stop.halls = list(open_halls)

    def toggle_spend(self, stop_id: int, source_id: str, hall: str | None = None) -> None:
        """Spend ``source_id`` here (for ``hall`` at Dragon Island), or stop spending it.
        A source is spent at one place only, so tapping it here takes it from elsewhere."""
        stop = self.stop(stop_id)
        current = stop.hall_spend.get(hall, []) if hall else stop.spend
        if source_id in current:
            current.remove(source_id)
            return
        self._forget(lambda i: i == source_id)
        if hall:
            stop.hall_spend.setdefault(hall, []).append(source_id)
        else:
            stop.spend.append(source_id)

    def toggle_hall(self, stop_id: int, faction: str) -> None:
        stop = self.stop(stop_id)
        if faction in stop.halls:
            stop.halls.remove(faction)
            stop.hall_spend.pop(faction, None)
        else:
            stop.halls.append(faction)
            order = facts().faction_ids
            stop.halls.sort(key=order.index)

    def set_field(self, stop_id: int, key: str, text: str) -> None:
        self.stop(stop_id).fields[key] = text[:8]

    def set_side(self, stop_id: int, side: str) -> None:
        if side not in SIDES:
            raise KeyError(side)
        self.stop(stop_id).side = side

    def set_buy(self, stop_id: int, on: bool) -> None:
        self.stop(stop_id).buy_card = bool(on)

    def set_fans(self, stop_id: int, fans: int) -> None:
        self.stop(stop_id).fans = max(1, min(facts().badges.count, int(fans)))

    # -- what the form allows -----------------------------------------------------------------
    def _rune_before(self, faction: str, stop: StopDraft) -> bool:
        return faction in self.halls_open(self.stops.index(stop))

    def halls_open(self, index: int) -> list[str]:
        """Halls Dragon Island may sing for at stop ``index``: Runes before the song, and
        Faction Halls performed at earlier in it."""
        halls = set(self.runes)
        for stop in self.stops[:index]:
            location = facts().location_named(stop.location)
            if location.faction:
                halls.add(location.faction)
        return [f for f in facts().faction_ids if f in halls]

    def locations_free(self, stop_id: int | None = None) -> list[str]:
        """Locations not taken by another stop (each once per song), in board order."""
        taken = {s.location for s in self.stops if s.id != stop_id}
        return [loc.id for loc in facts().location if loc.id not in taken]

    def used_at(self) -> dict[str, int]:
        """Source id → the number (1, 2...) of the stop spending it."""
        used: dict[str, int] = {}
        for number, stop in enumerate(self.stops, start=1):
            for source_id in stop.spent_ids():
                used.setdefault(source_id, number)
        return used

    def engine_sources(self) -> list[IconSource]:
        return [s.engine() for s in self.sources]

    # -- whole-song actions ---------------------------------------------------------------------
    def clear_song(self) -> None:
        """Forget the tableau, the locations and the Boast; keep the board and the numbers."""
        self.sources, self.stops, self.boast = [], [], False

    def carry_forward(self, after: Song) -> None:
        """Start the next song from where ``after`` left the board, Volume and Soundstones."""
        stones_spent = sum(1 for i in after.spent if i.startswith("soundstone-"))
        self.runes = sorted(after.board.runes, key=facts().faction_ids.index)
        self.badges = after.board.badges
        self.boast_area = after.board.boast_area
        self.volume = after.volume_left
        self.soundstones = max(0, self.soundstones - stones_spent)
        self.clear_song()

    # -- persistence ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            **_OLD_SAVE.header(),
            "kind": self.kind,
            "moves": self.moves,
            "volume": self.volume,
            "soundstones": self.soundstones,
            "runes": list(self.runes),
            "badges": self.badges,
            "boast_area": self.boast_area,
            "sources": [
                {"id": s.id, "colour": s.colour, "count": s.count, "volume": s.volume}
                for s in self.sources
            ],
            "stops": [
                {
                    "id": s.id,
                    "location": s.location,
                    "spend": list(s.spend),
                    "fields": dict(s.fields),
                    "buy_card": s.buy_card,
                    "fans": s.fans,
                    "side": s.side,
                    "halls": list(s.halls),
                    "hall_spend": {h: list(ids) for h, ids in s.hall_spend.items()},
                }
                for s in self.stops
            ],
            "boast": self.boast,
            "next_stop": self.next_stop,
            "new": [self.new_colour, self.new_count, self.new_volume],
        }

    @classmethod
    def from_dict(cls, data: object) -> BardDraft:
        """Read a saved plan back; ``None`` gives a fresh one; anything damaged raises
        :class:`StateError` saying which part."""
        if data is None:
            return cls()
        try:
            return _read(data)
        except StateError:
            raise
        except (BardError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise StateError(f"the saved song could not be read: {exc}") from None


def number_bounds() -> dict[str, tuple[int, int]]:
    """The steppers' ranges, from the rules' numbers."""
    bard = facts()
    return {
        "moves": (0, bard.singing.locations - 1),
        "volume": (0, bard.volume.max),
        "soundstones": (0, bard.soundstone.tokens),
        "badges": (0, bard.badges.count),
        "boast_area": (0, bard.cards.entertainer),
    }


def _need(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise StateError(f"saved song: {key!r} is {value!r}")
    return value


def _read(data: object) -> BardDraft:
    data = _OLD_SAVE.check_header(data)
    draft = BardDraft()
    kind = _need(data, "kind", str)
    if kind not in KINDS:
        raise StateError(f"saved song: kind {kind!r}")
    draft.kind = kind
    for name, (low, high) in number_bounds().items():
        value = _need(data, name, int)
        if not low <= value <= high:
            raise StateError(f"saved song: {name} {value!r} is not {low}–{high}")
        setattr(draft, name, value)
    draft.runes = [str(r) for r in _need(data, "runes", list)]
    Board(runes=frozenset(draft.runes))  # checks the factions
    for raw in _need(data, "sources", list):
        source = SourceDraft(
            _need(raw, "id", str),
            _need(raw, "colour", str),
            _need(raw, "count", int),
            _need(raw, "volume", int),
        )
        if source.id not in SOURCE_IDS:
            raise StateError(f"saved song: source id {source.id!r}")
        source.engine()
        draft.sources.append(source)
    if len({s.id for s in draft.sources}) != len(draft.sources):
        raise StateError("saved song: two sources share a letter")
    for raw in _need(data, "stops", list):
        stop = StopDraft(_need(raw, "id", int), _need(raw, "location", str))
        facts().location_named(stop.location)
        stop.spend = [str(i) for i in _need(raw, "spend", list)]
        stop.fields = {str(k): str(v)[:8] for k, v in _need(raw, "fields", dict).items()}
        stop.buy_card = bool(_need(raw, "buy_card", bool))
        stop.fans = _need(raw, "fans", int)
        stop.side = _need(raw, "side", str)
        if stop.side not in SIDES:
            raise StateError(f"saved song: side {stop.side!r}")
        stop.halls = [str(h) for h in _need(raw, "halls", list)]
        for hall in stop.halls:
            facts().faction_named(hall)
        stop.hall_spend = {
            str(h): [str(i) for i in ids] for h, ids in _need(raw, "hall_spend", dict).items()
        }
        draft.stops.append(stop)
    draft.boast = bool(_need(data, "boast", bool))
    draft.next_stop = _need(data, "next_stop", int)
    if draft.stops and draft.next_stop <= max(s.id for s in draft.stops):
        raise StateError(f"saved song: next_stop {draft.next_stop!r} repeats a stop id")
    colour, count, volume = _need(data, "new", list)
    draft.set_new(colour=str(colour), count=int(count), volume=int(volume))
    return draft


# -- evaluation -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class StopResult:
    """What the plan says about one location: the engine's record, or why there is none.

    ``waiting`` is true when an earlier location has a problem, so this one is not checked.
    """

    stop_id: int
    number: int
    record: Performed | None = None
    problem: str | None = None
    field_errors: Mapping[str, str] = field(default_factory=dict)
    incomplete: bool = False
    waiting: bool = False


@dataclass(frozen=True)
class Plan:
    """The draft checked by the engine, location by location, then the Boast."""

    start: Song | None
    start_problem: str | None
    stops: tuple[StopResult, ...]
    song: Song | None  # after the last location that could be checked, before the Boast
    boasted: Boasted | None
    boast_problem: str | None
    final: Song | None

    @property
    def ok(self) -> bool:
        return (
            self.start is not None
            and all(r.record is not None for r in self.stops)
            and self.boast_problem is None
        )

    def result(self, stop_id: int) -> StopResult | None:
        for r in self.stops:
            if r.stop_id == stop_id:
                return r
        return None


def performance_for(
    draft: BardDraft, stop: StopDraft, rules: HouseRules
) -> tuple[Performance | None, dict[str, str], str | None]:
    """Turn one stop into a performance: ``(performance, field errors, what is missing)``.

    The performance is None when a count is mistyped; "what is missing" names the taps a
    stop still needs (no icons chosen yet...), in which case the performance is what has been
    entered so far, for checking the location itself."""
    errors: dict[str, str] = {}

    def count(key: str) -> int:
        try:
            return parse_count(stop.fields.get(key, ""))
        except ValueError as exc:
            errors[key] = str(exc)
            return 0

    def spend(ids: Iterable[str]) -> tuple[Spend, ...]:
        return tuple(Spend(i) for i in ids)

    kind = stop.kind
    perf: Performance
    missing: str | None = None
    if kind == "pier":
        adventurers = {f: count(f"adv:{f}") for f in facts().faction_ids}
        perf = AtPier(
            stop.location,
            spend(stop.spend),
            adventurers={f: n for f, n in adventurers.items() if n},
            buy_card=stop.buy_card,
        )
        if not stop.spend and not stop.buy_card:
            missing = "Tap the icons sung here (or buy a card)."
    elif kind == "town_square":
        perf = AtTownSquare(spend(stop.spend), fans=stop.fans)
        if not stop.spend:
            missing = "Tap the icons that pay for the fan."
    elif kind == "faction_hall":
        perf = AtFactionHall(stop.location, spend(stop.spend), adventurers=count("hall"))
        if not stop.spend:
            location = facts().location_named(stop.location)
            missing = f"Tap the {colour_name(location.faction or '')} icons."
    else:
        halls = []
        for hall in stop.halls:
            side = count(f"side:{hall}")
            inside = count(f"inside:{hall}") if rules.dragon_island == "text" else None
            halls.append(HallSong(hall, spend(stop.hall_spend.get(hall, [])), side, inside))
        perf = AtDragonIsland(stop.side, tuple(halls))
        if not stop.halls:
            missing = "Choose a hall to sing for."
        elif not any(stop.hall_spend.get(h) for h in stop.halls):
            missing = "Tap the icons sung."
    if errors:
        return None, errors, None
    return perf, errors, missing


def start_song(draft: BardDraft, rules: HouseRules) -> Song:
    return Song.new(
        draft.engine_sources(),
        moves=draft.moves,
        volume=draft.volume,
        soundstones=draft.soundstones,
        board=Board(runes=frozenset(draft.runes), badges=draft.badges, boast_area=draft.boast_area),
        kind=draft.kind,
        rules=rules,
    )


def evaluate(draft: BardDraft, rules: HouseRules) -> Plan:
    """Check the plan location by location; the first one with a problem stops the checking
    (later ones wait: what they may do depends on it)."""
    try:
        start = start_song(draft, rules)
    except BardError as exc:
        waiting = tuple(
            StopResult(s.id, n, waiting=True) for n, s in enumerate(draft.stops, start=1)
        )
        return Plan(None, sentence(str(exc)), waiting, None, None, None, None)
    song = start
    results: list[StopResult] = []
    blocked = False
    for number, stop in enumerate(draft.stops, start=1):
        if blocked:
            results.append(StopResult(stop.id, number, waiting=True))
            continue
        try:
            perf, errors, missing = performance_for(draft, stop, rules)
        except BardError as exc:
            results.append(StopResult(stop.id, number, problem=sentence(str(exc))))
            blocked = True
            continue
        if perf is None:
            results.append(StopResult(stop.id, number, field_errors=errors))
            blocked = True
            continue
        if missing is not None:
            # Unfinished: say what to tap, unless a rule closes the location anyway.
            try:
                song.verify_visit(stop.location)
            except BardError as exc:
                results.append(StopResult(stop.id, number, problem=sentence(str(exc))))
            else:
                results.append(StopResult(stop.id, number, problem=missing, incomplete=True))
            blocked = True
            continue
        try:
            song, record = song.perform(perf)
        except BardError as exc:
            results.append(StopResult(stop.id, number, problem=sentence(str(exc))))
            blocked = True
            continue
        results.append(StopResult(stop.id, number, record=record))
    boasted = boast_problem = None
    final: Song | None = song
    if draft.boast and not blocked:
        try:
            final, boasted = song.boast()
        except BardError as exc:
            boast_problem = sentence(str(exc))
    elif draft.boast:
        final = None
    if blocked:
        final = None
    return Plan(start, None, tuple(results), song, boasted, boast_problem, final)


# -- lines the screen shows -----------------------------------------------------------------------


def moves_line(draft: BardDraft, plan: Plan) -> str:
    """``2 moves left`` / ``Start anywhere, then 2 moves`` / ``No moves left``."""
    if not draft.stops:
        return f"Start at any location, then {plural(draft.moves, 'move')}."
    left = 1 + draft.moves - len(draft.stops)
    if left > 0:
        return f"{plural(left, 'move')} left."
    if left == 0:
        return "No moves left: the song has visited every location it may."
    return f"{plural(-left, 'location')} more than the Movement of {draft.moves} allows."


def board_summary(draft: BardDraft) -> str:
    """One line for the folded "Before the song" panel."""
    runes = ", ".join(facts().faction_named(r).name for r in draft.runes) or "none"
    return (
        f"{plural(draft.moves, 'move')} · Volume {draft.volume} · "
        f"{plural(draft.soundstones, 'Soundstone')} · {plural(draft.badges, 'Badge')} placed · "
        f"Runes: {runes}"
    )


def tableau_summary(draft: BardDraft) -> str:
    """One line for the folded "Song tableau" panel."""
    if not draft.sources:
        return "No icons entered yet"
    icons = sum(s.count for s in draft.sources)
    return (
        ", ".join(
            f"{s.id}: {s.count} {'any' if s.colour == ANY else colour_name(s.colour)}"
            for s in draft.sources
        )
        + f" ({plural(icons, 'icon')})"
    )


__all__ = [
    "BARD_KEY",
    "DAMAGED_KEY",
    "BardDraft",
    "Plan",
    "SourceDraft",
    "StateError",
    "StopDraft",
    "StopResult",
    "board_lines",
    "board_summary",
    "colour_name",
    "evaluate",
    "icons_left_line",
    "location_label",
    "moves_line",
    "number_bounds",
    "parse_count",
    "performance_for",
    "plural",
    "rewards_lines",
    "sentence",
    "source_label",
    "source_name",
    "start_song",
    "tableau_summary",
]
