"""The score pad's "How is it won?" on real flet Sessions and a real (temporary) history
(issue 19, plays with no points): a winner chosen by hand ticked in one tap each and saved
without scores, a co-operative play won or lost together, the standings saying who won, the
other phone seeing the choice, Save writing it once; and the choice's refusals."""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest

from companion.engine.scorepad import Pad
from companion.tables import TableHub
from companion.ui.app import create_main
from tests.table_fixtures import game_on
from tests.ui_harness import Harness, message, run, settled

pytestmark = pytest.mark.usefixtures("players_who_look")


def new_pad(hub: TableHub, names: tuple[str, ...] = ("Anna", "Ben", "Cleo")) -> int:
    return hub.create("scorepad", Pad.new("mercante", names=names)).table_id


async def phone(store: Any, hub: TableHub, table_id: int) -> Harness:
    return await Harness.start(create_main(store, hub=hub), route=f"/score/{table_id}")


def choice(h: Harness) -> ft.RadioGroup:
    group: ft.RadioGroup = h.by_id("how-won")
    return group


def outcome(h: Harness) -> str:
    text: str = h.by_id("standings-outcome").value
    return text


def ticks(h: Harness) -> dict[str, ft.Checkbox]:
    """The "… won" boxes on the pad now (the walk also meets ones a redraw replaced: later)."""
    boxes: dict[str, ft.Checkbox] = {}
    for box in h.find_all(ft.Checkbox):
        if str(box.label).endswith(" won"):
            boxes.setdefault(str(box.label), box)
    return boxes


@run
async def test_a_winner_chosen_by_hand_is_ticked_and_saved_once(store: Any, hub: TableHub) -> None:
    table_id = new_pad(hub)
    anna = await phone(store, hub, table_id)
    ben = await phone(store, hub, table_id)
    assert choice(anna).value == "points" and not ticks(anna)
    await anna.select(choice(anna), "manual")
    assert anna.has_text("Tick who won. Scores are optional.")
    assert outcome(anna) == "Nobody is ticked as a winner yet"
    assert list(ticks(anna)) == ["Anna won", "Ben won", "Cleo won"]
    await anna.click(anna.by_id("save-play"))
    assert store.count_plays() == 0
    assert message(anna) == "Not saved: fix the winners."
    assert anna.has_text("Tick who won (or choose Co-operative if everyone lost)")
    assert not anna.find_all(ft.Semantics, identifier="standings-scores")
    await anna.type(anna.find_all(ft.TextField, label="Score")[2], "40")
    assert anna.by_id("standings-scores").value == "Scores: Cleo 40"
    await anna.select(ticks(anna)["Anna won"], True)  # one tap each
    await anna.select(ticks(anna)["Cleo won"], True)
    await settled()
    assert outcome(anna) == "Anna and Cleo won"
    # The other phone sees the choice and the ticks, live.
    assert choice(ben).value == "manual"
    assert [b.value for b in ticks(ben).values()] == [True, False, True]
    assert outcome(ben) == "Anna and Cleo won"
    await ben.click(ben.by_id("save-play"))
    await anna.click(anna.by_id("save-play"))
    await settled()
    assert store.count_plays() == 1
    (play,) = store.list_plays()
    assert play.scoring == "manual"
    assert [(r.player, r.score, r.winner) for r in sorted(play.results, key=lambda r: r.seat)] == [
        ("Anna", None, True),
        ("Ben", None, False),
        ("Cleo", 40, True),
    ]


@run
async def test_a_cooperative_play_is_lost_together(store: Any, hub: TableHub) -> None:
    table_id = new_pad(hub)
    h = await phone(store, hub, table_id)
    await h.select(choice(h), "cooperative")
    assert outcome(h) == "Everyone won together"
    await h.select(h.by_id("pad-everyone"), "lost")
    assert outcome(h) == "Everyone lost together"
    assert game_on(hub.store, table_id, Pad).all_won is False
    await h.click(h.by_id("save-play"))
    (play,) = store.list_plays()
    assert play.scoring == "cooperative"
    assert {(r.score, r.winner) for r in play.results} == {(None, False)}
    assert h.has_text("Saved Mercante: everyone lost together.")


@run
async def test_back_on_points_every_score_is_needed_again(store: Any, hub: TableHub) -> None:
    table_id = new_pad(hub)
    h = await phone(store, hub, table_id)
    await h.select(choice(h), "cooperative")
    await h.select(choice(h), "points")
    assert not h.find_all(ft.Semantics, identifier="standings-outcome")
    assert h.has_text("The scores decide, as the game says.")
    await h.click(h.by_id("save-play"))
    assert store.count_plays() == 0
    assert message(h) == "Not saved: fix Anna's score, Ben's score and Cleo's score."
