"""Mercante benchmarks: ``mercante_price`` prices all 16 goods on a full calendar."""

from __future__ import annotations

from collections.abc import Iterator

from companion.engine.mercante import Calendar, Event, goods, price_breakdown, sale_price
from companion.tools.bench import median_ms

NAMES = ("mercante_price",)


def _full_calendar() -> Calendar:
    # Three events touching every market and one good, none closing a market, so every good
    # can be priced.
    calendar = Calendar()
    calendar.add(Event("Luxuries −2", "enduring", {"luxuries": -2, "foodstuffs": 1}))
    calendar.add(Event("Metals +1", "enduring", {"precious_metals": 1, "raw_materials": -1}))
    calendar.add(Event("Art +6", "enduring", {"art": 6, "wine": -3}))
    return calendar


def run(wanted: set[str] | None = None) -> Iterator[tuple[str, float]]:
    if wanted is not None and "mercante_price" not in wanted:
        return
    calendar = _full_calendar()
    all_goods = goods()

    def price_all() -> None:
        for good in all_goods:
            sale_price(good, 20, calendar)
            price_breakdown(good, 20, calendar)

    yield "mercante_price", median_ms(price_all, repeat=51)
