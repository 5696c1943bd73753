"""A score pad started from tonight's game night, as plain logic (no flet): the night's
players in seat order with the drawn first player, the game's categories (Merchants Cove's
from its final scoring sheet, ``data/seats/sheets.toml``, as the catalogue gives it none) and
tie-breakers, the modules and place, and the gold the night's tally holds already, so no
number is copied by hand."""

from __future__ import annotations

from dataclasses import replace

from companion.engine.scorepad import MAX_CATEGORIES, MAX_LABEL, Pad
from companion.engine.seats import Seating, sheet_for
from companion.engine.seats.sheet import Category


def category_label(category: Category) -> str:
    """A sheet line as a pad category: a line that takes gold off says to enter it as a
    minus (the pad adds every category)."""
    label = f"{category.name} (enter as −)" if category.counts < 0 else category.name
    return label[:MAX_LABEL]


def night_pad(night: Seating) -> Pad:
    """The pad for ``night`` (see the module docstring)."""
    pad = Pad.new(night.game_id, names=night.seats, start=night.first_player)
    sheet = sheet_for(night.game_id)
    scored = sheet.scored
    tally = sheet.tally_category
    has_tally = bool(night.tally)
    labels: dict[str, str] = {}
    if not pad.categories and len(scored) > 1:
        # The catalogue gives this game no categories: the final sheet's lines are its.
        labels = {c.id: category_label(c) for c in scored}
    elif pad.categories and has_tally and tally.name not in pad.categories:
        labels = {c: c for c in pad.categories} | {tally.id: category_label(tally)}
    if labels:
        pad = replace(pad.with_categories(tuple(labels.values())[:MAX_CATEGORIES]), breakdown=True)
    pad = replace(pad, modules=night.modules, location=night.location)
    if has_tally and tally.id in labels:
        gold = labels[tally.id]
        rows = []
        for row in pad.rows:
            points = sum(line.points for line in night.lines_of(row.name))
            parts = tuple(
                (c, str(points) if c == gold and night.lines_of(row.name) else v)
                for c, v in row.parts
            )
            rows.append(replace(row, parts=parts))
        pad = replace(pad, rows=tuple(rows))
    return pad


__all__ = ["category_label", "night_pad"]
