"""Setup › Setup assistant: choose the game, players, modules and cards; see at once whether
the combination is legal; then work through one ordered checklist at the table.

Every setup is a shared table (``companion.tables``) that all phones see live:

- ``/setup/assistant`` (:mod:`.lobby`): the setups in progress and a new one;
- ``/setup/assistant/<id>`` (:mod:`.choose`): Choose, assembled from its panels
  (:mod:`.modules`, :mod:`.findings` for the Check, :mod:`.cards`, :mod:`.surprise`) and
  the module sheet (:mod:`.module_sheet`);
- ``/setup/assistant/<id>/checklist`` (:mod:`.checklist`): the Checklist, one
  :mod:`.step_row` per step.

Both table pages share the frame of :mod:`.base`: a segmented button switching between
them (a phone screen never holds both), a strip above the scrolling part that always shows
what matters most, the message line below it, and the one session loop every change goes
through; :mod:`.parts` holds the small pieces both draw. Views render and forward taps: what
a tap means (the action to send, or a hint) is :mod:`companion.ui.logic.setup_assistant.taps`.
"""

from __future__ import annotations

from companion.tables import TableNotFound
from companion.ui.context import AppContext
from companion.ui.screen import RouteNotFound, Screen
from companion.ui.views.setup_assistant.base import ROUTE, SetupTableView, table_route
from companion.ui.views.setup_assistant.checklist import ChecklistView
from companion.ui.views.setup_assistant.choose import ChooseView
from companion.ui.views.setup_assistant.lobby import SetupLobby

CHOOSE_ROUTE = ROUTE


def open_setup_assistant(ctx: AppContext, rest: list[str]) -> Screen:
    if not rest:
        return SetupLobby(ctx).build()
    if rest[0].isdigit() and int(rest[0]) > 0 and rest[1:] in ([], ["checklist"]):
        table_id = int(rest[0])
        view: SetupTableView
        try:
            view = ChecklistView(ctx, table_id) if rest[1:] else ChooseView(ctx, table_id)
        except TableNotFound:
            raise RouteNotFound(f"{ROUTE}/{'/'.join(rest)}") from None
        return view.build()
    raise RouteNotFound(f"{ROUTE}/{'/'.join(rest)}")


__all__ = [
    "CHOOSE_ROUTE",
    "ROUTE",
    "ChecklistView",
    "ChooseView",
    "SetupLobby",
    "open_setup_assistant",
    "table_route",
]
