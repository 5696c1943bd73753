"""A table whose play was saved and then deleted is never saved again by a tap (issue 19):
its Save says so and offers "Save again as a new play", the explicit choice (LiveTable.save,
the same on every tool's table screen; Merchant's Journey's here)."""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest

from companion.tables import TableHub
from companion.ui.live import SAVED_BEFORE_QUESTION
from tests.ui.journey.test_screen import _nearly_over, open_table, play_card, table_with
from tests.ui_harness import run, visible

pytestmark = pytest.mark.usefixtures("players_who_look")


@run
async def test_a_deleted_plays_table_is_saved_again_only_when_asked(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub, _nearly_over())
    h = await open_table(store, hub, table_id)
    await play_card(h, "3", "row-2-left")
    await h.click(h.by_id("save-journey"))
    (first,) = store.list_plays()
    snapshot = store.delete_play(first.id)
    # Undo gives back the same play: the table points at it again, nothing to save.
    assert store.restore_play(snapshot) == first.id
    undone = await open_table(store, hub, table_id)
    assert visible(undone, "view-saved") and not visible(undone, "save-journey")
    store.delete_play(first.id)
    again = await open_table(store, hub, table_id)
    assert visible(again, "save-journey")
    await again.click(again.by_id("save-journey"))
    assert store.count_plays() == 0, "a tap alone saves nothing"
    (dialog,) = again.dialogs(ft.AlertDialog, open_only=True)
    assert dialog.content.value == SAVED_BEFORE_QUESTION
    # Cancel: still nothing; Save again as a new play: one play, a new one.
    await again.click(next(a for a in dialog.actions if getattr(a, "content", None) == "Cancel"))
    assert store.count_plays() == 0
    await again.click(again.by_id("save-journey"))
    await again.click(again.by_id("save-again"))
    (second,) = store.list_plays()
    assert second.id != first.id and second.uid != first.uid
    assert store.table(table_id).saved_play_id == second.id
    assert visible(again, "view-saved")
    # And a later tap (on another phone) opens that play rather than saving a third.
    late = await open_table(store, hub, table_id)
    assert not visible(late, "save-journey")
    assert store.count_plays() == 1
