"""Run every benchmark module (or those whose lines are named on the command line)."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

import companion.bench as bench_pkg


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m companion.bench",
        description="Print one 'name median_ms' line per measurement.",
    )
    parser.add_argument("names", nargs="*", help="only these measurements (default: all)")
    args = parser.parse_args(argv)
    wanted = set(args.names)
    modules = sorted(m.name for m in pkgutil.iter_modules(bench_pkg.__path__))
    for name in modules:
        if name.startswith("_"):
            continue
        module = importlib.import_module(f"companion.bench.{name}")
        print(f"running {name}...", file=sys.stderr)
        for line_name, ms in module.run(wanted or None):
            if not wanted or line_name in wanted:
                print(f"{line_name} {ms:.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
