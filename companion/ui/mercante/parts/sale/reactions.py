"""Reactions (what if?): the Reaction cards tried on the sale, each with the token it is played
on and who plays it; the price they make shows as a what-if until the sale is sold."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.engine.mercante.pricing import RULING_REACTION
from companion.ui.kit.widgets import body, button, panel, tagged
from companion.ui.mercante.model import choice_by_key, token_label
from companion.ui.mercante.parts import rulings

if TYPE_CHECKING:
    from companion.ui.mercante.parts.sale import SaleTab

NOBODY = "__nobody__"


def reaction_panel(tab: SaleTab) -> ft.Control | None:
    if not tab.draft.tokens():
        return None
    return panel(*reaction_controls(tab), title="Reactions (what if?)")


def reaction_controls(tab: SaleTab) -> list[ft.Control]:
    session = tab.session
    draft = tab.draft
    options = draft.reaction_options(session.choices)
    if not options:
        return [
            body(
                "No Reaction card you know changes the price of these goods. "
                "Add your own cards to try one here.",
                muted=True,
            ),
            *rulings(tab.ctx, [RULING_REACTION]),
        ]
    controls: list[ft.Control] = [
        body(
            "A Reaction may be played on a token when the card itself changes that good's "
            "price or takes tokens off its market; several may be played, in turn. Selling "
            "plays them in this order: an Enduring one goes on the calendar first.",
            muted=True,
        )
    ]
    for i, reaction in enumerate(draft.reactions):
        chosen = choice_by_key(session.choices, reaction.card)
        row: list[ft.Control] = [
            tagged_dropdown(
                f"reaction-card-{i + 1}",
                label=f"Reaction {i + 1}",
                value=reaction.card if chosen else NOBODY,
                options=[(NOBODY, "None")] + [(c.key, c.event.name) for c in options],
                on_pick=functools.partial(tab.set_reaction, i),
                col={"xs": 12, "md": 4},
            )
        ]
        if chosen is not None:
            tokens = draft.reaction_tokens(i, session.choices)
            row.append(
                tagged_dropdown(
                    f"reaction-on-{i + 1}",
                    label="Played on",
                    value=reaction.on,
                    options=[(k, token_label(k)) for k in tokens],
                    on_pick=functools.partial(tab.set_reaction_on, i),
                    col={"xs": 6, "md": 4},
                )
            )
            row.append(
                tagged_dropdown(
                    f"reaction-by-{i + 1}",
                    label="Played by",
                    value=reaction.by or NOBODY,
                    options=[(NOBODY, "Not noted")] + [(n, n) for n in session.table.game.seats],
                    on_pick=functools.partial(tab.set_reaction_by, i),
                    col={"xs": 6, "md": 4},
                )
            )
        controls.append(
            ft.Row(
                [
                    ft.Container(ft.ResponsiveRow(row, spacing=8, run_spacing=8), expand=True),
                    ft.IconButton(
                        ft.Icon(ft.Icons.CLOSE, semantics_label=f"Take Reaction {i + 1} out"),
                        tooltip=f"Take Reaction {i + 1} out",
                        on_click=lambda e, i=i: tab.remove_reaction(i),
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
        )
    controls.append(
        button(
            "Try a Reaction" if not draft.reactions else "Another Reaction",
            lambda e: tab.add_reaction(),
            icon=ft.Icons.ADD,
            kind="text",
            ident="add-reaction",
        )
    )
    return controls


def tagged_dropdown(
    ident: str,
    *,
    label: str,
    value: str | None,
    options: list[tuple[str, str]],
    on_pick: Callable[[str | None], None],
    col: ft.ResponsiveNumber,
) -> ft.Control:
    """One of a Reaction's three choices: ``options`` as ``(key, text)``."""
    return tagged(
        ident,
        ft.Dropdown(
            label=label,
            value=value,
            options=[ft.DropdownOption(key=k, text=t) for k, t in options],
            on_select=lambda e: on_pick(e.control.value),
            expand=True,
            col=col,
        ),
    )


__all__ = ["reaction_panel"]
