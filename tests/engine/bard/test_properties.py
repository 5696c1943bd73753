"""Invariants of the Bard's Singing step, checked on random songs (Hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import bard
from companion.engine.bard import (
    ANY,
    AtDragonIsland,
    AtFactionHall,
    AtPier,
    AtTownSquare,
    BardError,
    Board,
    Boast,
    Boasted,
    HallSong,
    HouseRules,
    IconSource,
    Performance,
    Performed,
    Song,
    Spend,
    card_price,
    fan_cost,
    hand_size,
)

FACTIONS = bard.facts().faction_ids
COLOURS = (*FACTIONS, ANY)
counts = st.integers(min_value=0, max_value=8)


@st.composite
def sources(draw: st.DrawFn) -> list[IconSource]:
    n = draw(st.integers(min_value=0, max_value=6))
    return [
        IconSource(
            f"s{i}",
            draw(st.sampled_from(COLOURS)),
            draw(st.integers(min_value=1, max_value=4)),
            volume=draw(st.sampled_from((0, 0, 1, 2, 3))),
        )
        for i in range(n)
    ]


@st.composite
def boards(draw: st.DrawFn) -> Board:
    return Board(
        runes=frozenset(draw(st.sets(st.sampled_from(FACTIONS), max_size=3))),
        badges=draw(st.integers(min_value=0, max_value=6)),
        boast_area=draw(st.integers(min_value=0, max_value=3)),
    )


@st.composite
def songs(draw: st.DrawFn) -> Song:
    rules = HouseRules.from_house_rules(
        draw(st.sets(st.sampled_from((bard.RULING_DRAGON_ISLAND, bard.RULING_FANS))))
    )
    return Song.new(
        draw(sources()),
        moves=draw(st.integers(min_value=0, max_value=4)),
        volume=draw(st.integers(min_value=0, max_value=6)),
        soundstones=draw(st.integers(min_value=0, max_value=2)),
        board=draw(boards()),
        rules=rules,
    )


def spend_of(draw: st.DrawFn, ids: list[str], least: int = 0) -> tuple[Spend, ...]:
    # Mostly distinct real ids; now and then an unknown id, a repeat or a forced colour.
    chosen = (
        draw(st.lists(st.sampled_from(ids), min_size=least, max_size=3, unique=True)) if ids else []
    )
    if draw(st.integers(0, 9)) == 0:
        chosen.append(draw(st.sampled_from([*ids, "ghost"])))
    colour = st.none() | st.none() | st.none() | st.sampled_from(FACTIONS)
    return tuple(Spend(i, draw(colour)) for i in chosen)


@st.composite
def performance(draw: st.DrawFn, song: Song) -> Performance:
    ids = [s.id for s in song.sources]
    runes = sorted(song.board.runes)
    # Mostly halls that can take a Rune (Faction Hall) or hold one (Dragon Island).
    open_halls = [f for f in FACTIONS if f not in runes] or list(FACTIONS)
    kind = draw(st.sampled_from(("pier", "square", "hall", "island")))
    if kind == "pier":
        return AtPier(
            draw(st.sampled_from(("pier_1", "pier_2", "pier_3"))),
            spend_of(draw, ids),
            adventurers=draw(st.dictionaries(st.sampled_from(FACTIONS), counts, max_size=4)),
            buy_card=draw(st.booleans()),
        )
    if kind == "square":
        return AtTownSquare(spend_of(draw, ids, 1), fans=draw(st.sampled_from((1, 1, 1, 2))))
    if kind == "hall":
        return AtFactionHall(
            draw(
                st.sampled_from(open_halls)
                | st.sampled_from((*FACTIONS, "rogues_lair", "paladin_hall"))
            ),
            spend_of(draw, ids, 1),
            adventurers=draw(st.integers(0, 3)),
        )
    pool = (
        st.sampled_from(runes) | st.sampled_from(FACTIONS) if runes else st.sampled_from(FACTIONS)
    )
    halls = draw(st.lists(pool, min_size=0, max_size=2, unique=True))
    return AtDragonIsland(
        draw(st.sampled_from(bard.SIDES)),
        tuple(
            HallSong(h, spend_of(draw, ids), draw(counts), draw(st.none() | st.integers(0, 3)))
            for h in halls
        ),
    )


@st.composite
def plans(draw: st.DrawFn) -> tuple[Song, list[Performance], bool]:
    song = draw(songs())
    steps = draw(st.lists(performance(song), max_size=5))
    return song, steps, draw(st.booleans())


@settings(max_examples=150, deadline=None)
@given(plans())
def test_a_song_never_spends_what_it_does_not_have_and_its_log_adds_up(
    plan: tuple[Song, list[Performance], bool],
) -> None:
    start, steps, boast = plan
    song = start
    for step in steps:
        if song.can_apply(step):
            song, record = song.perform(step)
            assert song.log[-1] is record
        else:
            before = song
            try:
                song.perform(step)
            except BardError:
                pass
            else:  # pragma: no cover - the failure message says what went wrong
                raise AssertionError(f"can_perform said no, perform said yes: {step!r}")
            assert song is before
    if boast and song.can_apply(Boast()):
        song, _ = song.boast()

    performed = [r for r in song.log if isinstance(r, Performed)]
    # Each location once, never more locations than the Movement allows.
    assert len(set(song.visited)) == len(song.visited) <= 1 + start.moves
    # Each source spent at most once, and only sources of the tableau.
    spent = [i for r in performed for i in r.spent]
    assert len(spent) == len(set(spent)) and set(spent) == set(song.spent)
    assert set(spent) <= {s.id for s in start.sources}
    assert sum(r.icons for r in performed) <= sum(s.count for s in start.sources)
    # Volume: never below 0, and exactly what the log spent.
    used = sum(r.volume for r in song.log)
    assert 0 <= song.volume_left == start.volume - used
    # Gold and card prices: the totals are the sums of the records.
    totals = song.totals()
    assert totals.gold.value == sum(r.gold.value for r in performed) >= 0
    assert totals.cards.value == sum(r.card.value for r in performed if r.card)
    assert totals.net.value == totals.gold.value - totals.cards.value
    # The board only grows: Runes and Badges stay; a Creature per paid Dragon Island song.
    assert start.board.runes <= song.board.runes
    assert song.board.runes - start.board.runes == {r.rune for r in performed if r.rune}
    assert song.board.badges == start.board.badges + sum(len(r.fans) for r in performed)
    for r in performed:
        assert r.creature == (r.location == "dragon_island" and r.gold.value >= 1)
    # Replaying the log from the start gives the same song (deterministic, records suffice).
    replay = start
    for r in song.log:
        replay = replay.boast()[0] if isinstance(r, Boasted) else replay.perform(r.performance)[0]
    assert replay == song


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(FACTIONS), st.integers(1, 4)), min_size=1, max_size=4),
    st.dictionaries(st.sampled_from(FACTIONS), counts),
)
def test_piers_gold_is_icons_times_matching_adventurers(
    icons: list[tuple[str, int]], adventurers: dict[str, int]
) -> None:
    tableau = [IconSource(f"s{i}", c, n) for i, (c, n) in enumerate(icons)]
    song = Song.new(tableau, moves=0, volume=0)
    pier = AtPier("pier_1", tuple(Spend(s.id) for s in tableau), adventurers=adventurers)
    _, record = song.perform(pier)
    assert record.gold.value == sum(n * adventurers.get(c, 0) for c, n in icons)
    assert record.gold.expression.endswith(f"= {record.gold.value}")


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 12), st.integers(0, 8), st.booleans())
def test_dragon_island_example_reading_pays_icons_times_side(
    icons: int, side: int, wild: bool
) -> None:
    colour = ANY if wild else "warrior"
    song = Song.new(
        [IconSource("x", colour, icons)], moves=0, volume=0, board=Board(runes={"warrior"})
    )
    _, record = song.perform(AtDragonIsland("left", (HallSong("warrior", (Spend("x"),), side),)))
    assert record.gold.value == icons * side
    assert record.gold.expression == f"{icons} × {side} = {icons * side}"


@given(st.integers(0, 4), st.integers(0, 6))
def test_card_price_is_at_least_1_and_grows_with_every_coin_and_gem(
    runes: int, badges: int
) -> None:
    price = card_price(runes, badges).value
    assert 1 <= price == 1 + runes + max(0, badges - 2) <= 9
    if runes < 4:
        assert card_price(runes + 1, badges).value == price + 1
    if badges < 6:
        assert card_price(runes, badges + 1).value >= price


@given(st.integers(0, 5))
def test_fan_cost_and_hand_size_follow_the_badges(fans: int) -> None:
    assert fan_cost(fans).value == fans + 1
    assert 2 <= hand_size(fans).value <= hand_size(fans + 1).value <= 4
