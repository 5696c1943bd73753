"""The Bard's Singing step (The Entertainer rules): golden tests named after the rulebook
sections, the Singing Step Example as a whole planned song, rulings, and refused input."""

from __future__ import annotations

import doctest
import re

import pytest

from companion.engine import bard
from companion.engine.bard import (
    ANY,
    AtDragonIsland,
    AtFactionHall,
    AtPier,
    AtTownSquare,
    Board,
    Boast,
    BoastError,
    CountError,
    HallSong,
    HouseRules,
    IconError,
    IconSource,
    LocationError,
    Song,
    Spend,
    UnknownNameError,
    VolumeError,
    card_price,
    fan_cost,
    hand_size,
    sing,
    spends,
)
from tests.engine.bard.example import EXAMPLE_STEPS, example_song

TEXT_READING = HouseRules.from_house_rules({bard.RULING_DRAGON_ISLAND})


# -- Singing Step Example ---------------------------------------------------------------------


def test_singing_step_example_whole_song_earns_32_gold_and_boasts_with_the_last_3_volume() -> None:
    song, records = sing(example_song(), EXAMPLE_STEPS, boast=True)
    hall, square, island, boast = records
    assert isinstance(hall, bard.Performed) and hall.rune == "warrior"
    assert isinstance(square, bard.Performed) and square.fans == (fan_cost(1),)
    assert isinstance(island, bard.Performed)
    assert island.gold.value == 32
    assert island.gold.expression == "8 × 4 = 32"
    assert island.gold.working == "8 Warrior icons × 4 Warriors on the right side = 32 gold"
    assert island.creature and island.icons == 8 and island.volume == 3
    assert isinstance(boast, bard.Boasted) and boast.creatures == 1
    totals = song.totals()
    assert totals.gold.value == 32 and totals.net.value == 32
    assert totals.volume_left.working == "6 − 3 − 3 = 0 Volume left"
    assert totals.moves_left == 0 and song.locations_left == 0
    assert totals.runes == ("warrior",) and totals.fans == 1
    assert (totals.creatures_taken, totals.creatures_activated) == (1, 1)
    # The Creature card left Dragon Island's stack of 4 (ruling bard.creature_supply).
    assert song.board == Board(runes=frozenset({"warrior"}), badges=2, boast_area=0, creatures=3)
    assert dict(totals.icons_left) == {}  # every icon of the tableau was sung


def test_singing_step_example_step_2a_two_warrior_icons_beat_the_hall() -> None:
    song = example_song()
    for inside in (0, 1):
        assert song.can_apply(AtFactionHall("warrior", spends("second"), adventurers=inside))
    with pytest.raises(IconError, match=r"takes more than 2 Warrior icons; 2 spent"):
        song.verify(AtFactionHall("warrior", spends("second"), adventurers=2))


def test_singing_step_example_step_3_second_badge_costs_2_and_hand_size_becomes_4() -> None:
    song, _ = example_song().perform(EXAMPLE_STEPS[0])
    _, square = song.perform(EXAMPLE_STEPS[1])
    assert square.fans[0].value == 2
    assert square.fans[0].working == "1 + 1 fan you already have = 2 icons"
    assert square.hand_size is not None and square.hand_size.value == 4
    assert "Hand size: 2 + 2 Melody icons under Badges = 4 cards" in square.lines


def test_singing_step_example_step_4_needs_the_rune_placed_earlier_in_the_song() -> None:
    song = example_song()
    with pytest.raises(LocationError, match=r"needs one of your Runes in a Faction Hall"):
        song.verify(EXAMPLE_STEPS[2])


def test_singing_step_example_step_5_no_places_left_but_a_boast() -> None:
    song, _ = sing(example_song(), EXAMPLE_STEPS)
    assert not song.can_apply(AtPier("pier_1"))
    with pytest.raises(LocationError, match=r"no moves left"):
        song.verify(AtPier("pier_1"))
    assert song.volume_left == 3 and song.can_apply(Boast())


def test_singing_step_example_under_the_rule_text_reading_pays_hall_times_side() -> None:
    """The contradiction: read as the rule text says, the same song cannot pay 32."""
    steps = list(EXAMPLE_STEPS)
    island = steps[2]
    assert isinstance(island, AtDragonIsland)
    steps[2] = AtDragonIsland(
        "right", (HallSong("warrior", island.halls[0].spend, 4, hall_adventurers=1),)
    )
    song, records = sing(example_song(TEXT_READING), steps)
    assert records[2].gold.value == 4 != 32
    assert records[2].gold.expression == "1 × 4 = 4"
    assert song.totals().gold.value == 4


# -- Performance Locations › Piers --------------------------------------------------------------


def test_piers_step_1_icons_times_matching_adventurers_per_colour() -> None:
    song = Song.new(
        [IconSource("w", "warrior", 2), IconSource("z", "wizard", 1)], moves=0, volume=0
    )
    _, record = song.perform(
        AtPier("pier_2", spends("w", "z"), adventurers={"warrior": 3, "wizard": 2, "noble": 5})
    )
    assert record.gold.value == 2 * 3 + 1 * 2
    assert record.gold.expression == "2 × 3 + 1 × 2 = 8"
    assert record.lines == (
        "2 Warrior icons × 3 Warriors = 6 gold",
        "1 Wizard icon × 2 Wizards = 2 gold",
        "Gold: 2 × 3 + 1 × 2 = 8 gold",
    )


def test_piers_step_1_icons_without_matching_adventurers_earn_nothing() -> None:
    song = Song.new([IconSource("n", "noble", 3)], moves=0, volume=0)
    _, record = song.perform(AtPier("pier_1", spends("n"), adventurers={"warrior": 4}))
    assert record.gold.value == 0
    assert any("No Nobles at this Pier" in n for n in record.notes)


def test_piers_step_2_card_price_is_1_plus_revealed_coins_and_blue_gems() -> None:
    assert card_price(0, 0).value == 1
    assert card_price(0, 2).value == 1  # the first two Badges reveal Melody icons, no Gem
    assert card_price(1, 3).working == "1 + 1 Coin + 1 Blue Gem = 3 gold"
    assert card_price(4, 6).value == 1 + 4 + 4
    board = Board(runes=frozenset({"warrior", "noble"}), badges=4)
    song = Song.new(moves=0, volume=0, board=board)
    _, record = song.perform(AtPier("pier_3", buy_card=True))
    assert record.card is not None and record.card.value == 5
    assert record.gold.value == 0
    assert (
        song.perform(AtPier("pier_3", buy_card=True))[0].totals().net.working == "0 − 5 = -5 gold"
    )


def test_piers_step_2_a_rune_placed_earlier_in_the_song_raises_the_price() -> None:
    song = Song.new([IconSource("w", "warrior", 1)], moves=1, volume=0)
    assert song.board.card_price.value == 1
    song, _ = song.perform(AtFactionHall("warrior", spends("w")))
    _, record = song.perform(AtPier("pier_1", buy_card=True))
    assert record.card is not None and record.card.value == 2


# -- Performance Locations › Town Square ------------------------------------------------------


def test_town_square_step_2_a_new_fan_costs_1_plus_the_fans_you_have() -> None:
    assert [fan_cost(n).value for n in range(6)] == [1, 2, 3, 4, 5, 6]
    with pytest.raises(CountError, match=r"fans 6: all 6 Badges are placed"):
        fan_cost(6)


def test_town_square_the_fan_cost_reads_as_a_sentence() -> None:
    assert fan_cost(0).working == "1 + 0 fans (you have none yet) = 1 icon"
    assert fan_cost(1).working == "1 + 1 fan you already have = 2 icons"
    assert fan_cost(2).working == "1 + 2 fans you already have = 3 icons"


def test_town_square_any_colours_pay_and_extra_icons_of_a_source_are_lost() -> None:
    song = Song.new(
        [IconSource("w", "warrior", 1), IconSource("n", "noble", 3)],
        moves=0,
        volume=0,
        board=Board(badges=2),
    )
    _, record = song.perform(AtTownSquare(spends("w", "n")))
    assert record.fans[0].value == 3 and record.icons == 4
    assert any("1 icon more than the cost" in n for n in record.notes)
    with pytest.raises(IconError, match=r"gives 1 icon, the fan costs 3"):
        song.verify(AtTownSquare(spends("w")))


def test_town_square_last_four_badges_reveal_blue_gems_that_raise_the_card_price() -> None:
    """Ruling bard.town_square_icon: the icon lost from the text is the Pier's Blue Gem."""
    prices = [card_price(0, badges).value for badges in range(7)]
    assert prices == [1, 1, 1, 2, 3, 4, 5]
    song = Song.new([IconSource("a", ANY, 3)], moves=0, volume=0, board=Board(badges=2))
    _, record = song.perform(AtTownSquare(spends("a")))
    assert "A Blue Gem shows: cards now cost 1 + 0 Coins + 1 Blue Gem = 2 gold" in record.lines
    assert record.hand_size is None  # the third Badge leaves the hand size at 4


def test_town_square_no_badge_left_means_no_fan() -> None:
    song = Song.new([IconSource("a", ANY, 9)], moves=0, volume=0, board=Board(badges=6))
    with pytest.raises(LocationError, match=r"only 0 Badges left"):
        song.verify(AtTownSquare(spends("a")))


def test_town_square_one_fan_per_visit_unless_the_house_rule_allows_more() -> None:
    sources = [IconSource("a", ANY, 5)]
    song = Song.new(sources, moves=0, volume=0, board=Board(badges=1))
    with pytest.raises(LocationError, match=r"one fan per Town Square performance, not 2"):
        song.verify(AtTownSquare(spends("a"), fans=2))
    house = HouseRules.from_house_rules({bard.RULING_FANS})
    song = Song.new(sources, moves=0, volume=0, board=Board(badges=1), rules=house)
    after, record = song.perform(AtTownSquare(spends("a"), fans=2))
    assert [c.value for c in record.fans] == [2, 3]
    assert after.board.badges == 3


# -- Concepts › Hand Size -----------------------------------------------------------------------


def test_hand_size_grows_with_the_first_two_badges_only() -> None:
    assert [hand_size(b).value for b in range(7)] == [2, 3, 4, 4, 4, 4, 4]
    assert hand_size(1).working == "2 + 1 Melody icon under Badges = 3 cards"


# -- Faction Halls ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hall", "reason"),
    [("rogues_lair", "Rogues Lair (too risky"), ("paladin_hall", "Paladin Faction Hall (fun")],
)
def test_faction_halls_the_bard_never_performs_at_the_rogues_lair_or_paladin_hall(
    hall: str, reason: str
) -> None:
    song = Song.new([IconSource("a", ANY, 4)], moves=1, volume=0)
    expected = re.escape(f"the Bard never performs at the {reason}")
    with pytest.raises(LocationError, match=expected):
        song.verify(AtFactionHall(hall, spends("a")))


def test_faction_halls_once_per_game_a_hall_with_your_rune_is_closed() -> None:
    song = Song.new(
        [IconSource("w", "warrior", 3)], moves=1, volume=0, board=Board(runes={"warrior"})
    )
    with pytest.raises(LocationError, match=r"already holds one of your Runes"):
        song.verify(AtFactionHall("warrior_hall", spends("w")))


def test_faction_halls_step_1_icons_must_match_the_hall_and_outnumber_its_adventurers() -> None:
    song = Song.new(
        [IconSource("n", "noble", 3), IconSource("w", "warrior", 2), IconSource("a", ANY, 1)],
        moves=2,
        volume=0,
    )
    with pytest.raises(IconError, match=r"Warrior icons only, not the Noble icons of card n"):
        song.verify(AtFactionHall("warrior", spends("w", "n")))
    with pytest.raises(IconError, match=r"not the Noble icons of card a"):
        song.verify(AtFactionHall("warrior", spends("w", Spend("a", "noble")), adventurers=1))
    # A Paladin (any-colour) icon takes the hall's colour.
    after, record = song.perform(AtFactionHall("warrior", spends("w", "a"), adventurers=2))
    assert record.rune == "warrior" and record.icons == 3
    assert after.board.runes == frozenset({"warrior"})
    assert after.board.card_price.value == 2  # a Coin shows


# -- Dragon Island ------------------------------------------------------------------------------


def test_dragon_island_step_4_sings_for_each_rune_hall_once() -> None:
    board = Board(runes={"warrior", "wizard"})
    song = Song.new(
        [IconSource("w", "warrior", 2), IconSource("z", "wizard", 3), IconSource("n", "noble", 1)],
        moves=0,
        volume=0,
        board=board,
    )
    _, record = song.perform(
        AtDragonIsland(
            "left",
            (HallSong("warrior", spends("w"), 5), HallSong("wizard", spends("z"), 2)),
        )
    )
    assert record.gold.value == 2 * 5 + 3 * 2
    assert record.gold.expression == "2 × 5 + 3 × 2 = 16"
    assert "Gold: 10 + 6 = 16 gold" in record.lines
    with pytest.raises(LocationError, match=r"none of your Runes is in the Noble"):
        song.verify(AtDragonIsland("left", (HallSong("noble", spends("n"), 4),)))
    with pytest.raises(LocationError, match=r"chosen twice"):
        song.verify(AtDragonIsland("left", (HallSong("warrior"), HallSong("warrior_hall"))))
    with pytest.raises(IconError, match=r"listed twice"):
        song.verify(
            AtDragonIsland(
                "left", (HallSong("warrior", spends("w"), 1), HallSong("wizard", spends("w"), 1))
            )
        )


def test_dragon_island_step_5_a_creature_card_only_when_gold_was_earned() -> None:
    song = Song.new(
        [IconSource("w", "warrior", 2)], moves=0, volume=0, board=Board(runes={"warrior"})
    )
    after, record = song.perform(AtDragonIsland("right", (HallSong("warrior", spends("w"), 0),)))
    assert record.gold.value == 0 and not record.creature
    assert after.board.boast_area == 0
    after, record = song.perform(AtDragonIsland("right", (HallSong("warrior", spends("w"), 1),)))
    assert record.gold.value == 2 and record.creature and after.board.boast_area == 1


def test_dragon_island_step_3_rule_text_reading_needs_the_hall_count_and_enough_icons() -> None:
    song = Song.new(
        [IconSource("w", "warrior", 2)],
        moves=0,
        volume=0,
        board=Board(runes={"warrior"}),
        rules=TEXT_READING,
    )
    with pytest.raises(CountError, match=r"Warrior Hall: under the house rule"):
        song.verify(AtDragonIsland("left", (HallSong("warrior", spends("w"), 3),)))
    with pytest.raises(IconError, match=r"as many Warrior icons as Adventurers.*\(3\), not 2"):
        song.verify(
            AtDragonIsland("left", (HallSong("warrior", spends("w"), 3, hall_adventurers=3),))
        )
    _, record = song.perform(
        AtDragonIsland("left", (HallSong("warrior", spends("w"), 3, hall_adventurers=2),))
    )
    assert record.gold.value == 6
    assert record.gold.working == (
        "2 Adventurers in the Warrior Hall × 3 Warriors on the left side = 6 gold "
        "(2 Warrior icons spent)"
    )


# -- Concepts: Paladin icon, Splitting, Soundstone, Volume, Boast --------------------------------


def test_paladin_faction_icon_is_spent_as_one_colour_the_best_at_a_pier() -> None:
    song = Song.new([IconSource("p", ANY, 2, label="Paladin icon")], moves=0, volume=0)
    pier = {"warrior": 1, "noble": 4, "wizard": 4}
    _, record = song.perform(AtPier("pier_1", spends("p"), adventurers=pier))
    # Both icons take one colour (never 1 Warrior + 1 Noble); Wizards and Nobles tie at 4, and
    # the tie goes to the first in the rulebook's order of the halls.
    assert record.gold.value == 8
    assert record.lines == ("2 Wizard icons × 4 Wizards = 8 gold",)
    _, chosen = song.perform(AtPier("pier_1", spends(Spend("p", "warrior")), adventurers=pier))
    assert chosen.gold.value == 2


def test_splitting_faction_icons_a_source_is_never_spent_at_two_locations() -> None:
    song = Song.new([IconSource("w", "warrior", 3)], moves=1, volume=0)
    song, _ = song.perform(AtPier("pier_1", spends("w"), adventurers={"warrior": 1}))
    with pytest.raises(IconError, match=r"card w was already spent earlier"):
        song.verify(AtPier("pier_2", spends("w"), adventurers={"warrior": 5}))


def test_soundstone_gives_three_icons_of_a_chosen_colour_from_at_most_three_tokens() -> None:
    song = Song.new(moves=0, volume=0, soundstones=3, board=Board(runes={"noble"}))
    assert [s.id for s in song.sources] == ["soundstone-1", "soundstone-2", "soundstone-3"]
    assert dict(song.icons_left()) == {ANY: 9}
    _, record = song.perform(
        AtDragonIsland("left", (HallSong("noble", spends("soundstone-2"), 2),))
    )
    assert record.gold.value == 6
    with pytest.raises(CountError, match=r"soundstones must be from 0 to 3, not 4"):
        Song.new(moves=0, volume=0, soundstones=4)


def test_volume_unlocks_bottom_halves_and_the_track_stops_at_6() -> None:
    sources = [IconSource("top", "bard", 1), IconSource("bottom", "bard", 3, volume=4)]
    song = Song.new(sources, moves=0, volume=3)
    with pytest.raises(
        VolumeError, match=r"unlocking card bottom \(4\) costs 4 Volume; the song has 3"
    ):
        song.verify(AtPier("pier_1", spends("top", "bottom"), adventurers={"bard": 2}))
    with pytest.raises(CountError, match=r"Volume must be from 0 to 6, not 7"):
        Song.new(sources, moves=0, volume=7)
    after, record = Song.new(sources, moves=0, volume=6).perform(
        AtPier("pier_1", spends("top", "bottom"), adventurers={"bard": 2})
    )
    assert record.volume == 4 and after.volume_left == 2
    assert record.lines[0] == "Unlock 3 Bard icons (bottom) for 4 Volume"


def test_boast_costs_3_volume_once_per_song_unless_the_house_rule_says_more() -> None:
    song = Song.new(moves=0, volume=6, board=Board(boast_area=2))
    after, record = song.boast()
    assert record.creatures == 2 and after.board.boast_area == 0 and after.volume_left == 3
    with pytest.raises(BoastError, match=r"already Boasted 1 time this song"):
        after.verify(Boast())
    with pytest.raises(VolumeError, match=r"a Boast costs 3 Volume and the song has 2 left"):
        Song.new(moves=0, volume=2).verify(Boast())
    house = HouseRules.from_house_rules({bard.RULING_BOAST})
    twice, _ = Song.new(moves=0, volume=6, rules=house).boast()
    assert twice.can_apply(Boast()) and twice.boast()[0].volume_left == 0


# -- Gameplay › Singing Step (movement) and the Swan Song -----------------------------------------


def test_singing_step_3_movement_counts_the_other_locations_each_once() -> None:
    song = Song.new(moves=1, volume=0, board=Board(runes={"warrior"}))
    assert song.locations_left == 2 and song.moves_left == 1
    song, _ = song.perform(AtPier("pier_1"))
    assert song.moves_left == 1
    with pytest.raises(LocationError, match=r"Pier 1 was already"):
        song.verify(AtPier("pier_1"))
    song, _ = song.perform(AtPier("pier_2"))  # another Pier is another location
    assert song.moves_left == 0
    with pytest.raises(LocationError, match=r"left for the Town Square \(a Movement of 1 allows 2"):
        song.verify(AtTownSquare())


def test_market_phase_swan_song_closes_by_discarding_the_whole_tableau() -> None:
    text, source = Song.new(moves=0, volume=0, kind="swan_song").closing()
    assert "every card" in text and source.section == "Market Phase - Swan Song"
    text, source = Song.new(moves=0, volume=0).closing()
    assert "except the Instrument" in text and "Downtime" in source.section


# -- values, reprs, refusals ----------------------------------------------------------------------


def test_values_have_reprs_you_can_paste_back() -> None:
    values = [
        IconSource("d", "warrior", 2, volume=3, label="rightmost card"),
        Spend("a", "noble"),
        Spend("b"),
        AtPier("pier_1", spends("a"), adventurers={"noble": 2}, buy_card=True),
        AtTownSquare(spends("a"), fans=1),
        AtFactionHall("warrior", spends("a"), adventurers=1),
        AtDragonIsland("left", (HallSong("warrior", spends("a"), 4, hall_adventurers=1),)),
    ]
    namespace = {name: getattr(bard, name) for name in bard.__all__}
    for value in values:
        assert eval(repr(value), namespace) == value
    assert repr(card_price(1, 3)) == "Figure(3, '1 + 1 Coin + 1 Blue Gem = 3 gold')"
    assert repr(Board(runes={"noble", "warrior"}, badges=2)) == (
        "Board(runes={'warrior', 'noble'}, badges=2, boast_area=0)"
    )


def test_docstring_examples_hold() -> None:
    results = [doctest.testmod(module) for module in (bard, bard.values)]
    assert sum(r.attempted for r in results) >= 3
    assert sum(r.failed for r in results) == 0


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (
            lambda: AtPier("pier_4"),
            UnknownNameError,
            "Pier 3, not pier 4",
        ),
        (lambda: AtPier("pier_1", adventurers={"elf": 1}), UnknownNameError, "elf"),
        (lambda: AtPier("pier_1", adventurers={"warrior": -1}), CountError, "-1"),
        (lambda: AtPier("pier_1", adventurers={"warrior": 2.5}), CountError, "2.5"),
        (lambda: AtPier("pier_1", spend="a"), IconError, "'a'"),
        (lambda: AtFactionHall("dragon"), UnknownNameError, "dragon"),
        (lambda: AtFactionHall("warrior", adventurers=True), CountError, "True"),
        (lambda: AtTownSquare(fans=0), CountError, "fans must be from 1 to 6, not 0"),
        (
            lambda: AtDragonIsland("middle"),
            UnknownNameError,
            "a right side, not middle",
        ),
        (lambda: HallSong("rogues_lair"), UnknownNameError, "rogues lair"),
        (lambda: IconSource("x", "purple", 1), UnknownNameError, "purple"),
        (
            lambda: IconSource("x", "bard", 0),
            CountError,
            "card x must be from 1 to 20, not 0",
        ),
        (lambda: IconSource("", "bard", 1), UnknownNameError, "''"),
        (lambda: Spend("a", "gold"), UnknownNameError, "gold"),
        (lambda: Board(badges=7), CountError, "Badges placed must be from 0 to 6, not 7"),
        (lambda: Board(runes={"rogue"}), UnknownNameError, "rogue"),
        (lambda: Board(runes="warrior"), UnknownNameError, "'warrior'"),
        (lambda: Song.new(moves=9, volume=0), CountError, "Movement must be from 0 to 8, not 9"),
        (lambda: Song.new(moves=0, volume=0, kind="encore"), UnknownNameError, "encore"),
        (
            lambda: Song.new([IconSource("a", "bard", 1)] * 2, moves=0, volume=0),
            UnknownNameError,
            "two sources of icons are called card a",
        ),
        (lambda: HouseRules.of("bard.median"), UnknownNameError, "'bard.median'"),
        (lambda: HouseRules("bard.boast_once"), UnknownNameError, "'bard.boast_once'"),
        (lambda: card_price(5, 0), CountError, "Runes placed must be from 0 to 4, not 5"),
        (lambda: hand_size(-1), CountError, "-1"),
    ],
)
def test_bad_input_is_refused_naming_it(make: object, error: type, message: str) -> None:
    with pytest.raises(error) as info:
        make()  # type: ignore[operator]
    assert message in str(info.value)
    assert issubclass(error, ValueError)


def test_illegal_performances_name_the_input_and_change_nothing() -> None:
    song = Song.new([IconSource("w", "warrior", 1)], moves=0, volume=0)
    before = repr(song), song.log, song.spent, song.board
    for bad, message in [
        (AtPier("pier_1", spends("nope")), "the song has no card nope"),
        (AtPier("pier_1", spends(Spend("w", "noble"))), "cannot be spent as Noble icons"),
        (AtPier("pier_1", spends("w", "w")), "card w is listed twice"),
        (AtDragonIsland("left"), "Dragon Island needs one of your Runes"),
    ]:
        assert not song.can_apply(bad)
        with pytest.raises(bard.BardError, match=message):
            song.perform(bad)
    assert (repr(song), song.log, song.spent, song.board) == before


def test_singing_step_a_location_is_checked_before_anything_is_spent_there() -> None:
    song = Song.new(moves=1, volume=0, board=Board(runes={"noble"}))
    assert song.can_visit("dragon_island") and song.can_visit("pier_3")
    assert not song.can_visit("noble_hall")  # its Rune is already there
    with pytest.raises(LocationError, match=r"the Bard never performs at the Rogues Lair"):
        song.verify_visit("rogues_lair")
    with pytest.raises(UnknownNameError, match=r"unknown location 'tavern'"):
        song.verify_visit("tavern")
    after, _ = song.perform(AtPier("pier_3"))
    assert not after.can_visit("pier_3") and after.can_visit("pier_1")
    after, _ = after.perform(AtPier("pier_1"))
    assert not any(after.can_visit(loc.id) for loc in bard.facts().location)
    assert not Song.new(moves=1, volume=0).can_visit("dragon_island")
