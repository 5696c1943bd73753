"""When is upkeep? The next upkeeps, turn by turn, and why the marker comes round when it
does."""

from __future__ import annotations

import flet as ft

from companion.engine.mercante import MercanteGame, rules
from companion.ui.context import AppContext
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import body, panel, small, tagged
from companion.ui.mercante.model import plural, schedule_lines
from companion.ui.mercante.parts import cite


def schedule_panel(ctx: AppContext, game: MercanteGame) -> ft.Control:
    costs = game.upkeep_costs()
    schedule: list[ft.Control] = [
        tagged(f"upkeep-next-{i}", body(line))
        for i, line in enumerate(schedule_lines(game.next_upkeeps(4)))
    ]
    every = len(game.seats) - costs.pass_seats
    schedule.append(
        small(
            f"The marker passes {plural(costs.pass_seats, 'seat')} to the right while turns go "
            f"to the left, so upkeep comes round every {plural(every, 'turn')}."
        )
    )
    schedule.append(why_link(ctx, ["mercante.pass_marker"], ident="why-schedule"))
    schedule.append(cite(ctx, rules().upkeep.pass_source))
    return panel(*schedule, title="When is upkeep?")


__all__ = ["schedule_panel"]
