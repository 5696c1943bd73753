"""Ruling ids renamed when ``data/`` went by tool (companion.rules.renamed): an id stored under
its old name (Settings, a shared table's start and log, a saved game) still reads, and the
table behaves exactly as with the current id."""

from __future__ import annotations

import json
from typing import Any, cast

import flet as ft
import pytest

from companion.engine import journey as j
from companion.engine import setup as engine
from companion.engine.setup import SetupGame
from companion.history import Store
from companion.rules import catalogue
from companion.rules.renamed import RENAMED_RULINGS, current_ruling_ids
from companion.tables import Applied, TableHub
from companion.tables.registry import tools
from companion.ui.context import HOUSE_RULES_KEY, AppContext
from tests.table_fixtures import fresh_journey

OLD = {new: old for old, new in RENAMED_RULINGS.items()}


def _old(value: Any) -> Any:
    """``value`` (a saved form) as an older version wrote it: every current id by its old name."""
    if isinstance(value, str):
        return OLD.get(value, value)
    if isinstance(value, list):
        return [_old(v) for v in value]
    if isinstance(value, dict):
        return {k: _old(v) for k, v in value.items()}
    return value


def test_every_old_id_names_a_ruling_of_the_same_game_and_is_no_longer_in_use() -> None:
    cat = catalogue()
    current = {r.id for r in cat.rulings}
    assert RENAMED_RULINGS, "the table is not empty"
    for old, new in RENAMED_RULINGS.items():
        assert old not in current, old
        assert cat.ruling(new).game == old.split(".", 1)[0], (old, new)
    assert len(set(RENAMED_RULINGS.values())) == len(RENAMED_RULINGS)


def test_current_ids_keep_order_and_leave_other_values_alone() -> None:
    assert current_ruling_ids(["merchants_journey.ties", "bard.boast_once", 3, "nope"]) == [
        "journey.ties",
        "bard.boast_once",
        3,
        "nope",
    ]


def test_old_ids_in_settings_read_as_the_current_ones(store: Store) -> None:
    store.set_setting(HOUSE_RULES_KEY, ["merchants_journey.ties", "merchants_cove.paladin_split"])
    ctx = AppContext(page=cast(ft.Page, None), store=store, catalogue=catalogue())
    assert ctx.house_rules() == {j.TIES, "setup.paladin_split"}
    assert j.HouseRules.from_house_rules(store.get_setting(HOUSE_RULES_KEY)) == (
        j.HouseRules.of(j.TIES)
    )
    # What is stored stays as it was until the group changes a switch.
    assert store.get_setting(HOUSE_RULES_KEY) == [
        "merchants_journey.ties",
        "merchants_cove.paladin_split",
    ]
    ctx.set_house_rule(j.TIES, False)
    assert ctx.house_rules() == {"setup.paladin_split"}


def _applied(outcome: object) -> Applied:
    assert isinstance(outcome, Applied), outcome
    return outcome


def _replay(store: Store, *, old: bool) -> Any:
    """A Journey table started under one house rule, played, then switched to another, as the
    current version writes it, or (``old``) with every ruling id by its old name."""
    rules = tools()["journey"]
    start = rules.start_of(fresh_journey().with_rules(j.HouseRules.of(j.PAIR_VALUE)))
    actions: list[dict[str, Any]] = [
        j.StartRow("9").to_dict(),
        j.Place("2", 0, "right").to_dict(),
        j.Place("8", 0, "left").to_dict(),
        {"kind": "house_rules", "ids": [j.BLIGHT_LASTS, j.PAIR_VALUE]},
    ]
    if old:
        start, actions = _old(start), _old(actions)
        assert "merchants_journey.pair_value" in json.dumps(start)
    table = store.create_table(tool="journey", start=start, summary={})
    for seq, body in enumerate(actions, start=1):
        store.append_action(table_id=table.id, seq=seq, body=body, device="old", summary={})
    return TableHub(store).open(table.id)


def test_an_old_journey_table_reads_and_scores_as_with_the_current_ids(store: Store) -> None:
    then = _replay(store, old=True)
    now = _replay(store, old=False)
    assert then.game == now.game
    assert then.game.rules == j.HouseRules.of(j.BLIGHT_LASTS, j.PAIR_VALUE)
    assert [then.game.score(p) for p in then.game.players] == [
        now.game.score(p) for p in now.game.players
    ]
    # Undo takes the old house-rule entry back to the old start's rule, as it always did.
    hub = TableHub(store)
    back = _applied(hub.undo(then.table_id, of=then.seq, seen=then.seq, device="d"))
    assert back.snapshot.game.rules == j.HouseRules.of(j.PAIR_VALUE)


def test_an_old_setup_table_start_reads_with_its_house_rule() -> None:
    game = SetupGame.fresh(seed=5).with_modules(["faction_festival", "paladins"])
    ruled = game.with_rules(["setup.paladin_split"])
    start = engine.TABLE_RULES.start_of(ruled)
    old = _old(start)
    assert old["house_rules"] == ["merchants_cove.paladin_split"]
    assert engine.TABLE_RULES.read_start(old) == ruled
    assert game.with_rules(["merchants_cove.paladin_split"]) == ruled
    assert SetupGame.fresh(seed=5, rules=["merchants_cove.paladin_split"]).rules == {
        "setup.paladin_split"
    }


@pytest.mark.parametrize("old", ["merchants_journey.ties", "merchants_journey.game_end"])
def test_an_old_saved_journey_game_reads_its_house_rules(old: str) -> None:
    game = fresh_journey().with_rules(j.HouseRules.of(RENAMED_RULINGS[old]))
    saved = _old(json.loads(json.dumps(game.to_dict())))
    assert old in json.dumps(saved)
    assert j.JourneyGame.from_dict(saved) == game
