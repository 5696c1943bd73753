"""Setup checklists: golden tests named after the rulebook section they follow, and properties
over modules and player counts."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.mercante import starting_crowns
from companion.engine.setup import (
    CardChoiceError,
    Component,
    PlayerCountError,
    Step,
    UnknownCardError,
    UnknownGameError,
    UnknownModuleError,
    module_components,
    module_ids,
    player_range,
    quantities,
    setup_checklist,
    setup_games,
    take_out,
)

SPLIT = "setup.paladin_split"
PALADIN_STEPS = [
    ("paladins.hall", "Faction Festival setup, step 4"),
    ("paladins.townsfolk_deck", "Faction Festival setup, step 4a"),
    ("paladins.card", "Faction Festival setup, step 5"),
    ("paladins.customers", "Faction Festival setup, step 6"),
    ("paladins.meeples", "Faction Festival setup, step 7"),
]


def by_id(steps: list[Step]) -> dict[str, Step]:
    return {step.id: step for step in steps}


def test_the_three_games_have_a_setup() -> None:
    assert setup_games() == ("mercante", "merchants_cove", "merchants_journey")
    assert player_range("mercante") == (3, 5)
    assert player_range("merchants_journey") == (2, 6)
    assert player_range("merchants_cove") == (1, 6)


# --------------------------------------------------------------------------- Merchants Cove


def test_base_game_only_reminds_of_the_base_setup() -> None:
    steps = setup_checklist("merchants_cove", set(), 3)
    assert [s.id for s in steps] == ["cove.base"]
    assert steps[0].module is None
    assert steps[0].source.book == "master_craft"


def test_paladin_adventurers_without_the_festival_follow_setup_steps_4_to_7() -> None:
    # "If playing with the Paladins, and not with the Faction Festival, follow steps 4-7
    # below the Faction Festival setup before beginning the game."
    steps = setup_checklist("merchants_cove", {"paladins"}, 3)
    paladin = [(s.id, s.source.section) for s in steps if s.module == "paladins"]
    assert paladin == PALADIN_STEPS
    assert not [s for s in steps if s.id.startswith("festival.")]
    assert all(s.module in (None, "paladins") for s in steps)


def test_faction_festival_setup_includes_steps_4_to_7_once() -> None:
    steps = setup_checklist("merchants_cove", {"faction_festival", "paladins"}, 3)
    ids = [s.id for s in steps]
    assert (
        ids.index("festival.board") < ids.index("festival.assistants") < ids.index("paladins.hall")
    )
    assert [i for i in ids if i.startswith("paladins.")] == [i for i, _ in PALADIN_STEPS]


def test_faction_festival_without_paladins_house_rule_skips_steps_4_to_7() -> None:
    steps = setup_checklist(
        "merchants_cove",
        {"faction_festival"},
        3,
        house_rules=["setup.festival_brings_paladins"],
    )
    assert "festival.assistants" in by_id(steps)
    assert not [s for s in steps if s.module == "paladins"]


def test_faction_festival_setup_step_2_four_players_take_12_assistants() -> None:
    step = by_id(setup_checklist("merchants_cove", {"faction_festival", "paladins"}, 4))[
        "festival.assistants"
    ]
    assert step.quantity("assistants") == 12
    assert "12 Assistants" in step.text
    assert "3 Assistants" in step.text
    assert Component("Assistant meeples", 12) in step.components
    assert step.source.section == "Faction Festival setup, step 2"


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_faction_festival_assistants_are_three_per_player(players: int) -> None:
    step = by_id(setup_checklist("merchants_cove", {"faction_festival", "paladins"}, players))[
        "festival.assistants"
    ]
    assert step.quantity("assistants") == 3 * players
    assert f"{3 * players} Assistants in all" in step.text


def test_faction_festival_setup_step_7_contradiction_shows_both_readings() -> None:
    step = by_id(setup_checklist("merchants_cove", {"paladins"}, 4))["paladins.meeples"]
    assert "3 Paladin meeples on the Paladin Faction Hall" in step.text
    assert "the other 4 in the Adventurer bag" in step.text
    assert step.note is not None
    assert "contradicts" in step.note
    assert "3 on the Hall and 4 in the bag" in step.note
    assert "2 on the Hall and 5 in the bag" in step.note
    assert SPLIT in step.rulings
    assert step.source.section == "Faction Festival setup, step 7"
    assert {s.section for s in step.sources} == {"Faction Festival setup, step 7", "Paladin cards"}


def test_paladin_cards_split_house_rule_follows_the_cards_page() -> None:
    step = by_id(setup_checklist("merchants_cove", {"paladins"}, 4, house_rules=[SPLIT]))[
        "paladins.meeples"
    ]
    assert "2 Paladin meeples on the Paladin Faction Hall" in step.text
    assert "the other 5 in the Adventurer bag" in step.text
    assert step.note is not None
    assert "3 on the Hall and 4 in the bag" in step.note
    assert "house rule" in step.note
    assert step.source.section == "Paladin cards"
    # Either way all 7 Paladin meeples come out of the box.
    assert step.quantity("paladins_in_hall") + step.quantity("paladins_in_bag") == 7
    assert step.components == (Component("Paladin meeples", 7),)


def test_paladin_card_chosen_or_random() -> None:
    random_card = by_id(setup_checklist("merchants_cove", {"paladins"}, 2))["paladins.card"]
    assert "at random" in random_card.text
    chosen = by_id(setup_checklist("merchants_cove", {"paladins"}, 2, cards={"oath_of_glory"}))[
        "paladins.card"
    ]
    assert "Oath of Glory (Paladin card 5)" in chosen.text


def test_oath_of_hard_labor_puts_out_the_paladin_goods() -> None:
    without = by_id(setup_checklist("merchants_cove", {"paladins"}, 3))
    assert "supply.paladin_goods" not in without
    with_card = by_id(
        setup_checklist("merchants_cove", {"paladins"}, 3, cards={"oath_of_hard_labor"})
    )
    step = with_card["supply.paladin_goods"]
    assert step.components == (Component("Paladin Good tokens with plastic standees", 7),)
    festival = by_id(setup_checklist("merchants_cove", {"faction_festival", "paladins"}, 3))
    assert "supply.paladin_goods" in festival


def test_rogue_cards_fence_bag_and_lair_counts() -> None:
    steps = by_id(setup_checklist("merchants_cove", set(), 4, cards={"fence"}))
    step = steps["cove.rogue_card"]
    assert "Fence (Rogue card 21)" in step.text
    assert "1 into the Adventurer bag" in step.text and "4 into the Rogues' Lair" in step.text
    assert "cove.rogue_card" not in by_id(setup_checklist("merchants_cove", set(), 4))


def test_beasts_of_the_bay_setup_stacks_the_chosen_beasts_by_tier() -> None:
    steps = setup_checklist(
        "merchants_cove", {"beasts_of_the_bay"}, 4, cards={"henry", "kfuwu", "nessie"}
    )
    step = by_id(steps)["beasts.deck"]
    assert "Nessie (tier I), Kfuwu (tier II) and Henry (tier unknown)" in step.text
    assert "tier III at the bottom and tier I on top" in step.text
    assert "drawn at random" not in step.text  # all three picked
    assert step.components == (Component("Beast of the Bay cards", 3),)
    assert "setup.beast_tiers" in step.rulings


@pytest.mark.parametrize(
    ("cards", "rest"),
    [
        ({"nessie", "kfuwu"}, "Kfuwu (tier II) and a tier III card, drawn at random or picked."),
        ({"kfuwu"}, "Kfuwu (tier II) and one card each of tiers I and III, drawn at random or"),
        ({"nessie", "henry"}, "and a card of the tier still missing (II or III; Henry's tier"),
    ],
)
def test_beasts_of_the_bay_setup_says_where_the_cards_not_picked_come_from(
    cards: set[str], rest: str
) -> None:
    """Setup step 1 builds a deck of 3, one per tier: fewer picked, the rest are drawn."""
    step = by_id(setup_checklist("merchants_cove", {"beasts_of_the_bay"}, 4, cards=cards))
    assert rest in step["beasts.deck"].text


def test_fifth_staff_action_side_follows_the_module() -> None:
    a = by_id(setup_checklist("merchants_cove", {"fifth_staff_action_a"}, 3))
    b = by_id(setup_checklist("merchants_cove", {"fifth_staff_action_b"}, 3))
    assert "staff.fifth_side_a" in a and "staff.fifth_side_b" not in a
    assert "side B up" in b["staff.fifth_side_b"].text
    assert b["staff.fifth_side_b"].components == (Component("5th Staff Action tiles", 3),)


def test_part_time_staff_setup_one_tile_per_player() -> None:
    step = by_id(setup_checklist("merchants_cove", {"part_time_staff"}, 4))["staff.part_time"]
    assert step.components == (Component("Part-Time Staff tiles", 4),)
    assert "gold side up" in step.text


def test_entertainer_setup_13_steps_in_order() -> None:
    steps = [s for s in setup_checklist("merchants_cove", {"entertainer"}, 3) if s.module]
    assert len(steps) == 13
    assert all(s.module == "entertainer" for s in steps)
    assert [s.source.section for s in steps] == [f"Setup, step {n}" for n in range(1, 14)]
    assert all(s.source.book == "entertainer" for s in steps)
    assert len({s.id for s in steps}) == 13


def test_entertainer_setup_cards_add_up_to_the_26_in_the_pack() -> None:
    steps = setup_checklist("merchants_cove", {"entertainer"}, 3)
    cards = {c.item: c.count for s in steps for c in s.components if "card" in c.item.lower()}
    deck = (
        cards["Entertainer starting cards"]
        + cards["Creature cards"]
        + cards["Improv cards"]
        + cards["Skill cards"]
    )
    box = {c.item: c.count for c in module_components("entertainer")}
    assert deck == box["Entertainer cards"] == 26


def test_take_out_adds_up_the_pieces() -> None:
    steps = setup_checklist("merchants_cove", {"faction_festival", "paladins", "honor_tokens"}, 4)
    pieces = {c.item: c.count for c in take_out(steps)}
    assert pieces["Assistant meeples"] == 12
    assert pieces["Honor tokens"] == 24
    assert pieces["Paladin meeples"] == 7


def test_module_components_come_from_the_components_list() -> None:
    festival = {c.item: c.count for c in module_components("faction_festival")}
    assert festival["Assistant meeples"] == 15
    assert {c.item: c.count for c in module_components("paladins")} == {
        "Paladin Faction Hall token": 1,
        "Paladin meeples": 7,
        "Paladin cards": 8,
    }
    with pytest.raises(UnknownModuleError, match="'bards'"):
        module_components("bards")


# --------------------------------------------------------------------------- Mercante


def test_mercante_setup_starting_crowns_10_12_14_for_3_players() -> None:
    step = by_id(setup_checklist("mercante", set(), 3))["mercante.crowns"]
    assert step.per_seat == (10, 12, 14)
    assert "10 crowns for the first player, 12 for the second and 14 for the third" in step.text


@pytest.mark.parametrize("players", [3, 4, 5])
def test_mercante_setup_starting_crowns_come_from_the_mercante_engine(players: int) -> None:
    step = by_id(setup_checklist("mercante", set(), players))["mercante.crowns"]
    assert step.per_seat == tuple(starting_crowns(p) for p in range(1, players + 1))


def test_mercante_setup_in_the_rulebooks_order() -> None:
    steps = setup_checklist("mercante", set(), 4)
    assert [s.id for s in steps] == [
        "mercante.market_board",
        "mercante.reference_track",
        "mercante.decks",
        "mercante.first_event",
        "mercante.harbor",
        "mercante.first_player",
        "mercante.crowns",
        "mercante.house_powers",
        "mercante.contracts",
        "mercante.ledgers",
    ]
    assert all(s.module is None and s.source.book == "mercante" for s in steps)
    found = by_id(steps)
    assert "reference track for 4 players" in found["mercante.reference_track"].text
    assert "Fleeting" in found["mercante.first_event"].text
    assert "5 shipment cards" in found["mercante.harbor"].text
    assert "first player's right" in found["mercante.first_player"].text
    assert "2 random contract cards and 2 random event cards" in found["mercante.contracts"].text
    assert "keeps 1 contract" in found["mercante.contracts"].text
    ledgers = {c.item: c.count for c in found["mercante.ledgers"].components}
    assert ledgers == {"Merchant ledgers": 4, "Warehouse markers": 4, "Agent markers": 8}


def test_mercante_has_no_modules() -> None:
    with pytest.raises(UnknownModuleError, match="'paladins'"):
        setup_checklist("mercante", {"paladins"}, 4)


# --------------------------------------------------------------------------- Merchant's Journey


def test_merchants_journey_game_setup_4_players_leave_a_draw_pile_of_28() -> None:
    steps = by_id(setup_checklist("merchants_journey", set(), 4))
    pile = steps["journey.draw_pile"]
    assert pile.quantity("draw_pile") == 28
    assert "28 cards" in pile.text
    assert steps["journey.deal"].quantity("dealt") == 20
    assert "48 cards" in steps["journey.deck"].text
    assert "Ace" in steps["journey.deck"].text


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_merchants_journey_deal_five_each_from_48(players: int) -> None:
    numbers = quantities("merchants_journey", players)
    assert numbers["deck"] == 48
    assert numbers["dealt"] == 5 * players
    assert numbers["draw_pile"] == 48 - 5 * players
    assert numbers["draw_pile"] > 0


def test_merchants_journey_order() -> None:
    ids = [s.id for s in setup_checklist("merchants_journey", set(), 2)]
    assert ids == [
        "journey.deck",
        "journey.shuffle",
        "journey.deal",
        "journey.draw_pile",
        "journey.first_player",
    ]


# --------------------------------------------------------------------------- bad input


def test_unknown_game_raises_naming_it() -> None:
    with pytest.raises(UnknownGameError, match="'monopoly'"):
        setup_checklist("monopoly", set(), 4)
    with pytest.raises(UnknownGameError, match="'other'"):
        setup_checklist("other", set(), 4)


@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("mercante", 2),
        ("mercante", 6),
        ("merchants_journey", 1),
        ("merchants_journey", 7),
        ("merchants_cove", 7),
        ("merchants_cove", 0),
    ],
)
def test_player_count_outside_the_range_raises_naming_it(game: str, players: int) -> None:
    with pytest.raises(PlayerCountError, match=f"{players}"):
        setup_checklist(game, set(), players)


def test_unknown_module_and_card_raise() -> None:
    with pytest.raises(UnknownModuleError, match="'bards'"):
        setup_checklist("merchants_cove", {"bards"}, 4)
    with pytest.raises(UnknownCardError, match="there is no card nemo"):
        setup_checklist("merchants_cove", {"beasts_of_the_bay"}, 4, cards={"nemo"})


def test_two_rogue_cards_cannot_be_set_up() -> None:
    with pytest.raises(CardChoiceError, match="fence"):
        setup_checklist("merchants_cove", set(), 4, cards={"fence", "sirens"})


# --------------------------------------------------------------------------- properties

COVE_MODULES = module_ids()
CARDS = ["oath_of_hard_labor", "oath_of_glory", "fence", "sirens", "nessie", "kfuwu", "henry"]


@settings(max_examples=150, deadline=None)
@given(
    modules=st.sets(st.sampled_from(COVE_MODULES)),
    players=st.integers(min_value=1, max_value=5),
    cards=st.sets(st.sampled_from(CARDS)).filter(
        lambda c: (
            len(c & {"fence", "sirens"}) <= 1
            and len(c & {"oath_of_hard_labor", "oath_of_glory"}) <= 1
        )
    ),
    split=st.booleans(),
)
def test_every_checklist_is_filled_in_and_belongs_to_the_chosen_modules(
    modules: set[str], players: int, cards: set[str], split: bool
) -> None:
    house = [SPLIT] if split else []
    steps = setup_checklist("merchants_cove", modules, players, cards=cards, house_rules=house)
    ids = [s.id for s in steps]
    assert len(ids) == len(set(ids))
    assert ids[0] == "cove.base"
    for step in steps:
        assert step.module is None or step.module in modules
        assert not re.search(r"[{}]", step.text), step.text
        assert step.note is None or not re.search(r"[{}]", step.note)
        assert step.sources[0] == step.source
        assert all(c.count is None or c.count >= 0 for c in step.components)
    for module in modules - {"dragon_island_festival"}:
        assert any(s.module == module for s in steps), module
    # The same input always gives the same checklist.
    assert steps == setup_checklist(
        "merchants_cove", modules, players, cards=cards, house_rules=house
    )


@pytest.mark.parametrize("game", ["mercante", "merchants_journey"])
def test_other_games_fill_in_every_number(game: str) -> None:
    low, high = player_range(game)
    for players in range(low, high + 1):
        for step in setup_checklist(game, set(), players):
            assert not re.search(r"[{}]", step.text)
            assert all(c.count is None or c.count >= 0 for c in step.components)
