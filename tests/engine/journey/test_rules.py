"""Merchant's Journey rules, named after the rulebook sections they check.

The rulebook has no worked example of its own, so the golden tests carry the worked examples
of the rulings (data/journey/rulings.toml) under the reading and under each alternative.
"""

from __future__ import annotations

import copy
import pickle

import pytest

from companion.engine import journey as j
from companion.engine.journey import (
    BLIGHT_LASTS,
    BLIGHT_NEGATES,
    GAME_END,
    PAIR_VALUE,
    SWAP_SCORES,
    TIES,
    HouseRules,
    JourneyGame,
    Place,
    StartRow,
    Swap,
    pair_value,
)
from tests.table_fixtures import play

FOUR = ("Anna", "Ben", "Cleo", "Dev")
START_9 = {"kind": "start_row", "rank": "9"}


def new(rules: HouseRules = j.STANDARD, players: tuple[str, ...] = FOUR) -> JourneyGame:
    return JourneyGame.new(players, rules=rules)


# -- Game Setup ------------------------------------------------------------------------------------


def test_game_setup_civilization_values_from_the_card_table() -> None:
    values = {rank: j.value_of(rank) for rank in j.ranks()}
    assert values == {
        "2": 0, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
        "J": 11, "Q": 12, "K": 13,
    }  # fmt: skip
    assert j.card_facts("10").civilization == "Aurium Pirate Republic"
    assert j.card_facts("Q").civilization == "Okkrgoth"
    assert j.card_facts("2").civilization == "The Blight"


def test_game_setup_48_cards_without_aces_four_of_each_rank() -> None:
    deck = j.facts().deck
    assert (deck.size, deck.copies_per_rank, len(j.ranks())) == (48, 4, 12)
    with pytest.raises(j.UnknownCardError, match="Aces are taken out"):
        j.parse_rank("A")


@pytest.mark.parametrize(("players", "pile"), [(2, 38), (3, 33), (4, 28), (5, 23), (6, 18)])
def test_game_setup_draw_pile_is_what_the_deal_leaves(players: int, pile: int) -> None:
    assert j.draw_pile_size(players) == pile
    game = new(players=tuple(f"P{i}" for i in range(players)))
    assert (game.pile_left, game.turns_total, game.in_hands) == (pile, pile, 5 * players)


def test_game_setup_a_fifth_card_of_a_rank_is_refused() -> None:
    game = play(new(), ("K",), ("K", 0, "right"), ("K", 0, "right"), ("K",))
    assert game.copies_left("K") == 0
    with pytest.raises(j.CopiesError, match=r"every K is on the table already: all 4"):
        game.place("K", 0, "left")
    with pytest.raises(j.CopiesError):
        game.start_row("k")
    assert not game.can_apply(Place("K", 1, "right"))


# -- Players ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 7])
def test_players_two_to_six(count: int) -> None:
    message = rf"{count} players: Merchant's Journey is for 2–6"
    with pytest.raises(j.PlayerCountError, match=message):
        new(players=tuple(f"P{i}" for i in range(count)))


# -- Gameplay --------------------------------------------------------------------------------------


def test_gameplay_turns_go_round_from_the_first_player() -> None:
    game = JourneyGame.new(FOUR, first="Cleo")
    order = []
    for _ in range(5):
        order.append(game.active)
        game = game.start_row("9" if game.can_apply(StartRow("9")) else "8")[0]
    assert order == ["Cleo", "Dev", "Anna", "Ben", "Cleo"]


def test_gameplay_a_new_city_makes_no_pair() -> None:
    game, record = new().start_row("K")
    assert record.gain.points == 0
    assert record.gain.working == "new city: no pair"
    assert game.rows == ((j.Card(1, "K", "Anna"),),)
    assert record.summary == "Anna started row 1 with a K: a new city."


def test_gameplay_pair_value_example_8_beside_9_scores_17() -> None:
    game, record = play(new(), ("9",)).place("8", 0, "right")
    assert record.gain.points == 17
    assert record.gain.working == "8 + 9 = 17"
    assert game.score("Ben") == 17
    assert record.summary == "Ben played 8 beside 9 in row 1: 17 points (8 + 9 = 17)."


def test_gameplay_pair_value_alternative_only_the_played_card_counts() -> None:
    record = play(new(HouseRules.of(PAIR_VALUE)), ("9",)).place("8", 0, "left")[1]
    assert record.gain.points == 8
    assert record.gain.working == "only the played card counts: 8"
    assert PAIR_VALUE in record.gain.rulings


def test_gameplay_face_cards_count_11_12_13() -> None:
    record = play(new(), ("Q",)).place("K", 0, "left")[1]
    assert (record.gain.points, record.gain.working) == (25, "13 + 12 = 25")


def test_gameplay_cards_go_on_either_end_of_a_row() -> None:
    game = play(new(), ("9",), ("8", 0, "left"), ("7", 0, "right"))
    assert [c.rank for c in game.rows[0]] == ["8", "9", "7"]
    assert game.scores == (0, 17, 16, 0)


def test_gameplay_the_game_ends_when_the_draw_pile_runs_out() -> None:
    game = new(players=("Anna", "Ben"))  # 38 cards in the pile: 38 turns
    for i in range(38):
        rank = j.ranks()[i % 12]
        game = game.start_row(rank)[0] if i < 12 else game.place(rank, i % 12, "right")[0]
        assert game.pile_left == 38 - (i + 1)
    assert game.is_over and game.turns_left == 0
    with pytest.raises(j.GameOverError, match="draw pile is empty"):
        game.start_row("3")
    assert game.in_hands == 10  # every hand still holds five cards, which score nothing


def test_gameplay_game_end_alternative_plays_the_hands_out() -> None:
    game = new(HouseRules.of(GAME_END), players=("Anna", "Ben"))
    assert game.turns_total == 48
    for i in range(40):
        rank = j.ranks()[i % 12]
        game = game.start_row(rank)[0] if i < 12 else game.place(rank, i % 12, "left")[0]
    assert (game.pile_left, game.in_hands, game.turns_left, game.is_over) == (0, 8, 8, False)


def test_gameplay_highest_score_wins_and_ties_are_shared() -> None:
    # Anna 9 + 8 (17 for Ben), Cleo 7 + 10 ... build a tie: Ben and Dev both 17.
    game = play(new(), ("9",), ("8", 0, "right"), ("4",), ("K", 1, "left"))
    assert game.scores == (0, 17, 0, 17)
    standings = game.standings()
    assert [(s.name, s.rank, s.winner, s.shared) for s in standings[:2]] == [
        ("Ben", 1, True, True),
        ("Dev", 1, True, True),
    ]


def test_gameplay_ties_alternative_most_pairs_breaks_a_tie() -> None:
    # Ben: 8 + 9 = 17 in one pair; Dev: 3 + 4 = 7 and 5 + 5 = 10, 17 in two pairs.
    game = play(
        new(HouseRules.of(TIES)),
        ("9",), ("8", 0, "right"), ("4",), ("3", 1, "left"),
        ("J",), ("5",), ("6",), ("5", 3, "left"),
    )  # fmt: skip
    assert game.scores == (0, 17, 0, 17)
    first, second = game.standings()[:2]
    assert (first.name, first.winner, first.decided_by) == ("Dev", True, j.MOST_PAIRS)
    assert (second.name, second.rank) == ("Ben", 2)


def test_gameplay_final_scores_only_once_the_game_is_over() -> None:
    game = play(new(), ("9",))
    with pytest.raises(j.GameOverError, match="27 of 28 turns to play"):
        j.final_scores(game)


# -- Special Card Rules: the Blight ----------------------------------------------------------------


def test_special_card_rules_blight_example_8_beside_a_blighted_9_scores_8() -> None:
    game = play(new(), ("9",), ("2", 0, "right"))
    record = game.place("8", 0, "left")[1]
    assert (record.gain.points, record.gain.working) == (8, "Blight beside 9: 8 + 0 = 8")
    assert BLIGHT_LASTS in record.gain.rulings


def test_special_card_rules_blight_lasts_alternative_counts_the_9_again() -> None:
    game = play(new(HouseRules.of(BLIGHT_LASTS)), ("9",), ("2", 0, "right"))
    record = game.place("8", 0, "left")[1]
    assert (record.gain.points, record.gain.working) == (17, "8 + 9 = 17")


def test_special_card_rules_a_card_played_beside_a_blight_scores_nothing() -> None:
    record = play(new(), ("2",)).place("9", 0, "right")[1]
    assert (record.gain.points, record.gain.working) == (0, "Blight beside 9: 0 + 0 = 0")


def test_special_card_rules_negates_alternative_counts_minus_the_value() -> None:
    record = play(new(HouseRules.of(BLIGHT_NEGATES)), ("2",)).place("9", 0, "right")[1]
    assert (record.gain.points, record.gain.working) == (-9, "Blight beside 9: −9 + 0 = −9")
    assert record.summary.endswith("−9 points (Blight beside 9: −9 + 0 = −9).")


def test_special_card_rules_a_card_between_two_blights_is_cancelled_once() -> None:
    rules = HouseRules.of(BLIGHT_NEGATES)
    pair = pair_value("9", "2", card_beside_blight=True, rules=rules)
    assert pair.points == -9  # cancelled once, not twice back to +9


def test_special_card_rules_three_blights_linked_pay_30_then_four_pay_50() -> None:
    game = play(new(), ("2",), ("2", 0, "right"))
    game, third = game.place("2", 0, "right")
    assert (third.gain.points, third.gain.working) == (30, "three Blights linked: 30")
    assert {j.BLIGHT_BONUS, j.BLIGHT_CHAIN} <= set(third.gain.rulings)
    game, fourth = game.place("2", 0, "right")  # on the same end, later
    assert (fourth.gain.points, fourth.gain.working) == (50, "four Blights linked: 50")
    assert game.scores == (0, 0, 30, 50)  # the 30 already paid stands


LINKED = HouseRules.of(j.LINKED_BLIGHTS)


def test_special_card_rules_three_linked_blights_still_cancel_their_neighbours() -> None:
    chain = play(new(), ("2",), ("2", 0, "right"), ("2", 0, "right"))
    record = chain.place("9", 0, "right")[1]
    assert (record.gain.points, record.gain.working) == (0, "Blight beside 9: 0 + 0 = 0")
    assert j.LINKED_BLIGHTS in record.gain.rulings
    # A card already beside the chain stays cancelled in its later pairs.
    beside = play(new(), ("9",), ("2", 0, "right"), ("2", 0, "right"), ("2", 0, "right"))
    later = beside.place("8", 0, "left")[1]
    assert (later.gain.points, later.gain.working) == (8, "Blight beside 9: 8 + 0 = 8")
    assert beside.beside_blight(0, 0)


def test_special_card_rules_linked_blights_spare_their_neighbours_under_the_house_rule() -> None:
    chain = play(new(LINKED), ("2",), ("2", 0, "right"), ("2", 0, "right"))
    record = chain.place("9", 0, "right")[1]
    assert (record.gain.points, record.gain.working) == (9, "9 + 0 = 9")
    assert j.LINKED_BLIGHTS in record.gain.rulings
    beside = play(new(LINKED), ("9",), ("2", 0, "right"), ("2", 0, "right"))
    assert beside.beside_blight(0, 0)  # two linked Blights still cancel
    beside, third = beside.place("2", 0, "right")
    assert third.gain.points == 30 and not beside.beside_blight(0, 0)
    later = beside.place("8", 0, "left")[1]
    assert (later.gain.points, later.gain.working) == (17, "8 + 9 = 17")
    # The same table scored by the ruling, then under the house rule: only the scores change.
    played = play(new(), ("9",), ("2", 0, "right"), ("2", 0, "right"), ("2", 0, "right"))
    played = played.place("8", 0, "left")[0]
    assert played.scores == (8, 0, 0, 30) and played.with_rules(LINKED).scores == (17, 0, 0, 30)


def test_special_card_rules_blights_apart_do_not_link() -> None:
    game = play(new(), ("2",), ("2", 0, "right"), ("7", 0, "right"))
    record = game.place("2", 0, "right")[1]
    assert (record.gain.chain, record.gain.bonus, record.gain.points) == (1, 0, 0)


def test_special_card_rules_two_blights_side_by_side_score_nothing() -> None:
    record = play(new(), ("2",)).place("2", 0, "left")[1]
    assert (record.gain.points, record.gain.working) == (0, "two Blights: 0 + 0 = 0")


# -- Special Card Rules: swaps ---------------------------------------------------------------------


def test_special_card_rules_swap_example_10_trades_places_with_the_k() -> None:
    game, played = play(new(), ("7",), ("K", 0, "right")).place("10", 0, "right")
    assert (played.gain.points, played.gain.working) == (23, "10 + 13 = 23")
    [option] = game.legal_swaps()
    assert (option.kind, option.card.rank, option.other.rank, option.player) == (
        "played", "10", "K", "Cleo",
    )  # fmt: skip
    after, record = game.swap(option.card.id, option.other.id)
    assert [c.rank for c in after.rows[0]] == ["7", "10", "K"]
    assert after.scores == game.scores  # scores stand
    assert record.summary == "Cleo's 10 traded places with the K; scores stand."
    assert after.active == "Dev"  # a swap is part of Cleo's turn


def test_special_card_rules_swap_scores_alternative_scores_the_new_pair() -> None:
    game = play(new(HouseRules.of(SWAP_SCORES)), ("7",), ("K", 0, "right"), ("10", 0, "right"))
    after, record = game.swap(3, 2)
    assert (record.gain.points, record.gain.working) == (17, "10 + 7 = 17")
    assert after.score("Cleo") == 23 + 17


def test_special_card_rules_pirate_republic_cannot_move_the_okkrgoth() -> None:
    game = play(new(), ("Q",), ("10", 0, "left"))
    assert game.legal_swaps() == ()
    with pytest.raises(j.SwapError, match=r"card 1 \(Q, Okkrgoth\) can be moved only by a 5"):
        game.swap(2, 1)


def test_special_card_rules_vraya_may_move_the_okkrgoth() -> None:
    game = play(new(), ("3",), ("Q", 0, "right"), ("5", 0, "right"))
    after = game.swap(3, 2)[0]
    assert [c.rank for c in after.rows[0]] == ["3", "5", "Q"]


def test_special_card_rules_swap_only_right_after_it_is_played() -> None:
    game = play(new(), ("7",), ("10", 0, "right"), ("9",))
    with pytest.raises(j.SwapError, match=r"card 2 \(10\) may trade places only right after"):
        game.swap(2, 1)


def test_special_card_rules_swap_only_with_the_card_it_was_placed_beside() -> None:
    game = play(new(), ("7",), ("4", 0, "right"), ("10", 0, "right"))
    with pytest.raises(j.SwapError, match=r"only with card 2 \(4\).*not card 1"):
        game.swap(3, 1)


def test_special_card_rules_a_new_city_cannot_swap() -> None:
    game = play(new(), ("7",), ("10",))
    assert game.legal_swaps() == ()
    assert not game.can_apply(Swap(2, 1))


def test_special_card_rules_ghorralands_switch_once_per_game() -> None:
    game = play(new(), ("6",), ("K", 0, "right"), ("6",), ("J", 1, "left"), ("6",))
    options = {(o.card.id, o.other.id) for o in game.legal_swaps()}
    assert options == {(1, 3), (1, 5), (3, 1), (3, 5), (5, 1), (5, 3)}
    after, record = game.swap(1, 5)
    assert after.rows[0][0] == j.Card(5, "6", "Anna") and after.rows[2][0] == j.Card(1, "6", "Anna")
    assert after.scores == game.scores
    assert record.summary == "Anna switched their 6 in row 1 with the 6 in row 3; scores stand."
    with pytest.raises(j.SwapError, match="Anna has already switched a Ghorralands card"):
        after.swap(5, 3)  # Anna played two 6s, but switches only once
    assert after.can_apply(Swap(3, 5))  # Cleo still may


def test_special_card_rules_ghorralands_switch_only_with_another_6() -> None:
    game = play(new(), ("6",), ("7",))
    with pytest.raises(j.SwapError, match=r"can switch only with another 6, not card 2 \(7\)"):
        game.swap(1, 2)


def test_special_card_rules_swap_scores_alternative_keeps_ghorralands_scores_standing() -> None:
    # Anna's 6 starts row 1 beside Ben's K; Cleo's 6 sits beside Dev's J in row 2. The house
    # rule scores a 10 or 5 swapped as it is played; a Ghorralands switch keeps the ruling
    # journey.ghorralands ("scores stand") under either reading.
    rules = HouseRules.of(SWAP_SCORES)
    game = play(new(rules), ("6",), ("K", 0, "right"), ("6",), ("J", 1, "right"))
    after, record = game.swap(1, 3)
    assert record.swap == "ghorralands" and record.player == "Anna"
    assert record.gain.points == 0 and after.scores == game.scores
    assert record.summary.endswith("scores stand.")
    assert [c.rank for c in after.rows[0]] == ["6", "K"] and after.rows[0][0].by == "Cleo"


# -- undo, saving, values --------------------------------------------------------------------------


def test_undo_returns_the_game_before_the_last_action() -> None:
    before = play(new(), ("9",))
    after = before.place("8", 0, "left")[0]
    assert after.undo() == before and after.undo().scores == (0, 0, 0, 0)
    with pytest.raises(j.JourneyError, match="nothing to undo"):
        new().undo()


def test_save_round_trip_replays_every_action() -> None:
    game = play(
        new(HouseRules.of(SWAP_SCORES)),
        ("7",), ("K", 0, "right"), ("10", 0, "right"), (3, 2), ("2",), ("6", 1, "left"),
    )  # fmt: skip
    saved = game.to_dict()
    assert saved["actions"][3] == {"kind": "swap", "card": 3, "other": 2}
    back = JourneyGame.from_dict(saved)
    assert back == game and back.to_dict() == saved
    assert [r.summary for r in back.log] == [r.summary for r in game.log]
    assert pickle.loads(pickle.dumps(game)) == game
    assert copy.deepcopy(game) is game


def test_with_rules_rescores_the_game_from_the_start() -> None:
    game = play(new(), ("9",), ("2", 0, "right"), ("8", 0, "left"))
    assert game.score("Cleo") == 8
    rescored = game.with_rules(HouseRules.of(BLIGHT_LASTS))
    assert rescored.score("Cleo") == 17 and rescored.rows == game.rows


def test_with_rules_refuses_a_log_the_new_rules_forbid() -> None:
    game = new(HouseRules.of(GAME_END), players=("Anna", "Ben"))
    for i in range(40):
        rank = j.ranks()[i % 12]
        game = game.start_row(rank)[0] if i < 12 else game.place(rank, i % 12, "left")[0]
    with pytest.raises(j.GameOverError):
        game.with_rules(j.STANDARD)


def test_score_working_adds_each_scoring_action() -> None:
    game = play(new(players=("Anna", "Ben")), ("9",), ("8", 0, "left"), ("2",), ("7", 0, "right"))
    assert game.score_working("Ben") == "17 + 16 = 33"
    assert game.breakdown("Ben") == (33, 0)
    assert game.pairs_made("Ben") == 2


def test_values_have_readable_reprs() -> None:
    assert repr(j.Card(3, "10", "Anna")) == "Card(3, '10', by='Anna')"
    assert repr(j.Place("8", 0, "left")) == "Place('8', row=0, side='left')"
    assert repr(j.Swap(3, 2)) == "Swap(3, 2)"
    assert repr(HouseRules.of(TIES)) == "HouseRules.of('journey.ties')"
    assert repr(pair_value("8", "9")) == "PairValue('8', '9', points=17, '8 + 9 = 17')"


# -- bad input -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Ace", "Ace: the Aces are taken out"),
        ("1", "1: the Aces are taken out"),
        ("11", "there is no card 11"),
        ("Z", "there is no card Z"),
        ("", "a card needs its rank"),
        (9, "a card is a rank such as 9 or Q, not 9"),
        (None, "a card is a rank such as 9 or Q, not None"),
    ],
)
def test_bad_input_unknown_cards(text: object, message: str) -> None:
    with pytest.raises(j.UnknownCardError, match=message):
        new().start_row(text)


def test_bad_input_names_and_case_are_read_leniently() -> None:
    assert [j.parse_rank(t) for t in (" q ", "Jack", "king", "10")] == ["Q", "J", "K", "10"]


@pytest.mark.parametrize(
    ("row", "side", "error", "message"),
    [
        (1, "left", j.RowError, r"there is no row 2 on the table \(1 row\)"),
        (-1, "left", j.RowError, "there is no row 0 on the table"),
        (True, "left", j.RowError, "row must be a whole number, not True"),
        ("0", "left", j.RowError, "row must be a whole number, not 0"),
        (0, "up", j.RowError, "on the left or the right of a row, not up"),
    ],
)
def test_bad_input_rows_and_sides(row: object, side: object, error: type, message: str) -> None:
    game = play(new(), ("9",))
    with pytest.raises(error, match=message):
        game.place("8", row, side)
    assert game.rows == ((j.Card(1, "9", "Anna"),),)  # nothing changed


def test_bad_input_no_rows_yet() -> None:
    with pytest.raises(j.RowError, match=r"there is no row 1 on the table \(no rows yet"):
        new().place("8", 0, "left")


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (("Anna", "anna"), "'anna' is already seated"),
        (("Anna", " "), "seat 2: a player needs a name"),
        (("Anna", "x" * 41), r"seat 2: name 'x+' is longer than 40 letters$"),
        ("AnnaBen", "must be a list of names"),
        (("Anna", 7), "player 7 must be a name"),
    ],
)
def test_bad_input_players(players: object, message: str) -> None:
    with pytest.raises(j.SeatError, match=message):
        JourneyGame(players)  # type: ignore[arg-type]


def test_bad_input_first_player() -> None:
    with pytest.raises(j.SeatError, match="first player 'Zoe' is not seated"):
        JourneyGame.new(FOUR, first="Zoe")
    with pytest.raises(j.SeatError, match="first player seat 4 is not one of the 4 seats"):
        JourneyGame.new(FOUR, first=4)


def test_bad_input_house_rules() -> None:
    with pytest.raises(j.RulesError, match=r"unknown house rule 'mercante\.price_floor'"):
        HouseRules.of("mercante.price_floor")
    with pytest.raises(j.RulesError, match="must be a collection"):
        HouseRules(PAIR_VALUE)  # type: ignore[arg-type]
    picked = HouseRules.from_house_rules(["mercante.price_floor", TIES, 3])
    assert picked == HouseRules.of(TIES)


@pytest.mark.parametrize(
    ("card", "other", "message"),
    [
        (9, 1, "card 9 is not on the table"),
        (1, 1, "card 1 cannot trade places with itself"),
        (1, 2, r"card 1 \(7\) cannot move"),
        ("1", 2, "card must be a whole number, not 1"),
    ],
)
def test_bad_input_swaps(card: object, other: object, message: str) -> None:
    game = play(new(), ("7",), ("9", 0, "left"))
    with pytest.raises(j.SwapError, match=message):
        game.swap(card, other)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "other"}, "format 'other' is not"),
        ({"version": 2}, "version 2 is not supported"),
        ({"extra": 1}, "unknown field 'extra'"),
        ({"players": "Anna"}, "players: 'Anna' must be a list"),
        ({"players": ["Anna"]}, r"players: 1 players: Merchant's Journey is for 2–6"),
        ({"rules": ["nope"]}, "rules: unknown house rule 'nope'"),
        ({"actions": [{"kind": "fly"}]}, r"actions\[0\]: unknown action kind 'fly'"),
        (
            {"actions": [START_9, {"kind": "place", "rank": "8", "row": 3, "side": "left"}]},
            r"actions\[1\] \(place\): there is no row 4 on the table",
        ),
        (
            {"actions": [{"kind": "start_row", "rank": "A"}]},
            r"actions\[0\]: rank: A: the Aces",
        ),
    ],
)
def test_bad_input_saves_name_the_bad_field(change: dict[str, object], message: str) -> None:
    saved = play(new(), ("9",)).to_dict() | change
    with pytest.raises(j.SaveDataError, match=message):
        JourneyGame.from_dict(saved)


def test_bad_input_a_save_that_is_not_a_mapping() -> None:
    with pytest.raises(j.SaveDataError, match="must be a mapping, got list"):
        JourneyGame.from_dict([])


@pytest.mark.parametrize(
    ("rows", "error", "message"),
    [
        (((),), j.RowError, "row 0 is empty"),
        (((j.Card(1, "q", "Anna"),),), j.UnknownCardError, "rank must be written 'Q'"),
        (((j.Card(1, "Q", "Zoe"),),), j.SeatError, "'Zoe' is not seated"),
        (
            ((j.Card(1, "Q", "Anna"), j.Card(1, "K", "Ben")),),
            j.RowError,
            "id 1 is on the table twice",
        ),
        ((tuple(j.Card(i, "2", "Anna") for i in range(5)),), j.CopiesError, "more than 4"),
        ((("Q",),), j.RowError, "'Q' in row 0 is not a Card"),
    ],
)
def test_bad_input_a_table_built_by_hand(rows: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        JourneyGame(FOUR, rows=rows)  # type: ignore[arg-type]


def test_bad_input_switches_and_swaps_built_by_hand() -> None:
    with pytest.raises(j.SeatError, match="'Zoe' switched a Ghorralands card"):
        JourneyGame(FOUR, switched=frozenset({"Zoe"}))
    with pytest.raises(j.SwapError, match="card 3 may swap but is not on the table"):
        JourneyGame(FOUR, swappable=3)
