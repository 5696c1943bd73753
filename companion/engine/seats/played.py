"""A night whose game is played on the game's own table (Mercante, Merchant's Journey): the
ONE play saved carries the table's scores and the night's facts (place, start, duration,
modules and variants, house rules), and the night shows the table's standings with their
working. Pure: the play is the table's ``PlayCreate`` fields as a mapping."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.engine.core.standings import Entry, TieBreak, rank
from companion.engine.core.words import minus
from companion.engine.seats.night import parse_time

if TYPE_CHECKING:
    from companion.engine.seats.game import Seating


def minutes_between(start: str, end: str) -> int:
    """Whole minutes from ``start`` to ``end`` (ISO 8601 times; never below 0)."""
    seconds = (parse_time(end) - parse_time(start)).total_seconds()
    return max(0, int(seconds // 60))


def with_night(
    night: Seating,
    play: Mapping[str, Any],
    *,
    at: str | None = None,
    duration_min: int | None = None,
) -> dict[str, Any]:
    """``play`` (the game table's play) with the night's facts added: the place, the start,
    the duration (``duration_min`` as corrected, else start to finish, else start to ``at``,
    the saving device's clock), when it was played, the modules or variants, the expansions
    and the house rules. The table's own scores, seats and first player are kept."""
    fields = dict(play)
    end = night.finished_at or at
    if end is not None and "played_at" not in fields:
        fields["played_at"] = parse_time(end).replace(tzinfo=None).isoformat()
    if night.location:
        fields["location"] = night.location
    if night.started_at is not None:
        fields["started_at"] = parse_time(night.started_at).replace(tzinfo=None).isoformat()
    minutes = duration_min
    if minutes is None and night.started_at is not None and end is not None:
        minutes = minutes_between(night.started_at, end)
    if minutes is not None:
        fields["duration_min"] = minutes
    modules = list(fields.get("modules") or [])
    fields["modules"] = modules + [m for m in night.modules if m not in modules]
    expansions = list(fields.get("expansions") or [])
    named = [night.sheet_def.expansion_name(e) for e in night.expansions]
    fields["expansions"] = expansions + [e for e in named if e not in expansions]
    rules = dict(fields.get("house_rules") or {})
    fields["house_rules"] = {**dict(night.house_rules), **rules}
    return fields


@dataclass(frozen=True)
class PlayedLine:
    """One player's place on the game table, with the working of the score."""

    place: int
    player: str
    score: int
    working: str
    winner: bool
    tiebreak: str


def play_standings(play: Mapping[str, Any], *, highest_wins: bool = True) -> tuple[PlayedLine, ...]:
    """The places of ``play`` (a table's play), best first: each score with its breakdown
    (``Victory points 22 − Contract penalties 3 = 19``) and the tie-breakers that placed it
    (every place, or the victory only where the play's rule says so)."""
    breakers = [
        TieBreak(str(t["name"]), bool(t["higher_wins"])) for t in play.get("tiebreakers", [])
    ]
    results = {str(r["player"]): r for r in play["results"]}
    entries = []
    for name, result in results.items():
        given = tuple(result.get("tiebreaks") or ())
        given = given + (None,) * (len(breakers) - len(given))
        entries.append(Entry(name, int(result["score"]), given[: len(breakers)]))
    out = []
    victory_only = bool(play.get("tiebreaks_victory_only", False))
    for standing in rank(
        entries, highest_wins=highest_wins, tiebreaks=breakers, victory_only=victory_only
    ):
        result = results[standing.name]
        parts = list((result.get("breakdown") or {}).items())
        pieces = []
        for i, (label, value) in enumerate(parts):
            if i == 0:
                pieces.append(f"{label} {minus(value)}")
            else:
                pieces.append(f"{'−' if value < 0 else '+'} {label} {abs(value)}")
        working = " ".join(pieces)
        if len(parts) > 1:
            working = f"{working} = {standing.score}"
        figures = [
            f"{b.name}: {v}"
            for b, v in zip(breakers, result.get("tiebreaks") or (), strict=False)
            if v is not None
        ]
        said = f"Tie broken by {standing.decided_by.lower()}" if standing.decided_by else ""
        if standing.shared:
            said = "Shared place"
        tiebreak = "; ".join(([said] if said else []) + figures)
        out.append(
            PlayedLine(
                standing.rank, standing.name, standing.score, working, standing.winner, tiebreak
            )
        )
    return tuple(out)


__all__ = ["PlayedLine", "minutes_between", "play_standings", "with_night"]
