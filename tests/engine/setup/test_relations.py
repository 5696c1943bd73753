"""Module compatibility: the relations Master Craft states, checked as golden tests named after
the rulebook section, plus properties over every subset of the 16 modules.

The exhaustive tests compare the engine against the relations read straight from the TOML
files (``read_toml``), not against the engine's compiled tables.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.setup import (
    Finding,
    PlayerCountError,
    SetupError,
    UnknownCardError,
    UnknownModuleError,
    check_modules,
    is_legal,
    module_ids,
)
from companion.rules import catalogue, data_dir, read_toml

MODULES = (
    "faction_festival",
    "paladins",
    "honor_tokens",
    "advertisement_tokens",
    "enchantment_tokens",
    "display_cases",
    "fifth_staff_action_a",
    "fifth_staff_action_b",
    "part_time_staff",
    "beasts_of_the_bay",
    "dragon_island_festival",
    "apprentices",
    "exemplars",
    "insiders",
    "lawyers",
    "entertainer",
)
FESTIVAL = {"faction_festival", "paladins"}  # the Festival brings the Paladins (ruling)
SIDE_B = "setup.fifth_staff_side_b"
BRINGS_PALADINS = "setup.festival_brings_paladins"


def errors(found: list[Finding]) -> list[Finding]:
    return [f for f in found if f.level == "error"]


def of_code(found: list[Finding], code: str) -> list[Finding]:
    return [f for f in found if f.code == code]


# --------------------------------------------------------------------------- the module ids


def test_the_sixteen_module_ids() -> None:
    assert set(module_ids()) == set(MODULES)
    assert len(module_ids()) == 16


def test_empty_table_is_legal_and_quiet() -> None:
    assert check_modules(set(), 4) == []


# --------------------------------------------------------------------------- requirements


def test_townsfolk_sets_apprentices_faction_festival_only() -> None:
    found = check_modules({"apprentices"}, 4)
    [error] = errors(found)
    assert error.code == "requires"
    assert error.modules == {"apprentices", "faction_festival"}
    assert "Apprentices" in error.message and "Faction Festival" in error.message
    assert error.source is not None and error.source.book == "master_craft"
    assert "Apprentices" in error.source.section
    # One tap: add the Festival (with the Paladins it brings), or drop the Apprentices.
    assert error.fix is not None
    assert error.fix.add == {"faction_festival", "paladins"}
    assert error.fix.label == "Add the Faction Festival and the Paladins"
    assert [f.label for f in error.fixes][1] == "Remove Apprentices"
    for fix in error.fixes:
        assert not errors(check_modules(fix.apply({"apprentices"}), 4))
    assert not errors(check_modules({"apprentices"} | FESTIVAL, 4))


@pytest.mark.parametrize(
    ("module", "section"),
    [
        ("advertisement_tokens", "Advertisement tokens"),
        ("enchantment_tokens", "Enchantment tokens"),
        ("display_cases", "Display Cases"),
        ("fifth_staff_action_a", "5th Staff Action module, side A"),
    ],
)
def test_faction_festival_required(module: str, section: str) -> None:
    [error] = errors(check_modules({module}, 3))
    assert (error.code, error.modules) == ("requires", {module, "faction_festival"})
    assert error.source is not None and error.source.section == section
    assert "(Faction Festival required.)" in (error.source.quote or "")
    assert not errors(check_modules({module} | FESTIVAL, 3))


def test_townsfolk_sets_exemplars_must_use_honor_tokens() -> None:
    [error] = errors(check_modules({"exemplars"}, 2))
    assert error.modules == {"exemplars", "honor_tokens"}
    assert error.fix is not None and error.fix.add == {"honor_tokens"}
    assert "Must use Honor tokens" in (error.source.quote if error.source else "")
    assert not errors(check_modules({"exemplars", "honor_tokens"}, 2))


def test_fifth_staff_action_side_b_has_no_requirement() -> None:
    # Only side A carries "(Faction Festival required.)" (ruling setup.fifth_staff_side_b).
    assert not errors(check_modules({"fifth_staff_action_b"}, 4))


def test_fifth_staff_action_side_b_house_rule_needs_the_festival() -> None:
    found = check_modules({"fifth_staff_action_b"}, 4, house_rules=[SIDE_B])
    [error] = errors(found)
    assert error.modules == {"fifth_staff_action_b", "faction_festival"}
    assert error.ruling == SIDE_B


def test_faction_festival_setup_steps_4_to_7_bring_the_paladins() -> None:
    [error] = errors(check_modules({"faction_festival"}, 4))
    assert error.modules == {"faction_festival", "paladins"}
    assert error.ruling == BRINGS_PALADINS
    assert error.source is not None and error.source.section == "Faction Festival setup, step 4"
    assert error.fix is not None and error.fix.add == {"paladins"}


def test_faction_festival_without_paladins_house_rule() -> None:
    found = check_modules({"faction_festival"}, 4, house_rules=[BRINGS_PALADINS])
    assert not errors(found)


def test_paladins_work_without_the_festival() -> None:
    # "If playing with the Paladins, and not with the Faction Festival, follow steps 4-7"
    assert not errors(check_modules({"paladins"}, 4))


# --------------------------------------------------------------------------- recommendations


def test_honor_tokens_faction_festival_recommended_but_not_required() -> None:
    found = check_modules({"honor_tokens"}, 4)
    assert not errors(found)
    [warning] = of_code(found, "recommends")
    assert warning.level == "warning"
    assert warning.modules == {"honor_tokens", "faction_festival"}
    assert warning.fix is not None and warning.fix.add == {"faction_festival", "paladins"}
    assert not of_code(check_modules({"honor_tokens"} | FESTIVAL, 4), "recommends")


def test_faction_festival_setup_step_3_expects_the_token_supplies() -> None:
    found = check_modules(FESTIVAL, 4)
    expected = {"honor_tokens", "advertisement_tokens", "enchantment_tokens", "display_cases"}
    warned = {m for f in of_code(found, "expects") for m in f.modules} - {"faction_festival"}
    assert warned == expected
    assert all(f.level == "warning" for f in of_code(found, "expects"))
    assert not of_code(check_modules(FESTIVAL | expected, 4), "expects")


# --------------------------------------------------------------------------- incompatibilities


def test_beasts_of_the_bay_not_compatible_with_the_dragon_island_festival() -> None:
    found = check_modules({"beasts_of_the_bay", "dragon_island_festival"}, 4)
    [error] = errors(found)
    assert error.code == "incompatible"
    assert error.modules == {"beasts_of_the_bay", "dragon_island_festival"}
    assert {frozenset(f.remove) for f in error.fixes} == {
        frozenset({"beasts_of_the_bay"}),
        frozenset({"dragon_island_festival"}),
    }
    assert not errors(check_modules({"beasts_of_the_bay"}, 4))


def test_dragon_island_festival_is_named_but_not_described() -> None:
    found = check_modules({"dragon_island_festival"}, 4)
    assert not errors(found)
    [note] = [f for f in found if "dragon_island_festival" in f.modules]
    assert note.level == "info"
    assert note.ruling == "setup.dragon_island_festival"


def test_fifth_staff_action_setup_the_group_picks_one_side() -> None:
    found = check_modules({"fifth_staff_action_a", "fifth_staff_action_b"} | FESTIVAL, 4)
    [error] = errors(found)
    assert error.code == "one_of"
    assert error.modules == {"fifth_staff_action_a", "fifth_staff_action_b"}
    assert {frozenset(f.remove) for f in error.fixes} == {
        frozenset({"fifth_staff_action_a"}),
        frozenset({"fifth_staff_action_b"}),
    }


# --------------------------------------------------------------------------- component limits


def test_components_15_assistant_meeples_limit_the_festival_to_5_players() -> None:
    assert not errors(check_modules(FESTIVAL, 5))
    found = check_modules(FESTIVAL, 6)
    limit = [f for f in of_code(found, "too_many_players") if f.modules == {"faction_festival"}]
    assert len(limit) == 1
    assert "5 players" in limit[0].message and "15 Assistant meeples" in limit[0].message
    assert limit[0].fix is not None and "faction_festival" in limit[0].fix.remove


def test_components_5_part_time_staff_tiles_limit_to_5_players() -> None:
    assert not errors(check_modules({"part_time_staff"}, 5))
    found = check_modules({"part_time_staff"}, 6)
    assert any(f.modules == {"part_time_staff"} for f in of_code(found, "too_many_players"))


def test_player_count_above_the_game_range_is_reported_not_raised() -> None:
    found = check_modules(set(), 7)
    [error] = errors(found)
    assert error.code == "too_many_players" and error.modules == frozenset()
    assert "7" in error.message
    assert error.ruling == "catalogue.merchants_cove_players"


def test_components_six_players_without_the_five_seat_modules_is_legal() -> None:
    """The texts give Merchants Cove no most (ruling catalogue.merchants_cove_players): six may
    play; the modules whose pieces run out (15 Assistants, 5 Part-Time Staff tiles) say so,
    once each, with no second error about the game itself."""
    assert not errors(check_modules(set(), 6))
    assert not errors(check_modules({"paladins", "honor_tokens"}, 6))
    [festival] = errors(check_modules(FESTIVAL, 6))
    assert festival.modules == {"faction_festival"} and "15 Assistant meeples" in festival.message
    both = errors(check_modules(FESTIVAL | {"part_time_staff"}, 6))
    assert sorted(sorted(f.modules) for f in both) == [["faction_festival"], ["part_time_staff"]]


# --------------------------------------------------------------------------- bad input


def test_unknown_module_raises_naming_it() -> None:
    with pytest.raises(UnknownModuleError, match="'festival'"):
        check_modules({"paladins", "festival"}, 4)
    assert issubclass(UnknownModuleError, ValueError)


@pytest.mark.parametrize("players", [0, -1, "4", 4.0, True, None])
def test_player_count_that_is_not_a_count_raises(players: object) -> None:
    with pytest.raises(PlayerCountError, match=re.escape(str(players))):
        check_modules(set(), players)  # type: ignore[arg-type]


def test_a_bare_string_is_not_a_set_of_modules() -> None:
    with pytest.raises(SetupError, match="'paladins'"):
        check_modules("paladins", 4)


def test_unknown_house_rule_raises() -> None:
    with pytest.raises(ValueError, match="'no_such_rule'"):
        check_modules(set(), 4, house_rules=["no_such_rule"])
    # A ruling without an alternative reading is not a house rule.
    with pytest.raises(ValueError, match=r"setup\.beast_tiers"):
        check_modules(set(), 4, house_rules=["setup.beast_tiers"])


# --------------------------------------------------------------------------- chosen cards


def test_paladin_cards_oath_of_wisdom_needs_the_faction_festival() -> None:
    found = check_modules({"paladins"}, 4, cards={"oath_of_wisdom"})
    [error] = errors(found)
    assert error.code == "card_requires"
    assert error.cards == {"oath_of_wisdom"} and error.modules == {"faction_festival"}
    assert "Oath of Wisdom" in error.message
    assert [f.label for f in error.fixes] == ["Add the Faction Festival", "Drop Oath of Wisdom"]
    assert error.fixes[1].apply_cards({"oath_of_wisdom", "fence"}) == {"fence"}
    assert not errors(check_modules(FESTIVAL, 4, cards={"oath_of_wisdom"}))


@pytest.mark.parametrize("card", ["oath_of_honor", "oath_of_virtue"])
def test_paladin_cards_oath_of_honor_and_virtue_use_honor_tokens(card: str) -> None:
    [error] = errors(check_modules({"paladins"}, 4, cards={card}))
    assert error.modules == {"honor_tokens"} and error.cards == {card}
    assert not errors(check_modules({"paladins", "honor_tokens"}, 4, cards={card}))


@pytest.mark.parametrize(
    "card",
    [
        "oath_of_vengeance",
        "oath_of_hard_labor",
        "oath_of_glory",
        "oath_of_assistance",
        "oath_of_exaltation",
    ],
)
def test_paladin_cards_that_need_no_module(card: str) -> None:
    assert not errors(check_modules({"paladins"}, 4, cards={card}))


def test_beasts_the_cyclops_gains_honor() -> None:
    [error] = errors(check_modules({"beasts_of_the_bay"}, 4, cards={"the_cyclops"}))
    assert error.modules == {"honor_tokens"}
    assert not errors(
        check_modules({"beasts_of_the_bay", "honor_tokens"}, 4, cards={"the_cyclops"})
    )


def test_a_chosen_card_whose_module_is_absent_is_a_warning() -> None:
    found = check_modules(set(), 4, cards={"oath_of_glory"})
    [warning] = found
    assert (warning.level, warning.code) == ("warning", "card_unused")
    assert warning.fix is not None and warning.fix.add == {"paladins"}
    # The card would be unused, so its own needs (Festival for Oath of Wisdom) are not errors.
    assert not errors(check_modules(set(), 4, cards={"oath_of_wisdom"}))


@pytest.mark.parametrize(
    ("card", "townsfolk"), [("loan_sharks", "exemplars"), ("fence", "lawyers")]
)
def test_rogue_cards_recommended_townsfolk(card: str, townsfolk: str) -> None:
    found = check_modules(set(), 4, cards={card})
    [warning] = of_code(found, "card_recommends")
    assert warning.level == "warning" and townsfolk in warning.modules
    assert warning.fix is not None and townsfolk in warning.fix.add
    fixed = warning.fix.apply(set())
    assert not of_code(check_modules(fixed, 4, cards={card}), "card_recommends")
    assert not errors(check_modules(fixed, 4, cards={card}))


def test_rogue_cards_with_only_base_game_or_unknown_townsfolk_give_no_warning() -> None:
    for card in ("conspirators", "union_busters", "sirens", "witches", "un_fairies"):
        assert check_modules(set(), 4, cards={card}) == []


def test_only_one_paladin_card_and_one_rogue_card() -> None:
    found = check_modules({"paladins"}, 4, cards={"oath_of_glory", "oath_of_honor", "fence"})
    [error] = of_code(found, "too_many_cards")
    assert error.cards == {"oath_of_glory", "oath_of_honor"}
    kept = {fix.apply_cards({"oath_of_glory", "oath_of_honor"}) for fix in error.fixes}
    assert kept == {frozenset({"oath_of_glory"}), frozenset({"oath_of_honor"})}


def test_beasts_of_the_bay_setup_one_beast_of_each_tier() -> None:
    found = check_modules({"beasts_of_the_bay"}, 4, cards={"nessie", "the_kraken", "kfuwu"})
    [error] = errors(found)
    assert error.code == "beast_tiers" and error.cards == {"nessie", "the_kraken"}
    assert "tier I" in error.message
    assert not errors(check_modules({"beasts_of_the_bay"}, 4, cards={"nessie", "kfuwu"}))


def test_beasts_with_unreadable_tiers_get_a_note_not_a_guess() -> None:
    found = check_modules({"beasts_of_the_bay"}, 4, cards={"nessie", "kfuwu", "henry"})
    assert not errors(found)
    [note] = of_code(found, "unknown_tier")
    assert note.level == "info" and note.cards == {"henry"}
    assert note.ruling == "setup.beast_tiers"


def test_four_beasts_are_too_many() -> None:
    cards = {"nessie", "kfuwu", "henry", "the_mermaid"}
    assert of_code(check_modules({"beasts_of_the_bay"}, 4, cards=cards), "too_many_cards")


def test_unknown_card_raises_naming_it() -> None:
    with pytest.raises(UnknownCardError, match="there is no card oath of sloth"):
        check_modules({"paladins"}, 4, cards={"oath_of_sloth"})


# --------------------------------------------------------------------------- all subsets


def _raw_relations() -> tuple[list[dict[str, object]], dict[str, int]]:
    document = read_toml(data_dir() / "setup" / "merchants_cove.toml")
    numbers = {
        q["name"]: q["value"] for q in document["quantity"] if isinstance(q.get("value"), int)
    }
    return document["relation"], numbers


RAW, NUMBERS = _raw_relations()
COVE_MOST = catalogue().game("merchants_cove").max_players
ALL_SUBSETS = [
    frozenset(m for i, m in enumerate(MODULES) if mask >> i & 1) for mask in range(1 << 16)
]


def _applies(rel: dict[str, object], house_rules: frozenset[str]) -> bool:
    ruling = rel.get("ruling")
    if ruling is None:
        return True
    wanted = rel.get("applies_with", "reading") == "alternative"
    return (ruling in house_rules) == wanted


def _raw_problems(
    modules: frozenset[str], players: int, house_rules: frozenset[str]
) -> tuple[set[tuple[str, frozenset[str]]], set[tuple[str, frozenset[str]]]]:
    """(errors, warnings) straight from the TOML relations, as (kind, modules) pairs."""
    errs: set[tuple[str, frozenset[str]]] = set()
    warns: set[tuple[str, frozenset[str]]] = set()
    for rel in RAW:
        if not _applies(rel, house_rules):
            continue
        kind = rel["kind"]
        subject = rel.get("module")
        targets = set(rel.get("targets", []))  # type: ignore[arg-type]
        group = set(rel.get("group", []))  # type: ignore[arg-type]
        if kind in ("requires", "recommends", "expects"):
            missing = targets - modules
            if subject in modules and missing:
                bucket = errs if kind == "requires" else warns
                bucket.add((kind, frozenset({subject, *missing})))  # type: ignore[arg-type]
        elif kind == "incompatible":
            clash = targets & modules
            if subject in modules and clash:
                errs.add((kind, frozenset({subject, *clash})))  # type: ignore[arg-type]
        elif kind == "one_of":
            chosen = group & modules
            if len(chosen) > 1:
                errs.add((kind, frozenset(chosen)))
        elif kind == "max_players":
            most = NUMBERS[rel["in_box"]] // NUMBERS[rel["per_player"]]  # type: ignore[index]
            if subject in modules and players > most:
                errs.add(("too_many_players", frozenset({subject})))  # type: ignore[arg-type]
    if players > COVE_MOST:  # Merchants Cove's range (ruling catalogue.merchants_cove_players)
        errs.add(("too_many_players", frozenset()))
    return errs, warns


@pytest.mark.parametrize(
    ("players", "house_rules"),
    [
        (5, frozenset()),
        (6, frozenset()),  # above the five-seat modules' pieces: only their limits fire
        (7, frozenset()),  # above the range: the component limits fire too
        (4, frozenset({SIDE_B, BRINGS_PALADINS})),
    ],
    ids=["5-readings", "6-readings", "7-readings", "4-house-rules"],
)
def test_every_subset_matches_the_relations_in_the_data(
    players: int, house_rules: frozenset[str]
) -> None:
    legal = 0
    for modules in ALL_SUBSETS:
        found = check_modules(modules, players, house_rules=house_rules)
        levels = [f.level for f in found]
        assert levels == sorted(levels, key=("error", "warning", "info").index)
        errs, warns = _raw_problems(modules, players, house_rules)
        got_errors = {(f.code, f.modules) for f in found if f.level == "error"}
        got_warnings = {(f.code, f.modules) for f in found if f.level == "warning"}
        assert got_errors == errs, sorted(modules)
        assert got_warnings == warns, sorted(modules)
        legal += not errs
    for modules in ALL_SUBSETS[::97]:
        errs, _ = _raw_problems(modules, players, house_rules)
        assert is_legal(modules, players, house_rules=house_rules) == (not errs)
    if players <= COVE_MOST:
        assert 0 < legal < len(ALL_SUBSETS)
    else:
        assert legal == 0


def test_every_fix_leads_to_a_legal_table() -> None:
    """Taking the first fix of the first error, again and again, always ends legal."""
    for modules in ALL_SUBSETS[::7]:
        current = set(modules)
        for _ in range(len(MODULES)):
            found = errors(check_modules(current, 4))
            if not found:
                break
            fix = found[0].fix
            assert fix is not None
            assert fix.add or fix.remove
            current = set(fix.apply(current))
        else:
            pytest.fail(f"fixes never made {sorted(modules)} legal")


@settings(max_examples=200, deadline=None)
@given(
    modules=st.sets(st.sampled_from(MODULES)),
    players=st.integers(min_value=1, max_value=8),
    cards=st.sets(
        st.sampled_from(
            [
                "oath_of_honor",
                "oath_of_wisdom",
                "oath_of_glory",
                "loan_sharks",
                "fence",
                "sirens",
                "nessie",
                "the_kraken",
                "the_cyclops",
                "kfuwu",
                "henry",
                "the_mermaid",
            ]
        ),
        max_size=5,
    ),
)
def test_check_never_crashes_and_every_fix_names_known_modules(
    modules: set[str], players: int, cards: set[str]
) -> None:
    found = check_modules(modules, players, cards=cards)
    for finding in found:
        assert finding.message and finding.message[0].isupper()
        assert finding.modules <= set(MODULES)
        assert finding.cards <= cards
        assert finding.sources, finding
        for fix in finding.fixes:
            assert fix.label
            assert fix.add <= set(MODULES) - modules
            assert fix.remove <= modules
            assert fix.drop_cards <= cards
    keys = [f.key for f in found]
    assert len(keys) == len(set(keys))
