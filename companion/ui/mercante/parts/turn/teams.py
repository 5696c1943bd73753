"""Talk of Peace: the teams, the victory point tokens counted for each, and their goal."""

from __future__ import annotations

import flet as ft

from companion.engine.mercante import MercanteGame, rules
from companion.ui.context import AppContext
from companion.ui.kit.widgets import body, panel, small, tagged
from companion.ui.mercante.model import talk_of_peace_goal, team_lines
from companion.ui.mercante.parts import cite, ruling_chip


def teams_panel(ctx: AppContext, game: MercanteGame) -> ft.Control | None:
    if not game.variants.talk_of_peace:
        return None
    return tagged(
        "teams-panel",
        panel(
            *[tagged(f"team-{i + 1}", body(line)) for i, line in enumerate(team_lines(game))],
            small(talk_of_peace_goal(game.rules)),
            ruling_chip(ctx, "mercante.talk_of_peace_totals"),
            cite(ctx, rules().variants.talk_of_peace.source),
            title="Talk of Peace",
        ),
    )


__all__ = ["teams_panel"]
