"""History: plays newest first with filters, a play's detail, edit and delete with undo,
statistics with charts, and export/import."""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

import flet as ft

from companion.history import NotFoundError, StoreError
from companion.history.bgstats import FILE_NAME as BGSTATS_FILE_NAME
from companion.history.store import validate_play
from companion.ui.context import AppContext
from companion.ui.logic.history import (
    export_message,
    format_day,
    format_when,
    import_summary,
    number,
    outcome,
    pad_from_play,
    percent,
    play_fields,
    play_subtitle,
    progress_text,
)
from companion.ui.logic.scorepad import ScorePad
from companion.ui.logic.words import plural
from companion.ui.qr import qr_png
from companion.ui.screen import RouteNotFound, Screen
from companion.ui.theme import GAP
from companion.ui.views.common import standing_row
from companion.ui.views.scorepad import ScorePadView
from companion.ui.widgets import body, button, empty_state, heading, notice, panel, tagged, wrap

FILTER_KEY = "history_filter"
PAGE_SIZE = 30
ALL = "__all__"
CHART_COLORS = [ft.Colors.TEAL, ft.Colors.AMBER_700, ft.Colors.INDIGO, ft.Colors.DEEP_ORANGE]


# ------------------------------------------------------------------------------- shared bits
class Filters:
    """Game and player filters, remembered between visits."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        saved = ctx.setting(FILTER_KEY, {})
        saved = saved if isinstance(saved, dict) else {}
        names = {g.name for g in ctx.store.games()}
        players = set(ctx.store.player_names())
        self.game: str | None = saved.get("game") if saved.get("game") in names else None
        self.player: str | None = saved.get("player") if saved.get("player") in players else None

    def save(self) -> None:
        self.ctx.set_setting(FILTER_KEY, {"game": self.game, "player": self.player})

    def controls(self, on_change: Any) -> ft.Control:
        games = self.ctx.store.games()
        players = self.ctx.store.player_names()

        def pick_game(e: Any) -> None:
            self.game = None if e.control.value in (None, ALL) else e.control.value
            self.save()
            on_change()

        def pick_player(e: Any) -> None:
            self.player = None if e.control.value in (None, ALL) else e.control.value
            self.save()
            on_change()

        game_dd = ft.Dropdown(
            label="Game",
            value=self.game or ALL,
            options=[ft.DropdownOption(key=ALL, text="All games")]
            + [ft.DropdownOption(key=g.name, text=g.name) for g in games],
            on_select=pick_game,
            expand=True,
            col={"xs": 12, "sm": 6},
        )
        player_dd = ft.Dropdown(
            label="Player",
            value=self.player or ALL,
            options=[ft.DropdownOption(key=ALL, text="All players")]
            + [ft.DropdownOption(key=p, text=p) for p in players],
            on_select=pick_player,
            expand=True,
            col={"xs": 12, "sm": 6},
        )
        return ft.ResponsiveRow(
            [tagged("filter-game", game_dd), tagged("filter-player", player_dd)],
            spacing=8,
            run_spacing=8,
        )


def switcher(ctx: AppContext, current: str) -> ft.Control:
    return ft.SegmentedButton(
        segments=[
            ft.Segment(value="plays", label=ft.Text("Plays"), icon=ft.Icon(ft.Icons.LIST)),
            ft.Segment(value="stats", label=ft.Text("Statistics"), icon=ft.Icon(ft.Icons.INSIGHTS)),
        ],
        selected=[current],
        on_change=lambda e: ctx.navigate(
            "/history/stats" if "stats" in (e.control.selected or []) else "/history"
        ),
    )


# ----------------------------------------------------------------------------- export/import
class Exchange:
    """Export to a file (download in a browser) and import from a file or pasted text.

    Imports run off the page's event loop with a progress bar, so the screen stays responsive
    through a long one; the import is one transaction, all or nothing.
    """

    FORMATS: ClassVar[dict[str, tuple[str, str, str]]] = {
        "json": (
            "Backup (JSON, can be imported)",
            "merchants-companion-history.json",
            "export_json",
        ),
        "csv": ("Spreadsheet (CSV)", "merchants-companion-history.csv", "export_csv"),
        "bgstats": ("BG Stats backup", BGSTATS_FILE_NAME, "export_bgstats"),
    }
    #: Import kinds: menu text, store method.
    IMPORTS: ClassVar[dict[str, tuple[str, str]]] = {
        "json": ("Import a backup file", "import_report"),
        "bgstats": ("Import a BG Stats backup", "import_bgstats"),
    }

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    async def export(self, kind: str) -> None:
        _, file_name, method = self.FORMATS[kind]
        try:
            text: str = getattr(self.ctx.store, method)()
        except StoreError as exc:
            self.ctx.notify(f"Export failed: {exc}", error=True)
            return
        try:
            saved = await self.ctx.file_picker().save_file(
                dialog_title="Save history", file_name=file_name, src_bytes=text.encode("utf-8")
            )
        except Exception as exc:  # the client could not save (no dialog support here)
            self.ctx.notify(f"Could not save the file: {exc}", error=True)
            return
        message = export_message(file_name, saved, web=bool(self.ctx.page.web))
        if message:
            self.ctx.notify(message)

    async def import_file(self, kind: str = "json") -> None:
        try:
            files = await self.ctx.file_picker().pick_files(
                dialog_title="Import a BG Stats backup" if kind == "bgstats" else "Import history",
                file_type=ft.FilePickerFileType.CUSTOM,
                allowed_extensions=["json"],
                with_data=True,
            )
        except Exception as exc:
            self.ctx.notify(f"Could not open the file: {exc}", error=True)
            return
        if not files:
            return
        picked = files[0]
        data = picked.bytes
        if data is None and picked.path:
            try:
                with open(picked.path, "rb") as handle:
                    data = handle.read(MAX_IMPORT_BYTES + 1)
            except OSError as exc:
                self.ctx.notify(f"Could not read {picked.name}: {exc.strerror}", error=True)
                return
        if data is None:
            self.ctx.notify(f"Could not read {picked.name}.", error=True)
            return
        await self.import_bytes(data, picked.name, kind)

    async def import_bytes(self, data: bytes, name: str, kind: str = "json") -> None:
        if len(data) > MAX_IMPORT_BYTES:
            self.show_result(
                f"{name} was not imported",
                f"The file is larger than {MAX_IMPORT_BYTES // 1_000_000} MB.",
                ok=False,
            )
            return
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            self.show_result(f"{name} was not imported", "The file is not UTF-8 text.", ok=False)
            return
        del data
        await self.import_text(text, name, kind)

    async def import_text(
        self, text: str, name: str = "The pasted text", kind: str = "json"
    ) -> None:
        method = getattr(self.ctx.store, self.IMPORTS[kind][1])
        bar = ft.ProgressBar(value=None, width=280)
        status = ft.Text(f"Reading {name}…")
        dialog = ft.AlertDialog(
            modal=True,
            title=ft.Text("Importing"),
            content=tagged("import-progress", ft.Column([status, bar], tight=True, spacing=12)),
        )
        self.ctx.page.show_dialog(dialog)
        loop = asyncio.get_running_loop()

        def show(done: int, total: int) -> None:
            bar.value = done / total if total else None
            status.value = progress_text(done, total)
            bar.update()
            status.update()

        def progress(done: int, total: int) -> None:  # called from the importing thread
            loop.call_soon_threadsafe(show, done, total)

        try:
            report = await asyncio.to_thread(method, text, progress=progress)
        except ValueError as exc:
            self.ctx.page.pop_dialog()
            self.show_result(f"{name} was not imported", f"{exc}\n\nNothing was changed.", ok=False)
            return
        self.ctx.page.pop_dialog()
        self.show_result("Import finished", import_summary(report), ok=True)
        self.ctx.refresh()

    def show_result(self, title: str, text: str, *, ok: bool) -> None:
        dialog = ft.AlertDialog(
            title=ft.Text(title),
            icon=ft.Icon(ft.Icons.CHECK_CIRCLE_OUTLINE if ok else ft.Icons.ERROR_OUTLINE),
            content=ft.Column(
                [ft.Text(text, selectable=True)], tight=True, scroll=ft.ScrollMode.AUTO
            ),
            actions=[ft.TextButton("OK", on_click=lambda e: self.ctx.page.pop_dialog())],
        )
        self.ctx.page.show_dialog(dialog)

    def paste_dialog(self) -> None:
        field = ft.TextField(
            label="History file contents",
            multiline=True,
            min_lines=4,
            max_lines=10,
            hint_text='Paste a backup made by "Export › Backup"',
        )

        def go(e: Any) -> None:
            self.ctx.page.pop_dialog()
            self.ctx.page.run_task(self.import_text, field.value or "")

        self.ctx.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text("Import from text"),
                content=field,
                actions=[
                    ft.TextButton("Cancel", on_click=lambda e: self.ctx.page.pop_dialog()),
                    ft.FilledButton("Import", on_click=go),
                ],
            )
        )

    def menu(self) -> ft.Control:
        items: list[ft.PopupMenuItem] = [
            ft.PopupMenuItem(
                content=f"Export: {label}",
                icon=ft.Icons.DOWNLOAD,
                on_click=lambda e, k=kind: self.ctx.page.run_task(self.export, k),
            )
            for kind, (label, _, _) in self.FORMATS.items()
        ]
        items.append(ft.PopupMenuItem())
        items += [
            ft.PopupMenuItem(
                content=label,
                icon=ft.Icons.UPLOAD_FILE,
                on_click=lambda e, k=kind: self.ctx.page.run_task(self.import_file, k),
            )
            for kind, (label, _) in self.IMPORTS.items()
        ]
        items.append(
            ft.PopupMenuItem(
                content="Import pasted text",
                icon=ft.Icons.CONTENT_PASTE,
                on_click=lambda e: self.paste_dialog(),
            )
        )
        return tagged(
            "history-menu",
            ft.PopupMenuButton(
                icon=ft.Icons.IMPORT_EXPORT, tooltip="Export or import", items=items
            ),
        )


MAX_IMPORT_BYTES = 20_000_000


# ---------------------------------------------------------------------------------- the list
class PlaysView:
    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.filters = Filters(ctx)
        self.limit = PAGE_SIZE
        self.list_box = ft.Column(spacing=8)

    def render_list(self) -> None:
        store = self.ctx.store
        plays = store.list_plays(
            game=self.filters.game, player=self.filters.player, limit=self.limit
        )
        total = store.count_plays(game=self.filters.game, player=self.filters.player)
        items: list[ft.Control] = []
        if not plays:
            filtered = self.filters.game or self.filters.player
            items.append(
                empty_state(
                    ft.Icons.HISTORY,
                    "No plays here yet" if not filtered else "No plays match",
                    "Finished games you save from the score pad appear here, newest first."
                    if not filtered
                    else "Try another game or player, or show all.",
                    button(
                        "Open the score pad", lambda e: self.ctx.navigate("/score"), kind="tonal"
                    ),
                )
            )
        else:
            items.append(body(plural(total, "play"), muted=True))
        for play in plays:
            winner = not play.finished or any(r.winner for r in play.results)
            items.append(
                tagged(
                    f"play-{play.id}",
                    ft.Card(
                        content=ft.ListTile(
                            leading=ft.Icon(
                                ft.Icons.EMOJI_EVENTS
                                if play.finished and winner
                                else ft.Icons.HOURGLASS_EMPTY,
                                color=ft.Colors.AMBER_700 if play.finished else None,
                            ),
                            title=ft.Text(
                                f"{play.game}: {outcome(play)}",
                                max_lines=2,
                                overflow=ft.TextOverflow.ELLIPSIS,
                            ),
                            subtitle=ft.Text(
                                play_subtitle(play), max_lines=2, overflow=ft.TextOverflow.ELLIPSIS
                            ),
                            on_click=lambda e, pid=play.id: self.ctx.navigate(
                                f"/history/play/{pid}"
                            ),
                            min_height=72,
                        ),
                        margin=0,
                    ),
                )
            )
        if len(plays) < total:
            items.append(
                button(
                    f"Show more ({total - len(plays)} older)",
                    lambda e: self.more(),
                    kind="outlined",
                )
            )
        self.list_box.controls = items

    def more(self) -> None:
        self.limit += PAGE_SIZE
        self.render_list()
        self.ctx.page.update()

    def refilter(self) -> None:
        self.limit = PAGE_SIZE
        self.render_list()
        self.ctx.page.update()

    def build(self) -> Screen:
        self.render_list()
        content = ft.Column(
            [switcher(self.ctx, "plays"), self.filters.controls(self.refilter), self.list_box],
            spacing=GAP,
        )
        return Screen(title="History", content=content, actions=[Exchange(self.ctx).menu()])


# ---------------------------------------------------------------------------- a play's page
class PlayDetailView:
    def __init__(self, ctx: AppContext, play_id: int) -> None:
        self.ctx = ctx
        self.play_id = play_id
        try:
            self.play = ctx.store.get_play(play_id)
        except NotFoundError:
            raise RouteNotFound(f"/history/play/{play_id}") from None

    def delete(self) -> None:
        def confirm(e: Any) -> None:
            self.ctx.page.pop_dialog()
            try:
                snapshot = self.ctx.store.delete_play(self.play_id)
            except StoreError as exc:
                self.ctx.notify(f"Not deleted: {exc}", error=True)
                return
            self.ctx.navigate("/history")

            def undo() -> None:
                try:
                    new_id = self.ctx.store.restore_play(snapshot)
                except StoreError as exc:
                    self.ctx.notify(f"Could not restore: {exc}", error=True)
                    return
                self.ctx.refresh()
                self.ctx.notify(
                    "Play restored.",
                    action="Open",
                    on_action=lambda: self.ctx.navigate(f"/history/play/{new_id}"),
                )

            self.ctx.notify(
                f"Deleted {self.play.game} of {format_day(self.play.played_at)}.",
                action="Undo",
                on_action=undo,
            )

        self.ctx.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text("Delete this play?"),
                content=ft.Text(
                    f"{self.play.game}, {format_when(self.play.played_at)}. "
                    "You can undo right after."
                ),
                actions=[
                    ft.TextButton("Cancel", on_click=lambda e: self.ctx.page.pop_dialog()),
                    tagged("confirm-delete", ft.FilledButton("Delete", on_click=confirm)),
                ],
            )
        )

    def send_to_bgstats(self) -> None:
        """BG Stats' "create play" link as a QR code (scan it with the phone that has BG Stats)
        and as a link (on that phone itself)."""
        try:
            link = self.ctx.store.bgstats_link(self.play_id)
        except StoreError as exc:
            self.ctx.notify(f"Could not make the link: {exc}", error=True)
            return
        parts: list[ft.Control] = [
            body(
                "Scan this with the phone that has BG Stats: it opens BG Stats with this "
                "play ready to save. On that phone itself, use the button."
            )
        ]
        try:
            parts.append(
                tagged(
                    "bgstats-qr",
                    ft.Image(
                        src=qr_png(link, scale=4, error="l"),
                        width=260,
                        height=260,
                        semantics_label="QR code of this play for BG Stats",
                    ),
                )
            )
        except ValueError:
            parts.append(
                body(
                    "This play is too long for a QR code; use the button on the "
                    "phone with BG Stats.",
                    muted=True,
                )
            )
        self.ctx.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text("Send to BG Stats"),
                content=ft.Column(
                    parts,
                    tight=True,
                    spacing=GAP,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                actions=[
                    ft.TextButton("Close", on_click=lambda e: self.ctx.page.pop_dialog()),
                    tagged(
                        "bgstats-open",
                        ft.FilledButton("Open in BG Stats", icon=ft.Icons.OPEN_IN_NEW, url=link),
                    ),
                ],
            )
        )

    def build(self) -> Screen:
        play = self.play
        standings: list[ft.Control] = []
        for r in play.results:
            lines = [f"Seat {r.seat}" + (", started" if r.start_player else "")]
            if r.breakdown:
                lines.append(", ".join(f"{k} {v}" for k, v in r.breakdown.items()))
            named = [
                f"{t.name}: {v}"
                for t, v in zip(play.tiebreakers, r.tiebreaks, strict=False)
                if v is not None
            ]
            if named:
                lines.append(", ".join(named))
            standings.append(
                standing_row(f"{r.rank}", r.player, r.score, winner=r.winner, lines=lines)
            )
        facts: list[ft.Control] = [body(format_when(play.played_at))]
        if play.duration_min:
            facts.append(body(f"Took {play.duration_min} minutes"))
        if play.location:
            facts.append(body(f"At {play.location}"))
        if play.modules:
            facts.append(body("With " + ", ".join(play.modules)))
        facts.append(
            body("Lowest score wins" if not play.highest_wins else "Highest score wins", muted=True)
        )
        if play.tiebreakers:
            facts.append(
                body(
                    "Tie-breakers: " + ", then ".join(t.name for t in play.tiebreakers), muted=True
                )
            )
        if not play.finished:
            facts.append(
                notice(
                    "This game was not finished, so it has no winner and doesn't count "
                    "in statistics."
                )
            )
        content = ft.Column(
            [
                heading(outcome(play), level=1),
                panel(*standings, title="Standings"),
                panel(*facts, title="Details"),
                *([panel(body(play.notes, selectable=True), title="Notes")] if play.notes else []),
                wrap(
                    [
                        button(
                            "Edit",
                            lambda e: self.ctx.navigate(f"/history/play/{self.play_id}/edit"),
                            icon=ft.Icons.EDIT,
                            kind="tonal",
                            ident="edit-play",
                        ),
                        button(
                            "Send to BG Stats",
                            lambda e: self.send_to_bgstats(),
                            icon=ft.Icons.QR_CODE_2,
                            kind="tonal",
                            ident="send-bgstats",
                        ),
                        button(
                            "Delete",
                            lambda e: self.delete(),
                            icon=ft.Icons.DELETE_OUTLINE,
                            kind="outlined",
                            ident="delete-play",
                        ),
                    ]
                ),
            ],
            spacing=GAP,
        )
        return Screen(title=play.game, content=content, back="/history")


def open_edit(ctx: AppContext, play_id: int) -> Screen:
    try:
        play = ctx.store.get_play(play_id)
    except NotFoundError:
        raise RouteNotFound(f"/history/play/{play_id}/edit") from None
    pad = pad_from_play(play, ctx.catalogue)

    def save(edited: ScorePad) -> None:
        fields = play_fields(edited, uid=play.uid, finished=play.finished)
        # validate_play: a refused field is one plain line (PlayDataError), not pydantic's
        ctx.store.update_play(play_id, validate_play(fields))
        ctx.navigate(f"/history/play/{play_id}")
        ctx.notify("Changes saved.")

    screen = ScorePadView(
        ctx, pad=pad, on_save=save, title=f"Edit {play.game}", save_label="Save changes"
    ).build()
    screen.back = f"/history/play/{play_id}"
    return screen


# ------------------------------------------------------------------------------- statistics
class StatsView:
    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.filters = Filters(ctx)
        self.box = ft.Column(spacing=GAP)

    def refilter(self) -> None:
        self.render()
        self.ctx.page.update()

    def player_rows(self) -> list[ft.Control]:
        """One card per player: overall figures, then plays, wins, average and best per game."""
        store, game, player = self.ctx.store, self.filters.game, self.filters.player
        all_stats = store.all_player_stats() if player is None else [store.player_stats(player)]
        cards: list[ft.Control] = []
        for s in all_stats:
            per_game = [g for g in s.per_game if game is None or g.game == game]
            if not per_game:
                continue
            head = per_game[0] if game is not None else s
            lines: list[ft.Control] = [
                body(
                    f"{plural(head.plays, 'play')} · {plural(head.wins, 'win')} "
                    f"({percent(head.win_rate)})"
                )
            ]
            for g in per_game:
                lines.append(
                    ft.Text(
                        (f"{g.game}: " if game is None else "")
                        + f"{plural(g.plays, 'play')}, {plural(g.wins, 'win')}, "
                        f"average {number(g.average)}, best {number(g.best, 0)}",
                        theme_style=ft.TextThemeStyle.BODY_SMALL,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                    )
                )
            cards.append(
                ft.Container(
                    ft.Row(
                        [
                            ft.CircleAvatar(content=ft.Text(s.name[:1].upper())),
                            ft.Column(
                                [
                                    ft.Text(s.name, theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
                                    *lines,
                                ],
                                spacing=2,
                                expand=True,
                            ),
                        ],
                        vertical_alignment=ft.CrossAxisAlignment.START,
                    ),
                    padding=8,
                    col={"xs": 12, "md": 6},
                )
            )
        if not cards:
            return [body("No finished plays for this choice yet.", muted=True)]
        return [ft.ResponsiveRow(cards, spacing=8, run_spacing=4)]

    def game_cards(self) -> list[ft.Control]:
        store, game = self.ctx.store, self.filters.game
        stats = [store.game_stats(game)] if game else store.all_game_stats()
        cards: list[ft.Control] = []
        for g in stats:
            if g.plays == 0:
                continue
            top = ", ".join(g.top_winners) if g.top_winners else "—"
            cards.append(
                panel(
                    body(
                        f"{plural(g.plays, 'play')} · average winning score "
                        f"{number(g.average_winning_score)}"
                    ),
                    body(f"Most wins: {top} ({g.top_wins})" if g.top_winners else "No wins yet"),
                    body(f"Best score: {number(g.best_score, 0)}", muted=True),
                    title=g.game,
                )
            )
        return cards

    def wins_chart(self) -> ft.Control | None:
        import flet_charts as fc  # heavy import: only when statistics are shown

        wins = self.ctx.store.wins_per_player(self.filters.game)[:8]
        if not wins or max(w for _, w in wins) == 0:
            return None
        top = max(w for _, w in wins)
        step = max(1, top // 5)  # the axis counts whole plays: a label every `step` wins
        chart = fc.BarChart(
            groups=[
                fc.BarChartGroup(
                    x=i,
                    rods=[
                        fc.BarChartRod(
                            from_y=0,
                            to_y=w,
                            width=22,
                            color=ft.Colors.PRIMARY,
                            tooltip=f"{name}: {w}",
                            border_radius=4,
                        )
                    ],
                )
                for i, (name, w) in enumerate(wins)
            ],
            bottom_axis=fc.ChartAxis(
                labels=[
                    fc.ChartAxisLabel(value=i, label=ft.Text(name[:6], size=12))
                    for i, (name, _) in enumerate(wins)
                ],
                label_size=28,
            ),
            left_axis=fc.ChartAxis(
                labels=[
                    fc.ChartAxisLabel(value=n, label=ft.Text(str(n), size=12))
                    for n in range(0, top + step + 1, step)
                ],
                label_spacing=step,
                label_size=32,
                title=ft.Text("wins", size=12),
                title_size=18,
            ),
            horizontal_grid_lines=fc.ChartGridLines(
                interval=step, width=0.5, color=ft.Colors.OUTLINE_VARIANT
            ),
            max_y=top + step,
            interactive=True,
        )
        return panel(
            ft.Container(chart, height=240),
            title="Wins per player" + (f" in {self.filters.game}" if self.filters.game else ""),
        )

    def scores_chart(self) -> ft.Control | None:
        import flet_charts as fc

        player = self.filters.player
        if player is None:
            return None
        series = self.ctx.store.score_series(player, self.filters.game)
        if len(series) < 2:
            return None
        series = series[-40:]
        scores = [s for _, s, _ in series]
        low, high = min(scores), max(scores)
        pad = max(1, (high - low) // 5)
        chart = fc.LineChart(
            data_series=[
                fc.LineChartData(
                    points=[
                        fc.LineChartDataPoint(i, s, tooltip=f"{format_day(when)} {game}: {s}")
                        for i, (when, s, game) in enumerate(series)
                    ],
                    color=ft.Colors.PRIMARY,
                    stroke_width=3,
                    point=True,
                )
            ],
            min_y=low - pad,
            max_y=high + pad,
            left_axis=fc.ChartAxis(label_size=40),
            bottom_axis=fc.ChartAxis(
                labels=[
                    fc.ChartAxisLabel(value=0, label=ft.Text(format_day(series[0][0]), size=11)),
                    fc.ChartAxisLabel(
                        value=len(series) - 1, label=ft.Text(format_day(series[-1][0]), size=11)
                    ),
                ],
                label_size=24,
            ),
            horizontal_grid_lines=fc.ChartGridLines(
                interval=pad, width=0.5, color=ft.Colors.OUTLINE_VARIANT
            ),
            interactive=True,
        )
        return panel(ft.Container(chart, height=220), title=f"{player}'s scores over time")

    def render(self) -> None:
        parts: list[ft.Control] = []
        for chart in (self.wins_chart(), self.scores_chart()):
            if chart is not None:
                parts.append(chart)
        parts.append(panel(*self.player_rows(), title="Players", padding=8))
        games = self.game_cards()
        if games:
            parts.append(heading("Games"))
            parts.extend(games)
        self.box.controls = parts

    def build(self) -> Screen:
        if not self.ctx.store.count_plays():
            content: ft.Control = ft.Column(
                [
                    switcher(self.ctx, "stats"),
                    empty_state(
                        ft.Icons.INSIGHTS,
                        "No statistics yet",
                        "Save a finished game from the score pad and its figures appear here.",
                    ),
                ],
                spacing=GAP,
            )
        else:
            self.render()
            content = ft.Column(
                [switcher(self.ctx, "stats"), self.filters.controls(self.refilter), self.box],
                spacing=GAP,
            )
        return Screen(title="Statistics", content=content, actions=[Exchange(self.ctx).menu()])


# ----------------------------------------------------------------------------------- routing
def open_history(ctx: AppContext, rest: list[str]) -> Screen:
    if not rest:
        return PlaysView(ctx).build()
    if rest == ["stats"]:
        return StatsView(ctx).build()
    if len(rest) in (2, 3) and rest[0] == "play" and rest[1].isdigit():
        play_id = int(rest[1])
        if len(rest) == 2:
            return PlayDetailView(ctx, play_id).build()
        if rest[2] == "edit":
            return open_edit(ctx, play_id)
    raise RouteNotFound("/history/" + "/".join(rest))
