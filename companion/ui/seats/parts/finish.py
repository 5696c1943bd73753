"""Finishing a night: the final scoring sheet (its lines from data, each saying where it
comes from and what the base game's own rulebook decides), one tap to the standings with
their working and tie-breakers, the duration (start to finish, editable), Save (one play,
never twice), and Rematch (the same players, seats kept or rotated, modules and house
rules)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.engine.core.words import listed, plural
from companion.engine.seats import Finish, Reopen, Seating, SeatsError, SetFigure, new_seed
from companion.engine.seats.night import GAME_TABLES
from companion.engine.seats.sheet import Category
from companion.history import StoreError
from companion.tables import Saved, Snapshot
from companion.ui import history
from companion.ui.kit.widgets import body, button, heading, panel, small, tagged, wrap
from companion.ui.model.live import Message
from companion.ui.paint import Slot, mounted
from companion.ui.seats.model.link import (
    save_linked,
    saved_line,
    saved_play,
    table_lines,
    table_name,
    table_play,
)
from companion.ui.seats.model.night import (
    category_help,
    now_text,
    parse_minutes,
    parse_points,
    standing_lines,
)
from companion.ui.theme import GAP, TOUCH

if TYPE_CHECKING:
    from companion.ui.seats.screen import SeatsScreen


class FinishPanels:
    """The Finish button, the final sheet, the standings, Save and Rematch."""

    def __init__(self, view: SeatsScreen) -> None:
        self.view = view
        paint = view.paint
        self.fields: dict[tuple[str, str], ft.TextField] = {}
        self.finish = Slot(paint)
        self.sheet = Slot(paint)
        self.standings = Slot(paint)
        self.duration = ft.TextField(
            label="Minutes played",
            keyboard_type=ft.KeyboardType.NUMBER,
            width=170,
            on_change=lambda e: self.typed_duration(),
            on_focus=lambda e: view.focused(),
            error_max_lines=3,
        )
        self.save_button = ft.FilledButton(
            "Save to History", icon=ft.Icons.SAVE, height=TOUCH, on_click=lambda e: self.save()
        )
        self.save_tag = tagged("night-save", self.save_button)
        self.saved_line = small("")
        self.save_box = panel(
            small(
                "The play keeps the players and seats, every score with its working, the "
                "modules, expansions, house rules, the place, the start and how long it took."
            ),
            tagged("night-duration", self.duration),
            wrap([self.save_tag]),
            tagged("night-saved", self.saved_line),
            title="Save the play",
            section=True,
        )
        self.rematch = Slot(paint)
        self.controls: list[ft.Control] = [
            self.finish.box,
            ft.Container(self.sheet.box, key=_key("night-sheet")),
            ft.Container(self.standings.box, key=_key("night-standings")),
            self.save_box,
            self.rematch.box,
        ]

    @property
    def night(self) -> Seating:
        return self.view.seating

    # -- acting -------------------------------------------------------------------------------
    def open_sheet(self, on: bool) -> None:
        if on and not self.night.seats:
            self.view.hint("Seat the players first.")
            return
        if on and self.night.game_table is not None:
            self.done()  # the game's own table holds the tally: no sheet to fill in
            return
        self.view.draft.sheet_open = on
        self.view.redraw()
        if on:
            self.view.scroll_to("night-sheet")

    def set_figure(self, player: str, category: Category) -> None:
        field = self.fields[(player, category.id)]
        draft = self.view.draft
        text = field.value or ""
        paint = self.view.paint
        try:
            value = parse_points(text, category.name) if text.strip() else None
        except SeatsError as exc:
            draft.figure_errors[(player, category.id)] = str(exc)
            paint.set(self.sheet.box, field, error="Whole number")
            paint.send()
            return
        draft.figure_errors.pop((player, category.id), None)
        paint.set(self.sheet.box, field, error=None)
        if value == self.night.figure(player, category.id):
            paint.send()
            return
        self.view.act(SetFigure(player, category.id, value), quiet=True)

    def done(self) -> None:
        """The sheet is filled in: finish the night (this phone's clock) and show the places."""
        night = self.night
        if night.is_over:
            return

        def settle() -> None:
            self.view.draft.sheet_open = False
            self.view.draft.duration_text = None
            self.view.scroll_to("night-standings", delay=0.2)

        self.view.act(Finish(now_text()), then=settle)

    def reopen(self) -> None:
        def settle() -> None:
            self.view.draft.sheet_open = True

        self.view.act(Reopen(), then=settle)

    def typed_duration(self) -> None:
        draft = self.view.draft
        draft.duration_text = self.duration.value or ""
        try:
            parse_minutes(draft.duration_text)
            error = None
        except SeatsError as exc:
            error = str(exc)
        self.view.paint.set(self.save_box, self.duration, error=error)
        if error is None:
            self.view.paint.set(self.save_box, self.saved_line, value=self.save_note())
        self.view.paint.send()

    def save_note(self) -> str:
        """What Save will keep of the time: the minutes as typed, or start to finish."""
        try:
            minutes = self.minutes()
        except SeatsError:
            minutes = None
        if minutes is None:
            minutes = self.night.duration
        took = "" if minutes is None else f": it took {plural(minutes, 'minute')}"
        return f"Not saved yet{took}."

    def minutes(self) -> int | None:
        text = self.view.draft.duration_text
        return None if text is None else parse_minutes(text)

    def save(self) -> None:
        night = self.night
        try:
            minutes = self.minutes()
        except SeatsError as exc:
            self.view.refuse(str(exc))
            return
        if night.game_table is not None:
            self.save_linked(night, minutes)
            return

        def play(game: object) -> dict[str, object]:
            if not isinstance(game, Seating):
                raise SeatsError("this table cannot be read")
            return game.play_fields(duration_min=minutes)

        winners = [s.player for s in standing_lines(night) if s.winner]
        self.view.live.save(
            play,
            saved=lambda s: f"Saved to History: {' and '.join(winners)} won.",
        )

    def save_linked(self, night: Seating, minutes: int | None) -> None:
        """The night's game was played on its own table: Save saves THAT table, once (the
        same mark its own Save uses), with the night's facts; a play saved already, from
        either screen on any phone, is shown, never saved again."""
        view = self.view
        table = night.game_table
        assert table is not None
        tool = GAME_TABLES[night.game_id]
        catalogue = view.ctx.catalogue
        try:
            outcome = save_linked(
                view.session.hub,
                view.live.table_id,
                tool,
                table,
                lambda game: table_play(tool, game, catalogue),
                device=view.session.device,
                at=now_text(),
                duration_min=minutes,
            )
        except StoreError as exc:
            view.refuse(f"Not saved: {exc}")
            return
        if isinstance(outcome, Saved):
            play_id = outcome.play_id
            text = (
                f"Saved to History as play {play_id}."
                if outcome.created
                else saved_line(play_id, night)
            )
            live = view.live
            live.say(
                Message(text, action="View"),
                on_action=lambda: view.ctx.navigate(history.play_route(play_id)),
            )
            if mounted(live.strip.control):
                live.strip.control.update()  # the strip, as LiveTable.save sends it
        else:
            view.refuse(outcome.message)
        view.redraw()

    def start_rematch(self, rotate: bool) -> None:
        """A new night: same players (seats kept, or each one seat round), game, modules,
        expansions, house rules and place; opened at once."""
        from companion.ui.kit.lobby import start_table
        from companion.ui.seats import table_route

        night = self.night
        view = self.view
        again = night.rematch(seed=new_seed(), rotate=rotate)
        seats = "each one seat round" if rotate else "in the same seats"
        start_table(
            view.ctx,
            view.session,
            view.tool_id,
            again,
            route=table_route,
            what="rematch",
            told=(
                f"A rematch: {listed(list(again.seats))} {seats}, with the same game, modules "
                "and house rules. Draw the first player when you are ready."
            ),
            refused=view.refuse,
        )

    # -- rendering ----------------------------------------------------------------------------
    def render(self, night: Seating, snapshot: Snapshot) -> None:
        paint = self.view.paint
        closed = snapshot.read_only
        over = night.is_over
        draft = self.view.draft
        sheet_open = draft.sheet_open and not over and not closed and bool(night.seats)
        self.finish.set(
            (over, sheet_open, closed, bool(night.seats)),
            lambda: None if over or sheet_open or closed or not night.seats else self.finish_part(),
        )
        self.sheet.set(
            (night.game_id, night.seats, sheet_open),
            lambda: self.sheet_part(night) if sheet_open else None,
        )
        if sheet_open:
            self.fill_figures(night)
        info = snapshot.info
        hub = self.view.session.hub
        linked = night.game_table
        table_seq = hub.peek(linked).seq if linked is not None else None
        linked_play = saved_play(hub, night)
        self.standings.set(
            (
                table_seq,
                linked_play,
                over,
                night.seats,
                night.tally,
                night.sheet,
                night.finished_at,
                closed,
                info.saved_play_id,
            ),
            lambda: self.standings_part(night, closed) if over else None,
        )
        paint.set(self.save_box, self.save_box, visible=over)
        if draft.duration_text is None:
            shown = "" if night.duration is None else str(night.duration)
            paint.set(self.save_box, self.duration, value=shown, error=None)
        saved = info.saved_play_id is not None or info.saved or linked_play is not None
        paint.set(self.save_box, self.duration, disabled=closed or saved)
        paint.set(self.save_box, self.save_button, disabled=closed)
        paint.set(self.save_box, self.save_tag, visible=not saved)
        if linked_play is not None:
            said = saved_line(linked_play, night)
        elif info.saved_play_id is not None:
            said = f"Saved as play {info.saved_play_id}."
        else:
            said = "Saved to History." if saved else self.save_note()
        paint.set(self.save_box, self.saved_line, value=said)
        self.rematch.set(
            (over, bool(night.seats)),
            lambda: self.rematch_part() if over and night.seats else None,
        )

    def finish_part(self) -> ft.Control:
        return panel(
            small("When the game is over: the final scoring sheet, then the standings."),
            button(
                "Finish: final scoring",
                lambda e: self.open_sheet(True),
                icon=ft.Icons.FLAG_OUTLINED,
                ident="night-finish",
            ),
        )

    def sheet_part(self, night: Seating) -> ft.Control:
        sheet = night.sheet_def
        self.fields = {}
        items: list[ft.Control] = [heading("Final scoring sheet")]
        if sheet.note:
            items.append(body(sheet.note, muted=True))
        tally = sheet.tally_category
        totals = {p: sum(line.points for line in night.lines_of(p)) for p in night.seats}
        items.append(
            ft.Column(
                [
                    ft.Text(
                        tally.name,
                        theme_style=ft.TextThemeStyle.TITLE_SMALL,
                        weight=ft.FontWeight.BOLD,
                    ),
                    small(category_help(tally)),
                    *[body(f"{p}: {totals[p]}") for p in night.seats],
                ],
                spacing=4,
            )
        )
        for category in sheet.categories:
            if category.tally:
                continue
            fields: list[ft.Control] = []
            for player in night.seats:
                field = ft.TextField(
                    label=player,
                    keyboard_type=ft.KeyboardType.NUMBER,
                    col={"xs": 6, "sm": 4},
                    on_change=lambda e, p=player, c=category: self.set_figure(p, c),
                    on_focus=lambda e: self.view.focused(),
                    text_align=ft.TextAlign.RIGHT,
                    error_max_lines=3,
                )
                self.fields[(player, category.id)] = field
                fields.append(field)
            title = category.name + (" (a tie-breaker)" if category.tiebreak else "")
            if category.counts < 0:
                title += ": gold lost"
            items.append(
                tagged(
                    f"sheet-{category.id.replace('.', '-')}",
                    ft.Column(
                        [
                            ft.Text(
                                title,
                                theme_style=ft.TextThemeStyle.TITLE_SMALL,
                                weight=ft.FontWeight.BOLD,
                            ),
                            small(category_help(category)),
                            ft.ResponsiveRow(fields, spacing=8, run_spacing=8),
                        ],
                        spacing=4,
                    ),
                )
            )
        items.append(
            wrap(
                [
                    button(
                        "See the standings",
                        lambda e: self.done(),
                        icon=ft.Icons.LEADERBOARD,
                        ident="sheet-done",
                    ),
                    button(
                        "Back to the tally",
                        lambda e: self.open_sheet(False),
                        kind="text",
                        ident="sheet-back",
                    ),
                ]
            )
        )
        return tagged("night-sheet", panel(ft.Column(items, spacing=GAP)))

    def fill_figures(self, night: Seating) -> None:
        """The sheet's figures as the night has them, except one this phone is mistyping."""
        errors = self.view.draft.figure_errors
        for (player, category), field in self.fields.items():
            if (player, category) in errors:
                continue
            value = night.figure(player, category)
            shown = "" if value is None else str(value)
            if (field.value or "").strip().replace("−", "-") != shown:
                self.view.paint.set(self.sheet.box, field, value=shown)

    def standings_part(self, night: Seating, closed: bool) -> ft.Control:
        rows: list[ft.Control] = []
        lines = standing_lines(night)
        source: list[ft.Control] = []
        if night.game_table is not None:
            lines, why = table_lines(self.view.session.hub, night, self.view.ctx.catalogue)
            source.append(
                small(
                    why or f"From the {table_name(night)} table: its own tally, nothing typed here."
                )
            )
        for i, line in enumerate(lines, start=1):
            rows.append(
                tagged(
                    f"standing-{i}",
                    ft.Column(
                        [
                            ft.Row(
                                [
                                    ft.Text(
                                        f"{line.place}  {line.player}",
                                        expand=True,
                                        theme_style=ft.TextThemeStyle.TITLE_SMALL,
                                        weight=ft.FontWeight.BOLD if line.winner else None,
                                    ),
                                    ft.Text(
                                        str(line.score), theme_style=ft.TextThemeStyle.TITLE_SMALL
                                    ),
                                ]
                            ),
                            *([small(line.working)] if line.working else []),
                            *([small(line.tiebreak)] if line.tiebreak else []),
                        ],
                        spacing=2,
                    ),
                )
            )
        items: list[ft.Control] = [heading("Standings"), *source, *rows]
        if not closed:
            items.append(
                button(
                    "Reopen to correct",
                    lambda e: self.reopen(),
                    kind="text",
                    icon=ft.Icons.EDIT_OUTLINED,
                    ident="night-reopen",
                )
            )
        return tagged("night-standings", panel(ft.Column(items, spacing=GAP)))

    def rematch_part(self) -> ft.Control:
        return panel(
            small("Play again: the same players, game, modules and house rules."),
            wrap(
                [
                    button(
                        "Rematch",
                        lambda e: self.start_rematch(False),
                        icon=ft.Icons.REPLAY,
                        kind="tonal",
                        ident="night-rematch",
                    ),
                    button(
                        "Rematch, seats rotated",
                        lambda e: self.start_rematch(True),
                        icon=ft.Icons.ROTATE_RIGHT,
                        kind="outlined",
                        ident="night-rematch-rotated",
                    ),
                ]
            ),
            title="Rematch",
        )


def _key(name: str) -> ft.ScrollKey:
    return ft.ScrollKey(name)  # type: ignore[call-arg]


__all__ = ["FinishPanels"]
