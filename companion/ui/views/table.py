"""The old import path of the Players & seats screens (:mod:`companion.ui.views.seats`)."""

from __future__ import annotations

from companion.ui.views.seats import SeatsLobby, SeatsTableView, open_seats

open_table = open_seats

__all__ = ["SeatsLobby", "SeatsTableView", "open_seats", "open_table"]
