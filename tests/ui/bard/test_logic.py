"""The Bard screen's plain logic: the draft as typed, its evaluation by the engine, the lines
it shows, and saved state read back (or refused when damaged)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine import bard
from companion.engine.bard import HouseRules
from companion.ui.bard.model import (
    BardDraft,
    StateError,
    board_lines,
    board_summary,
    evaluate,
    icons_left_line,
    moves_line,
    parse_count,
    rewards_lines,
    tableau_summary,
)
from companion.ui.bard.model.card import Card
from companion.ui.bard.model.lines import tableau_line

RULES = HouseRules()


def add(draft: BardDraft, colour: str, count: int, volume: int = 0) -> str:
    draft.set_new(colour=colour, count=count, volume=volume)
    return draft.add_source().id


def example_draft() -> BardDraft:
    """The Singing Step Example, typed in as a player would."""
    draft = BardDraft(moves=2, volume=6, soundstones=1, badges=1)
    for colour, count, volume in (("any", 3, 0), ("warrior", 2, 0), ("noble", 2, 0)):
        add(draft, colour, count, volume)
    add(draft, "warrior", 2, 3)
    hall = draft.add_stop("warrior_hall")
    draft.toggle_spend(hall.id, "B")
    draft.set_field(hall.id, "hall", "1")
    square = draft.add_stop("town_square")
    draft.toggle_spend(square.id, "C")
    island = draft.add_stop("dragon_island")
    for source in ("D", "soundstone-1", "A"):
        draft.toggle_spend(island.id, source, "warrior")
    draft.set_field(island.id, "side:warrior", "4")
    draft.boast = True
    return draft


def test_singing_step_example_typed_in_pays_32_with_the_working() -> None:
    draft = example_draft()
    plan = evaluate(draft, RULES)
    assert plan.ok and plan.final is not None
    hall, square, island = (r.record for r in plan.stops)
    assert hall is not None and hall.rune == "warrior"
    assert square is not None and square.fans[0].value == 2
    assert island is not None and island.gold.expression == "8 × 4 = 32"
    assert plan.boasted is not None and plan.boasted.creatures == 1
    assert plan.final.totals().net.value == 32
    assert moves_line(draft, plan) == "No moves left: the song has visited every location it may."
    assert rewards_lines(plan.final) == [
        "Rune in the Warrior Hall",
        "A fan for 2 icons",
        "Hand size 4",
        "A Creature card into your Boast area",
        "Boast: 1 Creature card activated",
    ]
    assert icons_left_line(plan.final) == "Every icon of the tableau is spent."
    assert dict(board_lines(plan.final.board)) == {
        "Card at a Pier": "1 + 1 Coin + 0 Blue Gems = 2 gold",
        "Next fan": "1 + 2 fans you already have = 3 icons",
        "Hand size": "2 + 2 Melody icons under Badges = 4 cards",
    }


def test_a_bad_count_marks_its_field_and_later_locations_wait() -> None:
    draft = example_draft()
    draft.set_field(draft.stops[0].id, "hall", "one")
    plan = evaluate(draft, RULES)
    first, second, third = plan.stops
    assert dict(first.field_errors) == {"hall": "Whole number, 0–40"}
    assert first.record is None and second.waiting and third.waiting
    assert not plan.ok and plan.final is None
    assert draft.stops[0].fields["hall"] == "one"  # kept as typed


def test_a_rule_that_closes_a_location_is_said_before_missing_icons() -> None:
    draft = BardDraft(moves=1)
    island = draft.add_stop("dragon_island")
    result = evaluate(draft, RULES).result(island.id)
    assert result is not None and not result.incomplete
    assert result.problem == ("Dragon Island needs one of your Runes in a Faction Hall first.")
    draft = BardDraft(moves=1)
    square = draft.add_stop("town_square")
    result = evaluate(draft, RULES).result(square.id)
    assert result is not None and result.incomplete
    assert result.problem == "Tap the icons that pay for the fan."


def test_the_rule_text_house_rule_asks_for_the_hall_count() -> None:
    draft = example_draft()
    text = HouseRules.from_house_rules({bard.RULING_DRAGON_ISLAND})
    island = draft.stops[2]
    draft.set_field(island.id, "inside:warrior", "1")
    plan = evaluate(draft, text)
    record = plan.stops[2].record
    assert record is not None and record.gold.expression == "1 × 4 = 4"
    draft.set_field(island.id, "inside:warrior", "")
    plan = evaluate(draft, text)
    assert plan.stops[2].record is not None  # blank reads as 0 Adventurers in the hall
    assert plan.stops[2].record.gold.value == 0


def test_a_source_is_spent_at_one_place_tapping_it_elsewhere_moves_it() -> None:
    draft = example_draft()
    hall, _, island = draft.stops
    draft.toggle_spend(hall.id, "A")
    assert hall.spend == ["B", "A"]
    assert island.hall_spend["warrior"] == ["D", "soundstone-1"]
    assert draft.used_at() == {"B": 1, "A": 1, "C": 2, "D": 3, "soundstone-1": 3}
    draft.toggle_spend(hall.id, "A")
    assert hall.spend == ["B"]


def test_removing_sources_soundstones_and_runes_forgets_what_depended_on_them() -> None:
    draft = example_draft()
    draft.remove_source("D")
    draft.set_number("soundstones", 0)
    assert draft.stops[2].hall_spend["warrior"] == ["A"]
    draft.remove_stop(draft.stops[0].id)  # the Rune for the Warrior Hall came from here
    assert draft.stops[-1].halls == []
    draft.toggle_rune("warrior")  # ...or from a previous song
    island = draft.stops[-1]
    draft.toggle_hall(island.id, "warrior")
    assert island.halls == ["warrior"]
    draft.toggle_rune("warrior")
    assert island.halls == []


def test_dragon_island_picks_the_only_hall_it_may_sing_for() -> None:
    draft = BardDraft(moves=3, runes=["noble"])
    assert draft.add_stop("dragon_island").halls == ["noble"]
    draft = BardDraft(moves=3, runes=["noble", "bard"])
    assert draft.add_stop("dragon_island").halls == []
    assert draft.locations_free()[-1] != "dragon_island"
    assert "dragon_island" in draft.locations_free(draft.stops[0].id)


def test_steppers_stay_within_what_the_board_allows() -> None:
    draft = BardDraft()
    for name, value, kept in (
        ("moves", 12, 8),
        ("volume", 9, 6),
        ("soundstones", -1, 0),
        ("badges", 7, 6),
    ):
        draft.set_number(name, value)
        assert getattr(draft, name) == kept
    with pytest.raises(KeyError):
        draft.set_number("gold", 3)


def test_next_song_carries_the_board_volume_and_soundstones_over() -> None:
    draft = example_draft()
    draft.soundstones = 2
    plan = evaluate(draft, RULES)
    assert plan.final is not None
    draft.carry_forward(plan.final)
    assert (draft.runes, draft.badges, draft.boast_area) == (["warrior"], 2, 0)
    assert (draft.volume, draft.soundstones) == (0, 1)
    assert draft.sources == [] and draft.stops == [] and not draft.boast
    assert board_summary(draft) == (
        "2 moves · Volume 0 · 1 Soundstone · 2 Badges placed · Runes: Warrior"
    )


def test_summaries_and_counts_as_typed() -> None:
    draft = example_draft()
    assert tableau_summary(draft) == "A: 3 any, B: 2 Warrior, C: 2 Noble, D: 2 Warrior (9 icons)"
    assert [parse_count(t) for t in ("", " 4 ", "+3", "40")] == [0, 4, 3, 40]
    for bad, message in (("x", "Whole number, 0–40"), ("-1", "Whole number"), ("41", "At most 40")):
        with pytest.raises(ValueError, match=message):
            parse_count(bad)


def test_the_draft_survives_a_round_trip_through_saved_settings() -> None:
    draft = example_draft()
    assert BardDraft.from_dict(draft.to_dict()) == draft
    assert BardDraft.from_dict(None) == BardDraft()


def _damaged(change: Any) -> dict[str, Any]:
    data = example_draft().to_dict()
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=2), "version 2"),
        (lambda d: d.update(moves=-1), "moves -1 is not 0–8"),
        (lambda d: d.update(kind="encore"), "kind 'encore'"),
        (lambda d: d["sources"][0].update(colour="purple"), "purple"),
        (lambda d: d["sources"][1].update(id="A"), "two sources share a letter"),
        (lambda d: d["stops"][0].update(location="tavern"), "'tavern'"),
        (lambda d: d["stops"][2].update(side="middle"), "side 'middle'"),
        (lambda d: d.update(next_stop=2), "next_stop 2 repeats a stop id"),
        (lambda d: d.pop("stops"), "'stops'"),
        (lambda d: d.update(runes="warrior"), "'runes' is 'warrior'"),
    ],
)
def test_damaged_saved_state_is_refused_saying_what_is_wrong(change: Any, message: str) -> None:
    with pytest.raises(StateError, match=message):
        BardDraft.from_dict(_damaged(change))
    with pytest.raises(StateError, match="must be a mapping, got list"):
        BardDraft.from_dict(["a list"])


def test_an_unfinished_location_says_what_to_tap_unless_a_rule_closes_it() -> None:
    draft = BardDraft(moves=1)
    first = draft.add_stop("pier_1")
    result = evaluate(draft, RULES).result(first.id)
    assert result is not None and result.incomplete
    assert result.problem == "Tap the icons sung here (or buy a card)."
    draft.set_buy(first.id, True)
    second = draft.add_stop("pier_2")
    draft.set_number("moves", 0)  # the Tempo Wheel was misread: one location only
    result = evaluate(draft, RULES).result(second.id)
    assert result is not None and not result.incomplete
    assert result.problem is not None and result.problem.startswith("No moves left for Pier 2")


def test_the_boast_stays_last_by_the_ruling_and_where_it_was_made_under_the_house_rule() -> None:
    from companion.engine.bard import (
        AtPier,
        BardGame,
        BeginSong,
        Board,
        Boast,
        IconSource,
        ReviseSong,
        Spend,
        spends,
    )
    from companion.ui.bard.model import song as moves

    def sung(rules: HouseRules) -> BardGame:
        game = BardGame.new(rules=rules)
        begin = BeginSong(
            (IconSource("w", "warrior", 2),), 2, 3, board=Board(boast_area=1), soundstones=1
        )
        for action in (begin, AtPier("pier_1", spends("w"), adventurers={"warrior": 1})):
            game = game.apply(action)[0]
        song = game.song
        assert song is not None
        return game.apply(moves.boast(song, True, 1 if rules.boast_gains_join_song else 0))[0]

    stone = AtPier("pier_2", (Spend("soundstone-1", "noble"),), adventurers={"noble": 2})
    plain = sung(HouseRules())
    assert plain.song is not None
    # By the ruling a new location goes before the Boast, which stays last.
    last = moves.sing_at(plain.song, stone, None)
    assert isinstance(last, ReviseSong) and last.actions[-1] == Boast()
    assert moves.boast_of(plain.apply(last)[0].song) == (Boast(), 2)
    # Under the house rule it goes after the Boast, so the Soundstone it gave may be spent.
    gains = sung(HouseRules.of(bard.RULING_BOAST_GAINS))
    assert gains.song is not None and moves.boast_of(gains.song) == (Boast(soundstones=1), 1)
    later = AtPier("pier_2", (Spend("soundstone-2", "noble"),), adventurers={"noble": 2})
    after = gains.apply(moves.sing_at(gains.song, later, None))[0].song
    assert after is not None and after.gold == 2 + 6
    assert moves.before(after, 2).boasts == 1  # location 2 is checked after the Boast
    whole = moves.before(after, None)  # its Boast is followed by a location: it stays
    assert (whole.visited, whole.boasts, whole.gold) == (after.visited, 1, after.gold)
    # What the Boast gave cannot be taken back while a later location spends it.
    with pytest.raises(bard.UnknownNameError, match="the song has no Soundstone 2"):
        gains.apply(moves.boast(after, True, 0))
    taken = gains.apply(moves.take_out(after, 1))[0].song
    assert taken is not None and moves.boast_of(taken) == (Boast(soundstones=1), 0)


def test_a_song_just_ended_is_still_offered_to_the_tally_with_its_working() -> None:
    from companion.engine.bard.records import SongSung
    from companion.ui.bard.model.tally import song_offer

    assert song_offer(None) is None
    sung = SongSung("singing", 40, 8, ("warrior_hall", "pier_1"), 0)
    offer = song_offer(None, sung)
    assert offer is not None
    assert (offer.points, offer.what, offer.tool) == (32, "The Bard's song", "bard")
    assert offer.label("Ann") == "Add 32 gold to Ann"
    assert offer.working.startswith("Earned 40 gold, cards bought 8 gold: 40 − 8 = 32 gold (")
    assert "Warrior Hall" in offer.working


# -- the controls' names to a screen reader (issue 21, review F2) ---------------------------


def test_each_board_count_is_named_by_what_a_tap_sets_and_where() -> None:
    from companion.ui.bard.model import names
    from tests.words_check import problems

    assert names.board_count("pier_1", "noble", 3) == "3 Nobles at Pier 1"
    assert names.board_count("pier_2", "bard", 1) == "1 Bard at Pier 2"
    assert names.board_count("pier_1", "paladin", 0) == "No Paladins at Pier 1"
    assert names.board_count("warrior", None, 2) == "2 Adventurers in the Warrior Hall"
    assert names.board_count("left", "wizard", 4) == "4 Wizards on Dragon Island's left side"
    # The last number ("7+") sets 7, then adds one a tap.
    assert names.board_more("pier_3", "noble", 7, 2) == "7 Nobles at Pier 3"
    assert names.board_more("pier_3", "noble", 7, 8) == "One more Noble at Pier 3"
    assert names.steps("Badge placed") == ("One fewer Badge placed", "One more Badge placed")
    said = [
        names.add_card("any", 3),
        names.add_card("coin", 1),
        names.card_top("warrior"),
        names.card_bottom(None),
        names.card_count(0, "Coin", "bottom half"),
        names.soundstones(1),
        names.gem(5, "Pier 2"),
        names.load_plan(2),
    ]
    assert said == [
        "Add a card with 3 any-colour icons on top",
        "Add a card with 1 Coin on top",
        "The card's top shows Warrior icons",
        "The card has no bottom half",
        "No Coins on the card's bottom half",
        "1 Soundstone in your supply",
        "The Gem under Badge 5 raises the price at Pier 2",
        "Load option 2 into the calculator",
    ]
    assert [problems(text) for text in said] == [[] for _ in said]


def test_a_tableau_card_reads_as_a_count_of_icons() -> None:
    assert Card("A", "warrior", 2).describe() == "A: 2 Warrior icons"
    assert Card("B", "noble", 1).describe() == "B: 1 Noble icon"
    assert Card("C", "any", 3).describe() == "C: 3 any-colour icons"
    two_halves = Card("D", "bard", 1, top_coins=2, bottom="noble", bottom_icons=2, volume=3)
    assert two_halves.describe() == "D: 1 Bard icon + 2 Coins · bottom 2 Noble icons (3 Volume)"
    assert tableau_line([Card("A", "warrior", 2)], None) == "A: 2 Warrior icons"
