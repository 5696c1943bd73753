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

#: What a field of a category that takes gold off says beside its name (the pad adds every
#: category, so such a figure is typed as a minus). Shown only where the score is typed: the
#: category's name, saved with the play, stays the sheet's own ("Corruption").
MINUS_HINT = "enter as −"


def category_label(category: Category) -> str:
    """A sheet line as a pad category: its name (the hint to enter a minus is the field's,
    see :func:`field_label`)."""
    return category.name[:MAX_LABEL]


def field_label(game_id: str, category: str) -> str:
    """The label of the field where ``category``'s figure is typed: ``Corruption (enter as
    −)`` for a line of ``game_id``'s scoring sheet that takes gold off, else the name."""
    taken_off = {c.name[:MAX_LABEL] for c in sheet_for(game_id).scored if c.counts < 0}
    return f"{category} ({MINUS_HINT})" if category in taken_off else category


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


__all__ = ["MINUS_HINT", "category_label", "field_label", "night_pad"]
