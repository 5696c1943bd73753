"""The score pad being filled in, as a shared table: players' lines, their scores (totals or
by category), tie-breakers, the game, when and where.

Every field holds text as typed, so the same form can show "x" with an error beside it; the
table only takes text that reads as the field's kind (:func:`text_problem`): a half-typed
"1-" stays on the phone that typed it. Whether the pad as a whole can be saved (names
given, the player count, a title for another game) is for the form to say, not the table:
a pad is filled in field by field, from several phones at once.

Rows and tie-breakers carry ids that never change, so a phone that has not seen a row moved
or removed still writes into the line it meant (or is refused when it is gone).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Final

from companion.engine.core.protocol import TableRules, passes
from companion.engine.core.saves import SavedGame
from companion.engine.scorepad.actions import (
    PAD_FIELDS,
    SAVE,
    AddCategory,
    AddRow,
    AddTiebreaker,
    ClearScores,
    FieldKey,
    FlipTiebreaker,
    MoveRow,
    MoveTiebreaker,
    PadAction,
    RemoveCategory,
    RemoveRow,
    RemoveTiebreaker,
    SetGame,
    SetLowestWins,
    SetMode,
    SetPlayedAt,
    SetText,
    ToggleStart,
    read_action,
    read_field,
    read_when,
)
from companion.engine.scorepad.errors import PadError
from companion.engine.scorepad.values import (
    DEFAULT_GAME,
    MAX_CATEGORIES,
    MAX_LABEL,
    MAX_ROWS,
    MAX_TIEBREAKERS,
    text_problem,
)
from companion.rules import Game, catalogue


@dataclass(frozen=True)
class PadRow:
    """One player's line as typed: ``parts`` by category, ``ties`` by tie-breaker id."""

    id: int
    name: str = ""
    score: str = ""
    parts: tuple[tuple[str, str], ...] = ()
    ties: tuple[tuple[int, str], ...] = ()
    start: bool = False

    def part(self, category: str) -> str:
        return dict(self.parts).get(category, "")

    def tie(self, tiebreaker: int) -> str:
        return dict(self.ties).get(tiebreaker, "")

    def label(self, seat: int) -> str:
        """The name, or ``Player 3`` while it has none."""
        return self.name.strip() or f"Player {seat}"


@dataclass(frozen=True)
class TieBreaker:
    id: int
    name: str
    higher_wins: bool = True


@dataclass(frozen=True)
class PadRecord:
    """What an action did: the action, the pad before it, and a sentence."""

    action: PadAction
    before: Pad
    summary: str


@dataclass(frozen=True)
class Pad(SavedGame):
    """The score pad of one play being written down (see the module docstring)."""

    game_id: str = DEFAULT_GAME
    title: str = ""  # the typed title when the game is "other"
    lowest_wins: bool = False  # only for typed titles; catalogue games know their direction
    breakdown: bool = False
    categories: tuple[str, ...] = ()
    tiebreakers: tuple[TieBreaker, ...] = ()
    rows: tuple[PadRow, ...] = ()
    # When the play happened: None means "when it is saved" (a pad opened before the game
    # and saved after it would otherwise date the play at the start).
    played_at: datetime | None = None
    duration: str = ""
    location: str = ""
    notes: str = ""
    modules: tuple[str, ...] = ()
    next_id: int = 1
    log: tuple[PadRecord, ...] = field(default=(), compare=False, repr=False)

    @classmethod
    def new(
        cls,
        game_id: str = DEFAULT_GAME,
        *,
        names: Sequence[str] = (),
        start: str | None = None,
    ) -> Pad:
        """A fresh pad for ``game_id`` with its categories and tie-breakers, a line per name
        in seat order (two empty lines without names), ``start`` marked as start player."""
        game = _game(game_id)
        if len(names) > MAX_ROWS:
            raise PadError(f"{len(names)} players: at most {MAX_ROWS} on one pad")
        pad = cls(game_id=game_id, categories=tuple(game.categories))
        pad = pad._with_tiebreakers([(t.name, t.higher_wins) for t in game.tiebreakers])
        for name in names or ("", ""):
            if not isinstance(name, str):
                raise PadError(f"name {name!r} must be text")
            problem = text_problem(("name", 0), name)
            if problem:
                raise PadError(f"name {name!r}: {problem}")
            pad = pad._add_row(name.strip(), start=start is not None and name == start)
        return pad

    # -- reading --------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return catalogue().game(self.game_id)

    @property
    def is_over(self) -> bool:
        """A pad is done when it is saved to history (the table then finishes)."""
        return False

    def row(self, row_id: int) -> PadRow:
        for row in self.rows:
            if row.id == row_id:
                return row
        raise PadError(f"row {row_id!r} is not on the pad")

    def row_index(self, row_id: int) -> int | None:
        return next((i for i, r in enumerate(self.rows) if r.id == row_id), None)

    def tiebreaker(self, tid: int) -> TieBreaker:
        for breaker in self.tiebreakers:
            if breaker.id == tid:
                return breaker
        raise PadError(f"tie-breaker {tid!r} is not on the pad")

    def tiebreaker_index(self, tid: int) -> int | None:
        return next((i for i, t in enumerate(self.tiebreakers) if t.id == tid), None)

    def has_field(self, key: FieldKey) -> bool:
        return passes(lambda: self.text_of(key), PadError)

    def text_of(self, key: FieldKey) -> str:
        """The text of field ``key`` (raises :class:`PadError` when the pad has no such
        field: its row or tie-breaker is gone, or the category is not on the pad)."""
        kind = key[0]
        if kind in PAD_FIELDS:
            return str(getattr(self, kind))
        if kind == "tiebreaker":
            return self.tiebreaker(key[1]).name
        row = self.row(key[1])
        if kind == "name":
            return row.name
        if kind == "score":
            return row.score
        if kind == "part":
            if key[2] not in self.categories:
                raise PadError(f"category {key[2]!r} is not on the pad")
            return row.part(key[2])
        if kind == "tie":
            self.tiebreaker(key[2])
            return row.tie(key[2])
        raise PadError(f"field {key!r} is not on the pad")

    def field_label(self, key: FieldKey) -> str:
        """``Ben's score``, ``Anna's Victory points``, ``the notes``: a field in words."""
        kind = key[0]
        if kind in PAD_FIELDS:
            return {"title": "the game's title", "duration": "the duration"}.get(
                kind, f"the {kind}"
            )
        if kind == "tiebreaker":
            return "a tie-breaker's name"
        index = self.row_index(key[1])
        who = "a player" if index is None else self.rows[index].label(index + 1)
        if kind == "name":
            return f"{who}'s name"
        if kind == "score":
            return f"{who}'s score"
        if kind == "part":
            return f"{who}'s {key[2]}"
        breaker = next((t for t in self.tiebreakers if t.id == key[2]), None)
        return f"{who}'s {breaker.name if breaker and breaker.name else 'tie-breaker'}"

    def fields(self) -> list[FieldKey]:
        """Every field, in the order the screen shows them."""
        keys: list[FieldKey] = [("title",)]
        for row in self.rows:
            keys.append(("name", row.id))
            if self.breakdown:
                keys.extend(("part", row.id, c) for c in self.categories)
            else:
                keys.append(("score", row.id))
            keys.extend(("tie", row.id, t.id) for t in self.tiebreakers)
        keys.extend(("tiebreaker", t.id) for t in self.tiebreakers)
        keys.extend((k,) for k in PAD_FIELDS if k != "title")
        return keys

    # -- acting -------------------------------------------------------------------------------
    def verify(self, action: PadAction) -> None:
        """Raise the :class:`PadError` :meth:`apply` would raise, or return None."""
        self._after(action)

    def can_apply(self, action: PadAction) -> bool:
        return passes(lambda: self._after(action), PadError)

    def apply(self, action: PadAction) -> tuple[Pad, PadRecord]:
        """The pad after ``action`` with its record; raises :class:`PadError` (naming the
        input) and changes nothing when the action is not allowed."""
        after, summary = self._after(action)
        record = PadRecord(action, self, summary)
        return replace(after, log=(*self.log, record)), record

    def _after(self, action: PadAction) -> tuple[Pad, str]:
        if isinstance(action, SetText):
            return self._set_text(action.field, action.text)
        if isinstance(action, AddRow):
            if len(self.rows) >= MAX_ROWS:
                raise PadError(f"at most {MAX_ROWS} players on one pad")
            problem = text_problem(("name", 0), action.name)
            if problem:
                raise PadError(f"name {action.name!r}: {problem}")
            pad = self._add_row(action.name.strip())
            who = action.name.strip() or f"Player {len(pad.rows)}"
            return pad, f"{who} added to the pad"
        if isinstance(action, RemoveRow):
            index = self._row_index(action.row)
            who = self.rows[index].label(index + 1)
            return replace(self, rows=self.rows[:index] + self.rows[index + 1 :]), (
                f"{who} taken off the pad"
            )
        if isinstance(action, MoveRow):
            index = self._row_index(action.row)
            target = _target(index, action.offset, len(self.rows), "row")
            order = list(self.rows)
            order.insert(target, order.pop(index))
            who = self.rows[index].label(index + 1)
            return replace(self, rows=tuple(order)), f"{who} moved to seat {target + 1}"
        if isinstance(action, ToggleStart):
            index = self._row_index(action.row)
            was = self.rows[index].start
            marked = tuple(
                replace(r, start=(i == index and not was)) for i, r in enumerate(self.rows)
            )
            who = self.rows[index].label(index + 1)
            return replace(self, rows=marked), (
                f"{who} is no longer the start player" if was else f"{who} is the start player"
            )
        if isinstance(action, SetGame):
            return self._set_game(action.game)
        if isinstance(action, SetMode):
            if action.breakdown == self.breakdown:
                raise PadError(
                    f"breakdown {action.breakdown!r}: the pad already keeps "
                    + ("scores by category" if self.breakdown else "totals")
                )
            return replace(self, breakdown=action.breakdown), (
                "Scores by category" if action.breakdown else "Totals only"
            )
        if isinstance(action, SetLowestWins):
            if action.value == self.lowest_wins:
                raise PadError(f"lowest wins {action.value!r} is set already")
            return replace(self, lowest_wins=action.value), (
                "Lowest score wins" if action.value else "Highest score wins"
            )
        if isinstance(action, AddCategory):
            name = action.name.strip()
            if not name:
                raise PadError("a category needs a name")
            if len(name) > MAX_LABEL:
                raise PadError(f"category {name!r} is longer than {MAX_LABEL}")
            if name.casefold() in {c.casefold() for c in self.categories}:
                raise PadError(f"category {name!r} is on the pad already")
            if len(self.categories) >= MAX_CATEGORIES:
                raise PadError(f"at most {MAX_CATEGORIES} categories")
            return self._with_categories((*self.categories, name)), f"Category {name} added"
        if isinstance(action, RemoveCategory):
            if action.name not in self.categories:
                raise PadError(f"category {action.name!r} is not on the pad")
            kept = tuple(c for c in self.categories if c != action.name)
            return self._with_categories(kept), f"Category {action.name} removed"
        if isinstance(action, AddTiebreaker):
            name = action.name.strip()
            if not name:
                raise PadError("a tie-breaker needs a name")
            if len(name) > MAX_LABEL:
                raise PadError(f"tie-breaker {name!r} is longer than {MAX_LABEL}")
            if len(self.tiebreakers) >= MAX_TIEBREAKERS:
                raise PadError(f"at most {MAX_TIEBREAKERS} tie-breakers")
            if not isinstance(action.higher_wins, bool):
                raise PadError(f"higher_wins {action.higher_wins!r} must be true or false")
            pad = self._with_tiebreakers(
                [*((t.name, t.higher_wins) for t in self.tiebreakers), (name, action.higher_wins)],
                keep=True,
            )
            return pad, f"Tie-breaker {name} added"
        if isinstance(action, RemoveTiebreaker):
            breaker = self.tiebreaker(action.tiebreaker)
            breakers = tuple(t for t in self.tiebreakers if t.id != breaker.id)
            trimmed = tuple(
                replace(r, ties=tuple((t, v) for t, v in r.ties if t != breaker.id))
                for r in self.rows
            )
            return replace(self, tiebreakers=breakers, rows=trimmed), (
                f"Tie-breaker {breaker.name or '(unnamed)'} removed"
            )
        if isinstance(action, MoveTiebreaker):
            at = self.tiebreaker_index(action.tiebreaker)
            if at is None:
                raise PadError(f"tie-breaker {action.tiebreaker!r} is not on the pad")
            target = _target(at, action.offset, len(self.tiebreakers), "tie-breaker")
            tried = list(self.tiebreakers)
            tried.insert(target, tried.pop(at))
            return replace(self, tiebreakers=tuple(tried)), (
                f"{self.tiebreakers[at].name or 'The tie-breaker'} is tried {_nth(target)}"
            )
        if isinstance(action, FlipTiebreaker):
            breaker = self.tiebreaker(action.tiebreaker)
            flipped = replace(breaker, higher_wins=not breaker.higher_wins)
            breakers = tuple(flipped if t.id == breaker.id else t for t in self.tiebreakers)
            return replace(self, tiebreakers=breakers), (
                f"{breaker.name or 'Tie-breaker'}: "
                + ("higher wins" if flipped.higher_wins else "lower wins")
            )
        if isinstance(action, SetPlayedAt):
            when = action.when
            if when is not None:
                if not isinstance(when, datetime) or when.tzinfo is not None:
                    raise PadError(f"when {when!r} must be a local date and time")
                when = when.replace(second=0, microsecond=0)
            if when == self.played_at:
                raise PadError(f"when {when!r} is set already")
            return replace(self, played_at=when), (
                "Dated when it is saved"
                if when is None
                else f"Played {when.strftime('%a %d %b %Y, %H:%M')}"
            )
        if isinstance(action, ClearScores):
            cleared = tuple(
                replace(
                    r,
                    score="",
                    parts=tuple((c, "") for c in self.categories),
                    ties=tuple((t.id, "") for t in self.tiebreakers),
                )
                for r in self.rows
            )
            pad = replace(self, rows=cleared, played_at=None, duration="", notes="")
            return pad, "Scores cleared"
        raise PadError(f"{action!r} is not a score pad action")

    def _row_index(self, row_id: int) -> int:
        index = self.row_index(row_id)
        if index is None:
            raise PadError(f"row {row_id!r} is not on the pad")
        return index

    def _set_text(self, key: FieldKey, text: str) -> tuple[Pad, str]:
        key = read_field(list(key))
        old = self.text_of(key)
        problem = text_problem(key, text)
        if problem:
            raise PadError(f"{self.field_label(key)}: {text!r}: {problem}")
        if text == old:
            raise PadError(f"{self.field_label(key)} is {text!r} already")
        kind = key[0]
        if kind == "title":
            pad = replace(self, title=text)
        elif kind == "duration":
            pad = replace(self, duration=text)
        elif kind == "location":
            pad = replace(self, location=text)
        elif kind == "notes":
            pad = replace(self, notes=text)
        elif kind == "tiebreaker":
            breakers = tuple(
                replace(t, name=text) if t.id == key[1] else t for t in self.tiebreakers
            )
            pad = replace(self, tiebreakers=breakers)
        else:
            rows = []
            for row in self.rows:
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
            pad = replace(self, rows=tuple(rows))
        summary = f"{pad.field_label(key)}: {text.strip() or '(empty)'}"
        return pad, summary[:1].upper() + summary[1:]

    def _set_game(self, game_id: str) -> tuple[Pad, str]:
        game = _game(game_id)
        if game_id == self.game_id:
            raise PadError(f"game {game_id!r} is the pad's game already")
        previous = self.game
        pad = replace(self, game_id=game_id)
        if not self.categories or list(self.categories) == list(previous.categories):
            pad = pad._with_categories(tuple(game.categories))
        defaults = [(t.name, t.higher_wins) for t in previous.tiebreakers]
        ours = [(t.name, t.higher_wins) for t in self.tiebreakers]
        if not self.tiebreakers or ours == defaults:
            pad = pad._with_tiebreakers([(t.name, t.higher_wins) for t in game.tiebreakers])
        return pad, f"Game: {game.name}"

    def _with_categories(self, categories: tuple[str, ...]) -> Pad:
        rows = tuple(replace(r, parts=tuple((c, r.part(c)) for c in categories)) for r in self.rows)
        return replace(self, categories=categories, rows=rows)

    def _with_tiebreakers(self, specs: Sequence[tuple[str, bool]], *, keep: bool = False) -> Pad:
        """Tie-breakers from ``(name, higher_wins)``: with ``keep`` the existing ones keep
        their ids (and values) and only new ones are added; otherwise all are new (the rows'
        tie values start empty, as when a game's defaults replace the old ones)."""
        next_id = self.next_id
        breakers: list[TieBreaker] = []
        for i, (name, higher) in enumerate(specs):
            if keep and i < len(self.tiebreakers):
                breakers.append(self.tiebreakers[i])
                continue
            breakers.append(TieBreaker(next_id, name[:MAX_LABEL], higher))
            next_id += 1
        ids = [t.id for t in breakers]
        rows = tuple(replace(r, ties=tuple((t, r.tie(t)) for t in ids)) for r in self.rows)
        return replace(self, tiebreakers=tuple(breakers), rows=rows, next_id=next_id)

    def _add_row(self, name: str, *, start: bool = False) -> Pad:
        row = PadRow(
            id=self.next_id,
            name=name,
            parts=tuple((c, "") for c in self.categories),
            ties=tuple((t.id, "") for t in self.tiebreakers),
            start=start,
        )
        return replace(self, rows=(*self.rows, row), next_id=self.next_id + 1)

    # -- saves --------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The pad as saved: the pad it started as, and the actions taken since."""
        return {
            **SAVE.header(),
            "pad": _pad_dict(self.start),
            "actions": [r.action.to_dict() for r in self.log],
        }

    @classmethod
    def from_dict(cls, data: object) -> Pad:
        """Read a save back by replaying it; raises :class:`PadError` naming the field."""
        data = SAVE.check_header(data)
        SAVE.known(data, "", {"format", "version", "pad", "actions"})
        with SAVE.at("pad"):
            pad = read_pad(data.get("pad"))
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise PadError(f"actions {actions!r} must be a list")
        return SAVE.replay(pad, actions, read_action)


def _put(pairs: tuple[tuple[Any, str], ...], key: Any, text: str) -> tuple[tuple[Any, str], ...]:
    return tuple((k, text if k == key else v) for k, v in pairs)


def _target(index: int, offset: object, size: int, what: str) -> int:
    if isinstance(offset, bool) or not isinstance(offset, int) or offset == 0:
        raise PadError(f"offset {offset!r} must be a whole number of places, not 0")
    target = max(0, min(size - 1, index + offset))
    if target == index:
        raise PadError(f"the {what} is {'first' if offset < 0 else 'last'} already")
    return target


def _nth(index: int) -> str:
    return ("first", "second", "third", "fourth", "fifth")[index] if index < 5 else f"#{index + 1}"


def _game(game_id: object) -> Game:
    if not isinstance(game_id, str):
        raise PadError(f"game {game_id!r} must be a game id")
    try:
        return catalogue().game(game_id)
    except KeyError:
        raise PadError(f"game {game_id!r} is not one the app knows") from None


def _pad_dict(pad: Pad) -> dict[str, Any]:
    return {
        "game": pad.game_id,
        "title": pad.title,
        "lowest_wins": pad.lowest_wins,
        "breakdown": pad.breakdown,
        "categories": list(pad.categories),
        "tiebreakers": [[t.id, t.name, t.higher_wins] for t in pad.tiebreakers],
        "rows": [
            {
                "id": r.id,
                "name": r.name,
                "score": r.score,
                "parts": dict(r.parts),
                "ties": {str(t): v for t, v in r.ties},
                "start": r.start,
            }
            for r in pad.rows
        ],
        "when": None if pad.played_at is None else pad.played_at.isoformat(timespec="minutes"),
        "duration": pad.duration,
        "location": pad.location,
        "notes": pad.notes,
        "modules": list(pad.modules),
        "next_id": pad.next_id,
    }


def read_pad(raw: object) -> Pad:
    """A pad from its saved fields (:meth:`Pad.to_dict`'s ``pad``), every field checked:
    raises :class:`PadError` naming the first bad one."""
    data = SAVE.mapping(raw, "")
    SAVE.known(
        data,
        "",
        {
            "game",
            "title",
            "lowest_wins",
            "breakdown",
            "categories",
            "tiebreakers",
            "rows",
            "when",
            "duration",
            "location",
            "notes",
            "modules",
            "next_id",
        },
    )
    game_id = data.get("game")
    _game(game_id)
    assert isinstance(game_id, str)

    def text(name: str, key: FieldKey) -> str:
        value = data.get(name, "")
        if not isinstance(value, str):
            raise PadError(f"{name} {value!r} must be text")
        problem = text_problem(key, value)
        if problem:
            raise PadError(f"{name} {value!r}: {problem}")
        return value

    def flag(name: str) -> bool:
        value = data.get(name, False)
        if not isinstance(value, bool):
            raise PadError(f"{name} {value!r} must be true or false")
        return value

    categories = data.get("categories", [])
    if not isinstance(categories, list) or not all(isinstance(c, str) for c in categories):
        raise PadError(f"categories {categories!r} must be a list of names")
    if len(categories) > MAX_CATEGORIES or len({c.casefold() for c in categories}) != len(
        categories
    ):
        raise PadError(f"categories {categories!r}: at most {MAX_CATEGORIES}, each once")
    breakers: list[TieBreaker] = []
    raw_breakers = data.get("tiebreakers", [])
    if not isinstance(raw_breakers, list) or len(raw_breakers) > MAX_TIEBREAKERS:
        raise PadError(f"tiebreakers {raw_breakers!r}: a list of at most {MAX_TIEBREAKERS}")
    for i, item in enumerate(raw_breakers):
        if (
            not isinstance(item, list)
            or len(item) != 3
            or isinstance(item[0], bool)
            or not isinstance(item[0], int)
            or not isinstance(item[1], str)
            or not isinstance(item[2], bool)
            or len(item[1]) > MAX_LABEL
        ):
            raise PadError(f"tiebreakers[{i}] {item!r} must be [id, name, higher wins]")
        breakers.append(TieBreaker(item[0], item[1], item[2]))
    rows: list[PadRow] = []
    raw_rows = data.get("rows", [])
    if not isinstance(raw_rows, list) or len(raw_rows) > MAX_ROWS:
        raise PadError(f"rows {raw_rows!r}: a list of at most {MAX_ROWS}")
    for i, item in enumerate(raw_rows):
        with SAVE.at(f"rows[{i}]"):
            rows.append(_read_row(item, categories, [t.id for t in breakers]))
    ids = [r.id for r in rows] + [t.id for t in breakers]
    if len(set(ids)) != len(ids):
        raise PadError(f"ids {ids!r}: rows and tie-breakers each need their own id")
    next_id = data.get("next_id", max(ids, default=0) + 1)
    if isinstance(next_id, bool) or not isinstance(next_id, int) or next_id <= max(ids, default=0):
        raise PadError(f"next_id {next_id!r} must be above every id in use")
    modules = data.get("modules", [])
    if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
        raise PadError(f"modules {modules!r} must be a list of module ids")
    return Pad(
        game_id=game_id,
        title=text("title", ("title",)),
        lowest_wins=flag("lowest_wins"),
        breakdown=flag("breakdown"),
        categories=tuple(categories),
        tiebreakers=tuple(breakers),
        rows=tuple(rows),
        played_at=read_when(data.get("when")),
        duration=text("duration", ("duration",)),
        location=text("location", ("location",)),
        notes=text("notes", ("notes",)),
        modules=tuple(modules),
        next_id=next_id,
    )


def _read_row(item: object, categories: Sequence[str], tiebreakers: Sequence[int]) -> PadRow:
    data = SAVE.mapping(item, "")
    SAVE.known(data, "", {"id", "name", "score", "parts", "ties", "start"})
    row_id = data.get("id")
    if isinstance(row_id, bool) or not isinstance(row_id, int) or row_id < 1:
        raise PadError(f"id {row_id!r} must be a whole number from 1")
    name, score = data.get("name", ""), data.get("score", "")
    for kind, value in (("name", name), ("score", score)):
        if not isinstance(value, str):
            raise PadError(f"{kind} {value!r} must be text")
        problem = text_problem((kind, row_id), value)
        if problem:
            raise PadError(f"{kind} {value!r}: {problem}")
    parts = data.get("parts", {})
    ties = data.get("ties", {})
    if not isinstance(parts, Mapping) or not isinstance(ties, Mapping):
        raise PadError("parts and ties must be tables")
    part_texts = []
    for c in categories:
        value = parts.get(c, "")
        if not isinstance(value, str) or text_problem(("part", row_id, c), value):
            raise PadError(f"parts[{c!r}] {value!r} must be a whole number or empty")
        part_texts.append((c, value))
    tie_texts = []
    for t in tiebreakers:
        value = ties.get(str(t), "")
        if not isinstance(value, str) or text_problem(("tie", row_id, t), value):
            raise PadError(f"ties[{t!r}] {value!r} must be a whole number or empty")
        tie_texts.append((t, value))
    start = data.get("start", False)
    if not isinstance(start, bool):
        raise PadError(f"start {start!r} must be true or false")
    return PadRow(row_id, str(name), str(score), tuple(part_texts), tuple(tie_texts), start)


# -- the shared table (companion.engine.core.protocol) -----


def status_line(pad: Pad) -> str:
    """``Mercante · 2 of 4 scores in`` (or ``… · by category``)."""
    game = pad.title.strip() if pad.game.is_other and pad.title.strip() else pad.game.name
    if pad.breakdown:
        done = sum(1 for r in pad.rows if any(v.strip() for _, v in r.parts))
    else:
        done = sum(1 for r in pad.rows if r.score.strip())
    return f"{game} · {done} of {len(pad.rows)} scores in"


def players(pad: Pad) -> tuple[str, ...]:
    return tuple(r.name.strip() for r in pad.rows if r.name.strip())


def reads(pad: Pad, action: PadAction) -> object:
    """What an action depends on: a field typed, that field's text (a phone's score goes in
    while others type theirs; a field someone else changed meanwhile is refused); a row's or
    a tie-breaker's place, where it is and what is beside it; a switch, its setting; adding a
    line or a tie-breaker, nothing (both phones' lines are added); clearing the scores, every
    score, part, tie-breaker value and note it would clear (a phone that had not seen a score
    typed meanwhile cannot wipe it)."""
    if isinstance(action, SetText):
        try:
            return pad.text_of(read_field(list(action.field)))
        except PadError:
            return None
    if isinstance(action, ClearScores):
        scores = tuple(
            (r.id, r.score, r.parts, r.ties)
            for r in pad.rows
            if r.score or any(text for _, text in r.parts) or any(text for _, text in r.ties)
        )
        return scores, pad.played_at, pad.duration, pad.notes
    if isinstance(action, (AddRow, AddTiebreaker)):
        return None
    if isinstance(action, RemoveRow):
        return pad.row_index(action.row) is not None
    if isinstance(action, MoveRow):
        return _place(pad.rows, pad.row_index(action.row), action.offset)
    if isinstance(action, ToggleStart):
        return tuple(r.id for r in pad.rows if r.start)
    if isinstance(action, SetGame):
        return pad.game_id
    if isinstance(action, SetMode):
        return pad.breakdown
    if isinstance(action, SetLowestWins):
        return pad.lowest_wins
    if isinstance(action, (AddCategory, RemoveCategory)):
        return tuple(c.casefold() for c in pad.categories)
    if isinstance(action, RemoveTiebreaker):
        return pad.tiebreaker_index(action.tiebreaker) is not None
    if isinstance(action, MoveTiebreaker):
        return _place(pad.tiebreakers, pad.tiebreaker_index(action.tiebreaker), action.offset)
    if isinstance(action, FlipTiebreaker):
        found = [t.higher_wins for t in pad.tiebreakers if t.id == action.tiebreaker]
        return tuple(found)
    if isinstance(action, SetPlayedAt):
        return pad.played_at
    return pad


def _place(items: Sequence[Any], index: int | None, offset: object) -> object:
    if index is None or isinstance(offset, bool) or not isinstance(offset, int):
        return None
    target = index + offset
    return (index, items[target].id if 0 <= target < len(items) else None)


def table_changed(then: Pad, now: Pad) -> str:
    """What changed between the pad a screen showed and the pad now, in words: ``Ben's score
    is 12 now``, ``Dev was added to the pad``."""
    changes: list[str] = []
    gone = [r for r in then.rows if now.row_index(r.id) is None]
    came = [r for r in now.rows if then.row_index(r.id) is None]
    for i, row in enumerate(then.rows):
        if row in gone:
            changes.append(f"{row.label(i + 1)} was taken off the pad")
    for row in came:
        changes.append(f"{row.label(now.rows.index(row) + 1)} was added to the pad")
    if then.game_id != now.game_id:
        changes.append(f"the game is {now.game.name} now")
    if then.breakdown != now.breakdown:
        changes.append("the pad keeps " + ("scores by category" if now.breakdown else "totals"))
    if then.categories != now.categories:
        changes.append("the categories changed")
    if [(t.id, t.higher_wins) for t in then.tiebreakers] != [
        (t.id, t.higher_wins) for t in now.tiebreakers
    ]:
        changes.append("the tie-breakers changed")
    if [r.id for r in then.rows if r.id in {x.id for x in now.rows}] != [
        r.id for r in now.rows if r.id in {x.id for x in then.rows}
    ]:
        changes.append("the seat order changed")
    if [r.id for r in then.rows if r.start] != [r.id for r in now.rows if r.start]:
        starts = [r.label(i + 1) for i, r in enumerate(now.rows) if r.start]
        changes.append(f"{starts[0]} is the start player now" if starts else "no start player")
    if then.played_at != now.played_at or then.lowest_wins != now.lowest_wins:
        changes.append("the play's details changed")
    for key in now.fields():
        if then.has_field(key) and then.text_of(key) != now.text_of(key):
            value = now.text_of(key).strip()
            label = now.field_label(key)
            changes.append(f"{label} is {value} now" if value else f"{label} was emptied")
    if not changes:
        return "the score pad changed since this screen showed it"
    first = changes[0]
    more = len(changes) - 1
    return first + (f" (and {more} more change{'s' if more > 1 else ''})" if more else "")


#: The score pad on a shared table: each field is its own action (see :func:`reads`), so
#: every phone types its own player's score at once.
TABLE_RULES: Final[TableRules[Pad, PadAction]] = TableRules(
    tool="scorepad",
    read_start=Pad.from_dict,
    read_action=read_action,
    players=players,
    status=status_line,
    error=PadError,
    reads=reads,
    changed=table_changed,
)


__all__ = [
    "TABLE_RULES",
    "Pad",
    "PadRecord",
    "PadRow",
    "TieBreaker",
    "players",
    "read_pad",
    "reads",
    "status_line",
    "table_changed",
]
