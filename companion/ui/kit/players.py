"""Pieces several views share: the game picker, the known-player suggestions, the seats form
(name field, Add, one row a seat, the way to Players & seats) and the standings table."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.engine.core.standings import Standing
from companion.engine.seats import Seating
from companion.rules import Catalogue
from companion.ui import seats
from companion.ui.context import AppContext
from companion.ui.kit.widgets import Handler, body, button, small, tagged, wrap
from companion.ui.model.names import filter_suggestions

if TYPE_CHECKING:
    from companion.ui.live import LiveSession

__all__ = [
    "add_seat_row",
    "filter_suggestions",
    "game_picker",
    "house_rules_tonight",
    "name_with_notes",
    "player_name_field",
    "remember_seated",
    "rules_tonight",
    "seat_players_link",
    "seat_row",
    "seated_form",
    "suggestion_chips",
    "use_table_button",
]


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


def player_name_field(
    hint: str, on_submit: Callable[[], object], *, on_change: Handler = None
) -> ft.TextField:
    """The "Player name" field of a seats form; Enter adds the name."""
    return ft.TextField(
        label="Player name",
        hint_text=hint,
        on_submit=lambda e: on_submit(),
        on_change=on_change,
        expand=True,
        capitalization=ft.TextCapitalization.WORDS,
        error_max_lines=3,
    )


def add_seat_row(field: ft.TextField, on_add: Callable[[], object], *, ident: str) -> ft.Row:
    """The name field with its Add button beside it (the button tagged ``ident``)."""
    return ft.Row(
        [field, button("Add", lambda e: on_add(), icon=ft.Icons.ADD, ident=ident)],
        vertical_alignment=ft.CrossAxisAlignment.START,
    )


def name_with_notes(name: str, notes: Sequence[str], *, spacing: int) -> ft.Column:
    """A player's name on one line (cut short if it must be), notes in small type under it."""
    return ft.Column(
        [
            ft.Text(
                name,
                theme_style=ft.TextThemeStyle.BODY_LARGE,
                overflow=ft.TextOverflow.ELLIPSIS,
                max_lines=1,
            ),
            *[small(note) for note in notes],
        ],
        spacing=spacing,
        expand=True,
    )


def seat_row(
    ident: str,
    seat: int,
    name: str,
    note: str | None,
    actions: Sequence[ft.Control],
    *,
    spacing: int,
) -> ft.Control:
    """One seat of a new-game form: its number, the name with ``note`` under it, then the
    seat's buttons; tagged ``ident``."""
    return tagged(
        ident,
        ft.Row(
            [
                ft.CircleAvatar(content=ft.Text(str(seat)), radius=18),
                name_with_notes(name, [note] if note else [], spacing=0),
                *actions,
            ],
            spacing=spacing,
        ),
    )


def house_rules_tonight(ids: Iterable[str], seating: Seating | None) -> frozenset[str]:
    """The house rules chosen in Settings (``ids``: rulings played by their alternative), as
    tonight's game night plays them: a rule the night sets wins over Settings."""
    rules = set(ids)
    for rule, value in seating.house_rules if seating is not None else ():
        if value == "alternative":
            rules.add(rule)
        else:
            rules.discard(rule)
    return frozenset(rules)


def rules_tonight(ctx: AppContext, game: str) -> frozenset[str]:
    """The house rules a table of ``game`` plays by: those chosen in Settings, as tonight's
    game night of that game sets them (see :func:`house_rules_tonight`)."""
    from companion.ui.seats.model import current_seating

    seating = current_seating(ctx)
    if seating is None or seating.game_id != game:
        return ctx.house_rules()
    return house_rules_tonight(ctx.house_rules(), seating)


def seated_form(session: LiveSession, tool: str, form_now: tuple[Any, ...]) -> bool:
    """Whether a new-game form (``form_now``: what it holds, its seats first) is empty or
    still shows what it was last filled with from the night: then it follows the night
    without a tap. What it was filled with is kept in this session's drafts."""
    kept: dict[str, Any] = session.draft(f"{tool}.night", 0, dict)
    return not form_now[0] or kept.get("form") == form_now


def remember_seated(session: LiveSession, tool: str, form_now: tuple[Any, ...]) -> None:
    """Note what the form holds after it was filled from the night (see :func:`seated_form`)."""
    kept: dict[str, Any] = session.draft(f"{tool}.night", 0, dict)
    kept["form"] = form_now


def use_table_button(label: str, on_click: Handler) -> ft.Control:
    """Take the players (and first player) from Players & seats (tagged ``use-table``)."""
    return button(label, on_click, icon=ft.Icons.GROUPS, kind="tonal", ident="use-table")


def seat_players_link(ctx: AppContext, text: str) -> ft.TextButton:
    """The way to Players & seats when its table does not fit this game."""
    return ft.TextButton(text, icon=ft.Icons.GROUPS, on_click=lambda e: ctx.navigate(seats.ROUTE))


def standing_row(
    place: str, name: str, score: int | None, *, winner: bool, lines: Sequence[str] = ()
) -> ft.Row:
    """One line of a standings table: place, trophy for a winner, name with notes, score
    (none for a play without points)."""
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
            name_with_notes(name, lines, spacing=2),
            ft.Text(
                "" if score is None else str(score),
                theme_style=ft.TextThemeStyle.TITLE_LARGE,
                weight=ft.FontWeight.BOLD,
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.START,
    )


def standings_table(
    standings: Sequence[Standing], *, ident: str = "standings", note: str | None = None
) -> ft.Control:
    """Rank, name, score and a trophy for the winner(s); shared places and tie-breaks said
    (``note``: why places are shared, under them)."""
    if not standings:
        return body("Standings appear here as scores are entered.", muted=True)
    rows: list[ft.Control] = []
    for s in standings:
        notes = []
        if s.shared:
            notes.append("shared win" if s.winner else "shared place")
            if s.decided_by:  # apart from others of the same score, still level with one
                notes.append(f"still tied after {s.decided_by.lower()}")
        elif s.decided_by:
            notes.append(f"tie broken by {s.decided_by.lower()}")
        place = f"{s.rank}" + ("=" if s.shared else "")
        rows.append(
            standing_row(
                place, s.name, s.score, winner=s.winner, lines=[", ".join(notes)] if notes else []
            )
        )
    if note:
        rows.append(small(note))
    return tagged(ident, ft.Column(rows, spacing=8))
