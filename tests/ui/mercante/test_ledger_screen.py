"""The Mercante screens on a game the app keeps (the ledger): real flet Sessions and a real
(temporary) history, no browser (issue 20, "At the table" and "Private information").

A new game is kept by the app; every phone shows each player's crowns, victory points and
contracts; the prices the reference track shows and the contracts kept are told once and
paid; an old game whose crowns the table counts plays as before.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import flet as ft
import msgpack
import pytest
from flet.controls.base_control import BaseControl
from flet.messaging.protocol import configure_encode_object_for_msgpack

from companion.engine.mercante import (
    BuyVictoryPoint,
    MercanteGame,
    StartShipmentAuction,
    TakeContract,
    rulebook_event,
)
from companion.engine.mercante.auction import Shipment
from companion.engine.mercante.ledger import ContractCard
from companion.tables import TableHub
from companion.ui.app import create_main
from tests.ui.mercante.test_screen import (
    BASE,
    add_players,
    counted_at_table,
    game_of,
    only_table,
    open_tab,
    table_with,
    text_of,
)
from tests.ui_harness import Harness, is_shown, message, run, settled, visible, walk

pytestmark = pytest.mark.usefixtures("players_who_look")


def kept_game(seats: list[str], **kw: Any) -> MercanteGame:
    return MercanteGame.new(seats, first_event=rulebook_event("Visiting Nobility"), **kw)


def after_auction(game: MercanteGame) -> MercanteGame:
    """The shipment auction over, every bidder passing."""
    game, _ = game.apply(StartShipmentAuction(Shipment(("silk",), (5,))))
    while game.auction is not None:
        game, _ = game.bid(game.auction.next_bidder or "", None)
    return game


def glance(h: Harness) -> list[str]:
    return text_of(h.by_id("players-glance")).split(" | ")


@run
async def test_a_new_game_is_kept_by_the_app_and_every_phone_sees_the_crowns(
    store: Any, hub: TableHub
) -> None:
    h = await Harness.start(create_main(store, hub=hub), route=BASE)
    await add_players(h, "Adam", "Beth", "Chris", "David")
    await h.click(h.by_id("start-game"))
    table_id = only_table(store)
    game = game_of(store, table_id)
    assert game.ledger
    assert [p.crowns for p in game.players] == [10, 12, 14, 16]  # 8 + 2 × seat
    assert glance(h) == [
        "Adam: 10 crowns · 0 VP · 0 contracts",
        "Beth: 12 crowns · 0 VP · 0 contracts",
        "Chris: 14 crowns · 0 VP · 0 contracts",
        "David: 16 crowns · 0 VP · 0 contracts",
    ]
    # The contracts kept at setup are paid once, and every phone sees it at once.
    other = await open_tab(store, hub, table_id, "turn")
    setup = await open_tab(store, hub, table_id, "setup")
    await setup.select(setup.by_id("kept-2"), ["8"])
    assert game_of(store, table_id).player("Beth").crowns == 20
    assert text_of(setup.by_id("crowns-2")) == "20 crowns"
    await settled()
    assert glance(other)[1] == "Beth: 20 crowns · 0 VP · 1 contract"
    # A kept contract is not taken back by the picker (its crowns were paid): Undo does it.
    await setup.select(setup.by_id("kept-2"), ["10"])
    assert game_of(store, table_id).player("Beth").crowns == 20
    assert message(setup) == "Beth's contract is kept: Undo takes it back"


@run
async def test_buying_asks_the_price_on_the_track_and_pays_it(store: Any, hub: TableHub) -> None:
    table_id = table_with(hub, kept_game(["Adam", "Beth", "Chris"]))
    h = await open_tab(store, hub, table_id, "turn")
    # the shipment auction comes first: Adam's card has no lot this time (all pass)
    await h.select(h.by_id("shipment-add"), "silk")
    field = next(c for c in h.find_all(ft.TextField) if c.label == "Silk: minimum bid")
    await h.type(field, "5")
    await h.click(h.by_id("start-auction"))
    for _ in range(6):
        if not h.find_all(ft.Semantics, identifier="pass-bid"):
            break
        await h.click(h.by_id("pass-bid"))
    await h.click(h.by_id("buy-vp"))
    price = h.by_id("buy-vp-price")
    assert price.error == "Type the price the reference track shows"
    assert game_of(store, table_id).player("Adam").vp == 0
    await h.type(price, "40")
    await h.click(h.by_id("buy-vp"))  # refused before it is sent
    assert game_of(store, table_id).player("Adam").crowns == 10
    assert h.by_id("buy-vp-price").error == "Adam has 10 crowns"
    await h.type(h.by_id("buy-vp-price"), "4")
    await h.click(h.by_id("buy-vp"))
    game = game_of(store, table_id)
    assert (game.player("Adam").crowns, game.player("Adam").vp) == (6, 1)
    assert glance(h)[0] == "Adam: 6 crowns · 1 VP · 0 contracts"
    await h.click(h.by_id("select-contract-8"))
    game = game_of(store, table_id)
    assert game.player("Adam").crowns == 14 and game.contract_count("Adam") == 1
    assert glance(h)[0] == "Adam: 14 crowns · 1 VP · 1 contract"


@run
async def test_a_game_whose_crowns_the_table_counts_plays_as_before(
    store: Any, hub: TableHub
) -> None:
    game = counted_at_table(["Adam", "Beth", "Chris"])
    table_id = table_with(hub, game)
    h = await open_tab(store, hub, table_id, "turn")
    assert glance(h) == ["Adam: 0 VP", "Beth: 0 VP", "Chris: 0 VP"]  # no crowns to show
    await h.click(h.by_id("buy-vp"))  # no price asked: the table counts the crowns
    assert game_of(store, table_id).player("Adam").vp == 1
    assert h.find_all(ft.Semantics, identifier="buy-vp-price") == []
    sale = await open_tab(store, hub, table_id, "sale")
    assert visible(sale, "contract-vp")
    kept = await open_tab(store, hub, table_with(hub, kept_game(["Dee", "Eve", "Fay"])), "sale")
    assert not visible(kept, "contract-vp")  # the app completes the contracts itself


@run
async def test_the_bid_boxes_refuse_a_bid_beyond_the_bidders_crowns(
    store: Any, hub: TableHub
) -> None:
    """Rulebook: "No player may ever bid more money than that player has to spend"."""
    game = replace(kept_game(["Adam", "Beth", "Chris", "David"]), vp_on_marker=1)
    game = replace(game, active="David", step=None)  # David holds the upkeep marker
    table_id = table_with(hub, game)
    h = await open_tab(store, hub, table_id, "turn")
    await h.click(h.by_id("remove-goods"))
    await h.select(h.by_id("upkeep-event"), "rulebook:visiting_nobility")
    await h.click(h.by_id("apply-event"))
    await h.type(h.by_id("bid-Adam"), "11")  # Adam has 10
    await h.type(h.by_id("bid-Beth"), "5")
    await h.click(h.by_id("settle-bid"))
    assert h.by_id("bid-Adam").error == "Adam has 10 crowns"
    assert h.by_id("bid-Beth").error is None
    assert game_of(store, table_id).vp_on_marker == 1, "nothing was sent"
    await h.type(h.by_id("bid-Adam"), "10")
    await h.click(h.by_id("settle-bid"))
    game = game_of(store, table_id)
    assert (game.player("Adam").crowns, game.player("Adam").vp) == (0, 1)
    assert glance(h)[0] == "Adam: 0 crowns · 1 VP · 0 contracts"
    await h.click(h.by_id("pass-marker"))
    # The shipment auction: Adam has nothing left to bid with.
    await h.select(h.by_id("shipment-add"), "silk")
    field = next(c for c in h.find_all(ft.TextField) if c.label == "Silk: minimum bid")
    await h.type(field, "1")
    await h.click(h.by_id("start-auction"))
    assert "Adam to bid" in text_of(h.by_id("auction-next"))
    await h.type(h.by_id("shipment-bid"), "3")
    await h.click(h.by_id("place-bid"))
    assert h.by_id("shipment-bid").error == "Adam has 0 crowns"
    assert game_of(store, table_id).auction.bids == ()  # type: ignore[union-attr]


@run
async def test_the_engines_refusal_reaches_a_stale_phone_in_words(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub, after_auction(kept_game(["Adam", "Beth", "Chris"])))
    h = await open_tab(store, hub, table_id, "turn")
    await h.type(h.by_id("buy-agent-price"), "5")  # Adam has 10 crowns on this screen
    # Adam buys a victory point on another device; this phone has not heard of it yet.
    seen = len(game_of(store, table_id).log)
    assert hub.submit(table_id, BuyVictoryPoint(price=8), seen=seen, device="x").ok
    await h.session.dispatch_event(h.by_id("buy-agent")._i, "click", None)
    assert game_of(store, table_id).player("Adam").crowns == 2
    # refused saying what changed; the tap again is refused at the field, in words
    assert message(h) == (
        "Meanwhile, on another phone: Adam: Buy One Victory Point (8 crowns; one more on the "
        "upkeep marker, 1 there now)."
    )
    await h.type(h.by_id("buy-agent-price"), "5")
    await h.click(h.by_id("buy-agent"))
    assert h.by_id("buy-agent-price").error == "Adam has 2 crowns"
    assert h.by_id("buy-warehouse").disabled  # 5 crowns


@run
async def test_the_end_is_announced_on_every_phone_and_only_the_end_game_steps_remain(
    store: Any, hub: TableHub
) -> None:
    """Rulebook, Game End: "The game ends at the end of the active player's turn if any of
    the following occur: Any player accumulates 80 crowns." """
    game = kept_game(["Adam", "Beth", "Chris"])
    rich = tuple(replace(p, crowns=82) if p.name == "Beth" else p for p in game.players)
    table_id = table_with(hub, after_auction(replace(game, players=rich)))
    adam = await open_tab(store, hub, table_id, "turn")
    beth = await open_tab(store, hub, table_id, "sale")
    for phone in (adam, beth):
        assert visible(phone, "end-notice") and is_shown(phone.by_id("end-notice"))
        assert text_of(phone.by_id("end-notice")) == (
            "The game ends at the end of Adam's turn. Beth has 82 crowns."
        )
    await adam.click(adam.by_id("end-turn"))
    assert game_of(store, table_id).is_over
    await settled()
    for phone in (adam, beth):
        said = text_of(phone.by_id("end-notice"))
        assert said.startswith("The game is over. Beth has 82 crowns. Only the end-game steps")
        assert text_of(phone.by_id("turn-line")).startswith("The game is over")
        assert not is_shown(phone.by_id("end-turn"))
        # The banner hides its tagged wrappers, never the control inside one: a shown
        # Semantics with hidden content draws Flet's red "Semantics.content must be provided
        # and visible" over the banner, which then wraps one letter a line (seen at 390 px).
        banner = phone.find(ft.Semantics, identifier="turn-line")
        broken = [
            c.identifier
            for c in walk(banner)
            if isinstance(c, ft.Semantics)
            and is_shown(c)
            and c.content is not None
            and c.content.visible is False
        ]
        assert broken == []
    assert visible(adam, "game-over")
    assert not adam.find_all(ft.Semantics, identifier="agents-panel")
    assert beth.by_id("confirm-sale").disabled
    await adam.click(adam.by_id("open-tally"))
    await settled()
    assert adam.by_id("mercante-tabs").selected_index == 4  # the Tally tab


@run
async def test_an_end_noted_on_a_phone_that_holds_nobody_says_who_noted_what(
    store: Any, hub: TableHub
) -> None:
    """Review F18 (issue 21): "Ben noted: The reference track marker…" on a phone that holds no
    player; the phone acts for whose turn it is and says so in one sentence."""
    table_id = table_with(hub, after_auction(kept_game(["Adam", "Beth", "Chris"])))
    nobody = await open_tab(store, hub, table_id, "end")
    await nobody.click(nobody.by_id("note-reference_track"))
    assert game_of(store, table_id).ending == ("reference_track",)
    assert message(nobody) == (
        "Adam noted that the reference track marker is on the last space of the track, so the "
        "game ends with this turn."
    )


@run
async def test_no_end_notice_before_a_trigger_nor_on_a_game_the_table_counts(
    store: Any, hub: TableHub
) -> None:
    kept = await open_tab(store, hub, table_with(hub, kept_game(["Adam", "Beth", "Chris"])))
    assert not visible(kept, "end-notice")
    counted = counted_at_table(["Dee", "Eve", "Fay"])
    rich = tuple(replace(p, crowns=90) for p in counted.players)
    h = await open_tab(store, hub, table_with(hub, replace(counted, players=rich)))
    assert not visible(h, "end-notice")


async def ended_game(store: Any, hub: TableHub) -> tuple[int, Harness]:
    """A game the app kept that has just ended (Beth reached 82 crowns), on its Tally tab."""
    game = kept_game(["Adam", "Beth", "Chris"])
    rich = tuple(replace(p, crowns=82) if p.name == "Beth" else p for p in game.players)
    over, _ = after_auction(replace(game, players=rich)).end_turn()
    table_id = table_with(hub, over)
    return table_id, await open_tab(store, hub, table_id, "end")


@run
async def test_the_tally_of_a_kept_game_needs_nothing_typed_and_saves_once(
    store: Any, hub: TableHub
) -> None:
    """Rulebook, Game End: "all players sell all their remaining goods to the bazaar ...
    Finally, each player can buy victory points for 10 crowns each." """
    table_id, h = await ended_game(store, hub)
    other = await open_tab(store, hub, table_id, "end")
    assert text_of(h.by_id("end-state")) == "The game is over. Beth has 82 crowns."
    assert "Adam has not sold their goods left" in text_of(h.by_id("tally-waiting"))
    assert h.by_id("save-tally").disabled
    # Adam: one silk left, sold to the bazaar; then one victory point (13 crowns).
    await h.select(h.by_id("final-add-1"), "silk")
    assert text_of(h.by_id("final-goods-1")) == "Goods left: silk"
    await h.click(h.by_id("final-sell-1"))
    assert game_of(store, table_id).player("Adam").crowns == 13
    await h.click(h.by_id("final-vp-1-plus"))
    assert h.by_id("final-vp-1-plus").disabled  # 13 crowns buy one at most
    await h.click(h.by_id("final-buy-1"))
    # Beth: nothing left, buys 2; Chris: nothing, buys none.
    await h.click(h.by_id("final-sell-2"))
    await h.click(h.by_id("final-vp-2-plus"))
    await h.click(h.by_id("final-vp-2-plus"))
    assert h.by_id("final-buy-2").content == "Buy 2 victory points: 20 crowns"
    await h.click(h.by_id("final-buy-2"))
    await h.click(h.by_id("final-sell-3"))
    await h.click(h.by_id("final-buy-3"))
    game = game_of(store, table_id)
    assert game.final_steps_left() == ()
    # nothing typed: the only field on the tab is the correction's
    assert [f.label for f in h.find_all(ft.TextField)] == ["Should read"]
    assert text_of(h.by_id("working-2")).startswith("Beth: 2 points")
    assert "Crowns: 82; 2 VP × 10 = 20; 62 left" in text_of(h.by_id("working-2"))
    await settled()
    assert text_of(other.by_id("working-1")).startswith("Adam: 1 point")
    assert not h.by_id("save-tally").disabled
    await h.click(h.by_id("save-tally"))
    plays = store.list_plays()
    assert len(plays) == 1
    assert message(h) == "Saved Mercante: Beth won."
    assert h.by_id("save-tally").disabled
    await settled()
    assert other.by_id("save-tally").disabled  # once, whichever phone taps it
    # Saved: the banner no longer sends the players to the end-game steps (review F21).
    for phone in (h, other):
        assert text_of(phone.by_id("turn-step")) == "No more moves: this game is closed"
        assert not visible(phone, "end-notice")


@run
async def test_a_figure_is_corrected_with_who_made_it(store: Any, hub: TableHub) -> None:
    table_id, h = await ended_game(store, hub)
    await h.select(h.by_id("correct-player"), "Chris")
    await h.select(h.by_id("correct-figure"), "vp")
    await h.type(h.by_id("correct-value"), "3")
    await h.click(h.by_id("send-correction"))
    game = game_of(store, table_id)
    assert game.player("Chris").vp == 3
    assert game.log[-1].summary == "Adam corrected Chris's victory point tokens to 3."


async def holding(h: Harness, seat: int) -> Harness:
    """``h``'s phone says it is the player in ``seat`` (the table menu's question)."""
    await h.click(h.by_id("table-menu"))
    await h.click(h.by_id("whose-phone"))
    await h.click(h.by_id(f"phone-of-{seat}"))
    await settled()
    return h


def sent(h: Harness) -> bytes:
    """Everything the server sent this phone, encoded as the web transport encodes it."""
    return b"".join(
        msgpack.packb([m.action, m.body], default=configure_encode_object_for_msgpack(BaseControl))
        for m in h.conn.messages
    )


@run
async def test_a_contract_is_kept_and_told_on_its_holders_phone_and_no_other_is_sent_it(
    store: Any, hub: TableHub
) -> None:
    """Setup: deal two, keep one; contracts are hidden cards (issue 20, Private information)."""
    table_id = table_with(hub, kept_game(["Ann", "Ben", "Cleo"]))
    ann = await holding(await open_tab(store, hub, table_id, "setup"), 1)
    ben = await holding(await open_tab(store, hub, table_id, "setup"), 2)
    nobody = await open_tab(store, hub, table_id, "turn")
    assert "the phone that says whose it is shows" in text_of(nobody.by_id("my-contracts"))
    await ann.select(ann.by_id("kept-1"), ["10"])
    assert text_of(ann.by_id("my-contract-1")) == "Contract 1 (10 crowns): not told to the app yet"
    await ann.select(ann.by_id("tell-kind-1"), "one_luxury")
    await ann.select(ann.by_id("tell-good-1-1"), "silk")
    for _ in range(2):
        await ann.click(ann.by_id("tell-vp-1-plus"))
    await ann.click(ann.by_id("tell-penalty-1-plus"))
    await ann.click(ann.by_id("tell-contract-1"))
    game = game_of(store, table_id)
    (contract,) = game.contracts_of("Ann")
    assert contract.card is not None
    assert (contract.card.goods, contract.card.vp, contract.card.penalty) == (("silk",), 3, 2)
    assert text_of(ann.by_id("my-contract-1")) == (
        "Contract 1 (10 crowns): sell silk: 3 VP, −2 if unfulfilled"
    )
    await settled()
    assert text_of(ben.by_id("my-contracts")).endswith("Ben holds no contract.")
    for other in (ben, nobody):
        assert glance(other)[0] == "Ann: 20 crowns · 0 VP · 1 contract"
        everything = sent(other)
        for secret in (b"sell silk", b"3 VP, "):
            assert secret not in everything, secret
    # Ben's phone shows his own setup deal, whose card-face picker has these words too
    for secret in (b"if unfulfilled", b"Sell 1 luxury good"):
        assert secret not in sent(nobody), secret
    assert b"sell silk: 3 VP" in sent(ann)  # the check can fail: Ann's phone was sent it


@run
async def test_the_holder_sees_which_contracts_their_goods_could_complete(
    store: Any, hub: TableHub
) -> None:
    card = ContractCard("one_luxury", ("silk",), 3, 2)
    game, _ = kept_game(["Ann", "Ben", "Cleo"]).apply(TakeContract("Ann", 10, card))
    game, _ = game.apply(StartShipmentAuction(Shipment(("silk",), (1,))))
    while game.auction is not None:
        bidder = game.auction.next_bidder or ""
        game, _ = game.bid(bidder, 1 if bidder == "Ann" and game.auction.high is None else None)
    assert game.goods_seen("Ann") == ("silk",)
    ann = await holding(await open_tab(store, hub, table_with(hub, game), "turn"), 1)
    assert text_of(ann.by_id("my-contract-1-note")) == (
        "The goods you took could complete it now: sell them this turn for 3 VP."
    )


@run
async def test_a_sale_is_priced_once_per_change_and_once_by_the_tap_that_sells_it(
    store: Any, hub: TableHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 23, "a value computed once": the screen prices the draft once per change and
    the Sell tap reuses it; the engine prices the sale once when it verifies it and keeps
    the quote in its record; the other phones draw the pushed sale without pricing it."""
    import companion.engine.mercante.game as engine_game
    import companion.ui.mercante.model.sale as ui_sale

    calls: list[str] = []
    for module, where in ((engine_game, "engine"), (ui_sale, "screen")):
        real = module.quote_sale

        def counting(*args: Any, _real: Any = real, _where: str = where, **kw: Any) -> Any:
            calls.append(_where)
            return _real(*args, **kw)

        monkeypatch.setattr(module, "quote_sale", counting)
    table_id = table_with(hub, after_auction(kept_game(["Adam", "Beth", "Chris"])))
    adam = await open_tab(store, hub, table_id, "sale")
    beth = await open_tab(store, hub, table_id, "sale")
    await adam.click(adam.by_id("add-silk"))
    assert calls == []  # no printed value yet: nothing to price
    await adam.type(adam.by_id("base-silk:1"), "20")
    assert calls == ["screen"]  # one change, one pricing
    calls.clear()
    await adam.click(adam.by_id("confirm-sale"))
    await settled()
    assert calls == ["engine"], calls  # the tap: the engine's verify only
    sold = game_of(store, table_id).log[-1]
    assert sold.quote.total == 21  # type: ignore[attr-defined]  # the record keeps the quote
    assert glance(beth)[0] == "Adam: 31 crowns · 0 VP · 0 contracts"  # drawn, not priced


@run
async def test_a_card_made_on_one_phone_is_in_the_others_upkeep_list_at_once(
    store: Any, hub: TableHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21: "A custom event card made on one phone appears in the other phones' upkeep
    list at once." Every session of a server shares one pubsub hub, as here."""
    import tests.ui_harness as harness

    made: list[Any] = []

    def shared(**kw: Any) -> Any:
        if not made:
            made.append(harness_hub(**kw))
        return made[0]

    harness_hub = harness.PubSubHub
    monkeypatch.setattr(harness, "PubSubHub", shared)
    game = replace(kept_game(["Adam", "Beth", "Chris", "David"]), active="David", step=None)
    table_id = table_with(hub, game)
    david = await open_tab(store, hub, table_id, "turn")
    await david.click(david.by_id("remove-goods"))  # upkeep step 2: the event card
    names = [o.text for o in david.by_id("upkeep-event").options]
    assert "Royal Wedding" not in names
    beth = await Harness.start(create_main(store, hub=hub), route=f"{BASE}/events/new")
    await beth.type(beth.by_id("event-name"), "Royal Wedding")
    await beth.select(beth.by_id("effect-target-1"), "luxuries")
    await beth.type(beth.by_id("effect-amount-1"), "+3")
    await beth.click(beth.by_id("save-event"))
    assert len(store.list_custom_cards("mercante", "event")) == 1
    await settled()
    names = [o.text for o in david.by_id("upkeep-event").options]
    assert any("Royal Wedding" in n for n in names), names
