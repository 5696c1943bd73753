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

from companion.ui.views.setup_assistant.base import ROUTE, TOOL, table_route
from companion.ui.views.setup_assistant.checklist import ChecklistView
from companion.ui.views.setup_assistant.choose import ChooseView
from companion.ui.views.setup_assistant.lobby import SetupLobby
from companion.ui.views.tool_entry import table_tool

CHOOSE_ROUTE = ROUTE

open_setup_assistant = table_tool(
    ROUTE, TOOL, SetupLobby, ChooseView, pages={"checklist": ChecklistView}
)


__all__ = [
    "CHOOSE_ROUTE",
    "ROUTE",
    "ChecklistView",
    "ChooseView",
    "SetupLobby",
    "open_setup_assistant",
    "table_route",
]
