"""Formatting history records for the screen, and moving a saved play in and out of the pad.

Pure functions over the history's public models (duck-typed: anything with the same
attributes works), so they are tested without a database or a page.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from companion.rules import Catalogue
from companion.ui.logic.scorepad import Row, ScorePad, TieBreakerSpec
from companion.ui.logic.words import plural


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


def game_id_for(play: Any, catalogue: Catalogue) -> tuple[str, str]:
    """The catalogue id the pad should use for a play, and the typed title if it has none."""
    key = getattr(play, "game_key", None)
    if key:
        try:
            catalogue.game(key)
            return key, ""
        except KeyError:
            pass
    found = catalogue.game_by_name(play.game)
    if found is not None and not found.is_other:
        return found.id, ""
    return catalogue.other.id, play.game


def pad_from_play(play: Any, catalogue: Catalogue) -> ScorePad:
    """A score pad filled in from a saved play, for editing it."""
    game_id, title = game_id_for(play, catalogue)
    pad = ScorePad(catalogue=catalogue, game_id=game_id, title=title)
    pad.lowest_wins = not play.highest_wins
    results = sorted(play.results, key=lambda r: r.seat)
    categories: list[str] = []
    for r in results:
        for c in r.breakdown:
            if c not in categories:
                categories.append(c)
    pad.breakdown = bool(categories)
    pad.categories = categories
    pad.tiebreakers = [TieBreakerSpec(t.name, t.higher_wins) for t in play.tiebreakers]
    pad.rows = [
        Row(
            name=r.player,
            score=str(r.score),
            parts={c: str(r.breakdown[c]) if c in r.breakdown else "" for c in categories},
            ties=[
                "" if v is None else str(v)
                for v in (list(r.tiebreaks) + [None] * len(pad.tiebreakers))[: len(pad.tiebreakers)]
            ],
            start=r.start_player,
        )
        for r in results
    ]
    pad.played_at = play.played_at
    pad.duration = "" if play.duration_min is None else str(play.duration_min)
    pad.location = play.location or ""
    pad.notes = play.notes or ""
    pad.modules = list(play.modules)
    return pad


def play_fields(pad: ScorePad, *, uid: str | None = None, finished: bool = True) -> dict[str, Any]:
    """The pad as the fields of the history's ``PlayCreate`` (for updating a saved play)."""
    args = pad.record_arguments()
    breakdowns = args.get("breakdowns", {})
    ties = args["tiebreak_values"]
    results = []
    for seat, (name, score) in enumerate(args["results"], start=1):
        results.append(
            {
                "player": name,
                "score": score,
                "seat": seat,
                "breakdown": breakdowns.get(name, {}),
                "tiebreaks": ties.get(name, []),
                "start_player": name == args["start_player"],
            }
        )
    fields: dict[str, Any] = {
        "game": args["game"],
        "played_at": args["played_at"],
        "results": results,
        "modules": args["modules"],
        "duration_min": args["duration_min"],
        "location": args["location"] or None,
        "notes": args["notes"],
        "finished": finished,
        "tiebreakers": [{"name": n, "higher_wins": h} for n, h in args["tiebreakers"]],
    }
    if "highest_wins" in args:
        fields["highest_wins"] = args["highest_wins"]
    if uid is not None:
        fields["uid"] = uid
    return fields


# -- export and import ----------------------------------------------------------------------


def export_message(file_name: str, saved_path: str | None, *, web: bool) -> str | None:
    """Where an export went: the browser's downloads, or the file chosen; None if cancelled."""
    if web:
        return f"History saved to your browser's downloads as {file_name}."
    if saved_path:
        return f"History saved as {saved_path}."
    return None


MAX_LISTED = 8


def import_summary(report: Any) -> str:
    """What an import did, in sentences, with the plays it could not take and why."""
    added = report.imported
    lines = [f"{plural(added, 'play')} added."]
    if report.duplicates:
        lines.append(f"{len(report.duplicates)} already in your history, skipped.")
    skipped = list(getattr(report, "skipped", ()))
    notes = list(getattr(report, "notes", ()))
    text = " ".join(lines)
    for heading, items in (
        (f"{len(skipped)} could not be imported:", skipped),
        (f"{len(notes)} imported with a change:", notes),
    ):
        if items:
            shown = [f"• {item}" for item in items[:MAX_LISTED]]
            if len(items) > MAX_LISTED:
                shown.append(f"… and {len(items) - MAX_LISTED} more.")
            text += "\n\n" + heading + "\n" + "\n".join(shown)
    return text


def progress_text(done: int, total: int) -> str:
    """``Imported 5,000 of 100,000 plays``."""
    return f"Imported {done:,} of {total:,} play{'s' if total != 1 else ''}"
