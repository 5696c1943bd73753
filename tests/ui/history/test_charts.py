"""The score chart's axes (issue 21: "139" / ".5" on two lines, "02 Dec 20" cut off)."""

from __future__ import annotations

from datetime import datetime

from hypothesis import given
from hypothesis import strategies as st

from companion.ui.history.parts.charts import axis_day, whole_ticks


@given(st.integers(-500, 2000), st.integers(0, 1500))
def test_the_score_axis_is_whole_numbers_around_every_score(low: int, span: int) -> None:
    high = low + span
    bottom, top, step = whole_ticks(low, high)
    assert all(isinstance(n, int) for n in (bottom, top, step)) and step >= 1
    assert bottom < low and top > high  # room above and below the scores
    assert bottom % step == 0 and top % step == 0  # every label a whole step
    assert 2 <= (top - bottom) // step <= 7  # a few labels, not a crowd


def test_a_chart_of_scores_from_120_to_139_labels_every_5() -> None:
    assert whole_ticks(120, 139) == (115, 140, 5)
    assert whole_ticks(7, 7) == (6, 8, 1)


def test_the_dates_under_the_chart_are_short() -> None:
    day = datetime(2026, 12, 2, 20, 30)
    assert axis_day(day, year=False) == "2 Dec"
    assert axis_day(day, year=True) == "Dec 2026"
