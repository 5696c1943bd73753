"""The setup assistant's table (companion.engine.setup.game and .actions): actions read back
from their saved form, the start read back, what each action depends on (a tick reads its
step, a module choice the selection, a fix what it fixes), absolute actions that refuse to
do nothing, the words for what changed, and the hub applying stale-but-independent taps."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import setup as engine
from companion.engine.core.protocol import TableRules
from companion.engine.setup import (
    ApplyFix,
    ChooseGame,
    ClearChoice,
    ClearPins,
    DrawCard,
    MarkDone,
    MarkNotDone,
    ResetChecklist,
    SetBeast,
    SetCard,
    SetModule,
    SetPin,
    SetPlayers,
    SetSeed,
    SetSize,
    SetupAction,
    SetupGame,
    Surprise,
)
from companion.history import open_store
from companion.tables import Applied, Refused, TableHub

RULES = engine.TABLE_RULES
MODULE_IDS = engine.module_ids()

EVERY_ACTION: list[SetupAction] = [
    ChooseGame("mercante"),
    SetPlayers(3),
    SetModule("apprentices", True),
    ApplyFix("Add the Faction Festival", frozenset({"faction_festival"}), frozenset(), frozenset()),
    SetCard("paladin", "oath_of_honor"),
    SetCard("rogue", None),
    SetBeast("nessie", True),
    ClearChoice(),
    SetPin("lawyers", "keep"),
    SetPin("lawyers", None),
    ClearPins(),
    SetSize(3),
    SetSize(None),
    SetSeed(482913),
    Surprise(7),
    DrawCard("rogue", 7),
    MarkDone("cove.base"),
    MarkNotDone("cove.base"),
    ResetChecklist(),
]


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[TableHub]:
    store = open_store(f"sqlite:///{tmp_path / 'setup.sqlite3'}")
    yield TableHub(store)
    store.close()


def festival() -> SetupGame:
    return SetupGame.fresh(seed=5).with_modules(["faction_festival", "paladins"])


# -- the protocol ----------------------------------------------------------------------------------


def test_the_setup_assistant_exports_its_table_rules() -> None:
    assert isinstance(RULES, TableRules)
    assert RULES.tool == "setup" and RULES.error is engine.SetupError
    from companion.tables.registry import tools

    assert tools()["setup"] is RULES
    game = festival().tick(festival().steps()[0])
    assert RULES.players(game) == ("Merchants Cove, 4 players",)
    assert (
        RULES.status(game) == f"1 of {len(game.steps())} steps done · Faction Festival and Paladins"
    )


@pytest.mark.parametrize("action", EVERY_ACTION, ids=lambda a: a.kind)
def test_actions_read_back_from_their_saved_form(action: SetupAction) -> None:
    saved = json.loads(json.dumps(action.to_dict()))
    assert RULES.read_action(saved) == action


@pytest.mark.parametrize(
    ("data", "names"),
    [
        ({"kind": "mark_done"}, "step: this field is needed"),
        ({"kind": "mark_done", "step": 3}, "3"),
        ({"kind": "set_module", "module": "lawyers", "on": "yes"}, "'yes'"),
        ({"kind": "set_players", "players": True}, "True"),
        ({"kind": "set_card", "card_kind": "beast", "card": "nessie"}, "'beast'"),
        ({"kind": "set_pin", "module": "lawyers", "mode": "sometimes"}, "'sometimes'"),
        ({"kind": "mark_done", "step": "cove.base", "extra": 1}, "'extra'"),
        ({"kind": "toggle_step", "step": "cove.base"}, "'toggle_step'"),
        (["mark_done"], "['mark_done']"),
    ],
)
def test_a_bad_action_names_the_field(data: object, names: str) -> None:
    with pytest.raises(engine.SaveDataError) as raised:
        RULES.read_action(data)
    assert names in str(raised.value)


def test_the_start_is_the_fresh_game_read_back() -> None:
    game = festival().pin("lawyers", "never").with_rules(["setup.paladin_split"])
    start = RULES.start_of(game)
    assert json.loads(json.dumps(start)) == start
    assert RULES.read_start(start) == game
    assert start["format"] == "companion.setup.table" and start["version"] == 1


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"game": "catan"}, engine.UnknownGameError),
        ({"players": 9}, engine.PlayerCountError),
        ({"modules": ["pirate_ships"]}, engine.UnknownModuleError),
        ({"cards": {"paladin": "sirens"}}, engine.UnknownCardError),
        ({"ticks": ["cove.base"]}, engine.SaveDataError),
        ({"house_rules": ["mercante.price_floor"]}, engine.SaveDataError),
        ({"seed": -1}, engine.SeedError),
        ({"version": 2}, engine.SaveDataError),
        ({"colour": "red"}, engine.SaveDataError),
    ],
    ids=lambda v: str(v)[:30],
)
def test_a_damaged_start_is_refused_naming_the_field(
    change: dict[str, Any], error: type[Exception]
) -> None:
    with pytest.raises(error):
        RULES.read_start({**festival().to_dict(), **change})


# -- what an action depends on ---------------------------------------------------------------------


def test_a_tick_reads_only_its_own_step() -> None:
    seen = festival()
    steps = seen.steps()
    now = seen.apply(MarkDone(steps[0].id))[0]
    # Another phone ticked step 1: a tick of step 2 from a screen that had not seen it fits...
    assert RULES.fits(seen, now, MarkDone(steps[1].id))
    # ... a tick of step 1 itself is refused, saying it is done already.
    with pytest.raises(engine.StepError, match=r"^Step 1 \(Merchants Cove\) is already marked"):
        now.apply(MarkDone(steps[0].id))
    assert RULES.changed(seen, now) == "Changed meanwhile: step 1 (Merchants Cove) was marked done"
    # A choice that leaves a step's words alone leaves its tick free too.
    pinned = seen.apply(SetPin("lawyers", "keep"))[0]
    assert RULES.fits(seen, pinned, MarkDone(steps[1].id))


def test_a_tick_of_a_step_whose_words_changed_meanwhile_is_refused() -> None:
    seen = festival()
    assistants = seen.step("festival.assistants")
    assert assistants is not None and "12 Assistants" in assistants.text
    more = seen.apply(SetPlayers(5))[0]
    assert not RULES.fits(seen, more, MarkDone("festival.assistants"))
    assert RULES.fits(seen, more, MarkDone("cove.base"))  # its words are the same
    assert "the player count went from 4 to 5" in RULES.changed(seen, more)


def test_a_module_choice_reads_the_selection_and_a_fix_what_it_fixes() -> None:
    seen = SetupGame.fresh(seed=5).with_modules(["apprentices"])
    error = next(f for f in seen.findings() if f.level == "error")
    fix = error.fixes[0]
    fixed = seen.apply(ApplyFix(fix.label, fix.add, fix.remove, fix.drop_cards))[0]
    # A stale phone's module tick is refused: the selection it saw is not the table's.
    assert not RULES.fits(seen, fixed, SetModule("honor_tokens", True))
    assert "the Faction Festival and the Paladins added" in RULES.changed(seen, fixed)
    # The same fix from another stale phone is refused (it would change nothing now)...
    assert not RULES.fits(seen, fixed, ApplyFix(fix.label, fix.add, fix.remove, fix.drop_cards))
    # ... while a fix of something else, and a card chosen, still fit.
    honor = seen.apply(SetCard("rogue", "sirens"))[0]
    assert RULES.fits(seen, honor, ApplyFix(fix.label, fix.add, fix.remove, fix.drop_cards))
    assert RULES.fits(seen, fixed, SetCard("rogue", "sirens"))


def test_actions_are_absolute_and_refuse_to_change_nothing() -> None:
    game = festival()
    step = game.steps()[0]
    done = game.apply(MarkDone(step.id))[0]
    with pytest.raises(
        engine.StepError, match="Step 1 \\(Merchants Cove\\) is already marked done"
    ):
        done.apply(MarkDone(step.id))
    with pytest.raises(engine.StepError, match="is not marked done"):
        game.apply(MarkNotDone(step.id))
    with pytest.raises(engine.StepError, match="that step is not on this checklist"):
        game.apply(MarkDone("nowhere"))
    with pytest.raises(engine.UnchangedError, match="Paladins is already in the choice"):
        game.apply(SetModule("paladins", True))
    with pytest.raises(engine.UnchangedError):
        game.apply(SetPlayers(4))
    with pytest.raises(engine.UnchangedError):
        game.apply(ResetChecklist())
    with pytest.raises(engine.UnknownModuleError, match="there is no module dragons"):
        game.apply(SetModule("dragons", True))
    undone = done.apply(MarkNotDone(step.id))[0]
    assert undone == game and len(undone.log) == 2


def test_a_ticked_step_whose_words_changed_is_confirmed_by_marking_it_done() -> None:
    game = festival()
    ticked = game.apply(MarkDone("festival.assistants"))[0]
    bigger, _ = ticked.apply(SetPlayers(5))
    assert bigger.progress().changed == ("festival.assistants",)
    checked, record = bigger.apply(MarkDone("festival.assistants"))
    assert checked.progress().changed == () and "checked again" in record.summary


def test_the_log_records_each_action_and_the_start() -> None:
    game = festival()
    for action in (SetModule("honor_tokens", True), MarkDone("cove.base"), SetSize(2)):
        game = game.apply(action)[0]
    assert [r.action.kind for r in game.log] == ["set_module", "mark_done", "set_size"]
    assert game.start == festival()
    assert game.replayed(game.start) == game


def test_house_rules_change_the_words_of_a_ticked_step() -> None:
    game = festival().apply(MarkDone("paladins.meeples"))[0]
    assert RULES.with_rules is not None
    ruled = RULES.with_rules(game, frozenset({"setup.paladin_split", "mercante.other"}))
    assert ruled.rules == {"setup.paladin_split"}
    assert ruled.progress().changed == ("paladins.meeples",)


# -- on the hub: several phones ----------------------------------------------------------------


def test_two_phones_ticking_different_steps_both_count(hub: TableHub) -> None:
    start = hub.create("setup", festival())
    steps = festival().steps()
    one = hub.submit(start.table_id, MarkDone(steps[0].id), seen=start.seq, device="a")
    two = hub.submit(start.table_id, MarkDone(steps[1].id), seen=start.seq, device="b")
    assert isinstance(one, Applied) and isinstance(two, Applied)
    three = hub.submit(start.table_id, MarkDone(steps[0].id), seen=start.seq, device="c")
    assert isinstance(three, Refused)
    assert three.message == "Step 1 (Merchants Cove) is already marked done."
    game = TableHub(hub.store).open(start.table_id).game
    assert set(game.ticked) == {steps[0].id, steps[1].id}


def test_an_old_fix_undo_cannot_wipe_the_checklist(hub: TableHub) -> None:
    """Issue 7: after a reload an old "Done: remove the Dragon Island Festival — Undo" came
    back, and tapping it wiped the checklist from 3/11 to 0/10."""
    start = hub.create("setup", festival().with_modules(["faction_festival", "paladins",
                                                          "dragon_island_festival"]))  # fmt: skip
    table = start.table_id
    fix = hub.submit(table, SetModule("dragon_island_festival", False), seen=start.seq, device="a")
    assert isinstance(fix, Applied)
    snapshot = fix.snapshot
    for step in snapshot.game.steps()[:3]:
        outcome = hub.submit(table, MarkDone(step.id), seen=snapshot.seq, device="b")
        assert isinstance(outcome, Applied)
        snapshot = outcome.snapshot
    late = hub.undo(table, of=fix.seq, seen=fix.seq, device="a")
    assert isinstance(late, Refused) and "no longer the last move" in late.message
    game = TableHub(hub.store).open(table).game
    assert game.progress().done == 3 and "dragon_island_festival" not in game.modules


# -- invariants --------------------------------------------------------------------------------


def _actions(game: SetupGame) -> st.SearchStrategy[SetupAction]:
    steps = [s.id for s in game.steps()] or ["cove.base"]
    return st.one_of(
        st.builds(SetModule, st.sampled_from(MODULE_IDS), st.booleans()),
        st.builds(SetPlayers, st.integers(1, 6)),
        st.builds(MarkDone, st.sampled_from(steps)),
        st.builds(MarkNotDone, st.sampled_from(steps)),
        st.builds(SetPin, st.sampled_from(MODULE_IDS), st.sampled_from(["keep", "never", None])),
        st.builds(SetCard, st.just("rogue"), st.sampled_from([None, "sirens", "witches"])),
        st.builds(ChooseGame, st.sampled_from(engine.setup_games())),
        st.just(ResetChecklist()),
    )


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_any_run_of_actions_keeps_a_readable_table(data: st.DataObject) -> None:
    game = SetupGame.fresh(seed=1)
    for _ in range(data.draw(st.integers(1, 12))):
        action = data.draw(_actions(game))
        before = game
        try:
            game, record = game.apply(action)
        except engine.SetupError:
            assert game == before  # refused: nothing changed
            continue
        assert record.before == before
        # every tick points at a step of the checklist it was made on
        assert set(game.ticked) <= {s.id for s in game.steps()}
    for record in game.log:
        assert RULES.read_action(json.loads(json.dumps(record.action.to_dict()))) == record.action
    assert RULES.read_start(json.loads(json.dumps(game.to_dict()))) == game
    assert game.replayed(game.start) == game
