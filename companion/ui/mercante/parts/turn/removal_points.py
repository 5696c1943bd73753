"""Removal points: what the upkeep marker holder gets at this table, and each market's cost
in points (with the three-player and Alternate Five-Player Upkeep readings)."""

from __future__ import annotations

import flet as ft

from companion.engine.mercante import MercanteGame, facts, rules
from companion.engine.mercante.upkeep import RULING_THREE_PLAYER_LUXURIES, THREE_PLAYERS
from companion.ui.context import AppContext
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import body, panel, small, tagged
from companion.ui.mercante.model import cost_lines, upkeep_headline
from companion.ui.mercante.parts import cite, ruling_chip


def removal_points_panel(ctx: AppContext, game: MercanteGame) -> ft.Control:
    costs = game.upkeep_costs()
    table: list[ft.Control] = [tagged("upkeep-points", body(upkeep_headline(costs)))]
    for line in cost_lines(costs):
        table.append(
            tagged(
                f"cost-{line.market}",
                ft.Row(
                    [
                        ft.Text(line.name, expand=True),
                        ft.Text(f"{line.cost} per token", weight=ft.FontWeight.BOLD),
                        ft.Container(
                            small(f"up to {line.most}"),
                            width=72,
                            alignment=ft.Alignment.CENTER_RIGHT,
                        ),
                    ]
                ),
            )
        )
    table.append(small("Tokens come off the bottom: the most recently sold first."))
    rulings_used: list[str] = []
    if costs.players == THREE_PLAYERS or costs.resolved_as != costs.players:
        table.append(ruling_chip(ctx, RULING_THREE_PLAYER_LUXURIES))
        rulings_used.append(RULING_THREE_PLAYER_LUXURIES)
    keys = ["mercante.removal", "mercante.upkeep"]
    if game.variants.alternate_five_player_upkeep:
        table.append(
            small(
                "Variant: Alternate Five-Player Upkeep (the marker moves two seats, upkeep "
                "as for four players).",
                muted=False,
            )
        )
        keys.append("mercante.variant:alternate_five_player_upkeep")
    table.append(why_link(ctx, keys, rulings_used, ident="why-removal-points"))
    luxuries = facts().market("luxuries")
    sources = [rules().upkeep.removal_source, luxuries.removal_source]
    if luxuries.removal_three_players_source and costs.resolved_as == THREE_PLAYERS:
        sources.append(luxuries.removal_three_players_source)
    if game.variants.alternate_five_player_upkeep:
        sources.append(rules().variants.alternate_five_player_upkeep.source)
    table.append(cite(ctx, *sources, rules().upkeep.bottom_source))
    return panel(*table, title="Removal points")


__all__ = ["removal_points_panel"]
