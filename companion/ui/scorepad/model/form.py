"""The score pad as a plain form: rows of players, totals or per-category breakdowns,
validation with an error per field, and live standings through the rules engine.

No flet here. The pad being filled in lives on a shared table
(:class:`companion.engine.scorepad.Pad`); :func:`form_of` turns it into this form to check
it, rank it and save it, and :func:`pad_of` turns a form (a saved play being edited) into a
pad.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from companion.engine.core.players import MAX_NAME_LENGTH
from companion.engine.core.standings import Entry, Standing, TieBreak, rank
from companion.engine.scorepad import (
    DEFAULT_GAME,
    MAX_CATEGORIES,
    MAX_ROWS,
    MAX_TIEBREAKERS,
    Pad,
    PadRow,
    TieBreaker,
    parse_whole,
)
from companion.rules import Catalogue, Game
from companion.text import name_key

#: The settings key of the one draft the score pad kept before shared tables (read once).
DRAFT_KEY = "scorepad_draft"

#: Field keys: ("name", row), ("score", row), ("part", row, category), ("tie", row, index),
#: ("category", index), ("tiebreaker", index), ("title",), ("players",), ("duration",).
FieldKey = tuple[Any, ...]


@dataclass
class Row:
    """One player's line on the pad, kept as typed."""

    name: str = ""
    score: str = ""
    parts: dict[str, str] = field(default_factory=dict)
    ties: list[str] = field(default_factory=list)
    start: bool = False
    won: bool = False  # ticked as a winner (when the winner is chosen by hand)


@dataclass
class TieBreakerSpec:
    name: str
    higher_wins: bool = True


@dataclass
class ScorePad:
    """Form state for recording one play."""

    catalogue: Catalogue
    game_id: str = "mercante"
    title: str = ""  # the typed title when game_id is "other"
    lowest_wins: bool = False  # only for typed titles; catalogue games know their direction
    breakdown: bool = False
    categories: list[str] = field(default_factory=list)
    tiebreakers: list[TieBreakerSpec] = field(default_factory=list)
    rows: list[Row] = field(default_factory=lambda: [Row(), Row()])
    # When the play happened: ``None`` means "when it is saved" (a pad opened before the
    # game and saved after it would otherwise date the play at the start, sorting it below
    # plays saved in between); a date picked, or a saved play being edited, sets it.
    played_at: datetime | None = None
    duration: str = ""
    location: str = ""
    notes: str = ""
    modules: list[str] = field(default_factory=list)
    # How the play is won: "points", "manual" (the rows' ``won``) or "cooperative"
    # (``all_won``: everyone won, else everyone lost). Without points scores are optional.
    scoring: str = "points"
    all_won: bool = True
    # The play's rule that its tie-breakers decide the victory only (a saved Mercante play
    # being edited): lower ties then share their place whatever their figures.
    tiebreaks_victory_only: bool = False

    def when(self) -> datetime:
        """The play's date and time: as chosen, else now (to the minute)."""
        if self.played_at is not None:
            return self.played_at
        return datetime.now().replace(second=0, microsecond=0)

    # -- the game ---------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.catalogue.game(self.game_id)

    @property
    def highest_wins(self) -> bool:
        return not self.lowest_wins if self.game.is_other else self.game.highest_wins

    def set_game(self, game_id: str) -> None:
        """Switch game; suggest its categories and tie-breakers when the user set none."""
        game = self.catalogue.game(game_id)
        previous = self.catalogue.game(self.game_id)
        self.game_id = game_id
        if not self.categories or self.categories == list(previous.categories):
            self.categories = list(game.categories)
            for row in self.rows:
                row.parts = {c: row.parts.get(c, "") for c in self.categories}
        defaults = [TieBreakerSpec(t.name, t.higher_wins) for t in previous.tiebreakers]
        if not self.tiebreakers or self.tiebreakers == defaults:
            self.tiebreakers = [TieBreakerSpec(t.name, t.higher_wins) for t in game.tiebreakers]
            for row in self.rows:
                row.ties = (row.ties + [""] * len(self.tiebreakers))[: len(self.tiebreakers)]

    # -- rows -------------------------------------------------------------------------------
    def add_row(self, name: str = "") -> int:
        if len(self.rows) >= MAX_ROWS:
            raise ValueError(f"at most {MAX_ROWS} players on one pad")
        self.rows.append(
            Row(
                name=name, parts={c: "" for c in self.categories}, ties=[""] * len(self.tiebreakers)
            )
        )
        return len(self.rows) - 1

    def remove_row(self, index: int) -> None:
        self._check_row(index)
        del self.rows[index]

    def move_row(self, index: int, offset: int) -> None:
        self._check_row(index)
        target = max(0, min(len(self.rows) - 1, index + offset))
        self.rows.insert(target, self.rows.pop(index))

    def _check_row(self, index: int) -> None:
        if not 0 <= index < len(self.rows):
            raise IndexError(f"row {index!r} is not on the pad")

    def fill_names(self, names: list[str], start: str | None = None) -> None:
        """Start the pad from a seated table: one row per name, in seat order."""
        self.rows = []
        for name in names:
            self.add_row(name)
            if name == start:
                self.rows[-1].start = True
        if not self.rows:
            self.rows = [Row(), Row()]

    # -- categories and tie-breakers --------------------------------------------------------
    def set_categories(self, names: list[str]) -> None:
        self.categories = [n.strip() for n in names][:MAX_CATEGORIES]
        for row in self.rows:
            row.parts = {c: row.parts.get(c, "") for c in self.categories}

    def add_category(self, name: str) -> None:
        self.set_categories([*self.categories, name])

    def remove_category(self, index: int) -> None:
        names = list(self.categories)
        del names[index]
        self.set_categories(names)

    def add_tiebreaker(self, name: str, higher_wins: bool = True) -> None:
        if len(self.tiebreakers) >= MAX_TIEBREAKERS:
            raise ValueError(f"at most {MAX_TIEBREAKERS} tie-breakers")
        self.tiebreakers.append(TieBreakerSpec(name.strip(), higher_wins))
        for row in self.rows:
            row.ties.append("")

    def remove_tiebreaker(self, index: int) -> None:
        del self.tiebreakers[index]
        for row in self.rows:
            del row.ties[index]

    def move_tiebreaker(self, index: int, offset: int) -> None:
        """Reorder tie-breakers (the first one is tried first)."""
        target = max(0, min(len(self.tiebreakers) - 1, index + offset))
        self.tiebreakers.insert(target, self.tiebreakers.pop(index))
        for row in self.rows:
            row.ties.insert(target, row.ties.pop(index))

    # -- derived values ---------------------------------------------------------------------
    def total(self, index: int) -> int | None:
        """The row's total: the sum of its parts in breakdown mode, else its score.

        ``None`` while something it depends on is empty or not a whole number.
        """
        row = self.rows[index]
        if not self.breakdown:
            try:
                return parse_whole(row.score)
            except ValueError:
                return None
        total = 0
        for category in self.categories:
            text = row.parts.get(category, "")
            if not text.strip():
                continue  # an empty category counts as 0 while typing
            try:
                total += parse_whole(text)
            except ValueError:
                return None
        return total

    def errors(self) -> dict[FieldKey, str]:
        """Every problem, keyed by the field that caused it. Empty when the form can be saved."""
        errs: dict[FieldKey, str] = {}
        if self.game.is_other and not self.title.strip():
            errs[("title",)] = "Type the game's title"
        elif len(self.title) > 80:
            errs[("title",)] = "At most 80 characters"
        seen: dict[str, int] = {}
        for i, row in enumerate(self.rows):
            name = row.name.strip()
            if not name:
                errs[("name", i)] = "Name needed"
            elif len(name) > MAX_NAME_LENGTH:
                errs[("name", i)] = f"At most {MAX_NAME_LENGTH} characters"
            elif name_key(name) in seen:
                errs[("name", i)] = f"{name} is already on the pad"
            else:
                seen[name_key(name)] = i
            if self.breakdown:
                if not self.categories:
                    errs[("score", i)] = "Add a category first"
                for category in self.categories:
                    text = row.parts.get(category, "")
                    if text.strip():
                        try:
                            parse_whole(text)
                        except ValueError as exc:
                            errs[("part", i, category)] = str(exc)
            else:
                if not row.score.strip():
                    if self.scoring == "points":
                        errs[("score", i)] = "Score needed"
                else:
                    try:
                        parse_whole(row.score)
                    except ValueError as exc:
                        errs[("score", i)] = str(exc)
            for t, text in enumerate(row.ties):
                if text.strip():
                    try:
                        parse_whole(text)
                    except ValueError as exc:
                        errs[("tie", i, t)] = str(exc)
        folded: set[str] = set()
        for c, category in enumerate(self.categories):
            if not category:
                errs[("category", c)] = "Name the category"
            elif category.casefold() in folded:
                errs[("category", c)] = "Already a category"
            folded.add(category.casefold())
        for t, breaker in enumerate(self.tiebreakers):
            if not breaker.name.strip():
                errs[("tiebreaker", t)] = "Name the tie-breaker"
        game = self.game
        if not game.is_other and not game.players_ok(len(self.rows)):
            errs[("players",)] = (
                f"{game.name} is for {game.min_players}–{game.max_players} players; "
                f"this pad has {len(self.rows)}"
            )
        if not self.rows:
            errs[("players",)] = "Add at least one player"
        if self.scoring == "manual" and self.rows and not any(r.won for r in self.rows):
            errs[("winners",)] = "Tick who won (or choose Co-operative if everyone lost)"
        if self.duration.strip():
            try:
                minutes = parse_whole(self.duration)
                if not 0 < minutes <= 24 * 60:
                    errs[("duration",)] = "Minutes, between 1 and 1440"
            except ValueError:
                errs[("duration",)] = "Minutes, as a whole number"
        if len(self.location) > 120:
            errs[("location",)] = "At most 120 characters"
        if len(self.notes) > 2000:
            errs[("notes",)] = "At most 2000 characters"
        return errs

    def warnings(self) -> list[str]:
        """Things worth a second look that don't block saving."""
        notes: list[str] = []
        count = len(self.rows)
        if self.game.is_other and count < 2:
            notes.append(f"Only {count} player on the pad — is that right?")
        return notes

    def won(self, index: int) -> bool:
        """Whether row ``index`` won, when the play is not won on points."""
        if self.scoring == "cooperative":
            return self.all_won
        return self.scoring == "manual" and self.rows[index].won

    def scored(self, index: int) -> bool:
        """A score was typed on the row (or, with categories, one of its parts)."""
        row = self.rows[index]
        if self.breakdown:
            return any(text.strip() for text in row.parts.values())
        return bool(row.score.strip())

    def _tie_values(self, row: Row) -> tuple[int | None, ...]:
        values: list[int | None] = []
        for text in row.ties:
            try:
                values.append(parse_whole(text) if text.strip() else None)
            except ValueError:
                values.append(None)
        return tuple(values)

    def standings(self) -> list[Standing]:
        """Live standings of the rows that have a name and a valid total so far."""
        entries: list[Entry] = []
        seen: set[str] = set()
        for i, row in enumerate(self.rows):
            name = row.name.strip() or f"Player {i + 1}"
            total = self.total(i)
            if total is None or name_key(name) in seen:
                continue
            seen.add(name_key(name))
            entries.append(Entry(name=name, score=total, tiebreaks=self._tie_values(row)))
        breakers = [
            TieBreak(t.name.strip() or f"Tie-breaker {k + 1}", t.higher_wins)
            for k, t in enumerate(self.tiebreakers)
        ]
        return rank(
            entries,
            highest_wins=self.highest_wins,
            tiebreaks=breakers,
            victory_only=self.tiebreaks_victory_only,
        )

    # -- saving -----------------------------------------------------------------------------
    def game_name(self) -> str:
        return self.title.strip() if self.game.is_other else self.game.id

    def record_arguments(self) -> dict[str, Any]:
        """Arguments for ``Store.record_play``; call only when :meth:`errors` is empty."""
        if self.errors():
            raise ValueError("the score pad has errors; fix them before saving")
        names = [row.name.strip() for row in self.rows]
        results: list[tuple[str, int | None]] = [
            (name, self.total(i) or 0) for i, name in enumerate(names)
        ]
        if self.scoring != "points":  # scores optional: none where none was typed
            results = [(n, self.total(i) if self.scored(i) else None) for i, n in enumerate(names)]
        start = next((row.name.strip() for row in self.rows if row.start), None)
        extra: dict[str, Any] = {
            "seats": names,  # rows are in seat order
            "start_player": start,
            "duration_min": parse_whole(self.duration) if self.duration.strip() else None,
            "location": self.location.strip(),
            "notes": self.notes.strip(),
            "modules": list(self.modules),
            "finished": True,
            "tiebreakers": [(t.name.strip(), t.higher_wins) for t in self.tiebreakers],
            "tiebreak_values": {row.name.strip(): list(self._tie_values(row)) for row in self.rows},
        }
        if self.tiebreaks_victory_only:
            extra["tiebreaks_victory_only"] = True
        if self.breakdown:
            extra["breakdowns"] = {
                row.name.strip(): {
                    c: parse_whole(row.parts[c]) if row.parts.get(c, "").strip() else 0
                    for c in self.categories
                }
                for i, row in enumerate(self.rows)
                if self.scoring == "points" or self.scored(i)
            }
        if self.scoring != "points":
            extra["scoring"] = self.scoring
            extra["winners"] = [n for i, n in enumerate(names) if self.won(i)]
        if self.game.is_other:
            extra["highest_wins"] = self.highest_wins
        return {
            "game": self.game_name(),
            "results": results,
            "played_at": self.when(),
            **extra,
        }

    # -- draft persistence ------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The pad as typed, so a half-entered game survives closing the app."""
        return {
            "game": self.game_id,
            "title": self.title,
            "lowest_wins": self.lowest_wins,
            "breakdown": self.breakdown,
            "categories": list(self.categories),
            "tiebreakers": [[t.name, t.higher_wins] for t in self.tiebreakers],
            "rows": [
                {
                    "name": r.name,
                    "score": r.score,
                    "parts": dict(r.parts),
                    "ties": list(r.ties),
                    "start": r.start,
                }
                for r in self.rows
            ],
            "when": None
            if self.played_at is None
            else self.played_at.isoformat(timespec="minutes"),
            "duration": self.duration,
            "location": self.location,
            "notes": self.notes,
            "modules": list(self.modules),
        }

    @classmethod
    def from_dict(cls, data: object, catalogue: Catalogue) -> ScorePad:
        """Rebuild a saved draft; a damaged draft gives a fresh pad rather than an error."""
        pad = cls(catalogue=catalogue)
        if not isinstance(data, dict):
            pad.set_game(pad.game_id)
            return pad
        try:
            catalogue.game(str(data["game"]))
            pad.game_id = str(data["game"])
            pad.title = str(data.get("title", ""))[:80]
            pad.lowest_wins = bool(data.get("lowest_wins", False))
            pad.breakdown = bool(data.get("breakdown", False))
            pad.categories = [str(c)[:40] for c in data.get("categories", [])][:MAX_CATEGORIES]
            pad.tiebreakers = [
                TieBreakerSpec(str(n)[:40], bool(h)) for n, h in data.get("tiebreakers", [])
            ][:MAX_TIEBREAKERS]
            rows = []
            for raw in data.get("rows", [])[:MAX_ROWS]:
                parts = raw.get("parts", {})
                ties = [str(t) for t in raw.get("ties", [])]
                rows.append(
                    Row(
                        name=str(raw.get("name", ""))[: MAX_NAME_LENGTH * 2],
                        score=str(raw.get("score", ""))[:20],
                        parts={c: str(parts.get(c, ""))[:20] for c in pad.categories},
                        ties=(ties + [""] * len(pad.tiebreakers))[: len(pad.tiebreakers)],
                        start=bool(raw.get("start", False)),
                    )
                )
            pad.rows = rows or [Row(), Row()]
            # Drafts from before "when" kept the time the pad was opened: not a choice, so
            # they date the play when it is saved, like a new pad.
            when = data.get("when")
            pad.played_at = None if when is None else datetime.fromisoformat(str(when))
            pad.duration = str(data.get("duration", ""))[:10]
            pad.location = str(data.get("location", ""))[:200]
            pad.notes = str(data.get("notes", ""))[:4000]
            pad.modules = [str(m)[:60] for m in data.get("modules", [])][:30]
        except (KeyError, TypeError, ValueError, AttributeError):
            fresh = cls(catalogue=catalogue)
            fresh.set_game(fresh.game_id)
            return fresh
        return pad

    def clear_scores(self) -> None:
        """After saving: keep the players and the game, empty the numbers for the next game."""
        for row in self.rows:
            row.score = ""
            row.parts = {c: "" for c in self.categories}
            row.ties = [""] * len(self.tiebreakers)
        self.played_at = None
        self.duration = ""
        self.notes = ""


# -- the shared pad and this form ------------------------------------------------------------------


def form_of(pad: Pad, catalogue: Catalogue, house_rules: Collection[str] = ()) -> ScorePad:
    """The pad as a form (rows in seat order, tie values in the tie-breakers' order). With the
    game's own tie-breakers, places follow the game's ruling on them (Mercante's decide the
    victory only, unless the group's ``house_rules`` say every place)."""
    game = catalogue.game(pad.game_id)
    own = [(t.name, t.higher_wins) for t in game.tiebreakers]
    form = ScorePad(
        catalogue=catalogue,
        game_id=pad.game_id,
        title=pad.title,
        lowest_wins=pad.lowest_wins,
        breakdown=pad.breakdown,
        categories=list(pad.categories),
        tiebreakers=[TieBreakerSpec(t.name, t.higher_wins) for t in pad.tiebreakers],
        rows=[
            Row(
                name=r.name,
                score=r.score,
                parts={c: r.part(c) for c in pad.categories},
                ties=[r.tie(t.id) for t in pad.tiebreakers],
                start=r.start,
                won=r.won,
            )
            for r in pad.rows
        ],
        played_at=pad.played_at,
        duration=pad.duration,
        location=pad.location,
        notes=pad.notes,
        modules=list(pad.modules),
        scoring=pad.scoring,
        all_won=pad.all_won,
        tiebreaks_victory_only=bool(own)
        and [(t.name, t.higher_wins) for t in pad.tiebreakers] == own
        and game.tiebreaks_victory_only(house_rules),
    )
    return form


def pad_of(form: ScorePad) -> Pad:
    """A form (a saved play being edited, an old draft) as a pad: tie-breakers and rows get
    ids in order."""
    breakers = tuple(
        TieBreaker(i, t.name, t.higher_wins) for i, t in enumerate(form.tiebreakers, start=1)
    )
    rows = tuple(
        PadRow(
            id=len(breakers) + i,
            name=r.name,
            score=r.score,
            parts=tuple((c, r.parts.get(c, "")) for c in form.categories),
            ties=tuple(
                (t.id, r.ties[k] if k < len(r.ties) else "") for k, t in enumerate(breakers)
            ),
            start=r.start,
            won=r.won,
        )
        for i, r in enumerate(form.rows, start=1)
    )
    return Pad(
        game_id=form.game_id,
        title=form.title,
        lowest_wins=form.lowest_wins,
        breakdown=form.breakdown,
        categories=tuple(form.categories),
        tiebreakers=breakers,
        rows=rows,
        played_at=form.played_at,
        duration=form.duration,
        location=form.location,
        notes=form.notes,
        modules=tuple(form.modules),
        scoring=form.scoring,
        all_won=form.all_won,
        next_id=len(breakers) + len(rows) + 1,
    )


def form_key(pad: Pad, key: FieldKey) -> FieldKey | None:
    """The form's key (by position) for the pad's field ``key`` (by id), or None."""
    kind = key[0]
    if kind in ("name", "score", "part", "tie"):
        index = pad.row_index(key[1])
        if index is None:
            return None
        if kind == "tie":
            t = pad.tiebreaker_index(key[2])
            return None if t is None else ("tie", index, t)
        return (kind, index, *key[2:])
    if kind == "tiebreaker":
        t = pad.tiebreaker_index(key[1])
        return None if t is None else ("tiebreaker", t)
    return key


def pad_key(pad: Pad, key: FieldKey) -> FieldKey:
    """The pad's key (by id) for the form's key ``key`` (by position); keys of the pad as a
    whole (``("players",)``, ``("category", 0)``) stay as they are."""
    kind = key[0]
    if kind in ("name", "score", "part", "tie") and key[1] < len(pad.rows):
        row = pad.rows[key[1]].id
        if kind == "tie":
            return ("tie", row, pad.tiebreakers[key[2]].id)
        return (kind, row, *key[2:])
    if kind == "tiebreaker" and key[1] < len(pad.tiebreakers):
        return ("tiebreaker", pad.tiebreakers[key[1]].id)
    return key


def with_typed(form: ScorePad, pad: Pad, typed: dict[FieldKey, str]) -> ScorePad:
    """``form`` with the texts this device typed that the table has not taken (yet)."""
    for key, text in typed.items():
        at = form_key(pad, key)
        if at is None:
            continue
        kind = at[0]
        if kind == "name":
            form.rows[at[1]].name = text
        elif kind == "score":
            form.rows[at[1]].score = text
        elif kind == "part":
            form.rows[at[1]].parts[at[2]] = text
        elif kind == "tie":
            form.rows[at[1]].ties[at[2]] = text
        elif kind == "tiebreaker":
            form.tiebreakers[at[1]].name = text
        elif kind in ("title", "duration", "location", "notes"):
            setattr(form, kind, text)
    return form


def pad_errors(form: ScorePad, pad: Pad) -> dict[FieldKey, str]:
    """The form's errors keyed by the pad's fields (by id)."""
    return {pad_key(pad, k): v for k, v in form.errors().items()}


@dataclass
class NewPadForm:
    """The lobby's new pad: its game."""

    game_id: str = DEFAULT_GAME


__all__ = [
    "DRAFT_KEY",
    "MAX_CATEGORIES",
    "MAX_ROWS",
    "MAX_TIEBREAKERS",
    "FieldKey",
    "NewPadForm",
    "Row",
    "ScorePad",
    "TieBreakerSpec",
    "form_key",
    "form_of",
    "pad_errors",
    "pad_key",
    "pad_of",
    "parse_whole",
    "with_typed",
]
