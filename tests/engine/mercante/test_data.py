"""Mercante's facts in data/mercante/ and data/mercante/rulings.toml: what they hold, that they
agree with each other and the engine, and that a broken file is reported by file/entry/field."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from companion.engine.mercante import contract_deck, contract_values, facts, goods, markets, rules
from companion.engine.mercante import house as house_rules
from companion.engine.mercante.facts import load_facts
from companion.rules import DataFileError, catalogue, data_dir
from tests.paths import ROOT

ENGINE = ROOT / "companion" / "engine" / "mercante"


def test_components_sixteen_goods_in_four_markets_with_exact_ids() -> None:
    assert markets() == ("luxuries", "precious_metals", "raw_materials", "foodstuffs")
    assert goods() == (
        "art", "gems", "silk", "spices",
        "gold", "mercury", "silver", "tin",
        "dyes", "ore", "textiles", "timber",
        "coffee", "grain", "livestock", "wine",
    )  # fmt: skip


def test_components_72_goods_tokens() -> None:
    counts = {m.id: m.tokens_each for m in facts().markets}
    assert counts == {"luxuries": 2, "precious_metals": 4, "raw_materials": 4, "foodstuffs": 8}
    assert sum(4 * n for n in counts.values()) == facts().total_tokens.count == 72


def test_components_contract_deck_of_20_by_value() -> None:
    assert contract_values() == (6, 8, 10)
    by_value: dict[int, int] = {}
    for kind in contract_deck():
        by_value[kind.crowns] = by_value.get(kind.crowns, 0) + kind.count
    assert by_value == {6: 8, 8: 4, 10: 8}
    assert sum(by_value.values()) == 20
    demands = {(k.crowns, k.count, k.quantity, k.market) for k in contract_deck()}
    assert demands == {
        (10, 4, 1, "luxuries"),
        (10, 2, 2, "raw_materials"),
        (10, 2, 3, None),
        (8, 4, 1, "precious_metals"),
        (6, 4, 2, "foodstuffs"),
        (6, 4, 1, "raw_materials"),
    }


def test_rules_numbers() -> None:
    r = rules()
    assert (r.players.min, r.players.max) == (3, 5)
    assert (r.agents.start, r.agents.max) == (2, 4)
    assert (r.warehouses.start, r.warehouses.max, r.warehouses.capacity) == (1, 3, 3)
    assert r.warehouses.cost == 5
    assert r.bazaar.price == 3
    assert r.game_end.vp_price == 10 and r.game_end.crowns_trigger == 80
    assert [t.id for t in r.game_end.trigger] == ["crowns", "reference_track", "last_shipment"]
    assert r.calendar.slots == ("A", "B", "C")
    peace = r.variants.talk_of_peace
    assert (peace.players, peace.team_size, peace.crowns, peace.victory_points) == (4, 2, 100, 10)


def test_rulings_the_engine_names_are_in_the_data() -> None:
    ids = {r.id for r in catalogue().rulings_for("mercante")}
    named = set()
    for path in ENGINE.glob("*.py"):
        named |= set(re.findall(r'"(mercante\.[a-z_]+)"', path.read_text(encoding="utf-8")))
    assert named, "the engine should point at its rulings"
    assert named <= ids, f"rulings missing from data: {sorted(named - ids)}"


def test_every_house_rule_toggle_is_one_the_engine_plays() -> None:
    with_alternative = {r.id for r in catalogue().rulings_for("mercante") if r.has_house_rule}
    assert with_alternative == house_rules.SUPPORTED


def test_rulings_cover_the_briefs_questions() -> None:
    ids = {r.id for r in catalogue().rulings_for("mercante")}
    for expected in (
        "mercante.modifiers_cumulative",
        "mercante.vp_auction_tie",
        "mercante.three_player_luxury_removal",
        "mercante.tiebreak_first_place",
        "mercante.sample_turn_shipment",
        "mercante.auction_second_round",
        "mercante.dockworker_agents",
        "mercante.reaction_legality",
        "mercante.end_bazaar_contracts",
        "mercante.price_floor",
        "mercante.market_full",
        "mercante.economic_woes_incomplete",
        "mercante.uppermost_space",
    ):
        assert expected in ids


def test_house_rules_refuse_unknown_ids() -> None:
    with pytest.raises(house_rules.HouseRuleError, match=r"'mercante\.nope'"):
        house_rules.HouseRules.of("mercante.nope")
    with pytest.raises(house_rules.HouseRuleError, match=r"'mercante\.price_floor'"):
        house_rules.HouseRules.of("mercante.price_floor")  # a reading with no alternative


# -- broken data files -----------------------------------------------------------------------------


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    shutil.copytree(data_dir() / "mercante", tmp_path / "mercante")
    return tmp_path


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_broken_markets_file_names_file_entry_and_field(data_copy: Path) -> None:
    _edit(data_copy / "mercante" / "markets.toml", "tokens_each = 2", 'tokens_each = "2"')
    with pytest.raises(
        DataFileError, match=r"markets\.toml: market\[0\] \('luxuries'\).*tokens_each"
    ):
        load_facts(data_copy)


def test_good_in_two_markets_is_reported(data_copy: Path) -> None:
    _edit(data_copy / "mercante" / "markets.toml", '"gold", "mercury"', '"gold", "silk"')
    with pytest.raises(DataFileError, match=r"market\[1\].*'silk' is already sold in 'luxuries'"):
        load_facts(data_copy)


def test_token_total_mismatch_is_reported(data_copy: Path) -> None:
    _edit(data_copy / "mercante" / "markets.toml", "count = 72", "count = 70")
    with pytest.raises(DataFileError, match=r"total_tokens.*70.*72"):
        load_facts(data_copy)


def test_contract_counts_must_match_the_component_list(data_copy: Path) -> None:
    _edit(
        data_copy / "mercante" / "contracts.toml",
        'count = 4\nquantity = 1\nmarket = "luxuries"',
        'count = 3\nquantity = 1\nmarket = "luxuries"',
    )
    with pytest.raises(DataFileError, match=r"contracts\.toml: deck"):
        load_facts(data_copy)


def test_broken_rules_file_names_the_field(data_copy: Path) -> None:
    _edit(data_copy / "mercante" / "rules.toml", "price = 3", "price = 0")
    with pytest.raises(DataFileError, match=r"rules\.toml.*bazaar\.price"):
        load_facts(data_copy)


def test_broken_event_names_the_entry(data_copy: Path) -> None:
    _edit(data_copy / "mercante" / "events.toml", 'kind = "enduring"', 'kind = "lasting"')
    with pytest.raises(
        DataFileError, match=r"events\.toml: event\[0\] \('visiting_nobility'\).*kind"
    ):
        load_facts(data_copy)


def test_event_effect_on_an_unknown_good_is_reported(data_copy: Path) -> None:
    _edit(
        data_copy / "mercante" / "events.toml",
        "modifiers = { silk = -6 }",
        "modifiers = { satin = -6 }",
    )
    with pytest.raises(
        DataFileError, match=r"event\[2\] \('economic_woes'\): field 'modifiers': 'satin'"
    ):
        load_facts(data_copy)
