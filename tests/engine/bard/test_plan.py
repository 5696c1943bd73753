"""The Bard's planner: exact against an exhaustive search over the engine's own can_perform,
on random small boards and tableaus (Hypothesis), and the rulebook's Singing Step Example.

The exhaustive search below knows nothing of the planner: from each state of the song it
tries every location not yet visited with every subset of the unspent sources (and at Dragon
Island every side and every way of giving each source to a hall), keeps what ``can_perform``
allows, and remembers every way the song can end. Any-colour sources and Paladins are left
to the engine's own choice of colour, the one that pays most.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations, product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import bard
from companion.engine.bard import (
    ANY,
    COIN,
    AtDragonIsland,
    AtFactionHall,
    AtPier,
    AtTownSquare,
    Board,
    Boast,
    Goals,
    HallSong,
    HouseRules,
    IconSource,
    Performance,
    Song,
    Spend,
    Table,
    plan,
    sing,
)
from companion.engine.bard.example import EXAMPLE_TABLE
from tests.engine.bard.example import example_song

FACTIONS = bard.facts().faction_ids
PIERS = bard.facts().piers()
SIDES = ("left", "right")
HOUSE_RULES = (
    bard.RULING_DRAGON_ISLAND,
    bard.RULING_FANS,
    bard.RULING_BOAST,
    bard.RULING_PALADINS,
    bard.RULING_TOWN_SQUARE_ICON,
)


# -- the exhaustive search ----------------------------------------------------------------------


@dataclass(frozen=True)
class Ending:
    """How a song can end: what the exhaustive search compares plans by."""

    net: int
    runes: frozenset[str]
    fans: int
    volume_left: int
    stones_left: int
    creature: bool
    cards: int
    boast: bool
    goals: int

    def signature(self) -> tuple[object, ...]:
        return (
            tuple(sorted(self.runes)),
            self.fans,
            self.volume_left,
            self.stones_left,
            self.creature,
            self.cards,
            self.boast,
        )

    def key(self, goals: Goals) -> tuple[int, ...]:
        parts = [] if goals.strict else [self.goals]
        if goals.most_runes:
            parts.append(len(self.runes))
        return (
            *parts,
            self.net,
            len(self.runes),
            self.fans,
            self.volume_left,
            self.stones_left,
            int(self.creature),
        )

    def beats(self, other: Ending) -> bool:
        """At least as good on every count, and not the same."""
        return self != other and (
            self.goals >= other.goals
            and self.net >= other.net
            and self.runes >= other.runes
            and self.fans >= other.fans
            and self.volume_left >= other.volume_left
            and self.stones_left >= other.stones_left
            and self.creature >= other.creature
            and self.cards >= other.cards
            and self.boast >= other.boast
        )


def candidates(
    song: Song, table: Table, goals: Goals, made: dict[object, Performance]
) -> Iterator[Performance]:
    """Every performance worth asking the engine about from here (at locations the engine
    says the song may still visit); ``made`` keeps those already built."""
    for key, build in specs(song, table, goals):
        if key not in made:
            made[key] = build()
        yield made[key]


def specs(
    song: Song, table: Table, goals: Goals
) -> Iterator[tuple[object, Callable[[], Performance]]]:
    unspent = [s.id for s in song.unspent]
    subsets = [c for n in range(len(unspent) + 1) for c in combinations(unspent, n)]
    buys = (False, True) if goals.cards else (False,)
    for pier in PIERS:
        if not song.can_visit(pier):
            continue
        for ids in subsets:
            for buy in buys:
                yield (
                    ("pier", pier, ids, buy),
                    lambda pier=pier, ids=ids, buy=buy: AtPier(
                        pier,
                        tuple(Spend(i) for i in ids),
                        adventurers=table.pier(pier),
                        buy_card=buy,
                        paladins=table.paladins(pier),
                    ),
                )
    for hall in FACTIONS:
        if not song.can_visit(f"{hall}_hall"):
            continue
        for ids in subsets[1:]:
            yield (
                ("hall", hall, ids),
                lambda hall=hall, ids=ids: AtFactionHall(
                    hall, tuple(Spend(i) for i in ids), adventurers=table.hall(hall)
                ),
            )
    if song.can_visit("town_square"):
        for ids in subsets[1:]:
            for fans in range(1, bard.facts().badges.count - song.board.badges + 1):
                yield (
                    ("square", ids, fans),
                    lambda ids=ids, fans=fans: AtTownSquare(
                        tuple(Spend(i) for i in ids), fans=fans
                    ),
                )
    if not song.can_visit("dragon_island"):
        return
    halls = sorted(song.board.runes)
    text = song.rules.dragon_island == "text"
    for side in SIDES:
        for gift in product([None, *halls], repeat=len(unspent)):
            given = tuple(
                (h, tuple(i for i, g in zip(unspent, gift, strict=True) if g == h)) for h in halls
            )
            given = tuple((h, ids) for h, ids in given if ids)
            if not given:
                continue
            yield (
                ("island", side, given),
                lambda side=side, given=given: AtDragonIsland(
                    side,
                    tuple(
                        HallSong(
                            h,
                            tuple(Spend(i) for i in ids),
                            table.side(side)[h],
                            table.hall(h) if text else None,
                        )
                        for h, ids in given
                    ),
                ),
            )


def endings(song: Song, table: Table, goals: Goals) -> set[Ending]:
    """Every way the song can end from here, by brute force (memoised on the song's state)."""
    start = song
    stones = {s.id for s in song.sources if s.id.startswith("soundstone-")}
    memo: dict[object, set[tuple[int, int, int, object]]] = {}
    made: dict[object, Performance] = {}

    def state(s: Song) -> object:
        return (frozenset(s.visited), s.spent, s.volume_spent, s.board, s.boasts)

    def close(s: Song) -> list[tuple[object, ...]]:
        """How a song that stops here ends: with the Boast a goal asks for when it can (and,
        when the goals are preferences, also without it)."""
        ends = []
        options = [True, False] if goals.boast and s.can_apply(Boast()) else [False]
        if goals.strict and options[0]:
            options = [True]
        for boasted in options:
            end = s.boast()[0] if boasted else s
            ends.append(
                (
                    end.board.runes - start.board.runes,
                    end.board.badges - start.board.badges,
                    end.volume_left,
                    len(stones - end.spent),
                    end.board.creatures < start.board.creatures,
                    boasted,
                )
            )
        return ends

    def walk(s: Song) -> set[tuple[int, int, int, object]]:
        key = state(s)
        if key in memo:
            return memo[key]
        out = {(0, 0, 0, end) for end in close(s)}
        for p in candidates(s, table, goals, made):
            if not s.can_apply(p):
                continue
            after, record = s.perform(p, working=False)
            paid = record.card.value if record.card else 0
            for gold, cost, cards, end in walk(after):
                out.add((gold + record.gold.value, cost + paid, cards + (paid > 0), end))
        memo[key] = out
        return out

    result: set[Ending] = set()
    for gold, paid, cards, end in walk(song):
        runes, fans, volume, left, creature, boasted = end  # type: ignore[misc]
        if table.townsfolk is not None and fans > table.townsfolk:
            continue  # the Town Square has no Townsfolk left for more fans
        met = (
            len(goals.runes & runes)
            + (goals.fans > 0 and fans >= goals.fans)
            + (goals.boast and boasted)
            + (goals.cards > 0 and cards >= goals.cards)
            + (goals.soundstones > 0 and left >= goals.soundstones)
        )
        if goals.cards and cards not in (goals.cards, 0 if not goals.strict else -1):
            continue  # the planner buys cards only to meet the card goal, exactly
        if goals.strict and met < goals.count:
            continue
        result.add(Ending(gold - paid, runes, fans, volume, left, creature, cards, boasted, met))
    return result


def exhaustive(song: Song, table: Table, goals: Goals) -> list[Ending]:
    """Every outcome no other beats on every count (the best of each kind), best first."""
    best_of: dict[tuple[object, ...], Ending] = {}
    for e in endings(song, table, goals):
        sig = e.signature()
        if sig not in best_of or e.key(goals) > best_of[sig].key(goals):
            best_of[sig] = e
    pool = sorted(best_of.values(), key=lambda e: e.key(goals), reverse=True)
    return [e for e in pool if not any(o.beats(e) for o in pool)]


def signature(p: bard.Plan) -> tuple[object, ...]:
    return (
        tuple(sorted(p.runes)),
        p.fans,
        p.volume_left,
        p.soundstones_left,
        p.creature,
        p.cards,
        p.boast,
    )


# -- random small songs -------------------------------------------------------------------------

counts = st.sampled_from((0, 0, 0, 1, 2, 3))


@st.composite
def tables(draw: st.DrawFn) -> Table:
    def colours() -> dict[str, int]:
        return dict(zip(FACTIONS, draw(st.tuples(counts, counts, counts, counts)), strict=True))

    piers = {}
    for pier in PIERS:
        if draw(st.booleans()):
            piers[pier] = colours()
            piers[pier]["paladin"] = draw(st.sampled_from((0, 0, 0, 1, 2)))
    return Table(
        piers=piers,
        halls=dict(
            zip(FACTIONS, draw(st.tuples(*[st.sampled_from((0, 0, 1, 2))] * 4)), strict=True)
        ),
        dragon_island={side: colours() for side in SIDES if draw(st.booleans())},
        townsfolk=draw(st.sampled_from((None, None, None, 0, 1, 2))),
    )


@st.composite
def songs(draw: st.DrawFn) -> Song:
    stones = draw(st.sampled_from((0, 0, 1)))
    n = draw(st.integers(min_value=0, max_value=3 - stones))
    sources = [
        IconSource(
            f"s{i}",
            draw(st.sampled_from((*FACTIONS, ANY, ANY, COIN))),
            draw(st.integers(min_value=1, max_value=3)),
            volume=draw(st.sampled_from((0, 0, 0, 1, 2, 3))),
        )
        for i in range(n)
    ]
    rules = draw(st.sets(st.sampled_from(HOUSE_RULES), max_size=2))
    gem_piers: tuple[str, ...] = ()
    if bard.RULING_TOWN_SQUARE_ICON in rules and draw(st.booleans()):
        gem_piers = tuple(draw(st.lists(st.sampled_from(PIERS), min_size=4, max_size=4)))
    board = Board(
        runes=frozenset(draw(st.sets(st.sampled_from(FACTIONS), max_size=2))),
        badges=draw(st.sampled_from((0, 1, 2, 3, 5, 6))),
        boast_area=draw(st.integers(0, 1)),
        creatures=draw(st.sampled_from((4, 4, 1, 0))),
        gem_piers=gem_piers,
    )
    return Song.new(
        sources,
        moves=draw(st.sampled_from((0, 1, 1, 2))),
        volume=draw(st.integers(min_value=0, max_value=6)),
        soundstones=stones,
        board=board,
        rules=HouseRules(frozenset(rules)),
    )


@st.composite
def goal_sets(draw: st.DrawFn) -> Goals:
    if draw(st.integers(0, 2)):
        return Goals()
    return Goals(
        runes=frozenset(draw(st.sets(st.sampled_from(FACTIONS), max_size=1))),
        most_runes=draw(st.booleans()),
        fans=draw(st.sampled_from((0, 0, 1))),
        boast=draw(st.booleans()),
        cards=draw(st.sampled_from((0, 0, 1))),
        soundstones=draw(st.sampled_from((0, 0, 1))),
        strict=draw(st.booleans()),
    )


# -- the properties -----------------------------------------------------------------------------


def check(song: Song, table: Table, goals: Goals, top: int = 3) -> None:
    plans = plan(song, table, top=top, goals=goals)
    front = exhaustive(song, table, goals)
    # Exact: the same outcomes, ranked the same (among equals, any one of them).
    assert [p_key(p, goals) for p in plans] == [e.key(goals) for e in front[:top]]
    everything = {(e.signature(), e.net) for e in front}
    names = list(bard.KEY_NAMES[2:])
    if goals.most_runes:
        names.insert(0, bard.KEY_NAMES[1])
    if not goals.strict:
        names.insert(0, bard.KEY_NAMES[0])
    for i, p in enumerate(plans):
        assert (signature(p), p.net) in everything
        # What put it ahead of the next plan shown (the best: of the next outcome at all).
        expected = None
        if i + 1 < len(plans) or (i == 0 and len(front) > 1):
            diffs = [
                n
                for n, a, b in zip(names, front[i].key(goals), front[i + 1].key(goals), strict=True)
                if a != b
            ]
            expected = diffs[0] if diffs else "order"
        assert p.decided_by == expected
        # Every plan is the engine's: it replays through sing and earns its gold.
        after, _ = sing(song, p.performances, boast=p.boast)
        assert after.gold == p.gold and after.gold - after.card_costs == p.net
    assert not plans or plans[0].changes == ()
    assert len({signature(p) for p in plans}) == len(plans)


def p_key(p: bard.Plan, goals: Goals) -> tuple[int, ...]:
    met = len(p.goals_met)
    return Ending(
        p.net,
        frozenset(p.runes),
        p.fans,
        p.volume_left,
        p.soundstones_left,
        p.creature,
        p.cards,
        p.boast,
        met,
    ).key(goals)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(songs(), tables(), goal_sets())
def test_the_planner_equals_an_exhaustive_search_over_can_perform(
    song: Song, table: Table, goals: Goals
) -> None:
    check(song, table, goals)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(songs(), tables(), st.integers(min_value=1, max_value=5))
def test_the_planner_is_exact_for_any_number_of_plans_asked(
    song: Song, table: Table, top: int
) -> None:
    check(song, table, Goals(), top)


# -- Singing Step Example -----------------------------------------------------------------------


def test_singing_step_example_with_empty_piers_the_best_song_is_the_examples_32_gold() -> None:
    plans = plan(example_song(), EXAMPLE_TABLE)
    best = plans[0]
    assert best.gold == best.net == 32
    island = best.records[-1]
    assert isinstance(island, bard.Performed) and island.location == "dragon_island"
    assert island.gold.working == "8 Warrior icons × 4 Warriors on the right side = 32 gold"
    assert best.locations[0] == "warrior_hall" and "warrior" in best.runes
    # The example bought its second fan with the two Noble icons; placing a second Rune (the
    # empty Noble Hall) earns the same 32 gold, and Runes come before fans in the ranking.
    assert best.runes == ("warrior", "noble") and best.decided_by == "Runes placed"
    example = next(p for p in plans if p.fans == 1)
    assert example.net == 32 and example.locations == (
        "warrior_hall",
        "town_square",
        "dragon_island",
    )
    assert example.changes == ("−1 Rune (Noble Hall)", "+1 fan")
    assert sing(example_song(), example.performances)[0].gold == 32


def test_singing_step_example_with_a_boast_goal_is_the_example_itself() -> None:
    plans = plan(example_song(), EXAMPLE_TABLE, goals=Goals(boast=True, fans=1))
    best = plans[0]
    assert best.net == 32 and best.boast and best.volume_left == 0 and best.fans == 1
    assert best.locations == ("warrior_hall", "town_square", "dragon_island")
    assert best.goals_met == ("at least 1 fan", "keep 3 Volume and Boast")
    song, records = sing(example_song(), best.performances, boast=True)
    assert isinstance(records[-1], bard.Boasted) and records[-1].creatures == 1
    assert song.totals().volume_left.working == "6 − 3 − 3 = 0 Volume left"


def test_singing_step_example_with_adventurers_on_the_piers_the_planner_sings_better() -> None:
    """The same tableau, with Adventurers on the Piers: the best songs leave the example's."""
    table = Table(
        piers={"pier_1": {"warrior": 3, "noble": 2}, "pier_2": {"warrior": 5}},
        halls={"warrior": 1},
        dragon_island={"right": {"warrior": 4}},
    )
    plans = plan(example_song(), table)
    best = plans[0]
    # Every Warrior icon and the any-colour ones on Pier 2's 5 Warriors (2 + 2 + 3 + 3 = 10
    # icons × 5), the Nobles on Pier 1's 2 Nobles: 50 + 4 = 54 gold, against the example's 32.
    assert best.net == 54 > 32
    assert best.locations == ("pier_1", "pier_2")
    pier_2 = best.records[1]
    assert isinstance(pier_2, bard.Performed)
    assert pier_2.gold.working == "10 Warrior icons × 5 Warriors = 50 gold"
    # The alternatives keep what the best spends: a Rune, a fan or Volume, for less gold.
    assert all(p.net < 54 and p.changes[0].startswith("−") for p in plans[1:])
    assert len({signature(p) for p in plans}) == len(plans)


def test_a_song_with_nothing_to_sing_plans_to_keep_everything() -> None:
    (only,) = plan(Song.new(moves=2, volume=3), Table())
    assert only.performances == () and only.gold == 0 and only.volume_left == 3
    assert only.decided_by is None


def test_goals_that_cannot_be_met_give_no_plan_strict_and_the_closest_otherwise() -> None:
    song = Song.new([IconSource("w", "warrior", 1)], moves=0, volume=1)
    assert plan(song, Table(), goals=Goals(boast=True)) == ()
    (closest, *_) = plan(song, Table(), goals=Goals(boast=True, fans=1, strict=False))
    assert closest.goals_met == ("at least 1 fan",)
    assert closest.goals_missed == ("keep 3 Volume and Boast",)


def test_a_partly_sung_song_is_planned_from_where_it_stands() -> None:
    song, _ = example_song().perform(AtFactionHall("warrior", (Spend("second"),), adventurers=1))
    plans = plan(song, EXAMPLE_TABLE)
    assert plans[0].net == 32 and "warrior_hall" not in plans[0].locations
    replayed = sing(song, plans[0].performances)[0]
    assert replayed.gold == 32 and replayed.visited[0] == "warrior_hall"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: plan("song", Table()), "song must be a Song"),  # type: ignore[arg-type]
        (lambda: plan(Song.new(moves=0, volume=0), {}), "table must be a Table"),  # type: ignore[arg-type]
        (
            lambda: plan(Song.new(moves=0, volume=0), Table(), top=0),
            "top must be from 1 to 20",
        ),
        (
            lambda: Goals(runes=frozenset({"rogue"})),
            "goal runes must be Warrior, Bard, Wizard or Noble",
        ),
        (lambda: Goals(fans=7), "goal fans must be from 0 to 6, not 7"),
        (lambda: Goals(boast=1), "goal boast is True or False, got 1"),  # type: ignore[arg-type]
        (
            lambda: Table(piers={"pier_4": {}}),
            "Pier 2 or Pier 3, not pier 4",
        ),
        (
            lambda: Table(piers={"pier_1": {"elf": 1}}),
            "Nobles or Paladins, not elf",
        ),
        (
            lambda: Table(piers={"pier_1": {"paladin": 8}}),
            "Pier 1: Paladins must be from 0 to 7",
        ),
        (
            lambda: Table(halls={"noble": -1}),
            "Noble Hall must be from 0 to 40, not -1",
        ),
        (
            lambda: Table(halls={"rogues_lair": 1}),
            "or Noble, not rogues lair",
        ),
        (
            lambda: Table(dragon_island={"middle": {}}),
            "a right side, not middle",
        ),
        (
            lambda: Table(dragon_island={"left": {"bard": 1.5}}),
            "Bards must be a whole number, not 1.5",
        ),
        (lambda: Table(townsfolk=9), "Townsfolk must be from 0 to 6, not 9"),
    ],
)
def test_bad_planner_input_is_refused_naming_it(make: object, message: str) -> None:
    with pytest.raises(bard.BardError) as info:
        make()  # type: ignore[operator]
    assert message in str(info.value)


def test_a_table_reads_back_from_plain_data_and_pastes_back_from_its_repr() -> None:
    table = Table(
        piers={"pier_2": {"warrior": 2, "paladin": 1}},
        halls={"noble_hall": 3},
        dragon_island={"left": {"wizard": 4}},
        townsfolk=2,
    )
    assert Table.from_dict(table.to_dict()) == table
    assert eval(repr(table), {"Table": Table}) == table
    assert table.hall("noble") == 3 and table.paladins("pier_2") == 1
    assert table.to_dict() == {
        "piers": {"pier_2": {"warrior": 2, "paladin": 1}},
        "halls": {"noble": 3},
        "dragon_island": {"left": {"wizard": 4}},
        "townsfolk": 2,
    }
    with pytest.raises(bard.BardError, match=r"table: unknown field 'boats'"):
        Table.from_dict({"boats": {}})
