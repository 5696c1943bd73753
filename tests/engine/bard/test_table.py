"""The Bard on a shared table (companion.engine.core.protocol): its ``TableRules`` read the start
and every action back, say what an action depends on (so a stale screen's tap is applied when
it still fits and refused when it does not), word what changed, and replay under house
rules; and the song being sung can be changed as a whole, sung again from its beginning."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import bard
from companion.engine.bard import (
    ANY,
    COIN,
    TABLE_RULES,
    AtDragonIsland,
    AtFactionHall,
    AtPier,
    AtTownSquare,
    BardGame,
    BeginSong,
    Board,
    Boast,
    ChangeSong,
    EndSong,
    HallSong,
    IconSource,
    ReviseSong,
    SetBoard,
    SetTable,
    Spend,
    Table,
    plan,
    spends,
)
from companion.engine.core.protocol import TableRules
from companion.tables.registry import tools

TABLEAU = (
    IconSource("A", ANY, 3),
    IconSource("B", "warrior", 2),
    IconSource("C", "noble", 2),
    IconSource("C-bottom", "warrior", 2, volume=3),
)
BOARD = Table(halls={"warrior": 1}, dragon_island={"right": {"warrior": 4}})
EXAMPLE = (
    AtFactionHall("warrior", spends("B"), adventurers=1),
    AtTownSquare(spends("C")),
    AtDragonIsland(
        "right",
        (
            HallSong(
                "warrior",
                spends("C-bottom", Spend("soundstone-1", "warrior"), "A"),
                side_adventurers=4,
            ),
        ),
    ),
)


def singing(*actions: bard.BardAction) -> BardGame:
    game = BardGame.new(player="Ann")
    for action in (
        SetTable(BOARD),
        BeginSong(TABLEAU, moves=2, volume=6, soundstones=1, board=Board(badges=1)),
        *actions,
    ):
        game = game.apply(action)[0]
    return game


def test_the_bard_joins_the_shared_tables() -> None:
    assert isinstance(TABLE_RULES, TableRules)
    assert tools()["bard"] is TABLE_RULES
    assert TABLE_RULES.error is bard.BardError
    game = singing(*EXAMPLE)
    assert TABLE_RULES.players(game) == ("Ann",)
    assert TABLE_RULES.status(game) == "Singing: 3 locations so far, 32 gold"
    start = TABLE_RULES.start_of(BardGame.new(player="Ann"))
    assert start["actions"] == [] and TABLE_RULES.read_start(start) == BardGame.new(player="Ann")


NEW_ACTIONS = [
    ChangeSong((IconSource("A", COIN, 2, volume=1),), moves=3, volume=4, soundstones=2),
    ChangeSong((), moves=0, volume=0, song="swan_song"),
    SetBoard(Board(runes=frozenset({"bard"}), badges=3, boast_area=1, creatures=2)),
    ReviseSong((AtPier("pier_1", spends("A"), adventurers={"noble": 2}), Boast())),
    ReviseSong(()),
]


@pytest.mark.parametrize("action", NEW_ACTIONS)
def test_the_new_actions_read_back_from_their_plain_data(action: bard.BardAction) -> None:
    data = json.loads(json.dumps(action.to_dict()))
    assert TABLE_RULES.read_action(data) == action


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "change_song", "sources": [], "volume": 1}, "moves: this field is needed"),
        (
            {"kind": "change_song", "moves": 1, "volume": 9, "sources": []},
            "Volume must be from 0 to 6, not 9",
        ),
        ({"kind": "set_board"}, "board: this field is needed"),
        (
            {"kind": "set_board", "board": {"badges": 9}},
            "board: the Badges placed must be from 0 to 6",
        ),
        (
            {"kind": "revise_song", "actions": [{"kind": "encore"}]},
            "actions[0]: unknown action kind 'encore'",
        ),
    ],
)
def test_a_bad_new_action_names_the_field(data: object, message: str) -> None:
    with pytest.raises(bard.SaveDataError) as info:
        TABLE_RULES.read_action(data)
    assert message in str(info.value)


def test_a_soundstone_id_in_the_tableau_is_refused() -> None:
    with pytest.raises(bard.UnknownNameError, match="Soundstone 1: count the Soundstones"):
        ChangeSong((IconSource("soundstone-1", ANY, 3),), moves=1, volume=0)


# -- changing the song being sung ------------------------------------------------------------


def test_the_tableau_changes_under_a_song_and_its_locations_are_sung_again() -> None:
    game = singing(*EXAMPLE)
    assert game.song is not None and game.song.gold == 32
    # One more Warrior icon on the bottom half: Dragon Island sings 9 × 4.
    more = (*TABLEAU[:3], IconSource("C-bottom", "warrior", 3, volume=3))
    changed, record = game.apply(ChangeSong(more, moves=2, volume=6, soundstones=1))
    assert changed.song is not None and changed.song.gold == 36
    assert record.summary == "Song tableau: card C, bottom changed"
    assert changed.song.board == game.song.board  # the Rune and the fan are still there
    # Taking out a source that was sung is refused, saying where it was sung.
    with pytest.raises(bard.UnknownNameError, match=r"would break the Warrior Hall \(location 1\)"):
        game.apply(ChangeSong((TABLEAU[0], *TABLEAU[2:]), moves=2, volume=6, soundstones=1))
    # Too little Volume for the bottom half: refused, nothing changed.
    with pytest.raises(bard.VolumeError, match=r"Dragon Island \(location 3\)"):
        game.apply(ChangeSong(TABLEAU, moves=2, volume=2, soundstones=1))
    assert game.song.gold == 32


def test_the_board_a_song_began_with_changes_and_the_song_follows() -> None:
    game = singing(*EXAMPLE)
    changed, record = game.apply(SetBoard(Board(badges=0)))
    assert record.summary == "Your board: Badges placed 1 → 0"
    assert changed.song is not None
    assert changed.song.performances[1].fans[0].value == 1  # the first fan costs 1 icon
    assert changed.song.board.badges == 1
    # A third fan costs 3 icons: the 2 spent at the Town Square no longer pay for it.
    with pytest.raises(bard.IconError, match=r"would break the Town Square \(location 2\)"):
        game.apply(SetBoard(Board(badges=2)))
    # A Rune already in the Warrior Hall closes it to the song: refused.
    with pytest.raises(bard.LocationError, match=r"the Warrior Hall \(location 1\)"):
        game.apply(SetBoard(Board(runes=frozenset({"warrior"}), badges=1)))
    # Between songs the board is the next song's.
    ended = changed.apply(EndSong())[0]
    fixed, record = ended.apply(SetBoard(Board(runes=frozenset({"warrior", "noble"}))))
    assert fixed.board.runes == {"warrior", "noble"} and fixed.board.badges == 0
    assert record.summary.startswith("Your board: a Rune in the Noble Hall")


def test_a_plan_loads_as_one_revision_and_a_location_comes_out() -> None:
    game = singing()
    assert game.song is not None
    best = plan(game.song, game.table)[0]
    loaded, record = game.apply(ReviseSong((*best.performances, *([Boast()] * best.boast))))
    assert loaded.song is not None and loaded.song.gold == best.gold
    assert record.summary.startswith("Song: ") and record.summary.endswith(f"= {best.gold} gold")
    # Taking out the Faction Hall leaves Dragon Island without a Rune: refused.
    hall_first = singing(*EXAMPLE)
    assert hall_first.song is not None
    without = tuple(a for a in hall_first.song.actions if not isinstance(a, AtFactionHall))
    with pytest.raises(bard.LocationError, match=r"Dragon Island \(location 2\)"):
        hall_first.apply(ReviseSong(without))
    square_out = tuple(a for a in hall_first.song.actions if not isinstance(a, AtTownSquare))
    after = hall_first.apply(ReviseSong(square_out))[0]
    assert after.song is not None and after.song.gold == 32 and after.song.board.badges == 1
    with pytest.raises(bard.StepError, match="the song's locations: no song is"):
        BardGame.new().apply(ReviseSong(()))


def test_a_song_part_sung_plans_what_is_left() -> None:
    game = singing(*EXAMPLE[:1])  # the Rune in the Warrior Hall: 0 gold so far
    assert game.song is not None
    best = plan(game.song, game.table)[0]
    after, _ = bard.sing(game.song, best.performances)
    assert best.gold == after.gold - game.song.gold == 32
    assert best.locations == ("town_square", "dragon_island") or best.locations[-1] == (
        "dragon_island"
    )
    sung = singing(*EXAMPLE)
    assert sung.song is not None
    rest = plan(sung.song, sung.table)
    assert rest[0].gold == 0 and rest[0].performances == ()  # no move left, nothing to add


def test_a_new_board_counts_the_song_again() -> None:
    game = singing(*EXAMPLE)
    five = Table(halls={"warrior": 1}, dragon_island={"right": {"warrior": 5}})
    changed, record = game.apply(SetTable(five))
    assert record.summary == "Board: Dragon Island, right side: Warriors 4 → 5"
    assert changed.song is not None and changed.song.gold == 40
    # Two Adventurers in the Warrior Hall want more than the 2 icons sung there: refused.
    crowded = Table(halls={"warrior": 2}, dragon_island={"right": {"warrior": 4}})
    with pytest.raises(bard.IconError, match=r"would break the Warrior Hall \(location 1\)"):
        game.apply(SetTable(crowded))
    assert game.table == BOARD


# -- stale screens -----------------------------------------------------------------------------


def test_a_board_count_reads_the_board_and_a_song_step_reads_the_song() -> None:
    game = singing()
    other_board = game.apply(SetTable(Table(piers={"pier_1": {"noble": 2}})))[0]
    other_song = game.apply(AtTownSquare(spends("C")))[0]
    board_tap = SetTable(Table(halls={"warrior": 2}))
    song_tap = ChangeSong(TABLEAU, moves=1, volume=6, soundstones=1)
    pier = AtPier("pier_2", spends("B"))
    # A board count made on a stale screen fits when only the song moved on ...
    assert TABLE_RULES.fits(game, other_song, board_tap)
    assert not TABLE_RULES.fits(game, other_board, board_tap)
    # ... a change to the song fits when only the board did ...
    assert TABLE_RULES.fits(game, other_board, song_tap)
    assert not TABLE_RULES.fits(game, other_song, song_tap)
    # ... and a location, whose counts come from the board, needs both as they were.
    assert not TABLE_RULES.fits(game, other_board, pier)
    assert not TABLE_RULES.fits(game, other_song, pier)
    assert TABLE_RULES.fits(game, game, pier)


def test_what_changed_is_said_in_words() -> None:
    game = singing()
    moved = game.apply(AtTownSquare(spends("C")))[0]
    assert (
        TABLE_RULES.changed(game, moved)
        == "another screen changed this table meanwhile: Town Square: a fan"
    )
    twice = moved.apply(SetTable(Table(halls={"warrior": 3})))[0]
    assert TABLE_RULES.changed(game, twice).endswith("Town Square: a fan (and 1 change after)")
    assert TABLE_RULES.changed(moved, game) == (
        "a change was taken back meanwhile: Town Square: a fan"
    )
    ruled = game.with_rules(bard.HouseRules.of(bard.RULING_FANS))
    assert TABLE_RULES.changed(game, ruled) == "the house rules of this table changed"


def test_house_rules_replay_the_table() -> None:
    assert TABLE_RULES.with_rules is not None
    game = singing(*EXAMPLE)
    ruled = TABLE_RULES.with_rules(game, frozenset({bard.RULING_FANS, "journey.other"}))
    assert ruled.rules.fans_per_visit is None and ruled.song is not None
    assert ruled.song.gold == 32


@st.composite
def edits(draw: st.DrawFn) -> list[bard.BardAction]:
    colours = st.sampled_from((*bard.facts().faction_ids, ANY, COIN))
    sources = st.lists(
        st.builds(
            lambda i, c, n, v: IconSource(i, c, n, volume=v),
            st.sampled_from("ABCD"),
            colours,
            st.integers(1, 3),
            st.integers(0, 2),
        ),
        max_size=4,
        unique_by=lambda s: s.id,
    ).map(tuple)
    spend = st.lists(st.sampled_from(["A", "B", "C", "soundstone-1"]), max_size=2, unique=True)
    perf = st.one_of(
        st.builds(lambda p, s: AtPier(p, spends(*s)), st.sampled_from(("pier_1", "pier_2")), spend),
        st.builds(lambda s: AtTownSquare(spends(*s)), spend),
        st.builds(
            lambda h, s: AtFactionHall(h, spends(*s)), st.sampled_from(("warrior", "noble")), spend
        ),
        st.just(Boast()),
    )
    one = st.one_of(
        st.builds(
            lambda s, m, v, k: ChangeSong(s, moves=m, volume=v, soundstones=k),
            sources,
            st.integers(0, 3),
            st.integers(0, 6),
            st.integers(0, 1),
        ),
        st.builds(lambda b: SetBoard(Board(badges=b)), st.integers(0, 3)),
        st.builds(lambda xs: ReviseSong(tuple(xs)), st.lists(perf, max_size=3)),
        perf,
        st.builds(
            lambda n: SetTable(Table(piers={"pier_1": {"warrior": n}}, halls={"noble": n})),
            st.integers(0, 2),
        ),
        st.just(EndSong()),
        st.just(BeginSong((IconSource("A", "warrior", 2),), moves=2, volume=3, soundstones=1)),
    )
    return draw(st.lists(one, max_size=10))


@settings(max_examples=120, deadline=None)
@given(edits())
def test_random_changes_apply_or_refuse_whole_and_the_table_replays(
    steps: list[bard.BardAction],
) -> None:
    game = BardGame.new().apply(BeginSong((), moves=1, volume=2))[0]
    for action in steps:
        if game.can_apply(action):
            after, record = game.apply(action)
            assert after.log[-1] is record and record.before is game
            if after.song is not None:  # every song on the table is one the engine sings
                assert bard.sing(after.song.start, [])[0] == after.song.start
                replayed = after.song.start
                for a in after.song.actions:
                    replayed = replayed.apply(a)[0]
                assert replayed.gold == after.song.gold
            game = after
        else:
            with pytest.raises(bard.BardError):
                game.apply(action)
    data = json.loads(json.dumps(game.to_dict()))
    assert TABLE_RULES.read_start(data) == game
