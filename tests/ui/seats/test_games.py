"""A game night whose game is played on its own table (issue 19): Merchant's Journey opened
from the night, played to the end, saved as ONE play whichever screen taps Save first, on
whichever phone, with the night's place, start and duration; the night's standings come from
the table's own tally, with their working, nothing typed. Real flet sessions and a real
(temporary) history, without a browser."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import flet as ft
import pytest

from companion.engine import journey as j
from companion.engine.journey import JourneyGame
from companion.engine.seats import Seat, Seating, SetLocation, Start
from companion.tables import TableHub
from companion.ui.app import create_main
from companion.ui.seats.model.link import link_new_table, night_of
from companion.ui.seats.model.night import now_text
from tests.table_fixtures import game_on
from tests.ui_harness import Harness, message, run, settled, visible

PLAYERS = ("Anna", "Ben")

pytestmark = pytest.mark.usefixtures("players_who_look")


def nearly_over() -> list[Any]:
    """A two-player Journey one card from its end (as tests/ui/journey's): its moves."""
    game = JourneyGame.new(list(PLAYERS))
    moves: list[Any] = []
    for i in range(37):
        rank = j.ranks()[i % 12]
        action: Any = j.StartRow(rank) if i < 12 else j.Place(rank, i % 12, "right")
        game = game.apply(action)[0]
        moves.append(action)
    return moves


def journey_night(hub: TableHub, *, started: datetime) -> tuple[int, int]:
    """A Journey night at the Harbour Café started at ``started``, its table opened from it
    (as the lobby's start links it) and played one card from the end: (night, table)."""
    night = Seating.new("merchants_journey", seed=482913)
    night_id = hub.create("seats", night).table_id
    seen = 0
    for action in (
        Seat("Anna"),
        Seat("Ben"),
        SetLocation("Harbour Café"),
        Start(now_text(started)),
    ):
        seen = hub.submit(night_id, action, seen=seen, device="t").snapshot.seq
    table_id = hub.create("journey", JourneyGame.new(list(PLAYERS))).table_id
    assert link_new_table(hub, "journey", table_id, device="t", at=now_text()) == night_id
    for i, move in enumerate(nearly_over()):
        hub.submit(table_id, move, seen=i, device="t")
    return night_id, table_id


async def phone(store: Any, hub: TableHub, route: str) -> Harness:
    return await Harness.start(create_main(store, hub=hub), route=route)


async def last_card(h: Harness) -> None:
    await h.click(h.by_id("card-3"))
    await h.click(h.by_id("row-2-left"))


@run
async def test_the_lobby_links_the_journey_table_to_tonights_night(
    store: Any, hub: TableHub
) -> None:
    night_id = hub.create("seats", Seating.new("merchants_journey", seed=5, seats=PLAYERS)).table_id
    h = await phone(store, hub, "/calculators/journey")
    await h.click(h.by_id("start-journey"))
    (table,) = store.list_tables(tool="journey")
    night = game_on(store, night_id, Seating)
    assert night.game_table == table.id and night.started_at is not None
    assert night_of(hub, "journey", table.id) == (night_id, hub.peek(night_id).game)


@run
async def test_the_night_saves_first_then_the_tables_save_shows_that_play(
    store: Any, hub: TableHub
) -> None:
    night_id, table_id = journey_night(hub, started=datetime.now() - timedelta(minutes=150))
    night_phone = await phone(store, hub, f"/setup/seats/{night_id}")
    table_phone = await phone(store, hub, f"/calculators/journey/{table_id}")
    other_table = await phone(store, hub, f"/calculators/journey/{table_id}")
    assert night_phone.has_text("No standings yet") is False  # not finished: no standings yet
    await last_card(table_phone)
    await settled()
    stale_save = table_phone.by_id("save-journey")  # a tap on its way while the night saves
    # The night: Finish goes straight to the standings from the table's own tally.
    await night_phone.click(night_phone.by_id("night-finish"))
    assert not night_phone.find_all(ft.Semantics, identifier="night-sheet")
    assert night_phone.has_text("From the Merchant's Journey table")
    final = game_on(store, table_id, JourneyGame)
    best = max(PLAYERS, key=final.score)
    pairs, bonus = final.breakdown(best)
    assert night_phone.has_text(f"Pairs {pairs} + Blight bonus {bonus} = {final.score(best)}")
    duration = night_phone.find(ft.TextField, label="Minutes played")
    assert duration.value == "150"
    await night_phone.type(duration, "140")  # they corrected it
    await night_phone.click(night_phone.by_id("night-save"))
    assert store.count_plays() == 1
    play = store.list_plays()[0]
    assert play.location == "Harbour Café" and play.duration_min == 140
    assert play.started_at is not None
    assert {r.player: r.score for r in play.results} == {n: final.score(n) for n in PLAYERS}
    assert message(night_phone) == f"Saved to History as play {play.id}."
    await settled()
    assert night_phone.has_text(f"Saved as play {play.id} from Merchant's Journey.")
    assert not visible(night_phone, "night-save")
    # The table's screens: saved, no Save; a Save tapped before the push finds the play.
    assert visible(other_table, "view-saved") and not visible(other_table, "save-journey")
    await table_phone.click(stale_save)
    assert store.count_plays() == 1


@run
async def test_the_table_saves_first_then_the_night_shows_that_play_and_never_saves_again(
    store: Any, hub: TableHub
) -> None:
    night_id, table_id = journey_night(hub, started=datetime.now() - timedelta(minutes=95))
    night_a = await phone(store, hub, f"/setup/seats/{night_id}")
    night_b = await phone(store, hub, f"/setup/seats/{night_id}")
    table_a = await phone(store, hub, f"/calculators/journey/{table_id}")
    table_b = await phone(store, hub, f"/calculators/journey/{table_id}")
    await last_card(table_a)
    await settled()
    stale_table = table_a.by_id("save-journey")
    await night_a.click(night_a.by_id("night-finish"))  # the night finished on one phone
    await settled()
    await table_b.click(table_b.by_id("save-journey"))  # and the table saved on another
    assert store.count_plays() == 1
    play = store.list_plays()[0]
    assert play.location == "Harbour Café" and play.duration_min == 95
    await settled()
    for h in (night_a, night_b):
        assert h.has_text(f"Saved as play {play.id} from Merchant's Journey.")
        assert not visible(h, "night-save")
    # Taps that were already on their way: the night's Save on both phones, the table's again.
    for h in (night_a, night_b):
        await h.click(h.by_id("night-save"))
    await table_a.click(stale_table)
    assert store.count_plays() == 1
    assert message(night_a) == f"Saved as play {play.id} from Merchant's Journey."
    assert store.table(night_id).status == "finished"


@run
async def test_a_table_saved_before_the_night_finished_finishes_the_night(
    store: Any, hub: TableHub
) -> None:
    night_id, table_id = journey_night(hub, started=datetime.now() - timedelta(minutes=60))
    night_phone = await phone(store, hub, f"/setup/seats/{night_id}")
    table_phone = await phone(store, hub, f"/calculators/journey/{table_id}")
    await last_card(table_phone)
    await table_phone.click(table_phone.by_id("save-journey"))
    await settled()
    play = store.list_plays()[0]
    assert play.duration_min == 60 and play.location == "Harbour Café"
    night = game_on(store, night_id, Seating)
    assert night.is_over and store.table(night_id).status == "finished"
    assert night_phone.has_text(f"Saved as play {play.id} from Merchant's Journey.")
    assert night_phone.has_text("From the Merchant's Journey table")


@run
async def test_a_mercante_night_tallies_from_the_ledger_and_saves_once(
    store: Any, hub: TableHub
) -> None:
    """A whole Mercante game played by the seeded player (companion/tools/golden) on the
    table opened from the night: the night's standings are the ledger's tally (VP, contracts,
    crowns left, the end-game sale), and the tally tab's Save is the one play, with the
    night's place and duration; the night's Save then shows that play."""
    from companion.tools.golden import mercante as golden

    start, moves = golden.play(20)
    night = Seating.new("mercante", seed=482913, seats=golden.SEATS)
    night_id = hub.create("seats", night).table_id
    started = now_text(datetime.now() - timedelta(minutes=75))
    hub.submit(night_id, SetLocation("Ann's kitchen"), seen=0, device="t")
    hub.submit(night_id, Start(started), seen=1, device="t")
    table_id = hub.create("mercante", start).table_id
    link_new_table(hub, "mercante", table_id, device="t", at=now_text())
    for i, move in enumerate(moves):
        hub.submit(table_id, move, seen=i, device="t")
    night_phone = await phone(store, hub, f"/setup/seats/{night_id}")
    table_phone = await phone(store, hub, f"/calculators/mercante/{table_id}/end")
    await night_phone.click(night_phone.by_id("night-finish"))
    tally = hub.peek(table_id).game.game.tally()
    best = tally.standings[0]
    line = tally.line(best.name)
    assert night_phone.has_text("From the Mercante table")
    assert night_phone.has_text(f"Victory points {line.vp_total}")
    await table_phone.click(table_phone.by_id("save-tally"))
    assert store.count_plays() == 1
    play = store.list_plays()[0]
    assert play.location == "Ann's kitchen" and play.duration_min == 75
    assert {r.player: r.score for r in play.results} == {s.name: s.score for s in tally.standings}
    await settled()
    assert night_phone.has_text(f"Saved as play {play.id} from Mercante.")
    await night_phone.click(night_phone.by_id("night-save"))  # a tap already on its way
    assert store.count_plays() == 1


@run
async def test_the_nights_tool_button_opens_the_table_it_plays_on(
    store: Any, hub: TableHub
) -> None:
    night_id, _ = journey_night(hub, started=datetime.now() - timedelta(minutes=5))
    h = await phone(store, hub, f"/setup/seats/{night_id}")
    await h.click(h.by_id("open-journey"))
    assert visible(h, "journey-status")  # the table itself, one card from its end
    assert h.has_text("Draw pile: 1 of 38 left")


def test_the_nights_save_and_the_tables_save_at_the_same_moment_make_one_play(
    store: Any, hub: TableHub
) -> None:
    """Two phones, Save on the night and Save on the table at the same moment (threads at a
    barrier), four times each: one play, the others shown that play."""
    from companion.engine.journey import JourneyGame as Game
    from companion.rules import catalogue as rules_catalogue
    from companion.ui.journey.model.play import play_of
    from companion.ui.seats.model.link import save_linked
    from tests.table_fixtures import race

    night_id, table_id = journey_night(hub, started=datetime.now() - timedelta(minutes=30))
    hub.submit(table_id, j.Place("3", 2, "left"), seen=37, device="t")  # the last card
    catalogue = rules_catalogue()

    def from_night() -> Any:
        return save_linked(
            hub,
            night_id,
            "journey",
            table_id,
            lambda g: play_of(g, catalogue),
            device="night",
            at=now_text(),
        )

    def from_table() -> Any:
        return hub.save_to_history(
            table_id, lambda g: play_of(g, catalogue), seen=38, device="table"
        )

    outcomes = race([from_night, from_table] * 4)
    assert store.count_plays() == 1
    play_id = store.list_plays()[0].id
    assert sorted(getattr(o, "created", None) for o in outcomes) == [False] * 7 + [True]
    assert {getattr(o, "play_id", None) for o in outcomes} == {play_id}
    assert isinstance(hub.peek(table_id).game, Game)


@run
async def test_the_tables_last_card_shows_on_the_night_without_a_tap(
    store: Any, hub: TableHub
) -> None:
    night_id, table_id = journey_night(hub, started=datetime.now() - timedelta(minutes=40))
    night_phone = await phone(store, hub, f"/setup/seats/{night_id}")
    await night_phone.click(night_phone.by_id("night-finish"))
    assert night_phone.has_text("No standings yet from the Merchant's Journey table")
    table_phone = await phone(store, hub, f"/calculators/journey/{table_id}")
    await last_card(table_phone)
    await settled()
    assert night_phone.has_text("From the Merchant's Journey table")
    assert not night_phone.has_text("No standings yet")
    # Leaving the night stops following the table.
    assert hub.subscriber_count(table_id) == 2
    await night_phone.navigate(0)
    assert hub.subscriber_count(table_id) == 1


@run
async def test_back_from_a_tool_and_its_table_opened_from_the_night_returns_to_the_night(
    store: Any, hub: TableHub
) -> None:
    """Review F1 (issue 21, "Back goes back"): the tool opened from the night, and the table
    started there, went back to the tool's lobby and Calculators, never to the night."""
    night_id = hub.create("seats", Seating.new("merchants_journey", seed=5, seats=PLAYERS)).table_id
    h = await phone(store, hub, f"/setup/seats/{night_id}")
    await h.click(h.by_id("open-journey"))
    assert h.by_id("start-journey")  # the Journey lobby
    await h.click(h.by_id("start-journey"))
    (table,) = store.list_tables(tool="journey")
    assert h.page.appbar.title.value == "Journey"
    await h.click(h.by_id("app-back"))
    assert h.by_id("night-tools")  # the night again, one tap
    # Opened again from the night, the game's own table: its back arrow returns as well.
    await h.click(h.by_id("open-journey"))
    assert h.page.appbar.title.value == "Journey"
    await h.click(h.by_id("app-back"))
    assert h.by_id("night-tools")
    assert game_on(store, night_id, Seating).game_table == table.id
