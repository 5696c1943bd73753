"""Mercante's end: triggers, end-of-game bazaar and victory points, final tally and standings
(Game End, Game End › Scoring, Variants › Talk of Peace)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine.mercante import (
    TALK_OF_PEACE_TOTALS,
    TIEBREAK_FIRST_PLACE,
    FinalEntry,
    HouseRules,
    PlayerTally,
    TallyError,
    affordable_vp,
    end_triggers,
    final_standings,
    final_tally,
    game_ends,
    talk_of_peace_reached,
    tally_player,
)
from companion.engine.mercante.scoring import tiebreaks


def test_scoring_vp_minus_unfulfilled_penalties() -> None:
    results = final_standings(
        [
            FinalEntry("Adam", 12, 30, (3,)),
            FinalEntry("Beth", 10, 5, ()),
            FinalEntry("Chris", 8, 50, (1, 1)),
        ]
    )
    assert [(r.name, r.score, r.rank) for r in results] == [
        ("Beth", 10, 1),
        ("Adam", 9, 2),
        ("Chris", 6, 3),
    ]
    assert results[0].winner and not results[1].winner


def test_scoring_tie_most_crowns_wins() -> None:
    results = final_standings([FinalEntry("Adam", 9, 20), FinalEntry("Beth", 9, 25)])
    assert [(r.name, r.rank) for r in results] == [("Beth", 1), ("Adam", 2)]
    assert results[0].decided_by == tiebreaks()[0].name == "Most crowns left"


def test_scoring_tie_then_fewest_unfulfilled_contracts() -> None:
    # Same score (10 − 2 = 8 and 9 − 1 = 8... counted as cards: Adam 2 cards, Beth 1 card).
    results = final_standings([FinalEntry("Adam", 10, 20, (1, 1)), FinalEntry("Beth", 9, 20, (1,))])
    assert [(r.name, r.rank) for r in results] == [("Beth", 1), ("Adam", 2)]
    assert results[0].decided_by == tiebreaks()[1].name


def test_scoring_still_tied_share_the_victory() -> None:
    results = final_standings(
        [
            FinalEntry("Adam", 5, 20, (2,)),
            FinalEntry("Beth", 5, 20, (2,)),
            FinalEntry("Chris", 1, 90),
        ]
    )
    assert [(r.name, r.rank, r.shared) for r in results] == [
        ("Adam", 1, True),
        ("Beth", 1, True),
        ("Chris", 3, False),
    ]
    assert results[0].winner and results[1].winner


def test_final_standings_accepts_any_object_with_the_attributes() -> None:
    @dataclass
    class Row:
        name: str
        vp: int
        crowns: int
        unfulfilled: list[int]

    results = final_standings([Row("Adam", 4, 3, [2]), Row("Beth", 3, 0, [])])
    assert [(r.name, r.score) for r in results] == [("Beth", 3), ("Adam", 2)]


def test_final_standings_bad_entries_are_named() -> None:
    with pytest.raises(TallyError, match="-4"):
        FinalEntry("Adam", 3, -4)
    with pytest.raises(TallyError, match="'2'"):
        FinalEntry("Adam", 3, 4, ("2",))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'Adam'"):
        final_standings([FinalEntry("Adam", 3, 4), FinalEntry("Adam", 1, 1)])

    @dataclass
    class Counted:
        name: str
        vp: int
        crowns: int
        unfulfilled: int

    with pytest.raises(TallyError, match="2"):
        final_standings([Counted("Adam", 3, 4, 2)])
    with pytest.raises(TallyError, match="has no 'name'"):
        final_standings([FinalEntry("Adam", 3, 4), object()])  # type: ignore[list-item]


entries = st.lists(
    st.tuples(st.integers(0, 12), st.integers(0, 6), st.lists(st.integers(1, 3), max_size=3)),
    min_size=1,
    max_size=5,
).map(lambda rows: [FinalEntry(f"P{i}", vp, c, tuple(u)) for i, (vp, c, u) in enumerate(rows)])


@given(entries, st.booleans())
def test_property_tiebreakers_decide_the_victor_only(
    players: list[FinalEntry], every_place: bool
) -> None:
    """Scoring: a tie for the most points goes to crowns, then fewest unfulfilled contracts;
    other ties share the place (ruling mercante.tiebreak_first_place; its house rule orders
    every place)."""
    house = HouseRules.of(TIEBREAK_FIRST_PLACE) if every_place else HouseRules()
    results = final_standings(players, house=house)
    by_name = {p.name: p for p in players}

    def key(name: str) -> tuple[int, int, int]:
        p = by_name[name]
        return (-(p.vp - sum(p.unfulfilled)), -p.crowns, len(p.unfulfilled))

    assert sorted(r.name for r in results) == sorted(by_name)
    top = max(p.score for p in players)
    best = min(key(n) for n in by_name if by_name[n].score == top)
    winners = {n for n in by_name if key(n) == best}
    assert {r.name for r in results if r.winner} == winners
    for r in results:
        assert r.score == by_name[r.name].score
        if every_place or r.name in winners:
            better = sum(1 for other in by_name if key(other) < key(r.name))
        else:
            better = len(winners) + sum(
                1 for o in by_name if o not in winners and by_name[o].score > r.score
            )
        assert r.rank == better + 1
    assert [r.rank for r in results] == sorted(r.rank for r in results)


def test_scoring_second_places_are_shared_not_split_by_crowns() -> None:
    """Game End › Scoring: only "a tie for the most victory points" is broken."""
    players = [
        FinalEntry("Adam", 12, 5),
        FinalEntry("Beth", 8, 30),
        FinalEntry("Chris", 8, 2),
        FinalEntry("David", 8, 2, (1,)),  # 7 points
    ]
    ranks = {r.name: (r.rank, r.shared) for r in final_standings(players)}
    assert ranks == {"Adam": (1, False), "Beth": (2, True), "Chris": (2, True), "David": (4, False)}
    every = {
        r.name: r.rank for r in final_standings(players, house=HouseRules.of(TIEBREAK_FIRST_PLACE))
    }
    assert every == {"Adam": 1, "Beth": 2, "Chris": 3, "David": 4}
    tied_top = final_standings(
        [FinalEntry("A", 9, 10), FinalEntry("B", 9, 4), FinalEntry("C", 9, 4)]
    )
    assert [(r.name, r.rank, r.winner) for r in tied_top] == [
        ("A", 1, True), ("B", 2, False), ("C", 2, False),
    ]  # fmt: skip
    assert tied_top[0].decided_by == "Most crowns left"


# -- triggers ------------------------------------------------------------------------------------


def test_game_end_triggers() -> None:
    assert end_triggers({"Adam": 79, "Beth": 12}) == ()
    hits = end_triggers({"Adam": 80, "Beth": 95, "Chris": 3})
    assert [(h.id, h.players) for h in hits] == [("crowns", ("Adam", "Beth"))]
    hits = end_triggers({"Adam": 1}, reference_at_last_space=True, last_shipment_in_harbor=True)
    assert [h.id for h in hits] == ["reference_track", "last_shipment"]
    assert game_ends({}, last_shipment_in_harbor=True)
    assert not game_ends({"Adam": 79})
    with pytest.raises(TallyError, match="-1"):
        end_triggers({"Adam": -1})


# -- buying victory points and the tally ---------------------------------------------------------


def test_game_end_buy_victory_points_at_10_crowns_whole_only() -> None:
    assert affordable_vp(9) == 0
    assert affordable_vp(10) == 1
    assert affordable_vp(39) == 3
    with pytest.raises(TallyError, match="-5"):
        affordable_vp(-5)


def test_game_end_bazaar_sales_then_vp_purchase_then_score() -> None:
    line = tally_player(
        PlayerTally(
            name="Beth",
            vp_tokens=6,
            crowns=31,
            goods_left=3,  # 9 crowns at the bazaar → 40
            completed_at_end=(2,),  # the bazaar sales complete a contract
            unfulfilled=(3,),
            vp_bought=4,  # 40 crowns
        )
    )
    assert line.bazaar_crowns == 9
    assert line.crowns_before_vp == 40
    assert line.affordable == 4
    assert line.vp_cost == 40 and line.crowns_left == 0
    assert line.vp_total == 6 + 2 + 4
    assert line.penalty == 3
    assert line.score == 9
    assert line.entry == FinalEntry("Beth", 12, 0, (3,))
    assert "mercante.end_bazaar_contracts" in line.rulings


def test_final_tally_ranks_the_lines() -> None:
    tally = final_tally(
        [
            PlayerTally("Adam", vp_tokens=8, crowns=25, goods_left=1, vp_bought=2),
            PlayerTally("Beth", vp_tokens=10, crowns=7, unfulfilled=(2,)),
        ]
    )
    assert tally.line("Adam").crowns_left == 8
    assert [(s.name, s.score, s.rank) for s in tally.standings] == [("Adam", 10, 1), ("Beth", 8, 2)]


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"vp_bought": 5}, "5 victory points cost 50"),
        ({"goods_left": 10}, "10"),
        ({"crowns": -1}, "-1"),
        ({"completed_at_end": (2, 2), "goods_left": 1}, "take 2 goods, but only 1 good is"),
        ({"completed_at_end": (2,), "completed_goods": 3, "goods_left": 1}, "take 3 goods"),
        ({"completed_at_end": (2,), "completed_goods": 4, "goods_left": 5}, "1 to 3 goods, not 4"),
        ({"unfulfilled": (0,)}, "penalty 0 cannot be below 1"),
        ({"unfulfilled": (-2,)}, "-2"),
        ({"name": ""}, "''"),
    ],
)
def test_tally_bad_figures_are_named(fields: dict[str, object], named: str) -> None:
    base: dict[str, object] = {"name": "Adam", "vp_tokens": 3, "crowns": 40, "goods_left": 2}
    base.update(fields)
    with pytest.raises(TallyError, match=named):
        PlayerTally(**base)  # type: ignore[arg-type]


@given(st.integers(0, 200), st.integers(0, 9), st.data())
def test_property_tally_crowns_and_vp_add_up(crowns: int, goods: int, data: st.DataObject) -> None:
    bought = data.draw(st.integers(0, (crowns + 3 * goods) // 10))
    line = tally_player(
        PlayerTally("P", vp_tokens=2, crowns=crowns, goods_left=goods, vp_bought=bought)
    )
    assert line.crowns_left == crowns + 3 * goods - 10 * bought >= 0
    assert line.vp_total == 2 + bought
    assert line.score == line.entry.score


# -- Talk of Peace -------------------------------------------------------------------------------


def test_talk_of_peace_team_totals() -> None:
    assert talk_of_peace_reached((60, 40), (1, 2))
    assert talk_of_peace_reached((0, 0), (6, 4))
    assert not talk_of_peace_reached((60, 39), (5, 4))
    alone = HouseRules.of(TALK_OF_PEACE_TOTALS)
    assert not talk_of_peace_reached((60, 40), (1, 2), house=alone)
    assert talk_of_peace_reached((100, 0), (0, 0), house=alone)
    with pytest.raises(TallyError, match="2 players"):
        talk_of_peace_reached((100,), (1,))
