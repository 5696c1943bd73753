"""Setup › Setup assistant: choose the game, players, modules and cards; see at once whether
the combination is legal; then work through one ordered checklist at the table.

Every setup is a shared table (``companion.tables``) that all phones see live:

- ``/setup/assistant`` (:mod:`.lobby`): the setups in progress and a new one;
- ``/setup/assistant/<id>`` (:mod:`.parts.choose`): Choose, assembled from its panels
  (:mod:`.parts.modules`, :mod:`.parts.findings` for the Check, :mod:`.parts.cards`,
  :mod:`.parts.surprise`) and the module sheet (:mod:`.parts.module_sheet`);
- ``/setup/assistant/<id>/checklist`` (:mod:`.parts.checklist`): the Checklist, one
  :mod:`.parts.step_row` per step.

Both table pages share the frame of :mod:`.screen`: a segmented button switching between
them (a phone screen never holds both), a strip above the scrolling part that always shows
what matters most, the message line below it, and the one session loop every change goes
through; :mod:`.parts` holds the small pieces both draw. Views render and forward taps: what
a tap means (the action to send, or a hint) is :mod:`companion.ui.setup.model.taps`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from companion.engine.setup import TABLE_RULES

if TYPE_CHECKING:
    from companion.ui.context import AppContext
    from companion.ui.screen import Screen


TOOL_ID = TABLE_RULES.tool
ROUTE = "/setup/assistant"
Page = Literal["choose", "checklist"]


def table_route(table_id: int, page: Page = "choose") -> str:
    return f"{ROUTE}/{table_id}" + ("/checklist" if page == "checklist" else "")


def open_setup(ctx: AppContext, rest: list[str]) -> Screen:
    """The tool's screen for ``rest``, the route after its own (see
    :func:`~companion.ui.kit.tool_entry.table_tool`)."""
    # Imported when the tool opens: importing the tool's flet-free model (which loads this
    # package first) must not load its screens.
    from companion.ui.kit.tool_entry import table_tool
    from companion.ui.setup.lobby import SetupLobby
    from companion.ui.setup.parts.checklist import ChecklistScreen
    from companion.ui.setup.parts.choose import ChooseScreen

    return table_tool(ROUTE, SetupLobby, ChooseScreen, pages={"checklist": ChecklistScreen})(
        ctx, rest
    )


__all__ = ["ROUTE", "TOOL_ID", "Page", "open_setup", "table_route"]
