"""The song the Bard screen kept before shared tables, read once into a table.

The old screen saved one Singing step under the ``bard_song`` setting
(:class:`~companion.ui.bard.model.old_song.BardDraft`): the player board, the sources, and the
locations in order with the Adventurer counts typed at each. :func:`read_old_save` turns it
into a :class:`~companion.engine.bard.BardGame`: the counts typed become the board (entered
once now), the sources the tableau (a source below a Volume Cost becomes a card's bottom
half), and the locations that the engine accepts, in order, the song; the old setting is kept
renamed by :func:`companion.ui.kit.lobby.import_old_game`.
"""

from __future__ import annotations

from companion.engine.bard import (
    SIDES,
    AtDragonIsland,
    AtFactionHall,
    AtPier,
    AtTownSquare,
    BardError,
    BardGame,
    BeginSong,
    Board,
    Boast,
    HallSong,
    HouseRules,
    IconSource,
    Performance,
    SetTable,
    Spend,
    Table,
    facts,
)
from companion.ui.bard.model.old_song import BardDraft, StopDraft, performance_for
from companion.ui.bard.model.words import parse_count


def _renamed(draft: BardDraft) -> dict[str, str]:
    """Old source id → the new one: a source below a Volume Cost is a card's bottom half."""
    return {s.id: (f"{s.id}-bottom" if s.volume else s.id) for s in draft.sources}


def _count(stop: StopDraft, key: str) -> int:
    try:
        return parse_count(stop.fields.get(key, ""))
    except ValueError:
        return 0


def table_of(draft: BardDraft) -> Table:
    """The Adventurer counts typed at the old screen's locations, as the board."""
    bard = facts()
    piers: dict[str, dict[str, int]] = {}
    halls: dict[str, int] = {}
    island: dict[str, dict[str, int]] = {}
    for stop in draft.stops:
        place = bard.location_named(stop.location)
        if place.kind == "pier":
            piers[stop.location] = {f: _count(stop, f"adv:{f}") for f in bard.faction_ids}
        elif place.kind == "faction_hall" and place.faction:
            halls[place.faction] = _count(stop, "hall")
        elif place.kind == "dragon_island" and stop.side in SIDES:
            island[stop.side] = {f: _count(stop, f"side:{f}") for f in bard.faction_ids}
            for f in bard.faction_ids:
                if f"inside:{f}" in stop.fields and f not in halls:
                    halls[f] = _count(stop, f"inside:{f}")
    return Table(piers=piers, halls=halls, dragon_island=island)


def read_old_save(raw: object, rules: HouseRules | None = None) -> BardGame | None:
    """The old screen's song as a table, or None when it held nothing to keep. A save that
    cannot be read raises :class:`~companion.ui.bard.model.old_song.StateError`."""
    draft = BardDraft.from_dict(raw)
    fresh = BardDraft()
    kept = ("kind", "moves", "volume", "soundstones", "runes", "badges", "boast_area")
    untouched = all(getattr(draft, k) == getattr(fresh, k) for k in kept)
    if not draft.sources and not draft.stops and untouched:
        return None
    rules = rules if rules is not None else HouseRules()
    names = _renamed(draft)
    game = BardGame.new(rules=rules)
    table = table_of(draft)
    if table != Table():
        game = game.apply(SetTable(table))[0]
    sources = tuple(
        IconSource(names[s.id], s.colour, s.count, volume=s.volume, label=f"card {s.id}")
        for s in draft.sources
    )
    board = Board(runes=frozenset(draft.runes), badges=draft.badges, boast_area=draft.boast_area)
    game = game.apply(
        BeginSong(
            sources,
            draft.moves,
            draft.volume,
            soundstones=draft.soundstones,
            board=board,
            song=draft.kind,
        )
    )[0]
    text = rules.dragon_island == "text"
    for stop in draft.stops:
        try:
            perf, _errors, missing = performance_for(draft, stop, rules)
        except BardError:
            break
        if perf is None or missing is not None:
            break
        renamed = _renamed_spends(perf, names)
        try:
            game = game.apply(game.table.recount(renamed, text=text))[0]
        except BardError:
            break  # the locations after it depend on it: the table keeps what is sung
    else:
        if draft.boast and game.can_apply(Boast()):
            game = game.apply(Boast())[0]
    return game


def _renamed_spends(perf: Performance, names: dict[str, str]) -> Performance:
    def r(spends: tuple[Spend, ...]) -> tuple[Spend, ...]:
        return tuple(Spend(names.get(x.source, x.source), x.colour) for x in spends)

    if isinstance(perf, AtPier):
        return AtPier(perf.pier, r(perf.spend), buy_card=perf.buy_card)
    if isinstance(perf, AtTownSquare):
        return AtTownSquare(r(perf.spend), fans=perf.fans)
    if isinstance(perf, AtFactionHall):
        return AtFactionHall(perf.hall, r(perf.spend), adventurers=perf.adventurers)
    assert isinstance(perf, AtDragonIsland)
    return AtDragonIsland(perf.side, tuple(HallSong(h.hall, r(h.spend)) for h in perf.halls))


__all__ = ["read_old_save", "table_of"]
