"""The old import path of the seats logic (:mod:`companion.ui.logic.seats`).

"Table" now means a game in progress; the seats live on a shared table of the ``seats``
tool. Read them with :func:`current_seating`.
"""

from __future__ import annotations

from companion.ui.logic.seats import TABLE_KEY, Seating, current_seating, read_old_seating

__all__ = ["TABLE_KEY", "Seating", "current_seating", "read_old_seating"]
