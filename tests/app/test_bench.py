"""``python -m companion.bench NAME`` runs only the named measurements (timings are not tested)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.tools.bench import __main__ as bench_main


def test_every_module_names_its_measurements() -> None:
    names = [name for module in bench_main.modules() for name in module.NAMES]
    assert {
        "import_100k",
        "import_bgstats_10k",
        "import_bgstats_100k",
        "import_hostile_peak_mb",
        "mercante_price",
        "night_save",
        "startup",
    } <= set(names)
    assert len(names) == len(set(names))


def test_a_named_measurement_runs_only_its_module(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ran: list[str] = []
    for module in bench_main.modules():
        original = module.run

        def spy(wanted: set[str] | None = None, _m=module, _run=original):  # type: ignore[no-untyped-def]
            ran.append(_m.__name__)
            return _run(wanted)

        monkeypatch.setattr(module, "run", spy)
    assert bench_main.main(["mercante_price"]) == 0
    out = capsys.readouterr()
    assert ran == ["companion.tools.bench.mercante"]
    [line] = out.out.splitlines()
    name, ms = line.split()
    assert name == "mercante_price" and float(ms) > 0


def test_an_unknown_name_is_refused_with_the_known_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        bench_main.main(["import_1m"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "no measurement named import_1m" in err and "import_100k" in err


def test_night_save_saves_a_whole_night_through_the_nights_own_save(
    tmp_path: Path,
) -> None:
    """The ``night_save`` measurement's night (issue 19): a finished six-player Merchants
    Cove night with ten modules and its tallies, saved by the hub from the night's table as
    the night's Save button saves it; once only."""
    from companion.engine.seats.table import TABLE_RULES
    from companion.history import open_store
    from companion.tables import Saved, TableHub
    from companion.tools.bench import night

    with open_store(f"sqlite:///{tmp_path / 'history.sqlite3'}") as store:
        hub = TableHub(store, {"seats": TABLE_RULES})
        table_id = night.night_table(hub, night.STARTED)
        seen = hub.peek(table_id).seq
        outcome = hub.save_to_history(table_id, night.play_of, seen=seen, device="test")
        assert isinstance(outcome, Saved) and outcome.created
        kept = store.get_play(outcome.play_id)
        again = hub.save_to_history(table_id, night.play_of, seen=seen, device="test")
        assert isinstance(again, Saved) and (again.play_id, again.created) == (kept.id, False)
    assert [r.player for r in sorted(kept.results, key=lambda r: r.seat or 0)] == list(
        night.PLAYERS
    )
    assert kept.modules == list(night.MODULES)
    assert kept.expansions == ["Master Craft", "The Entertainer"]
    assert (kept.duration_min, kept.location) == (165, "Harbour Café")
    assert len(kept.house_rules) == 3
    ann = next(r for r in kept.results if r.player == "Ann")
    assert ann.breakdown == {"Gold": 11 + 13 + 9, "End-game Sponsorship": 5, "Corruption": -1}
    assert ann.score == 33 + 5 - 1
