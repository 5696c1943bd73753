"""Invariants of Merchant's Journey over random legal games (Hypothesis), under every mix of
house rules: scores are the sum of the records, the deck is never exceeded, a save replays to
the same table, undo walks back to the start, and an illegal action changes nothing."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import journey as j
from companion.engine.journey import (
    HouseRules,
    JourneyGame,
    Place,
    PlayRecord,
    StartRow,
    Swap,
    SwapRecord,
)

NAMES = ("Anna", "Ben", "Cleo", "Dev", "Eli", "Farah")

rules_st = st.frozensets(st.sampled_from(sorted(j.SUPPORTED))).map(HouseRules)


def legal_actions(game: JourneyGame) -> list[j.Action]:
    if game.is_over:
        return []
    found: list[j.Action] = [o.action for o in game.legal_swaps()]
    for rank in j.ranks():
        if game.copies_left(rank) == 0:
            continue
        found.append(j.StartRow(rank))
        for row in range(len(game.rows)):
            found.extend(j.Place(rank, row, side) for side in j.SIDES)
    return found


def _links_blights(game: JourneyGame, action: j.Action) -> bool:
    if not isinstance(action, j.Place) or not j.is_blight(action.rank):
        return False
    row = game.rows[action.row]
    return j.is_blight((row[0] if action.side == "left" else row[-1]).rank)


@st.composite
def games(draw: st.DrawFn, max_moves: int = 48) -> JourneyGame:
    players = draw(st.integers(2, 6))
    first = draw(st.integers(0, players - 1))
    game = JourneyGame.new(NAMES[:players], first=first, rules=draw(rules_st))
    moves = draw(st.integers(0, max_moves))
    for _ in range(moves):
        actions = legal_actions(game)
        if not actions:
            break
        # Places outnumber new cities among the choices once rows exist, so rows grow long;
        # a Blight beside a Blight is offered first half the time, so chains get linked.
        chains = [a for a in actions if _links_blights(game, a)]
        if chains and draw(st.booleans()):
            actions = chains
        index = draw(st.integers(0, len(actions) - 1))
        game = game.apply(actions[index])[0]
    return game


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(games())
def test_scores_are_the_sum_of_the_records(game: JourneyGame) -> None:
    recount = Counter[str]()
    for record in game.log:
        recount[record.player] += record.gain.points
    assert game.scores == tuple(recount[name] for name in game.players)
    for name in game.players:
        pairs, bonus = game.breakdown(name)
        assert pairs + bonus == game.score(name)


@SETTINGS
@given(games())
def test_the_table_never_holds_more_than_the_deck(game: JourneyGame) -> None:
    counts = Counter(c.rank for c in game.cards())
    assert all(n <= 4 for n in counts.values())
    assert game.placements <= game.turns_total <= 48
    ids = sorted(c.id for c in game.cards())
    assert ids == list(range(1, game.placements + 1))
    assert game.placements == sum(isinstance(r, PlayRecord) for r in game.log)
    assert game.pile_left + min(game.placements, game.pile_size) == game.pile_size


@SETTINGS
@given(games())
def test_blight_bonuses_only_for_chains_of_three_or_four(game: JourneyGame) -> None:
    for record in game.log:
        gain = record.gain
        blight = (
            isinstance(record, PlayRecord)
            and record.beside is not None
            and j.is_blight(record.card.rank)
        )
        assert (gain.chain >= 1) == blight
        assert 0 <= gain.chain <= 4
        assert gain.bonus == {3: 30, 4: 50}.get(gain.chain, 0)


@SETTINGS
@given(games())
def test_pair_points_stay_within_the_card_values(game: JourneyGame) -> None:
    for record in game.log:
        for pair in record.gain.pairs:
            assert -13 <= pair.counts[0] <= 13 and -13 <= pair.counts[1] <= 13
            if not game.rules.blight_minus:
                assert pair.points >= 0
            if isinstance(record, SwapRecord):
                assert game.rules.swap_scores
        if isinstance(record, SwapRecord) and not game.rules.swap_scores:
            assert record.gain.points == 0


@SETTINGS
@given(games())
def test_a_save_replays_to_the_same_table(game: JourneyGame) -> None:
    saved = game.to_dict()
    back = JourneyGame.from_dict(saved)
    assert back == game
    assert back.to_dict() == saved
    assert back.legal_swaps() == game.legal_swaps()
    assert game.with_rules(game.rules) == game


@SETTINGS
@given(games(max_moves=20))
def test_undo_walks_back_to_the_start(game: JourneyGame) -> None:
    steps = 0
    while game.can_undo:
        game = game.undo()
        steps += 1
    assert game.rows == () and game.scores == (0,) * len(game.players)
    assert game == JourneyGame.new(game.players, first=game.first, rules=game.rules)


@SETTINGS
@given(
    games(max_moves=30),
    st.sampled_from(j.ranks()),
    st.integers(-1, 12),
    st.sampled_from(["left", "right", "up"]),
    st.integers(0, 50),
    st.integers(0, 50),
)
def test_can_agrees_with_verify_and_refusals_change_nothing(
    game: JourneyGame, rank: str, row: int, side: str, card: int, other: int
) -> None:
    snapshot = game.to_dict()
    for can, act in (
        (game.can_apply(Place(rank, row, side)), lambda: game.place(rank, row, side)),
        (game.can_apply(StartRow(rank)), lambda: game.start_row(rank)),
        (game.can_apply(Swap(card, other)), lambda: game.swap(card, other)),
    ):
        try:
            act()
        except j.JourneyError:
            assert not can
        else:
            assert can
    assert game.to_dict() == snapshot


@given(
    st.sampled_from(j.ranks()), st.sampled_from(j.ranks()), st.booleans(), st.booleans(), rules_st
)
def test_a_pair_is_worth_the_same_from_either_side(
    a: str, b: str, a_beside: bool, b_beside: bool, rules: HouseRules
) -> None:
    if rules.placed_card_only:
        rules = HouseRules(rules.alternatives - {j.PAIR_VALUE})
    one = j.pair_value(a, b, card_beside_blight=a_beside, other_beside_blight=b_beside, rules=rules)
    two = j.pair_value(b, a, card_beside_blight=b_beside, other_beside_blight=a_beside, rules=rules)
    assert one.points == two.points
    assert one.working.endswith(f"= {j.sum_text([one.points])}") or one.working == str(one.points)


@given(st.sampled_from(j.ranks()), st.sampled_from(j.ranks()))
def test_without_a_blight_a_pair_is_the_two_face_values(a: str, b: str) -> None:
    pair = j.pair_value(a, b)
    if not (j.is_blight(a) or j.is_blight(b)):
        assert pair.points == j.value_of(a) + j.value_of(b)
        assert pair.working == f"{j.value_of(a)} + {j.value_of(b)} = {pair.points}"
    else:
        assert pair.points == 0
