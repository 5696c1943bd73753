"""The Mercante screens' words and drafts for a game the app keeps (issue 20), without flet."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.engine.mercante import (
    BuyVictoryPoint,
    ImproveHouse,
    MercanteGame,
    PlayerTally,
    SelectContract,
    StartShipmentAuction,
    TakeContract,
    final_tally,
)
from companion.engine.mercante.auction import Shipment
from companion.engine.mercante.house import STANDARD
from companion.ui.mercante.model import (
    TALLY_FIELDS,
    FieldErrors,
    MercanteDrafts,
    NewGameForm,
    agent_choices,
    end_notice,
    event_choices,
    player_glances,
    shown_standings,
    turn_status,
)
from companion.ui.mercante.model.contracts import CardDraft, goods_for, kinds_worth, my_contracts
from companion.ui.mercante.model.ending import (
    final_purchase,
    final_sale,
    final_step,
    goods_text,
    ledger_tally,
    most_vp,
    purchase_label,
    sale_label,
    step_line,
    trigger_notes,
    working_lines,
)

SEATS = ["Ann", "Ben", "Cleo", "David"]


def test_the_new_game_form_starts_a_game_the_app_keeps() -> None:
    choices, _ = event_choices([])
    game = NewGameForm(seats=list(SEATS)).build(choices, STANDARD)
    assert game.ledger
    # Setup: "8 crowns ... plus 2 crowns for each place in turn order"
    assert [p.crowns for p in game.players] == [10, 12, 14, 16]


def test_every_player_at_a_glance_kept_or_counted_at_the_table() -> None:
    game = MercanteGame.new(SEATS)
    game = replace(game, players=(replace(game.players[0], vp=2), *game.players[1:]))
    lines = [g.text for g in player_glances(game)]
    assert lines[0] == "Ann: 10 crowns · 2 VP · 0 contracts"
    assert [g.active for g in player_glances(game)] == [True, False, False, False]
    counted = MercanteGame.new(SEATS, ledger=False)
    assert [g.text for g in player_glances(counted)][1] == "Ben: 0 VP"


def after_auction(game: MercanteGame) -> MercanteGame:
    game, _ = game.apply(StartShipmentAuction(Shipment(("silk",), (5,))))
    while game.auction is not None:
        game, _ = game.bid(game.auction.next_bidder or "", None)
    return game


def test_the_turn_banner_moves_on_to_the_agents_once_the_auction_is_over() -> None:
    """Rulebook, Turn Sequence: the phases come in order; once Ben has won the shipment the
    banner no longer says "Shipment auction, then the agents" (seen at 390 px, review)."""
    game = MercanteGame.new(SEATS)
    assert turn_status(game).step == "Shipment auction, then the agents"
    assert turn_status(after_auction(game)).step == "Assign agents"


def test_buying_in_a_kept_game_asks_the_price_on_the_track() -> None:
    game = after_auction(MercanteGame.new(SEATS))
    offered = {c.ident: c for c in agent_choices(game, playing=True)}
    vp, agent = offered["buy-vp"], offered["buy-agent"]
    assert vp.action is None and vp.priced is not None and not vp.disabled
    assert vp.price_label == "Price in the green seal"
    assert vp.priced(4) == BuyVictoryPoint(price=4)
    assert agent.priced is not None and agent.priced(7) == ImproveHouse("agent", price=7)
    assert offered["select-contract-8"].action == SelectContract(crowns=8)
    assert {"select-contract-6", "select-contract-10"} <= set(offered)
    assert "select-contract" not in offered
    assert offered["buy-warehouse"].label == "Buy a warehouse (5 crowns)"
    # a game whose crowns the table counts asks no price
    counted = {
        c.ident: c for c in agent_choices(MercanteGame.new(SEATS, ledger=False), playing=True)
    }
    assert counted["buy-vp"].action == BuyVictoryPoint() and counted["buy-vp"].priced is None


@pytest.mark.parametrize(
    ("typed", "error"),
    [
        ("", "Type the price the reference track shows"),
        ("x", None),
    ],
)
def test_a_track_price_that_does_not_read_is_said_at_its_field(
    typed: str, error: str | None
) -> None:
    drafts = MercanteDrafts(prices={"buy-vp": typed})
    with pytest.raises(FieldErrors) as caught:
        drafts.track_price("buy-vp")
    said = caught.value.errors[("price", "buy-vp")]
    assert said == error if error else said
    assert MercanteDrafts(prices={"buy-vp": " 4 "}).track_price("buy-vp") == 4


def test_a_bid_beyond_the_bidders_crowns_is_refused_at_its_field() -> None:
    """Rulebook: "No player may ever bid more money than that player has to spend"."""
    drafts = MercanteDrafts(bids={"Ann": "11", "Ben": "4", "Cleo": "x"})
    with pytest.raises(FieldErrors) as caught:
        drafts.vp_auction(SEATS, {"Ann": 10, "Ben": 12, "Cleo": 14, "David": 16})
    errors = caught.value.errors
    assert errors[("bid", "Ann")] == "Ann has 10 crowns"
    assert ("bid", "Ben") not in errors and ("bid", "Cleo") in errors
    # a game whose crowns the table counts: only what does not read
    drafts.bids["Cleo"] = ""
    assert dict(drafts.vp_auction(SEATS).bids)["Ann"] == 11
    shipment = MercanteDrafts().shipment
    shipment.bid = "27"
    with pytest.raises(FieldErrors) as refused:
        shipment.typed_bid("David", 26)
    assert refused.value.errors[("bid",)] == "David has 26 crowns"
    shipment.bid = "26"
    assert shipment.typed_bid("David", 26).amount == 26
    prices = MercanteDrafts(prices={"buy-vp": "11"})
    with pytest.raises(FieldErrors) as priced:
        prices.track_price("buy-vp", ("Ann", 1))
    assert priced.value.errors[("price", "buy-vp")] == "Ann has 1 crown"


def test_the_end_notice_names_the_trigger_and_what_remains() -> None:
    game = MercanteGame.new(SEATS)
    assert end_notice(game) is None
    rich = tuple(replace(p, crowns=80) if p.name == "Cleo" else p for p in game.players)
    game = after_auction(replace(game, players=rich))
    assert end_notice(game) == "The game ends at the end of Ann's turn. Cleo has 80 crowns."
    assert turn_status(game).can_end
    over, ended = game.end_turn()
    # Nobody is next after the last turn ("Ann's turn ended; Ben is next." was said).
    assert (
        ended.summary == "Ann's turn ended, and the game with it: only the end-game steps remain."
    )
    notice = end_notice(over)
    assert notice is not None and notice.startswith("The game is over. Cleo has 80 crowns.")
    assert "sells their goods left to the bazaar" in notice
    status = turn_status(over)
    assert (status.title, status.can_end) == ("The game is over", False)
    assert end_notice(MercanteGame.new(SEATS, ledger=False)) is None


def test_the_end_game_steps_and_the_tally_in_words() -> None:
    game = MercanteGame.new(SEATS[:3])
    notes = trigger_notes(game, "Ann", playing=True)
    assert [n.label for n in notes] == [
        "The reference track marker is on its last space",
        "The last shipment card has entered the harbor",
    ]
    assert not any(n.disabled for n in notes)
    game, _ = game.apply(notes[0].action)
    assert trigger_notes(game, "Ann", playing=True)[0].disabled  # noted once
    over, _ = after_auction(game).end_turn()
    assert final_step(over, "Ann") == "sell"
    assert step_line(over, "Ann") == "Ann: sells the goods left to the bazaar first."
    assert sale_label([]) == "No goods left"
    assert sale_label(["silk", "ore"]) == "Sell 2 goods to the bazaar: 6 crowns"
    assert goods_text(["grain", "silk", "grain"]) == "2 grain and silk"
    over, _ = over.apply(final_sale("Ann", ["silk"]))
    assert final_step(over, "Ann") == "buy" and most_vp(over, "Ann") == 1
    assert purchase_label(1) == "Buy 1 victory point: 10 crowns"
    over, _ = over.apply(final_purchase("Ann", 1))
    assert step_line(over, "Ann") == ("Ann sold silk to the bazaar and bought 1 victory point.")
    waiting = ledger_tally(over)
    assert waiting.tally is None
    assert waiting.waiting[0] == "Ben has not sold their goods left to the bazaar."
    for name in ("Ben", "Cleo"):
        over, _ = over.apply(final_sale(name, []))
        over, _ = over.apply(final_purchase(name, 0))
    done = ledger_tally(over)
    assert done.tally is not None
    assert working_lines(over, done.tally, "Ann") == (
        "Crowns: 10 + 1 good × 3 = 13; 1 VP × 10 = 10; 3 left",
        "Score: 0 VP + 1 bought = 1",
    )


def test_a_contracts_face_is_told_from_what_the_card_shows() -> None:
    draft = CardDraft()
    with pytest.raises(ValueError, match="Choose what the card asks for"):
        draft.card()
    assert [k.id for k in kinds_worth(10)][:1] == ["one_luxury"]
    assert goods_for("one_luxury") == ("art", "gems", "silk", "spices")
    draft.choose_kind("two_raw_materials")
    draft.set_good(0, "ore")
    with pytest.raises(ValueError, match="Choose the 2 goods the card names"):
        draft.card()
    draft.set_good(1, "ore")
    with pytest.raises(ValueError, match="each of a different kind"):
        draft.card()
    draft.set_good(1, "dyes")
    draft.vp, draft.penalty = 4, 3
    card = draft.card()
    assert (card.goods, card.vp, card.penalty) == (("ore", "dyes"), 4, 3)
    draft.choose_kind("one_luxury")
    assert draft.goods == []  # another kind: choose its goods again
    game, _ = MercanteGame.new(SEATS[:3]).apply(TakeContract("Ann", 10, card))
    (mine,) = my_contracts(game, "Ann")
    assert mine.text == "Contract 1 (10 crowns): sell ore and dyes: 4 VP, −3 if unfulfilled"
    assert mine.note is None  # the app saw Ann take no goods
    assert my_contracts(game, "Ben") == ()


def test_a_shared_place_is_never_said_to_be_broken_by_a_tie_breaker() -> None:
    """Issue 21: Standings said "shared place, tie broken by most crowns left"."""
    tally = final_tally(
        [PlayerTally("Ann", 5, 10), PlayerTally("Ben", 5, 10), PlayerTally("Cleo", 5, 30)]
    )
    shown, lines = shown_standings(tally)
    assert [(s.name, s.rank, s.shared, s.decided_by) for s in shown] == [
        ("Cleo", 1, False, "Most crowns left"),
        ("Ann", 2, True, None),
        ("Ben", 2, True, None),
    ]
    assert lines == ("Ann and Ben share place 2: the tie-breakers decide only the victory.",)
    three = final_tally(
        [PlayerTally(n, 0, c) for n, c in (("Ben", 19), ("Ann", 10), ("Cleo", 14), ("Dev", 16))]
    )
    # Three names read as a list (seen at 390 px: "Ann and Cleo and Dev share place 2").
    assert shown_standings(three)[1] == (
        "Ann, Cleo and Dev share place 2: the tie-breakers decide only the victory.",
    )
    level = final_tally([PlayerTally("Ann", 5, 10), PlayerTally("Ben", 5, 10)])
    assert shown_standings(level)[1] == ()  # equal on everything: plainly shared


def test_the_contracts_done_at_the_end_field_says_it_counts_victory_points() -> None:
    assert dict(TALLY_FIELDS)["completed"] == "VP of contracts done at the end"
