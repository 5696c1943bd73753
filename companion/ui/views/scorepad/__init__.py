"""Score › Score pad: the lobby (``/score``) and a pad being filled in (``/score/<id>``).
:class:`ScorePadView` also edits a saved play (History › Edit)."""

from __future__ import annotations

from companion.ui.logic.scorepad import TOOL_ID
from companion.ui.views.scorepad.lobby import ROUTE, ScorePadLobby, pad_route
from companion.ui.views.scorepad.pad import ScorePadView, field_col
from companion.ui.views.tool_entry import table_tool

# While the pad is the Score section's only tool the shell hands over its id there too.
open_scorepad = table_tool(
    ROUTE,
    TOOL_ID,
    ScorePadLobby,
    lambda ctx, table_id: ScorePadView(ctx, table_id=table_id),
    section_tool="pad",
)


__all__ = ["ROUTE", "ScorePadLobby", "ScorePadView", "field_col", "open_scorepad", "pad_route"]
