"""The Agents panel: the active player's agents left, one button an agent action (what each
sends, and when the game allows it, is :func:`~companion.ui.mercante.model.agent_choices`), and
the rules of the seals."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine.mercante import rules
from companion.engine.mercante.actions import BUY_VP, RULING_DOCKWORKERS, SECURITY
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import body, button, panel, small, tagged, wrap
from companion.ui.mercante import table_route
from companion.ui.mercante.model import (
    AgentChoice,
    agent_choices,
    agent_rules_text,
    agents_line,
    agents_waiting,
)
from companion.ui.mercante.parts import cite, ruling_chip

if TYPE_CHECKING:
    from companion.ui.mercante.parts.turn import TurnTab

ICONS = {
    "go-sell": ft.Icons.STOREFRONT,
    "buy-vp": ft.Icons.STARS_OUTLINED,
    "buy-agent": ft.Icons.PERSON_ADD_ALT,
    "buy-warehouse": ft.Icons.WAREHOUSE_OUTLINED,
    "manipulate-play": ft.Icons.CALENDAR_VIEW_WEEK,
    "manipulate-draw": ft.Icons.STYLE_OUTLINED,
    "select-contract": ft.Icons.DESCRIPTION_OUTLINED,
    "skulduggery": ft.Icons.MASKS_OUTLINED,
    "gather-intelligence": ft.Icons.VISIBILITY_OUTLINED,
}


def agents_panel(tab: TurnTab) -> ft.Control:
    game = tab.game
    agents, stores = rules().agents, rules().warehouses

    def tapped(choice: AgentChoice) -> None:
        if choice.action is not None:
            tab.act(choice.action)
        elif choice.tab is not None:
            tab.ctx.navigate(table_route(tab.session.table_id, choice.tab))

    rows: list[ft.Control] = [tagged("agents-left", body(agents_line(game)))]
    waiting = agents_waiting(game)
    if waiting:
        rows.append(small(waiting, muted=False))
    rows.append(
        wrap(
            [
                button(
                    choice.label,
                    lambda e, choice=choice: tapped(choice),
                    icon=ICONS.get(choice.ident, ft.Icons.SHIELD_OUTLINED),
                    kind="outlined",
                    ident=choice.ident,
                    disabled=choice.disabled,
                )
                for choice in agent_choices(game, playing=tab.session.playing)
            ]
        )
    )
    rows.append(small(agent_rules_text(game)))
    rows.append(ruling_chip(tab.ctx, RULING_DOCKWORKERS))
    rows.append(
        why_link(
            tab.ctx,
            ["mercante.agents", "mercante.improve_house", "mercante.buy_vp"],
            [RULING_DOCKWORKERS],
            ident="why-agents",
        )
    )
    rows.append(
        cite(
            tab.ctx,
            rules().turn.one_agent_source,
            rules().turn.seal_source,
            rules().action(BUY_VP).source,
            rules().action(SECURITY).source,
            agents.new_agent_source,
            stores.cost_source,
        )
    )
    return tagged("agents-panel", panel(*rows, title="Agents"))


__all__ = ["agents_panel"]
