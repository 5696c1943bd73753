"""Score › Score pad: write down a finished game, watch the standings, save it to history."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import flet as ft

from companion.ui.context import AppContext
from companion.ui.logic.scorepad import DRAFT_KEY, FieldKey, ScorePad
from companion.ui.logic.words import plural
from companion.ui.screen import RouteNotFound, Screen
from companion.ui.theme import GAP
from companion.ui.views.common import (
    filter_suggestions,
    game_picker,
    standings_table,
    suggestion_chips,
)
from companion.ui.widgets import (
    body,
    button,
    icon_button,
    mounted,
    notice,
    panel,
    tagged,
    whole_number_field,
    wrap,
)


def field_col(label: str) -> dict[str | ft.ResponsiveRowBreakpoint, int | float]:
    """Half a phone's width for short labels, the full width for long ones (never cut off)."""
    if len(label) <= 14:
        return {"xs": 6, "sm": 4, "md": 3}
    return {"xs": 12, "sm": 6, "md": 4}


class ScorePadView:
    """Binds a :class:`ScorePad` to controls. Typing updates totals, errors and standings in
    place (fields are never rebuilt while typing, so the cursor stays put); structural changes
    (players, categories, mode) rebuild the affected part."""

    def __init__(
        self,
        ctx: AppContext,
        *,
        pad: ScorePad | None = None,
        on_save: Callable[[ScorePad], object] | None = None,
        title: str = "Score pad",
        save_label: str = "Save to history",
    ) -> None:
        """The pad for a new play (``pad`` None: the saved draft) or for editing one.

        With ``on_save``, saving hands the valid pad to it instead of recording a new play,
        and no draft is kept (the play being edited is the draft).
        """
        self.ctx = ctx
        self.keeps_draft = pad is None
        self.pad = (
            pad if pad is not None else ScorePad.from_dict(ctx.setting(DRAFT_KEY), ctx.catalogue)
        )
        self.on_save = on_save
        self.title = title
        self.save_label = save_label
        self.known = ctx.store.player_names()
        self.show_all_errors = False
        self.fields: dict[FieldKey, ft.TextField] = {}
        self.totals: dict[int, ft.Text] = {}
        self.header = ft.Column(spacing=GAP)
        self.category_editor = ft.Column(spacing=8)
        self.rows_column = ft.Column(spacing=GAP)
        self.tiebreak_column = ft.Column(spacing=8)
        self.standings_box = ft.Column()
        self.form_notices = ft.Column(spacing=8)
        self.suggestions = ft.Column()
        self.new_category = ft.TextField(
            label="New category",
            on_submit=lambda e: self.add_category(),
            expand=True,
        )
        self.new_tiebreaker = ft.TextField(
            label="New tie-breaker",
            hint_text="e.g. Most money left",
            on_submit=lambda e: self.add_tiebreaker(),
            expand=True,
        )

    # -- state changes ----------------------------------------------------------------------
    def save_draft(self) -> None:
        if self.keeps_draft:
            self.ctx.set_setting(DRAFT_KEY, self.pad.to_dict())

    def changed(self, *, structure: bool = False) -> None:
        """After any edit: save the draft, then refresh what depends on the edit."""
        self.save_draft()
        if structure:
            self.render_all()
        else:
            self.refresh_live()
        if mounted(self.rows_column):
            self.ctx.page.update()

    def set_text(self, key: FieldKey, value: str) -> None:
        kind = key[0]
        if kind == "name":
            self.pad.rows[key[1]].name = value
        elif kind == "score":
            self.pad.rows[key[1]].score = value
        elif kind == "part":
            self.pad.rows[key[1]].parts[key[2]] = value
        elif kind == "tie":
            self.pad.rows[key[1]].ties[key[2]] = value
        elif kind == "title":
            self.pad.title = value
        elif kind == "duration":
            self.pad.duration = value
        elif kind == "location":
            self.pad.location = value
        elif kind == "notes":
            self.pad.notes = value
        elif kind == "tiebreaker":
            self.pad.tiebreakers[key[1]].name = value
        self.changed()

    def set_game(self, game_id: str) -> None:
        self.pad.set_game(game_id)
        self.changed(structure=True)

    def set_mode(self, breakdown: bool) -> None:
        self.pad.breakdown = breakdown
        self.changed(structure=True)

    def add_player(self, name: str = "") -> None:
        try:
            self.pad.add_row(name)
        except ValueError as exc:
            self.ctx.notify(str(exc).capitalize())
            return
        self.changed(structure=True)

    def remove_player(self, index: int) -> None:
        self.pad.remove_row(index)
        self.changed(structure=True)

    def move_player(self, index: int, offset: int) -> None:
        self.pad.move_row(index, offset)
        self.changed(structure=True)

    def toggle_start(self, index: int) -> None:
        self.pad.set_start(index)
        self.changed(structure=True)

    def add_category(self) -> None:
        name = (self.new_category.value or "").strip()
        if not name:
            self.new_category.error = "Type a category name"
        elif name.casefold() in {c.casefold() for c in self.pad.categories}:
            self.new_category.error = "Already a category"
        else:
            self.pad.add_category(name)
            self.new_category.value = ""
            self.new_category.error = None
            self.changed(structure=True)
            return
        self.new_category.update()

    def remove_category(self, index: int) -> None:
        self.pad.remove_category(index)
        self.changed(structure=True)

    def add_tiebreaker(self) -> None:
        name = (self.new_tiebreaker.value or "").strip()
        if not name:
            self.new_tiebreaker.error = "Type what breaks the tie"
            self.new_tiebreaker.update()
            return
        try:
            self.pad.add_tiebreaker(name)
        except ValueError as exc:
            self.new_tiebreaker.error = str(exc).capitalize()
            self.new_tiebreaker.update()
            return
        self.new_tiebreaker.value = ""
        self.new_tiebreaker.error = None
        self.changed(structure=True)

    def remove_tiebreaker(self, index: int) -> None:
        self.pad.remove_tiebreaker(index)
        self.changed(structure=True)

    def move_tiebreaker(self, index: int, offset: int) -> None:
        self.pad.move_tiebreaker(index, offset)
        self.changed(structure=True)

    def flip_tiebreaker(self, index: int) -> None:
        breaker = self.pad.tiebreakers[index]
        breaker.higher_wins = not breaker.higher_wins
        self.changed(structure=True)

    def set_lowest_wins(self, value: bool) -> None:
        self.pad.lowest_wins = value
        self.changed()

    def set_played_at(self, value: datetime | None) -> None:
        """A date and time chosen for the play; ``None``: date it when it is saved."""
        self.pad.played_at = None if value is None else value.replace(second=0, microsecond=0)
        self.changed(structure=True)

    def save(self) -> int | None:
        """Save when valid; otherwise mark every problem on its field and say so."""
        errors = self.pad.errors()
        if errors:
            self.show_all_errors = True
            self.refresh_live()
            self.ctx.page.update()
            self.ctx.notify(
                f"Not saved: {plural(len(errors), 'field')} to fix.",
                error=True,
            )
            return None
        if self.on_save is not None:
            try:
                self.on_save(self.pad)
            except ValueError as exc:
                self.ctx.notify(f"Not saved: {exc}", error=True)
            return None
        arguments = self.pad.record_arguments()
        try:
            play_id = self.ctx.store.record_play(**arguments)
        except ValueError as exc:
            self.ctx.notify(f"Not saved: {exc}", error=True)
            return None
        standings = self.pad.standings()
        winners = [s.name for s in standings if s.winner]
        game = self.pad.game.name if not self.pad.game.is_other else self.pad.title.strip()
        self.pad.clear_scores()
        self.show_all_errors = False
        self.save_draft()
        self.render_all()
        self.ctx.page.update()
        self.ctx.notify(
            f"Saved {game}: {' and '.join(winners)} won.",
            action="View",
            on_action=lambda: self.ctx.navigate(f"/history/play/{play_id}"),
        )
        return play_id

    # -- rendering --------------------------------------------------------------------------
    def _field(self, key: FieldKey, control: ft.TextField) -> ft.TextField:
        control.on_change = lambda e, k=key: self.set_text(k, e.control.value or "")
        self.fields[key] = control
        return control

    def render_header(self) -> None:
        pad = self.pad
        controls: list[ft.Control] = [game_picker(self.ctx.catalogue, pad.game_id, self.set_game)]
        if pad.game.is_other:
            controls.append(
                tagged(
                    "game-title",
                    self._field(
                        ("title",), ft.TextField(label="Game title", value=pad.title, max_length=80)
                    ),
                )
            )
            controls.append(
                ft.Switch(
                    label="Lowest score wins",
                    value=pad.lowest_wins,
                    on_change=lambda e: self.set_lowest_wins(bool(e.control.value)),
                )
            )
        else:
            direction = "Highest score wins" if pad.game.highest_wins else "Lowest score wins"
            controls.append(
                body(
                    f"{pad.game.name}: {pad.game.min_players}–{pad.game.max_players} players. "
                    f"{direction}.",
                    muted=True,
                )
            )
        controls.append(
            ft.SegmentedButton(
                segments=[
                    ft.Segment(
                        value="total", label=ft.Text("Totals"), icon=ft.Icon(ft.Icons.FUNCTIONS)
                    ),
                    ft.Segment(
                        value="parts",
                        label=ft.Text("By category"),
                        icon=ft.Icon(ft.Icons.VIEW_LIST),
                    ),
                ],
                selected=["parts" if pad.breakdown else "total"],
                on_change=lambda e: self.set_mode("parts" in (e.control.selected or [])),
            )
        )
        self.header.controls = controls
        chips = [
            ft.Chip(
                label=ft.Text(c),
                on_delete=lambda e, i=i: self.remove_category(i),
                delete_icon_tooltip=f"Remove {c}",
            )
            for i, c in enumerate(pad.categories)
        ]
        self.category_editor.controls = (
            [
                body("Categories (each player's total adds them up):", muted=True),
                wrap(chips) if chips else body("No categories yet.", muted=True),
                ft.Row(
                    [
                        self.new_category,
                        button(
                            "Add", lambda e: self.add_category(), kind="tonal", icon=ft.Icons.ADD
                        ),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
            ]
            if pad.breakdown
            else []
        )

    def render_rows(self) -> None:
        pad = self.pad
        self.fields = {
            k: v
            for k, v in self.fields.items()
            if k[0] in ("title", "duration", "location", "notes")
        }
        self.totals = {}
        cards: list[ft.Control] = []
        for i, row in enumerate(pad.rows):
            name = self._field(
                ("name", i),
                ft.TextField(
                    label=f"Player {i + 1}",
                    value=row.name,
                    expand=True,
                    capitalization=ft.TextCapitalization.WORDS,
                ),
            )
            start_icon = ft.IconButton(
                ft.Icons.FLAG if row.start else ft.Icons.OUTLINED_FLAG,
                tooltip="Start player" if row.start else "Mark as start player",
                selected=row.start,
                on_click=lambda e, i=i: self.toggle_start(i),
                style=ft.ButtonStyle(padding=12),
            )
            top = ft.Row(
                [
                    name,
                    start_icon,
                    icon_button(
                        ft.Icons.ARROW_UPWARD,
                        "Move up a seat",
                        lambda e, i=i: self.move_player(i, -1),
                        disabled=i == 0,
                    ),
                    icon_button(
                        ft.Icons.ARROW_DOWNWARD,
                        "Move down a seat",
                        lambda e, i=i: self.move_player(i, 1),
                        disabled=i == len(pad.rows) - 1,
                    ),
                    icon_button(
                        ft.Icons.DELETE_OUTLINE,
                        "Remove player",
                        lambda e, i=i: self.remove_player(i),
                    ),
                ],
                spacing=0,
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
            score_controls: list[ft.Control] = []
            if pad.breakdown:
                for category in pad.categories:
                    score_controls.append(
                        self._field(
                            ("part", i, category),
                            whole_number_field(
                                category, row.parts.get(category, ""), col=field_col(category)
                            ),
                        )
                    )
            else:
                score_controls.append(
                    self._field(
                        ("score", i), whole_number_field("Score", row.score, col=field_col("Score"))
                    )
                )
            for t, breaker in enumerate(pad.tiebreakers):
                score_controls.append(
                    self._field(
                        ("tie", i, t),
                        whole_number_field(
                            label := breaker.name or f"Tie-breaker {t + 1}",
                            row.ties[t],
                            col=field_col(label),
                        ),
                    )
                )
            total = ft.Text("", theme_style=ft.TextThemeStyle.TITLE_MEDIUM)
            self.totals[i] = total
            lines: list[ft.Control] = [
                top,
                ft.ResponsiveRow(score_controls, spacing=8, run_spacing=8),
            ]
            if pad.breakdown:
                lines.append(total)
            cards.append(tagged(f"player-row-{i + 1}", panel(*lines, padding=12)))
        self.rows_column.controls = cards

    def render_tiebreakers(self) -> None:
        pad = self.pad
        items: list[ft.Control] = [
            body("When scores are equal, these decide, in this order.", muted=True),
        ]
        for t, breaker in enumerate(pad.tiebreakers):
            # The name gets its own line so a long one is never cut off on a phone.
            items.append(
                ft.Column(
                    [
                        ft.Text(
                            f"{t + 1}. {breaker.name}", theme_style=ft.TextThemeStyle.BODY_LARGE
                        ),
                        ft.Row(
                            [
                                ft.OutlinedButton(
                                    "Higher wins" if breaker.higher_wins else "Lower wins",
                                    icon=ft.Icons.SWAP_VERT,
                                    on_click=lambda e, t=t: self.flip_tiebreaker(t),
                                    tooltip="Tap to switch",
                                ),
                                icon_button(
                                    ft.Icons.ARROW_UPWARD,
                                    "Try this one earlier",
                                    lambda e, t=t: self.move_tiebreaker(t, -1),
                                    disabled=t == 0,
                                ),
                                icon_button(
                                    ft.Icons.CLOSE,
                                    f"Remove {breaker.name}",
                                    lambda e, t=t: self.remove_tiebreaker(t),
                                ),
                            ],
                            spacing=4,
                        ),
                    ],
                    spacing=2,
                )
            )
        items.append(
            ft.Row(
                [
                    self.new_tiebreaker,
                    button("Add", lambda e: self.add_tiebreaker(), kind="tonal", icon=ft.Icons.ADD),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
        )
        self.tiebreak_column.controls = items

    def render_suggestions(self) -> None:
        names = filter_suggestions(self.known, "", [r.name for r in self.pad.rows])
        self.suggestions.controls = (
            [body("Known players", muted=True), suggestion_chips(names, self._pick_known)]
            if names
            else []
        )

    def _pick_known(self, name: str) -> None:
        empty = next((i for i, r in enumerate(self.pad.rows) if not r.name.strip()), None)
        if empty is not None:
            self.pad.rows[empty].name = name
            self.changed(structure=True)
        else:
            self.add_player(name)

    def refresh_live(self) -> None:
        """Totals, field errors, notices and standings, without rebuilding any field."""
        errors = self.pad.errors()
        for key, control in self.fields.items():
            message = errors.get(key)
            typed = (control.value or "").strip()
            control.error = message if message and (self.show_all_errors or typed) else None
        for i, label in self.totals.items():
            total = self.pad.total(i)
            label.value = f"Total: {total}" if total is not None else "Total: —"
        notes: list[ft.Control] = []
        players_error = errors.get(("players",))
        if players_error:
            notes.append(
                notice(players_error, level="error" if self.show_all_errors else "warning")
            )
        for warning in self.pad.warnings():
            notes.append(notice(warning, level="warning"))
        if self.show_all_errors and errors:
            notes.append(notice("Fix the marked fields, then save.", level="error"))
        self.form_notices.controls = notes
        self.standings_box.controls = [standings_table(self.pad.standings())]

    def render_all(self) -> None:
        self.render_header()
        self.render_rows()
        self.render_tiebreakers()
        self.render_suggestions()
        self.refresh_live()

    def details_panel(self) -> ft.Control:
        pad = self.pad
        chosen = pad.played_at
        shown = "When you save" if chosen is None else chosen.strftime("%a %d %b %Y, %H:%M")
        when = tagged("played-at", ft.Text(shown, expand=True))

        def pick_date(e: Any) -> None:
            current = pad.when()
            picker = ft.DatePicker(
                value=current,
                last_date=datetime.now(),
                on_change=lambda ev: self.set_played_at(
                    datetime.combine(ev.control.value.date(), current.time())
                    if ev.control.value
                    else current
                ),
            )
            self.ctx.page.show_dialog(picker)

        buttons = [button("Change", pick_date, kind="text")]
        if chosen is not None:
            buttons.append(button("Now", lambda e: self.set_played_at(None), kind="text"))
        return ft.ExpansionTile(
            title=ft.Text("When, where, notes"),
            subtitle=ft.Text(
                "Dated when you save" if chosen is None else chosen.strftime("%d %b %Y, %H:%M")
            ),
            controls=[
                ft.Row([ft.Icon(ft.Icons.EVENT), when, *buttons]),
                self._field(
                    ("duration",), whole_number_field("Duration (minutes)", pad.duration, width=200)
                ),
                self._field(
                    ("location",), ft.TextField(label="Where", value=pad.location, max_length=120)
                ),
                self._field(
                    ("notes",),
                    ft.TextField(
                        label="Notes",
                        value=pad.notes,
                        multiline=True,
                        min_lines=2,
                        max_lines=6,
                        max_length=2000,
                    ),
                ),
            ],
            controls_padding=ft.Padding.symmetric(horizontal=8, vertical=8),
        )

    def build(self) -> Screen:
        self.render_all()
        content = ft.Column(
            [
                panel(self.header, self.category_editor),
                self.rows_column,
                wrap(
                    [
                        button(
                            "Add player",
                            lambda e: self.add_player(),
                            icon=ft.Icons.PERSON_ADD,
                            kind="outlined",
                            ident="add-player-row",
                        )
                    ]
                ),
                self.suggestions,
                panel(self.tiebreak_column, title="Tie-breakers"),
                panel(self.standings_box, title="Standings"),
                panel(self.details_panel()),
                self.form_notices,
                button(
                    self.save_label, lambda e: self.save(), icon=ft.Icons.SAVE, ident="save-play"
                ),
            ],
            spacing=GAP,
        )
        return Screen(
            title=self.title,
            content=content,
            actions=[
                ft.IconButton(
                    ft.Icons.CLEANING_SERVICES_OUTLINED,
                    tooltip="Clear the scores",
                    on_click=lambda e: self.clear(),
                )
            ]
            if self.keeps_draft
            else [],
        )

    def clear(self) -> None:
        self.pad.clear_scores()
        self.show_all_errors = False
        self.changed(structure=True)


def open_scorepad(ctx: AppContext, rest: list[str]) -> Screen:
    if rest:
        raise RouteNotFound("/score/" + "/".join(rest))
    return ScorePadView(ctx).build()
