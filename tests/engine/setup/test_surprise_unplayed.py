"""Surprise me preferring the modules a group has not played (issue 19): a seed is chosen so
that the ordinary draw of that seed has as few played modules as can be found; the seed
replays the same draw without any history."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.setup import module_ids
from companion.engine.setup.errors import NoLegalCombinationError, SetupError
from companion.engine.setup.surprise import seed_preferring, surprise_modules

ALL = sorted(module_ids())


def played_in(seed: int, unplayed: set[str], **kw: object) -> int:
    return len(surprise_modules(seed, **kw) - unplayed)  # type: ignore[arg-type]


def test_one_module_drawn_is_one_the_group_has_not_played() -> None:
    unplayed = {"lawyers", "insiders"}
    seed = seed_preferring(123456, unplayed, size=1)
    assert surprise_modules(seed, size=1) <= unplayed
    assert seed_preferring(123456, unplayed, size=1) == seed  # the same every time


def test_nothing_played_yet_or_nothing_new_to_draw_keeps_the_seed_given() -> None:
    assert seed_preferring(123456, ALL) == 123456
    # The Dragon Island Festival is never drawn unless pinned: no draw can prefer it.
    assert seed_preferring(123456, {"dragon_island_festival"}) == 123456
    assert seed_preferring(123456, set()) == 123456


def test_a_pinned_module_stays_in_even_when_played() -> None:
    seed = seed_preferring(222222, {"lawyers"}, size=2, pinned=["paladins"])
    drawn = surprise_modules(seed, size=2, pinned=["paladins"])
    assert drawn == {"paladins", "lawyers"}


def test_what_cannot_be_drawn_is_refused_as_surprise_me_refuses_it() -> None:
    with pytest.raises(NoLegalCombinationError):
        seed_preferring(1, {"lawyers"}, pinned=["lawyers"], size=0)
    with pytest.raises(SetupError):
        seed_preferring(1, "lawyers")
    with pytest.raises(SetupError):
        seed_preferring(1, {"lawyers"}, tries=0)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(100_000, 999_999),
    unplayed=st.sets(st.sampled_from(ALL), max_size=len(ALL)),
    size=st.none() | st.integers(1, 4),
)
def test_the_chosen_seed_never_draws_more_played_modules_than_the_seed_given(
    seed: int, unplayed: set[str], size: int | None
) -> None:
    chosen = seed_preferring(seed, unplayed, size=size, tries=12)
    assert played_in(chosen, unplayed, size=size) <= played_in(seed, unplayed, size=size)
