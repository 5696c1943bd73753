"""What the players do to a setup table, as plain data: choose, fix, draw, tick.

Every action is absolute ("mark step X done", "set the Paladins on"), never a toggle, so an
action sent twice, or by a phone that had not seen the last change, cannot undo what another
phone did. Each says what it depends on (:meth:`SetupAction.reads`): a tick reads only its own
step, a module choice the module selection, a fix what it fixes. The table applies an action
sent by a phone that had not caught up only if that part is still as the phone saw it
(see :mod:`companion.engine.core.protocol`).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal

from companion.engine.core import saves
from companion.engine.setup.errors import SaveDataError

if TYPE_CHECKING:
    from companion.engine.setup.game import SetupGame

Pin = Literal["keep", "never"]
PickedKind = Literal["paladin", "rogue"]
PICKED_KINDS: tuple[PickedKind, ...] = ("paladin", "rogue")
PINS: tuple[Pin, ...] = ("keep", "never")
#: The save format of a setup table (and of its actions).
SAVE: Final = saves.SaveFormat("companion.setup.table", 1, SaveDataError)


@dataclass(frozen=True)
class SetupAction(saves.Action):
    """An action on a setup table (the base class: a game accepts only these)."""

    def reads(self, game: SetupGame) -> Hashable:
        """The part of ``game`` this action depends on (default: all of it)."""
        return game


# -- the choice ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChooseGame(SetupAction):
    """Set up ``game`` (its player count is kept when it fits, else the closest)."""

    kind: ClassVar[str] = "choose_game"
    game: str

    def reads(self, game: SetupGame) -> Hashable:
        return game.game


@dataclass(frozen=True)
class SetPlayers(SetupAction):
    kind: ClassVar[str] = "set_players"
    players: int

    def reads(self, game: SetupGame) -> Hashable:
        return (game.game, game.players)


@dataclass(frozen=True)
class SetModule(SetupAction):
    """Put ``module`` in the choice (``on``) or take it out."""

    kind: ClassVar[str] = "set_module"
    module: str
    on: bool

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

    def reads(self, game: SetupGame) -> Hashable:
        return game.picked(self.card_kind)


@dataclass(frozen=True)
class SetBeast(SetupAction):
    """Put a Beast of the Bay in the deck (``on``) or take it out."""

    kind: ClassVar[str] = "set_beast"
    card: str
    on: bool

    def reads(self, game: SetupGame) -> Hashable:
        return game.beasts


@dataclass(frozen=True)
class ClearChoice(SetupAction):
    """Back to the base game: no modules, no cards (Surprise me's marks and seed stay)."""

    kind: ClassVar[str] = "clear_choice"

    def reads(self, game: SetupGame) -> Hashable:
        return (game.game, game.modules, game.paladin, game.rogue, game.beasts)


# -- Surprise me -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SetPin(SetupAction):
    """Keep ``module`` in every Surprise me draw, never draw it, or (None) leave it to chance."""

    kind: ClassVar[str] = "set_pin"
    module: str
    mode: Pin | None

    def reads(self, game: SetupGame) -> Hashable:
        return game.pin_of(self.module)


@dataclass(frozen=True)
class ClearPins(SetupAction):
    kind: ClassVar[str] = "clear_pins"

    def reads(self, game: SetupGame) -> Hashable:
        return (game.pinned, game.banned)


@dataclass(frozen=True)
class SetSize(SetupAction):
    """How many modules Surprise me draws (None: any number)."""

    kind: ClassVar[str] = "set_size"
    size: int | None

    def reads(self, game: SetupGame) -> Hashable:
        return game.size


@dataclass(frozen=True)
class SetSeed(SetupAction):
    kind: ClassVar[str] = "set_seed"
    seed: int

    def reads(self, game: SetupGame) -> Hashable:
        return game.seed


@dataclass(frozen=True)
class Surprise(SetupAction):
    """Draw a legal combination from ``seed`` (and a Paladin card if the Paladins come out)."""

    kind: ClassVar[str] = "surprise"
    seed: int

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

    def reads(self, game: SetupGame) -> Hashable:
        return game.step_key(self.step)


@dataclass(frozen=True)
class MarkNotDone(SetupAction):
    kind: ClassVar[str] = "mark_not_done"
    step: str

    def reads(self, game: SetupGame) -> Hashable:
        return game.step_key(self.step)


@dataclass(frozen=True)
class ResetChecklist(SetupAction):
    """Mark every step not done."""

    kind: ClassVar[str] = "reset_checklist"

    def reads(self, game: SetupGame) -> Hashable:
        return game.ticks


# -- reading actions back --------------------------------------------------------------------------

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
_KINDS = frozenset(a.kind for a in ACTIONS)


def _text(data: Mapping[str, Any], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value:
        raise SaveDataError(f"{name} {value!r} must be a non-empty string")
    return value


def _ids(data: Mapping[str, Any], name: str) -> frozenset[str]:
    value = data.get(name, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise SaveDataError(f"{name} {value!r} must be a list of ids")
    return frozenset(value)


def _picked_kind(data: Mapping[str, Any], name: str) -> PickedKind:
    value = data.get(name)
    if value == "paladin":
        return "paladin"
    if value == "rogue":
        return "rogue"
    raise SaveDataError(f"{name} {value!r} must be 'paladin' or 'rogue'")


def _label(data: Mapping[str, Any], name: str) -> str:
    label = data.get(name)
    if not isinstance(label, str):
        raise SaveDataError(f"{name} {label!r} must be a string")
    return label


def _card(data: Mapping[str, Any], name: str) -> str | None:
    if data.get("kind") != SetCard.kind:
        return _text(data, name)  # a Beast of the Bay
    card = data.get(name)  # the Paladin or Rogue card chosen, or none
    if card is not None and (not isinstance(card, str) or not card):
        raise SaveDataError(f"{name} {card!r} must be a card id or null")
    return card


def _pin(data: Mapping[str, Any], name: str) -> Pin | None:
    mode = data.get(name)
    if mode is not None and mode not in PINS:
        raise SaveDataError(f"{name} {mode!r} must be 'keep', 'never' or null")
    return None if mode is None else "keep" if mode == "keep" else "never"


def _size(data: Mapping[str, Any], name: str) -> int | None:
    return None if data.get(name) is None else SAVE.whole(data, name)


#: How each field of an action is read back (by its name: a name means one thing).
READERS: Final[Mapping[str, saves.KeyedReader]] = {
    "game": _text,
    "players": SAVE.whole,
    "module": _text,
    "on": SAVE.flag,
    "label": _label,
    "add": _ids,
    "remove": _ids,
    "drop_cards": _ids,
    "card_kind": _picked_kind,
    "card": _card,
    "mode": _pin,
    "size": _size,
    "seed": SAVE.whole,
    "step": _text,
}


def read_action(raw: object) -> SetupAction:
    """An action back from its saved form (``{"kind": "mark_done", "step": "cove.base"}``);
    raises :class:`SaveDataError` naming the field. Whether the action is allowed is the
    game's to say (:meth:`SetupGame.apply`)."""
    if not isinstance(raw, Mapping):
        raise SaveDataError(f"an action must be a mapping, got {raw!r}")
    try:
        return SAVE.read_action(raw, ACTIONS, READERS)
    except SaveDataError as exc:
        kind = raw.get("kind")
        if kind not in _KINDS:
            raise
        raise SaveDataError(f"{kind}: {exc}") from None


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
