"""The app's views on a real flet Session and a real (temporary) history, without a browser."""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest
from flet.messaging.protocol import MessageAction

from companion.ui.app import create_main, sections
from tests.ui_harness import Harness, run, settled, walk


def texts_in(control: Any) -> list[str]:
    return [c.value for c in walk(control) if isinstance(c, ft.Text) and isinstance(c.value, str)]


def fields(h: Harness, prefix: str) -> list[ft.TextField]:
    return h.find_all(ft.TextField, label=lambda v: isinstance(v, str) and v.startswith(prefix))


@run
async def test_every_section_opens_from_the_navigation_bar(store: Any) -> None:
    h = await Harness.start(create_main(store))
    assert isinstance(h.page.navigation_bar, ft.NavigationBar)
    in_bar = [s for s in sections() if s.in_bar]
    assert [s.id for s in in_bar] == ["setup", "calculators", "rules", "score", "history"]
    assert len(h.page.navigation_bar.destinations) == len(in_bar)
    for index, section in enumerate(in_bar):
        await h.navigate(index)
        assert h.page.navigation_bar.selected_index == index
        assert h.page.appbar.title.value, section.id
        assert not h.has_text("Something went wrong"), section.id


@run
async def test_settings_is_the_app_bar_gear_on_every_screen_and_goes_back_where_you_were(
    store: Any,
) -> None:
    h = await Harness.start(create_main(store), route="/history")
    for index in range(len(h.page.navigation_bar.destinations)):
        await h.navigate(index)
        assert h.find_all(ft.Semantics, identifier="nav-settings"), index
    h = await Harness.start(create_main(store), route="/calculators/mercante")
    await h.click(h.by_id("nav-settings"))
    assert h.page.appbar.title.value == "Settings"
    assert h.page.navigation_bar.selected_index == 1, "the bar keeps the section you came from"
    await h.click(h.by_id("app-back"))
    assert h.page.appbar.title.value.startswith("Mercante")


@run
async def test_layout_switches_between_bar_and_rail_when_resized(store: Any) -> None:
    h = await Harness.start(create_main(store), width=390)
    assert isinstance(h.page.navigation_bar, ft.NavigationBar)
    await h.resize(1280)
    assert h.page.navigation_bar is None
    assert h.find_all(ft.NavigationRail)
    await h.resize(390)
    assert isinstance(h.page.navigation_bar, ft.NavigationBar)


@run
async def test_unknown_route_says_not_found(store: Any) -> None:
    h = await Harness.start(create_main(store), route="/history/play/999")
    assert h.page.appbar.title.value == "Not found"


async def new_pad(store: Any) -> Harness:
    """The score pad's lobby, then a new pad (it opens at its own address)."""
    h = await Harness.start(create_main(store), route="/score")
    await h.click(h.by_id("new-pad"))
    return h


@run
async def test_score_pad_marks_errors_and_saves_only_when_valid(store: Any) -> None:
    h = await new_pad(store)
    names = fields(h, "Player ")
    await h.type(names[0], "Anna")
    await h.type(names[1], "Ben")
    scores = h.find_all(ft.TextField, label="Score")
    await h.type(scores[0], "12")
    await h.type(scores[1], "ten")
    assert scores[1].error and "Whole number" in scores[1].error
    await h.click(h.by_id("save-play"))
    assert store.count_plays() == 0, "nothing saved while the form has errors"
    assert h.has_text("3–5 players")  # Mercante needs a third player
    await h.click(h.find(content="Add player"))
    names = fields(h, "Player ")
    await h.type(names[2], "Cleo")
    scores = h.find_all(ft.TextField, label="Score")
    await h.type(scores[1], "15")
    await h.type(scores[2], "9")
    assert scores[1].error is None
    await h.click(h.by_id("save-play"))
    assert store.count_plays() == 1
    play = store.list_plays()[0]
    assert [(r.player, r.score, r.winner) for r in play.results] == [
        ("Ben", 15, True),
        ("Anna", 12, False),
        ("Cleo", 9, False),
    ]


@run
async def test_score_pad_moves_a_player_down_as_well_as_up(store: Any) -> None:
    h = await new_pad(store)
    names = fields(h, "Player ")
    await h.type(names[0], "Anna")
    await h.type(names[1], "Ben")
    downs = [
        b
        for b in h.find_all(ft.IconButton)
        if isinstance(b.icon, ft.Icon) and b.icon.semantics_label == "Move down a seat"
    ]
    assert [b.disabled for b in downs] == [False, True]  # the last seat cannot go lower
    await h.click(downs[0])
    assert [f.value for f in fields(h, "Player ")] == ["Ben", "Anna"]


@run
async def test_the_score_pad_being_filled_in_survives_a_new_session(store: Any) -> None:
    h = await new_pad(store)
    await h.type(fields(h, "Player ")[0], "Anna")
    await h.type(h.find_all(ft.TextField, label="Score")[0], "33")
    (pad,) = store.list_tables(tool="scorepad")
    again = await Harness.start(create_main(store), route=f"/score/{pad.id}")
    assert fields(again, "Player ")[0].value == "Anna"
    assert again.find_all(ft.TextField, label="Score")[0].value == "33"


@run
async def test_seats_tool_draws_a_replayable_first_player(store: Any) -> None:
    h = await Harness.start(create_main(store), route="/setup/seats")
    await h.click(h.by_id("new-seating"))
    name = h.find(ft.TextField, label="Player name")
    for player in ("Anna", "Ben", "Cleo"):
        await h.type(name, player)
        await h.click(h.by_id("add-player"))
    seed = h.find(ft.TextField, label="Seed")
    await h.type(seed, "482913")
    await h.click(h.by_id("draw-first"))
    first = h.by_id("first-player").value
    from companion.engine.seats import draw_first_player

    draw = draw_first_player(["Anna", "Ben", "Cleo"], 482913)
    assert first == f"{draw.first_player} goes first"
    # The turn order sits under the draw, and each seat says when it plays.
    assert h.by_id("turn-order").value == "Turn order: " + ", then ".join(draw.turn_order())
    seat = draw.seats.index(draw.first_player) + 1
    assert "First player" in texts_in(h.by_id(f"seat-{seat}"))
    after = draw.turn_order()[1]
    assert "Plays 2nd" in texts_in(h.by_id(f"seat-{draw.seats.index(after) + 1}"))
    # The ↑ ↓ × buttons carry an accessible name, not only a tooltip (which gives none).
    row = [c for c in walk(h.by_id("seat-2")) if isinstance(c, ft.IconButton)]
    names = [b.icon.semantics_label for b in row if isinstance(b.icon, ft.Icon)]
    assert names == ["Move Ben up", "Move Ben down", "Remove Ben"]
    (table,) = store.list_tables(tool="seats")
    again = await Harness.start(create_main(store), route=f"/setup/seats/{table.id}")
    assert again.by_id("first-player").value == first


@run
async def test_history_detail_delete_and_undo(store: Any) -> None:
    play_id = store.record_play("mercante", [("Anna", 10), ("Ben", 8), ("Cleo", 3)])
    h = await Harness.start(create_main(store), route=f"/history/play/{play_id}")
    assert h.has_text("Anna won with 10")
    await h.click(h.by_id("delete-play"))
    await h.click(h.by_id("confirm-delete"))
    assert store.count_plays() == 0
    bar = h.dialogs(ft.SnackBar)[-1]
    await h.fire(bar, "action")
    assert store.count_plays() == 1


@run
async def test_settings_lists_rulings_and_toggles_a_house_rule(store: Any) -> None:
    from companion.rules import catalogue

    h = await Harness.start(create_main(store), route="/settings")
    for ruling in catalogue().rulings:
        assert h.has_text(ruling.topic)
    with_alternative = [r for r in catalogue().rulings if r.alternative]
    if with_alternative:
        ruling = with_alternative[0]
        switch = h.by_id(f"house-rule-{ruling.id}")
        await h.select(switch, True)
        assert ruling.id in store.get_setting("house_rules")


@run
async def test_settings_offer_a_qr_code_when_served_to_the_network(store: Any) -> None:
    url = "http://192.168.1.20:8550/"
    h = await Harness.start(create_main(store, share_url=url), route="/settings")
    images = h.find_all(ft.Image)
    assert images and images[0].semantics_label == f"QR code for {url}"
    assert bytes(images[0].src[:8]) == b"\x89PNG\r\n\x1a\n"
    assert h.has_text(url)
    local = await Harness.start(create_main(store), route="/settings")
    assert not local.find_all(ft.Image)
    assert local.has_text("--host 0.0.0.0")


def test_rulings_are_grouped_by_area_each_once() -> None:
    from companion.rules import catalogue
    from companion.ui.settings.screen import ruling_groups

    groups = ruling_groups(catalogue())
    listed = [r.id for _, items in groups for r in items]
    assert sorted(listed) == sorted(r.id for r in catalogue().rulings)
    labels = [label for label, _ in groups]
    assert labels[0] == "Merchants Cove: setup and modules"
    assert "Mercante" in labels and "Merchant's Journey" in labels


@run
async def test_a_ruling_link_opens_settings_at_that_ruling(store: Any) -> None:
    from companion.rules import catalogue

    ruling = catalogue().rulings[-1]
    h = await Harness.start(create_main(store), route=f"/settings/rulings/{ruling.id}")
    opened = [t for t in h.find_all(ft.ExpansionTile) if t.expanded]
    titles = [t.title.value for t in opened if isinstance(t.title, ft.Text)]
    assert ruling.topic in titles
    old = await Harness.start(create_main(store), route="/settings/rulings/merchants_journey.ties")
    opened = [t for t in old.find_all(ft.ExpansionTile) if t.expanded]
    titles = [t.title.value for t in opened if isinstance(t.title, ft.Text)]
    assert catalogue().ruling("journey.ties").topic in titles
    bad = await Harness.start(create_main(store), route="/settings/rulings/no.such.ruling")
    assert bad.page.appbar.title.value == "Not found"


@run
async def test_the_harness_catches_a_change_the_browser_would_never_get() -> None:
    """A handler that updates, then changes a control, leaves the browser stale: caught."""
    label = ft.Text("before")

    def forgetful(e: Any) -> None:
        e.page.update()  # e.g. a snackbar: flet then skips its own update after the handler
        label.value = "after"

    def main(page: ft.Page) -> None:
        page.add(label, ft.Button("Go", on_click=forgetful))

    h = await Harness.start(main)
    with pytest.raises(AssertionError, match="left unsent"):
        await h.click(h.find(ft.Button))


@run
async def test_the_wins_chart_counts_whole_plays(store: Any) -> None:
    import flet_charts as fc

    for winner in ("Anna", "Anna", "Ben"):
        others = [n for n in ("Anna", "Ben", "Cleo") if n != winner]
        store.record_play("mercante", [(winner, 10), (others[0], 5), (others[1], 3)])
    h = await Harness.start(create_main(store), route="/history/stats")
    chart = h.find(fc.BarChart)
    axis = chart.left_axis
    assert [label.value for label in axis.labels] == [0, 1, 2, 3]
    assert all(isinstance(label.value, int) for label in axis.labels)
    assert axis.label_spacing == 1 and chart.max_y == 3


@run
async def test_a_plays_bg_stats_qr_code_and_button_carry_its_create_play_link(store: Any) -> None:
    from datetime import datetime

    from companion.ui.kit.qr import qr_png

    play = store.record_play(
        "mercante", [("Ann", 42), ("Ben", 30)], datetime(2024, 5, 1, 20), start_player="Ben"
    )
    link = store.bgstats_link(play)
    h = await Harness.start(create_main(store), route=f"/history/play/{play}")
    await h.click(h.by_id("send-bgstats"))
    assert h.by_id("bgstats-open").url == link
    # The code is the one segno makes of exactly that link (a decoder read it back when this
    # test was written: opencv's QRCodeDetectorAruco gives the link, character for character).
    assert bytes(h.by_id("bgstats-qr").src) == qr_png(link, scale=4, error="l")


def _pushed(h: Harness, answered: set[str] | None = None) -> list[str]:
    """The routes the server has asked the browser to put in its address bar, each answered
    as a browser answers it (once: ``answered`` holds the calls answered so far)."""
    answered = h.__dict__.setdefault("answered_calls", set()) if answered is None else answered
    found = []
    for m in h.conn.messages:
        body = m.body
        if m.action == MessageAction.INVOKE_METHOD and getattr(body, "name", None) == "push_route":
            found.append(body.args["route"])
            if body.call_id not in answered:
                answered.add(body.call_id)
                h.session.handle_invoke_method_results(body.control_id, body.call_id, None, None)
    return found


async def _route_change(h: Harness, route: str) -> None:
    h.session.apply_page_patch({"route": route})  # as a browser sends it
    await h.fire(h.page, "route_change", {"route": route})
    await settled()


@run
async def test_the_first_address_is_sent_again_when_the_router_reports_slash_after_it(
    store: Any,
) -> None:
    """Chromium's router sometimes reports "/" once more just after the first push: the
    address was left at "/" (a browser test failed on it). It is sent again, once."""
    h = await Harness.start(create_main(store), route="/")
    await settled()
    assert _pushed(h) == ["/setup"]
    await _route_change(h, "/setup")  # the browser's echo of the push
    await _route_change(h, "/")  # its router's first address, again
    assert _pushed(h) == ["/setup", "/setup"]
    assert h.page.appbar.title.value == "Setup"
    await _route_change(h, "/setup")
    # A later "/" is the player going back: the first section shows, nothing is pushed.
    await _route_change(h, "/")
    assert _pushed(h) == ["/setup", "/setup"]
    assert h.page.appbar.title.value == "Setup"


@run
async def test_slash_after_the_player_moved_on_is_not_sent_back(store: Any) -> None:
    h = await Harness.start(create_main(store), route="/")
    await settled()
    await _route_change(h, "/setup")
    await h.navigate([d.label for d in h.page.navigation_bar.destinations].index("Rules"))
    await settled()
    assert _pushed(h) == ["/setup", "/rules"]
    await _route_change(h, "/")  # Back, twice, to the first address
    assert _pushed(h) == ["/setup", "/rules"]
    assert h.page.appbar.title.value == "Setup"
