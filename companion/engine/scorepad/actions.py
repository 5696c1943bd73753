"""The score pad's actions. Each is a small frozen value that checks itself against a pad
(``verify``), says what it does (``play``) and what it depends on on a shared table
(``reads``: a field typed reads that field, so every phone types its own player's score at
once); its saved form is its kind and its fields, read back by :func:`read_action` (raising
:class:`PadError` naming the field)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar, Final

from companion.engine.core import saves
from companion.engine.core.numbers import is_whole
from companion.engine.core.words import listed, quoted, spoken
from companion.engine.scorepad.errors import PadError
from companion.engine.scorepad.records import PadRecord
from companion.engine.scorepad.values import (
    MAX_CATEGORIES,
    MAX_LABEL,
    MAX_ROWS,
    MAX_TIEBREAKERS,
    PAD_FIELDS,
    SCORINGS,
    FieldKey,
    known_game,
    text_problem,
)

if TYPE_CHECKING:
    from companion.engine.scorepad.game import Pad

#: Version 2 keeps how the pad is won (``scoring``, ``all_won``, each row's ``won``) and its
#: actions; version 1 saves (every pad on points) still read.
SAVE: Final = saves.SaveFormat("companion-score-pad", 2, PadError)
SAVE_V1: Final = saves.SaveFormat("companion-score-pad", 1, PadError)


@dataclass(frozen=True)
class PadAction(saves.Action):
    """A change to the score pad (each kind below)."""

    def verify(self, game: Pad) -> tuple[Pad, str]:
        """The pad after this action (its log not yet extended) and what it did, in a
        sentence; raises why it is not allowed."""
        raise NotImplementedError

    def play(self, game: Pad, checked: tuple[Pad, str]) -> tuple[Pad, PadRecord]:
        after, summary = checked
        return after, PadRecord(self, game, summary)

    def reads(self, pad: Pad) -> object:
        """What this action depends on (see :class:`~companion.engine.core.protocol.TableRules`):
        by default the whole pad."""
        return pad


def read_when(value: object, where: str = "when") -> datetime | None:
    """A date and time as saved (``2026-11-28T21:30``), or None."""
    if value is None:
        return None
    said = f"{where} {quoted(str(value))}".strip()
    if not isinstance(value, str):
        raise PadError(f"{said} must be a date and time or null")
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        raise PadError(f"{said} is not a date and time") from None
    if when.tzinfo is not None:
        raise PadError(f"{said} must be a local time without a zone")
    return when.replace(second=0, microsecond=0)


def read_field(value: object, where: str = "field") -> FieldKey:
    """A field key back from its saved form (a list), checked for shape."""
    said = (
        f"{where}: the score pad has no such field" if where else "the score pad has no such field"
    )
    if not isinstance(value, (list, tuple)) or not value:
        raise PadError(said)
    kind, *rest = value
    shapes: dict[object, tuple[type, ...]] = {
        "name": (int,),
        "score": (int,),
        "part": (int, str),
        "tie": (int, int),
        "tiebreaker": (int,),
        **{k: () for k in PAD_FIELDS},
    }
    shape = shapes.get(kind)
    if shape is None:
        raise PadError(f"{said} as {quoted(spoken(str(kind)))}")
    if len(rest) != len(shape) or not all(
        isinstance(v, t) and not isinstance(v, bool) for v, t in zip(rest, shape, strict=True)
    ):
        which = f"a {spoken(str(kind))} field must say which one"
        raise PadError(f"{where}: {which}" if where else which)
    return (kind, *rest)


@dataclass(frozen=True)
class SetText(PadAction):
    """The text of one field, as typed (it reads as that field's value: see ``Pad``)."""

    kind: ClassVar[str] = "text"
    field: FieldKey = dataclasses.field(metadata=saves.saved(read=lambda v: read_field(v, "")))
    text: str

    def verify(self, game: Pad) -> tuple[Pad, str]:
        key = read_field(list(self.field))
        old = game.text_of(key)
        text = self.text
        problem = text_problem(key, text)
        if problem:
            why = problem[:1].lower() + problem[1:]
            raise PadError(f"{game.field_label(key)} cannot be {quoted(text)}: {why}")
        if text == old:
            raise PadError(f"{game.field_label(key)} is {quoted(text)} already")
        kind = key[0]
        if kind in PAD_FIELDS:
            changes: dict[str, Any] = {kind: text}
            pad = replace(game, **changes)
        elif kind == "tiebreaker":
            breakers = (replace(t, name=text) if t.id == key[1] else t for t in game.tiebreakers)
            pad = replace(game, tiebreakers=tuple(breakers))
        else:
            rows = []
            for row in game.rows:
                if row.id == key[1]:
                    if kind == "name":
                        row = replace(row, name=text)
                    elif kind == "score":
                        row = replace(row, score=text)
                    elif kind == "part":
                        row = replace(row, parts=_put(row.parts, key[2], text))
                    else:
                        row = replace(row, ties=_put(row.ties, key[2], text))
                rows.append(row)
            pad = replace(game, rows=tuple(rows))
        summary = f"{pad.field_label(key)}: {text.strip() or '(empty)'}"
        return pad, summary[:1].upper() + summary[1:]

    def reads(self, pad: Pad) -> object:
        """The field's text: a field someone else changed meanwhile is refused."""
        try:
            return pad.text_of(read_field(list(self.field)))
        except PadError:
            return None


@dataclass(frozen=True)
class AddRow(PadAction):
    """A player's line at the bottom (with ``name``, maybe empty)."""

    kind: ClassVar[str] = "add_row"
    name: str = ""

    def verify(self, game: Pad) -> tuple[Pad, str]:
        if len(game.rows) >= MAX_ROWS:
            raise PadError(f"at most {MAX_ROWS} players on one pad")
        problem = text_problem(("name", 0), self.name)
        if problem:
            raise PadError(f"name {quoted(self.name)}: {problem}")
        pad = game.with_row(self.name.strip())
        return pad, f"{self.name.strip() or f'Player {len(pad.rows)}'} added to the pad"

    def reads(self, pad: Pad) -> object:
        return None  # both phones' lines are added


@dataclass(frozen=True)
class RemoveRow(PadAction):
    kind: ClassVar[str] = "remove_row"
    row: int

    def verify(self, game: Pad) -> tuple[Pad, str]:
        index = game.row_at(self.row)
        who = game.rows[index].label(index + 1)
        rows = game.rows[:index] + game.rows[index + 1 :]
        return replace(game, rows=rows), f"{who} taken off the pad"

    def reads(self, pad: Pad) -> object:
        return pad.row_index(self.row) is not None


@dataclass(frozen=True)
class MoveRow(PadAction):
    """Row ``row`` moves ``offset`` seats (−1: up, 1: down)."""

    kind: ClassVar[str] = "move_row"
    row: int
    offset: int

    def verify(self, game: Pad) -> tuple[Pad, str]:
        index = game.row_at(self.row)
        target = _target(index, self.offset, len(game.rows), "row")
        order = list(game.rows)
        order.insert(target, order.pop(index))
        who = game.rows[index].label(index + 1)
        return replace(game, rows=tuple(order)), f"{who} moved to seat {target + 1}"

    def reads(self, pad: Pad) -> object:
        """Where the row is and what is beside it there."""
        return _place(pad.rows, pad.row_index(self.row), self.offset)


@dataclass(frozen=True)
class ToggleStart(PadAction):
    """Mark row ``row`` as the start player (the marked one: clear the mark)."""

    kind: ClassVar[str] = "start"
    row: int

    def verify(self, game: Pad) -> tuple[Pad, str]:
        index = game.row_at(self.row)
        was = game.rows[index].start
        marked = tuple(replace(r, start=(i == index and not was)) for i, r in enumerate(game.rows))
        who = game.rows[index].label(index + 1)
        return replace(game, rows=marked), (
            f"{who} is no longer the start player" if was else f"{who} is the start player"
        )

    def reads(self, pad: Pad) -> object:
        return tuple(r.id for r in pad.rows if r.start)


@dataclass(frozen=True)
class SetGame(PadAction):
    """The game the pad is for: untouched default categories and tie-breakers follow it."""

    kind: ClassVar[str] = "game"
    game: str

    def verify(self, game: Pad) -> tuple[Pad, str]:
        new = known_game(self.game)
        if self.game == game.game_id:
            raise PadError(f"{new.name} is the pad's game already")
        previous = game.game
        pad = replace(game, game_id=self.game)
        if not game.categories or list(game.categories) == list(previous.categories):
            pad = pad.with_categories(tuple(new.categories))
        defaults = [(t.name, t.higher_wins) for t in previous.tiebreakers]
        ours = [(t.name, t.higher_wins) for t in game.tiebreakers]
        if not game.tiebreakers or ours == defaults:
            pad = pad.with_tiebreakers([(t.name, t.higher_wins) for t in new.tiebreakers])
        return pad, f"Game: {new.name}"

    def reads(self, pad: Pad) -> object:
        return pad.game_id


@dataclass(frozen=True)
class SetMode(PadAction):
    """Totals (``breakdown`` False) or scores by category (True)."""

    kind: ClassVar[str] = "mode"
    breakdown: bool

    def verify(self, game: Pad) -> tuple[Pad, str]:
        if self.breakdown == game.breakdown:
            raise PadError(
                "the pad already keeps " + ("scores by category" if game.breakdown else "totals")
            )
        return replace(game, breakdown=self.breakdown), (
            "Scores by category" if self.breakdown else "Totals only"
        )

    def reads(self, pad: Pad) -> object:
        return pad.breakdown


@dataclass(frozen=True)
class SetLowestWins(PadAction):
    """For a typed title: whether the lowest score wins."""

    kind: ClassVar[str] = "lowest_wins"
    value: bool

    def verify(self, game: Pad) -> tuple[Pad, str]:
        if self.value == game.lowest_wins:
            raise PadError(
                f"the {'lowest' if self.value else 'highest'} score wins already on this pad"
            )
        return replace(game, lowest_wins=self.value), (
            "Lowest score wins" if self.value else "Highest score wins"
        )

    def reads(self, pad: Pad) -> object:
        return pad.lowest_wins


@dataclass(frozen=True)
class AddCategory(PadAction):
    kind: ClassVar[str] = "add_category"
    name: str

    def verify(self, game: Pad) -> tuple[Pad, str]:
        name = self.name.strip()
        if not name:
            raise PadError("a category needs a name")
        if len(name) > MAX_LABEL:
            raise PadError(f"category {quoted(name)} is longer than {MAX_LABEL} letters")
        if name.casefold() in {c.casefold() for c in game.categories}:
            raise PadError(f"category {quoted(name)} is on the pad already")
        if len(game.categories) >= MAX_CATEGORIES:
            raise PadError(f"at most {MAX_CATEGORIES} categories")
        return game.with_categories((*game.categories, name)), f"Category {name} added"

    def reads(self, pad: Pad) -> object:
        return tuple(c.casefold() for c in pad.categories)


@dataclass(frozen=True)
class RemoveCategory(PadAction):
    kind: ClassVar[str] = "remove_category"
    name: str

    def verify(self, game: Pad) -> tuple[Pad, str]:
        if self.name not in game.categories:
            raise PadError(f"category {quoted(self.name)} is not on the pad")
        kept = tuple(c for c in game.categories if c != self.name)
        return game.with_categories(kept), f"Category {self.name} removed"

    def reads(self, pad: Pad) -> object:
        return tuple(c.casefold() for c in pad.categories)


@dataclass(frozen=True)
class AddTiebreaker(PadAction):
    kind: ClassVar[str] = "add_tiebreaker"
    name: str
    higher_wins: bool = True

    def verify(self, game: Pad) -> tuple[Pad, str]:
        name = self.name.strip()
        if not name:
            raise PadError("a tie-breaker needs a name")
        if len(name) > MAX_LABEL:
            raise PadError(f"tie-breaker {quoted(name)} is longer than {MAX_LABEL} letters")
        if len(game.tiebreakers) >= MAX_TIEBREAKERS:
            raise PadError(f"at most {MAX_TIEBREAKERS} tie-breakers")
        if not isinstance(self.higher_wins, bool):
            raise PadError("a tie-breaker is won by the higher or the lower value")
        specs = [(t.name, t.higher_wins) for t in game.tiebreakers]
        pad = game.with_tiebreakers([*specs, (name, self.higher_wins)], keep=True)
        return pad, f"Tie-breaker {name} added"

    def reads(self, pad: Pad) -> object:
        return None  # both phones' tie-breakers are added


@dataclass(frozen=True)
class RemoveTiebreaker(PadAction):
    kind: ClassVar[str] = "remove_tiebreaker"
    tiebreaker: int

    def verify(self, game: Pad) -> tuple[Pad, str]:
        breaker = game.tiebreaker(self.tiebreaker)
        breakers = tuple(t for t in game.tiebreakers if t.id != breaker.id)
        trimmed = tuple(
            replace(r, ties=tuple((t, v) for t, v in r.ties if t != breaker.id)) for r in game.rows
        )
        return replace(game, tiebreakers=breakers, rows=trimmed), (
            f"Tie-breaker {breaker.name or '(unnamed)'} removed"
        )

    def reads(self, pad: Pad) -> object:
        return pad.tiebreaker_index(self.tiebreaker) is not None


@dataclass(frozen=True)
class MoveTiebreaker(PadAction):
    """Tie-breaker ``tiebreaker`` is tried ``offset`` places earlier (−1) or later (1)."""

    kind: ClassVar[str] = "move_tiebreaker"
    tiebreaker: int
    offset: int

    def verify(self, game: Pad) -> tuple[Pad, str]:
        at = game.tiebreaker_index(self.tiebreaker)
        if at is None:
            raise PadError(f"tie-breaker {self.tiebreaker} is not on the pad")
        target = _target(at, self.offset, len(game.tiebreakers), "tie-breaker")
        tried = list(game.tiebreakers)
        tried.insert(target, tried.pop(at))
        nth = (
            ("first", "second", "third", "fourth", "fifth")[target]
            if target < 5
            else f"#{target + 1}"
        )
        name = game.tiebreakers[at].name or "The tie-breaker"
        return replace(game, tiebreakers=tuple(tried)), f"{name} is tried {nth}"

    def reads(self, pad: Pad) -> object:
        return _place(pad.tiebreakers, pad.tiebreaker_index(self.tiebreaker), self.offset)


@dataclass(frozen=True)
class FlipTiebreaker(PadAction):
    """Higher wins ↔ lower wins for one tie-breaker."""

    kind: ClassVar[str] = "flip_tiebreaker"
    tiebreaker: int

    def verify(self, game: Pad) -> tuple[Pad, str]:
        breaker = game.tiebreaker(self.tiebreaker)
        flipped = replace(breaker, higher_wins=not breaker.higher_wins)
        breakers = tuple(flipped if t.id == breaker.id else t for t in game.tiebreakers)
        return replace(game, tiebreakers=breakers), (
            f"{breaker.name or 'Tie-breaker'}: "
            + ("higher wins" if flipped.higher_wins else "lower wins")
        )

    def reads(self, pad: Pad) -> object:
        return tuple(t.higher_wins for t in pad.tiebreakers if t.id == self.tiebreaker)


#: How the pad is won, as a sentence: ``The play is won on points``.
HOW_WON: Final = {
    "points": "the play is won on points",
    "manual": "the winner is chosen by hand",
    "cooperative": "the play is co-operative",
}


@dataclass(frozen=True)
class SetScoring(PadAction):
    """How the play is won: ``"points"`` (the scores decide), ``"manual"`` (players tick who
    won; scores optional) or ``"cooperative"`` (everyone won or lost together)."""

    kind: ClassVar[str] = "scoring"
    scoring: str

    def verify(self, game: Pad) -> tuple[Pad, str]:
        if self.scoring not in SCORINGS:
            shown = quoted(spoken(str(self.scoring)))
            raise PadError(f"a play is won {listed(list(SCORINGS.values()), 'or')}, not {shown}")
        if self.scoring == game.scoring:
            raise PadError(f"{HOW_WON[game.scoring]} already")
        said = HOW_WON[self.scoring]
        return replace(game, scoring=self.scoring), said[:1].upper() + said[1:]

    def reads(self, pad: Pad) -> object:
        return pad.scoring


@dataclass(frozen=True)
class SetWinner(PadAction):
    """Row ``row`` won (``won`` True) or did not, when the winner is chosen by hand."""

    kind: ClassVar[str] = "winner"
    row: int
    won: bool = True

    def verify(self, game: Pad) -> tuple[Pad, str]:
        if not isinstance(self.won, bool):
            raise PadError("a player either won or did not")
        index = game.row_index(self.row)
        if index is None:
            raise PadError("that player is no longer on the pad")
        who = game.rows[index].label(index + 1)
        if game.scoring != "manual":
            raise PadError(
                f"{who} can be ticked as a winner only when the winner is chosen by hand "
                f"({HOW_WON[game.scoring]})"
            )
        if game.rows[index].won == self.won:
            raise PadError(
                f"{who} is ticked as a winner already"
                if self.won
                else f"{who} is not ticked as a winner"
            )
        rows = tuple(replace(r, won=self.won) if r.id == self.row else r for r in game.rows)
        return replace(game, rows=rows), (f"{who} won" if self.won else f"{who} did not win")

    def reads(self, pad: Pad) -> object:
        """The row's tick and how the pad is won: two phones ticking two players both count."""
        index = pad.row_index(self.row)
        return pad.scoring, None if index is None else pad.rows[index].won


@dataclass(frozen=True)
class SetEveryone(PadAction):
    """In a co-operative play: everyone won (``won`` True) or everyone lost."""

    kind: ClassVar[str] = "everyone"
    won: bool = True

    def verify(self, game: Pad) -> tuple[Pad, str]:
        if not isinstance(self.won, bool):
            raise PadError("everyone either won or lost")
        if game.scoring != "cooperative":
            raise PadError(
                f"everyone wins or loses together only in a co-operative play "
                f"({HOW_WON[game.scoring]})"
            )
        if game.all_won == self.won:
            raise PadError(f"the pad says everyone {'won' if self.won else 'lost'} already")
        said = "Everyone won together" if self.won else "Everyone lost together"
        return replace(game, all_won=self.won), said

    def reads(self, pad: Pad) -> object:
        return pad.scoring, pad.all_won


def _isoformat(when: datetime) -> str:
    return when.isoformat(timespec="minutes")


@dataclass(frozen=True)
class SetPlayedAt(PadAction):
    """When the play happened (to the minute); None: when it is saved."""

    kind: ClassVar[str] = "played_at"
    when: datetime | None = dataclasses.field(
        metadata=saves.saved(_isoformat, read=lambda value: read_when(value, ""))
    )

    def verify(self, game: Pad) -> tuple[Pad, str]:
        when = self.when
        if when is not None:
            if not isinstance(when, datetime) or when.tzinfo is not None:
                raise PadError(f"when the game was played must be a date and time, not {when}")
            when = when.replace(second=0, microsecond=0)
        if when == game.played_at:
            date = f"on {when:%d %b %Y at %H:%M}" if when is not None else "with no date"
            raise PadError(f"the pad says it was played {date} already")
        return replace(game, played_at=when), (
            "Dated when it is saved" if when is None else f"Played {when:%a %d %b %Y, %H:%M}"
        )

    def reads(self, pad: Pad) -> object:
        return pad.played_at


@dataclass(frozen=True)
class ClearScores(PadAction):
    """Empty every number, the date, duration and notes; keep players, game and layout."""

    kind: ClassVar[str] = "clear_scores"

    def verify(self, game: Pad) -> tuple[Pad, str]:
        cleared = tuple(
            replace(
                r,
                score="",
                parts=tuple((c, "") for c in game.categories),
                ties=tuple((t.id, "") for t in game.tiebreakers),
                won=False,
            )
            for r in game.rows
        )
        pad = replace(game, rows=cleared, played_at=None, duration="", notes="", all_won=True)
        return pad, "Scores cleared"

    def reads(self, pad: Pad) -> object:
        """Every score, part, tie-breaker value and note it would clear: a phone that had not
        seen a score typed meanwhile cannot wipe it."""
        scores = tuple(
            (r.id, r.score, r.parts, r.ties, r.won)
            for r in pad.rows
            if r.score
            or r.won
            or any(text for _, text in r.parts)
            or any(text for _, text in r.ties)
        )
        return scores, pad.played_at, pad.duration, pad.notes, pad.all_won


def _put(pairs: tuple[tuple[Any, str], ...], key: Any, text: str) -> tuple[tuple[Any, str], ...]:
    return tuple((k, text if k == key else v) for k, v in pairs)


def _target(index: int, offset: object, size: int, what: str) -> int:
    if not is_whole(offset) or offset == 0:
        raise PadError(f"a move is a whole number of places, not {offset}")
    target = max(0, min(size - 1, index + offset))
    if target == index:
        raise PadError(f"the {what} is {'first' if offset < 0 else 'last'} already")
    return target


def _place(items: Sequence[Any], index: int | None, offset: object) -> object:
    if index is None or not is_whole(offset):
        return None
    target = index + offset
    return (index, items[target].id if 0 <= target < len(items) else None)


ACTIONS: Final = (
    SetText,
    AddRow,
    RemoveRow,
    MoveRow,
    ToggleStart,
    SetGame,
    SetMode,
    SetLowestWins,
    AddCategory,
    RemoveCategory,
    AddTiebreaker,
    RemoveTiebreaker,
    MoveTiebreaker,
    FlipTiebreaker,
    SetPlayedAt,
    ClearScores,
    SetScoring,
    SetWinner,
    SetEveryone,
)


def read_action(raw: object) -> PadAction:
    """An action back from its saved form; raises :class:`PadError` naming the field."""
    return SAVE.read_action(raw, ACTIONS)


__all__ = [
    "ACTIONS",
    "HOW_WON",
    "SAVE",
    "SAVE_V1",
    "AddCategory",
    "AddRow",
    "AddTiebreaker",
    "ClearScores",
    "FlipTiebreaker",
    "MoveRow",
    "MoveTiebreaker",
    "PadAction",
    "RemoveCategory",
    "RemoveRow",
    "RemoveTiebreaker",
    "SetEveryone",
    "SetGame",
    "SetLowestWins",
    "SetMode",
    "SetPlayedAt",
    "SetScoring",
    "SetText",
    "SetWinner",
    "ToggleStart",
    "read_action",
    "read_field",
    "read_when",
]
