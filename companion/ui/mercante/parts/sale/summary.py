"""The sale's summary: the total (or what it waits for), the Reactions' what-if, the bazaar
instead, the cartage with the agents on Hire Dockworkers, and the rulings the prices used."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine.mercante.actions import RULING_DOCKWORKERS
from companion.engine.mercante.pricing import (
    RULING_FLEETING_REACTION,
    RULING_FULL,
    RULING_REACTION,
    RULING_REACTION_CLOSES,
)
from companion.ui.kit.why import why_link
from companion.ui.kit.widgets import body, notice, small, tagged
from companion.ui.mercante.model import (
    SaleView,
    bazaar_line,
    cartage_line,
    plural,
    signed,
    token_label,
)
from companion.ui.mercante.parts import rulings, stepper
from companion.ui.paint import SectionColumn

if TYPE_CHECKING:
    from companion.ui.mercante.parts.sale import SaleTab

RULING_UPPERMOST = "mercante.uppermost_space"


class SaleSummary:
    """Rewritten in place from each :class:`SaleView`."""

    def __init__(self, tab: SaleTab) -> None:
        self.tab = tab
        self.control = SectionColumn(spacing=8)

    def show(self, view: SaleView) -> None:
        self.control.controls = self.controls(view)
        self.tab.session.paint.touch(self.control)

    def controls(self, view: SaleView) -> list[ft.Control]:
        ctx, game = self.tab.ctx, self.tab.game
        if not view.tokens:
            return [body("Nothing chosen yet.", muted=True)]
        controls: list[ft.Control] = []
        quote = view.quote
        if quote is not None:
            controls.append(
                tagged(
                    "sale-total",
                    ft.Text(
                        f"Total: {plural(quote.total, 'crown')}",
                        theme_style=ft.TextThemeStyle.HEADLINE_SMALL,
                        weight=ft.FontWeight.BOLD,
                    ),
                )
            )
        elif view.missing:
            controls.append(
                body(
                    "Waiting for the printed value of "
                    + ", ".join(token_label(k) for k in view.missing)
                    + ".",
                )
            )
        if view.error:
            controls.append(notice(view.error, level="error"))
        if view.what_if is not None:
            w = view.what_if
            names = " and ".join(r.event.name for r in w.with_reaction.reactions) or "it"
            text = (
                f"With {names}: {plural(w.with_reaction.total, 'crown')} instead of "
                f"{w.without.total} ({signed(w.change)})."
            )
            for event in w.with_reaction.pushed:
                text += f" {event.name} leaves the calendar."
            controls.append(tagged("what-if", notice(text, level="info")))
            controls.append(
                why_link(
                    ctx,
                    ["mercante.reaction"],
                    [RULING_REACTION]
                    + (
                        [RULING_FLEETING_REACTION]
                        if any(r.event.is_fleeting for r in w.with_reaction.reactions)
                        else []
                    ),
                    ident="why-what-if",
                )
            )
        if view.reaction_error:
            controls.append(notice(view.reaction_error, level="error"))
        controls.append(
            ft.Row(
                [
                    tagged("bazaar-alternative", body(bazaar_line(view))),
                    why_link(ctx, ["mercante.bazaar"], ident="why-bazaar"),
                ],
                wrap=True,
                spacing=4,
            )
        )
        cartage = cartage_line(view)
        controls.append(
            ft.Column(
                [
                    tagged(
                        "cartage",
                        body(cartage)
                        if view.agents >= view.needed
                        else notice(cartage, level="error"),
                    ),
                    ft.Row(
                        [
                            ft.Text("Agents on Hire Dockworkers", expand=True),
                            stepper(
                                view.agents,
                                self.tab.set_agents,
                                label="agent",
                                maximum=view.available,
                                ident="agents",
                            ),
                        ]
                    ),
                    small(
                        f"{game.active} has {plural(view.available, 'agent')} left this turn "
                        "(the sale to the bazaar needs none)."
                    ),
                    why_link(
                        ctx,
                        ["mercante.cartage", "mercante.hire_dockworkers"],
                        [RULING_DOCKWORKERS],
                        ident="why-cartage",
                    ),
                ],
                spacing=4,
            )
        )
        ids: list[str] = []
        if quote is not None:
            for token in quote.tokens:
                if token.breakdown is not None:
                    ids += token.breakdown.rulings
                if token.destination == "refused" and "full" in token.reason:
                    ids.append(RULING_FULL)
                if token.reaction and token.destination != "market":
                    ids.append(RULING_REACTION_CLOSES)
            if quote.reactions:
                ids.append(RULING_REACTION)
                if any(r.event.is_fleeting for r in quote.reactions):
                    ids.append(RULING_FLEETING_REACTION)
        if game.board is not None:
            ids += [RULING_UPPERMOST, RULING_FULL]
        controls += rulings(ctx, ids)
        return controls


__all__ = ["SaleSummary"]
