"""The setup deal on the holder's phone (issue 20, "Contracts"): two cards dealt, told with
the card-face picker, one kept; no other phone is sent a face, and the value picker still
keeps a value alone. The model without a page, then the screens with real flet Sessions and
a temporary history (no browser)."""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest

from companion.engine.mercante import (
    CONTRACTUAL_OBLIGATIONS,
    ContractCard,
    HouseRules,
    TakeContract,
    Variants,
    rules,
)
from companion.engine.mercante.house import OBLIGATIONS_DEAL
from companion.tables import TableHub
from companion.ui.mercante.model.contracts import returned_text
from companion.ui.mercante.model.deal import (
    DEALT,
    DealDraft,
    deal_kinds,
    deal_open,
    deal_words,
    keep_action,
    keep_label,
    keep_problem,
    kind_label,
)
from tests.ui.mercante.test_ledger_screen import glance, holding, kept_game, sent
from tests.ui.mercante.test_screen import (
    counted_at_table,
    game_of,
    open_tab,
    table_with,
    text_of,
)
from tests.ui_harness import is_shown, message, run, settled
from tests.words_check import check_all

SILK = ContractCard("one_luxury", ("silk",), 3, 2)
GRAIN = ContractCard("two_foodstuffs", ("grain", "grain"), 1, 1)
OBLIGED = Variants(on=frozenset({CONTRACTUAL_OBLIGATIONS}))


def told(draft: DealDraft, index: int, card: ContractCard) -> None:
    face = draft.card(index)
    face.choose_kind(card.kind)
    for k, good in enumerate(card.goods):
        face.set_good(k, good)
    face.vp, face.penalty = card.vp, card.penalty


def test_the_deal_is_two_cards_as_the_data_says_and_any_card_may_be_dealt() -> None:
    assert rules().setup.contracts_dealt == DEALT
    kinds = deal_kinds()
    assert [k.crowns for k in kinds] == sorted((k.crowns for k in kinds), reverse=True)
    labels = [kind_label(k) for k in kinds]
    assert labels[:2] == ["1 luxury good (10)", "2 raw materials, mixed (10)"]
    assert max(len(label) for label in labels) <= 27  # one line of a picker at 390 px
    draft = DealDraft()
    assert keep_label(draft.card(0), 1) == "Keep card 1"
    draft.card(0).choose_kind("one_precious_metal")
    assert keep_label(draft.card(0), 1) == "Keep card 1: 8 crowns"
    check_all([deal_words(), *labels], where="the setup deal ")


def test_keep_sends_the_card_kept_with_the_other_returned_or_alone() -> None:
    draft = DealDraft()
    with pytest.raises(ValueError, match="Card 1: choose what the card asks for"):
        keep_action("Ann", draft, 0)
    told(draft, 0, SILK)
    assert keep_action("Ann", draft, 0) == TakeContract("Ann", 10, SILK)  # card 2 not told
    draft.card(1).choose_kind("two_foodstuffs")
    with pytest.raises(ValueError, match="Card 2: choose the 2 goods the card names"):
        keep_action("Ann", draft, 0)
    told(draft, 1, GRAIN)
    assert keep_action("Ann", draft, 0) == TakeContract("Ann", 10, SILK, GRAIN)
    assert keep_action("Ann", draft, 1) == TakeContract("Ann", 6, GRAIN, SILK)
    check_all([str(e) for e in _refusals()], where="the setup deal's refusals ")


def _refusals() -> list[ValueError]:
    found: list[ValueError] = []
    for index in (0, 1):
        try:
            keep_action("Ann", DealDraft(), index)
        except ValueError as exc:
            found.append(exc)
    return found


def test_the_deal_is_offered_only_where_the_normal_deal_happens_and_is_still_to_come() -> None:
    game = kept_game(["Ann", "Ben", "Cleo"])
    assert deal_open(game, "Ann") and not deal_open(game, None)
    assert not deal_open(counted_at_table(["Ann", "Ben", "Cleo"]), "Ann")  # the table counts
    kept = game.apply(TakeContract("Ann", 10, SILK, GRAIN))[0]
    assert not deal_open(kept, "Ann") and deal_open(kept, "Ben")
    assert returned_text(kept, "Ann") == (
        "The other card dealt at setup (6 crowns: sell 2 grain: 1 VP, −1 if unfulfilled) went "
        "back into the contract deck."
    )
    assert returned_text(kept, "Ben") is None
    quick = game.apply(TakeContract("Ann", 8))[0]  # the value alone: nothing more to tell
    assert not deal_open(quick, "Ann")
    assert not deal_open(kept_game(["Ann", "Ben", "Cleo"], variants=OBLIGED), "Ann")
    both = kept_game(
        ["Ann", "Ben", "Cleo"], variants=OBLIGED, rules=HouseRules(frozenset({OBLIGATIONS_DEAL}))
    )
    assert deal_open(both, "Ann")
    problem = keep_problem(kept, TakeContract("Ann", 6, GRAIN, SILK))
    assert problem == "Ann keeps 1 contract at setup"


#: The screens are opened by players who look (the fixture the other Mercante screen tests use).
screens = pytest.mark.usefixtures("players_who_look")


@screens
@run
async def test_the_deal_is_told_and_kept_on_the_holders_phone_and_no_other_is_sent_it(
    store: Any, hub: TableHub
) -> None:
    """Setup: "Deal two random contract cards ... Each player selects one contract card to
    keep, and receives crowns equal to the value of that contract card. Return all remaining
    contract cards, shuffle them back into the contract deck, and cut it." """
    table_id = table_with(hub, kept_game(["Ann", "Ben", "Cleo"]))
    ann = await holding(await open_tab(store, hub, table_id, "setup"), 1)
    ben = await holding(await open_tab(store, hub, table_id, "setup"), 2)
    nobody = await open_tab(store, hub, table_id, "setup")
    assert is_shown(ann.by_id("setup-deal"))
    assert "goes back into the contract deck" in text_of(ann.by_id("setup-deal"))
    assert not nobody.find_all(ft.Semantics, identifier="setup-deal")
    await ann.click(ann.by_id("deal-keep-1"))  # nothing told yet: refused on this phone
    assert message(ann) == "Card 1: choose what the card asks for"
    await ann.select(ann.by_id("deal-kind-1"), "one_luxury")
    await ann.select(ann.by_id("deal-good-1-1"), "silk")
    for _ in range(2):
        await ann.click(ann.by_id("deal-vp-1-plus"))
    await ann.click(ann.by_id("deal-penalty-1-plus"))
    await ann.select(ann.by_id("deal-kind-2"), "two_foodstuffs")
    await ann.select(ann.by_id("deal-good-2-1"), "grain")
    await ann.select(ann.by_id("deal-good-2-2"), "wine")
    await ann.click(ann.by_id("deal-keep-1"))
    game = game_of(store, table_id)
    (contract,) = game.contracts_of("Ann")
    assert contract.card == SILK and game.player("Ann").crowns == 10 + 10
    assert game.returned_by("Ann") == ContractCard("two_foodstuffs", ("grain", "wine"), 1, 1)
    await settled()
    assert not ann.find_all(ft.Semantics, identifier="setup-deal")
    assert text_of(ann.by_id("my-contract-1")) == (
        "Contract 1 (10 crowns): sell silk: 3 VP, −2 if unfulfilled"
    )
    assert "went back into the contract deck" in text_of(ann.by_id("my-returned"))
    assert text_of(ann.by_id("crowns-1")) == "20 crowns"
    for other in (ben, nobody):
        assert text_of(other.by_id("crowns-1")) == "20 crowns"
        everything = sent(other)
        # (Ben's phone shows his own deal's picker: its labels are not Ann's cards)
        for secret in (b"sell silk", b"wine", b"3 VP", b"The other card dealt at setup"):
            assert secret not in everything, secret
    for secret in (b"if unfulfilled", b"Sell 1 luxury", b"grain"):
        assert secret not in sent(nobody), secret
    assert b"sell silk: 3 VP" in sent(ann)  # the check can fail: Ann's phone was sent it
    assert is_shown(ben.by_id("setup-deal"))  # Ben's own deal is still to come


@screens
@run
async def test_the_value_picker_still_keeps_a_value_alone_and_closes_the_deal(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub, kept_game(["Ann", "Ben", "Cleo"]))
    ann = await holding(await open_tab(store, hub, table_id, "setup"), 1)
    await ann.select(ann.by_id("kept-1"), ["8"])
    game = game_of(store, table_id)
    assert game.contract_values("Ann") == (8,) and not game.dealt_to("Ann")
    await settled()
    assert not ann.find_all(ft.Semantics, identifier="setup-deal")
    assert glance(await open_tab(store, hub, table_id, "turn"))[0] == (
        "Ann: 18 crowns · 0 VP · 1 contract"
    )
