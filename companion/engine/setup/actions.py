"""What the players do to a setup table: choose, fix, draw, tick. Each action checks itself
against a table (``verify``) and says what it does (``play``); its saved form is its kind and
its fields, read back by :func:`read_action`.

Every action is absolute ("mark step X done", "set the Paladins on"), never a toggle, so an
action sent twice, or by a phone that had not seen the last change, cannot undo what another
phone did. Each says what it depends on (:meth:`SetupAction.reads`): a tick reads only its own
step, a module choice the module selection, a fix what it fixes. The table applies an action
sent by a phone that had not caught up only if that part is still as the phone saw it
(see :mod:`companion.engine.core.protocol`).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal

from companion.engine.core import saves
from companion.engine.core.words import spoken
from companion.engine.setup.check import module_ids
from companion.engine.setup.checklist import Step, setup_games
from companion.engine.setup.errors import (
    StepError,
    UnchangedError,
    UnknownGameError,
    UnknownModuleError,
)
from companion.engine.setup.records import SAVE, Record
from companion.engine.setup.words import (
    Pin,
    cap,
    card_name,
    cove_card,
    game_name,
    module_name,
    pin_words,
    size_words,
)

if TYPE_CHECKING:
    from companion.engine.setup.game import SetupGame

PickedKind = Literal["paladin", "rogue"]
PICKED_KINDS: tuple[PickedKind, ...] = ("paladin", "rogue")
PINS: tuple[Pin, ...] = ("keep", "never")


@dataclass(frozen=True)
class SetupAction(saves.Action):
    """An action on a setup table (the base class: a game accepts only these)."""

    def verify(self, game: SetupGame) -> tuple[SetupGame, str]:
        """The table after this action (its log not yet extended) and what it did, in a
        sentence; raises why it is not allowed."""
        raise NotImplementedError

    def play(self, game: SetupGame, checked: tuple[SetupGame, str]) -> tuple[SetupGame, Record]:
        after, summary = checked
        return after, Record(self, summary, game)

    def reads(self, game: SetupGame) -> Hashable:
        """The part of ``game`` this action depends on (default: all of it)."""
        return game


# -- the choice ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChooseGame(SetupAction):
    """Set up ``game`` (its player count is kept when it fits, else the closest)."""

    kind: ClassVar[str] = "choose_game"
    game: str

    def verify(self, game: SetupGame) -> tuple[SetupGame, str]:
        if self.game not in setup_games():
            raise UnknownGameError(f"the app has no setup checklist for {spoken(self.game)}")
        if self.game == game.game:
            raise UnchangedError(f"{game_name(game.game)} is already the game being set up")
        new = game.with_game(self.game)
        return new, f"Setting up {game_name(new.game)} for {new.players} players."

    def reads(self, game: SetupGame) -> Hashable:
        return game.game


@dataclass(frozen=True)
class SetPlayers(SetupAction):
    kind: ClassVar[str] = "set_players"
    players: int

    def verify(self, game: SetupGame) -> tuple[SetupGame, str]:
        if self.players == game.players:
            raise UnchangedError(f"the table already has {game.players} players")
        return game.with_players(self.players), f"{self.players} players."

    def reads(self, game: SetupGame) -> Hashable:
        return (game.game, game.players)


@dataclass(frozen=True)
class SetModule(SetupAction):
    """Put ``module`` in the choice (``on``) or take it out."""

    kind: ClassVar[str] = "set_module"
    module: str
    on: bool

    def verify(self, game: SetupGame) -> tuple[SetupGame, str]:
        if self.module not in module_ids():
            raise UnknownModuleError(f"there is no module {spoken(self.module)}")
        label = module_name(self.module)
        if (self.module in game.modules) == self.on:
            where = "in" if self.on else "out of"
            raise UnchangedError(f"{label} is already {where} the choice")
        new = game.set_module(self.module, self.on)
        return new, f"{label} {'added' if self.on else 'taken out'}."

    def reads(self, game: SetupGame) -> Hashable:
        # What a module brings or needs depends on the others: the whole selection.
        return (game.game, game.modules)


@dataclass(frozen=True)
class ApplyFix(SetupAction):
    """A finding's one-tap fix: modules in or out, chosen cards dropped. ``label`` is what
    its button said ("Add the Faction Festival and the Paladins")."""

    kind: ClassVar[str] = "apply_fix"
    label: str
    add: frozenset[str] = frozenset()
    remove: frozenset[str] = frozenset()
    drop_cards: frozenset[str] = frozenset()

    def __repr__(self) -> str:
        return (
            f"ApplyFix({self.label!r}, add={sorted(self.add)!r}, remove={sorted(self.remove)!r}, "
            f"drop_cards={sorted(self.drop_cards)!r})"
        )

    def verify(self, game: SetupGame) -> tuple[SetupGame, str]:
        new = game.fixed(self.add, self.remove, self.drop_cards)
        if (new.modules, new.cards) == (game.modules, game.cards):
            raise UnchangedError("nothing left to do: the choice is already as this fix makes it")
        return new, f"{cap(self.label)}."

    def reads(self, game: SetupGame) -> Hashable:
        # Only what it fixes: whether each module it adds or removes is in, which of the
        # cards it drops are chosen.
        touched = sorted(self.add | self.remove)
        return (
            game.game,
            tuple((m, m in game.modules) for m in touched),
            tuple(sorted(game.cards & self.drop_cards)),
        )


@dataclass(frozen=True)
class SetCard(SetupAction):
    """Choose the Paladin card or the Rogue card (``card`` None: none chosen)."""

    kind: ClassVar[str] = "set_card"
    card_kind: PickedKind
    card: str | None

    def verify(self, game: SetupGame) -> tuple[SetupGame, str]:
        if self.card == game.picked(self.card_kind):
            what = "Paladin card" if self.card_kind == "paladin" else "Rogue card"
            if self.card is None:
                raise UnchangedError(f"no {what} is chosen already")
            raise UnchangedError(f"{card_name(self.card)} is already the {what}")
        new = game.with_card(self.card_kind, self.card)
        what = "Paladin card" if self.card_kind == "paladin" else "Rogue card"
        chosen = "none" if self.card is None else cove_card(self.card).name
        return new, f"{what}: {chosen}."

    def reads(self, game: SetupGame) -> Hashable:
        return game.picked(self.card_kind)


@dataclass(frozen=True)
class SetBeast(SetupAction):
    """Put a Beast of the Bay in the deck (``on``) or take it out."""

    kind: ClassVar[str] = "set_beast"
    card: str
    on: bool

    def verify(self, game: SetupGame) -> tuple[SetupGame, str]:
        beast = cove_card(self.card)
        if (self.card in game.beasts) == self.on:
            where = "in" if self.on else "out of"
            raise UnchangedError(f"{beast.name} is already {where} the Beasts deck")
        new = game.set_beast(self.card, self.on)
        return new, f"{beast.name} {'added to' if self.on else 'taken out of'} the Beasts deck."

    def reads(self, game: SetupGame) -> Hashable:
        return game.beasts


@dataclass(frozen=True)
class ClearChoice(SetupAction):
    """Back to the base game: no modules, no cards (Surprise me's marks and seed stay)."""

    kind: ClassVar[str] = "clear_choice"

    def verify(self, game: SetupGame) -> tuple[SetupGame, str]:
        if not game.has_modules:
            raise UnchangedError(f"{game_name(game.game)} has no modules or cards to clear")
        if not game.modules and not game.cards:
            raise UnchangedError("the choice already is the base game alone")
        return game.clear_choice(), "Back to the base game: modules and cards cleared."

    def reads(self, game: SetupGame) -> Hashable:
        return (game.game, game.modules, game.paladin, game.rogue, game.beasts)


# -- Surprise me -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SetPin(SetupAction):
    """Keep ``module`` in every Surprise me draw, never draw it, or (None) leave it to chance."""

    kind: ClassVar[str] = "set_pin"
    module: str
    mode: Pin | None

    def verify(self, game: SetupGame) -> tuple[SetupGame, str]:
        if self.module not in module_ids():
            raise UnknownModuleError(f"there is no module {spoken(self.module)}")
        label = module_name(self.module)
        if game.pin_of(self.module) == self.mode:
            raise UnchangedError(f"{label} already is {pin_words(self.mode)}")
        return game.pin(self.module, self.mode), f"{label}: {pin_words(self.mode)}."

    def reads(self, game: SetupGame) -> Hashable:
        return game.pin_of(self.module)


@dataclass(frozen=True)
class ClearPins(SetupAction):
    kind: ClassVar[str] = "clear_pins"

    def verify(self, game: SetupGame) -> tuple[SetupGame, str]:
        if not game.pinned and not game.banned:
            raise UnchangedError("no module is marked Always or Never")
        return game.clear_pins(), "Always and Never marks cleared."

    def reads(self, game: SetupGame) -> Hashable:
        return (game.pinned, game.banned)


@dataclass(frozen=True)
class SetSize(SetupAction):
    """How many modules Surprise me draws (None: any number)."""

    kind: ClassVar[str] = "set_size"
    size: int | None

    def verify(self, game: SetupGame) -> tuple[SetupGame, str]:
        if self.size == game.size:
            raise UnchangedError(f"Surprise me already draws {size_words(game.size)}")
        return game.with_size(self.size), f"Surprise me draws {size_words(self.size)}."

    def reads(self, game: SetupGame) -> Hashable:
        return game.size


@dataclass(frozen=True)
class SetSeed(SetupAction):
    kind: ClassVar[str] = "set_seed"
    seed: int

    def verify(self, game: SetupGame) -> tuple[SetupGame, str]:
        if self.seed == game.seed:
            raise UnchangedError(f"the seed already is {game.seed}")
        return game.with_seed(self.seed), f"Seed {self.seed}."

    def reads(self, game: SetupGame) -> Hashable:
        return game.seed


@dataclass(frozen=True)
class Surprise(SetupAction):
    """Draw a legal combination from ``seed`` (and a Paladin card if the Paladins come out)."""

    kind: ClassVar[str] = "surprise"
    seed: int

    def verify(self, game: SetupGame) -> tuple[SetupGame, str]:
        return game.with_seed(self.seed).surprise(), f"Drawn with seed {self.seed}."

    def reads(self, game: SetupGame) -> Hashable:
        # What the draw depends on, and what it replaces.
        return (
            game.game,
            game.players,
            game.size,
            game.pinned,
            game.banned,
            game.modules,
            game.paladin,
            game.beasts,
            game.rules,
        )


@dataclass(frozen=True)
class DrawCard(SetupAction):
    """A Paladin card or Rogue card legal with the chosen modules, drawn from ``seed``."""

    kind: ClassVar[str] = "draw_card"
    card_kind: PickedKind
    seed: int

    def verify(self, game: SetupGame) -> tuple[SetupGame, str]:
        new = game.with_seed(self.seed).draw_card(self.card_kind)
        drawn = cove_card(new.picked(self.card_kind) or "")
        return new, f"{drawn.name} drawn with seed {self.seed}."

    def reads(self, game: SetupGame) -> Hashable:
        return (game.modules, game.picked(self.card_kind), game.rules)


# -- the checklist ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class MarkDone(SetupAction):
    """Mark checklist step ``step`` (its id) done; a ticked step whose words changed since
    is confirmed as checked again. It reads the step's words: a phone that had not seen them
    change (the player count went up) is refused; one that had not seen another phone tick
    the step is told it is already done."""

    kind: ClassVar[str] = "mark_done"
    step: str

    def verify(self, game: SetupGame) -> tuple[SetupGame, str]:
        step = _on_list(game, self.step)
        if game.confirmed(step):
            raise StepError(f"{cap(game.step_name(step.id))} is already marked done")
        said = "checked again" if game.is_ticked(step.id) else "marked done"
        return game.tick(step), f"{cap(game.step_name(step.id))} {said}."

    def reads(self, game: SetupGame) -> Hashable:
        return game.step_key(self.step)


@dataclass(frozen=True)
class MarkNotDone(SetupAction):
    kind: ClassVar[str] = "mark_not_done"
    step: str

    def verify(self, game: SetupGame) -> tuple[SetupGame, str]:
        step = _on_list(game, self.step)
        if not game.is_ticked(step.id):
            raise StepError(f"{cap(game.step_name(step.id))} is not marked done")
        return game.tick(step, False), f"{cap(game.step_name(step.id))} marked not done."

    def reads(self, game: SetupGame) -> Hashable:
        return game.step_key(self.step)


@dataclass(frozen=True)
class ResetChecklist(SetupAction):
    """Mark every step not done."""

    kind: ClassVar[str] = "reset_checklist"

    def verify(self, game: SetupGame) -> tuple[SetupGame, str]:
        if not game.ticks:
            raise UnchangedError("no step is marked done yet")
        return game.reset_ticks(), "Every step marked not done."

    def reads(self, game: SetupGame) -> Hashable:
        return game.ticks


# -- reading actions back --------------------------------------------------------------------------


def _on_list(game: SetupGame, step_id: str) -> Step:
    step = game.step(step_id)
    if step is None:
        raise StepError("that step is not on this checklist")
    return step


ACTIONS: tuple[type[SetupAction], ...] = (
    ChooseGame,
    SetPlayers,
    SetModule,
    ApplyFix,
    SetCard,
    SetBeast,
    ClearChoice,
    SetPin,
    ClearPins,
    SetSize,
    SetSeed,
    Surprise,
    DrawCard,
    MarkDone,
    MarkNotDone,
    ResetChecklist,
)


def read_action(raw: object) -> SetupAction:
    """An action back from its saved form (``{"kind": "mark_done", "step": "cove.base"}``);
    raises :class:`SaveDataError` naming the field. Whether the action is allowed is the
    game's to say (``SetupGame.verify``)."""
    return SAVE.read_action(raw, ACTIONS)


__all__ = [
    "ACTIONS",
    "PICKED_KINDS",
    "PINS",
    "SAVE",
    "ApplyFix",
    "ChooseGame",
    "ClearChoice",
    "ClearPins",
    "DrawCard",
    "MarkDone",
    "MarkNotDone",
    "PickedKind",
    "Pin",
    "ResetChecklist",
    "SetBeast",
    "SetCard",
    "SetModule",
    "SetPin",
    "SetPlayers",
    "SetSeed",
    "SetSize",
    "SetupAction",
    "Surprise",
    "read_action",
]
