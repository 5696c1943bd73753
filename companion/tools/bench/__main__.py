"""Run every benchmark module, or only the measurements named on the command line (a
module's name, as ``tables`` or ``table``, names every measurement of that module)."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from types import ModuleType

import companion.tools.bench as bench_pkg


def modules() -> list[ModuleType]:
    """The benchmark modules, each with its ``NAMES`` (the lines it prints) and ``run(wanted)``."""
    return [
        importlib.import_module(f"companion.tools.bench.{m.name}")
        for m in sorted(pkgutil.iter_modules(bench_pkg.__path__), key=lambda m: m.name)
        if not m.name.startswith("_")
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m companion.bench",
        description="Print one 'name median_ms' line per measurement.",
    )
    parser.add_argument(
        "names",
        nargs="*",
        help="only these measurements, or all of a module's such as 'table' (default: all)",
    )
    args = parser.parse_args(argv)
    found = modules()
    known = [name for module in found for name in getattr(module, "NAMES", ())]
    wanted = set(args.names)
    for module in found:
        short = module.__name__.rsplit(".", 1)[-1]
        if {short, short.removesuffix("s")} & wanted and hasattr(module, "NAMES"):
            wanted = (wanted - {short, short.removesuffix("s")}) | set(module.NAMES)
    unknown = sorted(wanted - set(known))
    if unknown and all(hasattr(module, "NAMES") for module in found):
        parser.error(f"no measurement named {', '.join(unknown)} (known: {', '.join(known)})")
    for module in found:
        names = getattr(module, "NAMES", None)  # a module that does not say always runs
        if wanted and names is not None and not wanted & set(names):
            continue  # nothing of it asked for: not even its set-up runs
        print(f"running {module.__name__.rsplit('.', 1)[-1]}...", file=sys.stderr)
        for line_name, ms in module.run(wanted or None):
            if not wanted or line_name in wanted:
                print(f"{line_name} {ms:.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
