"""Surprise me: random legal combinations and cards, reproducible from their seed."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from companion.engine.setup import (
    NoLegalCombinationError,
    SetupError,
    UnknownCardError,
    UnknownModuleError,
    cards,
    check_modules,
    legal_cards,
    module_ids,
    surprise_card,
    surprise_modules,
)

MODULES = module_ids()
SEEDS = st.one_of(st.integers(min_value=-(2**63), max_value=2**63), st.text(max_size=20))


def has_error(modules: frozenset[str], players: int = 4) -> bool:
    return any(f.level == "error" for f in check_modules(modules, players))


@settings(max_examples=150, deadline=None)
@given(
    seed=SEEDS,
    size=st.one_of(st.none(), st.integers(min_value=0, max_value=12)),
    pinned=st.sets(st.sampled_from(MODULES), max_size=3),
    banned=st.sets(st.sampled_from(MODULES), max_size=4),
    players=st.integers(min_value=1, max_value=5),
)
def test_surprise_me_is_legal_honours_pins_and_bans_and_replays_from_its_seed(
    seed: int | str, size: int | None, pinned: set[str], banned: set[str], players: int
) -> None:
    assume(not pinned & banned)
    try:
        drawn = surprise_modules(seed, size=size, pinned=pinned, banned=banned, players=players)
    except NoLegalCombinationError as exc:
        # Then really nothing fits: every subset of that size that holds the pins and avoids
        # the bans (and the undescribed Dragon Island Festival unless pinned) has an error.
        assert str(exc)
        free = [m for m in MODULES if m not in pinned | banned | {"dragon_island_festival"}]
        sizes = range(len(free) + 1) if size is None else [size - len(pinned)]
        for extra in sizes:
            for chosen in itertools.combinations(free, extra) if extra >= 0 else ():
                assert has_error(frozenset(pinned).union(chosen), players), chosen
        return
    assert not has_error(drawn, players)
    assert pinned <= drawn
    assert not drawn & banned
    if size is not None:
        assert len(drawn) == size
    again = surprise_modules(seed, size=size, pinned=pinned, banned=banned, players=players)
    assert again == drawn


def test_surprise_me_varies_with_the_seed() -> None:
    draws = {surprise_modules(seed) for seed in range(60)}
    assert len(draws) > 20
    sizes = {len(d) for d in draws}
    assert len(sizes) > 5  # small and large tables both come up


def test_surprise_me_leaves_out_the_undescribed_dragon_island_festival() -> None:
    for seed in range(200):
        assert "dragon_island_festival" not in surprise_modules(seed)
    pinned = surprise_modules(7, pinned={"dragon_island_festival"})
    assert "dragon_island_festival" in pinned
    assert "beasts_of_the_bay" not in pinned


def test_surprise_me_with_apprentices_pinned_brings_what_they_need() -> None:
    for seed in range(30):
        drawn = surprise_modules(seed, pinned={"apprentices"})
        assert {"apprentices", "faction_festival", "paladins"} <= drawn


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"size": 16}, "exactly 16"),
        ({"pinned": {"fifth_staff_action_a", "fifth_staff_action_b"}}, "including"),
        ({"pinned": {"apprentices"}, "banned": {"faction_festival"}}, "without"),
        ({"pinned": {"faction_festival"}, "size": 1}, "exactly 1"),
        ({"players": 7}, "7 players"),
    ],
)
def test_surprise_me_says_when_nothing_fits(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(NoLegalCombinationError, match=words):
        surprise_modules(1, **kwargs)  # type: ignore[arg-type]


def test_surprise_me_bad_input() -> None:
    with pytest.raises(UnknownModuleError, match="'festival'"):
        surprise_modules(1, pinned={"festival"})
    with pytest.raises(SetupError, match="both pinned and banned"):
        surprise_modules(1, pinned={"paladins"}, banned={"paladins"})
    with pytest.raises(SetupError, match="size"):
        surprise_modules(1, size=17)
    with pytest.raises(SetupError, match="seed"):
        surprise_modules(1.5)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- cards


@settings(max_examples=100, deadline=None)
@given(
    seed=SEEDS,
    kind=st.sampled_from(["paladin", "rogue"]),
    modules=st.sets(st.sampled_from(MODULES)),
)
def test_surprise_card_is_legal_with_the_modules_and_replays(
    seed: int | str, kind: str, modules: set[str]
) -> None:
    card = surprise_card(seed, kind, modules)
    assert card.kind == kind
    assert set(card.requires) <= modules
    assert surprise_card(seed, kind, modules) == card
    # Whatever the check thought of the modules, the card adds no error of its own.
    with_card = check_modules(modules, 4, cards={card.id})
    assert not [f for f in with_card if f.level == "error" and card.id in f.cards]


def test_surprise_paladin_card_never_needs_a_missing_module() -> None:
    drawn = {surprise_card(seed, "paladin", {"paladins"}).id for seed in range(300)}
    assert drawn == {
        "oath_of_vengeance",
        "oath_of_hard_labor",
        "oath_of_glory",
        "oath_of_assistance",
        "oath_of_exaltation",
    }
    everything = {"paladins", "faction_festival", "honor_tokens"}
    assert {surprise_card(s, "paladin", everything).id for s in range(300)} == {
        c.id for c in cards("paladin")
    }


def test_surprise_rogue_card_following_recommendations() -> None:
    options = {c.id for c in legal_cards("rogue", set(), follow_recommendations=True)}
    assert "loan_sharks" not in options and "fence" not in options
    assert "conspirators" in options
    with_sets = {"exemplars", "honor_tokens", "lawyers"}
    assert {c.id for c in legal_cards("rogue", with_sets, follow_recommendations=True)} == {
        c.id for c in cards("rogue")
    }
    for seed in range(50):
        card = surprise_card(seed, "rogue", set(), follow_recommendations=True)
        assert card.id in options


def test_surprise_card_bad_kind() -> None:
    with pytest.raises(UnknownCardError, match="tier"):
        surprise_card(1, "beast", {"beasts_of_the_bay"})
    with pytest.raises(UnknownCardError, match="not a dragon card"):
        surprise_card(1, "dragon", set())
    with pytest.raises(UnknownModuleError, match="'festival'"):
        surprise_card(1, "paladin", {"festival"})


def test_surprise_me_for_six_players_leaves_out_the_five_seat_modules() -> None:
    for seed in range(20):
        drawn = surprise_modules(seed, players=6)
        assert not has_error(drawn, 6)
        assert not drawn & {"faction_festival", "part_time_staff"}
