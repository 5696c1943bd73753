"""Ranking: shared places, ordered tie-breakers, both scoring directions."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine.core.standings import Entry, StandingsError, TieBreak, rank


def test_ties_share_a_place_and_the_next_place_is_skipped() -> None:
    result = rank([Entry("A", 10), Entry("B", 12), Entry("C", 10), Entry("D", 3)])
    assert [(s.name, s.rank, s.winner, s.shared) for s in result] == [
        ("B", 1, True, False),
        ("A", 2, False, True),
        ("C", 2, False, True),
        ("D", 4, False, False),
    ]


def test_lowest_score_wins_when_the_game_says_so() -> None:
    result = rank([Entry("A", 10), Entry("B", 4)], highest_wins=False)
    assert [s.name for s in result] == ["B", "A"]
    assert result[0].winner and not result[1].winner


def test_tie_breakers_apply_in_order_and_say_which_decided() -> None:
    breakers = [TieBreak("Most crowns left"), TieBreak("Fewest unfulfilled contracts", False)]
    result = rank(
        [Entry("A", 9, (20, 1)), Entry("B", 9, (20, 0)), Entry("C", 9, (25, 3)), Entry("D", 5)],
        tiebreaks=breakers,
    )
    assert [(s.name, s.rank) for s in result] == [("C", 1), ("B", 2), ("A", 3), ("D", 4)]
    assert result[0].decided_by == "Most crowns left"
    assert result[1].decided_by == "Fewest unfulfilled contracts"
    assert result[3].decided_by is None


def test_players_equal_on_every_tie_breaker_share_the_win() -> None:
    result = rank([Entry("A", 9, (3,)), Entry("B", 9, (3,))], tiebreaks=[TieBreak("Money")])
    assert [s.rank for s in result] == [1, 1] and all(s.winner for s in result)


def test_a_missing_tie_breaker_value_never_wins_the_tie() -> None:
    result = rank([Entry("A", 9, (None,)), Entry("B", 9, (0,))], tiebreaks=[TieBreak("Money")])
    assert [s.name for s in result] == ["B", "A"]


def test_repeated_names_are_refused_naming_them() -> None:
    with pytest.raises(StandingsError, match="'A'"):
        rank([Entry("A", 1), Entry("A", 2)])


def test_more_tie_breaker_values_than_tie_breakers_is_refused() -> None:
    with pytest.raises(StandingsError, match="'A'"):
        rank([Entry("A", 1, (1, 2))], tiebreaks=[TieBreak("x")])


entries = st.lists(st.tuples(st.integers(-50, 50), st.integers(0, 5)), min_size=1, max_size=8).map(
    lambda rows: [Entry(f"P{i}", s, (t,)) for i, (s, t) in enumerate(rows)]
)


@given(entries, st.booleans())
def test_ranks_follow_scores_then_tie_breaker(rows: list[Entry], highest: bool) -> None:
    result = rank(rows, highest_wins=highest, tiebreaks=[TieBreak("t")])
    assert sorted(s.name for s in result) == sorted(e.name for e in rows)
    sign = 1 if highest else -1
    for better, worse in itertools.pairwise(result):
        assert better.rank <= worse.rank
        key_b = (sign * better.score, better.tiebreaks[0])
        key_w = (sign * worse.score, worse.tiebreaks[0])
        assert key_b >= key_w
        assert (better.rank == worse.rank) == (key_b == key_w)
    assert result[0].rank == 1 and result[0].winner
    assert all(s.winner == (s.rank == 1) for s in result)
    # standard competition ranking: a rank equals 1 + the number of players strictly better
    for s in result:
        assert s.rank == 1 + sum(1 for o in result if o.rank < s.rank)


def test_tie_breakers_deciding_the_victory_only_leave_lower_ties_shared() -> None:
    entries = [
        Entry("A", 20, (2, 0)),
        Entry("B", 20, (7, 1)),
        Entry("C", 20, (7, 0)),
        Entry("D", 9, (1, 0)),
        Entry("E", 9, (5, 0)),
        Entry("F", 3, (9, 9)),
    ]
    breakers = [TieBreak("Crowns"), TieBreak("Unfulfilled", higher_wins=False)]
    every = rank(entries, tiebreaks=breakers)
    assert [(s.name, s.rank) for s in every] == [
        ("C", 1), ("B", 2), ("A", 3), ("E", 4), ("D", 5), ("F", 6),
    ]  # fmt: skip
    victory = rank(entries, tiebreaks=breakers, victory_only=True)
    assert [(s.name, s.rank, s.winner, s.shared) for s in victory] == [
        ("C", 1, True, False),
        ("A", 2, False, True),
        ("B", 2, False, True),
        ("D", 4, False, True),
        ("E", 4, False, True),
        ("F", 6, False, False),
    ]
    # Lowest score wins: the same, in the game's direction.
    low = rank(
        [Entry("A", 5, (1,)), Entry("B", 5, (3,)), Entry("C", 8, (0,)), Entry("D", 8, (4,))],
        highest_wins=False,
        tiebreaks=[TieBreak("Bonus")],
        victory_only=True,
    )
    assert [(s.name, s.rank) for s in low] == [("B", 1), ("A", 2), ("C", 3), ("D", 3)]


@given(
    st.lists(
        st.tuples(st.integers(0, 5), st.integers(0, 3), st.integers(0, 3)),
        min_size=1,
        max_size=6,
    )
)
def test_victory_only_changes_no_winner_and_never_splits_a_lower_tie(
    rows: list[tuple[int, int, int]],
) -> None:
    entries = [Entry(f"P{i}", s, (a, b)) for i, (s, a, b) in enumerate(rows)]
    breakers = [TieBreak("a"), TieBreak("b", higher_wins=False)]
    every = rank(entries, tiebreaks=breakers)
    victory = rank(entries, tiebreaks=breakers, victory_only=True)
    assert {s.name for s in every if s.winner} == {s.name for s in victory if s.winner}
    losers = [s for s in victory if not s.winner]
    for s in losers:
        assert s.rank == 1 + sum(1 for o in victory if o.score > s.score or o.winner)
