"""History's words: a play, a result and the statistics as the screens say them.

Pure functions over the history's public models (duck-typed: anything with the same
attributes works), so they are tested without a database or a page.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from companion.engine.core.words import minus
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


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def scoring_of(play: Any) -> str:
    """How a play was won: ``"points"``, ``"manual"`` or ``"cooperative"`` (older objects
    without the field were won on points)."""
    return str(getattr(play, "scoring", "points") or "points")


def outcome(play: Any) -> str:
    """``Anna won with 42``, ``Anna and Ben shared the win (30)``, ``Anna won`` (chosen by
    hand, no points), ``Everyone won together`` / ``Everyone lost together`` (co-operative)
    or ``Not finished``."""
    if not play.finished:
        return "Not finished"
    scoring = scoring_of(play)
    names = winners(play)
    if scoring == "cooperative":
        return "Everyone won together" if names else "Everyone lost together"
    if not names:
        return "No one won" if scoring == "manual" else "No winner recorded"
    score = next((r.score for r in play.results if r.winner), None)
    if scoring == "manual" or score is None:
        verb = "won" if len(names) == 1 else "won together"
        tail = "" if score is None or len(names) > 1 else f" with {score}"
        return f"{_names(names)} {verb}{tail}"
    if len(names) == 1:
        return f"{names[0]} won with {score}"
    return f"{_names(names)} shared the win ({score})"


def play_subtitle(play: Any) -> str:
    """When, who, and what it was played with: ``Sat 28 Nov 2026, 20:15 · Ann, Ben ·
    Master Craft, Faction Festival``."""
    players = ", ".join(r.player for r in sorted(play.results, key=lambda r: r.seat))
    modules, expansions = feature_labels(play)
    # A module that is an expansion's own (The Entertainer's Bard) is said once, by it.
    modules = [m for m in modules if not any(m.startswith(e) for e in expansions)]
    with_ = ", ".join(expansions + modules)
    return f"{format_when(play.played_at)} · {players}" + (f" · {with_}" if with_ else "")


def result_lines(play: Any, result: Any) -> list[str]:
    """A result's lines under its name: the seat (and whether it was the first player), the
    categories, the tie-breakers' values; a loss reads with a real minus sign (``Corruption
    −3``), as the standings of the game night show it."""
    lines = [f"Seat {result.seat}" + (", first player" if result.start_player else "")]
    if result.breakdown:
        lines.append(", ".join(f"{k} {minus(v)}" for k, v in result.breakdown.items()))
    named = [
        f"{t.name}: {minus(v)}"
        for t, v in zip(play.tiebreakers, result.tiebreaks, strict=False)
        if v is not None
    ]
    if named:
        lines.append(", ".join(named))
    return lines


#: A fact of a play's Details, and whether it is said quietly (muted).
Fact = tuple[str, bool]

NOT_FINISHED = "This game was not finished, so it has no winner and doesn't count in statistics."


#: A play whose tie-breakers decide the victory only (Mercante's rule), in players' words.
VICTORY_ONLY = "Tie-breakers decided the winner only; other ties share their place"


SCORING_WORDS = {
    "manual": "The winner was chosen by hand",
    "cooperative": "Co-operative: everyone wins or loses together",
}


def duration_words(minutes: int) -> str:
    """``45 minutes``, ``1 hour``, ``2 hours 5 minutes``."""
    hours, rest = divmod(minutes, 60)
    if not hours:
        return plural(rest, "minute")
    return plural(hours, "hour") + (f" {plural(rest, 'minute')}" if rest else "")


def house_rule_names(house_rules: Any, catalogue: Any = None) -> list[str]:
    """The house rules a play was played by, in players' words: each ruling whose
    alternative was played, by its house-rule name (a ruling the app no longer knows is
    named by its topic if it can be, else left out rather than shown as an id)."""
    if not house_rules:
        return []
    if catalogue is None:
        from companion.rules import catalogue as load

        catalogue = load()
    from companion.rules.renamed import RENAMED_RULINGS

    names: list[str] = []
    for ruling_id, reading in dict(house_rules).items():
        if reading != "alternative":
            continue
        try:
            ruling = catalogue.ruling(RENAMED_RULINGS.get(ruling_id, ruling_id))
        except KeyError:
            continue
        names.append(ruling.house_rule_label)
    return names


def feature_labels(play: Any) -> tuple[list[str], list[str]]:
    """A play's modules (in players' words) and expansions."""
    labels = getattr(play, "module_labels", None)
    modules = list(labels()) if callable(labels) else list(play.modules)
    return modules, list(getattr(play, "expansions", ()) or ())


def play_facts(play: Any, catalogue: Any = None) -> list[Fact]:
    """A play's Details: when (and when it began), how long, where, the expansions and
    modules, the house rules, how it is won, the tie-breakers (and whether they decided the
    winner only)."""
    facts: list[Fact] = [(format_when(play.played_at), False)]
    started = getattr(play, "started_at", None)
    if started is not None:
        same_day = started.date() == play.played_at.date()
        facts.append(
            (f"Started {started:%H:%M}" if same_day else f"Started {format_when(started)}", False)
        )
    if play.duration_min:
        facts.append((f"Took {duration_words(play.duration_min)}", False))
    if play.location:
        facts.append((f"At {play.location}", False))
    modules, expansions = feature_labels(play)
    if expansions:
        facts.append(("Expansions: " + ", ".join(expansions), False))
    if modules:
        facts.append(("Modules: " + ", ".join(modules), False))
    rules = house_rule_names(getattr(play, "house_rules", None), catalogue)
    if rules:
        facts.append(("House rules: " + "; ".join(rules), False))
    scoring = scoring_of(play)
    if scoring in SCORING_WORDS:
        facts.append((SCORING_WORDS[scoring], True))
    else:
        facts.append(("Lowest score wins" if not play.highest_wins else "Highest score wins", True))
    if play.tiebreakers and scoring == "points":
        facts.append(("Tie-breakers: " + ", then ".join(t.name for t in play.tiebreakers), True))
        if getattr(play, "tiebreaks_victory_only", False):
            facts.append((VICTORY_ONLY, True))
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
    line = (f"{stats.game}: " if with_game else "") + (
        f"{plural(stats.plays, 'play')}, {plural(stats.wins, 'win')}"
    )
    if stats.average is not None:  # a game played without points has no scores to speak of
        line += f", average {number(stats.average)}"
    if stats.best is not None:
        line += f", best {number(stats.best, 0)}"
    return line


def game_lines(stats: Any) -> list[str]:
    """A game's card: plays and the average winning score, most wins, the best score (a
    game played without points has no scores to speak of: its plays and wins only)."""
    top = ", ".join(stats.top_winners) if stats.top_winners else "—"
    first = plural(stats.plays, "play")
    if stats.average_winning_score is not None:
        first += f" · average winning score {number(stats.average_winning_score)}"
    lines = [
        first,
        f"Most wins: {top} ({stats.top_wins})" if stats.top_winners else "No wins yet",
    ]
    if stats.best_score is not None:
        lines.append(f"Best score: {number(stats.best_score, 0)}")
    return lines


def feature_line(stats: Any, player: str | None = None, *, most: int = 3) -> str:
    """A module's or an expansion's figures: ``With the Faction Festival: 7 plays, Ann won
    4, Ben 2`` (the players with the most wins there), or one player's: ``..., Ann won 4``
    (``player`` chosen in the filters)."""
    from companion.history import features

    name = features.running_name(features.game_key(stats.game), stats.kind, stats.value)
    head = f"With {name}: {plural(stats.plays, 'play')}"
    if player is not None:
        return f"{head}, {player} won {stats.wins_of(player)}"
    won = [p for p in stats.players if p.wins > 0]
    if not won:
        return f"{head}, no one won yet"
    shown = [f"{won[0].name} won {won[0].wins}"] + [f"{p.name} {p.wins}" for p in won[1:most]]
    if len(won) > most:
        shown.append(f"and {plural(len(won) - most, 'other')}")
    return f"{head}, " + ", ".join(shown)


def axis_step(top: int) -> int:
    """The wins axis counts whole plays: a label every this many wins."""
    return max(1, top // 5)


def score_margin(low: int, high: int) -> int:
    """Room above and below a player's scores on their chart."""
    return max(1, (high - low) // 5)


__all__ = [
    "NOT_FINISHED",
    "SCORING_WORDS",
    "VICTORY_ONLY",
    "Fact",
    "axis_step",
    "delete_question",
    "deleted_line",
    "duration_words",
    "feature_labels",
    "feature_line",
    "format_day",
    "format_when",
    "game_lines",
    "house_rule_names",
    "number",
    "outcome",
    "percent",
    "play_facts",
    "play_subtitle",
    "player_game_line",
    "player_summary",
    "result_lines",
    "score_margin",
    "scoring_of",
    "winners",
]
