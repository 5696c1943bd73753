"""``python -m companion.bench NAME`` runs only the named measurements (timings are not tested)."""

from __future__ import annotations

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
