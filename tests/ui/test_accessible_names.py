"""Every tappable control has a name a screen reader says (issue 21, review F3): Flutter draws
a drop-down's label but leaves its button nameless in the browser's accessibility tree, so
each drop-down sits in a Semantics that carries its label."""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest

from companion.ui.app import create_main
from companion.ui.kit.widgets import tagged
from tests.ui.test_views import new_pad
from tests.ui_harness import Harness, run


def nameless_dropdowns(h: Harness) -> list[str]:
    """The drop-downs on the screen whose wrapper does not name them with their label."""
    found = []
    for dropdown in h.find_all(ft.Dropdown):
        around = dropdown.parent
        if not (isinstance(around, ft.Semantics) and around.label == dropdown.label):
            found.append(str(dropdown.label))
    return found


def test_a_tagged_dropdown_is_named_by_its_label_and_other_controls_keep_theirs() -> None:
    picker = tagged("game-picker", ft.Dropdown(label="Game", options=[]))
    assert isinstance(picker, ft.Semantics) and picker.label == "Game"
    assert picker.identifier == "game-picker"
    assert tagged("save", ft.Button("Save")).label is None  # a button says its own words


@pytest.mark.parametrize(
    "route",
    [
        "/setup/assistant",
        "/setup/seats",
        "/history",
        "/settings",
        "/calculators/mercante",
    ],
)
@run
async def test_every_dropdown_on_the_screen_is_named_by_its_label(store: Any, route: str) -> None:
    h = await Harness.start(create_main(store), route=route)
    assert h.find_all(ft.Dropdown), f"{route} shows a drop-down"
    assert nameless_dropdowns(h) == []


@run
async def test_the_score_pads_game_picker_is_named_game(store: Any) -> None:
    h = await new_pad(store)
    picker = h.by_id("game-picker")
    assert picker.label == "Game"
    assert nameless_dropdowns(h) == []
