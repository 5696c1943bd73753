"""Settings › BG Stats on a real flet Session (no browser): "me" and BoardGameGeek ids."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.history import Store, open_store
from companion.history.bgstats import Preferences
from companion.ui.app import create_main
from companion.ui.settings.model import bgstats as logic
from tests.ui_harness import Harness, run


@pytest.fixture
def store(store: Store) -> Store:
    """The screen's store (tests/ui/conftest.py) with two plays in it."""
    store.record_play("Catan", [("Ann", 10), ("Bob", 8)])
    store.record_play("mercante", [("Ann", 40), ("Cleo", 42)])
    return store


@pytest.mark.parametrize(
    ("typed", "expected"), [("13", 13), (" 13 ", 13), ("", None), ("   ", None), (None, None)]
)
def test_a_typed_id_is_a_whole_number(typed: str | None, expected: int | None) -> None:
    assert logic.parse_bgg_id(typed) == expected


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("13a", "'13a' is not a BoardGameGeek id"),
        ("-4", "'-4' is not a BoardGameGeek id"),
        ("1e5", "'1e5' is not a BoardGameGeek id"),
        ("١٣", "is not a BoardGameGeek id"),
        ("0", "a number from 1 to 2,147,483,647"),
        ("99999999999", "a number from 1 to 2,147,483,647"),
    ],
)
def test_a_typed_id_that_is_not_one_says_why(typed: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        logic.parse_bgg_id(typed)


def test_me_is_a_known_player_or_nobody() -> None:
    players = ["Ann", "Bob"]
    assert logic.me_options(players)[0][0] == logic.NOBODY
    assert logic.me_value(Preferences(me="ann"), players) == "Ann"
    assert logic.me_value(Preferences(me="Zed"), players) == logic.NOBODY
    assert logic.with_me(Preferences(), logic.NOBODY).me is None
    prefs = logic.with_bgg_id(Preferences(), "Catan", 13)
    assert prefs.bgg_id("CATAN") == 13 and logic.id_text(prefs, "catan") == "13"
    assert logic.with_bgg_id(prefs, "Catan", None).bgg_id("Catan") == 0


def id_field(h: Harness, game: str) -> ft.TextField:
    field: ft.TextField = h.by_id(f"bgg-id-{game}")
    return field


@run
async def test_marking_me_and_setting_ids_reach_the_export(store: Any) -> None:
    h = await Harness.start(create_main(store), route="/settings")
    assert h.has_text("BG Stats")
    me = h.by_id("bgstats-me")
    assert [o.text for o in me.options][1:] == store.player_names()
    await h.select(me, "Cleo")
    assert store.bgstats_preferences().me == "Cleo"
    assert h.has_text("BG Stats exports now name Cleo as you")

    catan = id_field(h, "Catan")
    await h.type(catan, "13x")
    assert catan.error and "not a BoardGameGeek id" in catan.error
    assert store.bgstats_preferences().bgg_id("Catan") == 0
    await h.type(catan, "13")
    assert catan.error is None
    assert store.bgstats_preferences().bgg_id("Catan") == 13

    exported = json.loads(store.export_bgstats())
    cleo = next(p for p in exported["players"] if p["name"] == "Cleo")
    assert exported["userInfo"]["meRefId"] == cleo["id"]
    assert next(g for g in exported["games"] if g["name"] == "Catan")["bggId"] == 13

    # Opened again, the screen shows what was saved; clearing the field removes the id.
    again = await Harness.start(create_main(store), route="/settings")
    assert again.by_id("bgstats-me").value == "Cleo"
    catan = id_field(again, "Catan")
    assert catan.value == "13"
    await again.type(catan, "")
    assert store.bgstats_preferences().bgg_id("Catan") == 0
    await again.select(again.by_id("bgstats-me"), logic.NOBODY)
    assert store.bgstats_preferences().me is None


@run
async def test_with_no_games_yet_the_section_says_so(tmp_path: Path) -> None:
    with open_store(f"sqlite:///{tmp_path / 'empty.sqlite3'}") as empty:
        h = await Harness.start(create_main(empty), route="/settings")
        assert h.has_text("Games appear here once a play of them is saved.")
        assert [o.text for o in h.by_id("bgstats-me").options] == ["Nobody (anonymous)"]
