"""What the Choose page says about a choice: how it stands, which modules the check names,
one short line per module, the last Surprise me draw in words."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any, Literal

from companion.engine import setup as engine
from companion.engine.core import words
from companion.engine.setup import Draw, Finding, SetupGame
from companion.rules import Catalogue
from companion.ui.model.words import plural

BLURB_MAX = 90  # about three lines beside a checkbox on a phone


def sentence(text: str) -> str:
    """``text`` ending in a full stop (some finding messages end on their reason, after a colon).

    Left as typed otherwise: no capital letter added."""
    return words.sentence(text, capital=False, stops=".!?:)")


def game_name(catalogue: Catalogue, game: str) -> str:
    try:
        return catalogue.game(game).name
    except KeyError:
        return game


def module_name(module_id: str | None, catalogue: Catalogue, game: str) -> str:
    """A step's or finding's module by name; ``None`` is the game itself."""
    if module_id is None:
        return game_name(catalogue, game)
    try:
        return engine.module(module_id).name
    except engine.UnknownModuleError:
        return module_id


def ordered(ids: Collection[str]) -> list[str]:
    """Module ids in the data's order, so texts read the same every time."""
    return [m for m in engine.module_ids() if m in ids]


def _sentences(text: str) -> list[str]:
    parts = [p.strip() for p in text.replace(". ", ".\n").split("\n")]
    return [p for p in parts if p]


def _shorten(sentence_text: str) -> str:
    """A long sentence cut back to its first clause, when that clause says enough."""
    if len(sentence_text) <= BLURB_MAX:
        return sentence_text
    for mark in ("; ", ": "):
        head, found, _ = sentence_text.partition(mark)
        if found and len(head) >= 20:
            return head + "."
    return sentence_text


def module_blurbs(modules: Iterable[Any]) -> dict[str, str]:
    """A short line per module for the list (the full description is one tap away).

    Each module's first sentence, cut back to its first clause when long; when two modules
    open with the same sentence (the two sides of one tile), each gets its first sentence that
    tells it apart instead. Whole sentences or clauses only, never a word cut in half.
    """
    items = [(m.id, _sentences(m.description)) for m in modules]
    firsts: dict[str, int] = {}
    for _, parts in items:
        if parts:
            firsts[parts[0]] = firsts.get(parts[0], 0) + 1
    blurbs: dict[str, str] = {}
    for module_id, parts in items:
        if not parts:
            blurbs[module_id] = ""
            continue
        chosen = parts[0]
        if firsts[chosen] > 1:
            chosen = next((p for p in parts[1:] if firsts.get(p, 0) <= 1), chosen)
        blurbs[module_id] = _shorten(chosen)
    return blurbs


@dataclass(frozen=True)
class Status:
    """One line for the top of the screen: how the choice stands."""

    level: Literal["error", "warning", "ok"]
    headline: str


def status(findings: Iterable[Finding]) -> Status:
    items = list(findings)
    errors = sum(1 for f in items if f.level == "error")
    warnings = sum(1 for f in items if f.level == "warning")
    if errors:
        return Status("error", f"{plural(errors, 'problem')} to fix")
    if warnings:
        return Status("warning", f"Legal, with {plural(warnings, 'suggestion')}")
    return Status("ok", "Legal combination")


def choice_status(game: SetupGame, catalogue: Catalogue) -> Status:
    """The Choose page's strip: the check's verdict, or that a game has nothing to choose."""
    if not game.has_modules:
        name = game_name(catalogue, game.game)
        return Status("ok", f"{name}, {game.players} players: no modules to choose")
    return status(game.findings())


def flagged_modules(findings: Iterable[Finding], chosen: Collection[str]) -> dict[str, str]:
    """Chosen modules named by an error or warning, with the worst level, for row markers."""
    flags: dict[str, str] = {}
    for finding in findings:
        if finding.level not in ("error", "warning"):
            continue
        for module_id in finding.modules & frozenset(chosen):
            if flags.get(module_id) != "error":
                flags[module_id] = finding.level
    return flags


def describe_draw(draw: Draw) -> str:
    """``Drawn with seed 482913: 4 modules for 4 players, any number...``."""
    if draw.kind != "modules":
        what = "Paladin card" if draw.kind == "paladin" else "Rogue card"
        name = engine.card(draw.card).name if draw.card else "no card"
        with_modules = plural(len(draw.modules), "module") if draw.modules else "no modules"
        return (
            f"{name} drawn with seed {draw.seed} among the {what}s legal with "
            f"{with_modules}. The same seed and modules draw the same card."
        )
    labels = {m.id: m.name for m in engine.modules()}
    asked = ["any number" if draw.size is None else f"exactly {draw.size}"]
    if draw.pinned:
        asked.append("keeping " + ", ".join(labels[m] for m in ordered(draw.pinned)))
    if draw.banned:
        asked.append("never " + ", ".join(labels[m] for m in ordered(draw.banned)))
    card = f", and {engine.card(draw.card).name} as Paladin card" if draw.card else ""
    return (
        f"Drawn with seed {draw.seed}: {plural(len(draw.modules), 'module')} for "
        f"{draw.players} players ({'; '.join(asked)}){card}. The same seed and choices "
        "give the same draw on any phone."
    )


def draw_note(game: SetupGame) -> str | None:
    """The last draw in words, and whether the choice still is what it gave."""
    if game.draw is None:
        return None
    text = describe_draw(game.draw)
    if not game.draw_is_current:
        text += " You have changed the choice since."
    return text


def nothing_fits_text(game: SetupGame) -> str:
    """Why Surprise me cannot draw: the size and marks leave no legal combination."""
    labels = {m.id: m.name for m in engine.modules()}
    parts = [
        f"No legal combination of {'any size' if game.size is None else game.size} "
        f"for {game.players} players"
    ]
    if game.pinned:
        parts.append("keeping " + ", ".join(labels[m] for m in ordered(game.pinned)))
    if game.banned:
        parts.append("never " + ", ".join(labels[m] for m in ordered(game.banned)))
    return " ".join(parts) + ". Choose another number of modules, or fewer Always/Never marks."


def can_surprise(game: SetupGame, seed: int) -> str | None:
    """None when Surprise me can draw with ``seed``; else why not, for the panel."""
    try:
        game.with_seed(seed).surprise()
    except engine.NoLegalCombinationError:
        return nothing_fits_text(game)
    return None


def modules_summary(game: SetupGame) -> str:
    chosen = len(game.modules)
    summary = (
        "None chosen: the base game alone." if not chosen else f"{plural(chosen, 'module')} chosen."
    )
    return (
        f"{summary} The dots beside a module show its pieces and source, and set it to Always "
        "or Never for Surprise me."
    )


def marks_line(game: SetupGame) -> str | None:
    """``Always: Lawyers. Never: Apprentices.`` (None when no module is marked)."""
    labels = {m.id: m.name for m in engine.modules()}
    marks = []
    if game.pinned:
        marks.append("Always: " + ", ".join(labels[m] for m in ordered(game.pinned)))
    if game.banned:
        marks.append("Never: " + ", ".join(labels[m] for m in ordered(game.banned)))
    return ". ".join(marks) + "." if marks else None


def readable(exc: Exception) -> str:
    """An engine error as a player reads it (the ids in its message are for developers)."""
    if isinstance(exc, engine.CardChoiceError):
        return "A Beasts deck holds 3 cards: take one out before adding another"
    if isinstance(exc, engine.NoLegalCombinationError):
        return "No card is legal with these modules"
    return str(exc)[:1].upper() + str(exc)[1:]


__all__ = [
    "BLURB_MAX",
    "Status",
    "can_surprise",
    "choice_status",
    "describe_draw",
    "draw_note",
    "flagged_modules",
    "game_name",
    "marks_line",
    "module_blurbs",
    "module_name",
    "modules_summary",
    "nothing_fits_text",
    "ordered",
    "readable",
    "sentence",
    "status",
]
