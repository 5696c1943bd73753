"""A saved play in and out of the score pad: the pad filled in from a play (History › Edit),
the pad as a play's fields, and saving the edit."""

from __future__ import annotations

from typing import Any

from companion.history import Store
from companion.history.store import validate_play
from companion.rules import Catalogue
from companion.ui.scorepad.model import Row, ScorePad, TieBreakerSpec


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


def save_edit(store: Store, play: Any, edited: ScorePad) -> None:
    """Replace the saved ``play`` with the pad as edited (its uid and whether it was finished
    stay). A refused field is one plain line (``PlayDataError``, a ``ValueError``), not
    pydantic's."""
    fields = play_fields(edited, uid=play.uid, finished=play.finished)
    store.update_play(play.id, validate_play(fields))


__all__ = ["game_id_for", "pad_from_play", "play_fields", "save_edit"]
