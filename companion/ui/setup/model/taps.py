"""What a tap on a setup table means: the action to send, or a word to this phone only.

Each function takes first the game as the phone SHOWED it when the player tapped (which may
be a step behind the table) and answers with one of:

- a :class:`~companion.engine.setup.SetupAction` to send through the session loop (the
  action is absolute, so a stale phone's tap can be judged by the table);
- a :class:`Hint`: a message for this screen only, nothing sent (``redraw`` when the phone
  changed a control itself, a chip or a drop-down, that must show the table's value again);
- ``None``: the tap changes nothing (the value shown is already the table's).

The views only forward taps here and send or show what comes back; no flet in this module.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine import setup as engine
from companion.engine.setup import (
    ApplyFix,
    ChooseGame,
    ClearChoice,
    ClearPins,
    DrawCard,
    Fix,
    MarkDone,
    MarkNotDone,
    PickedKind,
    Pin,
    ResetChecklist,
    SetBeast,
    SetCard,
    SetModule,
    SetPin,
    SetPlayers,
    SetSeed,
    SetSize,
    SetupAction,
    SetupGame,
    Surprise,
)
from companion.ui.setup.model.choice import can_surprise, readable, sentence
from companion.ui.setup.model.draft import SetupDraft

BAD_SEED = "Fix the seed first: digits only."
GONE_STEP = "That step is no longer on the checklist."
NOTHING_TICKED = "Nothing is ticked yet."
BASE_ALONE = "The choice already is the base game alone."


@dataclass(frozen=True)
class Hint:
    """A message on the tapping phone only; nothing goes to the table."""

    text: str
    problem: bool = False
    redraw: bool = False  # draw the table's values again over what the phone changed


Tap = SetupAction | Hint | None


def _kind(kind: str) -> PickedKind:
    return "paladin" if kind == "paladin" else "rogue"


# -- Choose -------------------------------------------------------------------------------------
def choose_game(game: SetupGame, game_id: str | None) -> Tap:
    return None if not game_id or game_id == game.game else ChooseGame(game_id)


def set_players(game: SetupGame, selected: list[str]) -> Tap:
    """A segment picked: its player count (a segment's value is its count's digits)."""
    if not selected or not selected[0].isdigit():
        return None
    players = int(selected[0])
    return None if players == game.players else SetPlayers(players)


def set_module(game: SetupGame, module_id: str, on: bool) -> Tap:
    return SetModule(module_id, on)


def toggle_module(game: SetupGame, module_id: str) -> Tap:
    """A tap on the module's row: the other state than the phone showed."""
    return SetModule(module_id, module_id not in game.modules)


def apply_fix(game: SetupGame, fix: Fix) -> Tap:
    return ApplyFix(fix.label, fix.add, fix.remove, fix.drop_cards)


def set_card(game: SetupGame, kind: str, card_id: str | None) -> Tap:
    return None if game.picked(kind) == card_id else SetCard(_kind(kind), card_id)


def toggle_beast(game: SetupGame, card_id: str) -> Tap:
    """A Beast chip tapped: in if the phone showed it out, else out; a deck that cannot take
    it says why (and the chip shows the table's state again)."""
    on = card_id not in game.beasts
    try:
        game.set_beast(card_id, on)
    except engine.SetupError as exc:
        return Hint(sentence(readable(exc)), problem=True, redraw=True)
    return SetBeast(card_id, on)


def set_pin(game: SetupGame, module_id: str, mode: str | None) -> Tap:
    pin: Pin | None = "keep" if mode == "keep" else "never" if mode == "never" else None
    return None if game.pin_of(module_id) == pin else SetPin(module_id, pin)


def clear_pins(game: SetupGame) -> Tap:
    return ClearPins()


def set_size(game: SetupGame, draft: SetupDraft, value: str | None) -> Tap:
    """How many modules Surprise me draws ("any", or a number of the drop-down's)."""
    size = None if value in (None, "", "any") else int(value)
    draft.surprise_problem = None
    if size == game.size:
        return Hint("", redraw=True)
    return SetSize(size)


def commit_seed(game: SetupGame, draft: SetupDraft) -> Tap:
    """The seed field left or submitted: a good seed typed here becomes the table's."""
    if draft.seed_text is None or draft.seed_problem:
        return None
    seed = draft.seed(game)
    if seed is None or seed == game.seed:
        draft.settle_seed()
        return None
    return SetSeed(seed)


def new_seed(game: SetupGame, draft: SetupDraft, seed: int) -> Tap:
    draft.surprise_problem = None
    return SetSeed(seed)


def surprise(game: SetupGame, draft: SetupDraft, fresh: int | None) -> Tap:
    """Surprise me (``fresh``: a new seed) or Replay this seed (the seed in the field). When
    nothing legal fits the marks, the Surprise panel says so (the draft keeps it)."""
    seed = fresh if fresh is not None else draft.seed(game)
    if seed is None:
        return Hint(BAD_SEED, problem=True)
    problem = can_surprise(game, seed)
    draft.surprise_problem = problem
    if problem is not None:
        return Hint("", redraw=True)
    return Surprise(seed)


def draw_card(game: SetupGame, draft: SetupDraft, kind: str) -> Tap:
    seed = draft.seed(game)
    if seed is None:
        return Hint(BAD_SEED, problem=True)
    try:
        game.with_seed(seed).draw_card(kind)
    except engine.SetupError as exc:
        return Hint(sentence(readable(exc)), problem=True)
    return DrawCard(_kind(kind), seed)


def clear_choice(game: SetupGame, name: str) -> Tap:
    """Start over with the base game alone (``name``: the game's name, for the hint)."""
    if not game.has_modules:
        return Hint(f"{name} has no modules or cards to clear.")
    if not game.modules and not game.cards:
        return Hint(BASE_ALONE)
    return ClearChoice()


# -- the checklist ------------------------------------------------------------------------------
def tap_step(game: SetupGame, step_id: str) -> Tap:
    """A tap on a step: done, not done, or confirm a ticked step whose words changed. The
    action is absolute: a step another phone ticked meanwhile is refused as already done,
    never unticked."""
    step = game.step(step_id)
    if step is None:
        return Hint(GONE_STEP, problem=True)
    return MarkNotDone(step_id) if game.confirmed(step) else MarkDone(step_id)


def tick_next(game: SetupGame) -> Tap:
    step = game.progress().next_step
    return None if step is None else MarkDone(step.id)


def reset_checklist(game: SetupGame) -> Tap:
    return ResetChecklist() if game.ticks else Hint(NOTHING_TICKED)


__all__ = [
    "BAD_SEED",
    "BASE_ALONE",
    "GONE_STEP",
    "NOTHING_TICKED",
    "Hint",
    "Tap",
    "apply_fix",
    "choose_game",
    "clear_choice",
    "clear_pins",
    "commit_seed",
    "draw_card",
    "new_seed",
    "reset_checklist",
    "set_card",
    "set_module",
    "set_pin",
    "set_players",
    "set_size",
    "surprise",
    "tap_step",
    "tick_next",
    "toggle_beast",
    "toggle_module",
]
