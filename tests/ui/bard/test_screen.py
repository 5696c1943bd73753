"""The Bard screens on real flet Sessions and a real (temporary) history, without a browser:
a table started from the lobby, the board counted once with steppers and kept for every
song, cards entered as one card (top and Volume-gated bottom), "Best song" in one tap and a
plan loaded into the calculator, locations changed and taken out, the old saved song
imported; and several phones on one table: live pushes, stale taps applied when they still
fit and refused when they do not, undo, reloads, leaving, a full disk."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import flet as ft
import pytest

from companion.engine import bard
from companion.engine.bard import (
    BardGame,
    BeginSong,
    Board,
    SetBoard,
    SetTable,
    Table,
)
from companion.engine.bard.example import EXAMPLE_TABLE, example_tableau
from companion.engine.journey import JourneyGame
from companion.tables import TableHub
from companion.ui.app import create_main, sections
from companion.ui.bard.model import BARD_KEY, DAMAGED_KEY, BardDraft
from companion.ui.context import HOUSE_RULES_KEY
from companion.ui.model import live as live_logic
from tests.table_fixtures import game_on, table_from, writes_failing
from tests.ui_harness import Harness, is_shown, message, run, settled, text_of, visible

ROUTE = "/calculators/bard"
EXAMPLE_TABLEAU = example_tableau()
EXAMPLE_BOARD = EXAMPLE_TABLE


pytestmark = pytest.mark.usefixtures("players_who_look")


class Taps:
    """Every tap a test makes, counted (the entry of a board and a tableau is measured)."""

    def __init__(self, h: Harness) -> None:
        self.h = h
        self.count = 0

    async def tap(self, ident: str) -> None:
        self.count += 1
        await self.h.click(self.h.by_id(ident))

    async def pick(self, ident: str) -> None:
        """A selectable chip (it reports a ``select``)."""
        self.count += 1
        await self.h.fire(self.h.by_id(ident), "select", True)

    async def number(self, ident: str, value: int) -> None:
        """One segment of a row of numbers."""
        self.count += 1
        await self.h.select(self.h.by_id(ident), [str(value)])

    async def times(self, ident: str, n: int) -> None:
        for _ in range(n):
            await self.tap(ident)


def table_with(hub: TableHub, *actions: bard.BardAction, player: str = "Ann") -> int:
    return table_from(hub, "bard", BardGame.new(player=player), actions)


def example(hub: TableHub) -> int:
    """The Singing Step Example's board and tableau, no location sung yet."""
    return table_with(
        hub,
        SetTable(EXAMPLE_BOARD),
        SetBoard(Board(badges=1)),
        BeginSong(EXAMPLE_TABLEAU, 2, 6, soundstones=1),
    )


def game_of(hub: TableHub, table_id: int) -> BardGame:
    return game_on(hub.store, table_id, BardGame)


async def open_table(store: Any, hub: TableHub, table_id: int) -> Harness:
    return await Harness.start(create_main(store, hub=hub), route=f"{ROUTE}/{table_id}")


def count(h: Harness, ident: str) -> str:
    return str(h.by_id(f"{ident}-count").content.value)


def words(h: Harness, ident: str) -> str:
    """Every text inside the control tagged ``ident``."""
    from tests.ui_harness import walk

    return " ".join(
        c.value for c in walk(h.by_id(ident)) if isinstance(c, ft.Text) and isinstance(c.value, str)
    )


def test_the_bard_is_a_calculator_tool() -> None:
    calculators = next(s for s in sections() if s.id == "calculators")
    tool = next(t for t in calculators.tools if t.id == "bard")
    assert tool.title == "The Bard (Entertainer)"


# -- one phone -----------------------------------------------------------------------------------


@run
async def test_singing_step_example_entered_in_under_20_taps_then_best_song_and_load(
    store: Any, hub: TableHub
) -> None:
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert h.page.appbar.title.value == "The Bard"
    await h.type(h.by_id("bard-player-name"), "Ann")
    await h.click(h.by_id("start-bard"))
    (row,) = store.list_tables(tool="bard")
    assert h.page.appbar.title.value == "The Bard · Ann"
    t = Taps(h)
    # The board: 1 Adventurer in the Warrior Hall, 4 Warriors on the right side.
    await t.number("board-warrior-count", 1)
    await t.number("board-right-warrior", 4)
    await t.tap("board-badges-plus")  # one Badge placed before the song
    # The tableau: Volume 6, 1 Soundstone, then the three cards, each added with one tap
    # (its colour and icons), card C's bottom half with three more.
    await t.number("bard-volume", 6)
    await t.number("bard-soundstones", 1)
    await t.number("bard-add-any", 3)
    await t.number("bard-add-warrior", 2)
    await t.number("bard-add-noble", 2)
    await t.pick("bard-bottom-warrior")
    await t.number("bard-bottom-icons", 2)
    await t.number("bard-bottom-volume", 3)
    # Issue 21: a board and a typical tableau in at most 12 taps (17 before: a tap per
    # Adventurer, a tap for a card then one for its icons).
    assert t.count == 11  # board 3, Volume and Soundstones 2, three cards 6
    game = game_of(hub, row.id)
    assert game.table == EXAMPLE_BOARD
    assert game.song is not None and game.song.start.board == Board(badges=1)
    assert [s.to_dict() for s in game.song.sources] == [
        {"id": "A", "colour": "any", "count": 3, "label": "card A"},
        {"id": "B", "colour": "warrior", "count": 2, "label": "card B"},
        {"id": "C", "colour": "noble", "count": 2, "label": "card C"},
        {"id": "C-bottom", "colour": "warrior", "count": 2, "volume": 3, "label": "card C, bottom"},
        {"id": "soundstone-1", "colour": "any", "count": 3, "label": "Soundstone"},
    ]
    # One tap: the best song and two others, as cards.
    await h.click(h.by_id("bard-best"))
    assert words(h, "plan-1-title") == "Best song 32 gold"
    assert "8 Warrior icons × 4 Warriors on the right side = 32 gold" in words(h, "plan-1")
    assert visible(h, "plan-2") and visible(h, "plan-3")
    assert words(h, "plan-1-ahead") == (
        "Ranked above option 2: the same gold, and it places more Runes."
    )
    assert words(h, "plan-3-changes").startswith("Against the best: −8 gold")
    # Loaded into the calculator: the song's locations on the table, one change.
    await h.click(h.by_id("plan-1-load"))
    assert h.by_id("bard-net").value == "32 gold"
    assert not visible(h, "plan-1")
    assert message(h) == (
        "In the calculator now: 32 gold from Warrior Hall, Noble Hall and Dragon Island."
    )
    game = game_of(hub, row.id)
    assert game.song is not None and [p.location for p in game.song.performances] == [
        "warrior_hall",
        "noble_hall",
        "dragon_island",
    ]
    assert h.by_id("stop-3-gold").controls[1].value == "8 × 4 = 32"
    # Adjusted: the Noble Hall taken out, the gold stays, one Rune fewer.
    await h.click(h.by_id("stop-2-remove"))
    assert h.by_id("bard-net").value == "32 gold"
    assert [p.location for p in game_of(hub, row.id).song.performances] == [  # type: ignore[union-attr]
        "warrior_hall",
        "dragon_island",
    ]
    # ... and the Town Square typed in: a fan for card C's 2 Noble icons.
    await h.click(h.by_id("bard-go-town_square"))
    await h.fire(h.by_id("stop-src-C"), "select", True)
    assert h.by_id("stop-new-gold").value == "A fan"
    await h.click(h.by_id("stop-sing"))
    assert [r.location for r in game_of(hub, row.id).song.performances][-1] == "town_square"  # type: ignore[union-attr]
    await h.select(h.by_id("bard-boast"), True)
    assert h.has_text("6 − 3 − 3 = 0 Volume left")
    # Close the app and start it again: the table is still there, in the list too.
    again = await Harness.start(create_main(store), route=ROUTE)
    assert again.by_id(f"table-{row.id}")
    reopened = await Harness.start(create_main(store), route=f"{ROUTE}/{row.id}")
    assert reopened.by_id("bard-net").value == "32 gold"


@run
async def test_each_new_card_has_the_icons_tapped(store: Any, hub: TableHub) -> None:
    h = await open_table(store, hub, table_with(hub))
    t = Taps(h)
    await t.number("bard-add-wizard", 4)
    assert h.by_id("bard-add-wizard").selected == []  # nothing stays chosen: tap again to add
    await t.number("bard-add-bard", 1)
    song = game_of(hub, 1).song
    assert song is not None
    assert [(s.id, s.colour, s.count) for s in song.sources] == [
        ("A", "wizard", 4),
        ("B", "bard", 1),  # not 4: each card has the icons tapped
    ]
    assert h.by_id("bard-top-icons").selected == ["1"]
    await t.pick("bard-bottom-noble")
    assert h.by_id("bard-bottom-icons").selected == ["1"]
    assert h.by_id("bard-bottom-volume").selected == ["1"]
    # Coins are counts on a half.
    await t.number("bard-top-coins", 2)
    song = game_of(hub, 1).song
    assert song is not None and [(s.id, s.count, s.volume) for s in song.sources] == [
        ("A", 4, 0),
        ("B", 1, 0),
        ("B-coins", 2, 0),
        ("B-bottom", 1, 1),
    ]
    assert h.has_text("B: 1 Bard icon + 2 Coins · bottom 1 Noble icon (1 Volume)")
    await t.tap("bard-remove-card")
    song = game_of(hub, 1).song
    assert song is not None and [s.id for s in song.sources] == ["A"]


@run
async def test_the_board_is_kept_for_the_next_song(store: Any, hub: TableHub) -> None:
    table_id = example(hub)
    h = await open_table(store, hub, table_id)
    await h.click(h.by_id("bard-go-dragon_island"))
    assert h.has_text("Dragon Island needs one of your Runes in a Faction Hall first.")
    await h.click(h.by_id("stop-cancel"))
    await h.click(h.by_id("bard-go-warrior_hall"))
    await h.fire(h.by_id("stop-src-B"), "select", True)
    assert h.by_id("stop-new-gold").value == "A Rune in the Warrior Hall"
    await h.click(h.by_id("stop-sing"))
    await h.click(h.by_id("bard-end-song"))
    game = game_of(hub, table_id)
    assert game.song is None and game.board.runes == {"warrior"}
    assert message(h) == "Song ended: 0 gold. The next song keeps the board."
    # The next song: the same board, the Volume and Soundstone it left.
    assert h.by_id("bard-volume").selected == ["6"]
    assert h.by_id("bard-soundstones").selected == ["1"]
    await h.select(h.by_id("bard-add-warrior"), ["3"])
    await h.click(h.by_id("bard-best"))
    assert words(h, "plan-1-title") == "Best song 24 gold"  # 3 + 3 icons × 4 Warriors
    assert game_of(hub, table_id).table == EXAMPLE_BOARD


@run
async def test_a_sung_location_changes_and_a_change_it_cannot_follow_is_refused(
    store: Any, hub: TableHub
) -> None:
    table_id = example(hub)
    h = await open_table(store, hub, table_id)
    await h.click(h.by_id("bard-go-warrior_hall"))
    await h.fire(h.by_id("stop-src-B"), "select", True)
    await h.click(h.by_id("stop-sing"))
    await h.click(h.by_id("bard-go-pier_1"))
    await h.fire(h.by_id("stop-src-C"), "select", True)
    assert h.by_id("stop-new-gold").controls[0].value == "0 gold"
    assert h.has_text("No Nobles at this Pier: those icons earn nothing")
    await h.click(h.by_id("stop-sing"))
    # Change the Pier: card C is chosen there; card B, sung at location 1, cannot be.
    await h.click(h.by_id("stop-2-change"))
    assert h.by_id("stop-src-C").selected
    assert h.by_id("stop-src-B").disabled and h.by_id("stop-src-B").label.value.endswith("at 1")
    await h.fire(h.by_id("stop-src-A"), "select", True)  # 3 any-colour icons too
    await h.click(h.by_id("stop-sing"))
    song = game_of(hub, table_id).song
    assert song is not None and [s.source for s in song.performances[1].performance.spend] == [
        "C",
        "A",
    ]
    # Card B is sung at the Warrior Hall: taking it out of the tableau is refused, nothing
    # changes, and the phone says where it was sung.
    await h.click(h.by_id("bard-tableau"))
    await h.click(h.by_id("bard-card-B"))
    await h.click(h.by_id("bard-remove-card"))
    assert "would break the Warrior Hall (location 1)" in (message(h) or "")
    assert [s.id for s in game_of(hub, table_id).song.sources][:4] == [  # type: ignore[union-attr]
        "A",
        "B",
        "C",
        "C-bottom",
    ]
    # A board count that a location cannot follow is refused too: 2 Adventurers in the
    # Warrior Hall want more than card B's 2 icons.
    await h.click(h.by_id("bard-board"))
    await h.select(h.by_id("board-warrior-count"), ["2"])
    assert "would break the Warrior Hall (location 1)" in (message(h) or "")
    assert game_of(hub, table_id).table.hall("warrior") == 1
    assert h.by_id("board-warrior-count").selected == ["1"]


@run
async def test_best_song_with_goals_and_a_board_with_piers(store: Any, hub: TableHub) -> None:
    table_id = table_with(
        hub,
        SetTable(
            Table(
                piers={"pier_2": {"noble": 2}},
                halls={"warrior": 1},
                dragon_island={"right": {"warrior": 4}},
            )
        ),
        SetBoard(Board(badges=1)),
        BeginSong(EXAMPLE_TABLEAU, 2, 6, soundstones=1),
    )
    h = await open_table(store, hub, table_id)
    await h.click(h.by_id("bard-best"))
    # With 2 Nobles at Pier 2 the planner finds more than the example's 32.
    assert words(h, "plan-1-title") == "Best song 36 gold"
    assert "2 Noble icons × 2 Nobles = 4 gold" in words(h, "plan-1")
    await h.fire(h.by_id("goal-boast"), "select", True)
    assert words(h, "plan-1-title").startswith("Best song")
    assert "Then Boast: 3 Volume" in words(h, "plan-1")
    assert "Goal met: keep 3 Volume and Boast" in words(h, "plan-1")
    await h.fire(h.by_id("goal-fans-1"), "select", True)
    assert "Goal met: at least 1 fan" in words(h, "plan-1")
    await h.click(h.by_id("plan-1-load"))
    song = game_of(hub, table_id).song
    assert song is not None and song.boasts == 1
    assert any(p.location == "town_square" for p in song.performances)


@run
async def test_house_rules_show_paladins_gems_and_the_rule_text(store: Any, hub: TableHub) -> None:
    store.set_setting(
        HOUSE_RULES_KEY,
        [bard.RULING_PALADINS, bard.RULING_TOWN_SQUARE_ICON, bard.RULING_DRAGON_ISLAND],
    )
    table_id = table_with(hub)
    h = await open_table(store, hub, table_id)
    game = game_of(hub, table_id)
    assert game.rules.paladins_count and game.rules.gems_per_pier  # from Settings
    assert visible(h, "board-pier_1-paladin")
    assert words(h, "board-gem-reading").startswith(
        "Card price: each revealed Gem raises it at its own Pier only (your house rule)"
    )
    assert h.has_text(
        "Dragon Island pays Adventurers in the hall × matching Adventurers on the side "
        "(your house rule: the rule text)."
    )
    await h.select(h.by_id("board-pier_1-paladin"), ["1"])
    assert game_of(hub, table_id).table.paladins("pier_1") == 1
    # The Gems' Piers are sent once all four are chosen.
    for i in (1, 2, 3):
        await h.fire(h.by_id(f"board-gem-{i}-pier_2"), "select", True)
    assert game_of(hub, table_id).board.gem_piers == ()
    await h.fire(h.by_id("board-gem-4-pier_3"), "select", True)
    assert game_of(hub, table_id).board.gem_piers == ("pier_2", "pier_2", "pier_2", "pier_3")
    store.set_setting(HOUSE_RULES_KEY, [])
    plain = await open_table(store, hub, table_id)
    assert not visible(plain, "board-pier_1-paladin")
    assert not visible(plain, "board-gem-1-pier_1")
    assert words(plain, "board-gem-reading").startswith(
        "Card price: every revealed Gem raises it at every Pier"
    )
    assert visible(plain, f"ruling-{bard.RULING_TOWN_SQUARE_ICON}")


@run
async def test_under_the_boast_house_rule_the_boast_says_what_it_gave(
    store: Any, hub: TableHub
) -> None:
    store.set_setting(HOUSE_RULES_KEY, [bard.RULING_BOAST_GAINS])
    table_id = table_with(
        hub,
        SetBoard(Board(boast_area=1)),
        BeginSong((bard.IconSource("w", "warrior", 1),), 2, 3, soundstones=1),
    )
    h = await open_table(store, hub, table_id)
    assert not visible(h, "bard-boast-stones-plus")
    await h.select(h.by_id("bard-boast"), True)
    assert visible(h, "bard-boast-stones-plus") and count(h, "bard-boast-stones") == "0"
    await h.click(h.by_id("bard-boast-stones-plus"))
    song = game_of(hub, table_id).song
    assert song is not None and song.actions == (bard.Boast(soundstones=1),)
    assert count(h, "bard-boast-stones") == "1"
    assert "soundstone-2" in {s.id for s in song.unspent}
    store.set_setting(HOUSE_RULES_KEY, [])
    plain = await open_table(store, hub, table_with(hub))
    assert not visible(plain, "bard-boast-stones-plus")


@run
async def test_every_why_link_opens_its_rules(store: Any, hub: TableHub) -> None:
    table_id = example(hub)
    first = await open_table(store, hub, table_id)
    await first.click(first.by_id("bard-best"))
    await first.click(first.by_id("plan-1-load"))
    await first.click(first.by_id("stop-2-remove"))  # one move left: a location to type

    async def screen() -> Harness:
        """The table with every kind of number on show: locations sung, one being typed,
        the plans open."""
        h = await open_table(store, hub, table_id)
        await h.click(h.by_id("bard-go-pier_1"))
        await h.fire(h.by_id("stop-src-C"), "select", True)  # free once the Noble Hall is out
        await h.select(h.by_id("stop-buy"), True)
        await h.click(h.by_id("bard-best"))
        return h

    h = await screen()
    links = [
        s.identifier
        for s in h.find_all(ft.Semantics)
        if isinstance(s.identifier, str)
        and (s.identifier.startswith("why-") or s.identifier.endswith("-why"))
    ]
    expected = {"why-card-price", "why-fan-cost", "why-hand-size", "why-boast", "why-board"}
    assert expected | {"stop-1-why", "stop-2-why", "stop-new-why", "plan-1-stop-3-why"} <= set(
        links
    )
    for ident in links:
        if h.page.appbar.title.value != "The Bard · Ann":  # the last link opened an entry
            h = await screen()
        await h.click(h.by_id(ident))
        dialogs = h.dialogs(open_only=True)
        opened = h.page.appbar.title.value != "The Bard · Ann" or bool(dialogs)
        assert opened, ident
        if dialogs:
            tiles = [t for t in h.find_all(ft.Semantics) if str(t.identifier).startswith("why-")]
            assert tiles or isinstance(dialogs[-1], ft.BottomSheet | ft.AlertDialog), ident
            h.page.pop_dialog()
            await settled()


@run
async def test_an_old_saved_song_becomes_a_table_and_its_key_is_kept(
    store: Any, hub: TableHub
) -> None:
    draft = BardDraft(moves=2, volume=6, soundstones=1, badges=1)
    for colour, n, volume in (("any", 3, 0), ("warrior", 2, 0), ("noble", 2, 0), ("warrior", 2, 3)):
        draft.set_new(colour=colour, count=n, volume=volume)
        draft.add_source()
    hall = draft.add_stop("warrior_hall")
    draft.toggle_spend(hall.id, "B")
    draft.set_field(hall.id, "hall", "1")
    island = draft.add_stop("dragon_island")
    for source in ("D", "soundstone-1", "A"):
        draft.toggle_spend(island.id, source, "warrior")
    draft.set_field(island.id, "side:warrior", "4")
    draft.boast = True
    old = draft.to_dict()
    store.set_setting(BARD_KEY, old)
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert h.has_text("The song saved before is now a shared table")
    (row,) = store.list_tables(tool="bard")
    assert store.get_setting(BARD_KEY) is None
    assert store.get_setting(live_logic.imported_key(BARD_KEY)) == old
    game = game_of(hub, row.id)
    assert game.table == EXAMPLE_BOARD  # the counts typed at each location, as the board
    assert game.song is not None and game.song.gold == 32 and game.song.boasts == 1
    assert [s.id for s in game.song.sources][:4] == ["A", "B", "C", "D-bottom"]
    again = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert len(store.list_tables(tool="bard")) == 1  # imported once
    assert not again.has_text("The song saved before is now a shared table")


@run
async def test_a_damaged_old_save_is_kept_aside(store: Any, hub: TableHub) -> None:
    store.set_setting(BARD_KEY, {"format": "companion.bard.screen", "version": 1, "moves": "x"})
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert h.has_text("The game saved before could not be read back")
    assert store.get_setting(DAMAGED_KEY)["moves"] == "x"
    assert store.get_setting(BARD_KEY) is None
    assert h.find_all(ft.Semantics, identifier="start-bard")


@run
async def test_unknown_routes_and_tables_are_not_found(store: Any, hub: TableHub) -> None:
    journey = hub.create("journey", JourneyGame.new(["A", "B"])).table_id
    for route in (f"{ROUTE}/encore", f"{ROUTE}/999", f"{ROUTE}/0", f"{ROUTE}/1/x",
                  f"{ROUTE}/{journey}"):  # fmt: skip
        h = await Harness.start(create_main(store, hub=hub), route=route)
        assert h.page.appbar.title.value == "Not found", route


@run
async def test_finish_asks_first_and_the_table_leaves_the_list(store: Any, hub: TableHub) -> None:
    table_id = example(hub)
    t = await open_table(store, hub, table_id)
    await t.click(t.by_id("table-menu"))
    await t.click(t.by_id("finish-game"))
    await t.click(t.by_id("confirm-finish"))
    assert store.table(table_id).status == "finished"
    assert t.find_all(ft.Semantics, identifier="start-bard")
    assert not t.find_all(ft.Semantics, identifier=f"table-{table_id}")


# -- several phones on one table -----------------------------------------------------------------


@run
async def test_a_change_on_one_phone_shows_on_the_others_without_a_reload(
    store: Any, hub: TableHub
) -> None:
    table_id = example(hub)
    anna, ben, cleo = [await open_table(store, hub, table_id) for _ in range(3)]
    # Cleo is only typing a location: nobody else sees it, and pushes leave it alone.
    await cleo.click(cleo.by_id("bard-go-pier_1"))
    await cleo.fire(cleo.by_id("stop-src-B"), "select", True)
    await ben.select(ben.by_id("board-pier_1-warrior"), ["1"])
    await settled()
    for phone in (anna, cleo):
        assert phone.by_id("board-pier_1-warrior").selected == ["1"]
        assert message(phone) is None  # a push redraws, it does not speak
    assert cleo.by_id("stop-new-gold").controls[1].value == "2 × 1 = 2"  # on the new board
    assert not visible(anna, "stop-new")
    await cleo.click(cleo.by_id("stop-sing"))
    await settled()
    for phone in (anna, ben):
        assert phone.by_id("bard-net").value == "2 gold"
        assert phone.by_id("stop-1-gold").controls[1].value == "2 × 1 = 2"
    assert hub.subscriber_count(table_id) == 3


@run
async def test_a_stale_phone_tap_applies_when_it_still_fits_and_is_refused_when_not(
    store: Any, hub: TableHub
) -> None:
    table_id = example(hub)
    ben = await open_table(store, hub, table_id)
    cleo = await open_table(store, hub, table_id)
    cleo.conn.answers = False  # her phone has not drawn what happens from now on
    await ben.select(ben.by_id("board-pier_2-noble"), ["1"])  # the board
    # A tableau change on Cleo's stale screen does not depend on the board: applied.
    await cleo.select(cleo.by_id("bard-volume"), ["5"])
    game = game_of(hub, table_id)
    assert game.table.pier("pier_2")["noble"] == 1
    assert game.song is not None and game.song.start.volume == 5
    # Ben changes the tableau; Cleo, still stale, changes it too: refused, saying what.
    await settled()  # Ben's phone has drawn Cleo's change
    await ben.select(ben.by_id("bard-soundstones"), ["2"])
    assert game_of(hub, table_id).song.start.sources[-1].id == "soundstone-2"  # type: ignore[union-attr]
    await cleo.select(cleo.by_id("bard-volume"), ["4"])
    assert (message(cleo) or "").startswith("Another screen changed this table meanwhile")
    game = game_of(hub, table_id)
    assert game.song is not None and game.song.start.volume == 5
    assert cleo.by_id("bard-volume").selected == ["5"]  # brought up to date
    assert len(store.table_actions(table_id)) == 6  # the refused change is not there


@run
async def test_undo_takes_back_the_tables_last_change_for_every_phone(
    store: Any, hub: TableHub
) -> None:
    table_id = example(hub)
    ben = await open_table(store, hub, table_id)
    cleo = await open_table(store, hub, table_id)
    await ben.click(ben.by_id("bard-best"))
    await ben.click(ben.by_id("plan-1-load"))
    await settled()
    assert cleo.by_id("bard-net").value == "32 gold"
    await cleo.click(cleo.by_id("undo-last"))
    await settled()
    assert ben.by_id("bard-net").value == "0 gold"
    assert game_of(hub, table_id).song.performances == ()  # type: ignore[union-attr]
    assert message(cleo) is not None and message(cleo).startswith("Taken back: Song:")


@run
async def test_a_reload_shows_the_table_now_and_leaving_unsubscribes(
    store: Any, hub: TableHub
) -> None:
    table_id = example(hub)
    h = await open_table(store, hub, table_id)
    other = await open_table(store, hub, table_id)
    await h.select(h.by_id("board-pier_3-wizard"), ["1"])
    await h.session.disconnect(60)
    hub.submit(table_id, SetTable(Table(piers={"pier_3": {"wizard": 3}})), seen=4, device="x")
    await settled()
    h.session.attach_connection(h.conn)
    await h.session.dispatch_connect_event()
    await settled()
    assert message(h) is None
    assert h.by_id("board-pier_3-wizard").selected == ["3"]
    assert hub.subscriber_count(table_id) == 2
    await h.navigate(1)
    assert hub.subscriber_count(table_id) == 1
    other.session.close()
    await settled()
    assert hub.subscriber_count(table_id) == 0


@run
async def test_a_full_disk_is_a_message_and_the_change_is_not_shown(
    store: Any, hub: TableHub
) -> None:
    table_id = example(hub)
    h = await open_table(store, hub, table_id)
    other = await open_table(store, hub, table_id)
    await h.click(h.by_id("bard-go-warrior_hall"))
    await h.fire(h.by_id("stop-src-B"), "select", True)
    with writes_failing(store):
        await h.click(h.by_id("stop-sing"))
        await h.select(h.by_id("board-pier_1-noble"), ["1"])
    assert message(h) is not None and "Not saved: the disk is full" in message(h)
    assert h.by_id("board-pier_1-noble").selected == ["0"]  # not shown as done
    assert visible(h, "stop-new")  # the location typed is still there
    assert game_of(hub, table_id).song.performances == ()  # type: ignore[union-attr]
    await settled()
    assert other.by_id("bard-net").value == "0 gold"
    # The session goes on: the same tap, once the disk has room, is kept.
    await h.click(h.by_id("stop-sing"))
    assert h.by_id("stop-1-gold").value == "A Rune in the Warrior Hall"
    assert len(game_of(hub, table_id).song.performances) == 1  # type: ignore[union-attr]


@run
async def test_a_damaged_table_is_shown_read_only(store: Any, hub: TableHub) -> None:
    table_id = example(hub)
    store.append_action(
        table_id=table_id,
        seq=4,
        body={"kind": "faction_hall", "hall": "warrior", "spend": [{"source": "Z"}]},
        device="x",
        summary={},
    )
    h = await Harness.start(create_main(store), route=f"{ROUTE}/{table_id}")
    assert h.has_text("This table is read-only: step 4 ('faction_hall') no longer replays")
    assert h.by_id("bard-summary").parent is not None
    assert len(store.table_actions(table_id)) == 4


def tonight(hub: TableHub, game: str = "merchants_cove") -> int:
    """An open game night with Ann, Ben, Cleo and Dan seated."""
    from companion.engine.seats import Seating

    night = Seating.new(game, seed=482913, seats=("Ann", "Ben", "Cleo", "Dan"))
    return hub.create("seats", night).table_id


@run
async def test_the_player_picker_lists_tonights_seated_players(store: Any, hub: TableHub) -> None:
    tonight(hub)
    h = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    chips = h.find_all(ft.Chip)
    assert [c.label.value for c in chips] == ["Ann", "Ben", "Cleo", "Dan"]
    await h.click(chips[1])  # one tap: Ben plays the Bard, nothing typed
    assert h.by_id("bard-player-name").value == "Ben"
    await h.click(h.by_id("start-bard"))
    assert h.page.appbar.title.value == "The Bard · Ben"


@run
async def test_a_songs_gold_goes_to_a_seated_players_tally_in_one_tap(
    store: Any, hub: TableHub
) -> None:
    night_id = tonight(hub)
    table_id = example(hub)
    h = await open_table(store, hub, table_id)
    other = await Harness.start(create_main(store, hub=hub), route=f"/setup/seats/{night_id}")
    await h.click(h.by_id("bard-best"))
    await h.click(h.by_id("plan-1-load"))
    assert h.by_id("bard-net").value == "32 gold"
    labels = [text_of(h.by_id(f"bard-tally-{i}")) for i in range(1, 5)]
    assert labels == [f"Add 32 gold to {p}" for p in ("Ann", "Ben", "Cleo", "Dan")]
    assert not other.has_text("+32 The Bard's song")
    await h.click(h.by_id("bard-tally-3"))
    assert message(h) == "Added 32 gold to Cleo's tally"
    await other.settled()
    assert other.has_text("+32 The Bard's song")  # the night's screen on the other phone
    (line,) = hub.open(night_id).game.tally
    assert (line.player, line.points, line.what, line.tool) == (
        "Cleo",
        32,
        "The Bard's song",
        "bard",
    )
    assert line.working == "Dragon Island 32 = 32 gold"
    # The Bard's own table did not change: the tally is the night's.
    assert game_of(hub, table_id).song is not None


@run
async def test_without_a_night_of_merchants_cove_there_is_nothing_to_add_to(
    store: Any, hub: TableHub
) -> None:
    tonight(hub, game="mercante")
    h = await open_table(store, hub, example(hub))
    await h.click(h.by_id("bard-best"))
    await h.click(h.by_id("plan-1-load"))
    assert h.by_id("bard-net").value == "32 gold"
    assert not visible(h, "bard-tally")


@run
async def test_the_bards_own_player_comes_first_among_the_tally_buttons(
    store: Any, hub: TableHub
) -> None:
    tonight(hub)
    table_id = table_with(
        hub,
        SetTable(EXAMPLE_BOARD),
        SetBoard(Board(badges=1)),
        BeginSong(EXAMPLE_TABLEAU, 2, 6, soundstones=1),
        player="Cleo",
    )
    h = await open_table(store, hub, table_id)
    await h.click(h.by_id("bard-best"))
    await h.click(h.by_id("plan-1-load"))
    row = h.by_id("bard-tally").controls[1]
    assert [b.identifier for b in row.controls] == [
        "bard-tally-3",  # Cleo plays the Bard: her button first, still tagged by her seat
        "bard-tally-1",
        "bard-tally-2",
        "bard-tally-4",
    ]
    assert text_of(h.by_id("bard-tally-3")) == "Add 32 gold to Cleo"


# -- a steady screen (issue 21) ------------------------------------------------------------------

#: A main board mid-game: 28 Adventurers in 12 places (a stepper took one tap per Adventurer).
MAIN_BOARD = {
    ("pier_1", "warrior"): 2,
    ("pier_1", "bard"): 1,
    ("pier_2", "noble"): 3,
    ("pier_3", "wizard"): 2,
    ("warrior", None): 2,
    ("noble", None): 3,
    ("bard", None): 1,
    ("wizard", None): 1,
    ("right", "warrior"): 4,
    ("right", "noble"): 2,
    ("left", "bard"): 3,
    ("left", "wizard"): 4,
}


def stops_shown(h: Harness) -> list[str]:
    """The locations of the song as the screen shows them, in order (``stop-new``: the
    editor)."""
    from tests.ui_harness import walk

    return [
        c.identifier
        for c in walk(h.by_id("bard-locations"))
        if isinstance(c, ft.Semantics)
        and re.fullmatch(r"stop-(\d+|new)", c.identifier or "")
        and is_shown(c)
    ]


async def scrolled_to(h: Harness) -> list[str]:
    """The scroll keys the screen asked the browser to bring into view, in order."""
    await asyncio.sleep(0.2)
    await settled()
    return [
        str(m.body.args.get("scroll_key"))
        for m in h.conn.messages
        if getattr(m.body, "name", None) == "scroll_to"
    ]


@run
async def test_a_main_board_of_28_adventurers_takes_12_taps_one_number_each(
    store: Any, hub: TableHub
) -> None:
    table_id = table_with(hub)
    h = await open_table(store, hub, table_id)
    t = Taps(h)
    for (place, colour), n in MAIN_BOARD.items():
        await t.number(f"board-{place}-{colour or 'count'}", n)
    assert sum(MAIN_BOARD.values()) == 28
    assert t.count == 12  # one tap per place, not one per Adventurer (28 before)
    table = game_of(hub, table_id).table
    assert table.pier("pier_1")["warrior"] == 2 and table.pier("pier_2")["noble"] == 3
    assert table.hall("noble") == 3 and table.hall("wizard") == 1
    assert table.side("right")["warrior"] == 4 and table.side("left")["wizard"] == 4
    # A count above the row's numbers: its last segment, then one more each tap.
    await t.number("board-right-warrior", "more")  # type: ignore[arg-type]
    assert game_of(hub, table_id).table.side("right")["warrior"] == 7
    await t.number("board-right-warrior", "more")  # type: ignore[arg-type]
    assert game_of(hub, table_id).table.side("right")["warrior"] == 8
    assert words(h, "board-right-warrior") == "0 1 2 3 4 5 6 8"
    # The Runes: one chip per hall.
    await t.pick("board-rune-noble")
    assert game_of(hub, table_id).board.runes == {"noble"}


@run
async def test_change_opens_the_editor_in_place_and_end_song_keeps_the_total_in_view(
    store: Any, hub: TableHub
) -> None:
    table_id = example(hub)
    h = await open_table(store, hub, table_id)
    await h.click(h.by_id("bard-best"))
    await h.click(h.by_id("plan-1-load"))
    assert stops_shown(h) == ["stop-1", "stop-2", "stop-3"]
    # "Change" on the second location: the editor takes its place, under the thumb.
    await h.click(h.by_id("stop-2-change"))
    assert stops_shown(h) == ["stop-1", "stop-new", "stop-3"]
    assert visible(h, "stop-new") and words(h, "stop-new").startswith("2 Change Noble Hall")
    assert await scrolled_to(h) == ["bard-stop-editor"]
    await h.click(h.by_id("stop-cancel"))
    assert stops_shown(h) == ["stop-1", "stop-2", "stop-3"]
    # A new location is typed after the last one, where the "Move on to" chips were.
    await h.click(h.by_id("stop-3-remove"))
    await h.click(h.by_id("bard-go-pier_1"))
    assert stops_shown(h) == ["stop-1", "stop-2", "stop-new"]
    await h.click(h.by_id("stop-cancel"))
    # "End the song": the page is much shorter; the song's total is brought into view.
    await h.click(h.by_id("bard-end-song"))
    assert (await scrolled_to(h))[-1] == "bard-song-total"


@run
async def test_a_house_rule_switch_takes_effect_at_once_in_the_dialog(
    store: Any, hub: TableHub
) -> None:
    """Issue 21: "gold at Dragon Island" switched in its sheet: Best song follows before the
    sheet closes."""
    table_id = example(hub)
    h = await open_table(store, hub, table_id)
    await h.click(h.by_id("bard-best"))
    assert words(h, "plan-1-title") == "Best song 32 gold"  # 8 icons × 4 Warriors
    await h.click(h.by_id(f"ruling-{bard.RULING_DRAGON_ISLAND}"))
    await h.select(h.by_id(f"ruling-switch-{bard.RULING_DRAGON_ISLAND}"), True)
    assert game_of(hub, table_id).rules.dragon_island == "text"  # the table, not on close
    assert words(h, "plan-1-title") != "Best song 32 gold"  # 1 in the hall × 4 Warriors now
    assert not visible(h, f"ruling-refused-{bard.RULING_DRAGON_ISLAND}")
    assert bard.RULING_DRAGON_ISLAND in store.get_setting(HOUSE_RULES_KEY)


@run
async def test_a_house_rule_the_song_cannot_follow_says_why_in_the_dialog(
    store: Any, hub: TableHub
) -> None:
    """Issue 21: on a table that sang at Dragon Island, the switch said "on" while Best song
    paid the other reading, and the refusal showed only after reopening."""
    table_id = example(hub)
    h = await open_table(store, hub, table_id)
    await h.click(h.by_id("bard-best"))
    await h.click(h.by_id("plan-1-load"))  # sings at Dragon Island: 8 × 4 = 32
    await h.click(h.by_id(f"ruling-{bard.RULING_DRAGON_ISLAND}"))
    switch = h.by_id(f"ruling-switch-{bard.RULING_DRAGON_ISLAND}")
    await h.select(switch, True)
    assert switch.value is False  # it goes back: the table keeps its reading
    assert visible(h, f"ruling-refused-{bard.RULING_DRAGON_ISLAND}")
    said = words(h, f"ruling-refused-{bard.RULING_DRAGON_ISLAND}")
    assert said == (
        "Not switched: this table keeps the reading it was played with, because a location "
        "this song has sung would not work under the other one. Take that location out of "
        "the song, or end the song, and switch again."
    )
    assert game_of(hub, table_id).rules.dragon_island != "text"
    assert bard.RULING_DRAGON_ISLAND not in (store.get_setting(HOUSE_RULES_KEY) or [])
    assert h.by_id("bard-net").value == "32 gold"


@run
async def test_back_from_an_entry_opened_by_why_returns_to_the_table(
    store: Any, hub: TableHub
) -> None:
    """Issue 21: the in-app back arrow of an entry opened by a "Why?" went to Rules."""
    table_id = example(hub)
    h = await open_table(store, hub, table_id)
    await h.click(h.by_id("why-tableau"))
    if h.dialogs(ft.AlertDialog, open_only=True):  # several entries: the first
        first = next(
            s
            for s in h.find_all(ft.Semantics)
            if isinstance(s.identifier, str) and s.identifier.startswith("why-entry-")
        )
        await h.click(first.content)
    assert h.page.navigation_bar.selected_index == 2  # Rules shows the entry
    assert h.by_id("entry-title").value
    await h.click(h.by_id("app-back"))
    assert h.page.appbar.title.value == "The Bard · Ann"
    assert h.by_id("bard-summary")


def spoken(control: Any) -> str | None:
    """What a screen reader says for a tappable control (None: not one of those): its text's
    own name where it has one (``semantics_label``), else its words or its icon's label."""
    if isinstance(control, (ft.Segment, ft.Chip)):
        label = control.label
    elif isinstance(control, ft.IconButton):
        icon = control.icon
        return icon.semantics_label if isinstance(icon, ft.Icon) else control.tooltip
    elif isinstance(control, (ft.OutlinedButton, ft.TextButton, ft.FilledButton)):
        label = control.content
    else:
        return None
    if isinstance(label, ft.Text):
        return label.semantics_label or label.value
    return str(label)


@run
async def test_every_counter_and_choice_on_the_bard_screen_has_a_name_of_its_own(
    store: Any, hub: TableHub
) -> None:
    """Review F2 (issue 21): a screen reader heard "3" for every row of the board, "Creature
    cards: one more" for two counts and "Change" for every location."""
    table_id = example(hub)
    h = await open_table(store, hub, table_id)
    for place in ("warrior_hall", "pier_1"):
        await h.click(h.by_id(f"bard-go-{place}"))
        await h.fire(
            h.by_id("stop-src-B" if place == "warrior_hall" else "stop-src-C"), "select", True
        )
        await h.click(h.by_id("stop-sing"))
    await h.click(h.by_id("bard-board"))
    await h.click(h.by_id("bard-tableau"))
    await h.click(h.by_id("bard-card-C"))  # its editor: top and bottom half
    await h.click(h.by_id("bard-best"))
    said = [
        name for c in h.all() if is_shown(c) and (name := spoken(c)) is not None and name != "Why?"
    ]
    assert "3 Nobles at Pier 1" in said
    assert "One more Creature card in your Boast area" in said
    assert "One more Creature card left on Dragon Island" in said
    assert "The card's bottom half shows Warrior icons" in said
    assert "Change location 2, Pier 1" in said and "Take out location 1, Warrior Hall" in said
    assert "Load the best song into the calculator" in said
    shared = sorted({n for n in said if said.count(n) > 1})
    assert shared == []


@run
async def test_a_players_table_title_takes_two_lines_beside_the_bars_icons(
    store: Any, hub: TableHub
) -> None:
    """At 390 px "The Bard · Chloé" beside Undo, the table menu and Settings was cut to
    "The Bard · Ch…": beside several icons a shorter title already takes two smaller lines."""
    h = await open_table(store, hub, table_with(hub, player="Chloé"))
    title = h.page.appbar.title
    assert title.value == "The Bard · Chloé" and len(h.page.appbar.actions) >= 3
    assert title.max_lines == 2 and title.theme_style == ft.TextThemeStyle.TITLE_MEDIUM
    lobby = await Harness.start(create_main(store, hub=hub), route=ROUTE)
    assert lobby.page.appbar.title.max_lines == 1  # "The Bard" alone fits
