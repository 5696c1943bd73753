"""The Bard's rules added for the planner, named after the rulebook sections and rulings they
follow: Coin icons (Concepts › Coin), the 4 Creature cards on Dragon Island (Setup, step 7),
Master Craft's Paladins on a Pier, the Town Square's revealed icons on "their respective
Pier", a Boast before a location and a card bought at a Pier (each under both readings)."""

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
    Boast,
    Boasted,
    BoastError,
    CountError,
    Goals,
    GoldError,
    HallSong,
    HouseRules,
    IconError,
    IconSource,
    Song,
    Spend,
    Table,
    UnknownNameError,
    VolumeError,
    card_price,
    plan,
    spends,
)
from companion.rules import catalogue

PALADINS = HouseRules.of(bard.RULING_PALADINS)
PER_PIER = HouseRules.of(bard.RULING_TOWN_SQUARE_ICON)


# -- Concepts › Coin (ruling bard.coin_icons) -------------------------------------------------


def test_concepts_coin_gives_a_gold_per_coin_at_a_pier_never_multiplied() -> None:
    song = Song.new(
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
    song = Song.new([IconSource("c", COIN, 2, volume=2)], moves=1, volume=1)
    with pytest.raises(VolumeError, match=r"unlocking card c \(2\) costs 2 Volume"):
        song.verify(AtPier("pier_1", spends("c")))
    song = Song.new([IconSource("c", COIN, 2, volume=2)], moves=1, volume=2)
    after, record = song.perform(AtPier("pier_1", spends("c")))
    assert record.gold.working == "2 Coins = 2 gold" and after.volume_left == 0
    with pytest.raises(IconError, match=r"card c was already spent"):
        after.verify(AtPier("pier_2", spends("c")))
    with pytest.raises(IconError, match=r"card c gives Coins and cannot be spent as Noble icons"):
        song.verify(AtPier("pier_1", spends(Spend("c", "noble"))))


def test_concepts_coin_pays_at_any_location_but_never_for_a_fan_or_a_rune() -> None:
    sources = [IconSource("c", COIN, 5), IconSource("w", "warrior", 1)]
    song = Song.new(sources, moves=1, volume=0, board=Board(badges=1))
    with pytest.raises(IconError, match=r"give 1 icon \(Coins are not Faction icons\), the fan"):
        song.verify(AtTownSquare(spends("c", "w")))
    with pytest.raises(IconError, match=r"takes more than 1 Warrior icons; 1 spent"):
        song.verify(AtFactionHall("warrior", spends("c", "w"), adventurers=1))
    after, hall = song.perform(AtFactionHall("warrior", spends("c", "w"), adventurers=0))
    assert hall.rune == "warrior" and hall.gold.value == 5 and hall.icons == 1
    assert dict(song.icons_left()) == {"warrior": 1, COIN: 5}
    assert dict(after.icons_left()) == {}


def test_concepts_coin_gold_at_dragon_island_earns_the_creature_card() -> None:
    song = Song.new([IconSource("c", COIN, 1)], moves=0, volume=0, board=Board(runes={"noble"}))
    after, record = song.perform(AtDragonIsland("left", (HallSong("noble", spends("c"), 0),)))
    assert record.gold.value == 1 and record.creature
    assert after.board.boast_area == 1 and after.board.creatures == 3


# -- Setup, step 7: 4 Creature cards on Dragon Island (ruling bard.creature_supply) -----------


def test_setup_step_7_dragon_island_holds_4_creature_cards_and_gives_none_when_empty() -> None:
    assert Board().creatures == bard.facts().dragon_island.creatures == 4
    stone = [IconSource("w", "warrior", 2)]
    for left in (4, 1):
        song = Song.new(stone, moves=0, volume=0, board=Board(runes={"warrior"}, creatures=left))
        after, record = song.perform(AtDragonIsland("left", (HallSong("warrior", spends("w"), 3),)))
        assert record.creature and after.board.creatures == left - 1
    song = Song.new(stone, moves=0, volume=0, board=Board(runes={"warrior"}, creatures=0))
    after, record = song.perform(AtDragonIsland("left", (HallSong("warrior", spends("w"), 3),)))
    assert record.gold.value == 6 and not record.creature
    assert after.board.boast_area == 0 and after.board.creatures == 0
    assert any("No Creature card is left on Dragon Island" in n for n in record.notes)
    with pytest.raises(CountError, match=r"on Dragon Island must be .*, not 5"):
        Board(creatures=5)
    assert repr(Board(creatures=2)) == "Board(runes={}, badges=0, boast_area=0, creatures=2)"


# -- Master Craft › Paladin Adventurers (ruling bard.paladins_at_piers) -----------------------


def test_paladins_on_a_pier_earn_nothing_by_the_ruling() -> None:
    song = Song.new([IconSource("w", "warrior", 2)], moves=0, volume=0)
    pier = AtPier("pier_1", spends("w"), adventurers={"warrior": 1}, paladins=3)
    _, record = song.perform(pier)
    assert record.gold.value == 2 and record.paladins_as is None
    assert any("3 Paladins on this Pier earn nothing" in n for n in record.notes)


def test_paladins_on_a_pier_count_as_the_best_colour_under_the_house_rule() -> None:
    sources = [IconSource("w", "warrior", 2), IconSource("n", "noble", 3)]
    song = Song.new(sources, moves=0, volume=0, rules=PALADINS)
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
    song = Song.new([IconSource("p", ANY, 2)], moves=0, volume=0, rules=PALADINS)
    _, record = song.perform(AtPier("pier_2", spends("p"), adventurers={"bard": 2}, paladins=3))
    assert record.gold.value == 2 * (2 + 3) and record.paladins_as == "bard"
    with pytest.raises(CountError, match=r"paladins must be from 0 to 7, not 8"):
        AtPier("pier_1", paladins=8)
    with pytest.raises(
        UnknownNameError,
        match=r"the Paladins' colour .*, not rogue",
    ):
        AtPier("pier_1", paladin_colour="rogue")


# -- Performance Locations › Town Square: "their respective Pier" (bard.town_square_icon) -----


def test_town_square_icons_raise_the_price_at_every_pier_by_the_ruling() -> None:
    board = Board(badges=4, gem_piers=("pier_1", "pier_1", "pier_2", "pier_3"))
    song = Song.new(moves=2, volume=0, board=board)
    prices = {p: song.perform(AtPier(p, buy_card=True))[1].card for p in bard.facts().piers()}
    assert {p: f.value for p, f in prices.items() if f} == {"pier_1": 3, "pier_2": 3, "pier_3": 3}


def test_town_square_icons_raise_the_price_only_at_their_own_pier_under_the_house_rule() -> None:
    board = Board(badges=5, gem_piers=("pier_1", "pier_2", "pier_1", "pier_3"))
    song = Song.new(moves=2, volume=0, board=board, rules=PER_PIER)
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
    song = Song.new(moves=0, volume=0, board=Board(badges=3), rules=PER_PIER)
    with pytest.raises(CountError, match=r"gem_piers \(\): 1 Blue Gem revealed, but not which"):
        song.verify(AtPier("pier_1", buy_card=True))
    early = Song.new(moves=0, volume=0, board=Board(badges=2), rules=PER_PIER)
    card = early.perform(AtPier("pier_1", buy_card=True))[1].card
    assert card is not None and card.value == card_price(0, 2).value == 1
    with pytest.raises(CountError, match=r"name the Pier of each of the last 4 Badge spaces"):
        Board(gem_piers=("pier_1",))
    with pytest.raises(UnknownNameError, match=r"gem_piers must be .*, not pier 9"):
        Board(gem_piers=("pier_9", "pier_1", "pier_1", "pier_1"))


# -- Concepts › Boast, before a location (ruling bard.boast_gains) -----------------------------

BOAST_GAINS = HouseRules.of(bard.RULING_BOAST_GAINS)


def test_concepts_boast_may_come_before_a_location_and_spends_its_volume_at_once() -> None:
    tableau = [IconSource("w", "warrior", 2), IconSource("b", "warrior", 1, volume=1)]
    song = Song.new(tableau, moves=1, volume=3, board=Board(boast_area=1, runes={"warrior"}))
    boasted, record = song.apply(Boast())
    assert isinstance(record, Boasted) and record.creatures == 1 and boasted.volume_left == 0
    # Its Volume is gone: the bottom half that needs 1 Volume stays locked.
    with pytest.raises(VolumeError, match=r"unlocking card b \(1\) costs 1 Volume"):
        boasted.verify(AtPier("pier_1", spends("w", "b")))
    after, sung = boasted.perform(AtDragonIsland("left", (HallSong("warrior", spends("w"), 2),)))
    # The Creature card Dragon Island gives waits for the next Boast.
    assert sung.creature and after.board.boast_area == 1 and after.boasts == 1
    assert [a.kind for a in after.actions] == ["boast", "dragon_island"]


def test_concepts_boast_gains_go_to_the_supply_by_the_ruling() -> None:
    song = Song.new(moves=1, volume=3, board=Board(boast_area=1))
    with pytest.raises(BoastError, match=r"a Boast gains goes to your supply") as raised:
        song.apply(Boast(soundstones=1))
    assert "supply for a later song" in str(raised.value)
    assert song.can_apply(Boast()) and not song.can_apply(Boast(soundstones=1))


def test_concepts_boast_gains_join_the_song_under_the_house_rule() -> None:
    song = Song.new(moves=1, volume=3, soundstones=1, board=Board(boast_area=1), rules=BOAST_GAINS)
    boasted, record = song.apply(Boast(soundstones=1))
    assert isinstance(record, Boasted) and record.action == Boast(soundstones=1)
    assert "1 Soundstone they gave join this song (soundstone-2)" in record.lines
    assert dict(boasted.icons_left()) == {ANY: 6}
    after, sung = boasted.perform(
        AtPier("pier_1", spends(Spend("soundstone-2", "noble")), adventurers={"noble": 2})
    )
    assert sung.gold.value == 3 * 2 and after.gold == 6
    # The song saves its Boast with what it gave, and replays it.
    assert Boast(soundstones=1).to_dict() == {"kind": "boast", "soundstones": 1}
    assert Boast().to_dict() == {"kind": "boast"}
    assert Song.from_dict(after.to_dict()) == after
    for bad, message in (
        (Song.new(moves=0, volume=3, rules=BOAST_GAINS), "no Creature card waits"),
        (
            Song.new(
                moves=0, volume=3, soundstones=3, board=Board(boast_area=1), rules=BOAST_GAINS
            ),
            "the song holds 3 of the 3 Soundstone tokens",
        ),
    ):
        with pytest.raises(BoastError, match=message):
            bad.apply(Boast(soundstones=1))
    with pytest.raises(CountError, match=r"soundstones must be from 0 to 3, not 4"):
        Boast(soundstones=4)


# -- Performance Locations › Piers, step 2: the card's price (ruling bard.card_gold) ------------

CARD_GOLD = HouseRules.of(bard.RULING_CARD_GOLD)


def test_piers_step_2_a_card_costs_gold_the_app_cannot_see_so_the_song_may_go_below_0() -> None:
    song = Song.new(moves=0, volume=0, board=Board(badges=3))
    after, record = song.perform(AtPier("pier_1", buy_card=True))
    assert record.card is not None and record.card.value == 2 and record.gold.value == 0
    assert after.totals().net.value == -2


def test_piers_step_2_a_song_pays_for_its_cards_from_its_own_gold_under_the_house_rule() -> None:
    tableau = [IconSource("w", "warrior", 1), IconSource("n", "noble", 2)]
    song = Song.new(tableau, moves=1, volume=0, board=Board(badges=3), rules=CARD_GOLD)
    with pytest.raises(GoldError, match=r"the card costs 2 gold and the song has 1 gold") as raised:
        song.apply(AtPier("pier_1", spends("w"), adventurers={"warrior": 1}, buy_card=True))
    assert "a house rule in Settings" in str(raised.value)
    # This Pier's gold counts: 2 Noble icons × 1 Noble pay for it.
    after, record = song.perform(
        AtPier("pier_1", spends("n"), adventurers={"noble": 1}, buy_card=True)
    )
    assert record.card is not None and after.totals().net.value == 0
    # A card already bought is paid: the next one needs more than the song has left.
    with pytest.raises(GoldError, match=r"the song has 1 gold"):
        after.verify(AtPier("pier_2", spends("w"), adventurers={"warrior": 1}, buy_card=True))
    paid = Goals(cards=1)
    assert plan(song, Table(piers={"pier_1": {"warrior": 1}}), goals=paid) == ()
    assert plan(Song.new(tableau, moves=1, volume=0, board=Board(badges=3)),
                Table(piers={"pier_1": {"warrior": 1}}), goals=paid)  # fmt: skip


# -- the rulings file ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruling_id", "sections"),
    [
        (bard.RULING_COIN_ICONS, {"Concepts › Coin", "Dragon Island, step 5"}),
        (bard.RULING_BOAST_GAINS, {"Concepts › Boast", "Singing Step Example, step 5"}),
        (bard.RULING_CARD_GOLD, {"Performance Locations › Piers, step 2"}),
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
