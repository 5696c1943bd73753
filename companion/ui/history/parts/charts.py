"""History › Statistics: the charts (wins per player; a player's scores over time)."""

from __future__ import annotations

from datetime import datetime

import flet as ft

from companion.ui.context import AppContext
from companion.ui.history.model import axis_step, format_day
from companion.ui.kit.widgets import panel


def wins_chart(ctx: AppContext, game: str | None) -> ft.Control | None:
    import flet_charts as fc  # heavy import: only when statistics are shown

    wins = ctx.store.wins_per_player(game)[:8]
    if not wins or max(w for _, w in wins) == 0:
        return None
    top = max(w for _, w in wins)
    step = axis_step(top)
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
        title="Wins per player" + (f" in {game}" if game else ""),
    )


def whole_ticks(low: int, high: int) -> tuple[int, int, int]:
    """The score axis of a chart of scores from ``low`` to ``high``: its bottom, top and the
    step between its labels, all whole numbers (a label like "139.5" broke over two lines),
    about four labels, the scores inside with room to spare."""
    span = max(1, high - low)
    step = 1
    for nice in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        step = nice
        if span / nice <= 4:
            break
    bottom = (low // step) * step - (step if low % step == 0 else 0)
    top = -((-high) // step) * step + (step if high % step == 0 else 0)
    return bottom, top, step


def axis_day(moment: datetime, *, year: bool) -> str:
    """A date short enough to fit under the chart's end (``2 Dec``; ``Dec 2025`` when the
    chart spans more than one year)."""
    return moment.strftime("%b %Y") if year else f"{moment.day} {moment:%b}"


def scores_chart(ctx: AppContext, player: str | None, game: str | None) -> ft.Control | None:
    import flet_charts as fc

    if player is None:
        return None
    series = ctx.store.score_series(player, game)
    if len(series) < 2:
        return None
    series = series[-40:]
    scores = [s for _, s, _ in series]
    bottom, top, step = whole_ticks(min(scores), max(scores))
    first, last = series[0][0], series[-1][0]
    years = first.year != last.year
    chart = fc.LineChart(
        data_series=[
            fc.LineChartData(
                points=[
                    fc.LineChartDataPoint(i, s, tooltip=f"{format_day(when)} {name}: {s}")
                    for i, (when, s, name) in enumerate(series)
                ],
                color=ft.Colors.PRIMARY,
                stroke_width=3,
                point=True,
            )
        ],
        min_y=bottom,
        max_y=top,
        left_axis=fc.ChartAxis(
            labels=[
                fc.ChartAxisLabel(value=n, label=ft.Text(str(n), size=12, no_wrap=True))
                for n in range(bottom, top + 1, step)
            ],
            label_size=40,
        ),
        bottom_axis=fc.ChartAxis(
            labels=[
                fc.ChartAxisLabel(
                    value=0, label=ft.Text(axis_day(first, year=years), size=11, no_wrap=True)
                ),
                fc.ChartAxisLabel(
                    value=len(series) - 1,
                    label=ft.Text(axis_day(last, year=years), size=11, no_wrap=True),
                ),
            ],
            label_size=24,
        ),
        # Room at the right for the last date, centred under the last score.
        right_axis=fc.ChartAxis(show_labels=False, label_size=24),
        horizontal_grid_lines=fc.ChartGridLines(
            interval=step, width=0.5, color=ft.Colors.OUTLINE_VARIANT
        ),
        interactive=True,
    )
    return panel(ft.Container(chart, height=220), title=f"{player}'s scores over time")


__all__ = ["scores_chart", "wins_chart"]
