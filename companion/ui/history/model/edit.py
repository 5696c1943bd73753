"""A saved play in and out of the score pad: the pad filled in from a play (History › Edit),
the pad as a play's fields, how the play was won (:class:`Verdict`: on points, a winner
chosen by hand, co-operative) and saving the edit, keeping what the pad does not show (the
expansions, the house rules, the start)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.engine.scorepad import Pad, parse_whole
from companion.history import Store
from companion.history.arguments import validate_play
from companion.rules import Catalogue
from companion.ui.scorepad.model import FieldKey, Row, ScorePad, TieBreakerSpec


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
            score="" if r.score is None else str(r.score),
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
    pad.tiebreaks_victory_only = bool(getattr(play, "tiebreaks_victory_only", False))
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
        if "scoring" in args:  # won without points: who won, as chosen
            results[-1]["winner"] = name in args["winners"]
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
    if "scoring" in args:
        fields["scoring"] = args["scoring"]
    if args.get("tiebreaks_victory_only"):
        fields["tiebreaks_victory_only"] = True
    if "highest_wins" in args:
        fields["highest_wins"] = args["highest_wins"]
    if uid is not None:
        fields["uid"] = uid
    return fields


#: How a play is won, as the Edit screen offers it.
SCORINGS: dict[str, str] = {
    "points": "Points",
    "manual": "Winner chosen by hand",
    "cooperative": "Co-operative",
}


@dataclass
class Verdict:
    """How a play being edited was won: ``scoring`` (see :data:`SCORINGS`), the players
    who won when chosen by hand (by the pad's row ids, so a renamed or moved player keeps
    it) and, co-operative, whether everyone won."""

    scoring: str = "points"
    winners: set[int] = field(default_factory=set)
    all_won: bool = True

    @classmethod
    def of(cls, play: Any, pad: Pad) -> Verdict:
        """The play's own: its scoring, its winners (matched to the pad's rows by name)."""
        scoring = str(getattr(play, "scoring", "points") or "points")
        won = {r.player for r in play.results if r.winner}
        return cls(
            scoring=scoring if scoring in SCORINGS else "points",
            winners={row.id for row in pad.rows if row.name.strip() in won},
            all_won=bool(won) or scoring != "cooperative",
        )

    def won(self, row_id: int) -> bool:
        if self.scoring == "cooperative":
            return self.all_won
        return row_id in self.winners

    def toggle(self, row_id: int, won: bool) -> None:
        (self.winners.add if won else self.winners.discard)(row_id)


def _scored(form: ScorePad, index: int) -> bool:
    """A score was typed on the row (or, with categories, one of its parts)."""
    row = form.rows[index]
    if form.breakdown:
        return any(text.strip() for text in row.parts.values())
    return bool(row.score.strip())


def edit_errors(form: ScorePad, verdict: Verdict) -> dict[FieldKey, str]:
    """The form's problems for this way of winning: without points, a score may be left
    empty (a win/lose play has none)."""
    errors = form.errors()
    if verdict.scoring == "points":
        return errors
    return {
        k: v
        for k, v in errors.items()
        if not (k[0] == "score" and k[1] < len(form.rows) and not _scored(form, k[1]))
    }


def outcome_fields(form: ScorePad, pad: Pad, verdict: Verdict) -> dict[str, Any]:
    """The form as a play won without points: each player's score where one was typed
    (else none), who won as chosen; tie-breakers do not decide such a play."""
    results = []
    for seat, (row, held) in enumerate(zip(form.rows, pad.rows, strict=True), start=1):
        scored = _scored(form, seat - 1)
        breakdown = (
            {c: parse_whole(t) for c, t in row.parts.items() if t.strip()}
            if form.breakdown and scored
            else {}
        )
        results.append(
            {
                "player": row.name.strip(),
                "score": form.total(seat - 1) if scored else None,
                "seat": seat,
                "breakdown": breakdown,
                "start_player": row.start,
                "winner": verdict.won(held.id),
            }
        )
    fields: dict[str, Any] = {
        "game": form.game_name(),
        "played_at": form.when(),
        "results": results,
        "scoring": verdict.scoring,
        "modules": list(form.modules),
        "duration_min": parse_whole(form.duration) if form.duration.strip() else None,
        "location": form.location.strip() or None,
        "notes": form.notes.strip(),
    }
    if form.game.is_other:
        fields["highest_wins"] = form.highest_wins
    return fields


def kept_fields(play: Any, fields: dict[str, Any]) -> dict[str, Any]:
    """``fields`` with what the pad does not show kept from the saved ``play``: its uid,
    whether it was finished, its expansions and house rules, how its tie-breakers place
    players (every place, or the victory only) and its start (unless the play now ends
    before it)."""
    out = dict(fields, uid=play.uid, finished=play.finished)
    if not play.finished:  # nobody wins a play that was not finished
        out["results"] = [dict(r, winner=False) if "winner" in r else r for r in out["results"]]
    out["expansions"] = list(getattr(play, "expansions", ()) or ())
    out["house_rules"] = dict(getattr(play, "house_rules", {}) or {})
    out["tiebreaks_victory_only"] = bool(getattr(play, "tiebreaks_victory_only", False))
    started = getattr(play, "started_at", None)
    if started is not None and started <= out["played_at"]:
        out["started_at"] = started
    return out


def save_edit(
    store: Store,
    play: Any,
    edited: ScorePad,
    verdict: Verdict | None = None,
    pad: Pad | None = None,
) -> None:
    """Replace the saved ``play`` with the pad as edited, won as ``verdict`` says (default:
    on points); its uid, whether it was finished, its expansions, house rules and start
    stay. A refused field is one plain line (``PlayDataError``, a ``ValueError``), not
    pydantic's."""
    if verdict is None or verdict.scoring == "points":
        fields = dict(play_fields(edited), scoring="points")
    else:
        if pad is None:
            raise ValueError("the pad's rows are needed to know who won")
        fields = outcome_fields(edited, pad, verdict)
    store.update_play(play.id, validate_play(kept_fields(play, fields)))


__all__ = [
    "SCORINGS",
    "Verdict",
    "edit_errors",
    "game_id_for",
    "kept_fields",
    "outcome_fields",
    "pad_from_play",
    "play_fields",
    "save_edit",
]
