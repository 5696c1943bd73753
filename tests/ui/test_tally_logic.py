"""A tool's number added to tonight's tally, without a page (companion.ui.model.tally and the
tools' offers: a Pier's sale, a Fence sale, a Bard's song)."""

from __future__ import annotations

from companion.engine.cove_goods import STANDARD
from companion.engine.seats import AddToTally, Finish, Seating
from companion.tables import Applied, TableHub
from companion.ui.cove_goods.model import SaleState
from companion.ui.cove_goods.model.tally import fence_offer, pier_offer
from companion.ui.model.tally import TallyOffer, add, find_night, take_back

FOUR = ("Ann", "Ben", "Cleo", "Dan")


def test_the_offer_words_its_button_its_message_and_its_action() -> None:
    offer = TallyOffer(22, "The Bard's song", "Perform 3 × 4 + Boast 10 = 22", "bard")
    assert offer.label("Ann") == "Add 22 gold to Ann"
    assert offer.added("Ann") == "Added 22 gold to Ann's tally"
    assert offer.action("Ann") == AddToTally(
        "Ann", 22, "The Bard's song", "Perform 3 × 4 + Boast 10 = 22", "bard"
    )
    loss = TallyOffer(-3, "The Bard's song")
    assert loss.label("Ben") == "Add −3 gold to Ben"


def test_a_long_working_is_cut_to_what_the_night_keeps() -> None:
    offer = TallyOffer(5, "x" * 200, "y " * 400)
    action = offer.action("Ann")
    night, _ = Seating.new("merchants_cove", seed=1, seats=FOUR).apply(action)
    assert night.tally[0].what.endswith("…") and night.tally[0].working.endswith("…")


def test_the_night_is_the_latest_open_one_of_the_game_that_is_not_finished(
    hub: TableHub,
) -> None:
    assert find_night(hub, "merchants_cove") is None
    cove = hub.create("seats", Seating.new("merchants_cove", seed=1, seats=FOUR)).table_id
    hub.create("seats", Seating.new("mercante", seed=1, seats=FOUR))
    hub.create("seats", Seating.new("merchants_cove", seed=1))  # nobody seated yet
    night = find_night(hub, "merchants_cove")
    assert night is not None and night.table_id == cove and night.players == FOUR
    hub.submit(cove, Finish("2026-12-02T22:00:00"), seen=0, device="t")
    assert find_night(hub, "merchants_cove") is None


def test_added_then_taken_back_while_it_is_the_nights_last_change(hub: TableHub) -> None:
    table = hub.create("seats", Seating.new("merchants_cove", seed=1, seats=FOUR)).table_id
    night = find_night(hub, "merchants_cove")
    assert night is not None
    offer = TallyOffer(20, "A sale at a Pier", "20 gold", "cove_goods")
    outcome = add(hub, night, offer, "Ann", device="a", now="2026-12-02T20:15:00")
    assert isinstance(outcome, Applied)
    assert [(t.player, t.points) for t in hub.open(table).game.tally] == [("Ann", 20)]
    # The night was not started: its first number starts it, at this device's clock.
    assert hub.open(table).game.started_at == "2026-12-02T20:15:00"
    again = find_night(hub, "merchants_cove")
    assert again is not None
    add(hub, again, TallyOffer(9, "A Fence sale"), "Ben", device="b", now="2026-12-02T21:00:00")
    assert hub.open(table).game.started_at == "2026-12-02T20:15:00"  # started once
    refused = take_back(hub, table, outcome.seq, device="a")  # no longer the last change
    assert not isinstance(refused, Applied)
    assert len(hub.open(table).game.tally) == 2


def test_a_piers_sale_and_a_fence_sale_as_offers_with_their_working() -> None:
    state = SaleState().with_count("warriors", 4).with_count("wizards", 2)
    state = state.with_kind("warriors").with_base(3).add_to_pier(STANDARD)
    state = state.with_kind("wizards").with_base(2).add_to_pier(STANDARD)
    offer = pier_offer(state.pier_sale(STANDARD))
    assert offer is not None and offer.points == 16
    assert offer.what == "A sale at a Pier (2 Goods)"
    assert offer.working == (
        "Warrior Good (3): 3 base × 4 adventurers = 12 gold; "
        "Wizard Good (2): 2 base × 2 adventurers = 4 gold; total 12 + 4 = 16 gold"
    )
    assert pier_offer(SaleState().pier_sale(STANDARD)) is None  # nothing sold
    fence = SaleState().with_rogue_card("fence").with_fence(True).with_base(4)
    offer = fence_offer(fence.result(STANDARD))
    assert offer is not None and (offer.points, offer.what) == (12, "A Fence sale")
    assert offer.working == "Warrior Good (4): 4 × 3 = 12 gold"


def test_the_words_players_read_from_the_tools_night_links() -> None:
    """Every sentence the tally buttons, the Cove presets and the setup's Tonight panel say
    reads as a player's sentence (tests/words_check.py)."""
    from companion.engine.seats import Seating
    from companion.rules import catalogue
    from companion.ui.bard.model.tally import song_offer
    from companion.ui.cove_goods.model.presets import presets_for
    from companion.ui.setup.model import AssistantState
    from companion.ui.setup.model.night import OpenNight, refusal, tonight_line
    from tests.words_check import check_all

    offer = TallyOffer(-3, "The Bard's song", "Earned 5 gold", "bard")
    texts = [offer.label("Ann"), offer.added("Ann")]
    texts += [
        presets_for("merchants_cove", modules, cards).line() or ""
        for modules, cards in (
            (["faction_festival", "paladins", "display_cases"], ["fence"]),
            (["entertainer"], ["sirens"]),
            (None, ["un_fairies"]),
        )
    ]
    setup = AssistantState().with_modules(["apprentices"])
    night = OpenNight(1, 1, Seating.new("mercante", seed=1, seats=FOUR))
    texts += [refusal(setup, catalogue()) or "", tonight_line(setup, night, catalogue())]
    texts.append(tonight_line(AssistantState(), None, catalogue()))
    from companion.engine.bard.records import SongSung

    sung = song_offer(None, SongSung("singing", 40, 8, ("warrior_hall",), 0))
    assert sung is not None
    texts += [sung.working, sung.label("Dan")]
    assert check_all(texts, where="night links") == len(texts)
