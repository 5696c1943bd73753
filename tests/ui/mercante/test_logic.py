"""The Mercante screen's plain logic: parsing what players type, the sale calculator, custom
card drafts, the new-game form, upkeep lines, the final tally and the saved state."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import partial
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.mercante import (
    ALTERNATE_FIVE_PLAYER_UPKEEP,
    REACTION_CLOSES_MARKET,
    TIEBREAK_FIRST_PLACE,
    BuyVictoryPoint,
    Event,
    HouseRules,
    MarketBoard,
    MercanteGame,
    MercanteTable,
    PlayerState,
    TickEndTrigger,
    goods,
    market_of,
    rulebook_event,
    upkeep_costs,
)
from companion.engine.mercante.variants import Variants
from companion.rules import catalogue
from companion.ui.mercante.model import (
    EffectDraft,
    EventDraft,
    FieldErrors,
    MercanteDrafts,
    MercanteState,
    NewGameForm,
    ReactionDraft,
    SaleDraft,
    ShipmentDraft,
    StateError,
    TallyDraft,
    agent_choices,
    bazaar_line,
    cartage_line,
    cost_lines,
    discarded_events,
    event_choices,
    filter_choices,
    house_rules_from,
    last_calendar_change,
    parse_figure,
    parse_numbers,
    parse_printed,
    play_of,
    points_text,
    read_old_save,
    record_arguments,
    removal_cost_text,
    schedule_lines,
    show_vp_bids,
    signed,
    tally_working,
    team_lines,
    token_label,
    turn_status,
    upkeep_headline,
)

#: A game whose crowns the table counts (the turn's rules alone, without the ledger).
counted_at_table = partial(MercanteGame.new, ledger=False)

SAMPLE = ("Adam", "Beth", "Chris", "David")


def card(card_id: int, event: Event) -> Any:
    """A stored custom card as ``Store.list_custom_cards`` returns it."""
    return SimpleNamespace(id=card_id, name=event.name, data=event.to_dict())


def choices(*events: Event) -> tuple[Any, ...]:
    return event_choices([card(i + 1, e) for i, e in enumerate(events)])[0]


def on_calendar(game: MercanteGame, *events: Event) -> MercanteGame:
    """``game`` with ``events`` already on its calendar, in the order they were played."""
    calendar = game.calendar
    for event in events:
        calendar.add(event)
    return replace(game, slots=calendar.slots)


def key_of(options: tuple[Any, ...], name: str) -> str:
    return next(c.key for c in options if c.event.name == name)


# -- typing numbers ------------------------------------------------------------------------------


def test_printed_values_read_highest_first_with_spaces_or_commas() -> None:
    assert parse_printed("20 18, 16;14") == (20, 18, 16, 14)
    assert parse_printed(" 5 5 4 ") == (5, 5, 4)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Type the values printed on this market's spaces, highest first"),
        ("20 x", "“x” is not a whole number"),
        ("20 0", "0 is not a crown value: every space pays at least 1"),
        ("16 18", "Highest first, top of the board down: 18 comes after 16"),
    ],
)
def test_printed_values_refuse_what_no_board_prints(text: str, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        parse_printed(text)
    assert str(caught.value) == message


def test_lists_of_contract_values() -> None:
    assert parse_numbers("") == ()
    assert parse_numbers("2, 3 1") == (2, 3, 1)
    with pytest.raises(ValueError, match="without the minus sign"):
        parse_numbers("-2", what="penalty")
    with pytest.raises(ValueError, match="“two” is not a whole number"):
        parse_numbers("two")


def test_signs_and_half_points_read_as_printed() -> None:
    assert [signed(n) for n in (6, 0, -6)] == ["+6", "0", "−6"]
    assert [points_text(Fraction(n, 2)) for n in (1, 2, 3, 4)] == ["½", "1", "1½", "2"]


def test_only_mercante_house_rules_reach_the_engine() -> None:
    rules = house_rules_from(["mercante.reaction_closes_market", "cove.something"])
    assert rules == HouseRules.of(REACTION_CLOSES_MARKET)
    # The Alternate Five-Player Upkeep is a variant now: a stored old id is left out.
    assert house_rules_from(["mercante." + "alternate_five_player_upkeep"]) == HouseRules()


# -- event cards ---------------------------------------------------------------------------------


def test_a_groups_card_with_a_rulebook_name_replaces_the_rulebook_card() -> None:
    woes = Event("Economic Woes", "enduring", {"silk": -6, "luxuries": -1}, reaction=True)
    broken = SimpleNamespace(id=9, name="Broken", data={"name": "Broken", "kind": "maybe"})
    listed, damaged = event_choices([card(3, woes), broken])
    names = [c.event.name for c in listed]
    assert names == ["Distant War", "Economic Woes", "Visiting Nobility"]
    mine = next(c for c in listed if c.event.name == "Economic Woes")
    assert mine.custom and mine.key == "custom:3" and mine.event == woes
    assert [(d.card_id, d.name) for d in damaged] == [(9, "Broken")]
    assert "kind 'maybe'" in damaged[0].problem


def test_rulebook_cards_keep_their_summary_and_source() -> None:
    listed, _ = event_choices([])
    nobility = next(c for c in listed if c.key == "rulebook:visiting_nobility")
    assert nobility.summary and nobility.source is not None
    assert nobility.tags == ("Enduring", "Rulebook")
    assert [c.event.name for c in filter_choices(listed, "closes raw")] == ["Distant War"]


def test_event_draft_errors_are_keyed_by_the_field_that_caused_them() -> None:
    draft = EventDraft(
        name="",
        effects=[
            EffectDraft("silk", "+2"),
            EffectDraft("silk", "1"),
            EffectDraft("", "3"),
            EffectDraft("gold", "0"),
            EffectDraft("tin", "lots"),
            EffectDraft(),  # a blank line is ignored
        ],
        removes={"luxuries": "0", "foodstuffs": ""},
    )
    assert draft.errors() == {
        ("name",): "Give the card its name",
        ("target", 1): "Silk already changes in line 1: add them up there",
        ("target", 2): "Choose a good or a market",
        ("amount", 3): "0 changes nothing: give +2 or −2",
        ("amount", 4): "Whole number, like 12 or -3",
        ("removes", "luxuries"): "1 token or more (or leave it empty)",
    }
    with pytest.raises(ValueError, match="Give the card its name"):
        draft.to_event()


def test_event_draft_names_are_unique_among_the_groups_cards() -> None:
    draft = EventDraft(name="  harvest   festival ")
    assert draft.errors(taken=["Harvest Festival"])[("name",)] == (
        "You already have a card with this name"
    )
    assert ("name",) not in draft.errors(taken=["Storm"])
    assert EventDraft(name="x" * 61).errors()[("name",)] == "At most 60 characters"


def test_event_draft_makes_the_engine_event_and_round_trips() -> None:
    draft = EventDraft(
        name="Royal Wedding",
        reaction=True,
        effects=[EffectDraft("luxuries", "+3"), EffectDraft("art", "−1")],
        closes={"foodstuffs"},
        removes={"precious_metals": "2"},
        note="Each player draws a card.",
    )
    event = draft.to_event()
    assert event == Event(
        "Royal Wedding",
        "enduring",
        {"luxuries": 3, "art": -1},
        ("foodstuffs",),
        reaction=True,
        removes={"precious_metals": 2},
        note="Each player draws a card.",
    )
    assert EventDraft.from_event(event).to_event() == event
    assert EventDraft.from_dict(draft.to_dict()).to_event() == event
    assert EventDraft.from_dict("junk").errors()[("name",)] == "Give the card its name"


def test_a_reaction_that_changes_no_price_is_flagged_but_allowed() -> None:
    draft = EventDraft(name="Spies", reaction=True, closes={"luxuries"})
    assert draft.errors() == {}
    (warning,) = draft.warnings()
    assert "changes that good's price or takes tokens off its market" in warning
    assert EventDraft(name="Spies", closes={"luxuries"}).warnings() == ()


# -- the new-game form ---------------------------------------------------------------------------


def test_new_game_form_seats_three_to_five_distinct_players() -> None:
    form = NewGameForm()
    with pytest.raises(ValueError, match="Type a name"):
        form.add("  ")
    for name in SAMPLE:
        form.add(name)
    with pytest.raises(ValueError, match="Adam is already seated"):
        form.add(" adam ")
    form.add("Eve")
    with pytest.raises(ValueError, match="at most 5 players"):
        form.add("Finn")
    form.move(4, -1)
    assert form.seats == ["Adam", "Beth", "Chris", "Eve", "David"]
    form.remove(0)
    form.remove(0)
    assert ("seats",) not in form.errors(choices())
    form.remove(0)
    assert form.errors(choices())[("seats",)] == "Mercante is for 3–5 players; 2 seated"


def test_setup_first_event_a_fleeting_card_is_discarded_not_placed() -> None:
    storm = Event("Storm", "fleeting", {"wine": -1})
    options = choices(storm)
    form = NewGameForm(seats=list(SAMPLE), first_event=key_of(options, "Storm"))
    assert form.errors(options)[("first_event",)] == (
        "Storm is Fleeting: discard it and turn over the next card"
    )
    form.first_event = "rulebook:visiting_nobility"
    game = form.build(options, HouseRules())
    assert game.slots == (rulebook_event("Visiting Nobility"), None, None)
    assert (game.active, game.upkeep_holder) == ("Adam", "David")


def test_new_game_form_with_a_tracked_board() -> None:
    form = NewGameForm(seats=list(SAMPLE), track=True, printed={"luxuries": "20 18"})
    problems = form.errors(choices())
    assert set(problems) == {
        ("printed", m) for m in ("precious_metals", "raw_materials", "foodstuffs")
    }
    form.printed.update(precious_metals="12 10", raw_materials="9", foodstuffs="5 4 3 2")
    board = form.build(choices(), HouseRules()).board
    assert board is not None and board.market("foodstuffs").spaces == (5, 4, 3, 2)
    assert NewGameForm.from_dict(form.to_dict()) == form


# -- the sale calculator -------------------------------------------------------------------------


def selling_goods_game() -> tuple[MercanteGame, tuple[Any, ...]]:
    """The Selling Goods example's calendar: Luxuries −2 (A), Luxuries +1 (B), Art +6 (C)."""
    game = on_calendar(
        counted_at_table(SAMPLE),
        Event("Art +6", "enduring", {"art": 6}),
        Event("Luxuries +1", "enduring", {"luxuries": 1}),
        Event("Luxuries -2", "enduring", {"luxuries": -2}),
    )
    return game, choices()


def test_selling_goods_example_art_sale_pays_25_with_the_working() -> None:
    game, options = selling_goods_game()
    draft = SaleDraft()
    draft.set_count("art", 1)
    view = draft.evaluate(game, options)
    assert view.quote is None and view.missing == ("art:1",)
    draft.bases["art:1"] = "20"
    view = draft.evaluate(game, options)
    assert view.quote is not None
    (token,) = view.quote.tokens
    assert token.breakdown is not None and token.breakdown.text == "20 − 2 + 1 + 6 = 25"
    assert view.quote.total == 25
    assert (view.needed, view.agents, view.available) == (2, 2, 2)
    assert view.ready
    assert cartage_line(view) == "Needs 2 cartage points: 2 agents on Hire Dockworkers are enough."
    assert bazaar_line(view) == "All to the bazaar instead: 1 × 3 = 3 crowns, no agents needed."
    _, record = game.sell(**draft.sell_arguments(game, view, options))
    assert record.quote.total == 25  # type: ignore[attr-defined]


def test_sample_turn_economic_woes_reaction_what_if_silk_pays_15() -> None:
    game = counted_at_table(SAMPLE, first_event=rulebook_event("Visiting Nobility"))
    game = on_calendar(game, rulebook_event("Distant War"))
    options = choices()
    draft = SaleDraft(counts={"silk": 1}, bases={"silk:1": "20"})
    assert draft.evaluate(game, options).quote.total == 21  # type: ignore[union-attr]
    assert [c.event.name for c in draft.reaction_options(options)] == ["Economic Woes"]
    draft.set_reaction(0, key_of(options, "Economic Woes"), options)
    assert draft.reactions[0].on == "silk:1"  # the only token it may be played on
    draft.reactions[0].by = "David"
    view = draft.evaluate(game, options)
    assert view.what_if is not None and view.quote is not None
    assert (view.what_if.without.total, view.quote.total, view.what_if.change) == (21, 15, -6)
    assert view.quote.tokens[0].breakdown.text == "20 − 6 + 1 = 15"  # type: ignore[union-attr]
    after, _ = game.sell(**draft.sell_arguments(game, view, options))
    assert [e.name for e in after.slots if e] == [
        "Economic Woes",
        "Distant War",
        "Visiting Nobility",
    ]


def test_a_reaction_must_change_the_price_of_the_token_it_is_played_on() -> None:
    game = counted_at_table(SAMPLE)
    options = choices()
    draft = SaleDraft(counts={"gold": 1, "silk": 1}, bases={"gold:1": "9", "silk:1": "20"})
    draft.set_reaction(0, "rulebook:economic_woes", options)
    assert draft.reaction_tokens(0, options) == ("silk:1",)
    draft.reactions[0].on = "gold:1"
    view = draft.evaluate(game, options)
    assert view.reaction_error is not None and "does not change the price of 'gold'" in (
        view.reaction_error
    )
    assert not view.ready


def test_tokens_of_a_closed_market_need_no_value_and_only_the_bazaar_buys_them() -> None:
    game = counted_at_table(SAMPLE, first_event=rulebook_event("Distant War"))
    draft = SaleDraft(counts={"ore": 2})
    view = draft.evaluate(game, choices())
    assert view.missing == () and view.quote is not None
    assert [t.destination for t in view.quote.tokens] == ["refused", "refused"]
    assert view.needed == 0 and not view.quote.can_complete
    draft.bazaar = {"ore:1", "ore:2"}
    view = draft.evaluate(game, choices())
    assert view.quote is not None and view.quote.total == 6 and view.quote.can_complete


def test_a_tracked_board_prices_tokens_one_after_another_down_the_spaces() -> None:
    board = MarketBoard.from_printed(
        {"luxuries": [20, 18], "precious_metals": [9], "raw_materials": [9], "foodstuffs": [5]}
    )
    game = counted_at_table(SAMPLE, board=board)
    draft = SaleDraft(counts={"gems": 1, "silk": 1})
    # two agents bought on earlier turns: four on Hire Dockworkers now
    game = replace(game, players=(PlayerState("Adam", agents=4), *game.players[1:]))
    view = draft.evaluate(game, choices())
    assert view.quote is not None
    assert [t.base for t in view.quote.tokens] == [20, 18]
    assert (view.needed, view.agents) == (4, 4)


def test_agents_follow_the_need_until_chosen_and_never_exceed_the_players() -> None:
    game = counted_at_table(SAMPLE)
    draft = SaleDraft(counts={"art": 2}, bases={"art:1": "20", "art:2": "18"})
    view = draft.evaluate(game, choices())
    assert (view.needed, view.agents, view.available) == (4, 2, 2)
    assert not view.ready or not view.quote.can_complete  # type: ignore[union-attr]
    assert cartage_line(view) == (
        "Needs 4 cartage points, but 2 agents on Hire Dockworkers give 2: 2 short."
    )
    draft.agents = 1
    assert draft.evaluate(game, choices()).agents == 1


def test_token_keys_stay_put_when_other_counts_change() -> None:
    draft = SaleDraft()
    draft.set_count("wine", 2)
    draft.set_count("art", 1)
    draft.bases.update({"wine:1": "8", "wine:2": "7", "art:1": "20"})
    draft.set_count("art", 0)
    assert draft.bases == {"wine:1": "8", "wine:2": "7"}
    draft.set_count("wine", 1)
    assert draft.bases == {"wine:1": "8"}
    assert token_label("wine:1") == "Wine" and token_label("wine:2") == "Wine 2"
    draft.set_count("grain", 20)
    assert draft.total == 9, "three warehouses hold nine goods"


def test_taking_a_token_out_moves_the_later_ones_up_with_what_was_typed() -> None:
    draft = SaleDraft(
        counts={"wine": 3, "art": 1},
        bases={"wine:1": "8", "wine:2": "7", "wine:3": "6", "art:1": "20"},
        bazaar={"wine:3"},
        reactions=[ReactionDraft("custom:1", "wine:2", None), ReactionDraft("custom:2", "art:1")],
    )
    draft.remove_token("wine:1")
    assert draft.counts == {"wine": 2, "art": 1}
    assert draft.bases == {"wine:1": "7", "wine:2": "6", "art:1": "20"}
    assert draft.bazaar == {"wine:2"}
    assert [r.on for r in draft.reactions] == ["wine:1", "art:1"]
    draft.remove_token("wine:1")
    assert draft.reactions[0].on is None, "the token it was played on is gone"
    draft.remove_token("wine:9")
    draft.remove_token("nonsense")
    assert draft.counts == {"wine": 1, "art": 1}


@settings(max_examples=60, deadline=None)
@given(
    counts=st.dictionaries(st.sampled_from(goods()), st.integers(1, 3), min_size=1, max_size=4),
    base=st.integers(1, 40),
    bazaar=st.booleans(),
)
def test_every_market_price_is_at_least_1_and_the_total_adds_up(
    counts: dict[str, int], base: int, bazaar: bool
) -> None:
    game = counted_at_table(SAMPLE, first_event=rulebook_event("Distant War"))
    game = on_calendar(game, Event("Crash", "enduring", {"luxuries": -30, "gold": -50}))
    draft = SaleDraft()
    for good, count in counts.items():
        draft.set_count(good, count)
    draft.bases = {k: str(base) for k, _ in draft.tokens()}
    if bazaar:
        draft.bazaar = {k for k, _ in draft.tokens()[::2]}
    view = draft.evaluate(game, choices())
    assert view.quote is not None
    prices = [t.price for t in view.quote.tokens]
    assert view.quote.total == sum(prices)
    for token in view.quote.tokens:
        if token.destination == "market":
            assert token.price >= 1
        elif token.destination == "refused":
            assert market_of(token.good) == "raw_materials"
    assert SaleDraft.from_dict(draft.to_dict()) == draft


def test_a_damaged_sale_draft_reads_as_an_empty_one() -> None:
    assert SaleDraft.from_dict({"counts": {"unobtainium": 2, "art": "x"}}) == SaleDraft()
    assert SaleDraft.from_dict([1, 2]) == SaleDraft()


# -- upkeep ----------------------------------------------------------------------------------------


def test_upkeep_lines_for_three_four_and_five_players() -> None:
    three = upkeep_costs(3)
    assert upkeep_headline(three) == "3 players: the upkeep marker holder gets 1 removal point."
    assert [(c.name, c.cost, c.most) for c in cost_lines(three)] == [
        ("Luxuries", "1", 1),
        ("Precious metals", "1", 1),
        ("Raw materials", "1", 1),
        ("Foodstuffs", "½", 2),
    ]
    five = upkeep_costs(5, variants=Variants(frozenset({ALTERNATE_FIVE_PLAYER_UPKEEP})))
    assert upkeep_headline(five) == (
        "5 players: the upkeep marker holder gets 2 removal points "
        "(upkeep resolved as for 4 players)."
    )
    assert removal_cost_text({"luxuries": 1}, upkeep_costs(4)) == "1 luxuries (2) = 2 of 2 points"
    assert removal_cost_text({"foodstuffs": 3}, upkeep_costs(5)) == (
        "3 foodstuffs (1½) = 1½ of 3 points"
    )


def test_upkeep_schedule_lines_say_when_and_who_gets_the_marker() -> None:
    game = counted_at_table(SAMPLE)
    assert schedule_lines(game.next_upkeeps(2)) == (
        "In 3 turns: David's upkeep, then the marker goes to Chris.",
        "In 6 turns: Chris's upkeep, then the marker goes to Beth.",
    )
    game = counted_at_table(SAMPLE, upkeep_holder="Adam")
    assert schedule_lines(game.next_upkeeps(1)) == (
        "This turn: Adam's upkeep, then the marker goes to David.",
    )


# -- the log ---------------------------------------------------------------------------------------


def test_what_left_play_and_the_last_calendar_change() -> None:
    game = counted_at_table(SAMPLE, first_event=rulebook_event("Visiting Nobility"))
    assert last_calendar_change(game) is None
    for event in (
        Event("Storm", "fleeting", {"wine": -1}),
        rulebook_event("Distant War"),
        Event("Fair", "enduring", {"grain": 1}),
    ):
        if game.log:
            game = game.end_turn()[0]
        game = game.manipulate_events(event)[0]  # one Manipulate Events a turn
    # David holds the marker: his upkeep's one event counts the same.
    game = game.end_turn()[0].remove_goods({})[0]
    game = game.play_event(Event("Feast", "enduring", {"wine": 2}))[0]
    assert discarded_events(game) == (
        "Storm (Fleeting, resolved)",
        "Visiting Nobility (pushed off C)",
    )
    assert last_calendar_change(game) == (
        "Feast went into space A. Fair moved to space B; Distant War moved to space C. "
        "Visiting Nobility left the calendar."
    )
    game = game.pass_upkeep_marker()[0].end_turn()[0]
    assert last_calendar_change(game) is None


# -- the final tally -----------------------------------------------------------------------------


def filled(**rows: dict[str, str]) -> TallyDraft:
    draft = TallyDraft.for_seats(list(rows))
    for i, values in enumerate(rows.values()):
        for name, value in values.items():
            draft.set(i, name, value)
    return draft


def test_tally_errors_name_the_field() -> None:
    draft = filled(
        Adam={"vp": "", "crowns": "5", "goods": "10", "unfulfilled": "2", "penalties": "3"},
        Beth={"vp": "3", "crowns": "-1", "completed": "2 3", "goods": "1"},
        Chris={"vp": "3", "crowns": "14", "goods": "2", "bought": "3", "penalties": "2"},
        Dev={"vp": "3", "crowns": "4", "goods": "1", "completed": "2", "completed_goods": "3"},
    )
    assert draft.errors() == {
        ("vp", 0): "Required",
        ("goods", 0): "3 warehouses hold at most 9",
        ("penalties", 0): "2 contracts: give 2 penalties, e.g. 2, 3",
        ("crowns", 1): "0 or more",
        ("completed", 1): "They take 2 goods; only 1 left to sell",
        ("bought", 2): "Chris can afford at most 2",
        ("penalties", 2): "No unfulfilled contracts: leave this empty, or count them",
        # a three-of-anything contract cannot be completed with the one token left
        ("completed_goods", 3): "They take 3 goods; only 1 left to sell",
    }
    assert draft.tally() is None
    assert draft.affordable(2) == 2  # 14 + 2 × 3 = 20


def test_tally_an_unfulfilled_count_of_0_means_none() -> None:
    """The count has its own field: "0" is no contract, not one contract worth 0, so the
    fewest-unfulfilled tie-breaker sees 0 for every player."""
    draft = filled(
        Adam={"vp": "8", "crowns": "12", "unfulfilled": "0"},
        Beth={"vp": "8", "crowns": "12", "unfulfilled": ""},
    )
    assert draft.errors() == {}
    tally = draft.tally()
    assert tally is not None
    assert [s.unfulfilled for s in tally.standings] == [0, 0]
    assert all(s.winner and s.shared for s in tally.standings)
    zero = filled(Adam={"vp": "8", "crowns": "12", "unfulfilled": "1", "penalties": "0"})
    assert zero.errors() == {("penalties", 0): "A contract's penalty is at least 1"}
    old = TallyDraft.from_dict(
        {"rows": [{"name": "Adam", "vp": "8", "crowns": "12", "unfulfilled": "2, 3"}]}, ["Adam"]
    )
    assert (old.rows[0].unfulfilled, old.rows[0].penalties) == ("2", "2, 3")  # an older save


def test_game_end_scoring_working_and_tie_breakers() -> None:
    draft = filled(
        Adam={
            "vp": "7",
            "crowns": "31",
            "goods": "2",
            "completed": "2",
            "unfulfilled": "1",
            "penalties": "4",
            "bought": "3",
        },
        Beth={"vp": "8", "crowns": "12"},
        Chris={"vp": "8", "crowns": "12", "unfulfilled": "1", "penalties": "2"},
    )
    tally = draft.tally()
    assert tally is not None
    assert tally_working(tally.line("Adam")) == (
        "Crowns: 31 + 2 goods × 3 = 37; 3 VP × 10 = 30; 7 left",
        "Score: 7 VP + 2 from contracts + 3 bought = 12; − 4 in penalties = 8",
    )
    # nothing moved Beth's crowns: said once ("Crowns: 12; 12 left" was shown)
    assert tally_working(tally.line("Beth")) == ("Crowns: 12 left", "Score: 8 VP = 8")
    assert [(s.name, s.score, s.rank) for s in tally.standings] == [
        ("Beth", 8, 1),
        ("Adam", 8, 2),
        ("Chris", 6, 3),
    ]
    arguments = record_arguments(tally, ["Adam", "Beth", "Chris"], catalogue())
    assert arguments["results"] == [("Adam", 8), ("Beth", 8), ("Chris", 6)]
    assert arguments["breakdowns"]["Adam"] == {"Victory points": 12, "Contract penalties": -4}
    assert arguments["tiebreakers"] == [
        ("Most crowns left", True),
        ("Fewest unfulfilled contracts", False),
    ]
    assert arguments["tiebreak_values"]["Chris"] == [12, 1]
    assert arguments["tiebreak_values"]["Beth"] == [12, 0]
    # Every figure is kept (Adam's too, beaten to the victory on crowns); that the tie-breakers
    # decide only the victory is the play's rule, saved with it.
    assert arguments["tiebreak_values"]["Adam"] == [7, 1]
    assert arguments["tiebreaks_victory_only"] is True
    every = record_arguments(
        tally, ["Adam", "Beth", "Chris"], catalogue(), house=HouseRules.of(TIEBREAK_FIRST_PLACE)
    )
    assert every["tiebreak_values"] == arguments["tiebreak_values"]
    assert every["tiebreaks_victory_only"] is False
    assert arguments["start_player"] == "Adam"


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 20),
            st.integers(0, 120),
            st.integers(0, 9),
            st.lists(st.integers(1, 4), max_size=3),
        ),
        min_size=3,
        max_size=5,
    )
)
def test_saved_breakdowns_add_up_to_the_score(rows: list[tuple[int, int, int, list[int]]]) -> None:
    names = [f"P{i}" for i in range(len(rows))]
    draft = TallyDraft.for_seats(names)
    for i, (vp, crowns, goods_left, penalties) in enumerate(rows):
        draft.set(i, "vp", str(vp))
        draft.set(i, "crowns", str(crowns))
        draft.set(i, "goods", str(goods_left))
        draft.set(i, "unfulfilled", str(len(penalties)))
        draft.set(i, "penalties", ", ".join(map(str, penalties)))
        draft.set(i, "bought", str(draft.affordable(i)))
    tally = draft.tally()
    assert tally is not None
    arguments = record_arguments(tally, names, catalogue())
    for name, score in arguments["results"]:
        assert sum(arguments["breakdowns"][name].values()) == score
        left = arguments["tiebreak_values"][name][0]
        assert left is None or left < 10, "every affordable VP was bought"


def test_end_triggers_crowns_from_the_tally_and_ticks() -> None:
    draft = filled(Adam={"crowns": "79"}, Beth={"crowns": "80"}, Chris={})
    assert draft.triggers()["crowns"] == (True, "Beth")
    assert draft.triggers()["reference_track"] == (False, "")
    draft.ticked.add("reference_track")
    assert draft.triggers()["reference_track"] == (True, "")
    assert TallyDraft.from_dict(draft.to_dict(), ["Adam", "Beth", "Chris"]) == draft


# -- the saved state -----------------------------------------------------------------------------


def test_state_round_trips_with_the_game_and_drafts() -> None:
    state = MercanteState()
    game = counted_at_table(SAMPLE, first_event=rulebook_event("Visiting Nobility"))
    state.start(game.manipulate_events(rulebook_event("Distant War"))[0])
    state.sale.set_count("silk", 1)
    state.sale.bases["silk:1"] = "20"
    state.kept = {"Adam": [8]}
    state.shipment.add("grain")
    state.tally.set(1, "vp", "4")
    again = MercanteState.from_dict(state.to_dict())
    assert again.game == state.game and again.game is not None
    assert len(again.game.log) == 1
    assert again.sale == state.sale and again.kept == {"Adam": [8]}
    assert again.shipment == state.shipment
    assert again.tally.rows[1].vp == "4"
    assert MercanteState.from_dict(None).game is None


@pytest.mark.parametrize(
    ("saved", "message"),
    [
        ([1, 2], "the saved Mercante game must be a mapping, got list"),
        ({"format": "other"}, "format 'other' is not"),
        ({"version": 1}, "the 'format' field is missing"),
        ({"format": "companion.mercante.screen"}, "the 'version' field is missing"),
        ({"format": "companion.mercante.screen", "version": 7}, "version 7 is not supported"),
        (
            {"format": "companion.mercante.screen", "version": 1, "game": {"format": "x"}},
            "could not be replayed: format 'x'",
        ),
    ],
)
def test_damaged_state_says_what_is_wrong(saved: object, message: str) -> None:
    with pytest.raises(StateError) as caught:
        MercanteState.from_dict(saved)
    assert message in str(caught.value)


def test_an_old_save_becomes_a_table_with_its_contracts_ticks_and_readable_figures() -> None:
    game = counted_at_table(SAMPLE).manipulate_events(rulebook_event("Distant War"))[0]
    state = MercanteState()
    state.start(game)
    state.kept = {"Adam": [8, 10]}  # more than one is kept only with Contractual Obligations
    state.setup_ticks = ["mercante.decks", "mercante.decks", "nowhere"]
    state.tally.set(0, "penalties", "2, 3")
    state.tally.set(1, "crowns", "twelve")
    table = read_old_save(state.to_dict())
    assert table is not None and table.game == game
    assert table.log[0].action == game.log[0].action
    assert table.kept == (("Adam", (8,)),) and table.setup_done == {"mercante.decks"}
    assert table.figures("Adam").penalties == (2, 3) and table.figures("Beth").crowns is None
    state.saved_play = 4
    assert read_old_save(state.to_dict()) is None, "a game in the history stays there"
    assert read_old_save(None) is None


def test_the_tally_a_phone_shows_is_the_tables_with_what_it_typed_over_it() -> None:
    table = MercanteTable.new(counted_at_table(SAMPLE[:3]))
    table = table.set_tally("Adam", "crowns", 31)[0].apply(TickEndTrigger("last_shipment"))[0]
    drafts = MercanteDrafts()
    assert drafts.type_figure(table, "vp", 0, "7") == ("Adam", 7)  # a figure: for the table
    assert drafts.type_figure(table, "crowns", 0, "031") is None  # the table's already
    assert drafts.type_figure(table, "penalties", 0, "2, x") is None  # not a figure yet
    draft = drafts.tally(table)
    assert (draft.rows[0].crowns, draft.rows[0].vp, draft.rows[0].penalties) == ("031", "7", "2, x")
    assert draft.ticked == {"last_shipment"}
    table = table.set_tally("Adam", "vp", 7)[0]
    drafts.sent("vp", 0, 7)  # the table took it
    # The table moves on (another phone writes Adam's crowns, the vp is taken back): the
    # table wins; what is still being typed stays.
    table = table.set_tally("Adam", "crowns", 40)[0].set_tally("Adam", "vp", None)[0]
    draft = drafts.tally(table)
    assert (draft.rows[0].crowns, draft.rows[0].vp, draft.rows[0].penalties) == ("40", "", "2, x")
    assert parse_figure("completed_goods", "") is None and parse_figure("completed", "") == ()
    with pytest.raises(ValueError, match="at least 1"):
        parse_figure("penalties", "0")


def test_a_complete_tally_is_the_play_saved_to_history() -> None:
    table = MercanteTable.new(counted_at_table(SAMPLE[:3]))
    for name, vp, crowns in (("Adam", 8, 7), ("Beth", 8, 12), ("Chris", 6, 3)):
        table = table.set_tally(name, "vp", vp)[0].set_tally(name, "crowns", crowns)[0]
    play = play_of(table, catalogue())
    assert [(r["player"], r["score"], r["seat"]) for r in play["results"]] == [
        ("Adam", 8, 1),
        ("Beth", 8, 2),
        ("Chris", 6, 3),
    ]
    assert play["results"][0]["start_player"] and play["results"][0]["tiebreaks"] == [7, 0]
    assert play["tiebreaks_victory_only"] is True
    assert play["tiebreakers"][0] == {"name": "Most crowns left", "higher_wins": True}
    with pytest.raises(ValueError, match="the tally has 1 field to fix"):
        play_of(table.set_tally("Chris", "vp", None)[0], catalogue())


# -- the turn --------------------------------------------------------------------------------------


def test_turn_status_says_where_the_turn_stands_and_why_it_cannot_end() -> None:
    game = replace(counted_at_table(SAMPLE, upkeep_holder="Adam"), vp_on_marker=2)
    status = turn_status(game)
    assert status.step == "Upkeep 1 of 4: take tokens off the markets"
    assert status.agents == "2 of 2 agents left · Beth next"
    assert status.marker == "Adam holds the upkeep marker · 2 VP tokens on it"
    assert not status.can_end and "comes after upkeep" in (status.why_not or "")
    assert not show_vp_bids(game)
    game = game.remove_goods({})[0].play_event(rulebook_event("Distant War"))[0]
    assert turn_status(game).step.endswith("(token 1 of 2)") and show_vp_bids(game)
    game = game.auction_vp({"Beth": 3})[0]
    assert turn_status(game).step.endswith("(token 2 of 2)")
    game = game.auction_vp({})[0]
    assert not show_vp_bids(game) and game.vp_on_marker == 1
    game = game.pass_upkeep_marker()[0]
    status = turn_status(game)
    assert (
        status.can_end
        and status.marker == "Upkeep marker: David · upkeep in 3 turns · 1 VP token on it"
    )


def test_a_shipment_card_typed_in_names_each_problem() -> None:
    draft = ShipmentDraft()
    assert draft.errors() == {("goods",): "Add the goods on the card, top to bottom"}
    draft.add("mercury")
    draft.add("mercury")
    draft.minimums = ["3", "x"]
    assert draft.errors() == {("minimum", 1): "Whole number, like 12"}
    draft.minimums = ["3", "3"]
    assert "No shipment card carries 2 mercury tokens" in draft.errors()[("goods",)]
    draft.remove(1)
    draft.add("grain")
    draft.minimums = ["3", "2"]
    draft.single_lot = True
    assert draft.errors() == {("lot_minimum",): "Required"}
    draft.lot_minimum = "4"
    assert draft.errors() == {} and draft.shipment().lots(True)[0].minimum == 4
    assert ShipmentDraft.from_dict(draft.to_dict()) == draft


def test_the_shipment_card_and_the_bid_typed_become_the_actions_sent() -> None:
    draft = ShipmentDraft()
    with pytest.raises(ValueError, match="Add the goods on the card"):
        draft.start()
    draft.add("grain")
    draft.add("mercury")
    draft.minimums = ["2", "3"]
    action = draft.start()
    assert action.shipment == draft.shipment() and not action.single_lot
    draft.bid = "x"
    with pytest.raises(FieldErrors) as refused:
        draft.typed_bid("Adam")
    assert refused.value.errors == {("bid",): "Whole number, like 12"}
    draft.bid = "5"
    assert (draft.typed_bid("Adam").player, draft.typed_bid("Adam").amount) == ("Adam", 5)
    assert draft.passed("Beth").amount is None
    game = counted_at_table(SAMPLE)
    draft.bid_taken(game)  # no auction left: the card goes too
    assert draft == ShipmentDraft()


def test_upkeep_drafts_become_the_actions_sent() -> None:
    drafts = MercanteDrafts()
    drafts.set_removal("grain", -1)
    drafts.set_removal("art", 1)
    assert drafts.chosen_removals() == {"art": 1}
    assert drafts.removal().removals == (("art", 1),)
    with pytest.raises(ValueError, match="Choose the event card turned over first"):
        drafts.upkeep_event_action(choices())
    options = choices()
    drafts.pick_event(options[0].key)
    assert drafts.upkeep_event_action(options).event == options[0].event
    drafts.bids = {"Adam": "3", "Beth": "x"}
    with pytest.raises(FieldErrors) as refused:
        drafts.vp_auction(SAMPLE)
    assert refused.value.errors == {("bid", "Beth"): "Whole number, like 12"}
    drafts.bids["Beth"] = ""
    assert drafts.vp_auction(SAMPLE).bids == (("Adam", 3), ("Beth", 0), ("Chris", 0), ("David", 0))


def test_a_challenge_needs_a_price_claimed_then_a_challenger() -> None:
    drafts = MercanteDrafts()
    with pytest.raises(FieldErrors) as refused:
        drafts.challenge()
    assert refused.value.errors == {("claimed",): "Required"}
    drafts.claimed = "12"
    with pytest.raises(ValueError, match="Choose who challenges the price"):
        drafts.challenge()
    drafts.challenger = "Beth"
    action = drafts.challenge()
    assert (action.challenger, action.claimed) == ("Beth", 12)
    drafts.challenged()
    assert (drafts.challenger, drafts.claimed) == (None, "")


def test_the_sale_sent_is_the_one_priced() -> None:
    game, options = selling_goods_game()
    draft = SaleDraft()
    with pytest.raises(ValueError, match="Complete the sale first"):
        draft.sale(game, options)
    draft.add_token("art")
    draft.bases["art:1"] = "20"
    _, record = game.apply(draft.sale(game, options))
    assert record.quote.total == 25  # type: ignore[attr-defined]
    draft.set_bazaar("art:1", True)
    assert draft.sale(game, options).bazaar == (0,)
    for _ in range(8):
        draft.add_token("grain")
    with pytest.raises(ValueError, match="at most 9 goods"):
        draft.add_token("grain")


def test_agent_choices_follow_the_rulebook_order_and_what_the_game_allows() -> None:
    game = counted_at_table(SAMPLE)
    offered = agent_choices(game, playing=True)
    assert [c.ident for c in offered][:4] == ["go-sell", "buy-vp", "buy-agent", "buy-warehouse"]
    assert "security-1" in [c.ident for c in offered]
    by_ident = {c.ident: c for c in offered}
    assert by_ident["go-sell"].tab == "sale" and not by_ident["go-sell"].disabled
    assert by_ident["buy-vp"].disabled == (not game.can_apply(BuyVictoryPoint()))
    watching = agent_choices(game, playing=False)
    assert all(c.disabled for c in watching if c.ident != "go-sell")


def test_new_game_form_variants_fit_the_table() -> None:
    form = NewGameForm(seats=["Adam", "Beth", "Chris"])
    form.set_variant("treachery", True)
    assert form.variants == {"treachery", "vicious_accounting"}
    form.set_variant("vicious_accounting", False)
    assert form.variants == set()
    form.set_variant("alternate_five_player_upkeep", True)
    assert form.errors(choices())[("variants",)] == (
        "Alternate Five-Player Upkeep is for 5 players; this table has 3"
    )
    form.set_variant("alternate_five_player_upkeep", False)
    assert form.track_options() == (4,)  # no 2-player track in the box
    form.reference_track = 4
    form.talk_of_peace = True
    assert form.errors(choices())[("partner",)] == "Choose who plays with the first player"
    form.seats.append("David")
    form.partner = "Chris"
    form.reference_track = 5
    game = form.build(choices(), HouseRules())
    assert game.variants.teams == (("Adam", "Chris"), ("Beth", "David"))
    assert game.variants.reference_track == 5
    assert team_lines(game)[0] == "Adam and Chris: 0 VP tokens counted of the 10 to win"
    assert NewGameForm.from_dict(form.to_dict()) == form


def test_every_seat_of_the_new_game_form_says_its_starting_crowns() -> None:
    """Setup: "8 plus twice his or her turn order" (review F19, issue 21: only the first
    player's crowns were shown)."""
    form = NewGameForm(seats=["Ann", "Ben", "Cleo", "Dee", "Eve"])
    assert form.seat_notes() == [
        "first player · 10 crowns",
        "12 crowns",
        "14 crowns",
        "16 crowns",
        "18 crowns · upkeep marker",
    ]
    assert NewGameForm(seats=["Ann", "Ben"]).seat_notes() == [
        "first player · 10 crowns",
        "12 crowns",
    ]
