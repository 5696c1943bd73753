"""The Bard as a shared table: plain-data actions that read back, a game value that verifies
first and changes nothing when it refuses, and saves that replay (tables design, §1)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import bard
from companion.engine.bard import (
    ANY,
    COIN,
    AtDragonIsland,
    AtFactionHall,
    AtPier,
    AtTownSquare,
    BardGame,
    BeginSong,
    Board,
    Boast,
    EndSong,
    Finish,
    HallSong,
    HouseRules,
    IconSource,
    SetTable,
    Song,
    Spend,
    Table,
    plan,
    read_action,
    spends,
)
from companion.engine.bard.example import EXAMPLE_TABLE
from tests.engine.bard.example import EXAMPLE_STEPS, EXAMPLE_TABLEAU

FACTIONS = bard.facts().faction_ids


def example_table() -> BardGame:
    game = BardGame.new(player="Ann")
    for action in (
        SetTable(EXAMPLE_TABLE),
        BeginSong(EXAMPLE_TABLEAU, moves=2, volume=6, soundstones=1, board=Board(badges=1)),
        *EXAMPLE_STEPS,
        Boast(),
    ):
        game, _ = game.apply(action)
    return game


def test_singing_step_example_played_as_a_table_carries_its_board_to_the_next_song() -> None:
    game = example_table()
    assert game.song is not None and game.song.gold == 32 and game.song.is_over
    assert [r.summary for r in game.log[-4:]] == [
        "Warrior Hall: a Rune in the Warrior Hall",
        "Town Square: a fan",
        "Dragon Island: 32 gold, a Creature card",
        "Boast: 3 Volume, 1 Creature card",
    ]
    game, record = game.apply(EndSong())
    assert record.summary == "Song ended: 32 gold" and game.gold == 32
    assert game.board == Board(runes=frozenset({"warrior"}), badges=2, creatures=3)
    # The next song starts from that board and the same main board, entered once.
    game, _ = game.apply(
        BeginSong((IconSource("w", "warrior", 3),), moves=1, volume=0, song="swan_song")
    )
    assert game.song is not None and game.song.board == game.board
    best = plan(game.song, game.table)[0]
    assert best.net == 12 and best.locations == ("dragon_island",)
    assert best.summary == "12 gold from Dragon Island"
    assert game.status == "Singing: no location yet, 0 gold; 1 song before"


def test_the_status_line_says_no_songs_before_by_leaving_them_out() -> None:
    """Review F5 (issue 21): "0 songs before" and "0 locations so far" read like a counter."""
    game = example_table()
    assert game.status == "Singing: 3 locations so far, 32 gold"
    first = BardGame.new(player="Ann").apply(BeginSong(EXAMPLE_TABLEAU, moves=2, volume=6))[0]
    assert first.status == "Singing: no location yet, 0 gold"


def test_a_table_saves_as_its_actions_and_replays_to_the_same_state() -> None:
    game = example_table()
    data = json.loads(json.dumps(game.to_dict()))
    assert data["format"] == "companion.bard" and data["version"] == 1
    assert data["player"] == "Ann" and game.players == ("Ann",)
    back = BardGame.from_dict(data)
    assert back == game and back.to_dict() == data
    assert [r.action for r in back.log] == [r.action for r in game.log]
    assert BardGame.from_dict(BardGame.new().to_dict()) == BardGame.new()
    assert BardGame.new().players == ()


def test_every_action_reads_back_from_its_plain_data() -> None:
    actions = [
        SetTable(Table(piers={"pier_1": {"noble": 2, "paladin": 1}}, townsfolk=3)),
        BeginSong(
            (IconSource("a", COIN, 2, volume=1, label="Coins"), IconSource("b", ANY, 1)),
            moves=3,
            volume=4,
            soundstones=2,
            board=Board(runes=frozenset({"bard"}), badges=3, gem_piers=("pier_1",) * 4),
            song="swan_song",
        ),
        BeginSong((), moves=0, volume=0),
        AtPier(
            "pier_2",
            spends("a", Spend("b", "noble")),
            adventurers={"noble": 2},
            buy_card=True,
            paladins=2,
            paladin_colour="noble",
        ),
        AtTownSquare(spends("a"), fans=2),
        AtFactionHall("wizard", spends("b"), adventurers=3),
        AtDragonIsland("left", (HallSong("bard", spends("a"), 2, hall_adventurers=1),)),
        Boast(),
        EndSong(),
        Finish(),
    ]
    for action in actions:
        data = json.loads(json.dumps(action.to_dict()))
        assert data["kind"] == action.kind
        assert read_action(data) == action


def test_the_table_refuses_actions_out_of_turn_and_changes_nothing() -> None:
    game = BardGame.new()
    for action, error, message in [
        (
            AtPier("pier_1"),
            bard.StepError,
            "Singing at a Pier: no song is being sung",
        ),
        (Boast(), bard.StepError, "Boasting: no song is being sung"),
        (EndSong(), bard.StepError, "Ending the song: no song is being sung"),
    ]:
        assert not game.can_apply(action)
        with pytest.raises(error, match=message):
            game.apply(action)
    begun, _ = game.apply(BeginSong((), moves=0, volume=0))
    with pytest.raises(bard.StepError, match="Beginning a song: a song is being sung"):
        begun.apply(BeginSong((), moves=0, volume=0))
    with pytest.raises(bard.StepError, match="Finishing the table: a song is being sung"):
        begun.apply(Finish())
    with pytest.raises(bard.LocationError, match="needs one of your Runes"):
        begun.apply(AtDragonIsland("left", (HallSong("noble"),)))
    assert begun.log[-1].summary == "Singing step begun" and len(begun.log) == 1
    done, _ = game.apply(Finish())
    assert done.is_over and not game.is_over
    with pytest.raises(bard.GameOverError, match="Changing the main board: the table is finished"):
        done.apply(SetTable(Table()))


def test_undo_is_the_game_before_the_last_action_and_house_rules_replay_the_table() -> None:
    game = example_table()
    before = game.log[-1].before
    assert before.song is not None and before.song.boasts == 0 and game.song is not None
    assert game.song.boasts == 1
    fans = game.with_rules(HouseRules.of(bard.RULING_FANS))
    assert fans.rules.fans_per_visit is None
    assert fans.song is not None and fans.song.rules == fans.rules and fans.song.gold == 32
    # Under the rule-text reading of Dragon Island the example's performance lacks the hall's
    # count, so the table cannot be replayed that way: the change is refused whole.
    with pytest.raises(bard.CountError, match="say how many Adventurers are in the hall"):
        game.with_rules(HouseRules.of(bard.RULING_DRAGON_ISLAND))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "encore"}, "unknown action kind 'encore'"),
        ("pier", "'pier' must be a mapping"),
        ({"kind": "pier"}, "pier: this field is needed"),
        ({"kind": "pier", "pier": "pier_9"}, "must be Pier 1, Pier 2 or Pier 3, not pier 9"),
        (
            {"kind": "pier", "pier": "pier_1", "spend": [{"source": "a", "colour": "gold"}]},
            "spend[0]: the colour of card a must be Warrior, Bard, Wizard or Noble, not gold",
        ),
        ({"kind": "pier", "pier": "pier_1", "tip": 1}, "unknown field 'tip'"),
        (
            {"kind": "dragon_island", "side": "left", "halls": [{"hall": "rogue"}]},
            "halls[0]: the Faction Hall must be Warrior, Bard, Wizard or Noble, not rogue",
        ),
        ({"kind": "town_square", "fans": 0}, "fans must be from 1 to 6, not 0"),
        ({"kind": "begin_song", "sources": [], "volume": 1}, "moves: this field is needed"),
        (
            {"kind": "begin_song", "moves": 1, "volume": 1, "sources": [{"id": "a"}]},
            "sources[0]: colour: this field is needed",
        ),
        (
            {"kind": "set_table", "table": {"piers": {"pier_1": {"warrior": -2}}}},
            "table: Pier 1: Warriors must be from 0 to 40, not -2",
        ),
        ({"kind": "end_song", "now": True}, "unknown field 'now'"),
    ],
)
def test_a_bad_action_names_the_field(data: object, message: str) -> None:
    with pytest.raises(bard.SaveDataError) as info:
        read_action(data)
    assert message in str(info.value)


def test_a_bad_save_names_the_action_and_field() -> None:
    data = example_table().to_dict()
    data["actions"][2]["spend"] = [{"source": "nobody"}]
    with pytest.raises(
        bard.SaveDataError, match=r"actions\[2\] \(faction_hall\): the song has no card"
    ):
        BardGame.from_dict(data)
    with pytest.raises(bard.SaveDataError, match=r"format 'other' is not 'companion\.bard'"):
        BardGame.from_dict({"format": "other"})


def test_a_song_saves_on_its_own_and_replays() -> None:
    game = example_table()
    assert game.song is not None
    song = game.song
    data = json.loads(json.dumps(song.to_dict()))
    assert data["format"] == "companion.bard.song"
    back = Song.from_dict(data)
    assert back == song and back.gold == 32 and back.log == song.log
    assert back.start.board == Board(badges=1) and back.board.badges == 2
    assert [a.kind for a in song.actions] == [
        "faction_hall",
        "town_square",
        "dragon_island",
        "boast",
    ]


# -- random tables ------------------------------------------------------------------------------


@st.composite
def actions(draw: st.DrawFn) -> list[object]:
    ids = ["a", "b", "c", "soundstone-1"]
    spend = st.lists(st.sampled_from(ids), max_size=3, unique=True).map(
        lambda xs: tuple(Spend(x) for x in xs)
    )
    counts = st.dictionaries(st.sampled_from(FACTIONS), st.integers(0, 3), max_size=2)
    one = st.one_of(
        st.builds(
            lambda p, s, a, b: AtPier(p, s, adventurers=a, buy_card=b),
            st.sampled_from(("pier_1", "pier_2")),
            spend,
            counts,
            st.booleans(),
        ),
        st.builds(lambda s: AtTownSquare(s), spend),
        st.builds(
            lambda h, s, n: AtFactionHall(h, s, adventurers=n),
            st.sampled_from(FACTIONS),
            spend,
            st.integers(0, 2),
        ),
        st.builds(
            lambda side, h, s, n: AtDragonIsland(side, (HallSong(h, s, n),)),
            st.sampled_from(("left", "right")),
            st.sampled_from(FACTIONS),
            spend,
            st.integers(0, 3),
        ),
        st.just(Boast()),
        st.just(EndSong()),
        st.builds(
            lambda m, v, colours: BeginSong(
                tuple(IconSource(i, c, 2) for i, c in zip("abc", colours, strict=False)),
                moves=m,
                volume=v,
                soundstones=1,
            ),
            st.integers(0, 2),
            st.integers(0, 6),
            st.lists(st.sampled_from((*FACTIONS, ANY, COIN)), max_size=3),
        ),
        st.builds(lambda c: SetTable(Table(halls=c)), counts),
        st.just(Finish()),
    )
    return draw(st.lists(one, max_size=12))


@settings(max_examples=150, deadline=None)
@given(actions())
def test_a_random_table_applies_what_it_allows_refuses_the_rest_and_replays(
    steps: list[object],
) -> None:
    game = BardGame.new()
    for action in steps:
        assert isinstance(action, bard.BardAction)
        if game.can_apply(action):
            after, record = game.apply(action)
            assert after.log[-1] is record and record.before is game
            game = after
        else:
            with pytest.raises(bard.BardError):
                game.apply(action)
    data = json.loads(json.dumps(game.to_dict()))
    again = BardGame.from_dict(data)
    assert again == game and again.to_dict() == data
    assert again.gold == sum(s.gold - s.paid for s in game.sung)
