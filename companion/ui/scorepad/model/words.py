"""What the score pad screen says and decides, without flet: the problem above the pad, a
new category or tie-breaker checked before it is sent, what a known player's chip does,
which errors show, the notices above Save, the line after a save, and the pad a "New pad
with these players" starts from. The view renders these and forwards taps."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from companion.engine.core.standings import Standing
from companion.engine.scorepad import (
    AddRow,
    ClearScores,
    FieldKey,
    Pad,
    PadAction,
    PadRow,
    SetText,
    text_problem,
)
from companion.rules import Catalogue
from companion.tables import Applied, Failed, Outcome, Snapshot
from companion.ui.model.live import closed_note
from companion.ui.model.words import listed, plural, possessive, saved_won
from companion.ui.scorepad.model.form import ScorePad, form_of, pad_errors
from companion.ui.scorepad.model.night import field_label

#: How a play can be won, as the pad's "How is it won?" offers it (the history's ``scoring``).
SCORING_CHOICES: dict[str, str] = {
    "points": "Points",
    "manual": "Winner chosen by hand",
    "cooperative": "Co-operative",
}

#: The line under the choice.
HOW_WON_HINTS: dict[str, str] = {
    "points": "The scores decide, as the game says.",
    "manual": "Tick who won. Scores are optional.",
    "cooperative": "Everyone wins or loses together. Scores are optional.",
}

#: How an action ended, told before the redraw: "applied", "refused" or "failed".
APPLIED, REFUSED, FAILED = "applied", "refused", "failed"


def settled(outcome: Outcome) -> str:
    """The session loop's outcome as :data:`APPLIED`, :data:`FAILED` or :data:`REFUSED`."""
    if isinstance(outcome, Applied):
        return APPLIED
    return FAILED if isinstance(outcome, Failed) else REFUSED


def pad_problem(snapshot: Snapshot | None) -> str | None:
    """Why a shared pad takes no more changes (None: it does, or it is this device's)."""
    if snapshot is None:
        return None
    if not isinstance(snapshot.game, Pad):
        return f"This score pad cannot be read: {snapshot.info.damaged}"
    info = snapshot.info
    if info.damaged is None and info.status == "finished" and info.saved_play_id is not None:
        return None  # saved to history, where its play is edited
    return closed_note(snapshot.info, noun="score pad")


def category_problem(name: str, categories: tuple[str, ...]) -> str | None:
    """Why ``name`` (stripped) cannot be added as a category, or None."""
    if not name:
        return "Type a category name"
    if name.casefold() in {c.casefold() for c in categories}:
        return "Already a category"
    return None


def tiebreaker_problem(name: str) -> str | None:
    return None if name else "Type what breaks the tie"


def known_player(pad: Pad, typed: dict[FieldKey, str], name: str) -> PadAction:
    """A known player's chip fills the first empty name (one this device is not typing
    into), or adds a line."""
    empty = next((r for r in pad.rows if not r.name.strip()), None)
    if empty is not None and ("name", empty.id) not in typed:
        return SetText(("name", empty.id), name)
    return AddRow(name)


def field_errors(form: ScorePad, pad: Pad, typed: dict[FieldKey, str]) -> dict[FieldKey, str]:
    """Every field's error, by the pad's keys: the form's, and text typed here that does not
    read as its field yet."""
    errors = pad_errors(form, pad)
    for key, text in typed.items():
        problem = text_problem(key, text)
        if problem and key not in errors:
            errors[key] = problem
    return errors


def shown_error(message: str | None, text: str, *, show_all: bool) -> str | None:
    """A field's error shows once it has text, or once Save asked for every problem."""
    return message if message and (show_all or text.strip()) else None


_FIELD_WORDS = {
    "title": "the game's title",
    "duration": "the minutes played",
    "location": "where it was played",
    "notes": "the notes",
    "players": "the players",
    "winners": "the winners",
}


def field_words(form: ScorePad, key: FieldKey) -> str:
    """``Player 4's name``, ``Ben's Gold``, ``the game's title``: a field of the form in
    words, so Save can say which one to fix when it is off the screen."""
    kind = key[0]
    if kind in _FIELD_WORDS:
        return _FIELD_WORDS[kind]
    if kind == "category":
        return "a category's name"
    if kind == "tiebreaker":
        return "a tie-breaker's name"
    index = key[1] if len(key) > 1 and isinstance(key[1], int) else None
    if index is None or not 0 <= index < len(form.rows):
        return "a field"
    who = possessive(form.rows[index].name.strip() or f"Player {index + 1}")
    if kind == "part" and len(key) > 2:
        return f"{who} {key[2]}"
    if kind == "tie" and len(key) > 2 and isinstance(key[2], int):
        breakers = form.tiebreakers
        named = breakers[key[2]].name.strip() if 0 <= key[2] < len(breakers) else ""
        return f"{who} {named or 'tie-breaker'}"
    return f"{who} {'name' if kind == 'name' else 'score'}"


def not_saved(errors: dict[FieldKey, str], form: ScorePad | None = None) -> str | None:
    """What Save says when the form cannot be saved (None: it can): with the ``form``, the
    fields to fix by name (the first three, then how many more)."""
    if not errors:
        return None
    if form is None:
        return f"Not saved: {plural(len(errors), 'field')} to fix."
    named = [field_words(form, key) for key in errors]
    if len(named) > 3:
        named = [*named[:2], plural(len(named) - 2, "more field")]
    return f"Not saved: fix {listed(named)}."


def notices(
    form: ScorePad, errors: dict[FieldKey, str], *, show_all: bool
) -> list[tuple[str, str]]:
    """The notices above Save, as (level, text)."""
    notes: list[tuple[str, str]] = []
    for key in (("players",), ("winners",)):
        problem = errors.get(key)
        if problem:
            notes.append(("error" if show_all else "warning", problem))
    notes.extend(("warning", w) for w in form.warnings())
    if show_all and errors:
        notes.append(("error", "Fix the marked fields, then save."))
    return notes


def saved_line(pad: Pad, catalogue: Catalogue) -> str:
    """``Saved Mercante: Anna and Ben won.``"""
    done = form_of(pad, catalogue)
    game = done.game.name if not done.game.is_other else done.title.strip()
    outcome = pad.outcome()
    if outcome is not None:
        said = outcome if pad.scoring == "manual" else outcome[:1].lower() + outcome[1:]
        return f"Saved {game}: {said}."
    return saved_won(game, [s.name for s in done.standings() if s.winner])


def typed_scores(form: ScorePad) -> str | None:
    """``Scores: Anna 12, Cleo 40`` for a play not won on points (in seat order, the rows a
    score was typed on); None when none was."""
    said = [
        f"{row.name.strip() or f'Player {i + 1}'} {total}"
        for i, row in enumerate(form.rows)
        if form.scored(i) and (total := form.total(i)) is not None
    ]
    return "Scores: " + ", ".join(said) if said else None


def fresh_pad(pad: Pad) -> Pad:
    """A new pad with this one's players, game and layout, its scores empty, no log."""
    fresh = pad.apply(ClearScores())[0] if pad.rows else pad
    return replace(fresh, log=())


def who(pad: Pad) -> str:
    """The table menu's line: the names on the pad."""
    return ", ".join(n for n in (r.name.strip() for r in pad.rows) if n) or "No names yet"


def game_line(pad: Pad) -> str:
    """A catalogue game's player count and direction."""
    game = pad.game
    direction = "Highest score wins" if game.highest_wins else "Lowest score wins"
    return f"{game.name}: {game.min_players}–{game.max_players} players. {direction}."


def score_fields(pad: Pad, row: PadRow) -> list[tuple[FieldKey, str]]:
    """A row's number fields with their labels: the total or one per category, then one per
    tie-breaker."""
    keys: list[tuple[FieldKey, str]] = []
    if pad.breakdown:
        keys.extend((("part", row.id, c), field_label(pad.game_id, c)) for c in pad.categories)
    else:
        keys.append((("score", row.id), "Score"))
    for k, breaker in enumerate(pad.tiebreakers):
        keys.append((("tie", row.id, breaker.id), breaker.name or f"Tie-breaker {k + 1}"))
    return keys


def total_line(total: int | None) -> str:
    return f"Total: {total}" if total is not None else "Total: —"


def to_the_minute(value: datetime) -> datetime:
    return value.replace(second=0, microsecond=0)


def when_lines(played_at: datetime | None) -> tuple[str, str]:
    """The date row's text and the Details tile's subtitle."""
    if played_at is None:
        return "When you save", "Dated when you save"
    return played_at.strftime("%a %d %b %Y, %H:%M"), played_at.strftime("%d %b %Y, %H:%M")


def picked_day(day: datetime | None, current: datetime) -> datetime:
    """A day chosen in the date picker keeps the time of day already set."""
    return datetime.combine(day.date(), current.time()) if day else current


def places_note(form: ScorePad, standings: Sequence[Standing]) -> str | None:
    """Why players tied below first share their place despite different tie-breaker figures:
    the game's ruling (Mercante's tie-breakers decide the victory only)."""
    if not form.tiebreaks_victory_only or not any(s.shared and not s.winner for s in standings):
        return None
    return (
        f"The tie-breakers decide a tie for the win only; players tied lower down share their "
        f"place (the app's reading of {form.game.name}'s scoring; a house rule in Settings "
        f"changes it)."
    )


__all__ = [
    "APPLIED",
    "FAILED",
    "HOW_WON_HINTS",
    "REFUSED",
    "SCORING_CHOICES",
    "category_problem",
    "field_errors",
    "fresh_pad",
    "game_line",
    "known_player",
    "not_saved",
    "notices",
    "pad_problem",
    "picked_day",
    "places_note",
    "saved_line",
    "score_fields",
    "settled",
    "shown_error",
    "tiebreaker_problem",
    "to_the_minute",
    "total_line",
    "typed_scores",
    "when_lines",
    "who",
]
