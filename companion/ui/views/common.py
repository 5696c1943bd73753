"""Pieces several views share: the game picker and the known-player suggestions."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import flet as ft

from companion.engine.standings import Standing
from companion.rules import Catalogue
from companion.ui.logic.names import filter_suggestions
from companion.ui.widgets import body, tagged, wrap

__all__ = ["filter_suggestions", "game_picker", "suggestion_chips"]


def game_picker(
    catalogue: Catalogue,
    value: str,
    on_select: Callable[[str], None],
    *,
    label: str = "Game",
    ident: str = "game-picker",
) -> ft.Control:
    """A drop-down of the catalogue's games (``Other game`` last)."""
    dropdown = ft.Dropdown(
        label=label,
        value=value,
        options=[
            ft.DropdownOption(key=g.id, text=f"{g.name} ({g.min_players}–{g.max_players})")
            if not g.is_other
            else ft.DropdownOption(key=g.id, text=g.name)
            for g in catalogue.games
        ],
        on_select=lambda e: on_select(e.control.value),
        expand=True,
    )
    return tagged(ident, dropdown)


def suggestion_chips(
    names: Iterable[str],
    on_pick: Callable[[str], None],
    *,
    limit: int = 12,
) -> ft.Row:
    """Known players as chips; tapping one picks that name."""
    chips = [
        ft.Chip(
            label=ft.Text(name),
            leading=ft.Icon(ft.Icons.PERSON_ADD_ALT, size=18),
            on_click=lambda e, n=name: on_pick(n),
        )
        for name in list(names)[:limit]
    ]
    return wrap(chips)


def standing_row(
    place: str, name: str, score: int, *, winner: bool, lines: Sequence[str] = ()
) -> ft.Row:
    """One line of a standings table: place, trophy for a winner, name with notes, score."""
    return ft.Row(
        [
            ft.Container(
                ft.Text(
                    place, weight=ft.FontWeight.BOLD, theme_style=ft.TextThemeStyle.TITLE_MEDIUM
                ),
                width=40,
            ),
            ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER_700)
            if winner
            else ft.Container(width=24),
            ft.Column(
                [
                    ft.Text(
                        name,
                        theme_style=ft.TextThemeStyle.BODY_LARGE,
                        overflow=ft.TextOverflow.ELLIPSIS,
                        max_lines=1,
                    ),
                    *[
                        ft.Text(
                            line,
                            theme_style=ft.TextThemeStyle.BODY_SMALL,
                            color=ft.Colors.ON_SURFACE_VARIANT,
                        )
                        for line in lines
                    ],
                ],
                spacing=2,
                expand=True,
            ),
            ft.Text(
                str(score), theme_style=ft.TextThemeStyle.TITLE_LARGE, weight=ft.FontWeight.BOLD
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.START,
    )


def standings_table(standings: Sequence[Standing], *, ident: str = "standings") -> ft.Control:
    """Rank, name, score and a trophy for the winner(s); shared places and tie-breaks said."""
    if not standings:
        return body("Standings appear here as scores are entered.", muted=True)
    rows: list[ft.Control] = []
    for s in standings:
        notes = []
        if s.shared:
            notes.append("shared win" if s.winner else "shared place")
        if s.decided_by:
            notes.append(f"tie broken by {s.decided_by.lower()}")
        place = f"{s.rank}" + ("=" if s.shared else "")
        rows.append(
            standing_row(
                place, s.name, s.score, winner=s.winner, lines=[", ".join(notes)] if notes else []
            )
        )
    return tagged(ident, ft.Column(rows, spacing=8))
