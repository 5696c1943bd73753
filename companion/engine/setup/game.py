"""One setup table: what the players chose and how far their checklist got, as a game value.

A :class:`SetupGame` holds the choice (the game, the player count, Master Craft's modules
and The Entertainer, the chosen cards, Surprise me's marks, size and seed, the last draw),
the house rules it follows and the ticked steps, each kept by step id with a short digest
of the step's words (so a step whose numbers changed after it was ticked asks to be checked
again). It is immutable; :meth:`SetupGame.apply` takes one action of
:mod:`companion.engine.setup.actions`, verifies it first (raising a
:class:`~companion.engine.setup.SetupError` and changing nothing when it is not allowed) and
returns the new game with a :class:`Record` of what happened. :data:`TABLE_RULES` puts it on
the shared table (:mod:`companion.engine.core.protocol`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any, Final

from companion.engine.core import saves
from companion.engine.core.protocol import TableRules, passes
from companion.engine.setup.actions import (
    PICKED_KINDS,
    SAVE,
    ApplyFix,
    ChooseGame,
    ClearChoice,
    ClearPins,
    DrawCard,
    MarkDone,
    MarkNotDone,
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
    Surprise,
    read_action,
)
from companion.engine.setup.check import (
    MODULES_GAME,
    Finding,
    Fix,
    check_modules,
    game_setup,
    join_words,
    module_ids,
)
from companion.engine.setup.checklist import Step, player_range, setup_checklist, setup_games
from companion.engine.setup.data import Card, setup_data
from companion.engine.setup.errors import (
    CardChoiceError,
    PlayerCountError,
    SaveDataError,
    SetupError,
    StepError,
    UnchangedError,
    UnknownCardError,
    UnknownGameError,
    UnknownModuleError,
)
from companion.engine.setup.surprise import surprise_card, surprise_modules
from companion.rules.renamed import current_ruling_ids

COVE: Final = MODULES_GAME
TOOL: Final = "setup"
MAX_SEED_DIGITS: Final = 12  # long enough for any seed a person reads out; short to type
_FIELDS: Final = frozenset(
    {
        "format",
        "version",
        "game",
        "players",
        "modules",
        "pinned",
        "banned",
        "cards",
        "seed",
        "size",
        "ticks",
        "draw",
        "house_rules",
    }
)


class SeedError(SetupError):
    """A seed typed by a player that is not a whole number of at most 12 digits."""


def parse_seed(text: str) -> int:
    """The seed typed in the seed field; raises :class:`SeedError` naming the text."""
    cleaned = (text or "").strip()
    if not cleaned.isdigit() or not cleaned.isascii():
        raise SeedError(f"seed {text!r} must be a whole number of digits")
    if len(cleaned) > MAX_SEED_DIGITS:
        raise SeedError(f"seed {text!r} is longer than {MAX_SEED_DIGITS} digits")
    return int(cleaned)


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number of at most 12 digits, else :class:`SeedError`."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SeedError(f"seed {seed!r} must be a whole number")
    if not 0 <= seed < 10**MAX_SEED_DIGITS:
        raise SeedError(f"seed {seed!r} must have at most {MAX_SEED_DIGITS} digits")
    return seed


def digest(step: Step) -> str:
    """A short fingerprint of what a step asks, to notice when it changed after a tick."""
    return hashlib.sha1(step.text.encode("utf-8")).hexdigest()[:10]


@lru_cache(maxsize=1)
def setup_house_rules() -> frozenset[str]:
    """The rulings with an alternative reading that some setup check or step reads: the
    house rules a setup table follows (the others belong to other tools)."""
    data = setup_data()
    read: set[str] = set()
    for setup in data.games.values():
        read |= {r.ruling for r in setup.relations if r.ruling}
        read |= {c.ruling for c in setup.cards if c.ruling}
        read |= {q.house_rule.ruling for q in setup.quantities if q.house_rule}
        for step in setup.steps:
            read |= set(step.rulings)
            if step.house_rule:
                read.add(step.house_rule.ruling)
    return frozenset(r for r in read if r in data.rulings and data.rulings[r].has_house_rule)


@lru_cache(maxsize=512)
def _steps(
    game: str,
    modules: frozenset[str],
    players: int,
    cards: frozenset[str],
    house_rules: frozenset[str],
) -> tuple[Step, ...]:
    return tuple(setup_checklist(game, modules, players, cards=cards, house_rules=house_rules))


@lru_cache(maxsize=512)
def _findings(
    modules: frozenset[str], players: int, cards: frozenset[str], house_rules: frozenset[str]
) -> tuple[Finding, ...]:
    return tuple(check_modules(modules, players, cards=cards, house_rules=house_rules))


def _card_kinds() -> dict[str, Any]:
    return {k.id: k for k in setup_data().games[COVE].card_kinds}


def _card(card_id: str) -> Card:
    for card in setup_data().games[COVE].cards:
        if card.id == card_id:
            return card
    raise UnknownCardError(f"unknown card {card_id!r}")


def _module_name(module_id: str) -> str:
    try:
        return game_setup(COVE).module(module_id).name
    except KeyError:
        return module_id


def _module_label(module_id: str) -> str:
    """``the Faction Festival`` (how running text names a module)."""
    try:
        return game_setup(COVE).module(module_id).label
    except KeyError:
        return module_id


def game_name(game: str) -> str:
    """``Merchants Cove`` (the catalogue's name of a game id)."""
    try:
        return setup_data().catalogue.game(game).name
    except KeyError:
        return game


def _ordered(ids: Collection[str]) -> list[str]:
    """Module ids in the data's order, so texts read the same every time."""
    return [m for m in module_ids() if m in ids]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# --------------------------------------------------------------------------- values


@dataclass(frozen=True)
class Draw:
    """The last "Surprise me" draw: what was asked and what came out, so it can be replayed."""

    kind: str  # "modules", "paladin" or "rogue"
    seed: int
    players: int
    modules: frozenset[str]
    size: int | None = None
    pinned: frozenset[str] = frozenset()
    banned: frozenset[str] = frozenset()
    card: str | None = None

    def __repr__(self) -> str:
        return f"Draw({self.kind!r}, seed={self.seed}, modules={sorted(self.modules)!r})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "seed": self.seed,
            "players": self.players,
            "modules": sorted(self.modules),
            "size": self.size,
            "pinned": sorted(self.pinned),
            "banned": sorted(self.banned),
            "card": self.card,
        }

    @classmethod
    def from_dict(cls, data: object) -> Draw:
        """A draw back from :meth:`to_dict`; raises :class:`SetupError` naming the field."""
        if not isinstance(data, Mapping):
            raise SaveDataError(f"draw {data!r} must be a mapping")
        kind = data.get("kind")
        if kind not in ("modules", "paladin", "rogue"):
            raise SaveDataError(f"draw kind {kind!r}")
        size = data.get("size")
        if size is not None and not _is_int(size):
            raise SaveDataError(f"draw size {size!r}")
        card = data.get("card")
        if card is not None:
            if not isinstance(card, str):
                raise SaveDataError(f"draw card {card!r}")
            _card(card)  # an unknown card raises UnknownCardError
        modules = _id_set(data.get("modules", []), "draw modules")
        known = set(module_ids())
        for module_id in sorted(modules - known):
            raise UnknownModuleError(f"unknown module {module_id!r} in the draw")
        return cls(
            kind=str(kind),
            seed=_whole(data.get("seed"), "draw seed"),
            players=_whole(data.get("players"), "draw players"),
            modules=modules,
            size=size,
            pinned=_id_set(data.get("pinned", []), "draw pinned"),
            banned=_id_set(data.get("banned", []), "draw banned"),
            card=card,
        )


@dataclass(frozen=True)
class Progress:
    """How far the checklist is. A ticked step whose words changed since (the player count
    went up) is not counted as done: it is ``changed`` and waits to be checked again, and it
    can be the ``next_step``."""

    done: int
    total: int
    next_step: Step | None
    changed: tuple[str, ...]  # ids of ticked steps whose words changed since the tick

    @property
    def text(self) -> str:
        return f"{self.done} of {self.total} done"

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0

    @property
    def finished(self) -> bool:
        return self.total > 0 and self.done == self.total


@dataclass(frozen=True)
class Record:
    """What an action did: the action, the game as it was ``before`` (for undo) and a
    sentence saying what happened (``"Step 3 (Faction Festival) marked done."``)."""

    action: SetupAction
    summary: str
    before: SetupGame = field(repr=False, compare=False)


# --------------------------------------------------------------------------- the game


@dataclass(frozen=True)
class SetupGame(saves.SavedGame):
    """What the players chose and how far they got (see the module docstring).

    The Merchants Cove choices (modules, cards, marks) are kept while another game is
    chosen, so switching to Mercante and back loses nothing. The transition methods
    (``with_modules``, ``tick``...) return a new game and raise before anything changes
    when the change is impossible; :meth:`apply` is the same through an action, logged.
    """

    game: str = COVE
    players: int = 4
    modules: frozenset[str] = frozenset()
    pinned: frozenset[str] = frozenset()
    banned: frozenset[str] = frozenset()
    paladin: str | None = None
    rogue: str | None = None
    beasts: tuple[str, ...] = ()
    seed: int = 0
    size: int | None = None
    ticks: tuple[tuple[str, str], ...] = ()  # (step id, digest of its words when ticked)
    draw: Draw | None = None
    rules: frozenset[str] = frozenset()
    log: tuple[Record, ...] = field(default=(), repr=False, compare=False)

    def __repr__(self) -> str:
        return (
            f"SetupGame({self.game!r}, players={self.players}, "
            f"modules={sorted(self.modules)!r}, cards={sorted(self.cards)!r}, "
            f"ticked={len(self.ticks)})"
        )

    @classmethod
    def fresh(
        cls,
        *,
        game: str = COVE,
        players: int | None = None,
        seed: int = 0,
        rules: Iterable[str] = (),
    ) -> SetupGame:
        """A new choice: ``game`` with ``players`` when they fit it, else its closest count."""
        if game not in setup_games():
            game = COVE
        low, high = player_range(game)
        count = 4 if players is None else players
        return cls(
            game=game,
            players=min(max(count, low), high),
            seed=check_seed(seed),
            rules=_current(rules) & setup_house_rules(),
        )

    # -- what the engine sees ---------------------------------------------------------------
    @property
    def has_modules(self) -> bool:
        return self.game == COVE

    @property
    def active_modules(self) -> frozenset[str]:
        return self.modules if self.has_modules else frozenset()

    @property
    def cards(self) -> frozenset[str]:
        chosen = {c for c in (self.paladin, self.rogue) if c}
        return frozenset(chosen | set(self.beasts))

    @property
    def active_cards(self) -> frozenset[str]:
        return self.cards if self.has_modules else frozenset()

    def picked(self, kind: str) -> str | None:
        """The chosen Paladin card or Rogue card."""
        return self.paladin if kind == "paladin" else self.rogue

    def findings(self) -> list[Finding]:
        """What the check says about the choice (nothing for games without modules)."""
        if not self.has_modules:
            return []
        return list(_findings(self.modules, self.players, self.cards, self.rules))

    def steps(self) -> list[Step]:
        """The checklist for the choice, in order."""
        return list(self._steps)

    @cached_property
    def _steps(self) -> tuple[Step, ...]:
        return _steps(self.game, self.active_modules, self.players, self.active_cards, self.rules)

    def step(self, step_id: str) -> Step | None:
        """The checklist step with this id, or None when the checklist has none."""
        return next((s for s in self._steps if s.id == step_id), None)

    def step_number(self, step_id: str) -> int | None:
        return next((i for i, s in enumerate(self._steps, start=1) if s.id == step_id), None)

    def step_name(self, step_id: str) -> str:
        """``step 3 (Faction Festival)``: how a message names a step."""
        number = self.step_number(step_id)
        step = self.step(step_id)
        if number is None or step is None:
            return f"step {step_id!r}"
        where = game_name(self.game) if step.module is None else _module_name(step.module)
        return f"step {number} ({where})"

    def step_key(self, step_id: str) -> str | None:
        """What a tick of ``step_id`` depends on: the step's words now (None when it is not
        on the checklist). Whether it is ticked is the tick's own business: a step someone
        else ticked meanwhile is refused by :meth:`apply` as already done, saying so."""
        step = self.step(step_id)
        return None if step is None else digest(step)

    # -- ticks ------------------------------------------------------------------------------
    @property
    def ticked(self) -> dict[str, str]:
        return dict(self.ticks)

    def is_ticked(self, step_id: str) -> bool:
        return step_id in self.ticked

    def changed_since_tick(self, step: Step) -> bool:
        saved = self.ticked.get(step.id)
        return saved is not None and saved != digest(step)

    def confirmed(self, step: Step) -> bool:
        """Ticked, and the step still says what it said when it was ticked."""
        return self.ticked.get(step.id) == digest(step)

    def progress(self, steps: Iterable[Step] | None = None) -> Progress:
        items = list(self._steps if steps is None else steps)
        ticked = self.ticked
        changed = tuple(s.id for s in items if s.id in ticked and ticked[s.id] != digest(s))
        done = [s for s in items if s.id in ticked and s.id not in changed]
        upcoming = next((s for s in items if s.id not in ticked or s.id in changed), None)
        return Progress(len(done), len(items), upcoming, changed)

    @property
    def is_over(self) -> bool:
        """Every step of the checklist is done."""
        return self.progress().finished

    def tick(self, step: Step, on: bool = True) -> SetupGame:
        ticked = self.ticked
        if on:
            ticked[step.id] = digest(step)
        else:
            ticked.pop(step.id, None)
        return replace(self, ticks=tuple(sorted(ticked.items())))

    def reset_ticks(self) -> SetupGame:
        return replace(self, ticks=())

    # -- changing the choice ----------------------------------------------------------------
    def _rechoose(self, **changes: Any) -> SetupGame:
        """The game with ``changes``; ticks of steps that no longer exist are dropped, the
        ticks of every step that is still there stay (kept by step id)."""
        new = replace(self, **changes)
        steps = new._steps  # an impossible choice raises here, before anything changes
        if not self.ticks:
            return new
        ids = {s.id for s in steps}
        kept = tuple((i, d) for i, d in self.ticks if i in ids)
        return new if kept == new.ticks else replace(new, ticks=kept)

    def with_game(self, game: str) -> SetupGame:
        low, high = player_range(game)  # an unknown game raises UnknownGameError
        players = min(max(self.players, low), high)
        return self._rechoose(game=game, players=players)

    def with_players(self, players: int) -> SetupGame:
        low, high = player_range(self.game)
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            raise PlayerCountError(
                f"player count {players!r} is outside {self.game!r}'s range of {low} to {high}"
            )
        return self._rechoose(players=players)

    def with_modules(self, modules: Iterable[str]) -> SetupGame:
        chosen = frozenset(modules)
        unknown = sorted(chosen - set(module_ids()), key=repr)
        if unknown:
            raise UnknownModuleError(f"unknown module {unknown[0]!r}")
        return self._rechoose(modules=chosen)

    def set_module(self, module_id: str, on: bool) -> SetupGame:
        return self.with_modules(self.modules | {module_id} if on else self.modules - {module_id})

    def toggle_module(self, module_id: str) -> SetupGame:
        return self.set_module(module_id, module_id not in self.modules)

    def clear_choice(self) -> SetupGame:
        """Back to the base game: no modules, no cards (pins and the seed stay)."""
        return self._rechoose(modules=frozenset(), paladin=None, rogue=None, beasts=(), draw=None)

    def apply_fix(self, fix: Fix) -> SetupGame:
        """Apply a finding's one-tap fix: modules on or off, chosen cards dropped."""
        return self._fixed(fix.add, fix.remove, fix.drop_cards)

    def _fixed(
        self, add: frozenset[str], remove: frozenset[str], drop: frozenset[str]
    ) -> SetupGame:
        unknown = sorted((add | remove) - set(module_ids()), key=repr)
        if unknown:
            raise UnknownModuleError(f"unknown module {unknown[0]!r}")
        kept = self.cards - drop
        return self._rechoose(
            modules=(self.modules - remove) | add,
            paladin=self.paladin if self.paladin in kept else None,
            rogue=self.rogue if self.rogue in kept else None,
            beasts=tuple(b for b in self.beasts if b in kept),
        )

    def with_card(self, kind: str, card_id: str | None) -> SetupGame:
        """Choose the Paladin card or Rogue card (``None``: none chosen)."""
        if kind not in PICKED_KINDS:
            raise UnknownCardError(f"card kind {kind!r} is picked one at a time elsewhere")
        if card_id is not None and _card(card_id).kind != kind:
            raise UnknownCardError(f"card {card_id!r} is not a {kind} card")
        return self._rechoose(**{kind: card_id})

    def set_beast(self, card_id: str, on: bool) -> SetupGame:
        """Put a Beast in the deck (``on``) or take it out; a deck holds at most three."""
        if _card(card_id).kind != "beast":
            raise UnknownCardError(f"card {card_id!r} is not a Beast of the Bay")
        if not on:
            return self._rechoose(beasts=tuple(b for b in self.beasts if b != card_id))
        if card_id in self.beasts:
            return self
        most = _card_kinds()["beast"].max_chosen
        if len(self.beasts) >= most:
            raise CardChoiceError(
                f"a Beasts deck holds {most} cards: take one out before adding "
                f"{_card(card_id).name} ({card_id!r})"
            )
        return self._rechoose(beasts=(*self.beasts, card_id))

    def toggle_beast(self, card_id: str) -> SetupGame:
        return self.set_beast(card_id, card_id not in self.beasts)

    # -- Surprise me ------------------------------------------------------------------------
    def pin(self, module_id: str, mode: Pin | None) -> SetupGame:
        """Keep a module in every surprise draw, never draw it, or leave it to chance."""
        if module_id not in module_ids():
            raise UnknownModuleError(f"unknown module {module_id!r}")
        if mode not in (None, "keep", "never"):
            raise SetupError(f"pin mode {mode!r} must be 'keep', 'never' or None")
        pinned = self.pinned - {module_id}
        banned = self.banned - {module_id}
        if mode == "keep":
            pinned |= {module_id}
        elif mode == "never":
            banned |= {module_id}
        return replace(self, pinned=pinned, banned=banned)

    def pin_of(self, module_id: str) -> Pin | None:
        if module_id in self.pinned:
            return "keep"
        if module_id in self.banned:
            return "never"
        return None

    def clear_pins(self) -> SetupGame:
        return replace(self, pinned=frozenset(), banned=frozenset())

    def with_seed(self, seed: int) -> SetupGame:
        return replace(self, seed=check_seed(seed))

    def with_seed_text(self, text: str) -> SetupGame:
        return self.with_seed(parse_seed(text))

    def with_size(self, size: int | None) -> SetupGame:
        count = len(module_ids())
        if size is not None and (
            isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= count
        ):
            raise SetupError(f"size {size!r} must be None or a whole number from 1 to {count}")
        return replace(self, size=size)

    def surprise(self) -> SetupGame:
        """Draw a legal combination with the game's seed (and a Paladin card if the Paladins
        came out). Raises :class:`~companion.engine.setup.NoLegalCombinationError` when the
        size, pins and bans leave nothing legal; nothing changes then."""
        modules = surprise_modules(
            self.seed,
            size=self.size,
            pinned=self.pinned,
            banned=self.banned,
            players=self.players,
            house_rules=self.rules,
        )
        paladin = None
        if "paladins" in modules:
            paladin = surprise_card(self.seed, "paladin", modules, house_rules=self.rules).id
        beasts = self.beasts if "beasts_of_the_bay" in modules else ()
        record = Draw(
            "modules",
            self.seed,
            self.players,
            modules,
            self.size,
            self.pinned,
            self.banned,
            paladin,
        )
        return self._rechoose(
            game=COVE, modules=modules, paladin=paladin, beasts=beasts, draw=record
        )

    def draw_card(self, kind: str) -> SetupGame:
        """A Paladin card or Rogue card legal with the chosen modules, from the game's seed."""
        card = surprise_card(self.seed, kind, self.modules, house_rules=self.rules)
        record = Draw(
            "paladin" if kind == "paladin" else "rogue",
            self.seed,
            self.players,
            self.modules,
            card=card.id,
        )
        return replace(self.with_card(kind, card.id), draw=record)

    @property
    def draw_is_current(self) -> bool:
        """Whether the choice still is what the last draw gave."""
        draw = self.draw
        if draw is None or self.game != COVE:
            return False
        if draw.kind == "modules":
            return self.modules == draw.modules and self.paladin == draw.card
        return self.picked(draw.kind) == draw.card

    # -- house rules ------------------------------------------------------------------------
    def with_rules(self, rules: Iterable[str]) -> SetupGame:
        """The game under the house rules whose ruling ids are ``rules`` (those no setup check
        or step reads are left out); ticked steps whose words change ask to be checked again."""
        return self._rechoose(rules=_current(rules) & setup_house_rules())

    # -- the table's actions ------------------------------------------------------------------
    def verify(self, action: SetupAction) -> None:
        """Raise the reason ``action`` is not allowed now (nothing changes either way)."""
        self._do(action)

    def can_apply(self, action: SetupAction) -> bool:
        return passes(lambda: self._do(action), SetupError)

    def apply(self, action: SetupAction) -> tuple[SetupGame, Record]:
        """``(game after action, record)``; raises a :class:`SetupError` and changes nothing
        when the action is not allowed."""
        after, summary = self._do(action)
        record = Record(action, summary, self)
        return replace(after, log=(*self.log, record)), record

    def _do(self, action: SetupAction) -> tuple[SetupGame, str]:
        if not isinstance(action, SetupAction):
            raise SaveDataError(f"{action!r} is not a setup action")
        name = game_name(self.game)
        if isinstance(action, ChooseGame):
            if action.game not in setup_games():
                raise UnknownGameError(f"unknown game {action.game!r}: no setup checklist")
            if action.game == self.game:
                raise UnchangedError(f"{name} is already the game being set up")
            new = self.with_game(action.game)
            return new, f"Setting up {game_name(new.game)} for {new.players} players."
        if isinstance(action, SetPlayers):
            if action.players == self.players:
                raise UnchangedError(f"the table already has {self.players} players")
            return self.with_players(action.players), f"{action.players} players."
        if isinstance(action, SetModule):
            if action.module not in module_ids():
                raise UnknownModuleError(f"unknown module {action.module!r}")
            label = _module_name(action.module)
            if (action.module in self.modules) == action.on:
                where = "in" if action.on else "out of"
                raise UnchangedError(f"{label} is already {where} the choice")
            new = self.set_module(action.module, action.on)
            return new, f"{label} {'added' if action.on else 'taken out'}."
        if isinstance(action, ApplyFix):
            new = self._fixed(action.add, action.remove, action.drop_cards)
            if (new.modules, new.cards) == (self.modules, self.cards):
                raise UnchangedError(f"nothing left to do for {action.label!r}")
            return new, f"{_cap(action.label)}."
        if isinstance(action, SetCard):
            if action.card == self.picked(action.card_kind):
                raise UnchangedError(f"card {action.card!r} is already the {action.card_kind} card")
            new = self.with_card(action.card_kind, action.card)
            what = "Paladin card" if action.card_kind == "paladin" else "Rogue card"
            chosen = "none" if action.card is None else _card(action.card).name
            return new, f"{what}: {chosen}."
        if isinstance(action, SetBeast):
            beast = _card(action.card)
            if (action.card in self.beasts) == action.on:
                where = "in" if action.on else "out of"
                raise UnchangedError(f"{beast.name} is already {where} the Beasts deck")
            new = self.set_beast(action.card, action.on)
            return (
                new,
                f"{beast.name} {'added to' if action.on else 'taken out of'} the Beasts deck.",
            )
        if isinstance(action, ClearChoice):
            if not self.has_modules:
                raise UnchangedError(f"{name} has no modules or cards to clear")
            if not self.modules and not self.cards:
                raise UnchangedError("the choice already is the base game alone")
            return self.clear_choice(), "Back to the base game: modules and cards cleared."
        if isinstance(action, SetPin):
            if action.module not in module_ids():
                raise UnknownModuleError(f"unknown module {action.module!r}")
            label = _module_name(action.module)
            if self.pin_of(action.module) == action.mode:
                raise UnchangedError(f"{label} already is {_pin_words(action.mode)}")
            return self.pin(action.module, action.mode), f"{label}: {_pin_words(action.mode)}."
        if isinstance(action, ClearPins):
            if not self.pinned and not self.banned:
                raise UnchangedError("no module is marked Always or Never")
            return self.clear_pins(), "Always and Never marks cleared."
        if isinstance(action, SetSize):
            if action.size == self.size:
                raise UnchangedError(f"Surprise me already draws {_size_words(self.size)}")
            new = self.with_size(action.size)
            return new, f"Surprise me draws {_size_words(action.size)}."
        if isinstance(action, SetSeed):
            if action.seed == self.seed:
                raise UnchangedError(f"the seed already is {self.seed}")
            return self.with_seed(action.seed), f"Seed {action.seed}."
        if isinstance(action, Surprise):
            new = self.with_seed(action.seed).surprise()
            return new, f"Drawn with seed {action.seed}."
        if isinstance(action, DrawCard):
            new = self.with_seed(action.seed).draw_card(action.card_kind)
            drawn = _card(new.picked(action.card_kind) or "")
            return new, f"{drawn.name} drawn with seed {action.seed}."
        if isinstance(action, MarkDone):
            step = self._step_on_list(action.step)
            if self.confirmed(step):
                raise StepError(f"{_cap(self.step_name(step.id))} is already marked done")
            again = self.is_ticked(step.id)
            said = "checked again" if again else "marked done"
            return self.tick(step), f"{_cap(self.step_name(step.id))} {said}."
        if isinstance(action, MarkNotDone):
            step = self._step_on_list(action.step)
            if not self.is_ticked(step.id):
                raise StepError(f"{_cap(self.step_name(step.id))} is not marked done")
            return self.tick(step, False), f"{_cap(self.step_name(step.id))} marked not done."
        if isinstance(action, ResetChecklist):
            if not self.ticks:
                raise UnchangedError("no step is marked done yet")
            return self.reset_ticks(), "Every step marked not done."
        raise SaveDataError(f"{action!r} is not a setup action this table knows")

    def _step_on_list(self, step_id: str) -> Step:
        step = self.step(step_id)
        if step is None:
            raise StepError(f"step {step_id!r} is not on this checklist")
        return step

    # -- saved form -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The game's saved form (the choice and the ticks; the log is the table's)."""
        return {
            **SAVE.header(),
            "game": self.game,
            "players": self.players,
            "modules": sorted(self.modules),
            "pinned": sorted(self.pinned),
            "banned": sorted(self.banned),
            "cards": {"paladin": self.paladin, "rogue": self.rogue, "beasts": list(self.beasts)},
            "seed": self.seed,
            "size": self.size,
            "ticks": dict(self.ticks),
            "draw": self.draw.to_dict() if self.draw else None,
            "house_rules": sorted(self.rules),
        }

    @classmethod
    def from_dict(cls, data: object) -> SetupGame:
        """A game back from :meth:`to_dict`; raises a :class:`SetupError` naming the field
        (:class:`SaveDataError`, or the error for an id the data does not know)."""
        saved = SAVE.check_header(data)
        SAVE.known(saved, "", _FIELDS)
        game = saved.get("game")
        if not isinstance(game, str) or game not in setup_games():
            raise UnknownGameError(f"game {game!r} has no setup checklist")
        players = _whole(saved.get("players"), "players")
        cards = SAVE.mapping(saved.get("cards", {}), "cards")
        SAVE.known(cards, "cards", {"paladin", "rogue", "beasts"})
        beasts = cards.get("beasts", [])
        if not isinstance(beasts, list) or not all(isinstance(b, str) for b in beasts):
            raise SaveDataError(f"cards.beasts {beasts!r} must be a list of card ids")
        ticks = saved.get("ticks", {})
        if not isinstance(ticks, Mapping) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in ticks.items()
        ):
            raise SaveDataError(f"ticks {ticks!r} must map step ids to digests")
        size = saved.get("size")
        if size is not None:
            size = _whole(size, "size")
        draw_raw = saved.get("draw")
        new = cls(
            game=game,
            players=players,
            modules=_id_set(saved.get("modules", []), "modules"),
            pinned=_id_set(saved.get("pinned", []), "pinned"),
            banned=_id_set(saved.get("banned", []), "banned"),
            paladin=_optional_id(cards.get("paladin"), "cards.paladin"),
            rogue=_optional_id(cards.get("rogue"), "cards.rogue"),
            beasts=tuple(beasts),
            seed=check_seed(saved.get("seed", 0)),
            size=size,
            ticks=tuple(sorted(ticks.items())),
            draw=None if draw_raw is None else Draw.from_dict(draw_raw),
            rules=_current(_id_set(saved.get("house_rules", []), "house_rules")),
        )
        new.check()
        return new

    def check(self) -> None:
        """Raise the first thing wrong with this choice (an unknown id, a player count
        outside the game's range, a card of the wrong kind, overlapping marks)."""
        low, high = player_range(self.game)
        if not low <= self.players <= high:
            raise PlayerCountError(
                f"player count {self.players!r} is outside {self.game!r}'s range of {low} to {high}"
            )
        known = set(module_ids())
        for what, ids in (("modules", self.modules), ("pinned", self.pinned)):
            for module_id in sorted(ids - known, key=repr):
                raise UnknownModuleError(f"{what}: unknown module {module_id!r}")
        for module_id in sorted(self.banned - known, key=repr):
            raise UnknownModuleError(f"banned: unknown module {module_id!r}")
        if self.pinned & self.banned:
            raise SaveDataError(f"modules {sorted(self.pinned & self.banned)!r} pinned and banned")
        for kind in PICKED_KINDS:
            card_id = self.picked(kind)
            if card_id is not None and _card(card_id).kind != kind:
                raise UnknownCardError(f"card {card_id!r} is not a {kind} card")
        for beast in self.beasts:
            if _card(beast).kind != "beast":
                raise UnknownCardError(f"card {beast!r} is not a Beast of the Bay")
        if len(set(self.beasts)) != len(self.beasts):
            raise SaveDataError(f"beasts {list(self.beasts)!r} repeat a card")
        if self.size is not None:
            self.with_size(self.size)
        unknown = sorted(self.rules - setup_house_rules(), key=repr)
        if unknown:
            raise SaveDataError(f"house rule {unknown[0]!r} is not one a setup table follows")
        self._steps  # noqa: B018 (a choice with no checklist raises here)


def _pin_words(mode: Pin | None) -> str:
    return {"keep": "always in Surprise me", "never": "never in Surprise me"}.get(
        mode or "", "left to chance in Surprise me"
    )


def _size_words(size: int | None) -> str:
    return "any number of modules" if size is None else f"exactly {size} modules"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _whole(value: object, what: str) -> int:
    if not _is_int(value):
        raise SaveDataError(f"{what} {value!r} must be a whole number")
    assert isinstance(value, int)
    return value


def _id_set(values: object, what: str) -> frozenset[str]:
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise SaveDataError(f"{what} {values!r} must be a list of ids")
    return frozenset(values)


def _current(ids: Iterable[str]) -> frozenset[str]:
    """House-rule ids, each saved before its ruling was renamed read as the current one."""
    return frozenset(current_ruling_ids(ids))


def _optional_id(value: object, what: str) -> str | None:
    if value is not None and not isinstance(value, str):
        raise SaveDataError(f"{what} {value!r} must be a card id or null")
    return value


# --------------------------------------------------------------------------- the shared table


def players_line(game: SetupGame) -> str:
    """``Merchants Cove, 4 players``: who the table is for (the assistant knows no names)."""
    return f"{game_name(game.game)}, {game.players} players"


def status_line(game: SetupGame) -> str:
    """``3 of 11 steps done · Apprentices, Faction Festival and Paladins``."""
    progress = game.progress()
    line = f"{progress.done} of {progress.total} steps done"
    if game.has_modules:
        names = [_module_name(m) for m in _ordered(game.modules)]
        if not names:
            line += " · the base game alone"
        elif len(names) <= 3:
            line += " · " + join_words(names)
        else:
            line += f" · {', '.join(names[:3])} and {len(names) - 3} more"
    return line


def differences(then: SetupGame, now: SetupGame) -> list[str]:
    """What changed from ``then`` to ``now``, in words, the choice first, then the ticks."""
    said: list[str] = []
    if then.game != now.game:
        said.append(f"the game became {game_name(now.game)}")
    if then.players != now.players:
        said.append(f"the player count went from {then.players} to {now.players}")
    added = _ordered(now.modules - then.modules)
    removed = _ordered(then.modules - now.modules)
    if added:
        said.append(f"{join_words(_module_label(m) for m in added)} added")
    if removed:
        said.append(f"{join_words(_module_label(m) for m in removed)} taken out")
    for kind in PICKED_KINDS:
        before, after = then.picked(kind), now.picked(kind)
        if before != after:
            what = "Paladin card" if kind == "paladin" else "Rogue card"
            said.append(
                f"the {what} became {_card(after).name}" if after else f"the {what} was unchosen"
            )
    if then.beasts != now.beasts:
        said.append("the Beasts deck changed")
    if (then.pinned, then.banned) != (now.pinned, now.banned):
        said.append("the Always and Never marks changed")
    if then.size != now.size:
        said.append(f"Surprise me now draws {_size_words(now.size)}")
    if then.seed != now.seed and then.modules == now.modules:
        said.append(f"the seed became {now.seed}")
    if then.rules != now.rules:
        said.append("the house rules changed")
    ticked_then, ticked_now = then.ticked, now.ticked
    done = [s for s in ticked_now if ticked_then.get(s) != ticked_now[s]]
    undone = [s for s in ticked_then if s not in ticked_now and now.step(s) is not None]
    for ids, verb in ((done, "marked done"), (undone, "marked not done")):
        if not ids:
            continue
        names = [_numbered(now, s) for s in ids]
        names.sort(key=lambda pair: pair[0])
        if len(names) == 1:
            said.append(f"{names[0][1]} was {verb}")
        else:
            numbers = join_words(str(n) for n, _ in names)
            said.append(f"steps {numbers} were {verb}")
    return said


def _numbered(game: SetupGame, step_id: str) -> tuple[int, str]:
    return (game.step_number(step_id) or 0, game.step_name(step_id))


def table_changed(then: SetupGame, now: SetupGame) -> str:
    """Why a phone's action was refused: what changed since its screen showed the table."""
    said = differences(then, now)
    if not said:
        return "The table changed meanwhile; this screen is up to date now"
    shown = said[:3] + ([f"{len(said) - 3} more changes"] if len(said) > 3 else [])
    return "Changed meanwhile: " + "; ".join(shown)


TABLE_RULES: Final[TableRules[SetupGame, SetupAction]] = TableRules(
    tool=TOOL,
    read_start=SetupGame.from_dict,
    read_action=read_action,
    players=lambda game: (players_line(game),),
    status=status_line,
    error=SetupError,
    reads=lambda game, action: action.reads(game),
    changed=table_changed,
    with_rules=lambda game, ids: game.with_rules(ids),
)


__all__ = [
    "COVE",
    "MAX_SEED_DIGITS",
    "TABLE_RULES",
    "TOOL",
    "Draw",
    "Progress",
    "Record",
    "SeedError",
    "SetupGame",
    "check_seed",
    "differences",
    "digest",
    "game_name",
    "parse_seed",
    "players_line",
    "setup_house_rules",
    "status_line",
    "table_changed",
]
