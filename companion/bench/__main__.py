"""Run every benchmark module (or the lines named on the command line; a module's name, as
``tables`` or ``table``, names all of its lines)."""

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
    parser.add_argument(
        "names",
        nargs="*",
        help="only these measurements, or every one of a module such as 'table' (default: all)",
    )
    args = parser.parse_args(argv)
    wanted = set(args.names)
    modules = sorted(m.name for m in pkgutil.iter_modules(bench_pkg.__path__))
    printed: set[str] = set()
    for name in modules:
        if name.startswith("_"):
            continue
        whole = {name, name.removesuffix("s")} & wanted
        module = importlib.import_module(f"companion.bench.{name}")
        print(f"running {name}...", file=sys.stderr)
        for line_name, ms in module.run(None if whole or not wanted else wanted):
            if not wanted or whole or line_name in wanted:
                print(f"{line_name} {ms:.2f}", flush=True)
                printed |= {line_name, *whole}
    unknown = sorted(wanted - printed)
    if unknown:
        print(f"no measurement printed for {', '.join(unknown)}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
