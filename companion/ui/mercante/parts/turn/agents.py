"""The Agents panel: the active player's agents left, one button an agent action (what each
sends, and when the game allows it, is :func:`~companion.ui.mercante.model.agent_choices`), and
the rules of the seals."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.engine.mercante import rules
from companion.engine.mercante.actions import BUY_VP, RULING_DOCKWORKERS, SECURITY
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import (
    body,
    button,
    panel,
    small,
    tagged,
    whole_number_field,
    wrap,
)
from companion.ui.mercante import table_route
from companion.ui.mercante.model import (
    AgentChoice,
    FieldErrors,
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

    drafts = tab.drafts
    fields: dict[str, ft.TextField] = {}

    def tapped(choice: AgentChoice) -> None:
        if choice.priced is not None:
            field = fields[choice.ident]
            try:
                payer = game.player(game.active)
                price = drafts.track_price(choice.ident, (payer.name, payer.crowns))
            except FieldErrors as exc:
                field.error = exc.errors.get(("price", choice.ident))
                tab.show_errors(tab.agents_slot)
                return
            if field.error is not None:
                field.error = None
                tab.session.paint.touch(tab.agents_slot.box)

            def settle() -> None:
                drafts.prices.pop(choice.ident, None)

            tab.act(choice.priced(price), settle=settle)
        elif choice.action is not None:
            tab.act(choice.action)
        elif choice.tab is not None:
            tab.ctx.navigate(table_route(tab.session.table_id, choice.tab))

    def typed_price(ident: str) -> Callable[[Any], None]:
        def handler(e: Any) -> None:
            drafts.prices[ident] = e.control.value or ""

        return handler

    def offered(choice: AgentChoice) -> ft.Control:
        control = button(
            choice.label,
            lambda e, choice=choice: tapped(choice),
            icon=ICONS.get(
                "select-contract" if choice.ident.startswith("select-contract") else choice.ident,
                ft.Icons.SHIELD_OUTLINED,
            ),
            kind="outlined",
            ident=choice.ident,
            disabled=choice.disabled,
        )
        if choice.price_label is None:
            return control
        field = whole_number_field(
            choice.price_label,
            drafts.prices.get(choice.ident, ""),
            on_change=typed_price(choice.ident),
            width=170,
        )
        field.disabled = choice.disabled
        field.error_max_lines = 2
        fields[choice.ident] = field
        return ft.Row(
            [tagged(f"{choice.ident}-price", field), control],
            spacing=8,
            wrap=True,
            vertical_alignment=ft.CrossAxisAlignment.START,
        )

    rows: list[ft.Control] = [tagged("agents-left", body(agents_line(game)))]
    waiting = agents_waiting(game)
    if waiting:
        rows.append(small(waiting, muted=False))
    choices = agent_choices(game, playing=tab.session.playing, prices=drafts.prices)
    rows.append(wrap([offered(choice) for choice in choices]))
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


def over_panel(tab: TurnTab) -> ft.Control:
    """The game is over: no more turns, the end-game steps are on the Tally tab."""
    return tagged(
        "game-over",
        panel(
            body(
                "No more turns: the game is over. Each player sells their goods left to the "
                "bazaar, then may buy victory points, on the Tally tab."
            ),
            button(
                "Open the tally",
                lambda e: tab.ctx.navigate(table_route(tab.session.table_id, "end")),
                icon=ft.Icons.EMOJI_EVENTS_OUTLINED,
                ident="open-tally",
            ),
            title="The game is over",
        ),
    )


__all__ = ["agents_panel", "over_panel"]
