"""Players & seats on a shared table, as plain logic: the table's seats as other tools read
them (:func:`current_seating`), the old save read once, and what a device is typing.

The rules of the seating are the engine's (:mod:`companion.engine.seats`).
"""

from __future__ import annotations

from companion.engine.seats import Seating
from companion.ui.seats.model.current import current_seating, import_old_seating
from companion.ui.seats.model.draft import SeatsDraft
from companion.ui.seats.model.form import NewSeatingForm, last_played
from companion.ui.seats.model.night import NightDraft
from companion.ui.seats.model.old_save import TABLE_KEY, read_old_seating

__all__ = [
    "TABLE_KEY",
    "NewSeatingForm",
    "NightDraft",
    "Seating",
    "SeatsDraft",
    "current_seating",
    "import_old_seating",
    "last_played",
    "read_old_seating",
]
