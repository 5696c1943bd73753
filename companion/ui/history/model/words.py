"""History's words: a play, a result and the statistics as the screens say them.

Pure functions over the history's public models (duck-typed: anything with the same
attributes works), so they are tested without a database or a page.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from companion.ui.model.words import plural


def format_when(moment: datetime) -> str:
    """``Sat 28 Nov 2026, 20:15``."""
    return moment.strftime("%a %d %b %Y, %H:%M")


def format_day(moment: datetime) -> str:
    return moment.strftime("%d %b %Y")


def percent(rate: float) -> str:
    return f"{round(rate * 100)}%"


def number(value: float | None, digits: int = 1) -> str:
    """``12``, ``12.5`` or ``—`` for nothing; no trailing ``.0``."""
    if value is None:
        return "—"
    text = f"{value:.{digits}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def winners(play: Any) -> list[str]:
    return [r.player for r in play.results if r.winner]


def outcome(play: Any) -> str:
    """``Anna won with 42``, ``Anna and Ben shared the win (30)`` or ``Not finished``."""
    if not play.finished:
        return "Not finished"
    names = winners(play)
    if not names:
        return "No winner recorded"
    score = next(r.score for r in play.results if r.winner)
    if len(names) == 1:
        return f"{names[0]} won with {score}"
    return f"{', '.join(names[:-1])} and {names[-1]} shared the win ({score})"


def play_subtitle(play: Any) -> str:
    players = ", ".join(r.player for r in sorted(play.results, key=lambda r: r.seat))
    return f"{format_when(play.played_at)} · {players}"


def result_lines(play: Any, result: Any) -> list[str]:
    """A result's lines under its name: the seat (and the start), the categories, the
    tie-breakers' values."""
    lines = [f"Seat {result.seat}" + (", started" if result.start_player else "")]
    if result.breakdown:
        lines.append(", ".join(f"{k} {v}" for k, v in result.breakdown.items()))
    named = [
        f"{t.name}: {v}"
        for t, v in zip(play.tiebreakers, result.tiebreaks, strict=False)
        if v is not None
    ]
    if named:
        lines.append(", ".join(named))
    return lines


#: A fact of a play's Details, and whether it is said quietly (muted).
Fact = tuple[str, bool]

NOT_FINISHED = "This game was not finished, so it has no winner and doesn't count in statistics."


def play_facts(play: Any) -> list[Fact]:
    """A play's Details: when, how long, where, with what, who wins, the tie-breakers."""
    facts: list[Fact] = [(format_when(play.played_at), False)]
    if play.duration_min:
        facts.append((f"Took {play.duration_min} minutes", False))
    if play.location:
        facts.append((f"At {play.location}", False))
    if play.modules:
        facts.append(("With " + ", ".join(play.modules), False))
    facts.append(("Lowest score wins" if not play.highest_wins else "Highest score wins", True))
    if play.tiebreakers:
        facts.append(("Tie-breakers: " + ", then ".join(t.name for t in play.tiebreakers), True))
    return facts


def deleted_line(play: Any) -> str:
    return f"Deleted {play.game} of {format_day(play.played_at)}."


def delete_question(play: Any) -> str:
    return f"{play.game}, {format_when(play.played_at)}. You can undo right after."


def player_summary(stats: Any) -> str:
    """``12 plays · 5 wins (42%)``."""
    return (
        f"{plural(stats.plays, 'play')} · {plural(stats.wins, 'win')} ({percent(stats.win_rate)})"
    )


def player_game_line(stats: Any, *, with_game: bool) -> str:
    """One game of a player's card: plays, wins, average and best."""
    return (
        (f"{stats.game}: " if with_game else "")
        + f"{plural(stats.plays, 'play')}, {plural(stats.wins, 'win')}, "
        f"average {number(stats.average)}, best {number(stats.best, 0)}"
    )


def game_lines(stats: Any) -> tuple[str, str, str]:
    """A game's card: plays and the average winning score, most wins, the best score."""
    top = ", ".join(stats.top_winners) if stats.top_winners else "—"
    return (
        f"{plural(stats.plays, 'play')} · average winning score "
        f"{number(stats.average_winning_score)}",
        f"Most wins: {top} ({stats.top_wins})" if stats.top_winners else "No wins yet",
        f"Best score: {number(stats.best_score, 0)}",
    )


def axis_step(top: int) -> int:
    """The wins axis counts whole plays: a label every this many wins."""
    return max(1, top // 5)


def score_margin(low: int, high: int) -> int:
    """Room above and below a player's scores on their chart."""
    return max(1, (high - low) // 5)


__all__ = [
    "NOT_FINISHED",
    "Fact",
    "axis_step",
    "delete_question",
    "deleted_line",
    "format_day",
    "format_when",
    "game_lines",
    "number",
    "outcome",
    "percent",
    "play_facts",
    "play_subtitle",
    "player_game_line",
    "player_summary",
    "result_lines",
    "score_margin",
    "winners",
]
