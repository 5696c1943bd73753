"""Score › Score pad: the lobby (``/score``) and a pad being filled in (``/score/<id>``).
:class:`ScorePadView` also edits a saved play (History › Edit)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.scorepad import TABLE_RULES

if TYPE_CHECKING:
    from companion.ui.context import AppContext
    from companion.ui.screen import Screen


TOOL_ID = TABLE_RULES.tool
ROUTE = "/score"


def table_route(table_id: int) -> str:
    return f"{ROUTE}/{table_id}"


def open_scorepad(ctx: AppContext, rest: list[str]) -> Screen:
    """The tool's screen for ``rest``, the route after its own (see
    :func:`~companion.ui.kit.tool_entry.table_tool`)."""
    # Imported when the tool opens: importing the tool's flet-free model (which loads this
    # package first) must not load its screens.
    from companion.ui.kit.tool_entry import table_tool
    from companion.ui.scorepad.lobby import ScorePadLobby
    from companion.ui.scorepad.screen import ScorePadScreen

    # The pad is the Score section's only tool: the shell hands over its name in the section
    # too (/score/pad, /score/pad/<id>).
    return table_tool(
        ROUTE,
        ScorePadLobby,
        ScorePadScreen,
        section_tool="pad",
    )(ctx, rest)


__all__ = ["ROUTE", "TOOL_ID", "open_scorepad", "table_route"]
