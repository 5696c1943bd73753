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
a tap means (the action to send, or a hint) is :mod:`companion.ui.setup.model.taps`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.ui.context import AppContext
    from companion.ui.screen import Screen


def open_setup(ctx: AppContext, rest: list[str]) -> Screen:
    """The tool's screen for ``rest``, the route after its own (see
    :func:`~companion.ui.kit.tool_entry.table_tool`)."""
    # Imported when the tool opens: importing the tool's flet-free model (which loads this
    # package first) must not load its screens.
    from companion.ui.kit.tool_entry import table_tool
    from companion.ui.setup.lobby import SetupLobby
    from companion.ui.setup.parts.checklist import ChecklistView
    from companion.ui.setup.parts.choose import ChooseView
    from companion.ui.setup.screen import ROUTE, TOOL

    return table_tool(ROUTE, TOOL, SetupLobby, ChooseView, pages={"checklist": ChecklistView})(
        ctx, rest
    )


__all__ = ["open_setup"]
