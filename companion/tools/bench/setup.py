"""Setup assistant benchmarks.

``compat_all_subsets``
    :func:`check_modules` on every subset of Master Craft's 16 modules (65,536 checks) for a
    4-player table, as the Setup screen runs it on every tap. Steady state: the relation
    tables are compiled and the per-relation findings cached by the warm-up run.
``compat_all_subsets_cold``
    The same with the compiled tables and finding caches thrown away first (first use after
    start-up).
``setup_checklist``
    The full Merchants Cove checklist with every module that has steps, three cards chosen.
``surprise_modules``
    100 "Surprise me" draws of 5 modules with one pinned and one banned.
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.engine.setup import (
    check_modules,
    clear_caches,
    module_ids,
    setup_checklist,
    setup_data,
    surprise_modules,
)
from companion.tools.bench import median_ms

NAMES = ("compat_all_subsets", "compat_all_subsets_cold", "setup_checklist", "surprise_modules")


def _subsets() -> list[frozenset[str]]:
    ids = module_ids()
    return [
        frozenset(m for i, m in enumerate(ids) if mask >> i & 1) for mask in range(1 << len(ids))
    ]


def run(wanted: set[str] | None = None) -> Iterator[tuple[str, float]]:
    def want(name: str) -> bool:
        return wanted is None or name in wanted

    setup_data()  # loading the TOML files is start-up cost, not the check's
    subsets = _subsets()

    def check_all() -> None:
        for subset in subsets:
            check_modules(subset, 4)

    def check_all_cold() -> None:
        clear_caches()
        check_all()

    if want("compat_all_subsets"):
        yield "compat_all_subsets", median_ms(check_all, repeat=5)
    if want("compat_all_subsets_cold"):
        yield "compat_all_subsets_cold", median_ms(check_all_cold, repeat=5, warmup=0)
    if want("setup_checklist"):
        everything = {
            m for m in module_ids() if m not in ("fifth_staff_action_b", "dragon_island_festival")
        }
        cards = {"oath_of_hard_labor", "fence", "nessie"}

        def checklist() -> None:
            setup_checklist("merchants_cove", everything, 4, cards=cards)

        yield "setup_checklist", median_ms(checklist, repeat=51)
    if want("surprise_modules"):

        def surprise() -> None:
            for seed in range(100):
                surprise_modules(seed, size=5, pinned={"paladins"}, banned={"lawyers"})

        yield "surprise_modules", median_ms(surprise, repeat=11)
