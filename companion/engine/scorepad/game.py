"""The score pad being filled in, as a shared table: players' lines, their scores (totals or
by category), tie-breakers, the game, when and where.

Every field holds text as typed, so the same form can show "x" with an error beside it; the
table only takes text that reads as the field's kind (:func:`text_problem`): a half-typed
"1-" stays on the phone that typed it. Whether the pad as a whole can be saved (names
given, the player count, a title for another game) is for the form to say, not the table:
a pad is filled in field by field, from several phones at once.

Rows and tie-breakers carry ids that never change, so a phone that has not seen a row moved
or removed still writes into the line it meant (or is refused when it is gone). Its changes
are the actions of :mod:`~companion.engine.scorepad.actions`, applied by
:meth:`~companion.engine.core.saves.SavedGame.apply`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, ClassVar

from companion.engine.core import saves
from companion.engine.core.numbers import is_whole
from companion.engine.core.words import possessive, quoted
from companion.engine.scorepad.actions import SAVE, PadAction, read_action, read_when
from companion.engine.scorepad.errors import PadError
from companion.engine.scorepad.records import PadRecord, PadRow, TieBreaker
from companion.engine.scorepad.values import (
    DEFAULT_GAME,
    MAX_CATEGORIES,
    MAX_LABEL,
    MAX_ROWS,
    MAX_TIEBREAKERS,
    PAD_FIELDS,
    FieldKey,
    known_game,
    text_problem,
)
from companion.rules import Game, catalogue


@dataclass(frozen=True)
class Pad(saves.SavedGame):
    """The score pad of one play being written down (see the module docstring)."""

    action_type: ClassVar[type[saves.Action]] = PadAction
    error: ClassVar[type[ValueError]] = PadError

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
        game = known_game(game_id)
        if len(names) > MAX_ROWS:
            raise PadError(f"{len(names)} players: at most {MAX_ROWS} on one pad")
        pad = cls(game_id=game_id, categories=tuple(game.categories))
        pad = pad.with_tiebreakers([(t.name, t.higher_wins) for t in game.tiebreakers])
        for name in names or ("", ""):
            if not isinstance(name, str):
                raise PadError(f"name {name!r} must be text")
            problem = text_problem(("name", 0), name)
            if problem:
                raise PadError(f"name {quoted(name)}: {problem}")
            pad = pad.with_row(name.strip(), start=start is not None and name == start)
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

    def row_at(self, row_id: int) -> int:
        """The index of row ``row_id``; raises when it is not on the pad."""
        index = self.row_index(row_id)
        if index is None:
            raise PadError(f"row {row_id!r} is not on the pad")
        return index

    def tiebreaker(self, tid: int) -> TieBreaker:
        for breaker in self.tiebreakers:
            if breaker.id == tid:
                return breaker
        raise PadError(f"tie-breaker {tid!r} is not on the pad")

    def tiebreaker_index(self, tid: int) -> int | None:
        return next((i for i, t in enumerate(self.tiebreakers) if t.id == tid), None)

    def has_field(self, key: FieldKey) -> bool:
        try:
            self.text_of(key)
        except PadError:
            return False
        return True

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
                raise PadError(f"category {quoted(str(key[2]))} is not on the pad")
            return row.part(key[2])
        if kind == "tie":
            self.tiebreaker(key[2])
            return row.tie(key[2])
        raise PadError("that field is not on the pad")

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
            return f"{possessive(who)} name"
        if kind == "score":
            return f"{possessive(who)} score"
        if kind == "part":
            return f"{possessive(who)} {key[2]}"
        breaker = next((t for t in self.tiebreakers if t.id == key[2]), None)
        return f"{possessive(who)} {breaker.name if breaker and breaker.name else 'tie-breaker'}"

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

    # -- changing it (for the actions) ---------------------------------------------------------
    def with_categories(self, categories: tuple[str, ...]) -> Pad:
        rows = tuple(replace(r, parts=tuple((c, r.part(c)) for c in categories)) for r in self.rows)
        return replace(self, categories=categories, rows=rows)

    def with_tiebreakers(self, specs: Sequence[tuple[str, bool]], *, keep: bool = False) -> Pad:
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

    def with_row(self, name: str, *, start: bool = False) -> Pad:
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
    texts = ("title", "duration", "location", "notes")
    flags = ("lowest_wins", "breakdown")
    SAVE.known(data, "", {"game", *texts, *flags, "categories", "tiebreakers", "rows", "when",
                          "modules", "next_id"})  # fmt: skip
    game_id = SAVE.value(str, data.get("game"), "game")
    known_game(game_id)
    typed = {name: _text(data.get(name, ""), name, (name,)) for name in texts}
    switches = {name: SAVE.value(bool, data.get(name, False), name) for name in flags}
    categories = SAVE.value(tuple[str, ...], data.get("categories", []), "categories")
    if len(categories) > MAX_CATEGORIES or len({c.casefold() for c in categories}) != len(
        categories
    ):
        raise PadError(f"categories {list(categories)!r}: at most {MAX_CATEGORIES}, each once")
    entry = tuple[int, str, bool]
    raw_breakers = SAVE.value(tuple[entry, ...], data.get("tiebreakers", []), "tiebreakers")
    if len(raw_breakers) > MAX_TIEBREAKERS or any(len(n) > MAX_LABEL for _, n, _ in raw_breakers):
        raise PadError(f"tiebreakers: at most {MAX_TIEBREAKERS}, each named in {MAX_LABEL}")
    breakers = [TieBreaker(*item) for item in raw_breakers]
    raw_rows = SAVE.listed(data.get("rows", []), "rows")
    if len(raw_rows) > MAX_ROWS:
        raise PadError(f"rows: at most {MAX_ROWS}")
    rows: list[PadRow] = []
    for i, item in enumerate(raw_rows):
        with SAVE.at(f"rows[{i}]"):
            rows.append(_read_row(item, categories, [t.id for t in breakers]))
    ids = [r.id for r in rows] + [t.id for t in breakers]
    if len(set(ids)) != len(ids):
        raise PadError(f"ids {ids!r}: rows and tie-breakers each need their own id")
    next_id = data.get("next_id", max(ids, default=0) + 1)
    if not is_whole(next_id) or next_id <= max(ids, default=0):
        raise PadError(f"next_id {next_id!r} must be above every id in use")
    modules = SAVE.value(tuple[str, ...], data.get("modules", []), "modules")
    return Pad(
        game_id=game_id,
        title=typed["title"],
        lowest_wins=switches["lowest_wins"],
        breakdown=switches["breakdown"],
        categories=categories,
        tiebreakers=tuple(breakers),
        rows=tuple(rows),
        played_at=read_when(data.get("when")),
        duration=typed["duration"],
        location=typed["location"],
        notes=typed["notes"],
        modules=modules,
        next_id=next_id,
    )


def _text(value: object, name: str, key: FieldKey) -> str:
    """The saved text of field ``key``, if it is text the field takes."""
    problem = text_problem(key, SAVE.value(str, value, name))
    if problem:
        raise PadError(f"{name} {value!r}: {problem}")
    return str(value)


def _read_row(item: object, categories: Sequence[str], tiebreakers: Sequence[int]) -> PadRow:
    data = SAVE.mapping(item, "")
    SAVE.known(data, "", {"id", "name", "score", "parts", "ties", "start"})
    row_id = data.get("id")
    if not is_whole(row_id) or row_id < 1:
        raise PadError(f"id {row_id!r} must be a whole number from 1")
    name = _text(data.get("name", ""), "name", ("name", row_id))
    score = _text(data.get("score", ""), "score", ("score", row_id))
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
    start = SAVE.value(bool, data.get("start", False), "start")
    return PadRow(row_id, name, score, tuple(part_texts), tuple(tie_texts), start)


__all__ = ["Pad", "read_pad"]
