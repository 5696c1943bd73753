"""The Bard's rules added for the planner, named after the rulebook sections and rulings they
follow: Coin icons (Concepts › Coin), the 4 Creature cards on Dragon Island (Setup, step 7),
Master Craft's Paladins on a Pier, and the Town Square's revealed icons on "their respective
Pier" (both readings)."""

from __future__ import annotations

import pytest

from companion.engine import bard
from companion.engine.bard import (
    ANY,
    COIN,
    AtDragonIsland,
    AtFactionHall,
    AtPier,
    AtTownSquare,
    Board,
    CountError,
    HallSong,
    HouseRules,
    IconError,
    IconSource,
    Song,
    Spend,
    UnknownNameError,
    VolumeError,
    card_price,
    spends,
)
from companion.rules import catalogue

PALADINS = HouseRules.of(bard.RULING_PALADINS)
PER_PIER = HouseRules.of(bard.RULING_TOWN_SQUARE_ICON)


# -- Concepts › Coin (ruling bard.coin_icons) -------------------------------------------------


def test_concepts_coin_gives_a_gold_per_coin_at_a_pier_never_multiplied() -> None:
    song = Song.start(
        [IconSource("w", "warrior", 2), IconSource("c", COIN, 3, label="Coins")],
        moves=0,
        volume=0,
    )
    _, record = song.perform(AtPier("pier_1", spends("w", "c"), adventurers={"warrior": 4}))
    assert record.gold.value == 2 * 4 + 3 and record.coins == 3
    assert record.gold.expression == "2 × 4 + 3 = 11"
    assert "3 Coins = 3 gold" in record.lines
    assert record.icons == 2  # Coins are not Faction icons


def test_concepts_coin_is_spent_once_like_every_icon_and_a_gated_coin_needs_its_volume() -> None:
    song = Song.start([IconSource("c", COIN, 2, volume=2)], moves=1, volume=1)
    with pytest.raises(VolumeError, match=r"unlocking 'c' \(2\) costs 2 Volume"):
        song.verify_perform(AtPier("pier_1", spends("c")))
    song = Song.start([IconSource("c", COIN, 2, volume=2)], moves=1, volume=2)
    after, record = song.perform(AtPier("pier_1", spends("c")))
    assert record.gold.working == "2 Coins = 2 gold" and after.volume_left == 0
    with pytest.raises(IconError, match=r"source 'c' was already spent"):
        after.verify_perform(AtPier("pier_2", spends("c")))
    with pytest.raises(IconError, match=r"source 'c' gives Coins and cannot be spent as 'noble'"):
        song.verify_perform(AtPier("pier_1", spends(Spend("c", "noble"))))


def test_concepts_coin_pays_at_any_location_but_never_for_a_fan_or_a_rune() -> None:
    sources = [IconSource("c", COIN, 5), IconSource("w", "warrior", 1)]
    song = Song.start(sources, moves=1, volume=0, board=Board(badges=1))
    with pytest.raises(IconError, match=r"gives 1 icon \(Coins are not Faction icons\), the fan"):
        song.verify_perform(AtTownSquare(spends("c", "w")))
    with pytest.raises(IconError, match=r"takes more than 1 Warrior icons; 1 spent"):
        song.verify_perform(AtFactionHall("warrior", spends("c", "w"), adventurers=1))
    after, hall = song.perform(AtFactionHall("warrior", spends("c", "w"), adventurers=0))
    assert hall.rune == "warrior" and hall.gold.value == 5 and hall.icons == 1
    assert dict(song.icons_left()) == {"warrior": 1, COIN: 5}
    assert dict(after.icons_left()) == {}


def test_concepts_coin_gold_at_dragon_island_earns_the_creature_card() -> None:
    song = Song.start([IconSource("c", COIN, 1)], moves=0, volume=0, board=Board(runes={"noble"}))
    after, record = song.perform(AtDragonIsland("left", (HallSong("noble", spends("c"), 0),)))
    assert record.gold.value == 1 and record.creature
    assert after.board.boast_area == 1 and after.board.creatures == 3


# -- Setup, step 7: 4 Creature cards on Dragon Island (ruling bard.creature_supply) -----------


def test_setup_step_7_dragon_island_holds_4_creature_cards_and_gives_none_when_empty() -> None:
    assert Board().creatures == bard.facts().dragon_island.creatures == 4
    stone = [IconSource("w", "warrior", 2)]
    for left in (4, 1):
        song = Song.start(stone, moves=0, volume=0, board=Board(runes={"warrior"}, creatures=left))
        after, record = song.perform(AtDragonIsland("left", (HallSong("warrior", spends("w"), 3),)))
        assert record.creature and after.board.creatures == left - 1
    song = Song.start(stone, moves=0, volume=0, board=Board(runes={"warrior"}, creatures=0))
    after, record = song.perform(AtDragonIsland("left", (HallSong("warrior", spends("w"), 3),)))
    assert record.gold.value == 6 and not record.creature
    assert after.board.boast_area == 0 and after.board.creatures == 0
    assert any("No Creature card is left on Dragon Island" in n for n in record.notes)
    with pytest.raises(CountError, match=r"creatures must be 0–4, got 5"):
        Board(creatures=5)
    assert repr(Board(creatures=2)) == "Board(runes={}, badges=0, boast_area=0, creatures=2)"


# -- Master Craft › Paladin Adventurers (ruling bard.paladins_at_piers) -----------------------


def test_paladins_on_a_pier_earn_nothing_by_the_ruling() -> None:
    song = Song.start([IconSource("w", "warrior", 2)], moves=0, volume=0)
    pier = AtPier("pier_1", spends("w"), adventurers={"warrior": 1}, paladins=3)
    _, record = song.perform(pier)
    assert record.gold.value == 2 and record.paladins_as is None
    assert any("3 Paladins on this Pier earn nothing" in n for n in record.notes)


def test_paladins_on_a_pier_count_as_the_best_colour_under_the_house_rule() -> None:
    sources = [IconSource("w", "warrior", 2), IconSource("n", "noble", 3)]
    song = Song.start(sources, moves=0, volume=0, rules=PALADINS)
    pier = AtPier("pier_1", spends("w", "n"), adventurers={"warrior": 1, "noble": 1}, paladins=2)
    _, record = song.perform(pier)
    # As Nobles: 2 × 1 + 3 × 3 = 11 beats as Warriors: 2 × 3 + 3 × 1 = 9.
    assert record.gold.value == 11 and record.paladins_as == "noble"
    assert "3 Noble icons × 3 Nobles (1 + 2 Paladins) = 9 gold" in record.lines
    chosen = AtPier(
        "pier_1",
        spends("w", "n"),
        adventurers={"warrior": 1, "noble": 1},
        paladins=2,
        paladin_colour="warrior",
    )
    assert song.perform(chosen)[1].gold.value == 9
    assert eval(repr(chosen), {"AtPier": AtPier, "Spend": Spend}) == chosen


def test_paladins_and_an_any_colour_source_take_the_same_colour_when_it_pays() -> None:
    song = Song.start([IconSource("p", ANY, 2)], moves=0, volume=0, rules=PALADINS)
    _, record = song.perform(AtPier("pier_2", spends("p"), adventurers={"bard": 2}, paladins=3))
    assert record.gold.value == 2 * (2 + 3) and record.paladins_as == "bard"
    with pytest.raises(CountError, match=r"paladins must be 0–7, got 8"):
        AtPier("pier_1", paladins=8)
    with pytest.raises(UnknownNameError, match=r"unknown paladin_colour 'rogue'"):
        AtPier("pier_1", paladin_colour="rogue")


# -- Performance Locations › Town Square: "their respective Pier" (bard.town_square_icon) -----


def test_town_square_icons_raise_the_price_at_every_pier_by_the_ruling() -> None:
    board = Board(badges=4, gem_piers=("pier_1", "pier_1", "pier_2", "pier_3"))
    song = Song.start(moves=2, volume=0, board=board)
    prices = {p: song.perform(AtPier(p, buy_card=True))[1].card for p in bard.facts().piers()}
    assert {p: f.value for p, f in prices.items() if f} == {"pier_1": 3, "pier_2": 3, "pier_3": 3}


def test_town_square_icons_raise_the_price_only_at_their_own_pier_under_the_house_rule() -> None:
    board = Board(badges=5, gem_piers=("pier_1", "pier_2", "pier_1", "pier_3"))
    song = Song.start(moves=2, volume=0, board=board, rules=PER_PIER)
    # Badges 3, 4 and 5 are placed: the icons of Pier 1, Pier 2 and Pier 1 show.
    got = {}
    for pier in bard.facts().piers():
        card = song.perform(AtPier(pier, buy_card=True))[1].card
        assert card is not None
        got[pier] = card
    assert {p: f.value for p, f in got.items()} == {"pier_1": 3, "pier_2": 2, "pier_3": 1}
    assert got["pier_1"].working == "1 + 0 Coins + 2 Blue Gems of this Pier = 3 gold"
    assert card_price(0, 5, pier_gems=2).value == 3


def test_town_square_per_pier_reading_needs_the_pier_of_each_icon() -> None:
    song = Song.start(moves=0, volume=0, board=Board(badges=3), rules=PER_PIER)
    with pytest.raises(CountError, match=r"gem_piers \(\): 1 Blue Gem revealed, but not which"):
        song.verify_perform(AtPier("pier_1", buy_card=True))
    early = Song.start(moves=0, volume=0, board=Board(badges=2), rules=PER_PIER)
    card = early.perform(AtPier("pier_1", buy_card=True))[1].card
    assert card is not None and card.value == card_price(0, 2).value == 1
    with pytest.raises(CountError, match=r"name the Pier of each of the last 4 Badge spaces"):
        Board(gem_piers=("pier_1",))
    with pytest.raises(UnknownNameError, match=r"unknown pier in gem_piers 'pier_9'"):
        Board(gem_piers=("pier_9", "pier_1", "pier_1", "pier_1"))


# -- the rulings file ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruling_id", "sections"),
    [
        (bard.RULING_COIN_ICONS, {"Concepts › Coin", "Dragon Island, step 5"}),
        (bard.RULING_CREATURES, {"Setup, step 7", "Dragon Island, step 5"}),
        (
            bard.RULING_PALADINS,
            {
                "Paladin Adventurers and Paladin Faction Hall",
                "Performance Locations › Piers, step 1",
            },
        ),
        (
            bard.RULING_TOWN_SQUARE_ICON,
            {"Performance Locations › Town Square", "Performance Locations › Piers, step 2"},
        ),
    ],
)
def test_the_new_rulings_cite_the_passages_they_read(ruling_id: str, sections: set[str]) -> None:
    ruling = catalogue().ruling(ruling_id)
    assert sections <= {s.section for s in ruling.sources}
    assert ruling.game == "merchants_cove"


def test_the_paladin_ruling_cites_master_craft_and_both_new_switches_are_house_rules() -> None:
    ruling = catalogue().ruling(bard.RULING_PALADINS)
    assert {s.book for s in ruling.sources} == {"master_craft", "entertainer"}
    assert ruling.has_house_rule and catalogue().ruling(bard.RULING_TOWN_SQUARE_ICON).has_house_rule
    rules = HouseRules.from_house_rules([bard.RULING_PALADINS, bard.RULING_TOWN_SQUARE_ICON, "x.y"])
    assert rules.paladins_count and rules.gems_per_pier
    assert not HouseRules().paladins_count and not HouseRules().gems_per_pier
