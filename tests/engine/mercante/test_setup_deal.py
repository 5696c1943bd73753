"""The setup deal where the app keeps the crowns (issue 20, "Contracts"): two contracts dealt
to each player, one kept (its crowns from the bank, its face known only to its holder), the
other back into the deck; told from the holder's phone, or skipped for the kept value alone.

Each golden test is named after the rulebook section it checks and quotes its passage."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine.mercante import (
    BANK,
    CONTRACTUAL_OBLIGATIONS,
    ContractCard,
    ContractError,
    HouseRules,
    MercanteError,
    MercanteGame,
    SeatError,
    ShowContract,
    TakeContract,
    Variants,
    rulebook_event,
)
from companion.engine.mercante.game import read_action
from companion.engine.mercante.house import OBLIGATIONS_DEAL

FOUR = ("Adam", "Beth", "Chris", "David")
GRAIN = ContractCard("two_foodstuffs", ("grain", "grain"), 2, 3)
SILK = ContractCard("one_luxury", ("silk",), 2, 4)
GOLD = ContractCard("one_precious_metal", ("gold",), 1, 2)
OBLIGED = Variants(on=frozenset({CONTRACTUAL_OBLIGATIONS}))


def new(**kw: Any) -> MercanteGame:
    return MercanteGame.new(FOUR, first_event=rulebook_event("Visiting Nobility"), **kw)


def test_setup_deal_two_contracts_keep_one_and_return_the_other() -> None:
    """Setup: "Deal two random contract cards and two random event cards to each player. Each
    player selects one contract card to keep, and receives crowns equal to the value of that
    contract card. Return all remaining contract cards, shuffle them back into the contract
    deck, and cut it." """
    game = new()
    game, record = game.apply(TakeContract("Adam", 10, SILK, returned=GRAIN))
    assert game.player("Adam").crowns == 10 + 10
    assert record.payments == (record.payments[0],) and record.payments[0].payer == BANK
    assert game.contracts_of("Adam")[0].card == SILK and game.contract_count("Adam") == 1
    assert game.returned_by("Adam") == GRAIN and game.dealt_to("Adam")
    assert game.in_setup
    # every phone reads the summary: the value kept, never a face nor the returned card's back
    assert record.summary == (
        "Adam kept one of the two contracts dealt, worth 10 crowns; the other went back into "
        "the contract deck."
    )
    for word in ("silk", "grain", "6"):
        assert word not in record.summary
    # the returned card is nobody's contract
    assert all(c.card != GRAIN for c in game.contracts)


def test_setup_deal_refused_changes_nothing_and_names_the_input() -> None:
    """Setup: "Each player selects one contract card to keep" — one deal per player, the
    kept card's back is the crowns it pays, and the card kept is told with the one returned."""
    game = new().apply(TakeContract("Adam", 10, SILK, returned=GRAIN))[0]
    refusals: list[tuple[TakeContract, type[MercanteError], str]] = [
        (TakeContract("Adam", 8, GOLD, GRAIN), ContractError, "Adam keeps 1 contract at setup"),
        (TakeContract("Beth", 10, GOLD, GRAIN), ContractError, "pays 8 crowns on its back, not 10"),
        (TakeContract("Beth", 8, None, GRAIN), ContractError, "tell the card kept as well"),
        (TakeContract("Zed", 8, GOLD, GRAIN), SeatError, "Zed"),
    ]
    for action, error, words in refusals:
        with pytest.raises(error, match=words):
            game.apply(action)
        assert not game.can_apply(action)
    # the quick path still keeps a value alone, and the face may come later
    quick = game.apply(TakeContract("Beth", 8))[0]
    assert quick.contract_values("Beth") == (8,) and not quick.dealt_to("Beth")
    quick = quick.apply(ShowContract("Beth", 2, GOLD))[0]
    assert quick.contracts_of("Beth")[0].card == GOLD


def test_contractual_obligations_draw_three_keep_all_so_nothing_goes_back() -> None:
    """Variants › Contractual Obligations: "each player draws three contracts and keeps them
    all" — with the ruling mercante.obligations_deal as read, there is no deal to return a
    card from; with its alternative the normal deal happens too, once."""
    game = new(variants=OBLIGED)
    with pytest.raises(ContractError, match="keeps them all: no contract is dealt"):
        game.apply(TakeContract("Adam", 10, SILK, returned=GRAIN))
    for value in (6, 8, 10):  # the variant's own draw works as before
        game = game.apply(TakeContract("Adam", value))[0]
    assert game.contract_count("Adam") == 3 and game.player("Adam").crowns == 2 + 24
    four = new(variants=OBLIGED, rules=HouseRules(frozenset({OBLIGATIONS_DEAL})))
    four = four.apply(TakeContract("Beth", 10, SILK, returned=GRAIN))[0]
    with pytest.raises(ContractError, match="Beth has already kept one of the two contracts"):
        four.apply(TakeContract("Beth", 8, GOLD, returned=GRAIN))
    for value in (6, 8, 10):
        four = four.apply(TakeContract("Beth", value))[0]
    assert four.contract_count("Beth") == 4


def test_setup_deal_saves_and_reads_back_by_the_generic_reader() -> None:
    action = TakeContract("Adam", 10, SILK, returned=GRAIN)
    saved = json.loads(json.dumps(action.to_dict()))
    assert saved["returned"] == GRAIN.to_dict() and read_action(saved) == action
    assert "returned" not in TakeContract("Adam", 10).to_dict()  # old saves read as before
    game = new().apply(action)[0]
    back = MercanteGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert back.returned_by("Adam") == GRAIN and back.contracts == game.contracts


_CARDS = (GRAIN, SILK, GOLD, ContractCard("one_raw_material", ("ore",), 1, 1))
_DEALS = st.lists(
    st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3), st.booleans()),
    min_size=1,
    max_size=12,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deals=_DEALS)
def test_property_the_setup_deal_conserves_crowns_and_keeps_one_contract_each(
    deals: list[tuple[int, int, int, bool]],
) -> None:
    """Whatever deals are told (or the kept value alone), each player holds at most one
    contract, the crowns in play plus what the bank paid out stay what they were, a refused
    deal changes nothing, and a returned card is never anybody's contract."""
    game = new()
    total = sum(p.crowns for p in game.players)
    for who, kept, other, told in deals:
        name = FOUR[who]
        card = _CARDS[kept]
        action = (
            TakeContract(name, card.crowns, card, _CARDS[other])
            if told
            else (TakeContract(name, card.crowns))
        )
        before = game
        try:
            game = game.apply(action)[0]
        except MercanteError:
            assert game is before
            continue
        assert game.player(name).crowns == before.player(name).crowns + card.crowns
    for name in FOUR:
        assert game.contract_count(name) <= 1
        returned = game.returned_by(name)
        if returned is not None:
            assert game.contracts_of(name)[0].card is not None
    assert sum(p.crowns for p in game.players) == total + game.bank_paid
    assert len(game.contracts) == len(game.log)
